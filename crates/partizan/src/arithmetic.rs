//! Disjunctive sum and negation of canonical games.
//!
//! `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}` and `−G = {−G^R | −G^L}`
//! (Siegel, *Combinatorial Game Theory*, §II.1; Winning Ways ch. 2), memoised
//! per pair in the store. Closed forms are used where they are theorems:
//! numbers add as dyadics; nimbers add by nim-sum (`*a + *b = *(a ⊕ b)`,
//! Siegel §II.4 / Winning Ways ch. 3); a number `x` plus a non-number `H` is
//! `{x + H^L | x + H^R}` *already in canonical form* (the Number Translation
//! Theorem, Siegel §II.3), so no simplification is run; and the negation of a
//! canonical game is canonical, so `−G` is interned directly; and
//! `(a·↑ + *s) + (b·↑ + *t) = (a + b)·↑ + *(s ⊕ t)` (Siegel §II.4) is built
//! from the closed forms of [`crate::named`] when `s ⊕ t ≤ 1`.
//! [`GameStore::sum_by_definition`] skips every shortcut and is the reference
//! the tests check the shortcuts against.

use crate::error::GameError;
use crate::store::{GameId, GameStore, MAX_UP_MULTIPLE};

/// Sums of games whose heights add up to at most this run on the caller's stack.
const SHALLOW_HEIGHT: u32 = 128;
/// Stack bytes reserved per level of a deep sum (ample for debug builds).
const STACK_PER_LEVEL: usize = 16 << 10;

impl GameStore {
    /// The disjunctive sum `G + H` in canonical form.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let up = store.parse("^").unwrap();
    /// let star = store.parse("*").unwrap();
    /// let g = store.sum(up, star).unwrap();
    /// assert_eq!(store.display(g), "^*");
    /// let h = store.sum(g, g).unwrap();
    /// assert_eq!(store.display(h), "^^");
    /// ```
    pub fn sum(&mut self, g: GameId, h: GameId) -> Result<GameId, GameError> {
        // The recursion is as deep as the two games are high; deep sums run
        // on a scoped thread whose stack is sized for them.
        let need = self.height(g) + self.height(h);
        if need <= SHALLOW_HEIGHT {
            return self.sum_rec(g, h);
        }
        let stack = STACK_PER_LEVEL * need as usize + (1 << 20);
        let store = &mut *self;
        std::thread::scope(|scope| {
            match std::thread::Builder::new()
                .stack_size(stack)
                .spawn_scoped(scope, move || store.sum_rec(g, h))
            {
                Ok(handle) => handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => Err(GameError::TooLarge {
                    what: "a sum needing a thread with a large stack",
                    limit: u64::from(need),
                }),
            }
        })
    }

    fn sum_rec(&mut self, g: GameId, h: GameId) -> Result<GameId, GameError> {
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sum_memo.get(&key) {
            return Ok(s);
        }
        let result = match (self.as_number(g), self.as_number(h)) {
            (Some(x), Some(y)) => {
                let z = x.checked_add(y)?;
                self.number(z)
            }
            (Some(_), None) => self.translate(g, h)?,
            (None, Some(_)) => self.translate(h, g)?,
            (None, None) => match (self.nimber_value(g), self.nimber_value(h)) {
                (Some(a), Some(b)) => self.nimber(a ^ b)?,
                _ => match (self.uptimal_value(g), self.uptimal_value(h)) {
                    // (a·↑ + *s) + (b·↑ + *t) = (a + b)·↑ + *(s ⊕ t), built
                    // by its closed form when s ⊕ t ≤ 1.
                    (Some((a, s)), Some((b, t)))
                        if s ^ t <= 1 && (a + b).unsigned_abs() <= MAX_UP_MULTIPLE =>
                    {
                        self.up_star(a + b, s ^ t)?
                    }
                    _ => self.sum_general(g, h, true)?,
                },
            },
        };
        self.sum_memo.insert(key, result);
        Ok(result)
    }

    /// `x + H` for a number `x` and a non-number `H`: `{x + H^L | x + H^R}`,
    /// canonical by the Number Translation Theorem.
    fn translate(&mut self, x: GameId, h: GameId) -> Result<GameId, GameError> {
        let (hl, hr) = {
            let (a, b) = self.stored(h);
            (a.to_vec(), b.to_vec())
        };
        let mut l = Vec::with_capacity(hl.len());
        for o in hl {
            l.push(self.sum_rec(x, o)?);
        }
        let mut r = Vec::with_capacity(hr.len());
        for o in hr {
            r.push(self.sum_rec(x, o)?);
        }
        self.intern_compound(l, r)
    }

