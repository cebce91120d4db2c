//! Periodicity of Grundy sequences: finding the period and preperiod, and
//! proving them where a theorem applies.
//!
//! A sequence g(0), g(1), … is ultimately periodic with period p and preperiod
//! n₀ when g(n + p) = g(n) for every n ≥ n₀; both are taken as small as
//! possible. From finitely many values a period can only be *observed*. It is
//! *proven* when a theorem extends it to every n:
//!
//! - **Subtraction games** with a finite set S: g(n) depends only on the
//!   previous max(S) values, so one repetition of a window of max(S) values
//!   repeats forever (*Winning Ways*, ch. 4, "subtraction games are ultimately periodic").
//! - **Octal games** (Guy & Smith 1956, "The G-values of various games",
//!   Proc. Cambridge Philos. Soc. 52; *Winning Ways*, ch. 4): if the code has
//!   t digits after the point and g(n + p) = g(n) for all n with
//!   n₀ ≤ n < 2n₀ + p + t, then g(n + p) = g(n) for all n ≥ n₀.
//!
//! The search tries periods p in increasing order; for each it needs the last
//! n with g(n) ≠ g(n + p). [`find_period_naive`] scans backwards from the end
//! for each p, which goes quadratic once a period is in the data (every multiple
//! scans the whole periodic tail); [`find_period`] and the incremental
//! [`crate::period_search::PeriodSearch`] answer multiples from their root
//! and keep the roots from check to check, in linear time.

use std::fmt;

/// A theorem that turns an observed period into a proven one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PeriodicityTheorem {
    /// g(n) is determined by the previous `window` values (subtraction games:
    /// window = max(S)); one repeated window proves the period.
    SubtractionWindow {
        /// The largest number that may be subtracted.
        window: u64,
    },
    /// The Guy–Smith theorem for octal games whose code has `digits` digits after the point.
    GuySmith {
        /// t: the number of code digits after the point (the most tokens one move removes).
        digits: u64,
    },
    /// The Guy–Smith theorem generalised to take-and-break codes whose moves
    /// leave up to `parts` heaps (hexadecimal codes leave three): if
    /// g(n + p) = g(n) for n₀ ≤ n < parts·(n₀ + p) + t − p, it holds for all
    /// n ≥ n₀ (Gangolli & Plambeck 1989; see `sprague_takebreak::period`).
    GuySmithGeneral {
        /// The most heaps one move may leave.
        parts: u64,
        /// t: the most tokens one move removes.
        digits: u64,
    },
}

impl PeriodicityTheorem {
    /// How many values must be known for a period `period` with preperiod
    /// `preperiod` to be proven by this theorem.
    ///
    /// ```
    /// use sprague_engine::PeriodicityTheorem;
    /// // Kayles (octal 0.77): preperiod 71, period 12, t = 2: g(0..=167) is needed.
    /// assert_eq!(PeriodicityTheorem::GuySmith { digits: 2 }.values_needed(71, 12), 168);
    /// ```
    pub fn values_needed(self, preperiod: u64, period: u64) -> u64 {
        match self {
            // The window g(n₀ .. n₀+w) and its copy at n₀+p must both be known.
            // Saturating: a window from user input (subtraction:18446744073709551615) must
            // not overflow; no table reaches u64::MAX values.
            PeriodicityTheorem::SubtractionWindow { window } => {
                preperiod.saturating_add(period).saturating_add(window)
            }
            // g(n + p) = g(n) must be checked for n up to 2n₀ + p + t − 1. The
            // proof shortens a heap by p and needs it non-empty afterwards, so it
            // runs with max(n₀, 1) in place of n₀ (for n₀ = 0 a heap of exactly p
            // would vanish, and a move leaving one heap fewer is not always allowed).
            PeriodicityTheorem::GuySmith { digits } => preperiod
                .max(1)
                .saturating_mul(2)
                .saturating_add(period.saturating_mul(2))
                .saturating_add(digits),
            PeriodicityTheorem::GuySmithGeneral { parts, digits } => parts
                .saturating_mul(preperiod.max(1).saturating_add(period))
                .saturating_add(digits),
        }
    }

