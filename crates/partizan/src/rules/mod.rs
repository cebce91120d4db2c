//! Rulesets of partizan games and the generic solver.
//!
//! A ruleset implements [`PartizanGame`]: a position type, the left and
//! right options of a position, its decomposition into independent
//! components, and a normal form used as the transposition key. [`Solver`]
//! computes canonical forms by the definition `G = {G^L | G^R}` (Siegel,
//! *Combinatorial Game Theory*, §II.2), with a transposition table keyed by
//! the normalised component, and adds the values of components (the value
//! of a disjunctive sum is the sum of the values, Siegel §II.1).

use crate::error::GameError;
use crate::store::{FxMap, GameId, GameStore};
use std::hash::Hash;

/// A partizan ruleset.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{Solver, cutcake::Cutcake};
/// let mut store = GameStore::new();
/// let mut solver = Solver::new(Cutcake);
/// let g = solver.canonical_form(&mut store, &vec![(1, 4)]).unwrap();
/// assert_eq!(store.display(g), "3");
/// ```
pub trait PartizanGame {
    /// A position.
    type Position: Clone + Eq + Hash;

    /// The positions Left can move to.
    fn left_options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The positions Right can move to.
    fn right_options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// Independent regions whose disjunctive sum is the position (default: itself).
    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        vec![position.clone()]
    }

    /// A position of the same value used as the transposition key (default:
    /// itself): e.g. trimmed and reduced by the symmetries that keep the roles.
    fn normalize(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }

    /// The transposition key and whether the position's value is its *negative*
    /// (default: [`PartizanGame::normalize`], not negated). A ruleset with a symmetry
    /// that exchanges the players (Domineering's transpose: `G(Bᵀ) = −G(B)`) maps
    /// both a position and its mirror to one key, so the solver solves one of them.
    ///
    /// ```
    /// use sprague_partizan::rules::PartizanGame;
    /// use sprague_partizan::rules::domineering::Domineering;
    /// let tall = Domineering::parse(".|.|.").unwrap();
    /// let wide = Domineering::parse("...").unwrap();
    /// let (a, negated_a) = Domineering.normalize_signed(&tall);
    /// let (b, negated_b) = Domineering.normalize_signed(&wide);
    /// assert_eq!(a, b);
    /// assert_ne!(negated_a, negated_b);
    /// ```
    fn normalize_signed(&self, position: &Self::Position) -> (Self::Position, bool) {
        (self.normalize(position), false)
    }

    /// Words describing the move `from → to`.
    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String;
}

/// Canonical forms of positions of a ruleset, with a transposition table.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{Solver, domineering::Domineering};
/// let mut store = GameStore::new();
/// let mut solver = Solver::new(Domineering);
/// let board = Domineering::parse("..|..").unwrap();
/// let g = solver.canonical_form(&mut store, &board).unwrap();
/// assert_eq!(store.display(g), "±1");
/// ```
#[derive(Debug)]
pub struct Solver<G: PartizanGame> {
    game: G,
    table: FxMap<G::Position, GameId>,
    /// The most transposition-table entries and the most games in the store.
    limits: Option<(usize, usize)>,
    /// The store's size when this solver first used it: the games limit counts from there.
    base: Option<usize>,
}

impl<G: PartizanGame> Solver<G> {
    /// A solver with an empty transposition table.
    ///
    /// ```
    /// use sprague_partizan::rules::{Solver, cutcake::Cutcake};
    /// let solver = Solver::new(Cutcake);
    /// assert_eq!(solver.table_len(), 0);
    /// ```
    pub fn new(game: G) -> Solver<G> {
        Solver {
            game,
            table: FxMap::default(),
            limits: None,
            base: None,
        }
    }

    /// A solver whose transposition table may hold at most `regions` components, and
    /// which may add at most `games` games to the store (counted from its first use of
    /// the store) before it solves a new component: a search that
    /// needs more stops with [`GameError::TooLarge`] instead of running on (the front
    /// ends' guard against boards far beyond reach; memory grows with both).
    ///
    /// ```
    /// use sprague_partizan::{GameError, GameStore};
    /// use sprague_partizan::rules::{Solver, domineering::{Board, Domineering}};
    /// let mut store = GameStore::new();
    /// let board = Board::rectangle(4, 4).unwrap();
    /// let mut solver = Solver::with_limits(Domineering, 10, 1000);
    /// let err = solver.canonical_form(&mut store, &board).unwrap_err();
    /// assert!(matches!(err, GameError::TooLarge { limit: 10, .. }));
    /// let mut solver = Solver::with_limits(Domineering, 1000, 20);
    /// let err = solver.canonical_form(&mut GameStore::new(), &board).unwrap_err();
    /// assert!(matches!(err, GameError::TooLarge { limit: 20, .. }));
    /// ```
    pub fn with_limits(game: G, regions: usize, games: usize) -> Solver<G> {
        Solver {
            limits: Some((regions, games)),
            ..Solver::new(game)
        }
    }

