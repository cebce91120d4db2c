//! One-dimensional coin-turning games: a row of coins, heads (H) or tails
//! (T); a move turns over a set of coins allowed by the rule, of which the
//! rightmost must go from heads to tails.
//!
//! Theorem (H. W. Lenstra; *Winning Ways*, ch. 14 "Turn-over games";
//! Ferguson, *Game Theory*, Part I, §5): a row is the sum of its heads, each
//! played alone, so g(row) = XOR of g(x) over the heads x, where
//! g(x) = mex{ g(y₁) ⊕ … ⊕ g(yₖ) : {y₁, …, yₖ, x} a move with rightmost x }.
//!
//! Rules offered (`rule` syntax of `coins:RULE`):
//! - `anyA-B`: turn the head and between A−1 and B−1 other coins to its left
//!   (B ≤ 4); positions count from 0. Mock Turtles is `any1-3`
//!   (g(x) = the x-th odious number, OEIS A000069), Twins is `any2-2`
//!   (g(x) = x), Turning Turtles `any1-2` counted from 1.
//! - `run` / `runA-B`: turn a run of consecutive coins ending at the head, of
//!   length A..B (any length for `run`); positions count from 1. Ruler is
//!   `run` (g(x) = the largest power of 2 dividing x, OEIS A006519).
//! - `subS1,S2,…`: turn the head at x and the coin at x − s for an s in S,
//!   positions counting from 1 with an imaginary coin 0 (turning only the head
//!   when x − s = 0): the subtraction game S.
//! - `grunt`: turn four coins 0, a, x − a and x with 0 < a < x − a (positions
//!   from 0). Seed 002 states this 4-coin rule is Grundy's game; it is
//!   (*Winning Ways*, ch. 14, "Grunt"): the move at x is worth
//!   g(0) ⊕ g(a) ⊕ g(x − a) = g(a) ⊕ g(x − a), the split of x into two unequal
//!   heaps; the test below checks it against Grundy's game.
//!
//! Moves (`sprague play`, `moves`): the coins turned, in the rule's own
//! positions (from 0 or from 1, as above), the head first, e.g. `7` or
//! `7,3` (any order is read; the imaginary coin 0 is not written).
//!
//! Every rule is also a one-heap family (a head at x becomes the sum of the
//! other coins turned), so `sprague values mock-turtles --to N` prints g(x).

use std::fmt;

use sprague_engine::{Game, HeapFamily};
use sprague_nimber::MexSet;

use crate::error::GameError;
use crate::listing::check_listing;
use crate::playable::{
    find_move, normalise_notation, require_position, ComponentReport, MoveReport, PlayableGame,
    Report,
};
use crate::position::{Board, Move, Position};
use crate::turning_turtles::{coins_text, parse_coins};

/// The longest row analysed.
pub const LENGTH_LIMIT: usize = 2000;

/// The most winning moves listed.
pub const MOVE_LIMIT: usize = 200;

/// Which sets of coins one move turns.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CoinRule {
    /// The head and between `min − 1` and `max − 1` other coins to its left (positions from 0).
    Any {
        /// Fewest coins turned (≥ 1).
        min: usize,
        /// Most coins turned (≤ 4).
        max: usize,
    },
    /// A run of consecutive coins ending at the head, `min..=max` long (positions from 1).
    Run {
        /// Shortest run.
        min: usize,
        /// Longest run, `None` for any.
        max: Option<usize>,
    },
    /// The head at x and the coin at x − s, s ∈ S (positions from 1; coin 0 imaginary).
    Subtraction(Vec<usize>),
    /// Grunt: the coins 0, a, x − a and x with 0 < a < x − a (positions from 0).
    Grunt,
}

impl fmt::Display for CoinRule {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoinRule::Any { min, max } => write!(formatter, "any{min}-{max}"),
            CoinRule::Run { min: 1, max: None } => write!(formatter, "run"),
            CoinRule::Run { min, max: None } => write!(formatter, "run{min}-"),
            CoinRule::Run {
                min,
                max: Some(max),
            } => write!(formatter, "run{min}-{max}"),
            CoinRule::Subtraction(takes) => {
                let words: Vec<String> = takes.iter().map(usize::to_string).collect();
                write!(formatter, "sub{}", words.join(","))
            }
            CoinRule::Grunt => write!(formatter, "grunt"),
        }
    }
}