    /// The theorem's name, for explanations.
    pub fn name(self) -> String {
        match self {
            PeriodicityTheorem::SubtractionWindow { window } => {
                format!(
                    "the subtraction-game window theorem (a repeated window of {window} values)"
                )
            }
            PeriodicityTheorem::GuySmith { digits } => {
                format!("the Guy–Smith octal periodicity theorem (t = {digits})")
            }
            PeriodicityTheorem::GuySmithGeneral { parts, digits } => {
                format!(
                    "the generalised Guy–Smith theorem (moves leave up to {parts} heaps, t = {digits})"
                )
            }
        }
    }
}

/// A period found in a sequence of values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Periodicity {
    /// n₀: the first index from which the sequence repeats.
    pub preperiod: u64,
    /// p: the length of the repeating block.
    pub period: u64,
    /// Whether a theorem guarantees the period for every n (not only the data).
    pub proven: bool,
    /// The theorem used for the proof, if any.
    pub theorem: Option<PeriodicityTheorem>,
    /// How many values were examined.
    pub examined: u64,
}

impl Periodicity {
    /// The index in `0..preperiod + period` whose value equals g(n).
    ///
    /// ```
    /// use sprague_engine::Periodicity;
    /// let p = Periodicity { preperiod: 2, period: 3, proven: true, theorem: None, examined: 20 };
    /// assert_eq!(p.representative(1), 1);
    /// assert_eq!(p.representative(11), 2);
    /// ```
    pub fn representative(&self, n: u64) -> u64 {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

impl fmt::Display for Periodicity {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "g(n + {}) = g(n) for every n ≥ {} (period {}, preperiod {}), {}",
            self.period,
            self.preperiod,
            self.period,
            self.preperiod,
            match (self.proven, self.theorem) {
                (true, Some(theorem)) =>
                    format!("proven by {} from g(0..{})", theorem.name(), self.examined),
                (true, None) => "proven".to_string(),
                (false, _) => format!("observed in g(0..{}) but not proven", self.examined),
            }
        )
    }
}

/// The smallest period of `values`: proven by `theorem` if the data suffice,
/// otherwise observed (the periodic tail must hold at least two full periods
/// and an eighth of the values).
///
/// This runs the incremental search ([`crate::period_search::PeriodSearch`])
/// once; a caller that checks a growing sequence again and again should keep
/// a `PeriodSearch` instead. The answer is that of [`find_period_naive`].
///
/// ```
/// use sprague_engine::{find_period, PeriodicityTheorem};
/// // The subtraction game {1, 3, 4}: 0 1 0 1 2 3 2 repeating with period 7.
/// let values: Vec<u64> = (0..30).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
/// let found = find_period(&values, Some(PeriodicityTheorem::SubtractionWindow { window: 4 })).unwrap();
/// assert_eq!((found.preperiod, found.period, found.proven), (0, 7, true));
/// ```
pub fn find_period<T: Copy + PartialEq>(
    values: &[T],
    theorem: Option<PeriodicityTheorem>,
) -> Option<Periodicity> {
    crate::period_search::PeriodSearch::new()
        .check(values, theorem, &mut || false)
        .unwrap_or(None)
}

/// The reference search for [`find_period`]: for each period p in increasing
/// order, the preperiod by a backward scan from the end of the data (the
/// last n with g(n) ≠ g(n + p)). Quick while no period is in the data, but
/// once a period q has appeared every multiple of q scans the whole periodic
/// tail: O(L²/q) for L values. Kept for tests and benchmarks.
///
/// ```
/// use sprague_engine::periodicity::find_period_naive;
/// let mut values = vec![5, 9];
/// values.extend((0..30).map(|n| n % 3 + 1));
/// let found = find_period_naive(&values, None).unwrap();
/// assert_eq!((found.preperiod, found.period, found.proven), (2, 3, false));
/// ```
pub fn find_period_naive<T: Copy + PartialEq>(
    values: &[T],
    theorem: Option<PeriodicityTheorem>,
) -> Option<Periodicity> {
    let length = values.len();
    let mut observed = None;
    for period in 1..=length / 2 {
        let preperiod = preperiod_for(values, period);
        match consider(length, period, preperiod, theorem, &mut observed) {
            Verdict::Next => {}
            Verdict::Stop => break,
            Verdict::Proven(found) => return Some(found),
        }
    }
    observed
}