    /// The ruleset.
    ///
    /// ```
    /// use sprague_partizan::rules::{Solver, cutcake::Cutcake};
    /// let solver = Solver::new(Cutcake);
    /// let _rules: &Cutcake = solver.game();
    /// ```
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many normalised components are in the transposition table.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// use sprague_partizan::rules::{Solver, cutcake::Cutcake};
    /// let mut store = GameStore::new();
    /// let mut solver = Solver::new(Cutcake);
    /// solver.canonical_form(&mut store, &vec![(2, 4)]).unwrap();
    /// assert!(solver.table_len() >= 3);
    /// ```
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The canonical form of a position: the sum of its components' values.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// use sprague_partizan::rules::{Solver, hackenbush::HackenbushString};
    /// let mut store = GameStore::new();
    /// let mut solver = Solver::new(HackenbushString);
    /// let g = solver.canonical_form(&mut store, &HackenbushString::parse("LRL").unwrap()).unwrap();
    /// assert_eq!(store.display(g), "3/4");
    /// ```
    pub fn canonical_form(
        &mut self,
        store: &mut GameStore,
        position: &G::Position,
    ) -> Result<GameId, GameError> {
        self.canonical_form_until(store, position, &|| false)
    }

    /// [`Solver::canonical_form`], asking `stop` before each new component is solved: a
    /// `true` ends the search with [`GameError::Stopped`] (Ctrl-C, a server's time budget).
    /// What was solved stays in the table.
    ///
    /// ```
    /// use sprague_partizan::{GameError, GameStore};
    /// use sprague_partizan::rules::{Solver, domineering::{Board, Domineering}};
    /// let mut solver = Solver::new(Domineering);
    /// let board = Board::rectangle(3, 3).unwrap();
    /// let stopped = solver.canonical_form_until(&mut GameStore::new(), &board, &|| true);
    /// assert_eq!(stopped, Err(GameError::Stopped));
    /// ```
    pub fn canonical_form_until(
        &mut self,
        store: &mut GameStore,
        position: &G::Position,
        stop: &dyn Fn() -> bool,
    ) -> Result<GameId, GameError> {
        let mut total = store.zero();
        for c in self.game.components(position) {
            let v = self.component_value(store, &c, stop)?;
            total = store.sum(total, v)?;
        }
        Ok(total)
    }

    fn component_value(
        &mut self,
        store: &mut GameStore,
        position: &G::Position,
        stop: &dyn Fn() -> bool,
    ) -> Result<GameId, GameError> {
        let (key, negated) = self.game.normalize_signed(position);
        let v = match self.table.get(&key) {
            Some(&v) => v,
            None => self.solve(store, key, stop)?,
        };
        Ok(if negated { store.neg(v) } else { v })
    }

    /// The value of a normalised component not yet in the table, by the definition.
    fn solve(
        &mut self,
        store: &mut GameStore,
        key: G::Position,
        stop: &dyn Fn() -> bool,
    ) -> Result<GameId, GameError> {
        if stop() {
            return Err(GameError::Stopped);
        }
        if let Some((regions, games)) = self.limits {
            if self.table.len() >= regions {
                return Err(GameError::TooLarge {
                    what: "the search (distinct regions it would have to solve)",
                    limit: regions as u64,
                });
            }
            let base = *self.base.get_or_insert(store.len());
            if store.len().saturating_sub(base) >= games {
                return Err(GameError::TooLarge {
                    what: "the search (distinct values it would have to keep)",
                    limit: games as u64,
                });
            }
        }
        let mut l = Vec::new();
        for o in self.game.left_options(&key) {
            l.push(self.canonical_form_until(store, &o, stop)?);
        }
        let mut r = Vec::new();
        for o in self.game.right_options(&key) {
            r.push(self.canonical_form_until(store, &o, stop)?);
        }
        let v = store.game(&l, &r)?;
        self.table.insert(key, v);
        Ok(v)
    }
}

pub mod catalogue;
pub mod clobber;
pub mod colouring;
pub mod cutcake;
pub mod domineering;
pub mod domineering_outcome;
pub mod hackenbush;
pub mod konane;
pub mod northcott;
pub mod play;
pub mod stones;
pub mod sum;
pub mod toads;
