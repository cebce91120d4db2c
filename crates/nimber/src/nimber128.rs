//! [`Nimber128`]: the field of nimbers below 2¹²⁸.
//!
//! The nimbers below 2¹²⁸ are the quadratic extension of those below 2⁶⁴ by
//! the Fermat 2-power F = 2⁶⁴, a root of X² + X + 2⁶³ (F ⊗ F = 3F/2; Conway,
//! *On Numbers and Games*, ch. 6). Every operation splits a = a₁F ⊕ a₀ and
//! works on the 64-bit halves in the polynomial basis of [`crate::basis`]
//! (see `kernels`): a product is three 64-bit carry-less products
//! (Karatsuba) plus one by the constant 2⁶³.

use crate::Nimber;
use crate::backend;
use crate::basis::{to_nim, to_poly};
use crate::maps::{ARTIN_SCHREIER, SQUARE_ROOT, trace};
use crate::ops::impl_nimber_traits;

/// A nimber below 2¹²⁸: an element of Conway's field of nimbers on 0..2¹²⁸−1.
///
/// On values below 2⁶⁴ it agrees with [`Nimber`].
///
/// ```
/// use sprague_nimber::Nimber128;
/// let f = Nimber128::new(1 << 64);
/// assert_eq!(f * f, Nimber128::new(3 << 63)); // F ⊗ F = 3F/2
/// assert_eq!(f * Nimber128::new(12345), Nimber128::new(12345 << 64)); // F ⊗ x = F·x for x < F
/// assert_eq!(format!("{:x}", f), "10000000000000000");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Nimber128 {
    /// a₁ in polynomial coordinates.
    high: u64,
    /// a₀ in polynomial coordinates.
    low: u64,
}

impl Nimber128 {
    /// The additive identity.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::ZERO.value(), 0);
    /// ```
    pub const ZERO: Nimber128 = Nimber128 { high: 0, low: 0 };

    /// The multiplicative identity.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::ONE * Nimber128::new(77), Nimber128::new(77));
    /// ```
    pub const ONE: Nimber128 = Nimber128 { high: 0, low: 1 };

