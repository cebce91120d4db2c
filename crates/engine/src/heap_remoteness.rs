//! Remoteness of sums of heaps, under normal or misère play: the search that
//! ranks a perfect player's moves (win fast, lose slowly) in heap games.
//!
//! Remoteness (C. A. B. Smith, "Graphs and composite games", *J. Combin. Theory*
//! 1 (1966); Winning Ways ch. 9): a position without a move has remoteness 0 (a
//! loss for the player to move in normal play, a win in misère play); a
//! position with a losing option is a win of remoteness 1 + the least remoteness
//! of its losing options; otherwise it is a loss of remoteness 1 + the largest
//! remoteness of its options. [`crate::every_sg::Remoteness`] computes it for any
//! acyclic game in normal play; this search keys positions by their sorted heap
//! sizes (heaps without a move left out: they take no part in the play) and
//! builds options straight from the family, which makes it fast enough for an
//! interactive reply, and handles misère play too.

use std::collections::HashMap;
use std::time::Instant;

use crate::heap_family::HeapFamily;
use crate::heap_sums::{HeapSums, SumKey};

/// The remoteness search stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeapRemotenessError {
    /// More positions than the limit.
    #[error("the search needs more than {limit} positions")]
    TooLarge {
        /// The most positions kept.
        limit: usize,
    },
    /// The deadline passed.
    #[error("the search passed its time budget after {explored} positions")]
    OutOfTime {
        /// The positions decided by then.
        explored: usize,
    },
}

/// Remoteness and outcome of every sum of heaps met, memoised.
///
/// ```
/// use sprague_engine::{heap_remoteness::HeapRemoteness, HeapFamily};
/// struct Nim;
/// impl HeapFamily for Nim {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for left in 0..heap { visit(&[left]); }
///     }
/// }
/// let mut normal = HeapRemoteness::new(&Nim, false, 1_000_000);
/// assert_eq!(normal.solve(&[2, 2]), Ok((4, false))); // 2 2 → 1 2 → 1 1 → 0 1 → 0 0
/// let mut misere = HeapRemoteness::new(&Nim, true, 1_000_000);
/// assert_eq!(misere.solve(&[1, 1]), Ok((2, true))); // 1 1 → 1 → 0: the last mover loses
/// ```
pub struct HeapRemoteness<'a> {
    misere: bool,
    solved: HashMap<SumKey, (u64, bool)>,
    sums: HeapSums<'a>,
    limit: usize,
    deadline: Option<Instant>,
}

impl<'a> HeapRemoteness<'a> {
    /// A search of `family`'s sums under misère play when `misere`, keeping at
    /// most `limit` positions.
    pub fn new(family: &'a dyn HeapFamily, misere: bool, limit: usize) -> Self {
        Self {
            misere,
            solved: HashMap::new(),
            sums: HeapSums::new(family),
            limit,
            deadline: None,
        }
    }

    /// The same search, stopped at `deadline`.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// How many positions are solved.
    pub fn explored(&self) -> usize {
        self.solved.len()
    }

    /// The key of a sum: the heaps that have a move, sorted.
    pub fn key(&mut self, heaps: &[u64]) -> SumKey {
        self.sums.key(heaps)
    }

    /// What the search solved: each sum's key ([`HeapRemoteness::key`]) with its
    /// remoteness and whether the player to move wins, and for each heap met whether
    /// it has a move (a key leaves out the heaps that have none).
    #[allow(clippy::type_complexity)]
    pub fn into_parts(self) -> (HashMap<SumKey, (u64, bool)>, HashMap<u64, bool>) {
        (self.solved, self.sums.into_movable())
    }

    /// The (remoteness, whether the player to move wins) of the sum `heaps`, once known.
    pub fn known(&mut self, heaps: &[u64]) -> Option<(u64, bool)> {
        let key = self.sums.key(heaps);
        self.solved.get(&key).copied()
    }

    /// The remoteness of the sum `heaps` and whether the player to move wins it.
    ///
    /// # Errors
    /// [`HeapRemotenessError`] past the position limit or the deadline.
    pub fn solve(&mut self, heaps: &[u64]) -> Result<(u64, bool), HeapRemotenessError> {
        let root = self.sums.key(heaps);
        if let Some(&known) = self.solved.get(&root) {
            return Ok(known);
        }
        struct Frame {
            state: SumKey,
            options: Vec<SumKey>,
            next: usize,
        }
        let options = self.sums.options(&root);
        // Positions entered, for the deadline's checks (every 256 of them).
        let mut steps: u64 = 0;
        let mut stack = vec![Frame {
            state: root.clone(),
            options,
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            // Every option solved first (remoteness needs them all).
            let mut child = None;
            while top.next < top.options.len() {
                if self.solved.contains_key(&top.options[top.next]) {
                    top.next += 1;
                } else {
                    child = Some(top.options[top.next].clone());
                    break;
                }
            }
            if let Some(child) = child {
                if self.solved.len() + stack.len() >= self.limit {
                    return Err(HeapRemotenessError::TooLarge { limit: self.limit });
                }
                steps += 1;
                if steps.is_multiple_of(256) && self.deadline.is_some_and(|d| Instant::now() > d) {
                    return Err(HeapRemotenessError::OutOfTime {
                        explored: self.solved.len(),
                    });
                }
                let options = self.sums.options(&child);
                stack.push(Frame {
                    state: child,
                    options,
                    next: 0,
                });
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            let value = if frame.options.is_empty() {
                (0, self.misere)
            } else {
                let children: Vec<(u64, bool)> =
                    frame.options.iter().map(|o| self.solved[o]).collect();
                match children.iter().filter(|c| !c.1).map(|c| c.0).min() {
                    Some(fastest) => (fastest + 1, true),
                    None => (children.iter().map(|c| c.0).max().unwrap_or(0) + 1, false),
                }
            };
            self.solved.insert(frame.state, value);
        }
        Ok(self.solved[&root])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::every_sg::Remoteness;
    use crate::heap_family::{HeapGame, Heaps};
    use crate::misere::MisereSearch;

    /// Lasker's Nim: take any number, or split a heap into two non-empty heaps.
    struct Lasker;
    impl HeapFamily for Lasker {
        fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
            for left in 0..heap {
                visit(&[left]);
            }
            for left in 1..=heap / 2 {
                visit(&[left, heap - left]);
            }
        }
    }

    #[test]
    fn normal_play_equals_the_generic_remoteness_and_misere_the_misere_search() {
        let mut normal = HeapRemoteness::new(&Lasker, false, 1_000_000);
        let mut misere = HeapRemoteness::new(&Lasker, true, 1_000_000);
        let mut generic = Remoteness::new(HeapGame::new(&Lasker));
        let mut outcome = MisereSearch::new(HeapGame::new(&Lasker), 1_000_000);
        for a in 0..7u64 {
            for b in 0..7u64 {
                let (r, wins) = normal.solve(&[a, b]).unwrap();
                let whole = Heaps::new(vec![a, b]);
                assert_eq!(generic.remoteness(&whole), Ok(r), "{a} {b}");
                assert_eq!(wins, r % 2 == 1, "{a} {b}");
                let parts = [Heaps::single(a), Heaps::single(b)];
                assert_eq!(
                    misere.solve(&[a, b]).unwrap().1,
                    outcome.next_player_wins(&parts).unwrap(),
                    "{a} {b}"
                );
            }
        }
    }
}
