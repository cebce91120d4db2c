//! A one-heap family given by an explicit table of options, heap by heap.
//!
//! A take-and-break game is determined by the set of options of each single heap
//! (*Winning Ways*, ch. 4): a position is a sum of heaps, and a move changes one heap
//! into a sum of smaller heaps. When the rule is known only as a function (a user's
//! Python `options(n)`, say), that function is asked once per heap and its answers are
//! kept here; the engine's sweep ([`crate::sweep()`]), period search and misère
//! quotient then run on the table as on any [`HeapFamily`], without calling back.
//!
//! Options are stored canonically (parts sorted, empty heaps dropped, each option
//! once), since a heap's value depends only on the set of its options:
//! g(n) = mex{ g(a) ⊕ g(b) ⊕ … : n → a + b + … } (Sprague 1935, Grundy 1939).
//! The table is packed: each option is its number of parts followed by the parts,
//! as `u32`, so an option splitting a heap in two costs 12 bytes; every growth is
//! checked against the memory available first ([`crate::check_allocation`]).

use std::collections::BTreeSet;

use thiserror::Error;

use crate::heap_family::HeapFamily;
use crate::memory::{check_allocation, MemoryError};

/// The most options one heap of a table may have (4,194,304): a move that splits a heap
/// into three has about n²/12 options, so this is a heap of about 7,000 of such a game.
pub const MAX_OPTIONS_PER_HEAP: usize = 1 << 22;

/// The largest heap a table holds (the parts are kept as `u32`).
pub const MAX_TABULATED_HEAP: u64 = u32::MAX as u64;

/// Why a heap's options could not be added to a table.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    /// An option leaves a heap that is not smaller than the heap moved in.
    #[error("an option of heap {heap} leaves a heap of {part}; every heap an option leaves must be smaller than {heap}")]
    PartTooLarge {
        /// The heap moved in.
        heap: u64,
        /// The heap the option leaves.
        part: u64,
    },
    /// A heap with more options than the table's limit ([`MAX_OPTIONS_PER_HEAP`] unless set
    /// lower with [`TabulatedHeapFamily::with_option_limit`]).
    #[error("heap {heap} has more than {limit} options, the most one heap of a table may have")]
    TooManyOptions {
        /// The heap.
        heap: u64,
        /// The limit.
        limit: usize,
    },
    /// A heap past [`MAX_TABULATED_HEAP`].
    #[error("heap {heap} is larger than the largest heap a table holds ({MAX_TABULATED_HEAP})")]
    HeapTooLarge {
        /// The heap.
        heap: u64,
    },
    /// The table would not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
}

/// The options of heaps 0, 1, …, n − 1, listed explicitly.
///
/// A heap past the table has no options listed: callers extend the table (with
/// [`TabulatedHeapFamily::push_heap`]) to every heap they will ask about first
/// ([`TabulatedHeapFamily::covers`]).
///
/// ```
/// use sprague_engine::{sweep, TabulatedHeapFamily};
/// // Kayles: knock down one pin or two adjacent pins of a row.
/// let mut kayles = TabulatedHeapFamily::new();
/// for n in 0..=40u64 {
///     let mut options = Vec::new();
///     for take in 1..=2.min(n) {
///         for left in 0..=(n - take) / 2 {
///             options.push(vec![left, n - take - left]);
///         }
///     }
///     kayles.push_heap(&options).unwrap();
/// }
/// let values = sweep(&kayles, 40, 0).unwrap();
/// assert_eq!(&values.computed()[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// assert_eq!(kayles.option_count(5), Some(5)); // 4, 1+3, 2+2, 3, 1+2
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabulatedHeapFamily {
    /// Each option: its number of parts, then the parts.
    packed: Vec<u32>,
    /// Where heap n's options start in `packed` (one more entry than heaps).
    starts: Vec<usize>,
    /// How many options heap n has.
    counts: Vec<u32>,
    /// The most options one heap may have.
    limit: usize,
}

/// The options of one heap as listed (in any order, zeros and repeats allowed), flat: no
/// allocation per option, so one list can be filled, pushed and cleared heap after heap.
///
/// ```
/// use sprague_engine::HeapOptions;
/// let mut listed = HeapOptions::new();
/// listed.push_option(&[2, 1]);
/// listed.push_option(&[]);
/// assert_eq!(listed.len(), 2);
/// assert_eq!(listed.iter().collect::<Vec<_>>(), vec![&[2, 1][..], &[][..]]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeapOptions {
    parts: Vec<u64>,
    ends: Vec<usize>,
}

