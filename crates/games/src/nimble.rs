//! Nimble: coins on a strip of squares numbered 0, 1, 2, … (several coins may
//! share a square); a move slides one coin any positive number of squares to
//! the left, possibly onto or past other coins; coins on square 0 are out.
//!
//! Reduction (*Winning Ways*, ch. 14; T. S. Ferguson, *Game Theory*, Part I,
//! §5.1 ex.): a coin on square k is a Nim heap of size k, since it may move to
//! any smaller square — Nimble is Nim with a heap per coin.
//!
//! Syntax: the strip as one word, a character per square from square 0: `.`
//! (or `0`) an empty square, a digit 1–9 that many coins, e.g. `.2..1` is two
//! coins on square 1 and one on square 4.
//!
//! Moves (`sprague play`, `moves`): `FROM->TO` in the squares' own numbers
//! (square 0 is the leftmost), e.g. `4->1` slides a coin from square 4 to
//! square 1 — the Nim move of a heap of 4 to 1. Coins that reach square 0
//! are out of play and are not written in the positions listed.

use std::fmt;

use sprague_engine::Game;

use crate::error::GameError;
use crate::listing::check_listing;
use crate::nim_reduction::{nim_report, NimPart};
use crate::playable::{require_position, PlayableGame, Report};
use crate::position::{Board, Move, Position};

/// The longest strip accepted.
pub const LENGTH_LIMIT: usize = 100_000;

/// A Nimble strip: the number of coins on each square, from square 0.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Strip(pub Vec<u8>);

impl fmt::Display for Strip {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text: String = self
            .0
            .iter()
            .map(|&c| {
                if c == 0 {
                    '.'
                } else {
                    char::from(b'0' + c.min(9))
                }
            })
            .collect();
        while text.len() > 1 && text.ends_with('.') {
            text.pop();
        }
        formatter.write_str(&text)
    }
}

impl Strip {
    /// The square of every coin not on square 0.
    pub fn coins(&self) -> Vec<u64> {
        let mut coins = Vec::new();
        for (square, &count) in self.0.iter().enumerate().skip(1) {
            coins.extend(std::iter::repeat_n(square as u64, count as usize));
        }
        coins
    }

    fn moved(&self, from: usize, to: usize) -> Strip {
        let mut next = self.clone();
        next.0[from] -= 1;
        next.0[to] += 1;
        next
    }
}

/// Reads a strip such as `.2..1`.
///
/// # Errors
/// [`GameError::InvalidPosition`] for other characters or a too long strip.
///
/// ```
/// let strip = sprague_games::nimble::parse_strip(".2..1").unwrap();
/// assert_eq!(strip.coins(), vec![1, 1, 4]);
/// ```
pub fn parse_strip(word: &str) -> Result<Strip, GameError> {
    let error = |reason: String| GameError::InvalidPosition {
        game: "nimble".into(),
        text: word.to_string(),
        reason,
    };
    if word.len() > LENGTH_LIMIT {
        return Err(error(format!(
            "the strip has {} squares; the limit is {LENGTH_LIMIT}",
            word.len()
        )));
    }
    word.chars()
        .map(|c| match c {
            '.' | '_' => Ok(0),
            '0'..='9' => Ok(c as u8 - b'0'),
            other => Err(error(format!(
"'{}' is not a square: write '.' for an empty square and a digit 1-9 for that many coins, e.g. .2..1",
sprague_textfile::quoted(&other.to_string()),
            ))),
        })
        .collect::<Result<Vec<u8>, GameError>>()
        .map(Strip)
}

/// Nimble as a [`Game`] on whole strips (the brute-force reference).
///
/// ```
/// use sprague_engine::GrundySolver;
/// use sprague_games::nimble::{parse_strip, Nimble};
/// let mut solver = GrundySolver::by_search(Nimble);
/// assert_eq!(solver.grundy(&parse_strip(".1.1").unwrap()), Ok(1 ^ 3));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Nimble;

impl Game for Nimble {
    type Position = Strip;

    fn options(&self, strip: &Strip) -> Vec<Strip> {
        let mut options = Vec::new();
        for from in 1..strip.0.len() {
            if strip.0[from] > 0 {
                for to in 0..from {
                    options.push(strip.moved(from, to));
                }
            }
        }
        options
    }
}

/// The strip `strip` with the coins out of play (on square 0) removed.
fn in_play(mut strip: Strip) -> Strip {
    if let Some(first) = strip.0.first_mut() {
        *first = 0;
    }
    strip
}

/// The position of the strip `strip` (square 0 emptied), with its board.
fn strip_position(strip: Strip) -> Position {
    let text = in_play(strip).to_string();
    Position::new(
        "nimble",
        vec![text.clone()],
        Board::Strips {
            strips: vec![text],
            legend:
                "squares numbered from 0 at the left: `.` an empty square, a digit that many coins"
                    .into(),
            first: 0,
        },
    )
}

