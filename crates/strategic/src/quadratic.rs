//! Exact real quadratic irrationals `a + b·√r` (rational `a`, `b`, a
//! positive integer radicand `r` that is not a perfect square): the roots of
//! rational quadratic equations, with field arithmetic and exact signs (the
//! sign of `a + b·√r` with `a`, `b` of opposite signs is that of
//! `a² - b²·r` or its negative). Used by [`crate::nplayer`] for equilibria in
//! which three players mix, whose probabilities solve a quadratic equation.
//!
//! ```
//! use num_rational::BigRational;
//! use sprague_strategic::quadratic::{quadratic_roots, QuadraticNumber};
//! let r = |x: i64| BigRational::from_integer(x.into());
//! // y^2 - y - 1 = 0: (1 ± √5)/2.
//! let roots = quadratic_roots(&r(1), &r(-1), &r(-1)).unwrap();
//! assert_eq!(roots.len(), 2);
//! assert_eq!(roots[1].to_string(), "1/2+1/2*sqrt(5)");
//! assert!(roots[1].clone() * roots[1].clone() - roots[1].clone() == QuadraticNumber::from(r(1)));
//! ```

use std::cmp::Ordering;
use std::ops::{Add, Div, Mul, Neg, Sub};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::rational::format_rational;

/// `rational + coefficient·√radicand`; a rational number has coefficient 0
/// (and radicand 1). Numbers combined in one operation share the radicand.
/// The derived order is structural (for sorting and sets), not numeric:
/// compare values by the [`QuadraticNumber::sign`] of their difference.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct QuadraticNumber {
    /// The rational part `a`.
    pub rational: BigRational,
    /// The coefficient `b` of the square root.
    pub coefficient: BigRational,
    /// The radicand `r` (1 for rational numbers).
    pub radicand: BigInt,
}

impl From<BigRational> for QuadraticNumber {
    fn from(rational: BigRational) -> Self {
        QuadraticNumber {
            rational,
            coefficient: BigRational::zero(),
            radicand: BigInt::one(),
        }
    }
}

impl QuadraticNumber {
    /// The number as a rational, if it is one.
    pub fn to_rational(&self) -> Option<BigRational> {
        self.coefficient.is_zero().then(|| self.rational.clone())
    }

    /// The common radicand of `self` and `other` (rationals adopt the other's).
    fn radicand_with(&self, other: &Self) -> BigInt {
        if self.coefficient.is_zero() {
            other.radicand.clone()
        } else {
            self.radicand.clone()
        }
    }

    fn new(rational: BigRational, coefficient: BigRational, radicand: BigInt) -> Self {
        if coefficient.is_zero() {
            QuadraticNumber::from(rational)
        } else {
            QuadraticNumber {
                rational,
                coefficient,
                radicand,
            }
        }
    }

    /// The sign: `Less`, `Equal` or `Greater` than zero, exactly.
    pub fn sign(&self) -> Ordering {
        let zero = BigRational::zero();
        let (a, b) = (self.rational.cmp(&zero), self.coefficient.cmp(&zero));
        match (a, b) {
            (x, Ordering::Equal) => x,
            (Ordering::Equal, y) => y,
            (x, y) if x == y => x,
            // Opposite signs: compare a^2 with b^2 r.
            (x, _) => {
                let a2 = &self.rational * &self.rational;
                let b2r = &self.coefficient
                    * &self.coefficient
                    * BigRational::from_integer(self.radicand.clone());
                if x == Ordering::Greater {
                    a2.cmp(&b2r)
                } else {
                    b2r.cmp(&a2)
                }
            }
        }
    }

    /// Whether the number is zero.
    pub fn is_zero(&self) -> bool {
        self.rational.is_zero() && self.coefficient.is_zero()
    }
}

impl Add for QuadraticNumber {
    type Output = QuadraticNumber;
    fn add(self, other: Self) -> Self {
        let r = self.radicand_with(&other);
        QuadraticNumber::new(
            self.rational + other.rational,
            self.coefficient + other.coefficient,
            r,
        )
    }
}

impl Neg for QuadraticNumber {
    type Output = QuadraticNumber;
    fn neg(self) -> Self {
        QuadraticNumber::new(-self.rational, -self.coefficient, self.radicand)
    }
}

impl Sub for QuadraticNumber {
    type Output = QuadraticNumber;
    fn sub(self, other: Self) -> Self {
        self + (-other)
    }
}

impl Mul for QuadraticNumber {
    type Output = QuadraticNumber;
    fn mul(self, other: Self) -> Self {
        let r = self.radicand_with(&other);
        let rr = BigRational::from_integer(r.clone());
        QuadraticNumber::new(
            &self.rational * &other.rational + &self.coefficient * &other.coefficient * rr,
            &self.rational * &other.coefficient + &self.coefficient * &other.rational,
            r,
        )
    }
}

