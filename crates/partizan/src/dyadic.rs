//! Dyadic rationals m/2^k: the numbers of short partizan games.
//!
//! Every number that is a short game is dyadic (Siegel, *Combinatorial Game
//! Theory*, §II.3: the numbers born by day n are the dyadic
//! rationals m/2^k with |m/2^k| ≤ n and k < n; Winning Ways ch. 2). Stops,
//! means, temperatures and the breakpoints of thermographs of short games are
//! dyadic too: thermograph walls are piecewise linear with slopes 0 and ±1
//! (Siegel II.5), so two walls meet where `a + s·t = b + s'·t` with
//! `s − s' ∈ {±1, ±2}`, i.e. at `t = (b − a)/(s − s')` — dyadic whenever `a`, `b`
//! are. So no general rational type is needed anywhere in this crate.
//!
//! [`Dyadic`] keeps an `i64` numerator (never `i64::MIN`, so negation is
//! total) and an exponent `k ≤ 62` in lowest terms; every other operation is
//! checked and returns [`GameError::Overflow`] instead of wrapping or panicking.

use crate::error::GameError;
use std::cmp::Ordering;
use std::fmt;

/// The largest denominator exponent a [`Dyadic`] may have (denominator 2^62).
pub const MAX_EXPONENT: u32 = 62;

