//! Memoised Sprague–Grundy values of any acyclic game.
//!
//! g(x) = mex{ g(y) : y an option of x }, and the value of a sum is the XOR of
//! the values of its components (the Sprague–Grundy theorem; *Winning Ways*,
//! ch. 4). The solver walks the game graph depth-first with an explicit stack
//! (so a game of depth 10^7 cannot overflow the call stack), memoises the value
//! of every component it meets, and reports a cycle — on which the values are
//! undefined — as an error that names the positions on it.

use std::collections::HashMap;

use sprague_nimber::MexSet;
use thiserror::Error;

use crate::game::Game;

/// The game graph has a cycle, so its Sprague–Grundy values are undefined.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "the game has a cycle ({}), so Sprague–Grundy values are undefined; \
     loopy games need the generalized Sprague–Grundy function",
    .positions.join(" → ")
)]
pub struct CycleError {
    /// The positions on the cycle, the first repeated at the end.
    pub positions: Vec<String>,
}

/// Computes and remembers Sprague–Grundy values of a game's positions.
///
/// ```
/// use sprague_engine::{Game, GrundySolver};
///
/// /// Nim heaps as a game: take any positive number.
/// struct Nim;
/// impl Game for Nim {
///     type Position = u64;
///     fn options(&self, heap: &u64) -> Vec<u64> { (0..*heap).collect() }
/// }
///
/// let mut solver = GrundySolver::new(Nim);
/// assert_eq!(solver.grundy(&6), Ok(6));
/// ```
#[derive(Debug)]
pub struct GrundySolver<G: Game> {
    game: G,
    values: HashMap<G::Position, u64>,
    use_closed_forms: bool,
}

/// A component being evaluated: its options (each split into components) and
/// how far the walk through them has come.
struct Frame<P> {
    position: P,
    options: Vec<Vec<P>>,
    option_index: usize,
    component_index: usize,
}

impl<G: Game> GrundySolver<G> {
    /// A solver that uses the game's closed forms where it has them.
    pub fn new(game: G) -> Self {
        Self {
            game,
            values: HashMap::new(),
            use_closed_forms: true,
        }
    }

