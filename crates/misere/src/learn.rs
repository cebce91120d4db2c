//! A candidate quotient for heap n from exact outcomes of small sums, used when
//! the previous quotient does not embed in the next one (an element splits:
//! in misère Kayles, heaps 5 + 5 are indistinguishable from 0 among heaps ≤ 8,
//! but heap 9 tells them apart).
//!
//! The candidate is the automaton of Myhill and Nerode read off a table of
//! exact outcomes (in the manner of Angluin's L*, D. Angluin, "Learning regular
//! sets from queries and counterexamples", *Inform. and Comput.* 75 (1987)):
//! rows are sums reached from the empty sum by adding heaps, columns are test
//! sums, and two rows are identified when every test gives the same outcome.
//! Outcomes are exact: a sum without heap n is answered by the proven quotient
//! of heaps below n, a sum with heap n by the misère mex rule over its options.
//! The candidate is then proven (or refuted) by [`crate::verify`]; nothing read
//! off the table is trusted without that proof.

use std::collections::HashMap;

use sprague_engine::HeapFamily;

use crate::monoid::{BipartiteMonoid, Element};
use crate::quotient::{MisereQuotient, QuotientError, QuotientLimits};

/// Exact outcomes by sum. A sum of at most 16 heaps, each from 1 to 255, is kept
/// as one `u128` (its sorted heaps as bytes; no heap is 0, so the length is the
/// number of nonzero bytes): about 40 to 80 bytes an entry instead of about 200.
/// Other sums are kept as vectors.
#[derive(Debug, Default)]
struct OutcomeMemo {
    packed: HashMap<u128, bool>,
    other: HashMap<Vec<u64>, bool>,
}

impl OutcomeMemo {
    /// The packed key of `sum`, if it has at most 16 heaps, each from 1 to 255.
    fn pack(sum: &[u64]) -> Option<u128> {
        if sum.len() > 16 {
            return None;
        }
        sum.iter().try_fold(0u128, |key, &h| {
            let byte = u8::try_from(h).ok().filter(|&b| b != 0)?;
            Some(key << 8 | u128::from(byte))
        })
    }

    fn get(&self, sum: &[u64]) -> Option<bool> {
        match Self::pack(sum) {
            Some(key) => self.packed.get(&key).copied(),
            None => self.other.get(sum).copied(),
        }
    }

    fn insert(&mut self, sum: &[u64], outcome: bool) {
        match Self::pack(sum) {
            Some(key) => self.packed.insert(key, outcome),
            None => self.other.insert(sum.to_vec(), outcome),
        };
    }

    fn len(&self) -> usize {
        self.packed.len() + self.other.len()
    }
}

/// Exact misère outcomes of sums of heaps ≤ n, given the proven quotient of
/// heaps < n.
struct Oracle<'a, F> {
    q: &'a MisereQuotient<F>,
    heap: u64,
    memo: OutcomeMemo,
    limit: usize,
}

impl<F: HeapFamily> Oracle<'_, F> {
    /// Whether `sum` (sorted, heaps with moves only) is a misère P-position.
    fn is_p(&mut self, sum: &[u64]) -> Result<bool, QuotientError> {
        if !sum.contains(&self.heap) {
            let image = self.q.image_of_sum(sum).unwrap_or(0);
            return Ok(self.q.monoid().is_p(image));
        }
        if let Some(known) = self.memo.get(sum) {
            return Ok(known);
        }
        if self.memo.len() >= self.limit {
            return Err(QuotientError::OutcomesTooMany {
                heap: self.heap,
                limit: self.limit,
            });
        }
        let mut distinct = sum.to_vec();
        distinct.dedup();
        let mut result = true;
        'heaps: for h in distinct {
            let mut moves: Vec<Vec<u64>> = Vec::new();
            self.q
                .family()
                .for_each_option(h, &mut |parts| moves.push(parts.to_vec()));
            for parts in moves {
                let mut next = sum.to_vec();
                let at = next.iter().position(|&v| v == h).unwrap_or(0);
                next.remove(at);
                next.extend(parts.into_iter().filter(|&p| self.q.has_moves(p)));
                next.sort_unstable();
                if self.is_p(&next)? {
                    result = false;
                    break 'heaps;
                }
            }
        }
        self.memo.insert(sum, result);
        Ok(result)
    }
}

