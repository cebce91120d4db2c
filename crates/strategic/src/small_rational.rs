//! Exact rational numbers in machine integers, with overflow detection: the
//! fast path of exact computations whose numbers are usually small (reach
//! probabilities, expected payoffs, best-response values of extensive
//! games). A [`SmallRational`] is a fraction of two `i64` in lowest terms;
//! products and sums are formed in `i128` and reduced by Stein's binary gcd
//! (Stein, "Computational problems associated with Racah algebra", J. Comp.
//! Phys. 1, 1967), and any result that does not fit is reported as `None`,
//! so callers fall back to [`BigRational`] and every answer stays exact.
//! The [`ExactField`] trait lets one routine run on either type.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

/// The exact field operations a routine needs, each `None` on overflow.
///
/// ```
/// use sprague_strategic::small_rational::{ExactField, SmallRational};
/// let third = SmallRational::new(1, 3).unwrap();
/// let sum = third.add(&third).unwrap().add(&third).unwrap();
/// assert_eq!(sum, SmallRational::one_value());
/// ```
pub trait ExactField: Clone + PartialEq + PartialOrd + Sized {
    /// The value of a big rational, or `None` if it does not fit.
    fn from_rational(x: &BigRational) -> Option<Self>;
    /// The value as a big rational.
    fn to_rational(&self) -> BigRational;
    /// Zero.
    fn zero_value() -> Self;
    /// One.
    fn one_value() -> Self;
    /// Whether the value is zero.
    fn is_zero_value(&self) -> bool;
    /// `self + other`.
    fn add(&self, other: &Self) -> Option<Self>;
    /// `self - other`.
    fn sub(&self, other: &Self) -> Option<Self>;
    /// `self * other`.
    fn mul(&self, other: &Self) -> Option<Self>;
    /// `self / other` (`None` also when `other` is zero).
    fn div(&self, other: &Self) -> Option<Self>;
    /// The values times the least common multiple of their denominators,
    /// as integers (`None` on overflow).
    fn scale_to_integers(values: &[Self]) -> Option<Vec<BigInt>>;
}

/// `num / den` as a big rational in lowest terms, reduced in machine
/// integers when both fit in `i64`. `den` must not be zero.
///
/// ```
/// use num_bigint::BigInt;
/// use sprague_strategic::small_rational::lowest_terms;
/// assert_eq!(lowest_terms(BigInt::from(6), BigInt::from(-4)).to_string(), "-3/2");
/// ```
pub fn lowest_terms(num: BigInt, den: BigInt) -> BigRational {
    match (num.to_i64(), den.to_i64()) {
        (Some(n), Some(d)) if d != 0 => match SmallRational::new(n, d) {
            Some(x) => x.to_rational(),
            None => BigRational::new(num, den),
        },
        _ => BigRational::new(num, den),
    }
}

/// `num / den` (with `den > 0`) as a big rational in lowest terms, reduced
/// in machine integers; `None` if `den` is not positive.
pub(crate) fn lowest_terms_i128(num: i128, den: i128) -> Option<BigRational> {
    if den <= 0 {
        return None;
    }
    if let (Ok(n), Ok(d)) = (i64::try_from(num), i64::try_from(den)) {
        if n != i64::MIN {
            // 64-bit divisions only.
            let g = gcd64(n.unsigned_abs(), d.unsigned_abs()) as i64;
            return Some(BigRational::new_raw(
                BigInt::from(n / g),
                BigInt::from(d / g),
            ));
        }
    }
    let g = gcd(num.unsigned_abs(), den.unsigned_abs()) as i128;
    Some(BigRational::new_raw(
        BigInt::from(num / g),
        BigInt::from(den / g),
    ))
}

impl ExactField for BigRational {
    fn from_rational(x: &BigRational) -> Option<Self> {
        Some(x.clone())
    }
    fn to_rational(&self) -> BigRational {
        self.clone()
    }
    fn zero_value() -> Self {
        BigRational::zero()
    }
    fn one_value() -> Self {
        BigRational::one()
    }
    fn is_zero_value(&self) -> bool {
        self.is_zero()
    }
    fn add(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
    fn sub(&self, other: &Self) -> Option<Self> {
        Some(self - other)
    }
    fn mul(&self, other: &Self) -> Option<Self> {
        Some(self * other)
    }
    fn div(&self, other: &Self) -> Option<Self> {
        (!other.is_zero()).then(|| self / other)
    }
    fn scale_to_integers(values: &[Self]) -> Option<Vec<BigInt>> {
        let d = crate::rational::common_denominator(values.iter());
        Some(
            values
                .iter()
                .map(|v| v.numer() * (&d / v.denom()))
                .collect(),
        )
    }
}

/// A rational number `num / den` with `den > 0`, in lowest terms, both in `i64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmallRational {
    num: i64,
    den: i64,
}

