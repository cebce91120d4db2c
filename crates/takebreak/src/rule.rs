//! The take-and-break rule: octal and hexadecimal codes, and Grundy's game.
//!
//! A code d₀.d₁d₂…d_t says, for each number i of tokens removed from one heap,
//! what may be left of it (Guy & Smith 1956; *Winning Ways*, ch. 4; notation of
//! A. Flammenkamp's tables): bit 1 of dᵢ — nothing (the heap had exactly i
//! tokens); bit 2 — one non-empty heap; bit 4 — two non-empty heaps; bit 8
//! (hexadecimal codes only) — three non-empty heaps. d₀ may only use the
//! splitting bits (4, 8): removing nothing and leaving one heap is no move.
//! Grundy's game (split a heap into two *unequal* heaps) is the code 4.0 with
//! the extra rule that the two heaps differ; it has its own identity.

use std::fmt;

use sprague_engine::{HeapFamily, PeriodicityTheorem};
use thiserror::Error;

/// Bit of a digit: the heap may be removed entirely.
pub const LEAVE_NOTHING: u8 = 1;
/// Bit of a digit: one non-empty heap may be left.
pub const LEAVE_ONE: u8 = 2;
/// Bit of a digit: two non-empty heaps may be left.
pub const LEAVE_TWO: u8 = 4;
/// Bit of a digit (hexadecimal codes): three non-empty heaps may be left.
pub const LEAVE_THREE: u8 = 8;

/// The most digits after the point a code may have (a move removes at most this many).
pub const MAX_DIGITS: usize = 64;

/// A code that is not a take-and-break code.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid {kind} code '{}': {reason}", sprague_textfile::quoted(.code))]
pub struct CodeError {
    /// "octal" or "hexadecimal".
    pub kind: &'static str,
    /// The code as typed.
    pub code: String,
    /// What is wrong and what is accepted.
    pub reason: String,
}

/// Which notation a rule was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Digits 0–7.
    Octal,
    /// Digits 0–F (bit 8 leaves three heaps).
    Hexadecimal,
    /// Grundy's game.
    Grundy,
}

/// A take-and-break game on one heap.
///
/// ```
/// use sprague_takebreak::TakeBreak;
/// let kayles = TakeBreak::octal("0.77").unwrap();
/// assert_eq!(kayles.to_string(), "0.77");
/// assert_eq!(kayles.max_removed(), 2);
/// let hex = TakeBreak::hexadecimal("0.F").unwrap();
/// assert_eq!(hex.max_parts(), 3);
/// assert_eq!(TakeBreak::grundy().identity(), "grundy");
/// assert!(TakeBreak::octal("0.8").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    digits: Vec<u8>,
    notation: Notation,
    /// Removals (≥ 1) that may take a whole heap.
    take_all: Vec<usize>,
    /// Removals (≥ 1) that may leave one heap.
    take_one: Vec<usize>,
    /// Removals (≥ 0) that may leave two heaps.
    split_two: Vec<usize>,
    /// Removals (≥ 0) that may leave three heaps.
    split_three: Vec<usize>,
}

impl TakeBreak {
    /// An octal code such as `0.77`, `4.7` or `.137`.
    ///
    /// # Errors
    /// [`CodeError`] when the text is not an octal code.
    pub fn octal(code: &str) -> Result<Self, CodeError> {
        Self::parse(code, Notation::Octal)
    }

    /// A hexadecimal code such as `0.F` or `0.8` (bit 8 leaves three heaps).
    ///
    /// # Errors
    /// [`CodeError`] when the text is not a hexadecimal code.
    pub fn hexadecimal(code: &str) -> Result<Self, CodeError> {
        Self::parse(code, Notation::Hexadecimal)
    }

    /// Grundy's game: split one heap into two non-empty heaps of different sizes.
    pub fn grundy() -> Self {
        Self::from_digits(vec![LEAVE_TWO], Notation::Grundy)
    }

