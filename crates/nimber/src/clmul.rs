//! The hardware carry-less product: x86-64 `PCLMULQDQ` and `VPCLMULQDQ`.
//!
//! `PCLMULQDQ` multiplies two 64-bit polynomials over GF(2) into a 128-bit
//! one in a few cycles (Gueron & Kounavis, "Intel carry-less multiplication
//! instruction and its usage for computing the GCM mode", Intel white paper,
//! 2010). Reduction modulo the pentanomial P of `polynomial` uses
//! x⁶⁴ ≡ x⁴ + x³ + x + 1: a few shifts and XORs (`polynomial::reduce`), also
//! four at a time in AVX2 registers for batches, where `VPCLMULQDQ` does two
//! 64 × 64-bit carry-less products per instruction.
//! The functions here are compiled with the feature enabled and are only
//! called after runtime detection (see [`crate::backend`]).

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

#[cfg(target_arch = "x86_64")]
use crate::Nimber;

/// a·b mod P with one `PCLMULQDQ`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq")]
#[inline]
pub(crate) fn product(a: u64, b: u64) -> u64 {
    let x: __m128i = _mm_cvtsi64_si128(a as i64);
    let y: __m128i = _mm_cvtsi64_si128(b as i64);
    let p = _mm_clmulepi64_si128::<0>(x, y);
    let lo = _mm_cvtsi128_si64(p) as u64;
    let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)) as u64;
    crate::polynomial::reduce(lo, hi)
}

/// (hi·x⁶⁴ + lo) mod P for four products at once (see `polynomial::reduce`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn reduce4(lo: __m256i, hi: __m256i) -> __m256i {
    let overflow = _mm256_xor_si256(
        _mm256_xor_si256(_mm256_srli_epi64::<63>(hi), _mm256_srli_epi64::<61>(hi)),
        _mm256_srli_epi64::<60>(hi),
    );
    let t = _mm256_xor_si256(hi, overflow);
    let folded = _mm256_xor_si256(
        _mm256_xor_si256(t, _mm256_slli_epi64::<1>(t)),
        _mm256_xor_si256(_mm256_slli_epi64::<3>(t), _mm256_slli_epi64::<4>(t)),
    );
    _mm256_xor_si256(lo, folded)
}

/// Four polynomial coordinates → register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn load4(nimbers: &[Nimber]) -> __m256i {
    let words: [u64; 4] = core::array::from_fn(|i| nimbers[i].poly());
    // SAFETY: `words` is a local array of 32 readable bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(words.as_ptr().cast()) }
}

/// Register → four nimbers (polynomial coordinates).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn store4(register: __m256i, out: &mut [Nimber]) {
    let mut words = [0u64; 4];
    // SAFETY: `words` is a local array of 32 writable bytes; the store is unaligned.
    unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), register) };
    for (target, word) in out.iter_mut().zip(words) {
        *target = Nimber::from_poly(word);
    }
}

/// Four products x[i]·y[i] mod P: `VPCLMULQDQ` does two per instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,pclmulqdq,vpclmulqdq")]
#[inline]
fn product4(x: __m256i, y: __m256i) -> __m256i {
    // Within each 128-bit lane: words 0 (imm 0x00) and 1 (imm 0x11).
    let even = _mm256_clmulepi64_epi128::<0x00>(x, y);
    let odd = _mm256_clmulepi64_epi128::<0x11>(x, y);
    reduce4(
        _mm256_unpacklo_epi64(even, odd),
        _mm256_unpackhi_epi64(even, odd),
    )
}

/// `out[i] = a[i] ⊗ b[i]` four at a time; returns how many were done (a
/// multiple of 4; the caller finishes the rest). The caller must have checked
/// AVX2, PCLMULQDQ and VPCLMULQDQ.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,pclmulqdq,vpclmulqdq")]
pub(crate) fn product_batch_wide(a: &[Nimber], b: &[Nimber], out: &mut [Nimber]) -> usize {
    let n = a.len().min(b.len()).min(out.len()) / 4 * 4;
    for ((x, y), z) in a[..n]
        .chunks_exact(4)
        .zip(b[..n].chunks_exact(4))
        .zip(out[..n].chunks_exact_mut(4))
    {
        store4(product4(load4(x), load4(y)), z);
    }
    n
}

/// `out[i] = factor ⊗ xs[i]` (factor in polynomial coordinates) four at a
/// time; returns how many were done. Same requirements as [`product_batch_wide`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,pclmulqdq,vpclmulqdq")]
pub(crate) fn product_batch_by_wide(factor: u64, xs: &[Nimber], out: &mut [Nimber]) -> usize {
    let n = xs.len().min(out.len()) / 4 * 4;
    let f = _mm256_set1_epi64x(factor as i64);
    for (x, z) in xs[..n].chunks_exact(4).zip(out[..n].chunks_exact_mut(4)) {
        store4(product4(load4(x), f), z);
    }
    n
}

/// Whether the wide batch kernels can run.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn wide_available() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("pclmulqdq")
        && std::arch::is_x86_feature_detected!("vpclmulqdq")
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