impl CoinRule {
    /// The position of the leftmost coin of a row (0 or 1).
    pub fn origin(&self) -> usize {
        match self {
            CoinRule::Any { .. } | CoinRule::Grunt => 0,
            _ => 1,
        }
    }

    /// Calls `visit` with the other coins (positions) of every move whose rightmost coin is `x`.
    /// The imaginary coin 0 of subtraction rules is left out.
    pub fn for_each_move(&self, x: usize, visit: &mut dyn FnMut(&[usize])) {
        match self {
            CoinRule::Any { min, max } => {
                let lowest = self.origin();
                let others = |k: usize| (min.saturating_sub(1)..=max - 1).contains(&k);
                if others(0) {
                    visit(&[]);
                }
                for a in lowest..x {
                    if others(1) {
                        visit(&[a]);
                    }
                    for b in (a + 1)..x {
                        if others(2) {
                            visit(&[a, b]);
                        }
                        if *max > 3 {
                            for c in (b + 1)..x {
                                visit(&[a, b, c]);
                            }
                        }
                    }
                }
            }
            CoinRule::Run { min, max } => {
                let longest = max.unwrap_or(usize::MAX).min(x);
                let mut run: Vec<usize> = Vec::new();
                for length in 1..=longest {
                    if length > 1 {
                        run.push(x + 1 - length);
                    }
                    if length >= *min {
                        visit(&run);
                    }
                }
            }
            CoinRule::Grunt => {
                let mut a = 1;
                while 2 * a < x {
                    visit(&[0, a, x - a]);
                    a += 1;
                }
            }
            CoinRule::Subtraction(takes) => {
                for &take in takes {
                    if take < x {
                        visit(&[x - take]);
                    } else if take == x {
                        visit(&[]);
                    }
                }
            }
        }
    }

    /// The number of moves whose rightmost coin is `x`, by formula (without
    /// listing them): what [`CoinRule::for_each_move`] would visit.
    ///
    /// ```
    /// use sprague_games::coin_turning::CoinRule;
    /// let mock_turtles = CoinRule::Any { min: 1, max: 3 };
    /// assert_eq!(mock_turtles.move_count(4), 1 + 4 + 6);
    /// ```
    pub fn move_count(&self, x: usize) -> u128 {
        let binomial = |n: u128, k: u128| -> u128 {
            (0..k).fold(1u128, |r, i| r.saturating_mul(n - i) / (i + 1))
        };
        match self {
            CoinRule::Any { min, max } => {
                let left = x.saturating_sub(self.origin()) as u128;
                (min.saturating_sub(1)..*max)
                    .filter(|&k| k as u128 <= left)
                    .map(|k| binomial(left, k as u128))
                    .sum()
            }
            CoinRule::Run { min, max } => {
                let longest = max.unwrap_or(usize::MAX).min(x);
                (longest + 1).saturating_sub(*min) as u128
            }
            CoinRule::Subtraction(takes) => takes.iter().filter(|&&t| t <= x).count() as u128,
            CoinRule::Grunt => (x.saturating_sub(1) / 2) as u128,
        }
    }

    /// g(x) for x = 0..=to (positions below the origin get 0).
    ///
    /// ```
    /// use sprague_games::coin_turning::CoinRule;
    /// let mock_turtles = CoinRule::Any { min: 1, max: 3 };
    /// assert_eq!(mock_turtles.values(5), vec![1, 2, 4, 7, 8, 11]);
    /// ```
    pub fn values(&self, to: usize) -> Vec<u64> {
        let mut values = vec![0u64; to + 1];
        let mut seen = MexSet::new();
        for x in self.origin()..=to {
            seen.clear();
            self.for_each_move(x, &mut |others| {
                seen.insert(others.iter().fold(0, |t, &y| t ^ values[y]));
            });
            values[x] = seen.mex();
        }
        values
    }

    /// g(x) for x = 0..=to, by the closed form where there is one, else by [`CoinRule::values`].
    pub fn values_fast(&self, to: usize) -> Vec<u64> {
        match self.closed_form(0) {
            Some(_) => (0..=to as u64)
                .map(|x| self.closed_form(x).unwrap_or(0))
                .collect(),
            None => self.values(to),
        }
    }

