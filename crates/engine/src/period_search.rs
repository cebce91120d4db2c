//! The incremental period search: the smallest period and preperiod of a
//! growing sequence, checked again and again as values arrive, in time linear
//! in the values (the naive search, [`crate::periodicity::find_period_naive`],
//! is its reference and gives the same answers).
//!
//! **What is searched.** For data g(0..L) and a period p, the preperiod n₀(p)
//! is the least n₀ with g(n + p) = g(n) for n₀ ≤ n < L − p, and the tail is
//! L − n₀(p). A period is a candidate when its tail holds two periods, that is
//! when the data end in a square ww with |w| = p. The answer (proven by a
//! theorem, or observed) is chosen among the candidates in increasing order
//! by the same rule as the naive search (one function, `consider`, serves both).
//!
//! **Why the naive search went quadratic.** It scans backwards from the end
//! for each p. For most p the scan stops at once, but once a period q has
//! appeared every multiple kq has a tail as long as q's, so each check cost
//! about L/q · tail — minutes for octal 0.376 (q = 4, n₀ = 2,268,248).
//!
//! **Roots.** The search keeps the *roots*: candidates that are not multiples
//! of another root within its tail, with their exact preperiod. Two facts make
//! this linear:
//! 1. *A multiple inherits the root's preperiod.* If q has preperiod n₀ and
//!    tail τ on g(0..L), then kq ≤ τ has preperiod n₀ as well: g(n + kq) = g(n)
//!    for n ≥ n₀ by k steps of q, and at n₀ − 1 (where g(n₀ − 1) ≠ g(n₀ − 1 + q))
//!    g(n₀ − 1 + kq) = g(n₀ − 1 + q) since both indices lie in the tail. So
//!    every multiple within the tail is answered in O(1), with no scan.
//! 2. *Few roots at once.* A root is a square suffix ww; if w = zᵏ is a power,
//!    z² is a square suffix too, with a tail of at least 2k|z|, so |w| is a
//!    multiple of the root z within its tail: every root is primitively rooted.
//!    By the three-squares lemma (M. Crochemore and W. Rytter, "Squares, cubes,
//!    and time-space efficient string searching", *Algorithmica* 13 (1995)
//!    405–425, Lemma 10) the primitively rooted square suffixes of a word of
//!    length L number O(log L): their lengths grow at least like Fibonacci numbers.
//!
//! When values arrive, each root's preperiod is updated by scanning only the
//! new values, backwards from the end (at most L − K steps for the values
//! K..L new since the last check, O(log L) roots). The other periods are then
//! visited once each in increasing order: a period that fails at the last
//! value at once, a multiple of a root within its tail in O(1), a multiple
//! beyond it through the root's walk, and any other p by the naive backward
//! scan, which stops after r + 1 steps where r < p is the number of matching
//! values at the end (new square suffixes found so become roots). A check
//! costs O(L) plus those last scans, so checks at lengths growing
//! geometrically (the sweeps test every ×1.25) cost O(L) in all, against
//! O(L²/q) for the naive search once a period q is in the data. The scans of
//! periods that are neither roots nor their multiples have no proven bound:
//! on the octal games measured they are a few steps each (0.127 and 0.376,
//! proven, at fewer than 16 steps per value over the whole run, tested), but
//! a sequence built to have many long partial repeats at its end that are not
//! multiples of one period could make them add up to more than linear.
//!
//! A check polls a callback every [`POLL_EVERY`] steps and gives up with
//! [`Stopped`] when it says so (Ctrl-C, a survey's deadline); the search then
//! forgets its roots and starts afresh at the next check, so an interrupted
//! check never leaves a wrong preperiod behind.

use crate::periodicity::{consider, Periodicity, PeriodicityTheorem, Verdict};

/// Steps (periods visited or values compared) between two polls of the stop callback.
pub const POLL_EVERY: u64 = 1 << 16;

/// The callback asked a check to stop; nothing was concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

/// A square suffix with a primitive root and its exact preperiod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Root {
    period: usize,
    preperiod: usize,
    /// Where the walk below the preperiod stands in the current check.
    walk: Walk,
}

/// A backward walk over the values below a root's preperiod n₀, comparing
/// each g(n) with the root's periodic pattern continued backwards, P(n) =
/// g(n + jq) for any n + jq in the tail: the *disagreements* g(n) ≠ P(n). A
/// multiple p = kq beyond the tail compares g(n) with g(n + p) = P(n) wherever
/// n + p lies in the tail, so its preperiod is one past the largest
/// disagreement below L − p, found by this walk. The queries come with
/// decreasing starts (k increasing), so each value is read once per check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Walk {
    /// No disagreement lies in cursor..(the previous start), except `found`.
    cursor: usize,
    /// The largest disagreement below the previous start, if one was found.
    found: Option<usize>,
}

