//! The `Game` abstraction: positions, their options, and their decomposition
//! into independent components.
//!
//! An impartial game is a directed graph of positions; a move goes from a
//! position to one of its options, and under normal play the player who cannot
//! move loses. Many positions are *sums*: independent components of which a
//! move changes exactly one (Nim heaps, Kayles rows, connected parts of a
//! Hackenbush picture). The Sprague–Grundy theorem (Sprague 1935, Grundy 1939)
//! says the value of a sum is the nim-sum (XOR) of the values of its
//! components, so a game that says how its positions decompose lets the engine
//! solve each component once.

use std::fmt::{Debug, Display};
use std::hash::Hash;

/// An impartial game, described by its moves.
///
/// Implementors give the options of a position; everything else (values,
/// outcomes, winning moves) comes from the engine.
///
/// ```
/// use sprague_engine::{Game, GrundySolver};
///
/// /// Subtract 1 or 2 from a single counter.
/// struct OneOrTwo;
///
/// impl Game for OneOrTwo {
///     type Position = u64;
///     fn options(&self, position: &u64) -> Vec<u64> {
///         (1..=2).filter(|&take| take <= *position).map(|take| position - take).collect()
///     }
/// }
///
/// let mut solver = GrundySolver::new(OneOrTwo);
/// assert_eq!(solver.grundy(&7), Ok(1)); // 7 mod 3
/// ```
pub trait Game {
    /// A position (or a component of one). Displayed in the syntax users type.
    type Position: Clone + Eq + Hash + Debug + Display;

    /// Every position reachable in one move. An option may itself be a sum:
    /// [`Game::components`] splits it.
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The independent components of a position; a position that does not
    /// decompose is its own single component (the default). A component with
    /// no options may be left out. Components must not decompose further.
    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// Words for a move from `from` to `to` (a component and one of its options).
    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String {
        format!("{from} → {to}")
    }

    /// The Sprague–Grundy value of a component by a closed form, when the game
    /// has one (solvers use it as a fast path; tests check it against search).
    fn grundy_closed_form(&self, _component: &Self::Position) -> Option<u64> {
        None
    }

    /// Every option of `component` whose value is `target`, when the game can
    /// list them without enumerating all options (a Nim heap of 10^12 has
    /// 10^12 options but at most one of each value). `None` means "enumerate".
    fn options_with_value(
        &self,
        _component: &Self::Position,
        _target: u64,
    ) -> Option<Vec<Self::Position>> {
        None
    }
}

impl<G: Game + ?Sized> Game for &G {
    type Position = G::Position;

    fn options(&self, position: &Self::Position) -> Vec<Self::Position> {
        (**self).options(position)
    }

    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        (**self).components(position)
    }

    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String {
        (**self).describe_move(from, to)
    }

    fn grundy_closed_form(&self, component: &Self::Position) -> Option<u64> {
        (**self).grundy_closed_form(component)
    }

    fn options_with_value(
        &self,
        component: &Self::Position,
        target: u64,
    ) -> Option<Vec<Self::Position>> {
        (**self).options_with_value(component, target)
    }
}