    /// The closed form of g(x), where the theory gives one.
    ///
    /// ```
    /// use sprague_games::coin_turning::CoinRule;
    /// assert_eq!(CoinRule::Run { min: 1, max: None }.closed_form(12), Some(4));
    /// assert_eq!(CoinRule::Any { min: 1, max: 3 }.closed_form(3), Some(7));
    /// ```
    pub fn closed_form(&self, x: u64) -> Option<u64> {
        match self {
            // The x-th odious number: 2x, plus 1 when x has an even number of ones.
            CoinRule::Any { min: 1, max: 3 } => {
                Some(2 * x + u64::from(x.count_ones().is_multiple_of(2)))
            }
            CoinRule::Any { min: 2, max: 2 } => Some(x),
            CoinRule::Any { min: 1, max: 2 } => Some(x + 1),
            CoinRule::Run { min: 1, max: None } => {
                Some(if x == 0 { 0 } else { x & x.wrapping_neg() })
            }
            _ => None,
        }
    }
}

/// Reads a rule: `anyA-B`, `run`, `runA-B`, `runA-` or `subS1,S2,...`.
///
/// # Errors
/// [`GameError::InvalidParameter`] for anything else.
///
/// ```
/// use sprague_games::coin_turning::{parse_rule, CoinRule};
/// assert_eq!(parse_rule("any1-3").unwrap(), CoinRule::Any { min: 1, max: 3 });
/// assert_eq!(parse_rule("sub1,2,3").unwrap(), CoinRule::Subtraction(vec![1, 2, 3]));
/// assert!(parse_rule("any1-9").is_err());
/// ```
pub fn parse_rule(text: &str) -> Result<CoinRule, GameError> {
    let error = |reason: &str| GameError::InvalidParameter {
        description: format!("coins:{text}"),
        reason: reason.to_string(),
    };
    let range = |body: &str| -> Option<(usize, Option<usize>)> {
        let (low, high) = body.split_once('-')?;
        let low = low.trim().parse().ok()?;
        let high = if high.trim().is_empty() {
            None
        } else {
            Some(high.trim().parse().ok()?)
        };
        Some((low, high))
    };
    let text = text.trim();
    if text == "grunt" {
        return Ok(CoinRule::Grunt);
    }
    if let Some(body) = text.strip_prefix("any") {
        match range(body) {
            Some((min, Some(max))) if min >= 1 && min <= max && max <= 4 => {
                Ok(CoinRule::Any { min, max })
            }
            _ => Err(error(
                "anyA-B turns the head and A-1 to B-1 other coins, with 1 ≤ A ≤ B ≤ 4, e.g. any1-3",
            )),
        }
    } else if let Some(body) = text.strip_prefix("run") {
        if body.is_empty() {
            return Ok(CoinRule::Run { min: 1, max: None });
        }
        match range(body) {
            Some((min, max)) if min >= 1 && max.is_none_or(|max| max >= min) => {
                Ok(CoinRule::Run { min, max })
            }
            _ => Err(error("runA-B turns a run of A to B consecutive coins ending at the head (1 ≤ A ≤ B), e.g. run1-3 or run")),
        }
    } else if let Some(body) = text.strip_prefix("sub") {
        let mut takes = body
            .split(',')
            .map(|word| word.trim().parse::<usize>().ok().filter(|&s| s >= 1))
            .collect::<Option<Vec<usize>>>()
            .ok_or_else(|| error("subS1,S2,... needs positive whole numbers, e.g. sub1,2,3"))?;
        takes.sort_unstable();
        takes.dedup();
        Ok(CoinRule::Subtraction(takes))
    } else {
        Err(error(
            "a coin-turning rule is anyA-B, run, runA-B, subS1,S2,... or grunt, e.g. coins:any1-3",
        ))
    }
}

impl HeapFamily for CoinRule {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        let mut parts: Vec<u64> = Vec::with_capacity(3);
        self.for_each_move(heap as usize, &mut |others| {
            parts.clear();
            parts.extend(others.iter().map(|&y| y as u64));
            visit(&parts);
        });
    }

    fn closed_form(&self, heap: u64) -> Option<u64> {
        CoinRule::closed_form(self, heap)
    }

    fn option_count_bound(&self, heap: u64) -> Option<u128> {
        Some(self.move_count(usize::try_from(heap).unwrap_or(usize::MAX)))
    }
}

