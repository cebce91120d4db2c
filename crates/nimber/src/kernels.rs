//! The arithmetic kernels, written once over an abstract polynomial product.
//!
//! [`crate::Nimber`] stores its element in polynomial coordinates (the basis
//! {1, α, …, α⁶³} of `basis`), so a product is a single polynomial product
//! modulo P, and the kernels here take and return polynomial coordinates. For
//! 128 bits the nimbers are the quadratic tower GF(2⁶⁴)\[F\]/(F² + F + h) with
//! F = 2⁶⁴ and h = 2⁶³ (Conway, *On Numbers and Games*, ch. 6): a 128-bit
//! product is three 64-bit polynomial products (Karatsuba) plus one by the
//! constant h. Inverses use norms down the tower (a⁻¹ = ā ⊗ N(a)⁻¹ with N(a)
//! in the half-size field: 2⁶⁴ → 2³² → 2¹⁶ → 2⁸, then a 256-entry table);
//! powers use square-and-multiply.
//!
//! The macro `kernels!` stamps the kernels out twice, for the portable and the
//! hardware polynomial product; `backend` picks one at run time.

/// Defines the kernels for the polynomial product `$poly`, each function carrying `$attr`.
macro_rules! kernels {
    ($(#[$attr:meta])* ; $poly:path) => {
        #[allow(unused_imports)]
        use crate::basis::{to_nim, to_poly, TOP_BIT_POLY};
        #[allow(unused_imports)]
        use crate::maps::{trace, ARTIN_SCHREIER, INVERSE_BELOW_256, SQUARE_ROOT};
        #[allow(unused_imports)]
        use crate::Nimber;

        /// Product in the tower GF(2⁶⁴)[F]/(F² + F + h), halves (high, low).
        $(#[$attr])*
        pub(crate) fn product128((a1, a0): (u64, u64), (b1, b0): (u64, u64)) -> (u64, u64) {
            let p0 = $poly(a0, b0);
            let p2 = $poly(a1, b1);
            let p1 = $poly(a0 ^ a1, b0 ^ b1);
            (p1 ^ p0, p0 ^ $poly(p2, TOP_BIT_POLY))
        }

        /// Square in the tower: (x₁F ⊕ x₀)² = x₁²F ⊕ (x₀² ⊕ x₁²h).
        $(#[$attr])*
        pub(crate) fn square128((a1, a0): (u64, u64)) -> (u64, u64) {
            let s1 = $poly(a1, a1);
            (s1, $poly(a0, a0) ^ $poly(s1, TOP_BIT_POLY))
        }

        /// p · q mod P.
        $(#[$attr])*
        pub(crate) fn product(p: u64, q: u64) -> u64 {
            $poly(p, q)
        }

        /// p^exponent (p⁰ = 1).
        $(#[$attr])*
        pub(crate) fn pow(base: u64, exponent: u64) -> u64 {
            let mut result = 1u64; // α⁰: the polynomial 1 is the nimber 1.
            for i in (0..64 - exponent.leading_zeros()).rev() {
                result = $poly(result, result);
                if (exponent >> i) & 1 == 1 {
                    result = $poly(result, base);
                }
            }
            result
        }

        /// p⁻¹ for p ≠ 0 (0 for p = 0), by norms 2⁶⁴ → 2³² → 2¹⁶ → 2⁸ and a table.
        $(#[$attr])*
        pub(crate) fn inverse(p: u64) -> u64 {
            // Conjugation over the half field acts on nim values:
            // a₁F ⊕ a₀ ↦ a₁F ⊕ (a₀ ⊕ a₁), i.e. a ↦ a ⊕ (a >> half).
            let a = to_nim(p);
            let c1 = to_poly(a ^ (a >> 32));
            let n1 = $poly(p, c1);
            let n1_value = to_nim(n1);
            let c2 = to_poly(n1_value ^ (n1_value >> 16));
            let n2 = $poly(n1, c2);
            let n2_value = to_nim(n2);
            let c3 = to_poly(n2_value ^ (n2_value >> 8));
            let n3_value = to_nim($poly(n2, c3));
            let base = to_poly(u64::from(INVERSE_BELOW_256[(n3_value & 0xff) as usize]));
            $poly($poly(c1, c2), $poly(c3, base))
        }

        /// a^exponent for 128-bit nimbers (0⁰ = 1).
        $(#[$attr])*
        pub(crate) fn pow128(base: (u64, u64), exponent: u128) -> (u64, u64) {
            let mut result = (0u64, 1u64);
            for i in (0..128 - exponent.leading_zeros()).rev() {
                result = square128(result);
                if (exponent >> i) & 1 == 1 {
                    result = product128(result, base);
                }
            }
            result
        }

        /// a⁻¹ for 128-bit a ≠ 0: N = a₀² ⊕ a₀a₁ ⊕ a₁²h, a⁻¹ = (a₁F ⊕ (a₀⊕a₁)) ⊗ N⁻¹.
        $(#[$attr])*
        pub(crate) fn inverse128((a1, a0): (u64, u64)) -> (u64, u64) {
            let norm = $poly(a0, a0) ^ $poly(a0, a1) ^ $poly($poly(a1, a1), TOP_BIT_POLY);
            let norm_inverse = inverse(norm);
            ($poly(a1, norm_inverse), $poly(a0 ^ a1, norm_inverse))
        }

        /// The square root of a 128-bit nimber: x₁ = √a₁, x₀ = √(a₀ ⊕ a₁h).
        $(#[$attr])*
        pub(crate) fn square_root128((a1, a0): (u64, u64)) -> (u64, u64) {
            (SQUARE_ROOT.apply(a1), SQUARE_ROOT.apply(a0 ^ $poly(a1, TOP_BIT_POLY)))
        }

        /// A root of x² ⊕ x = a for 128-bit a, if the trace of a (that of a₁) is 0.
        $(#[$attr])*
        pub(crate) fn artin_schreier_root128((a1, a0): (u64, u64)) -> Option<(u64, u64)> {
            if trace(a1) == 1 {
                return None;
            }
            let mut x1 = ARTIN_SCHREIER.apply(a1);
            let mut c = a0 ^ $poly($poly(x1, x1), TOP_BIT_POLY);
            if trace(c) == 1 {
                // (x₁ ⊕ 1)²h = x₁²h ⊕ h, and h has trace 1.
                x1 ^= 1;
                c ^= TOP_BIT_POLY;
            }
            Some((x1, ARTIN_SCHREIER.apply(c)))
        }

        /// out[i] = a[i] ⊗ b[i] (equal lengths checked by the caller).
        $(#[$attr])*
        pub(crate) fn product_batch(a: &[Nimber], b: &[Nimber], out: &mut [Nimber]) {
            for ((x, y), z) in a.iter().zip(b).zip(out.iter_mut()) {
                *z = Nimber::from_poly($poly(x.poly(), y.poly()));
            }
        }

        /// out[i] = factor ⊗ xs[i], the factor in polynomial coordinates.
        $(#[$attr])*
        pub(crate) fn product_batch_by(factor: u64, xs: &[Nimber], out: &mut [Nimber]) {
            for (x, z) in xs.iter().zip(out.iter_mut()) {
                *z = Nimber::from_poly($poly(x.poly(), factor));
            }
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
