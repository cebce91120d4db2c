//! Left and right stops.
//!
//! The left stop `L(G)` is the number reached when Left moves first and both
//! players stop as soon as a number is reached; `L(x) = R(x) = x` for a
//! number, otherwise `L(G) = max R(G^L)` and `R(G) = min L(G^R)` (Siegel,
//! *Combinatorial Game Theory*, §II.3, "stops"; Winning Ways ch. 6).
//! Stops of a canonical game are memoised in the store.

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
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
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
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(x) = self.as_number(g) {
            return (x, x);
        }
        if let Some(&s) = self.stops.get(&g) {
            return s;
        }
        let mut left: Option<Dyadic> = None;
        for i in 0..self.left_len(g) {
            let o = self.left_at(g, i);
            let v = self.stops(o).1;
            left = Some(left.map_or(v, |m| m.max(v)));
        }
        let mut right: Option<Dyadic> = None;
        for i in 0..self.right_len(g) {
            let o = self.right_at(g, i);
            let v = self.stops(o).0;
            right = Some(right.map_or(v, |m| m.min(v)));
        }
        // A canonical non-number has options on both sides; the fallbacks are
        // only for completeness.
        let s = match (left, right) {
            (Some(l), Some(r)) => (l, r),
            (Some(l), None) => (l, l),
            (None, Some(r)) => (r, r),
            (None, None) => (Dyadic::ZERO, Dyadic::ZERO),
        };
        self.stops.insert(g, s);
        s
    }
}