    /// `G + H` by the definition, then simplified: the options are sums made
    /// with [`GameStore::sum`] when `shortcuts`, else recursively by definition.
    fn sum_general(&mut self, g: GameId, h: GameId, shortcuts: bool) -> Result<GameId, GameError> {
        let (gl, gr) = (self.left_options(g), self.right_options(g));
        let (hl, hr) = (self.left_options(h), self.right_options(h));
        let add = |store: &mut GameStore, a: GameId, b: GameId| {
            if shortcuts {
                store.sum_rec(a, b)
            } else {
                store.sum_general(a, b, false)
            }
        };
        let mut l = Vec::with_capacity(gl.len() + hl.len());
        for o in gl {
            l.push(add(self, o, h)?);
        }
        for o in hl {
            l.push(add(self, g, o)?);
        }
        let mut r = Vec::with_capacity(gr.len() + hr.len());
        for o in gr {
            r.push(add(self, o, h)?);
        }
        for o in hr {
            r.push(add(self, g, o)?);
        }
        self.game(&l, &r)
    }

    /// `G + H` by the definition alone, no closed form and no memo: the
    /// reference implementation (exponential; for tests on small games).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let a = store.parse("1/2").unwrap();
    /// let b = store.parse("{1|*}").unwrap();
    /// let fast = store.sum(a, b).unwrap();
    /// let slow = store.sum_by_definition(a, b).unwrap();
    /// assert_eq!(fast, slow);
    /// ```
    pub fn sum_by_definition(&mut self, g: GameId, h: GameId) -> Result<GameId, GameError> {
        self.sum_general(g, h, false)
    }

    /// The sum of many games (0 for none).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let s = store.parse("*").unwrap();
    /// let t = store.sum_all(&[s, s, s]).unwrap();
    /// assert_eq!(t, s);
    /// ```
    pub fn sum_all(&mut self, games: &[GameId]) -> Result<GameId, GameError> {
        let mut total = self.zero();
        for &g in games {
            total = self.sum(total, g)?;
        }
        Ok(total)
    }

    /// `(n, s)` if `g = n·↑ + *s` with `s ≤ 1` is known to the store.
    fn uptimal_value(&self, g: GameId) -> Option<(i64, u64)> {
        match self.nimber_value(g) {
            Some(s) if s <= 1 => Some((0, s)),
            Some(_) => None,
            None => self.uptimal.get(&g).copied(),
        }
    }

    /// The negative `−G = {−G^R | −G^L}`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2|{1|0}}").unwrap();
    /// let n = store.neg(g);
    /// assert_eq!(store.display(n), "{0|-1||-2}");
    /// ```
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(x) = self.as_number(g) {
            return self.number(-x);
        }
        if self.nimber_value(g).is_some() {
            return g;
        }
        if let Some(&n) = self.neg_memo.get(&g) {
            return n;
        }
        let (gl, gr) = {
            let (a, b) = self.stored(g);
            (a.to_vec(), b.to_vec())
        };
        let l: Vec<GameId> = gr.into_iter().map(|o| self.neg(o)).collect();
        let r: Vec<GameId> = gl.into_iter().map(|o| self.neg(o)).collect();
        // The negative of a canonical game is canonical, of the same height.
        let n = self.intern_raw(l, r);
        self.neg_memo.insert(g, n);
        self.neg_memo.insert(n, g);
        n
    }

    /// `G − H`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("^").unwrap();
    /// let d = store.sub(g, g).unwrap();
    /// assert_eq!(d, store.zero());
    /// ```
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId, GameError> {
        let n = self.neg(h);
        self.sum(g, n)
    }

    /// `n·G` for an integer `n` (repeated doubling; `−|n|·G` for negative `n`).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let up = store.parse("^").unwrap();
    /// let g = store.multiple(up, -3).unwrap();
    /// assert_eq!(store.display(g), "v3");
    /// ```
    pub fn multiple(&mut self, g: GameId, n: i64) -> Result<GameId, GameError> {
        let mut base = if n < 0 { self.neg(g) } else { g };
        let mut k = n.unsigned_abs();
        let mut total = self.zero();
        while k > 0 {
            if k & 1 == 1 {
                total = self.sum(total, base)?;
            }
            k >>= 1;
            if k > 0 {
                base = self.sum(base, base)?;
            }
        }
        Ok(total)
    }
}
