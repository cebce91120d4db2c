//! Equivalent games: value sequences equal up to a shift of heap sizes.
//!
//! When the heaps of 1 … k tokens of a take-and-break game A all have value 0,
//! A may be the same as a game B whose every heap is k tokens smaller:
//! g_A(n + k) = g_B(n) for every n ≥ 0. Dawson's Kayles (0.07) and Dawson's
//! chess (0.137) are the classic pair, with k = 1: a heap of one pin is dead in
//! 0.07, and g₀.₀₇(n + 1) = g₀.₁₃₇(n); 0.4 is the same game again with k = 2
//! (OEIS A002187; Guy & Smith 1956). k = 0 is equality of values, e.g. codes
//! that differ only in a move that never matters.
//!
//! **The canonical form.** Let z be the largest k with g(0) = g(1) = … = g(k) = 0
//! (0 if every value is 0). The sequence g(z), g(z + 1), … is the game's
//! canonical form, and two games are equivalent when their canonical forms are
//! equal; the one with the fewest zero heaps represents the group (the first in
//! the given order among equals) and each member's shift is its z minus the
//! representative's. This is the convention of the published tables
//! (*Winning Ways*, 2nd ed., ch. 4, Table 6 and its game locator; A. Flammenkamp's
//! octal tables; T. Czajka's game lookup tables: "a game in which taking a
//! 1-element heap is not allowed is considered equivalent to the game with all
//! heap sizes reduced by 1"). Only zero heaps are dropped: every eventually
//! periodic sequence agrees past its preperiod with some purely periodic one
//! (0.71 from heap 4 on is 0.3), and the tables rightly do not count that.
//!
//! [`group_by_shift`] is cheap: games are bucketed by the first [`WINDOW`]
//! values of their canonical form and compared in full only within a bucket.
//!
//! **What a grouping claims.** When both games have proven periods (n₀, p) and
//! (n₀′, p′), their shifted sequences are both periodic from
//! N₀ = max(n₀ − k, n₀′) with a common multiple M of p and p′, so agreement on
//! g(0 .. N₀ + M) proves agreement for every n: the equivalence is
//! [`Evidence::Proven`]. Otherwise (a game still unsolved within its budget) the
//! sequences agree on the values computed, and only there:
//! [`Evidence::ComputedRange`] with the number of values compared. Such a group
//! may split when more values are computed: Flammenkamp's tables send 0.161 to
//! 0.36, yet the two first differ at heap 519 (T. Czajka, *octal-games*).

use std::collections::HashMap;

use sprague_engine::Periodicity;

use crate::table::ValueTable;

/// How many leading values index a game (and must reappear in a longer game
/// at the shift for the two to be compared in full).
pub const WINDOW: usize = 32;

/// The largest product of two different periods used to prove an equivalence
/// (beyond it, the games are compared on their computed values only).
const COMMON_PERIOD_LIMIT: u64 = 1 << 24;

/// The values of one game as far as they are known: g(0..computed), and every
/// g(n) when the period is proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownValues {
    /// The stored values: all computed ones, or g(0 .. n₀ + p) when proven.
    values: ValueTable,
    /// How many values were computed.
    computed: u64,
    /// The proven period, if any.
    period: Option<Periodicity>,
}

impl KnownValues {
    /// The values `table` = g(0..len) computed for a game, with its period if it
    /// is proven (an observed period is ignored). A proven game keeps only
    /// g(0 .. n₀ + p), which decides every value.
    ///
    /// ```
    /// use sprague_engine::Periodicity;
    /// use sprague_takebreak::equivalence::KnownValues;
    /// use sprague_takebreak::ValueTable;
    /// let period = Periodicity { preperiod: 0, period: 2, proven: true, theorem: None, examined: 8 };
    /// let known = KnownValues::new(ValueTable::U8(vec![0, 1, 0, 1, 0, 1, 0, 1]), Some(period));
    /// assert_eq!((known.get(1001), known.computed()), (Some(1), 8));
    /// ```
    pub fn new(mut table: ValueTable, period: Option<Periodicity>) -> Self {
        let computed = table.len() as u64;
        let period = period.filter(|found| {
            found.proven
                && found.period > 0
                && found.preperiod.saturating_add(found.period) <= computed
        });
        if let Some(found) = period {
            if let Ok(keep) = usize::try_from(found.preperiod + found.period) {
                table.truncate(keep);
            }
        }
        Self {
            values: table,
            computed,
            period,
        }
    }

    /// g(n): stored, or from the proven period.
    pub fn get(&self, n: u64) -> Option<u32> {
        let index = match self.period {
            Some(found) => found.representative(n),
            None => n,
        };
        self.values.get(usize::try_from(index).ok()?)
    }

    /// How many values were computed.
    pub fn computed(&self) -> u64 {
        self.computed
    }

    /// The values stored: all computed ones, or g(0 .. n₀ + p) when proven.
    pub fn stored(&self) -> &ValueTable {
        &self.values
    }

