//! The Thirty-one game: the cards 1 to 6, four of each, lie face up; players
//! take turns turning one over, adding its number to a running total. A player
//! may not make the total exceed 31 (whoever does so loses), so a player with
//! no card that keeps the total at most 31 loses.
//!
//! Solved by search: the position is how many of each card have been turned
//! (at most 5⁶ = 15,625 positions), an impartial game under normal play.
//! (Ferguson, *Game Theory*, Part I, the exercises on take-away games; the tutorials, seed 002,
//! claim that the totals 30, 23, 16, 9, 2 are P-positions, which is the answer
//! *without* the limit of four cards of each number: the Bash game on 31 − total
//! with takes 1..6. With the limit the claim fails, as the tutorials' own
//! "method 2" (2, 5, 2, 5, …) shows; `tests/heap_games.rs` documents the true
//! P-positions.)
//!
//! A move is written as the value of the card turned, e.g. `5`.

use std::fmt;

use sprague_engine::{analyze, every_sg::Remoteness, Game, GrundySolver};

use crate::error::GameError;
use crate::playable::{Evaluation, PlayableGame, Report};
use crate::position::{Board, Counter, Move, Position};

/// The largest total allowed.
pub const TARGET: u64 = 31;
/// Copies of each card.
pub const COPIES: u8 = 4;
/// The card values are 1..=CARDS.
pub const CARDS: usize = 6;

/// How many of each card (1 to 6) have been turned over.
///
/// ```
/// use sprague_games::thirty_one::Turned;
/// let turned = Turned::from_cards(&[2, 5, 2]).unwrap();
/// assert_eq!(turned.total(), 9);
/// assert_eq!(turned.to_string(), "2 2 5");
/// assert!(Turned::from_cards(&[7]).is_err());
/// assert!(Turned::from_cards(&[1, 1, 1, 1, 1]).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Turned([u8; CARDS]);

impl Turned {
    /// The position after the cards `cards` were turned (in any order).
    ///
    /// # Errors
    /// [`GameError::InvalidPosition`] for a card outside 1..=6, a fifth copy of
    /// a card, or a total above 31.
    pub fn from_cards(cards: &[u64]) -> Result<Self, GameError> {
        let text = || {
            cards
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut counts = [0u8; CARDS];
        for &card in cards {
            if !(1..=CARDS as u64).contains(&card) {
                return Err(GameError::InvalidPosition {
                    game: "thirty-one".to_string(),
                    text: text(),
                    reason: format!("the cards are numbered 1 to {CARDS}, not {card}"),
                });
            }
            let slot = &mut counts[card as usize - 1];
            if *slot == COPIES {
                return Err(GameError::InvalidPosition {
                    game: "thirty-one".to_string(),
                    text: text(),
                    reason: format!("there are only {COPIES} cards numbered {card}"),
                });
            }
            *slot += 1;
        }
        let turned = Turned(counts);
        if turned.total() > TARGET {
            return Err(GameError::InvalidPosition {
                game: "thirty-one".to_string(),
                text: text(),
                reason: format!(
                    "the total {} is above {TARGET}, so the game is already over",
                    turned.total()
                ),
            });
        }
        Ok(turned)
    }

    /// The running total.
    pub fn total(&self) -> u64 {
        self.0
            .iter()
            .enumerate()
            .map(|(index, &count)| (index as u64 + 1) * u64::from(count))
            .sum()
    }

    /// How many copies of `card` are turned.
    pub fn count(&self, card: usize) -> u8 {
        self.0[card - 1]
    }

    /// The position after turning `card`.
    pub fn with(&self, card: usize) -> Turned {
        let mut next = *self;
        next.0[card - 1] += 1;
        next
    }
}

impl fmt::Display for Turned {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = Vec::new();
        for card in 1..=CARDS {
            for _ in 0..self.count(card) {
                words.push(card.to_string());
            }
        }
        if words.is_empty() {
            formatter.write_str("0")
        } else {
            formatter.write_str(&words.join(" "))
        }
    }
}

