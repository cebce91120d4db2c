//! All-but subtraction games: from one heap, take any positive number of
//! tokens except the numbers of a finite excluded set E.
//!
//! Theorem (conjectured in *Winning Ways*, ch. 4, "all-but subtraction games";
//! proved by A. Siegel, *Finite excluded subtraction sets and infinite modular
//! Nim*, M.Sc. thesis, Dalhousie University 2005; see also D. Sleator and
//! M. Slusky, "Subtraction games with FES sets of size 3", arXiv:1201.3299):
//! the sequence g(0), g(1), … of every all-but subtraction game is ultimately
//! *arithmetic-periodic*: there are a preperiod n₀, a period p and a saltus
//! s > 0 with g(n + p) = g(n) + s for every n ≥ n₀.
//!
//! Siegel's theorem says such p and s exist; sprague proves the particular p
//! and s it finds with a window argument ([`prove_arithmetic_period`]), in the
//! spirit of the subtraction-game window theorem. With M = max E, g(n) is the
//! mex of the *old* values Pₙ = {g(j) : j < n − M} together with the values
//! g(n − d) for 1 ≤ d ≤ M, d ∉ E. If for some k₀ ≥ M
//!
//! - (window) g(j + p) = g(j) + s for k₀ − M ≤ j < k₀, and
//! - (old values) P_{k₀+p} = {0, …, s − 1} ∪ (P_{k₀} + s),
//!
//! then by induction on n ≥ k₀ both facts move one step on (the value leaving
//! the window joins the old values, shifted by s on both sides) and
//! mex({0, …, s − 1} ∪ (V + s)) = mex(V) + s, so g(n + p) = g(n) + s for every
//! n ≥ k₀ − M. The check needs g(0..k₀ + p).
//! With E empty the game is Nim (p = 1, s = 1). For |E| ≤ 2 (Siegel) and
//! |E| = 3 (Sleator–Slusky) the sequence is *purely* arithmetic-periodic
//! (preperiod 0); `tests/heap_games.rs` checks this for every E ⊆ {1, …, 6}
//! with |E| ≤ 3, and that the period found in g(0..300) holds to 800.

use sprague_engine::{
    find_arithmetic_period, sweep_observed, ArithmeticPeriodicity, HeapFamily, Values,
};

use crate::error::GameError;
use crate::heap_analysis::analyze_heaps;
use crate::playable::{
    evaluate_sum_moves, parse_heap, require_position, Evaluation, HeapPlayable, PlayableGame,
    Report,
};
use crate::position::{Move, Position};

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

/// Proves the arithmetic period `found` of the all-but game whose largest
/// excluded take is `largest_excluded` (0 when nothing is excluded) from the
/// values `values` = g(0..), by the window argument of the module
/// documentation. Returns the period marked proven, or `None` when no k₀ in
/// the data satisfies the two conditions.
///
/// ```
/// use sprague_engine::{find_arithmetic_period, sweep};
/// use sprague_games::allbut::{prove_arithmetic_period, AllButSubtraction};
/// let game = AllButSubtraction::new(vec![1, 2]).unwrap();
/// let values = sweep(&game, 60, 0).unwrap();
/// let found = find_arithmetic_period(values.computed()).unwrap();
/// let proven = prove_arithmetic_period(values.computed(), 2, found).unwrap();
/// assert!(proven.proven);
/// ```
pub fn prove_arithmetic_period(
    values: &[u64],
    largest_excluded: u64,
    found: ArithmeticPeriodicity,
) -> Option<ArithmeticPeriodicity> {
    let window = usize::try_from(largest_excluded).ok()?;
    let period = usize::try_from(found.period).ok()?;
    let saltus = found.saltus;
    let first = usize::try_from(found.preperiod)
        .ok()?
        .saturating_add(window);
    let distinct = |end: usize| {
        let mut set: Vec<u64> = values[..end].to_vec();
        set.sort_unstable();
        set.dedup();
        set
    };
    for start in first..first.saturating_add(64) {
        if start.saturating_add(period) > values.len() {
            return None;
        }
        let window_repeats = (start - window..start)
            .all(|j| values[j].checked_add(saltus) == Some(values[j + period]));
        if !window_repeats {
            continue;
        }
        let old = distinct(start - window);
        let later = distinct(start + period - window);
        let mut expected: Vec<u64> = (0..saltus).collect();
        expected.extend(old.iter().map(|&v| v + saltus));
        expected.sort_unstable();
        expected.dedup();
        if later == expected {
            return Some(ArithmeticPeriodicity {
                proven: true,
                theorem: Some(
                    "the all-but window theorem (a repeated window and shifted old values)",
                ),
                ..found
            });
        }
    }
    None
}

/// The all-but game as a [`PlayableGame`]: heap sums as for every heap
/// family, and `sprague values` with the arithmetic period found.
pub struct AllButPlayable {
    inner: HeapPlayable<AllButSubtraction>,
    game: AllButSubtraction,
    /// g(0..=ARITHMETIC_HORIZON) with its (proven or observed) arithmetic period, once computed.
    horizon: std::sync::OnceLock<Values>,
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
            inner: HeapPlayable::new(description, title, game.clone()),
            game,
            horizon: std::sync::OnceLock::new(),
        }
    }

    fn inner_game(&self) -> &AllButSubtraction {
        &self.game
    }
}

