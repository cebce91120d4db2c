//! Construction of `{L1, L2, … | R1, R2, …}` in canonical form.
//!
//! The canonical form is reached by the two simplifications of Siegel,
//! *Combinatorial Game Theory*, §II.2 (Theorems 2.4–2.9; Winning Ways ch. 3):
//! removing *dominated* options (a left option `≤` another one, a right option
//! `≥` another one) and *bypassing reversible* ones (a left option `A` with
//! some `A^R ≤ G` is replaced by the left options of that `A^R`; dually on the
//! right), repeated until neither applies. When every option is a number and
//! every left option is below every right option, the game is the simplest
//! number between them (the simplicity theorem, Siegel §II.3).
//!
//! The comparisons with `G` itself, which is not yet in the store, are made by
//! the definition of `≤` on its option lists; all other comparisons are the
//! store's memoised ones.

use crate::dyadic::Dyadic;
use crate::error::GameError;
use crate::store::{GameId, GameStore};

impl GameStore {
    /// The canonical form of `{left | right}`; the options are games of this store.
    ///
    /// An error only if a number would leave the exact range (`{n |}` for the
    /// largest integer) or the game would be too deep ([`crate::store::MAX_HEIGHT`]).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let zero = store.zero();
    /// let one = store.integer(1).unwrap();
    /// let star = store.parse("*").unwrap();
    /// // {0, * | 0} is ↑*, {0 | 1} is 1/2 and {* | *} is 0.
    /// let g = store.game(&[zero, star], &[zero]).unwrap();
    /// assert_eq!(store.display(g), "^*");
    /// let h = store.game(&[zero], &[one]).unwrap();
    /// assert_eq!(store.display(h), "1/2");
    /// let s = store.game(&[star], &[star]).unwrap();
    /// assert_eq!(s, zero);
    /// ```
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, GameError> {
        if self.stopped() {
            return Err(GameError::Stopped);
        }
        let mut l = left.to_vec();
        let mut r = right.to_vec();
        loop {
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            l = self.undominated(l, true);
            r = self.undominated(r, false);
            if let Some(x) = self.number_between(&l, &r)? {
                return Ok(self.number(x));
            }
            let mut changed = false;
            let mut new_l = Vec::with_capacity(l.len());
            for &a in &l {
                let mut reversal = None;
                for ar in self.right_options(a) {
                    if self.leq_pending_right(ar, &l, &r) {
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
            let mut new_r = Vec::with_capacity(r.len());
            for &b in &r {
                let mut reversal = None;
                for bl in self.left_options(b) {
                    if self.leq_pending_left(&l, &r, bl) {
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
            if !changed {
                return self.intern_compound(l, r);
            }
            l = new_l;
            r = new_r;
        }
    }

    /// Keeps the maximal (left) or minimal (right) options of a sorted,
    /// deduplicated list of distinct games.
    fn undominated(&mut self, options: Vec<GameId>, left: bool) -> Vec<GameId> {
        if options.len() < 2 {
            return options;
        }
        let mut keep = Vec::with_capacity(options.len());
        'outer: for (i, &a) in options.iter().enumerate() {
            for (j, &b) in options.iter().enumerate() {
                if i != j {
                    let dominated = if left { self.leq(a, b) } else { self.leq(b, a) };
                    if dominated {
                        continue 'outer;
                    }
                }
            }
            keep.push(a);
        }
        keep
    }

    /// `Some(x)` if all options are numbers and `{L | R}` is the number `x`.
    fn number_between(&self, l: &[GameId], r: &[GameId]) -> Result<Option<Dyadic>, GameError> {
        let mut lo: Option<Dyadic> = None;
        for &a in l {
            match self.as_number(a) {
                Some(x) => lo = Some(lo.map_or(x, |m| m.max(x))),
                None => return Ok(None),
            }
        }
        let mut hi: Option<Dyadic> = None;
        for &b in r {
            match self.as_number(b) {
                Some(y) => hi = Some(hi.map_or(y, |m| m.min(y))),
                None => return Ok(None),
            }
        }
        if let (Some(a), Some(b)) = (lo, hi)
            && a >= b
        {
            return Ok(None);
        }
        Dyadic::simplest_between(lo, hi).map(Some)
    }

    /// `X ≤ G` where `G = {gl | gr}` is given by its option lists:
    /// no `X^L ≥ G` and no `G^R ≤ X`.
    pub(crate) fn leq_pending_right(&mut self, x: GameId, gl: &[GameId], gr: &[GameId]) -> bool {
        for &r in gr {
            if self.leq(r, x) {
                return false;
            }
        }
        for xl in self.left_options(x) {
            if self.leq_pending_left(gl, gr, xl) {
                return false;
            }
        }
        true
    }

    /// `G ≤ Y` where `G = {gl | gr}` is given by its option lists:
    /// no `G^L ≥ Y` and no `Y^R ≤ G`.
    pub(crate) fn leq_pending_left(&mut self, gl: &[GameId], gr: &[GameId], y: GameId) -> bool {
        for &l in gl {
            if self.leq(y, l) {
                return false;
            }
        }
        for yr in self.right_options(y) {
            if self.leq_pending_right(yr, gl, gr) {
                return false;
            }
        }
        true
    }
}