/// g(0..=`to`) of Grunt by the take-and-break engine's Grundy's game: the move at x is
/// worth g(a) ⊕ g(x − a) with 0 < a < x − a, the split of a heap of x into two unequal
/// heaps (*Winning Ways*, ch. 14, "Grunt"), so the values are Grundy's game's, which the
/// rare/common sweep computes in a fraction of the dense sweep's n²/4 options. The period
/// is searched as the dense sweep searches it (observed on the values, no theorem).
fn grunt_values(
    to: u64,
    observe: &mut dyn FnMut(u64) -> std::ops::ControlFlow<()>,
) -> Result<sprague_engine::Values, GameError> {
    use sprague_takebreak::{Config, Control, Status, TakeBreak};
    let config = Config {
        stop_when_proven: false,
        ..Config::up_to(to)
    };
    // `observe` answering Break stops the engine through its stop flag.
    let stop = std::sync::atomic::AtomicBool::new(false);
    let control = Control {
        stop: Some(&stop),
        tick: Some(Box::new(|progress, _| {
            if observe(progress.computed).is_break() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        })),
        ..Control::default()
    };
    let outcome = sprague_takebreak::run(&TakeBreak::grundy(), config, None, control)?;
    if outcome.status == Status::Interrupted {
        return Err(sprague_engine::SweepError::Stopped.into());
    }
    let mut values: Vec<u64> = outcome.table.to_vec().into_iter().map(u64::from).collect();
    values.truncate(usize::try_from(to).unwrap_or(usize::MAX).saturating_add(1));
    let periodicity = sprague_engine::PeriodSearch::new()
        .check(&values, None, &mut || false)
        .unwrap_or(None);
    Ok(sprague_engine::Values::from_parts(values, periodicity))
}

/// A 1-D coin-turning game: a named rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoinTurning {
    /// The catalogue description, e.g. `mock-turtles` or `coins:run1-3`.
    pub description: String,
    /// The title, e.g. "Mock Turtles".
    pub title: String,
    /// The rule.
    pub rule: CoinRule,
}

impl CoinTurning {
    /// Mock Turtles: turn 1, 2 or 3 coins; positions from 0.
    pub fn mock_turtles() -> Self {
        Self::named(
            "mock-turtles",
            "Mock Turtles",
            CoinRule::Any { min: 1, max: 3 },
        )
    }

    /// Ruler: turn any run of consecutive coins ending at the head; positions from 1.
    pub fn ruler() -> Self {
        Self::named("ruler", "Ruler", CoinRule::Run { min: 1, max: None })
    }

    /// Twins: turn exactly two coins; positions from 0.
    pub fn twins() -> Self {
        Self::named("twins", "Twins", CoinRule::Any { min: 2, max: 2 })
    }

    /// A game of `rule`, described `coins:RULE`.
    pub fn with_rule(rule: CoinRule) -> Self {
        Self::named(
            &format!("coins:{rule}"),
            &format!("Coin-turning game {rule}"),
            rule,
        )
    }

    fn named(description: &str, title: &str, rule: CoinRule) -> Self {
        Self {
            description: description.to_string(),
            title: title.to_string(),
            rule,
        }
    }

    /// The number of moves whose rightmost coin is `x` (without listing them).
    fn move_count(&self, x: usize) -> u128 {
        self.rule.move_count(x)
    }

    /// The row of the position written as `words` (one row, the words joined).
    fn parse_row(&self, words: &[String]) -> Result<Vec<bool>, GameError> {
        require_position(words, &self.description, "THHTH")?;
        parse_coins(&words.concat(), &self.description)
    }

    /// The position of the row `coins`, with its board.
    fn row_position(&self, coins: &[bool]) -> Position {
        let text = coins_text(coins);
        Position::new(
            self.description.clone(),
            vec![text.clone()],
            Board::Coins {
                rows: vec![text],
                first: self.rule.origin() as u64,
            },
        )
    }

    /// The heads of a row as positions.
    fn heads(&self, coins: &[bool]) -> Vec<usize> {
        let origin = self.rule.origin();
        (0..coins.len())
            .filter(|&i| coins[i])
            .map(|i| i + origin)
            .collect()
    }
}

/// A whole row of a coin-turning game as a [`Game`] (the brute-force reference).
#[derive(Debug, Clone)]
pub struct CoinRow<'a>(pub &'a CoinRule);

