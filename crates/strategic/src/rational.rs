//! Exact rational numbers: parsing, printing and conversion to integers.
//!
//! Payoffs and probabilities are [`BigRational`] (num-rational over
//! num-bigint), always in lowest terms. Input accepts integers, fractions
//! `p/q` and decimals (`1.25`, `-0.5`, `2e3`), all read exactly; output prints
//! `p/q` or `p`.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::error::StrategicError;

/// Reads an exact rational from text: `3`, `-3/4`, `1.25`, `2e3`, `1.5E-2`.
///
/// ```
/// use sprague_strategic::rational::{parse_rational, format_rational};
/// let x = parse_rational("1.25").unwrap();
/// assert_eq!(format_rational(&x), "5/4");
/// assert_eq!(format_rational(&parse_rational("-6/8").unwrap()), "-3/4");
/// ```
pub fn parse_rational(text: &str) -> Result<BigRational, StrategicError> {
    crate::exact_text::parse_rational(text)
        .ok_or_else(|| StrategicError::NotANumber(text.to_string()))
}

/// Prints a rational as `p/q` in lowest terms, or `p` if it is an integer.
pub fn format_rational(value: &BigRational) -> String {
    if value.is_integer() {
        value.numer().to_string()
    } else {
        format!("{}/{}", value.numer(), value.denom())
    }
}

/// Prints a rational approximately as a decimal (for text output only).
pub fn approximate(value: &BigRational) -> f64 {
    use num_traits::ToPrimitive;
    value.to_f64().unwrap_or(f64::NAN)
}

/// The least common multiple of the denominators of `values`.
pub fn common_denominator<'a>(values: impl IntoIterator<Item = &'a BigRational>) -> BigInt {
    let mut l = BigInt::one();
    for v in values {
        if !v.denom().is_one() {
            l = l.lcm(v.denom());
        }
    }
    l
}

/// Scales `values` by the least common multiple of their denominators: the
/// integers `values[i] * l` and `l`.
pub fn to_integers(values: &[BigRational]) -> (Vec<BigInt>, BigInt) {
    let l = common_denominator(values.iter());
    let ints = values
        .iter()
        .map(|v| v.numer() * (&l / v.denom()))
        .collect();
    (ints, l)
}

/// `p / q` as a rational in lowest terms (`q` must be nonzero).
pub fn ratio(p: BigInt, q: BigInt) -> BigRational {
    BigRational::new(p, q)
}

/// The absolute value of the largest entry.
pub fn max_abs(values: &[BigInt]) -> BigInt {
    values
        .iter()
        .map(|v| v.abs())
        .max()
        .unwrap_or_else(BigInt::zero)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_forms() {
        let r = |s: &str| format_rational(&parse_rational(s).unwrap());
        assert_eq!(r("3"), "3");
        assert_eq!(r("-3/4"), "-3/4");
        assert_eq!(r("0.5"), "1/2");
        assert_eq!(r("-.25"), "-1/4");
        assert_eq!(r("2e3"), "2000");
        assert_eq!(r("1.5E-2"), "3/200");
        assert_eq!(r("+7"), "7");
        assert!(parse_rational("abc").is_err());
        assert!(parse_rational("1/0").is_err());
        assert!(parse_rational("").is_err());
        assert!(parse_rational("1.2.3").is_err());
        assert!(parse_rational("-").is_err());
    }
}
