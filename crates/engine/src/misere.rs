//! Misère play of sums: the player who cannot move **wins**.
//!
//! Misère play does not decompose by XOR, so sprague answers with the first
//! rule that applies:
//!
//! 1. **Anti-Nim** (Bouton 1901, *Winning Ways*, ch. 13): a sum of Nim heaps
//!    is won by the player to move exactly when either every heap has at most
//!    one token and the nim-sum is 0, or some heap has more than one token and
//!    the nim-sum is not 0 ([`anti_nim_outcome`]).
//! 2. **The anti-SG (SJ) theorem** (Jia Zhihao, 2009; the tutorials' Anti-SG
//!    game): the same rule with Sprague–Grundy values in place of heap sizes
//!    ([`anti_sg_outcome`]). It holds when no move splits a component in two
//!    and every non-terminal component position of value 0 has an option of
//!    value 1 (then "all values 0" plays like the end of the game);
//!    [`anti_sg_applies`] checks this on every component position reachable
//!    from the given ones. (Proof sketch: the non-winning positions of the rule
//!    move only to winning ones, and every winning position has a move to a
//!    non-winning one — values ≥ 2 can move to 0 or 1 by the mex rule, value
//!    1 to 0, and value 0 to 1 by the hypothesis.)
//! 3. Otherwise an **exact search** of the sum ([`MisereSearch`]), which
//!    memoises canonical positions: components split, terminal components
//!    dropped (they cannot be moved in), the rest sorted. It refuses to keep
//!    more positions than its limit.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::{Hash, Hasher};

use thiserror::Error;

use crate::game::Game;
use crate::grundy::{CycleError, GrundySolver};
use crate::outcome::Outcome;

/// Misère play could not be decided.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MisereError {
    /// A cycle in the game.
    #[error(transparent)]
    Cycle(#[from] CycleError),
    /// The exact search needed more positions than its limit.
    #[error("misère play of this sum needs an exact search of more than {limit} positions; give smaller components")]
    TooLarge {
        /// The most positions the search keeps.
        limit: usize,
    },
    /// The exact search passed its time budget ([`MisereSearch::with_deadline`]).
    #[error("misère play of this sum needs a longer exact search than its time budget ({explored} positions decided); give smaller components, or (sums of heaps) search without the budget: the command line's `analyze --exhaustive`, Python's `exhaustive=True`")]
    OutOfTime {
        /// The positions decided when the budget ran out.
        explored: usize,
    },
    /// The search's progress callback asked it to stop (Ctrl-C).
    #[error("the misère search was stopped ({explored} positions decided)")]
    Stopped {
        /// The positions decided when it stopped.
        explored: usize,
    },
}

/// Anti-Nim: the outcome of misère Nim with heaps `heaps`.
///
/// ```
/// use sprague_engine::{misere::anti_nim_outcome, Outcome};
/// assert_eq!(anti_nim_outcome(&[1, 1, 1, 2]), Outcome::N); // a heap > 1 and nim-sum 3 ≠ 0
/// assert_eq!(anti_nim_outcome(&[1, 1, 1]), Outcome::P);    // odd number of single tokens
/// assert_eq!(anti_nim_outcome(&[2, 2]), Outcome::P);
/// ```
pub fn anti_nim_outcome(heaps: &[u64]) -> Outcome {
    anti_sg_outcome(heaps)
}

