//! Dynamic subtraction: one heap of n tokens; the first move takes any
//! positive number but not all, and afterwards each player takes at least one
//! and at most what the opponent just took. Whoever takes the last token wins.
//!
//! Theorem (dynamic subtraction games, Berlekamp, Conway & Guy, *Winning
//! Ways*; the tutorials' "dynamic game", seed 002): with at most L tokens allowed
//! from a heap of n > 0, the player to move wins exactly when the lowest set
//! bit of n is at most L; the winning move takes that lowest bit (and more
//! generally any n mod 2^j whose remainder heap has a lowest bit above it). So
//! the opening position is a P-position exactly when n is a power of 2.
//!
//! A position is the heap with the opponent's last take (`n,t`), or just `n`
//! before the first move. The module also holds the position type and game
//! shared with Fibonacci Nim ([`crate::fibonacci_nim`]), where the limit is
//! twice the last take.
//!
//! Moves are written as the number of tokens taken, e.g. `3`.

use std::fmt;

use sprague_engine::{Game, GrundySolver, Outcome};

use crate::error::GameError;
use crate::playable::{
    parse_heap, ComponentReport, Evaluation, MoveReport, PlayableGame, Report, MAX_LISTED_MOVES,
};
use crate::position::{Board, Counter, Move, Position};

/// A heap and the opponent's last take (`None` before the first move).
///
/// ```
/// use sprague_games::dynamic_subtraction::LimitedHeap;
/// assert_eq!("10".parse::<LimitedHeap>().unwrap(), LimitedHeap { heap: 10, last_take: None });
/// assert_eq!("7,3".parse::<LimitedHeap>().unwrap().to_string(), "7,3");
/// assert!("7,0".parse::<LimitedHeap>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LimitedHeap {
    /// Tokens left.
    pub heap: u64,
    /// What the opponent took last; `None` before the first move.
    pub last_take: Option<u64>,
}

impl fmt::Display for LimitedHeap {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.last_take {
            None => write!(formatter, "{}", self.heap),
            Some(take) => write!(formatter, "{},{take}", self.heap),
        }
    }
}

impl std::str::FromStr for LimitedHeap {
    type Err = GameError;

    fn from_str(text: &str) -> Result<Self, GameError> {
        match text.split_once(',') {
            None => Ok(LimitedHeap {
                heap: parse_heap(text)?,
                last_take: None,
            }),
            Some((heap, take)) => {
                let last_take = parse_heap(take)?;
                if last_take == 0 {
                    return Err(GameError::InvalidPosition {
                        game: "dynamic subtraction".to_string(),
                        text: text.to_string(),
                        reason: "the last take must be at least 1 (write just the heap before the first move)"
                            .to_string(),
                    });
                }
                Ok(LimitedHeap {
                    heap: parse_heap(heap)?,
                    last_take: Some(last_take),
                })
            }
        }
    }
}

/// How the last take limits the next one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeRule {
    /// At most the opponent's last take (dynamic subtraction).
    AtMostLast,
    /// At most twice the opponent's last take (Fibonacci Nim).
    AtMostTwiceLast,
}

/// A one-heap game whose takes are limited by the previous take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitedTakeGame {
    /// The limit rule.
    pub rule: TakeRule,
}

impl LimitedTakeGame {
    /// The most tokens the player to move may take.
    ///
    /// ```
    /// use sprague_games::dynamic_subtraction::{LimitedHeap, LimitedTakeGame, TakeRule};
    /// let fibonacci = LimitedTakeGame { rule: TakeRule::AtMostTwiceLast };
    /// assert_eq!(fibonacci.limit(&LimitedHeap { heap: 10, last_take: None }), 9);
    /// assert_eq!(fibonacci.limit(&LimitedHeap { heap: 10, last_take: Some(3) }), 6);
    /// ```
    pub fn limit(&self, position: &LimitedHeap) -> u64 {
        let limit = match (position.last_take, self.rule) {
            (None, _) => position.heap.saturating_sub(1),
            (Some(take), TakeRule::AtMostLast) => take,
            (Some(take), TakeRule::AtMostTwiceLast) => take.saturating_mul(2),
        };
        limit.min(position.heap)
    }

    /// The term of n that the theorem looks at: the lowest set bit
    /// (dynamic subtraction) or the smallest Zeckendorf term (Fibonacci Nim).
    pub fn smallest_term(&self, heap: u64) -> u64 {
        match self.rule {
            TakeRule::AtMostLast => heap & heap.wrapping_neg(),
            TakeRule::AtMostTwiceLast => crate::fibonacci_nim::zeckendorf(heap)
                .first()
                .copied()
                .unwrap_or(0),
        }
    }

