//! Toads and Frogs (Winning Ways ch. 1; Erickson, "New Toads and Frogs
//! results", *Games of No Chance*, 1996): a strip of squares holding toads
//! `T`, frogs `F` and empty squares `.`. Left moves a toad one square to the
//! right onto an empty square, or jumps it over a single frog onto the empty
//! square beyond; Right moves frogs leftwards likewise.
//!
//! For the transposition table, frogs at the left end and toads at the right
//! end are removed: they can never move nor be jumped.

use super::PartizanGame;
use crate::error::GameError;

/// The longest strip accepted.
pub const MAX_SQUARES: usize = 64;

/// Toads and Frogs; a position is the strip as bytes `T`, `F`, `.`.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{Solver, toads::ToadsAndFrogs};
/// let mut store = GameStore::new();
/// let mut solver = Solver::new(ToadsAndFrogs);
/// let g = solver.canonical_form(&mut store, &ToadsAndFrogs::parse("T.F").unwrap()).unwrap();
/// assert_eq!(store.display(g), "*");
/// let h = solver.canonical_form(&mut store, &ToadsAndFrogs::parse("FT.").unwrap()).unwrap();
/// assert_eq!(store.display(h), "1");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

impl ToadsAndFrogs {
    /// Reads a strip of `T`, `F` and `.` (at most [`MAX_SQUARES`]).
    ///
    /// ```
    /// use sprague_partizan::rules::toads::ToadsAndFrogs;
    /// assert_eq!(ToadsAndFrogs::parse("T.F").unwrap(), b"T.F".to_vec());
    /// assert!(ToadsAndFrogs::parse("T-F").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Vec<u8>, GameError> {
        let text = text.trim();
        if text.chars().count() > MAX_SQUARES {
            return Err(GameError::InvalidPosition(format!(
                "a Toads and Frogs strip has at most {MAX_SQUARES} squares"
            )));
        }
        text.chars()
            .map(|c| match c {
                'T' | 't' => Ok(b'T'),
                'F' | 'f' => Ok(b'F'),
                '.' | '_' => Ok(b'.'),
                other => Err(GameError::InvalidPosition(format!(
                    "a Toads and Frogs square is T, F or '.', not {other:?}"
                ))),
            })
            .collect()
    }
}

impl PartizanGame for ToadsAndFrogs {
    type Position = Vec<u8>;

    fn left_options(&self, s: &Vec<u8>) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for i in 0..s.len() {
            if s[i] != b'T' {
                continue;
            }
            let target = if s.get(i + 1) == Some(&b'.') {
                Some(i + 1)
            } else if s.get(i + 1) == Some(&b'F') && s.get(i + 2) == Some(&b'.') {
                Some(i + 2)
            } else {
                None
            };
            if let Some(j) = target {
                let mut next = s.clone();
                next[i] = b'.';
                next[j] = b'T';
                out.push(next);
            }
        }
        out
    }

    fn right_options(&self, s: &Vec<u8>) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for i in 0..s.len() {
            if s[i] != b'F' || i == 0 {
                continue;
            }
            let target = if s[i - 1] == b'.' {
                Some(i - 1)
            } else if i >= 2 && s[i - 1] == b'T' && s[i - 2] == b'.' {
                Some(i - 2)
            } else {
                None
            };
            if let Some(j) = target {
                let mut next = s.clone();
                next[i] = b'.';
                next[j] = b'F';
                out.push(next);
            }
        }
        out
    }

    fn normalize(&self, s: &Vec<u8>) -> Vec<u8> {
        let start = s.iter().take_while(|&&c| c == b'F').count();
        let end = s.len() - s[start..].iter().rev().take_while(|&&c| c == b'T').count();
        s[start..end].to_vec()
    }

    fn describe_move(&self, from: &Vec<u8>, to: &Vec<u8>) -> String {
        format!(
            "{} → {}",
            String::from_utf8_lossy(from),
            String::from_utf8_lossy(to)
        )
    }
}
