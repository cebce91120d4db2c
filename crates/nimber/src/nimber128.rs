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
use crate::maps::{ARTIN_SCHREIER, SQUARE_ROOT};
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Nimber128(u128);

impl Nimber128 {
    /// The additive identity.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::ZERO.value(), 0);
    /// ```
    pub const ZERO: Nimber128 = Nimber128(0);

    /// The multiplicative identity.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::ONE * Nimber128::new(77), Nimber128::new(77));
    /// ```
    pub const ONE: Nimber128 = Nimber128(1);

    /// The nimber with this integer value.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::new(7).value(), 7);
    /// ```
    #[inline]
    pub const fn new(value: u128) -> Nimber128 {
        Nimber128(value)
    }

    /// The integer value.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::from(9u64).value(), 9);
    /// ```
    #[inline]
    pub const fn value(self) -> u128 {
        self.0
    }

    /// Nim-sum (bitwise XOR); the same as `+`.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::new(12).nim_sum(Nimber128::new(10)), Nimber128::new(6));
    /// ```
    #[inline]
    pub const fn nim_sum(self, other: Nimber128) -> Nimber128 {
        Nimber128(self.0 ^ other.0)
    }

    /// Nim-product; the same as `*`.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::new(2).nim_product(Nimber128::new(3)), Nimber128::ONE);
    /// ```
    #[inline]
    pub fn nim_product(self, other: Nimber128) -> Nimber128 {
        Nimber128(backend::product128(self.0, other.0))
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
        Nimber128(backend::square128(self.0))
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
        if self.0 >> 64 == 0 {
            return Nimber128(u128::from(SQUARE_ROOT.apply(self.0 as u64)));
        }
        Nimber128(backend::square_root128(self.0))
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
        match self.0 {
            0 => None,
            v if v >> 64 == 0 => Some(Nimber128(u128::from(backend::inverse(v as u64)))),
            v => Some(Nimber128(backend::inverse128(v))),
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
        Nimber128(backend::pow128(self.0, exponent))
    }

    /// The absolute trace (∈ {0, 1}): bit 127 of a.
    ///
    /// ```
    /// # use sprague_nimber::Nimber128;
    /// assert_eq!(Nimber128::new(1 << 127).trace(), Nimber128::ONE);
    /// ```
    #[inline]
    pub const fn trace(self) -> Nimber128 {
        Nimber128(self.0 >> 127)
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
        if self.0 >> 64 == 0 {
            // Below 2⁶⁴ bit 63 is a trace bit of the subfield, not of this field;
            // the 128-bit kernel handles both halves, but the low half alone is cheaper.
            let low = self.0 as u64;
            if low >> 63 == 0 {
                return Some(Nimber128(u128::from(ARTIN_SCHREIER.apply(low))));
            }
        }
        backend::artin_schreier_root128(self.0).map(Nimber128)
    }
}

impl From<u64> for Nimber128 {
    #[inline]
    fn from(value: u64) -> Nimber128 {
        Nimber128(u128::from(value))
    }
}

impl From<u128> for Nimber128 {
    #[inline]
    fn from(value: u128) -> Nimber128 {
        Nimber128(value)
    }
}

impl From<Nimber> for Nimber128 {
    #[inline]
    fn from(value: Nimber) -> Nimber128 {
        Nimber128(u128::from(value.value()))
    }
}

impl TryFrom<Nimber128> for Nimber {
    type Error = core::num::TryFromIntError;
    /// The same nimber, if it is below 2⁶⁴.
    fn try_from(value: Nimber128) -> Result<Nimber, Self::Error> {
        u64::try_from(value.0).map(Nimber::new)
    }
}

impl_nimber_traits!(Nimber128, u128, 128);