    /// Whether the player to move wins, by the theorem: n > 0 and its smallest term is at most the limit.
    pub fn next_player_wins(&self, position: &LimitedHeap) -> bool {
        position.heap > 0 && self.smallest_term(position.heap) <= self.limit(position)
    }

    /// Every winning take, by the theorem. The candidates are the takes
    /// n mod 2^j (dynamic subtraction) or the sums of the smallest Zeckendorf
    /// terms (Fibonacci Nim), and taking everything; each is kept when it is
    /// allowed and leaves the opponent a losing position.
    pub fn winning_takes(&self, position: &LimitedHeap) -> Vec<u64> {
        let heap = position.heap;
        let mut candidates = vec![heap];
        match self.rule {
            TakeRule::AtMostLast => {
                candidates.extend((1..64).map(|bits| heap & ((1u64 << bits) - 1)));
            }
            TakeRule::AtMostTwiceLast => {
                let mut sum = 0u64;
                for term in crate::fibonacci_nim::zeckendorf(heap) {
                    sum += term;
                    candidates.push(sum);
                }
            }
        }
        let limit = self.limit(position);
        let mut takes: Vec<u64> = candidates
            .into_iter()
            .filter(|&take| take >= 1 && take <= limit)
            .filter(|&take| {
                !self.next_player_wins(&LimitedHeap {
                    heap: heap - take,
                    last_take: Some(take),
                })
            })
            .collect();
        takes.sort_unstable();
        takes.dedup();
        takes
    }

    /// "take 3, leaving 7 (opponent may take at most 6)".
    pub fn describe_take(&self, position: &LimitedHeap, take: u64) -> String {
        let left = LimitedHeap {
            heap: position.heap - take,
            last_take: Some(take),
        };
        format!(
            "take {take}, leaving {} (opponent may take at most {})",
            left.heap,
            self.limit(&left)
        )
    }

    /// `position` as data: one word, and the heap, the last take (once there
    /// is one) and the most the player to move may take.
    pub fn position_of(&self, description: &str, position: &LimitedHeap) -> Position {
        let mut counters = vec![Counter {
            name: "heap".to_string(),
            value: position.heap,
        }];
        if let Some(take) = position.last_take {
            counters.push(Counter {
                name: "last take".to_string(),
                value: take,
            });
        }
        counters.push(Counter {
            name: "may take at most".to_string(),
            value: self.limit(position),
        });
        Position::new(
            description,
            vec![position.to_string()],
            Board::Counters { counters },
        )
    }

    /// Every take from 1 to the limit, written as the number taken.
    ///
    /// # Errors
    /// [`GameError::PositionTooLarge`] above [`MAX_LISTED_MOVES`] takes.
    pub fn moves_of(
        &self,
        description: &str,
        position: &LimitedHeap,
    ) -> Result<Vec<Move>, GameError> {
        let limit = self.limit(position);
        if limit > MAX_LISTED_MOVES as u64 {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "up to {limit} tokens may be taken, more moves than the {MAX_LISTED_MOVES} listed"
                ),
            });
        }
        Ok((1..=limit)
            .map(|take| Move {
                notation: take.to_string(),
                description: self.describe_take(position, take),
                component: None,
                after: self.position_of(
                    description,
                    &LimitedHeap {
                        heap: position.heap - take,
                        last_take: Some(take),
                    },
                ),
            })
            .collect())
    }

    /// The outcome after each move by the theorem, and the value by one
    /// shared search where the heap is at most [`SEARCHED_HEAP`].
    ///
    /// # Errors
    /// The parse errors of the positions.
    pub fn evaluate(
        &self,
        description: &str,
        moves: &[Move],
    ) -> Result<Vec<Evaluation>, GameError> {
        let mut solver = GrundySolver::new(*self);
        moves
            .iter()
            .map(|played| {
                let position = parse_position(description, &played.after.components)?;
                let grundy = if position.heap <= SEARCHED_HEAP {
                    Some(solver.grundy(&position)?)
                } else {
                    None
                };
                Ok(Evaluation {
                    outcome: if self.next_player_wins(&position) {
                        Outcome::N
                    } else {
                        Outcome::P
                    },
                    grundy,
                    remoteness: None,
                })
            })
            .collect()
    }

    /// The theorem's test with its numbers, for [`PlayableGame::value_rule`].
    pub fn rule(&self, component: &str, grundy: u64) -> Option<String> {
        let position: LimitedHeap = component.parse().ok()?;
        let term = self.smallest_term(position.heap);
        let limit = self.limit(&position);
        let written = match self.rule {
            TakeRule::AtMostLast => format!("the lowest set bit of {} is {term}", position.heap),
            TakeRule::AtMostTwiceLast => {
                let terms: Vec<String> = crate::fibonacci_nim::zeckendorf(position.heap)
                    .iter()
                    .map(u64::to_string)
                    .collect();
                format!(
                    "{} = {} (Zeckendorf), whose smallest term is {term}",
                    position.heap,
                    terms.join(" + ")
                )
            }
        };
        Some(if position.heap == 0 {
            format!("g = {grundy}: the heap is empty, so the player to move has lost")
        } else if term <= limit {
            format!("{written} ≤ the limit {limit}, so the player to move wins by taking it (g = {grundy}, by search)")
        } else {
            format!("{written} > the limit {limit}, so the player to move loses (g = {grundy})")
        })
    }

    /// A [`Report`] of `position`: outcome and winning takes by the theorem,
    /// and the Sprague–Grundy value by search when the heap is small.
    pub fn report(&self, position: LimitedHeap, method: &str) -> Report {
        let grundy = (position.heap <= SEARCHED_HEAP).then(|| {
            GrundySolver::new(*self)
                .grundy(&position)
                .unwrap_or_default()
        });
        let wins = self.next_player_wins(&position);
        let winning_moves = self
            .winning_takes(&position)
            .into_iter()
            .map(|take| MoveReport {
                component: None,
                description: self.describe_take(&position, take),
                to: LimitedHeap {
                    heap: position.heap - take,
                    last_take: Some(take),
                }
                .to_string(),
            })
            .collect();
        Report {
            outcome: if wins { Outcome::N } else { Outcome::P },
            grundy,
            components: vec![ComponentReport {
                position: position.to_string(),
                grundy,
            }],
            winning_moves,
            method: method.to_string(),
            remoteness: None,
        }
    }
}

