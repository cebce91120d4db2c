//! [`Nimber`]: the field of nimbers below 2⁶⁴, GF(2⁶⁴) in Conway's basis.
//!
//! Nim addition is XOR; nim multiplication is defined by the mex rule
//! a ⊗ b = mex{(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b') : a' < a, b' < b}, and the numbers
//! below 2^(2^n) form a field (Conway, *On Numbers and Games*, ch. 6; Lenstra,
//! "Nim multiplication", 1977).
//!
//! A [`Nimber`] stores its element not as the integer but in the coordinates
//! of an isomorphic field, GF(2)\[x\]/(x⁶⁴ + x⁴ + x³ + x + 1) (`basis`), much
//! as modular-arithmetic libraries keep residues in Montgomery form: there a
//! product is one carry-less multiplication and a short reduction
//! (`PCLMULQDQ` on x86-64, a software product elsewhere), and nim addition is
//! still XOR because the change of basis is GF(2)-linear. The basis change
//! itself (eight table lookups) happens only when a nimber is made from an
//! integer ([`Nimber::new`]) or read back ([`Nimber::value`]); for many
//! nimbers at once [`Nimber::from_values`] and [`Nimber::to_values`] use
//! byte-sliced AVX2 tables. Square roots and the equation x⊗x ⊕ x = a use
//! precomputed linear maps (`maps`); inverses use norms down the subfield tower.

use crate::backend;
use crate::basis::{to_nim, to_poly};
use crate::maps::{ARTIN_SCHREIER, SQUARE_ROOT, trace};
use crate::ops::impl_nimber_traits;

/// A nimber below 2⁶⁴: an element of Conway's field of nimbers on 0..2⁶⁴−1.
///
/// `+` and `-` are nim-sum (XOR), `*` is nim-product, `/` multiplies by the
/// inverse. `Ord` is the order of the integer values (the ordinals).
/// Internally the element is kept in polynomial coordinates (see the module
/// documentation), so chains of field operations never convert; [`Nimber::new`]
/// and [`Nimber::value`] convert from and to the integer.
///
/// ```
/// use sprague_nimber::Nimber;
/// let a = Nimber::new(2);
/// assert_eq!(a * a, Nimber::new(3));            // 2 ⊗ 2 = 3
/// assert_eq!(Nimber::new(5) + Nimber::new(3), Nimber::new(6));
/// assert_eq!(a.inverse(), Some(Nimber::new(3)));  // 2 ⊗ 3 = 1
/// assert_eq!("0x10".parse::<Nimber>(), Ok(Nimber::new(16)));
/// assert_eq!(format!("{} {:#x}", Nimber::new(255), Nimber::new(255)), "255 0xff");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Nimber {
    /// Coordinates in the basis {1, α, α², …, α⁶³} of `basis`.
    poly: u64,
}

impl Nimber {
    /// The additive identity.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::ZERO.value(), 0);
    /// ```
    pub const ZERO: Nimber = Nimber { poly: 0 };

    /// The multiplicative identity.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::ONE * Nimber::new(77), Nimber::new(77));
    /// assert_eq!(Nimber::ONE.value(), 1);
    /// ```
    // α⁰ = 1: the constant polynomial 1 is the nimber 1.
    pub const ONE: Nimber = Nimber { poly: 1 };

