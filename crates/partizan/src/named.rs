//! Named games: nimbers `*n`, multiples of up `n·↑` (and `n·↑ + *`),
//! switches `±x`, tinies and minies.
//!
//! Their canonical forms are built directly from closed forms (Siegel,
//! *Combinatorial Game Theory*, §II.4; Winning Ways ch. 3): `*n = {*0, …,
//! *(n−1) | *0, …, *(n−1)}`; `↑ = {0 | *}`, `↑* = {0, * | 0}`, and for `n ≥ 2`
//! `n·↑ = {0 | (n−1)·↑ + *}`, `n·↑ + * = {0 | (n−1)·↑}`; `±G = {G | −G}`;
//! `tiny(G) = ⧾_G = {0 ‖ 0 | −G}` and `miny(G) = −tiny(G)`. The tests check the
//! closed forms against sums computed by definition.

use crate::dyadic::Dyadic;
use crate::error::GameError;
use crate::store::{GameId, GameStore, MAX_NIMBER, MAX_UP_MULTIPLE};

impl GameStore {
    /// The nimber `*n` (at most [`MAX_NIMBER`]).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.nimber(3).unwrap();
    /// assert_eq!(store.display(g), "*3");
    /// assert_eq!(store.left_options(g).len(), 3);
    /// assert!(store.nimber(1 << 20).is_err());
    /// ```
    pub fn nimber(&mut self, n: u64) -> Result<GameId, GameError> {
        if n > MAX_NIMBER {
            return Err(GameError::TooLarge {
                what: "a nimber",
                limit: MAX_NIMBER,
            });
        }
        while self.nimbers.len() as u64 <= n {
            let options = self.nimbers.clone();
            // Registered as a nimber by `intern_raw`.
            self.intern_raw(options.clone(), options);
        }
        Ok(self.nimbers[n as usize])
    }

    /// `↑ = {0 | *}`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let up = store.up();
    /// assert_eq!(store.display(up), "^");
    /// ```
    pub fn up(&mut self) -> GameId {
        self.build_ups(1);
        self.ups[0].0
    }

    /// `↓ = {* | 0}`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let down = store.down();
    /// assert_eq!(store.display(down), "v");
    /// ```
    pub fn down(&mut self) -> GameId {
        let up = self.up();
        self.neg(up)
    }

    fn build_ups(&mut self, n: usize) {
        let zero = self.zero();
        while self.ups.len() < n {
            let k = self.ups.len() + 1;
            let pair = if k == 1 {
                let star = self.nimbers_star();
                let up = self.intern_raw(vec![zero], vec![star]);
                let up_star = self.intern_raw(vec![zero, star], vec![zero]);
                (up, up_star)
            } else {
                let (prev, prev_star) = self.ups[k - 2];
                let up = self.intern_raw(vec![zero], vec![prev_star]);
                let up_star = self.intern_raw(vec![zero], vec![prev]);
                (up, up_star)
            };
            self.ups.push(pair);
            let n = k as i64;
            let (down, down_star) = (self.neg(pair.0), self.neg(pair.1));
            self.uptimal.insert(pair.0, (n, 0));
            self.uptimal.insert(pair.1, (n, 1));
            self.uptimal.insert(down, (-n, 0));
            self.uptimal.insert(down_star, (-n, 1));
        }
    }

    fn nimbers_star(&mut self) -> GameId {
        // *1 is within every limit.
        self.nimber(1).unwrap_or_else(|_| self.zero())
    }

    /// `n·↑ + *s`: closed forms for `s ∈ {0, 1}`, a sum otherwise
    /// (`|n|` at most [`MAX_UP_MULTIPLE`]).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.up_star(2, 1).unwrap();
    /// assert_eq!(store.display(g), "^^*");
    /// let h = store.up_star(-3, 2).unwrap();
    /// assert_eq!(store.display(h), "v3*2");
    /// ```
    pub fn up_star(&mut self, n: i64, s: u64) -> Result<GameId, GameError> {
        if n.unsigned_abs() > MAX_UP_MULTIPLE {
            return Err(GameError::TooLarge {
                what: "a multiple of up",
                limit: MAX_UP_MULTIPLE,
            });
        }
        let star = self.nimber(s)?;
        if n == 0 {
            return Ok(star);
        }
        let k = n.unsigned_abs() as usize;
        self.build_ups(k);
        let (up, up_star) = self.ups[k - 1];
        let positive = match s {
            0 => up,
            1 => up_star,
            _ => self.sum(up, star)?,
        };
        Ok(if n < 0 { self.neg(positive) } else { positive })
    }

    /// `±G = {G | −G}`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let one = store.integer(1).unwrap();
    /// let g = store.switch(one).unwrap();
    /// assert_eq!(store.display(g), "±1");
    /// ```
    pub fn switch(&mut self, g: GameId) -> Result<GameId, GameError> {
        let n = self.neg(g);
        self.game(&[g], &[n])
    }

    /// `±x` for a number.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.switch_number(Dyadic::new(1, 1).unwrap()).unwrap();
    /// assert_eq!(store.display(g), "±1/2");
    /// ```
    pub fn switch_number(&mut self, x: Dyadic) -> Result<GameId, GameError> {
        let g = self.number(x);
        self.switch(g)
    }

    /// `tiny(G) = {0 ‖ 0 | −G}` (Winning Ways ch. 5: "tiny-G", ⧾_G).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let one = store.integer(1).unwrap();
    /// let t = store.tiny(one).unwrap();
    /// assert_eq!(store.display(t), "{0||0|-1}");
    /// ```
    pub fn tiny(&mut self, g: GameId) -> Result<GameId, GameError> {
        let zero = self.zero();
        let n = self.neg(g);
        let inner = self.game(&[zero], &[n])?;
        self.game(&[zero], &[inner])
    }

    /// `miny(G) = −tiny(G) = {G | 0 ‖ 0}`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let one = store.integer(1).unwrap();
    /// let m = store.miny(one).unwrap();
    /// assert_eq!(store.display(m), "{1|0||0}");
    /// ```
    pub fn miny(&mut self, g: GameId) -> Result<GameId, GameError> {
        let t = self.tiny(g)?;
        Ok(self.neg(t))
    }
}
