//! Turning Turtles: a row of coins (turtles) numbered 1, 2, … from the left;
//! a move turns one head to tails and, optionally, any one coin to its left
//! (either way up).
//!
//! Reduction (Ferguson, *Game Theory*, Part I, §5.2; *Winning Ways*, ch. 14):
//! the position is Nim with a heap of size n for every head at position n.
//! Turning the head n and a tail at k < n moves heap n to k; turning the head
//! n and a head at k removes both heaps n and k, which changes the nim-sum
//! exactly as moving heap n to k would (k ⊕ k = 0).
//!
//! Syntax: an H/T string, leftmost coin first, e.g. `THHTH`.
//!
//! Moves (`sprague play`, `moves`): the coins turned, numbered from 1 at the
//! left — `5` turns the head at 5 alone, `5,2` turns the head at 5 and the
//! coin at 2 (either order is read).

use sprague_engine::Game;

use crate::error::GameError;
use crate::listing::check_listing;
use crate::nim_reduction::{nim_report, NimPart};
use crate::playable::{find_move, normalise_notation, require_position, PlayableGame, Report};
use crate::position::{Board, Move, Position};

/// The longest row accepted.
pub const LENGTH_LIMIT: usize = 100_000;

/// Reads an H/T string (case-insensitive); `true` is heads.
///
/// # Errors
/// [`GameError::InvalidPosition`] for other letters.
///
/// ```
/// assert_eq!(sprague_games::turning_turtles::parse_coins("tHh", "turning-turtles").unwrap(), vec![false, true, true]);
/// assert!(sprague_games::turning_turtles::parse_coins("HXT", "turning-turtles").is_err());
/// ```
pub fn parse_coins(word: &str, game: &str) -> Result<Vec<bool>, GameError> {
    let error = |reason: String| GameError::InvalidPosition {
        game: game.to_string(),
        text: word.to_string(),
        reason,
    };
    if word.len() > LENGTH_LIMIT {
        return Err(error(format!(
            "the row has {} coins; the limit is {LENGTH_LIMIT}",
            word.len()
        )));
    }
    word.chars()
        .map(|c| match c {
            'H' | 'h' => Ok(true),
            'T' | 't' => Ok(false),
            other => Err(error(format!(
"'{}' is not a coin: a row is written with H (heads) and T (tails) only, e.g. THHTH",
sprague_textfile::quoted(&other.to_string()),
            ))),
        })
        .collect()
}

/// Writes coins as an H/T string.
pub fn coins_text(coins: &[bool]) -> String {
    coins.iter().map(|&h| if h { 'H' } else { 'T' }).collect()
}

/// Turning Turtles on whole rows, as a [`Game`] (the brute-force reference).
///
/// ```
/// use sprague_engine::GrundySolver;
/// use sprague_games::turning_turtles::TurningTurtles;
/// let mut solver = GrundySolver::by_search(TurningTurtles);
/// // Heads at positions 2 and 3: Nim 2 ⊕ 3 = 1.
/// assert_eq!(solver.grundy(&"THH".to_string()), Ok(1));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct TurningTurtles;

impl Game for TurningTurtles {
    type Position = String;

    fn options(&self, row: &String) -> Vec<String> {
        let coins: Vec<bool> = row.chars().map(|c| c == 'H').collect();
        let mut options = Vec::new();
        for n in 0..coins.len() {
            if !coins[n] {
                continue;
            }
            let mut alone = coins.clone();
            alone[n] = false;
            options.push(coins_text(&alone));
            for k in 0..n {
                let mut both = alone.clone();
                both[k] = !both[k];
                options.push(coins_text(&both));
            }
        }
        options
    }
}

/// The position of the row `coins`, with its board.
fn row_position(coins: &[bool]) -> Position {
    let text = coins_text(coins);
    Position::new(
        "turning-turtles",
        vec![text.clone()],
        Board::Coins {
            rows: vec![text],
            first: 1,
        },
    )
}

/// The row of the position written as `words` (one row, the words joined).
fn parse_row_words(words: &[String]) -> Result<Vec<bool>, GameError> {
    require_position(words, "turning-turtles", "THHTH")?;
    parse_coins(&words.concat(), "turning-turtles")
}

/// Turning Turtles for the command line (the reduction to Nim).
#[derive(Debug, Clone, Copy, Default)]
pub struct TurningTurtlesPlayable;

impl PlayableGame for TurningTurtlesPlayable {
    fn description(&self) -> String {
        "turning-turtles".into()
    }

    fn title(&self) -> String {
        "Turning Turtles".into()
    }

    fn position_syntax(&self) -> String {
        "an H/T string, leftmost coin = position 1, e.g. THHTH".into()
    }

    fn move_syntax(&self) -> String {
        "the coins turned, numbered from 1 at the left: N turns the head at N alone, N,K also turns the coin at K < N (e.g. 5 or 5,2)".into()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(row_position(&parse_row_words(words)?))
    }

