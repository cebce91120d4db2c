//! The minimum excludant (mex) of a set of natural numbers.
//!
//! mex(S) is the least natural number not in S; the Sprague–Grundy value of a
//! position is the mex of the values of its options (Sprague 1935, Grundy
//! 1939; see Berlekamp, Conway & Guy, *Winning Ways*, ch. 4).
//!
//! [`MexSet`] is a reusable bitset: solvers call [`MexSet::clear`], insert the
//! option values and read [`MexSet::mex`] without allocating per position.
//! Values are kept in a bitset up to a fixed width; larger values (Nim heaps of
//! 10^12 stones, say) go to a small overflow list, so every `u64` is handled
//! exactly.

/// Values below this bound are kept in the bitset; larger ones in the overflow list.
const BITSET_LIMIT: u64 = 1 << 20;

/// The mex of any collection of values.
///
/// ```
/// use sprague_nimber::mex;
/// assert_eq!(mex([0, 1, 2, 4]), 3);
/// assert_eq!(mex([2, 3, 5]), 0);
/// assert_eq!(mex([]), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut set = MexSet::new();
    for value in values {
        set.insert(value);
    }
    set.mex()
}

/// A reusable set of natural numbers that answers its mex.
///
/// ```
/// use sprague_nimber::MexSet;
/// let mut set = MexSet::new();
/// set.insert(0);
/// set.insert(1);
/// set.insert(3);
/// assert_eq!(set.mex(), 2);
/// set.clear();
/// assert_eq!(set.mex(), 0);
/// ```
#[derive(Debug, Clone, Default)]
pub struct MexSet {
    /// Bit `v` of the concatenated words is set when `v` is in the set.
    words: Vec<u64>,
    /// Number of leading words that may hold set bits (the rest are zero).
    used_words: usize,
    /// Values at or above [`BITSET_LIMIT`], unsorted.
    overflow: Vec<u64>,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Removes every value, keeping the allocation.
    pub fn clear(&mut self) {
        self.words[..self.used_words].fill(0);
        self.used_words = 0;
        self.overflow.clear();
    }

    /// Adds `value` to the set.
    #[inline]
    pub fn insert(&mut self, value: u64) {
        if value >= BITSET_LIMIT {
            self.overflow.push(value);
            return;
        }
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize((word + 1).next_power_of_two(), 0);
        }
        self.words[word] |= 1 << (value % 64);
        self.used_words = self.used_words.max(word + 1);
    }

    /// Whether `value` is in the set.
    pub fn contains(&self, value: u64) -> bool {
        if value >= BITSET_LIMIT {
            return self.overflow.contains(&value);
        }
        let word = (value / 64) as usize;
        word < self.used_words && self.words[word] & (1 << (value % 64)) != 0
    }

    /// The least natural number not in the set.
    pub fn mex(&self) -> u64 {
        for (index, &word) in self.words[..self.used_words].iter().enumerate() {
            if word != u64::MAX {
                return index as u64 * 64 + u64::from(word.trailing_ones());
            }
        }
        let candidate = self.used_words as u64 * 64;
        if candidate < BITSET_LIMIT {
            return candidate;
        }
        // Every value below the limit is present: continue through the overflow.
        let mut large = self.overflow.clone();
        large.sort_unstable();
        large.dedup();
        let mut candidate = BITSET_LIMIT;
        for value in large {
            if value != candidate {
                break;
            }
            candidate += 1;
        }
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition, by linear search.
    fn mex_by_definition(values: &[u64]) -> u64 {
        (0..)
            .find(|candidate| !values.contains(candidate))
            .unwrap_or(0)
    }

    #[test]
    fn mex_of_a_full_prefix_is_its_length() {
        assert_eq!(mex(0..1000), 1000);
        assert_eq!(mex((0..1000).rev()), 1000);
    }

    #[test]
    fn large_values_do_not_allocate_huge_bitsets_and_stay_exact() {
        assert_eq!(mex([u64::MAX, 1 << 40]), 0);
        let mut set = MexSet::new();
        for value in 0..BITSET_LIMIT {
            set.insert(value);
        }
        set.insert(BITSET_LIMIT + 1);
        assert_eq!(set.mex(), BITSET_LIMIT);
        set.insert(BITSET_LIMIT);
        assert_eq!(set.mex(), BITSET_LIMIT + 2);
        assert!(set.contains(BITSET_LIMIT + 1));
    }

    proptest! {
        #[test]
        fn mex_matches_definition(values in proptest::collection::vec(0u64..200, 0..120)) {
            prop_assert_eq!(mex(values.iter().copied()), mex_by_definition(&values));
        }

        #[test]
        fn cleared_set_is_reusable(first in proptest::collection::vec(0u64..300, 0..50),
                                   second in proptest::collection::vec(0u64..300, 0..50)) {
            let mut set = MexSet::new();
            first.iter().for_each(|&v| set.insert(v));
            set.clear();
            second.iter().for_each(|&v| set.insert(v));
            prop_assert_eq!(set.mex(), mex_by_definition(&second));
        }
    }
}