/// Nimble for the command line (the reduction to Nim).
#[derive(Debug, Clone, Copy, Default)]
pub struct NimblePlayable;

impl PlayableGame for NimblePlayable {
    fn description(&self) -> String {
        "nimble".into()
    }

    fn title(&self) -> String {
        "Nimble".into()
    }

    fn position_syntax(&self) -> String {
        "the strip from square 0: '.' empty, a digit for that many coins, e.g. .2..1".into()
    }

    fn move_syntax(&self) -> String {
        "FROM->TO: slide a coin from square FROM to a lower square TO, squares numbered from 0 at the left (e.g. 4->1)".into()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        require_position(words, "nimble", ".2..1")?;
        Ok(strip_position(parse_strip(&words.concat())?))
    }

    /// For each square holding coins, from the right, a coin slid to every
    /// lower square, nearest first.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        require_position(&position.components, "nimble", ".2..1")?;
        let strip = in_play(parse_strip(&position.components.concat())?);
        let occupied: Vec<usize> = (1..strip.0.len()).filter(|&k| strip.0[k] > 0).collect();
        let count: u128 = occupied.iter().map(|&k| k as u128).sum();
        check_listing(count, strip.0.len())?;
        if let Some(&full) = occupied
            .iter()
            .find(|&&k| strip.0[k] == 9 && occupied.iter().any(|&from| from > k))
        {
            return Err(GameError::Unsupported {
                game: "nimble".into(),
                what: "listing the moves of this position".into(),
                reason: format!(
                    "a move would put 10 coins on square {full}, more than one digit writes"
                ),
            });
        }
        let mut moves = Vec::with_capacity(count as usize);
        for &from in occupied.iter().rev() {
            for to in (0..from).rev() {
                moves.push(Move {
                    notation: format!("{from}->{to}"),
                    description: format!("move a coin from square {from} to square {to}"),
                    component: None,
                    after: strip_position(strip.moved(from, to)),
                });
            }
        }
        Ok(moves)
    }

    /// For a coin of the analysis (`coin on square k`) or a whole strip.
    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        if let Some(square) = component.strip_prefix("coin on square ") {
            let square = square.parse::<u64>().ok()?;
            return (square == grundy).then(|| {
                format!("a coin on square {square} is a Nim heap of {square} (it may move to any lower square), so g = {grundy}")
            });
        }
        let coins = parse_strip(component).ok()?.coins();
        let squares: Vec<String> = coins.iter().map(u64::to_string).collect();
        Some(if coins.len() <= 16 {
            format!(
                "Nimble is Nim: a coin on square k is a heap of k, so g = {} = {grundy}",
                if squares.is_empty() {
                    "0".to_string()
                } else {
                    squares.join(" ⊕ ")
                }
            )
        } else {
            format!(
                "Nimble is Nim: a coin on square k is a heap of k, so g is the XOR of the squares of its {} coins = {grundy}",
                coins.len()
            )
        })
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, "nimble", ".2..1")?;
        let strip = in_play(parse_strip(&words.concat())?);
        let coins = strip.coins();
        let parts: Vec<NimPart> = coins
            .iter()
            .map(|&square| NimPart {
                label: format!("coin on square {square}"),
                heap: square,
            })
            .collect();
        let mut report = nim_report(
            &parts,
            "Nimble is Nim: a coin on square k is a heap of k (it may move to any smaller square); Bouton's theorem",
            |index, to| {
                let from = coins[index];
                // Coins move to smaller squares only: a heap is never raised.
                (to < from).then(|| {
                    (
                        format!("move the coin on square {from} to square {to}"),
                        in_play(strip.moved(from as usize, to as usize)).to_string(),
                    )
                })
            },
        );
        report.winning_moves.dedup_by(|a, b| a.to == b.to);
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::GrundySolver;

    #[test]
    fn reduction_to_nim_equals_search_on_every_strip_of_6_squares_with_up_to_3_coins() {
        let mut solver = GrundySolver::by_search(Nimble);
        for code in 0..4usize.pow(6) {
            let counts: Vec<u8> = (0..6).map(|i| (code / 4usize.pow(i)) as u8 % 4).collect();
            if counts.iter().map(|&c| c as u32).sum::<u32>() > 3 {
                continue;
            }
            let strip = Strip(counts);
            let nim = strip.coins().iter().fold(0, |t, c| t ^ c);
            assert_eq!(solver.grundy(&strip), Ok(nim), "{strip}");
        }
    }

    #[test]
    fn bad_characters_are_refused() {
        let error = parse_strip(".2x1").unwrap_err().to_string();
        assert!(error.contains("'x' is not a square"), "{error}");
    }
}
