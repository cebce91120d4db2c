//! The count-to-N game: players take turns saying a number 1 to M higher than
//! the last number said (the first player says 1 to M); whoever says N wins.
//!
//! It is the Bash game on a heap of N − (the last number said) tokens
//! (Ferguson, *Game Theory*, Part I, §1.1, "a simple take-away game"; the
//! tutorials' 报数 game): the player to move loses exactly when the distance
//! to N is a multiple of M + 1, and otherwise wins by saying the next number
//! ≡ N (mod M + 1).
//!
//! A position is written `N S` (the target and the last number said; `N`
//! alone before the first move); a move is written as the number added,
//! e.g. `3`.

use sprague_engine::{HeapFamily, Outcome};

use crate::bash_game::BashGame;
use crate::error::GameError;
use crate::playable::{
    parse_heap, ComponentReport, MoveReport, PlayableGame, Report, MAX_LISTED_MOVES,
};
use crate::position::{Board, Counter, Move, Position};

/// Count to N in steps of 1 to M.
///
/// ```
/// use sprague_games::{count_to::CountTo, PlayableGame};
/// let game = CountTo::new(3).unwrap();
/// let report = game.analyze_words(&["21".to_string()]).unwrap();
/// assert_eq!(report.outcome.letter(), "N");
/// assert_eq!(report.winning_moves[0].description, "say 1");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct CountTo {
    bash: BashGame,
}

impl CountTo {
    /// Counting up by 1 to `largest_step` (M) each turn.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when M = 0.
    pub fn new(largest_step: u64) -> Result<Self, GameError> {
        let bash = BashGame::new(largest_step).map_err(|_| GameError::InvalidParameter {
            description: format!("count-to:{largest_step}"),
            reason: "the largest step M must be at least 1".to_string(),
        })?;
        Ok(Self { bash })
    }
}

impl CountTo {
    /// The target and the last number said.
    fn parse(&self, words: &[String]) -> Result<(u64, u64), GameError> {
        let (target, said) = match words {
            [target] => (parse_heap(target)?, 0),
            [target, said] => (parse_heap(target)?, parse_heap(said)?),
            _ => {
                return Err(GameError::InvalidPosition {
                    game: self.description(),
                    text: words.join(" "),
                    reason: format!(
                        "a position is {}; got {} words",
                        self.position_syntax(),
                        words.len()
                    ),
                })
            }
        };
        if said > target {
            return Err(GameError::InvalidPosition {
                game: self.description(),
                text: words.join(" "),
                reason: format!("the last number said ({said}) is past the target {target}"),
            });
        }
        Ok((target, said))
    }

    fn position_of(&self, target: u64, said: u64) -> Position {
        Position::new(
            self.description(),
            vec![target.to_string(), said.to_string()],
            Board::Counters {
                counters: vec![
                    Counter {
                        name: "target".to_string(),
                        value: target,
                    },
                    Counter {
                        name: "last number said".to_string(),
                        value: said,
                    },
                    Counter {
                        name: "largest step".to_string(),
                        value: self.bash.largest_take(),
                    },
                ],
            },
        )
    }
}

impl PlayableGame for CountTo {
    fn description(&self) -> String {
        format!("count-to:{}", self.bash.largest_take())
    }

    fn title(&self) -> String {
        format!(
            "Count to N, adding 1 to {} each turn",
            self.bash.largest_take()
        )
    }

    fn position_syntax(&self) -> String {
        "the target N, then optionally the last number said, e.g. 21 or 21 5".to_string()
    }

    /// g(d) for the distance d still to count: the Bash game.
    fn heap_family(&self) -> Option<&dyn HeapFamily> {
        Some(&self.bash)
    }

    fn move_syntax(&self) -> String {
        format!(
            "the number added, 1 to {}, e.g. 3",
            self.bash.largest_take()
        )
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        let (target, said) = self.parse(words)?;
        Ok(self.position_of(target, said))
    }

    /// Every step from 1 to M that does not pass the target.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let (target, said) = self.parse(&position.components)?;
        let most = self.bash.largest_take().min(target - said);
        if most > MAX_LISTED_MOVES as u64 {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "{most} numbers may be said next, more moves than the {MAX_LISTED_MOVES} listed"
                ),
            });
        }
        Ok((1..=most)
            .map(|step| Move {
                notation: step.to_string(),
                description: format!("say {}", said + step),
                component: None,
                after: self.position_of(target, said + step),
            })
            .collect())
    }

    /// `g = (21 − 5) mod 4 = 0`: the Bash game on the distance to the target.
    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let words: Vec<String> = component.split_whitespace().map(str::to_string).collect();
        let (target, said) = self.parse(&words).ok()?;
        Some(format!(
            "g = ({target} − {said}) mod {} = {grundy}: the distance to the target, modulo the largest step plus one",
            u128::from(self.bash.largest_take()) + 1
        ))
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let (target, said) = self.parse(words)?;
        let distance = target - said;
        let grundy = self.bash.closed_form(distance).unwrap_or(0);
        let winning_moves = self
            .bash
            .options_with_value(distance, 0)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|option| option.first().copied().or(Some(0)))
            .map(|left| {
                let next = target - left;
                MoveReport {
                    component: None,
                    description: format!("say {next}"),
                    to: format!("{target} {next}"),
                }
            })
            .collect();
        Ok(Report {
            outcome: Outcome::from_grundy(grundy),
            grundy: Some(grundy),
            components: vec![ComponentReport {
                position: format!("{target} {said}"),
                grundy: Some(grundy),
            }],
            winning_moves: if grundy == 0 { vec![] } else { winning_moves },
            method: format!(
                "Bash game on the distance {distance} to the target: g = {distance} mod {}",
                u128::from(self.bash.largest_take()) + 1
            ),
            remoteness: None,
        })
    }
}