/// Heaps up to this size also get their Sprague–Grundy value, by search.
pub const SEARCHED_HEAP: u64 = 200;

impl Game for LimitedTakeGame {
    type Position = LimitedHeap;

    fn options(&self, position: &LimitedHeap) -> Vec<LimitedHeap> {
        (1..=self.limit(position))
            .map(|take| LimitedHeap {
                heap: position.heap - take,
                last_take: Some(take),
            })
            .collect()
    }

    fn describe_move(&self, from: &LimitedHeap, to: &LimitedHeap) -> String {
        format!("take {}", from.heap - to.heap)
    }
}

/// Reads the one word of a limited-take position (`n` or `n,t`).
pub fn parse_position(description: &str, words: &[String]) -> Result<LimitedHeap, GameError> {
    match words {
        [word] => word.parse(),
        _ => Err(GameError::InvalidParameter {
            description: description.to_string(),
            reason: format!(
                "a position is one word: the heap n before the first move, or n,t after the opponent took t (e.g. `sprague analyze {description} 10`); got {} words",
                words.len()
            ),
        }),
    }
}

/// Dynamic subtraction as a [`PlayableGame`].
///
/// ```
/// use sprague_games::{dynamic_subtraction::DynamicSubtraction, PlayableGame};
/// let report = DynamicSubtraction.analyze_words(&["44".to_string()]).unwrap();
/// assert_eq!(report.outcome.letter(), "N");
/// assert!(report.winning_moves[0].description.starts_with("take 4,"));
/// assert_eq!(DynamicSubtraction.analyze_words(&["32".to_string()]).unwrap().outcome.letter(), "P");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct DynamicSubtraction;

impl PlayableGame for DynamicSubtraction {
    fn description(&self) -> String {
        "dynamic".to_string()
    }

    fn title(&self) -> String {
        "Dynamic subtraction (take at most the opponent's last take)".to_string()
    }

    fn position_syntax(&self) -> String {
        "n (the heap, before the first move) or n,t (after the opponent took t)".to_string()
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let position = parse_position("dynamic", words)?;
        crate::misere::misere_report(
            &LimitedTakeGame {
                rule: TakeRule::AtMostLast,
            },
            &[position],
            None,
            Some(crate::misere::square_bound(position.heap)),
        )
    }

    fn move_syntax(&self) -> String {
        "the number of tokens taken, e.g. 3".to_string()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        let game = LimitedTakeGame {
            rule: TakeRule::AtMostLast,
        };
        Ok(game.position_of("dynamic", &parse_position("dynamic", words)?))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let game = LimitedTakeGame {
            rule: TakeRule::AtMostLast,
        };
        game.moves_of("dynamic", &parse_position("dynamic", &position.components)?)
    }

    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        LimitedTakeGame {
            rule: TakeRule::AtMostLast,
        }
        .evaluate("dynamic", moves)
    }

    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        LimitedTakeGame {
            rule: TakeRule::AtMostLast,
        }
        .rule(component, grundy)
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let position = parse_position("dynamic", words)?;
        Ok(LimitedTakeGame {
            rule: TakeRule::AtMostLast,
        }
        .report(
            position,
            "dynamic subtraction theorem: the player to move wins iff the lowest set bit of the heap is at most the limit",
        ))
    }
}
