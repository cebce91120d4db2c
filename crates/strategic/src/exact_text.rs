//! Reading and writing exact rationals as text: `"3"`, `"-2/7"`, `"0.125"`,
//! `"1e-3"`, printed back in lowest terms as `"p/q"` or `"p"` (the project's
//! convention for exact output, see DESIGN.md).
//!
//! Decimal notation is read exactly (0.1 is 1/10, not the nearest binary
//! double); a JSON number that serde has already turned into an `f64` is read
//! through its shortest round-trip decimal form, so `0.1` in a file is 1/10.

use num_bigint::BigInt;
pub use num_rational::BigRational;
use num_traits::{One, Zero};

/// Parses `s` as an exact rational: an integer, a fraction `p/q` (q ≠ 0) or a
/// decimal with optional exponent. Returns `None` when `s` is none of these.
///
/// ```
/// use sprague_strategic::exact_text::{parse_rational, format_rational};
/// assert_eq!(format_rational(&parse_rational("0.25").unwrap()), "1/4");
/// assert_eq!(format_rational(&parse_rational(" -6/4 ").unwrap()), "-3/2");
/// assert!(parse_rational("1/0").is_none());
/// ```
pub fn parse_rational(s: &str) -> Option<BigRational> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    if let Some((p, q)) = s.split_once('/') {
        let p = parse_decimal(p.trim())?;
        let q = parse_decimal(q.trim())?;
        if q.is_zero() {
            return None;
        }
        return Some(p / q);
    }
    parse_decimal(s)
}

/// The largest decimal exponent a number may have (`1e1000`, `1e-1000`):
/// exact arithmetic on numbers of thousands of digits makes even small games
/// slow (a 5×10 game with entries like `1e-10000` took 21 s to solve).
pub const MAX_EXPONENT: u32 = 1000;

/// The most digits a decimal number may have.
pub const MAX_DIGITS: usize = 1000;

/// What is wrong with `s` when [`parse_rational`] refuses it, as the end of
/// a sentence that begins with the quoted text.
///
/// ```
/// use sprague_strategic::exact_text::why_not_a_number;
/// assert_eq!(why_not_a_number("x"), "is not a number");
/// assert!(why_not_a_number("1e-10000").contains("exponent"));
/// ```
pub fn why_not_a_number(s: &str) -> String {
    let decimal_too_large = |part: &str| {
        let part = part.trim();
        let (mantissa, exponent) = match part.find(['e', 'E']) {
            Some(at) => (&part[..at], part[at + 1..].parse::<i64>().ok()),
            None => (part, Some(0)),
        };
        let digits = mantissa.chars().filter(char::is_ascii_digit).count();
        match exponent {
            Some(e) if e.unsigned_abs() > u64::from(MAX_EXPONENT) => Some(format!(
                "has the exponent {e}, beyond ±{MAX_EXPONENT} (exact arithmetic on such numbers is slow)"
            )),
            _ if digits > MAX_DIGITS => Some(format!(
                "has {digits} digits, more than {MAX_DIGITS} (exact arithmetic on such numbers is slow)"
            )),
            _ => None,
        }
    };
    let parts: Vec<&str> = match s.split_once('/') {
        Some((p, q)) => vec![p, q],
        None => vec![s],
    };
    parts
        .into_iter()
        .find_map(decimal_too_large)
        .unwrap_or_else(|| "is not a number".to_string())
}

/// Parses a decimal such as `-12.5e3` exactly.
fn parse_decimal(s: &str) -> Option<BigRational> {
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(at) => (&s[..at], s[at + 1..].parse::<i32>().ok()?),
        None => (s, 0),
    };
    let (negative, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    if !whole
        .chars()
        .chain(fraction.chars())
        .all(|c| c.is_ascii_digit())
    {
        return None;
    }
    if exponent.unsigned_abs() > MAX_EXPONENT || whole.len() + fraction.len() > MAX_DIGITS {
        return None;
    }
    let all_digits = format!("{whole}{fraction}");
    let numerator: BigInt = if all_digits.is_empty() {
        BigInt::zero()
    } else {
        all_digits.parse().ok()?
    };
    let scale = exponent - fraction.len() as i32;
    let ten = BigInt::from(10u32);
    let mut value = BigRational::from_integer(numerator);
    if scale > 0 {
        value *= BigRational::from_integer(num_traits::pow(ten, scale as usize));
    } else if scale < 0 {
        value /= BigRational::from_integer(num_traits::pow(ten, (-scale) as usize));
    }
    Some(if negative { -value } else { value })
}

/// Reads a JSON value (number or string) as an exact rational.
pub fn rational_from_json(value: &serde_json::Value) -> Option<BigRational> {
    match value {
        serde_json::Value::Number(number) => {
            if let Some(i) = number.as_i64() {
                Some(BigRational::from_integer(i.into()))
            } else if let Some(u) = number.as_u64() {
                Some(BigRational::from_integer(u.into()))
            } else {
                parse_rational(&format!("{}", number.as_f64()?))
            }
        }
        serde_json::Value::String(text) => parse_rational(text),
        _ => None,
    }
}

/// Formats `r` in lowest terms as `"p/q"`, or `"p"` when it is an integer.
pub fn format_rational(r: &BigRational) -> String {
    if r.denom().is_one() {
        r.numer().to_string()
    } else {
        format!("{}/{}", r.numer(), r.denom())
    }
}

/// The nearest `f64` to `r` (for plots and approximate displays only).
pub fn rational_to_f64(r: &BigRational) -> f64 {
    use num_traits::ToPrimitive;
    r.to_f64().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_too_large_for_fast_exact_arithmetic_are_refused_with_the_reason() {
        assert!(parse_rational("1e1000").is_some());
        assert!(parse_rational("-3e-1000").is_some());
        assert!(parse_rational("1e1001").is_none());
        assert!(parse_rational("1/1e-1001").is_none());
        assert!(why_not_a_number("1/1e-1001").contains("exponent -1001, beyond ±1000"));
        let many = "7".repeat(MAX_DIGITS);
        assert!(parse_rational(&many).is_some());
        let too_many = format!("{many}.5");
        assert!(parse_rational(&too_many).is_none());
        assert!(why_not_a_number(&too_many).contains("1001 digits"));
        assert_eq!(why_not_a_number("1e5x"), "is not a number");
        assert_eq!(why_not_a_number("abc"), "is not a number");
    }

    #[test]
    fn parses_and_prints() {
        for (text, expected) in [
            ("3", "3"),
            ("-2/7", "-2/7"),
            ("0.1", "1/10"),
            ("1e2", "100"),
            ("1.5e-1", "3/20"),
            (".5", "1/2"),
            ("4/6", "2/3"),
        ] {
            assert_eq!(
                format_rational(&parse_rational(text).unwrap()),
                expected,
                "{text}"
            );
        }
        for bad in ["", "a", "1/0", "1..2", "--1", "1e", "/"] {
            assert!(parse_rational(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn json_float_is_read_as_its_decimal() {
        let v: serde_json::Value = serde_json::from_str("0.1").unwrap();
        assert_eq!(format_rational(&rational_from_json(&v).unwrap()), "1/10");
    }
}
