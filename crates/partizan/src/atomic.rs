//! Atomic weight of all-small games, by the atomic weight calculus.
//!
//! For an all-small `G` (every subposition has options for both players or
//! none), the atomic weight `aw(G)` measures `G` in units of `↑`
//! (Siegel, *Combinatorial Game Theory*, §II.7; Winning Ways ch. 8, "the
//! two-ahead rule"). The calculus: let `G' = {aw(G^L) − 2 | aw(G^R) + 2}`.
//! If `G'` is not an integer, `aw(G) = G'`. If it is an integer, compare `G`
//! with the *far star* `⧾` (a nimber `*N` with `N` beyond the birthday of
//! `G`): if `G > ⧾`, `aw(G)` is the largest integer `n` with `n ◁ aw(G^R) + 2`
//! for every `G^R`; if `G < ⧾`, the least integer `n` with `n ▷ aw(G^L) − 2`
//! for every `G^L`; otherwise (`G ‖ ⧾`) `aw(G) = 0`. Atomic weights are
//! games in general, and additive: `aw(G + H) = aw(G) + aw(H)`.

use crate::compare::Comparison;
use crate::dyadic::Dyadic;
use crate::error::GameError;
use crate::store::{FxMap, GameId, GameStore, MAX_NIMBER};

impl GameStore {
    /// Whether `G` is all-small: `0`, or options on both sides that are all all-small.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let up = store.parse("^*").unwrap();
    /// assert!(store.is_all_small(up));
    /// let half = store.parse("1/2").unwrap();
    /// assert!(!store.is_all_small(half));
    /// ```
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        if g == self.zero() {
            return true;
        }
        if self.is_number(g) {
            return false;
        }
        if let Some(&b) = self.all_small.get(&g) {
            return b;
        }
        let (l, r) = {
            let (a, b) = self.stored(g);
            (a.to_vec(), b.to_vec())
        };
        let result = !l.is_empty()
            && !r.is_empty()
            && l.iter().chain(r.iter()).all(|&o| self.is_all_small(o));
        self.all_small.insert(g, result);
        result
    }

    /// The atomic weight of an all-small game; an error (saying so) for a
    /// game that is not all-small.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// for (text, aw) in [("^", "1"), ("^^*", "2"), ("v3*5", "-3"), ("*", "0")] {
    ///     let g = store.parse(text).unwrap();
    ///     let w = store.atomic_weight(g).unwrap();
    ///     assert_eq!(store.display(w), aw);
    /// }
    /// let h = store.parse("{1|-1}").unwrap();
    /// assert!(store.atomic_weight(h).is_err());
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, GameError> {
        if !self.is_all_small(g) {
            return Err(GameError::Undefined(
                "the atomic weight calculus applies to all-small games only (every subposition has moves for both players or for neither)",
            ));
        }
        let mut memo = FxMap::default();
        self.aw_rec(g, &mut memo)
    }

    fn aw_rec(&mut self, g: GameId, memo: &mut FxMap<GameId, GameId>) -> Result<GameId, GameError> {
        if g == self.zero() {
            return Ok(g);
        }
        if let Some(&w) = memo.get(&g) {
            return Ok(w);
        }
        let two = self.number(Dyadic::small(2));
        let minus_two = self.number(Dyadic::small(-2));
        let (gl, gr) = (self.left_options(g), self.right_options(g));
        let mut l = Vec::with_capacity(gl.len());
        for o in gl {
            let w = self.aw_rec(o, memo)?;
            l.push(self.sum(w, minus_two)?);
        }
        let mut r = Vec::with_capacity(gr.len());
        for o in gr {
            let w = self.aw_rec(o, memo)?;
            r.push(self.sum(w, two)?);
        }
        let candidate = self.game(&l, &r)?;
        let result = match self.as_number(candidate) {
            Some(x) if x.is_integer() => {
                let far = self.far_star(g)?;
                match self.compare(g, far) {
                    Comparison::Greater => {
                        // largest n with, for all R': not (R' ≤ n)
                        let n = self.extreme_integer(&r, true)?;
                        self.integer(n)?
                    }
                    Comparison::Less => {
                        // least n with, for all L': not (n ≤ L')
                        let n = self.extreme_integer(&l, false)?;
                        self.integer(n)?
                    }
                    _ => self.zero(),
                }
            }
            _ => candidate,
        };
        memo.insert(g, result);
        Ok(result)
    }

    /// `*N` for `N` the least power of two above the birthday of `g`.
    fn far_star(&mut self, g: GameId) -> Result<GameId, GameError> {
        let n = (self.birthday(g) + 1).next_power_of_two();
        if n > MAX_NIMBER {
            return Err(GameError::TooLarge {
                what: "the birthday of a game whose atomic weight is asked",
                limit: MAX_NIMBER / 2,
            });
        }
        self.nimber(n)
    }

    /// With `below`: the largest integer `n` such that no game of `bounds` is
    /// `≤ n`. Otherwise: the least `n` such that `n ≤` none of `bounds`.
    fn extreme_integer(&mut self, bounds: &[GameId], below: bool) -> Result<i64, GameError> {
        // n > L(B) implies B < n, and n < R(B) implies B > n: the answer lies
        // within [min R − 2, max L + 2].
        let mut lo = i64::MAX;
        let mut hi = i64::MIN;
        for &b in bounds {
            lo = lo.min(self.right_stop(b).floor() - 2);
            hi = hi.max(self.left_stop(b).ceil() + 2);
        }
        if bounds.is_empty() {
            return Ok(0);
        }
        if below {
            let mut n = lo;
            while n <= hi {
                let m = self.integer(n + 1)?;
                if bounds.iter().any(|&b| self.leq(b, m)) {
                    return Ok(n);
                }
                n += 1;
            }
            Ok(hi)
        } else {
            let mut n = hi;
            while n >= lo {
                let m = self.integer(n - 1)?;
                if bounds.iter().any(|&b| self.leq(m, b)) {
                    return Ok(n);
                }
                n -= 1;
            }
            Ok(lo)
        }
    }
}
