//! Batched GF(2)-linear maps and products with AVX2 byte slicing.
//!
//! A 64 × 64 matrix over GF(2) applied to a word is
//! L(x) = ⊕ⱼ ⊕ₕ Nⱼₕ[nibble h of byte j of x], 16 nibble tables of 64-bit
//! entries. `VPSHUFB` performs 32 lookups in a 16-entry byte table at once, but
//! with the same table at every byte position, so the words are first
//! *byte-sliced*: 32 words are transposed into 8 registers, register j holding
//! byte j of all 32 words (a byte shuffle and an 8 × 8 transpose of 16-bit
//! words). Output byte k of every word is then
//! ⊕ⱼ ⊕ₕ pshufb(Tⱼₕₖ, nibbles h of slice j), 128 shuffles for 32 words, and the
//! transpose is undone. This is the split-table technique used for GF(2⁸)
//! multiplication in erasure codes (Plank, Greenan & Miller, "Screaming fast
//! Galois field arithmetic using Intel SIMD instructions", FAST 2013) applied
//! to a general 64-bit linear map.
//!
//! [`product_batch`] multiplies pairs: both basis changes into the polynomial
//! basis (see [`crate::basis`]) and the one back are byte-sliced maps, and the
//! carry-less products use `VPCLMULQDQ` (two per instruction) followed by a
//! vectorised reduction.

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

#[cfg(target_arch = "x86_64")]
use crate::Nimber;
#[cfg(target_arch = "x86_64")]
use crate::basis::{TO_NIM_SLICED, TO_POLY_SLICED};

/// A 64 × 64 GF(2) matrix as 128 nibble tables for `VPSHUFB`:
/// `tables[(2 j + h) * 8 + k][v]` is byte k of the image of `v << (8 j + 4 h)`,
/// each 16-entry table repeated for both 128-bit lanes (4 KiB in all).
#[derive(Clone)]
#[repr(C, align(32))]
pub(crate) struct NibbleTables {
    tables: [[u8; 32]; 128],
}

impl NibbleTables {
    /// The tables of the map sending bit `i` to `columns[i]`.
    pub(crate) const fn from_columns(columns: &[u64; 64]) -> NibbleTables {
        let mut tables = [[0u8; 32]; 128];
        let mut nibble = 0; // 2 j + h
        while nibble < 16 {
            let mut v = 0;
            while v < 16 {
                let mut image = 0u64;
                let mut bit = 0;
                while bit < 4 {
                    if (v >> bit) & 1 == 1 {
                        image ^= columns[4 * nibble + bit];
                    }
                    bit += 1;
                }
                let mut k = 0;
                while k < 8 {
                    let byte = (image >> (8 * k)) as u8;
                    tables[nibble * 8 + k][v] = byte;
                    tables[nibble * 8 + k][v + 16] = byte;
                    k += 1;
                }
                v += 1;
            }
            nibble += 1;
        }
        NibbleTables { tables }
    }
}

/// Whether the CPU can run the byte-sliced kernels (AVX2; the product also
/// needs `VPCLMULQDQ`).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn available(with_clmul: bool) -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && (!with_clmul
            || (std::arch::is_x86_feature_detected!("vpclmulqdq")
                && std::arch::is_x86_feature_detected!("pclmulqdq")))
}

/// Words per byte-sliced block.
#[cfg(target_arch = "x86_64")]
pub(crate) const BLOCK: usize = 32;

/// Transposes an 8 × 8 matrix of 16-bit words within each 128-bit lane
/// (an involution).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn transpose_words(r: [__m256i; 8]) -> [__m256i; 8] {
    let a0 = _mm256_unpacklo_epi16(r[0], r[1]);
    let a1 = _mm256_unpackhi_epi16(r[0], r[1]);
    let a2 = _mm256_unpacklo_epi16(r[2], r[3]);
    let a3 = _mm256_unpackhi_epi16(r[2], r[3]);
    let a4 = _mm256_unpacklo_epi16(r[4], r[5]);
    let a5 = _mm256_unpackhi_epi16(r[4], r[5]);
    let a6 = _mm256_unpacklo_epi16(r[6], r[7]);
    let a7 = _mm256_unpackhi_epi16(r[6], r[7]);
    let b0 = _mm256_unpacklo_epi32(a0, a2);
    let b1 = _mm256_unpackhi_epi32(a0, a2);
    let b2 = _mm256_unpacklo_epi32(a1, a3);
    let b3 = _mm256_unpackhi_epi32(a1, a3);
    let b4 = _mm256_unpacklo_epi32(a4, a6);
    let b5 = _mm256_unpackhi_epi32(a4, a6);
    let b6 = _mm256_unpacklo_epi32(a5, a7);
    let b7 = _mm256_unpackhi_epi32(a5, a7);
    [
        _mm256_unpacklo_epi64(b0, b4),
        _mm256_unpackhi_epi64(b0, b4),
        _mm256_unpacklo_epi64(b1, b5),
        _mm256_unpackhi_epi64(b1, b5),
        _mm256_unpacklo_epi64(b2, b6),
        _mm256_unpackhi_epi64(b2, b6),
        _mm256_unpacklo_epi64(b3, b7),
        _mm256_unpackhi_epi64(b3, b7),
    ]
}

