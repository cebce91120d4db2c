//! Comparison of games and outcome classes.
//!
//! `G ≤ H` iff no `G^L ≥ H` and no `H^R ≤ G` (Conway's definition; Siegel
//! §II.1, Winning Ways ch. 2). The store memoises every pair it decides.
//! Numbers are short-circuited: two numbers compare as dyadics, and a number
//! `x` against a non-number `H` uses *number avoidance* (Siegel §II.3, the
//! Number Avoidance Theorem): `x ≤ H` iff no `H^R ≤ x`, and `H ≤ x` iff no
//! `H^L ≥ x` — the moves in `x` never need to be tried. Before any search the
//! stops decide most pairs (Siegel §II.3): `R(G) > L(H)` gives `G > H`,
//! `L(G) < R(H)` gives `G < H`, and `G ≤ H` needs `L(G) ≤ L(H)` and
//! `R(G) ≤ R(H)` (stops are monotone, by `R(G) + L(H) ≤ L(G + H)` and
//! `R(G) + R(H) ≤ R(G + H)`).
//!
//! The outcome class of `G` is read from its comparison with 0 (Siegel §II.1):
//! `G > 0` is `L` (Left wins), `G < 0` is `R`, `G = 0` is `P`, `G ‖ 0` is `N`.

use crate::store::{GameId, GameStore, Node};
use std::fmt;

/// How two games compare: the partial order of games.
///
/// ```
/// use sprague_partizan::{Comparison, GameStore};
/// let mut store = GameStore::new();
/// let up = store.parse("^").unwrap();
/// let star = store.parse("*").unwrap();
/// assert_eq!(store.compare(up, star), Comparison::Confused);
/// assert_eq!(store.compare(up, store.zero()), Comparison::Greater);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Comparison {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// `G ‖ H` (incomparable, "confused with").
    Confused,
}

/// The outcome class of a game: who wins with best play.
///
/// ```
/// use sprague_partizan::{GameStore, Outcome};
/// let mut store = GameStore::new();
/// let g = store.parse("{1|-1}").unwrap();
/// assert_eq!(store.outcome(g), Outcome::N);
/// assert_eq!(Outcome::N.to_string(), "N");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Left wins whoever starts (`G > 0`).
    L,
    /// Right wins whoever starts (`G < 0`).
    R,
    /// The second player wins (`G = 0`).
    P,
    /// The first player wins (`G ‖ 0`).
    N,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Comparison::Less => "<",
            Comparison::Equal => "=",
            Comparison::Greater => ">",
            Comparison::Confused => "‖",
        })
    }
}