impl HeapOptions {
    /// No option yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets every option (keeping the memory).
    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
    }

    /// Room for `options` more options of `parts` parts in all (a hint; lists grow anyway).
    pub fn reserve(&mut self, options: usize, parts: usize) {
        self.ends.reserve(options);
        self.parts.reserve(parts);
    }

    /// Adds a part to the option being listed.
    pub fn push_part(&mut self, part: u64) {
        self.parts.push(part);
    }

    /// Completes the option being listed (with the parts pushed since the last one).
    pub fn end_option(&mut self) {
        self.ends.push(self.parts.len());
    }

    /// Adds an option with the parts `parts`.
    pub fn push_option(&mut self, parts: &[u64]) {
        self.parts.extend_from_slice(parts);
        self.end_option();
    }

    /// How many options are listed.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// How many parts the options listed have in all.
    pub fn parts(&self) -> usize {
        self.parts.len()
    }

    /// Whether no option is listed.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The options listed, each as its parts.
    pub fn iter(&self) -> impl Iterator<Item = &[u64]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(start, end)| &self.parts[start..end])
    }
}

impl Default for TabulatedHeapFamily {
    fn default() -> Self {
        Self::new()
    }
}

impl TabulatedHeapFamily {
    /// An empty table (no heap tabulated yet).
    pub fn new() -> Self {
        Self {
            packed: Vec::new(),
            starts: vec![0],
            counts: Vec::new(),
            limit: MAX_OPTIONS_PER_HEAP,
        }
    }

    /// The same table allowing at most `limit` options per heap (at most
    /// [`MAX_OPTIONS_PER_HEAP`]), to refuse larger heaps early.
    ///
    /// ```
    /// use sprague_engine::{TableError, TabulatedHeapFamily};
    /// let mut table = TabulatedHeapFamily::new().with_option_limit(1);
    /// table.push_heap(&[]).unwrap();
    /// table.push_heap(&[vec![]]).unwrap();
    /// let two = table.push_heap(&[vec![], vec![1]]);
    /// assert_eq!(two, Err(TableError::TooManyOptions { heap: 2, limit: 1 }));
    /// ```
    pub fn with_option_limit(mut self, limit: usize) -> Self {
        self.limit = limit.min(MAX_OPTIONS_PER_HEAP);
        self
    }

    /// How many heaps are tabulated: heaps 0..`heaps()`.
    pub fn heaps(&self) -> u64 {
        self.counts.len() as u64
    }

    /// Whether every heap up to `heap` is tabulated.
    pub fn covers(&self, heap: u64) -> bool {
        heap < self.heaps()
    }