/// A dyadic rational `numerator / 2^exponent` in lowest terms.
///
/// ```
/// use sprague_partizan::Dyadic;
/// let x = Dyadic::new(3, 2).unwrap(); // 3/4
/// let y = Dyadic::new(1, 2).unwrap(); // 1/4
/// assert_eq!(x.checked_add(y).unwrap(), Dyadic::ONE);
/// assert_eq!(x.to_string(), "3/4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// One.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// `numerator / 2^exponent`, reduced to lowest terms; an error if the
    /// exponent exceeds [`MAX_EXPONENT`] after reduction.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(6, 2).unwrap(), Dyadic::new(3, 1).unwrap());
    /// assert!(Dyadic::new(1, 80).is_err());
    /// ```
    pub fn new(numerator: i64, exponent: u32) -> Result<Dyadic, GameError> {
        Self::from_i128(i128::from(numerator), exponent)
    }

    /// The integer `n`.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert!(Dyadic::from_int(-3).unwrap().is_integer());
    /// assert!(Dyadic::from_int(i64::MIN).is_err());
    /// ```
    /// `i64::MIN` is refused: its negation would not fit.
    pub fn from_int(n: i64) -> Result<Dyadic, GameError> {
        Self::from_i128(i128::from(n), 0)
    }

    /// A small integer (no overflow possible).
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(Dyadic::small(-2).numerator(), -2);
    /// ```
    pub const fn small(n: i32) -> Dyadic {
        Dyadic {
            num: n as i64,
            exp: 0,
        }
    }

    fn from_i128(mut num: i128, mut exp: u32) -> Result<Dyadic, GameError> {
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        if exp > MAX_EXPONENT {
            return Err(GameError::Overflow);
        }
        // i64::MIN is excluded so that negation never overflows.
        let num = i64::try_from(num)
            .ok()
            .filter(|&n| n != i64::MIN)
            .ok_or(GameError::Overflow)?;
        Ok(Dyadic { num, exp })
    }

    /// The numerator in lowest terms.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(-6, 3).unwrap().numerator(), -3);
    /// ```
    pub const fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent `k` of the denominator `2^k` in lowest terms.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(-6, 3).unwrap().exponent(), 2);
    /// ```
    pub const fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the number is an integer.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert!(!Dyadic::new(1, 1).unwrap().is_integer());
    /// ```
    pub const fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Whether the number is negative.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert!(Dyadic::small(-1).is_negative());
    /// ```
    pub const fn is_negative(self) -> bool {
        self.num < 0
    }

    /// Sum, an error on overflow.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert!(Dyadic::from_int(i64::MAX).unwrap().checked_add(Dyadic::ONE).is_err());
    /// ```
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, GameError> {
        let exp = self.exp.max(other.exp);
        let a = i128::from(self.num) << (exp - self.exp);
        let b = i128::from(other.num) << (exp - other.exp);
        Self::from_i128(a + b, exp)
    }

    /// Difference, an error on overflow.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// let half = Dyadic::new(1, 1).unwrap();
    /// assert_eq!(Dyadic::ONE.checked_sub(half).unwrap(), half);
    /// ```
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, GameError> {
        self.checked_add(-other)
    }

    /// Negation (total: the numerator is never `i64::MIN`).
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(-Dyadic::ONE, Dyadic::small(-1));
    /// ```
    pub const fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }

    /// Half of the number, an error if the exponent would exceed [`MAX_EXPONENT`].
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(Dyadic::ONE.half().unwrap().to_string(), "1/2");
    /// ```
    pub fn half(self) -> Result<Dyadic, GameError> {
        Self::from_i128(i128::from(self.num), self.exp + 1)
    }

    /// Multiplication by an integer, an error on overflow.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(3, 2).unwrap().checked_mul_int(4).unwrap(), Dyadic::small(3));
    /// ```
    pub fn checked_mul_int(self, k: i64) -> Result<Dyadic, GameError> {
        Self::from_i128(i128::from(self.num) * i128::from(k), self.exp)
    }

    /// The largest integer `≤ self`.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(-3, 1).unwrap().floor(), -2);
    /// ```
    pub const fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The smallest integer `≥ self`.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// assert_eq!(Dyadic::new(-3, 1).unwrap().ceil(), -1);
    /// ```
    pub const fn ceil(self) -> i64 {
        if self.exp == 0 {
            self.num
        } else {
            (self.num >> self.exp) + 1
        }
    }

    /// The simplest number strictly between `lo` and `hi` (either bound may be
    /// absent): the number `{lo | hi}` (Siegel §II.3, the simplicity theorem).
    /// An error if `lo ≥ hi`, which is not a number, or on overflow.
    ///
    /// ```
    /// use sprague_partizan::Dyadic;
    /// let d = |n, k| Dyadic::new(n, k).unwrap();
    /// assert_eq!(Dyadic::simplest_between(Some(d(0, 0)), Some(d(1, 0))).unwrap(), d(1, 1));
    /// assert_eq!(Dyadic::simplest_between(Some(d(-5, 1)), Some(d(7, 0))).unwrap(), d(0, 0));
    /// assert_eq!(Dyadic::simplest_between(Some(d(3, 0)), None).unwrap(), d(4, 0));
    /// assert_eq!(Dyadic::simplest_between(Some(d(5, 3)), Some(d(3, 2))).unwrap(), d(11, 4));
    /// ```
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Result<Dyadic, GameError> {
        match (lo, hi) {
            (None, None) => Ok(Dyadic::ZERO),
            (Some(l), None) => {
                if l.is_negative() {
                    Ok(Dyadic::ZERO)
                } else {
                    Dyadic::from_int(l.floor().checked_add(1).ok_or(GameError::Overflow)?)
                }
            }
            (None, Some(h)) => {
                if h.num > 0 {
                    Ok(Dyadic::ZERO)
                } else {
                    Dyadic::from_int(h.ceil().checked_sub(1).ok_or(GameError::Overflow)?)
                }
            }
            (Some(l), Some(h)) => {
                if l >= h {
                    return Err(GameError::NotANumber);
                }
                if l.is_negative() && h.num > 0 {
                    return Ok(Dyadic::ZERO);
                }
                // An integer strictly between, nearest to zero.
                if !l.is_negative() {
                    let n = Dyadic::from_int(l.floor() + 1)?;
                    if n < h {
                        return Ok(n);
                    }
                } else {
                    let n = Dyadic::from_int(h.ceil() - 1)?;
                    if n > l {
                        return Ok(n);
                    }
                }
                // No integer: the fraction with the smallest denominator.
                for k in 1..=MAX_EXPONENT {
                    // smallest m with m/2^k > l
                    let scaled = i128::from(l.num) << (k.max(l.exp) - l.exp);
                    let shift = l.exp.saturating_sub(k);
                    let m = (scaled >> shift) + 1; // floor(l·2^k) + 1 (k ≥ l.exp or not)
                    let cand = Self::from_i128(m, k)?;
                    if cand > l && cand < h {
                        return Ok(cand);
                    }
                }
                Err(GameError::Overflow)
            }
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        let exp = self.exp.max(other.exp);
        let a = i128::from(self.num) << (exp - self.exp);
        let b = i128::from(other.num) << (exp - other.exp);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl From<i32> for Dyadic {
    fn from(n: i32) -> Dyadic {
        Dyadic::small(n)
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic::neg(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simplest_fraction_search_handles_fine_bounds() {
        let l = Dyadic::new(1, 10).unwrap();
        let h = Dyadic::new(3, 10).unwrap();
        assert_eq!(
            Dyadic::simplest_between(Some(l), Some(h)).unwrap(),
            Dyadic::new(1, 9).unwrap()
        );
        let l = Dyadic::new(-3, 10).unwrap();
        let h = Dyadic::new(-1, 10).unwrap();
        assert_eq!(
            Dyadic::simplest_between(Some(l), Some(h)).unwrap(),
            Dyadic::new(-1, 9).unwrap()
        );
    }
}