/// Reads the cards turned so far (nothing, or `0`, for the opening).
fn parse_turned(words: &[String]) -> Result<Turned, GameError> {
    let cards = words
        .iter()
        .filter(|word| word.trim() != "0")
        .map(|word| {
            word.trim()
                .parse::<u64>()
                .map_err(|_| GameError::InvalidPosition {
                    game: "thirty-one".to_string(),
                    text: word.to_string(),
                    reason: format!("a card is a number from 1 to {CARDS}"),
                })
        })
        .collect::<Result<Vec<u64>, GameError>>()?;
    Turned::from_cards(&cards)
}

/// The cards turned as a position: one word per card (`0` for none), the
/// total and the cards of each value still face up.
fn turned_position(turned: &Turned) -> Position {
    let mut counters = vec![
        Counter {
            name: "total".to_string(),
            value: turned.total(),
        },
        Counter {
            name: "target".to_string(),
            value: TARGET,
        },
    ];
    for card in 1..=CARDS {
        counters.push(Counter {
            name: format!("{card}s left"),
            value: u64::from(COPIES - turned.count(card)),
        });
    }
    Position::new(
        "thirty-one",
        turned.to_string().split(' ').map(str::to_string).collect(),
        Board::Counters { counters },
    )
}

/// The Thirty-one game.
///
/// ```
/// use sprague_games::{thirty_one::ThirtyOne, PlayableGame};
/// let report = ThirtyOne.analyze_words(&[]).unwrap();
/// assert_eq!(report.outcome.letter(), "N");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct ThirtyOne;

impl Game for ThirtyOne {
    type Position = Turned;

    fn options(&self, turned: &Turned) -> Vec<Turned> {
        let total = turned.total();
        (1..=CARDS)
            .filter(|&card| turned.count(card) < COPIES && total + card as u64 <= TARGET)
            .map(|card| turned.with(card))
            .collect()
    }

    fn describe_move(&self, from: &Turned, to: &Turned) -> String {
        let card = to.total() - from.total();
        format!("turn a {card}, making the total {}", to.total())
    }
}

impl PlayableGame for ThirtyOne {
    fn description(&self) -> String {
        "thirty-one".to_string()
    }

    fn title(&self) -> String {
        "The Thirty-one game".to_string()
    }

    fn position_syntax(&self) -> String {
        "the cards turned so far, e.g. 2 5 2 (nothing, or 0, for the opening)".to_string()
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let position = parse_turned(words)?;
        crate::misere::misere_report(&ThirtyOne, &[position], None, Some(15_625))
    }

    fn move_syntax(&self) -> String {
        format!("the value of the card turned, 1 to {CARDS}, e.g. 5")
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(turned_position(&parse_turned(words)?))
    }

    /// Each card value still face up that keeps the total at most 31.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let turned = parse_turned(&position.components)?;
        Ok(self
            .options(&turned)
            .into_iter()
            .map(|after| Move {
                notation: (after.total() - turned.total()).to_string(),
                description: self.describe_move(&turned, &after),
                component: None,
                after: turned_position(&after),
            })
            .collect())
    }

    /// Values and remoteness after each move, from one search.
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        let mut solver = GrundySolver::new(ThirtyOne);
        let mut remoteness = Remoteness::new(ThirtyOne);
        moves
            .iter()
            .map(|played| {
                let turned = parse_turned(&played.after.components)?;
                let grundy = solver.grundy(&turned)?;
                Ok(Evaluation {
                    outcome: sprague_engine::Outcome::from_grundy(grundy),
                    grundy: Some(grundy),
                    remoteness: Some(remoteness.remoteness(&turned)?),
                })
            })
            .collect()
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let turned = parse_turned(words)?;
        let mut solver = GrundySolver::new(ThirtyOne);
        let analysis = analyze(&mut solver, &[turned])?;
        let remoteness = Remoteness::new(ThirtyOne).remoteness(&turned)?;
        let mut report = Report::from_analysis(analysis.map_positions(|p| p.to_string()));
        report.components[0].position = format!("{turned} (total {})", turned.total());
        for winning in &mut report.winning_moves {
            winning.component = None;
        }
        report.method =
            "exhaustive search of the 15,625 card counts (Sprague–Grundy values)".to_string();
        report.remoteness = Some(remoteness);
        Ok(report)
    }
}
