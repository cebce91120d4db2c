//! The exact check that a bipartite monoid and a heap map predict the misère
//! outcome of **every** sum of heaps (not only the sums tried).
//!
//! Let Φ map each heap h to an element of a finite bipartite monoid (Q, P),
//! extended to sums multiplicatively, and let O(h) = {Φ(h′) : h′ an option of h}.
//! Φ predicts every misère outcome exactly when, for every sum G,
//!
//! > Φ(G) ∈ P  ⇔  G has a move, and no option G′ of G has Φ(G′) ∈ P
//!
//! (induction on G: a misère P-position is one with a move whose options are all
//! N-positions; the empty sum, where the player to move wins, must map outside
//! P). The options of G + h are (the options of G) + h and G + (the options of
//! h), so the set of option images of G + h follows from Φ(G), the set of option
//! images of G, Φ(h) and O(h). The condition at G therefore depends only on the
//! *state* (Φ(G), {Φ(G′)}), and the states reachable from the empty sum by
//! adding heaps are finitely many; [`check`] walks all of them and tests the
//! condition at each. This is the decision procedure behind every partial
//! quotient sprague reports: together with reducedness and surjectivity it
//! proves that (Q, P) *is* the misère quotient of the heaps considered
//! (Plambeck–Siegel 2008, §3–4: a surjective map onto a reduced bipartite
//! monoid that predicts outcomes is the quotient map).
//!
//! Heaps without moves are the zero game (image 1) and are left out.

use std::collections::{HashMap, VecDeque};

use thiserror::Error;

use crate::monoid::{BipartiteMonoid, Element};

/// A heap type: its image and the images of its options.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HeapType {
    /// Φ(h).
    pub image: Element,
    /// {Φ(h′)}: the images of the options (sorted, no repeats; not empty).
    pub options: Vec<Element>,
}

/// Why a check failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    /// Some sum's outcome is not the one its image predicts.
    #[error("the map predicts the wrong outcome for the sum of heap types {types:?}")]
    Mismatch {
        /// The heap types (indices into the list given) of a sum that fails.
        types: Vec<usize>,
    },
    /// More states than the limit.
    #[error("the exact check of the quotient needs more than {limit} states")]
    TooManyStates {
        /// The limit.
        limit: usize,
    },
}

/// Checks that `q` and the heap `types` predict every misère outcome; returns the
/// number of states walked.
///
/// ```
/// use sprague_misere::{verify::{check, HeapType}, BipartiteMonoid};
/// // Misère Nim with heaps of size 1 only: Q = {1, a | a² = 1}, P = {a}.
/// let q = BipartiteMonoid::new(vec![0, 1, 1, 0], vec![false, true]).unwrap();
/// let one = HeapType { image: 1, options: vec![0] };
/// assert!(check(&q, &[one.clone()], 1000).is_ok());
/// // Saying a single token is an N-position (P = {1}) is refuted.
/// let wrong = BipartiteMonoid::new(vec![0, 1, 1, 0], vec![true, false]).unwrap();
/// assert!(check(&wrong, &[one], 1000).is_err());
/// ```
///
/// # Errors
/// [`CheckError::Mismatch`] with a failing sum, or [`CheckError::TooManyStates`].
pub fn check(q: &BipartiteMonoid, types: &[HeapType], limit: usize) -> Result<usize, CheckError> {
    Automaton::walk(q, types, limit, true).map(|automaton| automaton.len())
}

/// The states reachable from the empty sum, with their transitions (one per
/// heap type) and the outcome the mex rule gives each from its options' images.
#[derive(Debug, Clone)]
pub struct Automaton {
    types: usize,
    /// Φ(G) of each state.
    images: Vec<Element>,
    /// transitions[s · types + t]: the state after adding a heap of type t.
    transitions: Vec<u32>,
    /// Whether the mex rule makes the state a P-position.
    rule_p: Vec<bool>,
    parent: Vec<(u32, u32)>,
}

impl Automaton {
    /// Walks every state reachable from the empty sum.
    ///
    /// # Errors
    /// [`CheckError::TooManyStates`] past `limit` states.
    pub fn build(
        q: &BipartiteMonoid,
        types: &[HeapType],
        limit: usize,
    ) -> Result<Self, CheckError> {
        Self::walk(q, types, limit, false)
    }

