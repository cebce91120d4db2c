//! Empty and Divide: two boxes hold m and n chips. A move empties one box and
//! divides the chips of the other between the two boxes, each getting at
//! least one. The position (1, 1) is the only terminal position; the player
//! who cannot move loses.
//!
//! Theorem (T. S. Ferguson, *Game Theory*, Part I, the exercises on
//! take-away games, with solutions): (m, n) is a P-position exactly when m and n are both odd. An odd
//! number splits only into an odd and an even part, so every move from (odd,
//! odd) leaves an even box; from a position with an even box e, empty the
//! other box and split e into two odd parts. (The tutorials' rule of thumb in
//! seed 002, with P-positions (2^2n, 2^2n), is wrong: (4, 4) is an N-position,
//! as `tests/heap_games.rs` checks by search.)
//!
//! A move is written as the split it leaves, `a+b` (the other box emptied),
//! e.g. `3+4`.

use std::fmt;

use sprague_engine::{Game, GrundySolver, Outcome};

use crate::error::GameError;
use crate::playable::{
    parse_heap, ComponentReport, Evaluation, MoveReport, PlayableGame, Report,
    MAX_LISTED_MOVES as MAX_LISTED_OPTIONS,
};
use crate::position::{Board, Counter, Move, Position};

/// The most winning moves listed; beyond, one per even box.
pub const MAX_LISTED_MOVES: u128 = 1000;

/// Boxes up to this total also get their Sprague–Grundy value, by search.
pub const SEARCHED_TOTAL: u64 = 120;

/// Two boxes of chips, smaller first.
///
/// ```
/// use sprague_games::empty_divide::Boxes;
/// let boxes = Boxes::new(7, 5).unwrap();
/// assert_eq!(boxes.to_string(), "5 7");
/// assert!(Boxes::new(0, 3).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Boxes(u64, u64);

impl Boxes {
    /// The boxes (m, n).
    ///
    /// # Errors
    /// [`GameError::InvalidPosition`] when a box is empty.
    pub fn new(m: u64, n: u64) -> Result<Self, GameError> {
        if m == 0 || n == 0 {
            return Err(GameError::InvalidPosition {
                game: "empty-divide".to_string(),
                text: format!("{m} {n}"),
                reason: "each box must hold at least one chip".to_string(),
            });
        }
        Ok(Boxes(m.min(n), m.max(n)))
    }

    /// Both boxes are odd: a P-position by Ferguson's theorem.
    pub fn both_odd(&self) -> bool {
        self.0 % 2 == 1 && self.1 % 2 == 1
    }
}

impl fmt::Display for Boxes {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{} {}", self.0, self.1)
    }
}

/// Empty and Divide.
///
/// ```
/// use sprague_games::{empty_divide::EmptyAndDivide, PlayableGame};
/// let words: Vec<String> = vec!["5".into(), "7".into()];
/// assert_eq!(EmptyAndDivide.analyze_words(&words).unwrap().outcome.letter(), "P");
/// let words: Vec<String> = vec!["4".into(), "7".into()];
/// let report = EmptyAndDivide.analyze_words(&words).unwrap();
/// assert_eq!(report.winning_moves[0].description, "empty the box of 7, split 4 into 1 + 3");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct EmptyAndDivide;

impl Game for EmptyAndDivide {
    type Position = Boxes;

    fn options(&self, boxes: &Boxes) -> Vec<Boxes> {
        let mut options = Vec::new();
        for chips in [boxes.0, boxes.1] {
            for part in 1..=chips / 2 {
                let option = Boxes(part, chips - part);
                if !options.contains(&option) {
                    options.push(option);
                }
            }
        }
        options
    }

    fn describe_move(&self, from: &Boxes, to: &Boxes) -> String {
        let total = to.0 + to.1;
        let emptied = if total == from.1 { from.0 } else { from.1 };
        format!(
            "empty the box of {emptied}, split {total} into {} + {}",
            to.0, to.1
        )
    }
}

impl EmptyAndDivide {
    /// How many winning moves there are: for each even box e (the other box
    /// emptied), the splits into two odd parts, ⌈⌊e/2⌋/2⌉ of them.
    pub fn winning_move_count(&self, boxes: &Boxes) -> u128 {
        let splits = |e: u64| {
            if e.is_multiple_of(2) {
                u128::from(e / 2).div_ceil(2)
            } else {
                0
            }
        };
        if boxes.0 == boxes.1 {
            splits(boxes.0)
        } else {
            splits(boxes.0) + splits(boxes.1)
        }
    }