    /// A solver that ignores closed forms and searches every position: the
    /// reference against which closed forms are tested.
    ///
    /// ```
    /// use sprague_engine::{Game, GrundySolver};
    /// struct Nim;
    /// impl Game for Nim {
    ///     type Position = u64;
    ///     fn options(&self, heap: &u64) -> Vec<u64> { (0..*heap).collect() }
    ///     fn grundy_closed_form(&self, heap: &u64) -> Option<u64> { Some(*heap) }
    /// }
    /// let mut search = GrundySolver::by_search(Nim);
    /// assert_eq!(search.grundy(&9), Ok(9));
    /// ```
    pub fn by_search(game: G) -> Self {
        Self {
            use_closed_forms: false,
            ..Self::new(game)
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many component values are memoised.
    pub fn memoised_positions(&self) -> usize {
        self.values.len()
    }

    /// Every component value memoised so far, so that a caller may keep them between
    /// solvers (a game then hands them back as [`Game::grundy_closed_form`]).
    ///
    /// ```
    /// use sprague_engine::{Game, GrundySolver};
    /// struct Nim;
    /// impl Game for Nim {
    ///     type Position = u64;
    ///     fn options(&self, heap: &u64) -> Vec<u64> { (0..*heap).collect() }
    /// }
    /// let mut solver = GrundySolver::new(Nim);
    /// solver.grundy(&3).unwrap();
    /// let mut known: Vec<(u64, u64)> = solver.memoised().map(|(p, g)| (*p, g)).collect();
    /// known.sort_unstable();
    /// assert_eq!(known, vec![(0, 0), (1, 1), (2, 2), (3, 3)]);
    /// ```
    pub fn memoised(&self) -> impl Iterator<Item = (&G::Position, u64)> + '_ {
        self.values
            .iter()
            .map(|(position, &value)| (position, value))
    }

    /// The Sprague–Grundy value of a position (a sum: the XOR of its components).
    ///
    /// # Errors
    /// [`CycleError`] when a cycle is reachable from the position.
    pub fn grundy(&mut self, position: &G::Position) -> Result<u64, CycleError> {
        let mut total = 0;
        for component in self.game.components(position) {
            total ^= self.component_grundy(&component)?;
        }
        Ok(total)
    }

    fn closed_form(&self, component: &G::Position) -> Option<u64> {
        if self.use_closed_forms {
            self.game.grundy_closed_form(component)
        } else {
            None
        }
    }

    fn known(&self, component: &G::Position) -> Option<u64> {
        self.values
            .get(component)
            .copied()
            .or_else(|| self.closed_form(component))
    }

    fn frame(&self, position: G::Position) -> Frame<G::Position> {
        let options = self
            .game
            .options(&position)
            .iter()
            .map(|option| self.game.components(option))
            .collect();
        Frame {
            position,
            options,
            option_index: 0,
            component_index: 0,
        }
    }

    fn component_grundy(&mut self, root: &G::Position) -> Result<u64, CycleError> {
        if let Some(value) = self.known(root) {
            return Ok(value);
        }
        let mut on_stack: HashMap<G::Position, usize> = HashMap::from([(root.clone(), 0)]);
        let mut stack = vec![self.frame(root.clone())];
        let mut seen = MexSet::new();
        while let Some(top) = stack.last_mut() {
            // The next component of an option that is not yet evaluated, if any.
            let mut next_child = None;
            while top.option_index < top.options.len() {
                let option = &top.options[top.option_index];
                if top.component_index == option.len() {
                    top.option_index += 1;
                    top.component_index = 0;
                    continue;
                }
                let child = &option[top.component_index];
                top.component_index += 1;
                if !self.values.contains_key(child) && self.closed_form(child).is_none() {
                    next_child = Some(child.clone());
                    break;
                }
            }
            match next_child {
                Some(child) => {
                    if let Some(&index) = on_stack.get(&child) {
                        let mut positions: Vec<String> = stack[index..]
                            .iter()
                            .map(|frame| frame.position.to_string())
                            .collect();
                        positions.push(child.to_string());
                        return Err(CycleError { positions });
                    }
                    on_stack.insert(child.clone(), stack.len());
                    let frame = self.frame(child);
                    stack.push(frame);
                }
                None => {
                    let Some(frame) = stack.pop() else { break };
                    seen.clear();
                    for option in &frame.options {
                        let value = option
                            .iter()
                            .map(|component| self.known(component).unwrap_or(0))
                            .fold(0, |total, value| total ^ value);
                        seen.insert(value);
                    }
                    on_stack.remove(&frame.position);
                    self.values.insert(frame.position, seen.mex());
                }
            }
        }
        Ok(self.known(root).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt;

    /// A token on a directed graph given by adjacency lists.
    struct Digraph(Vec<Vec<usize>>);

    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Vertex(usize);

    impl fmt::Display for Vertex {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "v{}", self.0)
        }
    }

    impl Game for Digraph {
        type Position = Vertex;
        fn options(&self, position: &Vertex) -> Vec<Vertex> {
            self.0[position.0].iter().map(|&v| Vertex(v)).collect()
        }
    }

    #[test]
    fn textbook_digraph_values() {
        // Ferguson, *Game Theory*, Part I §3.2 style example: a chain and a fork.
        // 0 is terminal; 1 → 0; 2 → 0, 1; 3 → 1; 4 → 2, 3.
        let graph = Digraph(vec![vec![], vec![0], vec![0, 1], vec![1], vec![2, 3]]);
        let mut solver = GrundySolver::new(graph);
        let values: Vec<u64> = (0..5)
            .map(|v| solver.grundy(&Vertex(v)).unwrap_or(99))
            .collect();
        assert_eq!(values, vec![0, 1, 2, 0, 1]);
    }

    #[test]
    fn a_cycle_is_reported_with_its_positions() {
        // 0 → 1 → 2 → 0, and 2 → 3 (terminal).
        let graph = Digraph(vec![vec![1], vec![2], vec![0, 3], vec![]]);
        let mut solver = GrundySolver::new(graph);
        let error = solver.grundy(&Vertex(0)).unwrap_err();
        assert_eq!(error.positions, vec!["v0", "v1", "v2", "v0"]);
        assert!(error.to_string().contains("v0 → v1 → v2 → v0"));
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        // A path of 300,000 vertices (far deeper than a recursive solver survives
        // on a 2 MiB test-thread stack): the value alternates 0, 1.
        let n = 300_000;
        let graph = Digraph(
            (0..n)
                .map(|v| if v == 0 { vec![] } else { vec![v - 1] })
                .collect(),
        );
        let mut solver = GrundySolver::new(graph);
        assert_eq!(solver.grundy(&Vertex(n - 1)), Ok(((n - 1) % 2) as u64));
    }
}
