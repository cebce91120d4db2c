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
    parse_checked(s).ok()
}

/// The largest decimal exponent a number may have (`1e1000`, `1e-1000`):
/// exact arithmetic on numbers of thousands of digits makes even small games
/// slow (a 5×10 game with entries like `1e-10000` took 21 s to solve).
pub const MAX_EXPONENT: u32 = 1000;

/// The most digits a number may have: as typed, and in lowest terms (its
/// numerator and its denominator each), so that every number read is written
/// back as `p/q` in a form that reads again (`333081543e998` has 1,007 digits:
/// refused, where its typed form alone looked short). 1,001: `1e1000` and
/// `1e-1000` (1/10^1000) are read.
pub const MAX_DIGITS: usize = 1001;

/// What is wrong with `s` when [`parse_rational`] refuses it, as the end of
/// a sentence that begins with the quoted text.
///
/// ```
/// use sprague_strategic::exact_text::why_not_a_number;
/// assert_eq!(why_not_a_number("x"), "is not a number");
/// assert!(why_not_a_number("1e-10000").contains("exponent"));
/// // 3e998 has 999 digits: read; 333081543e998 has 1,007.
/// assert!(sprague_strategic::exact_text::parse_rational("3e998").is_some());
/// assert!(why_not_a_number("333081543e998").contains("1007 digits"));
/// ```
pub fn why_not_a_number(s: &str) -> String {
    match parse_checked(s) {
        Err(NotANumber::Exponent(e)) => format!(
            "has the exponent {e}, beyond ±{MAX_EXPONENT} (exact arithmetic on such numbers is slow)"
        ),
        Err(NotANumber::Digits(digits)) => format!(
            "has {digits} digits, more than {MAX_DIGITS} (exact arithmetic on such numbers is slow)"
        ),
        Err(NotANumber::Text) | Ok(_) => "is not a number".to_string(),
    }
}

/// Why a text is no number [`parse_rational`] takes.
enum NotANumber {
    /// Not an integer, p/q or decimal at all (or p/0).
    Text,
    /// An exponent beyond ±[`MAX_EXPONENT`].
    Exponent(i64),
    /// More than [`MAX_DIGITS`] digits, as typed or in lowest terms.
    Digits(usize),
}

/// [`parse_rational`], saying why not.
fn parse_checked(s: &str) -> Result<BigRational, NotANumber> {
    let s = s.trim();
    if s.is_empty() {
        return Err(NotANumber::Text);
    }
    let value = match s.split_once('/') {
        Some((p, q)) => {
            let p = parse_decimal(p.trim())?;
            let q = parse_decimal(q.trim())?;
            if q.is_zero() {
                return Err(NotANumber::Text);
            }
            p / q
        }
        None => parse_decimal(s)?,
    };
    let digits = digit_count(value.numer()).max(digit_count(value.denom()));
    if digits > MAX_DIGITS {
        return Err(NotANumber::Digits(digits));
    }
    Ok(value)
}

/// The decimal digits of |n| (1 for 0).
fn digit_count(n: &BigInt) -> usize {
    // 3.33 bits a digit: far below or above the limit, the bits tell.
    let bits = n.bits();
    if bits <= 3000 {
        return (bits as f64 * std::f64::consts::LOG10_2) as usize + 1;
    }
    n.magnitude().to_string().len()
}

/// Parses a decimal such as `-12.5e3` exactly.
fn parse_decimal(s: &str) -> Result<BigRational, NotANumber> {
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(at) => {
            let exponent: i64 = s[at + 1..].parse().map_err(|_| NotANumber::Text)?;
            (&s[..at], exponent)
        }
        None => (s, 0),
    };
    let (negative, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && fraction.is_empty() {
        return Err(NotANumber::Text);
    }
    if !whole
        .chars()
        .chain(fraction.chars())
        .all(|c| c.is_ascii_digit())
    {
        return Err(NotANumber::Text);
    }
    if exponent.unsigned_abs() > u64::from(MAX_EXPONENT) {
        return Err(NotANumber::Exponent(exponent));
    }
    if whole.len() + fraction.len() > MAX_DIGITS {
        return Err(NotANumber::Digits(whole.len() + fraction.len()));
    }
    let all_digits = format!("{whole}{fraction}");
    let numerator: BigInt = if all_digits.is_empty() {
        BigInt::zero()
    } else {
        all_digits.parse().map_err(|_| NotANumber::Text)?
    };
    let scale = exponent - fraction.len() as i64;
    let ten = BigInt::from(10u32);
    let mut value = BigRational::from_integer(numerator);
    if scale > 0 {
        value *= BigRational::from_integer(num_traits::pow(ten, scale as usize));
    } else if scale < 0 {
        value /= BigRational::from_integer(num_traits::pow(ten, (-scale) as usize));
    }
    Ok(if negative { -value } else { value })
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
        assert!(why_not_a_number(&too_many).contains("1002 digits"));
        // Short as typed, long in value: refused too, so that every number
        // read is written back in a form that reads again (found by fuzzing:
        // 333081543e998 was read, written as its 1,007 digits and refused).
        assert!(why_not_a_number("333081543e998").contains("1007 digits"));
        let huge_denominator = "9999999999/99999999999999999990000000000000000e990";
        assert!(why_not_a_number(huge_denominator).contains("digits, more than 1001"));
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

#[cfg(test)]
mod round_trip {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever is read is written back (`format_rational`) in a form that
        /// reads again to the same number: mantissas of up to 40 digits with
        /// exponents across the whole range, plain and as fractions.
        #[test]
        fn every_number_read_is_written_back_readably(
            whole in "[0-9]{1,40}",
            fraction in "[0-9]{0,20}",
            exponent in -1000i32..=1000,
            divisor in "[1-9][0-9]{0,30}",
            divisor_exponent in -1000i32..=1000,
        ) {
            for text in [
                format!("{whole}.{fraction}e{exponent}"),
                format!("-{whole}e{exponent}/{divisor}e{divisor_exponent}"),
            ] {
                if let Some(value) = parse_rational(&text) {
                    let written = format_rational(&value);
                    prop_assert_eq!(parse_rational(&written), Some(value), "{} → {}", text, written);
                }
            }
        }
    }
}
