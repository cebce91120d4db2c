//! Reduced canonical form: the simplest game infinitesimally close to `G`.
//!
//! Two games are equal *modulo Inf* when they differ by an infinitesimal;
//! `G ≥ H (mod Inf)` iff the right stop of `G − H` is `≥ 0` (Siegel,
//! *Combinatorial Game Theory*, §II.6). The reduced canonical form `rcf(G)`
//! is the unique simplest game in the class of `G` (Siegel §II.6, after
//! Calistrate and Grossman–Siegel, "Reductions of partizan games"): it is the
//! number `x` if both stops of `G` are `x`; otherwise it is obtained from
//! `{rcf(G^L) | rcf(G^R)}` by removing options dominated modulo Inf and
//! bypassing options reversible modulo Inf (a left option `A` with some
//! `A^R ≤ G (mod Inf)` is replaced by the left options of `A^R`), until none remain.
//! Bypassing changes the game only by an infinitesimal, so the comparisons
//! with `G` are made against the original `G`.

use crate::error::GameError;
use crate::store::{FxMap, GameId, GameStore};

impl GameStore {
    /// `G ≤ H` modulo infinitesimals: `R(H − G) ≥ 0`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let up = store.parse("^").unwrap();
    /// let zero = store.zero();
    /// assert!(store.leq_mod_inf(up, zero).unwrap() && store.leq_mod_inf(zero, up).unwrap());
    /// ```
    pub fn leq_mod_inf(&mut self, g: GameId, h: GameId) -> Result<bool, GameError> {
        let d = self.sub(h, g)?;
        Ok(self.right_stop(d) >= crate::Dyadic::ZERO)
    }

    /// The reduced canonical form of `G`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// for (text, reduced) in [("^*", "0"), ("*", "0"), ("{1|-1} + ^", "±1"), ("{2|*}", "1±1"), ("{2|{1|*}}", "{2||1|0}")] {
    ///     let g = store.parse(text).unwrap();
    ///     let r = store.rcf(g).unwrap();
    ///     assert_eq!(store.display(r), reduced);
    /// }
    /// ```
    pub fn rcf(&mut self, g: GameId) -> Result<GameId, GameError> {
        let mut memo = FxMap::default();
        self.rcf_rec(g, &mut memo)
    }

    fn rcf_rec(
        &mut self,
        g: GameId,
        memo: &mut FxMap<GameId, GameId>,
    ) -> Result<GameId, GameError> {
        if self.is_number(g) {
            return Ok(g);
        }
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        let (ls, rs) = (self.left_stop(g), self.right_stop(g));
        if ls == rs {
            let x = self.number(ls);
            memo.insert(g, x);
            return Ok(x);
        }
        let mut l = Vec::new();
        for o in self.left_options(g) {
            l.push(self.rcf_rec(o, memo)?);
        }
        let mut r = Vec::new();
        for o in self.right_options(g) {
            r.push(self.rcf_rec(o, memo)?);
        }
        loop {
            l = self.undominated_mod_inf(l, true)?;
            r = self.undominated_mod_inf(r, false)?;
            let mut changed = false;
            let mut new_l = Vec::new();
            for &a in &l {
                let mut reversal = None;
                for ar in self.right_options(a) {
                    if self.leq_mod_inf(ar, g)? {
                        reversal = Some(ar);
                        break;
                    }
                }
                match reversal {
                    Some(ar) => {
                        new_l.extend(self.left_options(ar));
                        changed = true;
                    }
                    None => new_l.push(a),
                }
            }
            let mut new_r = Vec::new();
            for &b in &r {
                let mut reversal = None;
                for bl in self.left_options(b) {
                    if self.leq_mod_inf(g, bl)? {
                        reversal = Some(bl);
                        break;
                    }
                }
                match reversal {
                    Some(bl) => {
                        new_r.extend(self.right_options(bl));
                        changed = true;
                    }
                    None => new_r.push(b),
                }
            }
            l = new_l;
            r = new_r;
            if !changed {
                break;
            }
        }
        let result = self.game(&l, &r)?;
        memo.insert(g, result);
        Ok(result)
    }

    /// Keeps one representative of each maximal (left) / minimal (right)
    /// class modulo Inf.
    fn undominated_mod_inf(
        &mut self,
        mut options: Vec<GameId>,
        left: bool,
    ) -> Result<Vec<GameId>, GameError> {
        options.sort_unstable();
        options.dedup();
        let mut keep = Vec::with_capacity(options.len());
        'outer: for (i, &a) in options.iter().enumerate() {
            for (j, &b) in options.iter().enumerate() {
                if i == j {
                    continue;
                }
                let (a_le_b, b_le_a) = if left {
                    (self.leq_mod_inf(a, b)?, self.leq_mod_inf(b, a)?)
                } else {
                    (self.leq_mod_inf(b, a)?, self.leq_mod_inf(a, b)?)
                };
                // a is dominated by b; among equivalent ones the first is kept.
                if a_le_b && (!b_le_a || j < i) {
                    continue 'outer;
                }
            }
            keep.push(a);
        }
        Ok(keep)
    }
}
