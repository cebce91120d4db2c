//! Reading nimbers from text: decimal, or hexadecimal after `0x`.
//!
//! Shared by the `FromStr` impls of [`crate::Nimber`] and [`crate::Nimber128`]
//! and by the calculator in [`crate::expression`]. The accepted grammar is
//! `[0-9]+ | 0[xX][0-9a-fA-F]+`, with no sign, spaces or separators, exactly as
//! written by the `Display` and `LowerHex` (with `#`) impls.

use std::error::Error;
use std::fmt;

/// Why a string is not a nimber.
///
/// ```
/// use sprague_nimber::{Nimber, ParseNimberError};
/// assert_eq!("".parse::<Nimber>(), Err(ParseNimberError::Empty));
/// assert_eq!(
///     "12a".parse::<Nimber>(),
///     Err(ParseNimberError::InvalidDigit { offset: 2, found: 'a', hexadecimal: false })
/// );
/// assert_eq!("0x1_0000_0000_0000_0000".replace('_', "").parse::<Nimber>(),
///            Err(ParseNimberError::TooLarge { bits: 64 }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseNimberError {
    /// The string (or the part after `0x`) has no digits.
    Empty,
    /// A character that is not a digit of the base in use, at byte `offset`.
    InvalidDigit {
        /// Byte offset of the character in the parsed string.
        offset: usize,
        /// The offending character.
        found: char,
        /// Whether the number was hexadecimal (`0x` prefix).
        hexadecimal: bool,
    },
    /// The value does not fit in `bits` bits.
    TooLarge {
        /// The width of the nimber type (64 or 128).
        bits: u32,
    },
}

impl fmt::Display for ParseNimberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseNimberError::Empty => write!(
                f,
                "no digits: expected a decimal number such as 42 or a hexadecimal number such as 0x2a"
            ),
            ParseNimberError::InvalidDigit {
                offset,
                found,
                hexadecimal: false,
            } => write!(
                f,
                "invalid character {found:?} at byte {offset}: a decimal number has only digits 0-9 (use a 0x prefix for hexadecimal)"
            ),
            ParseNimberError::InvalidDigit {
                offset,
                found,
                hexadecimal: true,
            } => write!(
                f,
                "invalid character {found:?} at byte {offset}: a hexadecimal number after 0x has only digits 0-9 and a-f"
            ),
            ParseNimberError::TooLarge { bits } => write!(
                f,
                "number too large: a {bits}-bit nimber is at most 2^{bits} - 1 ({})",
                if *bits >= 128 {
                    u128::MAX
                } else {
                    (1u128 << bits) - 1
                }
            ),
        }
    }
}

impl Error for ParseNimberError {}

/// Parses `text` as a natural number below 2^bits (`bits` ≤ 128).
pub(crate) fn parse_natural(text: &str, bits: u32) -> Result<u128, ParseNimberError> {
    let bytes = text.as_bytes();
    let (digits_start, radix) = if bytes.len() >= 2 && bytes[0] == b'0' && (bytes[1] | 0x20) == b'x'
    {
        (2, 16u32)
    } else {
        (0, 10u32)
    };
    if bytes.len() == digits_start {
        return Err(ParseNimberError::Empty);
    }
    let limit = if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    let mut value: u128 = 0;
    let mut too_large = false;
    for (offset, character) in text.char_indices().skip(digits_start) {
        let Some(digit) = character.to_digit(radix) else {
            return Err(ParseNimberError::InvalidDigit {
                offset,
                found: character,
                hexadecimal: radix == 16,
            });
        };
        match value
            .checked_mul(u128::from(radix))
            .and_then(|v| v.checked_add(u128::from(digit)))
        {
            Some(next) if next <= limit => value = next,
            _ => too_large = true,
        }
    }
    // Report a bad character anywhere before reporting the size.
    if too_large {
        return Err(ParseNimberError::TooLarge { bits });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_decimal_and_hexadecimal_up_to_the_limit() {
        assert_eq!(parse_natural("0", 64), Ok(0));
        assert_eq!(parse_natural("0x0", 64), Ok(0));
        assert_eq!(parse_natural("0XfF", 64), Ok(255));
        assert_eq!(
            parse_natural("18446744073709551615", 64),
            Ok(u64::MAX.into())
        );
        assert_eq!(
            parse_natural("18446744073709551616", 64),
            Err(ParseNimberError::TooLarge { bits: 64 })
        );
        assert_eq!(parse_natural(&u128::MAX.to_string(), 128), Ok(u128::MAX));
        assert_eq!(
            parse_natural("340282366920938463463374607431768211456", 128),
            Err(ParseNimberError::TooLarge { bits: 128 })
        );
        assert_eq!(parse_natural("0x", 64), Err(ParseNimberError::Empty));
        assert_eq!(
            parse_natural("-1", 64),
            Err(ParseNimberError::InvalidDigit {
                offset: 0,
                found: '-',
                hexadecimal: false
            })
        );
        assert_eq!(
            parse_natural("0x1é", 64),
            Err(ParseNimberError::InvalidDigit {
                offset: 3,
                found: 'é',
                hexadecimal: true
            })
        );
    }
}
