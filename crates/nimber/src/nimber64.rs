//! [`Nimber`]: the field of nimbers below 2⁶⁴, GF(2⁶⁴) in Conway's basis.
//!
//! Nim addition is XOR; nim multiplication is defined by the mex rule
//! a ⊗ b = mex{(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b') : a' < a, b' < b}, and the numbers
//! below 2^(2^n) form a field (Conway, *On Numbers and Games*, ch. 6; Lenstra,
//! "Nim multiplication", 1977). The product is computed through a field
//! isomorphism with GF(2)\[x\]/(x⁶⁴ + x⁴ + x³ + x + 1) ([`crate::basis`]): three
//! table-driven basis changes and one carry-less multiplication
//! (`clmul` on x86-64 with `PCLMULQDQ`, a software one elsewhere).
//! Square roots and the equation x⊗x ⊕ x = a use precomputed linear maps
//! (`maps`); inverses use norms down the subfield tower.

use crate::backend;
use crate::linear::ByteTables;
use crate::maps::{ARTIN_SCHREIER, SQUARE_ROOT};
use crate::ops::impl_nimber_traits;
use crate::sliced::NibbleTables;

/// A nimber below 2⁶⁴: an element of Conway's field of nimbers on 0..2⁶⁴−1.
///
/// `+` and `-` are nim-sum (XOR), `*` is nim-product, `/` multiplies by the
/// inverse. `Ord` is the order of the underlying integers (the ordinals).
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Nimber(u64);

impl Nimber {
    /// The additive identity.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::ZERO.value(), 0);
    /// ```
    pub const ZERO: Nimber = Nimber(0);

    /// The multiplicative identity.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::ONE * Nimber::new(77), Nimber::new(77));
    /// ```
    pub const ONE: Nimber = Nimber(1);

    /// The nimber with this integer value.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::new(7).value(), 7);
    /// ```
    #[inline]
    pub const fn new(value: u64) -> Nimber {
        Nimber(value)
    }

    /// The integer value.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::from(9u32).value(), 9);
    /// ```
    #[inline]
    pub const fn value(self) -> u64 {
        self.0
    }

    /// Nim-sum a ⊕ b (bitwise XOR); the same as `+`.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::new(12).nim_sum(Nimber::new(10)), Nimber::new(6));
    /// ```
    #[inline]
    pub const fn nim_sum(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
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
        Nimber(backend::product(self.0, other.0))
    }

    /// a ⊗ a.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::new(4).square(), Nimber::new(6));
    /// ```
    #[inline]
    pub fn square(self) -> Nimber {
        Nimber(backend::square(self.0))
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
        Nimber(SQUARE_ROOT.apply(self.0))
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
        if self.0 == 0 {
            None
        } else {
            Some(Nimber(backend::inverse(self.0)))
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
        Nimber(backend::pow(self.0, exponent))
    }

    /// The absolute trace a ⊕ a² ⊕ a⁴ ⊕ … ⊕ a^(2⁶³) ∈ {0, 1}; for nimbers it is
    /// bit 63 of a (see [`Nimber::artin_schreier_root`]).
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// assert_eq!(Nimber::new(1 << 63).trace(), Nimber::ONE);
    /// assert_eq!(Nimber::new(12345).trace(), Nimber::ZERO);
    /// ```
    #[inline]
    pub const fn trace(self) -> Nimber {
        Nimber(self.0 >> 63)
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
        if self.0 >> 63 == 1 {
            None
        } else {
            Some(Nimber(ARTIN_SCHREIER.apply(self.0)))
        }
    }

    /// Multiplies pairwise: `out[i] = a[i] ⊗ b[i]`, faster per product than a
    /// loop over `*` (one dispatch, a tight loop).
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

    /// Multiplies many by one: `out[i] = factor ⊗ xs[i]`. Long inputs
    /// (≥ [`Multiplier::WORTHWHILE`] elements) go through a [`Multiplier`]
    /// table.
    ///
    /// # Panics
    /// If `xs` and `out` do not have the same length.
    ///
    /// ```
    /// # use sprague_nimber::Nimber;
    /// let xs: Vec<Nimber> = (0..5000u32).map(Nimber::from).collect();
    /// let mut out = vec![Nimber::ZERO; xs.len()];
    /// Nimber::mul_batch_by(Nimber::new(2), &xs, &mut out);
    /// assert_eq!(out[2], Nimber::new(3));
    /// assert_eq!(out[4999], Nimber::new(2) * Nimber::new(4999));
    /// ```
    pub fn mul_batch_by(factor: Nimber, xs: &[Nimber], out: &mut [Nimber]) {
        assert!(
            xs.len() == out.len(),
            "mul_batch_by needs slices of equal length ({}, {})",
            xs.len(),
            out.len()
        );
        if xs.len() >= Multiplier::WORTHWHILE {
            Multiplier::new(factor).apply_batch(xs, out);
        } else {
            backend::product_batch_by(factor.0, xs, out);
        }
    }
}

impl From<u64> for Nimber {
    #[inline]
    fn from(value: u64) -> Nimber {
        Nimber(value)
    }
}

impl_nimber_traits!(Nimber, u64, 64);

/// Multiplication by a fixed nimber, as a precomputed GF(2)-linear map.
///
/// x ↦ c ⊗ x is additive for nim addition, so it is a 64 × 64 matrix over
/// GF(2); it is stored as eight 256-entry byte tables (16 KiB, built from the 64
/// products c ⊗ 2^i), and each product then costs eight lookups and no
/// multiplication at all. Worth it from about [`Multiplier::WORTHWHILE`]
/// products on.
///
/// ```
/// use sprague_nimber::{Multiplier, Nimber};
/// let by_five = Multiplier::new(Nimber::new(5));
/// assert_eq!(by_five.apply(Nimber::new(7)), Nimber::new(5) * Nimber::new(7));
/// assert_eq!(by_five.factor(), Nimber::new(5));
/// ```
#[derive(Clone)]
pub struct Multiplier {
    factor: Nimber,
    tables: Box<ByteTables>,
    nibbles: Box<NibbleTables>,
}

impl core::fmt::Debug for Multiplier {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Multiplier")
            .field("factor", &self.factor)
            .finish_non_exhaustive()
    }
}