impl PlayableGame for AllButPlayable {
    fn components_commute(&self) -> bool {
        true
    }

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

    fn move_syntax(&self) -> String {
        self.inner.move_syntax()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        self.inner.position(words)
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        self.inner.moves(position)
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        self.inner.parse_move(position, text)
    }

    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        evaluate_sum_moves(self, moves)
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let values = match self.horizon.get() {
            Some(values) => values.clone(),
            None => {
                let values = self.values(0)?;
                self.horizon.get_or_init(|| values.clone()).clone()
            }
        };
        if let Some(period) = values.arithmetic_periodicity().filter(|found| found.proven) {
            // A proven arithmetic period is a closed form for every heap.
            require_position(words, &self.description(), "3 4 5")?;
            let heaps = words
                .iter()
                .map(|word| parse_heap(word))
                .collect::<Result<Vec<u64>, GameError>>()?;
            let solved = SolvedAllBut {
                game: &self.game,
                known: values.computed().to_vec(),
                period,
            };
            let analysis = analyze_heaps(&solved, &heaps)?;
            let mut report = Report::from_analysis(analysis.map_positions(|h| h.to_string()));
            report.method =
                format!("Sprague–Grundy theorem, with g(n) from the arithmetic period: {period}");
            return Ok(report);
        }
        for word in words {
            if let Ok(heap) = word.trim().parse::<u64>() {
                if heap > MAX_ANALYZED_HEAP {
                    return Err(GameError::PositionTooLarge {
                        reason: format!(
                            "a heap of {heap} is beyond what is computed for this all-but game ({MAX_ANALYZED_HEAP}): its values come from an O(n²) sweep, as no arithmetic period was proven"
                        ),
                    });
                }
            }
        }
        self.inner.analyze_words(words)
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        self.inner.analyze_misere(words)
    }

    fn analyze_every_sg(&self, words: &[String]) -> Result<Report, GameError> {
        self.inner.analyze_every_sg(words)
    }

    fn values_observed(
        &self,
        to: u64,
        observe: &mut dyn FnMut(u64) -> std::ops::ControlFlow<()>,
    ) -> Result<Values, GameError> {
        let family = self
            .inner
            .heap_family()
            .ok_or_else(|| GameError::NotAHeapFamily {
                game: self.description(),
            })?;
        // Sweep 300, 1200, 4800 values until the arithmetic period is proven;
        // values past the table then come from the period. Without a proof the
        // table goes on to `to`, but not past MAX_ANALYZED_HEAP.
        let largest_excluded = self.inner_game().excluded().last().copied().unwrap_or(0);
        let mut horizon = ARITHMETIC_HORIZON;
        loop {
            let length = if horizon >= PROOF_LIMIT {
                // Unproven so far: the O(n²) sweep goes on to `to`, but not past MAX_ANALYZED_HEAP.
                to.min(MAX_ANALYZED_HEAP).max(horizon)
            } else {
                horizon
            };
            let values = sweep_observed(family, length, 0, observe)?;
            let found = find_arithmetic_period(values.computed()).map(|found| {
                prove_arithmetic_period(values.computed(), largest_excluded, found).unwrap_or(found)
            });
            if found.is_some_and(|found| found.proven) || horizon >= PROOF_LIMIT {
                // Values past an unproven table are reported missing by the caller.
                return Ok(values.with_arithmetic_periodicity(found));
            }
            horizon *= 4;
        }
    }
}

/// An all-but game whose values come from a proven arithmetic period.
struct SolvedAllBut<'a> {
    game: &'a AllButSubtraction,
    known: Vec<u64>,
    period: ArithmeticPeriodicity,
}

impl HeapFamily for SolvedAllBut<'_> {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        self.game.for_each_option(heap, visit)
    }

    fn closed_form(&self, heap: u64) -> Option<u64> {
        self.period.extend(&self.known, heap)
    }

    fn options_with_value(&self, heap: u64, target: u64) -> Option<Vec<Vec<u64>>> {
        // The heaps m < heap with g(m) = target: in the preperiod, or
        // m = r + k·p with g(r) + k·s = target for a residue r of the first period.
        let ArithmeticPeriodicity {
            preperiod,
            period,
            saltus,
            ..
        } = self.period;
        let mut found = Vec::new();
        for m in 0..preperiod.min(heap) {
            if self.closed_form(m) == Some(target) {
                found.push(m);
            }
        }
        for residue in preperiod..preperiod + period {
            let base = self.closed_form(residue)?;
            if target < base || saltus == 0 || !(target - base).is_multiple_of(saltus) {
                continue;
            }
            let m = ((target - base) / saltus)
                .checked_mul(period)
                .and_then(|offset| offset.checked_add(residue));
            if let Some(m) = m.filter(|&m| m < heap) {
                found.push(m);
            }
        }
        found.retain(|&m| self.game.excluded().binary_search(&(heap - m)).is_err());
        found.sort_unstable();
        Some(found.into_iter().map(|m| vec![m]).collect())
    }
}

/// The largest heap `sprague analyze` evaluates in an all-but game.
pub const MAX_ANALYZED_HEAP: u64 = 20_000;

/// The longest table swept while trying to prove an arithmetic period.
pub const PROOF_LIMIT: u64 = 4800;

/// How many values are computed at least when looking for an arithmetic period.
pub const ARITHMETIC_HORIZON: u64 = 300;
