//! The hand-written inner loops of the rare/common ("sparse space") sweep for
//! narrow values (every value below 512, so every option value fits a fixed
//! array of 256 or 512 marks): Grundy's game to heap 2²⁶ and beyond.
//!
//! For a heap n split into (a, m − a), the sweep needs the set of option values
//! g(a) ⊕ g(m − a). The rare/common method (*Winning Ways*, 2nd ed., ch. 4
//! extras, "sparse space"; A. Gangolli & T. Plambeck, "A note on periodicity in
//! some octal games", Int. J. Game Theory 18 (1989); A. Flammenkamp's tables of
//! octal games and of Grundy's game, <http://wwwhomes.uni-bielefeld.de/achim/octal.html>)
//! splits it into two passes, both here:
//!
//! - [`rare_pairs_batch`]: every pair with a rare heap r, g(r) ⊕ g(m − r), for
//!   64 consecutive heaps at once (32 once values pass 255). This gives every
//!   common option value. For one rare position the partners g(m − r) of the
//!   heaps of the batch are contiguous, so one or two cache lines serve 64 heaps,
//!   where pairing heap by heap reads one line per pair (the rare positions of
//!   Grundy's game spread over 82,860 values at heap 2²², more than the L1
//!   cache holds). Per pair: one xor (vectorised) and one store of a mark in the
//!   heap's row. Rare positions too close to the batch (partners not yet known)
//!   or above half its first heap go through [`rare_pairs`], heap by heap, over
//!   the contiguous arrays of rare positions and their values.
//! - [`common_pairs`]: a block of pairs (a, m − a) read from both ends of the
//!   table, to find the rare candidates among the common ⊕ common values. With
//!   AVX2 (detected at run time), 32 pairs at a time on a one-byte table (16 on
//!   a two-byte table): load g(a..a + 32), load the mirrored 32 bytes and
//!   reverse them (`vpshufb` within the 128-bit halves, then swap the halves),
//!   xor, and mark the results; otherwise the scalar loop.
//!
//! They are hand-written, not left to the generic sweep, for speed only: these
//! loops are the whole cost of a run of hours, and the marks in a fixed-size
//! array (indices masked to its size) need no bounds checks and no clearing
//! beyond a few vector stores per heap. The only `unsafe` blocks are the AVX2
//! loads and stores of the vector scan, each justified where it stands. Results are identical to the plain sweep
//! (tested against it and against the generic naive sweep).

use crate::table::Value;

/// Marks `values[i] ⊕ g(m − positions[i])` for every i.
///
/// # Panics
/// If a position is 0 or not below `m`, or `m > g.len()`, or the two slices
/// differ in length (checked once, before the loop).
#[inline]
pub fn rare_pairs<T: Value, const N: usize>(
    seen: &mut [u8; N],
    g: &[T],
    m: usize,
    positions: &[u32],
    values: &[u16],
) {
    const { assert!(N.is_power_of_two()) };
    assert_eq!(positions.len(), values.len());
    assert!(m <= g.len());
    if let (Some(&first), Some(&last)) = (positions.first(), positions.last()) {
        // The positions are sorted (the rare list is built in increasing order).
        assert!(first >= 1 && (last as usize) < m);
    }
    let g = &g[..m];
    for (&position, &value) in positions.iter().zip(values) {
        let other = g[m - position as usize].get();
        seen[(u32::from(value) ^ other) as usize & (N - 1)] = 1;
    }
}

/// Bytes per row of marks in a batch: enough for values below 512; rows for
/// values below 256 use the first half.
pub const ROW: usize = 512;

