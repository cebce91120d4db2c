//! The arithmetic kernels, written once over an abstract polynomial product.
//!
//! Every operation is carried out in the polynomial basis of
//! [`crate::basis`] (a ⊗ b = to_nim(to_poly(a) · to_poly(b))) and, for 128
//! bits, in the quadratic tower over it: the nimbers below 2¹²⁸ are
//! GF(2⁶⁴)[F]/(F² + F + h) with F = 2⁶⁴ and h = 2⁶³ (Conway, *On Numbers and
//! Games*, ch. 6), so a 128-bit product is three 64-bit polynomial products
//! (Karatsuba) plus one by the constant h. Inverses use norms down the tower
//! (a⁻¹ = ā ⊗ N(a)⁻¹ with N(a) in the half-size field) ending in a 256-entry
//! table; powers use square-and-multiply without leaving the polynomial basis.
//!
//! The macro [`kernels!`] stamps the kernels out twice, for the portable and
//! the hardware polynomial product; [`crate::backend`] picks one at run time.

/// Defines the kernels for the polynomial product `$poly`, each function carrying `$attr`.
macro_rules! kernels {
    ($(#[$attr:meta])* ; $poly:path) => {
        #[allow(unused_imports)]
        use crate::basis::{to_nim, to_poly, TOP_BIT_POLY};
        #[allow(unused_imports)]
        use crate::maps::{ARTIN_SCHREIER, INVERSE_BELOW_256, SQUARE_ROOT};
        #[allow(unused_imports)]
        use crate::Nimber;

        /// 128-bit value as (high, low) polynomial coordinates of its halves.
        $(#[$attr])*
        fn split_to_poly(a: u128) -> (u64, u64) {
            (to_poly((a >> 64) as u64), to_poly(a as u64))
        }

        /// (high, low) polynomial coordinates back to a 128-bit nim value.
        $(#[$attr])*
        fn join_to_nim((high, low): (u64, u64)) -> u128 {
            (u128::from(to_nim(high)) << 64) | u128::from(to_nim(low))
        }

        /// Product in the tower GF(2⁶⁴)[F]/(F² + F + h), halves in the polynomial basis.
        $(#[$attr])*
        fn tower_product((a1, a0): (u64, u64), (b1, b0): (u64, u64)) -> (u64, u64) {
            let p0 = $poly(a0, b0);
            let p2 = $poly(a1, b1);
            let p1 = $poly(a0 ^ a1, b0 ^ b1);
            (p1 ^ p0, p0 ^ $poly(p2, TOP_BIT_POLY))
        }

        /// Square in the tower: (x₁F ⊕ x₀)² = x₁²F ⊕ (x₀² ⊕ x₁²h).
        $(#[$attr])*
        fn tower_square((a1, a0): (u64, u64)) -> (u64, u64) {
            let s1 = $poly(a1, a1);
            (s1, $poly(a0, a0) ^ $poly(s1, TOP_BIT_POLY))
        }

        /// a ⊗ b.
        $(#[$attr])*
        pub(crate) fn product(a: u64, b: u64) -> u64 {
            to_nim($poly(to_poly(a), to_poly(b)))
        }

        /// a ⊗ a.
        $(#[$attr])*
        pub(crate) fn square(a: u64) -> u64 {
            let p = to_poly(a);
            to_nim($poly(p, p))
        }

        /// a^exponent (0⁰ = 1).
        $(#[$attr])*
        pub(crate) fn pow(a: u64, exponent: u64) -> u64 {
            let base = to_poly(a);
            let mut result = 1u64; // α⁰: the polynomial 1 is the nimber 1.
            for i in (0..64 - exponent.leading_zeros()).rev() {
                result = $poly(result, result);
                if (exponent >> i) & 1 == 1 {
                    result = $poly(result, base);
                }
            }
            to_nim(result)
        }

        /// a⁻¹ for a ≠ 0 (0 for a = 0), by norms 2⁶⁴ → 2³² → 2¹⁶ → 2⁸ and a table.
        $(#[$attr])*
        pub(crate) fn inverse(a: u64) -> u64 {
            // Conjugation over the half field: a₁F ⊕ a₀ ↦ a₁F ⊕ (a₀ ⊕ a₁).
            let c1 = to_poly(a ^ (a >> 32));
            let n1 = to_nim($poly(to_poly(a), c1));
            let c2 = to_poly(n1 ^ (n1 >> 16));
            let n2 = to_nim($poly(to_poly(n1), c2));
            let c3 = to_poly(n2 ^ (n2 >> 8));
            let n3 = to_nim($poly(to_poly(n2), c3));
            let base = to_poly(u64::from(INVERSE_BELOW_256[(n3 & 0xff) as usize]));
            to_nim($poly($poly(c1, c2), $poly(c3, base)))
        }

        /// a ⊗ b for 128-bit nimbers.
        $(#[$attr])*
        pub(crate) fn product128(a: u128, b: u128) -> u128 {
            join_to_nim(tower_product(split_to_poly(a), split_to_poly(b)))
        }

        /// a ⊗ a for 128-bit nimbers.
        $(#[$attr])*
        pub(crate) fn square128(a: u128) -> u128 {
            join_to_nim(tower_square(split_to_poly(a)))
        }

        /// a^exponent for 128-bit nimbers (0⁰ = 1).
        $(#[$attr])*
        pub(crate) fn pow128(a: u128, exponent: u128) -> u128 {
            let base = split_to_poly(a);
            let mut result = (0u64, 1u64);
            for i in (0..128 - exponent.leading_zeros()).rev() {
                result = tower_square(result);
                if (exponent >> i) & 1 == 1 {
                    result = tower_product(result, base);
                }
            }
            join_to_nim(result)
        }

        /// a⁻¹ for 128-bit a ≠ 0 (0 for a = 0): N = a₀² ⊕ a₀a₁ ⊕ a₁²h, a⁻¹ = (a₁F ⊕ (a₀⊕a₁)) ⊗ N⁻¹.
        $(#[$attr])*
        pub(crate) fn inverse128(a: u128) -> u128 {
            let (a1, a0) = split_to_poly(a);
            let norm = $poly(a0, a0) ^ $poly(a0, a1) ^ $poly($poly(a1, a1), TOP_BIT_POLY);
            let norm_inverse = to_poly(inverse(to_nim(norm)));
            join_to_nim(($poly(a1, norm_inverse), $poly(a0 ^ a1, norm_inverse)))
        }

        /// The square root of a 128-bit nimber: x₁ = √a₁, x₀ = √(a₀ ⊕ a₁h).
        $(#[$attr])*
        pub(crate) fn square_root128(a: u128) -> u128 {
            let (a1, a0) = ((a >> 64) as u64, a as u64);
            let x1 = SQUARE_ROOT.apply(a1);
            let x0 = SQUARE_ROOT.apply(a0 ^ to_nim($poly(to_poly(a1), TOP_BIT_POLY)));
            (u128::from(x1) << 64) | u128::from(x0)
        }

        /// A root of x² ⊕ x = a for 128-bit a, if bit 127 of a is 0.
        $(#[$attr])*
        pub(crate) fn artin_schreier_root128(a: u128) -> Option<u128> {
            let (a1, a0) = ((a >> 64) as u64, a as u64);
            if a1 >> 63 == 1 {
                return None;
            }
            let mut x1 = ARTIN_SCHREIER.apply(a1);
            let x1_poly = to_poly(x1);
            let mut c = a0 ^ to_nim($poly($poly(x1_poly, x1_poly), TOP_BIT_POLY));
            if c >> 63 == 1 {
                x1 ^= 1;
                c ^= 1 << 63;
            }
            Some((u128::from(x1) << 64) | u128::from(ARTIN_SCHREIER.apply(c)))
        }

        /// out[i] = a[i] ⊗ b[i] (equal lengths checked by the caller).
        $(#[$attr])*
        pub(crate) fn product_batch(a: &[Nimber], b: &[Nimber], out: &mut [Nimber]) {
            for ((x, y), z) in a.iter().zip(b).zip(out.iter_mut()) {
                *z = Nimber::new(to_nim($poly(to_poly(x.value()), to_poly(y.value()))));
            }
        }

        /// out[i] = factor ⊗ xs[i] (equal lengths checked by the caller).
        $(#[$attr])*
        pub(crate) fn product_batch_by(factor: u64, xs: &[Nimber], out: &mut [Nimber]) {
            let f = to_poly(factor);
            for (x, z) in xs.iter().zip(out.iter_mut()) {
                *z = Nimber::new(to_nim($poly(to_poly(x.value()), f)));
            }
        }

        /// The 64 products factor ⊗ 2^i (the columns of multiplication by factor).
        $(#[$attr])*
        pub(crate) fn product_columns(factor: u64) -> [u64; 64] {
            let f = to_poly(factor);
            let mut columns = [0u64; 64];
            for (i, column) in columns.iter_mut().enumerate() {
                *column = to_nim($poly(to_poly(1 << i), f));
            }
            columns
        }
    };
}

/// Kernels over the software carry-less product (any target).
pub(crate) mod portable {
    kernels!(#[inline]; crate::polynomial::product);
}

/// Kernels over `PCLMULQDQ`; callers must check that the CPU has it.
#[cfg(target_arch = "x86_64")]
pub(crate) mod hardware {
    kernels!(#[target_feature(enable = "pclmulqdq")] #[inline]; crate::clmul::product);
}