impl Walk {
    /// A walk that has read nothing.
    const FRESH: Walk = Walk {
        cursor: usize::MAX,
        found: None,
    };
}

/// The incremental period search over a growing sequence.
///
/// ```
/// use sprague_engine::period_search::PeriodSearch;
/// use sprague_engine::PeriodicityTheorem;
/// // 9 9 9 then 0 1 2 0 1 2 …, checked as it grows.
/// let values: Vec<u8> = (0..300u32).map(|n| if n < 3 { 9 } else { (n % 3) as u8 }).collect();
/// let theorem = Some(PeriodicityTheorem::GuySmith { digits: 2 });
/// let mut search = PeriodSearch::new();
/// let early = search.check(&values[..12], theorem, &mut || false).unwrap();
/// assert!(early.is_none() || !early.unwrap().proven);
/// let found = search.check(&values, theorem, &mut || false).unwrap().unwrap();
/// assert_eq!((found.preperiod, found.period, found.proven), (3, 3, true));
/// ```
#[derive(Debug, Clone, Default)]
pub struct PeriodSearch {
    /// The roots, exact for g(0..known).
    roots: Vec<Root>,
    /// The number of values the roots have seen.
    known: usize,
    /// Values compared and periods visited, over all checks (for tests and benchmarks).
    work: u64,
}

/// Counts steps and polls the stop callback every [`POLL_EVERY`] of them.
struct Poll<'a> {
    until_poll: u64,
    steps: u64,
    stop: &'a mut dyn FnMut() -> bool,
}

impl Poll<'_> {
    /// Counts `steps` steps; `Err` if the callback says stop.
    fn step(&mut self, steps: u64) -> Result<(), Stopped> {
        self.steps += steps;
        if steps < self.until_poll {
            self.until_poll -= steps;
            return Ok(());
        }
        self.until_poll = POLL_EVERY;
        if (self.stop)() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
}

impl PeriodSearch {
    /// A search that has seen no values.
    pub fn new() -> Self {
        Self::default()
    }

