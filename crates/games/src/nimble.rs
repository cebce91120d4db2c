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

use std::fmt;

use sprague_engine::Game;

use crate::error::GameError;
use crate::nim_reduction::{nim_report, NimPart};
use crate::playable::{require_position, PlayableGame, Report};

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
                "'{other}' is not a square: write '.' for an empty square and a digit 1-9 for that many coins, e.g. .2..1"
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

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, "nimble", ".2..1")?;
        let strip = parse_strip(&words.concat())?;
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
                (
                    format!("move the coin on square {from} to square {to}"),
                    strip.moved(from as usize, to as usize).to_string(),
                )
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
