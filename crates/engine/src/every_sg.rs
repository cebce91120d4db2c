//! Remoteness and Every-SG play.
//!
//! **Remoteness** (C. A. B. Smith, "Graphs and composite games", *J. Combin.
//! Theory* 1 (1966); Steinhaus's "win quickly, lose slowly"): the number of
//! moves a game lasts when the winner hurries and the loser stalls. A
//! terminal position has remoteness 0; a position with an option of even
//! remoteness has remoteness 1 + the least such (the winner moves to the
//! quickest P-position); otherwise it is 1 + the largest remoteness of its
//! options (the loser takes the longest way). A position is a P-position
//! exactly when its remoteness is even. [`Remoteness`] computes it for any
//! acyclic [`Game`] (the whole position, not split into components), with an
//! explicit stack, so it can serve other solvers (win/lose/tie searches).
//!
//! **Suspense** (*Winning Ways*, ch. 9, "Slow Joe and Fast Fanny"): the same
//! with the roles reversed — the winner stalls and the loser hurries. A
//! terminal position has suspense 0; a position with an option of even
//! suspense has suspense 1 + the *largest* such; otherwise 1 + the *least*
//! suspense of its options. It is also even exactly at P-positions.
//!
//! **Every-SG** (the continued conjunctive compound of *Winning Ways*, ch. 9;
//! the tutorials' Every-SG game): a sum in which each turn the player must
//! move in *every* component that can still move; the player who cannot move
//! loses. The game lasts as long as its longest component, so the winner of a
//! component wants it to last and the loser wants it over: the first player
//! wins exactly when the largest **suspense** number among the components is
//! odd ([`every_sg_outcome`]). The winning strategy moves to suspense s − 1 in
//! every component of suspense s. (The tutorials and CATALOGUE.md describe
//! the step count as "winners finish fast, losers stall", which is
//! remoteness; search of the product game refutes that rule — e.g. heaps
//! 2 and 3 of the subtraction game {1, 3, 4} — and confirms the suspense rule,
//! see `crates/games/tests/heap_games.rs`.)

use std::collections::HashMap;

use thiserror::Error;

use crate::game::Game;
use crate::grundy::CycleError;
use crate::outcome::Outcome;

/// Remoteness could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RemotenessError {
    /// The game has a cycle; remoteness is undefined on it.
    #[error(transparent)]
    Cycle(#[from] CycleError),
    /// The search met more positions than allowed.
    #[error("the remoteness search met more than {limit} positions; give a smaller position")]
    TooLarge {
        /// The most positions allowed.
        limit: usize,
    },
}

/// Memoised remoteness of the positions of a game.
///
/// ```
/// use sprague_engine::{every_sg::Remoteness, Game};
/// /// Take 1 or 2 from a counter.
/// struct OneOrTwo;
/// impl Game for OneOrTwo {
///     type Position = u64;
///     fn options(&self, n: &u64) -> Vec<u64> { (1..=2).filter(|t| t <= n).map(|t| n - t).collect() }
/// }
/// let mut remoteness = Remoteness::new(OneOrTwo);
/// // 3 is a P-position: the loser stalls (3 → 2 → 0 or 3 → 1 → 0), two moves.
/// assert_eq!(remoteness.remoteness(&3), Ok(2));
/// // 7: move to 6 (remoteness 4), so 5.
/// assert_eq!(remoteness.remoteness(&7), Ok(5));
/// ```
#[derive(Debug)]
pub struct Remoteness<G: Game> {
    game: G,
    values: HashMap<G::Position, u64>,
    limit: usize,
    rule: Rule,
}

/// Which count a [`Remoteness`] solver computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Remoteness: win quickly, lose slowly ([`remoteness_from`]).
    Remoteness,
    /// Suspense: win slowly, lose quickly ([`suspense_from`]).
    Suspense,
}

/// The default most positions a remoteness search keeps.
pub const DEFAULT_LIMIT: usize = 4_000_000;

impl<G: Game> Remoteness<G> {
    /// A remoteness solver for `game` (at most [`DEFAULT_LIMIT`] positions).
    pub fn new(game: G) -> Self {
        Self::with_limit(game, DEFAULT_LIMIT)
    }

    /// A remoteness solver that refuses to keep more than `limit` positions.
    pub fn with_limit(game: G, limit: usize) -> Self {
        Self {
            game,
            values: HashMap::new(),
            limit,
            rule: Rule::Remoteness,
        }
    }