impl Game for CoinRow<'_> {
    type Position = String;

    fn options(&self, row: &String) -> Vec<String> {
        let coins: Vec<bool> = row.chars().map(|c| c == 'H').collect();
        let origin = self.0.origin();
        let mut options = Vec::new();
        for i in 0..coins.len() {
            if !coins[i] {
                continue;
            }
            self.0.for_each_move(i + origin, &mut |others| {
                let mut next = coins.clone();
                next[i] = false;
                for &y in others {
                    next[y - origin] = !next[y - origin];
                }
                options.push(coins_text(&next));
            });
        }
        options
    }
}

impl PlayableGame for CoinTurning {
    /// Grunt by the take-and-break engine (its values are Grundy's game's); every other rule by the
    /// dense sweep.
    fn values_observed(
        &self,
        to: u64,
        observe: &mut dyn FnMut(u64) -> std::ops::ControlFlow<()>,
    ) -> Result<sprague_engine::Values, GameError> {
        if self.rule == CoinRule::Grunt {
            return grunt_values(to, observe);
        }
        Ok(sprague_engine::sweep_observed(
            &self.rule,
            to,
            crate::heap_analysis::PROOF_HORIZON,
            observe,
        )?)
    }

    /// The dense sweep's options ([`sprague_engine::sweep_work`]); none for Grunt, whose
    /// values come from the take-and-break engine.
    fn values_work(&self, to: u64) -> Option<u128> {
        match self.rule {
            CoinRule::Grunt => None,
            _ => sprague_engine::sweep_work(&self.rule, to),
        }
    }

    fn description(&self) -> String {
        self.description.clone()
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn position_syntax(&self) -> String {
        format!(
            "an H/T string, leftmost coin = position {}, e.g. THHTH",
            self.rule.origin()
        )
    }

    fn heap_family(&self) -> Option<&dyn HeapFamily> {
        Some(&self.rule)
    }

    fn move_syntax(&self) -> String {
        format!(
            "the coins turned, head first, positions from {} at the left (e.g. 7 or 7,3)",
            self.rule.origin()
        )
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(self.row_position(&self.parse_row(words)?))
    }

    /// For each head from the right, every move of the rule with it as the
    /// rightmost coin.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let coins = self.parse_row(&position.components)?;
        let origin = self.rule.origin();
        let heads = self.heads(&coins);
        let count: u128 = heads.iter().map(|&x| self.move_count(x)).sum();
        check_listing(count, coins.len())?;
        let mut moves = Vec::with_capacity(count as usize);
        for &x in heads.iter().rev() {
            self.rule.for_each_move(x, &mut |others| {
                let mut after = coins.clone();
                after[x - origin] = false;
                for &y in others {
                    after[y - origin] = !after[y - origin];
                }
                let mut turned: Vec<usize> = others.to_vec();
                turned.sort_unstable();
                let mut written: Vec<String> = turned.iter().map(usize::to_string).collect();
                written.push(x.to_string());
                let description = format!(
                    "turn the coin{} at position{} {}",
                    if written.len() > 1 { "s" } else { "" },
                    if written.len() > 1 { "s" } else { "" },
                    written.join(", ")
                );
                written.reverse();
                moves.push(Move {
                    notation: written.join(","),
                    description,
                    component: None,
                    after: self.row_position(&after),
                });
            });
        }
        Ok(moves)
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let moves = self.moves(position)?;
        // The same coins in any order.
        let wanted = normalise_notation(text);
        let mut numbers: Vec<usize> = Vec::new();
        for part in wanted.split(',') {
            match part.parse::<usize>() {
                Ok(n) => numbers.push(n),
                Err(_) => return find_move(self, position, moves, text),
            }
        }
        numbers.sort_unstable_by(|a, b| b.cmp(a));
        let notation: Vec<String> = numbers.iter().map(usize::to_string).collect();
        let notation = notation.join(",");
        match moves.iter().find(|m| m.notation == notation) {
            Some(found) => Ok(found.clone()),
            None => find_move(self, position, moves, text),
        }
    }