    /// Walks the states, stopping at the first whose image's membership in P
    /// disagrees with the mex rule when `stop_at_mismatch`.
    fn walk(
        q: &BipartiteMonoid,
        types: &[HeapType],
        limit: usize,
        stop_at_mismatch: bool,
    ) -> Result<Self, CheckError> {
        let words = q.order().div_ceil(64);
        // State encoding: [Φ(G), then the bit set of option images in `words` words].
        let empty: Vec<u64> = vec![0; words + 1];
        let mut index: HashMap<Vec<u64>, u32> = HashMap::from([(empty.clone(), 0)]);
        let mut automaton = Self {
            types: types.len(),
            images: vec![0],
            transitions: Vec::new(),
            rule_p: vec![false],
            parent: vec![(u32::MAX, u32::MAX)],
        };
        if stop_at_mismatch && q.is_p(0) {
            // The empty sum is won by the player to move.
            return Err(CheckError::Mismatch { types: vec![] });
        }
        let mut queue = VecDeque::from([empty]);
        let mut next = vec![0u64; words + 1];
        while let Some(state) = queue.pop_front() {
            let here = index[&state];
            let x = state[0] as Element;
            for (t, heap) in types.iter().enumerate() {
                // Options of G + h: (options of G) + h, and G + (options of h).
                next.iter_mut().for_each(|w| *w = 0);
                next[0] = u64::from(q.mul(x, heap.image));
                for (w, &bits) in state[1..].iter().enumerate() {
                    let mut bits = bits;
                    while bits != 0 {
                        let z = (w * 64 + bits.trailing_zeros() as usize) as Element;
                        bits &= bits - 1;
                        let y = q.mul(z, heap.image) as usize;
                        next[1 + y / 64] |= 1 << (y % 64);
                    }
                }
                for &o in &heap.options {
                    let y = q.mul(x, o) as usize;
                    next[1 + y / 64] |= 1 << (y % 64);
                }
                let id = match index.get(&next) {
                    Some(&id) => id,
                    None => {
                        if index.len() >= limit {
                            return Err(CheckError::TooManyStates { limit });
                        }
                        let id = index.len() as u32;
                        index.insert(next.clone(), id);
                        automaton.images.push(next[0] as Element);
                        let p = rule_p(q, &next);
                        automaton.rule_p.push(p);
                        automaton.parent.push((here, t as u32));
                        if stop_at_mismatch && p != q.is_p(next[0] as Element) {
                            return Err(CheckError::Mismatch {
                                types: automaton.word(id as usize),
                            });
                        }
                        queue.push_back(next.clone());
                        id
                    }
                };
                automaton.transitions.push(id);
            }
        }
        Ok(automaton)
    }

    /// The same walk, stopping at the first state where the image's membership
    /// in P disagrees with the mex rule.
    ///
    /// # Errors
    /// [`CheckError::Mismatch`] there, [`CheckError::TooManyStates`] past `limit`.
    pub fn build_checked(
        q: &BipartiteMonoid,
        types: &[HeapType],
        limit: usize,
    ) -> Result<Self, CheckError> {
        Self::walk(q, types, limit, true)
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.images.len()
    }

    /// Whether there are no states (never: the empty sum is one).
    pub fn is_empty(&self) -> bool {
        self.images.is_empty()
    }

    /// A state whose image's membership in P disagrees with the mex rule.
    pub fn first_mismatch(&self, q: &BipartiteMonoid) -> Option<usize> {
        (0..self.len()).find(|&s| q.is_p(self.images[s]) != self.rule_p[s])
    }

    /// Φ(G) of state `state`.
    pub fn image(&self, state: usize) -> Element {
        self.images[state]
    }

    /// The heap types added on the way from the empty sum to `state`.
    pub fn word(&self, mut state: usize) -> Vec<usize> {
        let mut types = Vec::new();
        while self.parent[state].0 != u32::MAX {
            types.push(self.parent[state].1 as usize);
            state = self.parent[state].0 as usize;
        }
        types.reverse();
        types
    }

    /// The minimal automaton of the mex-rule outcomes (Moore's partition
    /// refinement), read as a bipartite monoid: the sums that no sum tells
    /// apart *by the mex rule over these images* are identified. Returns the
    /// monoid, the image of each heap type and, for each element, a word (heap
    /// types) reaching it. Outcomes of sums are commutative, so the minimal
    /// automaton is the syntactic monoid of the predicted P-positions.
    pub fn minimize(&self) -> Option<(BipartiteMonoid, Vec<Element>, Vec<Vec<usize>>)> {
        let n = self.len();
        let t = self.types;
        let mut class: Vec<u32> = self.rule_p.iter().map(|&p| u32::from(p)).collect();
        let mut count = 0;
        loop {
            let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
            // The empty sum first, so that it keeps class 0.
            let next: Vec<u32> = (0..n)
                .map(|s| {
                    let mut key = Vec::with_capacity(t + 1);
                    key.push(class[s]);
                    key.extend(
                        self.transitions[s * t..(s + 1) * t]
                            .iter()
                            .map(|&d| class[d as usize]),
                    );
                    let fresh = ids.len() as u32;
                    *ids.entry(key).or_insert(fresh)
                })
                .collect();
            let new_count = ids.len();
            class = next;
            if new_count == count {
                break;
            }
            count = new_count;
        }
        let mut representative = vec![usize::MAX; count];
        for s in 0..n {
            if representative[class[s] as usize] == usize::MAX {
                representative[class[s] as usize] = s;
            }
        }
        let words: Vec<Vec<usize>> = representative.iter().map(|&s| self.word(s)).collect();
        let mut table = vec![0; count * count];
        for a in 0..count {
            for (b, word) in words.iter().enumerate() {
                let end = word.iter().fold(representative[a], |s, &ty| {
                    self.transitions[s * t + ty] as usize
                });
                table[a * count + b] = class[end];
            }
        }
        let p = representative.iter().map(|&s| self.rule_p[s]).collect();
        let type_images = (0..t)
            .map(|ty| class[self.transitions[ty] as usize])
            .collect();
        let monoid = BipartiteMonoid::new(table, p)?;
        Some((monoid, type_images, words))
    }
}

/// The mex rule at a non-empty state: P exactly when no option's image is in P.
fn rule_p(q: &BipartiteMonoid, state: &[u64]) -> bool {
    !state[1..].iter().enumerate().any(|(w, &bits)| {
        let mut bits = bits;
        while bits != 0 {
            let z = (w * 64 + bits.trailing_zeros() as usize) as Element;
            bits &= bits - 1;
            if q.is_p(z) {
                return true;
            }
        }
        false
    })
}
