//! The `rule:` notation: a take-and-break rule written move by move, beyond
//! the octal and hexadecimal codes (which it contains), with splits that must
//! leave unequal heaps as in Grundy's game.
//!
//! A rule is a list of clauses separated by `;`, each `REMOVALS:PARTS`:
//! REMOVALS is a list of numbers and ranges (`1`, `1-3`, `1,3-5`) of tokens
//! one move removes from a heap (0 to [`MAX_DIGITS`]); PARTS a list of numbers
//! and ranges from 0 to 3 of the non-empty heaps the rest may be left as,
//! where a part count of 2 or 3 followed by `u` requires the heaps to be
//! pairwise different (`2u`, `3u`, `2-3u`). Kayles is `1-2:0-2` (= octal
//! 0.77), Grundy's game `0:2u`. This is the notation of Guy & Smith's codes
//! read digit by digit (*Winning Ways*, 2nd ed., ch. 4): removal i with parts
//! {0, 1, 2, 3} is bits 1, 2, 4, 8 of the digit dᵢ.
//!
//! Clauses are a union: `2` and `2u` for the same removal is `2`. The
//! canonical text (`canonical`) groups removals with the same parts, in the
//! order of their smallest removal, and writes runs as ranges.

use super::{LEAVE_NOTHING, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, MAX_DIGITS};
use thiserror::Error;

/// A `rule:` text that is not a take-and-break rule the engine runs.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid take-and-break rule '{}': {reason}", sprague_textfile::quoted(.rule))]
pub struct RuleError {
    /// The rule as typed.
    pub rule: String,
    /// What is wrong and what is accepted.
    pub reason: String,
}

/// The moves of one removal count: the digit's bits (1, 2, 4, 8) and the
/// unequal flags of its two- and three-heap splits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Moves {
    pub digit: u8,
    pub unequal_two: bool,
    pub unequal_three: bool,
}

/// The moves of removals 0..=t of a `rule:` text (without the `rule:` prefix).
pub(crate) fn parse(text: &str) -> Result<Vec<Moves>, RuleError> {
    let invalid = |reason: String| RuleError {
        rule: text.to_string(),
        reason,
    };
    let body = text.trim();
    if body.is_empty() {
        return Err(invalid(
            "no clause; write REMOVALS:PARTS clauses separated by ';', e.g. 1-2:0-2 (Kayles) or 0:2u (Grundy's game)"
                .to_string(),
        ));
    }
    // For each removal: the bits allowed freely, and the bits allowed unequal only.
    let mut free = [0u8; MAX_DIGITS + 1];
    let mut unequal = [0u8; MAX_DIGITS + 1];
    for clause in body.split(';').map(str::trim) {
        let (removals, parts) = clause.split_once(':').ok_or_else(|| {
            invalid(format!(
                "clause '{}' has no ':'; a clause is REMOVALS:PARTS, e.g. 1-2:0-2",
                sprague_textfile::quoted(clause)
            ))
        })?;
        let removals = numbers(removals, "removals", MAX_DIGITS).map_err(&invalid)?;
        let parts = part_counts(parts).map_err(&invalid)?;
        for &removed in &removals {
            for &(count, must_differ) in &parts {
                if removed == 0 && count < 2 {
                    return Err(invalid(format!(
                        "removing 0 tokens must split the heap into 2 or 3 heaps, not leave {count} (clause '{}')",
                        sprague_textfile::quoted(clause)
                    )));
                }
                let bit = 1u8 << count;
                if must_differ {
                    unequal[removed] |= bit;
                } else {
                    free[removed] |= bit;
                }
            }
        }
    }
    let mut moves: Vec<Moves> = free
        .iter()
        .zip(&unequal)
        .map(|(&free, &unequal)| Moves {
            digit: free | unequal,
            unequal_two: unequal & !free & LEAVE_TWO != 0,
            unequal_three: unequal & !free & LEAVE_THREE != 0,
        })
        .collect();
    while moves.len() > 1 && moves.last().is_some_and(|last| last.digit == 0) {
        moves.pop();
    }
    Ok(moves)
}

/// The numbers of a list such as `1,3-5`, each at most `largest`.
fn numbers(list: &str, what: &str, largest: usize) -> Result<Vec<usize>, String> {
    let mut found = Vec::new();
    for item in list.split(',').map(str::trim) {
        let (low, high) = range(item, what, largest)?;
        found.extend(low..=high);
    }
    Ok(found)
}

/// One item `N` or `A-B` of a list of `what`, each at most `largest`.
fn range(item: &str, what: &str, largest: usize) -> Result<(usize, usize), String> {
    let number = |word: &str| -> Result<usize, String> {
        let word = word.trim();
        let digits = !word.is_empty() && word.bytes().all(|byte| byte.is_ascii_digit());
        // Digits too many for a number are above the largest too.
        let value = digits.then(|| word.parse::<usize>().unwrap_or(usize::MAX));
        match value {
            Some(value) if value <= largest => Ok(value),
            Some(_) => Err(format!(
                "{what} '{}' is above {largest}, the most the engine supports",
                sprague_textfile::quoted(word)
            )),
            None => Err(format!(
                "'{}' in the {what} is not a number or a range A-B",
                sprague_textfile::quoted(item)
            )),
        }
    };
    let (low, high) = match item.split_once('-') {
        Some((low, high)) => (number(low)?, number(high)?),
        None => {
            let value = number(item)?;
            (value, value)
        }
    };
    if low > high {
        return Err(format!(
            "the range '{}' in the {what} is empty (write the smaller number first)",
            sprague_textfile::quoted(item)
        ));
    }
    Ok((low, high))
}

