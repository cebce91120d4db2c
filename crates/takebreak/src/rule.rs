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
//!
//! The `rule:` notation ([`TakeBreak::rule`], module [`text`]) writes the same
//! digits move by move and adds that flag per removal count and per split:
//! `rule:0:2u` is Grundy's game, `rule:1-2:0-2` is Kayles (0.77), and
//! `rule:1:1;0:3u` (take one token, or split into three pairwise different
//! heaps) has no code. A three-heap split is unequal when its heaps are
//! pairwise different.

use std::fmt;

pub mod text;

pub use text::RuleError;

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
    /// The `rule:` notation (module [`text`]): removal counts and part counts,
    /// with splits that may have to leave unequal heaps.
    Rule,
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
    /// Bit i: a two-heap split after removing i tokens must leave unequal heaps.
    unequal_two: u128,
    /// Bit i: a three-heap split after removing i tokens must leave pairwise
    /// different heaps.
    unequal_three: u128,
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
        let mut grundy = Self::from_digits(vec![LEAVE_TWO], Notation::Grundy);
        grundy.unequal_two = 1;
        grundy
    }

    /// A rule in the `rule:` notation (module [`text`]), with or without the
    /// `rule:` prefix: `1-2:0-2` (Kayles), `0:2u` (Grundy's game),
    /// `1-2:0-1;0:3` (remove 1 or 2 tokens leaving 0 or 1 heaps, or split into
    /// three heaps).
    ///
    /// # Errors
    /// [`RuleError`] when the text is not a rule the engine runs (one sentence
    /// saying why).
    ///
    /// ```
    /// use sprague_takebreak::TakeBreak;
    /// let kayles = TakeBreak::rule("rule:2:0-2;1:0-2").unwrap();
    /// assert_eq!(kayles.to_string(), "rule:1-2:0-2");
    /// assert_eq!(kayles.same_code().as_deref(), Some("0.77"));
    /// let grundy = TakeBreak::rule("0:2u").unwrap();
    /// assert_eq!(grundy.same_code().as_deref(), Some("grundy"));
    /// assert!(grundy.theorem().is_none());
    /// assert!(TakeBreak::rule("1:4").is_err());
    /// ```
    pub fn rule(text: &str) -> Result<Self, RuleError> {
        let trimmed = text.trim();
        let body = match trimmed.get(..5) {
            Some(prefix) if prefix.eq_ignore_ascii_case("rule:") => &trimmed[5..],
            _ => trimmed,
        };
        let moves = text::parse(body).map_err(|error| RuleError {
            rule: text.to_string(),
            ..error
        })?;
        let digits = moves.iter().map(|entry| entry.digit).collect();
        let mut rule = Self::from_digits(digits, Notation::Rule);
        for (removed, entry) in moves.iter().enumerate() {
            rule.unequal_two |= u128::from(entry.unequal_two) << removed;
            rule.unequal_three |= u128::from(entry.unequal_three) << removed;
        }
        Ok(rule)
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
            unequal_two: 0,
            unequal_three: 0,
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

    /// Whether some split must leave heaps of different sizes (Grundy's game,
    /// `rule:` texts with `2u` or `3u`): then no periodicity theorem applies.
    pub fn unequal_split(&self) -> bool {
        self.unequal_two != 0 || self.unequal_three != 0
    }

    /// Whether the two-heap split after removing `removed` tokens must leave
    /// heaps of different sizes.
    ///
    /// ```
    /// use sprague_takebreak::TakeBreak;
    /// let rule = TakeBreak::rule("0:2u;1:2").unwrap();
    /// assert!(rule.unequal_two(0) && !rule.unequal_two(1));
    /// ```
    pub fn unequal_two(&self, removed: usize) -> bool {
        removed < 128 && self.unequal_two >> removed & 1 != 0
    }

    /// Whether the three-heap split after removing `removed` tokens must leave
    /// pairwise different heaps.
    pub fn unequal_three(&self, removed: usize) -> bool {
        removed < 128 && self.unequal_three >> removed & 1 != 0
    }

    /// Whether some three-heap split must leave pairwise different heaps (the
    /// sweeps then run the plain pass: the pair sets of the rare/common
    /// pass do not tell equal heaps apart).
    pub fn has_unequal_three(&self) -> bool {
        self.unequal_three != 0
    }

    /// The description of the same game among the codes, for a `rule:` text
    /// that is one: `0.77`, `hex:0.F` or `grundy`; `None` otherwise (and for
    /// games written as codes).
    pub fn same_code(&self) -> Option<String> {
        if self.notation != Notation::Rule {
            return None;
        }
        if !self.unequal_split() {
            let code = self.digits_text();
            return Some(if self.digits.iter().all(|&digit| digit < 8) {
                code
            } else {
                format!("hex:{code}")
            });
        }
        (self.digits == [LEAVE_TWO] && self.unequal_two == 1 && self.unequal_three == 0)
            .then(|| "grundy".to_string())
    }

    /// The digits as a code, `0.77` (hexadecimal digits where needed).
    fn digits_text(&self) -> String {
        let mut code = format!("{:X}.", self.digits[0]);
        if self.digits.len() == 1 {
            code.push('0');
        }
        for digit in &self.digits[1..] {
            code.push_str(&format!("{digit:X}"));
        }
        code
    }

    /// The canonical `rule:` text of the moves (without the prefix), for
    /// every notation: `1-2:0-2` for 0.77, `0:2u` for Grundy's game.
    ///
    /// ```
    /// use sprague_takebreak::TakeBreak;
    /// assert_eq!(TakeBreak::octal("0.137").unwrap().rule_text(), "1:0;2:0-1;3:0-2");
    /// assert_eq!(TakeBreak::grundy().rule_text(), "0:2u");
    /// ```
    pub fn rule_text(&self) -> String {
        let moves: Vec<text::Moves> = (0..self.digits.len())
            .map(|removed| text::Moves {
                digit: self.digits[removed],
                unequal_two: self.unequal_two(removed),
                unequal_three: self.unequal_three(removed),
            })
            .collect();
        text::canonical(&moves)
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
            Notation::Rule => format!("rule {}", self.rule_text()),
        }
    }

    /// The theorem that proves periodicity from finitely many values, if any:
    /// the generalised Guy–Smith theorem (see [`crate::period`]); none for
    /// Grundy's game and every rule with an unequal split (`2u`, `3u`), which
    /// the argument does not cover: their periods are only observed.
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
        match self.notation {
            Notation::Grundy => formatter.write_str("grundy"),
            Notation::Rule => write!(formatter, "rule:{}", self.rule_text()),
            Notation::Octal | Notation::Hexadecimal => formatter.write_str(&self.digits_text()),
        }
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
            let unequal = self.unequal_two(removed);
            for smaller in 1..=left / 2 {
                if unequal && 2 * smaller == left {
                    continue;
                }
                visit(&[smaller, left - smaller]);
            }
        }
        for &removed in &self.split_three {
            let Some(left) = heap.checked_sub(removed as u64) else {
                continue;
            };
            let unequal = self.unequal_three(removed);
            for first in 1..=left / 3 {
                for second in first..=(left - first) / 2 {
                    let third = left - first - second;
                    if unequal && (first == second || second == third) {
                        continue;
                    }
                    visit(&[first, second, third]);
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