/// What a search does after looking at one period.
pub(crate) enum Verdict {
    /// Go on with the next period.
    Next,
    /// Stop: the observed period (if any) is the answer.
    Stop,
    /// This period is proven: the answer.
    Proven(Periodicity),
}

/// The rule shared by both searches: the period `period` with preperiod
/// `preperiod` on `length` values is proven if `theorem` proves it from the
/// data, recorded in `observed` (the first such) if its tail holds two periods
/// and an eighth of the values; without a theorem the first observed one ends the search.
pub(crate) fn consider(
    length: usize,
    period: usize,
    preperiod: usize,
    theorem: Option<PeriodicityTheorem>,
    observed: &mut Option<Periodicity>,
) -> Verdict {
    let tail = length - preperiod;
    if tail < 2 * period {
        return Verdict::Next;
    }
    let (period, preperiod) = (period as u64, preperiod as u64);
    if let Some(theorem) = theorem {
        if length as u64 >= theorem.values_needed(preperiod, period) {
            return Verdict::Proven(Periodicity {
                preperiod,
                period,
                proven: true,
                theorem: Some(theorem),
                examined: length as u64,
            });
        }
    }
    // An unproven period is reported only when its tail is a fair part of
    // the data (an eighth at least), not a few repeats at its very end.
    if tail >= length / OBSERVED_TAIL_FRACTION {
        observed.get_or_insert(Periodicity {
            preperiod,
            period,
            proven: false,
            theorem: None,
            examined: length as u64,
        });
        if theorem.is_none() {
            return Verdict::Stop;
        }
    }
    Verdict::Next
}

/// An observed (unproven) period must hold in at least 1/this of the data.
const OBSERVED_TAIL_FRACTION: usize = 8;

/// The least n₀ such that values[n + period] = values[n] for all n ≥ n₀ in the data.
fn preperiod_for<T: Copy + PartialEq>(values: &[T], period: usize) -> usize {
    let mut start = values.len() - period;
    while start > 0 && values[start - 1] == values[start - 1 + period] {
        start -= 1;
    }
    start
}

/// An arithmetic period of a sequence: g(n + p) = g(n) + s for every n ≥ n₀.
///
/// All-but subtraction games are arithmetic-periodic with saltus s > 0 (A. Siegel,
/// *Finite excluded subtraction sets and infinite modular Nim*, 2005); an
/// ordinary period is the case s = 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArithmeticPeriodicity {
    /// n₀: the first index from which the sequence repeats with the saltus.
    pub preperiod: u64,
    /// p: the length of the repeating block.
    pub period: u64,
    /// s: how much the values grow from one block to the next.
    pub saltus: u64,
    /// Whether a theorem guarantees it for every n (not only the data).
    pub proven: bool,
    /// The theorem that proves it, if any.
    pub theorem: Option<&'static str>,
    /// How many values were examined.
    pub examined: u64,
}

impl ArithmeticPeriodicity {
    /// g(n) from the first n₀ + p values `known`, by the arithmetic period.
    ///
    /// ```
    /// use sprague_engine::periodicity::ArithmeticPeriodicity;
    /// let a = ArithmeticPeriodicity { preperiod: 0, period: 3, saltus: 1, proven: false, theorem: None, examined: 30 };
    /// assert_eq!(a.extend(&[0, 0, 0], 10), Some(3));
    /// ```
    pub fn extend(&self, known: &[u64], n: u64) -> Option<u64> {
        if n < self.preperiod {
            return known.get(usize::try_from(n).ok()?).copied();
        }
        let offset = n - self.preperiod;
        let index = self.preperiod + offset % self.period;
        let base = *known.get(usize::try_from(index).ok()?)?;
        (offset / self.period)
            .checked_mul(self.saltus)
            .and_then(|growth| growth.checked_add(base))
    }
}