/// Marks `values[i] ⊕ g(top + j − positions[i])` in row j of `rows` (the
/// first `N` marks of each row), for every i and every row j (heap top + j paired with each rare position): the
/// partners of one position are contiguous, so each cache line read serves
/// many heaps.
///
/// # Panics
/// If `top + rows.len() − position > g.len()` or `position > top` for a
/// position.
#[inline]
pub fn rare_pairs_batch<T: Value, const N: usize>(
    rows: &mut [[u8; ROW]],
    g: &[T],
    top: usize,
    positions: &[u32],
    values: &[u16],
) {
    const { assert!(N.is_power_of_two() && N <= ROW) };
    // Full batches: a fixed number of rows, so the loop over them unrolls into
    // stores at constant offsets.
    if let Ok(rows) = <&mut [[u8; ROW]; 64]>::try_from(&mut *rows) {
        return rare_pairs_rows::<T, N, 64>(rows, g, top, positions, values);
    }
    if let Ok(rows) = <&mut [[u8; ROW]; 32]>::try_from(&mut *rows) {
        return rare_pairs_rows::<T, N, 32>(rows, g, top, positions, values);
    }
    let len = rows.len();
    for (&position, &value) in positions.iter().zip(values) {
        let from = top - position as usize;
        let partners = &g[from..from + len];
        let value = u32::from(value);
        for (row, partner) in rows.iter_mut().zip(partners) {
            row[(value ^ partner.get()) as usize & (N - 1)] = 1;
        }
    }
}

/// [`rare_pairs_batch`] for exactly `L` rows.
#[inline]
fn rare_pairs_rows<T: Value, const N: usize, const L: usize>(
    rows: &mut [[u8; ROW]; L],
    g: &[T],
    top: usize,
    positions: &[u32],
    values: &[u16],
) {
    let mut xors = [0u16; L];
    for (&position, &value) in positions.iter().zip(values) {
        let from = top - position as usize;
        let Ok(partners) = <&[T; L]>::try_from(&g[from..from + L]) else {
            unreachable!("a slice of L values")
        };
        for (xor, partner) in xors.iter_mut().zip(partners) {
            *xor = value ^ partner.get() as u16;
        }
        for chunk in 0..L / 8 {
            for lane in 0..8 {
                let row = chunk * 8 + lane;
                rows[row][xors[row] as usize & (N - 1)] = 1;
            }
        }
    }
}

/// Marks g(lo[i]) ⊕ g(hi[len − 1 − i]) for every i (pairs a, m − a).
#[inline]
pub fn common_pairs<T: Value, const N: usize>(avx2: bool, seen: &mut [u8; N], lo: &[T], hi: &[T]) {
    #[cfg(target_arch = "x86_64")]
    if avx2 && N >= 256 {
        if let (Some(lo), Some(hi)) = (T::as_bytes(lo), T::as_bytes(hi)) {
            // SAFETY: `avx2` is true only when the processor has AVX2
            // (`is_x86_feature_detected!`), all that the function requires.
            unsafe { common_pairs_u8_avx2(seen, lo, hi) };
            return;
        }
        if let (Some(lo), Some(hi)) = (T::as_u16s(lo), T::as_u16s(hi)) {
            // SAFETY: as above.
            unsafe { common_pairs_u16_avx2(seen, lo, hi) };
            return;
        }
    }
    let _ = avx2;
    for (low, high) in lo.iter().zip(hi.iter().rev()) {
        seen[(low.get() ^ high.get()) as usize & (N - 1)] = 1;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn common_pairs_u8_avx2<const N: usize>(seen: &mut [u8; N], lo: &[u8], hi: &[u8]) {
    use std::arch::x86_64::{
        __m256i, _mm256_loadu_si256, _mm256_permute2x128_si256, _mm256_setr_epi8,
        _mm256_shuffle_epi8, _mm256_storeu_si256, _mm256_xor_si256,
    };
    let len = lo.len().min(hi.len());
    let reverse = _mm256_setr_epi8(
        15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
        5, 4, 3, 2, 1, 0,
    );
    let mut xors = [0u8; 32];
    let mut index = 0;
    while index + 32 <= len {
        let low = &lo[index..index + 32];
        // Pair lo[index + j] with hi[len − 1 − index − j]: the 32 bytes ending at
        // len − index, reversed.
        let high = &hi[len - index - 32..len - index];
        // SAFETY: `low` and `high` are 32-byte slices (checked by the slicing
        // above), and unaligned loads and stores are allowed; `xors` is 32 bytes.
        unsafe {
            let low = _mm256_loadu_si256(low.as_ptr().cast::<__m256i>());
            let high = _mm256_loadu_si256(high.as_ptr().cast::<__m256i>());
            let high = _mm256_shuffle_epi8(high, reverse);
            let high = _mm256_permute2x128_si256::<0x01>(high, high);
            _mm256_storeu_si256(
                xors.as_mut_ptr().cast::<__m256i>(),
                _mm256_xor_si256(low, high),
            );
        }
        for &value in &xors {
            seen[value as usize & (N - 1)] = 1;
        }
        index += 32;
    }
    for (low, high) in lo[index..len].iter().zip(hi[..len - index].iter().rev()) {
        seen[(low ^ high) as usize & (N - 1)] = 1;
    }
}

/// [`common_pairs_u8_avx2`] for two-byte values: 16 pairs at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn common_pairs_u16_avx2<const N: usize>(seen: &mut [u8; N], lo: &[u16], hi: &[u16]) {
    use std::arch::x86_64::{
        __m256i, _mm256_loadu_si256, _mm256_permute2x128_si256, _mm256_setr_epi8,
        _mm256_shuffle_epi8, _mm256_storeu_si256, _mm256_xor_si256,
    };
    let len = lo.len().min(hi.len());
    // Reverses the eight two-byte values of each 128-bit half.
    let reverse = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7,
        4, 5, 2, 3, 0, 1,
    );
    let mut xors = [0u16; 16];
    let mut index = 0;
    while index + 16 <= len {
        let low = &lo[index..index + 16];
        let high = &hi[len - index - 16..len - index];
        // SAFETY: `low` and `high` are 16-value (32-byte) slices (checked by the
        // slicing above), and unaligned loads and stores are allowed; `xors` is
        // 32 bytes.
        unsafe {
            let low = _mm256_loadu_si256(low.as_ptr().cast::<__m256i>());
            let high = _mm256_loadu_si256(high.as_ptr().cast::<__m256i>());
            let high = _mm256_shuffle_epi8(high, reverse);
            let high = _mm256_permute2x128_si256::<0x01>(high, high);
            _mm256_storeu_si256(
                xors.as_mut_ptr().cast::<__m256i>(),
                _mm256_xor_si256(low, high),
            );
        }
        for &value in &xors {
            seen[value as usize & (N - 1)] = 1;
        }
        index += 16;
    }
    for (low, high) in lo[index..len].iter().zip(hi[..len - index].iter().rev()) {
        seen[(low ^ high) as usize & (N - 1)] = 1;
    }
}