/// Defines a gcd of two nonnegative integers of one width by Stein's
/// binary algorithm.
macro_rules! binary_gcd {
    ($(#[$doc:meta])* $name:ident, $t:ty) => {
        $(#[$doc])*
        pub(crate) fn $name(mut a: $t, mut b: $t) -> $t {
            if a == 0 {
                return b;
            }
            if b == 0 {
                return a;
            }
            let shift = (a | b).trailing_zeros();
            a >>= a.trailing_zeros();
            loop {
                b >>= b.trailing_zeros();
                if a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                b -= a;
                if b == 0 {
                    return a << shift;
                }
            }
        }
    };
}

binary_gcd!(
    /// The gcd of two nonnegative integers (Stein's binary algorithm).
    gcd,
    u128
);
binary_gcd!(
    /// [`gcd`] in 64 bits (faster where both fit).
    gcd64,
    u64
);

impl SmallRational {
    /// `num / den` in lowest terms, or `None` if `den` is zero or a reduced
    /// part does not fit in `i64`.
    ///
    /// ```
    /// use sprague_strategic::small_rational::SmallRational;
    /// assert_eq!(SmallRational::new(2, -4), SmallRational::new(-1, 2));
    /// assert!(SmallRational::new(1, 0).is_none());
    /// ```
    pub fn new(num: i64, den: i64) -> Option<Self> {
        Self::reduced(i128::from(num), i128::from(den))
    }

    /// The numerator (in lowest terms).
    pub(crate) fn numer(&self) -> i64 {
        self.num
    }

    /// The denominator (positive, in lowest terms).
    pub(crate) fn denom(&self) -> i64 {
        self.den
    }

    fn reduced(num: i128, den: i128) -> Option<Self> {
        if den == 0 {
            return None;
        }
        // Both parts in i64 (the usual case): 64-bit divisions only.
        if let (Ok(n), Ok(d)) = (i64::try_from(num), i64::try_from(den)) {
            if n != i64::MIN && d != i64::MIN {
                let g = gcd64(n.unsigned_abs(), d.unsigned_abs()) as i64;
                let (n, d) = (n / g, d / g);
                return Some(if d < 0 {
                    SmallRational { num: -n, den: -d }
                } else {
                    SmallRational { num: n, den: d }
                });
            }
        }
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()) as i128;
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = n.checked_neg()?;
            d = d.checked_neg()?;
        }
        Some(SmallRational {
            num: i64::try_from(n).ok()?,
            den: i64::try_from(d).ok()?,
        })
    }
}