/// The anti-SG rule on the components' Sprague–Grundy values: the player to
/// move wins iff (all values ≤ 1 and their XOR is 0) or (some value > 1 and
/// the XOR is not 0).
///
/// ```
/// use sprague_engine::{misere::anti_sg_outcome, Outcome};
/// assert_eq!(anti_sg_outcome(&[]), Outcome::N); // no move: the player to move has won
/// assert_eq!(anti_sg_outcome(&[1]), Outcome::P);
/// assert_eq!(anti_sg_outcome(&[3, 3]), Outcome::P);
/// ```
pub fn anti_sg_outcome(values: &[u64]) -> Outcome {
    let total = values.iter().fold(0, |t, v| t ^ v);
    let large = values.iter().any(|&v| v > 1);
    if (large && total != 0) || (!large && total == 0) {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Whether the anti-SG rule is valid for sums of `components`: no option of
/// a reachable component splits into several components, and every reachable
/// non-terminal component of value 0 has an option of value 1. `Ok(false)`
/// also when more than `limit` component positions are reachable (not checked).
///
/// # Errors
/// [`CycleError`] on a cycle.
pub fn anti_sg_applies<G: Game>(
    solver: &mut GrundySolver<G>,
    components: &[G::Position],
    limit: usize,
) -> Result<bool, CycleError> {
    let mut seen: HashSet<G::Position> = components.iter().cloned().collect();
    let mut queue: VecDeque<G::Position> = components.iter().cloned().collect();
    while let Some(position) = queue.pop_front() {
        let options = solver.game().options(&position);
        let mut option_components = Vec::with_capacity(options.len());
        for option in &options {
            let parts = solver.game().components(option);
            let moving: Vec<G::Position> = parts
                .into_iter()
                .filter(|part| !solver.game().options(part).is_empty())
                .collect();
            if moving.len() > 1 {
                return Ok(false);
            }
            option_components.push(moving);
        }
        if !options.is_empty() && solver.grundy(&position)? == 0 {
            let mut has_one = false;
            for option in &options {
                if solver.grundy(option)? == 1 {
                    has_one = true;
                    break;
                }
            }
            if !has_one {
                return Ok(false);
            }
        }
        for part in option_components.into_iter().flatten() {
            if seen.insert(part.clone()) {
                if seen.len() > limit {
                    return Ok(false);
                }
                queue.push_back(part);
            }
        }
    }
    Ok(true)
}

/// Exact misère search of sums of a game, memoised on canonical positions.
///
/// ```
/// use sprague_engine::{misere::MisereSearch, HeapFamily, HeapGame, Heaps};
/// /// Kayles: knock down one or two adjacent pins.
/// struct Kayles;
/// impl HeapFamily for Kayles {
///     fn for_each_option(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
///         for take in 1..=2.min(n) {
///             for left in 0..=(n - take) / 2 { visit(&[left, n - take - left]); }
///         }
///     }
/// }
/// let mut search = MisereSearch::new(HeapGame::new(Kayles), 100_000);
/// // Misère Kayles: a single row of 1 pin is lost by the player to move (who must take it).
/// assert_eq!(search.next_player_wins(&[Heaps::single(1)]), Ok(false));
/// assert_eq!(search.next_player_wins(&[Heaps::single(3)]), Ok(true)); // take 2, leave 1
/// assert_eq!(search.next_player_wins(&[Heaps::single(4)]), Ok(false));
/// ```
#[derive(Debug)]
pub struct MisereSearch<G: Game> {
    game: G,
    wins: HashMap<Vec<G::Position>, bool>,
    limit: usize,
    deadline: Option<std::time::Instant>,
}

impl<G: Game> MisereSearch<G> {
    /// A search of `game` that keeps at most `limit` positions.
    pub fn new(game: G, limit: usize) -> Self {
        Self {
            game,
            wins: HashMap::new(),
            limit,
            deadline: None,
        }
    }

    /// The same search, stopped with [`MisereError::OutOfTime`] at `deadline`
    /// (checked every 1,024 positions), so that an interactive answer never
    /// waits on it for long.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use sprague_engine::{misere::{MisereError, MisereSearch}, HeapFamily, HeapGame, Heaps};
    /// struct Nim;
    /// impl HeapFamily for Nim {
    ///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
    ///         for left in 0..heap { visit(&[left]); }
    ///     }
    /// }
    /// let past = Instant::now() - Duration::from_secs(1);
    /// let mut search = MisereSearch::new(HeapGame::new(Nim), 1_000_000).with_deadline(past);
    /// let heaps: Vec<Heaps> = (1..=12).map(Heaps::single).collect();
    /// assert!(matches!(search.next_player_wins(&heaps), Err(MisereError::OutOfTime { .. })));
    /// ```
    pub fn with_deadline(mut self, deadline: std::time::Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions are memoised.
    pub fn explored(&self) -> usize {
        self.wins.len()
    }

    /// The canonical form of a sum: every part split into components,
    /// components without moves dropped, the rest in a fixed order.
    pub fn canonical(&self, parts: &[G::Position]) -> Vec<G::Position> {
        let mut components: Vec<(u64, G::Position)> = parts
            .iter()
            .flat_map(|part| self.game.components(part))
            .filter(|component| !self.game.options(component).is_empty())
            .map(|component| {
                let mut hasher = DefaultHasher::new();
                component.hash(&mut hasher);
                (hasher.finish(), component)
            })
            .collect();
        components.sort_by_key(|(hash, _)| *hash);
        components.into_iter().map(|(_, c)| c).collect()
    }

    /// The sums reachable in one move from the canonical sum `state`, each
    /// with the component moved in and the option it became.
    pub fn moves(&self, state: &[G::Position]) -> Vec<(usize, G::Position, Vec<G::Position>)> {
        let mut moves = Vec::new();
        for (index, component) in state.iter().enumerate() {
            for option in self.game.options(component) {
                let mut next: Vec<G::Position> = state.to_vec();
                next[index] = option.clone();
                let next = self.canonical(&next);
                moves.push((index, option, next));
            }
        }
        moves
    }

    /// Whether the player to move wins the misère sum of `parts`.
    ///
    /// # Errors
    /// [`MisereError::TooLarge`] past the limit; [`MisereError::Cycle`] on a cycle.
    pub fn next_player_wins(&mut self, parts: &[G::Position]) -> Result<bool, MisereError> {
        let root = self.canonical(parts);
        if let Some(&known) = self.wins.get(&root) {
            return Ok(known);
        }
        struct Frame<P> {
            state: Vec<P>,
            options: Vec<Vec<P>>,
            next: usize,
        }
        let mut on_stack: HashSet<Vec<G::Position>> = HashSet::from([root.clone()]);
        let options = self.moves(&root).into_iter().map(|(_, _, s)| s).collect();
        let mut stack = vec![Frame {
            state: root.clone(),
            options,
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            // Decided already: a known losing option makes this a win.
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
                if on_stack.contains(&child) {
                    return Err(CycleError {
                        positions: vec![format!("{child:?}")],
                    }
                    .into());
                }
                if self.wins.len() + stack.len() >= self.limit {
                    return Err(MisereError::TooLarge { limit: self.limit });
                }
                if self.wins.len().is_multiple_of(1024)
                    && self
                        .deadline
                        .is_some_and(|deadline| std::time::Instant::now() > deadline)
                {
                    return Err(MisereError::OutOfTime {
                        explored: self.wins.len(),
                    });
                }
                on_stack.insert(child.clone());
                let options = self.moves(&child).into_iter().map(|(_, _, s)| s).collect();
                stack.push(Frame {
                    state: child,
                    options,
                    next: 0,
                });
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            on_stack.remove(&frame.state);
            self.wins.insert(frame.state, result.unwrap_or(false));
        }
        Ok(self.wins[&root])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap_family::{HeapFamily, HeapGame, Heaps};

    struct Nim;
    impl HeapFamily for Nim {
        fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
            for left in 0..heap {
                visit(&[left]);
            }
        }
    }

    /// Split a heap into two non-empty heaps (any sizes), or remove a heap of 1.
    struct Splitter;
    impl HeapFamily for Splitter {
        fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
            if heap == 1 {
                visit(&[]);
            }
            for left in 1..=heap / 2 {
                visit(&[left, heap - left]);
            }
        }
    }

    #[test]
    fn nim_satisfies_the_anti_sg_hypotheses_and_splitting_games_do_not() {
        let mut nim = GrundySolver::new(HeapGame::new(Nim));
        assert_eq!(
            anti_sg_applies(&mut nim, &[Heaps::single(9)], 1000),
            Ok(true)
        );
        let mut splitter = GrundySolver::new(HeapGame::new(Splitter));
        assert_eq!(
            anti_sg_applies(&mut splitter, &[Heaps::single(4)], 1000),
            Ok(false)
        );
    }

    #[test]
    fn canonical_sums_ignore_order_and_finished_components() {
        let search = MisereSearch::new(HeapGame::new(Nim), 100);
        let a = search.canonical(&[Heaps::single(3), Heaps::single(0), Heaps::single(5)]);
        let b = search.canonical(&[Heaps::single(5), Heaps::single(3)]);
        assert_eq!(a, b);
    }

    #[test]
    fn the_search_limit_is_enforced() {
        let mut search = MisereSearch::new(HeapGame::new(Nim), 50);
        let heaps: Vec<Heaps> = [7, 8, 9].iter().map(|&h| Heaps::single(h)).collect();
        assert_eq!(
            search.next_player_wins(&heaps),
            Err(MisereError::TooLarge { limit: 50 })
        );
    }
}