    /// For each head from the right, turned alone and then with each coin
    /// to its left, nearest first.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let coins = parse_row_words(&position.components)?;
        let heads: Vec<usize> = (0..coins.len()).rev().filter(|&i| coins[i]).collect();
        let count: u128 = heads.iter().map(|&i| i as u128 + 1).sum();
        check_listing(count, coins.len())?;
        let mut moves = Vec::with_capacity(count as usize);
        for &n in &heads {
            let mut alone = coins.clone();
            alone[n] = false;
            moves.push(Move {
                notation: (n + 1).to_string(),
                description: format!("turn the head at position {} alone", n + 1),
                component: None,
                after: row_position(&alone),
            });
            for k in (0..n).rev() {
                let mut both = alone.clone();
                both[k] = !both[k];
                moves.push(Move {
                    notation: format!("{},{}", n + 1, k + 1),
                    description: format!(
                        "turn the head at position {} and the {} at position {}",
                        n + 1,
                        if coins[k] { "head" } else { "tail" },
                        k + 1
                    ),
                    component: None,
                    after: row_position(&both),
                });
            }
        }
        Ok(moves)
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let moves = self.moves(position)?;
        // `2,5` names the same coins as `5,2`.
        let wanted = normalise_notation(text);
        if let Some((first, second)) = wanted.split_once(',') {
            if let (Ok(a), Ok(b)) = (first.parse::<u64>(), second.parse::<u64>()) {
                let notation = format!("{},{}", a.max(b), a.min(b));
                if let Some(found) = moves.iter().find(|m| m.notation == notation) {
                    return Ok(found.clone());
                }
            }
        }
        find_move(self, position, moves, text)
    }

    /// For a head of the analysis (`head at position n`) or a whole row.
    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        if let Some(n) = component.strip_prefix("head at position ") {
            let n = n.parse::<u64>().ok()?;
            return (n == grundy).then(|| {
                format!("a head at position {n} is a Nim heap of {n} (turning it with a coin k < n moves the heap to k, as k ⊕ k = 0), so g = {grundy}")
            });
        }
        let coins = parse_coins(component, "turning-turtles").ok()?;
        let heads: Vec<String> = (0..coins.len())
            .filter(|&i| coins[i])
            .map(|i| (i + 1).to_string())
            .collect();
        Some(if heads.len() <= 16 {
            format!(
                "Turning Turtles is Nim: a head at position n is a heap of n, so g = {} = {grundy}",
                if heads.is_empty() {
                    "0".to_string()
                } else {
                    heads.join(" ⊕ ")
                }
            )
        } else {
            format!(
                "Turning Turtles is Nim: a head at position n is a heap of n, so g is the XOR of the positions of its {} heads = {grundy}",
                heads.len()
            )
        })
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, "turning-turtles", "THHTH")?;
        let coins = parse_coins(&words.concat(), "turning-turtles")?;
        let heads: Vec<usize> = (0..coins.len()).filter(|&i| coins[i]).collect();
        let parts: Vec<NimPart> = heads
            .iter()
            .map(|&i| NimPart {
                label: format!("head at position {}", i + 1),
                heap: i as u64 + 1,
            })
            .collect();
        Ok(nim_report(
            &parts,
            "Turning Turtles is Nim: a head at position n is a heap of n (turning n and a coin k < n moves the heap n to k, since k ⊕ k = 0); Bouton's theorem",
            |index, to| {
                let n = heads[index];
                if to > n as u64 {
                    // A move turns coins left of the head only: heaps are never raised.
                    return None;
                }
                let mut after = coins.clone();
                after[n] = false;
                let description = if to == 0 {
                    format!("turn the head at position {} alone", n + 1)
                } else {
                    let k = to as usize - 1;
                    after[k] = !after[k];
                    format!(
                        "turn the head at position {} and the {} at position {to}",
                        n + 1,
                        if coins[k] { "head" } else { "tail" }
                    )
                };
                Some((description, coins_text(&after)))
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::GrundySolver;

    #[test]
    fn reduction_to_nim_equals_search_on_every_row_up_to_9_coins() {
        let mut solver = GrundySolver::by_search(TurningTurtles);
        for length in 0..=9usize {
            for mask in 0..(1u32 << length) {
                let coins: Vec<bool> = (0..length).map(|i| mask >> i & 1 == 1).collect();
                let nim = (0..length)
                    .filter(|&i| coins[i])
                    .fold(0, |t, i| t ^ (i as u64 + 1));
                assert_eq!(solver.grundy(&coins_text(&coins)), Ok(nim));
            }
        }
    }

    #[test]
    fn winning_moves_lead_to_p_positions() {
        let mut solver = GrundySolver::by_search(TurningTurtles);
        let report = TurningTurtlesPlayable
            .analyze_words(&["THHTHTTH".to_string()])
            .unwrap();
        assert!(!report.winning_moves.is_empty());
        for winning in &report.winning_moves {
            assert_eq!(solver.grundy(&winning.to), Ok(0), "{}", winning.description);
        }
    }
}