/// The candidate (Q_n, heap map 0..=n) from the table of exact outcomes.
pub(crate) fn candidate<F: HeapFamily>(
    q: &MisereQuotient<F>,
    heap: u64,
    pool: &[Vec<u64>],
    limits: QuotientLimits,
) -> Result<(BipartiteMonoid, Vec<Element>), QuotientError> {
    let max_order = limits.max_order;
    let mut oracle = Oracle {
        q,
        heap,
        memo: OutcomeMemo::default(),
        limit: limits.max_outcomes,
    };
    let mut tests: Vec<Vec<u64>> = pool.to_vec();
    for base in pool.iter().take(pool.len() / 2) {
        let mut with_heap = base.clone();
        with_heap.push(heap);
        with_heap.sort_unstable();
        tests.push(with_heap);
    }
    // One letter per heap type of Q_{n-1} (image and option images), and heap n.
    let mut letter_of: Vec<u64> = vec![0; heap as usize + 1];
    let mut letters: Vec<u64> = Vec::new();
    for h in 1..heap {
        if !q.has_moves(h) {
            continue;
        }
        let twin = letters
            .iter()
            .copied()
            .find(|&l| q.image(l) == q.image(h) && q.option_images_of(l) == q.option_images_of(h));
        letter_of[h as usize] = twin.unwrap_or(h);
        if twin.is_none() {
            letters.push(h);
        }
    }
    letters.push(heap);
    letter_of[heap as usize] = heap;
    let signature_of = |sum: &[u64], oracle: &mut Oracle<F>| -> Result<Vec<bool>, QuotientError> {
        tests
            .iter()
            .map(|test| {
                let mut joined: Vec<u64> = sum.iter().chain(test).copied().collect();
                joined.sort_unstable();
                oracle.is_p(&joined)
            })
            .collect()
    };
    let mut classes: HashMap<Vec<bool>, Element> = HashMap::new();
    let mut reps: Vec<Vec<u64>> = vec![vec![]];
    classes.insert(signature_of(&[], &mut oracle)?, 0);
    let mut transitions: Vec<Vec<Element>> = Vec::new();
    let mut next = 0;
    while next < reps.len() {
        let mut row = Vec::with_capacity(letters.len());
        for &letter in &letters {
            let mut child = reps[next].clone();
            child.push(letter);
            child.sort_unstable();
            let signature = signature_of(&child, &mut oracle)?;
            let fresh = reps.len() as Element;
            let class = *classes.entry(signature).or_insert(fresh);
            if class == fresh {
                if reps.len() >= max_order {
                    return Err(QuotientError::TooLarge {
                        order: reps.len() + 1,
                        heap,
                        limit: max_order,
                    });
                }
                reps.push(child);
            }
            row.push(class);
        }
        transitions.push(row);
        next += 1;
    }
    let order = reps.len();
    let letter_index: HashMap<u64, usize> =
        letters.iter().enumerate().map(|(i, &h)| (h, i)).collect();
    let mut table = vec![0; order * order];
    for a in 0..order {
        for (b, rep) in reps.iter().enumerate() {
            table[a * order + b] = rep.iter().fold(a as Element, |c, h| {
                transitions[c as usize][letter_index[&letter_of[*h as usize]]]
            });
        }
    }
    let p = reps
        .iter()
        .map(|rep| oracle.is_p(rep))
        .collect::<Result<Vec<bool>, _>>()?;
    let monoid = BipartiteMonoid::new(table, p).ok_or(QuotientError::Refinement { heap })?;
    let heap_map = (0..=heap)
        .map(|h| {
            letter_index
                .get(&letter_of[h as usize])
                .map_or(0, |&i| transitions[0][i])
        })
        .collect();
    Ok((monoid, heap_map))
}

#[cfg(test)]
mod tests {
    use super::OutcomeMemo;
    use proptest::prelude::*;

    #[test]
    fn sums_that_do_not_fit_are_kept_as_vectors() {
        assert_eq!(OutcomeMemo::pack(&[]), Some(0));
        assert_eq!(OutcomeMemo::pack(&[2, 3]), Some(2 << 8 | 3));
        assert_eq!(OutcomeMemo::pack(&[0, 3]), None);
        assert_eq!(OutcomeMemo::pack(&[3, 256]), None);
        assert_eq!(OutcomeMemo::pack(&[1; 17]), None);
        let mut memo = OutcomeMemo::default();
        memo.insert(&[1; 17], true);
        memo.insert(&[5, 300], false);
        memo.insert(&[5, 30], true);
        assert_eq!(memo.get(&[1; 17]), Some(true));
        assert_eq!(memo.get(&[5, 300]), Some(false));
        assert_eq!(memo.get(&[5, 30]), Some(true));
        assert_eq!(memo.get(&[30]), None);
        assert_eq!(memo.len(), 3);
    }

    proptest! {
        /// Distinct sorted sums get distinct keys (the key is injective).
        #[test]
        fn packing_is_injective(
            mut a in proptest::collection::vec(1u64..=255, 0..=16),
            mut b in proptest::collection::vec(1u64..=255, 0..=16),
        ) {
            a.sort_unstable();
            b.sort_unstable();
            let (ka, kb) = (OutcomeMemo::pack(&a), OutcomeMemo::pack(&b));
            prop_assert!(ka.is_some() && kb.is_some());
            prop_assert_eq!(ka == kb, a == b);
        }
    }
}
