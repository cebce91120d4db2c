//! Sums of heaps as the exact searches key them: the sizes of the heaps that have a move,
//! sorted (a heap without a move takes no part in the play, under normal or misère rules),
//! and the options of such a sum built straight from the family's `for_each_option`.
//! Shared by [`crate::heap_misere`] and [`crate::heap_remoteness`].

use std::collections::HashMap;

use crate::heap_family::HeapFamily;

/// A sum of heaps as searched: the sizes of the heaps that have a move, sorted.
pub type SumKey = Box<[u64]>;

/// The keys and options of sums of one family's heaps, with a memo of which heaps move.
pub(crate) struct HeapSums<'a> {
    family: &'a dyn HeapFamily,
    movable: HashMap<u64, bool>,
}

impl<'a> HeapSums<'a> {
    pub(crate) fn new(family: &'a dyn HeapFamily) -> Self {
        Self {
            family,
            movable: HashMap::new(),
        }
    }

    /// Whether a heap of `heap` has a move (memoised).
    pub(crate) fn has_move(&mut self, heap: u64) -> bool {
        if let Some(&known) = self.movable.get(&heap) {
            return known;
        }
        let mut any = false;
        if heap > 0 {
            self.family.for_each_option(heap, &mut |_| any = true);
        }
        self.movable.insert(heap, any);
        any
    }

    /// The key of the sum `heaps`.
    pub(crate) fn key(&mut self, heaps: &[u64]) -> SumKey {
        let mut kept: Vec<u64> = heaps
            .iter()
            .copied()
            .filter(|&h| self.has_move(h))
            .collect();
        kept.sort_unstable();
        kept.into_boxed_slice()
    }

    /// The keys of every option of the sum `key`, distinct (equal heaps moved once).
    pub(crate) fn options(&mut self, key: &[u64]) -> Vec<SumKey> {
        let mut options: Vec<SumKey> = Vec::new();
        for index in 0..key.len() {
            if index > 0 && key[index] == key[index - 1] {
                continue;
            }
            let mut all_parts: Vec<Vec<u64>> = Vec::new();
            self.family
                .for_each_option(key[index], &mut |parts| all_parts.push(parts.to_vec()));
            for parts in all_parts {
                let mut next: Vec<u64> = Vec::with_capacity(key.len() + parts.len());
                next.extend_from_slice(&key[..index]);
                next.extend_from_slice(&key[index + 1..]);
                for part in parts {
                    if self.has_move(part) {
                        next.push(part);
                    }
                }
                next.sort_unstable();
                options.push(next.into_boxed_slice());
            }
        }
        options.sort_unstable();
        options.dedup();
        options
    }

    /// Which heaps met have a move.
    pub(crate) fn into_movable(self) -> HashMap<u64, bool> {
        self.movable
    }
}