    /// Known values as stored by [`KnownValues::stored`], [`KnownValues::computed`]
    /// and [`KnownValues::period`] (read back after travelling, e.g. in a
    /// survey part); `None` when they do not fit together.
    pub fn from_parts(
        values: ValueTable,
        computed: u64,
        period: Option<Periodicity>,
    ) -> Option<Self> {
        let stored = values.len() as u64;
        let fits = match period {
            Some(found) => {
                found.proven
                    && found.period > 0
                    && found.preperiod.checked_add(found.period) == Some(stored)
                    && stored <= computed
            }
            None => stored == computed,
        };
        fits.then_some(KnownValues {
            values,
            computed,
            period,
        })
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<Periodicity> {
        self.period
    }

    /// z: the largest k with g(0) = g(1) = … = g(k) = 0, the heaps too small to
    /// matter (0 for a game whose every value is 0).
    fn zero_heaps(&self) -> u64 {
        let last = match self.period {
            Some(found) => found.preperiod + found.period,
            None => self.computed,
        };
        let zeros = (1..last).take_while(|&n| self.get(n) == Some(0)).count() as u64;
        if zeros + 1 == last {
            0
        } else {
            zeros
        }
    }

    /// g(from .. from + WINDOW), if every one is known.
    fn window(&self, from: u64) -> Option<[u32; WINDOW]> {
        let mut window = [0; WINDOW];
        for (offset, slot) in (0u64..).zip(window.iter_mut()) {
            *slot = self.get(from + offset)?;
        }
        Some(window)
    }

    /// How many values from heap `from` on are known (`None`: all of them).
    fn known_from(&self, from: u64) -> Option<u64> {
        match self.period {
            Some(_) => None,
            None => Some(self.computed.saturating_sub(from)),
        }
    }
}

/// On what an equivalence rests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Evidence {
    /// Both periods are proven and the values agree over a preperiod and a
    /// common period: they agree for every heap.
    Proven,
    /// The values agree wherever both were computed; no proof beyond.
    ComputedRange,
}

impl Evidence {
    /// The words used in tables and JSON.
    pub fn word(self) -> &'static str {
        match self {
            Evidence::Proven => "proven",
            Evidence::ComputedRange => "computed range",
        }
    }
}

/// A game's place in its group: g_this(n + shift) = g_representative(n).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Equivalence {
    /// The index of the group's representative.
    pub representative: usize,
    /// k ≥ 0: this game's heap of n + k plays like the representative's heap of n.
    pub shift: u64,
    /// Proven for every heap, or observed on the computed values.
    pub evidence: Evidence,
    /// How many values of the representative were compared (n = 0 .. compared).
    pub compared: u64,
}

/// Whether g_longer(n + shift) = g_tail(n) for every n ≥ 0 (proven) or for
/// every n where both are known; `None` if they differ somewhere (or no value
/// could be compared).
///
/// ```
/// use sprague_takebreak::equivalence::{agreement, Evidence, KnownValues};
/// use sprague_takebreak::{run, Config, Control, TakeBreak};
/// let known = |code: &str| {
///     let outcome = run(&TakeBreak::octal(code).unwrap(), Config::up_to(1000), None, Control::default()).unwrap();
///     KnownValues::new(outcome.table, outcome.periodicity)
/// };
/// // Dawson's Kayles is Dawson's chess with one more token in every heap.
/// let (kayles, chess) = (known("0.07"), known("0.137"));
/// assert_eq!(agreement(&kayles, &chess, 1).map(|(evidence, _)| evidence), Some(Evidence::Proven));
/// assert_eq!(agreement(&chess, &kayles, 1), None);
/// ```
pub fn agreement(longer: &KnownValues, tail: &KnownValues, shift: u64) -> Option<(Evidence, u64)> {
    let equal_up_to = |count: u64| {
        (0..count).all(|n| match (longer.get(n + shift), tail.get(n)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        })
    };
    if let (Some(first), Some(second)) = (longer.period, tail.period) {
        let common = if first.period == second.period {
            Some(first.period)
        } else {
            first
                .period
                .checked_mul(second.period)
                .filter(|&product| product <= COMMON_PERIOD_LIMIT)
        };
        if let Some(common) = common {
            let count = first.preperiod.saturating_sub(shift).max(second.preperiod) + common;
            return equal_up_to(count).then_some((Evidence::Proven, count));
        }
    }
    let count = match (longer.known_from(shift), tail.known_from(0)) {
        (Some(a), Some(b)) => a.min(b),
        (Some(a), None) => a,
        (None, Some(b)) => b,
        (None, None) => longer.computed.saturating_sub(shift).min(tail.computed),
    };
    (count > 0 && equal_up_to(count)).then_some((Evidence::ComputedRange, count))
}

