//! Left and right stops.
//!
//! The left stop `L(G)` is the number reached when Left moves first and both
//! players stop as soon as a number is reached; `L(x) = R(x) = x` for a
//! number, otherwise `L(G) = max R(G^L)` and `R(G) = min L(G^R)` (Siegel,
//! *Combinatorial Game Theory*, §II.3, "stops"; Winning Ways ch. 6).
//! The store computes the stops of each canonical game when it makes it.

use crate::dyadic::Dyadic;
use crate::store::{GameId, GameStore};

impl GameStore {
    /// The left stop `L(G)`.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3|{2|-5}}").unwrap();
    /// assert_eq!(store.left_stop(g), Dyadic::small(3));
    /// assert_eq!(store.right_stop(g), Dyadic::small(2));
    /// ```
    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// The right stop `R(G)`.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("^*").unwrap();
    /// assert_eq!(store.right_stop(g), Dyadic::ZERO);
    /// ```
    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        self.nodes[g.index()].stops
    }
}