    /// The number of distinct options of `heap`, if tabulated.
    pub fn option_count(&self, heap: u64) -> Option<u64> {
        let index = usize::try_from(heap).ok()?;
        self.counts.get(index).map(|&count| u64::from(count))
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> u128 {
        let words = self.packed.len() + self.counts.len();
        words as u128 * 4 + self.starts.len() as u128 * std::mem::size_of::<usize>() as u128
    }

    /// Adds the next heap (heap [`TabulatedHeapFamily::heaps`]) with its options, each the
    /// heaps it leaves (in any order, zeros allowed, repeats allowed: they are put in
    /// canonical form and each kept once).
    ///
    /// # Errors
    /// [`TableError::PartTooLarge`] when an option leaves a heap not smaller than this one,
    /// [`TableError::TooManyOptions`] past [`MAX_OPTIONS_PER_HEAP`] options,
    /// [`TableError::Memory`] when the table would not fit in memory; the table is then
    /// unchanged.
    ///
    /// ```
    /// use sprague_engine::{TableError, TabulatedHeapFamily};
    /// let mut table = TabulatedHeapFamily::new();
    /// table.push_heap(&[]).unwrap(); // heap 0: no move
    /// table.push_heap(&[vec![0], vec![]]).unwrap(); // heap 1: take it (twice the same option)
    /// assert_eq!(table.option_count(1), Some(1));
    /// assert_eq!(
    ///     table.push_heap(&[vec![2]]),
    ///     Err(TableError::PartTooLarge { heap: 2, part: 2 })
    /// );
    /// ```
    pub fn push_heap(&mut self, options: &[Vec<u64>]) -> Result<(), TableError> {
        let mut listed = HeapOptions::new();
        for option in options {
            listed.push_option(option);
        }
        self.push_options(&listed)
    }

    /// [`TabulatedHeapFamily::push_heap`] from options listed flat in a [`HeapOptions`]
    /// (no allocation per option: the form a caller converting another language's lists
    /// fills and reuses).
    ///
    /// # Errors
    /// As [`TabulatedHeapFamily::push_heap`]; the table is then unchanged.
    ///
    /// ```
    /// use sprague_engine::{HeapOptions, TabulatedHeapFamily};
    /// let mut table = TabulatedHeapFamily::new();
    /// let mut listed = HeapOptions::new();
    /// for n in 0..=3u64 {
    ///     listed.clear();
    ///     for left in 0..n {
    ///         listed.push_part(left); // one part,
    ///         listed.end_option(); // then the option is complete
    ///     }
    ///     table.push_options(&listed).unwrap();
    /// }
    /// assert_eq!(table.options(3), Some(vec![vec![], vec![1], vec![2]]));
    /// ```
    pub fn push_options(&mut self, options: &HeapOptions) -> Result<(), TableError> {
        let heap = self.heaps();
        if heap > MAX_TABULATED_HEAP {
            return Err(TableError::HeapTooLarge { heap });
        }
        // Each option's parts, without zeros and ascending, then the options in order, once.
        let mut flat: Vec<u32> = Vec::with_capacity(options.parts.len());
        let mut ranges: Vec<(usize, usize)> = Vec::with_capacity(options.ends.len());
        for option in options.iter() {
            let begin = flat.len();
            for &part in option {
                if part >= heap {
                    return Err(TableError::PartTooLarge { heap, part });
                }
                if part > 0 {
                    flat.push(part as u32); // part < heap ≤ u32::MAX
                }
            }
            flat[begin..].sort_unstable();
            ranges.push((begin, flat.len()));
        }
        // A stable (run-adaptive) sort: options are mostly listed in a few ascending runs.
        ranges.sort_by(|a, b| flat[a.0..a.1].cmp(&flat[b.0..b.1]));
        ranges.dedup_by(|a, b| flat[a.0..a.1] == flat[b.0..b.1]);
        if ranges.len() > self.limit {
            return Err(TableError::TooManyOptions {
                heap,
                limit: self.limit,
            });
        }
        let words: usize = ranges.iter().map(|(begin, end)| end - begin + 1).sum();
        self.reserve(words)?;
        for &(begin, end) in &ranges {
            self.packed.push((end - begin) as u32);
            self.packed.extend_from_slice(&flat[begin..end]);
        }
        self.starts.push(self.packed.len());
        self.counts.push(ranges.len() as u32);
        Ok(())
    }

    /// The options of `heap` in canonical form (parts ascending, no empty heap, each option
    /// once, options in order), or `None` past the table.
    ///
    /// ```
    /// use sprague_engine::TabulatedHeapFamily;
    /// let mut table = TabulatedHeapFamily::new();
    /// for n in 0..4u64 {
    ///     let options: Vec<Vec<u64>> = (0..n).map(|left| vec![left]).collect();
    ///     table.push_heap(&options).unwrap();
    /// }
    /// assert_eq!(table.options(3), Some(vec![vec![], vec![1], vec![2]]));
    /// assert_eq!(table.options(4), None);
    /// ```
    pub fn options(&self, heap: u64) -> Option<Vec<Vec<u64>>> {
        if !self.covers(heap) {
            return None;
        }
        let mut listed = Vec::new();
        self.for_each_option(heap, &mut |parts| listed.push(parts.to_vec()));
        Some(listed)
    }

    /// Checks memory before the packed table grows by `words`.
    fn reserve(&mut self, words: usize) -> Result<(), MemoryError> {
        let wanted = self.packed.len().saturating_add(words);
        if wanted > self.packed.capacity() {
            let grown = wanted.max(self.packed.capacity().saturating_mul(2));
            let what = format!("a table of {wanted} option words (4 bytes each)");
            check_allocation(grown as u128 * 4, &what)?;
            self.packed.reserve(grown - self.packed.len());
        }
        Ok(())
    }
}

/// The options of `heap` of any family in the canonical form of
/// [`TabulatedHeapFamily::options`], to compare two families heap by heap.
///
/// ```
/// use sprague_engine::{canonical_options, HeapFamily};
/// struct Kayles;
/// impl HeapFamily for Kayles {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for take in 1..=2.min(heap) {
///             for left in 0..=(heap - take) {
///                 visit(&[heap - take - left, left]); // each split twice, zeros kept
///             }
///         }
///     }
/// }
/// assert_eq!(canonical_options(&Kayles, 3), vec![vec![1], vec![1, 1], vec![2]]);
/// ```
pub fn canonical_options<F: HeapFamily + ?Sized>(family: &F, heap: u64) -> Vec<Vec<u64>> {
    let mut set = BTreeSet::new();
    family.for_each_option(heap, &mut |parts| {
        let mut option: Vec<u64> = parts.iter().copied().filter(|&part| part > 0).collect();
        option.sort_unstable();
        set.insert(option);
    });
    set.into_iter().collect()
}

impl HeapFamily for TabulatedHeapFamily {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        let Ok(index) = usize::try_from(heap) else {
            return;
        };
        let (Some(&start), Some(&end)) = (self.starts.get(index), self.starts.get(index + 1))
        else {
            return;
        };
        let mut parts: Vec<u64> = Vec::new();
        let mut at = start;
        while at < end {
            let count = self.packed[at] as usize;
            parts.clear();
            parts.extend(
                self.packed[at + 1..at + 1 + count]
                    .iter()
                    .map(|&part| u64::from(part)),
            );
            visit(&parts);
            at += count + 1;
        }
    }