    /// The nimber with this integer value (a change of basis: eight table lookups).
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::new(7).value(), 7);
    /// ```
    #[inline]
    pub fn new(value: u64) -> Nimber {
        Nimber {
            poly: to_poly(value),
        }
    }

    /// The integer value (a change of basis: eight table lookups).
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::from(9u32).value(), 9);
    /// ```
    #[inline]
    pub fn value(self) -> u64 {
        to_nim(self.poly)
    }

    /// The nimber with these polynomial coordinates (crate-internal).
    #[inline(always)]
    pub(crate) const fn from_poly(poly: u64) -> Nimber {
        Nimber { poly }
    }

    /// The polynomial coordinates (crate-internal).
    #[inline(always)]
    pub(crate) const fn poly(self) -> u64 {
        self.poly
    }

    /// Makes `out[i] = Nimber::new(values[i])`, faster per element than a loop
    /// (byte-sliced AVX2 tables when available).
    ///
    /// # Panics
    /// If the slices do not have the same length.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// let mut nimbers = [Nimber::ZERO; 3];
    /// Nimber::from_values(&[1, 2, 3], &mut nimbers);
    /// assert_eq!(nimbers, [Nimber::new(1), Nimber::new(2), Nimber::new(3)]);
    /// ```
    pub fn from_values(values: &[u64], out: &mut [Nimber]) {
        assert!(
            values.len() == out.len(),
            "from_values needs slices of equal length ({}, {})",
            values.len(),
            out.len()
        );
        backend::to_poly_batch(values, out);
    }

    /// Makes `out[i] = nimbers[i].value()`, faster per element than a loop.
    ///
    /// # Panics
    /// If the slices do not have the same length.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// let mut values = [0u64; 2];
    /// Nimber::to_values(&[Nimber::new(2) * Nimber::new(2), Nimber::ONE], &mut values);
    /// assert_eq!(values, [3, 1]);
    /// ```
    pub fn to_values(nimbers: &[Nimber], out: &mut [u64]) {
        assert!(
            nimbers.len() == out.len(),
            "to_values needs slices of equal length ({}, {})",
            nimbers.len(),
            out.len()
        );
        backend::to_nim_batch(nimbers, out);
    }

    /// Nim-sum a ⊕ b (bitwise XOR of the values); the same as `+`.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::new(12).nim_sum(Nimber::new(10)), Nimber::new(6));
    /// ```
    #[inline]
    pub const fn nim_sum(self, other: Nimber) -> Nimber {
        // The change of basis is GF(2)-linear, so XOR commutes with it.
        Nimber {
            poly: self.poly ^ other.poly,
        }
    }

    /// Nim-product a ⊗ b; the same as `*`.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// // Fermat 2-powers: F ⊗ F = 3F/2 (here F = 16).
    /// assert_eq!(Nimber::new(16).nim_product(Nimber::new(16)), Nimber::new(24));
    /// ```
    #[inline]
    pub fn nim_product(self, other: Nimber) -> Nimber {
        Nimber {
            poly: backend::product(self.poly, other.poly),
        }
    }

    /// a ⊗ a.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::new(4).square(), Nimber::new(6));
    /// ```
    #[inline]
    pub fn square(self) -> Nimber {
        self.nim_product(self)
    }

    /// The square root: the unique x with x ⊗ x = a (squaring is a bijection
    /// in characteristic 2).
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// let a = Nimber::new(0xdead_beef);
    /// assert_eq!(a.square_root().square(), a);
    /// assert_eq!(Nimber::new(3).square_root(), Nimber::new(2));
    /// ```
    #[inline]
    pub fn square_root(self) -> Nimber {
        Nimber {
            poly: SQUARE_ROOT.apply(self.poly),
        }
    }

    /// The multiplicative inverse, or `None` for zero.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// let a = Nimber::new(123_456_789);
    /// assert_eq!(a * a.inverse().unwrap(), Nimber::ONE);
    /// assert_eq!(Nimber::ZERO.inverse(), None);
    /// ```
    #[inline]
    pub fn inverse(self) -> Option<Nimber> {
        if self.poly == 0 {
            None
        } else {
            Some(Nimber {
                poly: backend::inverse(self.poly),
            })
        }
    }

    /// a ⊗ b⁻¹, or `None` when b is zero.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::new(1).checked_div(Nimber::new(2)), Some(Nimber::new(3)));
    /// assert_eq!(Nimber::new(1).checked_div(Nimber::ZERO), None);
    /// ```
    #[inline]
    pub fn checked_div(self, other: Nimber) -> Option<Nimber> {
        other.inverse().map(|inverse| self * inverse)
    }

    /// a^exponent, the exponent an ordinary integer (a⁰ = 1, also for a = 0).
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// let a = Nimber::new(1234);
    /// assert_eq!(a.pow(3), a * a * a);
    /// assert_eq!(a.pow(u64::MAX), Nimber::ONE); // the multiplicative group has order 2⁶⁴ − 1
    /// ```
    #[inline]
    pub fn pow(self, exponent: u64) -> Nimber {
        Nimber {
            poly: backend::pow(self.poly, exponent),
        }
    }

    /// The absolute trace a ⊕ a² ⊕ a⁴ ⊕ … ⊕ a^(2⁶³) ∈ {0, 1}; for nimbers it is
    /// bit 63 of the value (see [`Nimber::artin_schreier_root`]).
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::new(1 << 63).trace(), Nimber::ONE);
    /// assert_eq!(Nimber::new(12345).trace(), Nimber::ZERO);
    /// ```
    #[inline]
    pub const fn trace(self) -> Nimber {
        Nimber {
            poly: trace(self.poly),
        }
    }

    /// Solves x ⊗ x ⊕ x = a: returns one root x (the other is x ⊕ 1), or `None`
    /// when there is none, which happens exactly when the trace of a is 1, i.e.
    /// when bit 63 of a is set (x² ⊕ x always has trace 0, and the map x ↦ x² ⊕ x
    /// is two-to-one onto the trace-0 half of the field).
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// let a = Nimber::new(0x1234_5678_9abc_def0);
    /// let x = a.artin_schreier_root().unwrap();
    /// assert_eq!(x * x + x, a);
    /// assert_eq!(Nimber::new(1 << 63).artin_schreier_root(), None);
    /// ```
    #[inline]
    pub fn artin_schreier_root(self) -> Option<Nimber> {
        if trace(self.poly) == 1 {
            None
        } else {
            Some(Nimber {
                poly: ARTIN_SCHREIER.apply(self.poly),
            })
        }
    }

    /// Multiplies pairwise: `out[i] = a[i] ⊗ b[i]` (four products per
    /// instruction with AVX2 and `VPCLMULQDQ`).
    ///
    /// # Panics
    /// If the three slices do not have the same length.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// let a = [Nimber::new(2), Nimber::new(16)];
    /// let b = [Nimber::new(2), Nimber::new(16)];
    /// let mut out = [Nimber::ZERO; 2];
    /// Nimber::mul_batch(&a, &b, &mut out);
    /// assert_eq!(out, [Nimber::new(3), Nimber::new(24)]);
    /// ```
    pub fn mul_batch(a: &[Nimber], b: &[Nimber], out: &mut [Nimber]) {
        assert!(
            a.len() == b.len() && a.len() == out.len(),
            "mul_batch needs slices of equal length ({}, {}, {})",
            a.len(),
            b.len(),
            out.len()
        );
        backend::product_batch(a, b, out);
    }

    /// Multiplies many by one: `out[i] = factor ⊗ xs[i]`.
    ///
    /// # Panics
    /// If `xs` and `out` do not have the same length.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// let xs: Vec<Nimber> = (0..100u32).map(Nimber::from).collect();
    /// let mut out = vec![Nimber::ZERO; xs.len()];
    /// Nimber::mul_batch_by(Nimber::new(2), &xs, &mut out);
    /// assert_eq!(out[2], Nimber::new(3));
    /// assert_eq!(out[99], Nimber::new(2) * Nimber::new(99));
    /// ```
    pub fn mul_batch_by(factor: Nimber, xs: &[Nimber], out: &mut [Nimber]) {
        assert!(
            xs.len() == out.len(),
            "mul_batch_by needs slices of equal length ({}, {})",
            xs.len(),
            out.len()
        );
        backend::product_batch_by(factor.poly, xs, out);
    }
}

impl From<u64> for Nimber {
    #[inline]
    fn from(value: u64) -> Nimber {
        Nimber::new(value)
    }
}

impl PartialOrd for Nimber {
    #[inline]
    fn partial_cmp(&self, other: &Nimber) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Nimber {
    /// The order of the integer values.
    #[inline]
    fn cmp(&self, other: &Nimber) -> core::cmp::Ordering {
        self.value().cmp(&other.value())
    }
}

impl core::fmt::Debug for Nimber {
    /// `Nimber(value)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Nimber").field(&self.value()).finish()
    }
}

impl_nimber_traits!(Nimber, u64, 64);