    /// Values compared and periods visited so far, over all checks: the
    /// search's cost, linear in the values on the take-and-break sequences.
    ///
    /// ```
    /// use sprague_engine::period_search::PeriodSearch;
    /// let values = vec![1u8; 1000];
    /// let mut search = PeriodSearch::new();
    /// search.check(&values, None, &mut || false).unwrap();
    /// assert!(search.work() < 3_000);
    /// ```
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The answer of [`crate::find_period`] for `values`, which must extend the
    /// values of the previous check (a shorter sequence starts the search afresh;
    /// the caller must not change values already seen). `stop` is called every
    /// [`POLL_EVERY`] steps; when it returns true the check ends with [`Stopped`].
    ///
    /// ```
    /// use sprague_engine::period_search::{PeriodSearch, Stopped};
    /// let values: Vec<u8> = (0..1_000_000u32).map(|n| (n % 4) as u8).collect();
    /// let mut search = PeriodSearch::new();
    /// assert_eq!(search.check(&values, None, &mut || true), Err(Stopped));
    /// let found = search.check(&values, None, &mut || false).unwrap().unwrap();
    /// assert_eq!((found.preperiod, found.period), (0, 4));
    /// ```
    pub fn check<T: Copy + PartialEq>(
        &mut self,
        values: &[T],
        theorem: Option<PeriodicityTheorem>,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Periodicity>, Stopped> {
        let mut poll = Poll {
            until_poll: POLL_EVERY,
            steps: 0,
            stop,
        };
        let answer = self.search(values, theorem, &mut poll);
        self.work += poll.steps;
        if answer.is_err() {
            // Roots may be half updated: start afresh next time.
            self.roots.clear();
            self.known = 0;
        }
        answer
    }

    fn search<T: Copy + PartialEq>(
        &mut self,
        values: &[T],
        theorem: Option<PeriodicityTheorem>,
        poll: &mut Poll<'_>,
    ) -> Result<Option<Periodicity>, Stopped> {
        let length = values.len();
        if length < self.known {
            self.roots.clear();
            self.known = 0;
        }
        self.update_roots(values, poll)?;
        self.known = length;
        // Keep the square suffixes only (the others are found again by scans
        // when they are squares again): every root then has two periods in its tail.
        self.roots
            .retain(|root| length - root.preperiod >= 2 * root.period);
        let mut observed = None;
        let mut answer = None;
        for root in &mut self.roots {
            root.walk = Walk::FRESH;
        }
        let Some(&last) = values.last() else {
            return Ok(None);
        };
        for period in 1..=length / 2 {
            if period % POLL_EVERY as usize == 0 {
                poll.step(POLL_EVERY)?;
            }
            // Most periods fail at the last value: their preperiod is L − p
            // and their tail p, less than two periods (the naive search's
            // first comparison too, whatever the roots say).
            if values[length - 1 - period] != last {
                continue;
            }
            let preperiod = match self.root_of(period, length) {
                Some((root, true)) => self.roots[root].preperiod,
                Some((root, false)) => self.beyond_tail(values, root, period, poll)?,
                None => {
                    let preperiod = scan_preperiod(values, period, length - period, 0, poll)?;
                    if length - preperiod >= 2 * period {
                        self.roots.push(Root {
                            period,
                            preperiod,
                            walk: Walk::FRESH,
                        });
                    }
                    preperiod
                }
            };
            match consider(length, period, preperiod, theorem, &mut observed) {
                Verdict::Next => {}
                Verdict::Stop => break,
                Verdict::Proven(found) => {
                    answer = Some(found);
                    break;
                }
            }
        }
        Ok(answer.or(observed))
    }

    /// Brings every root's preperiod up to date with the values new since
    /// the last check: the last mismatch among them, if any, scanning backwards.
    fn update_roots<T: Copy + PartialEq>(
        &mut self,
        values: &[T],
        poll: &mut Poll<'_>,
    ) -> Result<(), Stopped> {
        let (known, length) = (self.known, values.len());
        for root in &mut self.roots {
            let period = root.period;
            // The new pairs: upper indices known..length, lower ones `period` less.
            let floor = known.max(period) - period;
            let preperiod = scan_preperiod(values, period, length - period, floor, poll)?;
            if preperiod > floor {
                root.preperiod = preperiod;
            }
        }
        Ok(())
    }

    /// A root that `period` is a multiple of: (its index, true) if `period`
    /// lies within the root's tail (then it has the root's preperiod), else
    /// (the first such root, false).
    fn root_of(&self, period: usize, length: usize) -> Option<(usize, bool)> {
        let mut beyond = None;
        for (index, root) in self.roots.iter().enumerate() {
            if period.is_multiple_of(root.period) {
                if period <= length - root.preperiod {
                    return Some((index, true));
                }
                beyond.get_or_insert((index, false));
            }
        }
        beyond
    }

    /// The preperiod of `period`, a multiple of root `root` longer than its
    /// tail: one past the largest disagreement with the root's pattern among
    /// the lower indices whose partner lies in the tail ([`Walk`]), or, if
    /// they all agree, a scan on from below them.
    fn beyond_tail<T: Copy + PartialEq>(
        &mut self,
        values: &[T],
        root: usize,
        period: usize,
        poll: &mut Poll<'_>,
    ) -> Result<usize, Stopped> {
        let Root {
            period: q,
            preperiod: tail_start,
            mut walk,
        } = self.roots[root];
        let start = values.len() - period;
        // Lower indices n in floor..start have partners n + period in the tail.
        let floor = tail_start.saturating_sub(period);
        let disagreement = walk.largest_below(values, q, tail_start, start, floor, poll);
        self.roots[root].walk = walk;
        match disagreement? {
            Some(found) => Ok(found + 1),
            None => scan_preperiod(values, period, floor, 0, poll),
        }
    }
}

impl Walk {
    /// The largest disagreement n in `floor..start` (`start` no more than the
    /// previous query's) of the pattern of period `q` whose tail starts at
    /// `tail_start` (> `start`), or `None` if there is none there.
    fn largest_below<T: Copy + PartialEq>(
        &mut self,
        values: &[T],
        q: usize,
        tail_start: usize,
        start: usize,
        floor: usize,
        poll: &mut Poll<'_>,
    ) -> Result<Option<usize>, Stopped> {
        if let Some(found) = self.found {
            if found < start {
                return Ok((found >= floor).then_some(found));
            }
            // The walk stopped at `found` ≥ start: nothing below it is read.
            self.found = None;
            self.cursor = start;
        }
        self.cursor = self.cursor.min(start);
        // P(n) = g(partner): the partner moves down with n and wraps by q.
        let mut partner = self.cursor + q * (tail_start - self.cursor).div_ceil(q);
        let mut steps = 0u64;
        while self.cursor > floor {
            let n = self.cursor - 1;
            partner -= 1;
            if partner < tail_start {
                partner += q;
            }
            steps += 1;
            if values[n] != values[partner] {
                self.found = Some(n);
                poll.step(steps)?;
                return Ok(Some(n));
            }
            self.cursor = n;
            if steps == POLL_EVERY {
                poll.step(steps)?;
                steps = 0;
            }
        }
        poll.step(steps)?;
        Ok(None)
    }
}

/// The least n₀ in `floor..=start` with values[n + period] = values[n] for
/// n₀ ≤ n < `start`, scanning backwards from `start` (the naive step, polled).
/// With `start` = len − period and `floor` = 0 it is the preperiod of `period`.
fn scan_preperiod<T: Copy + PartialEq>(
    values: &[T],
    period: usize,
    start: usize,
    floor: usize,
    poll: &mut Poll<'_>,
) -> Result<usize, Stopped> {
    let mut start = start;
    loop {
        // Compare in chunks, polling between them.
        let chunk = (start - floor).min(POLL_EVERY as usize);
        let low = start - chunk;
        let matching = values[low..start]
            .iter()
            .rev()
            .zip(values[low + period..start + period].iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        poll.step(matching as u64 + 1)?;
        start -= matching;
        if matching < chunk || start == floor {
            return Ok(start);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::periodicity::find_period_naive;
    use proptest::prelude::*;

    /// The theorems the searches are compared under.
    fn theorems() -> [Option<PeriodicityTheorem>; 5] {
        [
            None,
            Some(PeriodicityTheorem::GuySmith { digits: 1 }),
            Some(PeriodicityTheorem::GuySmith { digits: 4 }),
            Some(PeriodicityTheorem::GuySmithGeneral {
                parts: 3,
                digits: 2,
            }),
            Some(PeriodicityTheorem::SubtractionWindow { window: 3 }),
        ]
    }

    /// Checks one incremental search at each of `lengths` in turn (as the
    /// sweep does while its table grows) against the naive search on the
    /// same prefix.
    fn agrees_at(
        values: &[u8],
        lengths: impl IntoIterator<Item = usize>,
        theorem: Option<PeriodicityTheorem>,
    ) -> Result<(), TestCaseError> {
        let mut search = PeriodSearch::new();
        for length in lengths {
            let prefix = &values[..length];
            prop_assert_eq!(
                search.check(prefix, theorem, &mut || false).unwrap(),
                find_period_naive(prefix, theorem),
                "length {}",
                length
            );
        }
        Ok(())
    }

    /// Sequences with structure: segments of a repeated random block (so
    /// periods appear, change and break), over a small alphabet (so that
    /// squares also appear by accident).
    fn structured() -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec((prop::collection::vec(0u8..3, 1..9), 0usize..40), 1..8).prop_map(
            |segments| {
                let mut values = Vec::new();
                for (block, repeats) in segments {
                    for _ in 0..=repeats {
                        values.extend_from_slice(&block);
                    }
                }
                values
            },
        )
    }

    /// A periodic block with sparse exceptions (as octal games before their
    /// last exception), then optionally another block: multiples of a root
    /// beyond its tail take the walk over the exceptions.
    fn sparse_exceptions() -> impl Strategy<Value = Vec<u8>> {
        (
            prop::collection::vec(0u8..3, 1..7),
            40usize..600,
            prop::collection::vec((0.0f64..1.0, 0u8..4), 0..8),
            prop::collection::vec(0u8..3, 0..5),
            0usize..60,
        )
            .prop_map(|(block, length, exceptions, after, repeats)| {
                let mut values: Vec<u8> = (0..length).map(|n| block[n % block.len()]).collect();
                for (at, value) in exceptions {
                    values[(at * length as f64) as usize] = value;
                }
                if !after.is_empty() {
                    for n in 0..repeats * after.len() {
                        values.push(after[n % after.len()]);
                    }
                }
                values
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Almost periodic sequences, checked at many lengths, every theorem.
        #[test]
        fn incremental_equals_naive_with_sparse_exceptions(
            values in sparse_exceptions(),
            step in 1usize..40,
            which in 0usize..5,
        ) {
            let lengths = (0..=values.len()).step_by(step).chain([values.len()]);
            agrees_at(&values, lengths, theorems()[which])?;
        }

        /// Checked again and again as it grows, the incremental search
        /// answers as the naive search does on every prefix checked.
        #[test]
        fn incremental_equals_naive(
            values in structured(),
            cuts in prop::collection::vec(0.0f64..1.0, 1..12),
            which in 0usize..5,
        ) {
            let theorem = theorems()[which];
            let mut lengths: Vec<usize> =
                cuts.iter().map(|cut| (cut * values.len() as f64) as usize).collect();
            lengths.push(values.len());
            lengths.sort_unstable();
            agrees_at(&values, lengths, theorem)?;
        }

        /// Uniformly random values too (few squares, short runs).
        #[test]
        fn incremental_equals_naive_on_random_values(
            values in prop::collection::vec(0u8..4, 0..400),
            step in 1usize..50,
        ) {
            let theorem = Some(PeriodicityTheorem::GuySmith { digits: 2 });
            agrees_at(&values, (0..=values.len()).step_by(step), theorem)?;
        }

        /// A shorter sequence (a truncated table) starts the search afresh.
        #[test]
        fn a_shorter_sequence_starts_afresh(values in structured(), cut in 0.0f64..1.0) {
            let mut search = PeriodSearch::new();
            search.check(&values, None, &mut || false).unwrap();
            let prefix = &values[..(cut * values.len() as f64) as usize];
            prop_assert_eq!(
                search.check(prefix, None, &mut || false).unwrap(),
                find_period_naive(prefix, None)
            );
        }
    }

    /// A long preperiod of irregular values, then period 4 (as octal 0.376,
    /// scaled down): the values from `LinearCongruential`, then 0 1 2 3 repeated.
    fn long_preperiod_then_period_four(preperiod: usize, length: usize) -> Vec<u8> {
        let mut state = 12_345u64;
        (0..length)
            .map(|n| {
                if n < preperiod {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    (state >> 60) as u8 + 4
                } else {
                    (n % 4) as u8
                }
            })
            .collect()
    }

    /// The cost of checks every ×1.25 stays linear once the period has
    /// appeared (the naive search would compare about L²/8 values here:
    /// 2·10¹¹ at the end).
    #[test]
    fn checks_at_growing_lengths_cost_linear_work() {
        let (preperiod, length) = (300_000, 1_500_000);
        let values = long_preperiod_then_period_four(preperiod, length);
        let theorem = Some(PeriodicityTheorem::GuySmith { digits: 3 });
        let mut search = PeriodSearch::new();
        let mut checked = 64;
        let mut proven = None;
        while checked <= length {
            let found = search
                .check(&values[..checked], theorem, &mut || false)
                .unwrap();
            if let Some(found) = found.filter(|found| found.proven) {
                proven = Some((found.preperiod, found.period, checked));
                break;
            }
            checked += checked / 4;
        }
        // Proven once 2·n₀ + 2·4 + 3 values are in (at the first check after).
        let (found_preperiod, found_period, at) = proven.unwrap();
        assert_eq!((found_preperiod, found_period), (preperiod as u64, 4));
        assert!(at >= 2 * preperiod + 11);
        assert!(search.work() < 8 * at as u64, "work {}", search.work());
    }

    #[test]
    fn a_stop_ends_a_check_promptly_and_the_next_check_is_right() {
        let values = long_preperiod_then_period_four(200_000, 2_000_000);
        let mut search = PeriodSearch::new();
        let mut polls = 0;
        let started = std::time::Instant::now();
        let stopped = search.check(&values, None, &mut || {
            polls += 1;
            polls == 2
        });
        assert_eq!(stopped, Err(Stopped));
        assert_eq!(polls, 2);
        assert!(search.work() <= 4 * POLL_EVERY);
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
        let found = search.check(&values, None, &mut || false).unwrap().unwrap();
        assert_eq!((found.preperiod, found.period), (200_000, 4));
    }

    #[test]
    fn find_period_equals_the_naive_search_on_a_kayles_like_sequence() {
        // Kayles' values from 71 on repeat with period 12 (OEIS A002186);
        // an arbitrary irregular prefix of 71 values in front.
        let block = [4u8, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
        let values: Vec<u8> = (0..500)
            .map(|n| {
                if n < 71 {
                    (n * 7 % 11) as u8 + 9
                } else {
                    block[(n - 71) % 12]
                }
            })
            .collect();
        for theorem in theorems() {
            assert_eq!(
                crate::find_period(&values, theorem),
                find_period_naive(&values, theorem)
            );
        }
    }
}
