//! The arena of canonical short games: [`GameStore`] and [`GameId`].
//!
//! Every short game has a unique canonical form (Siegel, *Combinatorial Game
//! Theory*, §II.2, Theorem 2.9; Winning Ways ch. 3), whose options are
//! themselves canonical. The store keeps each canonical form once
//! (hash-consing): a compound game is keyed by its sorted, deduplicated lists
//! of option ids, a number by its [`Dyadic`] value, so two ids are equal
//! exactly when the games are equal, and `==` on [`GameId`] is game equality.
//!
//! Numbers are kept as values, not as chains of options: the integer 10¹⁸ is
//! one node, and its options (`{n−1 |}`, `{x − 2^−k | x + 2^−k}`) are made on
//! demand. Each node also keeps its birthday, height and stops. All memo
//! tables (comparison, sum, negation, thermographs)
//! live in the store, which the caller owns: there is no global state.

use crate::dyadic::Dyadic;
use crate::error::GameError;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A small fast hasher for integer keys (the multiply-rotate scheme of rustc's
/// FxHasher); the keys are ids made by the store, not adversarial input.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A `HashMap` with [`FxHasher`].
pub(crate) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The id of a canonical game in a [`GameStore`]. Equal ids are equal games.
/// An id belongs to the store that made it; using it with another store is a
/// programming error (it may name another game or be out of range).
///
/// ```
/// use sprague_partizan::GameStore;
/// let mut store = GameStore::new();
/// let a = store.parse("{0,*|0}").unwrap();
/// let b = store.parse("^*").unwrap();
/// assert_eq!(a, b);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(pub(crate) u32);

impl GameId {
    /// The index of the game in its store (ids are dense, from 0).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let store = GameStore::new();
    /// assert_eq!(store.zero().index(), 0);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One canonical game: a number (options made on demand) or option lists.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    Number(Dyadic),
    Compound {
        left: Box<[GameId]>,
        right: Box<[GameId]>,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct NodeData {
    pub(crate) node: Node,
    pub(crate) birthday: u64,
    /// 0 for numbers, else 1 + the largest height of an option: bounds the
    /// depth of every recursion of this crate (numbers are short-circuited).
    pub(crate) height: u32,
    /// The left and right stops (Siegel §II.3), computed when the game is made.
    pub(crate) stops: (Dyadic, Dyadic),
}

/// The key of a compound game: its sorted left and right option ids.
pub(crate) type OptionLists = (Box<[GameId]>, Box<[GameId]>);

/// The largest height (longest chain of non-number options) of a game the
/// store builds; deeper results are refused with [`GameError::TooLarge`] so
/// that no recursion can exhaust the stack.
pub const MAX_HEIGHT: u32 = 1000;

/// The largest nimber `*n` the store builds (nim-sums of such stay below 512).
pub const MAX_NIMBER: u64 = 511;

/// The largest `|n|` for which `n·↑` is built by its closed form.
pub const MAX_UP_MULTIPLE: u64 = 500;

/// The arena of canonical games with its memo tables.
///
/// ```
/// use sprague_partizan::{GameStore, Outcome};
/// let mut store = GameStore::new();
/// let g = store.parse("{1|-1} + 1/2").unwrap();
/// assert_eq!(store.display(g), "{3/2|-1/2}");
/// assert_eq!(store.outcome(g), Outcome::N);
/// ```
#[derive(Clone, Debug)]
pub struct GameStore {
    pub(crate) nodes: Vec<NodeData>,
    pub(crate) number_ids: FxMap<Dyadic, GameId>,
    pub(crate) compound_ids: FxMap<OptionLists, GameId>,
    pub(crate) leq_memo: FxMap<(GameId, GameId), bool>,
    pub(crate) sum_memo: FxMap<(GameId, GameId), GameId>,
    pub(crate) neg_memo: FxMap<GameId, GameId>,
    pub(crate) nimbers: Vec<GameId>,
    pub(crate) nimber_of: FxMap<GameId, u64>,
    /// `ups[n-1] = (n·↑, n·↑ + *)` for n ≥ 1.
    pub(crate) ups: Vec<(GameId, GameId)>,
    /// `n·↑ + *s` (`s ≤ 1`) for the games built by their closed forms and their negatives.
    pub(crate) uptimal: FxMap<GameId, (i64, u64)>,
    pub(crate) thermographs: FxMap<GameId, crate::thermograph::Thermograph>,
    pub(crate) all_small: FxMap<GameId, bool>,
    pub(crate) shapes: FxMap<GameId, crate::print::Shape>,
    /// Raised by the caller to stop a long computation (the web server's time budget):
    /// every new game built asks it, so sums, thermographs and parses end with
    /// [`GameError::Stopped`] within moments.
    pub(crate) stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Set to the number of games in the store as they are built, for a progress display.
    counter: Option<std::sync::Arc<std::sync::atomic::AtomicUsize>>,
}

impl Default for GameStore {
    fn default() -> Self {
        Self::new()
    }
}

impl GameStore {
    /// An empty store holding only `0`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let store = GameStore::new();
    /// assert_eq!(store.len(), 1);
    /// ```
    pub fn new() -> GameStore {
        let mut store = GameStore {
            nodes: Vec::new(),
            number_ids: FxMap::default(),
            compound_ids: FxMap::default(),
            leq_memo: FxMap::default(),
            sum_memo: FxMap::default(),
            neg_memo: FxMap::default(),
            nimbers: Vec::new(),
            nimber_of: FxMap::default(),
            ups: Vec::new(),
            uptimal: FxMap::default(),
            thermographs: FxMap::default(),
            all_small: FxMap::default(),
            shapes: FxMap::default(),
            stop: None,
            counter: None,
        };
        let zero = store.number(Dyadic::ZERO);
        store.nimbers.push(zero);
        store.nimber_of.insert(zero, 0);
        store
    }

    /// Stops this store's long computations when `flag` is raised: each new game built
    /// asks it, and the computation ends with [`GameError::Stopped`] (the web server sets
    /// the request's stop flag, raised at its time budget).
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use sprague_partizan::{GameError, GameStore};
    /// let mut store = GameStore::new();
    /// store.stop_when(Arc::new(AtomicBool::new(true)));
    /// assert_eq!(store.parse("{1|-1} + {2|-2}"), Err(GameError::Stopped));
    /// ```
    pub fn stop_when(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Keeps `counter` at the number of games in the store while games are built, so that
    /// another thread can show the progress of a long computation (`sprague cgt`).
    ///
    /// ```
    /// use std::sync::{Arc, atomic::{AtomicUsize, Ordering}};
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let counter = Arc::new(AtomicUsize::new(0));
    /// store.count_games(Arc::clone(&counter));
    /// store.parse("{2|-2} + {1|-1}").unwrap();
    /// assert_eq!(counter.load(Ordering::Relaxed), store.len());
    /// ```
    pub fn count_games(&mut self, counter: std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        counter.store(self.nodes.len(), std::sync::atomic::Ordering::Relaxed);
        self.counter = Some(counter);
    }

    /// Adds a node (keeping the progress counter up to date) and returns its id.
    fn push_node(&mut self, data: NodeData) -> GameId {
        let id = GameId(self.nodes.len() as u32);
        self.nodes.push(data);
        if let Some(counter) = &self.counter {
            counter.store(self.nodes.len(), std::sync::atomic::Ordering::Relaxed);
        }
        id
    }

    /// Whether the caller asked this store's computations to stop.
    pub(crate) fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// How many distinct canonical games the store holds.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// store.parse("*").unwrap();
    /// assert_eq!(store.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store is empty (never: it always holds `0`).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// assert!(!GameStore::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Forgets the memo tables (comparisons, sums, thermographs), keeping the games.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("^ + *").unwrap();
    /// store.clear_memos();
    /// assert_eq!(store.display(g), "^*");
    /// ```
    pub fn clear_memos(&mut self) {
        self.leq_memo.clear();
        self.sum_memo.clear();
        self.neg_memo.clear();
        self.thermographs.clear();
        self.all_small.clear();
        self.shapes.clear();
    }

    /// The game `0 = { | }`.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let zero = store.zero();
    /// assert_eq!(store.display(zero), "0");
    /// ```
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The number `x` as a game.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.number(Dyadic::new(-3, 2).unwrap());
    /// assert_eq!(store.display(g), "-3/4");
    /// assert_eq!(store.birthday(g), 3);
    /// ```
    pub fn number(&mut self, x: Dyadic) -> GameId {
        if let Some(&id) = self.number_ids.get(&x) {
            return id;
        }
        let magnitude = x.numerator().unsigned_abs();
        let birthday = if x.is_integer() {
            magnitude
        } else {
            (magnitude >> x.exponent()) + 1 + u64::from(x.exponent())
        };
        let id = self.push_node(NodeData {
            node: Node::Number(x),
            birthday,
            height: 0,
            stops: (x, x),
        });
        self.number_ids.insert(x, id);
        id
    }

    /// The integer `n` as a game (`i64::MIN` is refused).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.integer(-2).unwrap();
    /// assert_eq!(store.display(g), "-2");
    /// ```
    pub fn integer(&mut self, n: i64) -> Result<GameId, GameError> {
        Ok(self.number(Dyadic::from_int(n)?))
    }

    /// Interns a game whose option lists are known to be canonical and form a
    /// canonical game that is not a number (sorted here); refuses a game
    /// higher than [`MAX_HEIGHT`].
    pub(crate) fn intern_compound(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
    ) -> Result<GameId, GameError> {
        let height = left
            .iter()
            .chain(right.iter())
            .map(|&o| self.nodes[o.index()].height)
            .max()
            .unwrap_or(0);
        if height >= MAX_HEIGHT {
            return Err(GameError::TooLarge {
                what: "the height of a game (longest chain of non-number options)",
                limit: u64::from(MAX_HEIGHT),
            });
        }
        Ok(self.intern_raw(left, right))
    }

    /// [`GameStore::intern_compound`] without the height check (for
    /// negation, which keeps heights).
    pub(crate) fn intern_raw(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.compound_ids.get(&key) {
            return id;
        }
        let mut birthday = 0;
        let mut height = 0;
        for &o in key.0.iter().chain(key.1.iter()) {
            birthday = birthday.max(self.nodes[o.index()].birthday);
            height = height.max(self.nodes[o.index()].height);
        }
        // L(G) = max R(G^L), R(G) = min L(G^R); a canonical non-number has
        // options on both sides (the fallbacks are for completeness).
        let left = key.0.iter().map(|&o| self.nodes[o.index()].stops.1).max();
        let right = key.1.iter().map(|&o| self.nodes[o.index()].stops.0).min();
        let stops = match (left, right) {
            (Some(l), Some(r)) => (l, r),
            (Some(l), None) => (l, l),
            (None, Some(r)) => (r, r),
            (None, None) => (Dyadic::ZERO, Dyadic::ZERO),
        };
        let id = self.push_node(NodeData {
            node: Node::Compound {
                left: key.0.clone(),
                right: key.1.clone(),
            },
            birthday: birthday + 1,
            height: height + 1,
            stops,
        });
        // A nimber *n = {*0..*(n−1) | *0..*(n−1)} is registered as such
        // however it was reached; its options *0..*(n−1) were made before it.
        let (left, right) = &key;
        let n = left.len();
        if left == right && self.nimbers.len() == n && left[..] == self.nimbers[..] {
            self.nimbers.push(id);
            self.nimber_of.insert(id, n as u64);
        }
        self.compound_ids.insert(key, id);
        id
    }

    /// The value of `g` if it is a number.
    ///
    /// ```
    /// use sprague_partizan::{Dyadic, GameStore};
    /// let mut store = GameStore::new();
    /// let g = store.parse("{0|1}").unwrap();
    /// assert_eq!(store.as_number(g), Some(Dyadic::new(1, 1).unwrap()));
    /// let s = store.parse("*").unwrap();
    /// assert_eq!(store.as_number(s), None);
    /// ```
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        match self.nodes[g.index()].node {
            Node::Number(x) => Some(x),
            Node::Compound { .. } => None,
        }
    }

    /// Whether `g` is a number.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{*|*}").unwrap();
    /// assert!(store.is_number(g));
    /// ```
    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// The birthday of `g`: the height of its canonical game tree (Siegel §II.2).
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{0||0|-1}").unwrap();
    /// assert_eq!(store.birthday(g), 3);
    /// ```
    pub fn birthday(&self, g: GameId) -> u64 {
        self.nodes[g.index()].birthday
    }

    /// 0 for numbers, else 1 + the largest height of an option.
    pub(crate) fn height(&self, g: GameId) -> u32 {
        self.nodes[g.index()].height
    }

    /// The stored option lists of a compound game (empty for numbers).
    pub(crate) fn stored(&self, g: GameId) -> (&[GameId], &[GameId]) {
        match &self.nodes[g.index()].node {
            Node::Number(_) => (&[], &[]),
            Node::Compound { left, right } => (left, right),
        }
    }

    pub(crate) fn left_len(&self, g: GameId) -> usize {
        self.stored(g).0.len()
    }
    pub(crate) fn right_len(&self, g: GameId) -> usize {
        self.stored(g).1.len()
    }
    pub(crate) fn left_at(&self, g: GameId, i: usize) -> GameId {
        self.stored(g).0[i]
    }
    pub(crate) fn right_at(&self, g: GameId, i: usize) -> GameId {
        self.stored(g).1[i]
    }

    /// The canonical options of the number `x`: `n = {n−1 |}`, `−n = {| −n+1}`,
    /// `m/2^k = {(m−1)/2^k | (m+1)/2^k}` (Siegel §II.3).
    pub(crate) fn number_options(x: Dyadic) -> (Option<Dyadic>, Option<Dyadic>) {
        if x.is_integer() {
            let n = x.numerator();
            if n > 0 {
                (Dyadic::from_int(n - 1).ok(), None)
            } else if n < 0 {
                (None, Dyadic::from_int(n + 1).ok())
            } else {
                (None, None)
            }
        } else {
            let step = Dyadic::new(1, x.exponent()).ok();
            let lo = step.and_then(|s| x.checked_sub(s).ok());
            let hi = step.and_then(|s| x.checked_add(s).ok());
            (lo, hi)
        }
    }

    /// The left options of `g` in canonical form.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("3/4").unwrap();
    /// let l = store.left_options(g);
    /// assert_eq!(store.display(l[0]), "1/2");
    /// ```
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        match self.nodes[g.index()].node {
            Node::Number(x) => Self::number_options(x)
                .0
                .into_iter()
                .map(|y| self.number(y))
                .collect(),
            Node::Compound { ref left, .. } => left.to_vec(),
        }
    }

    /// The right options of `g` in canonical form.
    ///
    /// ```
    /// use sprague_partizan::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2||1|0}").unwrap();
    /// let r = store.right_options(g);
    /// assert_eq!(store.display(r[0]), "{1|0}");
    /// ```
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        match self.nodes[g.index()].node {
            Node::Number(x) => Self::number_options(x)
                .1
                .into_iter()
                .map(|y| self.number(y))
                .collect(),
            Node::Compound { ref right, .. } => right.to_vec(),
        }
    }
}