/// 32 words (8 registers of 4) → 8 byte slices (register j: byte j of every word,
/// in an order that [`unslice`] undoes).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn slice(words: [__m256i; 8]) -> [__m256i; 8] {
    // Per 128-bit lane (two words): bytes regrouped as (w0.b0, w1.b0, w0.b1, w1.b1, …).
    let group = _mm256_setr_epi8(
        0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15, //
        0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15,
    );
    transpose_words(words.map(|w| _mm256_shuffle_epi8(w, group)))
}

/// Inverse of [`slice`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn unslice(slices: [__m256i; 8]) -> [__m256i; 8] {
    let ungroup = _mm256_setr_epi8(
        0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15, //
        0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15,
    );
    transpose_words(slices).map(|w| _mm256_shuffle_epi8(w, ungroup))
}

/// Applies the map to 8 byte slices.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn map_slices(map: &NibbleTables, slices: [__m256i; 8]) -> [__m256i; 8] {
    let low_nibbles = _mm256_set1_epi8(0x0f);
    let mut out = [_mm256_setzero_si256(); 8];
    for (j, &slice) in slices.iter().enumerate() {
        let low = _mm256_and_si256(slice, low_nibbles);
        let high = _mm256_and_si256(_mm256_srli_epi16::<4>(slice), low_nibbles);
        for (k, acc) in out.iter_mut().enumerate() {
            let low_table = load(&map.tables[2 * j * 8 + k]);
            let high_table = load(&map.tables[(2 * j + 1) * 8 + k]);
            let both = _mm256_xor_si256(
                _mm256_shuffle_epi8(low_table, low),
                _mm256_shuffle_epi8(high_table, high),
            );
            *acc = _mm256_xor_si256(*acc, both);
        }
    }
    out
}

/// 32 bytes → register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn load(bytes: &[u8; 32]) -> __m256i {
    // SAFETY: `bytes` is a valid reference to 32 readable bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}

/// 32 words → 8 registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn load_words(words: &[u64; BLOCK]) -> [__m256i; 8] {
    core::array::from_fn(|m| {
        // SAFETY: words[4m..4m+4] is in bounds (m < 8) and readable; unaligned load.
        unsafe { _mm256_loadu_si256(words.as_ptr().add(4 * m).cast()) }
    })
}

/// 8 registers → 32 words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn store_words(registers: [__m256i; 8], words: &mut [u64; BLOCK]) {
    for (m, register) in registers.into_iter().enumerate() {
        // SAFETY: words[4m..4m+4] is in bounds (m < 8) and writable; unaligned store.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().add(4 * m).cast(), register) }
    }
}

/// L(x) for 32 words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(crate) fn apply_block(map: &NibbleTables, input: &[u64; BLOCK], output: &mut [u64; BLOCK]) {
    let sliced = slice(load_words(input));
    store_words(unslice(map_slices(map, sliced)), output);
}

/// (lo·x⁶⁴ + hi) mod P for four products at once (see `polynomial::reduce`).
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

/// a ⊗ b for 32 pairs of nimbers: byte-sliced basis changes, `VPCLMULQDQ` products.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,pclmulqdq,vpclmulqdq")]
pub(crate) fn product_block(
    to_poly: &NibbleTables,
    to_nim: &NibbleTables,
    a: &[u64; BLOCK],
    b: &[u64; BLOCK],
    out: &mut [u64; BLOCK],
) {
    let pa = unslice(map_slices(to_poly, slice(load_words(a))));
    let pb = unslice(map_slices(to_poly, slice(load_words(b))));
    let products: [__m256i; 8] = core::array::from_fn(|m| {
        // Lane-wise: words 0, 2 and words 1, 3 of the register.
        let even = _mm256_clmulepi64_epi128::<0x00>(pa[m], pb[m]);
        let odd = _mm256_clmulepi64_epi128::<0x11>(pa[m], pb[m]);
        let lo = _mm256_unpacklo_epi64(even, odd);
        let hi = _mm256_unpackhi_epi64(even, odd);
        reduce4(lo, hi)
    });
    store_words(unslice(map_slices(to_nim, slice(products))), out);
}

