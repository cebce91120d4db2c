//! Octal games: take-and-break games described by a code d₀.d₁d₂…d_t.
//!
//! Digit dᵢ (0–7) says what may happen when i tokens are removed from a heap
//! (Guy & Smith 1956; *Winning Ways*, ch. 4; notation as in A. Flammenkamp's
//! tables): bit 1 — the heap may be removed entirely (it had exactly i
//! tokens); bit 2 — one non-empty heap may be left; bit 4 — two non-empty
//! heaps may be left. d₀ = 4 allows splitting a heap in two without removing
//! anything. Kayles is 0.77, Dawson's Kayles 0.07, Dawson's chess 0.137,
//! Treblecross 0.007.
//!
//! Every octal game with finitely many digits satisfies the Guy–Smith
//! periodicity theorem (see [`sprague_engine::periodicity`]).

use std::fmt;
use std::str::FromStr;

use sprague_engine::{HeapFamily, PeriodicityTheorem};

use crate::error::GameError;

/// What a code digit allows: bit 1 leave nothing, bit 2 leave one heap, bit 4 leave two heaps.
const LEAVE_NOTHING: u8 = 1;
const LEAVE_ONE: u8 = 2;
const LEAVE_TWO: u8 = 4;

/// An octal game code d₀.d₁…d_t (trailing zeros dropped).
///
/// ```
/// use sprague_games::OctalGame;
/// let kayles: OctalGame = "0.77".parse().unwrap();
/// assert_eq!(kayles.to_string(), "0.77");
/// assert_eq!(kayles.last_digit_index(), 2);
/// assert_eq!("4.7".parse::<OctalGame>().unwrap().digits(), &[4, 7]);
/// assert!("0.78".parse::<OctalGame>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalGame {
    /// d₀, d₁, …, d_t.
    digits: Vec<u8>,
}

impl OctalGame {
    /// The code's digits d₀, d₁, …, d_t.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// t: the index of the last non-zero digit (the most tokens one move removes).
    pub fn last_digit_index(&self) -> usize {
        self.digits.len() - 1
    }

    fn digit(&self, removed: u64) -> u8 {
        usize::try_from(removed)
            .ok()
            .and_then(|index| self.digits.get(index))
            .copied()
            .unwrap_or(0)
    }
}

impl FromStr for OctalGame {
    type Err = GameError;

    fn from_str(code: &str) -> Result<Self, GameError> {
        let invalid = |reason: String| GameError::InvalidOctalCode {
            code: code.to_string(),
            reason,
        };
        let (whole, fraction) = code
            .split_once('.')
            .ok_or_else(|| invalid("a code has a point, as in 0.77 or 4.7".to_string()))?;
        let first = match whole {
            "" | "0" => 0,
            "4" => 4,
            other => {
                return Err(invalid(format!(
"the digit before the point must be 0 or 4 (4 allows splitting without removing), not '{}'",
sprague_textfile::quoted(other),
                )))
            }
        };
        let mut digits = vec![first];
        for (position, character) in fraction.chars().enumerate() {
            let digit = character.to_digit(8).ok_or_else(|| {
                invalid(format!(
                    "digit {} ('{}') is not an octal digit 0–7",
                    position + 1,
                    sprague_textfile::quoted(&character.to_string())
                ))
            })?;
            digits.push(digit as u8);
        }
        if fraction.is_empty() {
            return Err(invalid("no digits after the point".to_string()));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(Self { digits })
    }
}

impl fmt::Display for OctalGame {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return formatter.write_str("0");
        }
        for digit in &self.digits[1..] {
            write!(formatter, "{digit}")?;
        }
        Ok(())
    }
}

impl HeapFamily for OctalGame {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        let most = (self.last_digit_index() as u64).min(heap);
        for removed in 0..=most {
            let digit = self.digit(removed);
            let left = heap - removed;
            if left == 0 {
                if digit & LEAVE_NOTHING != 0 && removed > 0 {
                    visit(&[]);
                }
                continue;
            }
            if digit & LEAVE_ONE != 0 && removed > 0 {
                visit(&[left]);
            }
            if digit & LEAVE_TWO != 0 {
                for smaller in 1..=left / 2 {
                    visit(&[smaller, left - smaller]);
                }
            }
        }
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        Some(PeriodicityTheorem::GuySmith {
            digits: self.last_digit_index() as u64,
        })
    }
}