    /// The rule of the digits d₀…d_t (already checked).
    fn from_digits(mut digits: Vec<u8>, notation: Notation) -> Self {
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        let with = |bit: u8, from: usize| -> Vec<usize> {
            (from..digits.len())
                .filter(|&i| digits[i] & bit != 0)
                .collect()
        };
        Self {
            take_all: with(LEAVE_NOTHING, 1),
            take_one: with(LEAVE_ONE, 1),
            split_two: with(LEAVE_TWO, 0),
            split_three: with(LEAVE_THREE, 0),
            digits,
            notation,
        }
    }

    fn parse(code: &str, notation: Notation) -> Result<Self, CodeError> {
        let (kind, radix) = match notation {
            Notation::Hexadecimal => ("hexadecimal", 16),
            _ => ("octal", 8),
        };
        let invalid = |reason: String| CodeError {
            kind,
            code: code.to_string(),
            reason,
        };
        let text = code.trim();
        let (whole, fraction) = text.split_once('.').ok_or_else(|| {
            invalid("a code has a point, as in 0.77, 4.7 or (hexadecimal) 0.F".to_string())
        })?;
        let first = if whole.is_empty() {
            0
        } else {
            let digit = u8::from_str_radix(whole, radix)
                .ok()
                .filter(|d| d & (LEAVE_NOTHING | LEAVE_ONE) == 0 && u32::from(*d) < radix);
            digit.ok_or_else(|| {
                invalid(format!(
                    "the digit before the point must be {} (splitting without removing), not '{}'",
                    if radix == 8 { "0 or 4" } else { "0, 4, 8 or C" },
                    sprague_textfile::quoted(whole)
                ))
            })?
        };
        if fraction.is_empty() {
            return Err(invalid("no digits after the point".to_string()));
        }
        if fraction.chars().count() > MAX_DIGITS {
            return Err(invalid(format!(
                "at most {MAX_DIGITS} digits after the point are supported"
            )));
        }
        let mut digits = vec![first];
        for (position, character) in fraction.chars().enumerate() {
            let digit = character.to_digit(radix).ok_or_else(|| {
                invalid(format!(
                    "digit {} ('{}') is not {} digit",
                    position + 1,
                    sprague_textfile::quoted(&character.to_string()),
                    if radix == 8 {
                        "an octal 0–7"
                    } else {
                        "a hexadecimal 0–F"
                    }
                ))
            })?;
            digits.push(digit as u8);
        }
        Ok(Self::from_digits(digits, notation))
    }

    /// The digits d₀…d_t (trailing zeros dropped).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The notation the rule was written in.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// t: the most tokens one move removes.
    pub fn max_removed(&self) -> usize {
        self.digits.len() - 1
    }

    /// The most heaps one move leaves (0 to 3).
    pub fn max_parts(&self) -> usize {
        if !self.split_three.is_empty() {
            3
        } else if !self.split_two.is_empty() {
            2
        } else if !self.take_one.is_empty() {
            1
        } else {
            0
        }
    }

    /// Whether two-heap splits must leave heaps of different sizes (Grundy's game).
    pub fn unequal_split(&self) -> bool {
        self.notation == Notation::Grundy
    }

    /// Removals that may take a whole heap.
    pub fn take_all(&self) -> &[usize] {
        &self.take_all
    }
    /// Removals that may leave one heap.
    pub fn take_one(&self) -> &[usize] {
        &self.take_one
    }
    /// Removals that may leave two heaps.
    pub fn split_two(&self) -> &[usize] {
        &self.split_two
    }
    /// Removals that may leave three heaps.
    pub fn split_three(&self) -> &[usize] {
        &self.split_three
    }

    /// A stable identity used in checkpoints: `octal 0.77`, `hex 0.F`, `grundy`.
    pub fn identity(&self) -> String {
        match self.notation {
            Notation::Octal => format!("octal {self}"),
            Notation::Hexadecimal => format!("hex {self}"),
            Notation::Grundy => "grundy".to_string(),
        }
    }