    /// Every winning move by the theorem: empty one box, split the other
    /// (even) box into two odd parts. Triples (box emptied, box split, part).
    /// When there are more than [`MAX_LISTED_MOVES`], only the splits
    /// 1 + (e − 1) are returned.
    pub fn winning_moves(&self, boxes: &Boxes) -> Vec<(u64, u64, u64)> {
        let all = self.winning_move_count(boxes) <= MAX_LISTED_MOVES;
        let mut moves = Vec::new();
        let pairs = if boxes.0 == boxes.1 {
            vec![(boxes.1, boxes.0)]
        } else {
            vec![(boxes.1, boxes.0), (boxes.0, boxes.1)]
        };
        for (emptied, split) in pairs {
            if split % 2 == 0 {
                let last = if all { split / 2 } else { 1 };
                for part in (1..=last).filter(|part| part % 2 == 1) {
                    moves.push((emptied, split, part));
                }
            }
        }
        moves
    }
}

/// The boxes as a position: two words, smaller first.
fn boxes_position(boxes: &Boxes) -> Position {
    Position::new(
        "empty-divide",
        vec![boxes.0.to_string(), boxes.1.to_string()],
        Board::Counters {
            counters: vec![
                Counter {
                    name: "box 1".to_string(),
                    value: boxes.0,
                },
                Counter {
                    name: "box 2".to_string(),
                    value: boxes.1,
                },
            ],
        },
    )
}

/// Reads the two boxes.
fn parse_boxes(words: &[String]) -> Result<Boxes, GameError> {
    let [m, n] = words else {
        return Err(GameError::InvalidParameter {
            description: "empty-divide".to_string(),
            reason: format!(
                "a position is the chips in the two boxes, e.g. `sprague analyze empty-divide 5 7`; got {} words",
                words.len()
            ),
        });
    };
    Boxes::new(parse_heap(m)?, parse_heap(n)?)
}

impl PlayableGame for EmptyAndDivide {
    fn description(&self) -> String {
        "empty-divide".to_string()
    }

    fn title(&self) -> String {
        "Empty and Divide".to_string()
    }

    fn position_syntax(&self) -> String {
        "the chips in the two boxes, e.g. 5 7".to_string()
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let position = parse_boxes(words)?;
        let total = position.0.saturating_add(position.1);
        crate::misere::misere_report(
            &EmptyAndDivide,
            &[position],
            None,
            Some(crate::misere::square_bound(total)),
        )
    }

    fn move_syntax(&self) -> String {
        "the split left, a+b (the other box is emptied), e.g. 3+4".to_string()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(boxes_position(&parse_boxes(words)?))
    }

    /// Every split of either box (the other emptied), each split once.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let boxes = parse_boxes(&position.components)?;
        let count = u128::from(boxes.0 / 2) + u128::from(boxes.1 / 2);
        if count > MAX_LISTED_OPTIONS as u128 {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "the boxes can be split in {count} ways, more moves than the {MAX_LISTED_OPTIONS} listed"
                ),
            });
        }
        Ok(self
            .options(&boxes)
            .into_iter()
            .map(|after| Move {
                notation: format!("{}+{}", after.0, after.1),
                description: self.describe_move(&boxes, &after),
                component: None,
                after: boxes_position(&after),
            })
            .collect())
    }

    /// The outcome after each move by Ferguson's theorem, values from one search.
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        let mut solver = GrundySolver::new(EmptyAndDivide);
        moves
            .iter()
            .map(|played| {
                let boxes = parse_boxes(&played.after.components)?;
                let grundy = if boxes.0.saturating_add(boxes.1) <= SEARCHED_TOTAL {
                    Some(solver.grundy(&boxes)?)
                } else {
                    None
                };
                Ok(Evaluation {
                    outcome: if boxes.both_odd() {
                        Outcome::P
                    } else {
                        Outcome::N
                    },
                    grundy,
                    remoteness: None,
                })
            })
            .collect()
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let boxes = parse_boxes(words)?;
        let grundy = if boxes.0.saturating_add(boxes.1) <= SEARCHED_TOTAL {
            Some(GrundySolver::new(EmptyAndDivide).grundy(&boxes)?)
        } else {
            None
        };
        let winning_moves = self
            .winning_moves(&boxes)
            .into_iter()
            .map(|(emptied, split, part)| MoveReport {
                component: None,
                description: format!(
                    "empty the box of {emptied}, split {split} into {part} + {}",
                    split - part
                ),
                to: Boxes(part, split - part).to_string(),
            })
            .collect();
        Ok(Report {
            outcome: if boxes.both_odd() {
                Outcome::P
            } else {
                Outcome::N
            },
            grundy,
            components: vec![ComponentReport {
                position: boxes.to_string(),
                grundy,
            }],
            winning_moves,
            method: {
                let count = self.winning_move_count(&boxes);
                let mut method =
                    "Ferguson's theorem: P iff both boxes hold an odd number of chips".to_string();
                if count > MAX_LISTED_MOVES {
                    method.push_str(&format!(
                        "; {count} winning moves (every split of an even box into two odd parts), so only the splits 1 + (e − 1) are shown"
                    ));
                }
                method
            },
            remoteness: None,
        })
    }
}