/// The part counts of a list such as `0-1,2u`: (count, must the parts differ).
fn part_counts(list: &str) -> Result<Vec<(usize, bool)>, String> {
    let mut found = Vec::new();
    for item in list.split(',').map(str::trim) {
        let (item, must_differ) = match item.strip_suffix(['u', 'U']) {
            Some(rest) => (rest, true),
            None => (item, false),
        };
        let (low, high) = range(item, "parts", 3).map_err(|reason| {
            format!("{reason} (a heap may be left as 0 to 3 heaps; 2u, 3u: unequal heaps)")
        })?;
        if must_differ && low < 2 {
            return Err(format!(
                "'{}u': only splits into 2 or 3 heaps can be required to be unequal",
                sprague_textfile::quoted(item)
            ));
        }
        found.extend((low..=high).map(|count| (count, must_differ)));
    }
    Ok(found)
}

/// The canonical text of the moves (without the `rule:` prefix).
pub(crate) fn canonical(moves: &[Moves]) -> String {
    let mut clauses: Vec<(Vec<usize>, Moves)> = Vec::new();
    for (removed, &entry) in moves.iter().enumerate() {
        if entry.digit == 0 {
            continue;
        }
        match clauses.iter_mut().find(|(_, parts)| *parts == entry) {
            Some((removals, _)) => removals.push(removed),
            None => clauses.push((vec![removed], entry)),
        }
    }
    let written: Vec<String> = clauses
        .iter()
        .map(|(removals, parts)| format!("{}:{}", runs(removals), parts_text(*parts)))
        .collect();
    written.join(";")
}

/// `1,3-5` from [1, 3, 4, 5].
fn runs(numbers: &[usize]) -> String {
    let mut items: Vec<String> = Vec::new();
    let mut start = 0;
    while start < numbers.len() {
        let mut end = start;
        while end + 1 < numbers.len() && numbers[end + 1] == numbers[end] + 1 {
            end += 1;
        }
        items.push(if end == start {
            numbers[start].to_string()
        } else {
            format!("{}-{}", numbers[start], numbers[end])
        });
        start = end + 1;
    }
    items.join(",")
}

/// `0-1,2u` for the moves of one removal.
fn parts_text(moves: Moves) -> String {
    let mut free = Vec::new();
    let mut items = Vec::new();
    let bits = [LEAVE_NOTHING, LEAVE_ONE, LEAVE_TWO, LEAVE_THREE];
    for (count, bit) in bits.into_iter().enumerate() {
        let must_differ = match count {
            2 => moves.unequal_two,
            3 => moves.unequal_three,
            _ => false,
        };
        if moves.digit & bit == 0 {
            continue;
        }
        if must_differ {
            items.push(format!("{count}u"));
        } else {
            free.push(count);
        }
    }
    let mut text = runs(&free);
    for item in items {
        if !text.is_empty() {
            text.push(',');
        }
        text.push_str(&item);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str) -> String {
        canonical(&parse(text).unwrap())
    }

    #[test]
    fn rules_are_written_canonically() {
        assert_eq!(round_trip("1-2:0-2"), "1-2:0-2");
        assert_eq!(round_trip(" 2:2 ; 1:0,1,2 ; 2:0-1 "), "1-2:0-2");
        assert_eq!(round_trip("0:2u"), "0:2u");
        assert_eq!(round_trip("0:2u;0:2"), "0:2");
        assert_eq!(round_trip("1,3-5:1;0:2-3U"), "0:2u,3u;1,3-5:1");
        assert_eq!(round_trip("1-2:0-1;0:3"), "0:3;1-2:0-1");
    }

    #[test]
    fn bad_rules_say_what_is_wrong() {
        let reason = |text: &str| parse(text).unwrap_err().reason;
        assert!(reason("").contains("no clause"));
        assert!(reason("1-2").contains("has no ':'"));
        assert!(reason("1:4").contains("above 3"));
        assert!(reason("65:1").contains("above 64"));
        assert!(reason("99999999999999999999999:1").contains("above 64"));
        assert!(reason("1:2-").contains("not a number"));
        assert!(reason("3-1:1").contains("is empty"));
        assert!(reason("0:1").contains("removing 0 tokens"));
        assert!(reason("1:1u").contains("only splits into 2 or 3"));
        assert!(reason("x:1").contains("not a number"));
        assert!(reason("1:").contains("not a number"));
        assert!(reason("1:+2").contains("not a number"));
    }
}