impl PartialOrd for SmallRational {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SmallRational {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // Denominators are positive and the products fit in i128.
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl ExactField for SmallRational {
    fn from_rational(x: &BigRational) -> Option<Self> {
        Self::new(x.numer().to_i64()?, x.denom().to_i64()?)
    }
    fn to_rational(&self) -> BigRational {
        BigRational::new_raw(BigInt::from(self.num), BigInt::from(self.den))
    }
    fn zero_value() -> Self {
        SmallRational { num: 0, den: 1 }
    }
    fn one_value() -> Self {
        SmallRational { num: 1, den: 1 }
    }
    fn is_zero_value(&self) -> bool {
        self.num == 0
    }
    fn add(&self, other: &Self) -> Option<Self> {
        if self.den == other.den {
            return Self::reduced(
                i128::from(self.num) + i128::from(other.num),
                i128::from(self.den),
            );
        }
        let (a, b, c, d) = (
            i128::from(self.num),
            i128::from(self.den),
            i128::from(other.num),
            i128::from(other.den),
        );
        Self::reduced(a.checked_mul(d)?.checked_add(c.checked_mul(b)?)?, b * d)
    }
    fn sub(&self, other: &Self) -> Option<Self> {
        self.add(&SmallRational {
            num: other.num.checked_neg()?,
            den: other.den,
        })
    }
    fn mul(&self, other: &Self) -> Option<Self> {
        if self.num == 0 || other.num == 0 {
            return Some(Self::zero_value());
        }
        if other.den == 1 && other.num == 1 {
            return Some(*self);
        }
        Self::reduced(
            i128::from(self.num) * i128::from(other.num),
            i128::from(self.den) * i128::from(other.den),
        )
    }
    fn div(&self, other: &Self) -> Option<Self> {
        if other.num == 0 {
            return None;
        }
        Self::reduced(
            i128::from(self.num) * i128::from(other.den),
            i128::from(self.den) * i128::from(other.num),
        )
    }
    fn scale_to_integers(values: &[Self]) -> Option<Vec<BigInt>> {
        let mut d: i128 = 1;
        for v in values {
            let den = i128::from(v.den);
            d = (d / gcd(d as u128, den as u128) as i128).checked_mul(den)?;
        }
        values
            .iter()
            .map(|v| {
                Some(BigInt::from(
                    i128::from(v.num).checked_mul(d / i128::from(v.den))?,
                ))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    proptest! {
        /// Every operation agrees with big rationals whenever it succeeds,
        /// and fails only when the exact result does not fit in `i64` parts.
        #[test]
        fn operations_agree_with_big_rationals(
            a in -1_000_000_000_000i64..1_000_000_000_000,
            b in 1i64..1_000_000_000_000,
            c in -1_000_000_000_000i64..1_000_000_000_000,
            d in 1i64..1_000_000_000_000,
        ) {
            let (x, y) = (SmallRational::new(a, b).unwrap(), SmallRational::new(c, d).unwrap());
            let (bx, by) = (big(a, b), big(c, d));
            let fits = |r: &BigRational| r.numer().to_i64().is_some() && r.denom().to_i64().is_some();
            let cases: [(Option<SmallRational>, Option<BigRational>); 4] = [
                (x.add(&y), Some(&bx + &by)),
                (x.sub(&y), Some(&bx - &by)),
                (x.mul(&y), Some(&bx * &by)),
                (x.div(&y), (c != 0).then(|| &bx / &by)),
            ];
            for (small, exact) in cases {
                match (small, exact) {
                    (Some(s), Some(e)) => prop_assert_eq!(s.to_rational(), e),
                    (None, Some(e)) => prop_assert!(!fits(&e)),
                    (s, None) => prop_assert!(s.is_none()),
                }
            }
            prop_assert_eq!(x.cmp(&y), bx.cmp(&by));
            let scaled = SmallRational::scale_to_integers(&[x, y]).unwrap();
            prop_assert_eq!(scaled, BigRational::scale_to_integers(&[bx, by]).unwrap());
            prop_assert_eq!(lowest_terms(BigInt::from(a) * 6, BigInt::from(b) * 6), big(a, b));
        }
    }

    proptest! {
        /// The 64-bit fast paths (gcd, reduction, lowest terms of `i128`
        /// fractions) agree with big rationals, on small parts and on parts
        /// near the ends of the `i64` range (where the `i128` path runs).
        #[test]
        fn machine_reductions_agree_with_big_rationals(
            n in proptest::num::i64::ANY,
            d in 1i64..=i64::MAX,
            a in -1000i64..1000,
            b in 1i64..1000,
            c in -1000i64..1000,
            e in 1i64..1000,
        ) {
            prop_assert_eq!(u128::from(gcd64(n.unsigned_abs(), d as u64)), gcd(u128::from(n.unsigned_abs()), d as u128));
            let exact = BigRational::new(n.into(), d.into());
            prop_assert_eq!(lowest_terms_i128(i128::from(n), i128::from(d)), Some(exact.clone()));
            let wide = BigRational::new(BigInt::from(n) * 3, BigInt::from(d) * 7);
            prop_assert_eq!(lowest_terms_i128(i128::from(n) * 3, i128::from(d) * 7), Some(wide));
            prop_assert_eq!(lowest_terms_i128(i128::from(n), 0), None);
            let (x, y) = (SmallRational::new(a, b).unwrap(), SmallRational::new(c, e).unwrap());
            prop_assert_eq!(x.add(&y).unwrap().to_rational(), big(a, b) + big(c, e));
            prop_assert_eq!(x.mul(&y).unwrap().to_rational(), big(a, b) * big(c, e));
            prop_assert_eq!(SmallRational::new(n, d).map(|q| q.to_rational()), Some(exact));
        }
    }

    #[test]
    fn overflow_is_reported() {
        let big_value = SmallRational::new(i64::MAX, 1).unwrap();
        assert!(big_value.add(&big_value).is_none());
        assert!(big_value.mul(&big_value).is_none());
        assert_eq!(
            SmallRational::new(i64::MIN, 1).and_then(|x| x.sub(&SmallRational::zero_value())),
            SmallRational::new(i64::MIN, 1)
        );
    }
}