    fn option_count_bound(&self, heap: u64) -> Option<u128> {
        self.option_count(heap).map(u128::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep;

    /// Kayles by its rule, to compare the table with.
    struct Kayles;
    impl HeapFamily for Kayles {
        fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
            for take in 1..=2.min(heap) {
                for left in 0..=(heap - take) / 2 {
                    visit(&[left, heap - take - left]);
                }
            }
        }
    }

    fn kayles_table(to: u64) -> TabulatedHeapFamily {
        let mut table = TabulatedHeapFamily::new();
        for n in 0..=to {
            table.push_heap(&canonical_options(&Kayles, n)).unwrap();
        }
        table
    }

    #[test]
    fn a_table_of_kayles_sweeps_to_the_values_of_kayles() {
        let table = kayles_table(300);
        let from_table = sweep(&table, 300, 0).unwrap();
        let from_rule = sweep(&Kayles, 300, 0).unwrap();
        assert_eq!(from_table.computed(), from_rule.computed());
        // Kayles' period 12 is seen in the values (Guy–Smith's proof needs the code).
        assert_eq!(from_table.periodicity().map(|p| p.period), Some(12));
        for n in 0..=300 {
            assert_eq!(table.options(n), Some(canonical_options(&Kayles, n)));
        }
    }

    #[test]
    fn a_bad_heap_leaves_the_table_unchanged() {
        let mut table = kayles_table(5);
        let before = table.clone();
        assert_eq!(
            table.push_heap(&[vec![1], vec![3, 6]]),
            Err(TableError::PartTooLarge { heap: 6, part: 6 })
        );
        assert_eq!(table, before);
        assert!(!table.covers(6));
        let mut visited = 0;
        table.for_each_option(6, &mut |_| visited += 1);
        assert_eq!(visited, 0);
    }

    #[test]
    fn too_many_options_are_refused() {
        let mut table = kayles_table(9).with_option_limit(5);
        // Heap 10 of Nim has 10 options, more than the limit of 5.
        let nim: Vec<Vec<u64>> = (0..10).map(|left| vec![left]).collect();
        assert_eq!(
            table.push_heap(&nim),
            Err(TableError::TooManyOptions { heap: 10, limit: 5 })
        );
        // The same option given many times is one option.
        let repeated = vec![vec![9]; 100];
        assert_eq!(table.push_heap(&repeated), Ok(()));
        assert_eq!(table.option_count(10), Some(1));
    }
}