impl Multiplier {
    /// Batch length from which [`Nimber::mul_batch_by`] builds a table.
    ///
    /// ```
    /// assert!(sprague_nimber::Multiplier::WORTHWHILE > 0);
    /// ```
    pub const WORTHWHILE: usize = 2048;

    /// The table for multiplication by `factor`.
    ///
    /// ```
    /// # use sprague_nimber::{Multiplier, Nimber};
    /// let m = Multiplier::new(Nimber::new(1 << 40));
    /// assert_eq!(m.apply(Nimber::ONE), Nimber::new(1 << 40));
    /// ```
    pub fn new(factor: Nimber) -> Multiplier {
        let columns = backend::product_columns(factor.0);
        let mut tables = ByteTables::boxed_zero();
        tables.fill_from_columns(&columns);
        let nibbles = Box::new(NibbleTables::from_columns(&columns));
        Multiplier {
            factor,
            tables,
            nibbles,
        }
    }

    /// The fixed factor c.
    ///
    /// ```
    /// # use sprague_nimber::{Multiplier, Nimber};
    /// assert_eq!(Multiplier::new(Nimber::new(3)).factor(), Nimber::new(3));
    /// ```
    pub fn factor(&self) -> Nimber {
        self.factor
    }

    /// c ⊗ x.
    ///
    /// ```
    /// # use sprague_nimber::{Multiplier, Nimber};
    /// assert_eq!(Multiplier::new(Nimber::new(2)).apply(Nimber::new(2)), Nimber::new(3));
    /// ```
    #[inline]
    pub fn apply(&self, x: Nimber) -> Nimber {
        Nimber(self.tables.apply(x.0))
    }

    /// `out[i] = c ⊗ xs[i]`.
    ///
    /// # Panics
    /// If `xs` and `out` do not have the same length.
    ///
    /// ```
    /// # use sprague_nimber::{Multiplier, Nimber};
    /// let mut out = [Nimber::ZERO; 3];
    /// Multiplier::new(Nimber::new(2)).apply_batch(&[1u32, 2, 3].map(Nimber::from), &mut out);
    /// assert_eq!(out, [2u32, 3, 1].map(Nimber::from));
    /// ```
    pub fn apply_batch(&self, xs: &[Nimber], out: &mut [Nimber]) {
        assert!(
            xs.len() == out.len(),
            "apply_batch needs slices of equal length ({}, {})",
            xs.len(),
            out.len()
        );
        backend::apply_batch(&self.tables, &self.nibbles, xs, out);
    }
}
