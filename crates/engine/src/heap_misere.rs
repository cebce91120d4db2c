//! Exact misère search of sums of heaps: [`crate::misere::MisereSearch`]
//! specialised to a [`HeapFamily`], about ten times faster.
//!
//! Misère play (the player who cannot move wins) has no XOR rule, so a sum is
//! decided by searching it: a position is a win for the player to move when it
//! has no move, or a move to a position that is a loss (the misère mex rule;
//! Winning Ways ch. 13, Siegel, *Combinatorial Game Theory*, V.1). The generic
//! search keys its memo by `Vec<Heaps>` and lists options as engine positions;
//! this one keys it by the sorted heap sizes alone (one allocation a position),
//! drops heaps that have no move (they never change the outcome of a sum: a
//! terminal component is the empty game) and builds each option's key directly
//! from the family's `for_each_option`. Same answers, checked against the
//! generic search in the tests.

use std::collections::HashMap;
use std::time::Instant;

use crate::heap_family::HeapFamily;
use crate::heap_sums::{HeapSums, SumKey};
use crate::misere::MisereError;

/// The exact misère search of sums of heaps of one family, memoised across calls.
///
/// ```
/// use sprague_engine::{heap_misere::HeapMisereSearch, HeapFamily};
/// struct Kayles;
/// impl HeapFamily for Kayles {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for take in 1..=heap.min(2) {
///             for left in 0..=(heap - take) / 2 {
///                 visit(&[left, heap - take - left]);
///             }
///         }
///     }
/// }
/// let mut search = HeapMisereSearch::new(&Kayles, 1_000_000);
/// // Misère Kayles: a single pin is a loss for the player to move (they must take it).
/// assert!(!search.next_player_wins(&[1]).unwrap());
/// assert!(search.next_player_wins(&[3]).unwrap()); // take 2 from the end, leave 1
/// ```
pub struct HeapMisereSearch<'a> {
    wins: HashMap<SumKey, bool>,
    sums: HeapSums<'a>,
    limit: usize,
    deadline: Option<Instant>,
    progress: Option<&'a mut dyn FnMut(usize) -> std::ops::ControlFlow<()>>,
}

impl<'a> HeapMisereSearch<'a> {
    /// A search of sums of `family`'s heaps that keeps at most `limit` positions.
    pub fn new(family: &'a dyn HeapFamily, limit: usize) -> Self {
        Self {
            wins: HashMap::new(),
            sums: HeapSums::new(family),
            limit,
            deadline: None,
            progress: None,
        }
    }

    /// The same search, telling `progress` how many positions are decided every 65,536
    /// positions it enters (a long search's progress line); `ControlFlow::Break` stops it
    /// with [`MisereError::Stopped`] (Ctrl-C).
    pub fn with_progress(
        mut self,
        progress: &'a mut dyn FnMut(usize) -> std::ops::ControlFlow<()>,
    ) -> Self {
        self.progress = Some(progress);
        self
    }

    /// A search that starts from the positions `memo` already decided (a memo kept
    /// from an earlier search of the same family, [`HeapMisereSearch::into_memo`]).
    pub fn with_memo(mut self, memo: HashMap<SumKey, bool>) -> Self {
        self.wins = memo;
        self
    }

    /// The positions decided, to start a later search of the same family from.
    pub fn into_memo(self) -> HashMap<SumKey, bool> {
        self.wins
    }

    /// The same search, stopped with [`MisereError::OutOfTime`] at `deadline`.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// How many positions are memoised.
    pub fn explored(&self) -> usize {
        self.wins.len()
    }

    /// Whether the player to move wins the misère sum of `heaps`.
    ///
    /// # Errors
    /// [`MisereError::TooLarge`] past the position limit, [`MisereError::OutOfTime`]
    /// past the deadline.
    pub fn next_player_wins(&mut self, heaps: &[u64]) -> Result<bool, MisereError> {
        let root = self.sums.key(heaps);
        if let Some(&known) = self.wins.get(&root) {
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
            let mut result = None;
            let mut child = None;
            if top.state.is_empty() {
                result = Some(true); // no move: the player to move wins misère play
            } else {
                while top.next < top.options.len() {
                    match self.wins.get(&top.options[top.next]) {
                        Some(false) => {
                            result = Some(true);
                            break;
                        }
                        Some(true) => top.next += 1,
                        None => {
                            child = Some(top.options[top.next].clone());
                            break;
                        }
                    }
                }
                if result.is_none() && child.is_none() {
                    result = Some(false);
                }
            }
            if let Some(child) = child {
                if self.wins.len() + stack.len() >= self.limit {
                    return Err(MisereError::TooLarge { limit: self.limit });
                }
                steps += 1;
                if steps.is_multiple_of(1 << 16) {
                    if let Some(progress) = self.progress.as_mut() {
                        if progress(self.wins.len()).is_break() {
                            return Err(MisereError::Stopped {
                                explored: self.wins.len(),
                            });
                        }
                    }
                }
                if steps.is_multiple_of(256) && self.deadline.is_some_and(|d| Instant::now() > d) {
                    return Err(MisereError::OutOfTime {
                        explored: self.wins.len(),
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
            self.wins.insert(frame.state, result.unwrap_or(false));
        }
        Ok(self.wins[&root])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap_family::{HeapGame, Heaps};
    use crate::misere::MisereSearch;

    /// Dawson's Kayles (octal 0.07): remove two adjacent pins, possibly splitting the row.
    struct DawsonsKayles;
    impl HeapFamily for DawsonsKayles {
        fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
            if heap >= 2 {
                for left in 0..=(heap - 2) / 2 {
                    visit(&[left, heap - 2 - left]);
                }
            }
        }
    }

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
    fn equals_the_generic_search() {
        for family in [&DawsonsKayles as &dyn HeapFamily, &Lasker] {
            let mut fast = HeapMisereSearch::new(family, 1_000_000);
            let mut generic = MisereSearch::new(HeapGame::new(family), 1_000_000);
            for a in 0..9u64 {
                for b in 0..9u64 {
                    for c in [0u64, 3, 7] {
                        let heaps = [a, b, c];
                        let parts: Vec<Heaps> = heaps.iter().map(|&h| Heaps::single(h)).collect();
                        assert_eq!(
                            fast.next_player_wins(&heaps).unwrap(),
                            generic.next_player_wins(&parts).unwrap(),
                            "{heaps:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn limits_are_enforced() {
        let mut search = HeapMisereSearch::new(&Lasker, 50);
        assert_eq!(
            search.next_player_wins(&[20, 20, 20]),
            Err(MisereError::TooLarge { limit: 50 })
        );
        let past = Instant::now() - std::time::Duration::from_secs(1);
        let mut search = HeapMisereSearch::new(&Lasker, 1_000_000).with_deadline(past);
        assert!(matches!(
            search.next_player_wins(&[20, 20, 20]),
            Err(MisereError::OutOfTime { .. })
        ));
    }
}
