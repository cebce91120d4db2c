//! The hardware carry-less product: x86-64 `PCLMULQDQ`.
//!
//! `PCLMULQDQ` multiplies two 64-bit polynomials over GF(2) into a 128-bit
//! one in a few cycles (Gueron & Kounavis, "Intel carry-less multiplication
//! instruction and its usage for computing the GCM mode", Intel white paper,
//! 2010). Reduction modulo the pentanomial P of `polynomial` folds the
//! high half twice with x⁶⁴ ≡ x⁴ + x³ + x + 1, by two more carry-less products
//! with that 5-bit constant (cheaper here than shifts in general registers).
//! The functions here are compiled with the feature enabled and are only
//! called after runtime detection (see [`crate::backend`]).

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{
    __m128i, _mm_clmulepi64_si128, _mm_cvtsi64_si128, _mm_cvtsi128_si64, _mm_xor_si128,
};

#[cfg(target_arch = "x86_64")]
use crate::polynomial::MODULUS_TAIL;

/// a·b mod P with one `PCLMULQDQ`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq")]
#[inline]
pub(crate) fn product(a: u64, b: u64) -> u64 {
    let x: __m128i = _mm_cvtsi64_si128(a as i64);
    let y: __m128i = _mm_cvtsi64_si128(b as i64);
    let p = _mm_clmulepi64_si128::<0>(x, y);
    // Fold the high half twice with x⁶⁴ ≡ x⁴ + x³ + x + 1: hi·R has at most
    // 4 bits above degree 63, and those times R fit below degree 8.
    let tail = _mm_cvtsi64_si128(MODULUS_TAIL as i64);
    let once = _mm_clmulepi64_si128::<0x01>(p, tail);
    let twice = _mm_clmulepi64_si128::<0x01>(once, tail);
    _mm_cvtsi128_si64(_mm_xor_si128(_mm_xor_si128(p, once), twice)) as u64
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    #[test]
    fn hardware_and_software_products_agree() {
        if !std::arch::is_x86_feature_detected!("pclmulqdq") {
            return;
        }
        let mut state = 7u64;
        for _ in 0..1000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let a = state;
            let b = state.rotate_left(29) ^ 0x5555;
            // SAFETY: pclmulqdq was detected above.
            let hardware = unsafe { super::product(a, b) };
            assert_eq!(hardware, crate::polynomial::product(a, b));
        }
    }
}