/// factor ⊗ a for 32 nimbers, the factor given in the polynomial basis: two
/// byte-sliced basis changes and `VPCLMULQDQ` products.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,pclmulqdq,vpclmulqdq")]
pub(crate) fn product_block_by(
    to_poly: &NibbleTables,
    to_nim: &NibbleTables,
    factor_poly: u64,
    a: &[u64; BLOCK],
    out: &mut [u64; BLOCK],
) {
    let pa = unslice(map_slices(to_poly, slice(load_words(a))));
    let factor = _mm256_set1_epi64x(factor_poly as i64);
    let products: [__m256i; 8] = core::array::from_fn(|m| {
        let even = _mm256_clmulepi64_epi128::<0x00>(pa[m], factor);
        let odd = _mm256_clmulepi64_epi128::<0x01>(pa[m], factor);
        let lo = _mm256_unpacklo_epi64(even, odd);
        let hi = _mm256_unpackhi_epi64(even, odd);
        reduce4(lo, hi)
    });
    store_words(unslice(map_slices(to_nim, slice(products))), out);
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use crate::linear::ByteTables;

    fn words(seed: u64) -> [u64; BLOCK] {
        let mut state = seed;
        core::array::from_fn(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state ^ (state >> 29)
        })
    }

    #[test]
    fn sliced_maps_match_byte_tables() {
        if !available(false) {
            return;
        }
        let columns = words(99).into_iter().chain(words(7)).collect::<Vec<_>>();
        let columns: [u64; 64] = columns.try_into().expect("64 columns");
        let reference = ByteTables::from_columns(&columns);
        let sliced = NibbleTables::from_columns(&columns);
        let input = words(3);
        let mut output = [0u64; BLOCK];
        // SAFETY: AVX2 was detected above.
        unsafe { apply_block(&sliced, &input, &mut output) };
        for (x, y) in input.iter().zip(&output) {
            assert_eq!(*y, reference.apply(*x));
        }
    }
}

/// `out[i] = a[i] ⊗ b[i]` by blocks of [`BLOCK`]; the tail (shorter than a
/// block) is left to the caller. Returns the number of products done.
/// The caller must have checked [`available`]`(true)`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,pclmulqdq,vpclmulqdq")]
pub(crate) fn product_batch(a: &[Nimber], b: &[Nimber], out: &mut [Nimber]) -> usize {
    let mut done = 0;
    for ((x, y), z) in a
        .chunks_exact(BLOCK)
        .zip(b.chunks_exact(BLOCK))
        .zip(out.chunks_exact_mut(BLOCK))
    {
        let xs: [u64; BLOCK] = core::array::from_fn(|i| x[i].value());
        let ys: [u64; BLOCK] = core::array::from_fn(|i| y[i].value());
        let mut zs = [0u64; BLOCK];
        product_block(&TO_POLY_SLICED, &TO_NIM_SLICED, &xs, &ys, &mut zs);
        for (target, value) in z.iter_mut().zip(zs) {
            *target = Nimber::new(value);
        }
        done += BLOCK;
    }
    done
}

/// `out[i] = L(xs[i])` by blocks of [`BLOCK`]; returns the number of words done.
/// The caller must have checked [`available`]`(false)`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(crate) fn apply_batch(map: &NibbleTables, xs: &[Nimber], out: &mut [Nimber]) -> usize {
    let mut done = 0;
    for (x, z) in xs.chunks_exact(BLOCK).zip(out.chunks_exact_mut(BLOCK)) {
        let input: [u64; BLOCK] = core::array::from_fn(|i| x[i].value());
        let mut output = [0u64; BLOCK];
        apply_block(map, &input, &mut output);
        for (target, value) in z.iter_mut().zip(output) {
            *target = Nimber::new(value);
        }
        done += BLOCK;
    }
    done
}

/// `out[i] = factor ⊗ xs[i]` by blocks of [`BLOCK`] (factor in the polynomial
/// basis); returns the number of products done. The caller must have checked
/// [`available`]`(true)`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,pclmulqdq,vpclmulqdq")]
pub(crate) fn product_batch_by(factor_poly: u64, xs: &[Nimber], out: &mut [Nimber]) -> usize {
    let mut done = 0;
    for (x, z) in xs.chunks_exact(BLOCK).zip(out.chunks_exact_mut(BLOCK)) {
        let input: [u64; BLOCK] = core::array::from_fn(|i| x[i].value());
        let mut output = [0u64; BLOCK];
        product_block_by(
            &TO_POLY_SLICED,
            &TO_NIM_SLICED,
            factor_poly,
            &input,
            &mut output,
        );
        for (target, value) in z.iter_mut().zip(output) {
            *target = Nimber::new(value);
        }
        done += BLOCK;
    }
    done
}