impl Div for QuadraticNumber {
    type Output = QuadraticNumber;
    /// Division by multiplying with the conjugate; the divisor must be nonzero.
    fn div(self, other: Self) -> Self {
        let r = BigRational::from_integer(self.radicand_with(&other));
        let norm = &other.rational * &other.rational - &other.coefficient * &other.coefficient * r;
        let conjugate = QuadraticNumber::new(
            other.rational.clone(),
            -other.coefficient.clone(),
            other.radicand.clone(),
        );
        let top = self * conjugate;
        QuadraticNumber::new(top.rational / &norm, top.coefficient / &norm, top.radicand)
    }
}

impl std::fmt::Display for QuadraticNumber {
    /// `a`, `b*sqrt(r)` or `a+b*sqrt(r)` (`a-b*sqrt(r)`), rationals as `p/q`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.coefficient.is_zero() {
            return write!(f, "{}", format_rational(&self.rational));
        }
        let root = format!(
            "{}*sqrt({})",
            format_rational(&self.coefficient.abs()),
            self.radicand
        );
        let sign = if self.coefficient.is_negative() {
            "-"
        } else {
            "+"
        };
        if self.rational.is_zero() {
            let sign = if sign == "-" { "-" } else { "" };
            write!(f, "{sign}{root}")
        } else {
            write!(f, "{}{sign}{root}", format_rational(&self.rational))
        }
    }
}

/// The real roots of `a y² + b y + c = 0`, ascending and distinct; `None`
/// if the polynomial is identically zero (every `y` is a root).
pub fn quadratic_roots(
    a: &BigRational,
    b: &BigRational,
    c: &BigRational,
) -> Option<Vec<QuadraticNumber>> {
    if a.is_zero() {
        if b.is_zero() {
            return if c.is_zero() { None } else { Some(Vec::new()) };
        }
        return Some(vec![QuadraticNumber::from(-c / b)]);
    }
    let four = BigRational::from_integer(4.into());
    let discriminant = b * b - four * a * c;
    let two_a = a + a;
    let centre = -b / &two_a;
    match discriminant.cmp(&BigRational::zero()) {
        Ordering::Less => Some(Vec::new()),
        Ordering::Equal => Some(vec![QuadraticNumber::from(centre)]),
        Ordering::Greater => {
            // √(n/m) = √(n m) / m.
            let (n, m) = (discriminant.numer(), discriminant.denom());
            let radicand: BigInt = n * m;
            let root = radicand.sqrt();
            let half_width = BigRational::new(BigInt::one(), m.clone()) / two_a.abs();
            let mut roots = if &root * &root == radicand {
                let w = half_width * BigRational::from_integer(root);
                vec![
                    QuadraticNumber::from(&centre - &w),
                    QuadraticNumber::from(&centre + &w),
                ]
            } else {
                vec![
                    QuadraticNumber::new(centre.clone(), -half_width.clone(), radicand.clone()),
                    QuadraticNumber::new(centre, half_width, radicand),
                ]
            };
            roots.sort_by(|x, y| (x.clone() - y.clone()).sign());
            Some(roots)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::q;

    #[test]
    fn rational_and_irrational_roots() {
        // 10 y^2 - 9 y + 2 = (2y - 1)(5y - 2).
        let roots = quadratic_roots(&q(10, 1), &q(-9, 1), &q(2, 1)).unwrap();
        let rational: Vec<_> = roots.iter().map(|r| r.to_rational().unwrap()).collect();
        assert_eq!(rational, vec![q(2, 5), q(1, 2)]);
        // y^2 = 2/9: ±√2/3, radicand 2*9 = 18 over 9: ±(1/9)√18... = ±√2/3.
        let roots = quadratic_roots(&q(1, 1), &q(0, 1), &q(-2, 9)).unwrap();
        let square = roots[1].clone() * roots[1].clone();
        assert_eq!(square.to_rational(), Some(q(2, 9)));
        assert_eq!(roots[0].sign(), Ordering::Less);
        assert!(quadratic_roots(&q(0, 1), &q(0, 1), &q(0, 1)).is_none());
        assert!(quadratic_roots(&q(1, 1), &q(0, 1), &q(1, 1))
            .unwrap()
            .is_empty());
    }

    #[test]
    fn signs_and_division() {
        let x = QuadraticNumber {
            rational: q(3, 2),
            coefficient: q(-1, 1),
            radicand: 2.into(),
        };
        // 3/2 - √2 = 0.0857... > 0, and x - 1/10 = 7/5 - √2 < 0 (49/25 < 2).
        assert_eq!(x.sign(), Ordering::Greater);
        assert_eq!(
            (x.clone() - QuadraticNumber::from(q(1, 10))).sign(),
            Ordering::Less
        );
        let one = QuadraticNumber::from(q(1, 1));
        assert_eq!((x.clone() / x.clone()), one.clone());
        assert_eq!((one.clone() / x.clone()) * x.clone(), one);
    }
}