    /// The nimber with this integer value (sixteen table lookups).
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::new(7).value(), 7);
    /// ```
    #[inline]
    pub fn new(value: u128) -> Nimber128 {
        Nimber128 {
            high: to_poly((value >> 64) as u64),
            low: to_poly(value as u64),
        }
    }

    /// The integer value (sixteen table lookups).
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::from(9u64).value(), 9);
    /// ```
    #[inline]
    pub fn value(self) -> u128 {
        (u128::from(to_nim(self.high)) << 64) | u128::from(to_nim(self.low))
    }

    #[inline(always)]
    fn halves(self) -> (u64, u64) {
        (self.high, self.low)
    }

    #[inline(always)]
    fn from_halves((high, low): (u64, u64)) -> Nimber128 {
        Nimber128 { high, low }
    }

    /// Nim-sum (bitwise XOR of the values); the same as `+`.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::new(12).nim_sum(Nimber128::new(10)), Nimber128::new(6));
    /// ```
    #[inline]
    pub const fn nim_sum(self, other: Nimber128) -> Nimber128 {
        Nimber128 {
            high: self.high ^ other.high,
            low: self.low ^ other.low,
        }
    }

    /// Nim-product; the same as `*`.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::new(2).nim_product(Nimber128::new(3)), Nimber128::ONE);
    /// ```
    #[inline]
    pub fn nim_product(self, other: Nimber128) -> Nimber128 {
        Self::from_halves(backend::product128(self.halves(), other.halves()))
    }

    /// a ⊗ a.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// let a = Nimber128::new(u128::MAX);
    /// assert_eq!(a.square(), a * a);
    /// ```
    #[inline]
    pub fn square(self) -> Nimber128 {
        Self::from_halves(backend::square128(self.halves()))
    }

    /// The square root: the unique x with x ⊗ x = a.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// let a = Nimber128::new(0xdead_beef << 70);
    /// assert_eq!(a.square_root().square(), a);
    /// ```
    #[inline]
    pub fn square_root(self) -> Nimber128 {
        if self.high == 0 {
            return Nimber128 {
                high: 0,
                low: SQUARE_ROOT.apply(self.low),
            };
        }
        Self::from_halves(backend::square_root128(self.halves()))
    }

    /// The multiplicative inverse, or `None` for zero.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// let a = Nimber128::new(u128::MAX - 5);
    /// assert_eq!(a * a.inverse().unwrap(), Nimber128::ONE);
    /// assert_eq!(Nimber128::ZERO.inverse(), None);
    /// ```
    #[inline]
    pub fn inverse(self) -> Option<Nimber128> {
        match self.halves() {
            (0, 0) => None,
            (0, low) => Some(Nimber128 {
                high: 0,
                low: backend::inverse(low),
            }),
            halves => Some(Self::from_halves(backend::inverse128(halves))),
        }
    }

    /// a ⊗ b⁻¹, or `None` when b is zero.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::new(1).checked_div(Nimber128::new(3)), Some(Nimber128::new(2)));
    /// assert_eq!(Nimber128::ONE.checked_div(Nimber128::ZERO), None);
    /// ```
    #[inline]
    pub fn checked_div(self, other: Nimber128) -> Option<Nimber128> {
        other.inverse().map(|inverse| self * inverse)
    }

    /// a^exponent, the exponent an ordinary integer (a⁰ = 1, also for a = 0).
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// let a = Nimber128::new(1 << 100);
    /// assert_eq!(a.pow(3), a * a * a);
    /// assert_eq!(a.pow(u128::MAX), Nimber128::ONE);
    /// ```
    #[inline]
    pub fn pow(self, exponent: u128) -> Nimber128 {
        Self::from_halves(backend::pow128(self.halves(), exponent))
    }

    /// The absolute trace (∈ {0, 1}): bit 127 of the value.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::new(1 << 127).trace(), Nimber128::ONE);
    /// ```
    #[inline]
    pub const fn trace(self) -> Nimber128 {
        // Tr(a₁F ⊕ a₀) = Tr(a₁) (the conjugate of F is F ⊕ 1).
        Nimber128 {
            high: 0,
            low: trace(self.high),
        }
    }

    /// Solves x ⊗ x ⊕ x = a: one root x (the other is x ⊕ 1), or `None` when
    /// there is none, which happens exactly when the trace of a is 1, i.e. when
    /// bit 127 of a is set.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// let a = Nimber128::new(0x1234 << 100);
    /// let x = a.artin_schreier_root().unwrap();
    /// assert_eq!(x * x + x, a);
    /// assert_eq!(Nimber128::new(1 << 127).artin_schreier_root(), None);
    /// ```
    #[inline]
    pub fn artin_schreier_root(self) -> Option<Nimber128> {
        if self.high == 0 && trace(self.low) == 0 {
            // A root in the subfield below 2⁶⁴.
            return Some(Nimber128 {
                high: 0,
                low: ARTIN_SCHREIER.apply(self.low),
            });
        }
        backend::artin_schreier_root128(self.halves()).map(Self::from_halves)
    }
}

impl From<u64> for Nimber128 {
    #[inline]
    fn from(value: u64) -> Nimber128 {
        Nimber128::new(u128::from(value))
    }
}

impl From<u128> for Nimber128 {
    #[inline]
    fn from(value: u128) -> Nimber128 {
        Nimber128::new(value)
    }
}

impl From<Nimber> for Nimber128 {
    /// The same nimber (the low half shares the 64-bit coordinates: no conversion).
    #[inline]
    fn from(value: Nimber) -> Nimber128 {
        Nimber128 {
            high: 0,
            low: value.poly(),
        }
    }
}

impl TryFrom<Nimber128> for Nimber {
    type Error = core::num::TryFromIntError;
    /// The same nimber, if it is below 2⁶⁴.
    fn try_from(value: Nimber128) -> Result<Nimber, Self::Error> {
        if value.high == 0 {
            Ok(Nimber::from_poly(value.low))
        } else {
            // Reuse the standard error type: a value of 2⁶⁴ or more does not fit.
            u64::try_from(u128::MAX).map(Nimber::new)
        }
    }
}

impl PartialOrd for Nimber128 {
    #[inline]
    fn partial_cmp(&self, other: &Nimber128) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Nimber128 {
    /// The order of the integer values.
    #[inline]
    fn cmp(&self, other: &Nimber128) -> core::cmp::Ordering {
        self.value().cmp(&other.value())
    }
}

impl core::fmt::Debug for Nimber128 {
    /// `Nimber128(value)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Nimber128").field(&self.value()).finish()
    }
}

impl_nimber_traits!(Nimber128, u128, 128);