    /// A solver of suspense numbers (win slowly, lose quickly) instead, for
    /// Every-SG sums, keeping at most `limit` positions.
    ///
    /// ```
    /// use sprague_engine::{every_sg::Remoteness, Game};
    /// struct OneOrTwo;
    /// impl Game for OneOrTwo {
    ///     type Position = u64;
    ///     fn options(&self, n: &u64) -> Vec<u64> { (1..=2).filter(|t| t <= n).map(|t| n - t).collect() }
    /// }
    /// let mut suspense = Remoteness::suspense(OneOrTwo, 1000);
    /// // 2: the winner may take 2 (suspense 1) or stall with 1 → … no: 1 is an N-position; so 1.
    /// assert_eq!(suspense.remoteness(&2), Ok(1));
    /// // 4: winning moves to 3 only (suspense 2), so 3.
    /// assert_eq!(suspense.remoteness(&4), Ok(3));
    /// ```
    pub fn suspense(game: G, limit: usize) -> Self {
        Self {
            rule: Rule::Suspense,
            ..Self::with_limit(game, limit)
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The remoteness of `position` (even: P-position, odd: N-position).
    ///
    /// # Errors
    /// [`RemotenessError::Cycle`] on a cycle, [`RemotenessError::TooLarge`]
    /// when more than the limit of positions would be kept.
    pub fn remoteness(&mut self, position: &G::Position) -> Result<u64, RemotenessError> {
        if let Some(&known) = self.values.get(position) {
            return Ok(known);
        }
        struct Frame<P> {
            position: P,
            options: Vec<P>,
            next: usize,
        }
        let mut on_stack: HashMap<G::Position, usize> = HashMap::from([(position.clone(), 0)]);
        let mut stack = vec![Frame {
            options: self.game.options(position),
            position: position.clone(),
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            while top.next < top.options.len() && self.values.contains_key(&top.options[top.next]) {
                top.next += 1;
            }
            if let Some(option) = top.options.get(top.next).cloned() {
                if let Some(&index) = on_stack.get(&option) {
                    let mut positions: Vec<String> = stack[index..]
                        .iter()
                        .map(|f| f.position.to_string())
                        .collect();
                    positions.push(option.to_string());
                    return Err(CycleError { positions }.into());
                }
                if self.values.len() + stack.len() >= self.limit {
                    return Err(RemotenessError::TooLarge { limit: self.limit });
                }
                on_stack.insert(option.clone(), stack.len());
                stack.push(Frame {
                    options: self.game.options(&option),
                    position: option,
                    next: 0,
                });
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            let counts = frame.options.iter().map(|o| self.values[o]);
            let value = match self.rule {
                Rule::Remoteness => remoteness_from(counts),
                Rule::Suspense => suspense_from(counts),
            };
            on_stack.remove(&frame.position);
            self.values.insert(frame.position, value);
        }
        Ok(self.values[position])
    }
}

/// Remoteness of a position from its options' remoteness (Smith's rule).
///
/// ```
/// use sprague_engine::every_sg::remoteness_from;
/// assert_eq!(remoteness_from([]), 0);
/// assert_eq!(remoteness_from([1, 2, 4]), 3); // quickest win: to 2
/// assert_eq!(remoteness_from([1, 5, 3]), 6); // no win: stall via 5
/// ```
pub fn remoteness_from(options: impl IntoIterator<Item = u64>) -> u64 {
    let mut quickest_win: Option<u64> = None;
    let mut longest: Option<u64> = None;
    for value in options {
        if value % 2 == 0 {
            quickest_win = Some(quickest_win.map_or(value, |q| q.min(value)));
        }
        longest = Some(longest.map_or(value, |l| l.max(value)));
    }
    match (quickest_win, longest) {
        (Some(win), _) => win + 1,
        (None, Some(longest)) => longest + 1,
        (None, None) => 0,
    }
}

/// Suspense of a position from its options' suspense numbers.
///
/// ```
/// use sprague_engine::every_sg::suspense_from;
/// assert_eq!(suspense_from([]), 0);
/// assert_eq!(suspense_from([0, 2, 5]), 3); // slowest win: to 2
/// assert_eq!(suspense_from([1, 5, 3]), 2); // no win: hurry via 1
/// ```
pub fn suspense_from(options: impl IntoIterator<Item = u64>) -> u64 {
    let mut slowest_win: Option<u64> = None;
    let mut shortest: Option<u64> = None;
    for value in options {
        if value % 2 == 0 {
            slowest_win = Some(slowest_win.map_or(value, |s| s.max(value)));
        }
        shortest = Some(shortest.map_or(value, |s| s.min(value)));
    }
    match (slowest_win, shortest) {
        (Some(win), _) => win + 1,
        (None, Some(shortest)) => shortest + 1,
        (None, None) => 0,
    }
}

/// The outcome of an Every-SG sum whose components have suspense numbers
/// `suspense`: N exactly when the largest is odd.
///
/// ```
/// use sprague_engine::{every_sg::every_sg_outcome, Outcome};
/// assert_eq!(every_sg_outcome(&[2, 3, 0]), Outcome::N);
/// assert_eq!(every_sg_outcome(&[4, 3]), Outcome::P);
/// ```
pub fn every_sg_outcome(suspense: &[u64]) -> Outcome {
    if suspense.iter().max().copied().unwrap_or(0) % 2 == 1 {
        Outcome::N
    } else {
        Outcome::P
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter that may go down by 1 or, from 5, jump back to 7 (a cycle).
    struct Loopy;
    impl Game for Loopy {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            let mut options: Vec<u64> = n.checked_sub(1).into_iter().collect();
            if *n == 5 {
                options.push(7);
            }
            options
        }
    }

    #[test]
    fn cycles_are_errors_not_hangs() {
        let error = Remoteness::new(Loopy).remoteness(&9).unwrap_err();
        assert!(matches!(error, RemotenessError::Cycle(_)));
    }

    #[test]
    fn the_position_limit_is_enforced() {
        struct Chain;
        impl Game for Chain {
            type Position = u64;
            fn options(&self, n: &u64) -> Vec<u64> {
                n.checked_sub(1).into_iter().collect()
            }
        }
        let mut small = Remoteness::with_limit(Chain, 100);
        assert_eq!(small.remoteness(&50), Ok(50));
        assert_eq!(
            small.remoteness(&500),
            Err(RemotenessError::TooLarge { limit: 100 })
        );
        // Deep chains do not overflow the call stack.
        assert_eq!(Remoteness::new(Chain).remoteness(&100_000), Ok(100_000));
    }
}
