//! Staircase Nim: coins lie on the steps 1, 2, …, n of a staircase; a move
//! takes any positive number of coins from one step i and puts them on step
//! i − 1 (coins moved from step 1 reach the floor, step 0, and leave play).
//! The player who cannot move loses.
//!
//! Theorem (a classical reduction to Nim; see T. S. Ferguson, *Game Theory*,
//! Part I, the exercises on Nim, and the tutorials, seeds 002 and 003): the Sprague–Grundy value
//! of a position is the nim-sum of the coins on the odd-numbered steps, so it
//! is a P-position exactly when that nim-sum is 0. Moving coins from an even
//! step to an odd one is like adding to a Nim heap, which the opponent undoes
//! by moving the same coins one step further down.
//!
//! Moves are written `STEP:K`, moving K coins down from step STEP (from step
//! 1 to the floor), e.g. `3:2`.

use std::fmt;

use sprague_engine::{Game, Outcome};

use crate::error::GameError;
use crate::playable::{
    parse_heap, require_position, ComponentReport, Evaluation, MoveReport, PlayableGame, Report,
    MAX_LISTED_MOVES,
};
use crate::position::{Board, Move, Position};

/// The coins on steps 1, 2, …, n (step 1 first); trailing empty steps are dropped.
///
/// ```
/// use sprague_games::staircase::Steps;
/// let steps = Steps::new(vec![3, 0, 2, 5, 0]);
/// assert_eq!(steps.to_string(), "3 0 2 5");
/// assert_eq!(steps.odd_step_nim_sum(), 3 ^ 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Steps(Vec<u64>);

impl Steps {
    /// The position with `coins[i]` coins on step i + 1.
    pub fn new(mut coins: Vec<u64>) -> Self {
        while coins.last() == Some(&0) {
            coins.pop();
        }
        Steps(coins)
    }

    /// Coins per step, step 1 first.
    pub fn coins(&self) -> &[u64] {
        &self.0
    }

    /// The nim-sum of the coins on steps 1, 3, 5, …: the position's value.
    pub fn odd_step_nim_sum(&self) -> u64 {
        self.0
            .iter()
            .step_by(2)
            .fold(0, |total, &coins| total ^ coins)
    }
}

impl fmt::Display for Steps {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return formatter.write_str("0");
        }
        let words: Vec<String> = self.0.iter().map(u64::to_string).collect();
        formatter.write_str(&words.join(" "))
    }
}

/// Staircase Nim as a [`Game`] (for search) and a [`PlayableGame`].
///
/// ```
/// use sprague_games::{staircase::StaircaseNim, PlayableGame};
/// let words: Vec<String> = ["3", "0", "2", "5"].iter().map(|w| w.to_string()).collect();
/// let report = StaircaseNim.analyze_words(&words).unwrap();
/// assert_eq!(report.grundy, Some(1));
/// assert_eq!(report.winning_moves[0].description, "move 1 coin from step 1 to the floor");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct StaircaseNim;

impl StaircaseNim {
    /// Every move to a position whose odd-step nim-sum is 0: (step, coins moved).
    pub fn winning_moves(&self, steps: &Steps) -> Vec<(usize, u64)> {
        let coins = steps.coins();
        let total = steps.odd_step_nim_sum();
        let mut moves = Vec::new();
        if total == 0 {
            return moves;
        }
        for (index, &here) in coins.iter().enumerate() {
            let step = index + 1;
            if step % 2 == 1 {
                // Lower an odd step to here ⊕ total.
                let target = here ^ total;
                if target < here {
                    moves.push((step, here - target));
                }
            } else {
                // Raise the odd step below to below ⊕ total with coins from here.
                let below = coins[index - 1];
                let target = below ^ total;
                if target > below && target - below <= here {
                    moves.push((step, target - below));
                }
            }
        }
        moves
    }

    fn after(&self, steps: &Steps, step: usize, moved: u64) -> Steps {
        let mut coins = steps.coins().to_vec();
        coins[step - 1] -= moved;
        if step > 1 {
            coins[step - 2] += moved;
        }
        Steps::new(coins)
    }
}

impl Game for StaircaseNim {
    type Position = Steps;

    fn options(&self, steps: &Steps) -> Vec<Steps> {
        let mut options = Vec::new();
        for (index, &here) in steps.coins().iter().enumerate() {
            for moved in 1..=here {
                options.push(self.after(steps, index + 1, moved));
            }
        }
        options
    }

    fn grundy_closed_form(&self, steps: &Steps) -> Option<u64> {
        Some(steps.odd_step_nim_sum())
    }

    fn describe_move(&self, from: &Steps, to: &Steps) -> String {
        // The highest step that lost coins is the one moved from.
        let before = from.coins();
        let after = |index: usize| to.coins().get(index).copied().unwrap_or(0);
        match (0..before.len())
            .rev()
            .find(|&index| after(index) < before[index])
        {
            Some(index) => describe(index + 1, before[index] - after(index)),
            None => format!("{from} → {to}"),
        }
    }
}