/// The first index ≥ `from` whose mark is 0 (N if none).
#[inline]
pub fn first_unseen<const N: usize>(seen: &[u8; N], from: u32) -> u32 {
    let from = from as usize;
    seen[from.min(N)..]
        .iter()
        .position(|&mark| mark == 0)
        .map_or(N, |offset| from + offset) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_byte_vector_pair_loop_equals_the_scalar_one() {
        let table: Vec<u16> = (0..500u32).map(|i| (i * 37 % 509) as u16).collect();
        for m in [2usize, 17, 33, 64, 65, 97, 130, 499] {
            let half = (m - 1) / 2;
            let lo = &table[1..=half];
            let hi = &table[m - half..m];
            let mut scalar = [0u8; 512];
            common_pairs(false, &mut scalar, lo, hi);
            let mut vector = [0u8; 512];
            common_pairs(crate::sweep::has_avx2(), &mut vector, lo, hi);
            assert_eq!(scalar, vector, "m = {m}");
            let mut expected = [0u8; 512];
            for a in 1..=half {
                expected[(table[a] ^ table[m - a]) as usize] = 1;
            }
            assert_eq!(scalar, expected, "m = {m}");
        }
    }

    #[test]
    fn the_vector_pair_loop_equals_the_scalar_one() {
        let table: Vec<u8> = (0..500u32).map(|i| (i * 37 % 251) as u8).collect();
        for m in [2usize, 33, 64, 65, 97, 130, 499] {
            for from in [1usize, 5] {
                let half = (m - 1) / 2;
                if from > half {
                    continue;
                }
                let count = half - from + 1;
                let lo = &table[from..=half];
                let hi = &table[m - half..m - half + count];
                let mut scalar = [0u8; 256];
                common_pairs(false, &mut scalar, lo, hi);
                let mut vector = [0u8; 256];
                common_pairs(crate::sweep::has_avx2(), &mut vector, lo, hi);
                assert_eq!(scalar, vector, "m = {m}");
                let mut expected = [0u8; 256];
                for a in from..=half {
                    expected[(table[a] ^ table[m - a]) as usize] = 1;
                }
                assert_eq!(scalar, expected, "m = {m}");
            }
        }
    }
}