impl GameStore {
    /// `G ≤ H`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let star = store.parse("*").unwrap();
    /// let zero = store.zero();
    /// assert!(!store.leq(star, zero) && !store.leq(zero, star));
    /// ```
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        let (gn, hn) = (self.as_number(g), self.as_number(h));
        match (gn, hn) {
            (Some(x), Some(y)) => return x <= y,
            (Some(x), None) => {
                // By the stops first: x < R(H) gives x < H (R(H − x) > 0), and x ≤ H
                // needs x ≤ R(H) (stops are monotone).
                let right_stop = self.nodes[h.index()].stops.1;
                if x != right_stop {
                    return x < right_stop;
                }
                // x ≤ H iff no H^R ≤ x (number avoidance).
                if let Some(&v) = self.leq_memo.get(&(g, h)) {
                    return v;
                }
                let mut result = true;
                for i in 0..self.right_len(h) {
                    let hr = self.right_at(h, i);
                    if self.leq(hr, g) {
                        result = false;
                        break;
                    }
                }
                self.leq_memo.insert((g, h), result);
                return result;
            }
            (None, Some(y)) => {
                // G < y when L(G) < y, and G ≤ y needs L(G) ≤ y.
                let left_stop = self.nodes[g.index()].stops.0;
                if left_stop != y {
                    return left_stop < y;
                }
                if let Some(&v) = self.leq_memo.get(&(g, h)) {
                    return v;
                }
                let mut result = true;
                for i in 0..self.left_len(g) {
                    let gl = self.left_at(g, i);
                    if self.leq(h, gl) {
                        result = false;
                        break;
                    }
                }
                self.leq_memo.insert((g, h), result);
                return result;
            }
            (None, None) => {}
        }
        // Stops decide many pairs at once: L(G) < R(H) gives G < H, and
        // R(G) > L(H) gives G > H (R(G − H) ≥ R(G) − L(H); a game with a
        // positive right stop is positive, Siegel §II.3).
        let ((gl, gr), (hl, hr)) = (self.nodes[g.index()].stops, self.nodes[h.index()].stops);
        if gl < hr {
            return true;
        }
        if gr > hl {
            return false;
        }
        // Stops are monotone (G ≤ H gives L(G) ≤ L(H) and R(G) ≤ R(H), from
        // L(H) ≥ R(H − G) + L(G) and R(H) ≥ R(H − G) + R(G) with R(H − G) ≥ 0).
        if gl > hl || gr > hr {
            return false;
        }
        // The memo first: the nimber test below costs two lookups of its own.
        if let Some(&v) = self.leq_memo.get(&(g, h)) {
            return v;
        }
        if let (Some(_), Some(_)) = (self.nimber_value(g), self.nimber_value(h)) {
            return false; // distinct nimbers are confused
        }
        let mut result = true;
        for i in 0..self.left_len(g) {
            let gl = self.left_at(g, i);
            if self.leq(h, gl) {
                result = false;
                break;
            }
        }
        if result {
            for i in 0..self.right_len(h) {
                let hr = self.right_at(h, i);
                if self.leq(hr, g) {
                    result = false;
                    break;
                }
            }
        }
        self.leq_memo.insert((g, h), result);
        result
    }

    /// `G ≥ H`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let up = store.parse("^").unwrap();
    /// assert!(store.geq(up, store.zero()));
    /// ```
    pub fn geq(&mut self, g: GameId, h: GameId) -> bool {
        self.leq(h, g)
    }

    /// How `G` compares with `H`.
    ///
    /// ```
    /// use sprague_partizan::{Comparison, GameStore};
    /// let mut store = GameStore::new();
    /// let a = store.parse("1/2").unwrap();
    /// let b = store.parse("{0|1}").unwrap();
    /// assert_eq!(store.compare(a, b), Comparison::Equal);
    /// ```
    pub fn compare(&mut self, g: GameId, h: GameId) -> Comparison {
        if g == h {
            return Comparison::Equal;
        }
        match (self.leq(g, h), self.leq(h, g)) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        }
    }

    /// The outcome class of `G`.
    ///
    /// ```
    /// use sprague_partizan::{GameStore, Outcome};
    /// let mut store = GameStore::new();
    /// for (text, outcome) in [("^", Outcome::L), ("v", Outcome::R), ("0", Outcome::P), ("*", Outcome::N)] {
    ///     let g = store.parse(text).unwrap();
    ///     assert_eq!(store.outcome(g), outcome);
    /// }
    /// ```
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let zero = self.zero();
        match self.compare(g, zero) {
            Comparison::Greater => Outcome::L,
            Comparison::Less => Outcome::R,
            Comparison::Equal => Outcome::P,
            Comparison::Confused => Outcome::N,
        }
    }

    /// Whether Left wins `G` moving first (`G ⧐ 0`, i.e. not `G ≤ 0`).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("*").unwrap();
    /// assert!(store.left_wins_moving_first(g));
    /// ```
    pub fn left_wins_moving_first(&mut self, g: GameId) -> bool {
        let zero = self.zero();
        !self.leq(g, zero)
    }

    /// Whether Right wins `G` moving first (not `G ≥ 0`).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("^").unwrap();
    /// assert!(!store.right_wins_moving_first(g));
    /// ```
    pub fn right_wins_moving_first(&mut self, g: GameId) -> bool {
        let zero = self.zero();
        !self.leq(zero, g)
    }

    /// `*n` if `g` is a nimber (including `0 = *0`).
    pub(crate) fn nimber_value(&self, g: GameId) -> Option<u64> {
        match self.nodes[g.index()].node {
            Node::Number(_) => (g == self.zero()).then_some(0),
            Node::Compound { .. } => self.nimber_of.get(&g).copied(),
        }
    }
}