/// Reads coins per step, step 1 first.
fn parse_steps(words: &[String]) -> Result<Steps, GameError> {
    require_position(words, "staircase", "3 0 2 5")?;
    let coins = words
        .iter()
        .map(|word| parse_heap(word))
        .collect::<Result<Vec<u64>, GameError>>()?;
    Ok(Steps::new(coins))
}

/// The position of `steps`: one word per step, step 1 first.
fn steps_position(steps: &Steps) -> Position {
    Position::new(
        "staircase",
        steps.to_string().split(' ').map(str::to_string).collect(),
        Board::Staircase {
            steps: steps.coins().to_vec(),
        },
    )
}

/// "move 3 coins from step 4 to step 3".
fn describe(step: usize, moved: u64) -> String {
    let plural = if moved == 1 { "coin" } else { "coins" };
    if step == 1 {
        format!("move {moved} {plural} from step 1 to the floor")
    } else {
        format!(
            "move {moved} {plural} from step {step} to step {}",
            step - 1
        )
    }
}

impl PlayableGame for StaircaseNim {
    fn description(&self) -> String {
        "staircase".to_string()
    }

    fn title(&self) -> String {
        "Staircase Nim".to_string()
    }

    fn position_syntax(&self) -> String {
        "coins on each step, step 1 first, e.g. 3 0 2 5".to_string()
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let position = parse_steps(words)?;
        // Positions: ways to spread at most C coins over n steps, C(C + n, n).
        let coins: u128 = position.coins().iter().map(|&c| u128::from(c)).sum();
        let steps = position.coins().len() as u128;
        let mut bound = 1u128;
        for i in 1..=steps {
            bound = bound.saturating_mul(coins + i) / i;
        }
        crate::misere::misere_report(&StaircaseNim, &[position], None, Some(bound))
    }

    fn move_syntax(&self) -> String {
        "STEP:K, moving K coins down from step STEP (from step 1 to the floor), e.g. 3:2"
            .to_string()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(steps_position(&parse_steps(words)?))
    }

    /// Every number of coins from every step, step 1 first.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let steps = parse_steps(&position.components)?;
        let coins: u128 = steps.coins().iter().map(|&c| u128::from(c)).sum();
        if coins > MAX_LISTED_MOVES as u128 {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "the staircase holds {coins} coins, so it has {coins} moves, more than the {MAX_LISTED_MOVES} listed"
                ),
            });
        }
        let mut moves = Vec::new();
        for (index, &here) in steps.coins().iter().enumerate() {
            for moved in 1..=here {
                moves.push(Move {
                    notation: format!("{}:{moved}", index + 1),
                    description: describe(index + 1, moved),
                    component: None,
                    after: steps_position(&self.after(&steps, index + 1, moved)),
                });
            }
        }
        Ok(moves)
    }

    /// The value after each move by the theorem (the odd steps' nim-sum).
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        moves
            .iter()
            .map(|played| {
                let grundy = parse_steps(&played.after.components)?.odd_step_nim_sum();
                Ok(Evaluation {
                    outcome: Outcome::from_grundy(grundy),
                    grundy: Some(grundy),
                    remoteness: None,
                })
            })
            .collect()
    }

    /// `g = 3 ⊕ 2 = 1`, the nim-sum of the coins on steps 1, 3, ….
    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let coins = component
            .split_whitespace()
            .map(|word| word.parse::<u64>().ok())
            .collect::<Option<Vec<u64>>>()?;
        let odd: Vec<String> = coins.iter().step_by(2).map(u64::to_string).collect();
        let steps: Vec<String> = (0..coins.len())
            .step_by(2)
            .map(|i| (i + 1).to_string())
            .collect();
        Some(if odd.is_empty() {
            format!("g = {grundy}: no coins are on the stairs")
        } else {
            format!(
                "g = {} = {grundy}, the nim-sum of the coins on the odd steps ({})",
                odd.join(" ⊕ "),
                steps.join(", ")
            )
        })
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let steps = parse_steps(words)?;
        let grundy = steps.odd_step_nim_sum();
        let winning_moves = self
            .winning_moves(&steps)
            .into_iter()
            .map(|(step, moved)| MoveReport {
                component: None,
                description: describe(step, moved),
                to: self.after(&steps, step, moved).to_string(),
            })
            .collect();
        Ok(Report {
            outcome: Outcome::from_grundy(grundy),
            grundy: Some(grundy),
            components: vec![ComponentReport {
                position: steps.to_string(),
                grundy: Some(grundy),
            }],
            winning_moves,
            method: "Staircase Nim theorem: the value is the nim-sum of the coins on the odd steps"
                .to_string(),
            remoteness: None,
        })
    }
}
