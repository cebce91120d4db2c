//! All-but subtraction games: from one heap, take any positive number of
//! tokens except the numbers of a finite excluded set E.
//!
//! Theorem (conjectured in *Winning Ways*, ch. 4, "all-but subtraction games";
//! proved by A. Siegel, *Finite excluded subtraction sets and infinite modular
//! Nim*, M.Sc. thesis, Dalhousie University 2005; see also D. Sleator and
//! M. Slusky, "Subtraction games with FES sets of size 3", arXiv:1201.3299):
//! the sequence g(0), g(1), … of every all-but subtraction game is ultimately
//! *arithmetic-periodic*: there are a preperiod n₀, a period p and a saltus
//! s > 0 with g(n + p) = g(n) + s for every n ≥ n₀. Siegel's theorem says such
//! p and s exist, but gives no finite test that a particular p and s found in
//! the data are the true ones, so sprague reports the period it finds as
//! *observed* (see [`sprague_engine::periodicity::find_arithmetic_period`]).
//! With E empty the game is Nim (p = 1, s = 1). For |E| ≤ 2 (Siegel) and
//! |E| = 3 (Sleator–Slusky) the sequence is *purely* arithmetic-periodic
//! (preperiod 0); `tests/heap_games.rs` checks this for every E ⊆ {1, …, 6}
//! with |E| ≤ 3, and that the period found in g(0..300) holds to 800.

use sprague_engine::{find_arithmetic_period, sweep, HeapFamily, Values};

use crate::error::GameError;
use crate::playable::{HeapPlayable, PlayableGame, Report};

/// The all-but subtraction game with excluded set E.
///
/// ```
/// use sprague_engine::{sweep, HeapFamily};
/// use sprague_games::allbut::AllButSubtraction;
/// let game = AllButSubtraction::new(vec![1, 2]).unwrap();
/// let values = sweep(&game, 11, 0).unwrap();
/// assert_eq!(values.computed(), &[0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
/// assert!(AllButSubtraction::new(vec![0]).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct AllButSubtraction {
    excluded: Vec<u64>,
}

impl AllButSubtraction {
    /// The game excluding the takes `excluded` (sorted, duplicates removed).
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when E contains 0 (0 is never a move).
    pub fn new(mut excluded: Vec<u64>) -> Result<Self, GameError> {
        if excluded.contains(&0) {
            let words: Vec<String> = excluded.iter().map(u64::to_string).collect();
            return Err(GameError::InvalidParameter {
                description: format!("allbut:{}", words.join(",")),
                reason: "0 is never a take, so it cannot be excluded; list positive numbers, e.g. allbut:1,2"
                    .to_string(),
            });
        }
        excluded.sort_unstable();
        excluded.dedup();
        Ok(Self { excluded })
    }

    /// The excluded takes, ascending.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }
}

impl HeapFamily for AllButSubtraction {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for take in 1..=heap {
            if self.excluded.binary_search(&take).is_err() {
                visit(&[heap - take]);
            }
        }
    }
}

/// The all-but game as a [`PlayableGame`]: heap sums as for every heap
/// family, and `sprague values` with the arithmetic period found.
pub struct AllButPlayable {
    inner: HeapPlayable<AllButSubtraction>,
}

impl AllButPlayable {
    /// The playable game of `game`.
    ///
    /// ```
    /// use sprague_games::{allbut::{AllButPlayable, AllButSubtraction}, PlayableGame};
    /// let game = AllButPlayable::new(AllButSubtraction::new(vec![1, 2]).unwrap());
    /// let values = game.values(60).unwrap();
    /// let found = values.arithmetic_periodicity().unwrap();
    /// assert_eq!((found.preperiod, found.period, found.saltus), (0, 3, 1));
    /// ```
    pub fn new(game: AllButSubtraction) -> Self {
        let words: Vec<String> = game.excluded().iter().map(u64::to_string).collect();
        let (description, title) = if words.is_empty() {
            (
                "allbut:".to_string(),
                "All-but subtraction game excluding nothing (Nim)".to_string(),
            )
        } else {
            (
                format!("allbut:{}", words.join(",")),
                format!(
                    "All-but subtraction game (any take except {})",
                    words.join(", ")
                ),
            )
        };
        Self {
            inner: HeapPlayable::new(description, title, game),
        }
    }
}

impl PlayableGame for AllButPlayable {
    fn description(&self) -> String {
        self.inner.description()
    }

    fn title(&self) -> String {
        self.inner.title()
    }

    fn position_syntax(&self) -> String {
        self.inner.position_syntax()
    }

    fn heap_family(&self) -> Option<&dyn HeapFamily> {
        self.inner.heap_family()
    }

    fn analyze(&self, words: &[String]) -> Result<Report, GameError> {
        for word in words {
            if let Ok(heap) = word.trim().parse::<u64>() {
                if heap > MAX_ANALYZED_HEAP {
                    return Err(GameError::PositionTooLarge {
                        reason: format!(
                            "a heap of {heap} is beyond what is computed for all-but games ({MAX_ANALYZED_HEAP}): their values are computed by an O(n²) sweep, and the arithmetic period is only observed, not proven"
                        ),
                    });
                }
            }
        }
        self.inner.analyze(words)
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        self.inner.analyze_misere(words)
    }

    fn analyze_every_sg(&self, words: &[String]) -> Result<Report, GameError> {
        self.inner.analyze_every_sg(words)
    }

    fn values(&self, to: u64) -> Result<Values, GameError> {
        let family = self
            .inner
            .heap_family()
            .ok_or_else(|| GameError::NotAHeapFamily {
                game: self.description(),
            })?;
        // At least a few hundred values, so that the arithmetic period is seen.
        let values = sweep(family, to.max(ARITHMETIC_HORIZON), 0)?;
        let found = find_arithmetic_period(values.computed());
        Ok(values.with_arithmetic_periodicity(found))
    }
}

/// The largest heap `sprague analyze` evaluates in an all-but game.
pub const MAX_ANALYZED_HEAP: u64 = 20_000;

/// How many values are computed at least when looking for an arithmetic period.
pub const ARITHMETIC_HORIZON: u64 = 300;
