//! Cooling `G_t` and heating `∫^t G`.
//!
//! Cooling by `t` (Siegel, *Combinatorial Game Theory*, §II.5, Definition of
//! `G_t`; Winning Ways ch. 6): `G_t = {G^L_t − t | G^R_t + t}`, unless some
//! `t' < t` makes `G_{t'}` infinitely close to a number `x`, in which case
//! `G_t = x`. Such `t'` exist exactly when `t` exceeds the temperature of `G`,
//! and `x` is then the mast value, so the thermograph decides the case.
//! Heating by `t` (Siegel §II.5, Winning Ways ch. 6) is the formal inverse:
//! `∫^t x = x` for a number, otherwise `∫^t G = {∫^t G^L + t | ∫^t G^R − t}`
//! on the canonical form.

use crate::dyadic::Dyadic;
use crate::error::GameError;
use crate::store::{FxMap, GameId, GameStore};

impl GameStore {
    /// `G` cooled by `t` (`t > −1`).
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3|-1}").unwrap();
    /// let c = store.cool(g, Dyadic::ONE).unwrap();
    /// assert_eq!(store.display(c), "1±1");
    /// let d = store.cool(g, Dyadic::small(2)).unwrap();
    /// assert_eq!(store.display(d), "1*");
    /// let e = store.cool(g, Dyadic::small(3)).unwrap();
    /// assert_eq!(store.display(e), "1");
    /// ```
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, GameError> {
        if t <= Dyadic::small(-1) {
            return Err(GameError::Undefined(
                "cooling is defined for temperatures t > -1",
            ));
        }
        let mut memo = FxMap::default();
        self.cool_rec(g, t, &mut memo)
    }

    fn cool_rec(
        &mut self,
        g: GameId,
        t: Dyadic,
        memo: &mut FxMap<GameId, GameId>,
    ) -> Result<GameId, GameError> {
        if let Some(&c) = memo.get(&g) {
            return Ok(c);
        }
        let th = self.thermograph(g)?;
        let result = if t > th.temperature() {
            self.number(th.mast())
        } else {
            let minus_t = self.number(-t);
            let plus_t = self.number(t);
            let mut l = Vec::new();
            for o in self.left_options(g) {
                let c = self.cool_rec(o, t, memo)?;
                l.push(self.sum(c, minus_t)?);
            }
            let mut r = Vec::new();
            for o in self.right_options(g) {
                let c = self.cool_rec(o, t, memo)?;
                r.push(self.sum(c, plus_t)?);
            }
            self.game(&l, &r)?
        };
        memo.insert(g, result);
        Ok(result)
    }

    /// `G` heated by `t`: `∫^t G`.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let s = store.parse("*").unwrap();
    /// let h = store.heat(s, Dyadic::small(2)).unwrap();
    /// assert_eq!(store.display(h), "±2");
    /// let up = store.parse("^").unwrap();
    /// let hu = store.heat(up, Dyadic::ONE).unwrap();
    /// let expected = store.parse("{1|{0|-2}}").unwrap();
    /// assert_eq!(hu, expected);
    /// ```
    pub fn heat(&mut self, g: GameId, t: Dyadic) -> Result<GameId, GameError> {
        let mut memo = FxMap::default();
        self.heat_rec(g, t, &mut memo)
    }

    fn heat_rec(
        &mut self,
        g: GameId,
        t: Dyadic,
        memo: &mut FxMap<GameId, GameId>,
    ) -> Result<GameId, GameError> {
        if self.is_number(g) {
            return Ok(g);
        }
        if let Some(&h) = memo.get(&g) {
            return Ok(h);
        }
        let minus_t = self.number(-t);
        let plus_t = self.number(t);
        let mut l = Vec::new();
        for o in self.left_options(g) {
            let h = self.heat_rec(o, t, memo)?;
            l.push(self.sum(h, plus_t)?);
        }
        let mut r = Vec::new();
        for o in self.right_options(g) {
            let h = self.heat_rec(o, t, memo)?;
            r.push(self.sum(h, minus_t)?);
        }
        let result = self.game(&l, &r)?;
        memo.insert(g, result);
        Ok(result)
    }
}