impl fmt::Display for ArithmeticPeriodicity {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "g(n + {}) = g(n) + {} for every n ≥ {} (period {}, preperiod {}, saltus {}), {}",
            self.period,
            self.saltus,
            self.preperiod,
            self.period,
            self.preperiod,
            self.saltus,
            if self.proven {
                match self.theorem {
                    Some(theorem) => format!("proven by {theorem} from g(0..{})", self.examined),
                    None => "proven".to_string(),
                }
            } else {
                format!("observed in g(0..{}) but not proven", self.examined)
            }
        )
    }
}

/// The smallest arithmetic period of `values` (g(n + p) = g(n) + s on the
/// tail), observed when the tail holds at least three full periods and at
/// least half of the values; `None`
/// if there is none. The result is not marked proven: a proof depends on
/// the game (see `sprague_games::allbut::prove_arithmetic_period`).
///
/// ```
/// use sprague_engine::periodicity::find_arithmetic_period;
/// // 5, then 0 0 1 1 2 2 3 3 …: period 2, saltus 1 from n = 1.
/// let mut values = vec![5];
/// values.extend((0..40).map(|n| n / 2));
/// let found = find_arithmetic_period(&values).unwrap();
/// assert_eq!((found.preperiod, found.period, found.saltus), (1, 2, 1));
/// ```
pub fn find_arithmetic_period(values: &[u64]) -> Option<ArithmeticPeriodicity> {
    let length = values.len();
    for period in 1..=length / 3 {
        let last = length - 1;
        let Some(saltus) = values[last].checked_sub(values[last - period]) else {
            continue;
        };
        let mut start = length - period;
        while start > 0 && values[start - 1].checked_add(saltus) == Some(values[start - 1 + period])
        {
            start -= 1;
        }
        if length - start >= 3 * period && 2 * (length - start) >= length {
            return Some(ArithmeticPeriodicity {
                preperiod: start as u64,
                period: period as u64,
                saltus,
                proven: false,
                theorem: None,
                examined: length as u64,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_period_in_an_increasing_sequence() {
        let values: Vec<u64> = (0..200).collect();
        assert_eq!(find_period(&values, None), None);
    }

    #[test]
    fn a_few_repeats_at_the_very_end_are_no_observed_period() {
        // 0 1 2 … 995, then 7 8 7 8: period 2 holds in the last four values
        // only (as 0.106 to 20,000 showed), far less than an eighth.
        let mut values: Vec<u64> = (0..996).collect();
        values.extend([7, 8, 7, 8]);
        assert_eq!(find_period(&values, None), None);
        // The same repeats over 200 of 1,196 values (more than an eighth)
        // are reported, unproven.
        values.extend((0..196).map(|n| 7 + n % 2));
        let found = find_period(&values, None).unwrap();
        assert_eq!(
            (found.preperiod, found.period, found.proven),
            (996, 2, false)
        );
    }

    #[test]
    fn preperiod_is_the_first_index_of_the_repetition() {
        // 5 9 then 1 2 3 1 2 3 1 2 3 ...
        let mut values = vec![5, 9];
        values.extend((0..30).map(|n| n % 3 + 1));
        let found = find_period(&values, None).unwrap();
        assert_eq!((found.preperiod, found.period, found.proven), (2, 3, false));
    }

    #[test]
    fn guy_smith_needs_enough_values() {
        let mut values = vec![7; 10];
        values.extend((0..100).map(|n| n % 4));
        // preperiod 10, period 4, t = 3: needs 2·10 + 2·4 + 3 = 31 values.
        let theorem = Some(PeriodicityTheorem::GuySmith { digits: 3 });
        assert!(!find_period(&values[..30], theorem).unwrap().proven);
        let proven = find_period(&values[..31], theorem).unwrap();
        assert_eq!(
            (proven.preperiod, proven.period, proven.proven),
            (10, 4, true)
        );
    }
}