/// Groups games equivalent up to a shift of heap sizes (see the module
/// documentation): for each game, `None` if it represents its group (or is
/// alone), else its [`Equivalence`] to the representative.
///
/// ```
/// use sprague_takebreak::equivalence::{group_by_shift, KnownValues};
/// use sprague_takebreak::{run, Config, Control, TakeBreak};
/// let codes = ["0.07", "0.137", "0.4", "0.77"];
/// let games: Vec<KnownValues> = codes.iter().map(|code| {
///     let outcome = run(&TakeBreak::octal(code).unwrap(), Config::up_to(1000), None, Control::default()).unwrap();
///     KnownValues::new(outcome.table, outcome.periodicity)
/// }).collect();
/// let groups = group_by_shift(&games);
/// // Dawson's chess represents the group; 0.07 is it shifted by 1, 0.4 by 2; Kayles is alone.
/// assert_eq!(groups[1], None);
/// assert_eq!(groups[0].map(|found| (found.representative, found.shift)), Some((1, 1)));
/// assert_eq!(groups[2].map(|found| (found.representative, found.shift)), Some((1, 2)));
/// assert_eq!(groups[3], None);
/// ```
pub fn group_by_shift(games: &[KnownValues]) -> Vec<Option<Equivalence>> {
    let zeros: Vec<u64> = games.iter().map(KnownValues::zero_heaps).collect();
    // Games by their canonical start g(z .. z + WINDOW), fewest zero heaps first.
    let mut by_start: HashMap<[u32; WINDOW], Vec<usize>> = HashMap::new();
    for (index, game) in games.iter().enumerate() {
        if let Some(window) = game.window(zeros[index]) {
            by_start.entry(window).or_default().push(index);
        }
    }
    let mut groups = vec![None; games.len()];
    for candidates in by_start.values_mut() {
        candidates.sort_by_key(|&index| (zeros[index], index));
        let mut representatives: Vec<usize> = Vec::new();
        for &member in candidates.iter() {
            let joined = representatives.iter().find_map(|&representative| {
                let shift = zeros[member] - zeros[representative];
                agreement(&games[member], &games[representative], shift).map(
                    |(evidence, compared)| Equivalence {
                        representative,
                        shift,
                        evidence,
                        compared,
                    },
                )
            });
            match joined {
                Some(found) => groups[member] = Some(found),
                None => representatives.push(member),
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn periodic(values: Vec<u8>, preperiod: u64, period: u64) -> KnownValues {
        let found = Periodicity {
            preperiod,
            period,
            proven: true,
            theorem: None,
            examined: values.len() as u64,
        };
        KnownValues::new(ValueTable::U8(values), Some(found))
    }

    fn unsolved(values: Vec<u8>) -> KnownValues {
        KnownValues::new(ValueTable::U8(values), None)
    }

    #[test]
    fn proven_games_agree_for_every_heap_with_different_periods() {
        // 0,1 repeating against 0,1,0,1 repeating: periods 2 and 4, the same sequence.
        let two = periodic((0..64).map(|n| (n % 2) as u8).collect(), 0, 2);
        let four = periodic((0..64).map(|n| (n % 2) as u8).collect(), 0, 4);
        assert_eq!(agreement(&two, &four, 0), Some((Evidence::Proven, 8)));
        assert_eq!(agreement(&two, &four, 2), Some((Evidence::Proven, 8)));
        assert_eq!(agreement(&two, &four, 1), None);
    }

    #[test]
    fn unsolved_games_agree_only_on_the_common_range() {
        let long = noise(200);
        let short = unsolved(long[3..103].to_vec());
        let long = unsolved(long);
        assert_eq!(
            agreement(&long, &short, 3),
            Some((Evidence::ComputedRange, 100))
        );
        let mut different = long.values.to_vec()[3..].to_vec();
        different[150] += 1;
        let different = unsolved(different.into_iter().map(|v| v as u8).collect());
        assert_eq!(agreement(&long, &different, 3), None);
    }

    /// Values with no period in sight (a xorshift generator).
    fn noise(len: usize) -> Vec<u8> {
        let mut state: u32 = 0x9e37_79b9;
        (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                (state % 16) as u8
            })
            .collect()
    }

    #[test]
    fn games_differing_by_zero_heaps_are_grouped() {
        let tail: Vec<u8> = [0, 3].into_iter().chain(noise(300)).collect();
        let with_zeros =
            |zeros: usize| unsolved(std::iter::repeat_n(0, zeros).chain(tail.clone()).collect());
        let mut changed = with_zeros(1).values.to_vec();
        changed[250] ^= 1;
        let games = vec![
            with_zeros(2),
            unsolved(tail.clone()),
            with_zeros(3),
            // The same tail behind a non-zero heap: not the same game.
            unsolved([0, 5].into_iter().chain(tail.clone()).collect()),
            // The same start, another value at heap 250.
            unsolved(changed.into_iter().map(|value| value as u8).collect()),
            with_zeros(2),
        ];
        let groups: Vec<Option<(usize, u64)>> = group_by_shift(&games)
            .iter()
            .map(|found| found.map(|found| (found.representative, found.shift)))
            .collect();
        assert_eq!(
            groups,
            vec![Some((1, 2)), None, Some((1, 3)), None, None, Some((1, 2))]
        );
    }

    #[test]
    fn trivial_games_form_one_group() {
        let zeros = || periodic(vec![0; 8], 0, 1);
        let groups = group_by_shift(&[zeros(), zeros()]);
        assert_eq!(groups[0], None);
        assert_eq!(
            groups[1].map(|found| (found.representative, found.shift, found.evidence)),
            Some((0, 0, Evidence::Proven))
        );
    }
}