    /// For a head of the analysis (`H@x`): the closed form where the rule has one.
    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let x = component.strip_prefix("H@")?.parse::<u64>().ok()?;
        let closed = self.rule.closed_form(x)?;
        (closed == grundy).then(|| match &self.rule {
            CoinRule::Any { min: 1, max: 3 } => format!(
                "a head at {x} is worth the {x}-th odious number (Mock Turtles): g = {grundy}"
            ),
            CoinRule::Run { min: 1, max: None } => format!(
                "a head at {x} is worth the largest power of 2 dividing {x} (Ruler): g = {grundy}"
            ),
            CoinRule::Any { min: 2, max: 2 } => {
                format!("a head at {x} is worth {x} (Twins): g = {grundy}")
            }
            _ => format!("a head at {x} is worth g({x}) = {grundy}, by the rule's closed form"),
        })
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &self.description, "THHTH")?;
        let row = words.concat();
        let coins = parse_coins(&row, &self.description)?;
        // Listing every winning move tries every move of every head: O(n^(k−1)) for k coins.
        let limit = match self.rule {
            CoinRule::Any { max: 4, .. } => LENGTH_LIMIT / 20,
            CoinRule::Any { max: 3, .. } => LENGTH_LIMIT / 4,
            _ => LENGTH_LIMIT,
        };
        if coins.len() > limit {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "the row has {} coins; {} rows are analysed up to {limit} coins",
                    coins.len(),
                    self.description
                ),
            });
        }
        let origin = self.rule.origin();
        let values = self.rule.values_fast(coins.len() + origin);
        let heads = self.heads(&coins);
        let total = heads.iter().fold(0, |t, &x| t ^ values[x]);
        let mut winning = Vec::new();
        if total != 0 {
            for &x in &heads {
                let wanted = values[x] ^ total;
                self.rule.for_each_move(x, &mut |others| {
                    if winning.len() < MOVE_LIMIT
                        && others.iter().fold(0, |t, &y| t ^ values[y]) == wanted
                    {
                        let mut after = coins.clone();
                        after[x - origin] = false;
                        for &y in others {
                            after[y - origin] = !after[y - origin];
                        }
                        let mut turned: Vec<String> = others.iter().map(usize::to_string).collect();
                        turned.push(x.to_string());
                        winning.push(MoveReport {
                            component: None,
                            description: format!(
                                "turn the coin{} at position{} {}",
                                if turned.len() > 1 { "s" } else { "" },
                                if turned.len() > 1 { "s" } else { "" },
                                turned.join(", ")
                            ),
                            to: coins_text(&after),
                        });
                    }
                });
            }
        }
        let closed = match &self.rule {
            CoinRule::Any { min: 1, max: 3 } => " (Mock Turtles: g(x) = the x-th odious number)",
            CoinRule::Run { min: 1, max: None } => {
                " (Ruler: g(x) = the largest power of 2 dividing x)"
            }
            CoinRule::Any { min: 2, max: 2 } => " (Twins: g(x) = x)",
            CoinRule::Subtraction(_) => " (= the subtraction game on the same set)",
            CoinRule::Grunt => " (Grunt = Grundy's game)",
            _ => "",
        };
        Ok(Report {
            outcome: sprague_engine::Outcome::from_grundy(total),
            grundy: Some(total),
            components: heads
                .iter()
                .map(|&x| ComponentReport {
                    position: format!("H@{x}"),
                    grundy: Some(values[x]),
                })
                .collect(),
            winning_moves: winning,
            method: format!(
                "coin-turning theorem: a row is the sum of its heads, g(row) = XOR of g(x) over the heads; g(x) by mex over the moves of rule {}{closed}",
                self.rule
            ),
            remoteness: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::GrundySolver;

    #[test]
    fn closed_forms_equal_the_mex_recursion_up_to_300() {
        for rule in [
            CoinRule::Any { min: 1, max: 3 },
            CoinRule::Any { min: 2, max: 2 },
            CoinRule::Run { min: 1, max: None },
        ] {
            let values = rule.values(300);
            for (x, &value) in values.iter().enumerate().skip(rule.origin()) {
                assert_eq!(rule.closed_form(x as u64), Some(value), "{rule} at {x}");
            }
        }
        // Turning Turtles counted from 0 (Any 1..2): g(x) = x + 1 as counted from 1.
        let turtles = CoinRule::Any { min: 1, max: 2 }.values(100);
        assert!((0..=100).all(|x| turtles[x] == x as u64 + 1));
    }

    #[test]
    fn mock_turtles_are_the_odious_numbers_a000069() {
        let odious = [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31];
        assert_eq!(CoinRule::Any { min: 1, max: 3 }.values(15), odious);
    }

    #[test]
    fn ruler_is_a006519() {
        let ruler = [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16];
        assert_eq!(&CoinRule::Run { min: 1, max: None }.values(16)[1..], ruler);
    }

    #[test]
    fn subtraction_coin_turning_equals_the_subtraction_game() {
        let rule = CoinRule::Subtraction(vec![1, 3, 4]);
        let values = rule.values(60);
        let mut sub = vec![0u64; 61];
        for n in 1..=60 {
            let mut seen = MexSet::new();
            for s in [1, 3, 4] {
                if s <= n {
                    seen.insert(sub[n - s]);
                }
            }
            sub[n] = seen.mex();
        }
        assert_eq!(values, sub);
    }

    #[test]
    fn a_row_is_the_xor_of_its_heads_by_brute_force_up_to_9_coins() {
        for rule in [
            CoinRule::Any { min: 1, max: 3 },
            CoinRule::Any { min: 2, max: 2 },
            CoinRule::Any { min: 1, max: 4 },
            CoinRule::Run { min: 1, max: None },
            CoinRule::Run {
                min: 2,
                max: Some(3),
            },
            CoinRule::Subtraction(vec![1, 2, 5]),
        ] {
            let values = rule.values(12);
            let mut solver = GrundySolver::by_search(CoinRow(&rule));
            let origin = rule.origin();
            for length in 0..=9usize {
                for mask in (0..(1u32 << length)).step_by(3) {
                    let coins: Vec<bool> = (0..length).map(|i| mask >> i & 1 == 1).collect();
                    let xor = (0..length)
                        .filter(|&i| coins[i])
                        .fold(0, |t, i| t ^ values[i + origin]);
                    assert_eq!(solver.grundy(&coins_text(&coins)), Ok(xor), "{rule}");
                }
            }
        }
    }

    #[test]
    fn winning_moves_lead_to_zero() {
        let game = CoinTurning::mock_turtles();
        let report = game.analyze_words(&["THHTTHTH".to_string()]).unwrap();
        let mut solver = GrundySolver::by_search(CoinRow(&game.rule));
        assert!(!report.winning_moves.is_empty());
        for winning in &report.winning_moves {
            assert_eq!(solver.grundy(&winning.to), Ok(0));
        }
    }

    #[test]
    fn grunt_values_by_the_take_and_break_engine_equal_the_dense_mex_sweep() {
        // The fast path (Grundy's game on the rare/common engine) against the dense sweep
        // of the 4-coin rule itself: values and the period search alike.
        let game = CoinTurning::with_rule(CoinRule::Grunt);
        let fast = game.values(3000).unwrap();
        let dense = sprague_engine::sweep(&CoinRule::Grunt, 3000, 0).unwrap();
        assert_eq!(fast.computed(), dense.computed());
        assert_eq!(fast.periodicity(), dense.periodicity());
        assert_eq!(fast.computed()[..10], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]);
    }

    #[test]
    fn the_work_of_a_sweep_is_its_move_count() {
        let rule = CoinRule::Any { min: 1, max: 4 };
        let game = CoinTurning::with_rule(rule.clone());
        let counted: u128 = (0..=500usize).map(|x| rule.move_count(x)).sum();
        assert_eq!(game.values_work(500), Some(counted));
        // 1 + x + C(x, 2) + C(x, 3) moves at x, so about C(5001, 4) ≈ 2.6e13 up to 5000.
        let estimate = game.values_work(5000).unwrap() as f64;
        assert!((estimate / 2.6e13 - 1.0).abs() < 0.02, "{estimate}");
        assert_eq!(
            CoinTurning::with_rule(CoinRule::Grunt).values_work(5000),
            None
        );
    }

    #[test]
    fn seed_4_coin_rule_grunt_is_grundys_game_up_to_300() {
        let grunt = CoinRule::Grunt.values(300);
        let grundy = sprague_engine::sweep(&crate::GrundysGame, 300, 0).unwrap();
        for (n, &value) in grunt.iter().enumerate() {
            assert_eq!(Some(value), grundy.get(n as u64), "heap {n}");
        }
    }

    #[test]
    fn the_value_sweep_equals_the_mex_recursion() {
        for rule in [
            CoinRule::Any { min: 1, max: 3 },
            CoinRule::Run { min: 1, max: None },
            CoinRule::Subtraction(vec![2, 3]),
            CoinRule::Grunt,
            CoinRule::Any { min: 1, max: 4 },
        ] {
            let swept = sprague_engine::sweep(&rule, 60, 0).unwrap();
            assert_eq!(swept.computed(), rule.values(60).as_slice(), "{rule}");
        }
    }
}