    /// The theorem that proves periodicity from finitely many values, if any:
    /// the generalised Guy–Smith theorem (see [`crate::period`]); none for
    /// Grundy's game, whose unequal-split rule the argument does not cover.
    pub fn theorem(&self) -> Option<PeriodicityTheorem> {
        let digits = self.max_removed() as u64;
        match (self.unequal_split(), self.max_parts()) {
            (true, _) => None,
            (false, 0) => Some(PeriodicityTheorem::SubtractionWindow {
                window: digits.max(1),
            }),
            (false, 1) => Some(PeriodicityTheorem::SubtractionWindow { window: digits }),
            (false, 2) => Some(PeriodicityTheorem::GuySmith { digits }),
            (false, parts) => Some(PeriodicityTheorem::GuySmithGeneral {
                parts: parts as u64,
                digits,
            }),
        }
    }
}

impl fmt::Display for TakeBreak {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.notation == Notation::Grundy {
            return formatter.write_str("grundy");
        }
        write!(formatter, "{:X}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return formatter.write_str("0");
        }
        for digit in &self.digits[1..] {
            write!(formatter, "{digit:X}")?;
        }
        Ok(())
    }
}

impl HeapFamily for TakeBreak {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for &removed in &self.take_all {
            if removed as u64 == heap {
                visit(&[]);
            }
        }
        for &removed in &self.take_one {
            if (removed as u64) < heap {
                visit(&[heap - removed as u64]);
            }
        }
        for &removed in &self.split_two {
            let Some(left) = heap.checked_sub(removed as u64) else {
                continue;
            };
            for smaller in 1..=left / 2 {
                if self.unequal_split() && 2 * smaller == left {
                    continue;
                }
                visit(&[smaller, left - smaller]);
            }
        }
        for &removed in &self.split_three {
            let Some(left) = heap.checked_sub(removed as u64) else {
                continue;
            };
            for first in 1..=left / 3 {
                for second in first..=(left - first) / 2 {
                    visit(&[first, second, left - first - second]);
                }
            }
        }
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        self.theorem()
    }

    fn option_count_bound(&self, heap: u64) -> Option<u128> {
        let n = u128::from(heap);
        let pairs = n / 2 + 1;
        let triples = (n / 3 + 1) * pairs;
        Some(
            (self.take_all.len() + self.take_one.len()) as u128
                + self.split_two.len() as u128 * pairs
                + self.split_three.len() as u128 * triples,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_parsed_and_printed() {
        assert_eq!(TakeBreak::octal(".137").unwrap().to_string(), "0.137");
        assert_eq!(TakeBreak::octal("4.70").unwrap().to_string(), "4.7");
        assert_eq!(TakeBreak::hexadecimal("0.f").unwrap().to_string(), "0.F");
        assert_eq!(TakeBreak::hexadecimal("8.0").unwrap().max_parts(), 3);
        for bad in ["0.9", "1.7", "077", "0.", "2.1", "0.7x"] {
            assert!(TakeBreak::octal(bad).is_err(), "{bad}");
        }
        assert!(TakeBreak::hexadecimal("0.G").is_err());
    }

    #[test]
    fn grundy_splits_unequally() {
        let mut options = Vec::new();
        TakeBreak::grundy().for_each_option(6, &mut |parts| options.push(parts.to_vec()));
        assert_eq!(options, vec![vec![1, 5], vec![2, 4]]);
    }

    #[test]
    fn option_count_bound_holds() {
        for code in ["0.77", "0.F", "8.0", "4.007", "0.137"] {
            let rule = TakeBreak::hexadecimal(code).unwrap();
            for heap in 0..60 {
                let mut count = 0u128;
                rule.for_each_option(heap, &mut |_| count += 1);
                assert!(
                    count <= rule.option_count_bound(heap).unwrap(),
                    "{code} {heap}"
                );
            }
        }
        // Three-way splits: about n²/12 options, known before any is listed.
        let bound = TakeBreak::hexadecimal("0.F")
            .unwrap()
            .option_count_bound(603_603);
        assert!(bound.unwrap() > 10_000_000_000);
    }
}
