//! The hand-written inner loops of the rare/common ("sparse space") sweep for
//! narrow values (every value below 512, so every option value fits a fixed
//! array of 256 or 512 marks): Grundy's game to heap 2²⁶ and beyond.
//!
//! For a heap n split into (a, m − a), the sweep needs the set of option values
//! g(a) ⊕ g(m − a). The rare/common method (*Winning Ways*, 2nd ed., ch. 4
//! extras, "sparse space"; A. Gangolli & T. Plambeck, "A note on periodicity in
//! some octal games", Int. J. Game Theory 18 (1989); A. Flammenkamp's tables of
//! octal games and of Grundy's game, <http://wwwhomes.uni-bielefeld.de/achim/octal.html>)
//! splits it into passes, all here:
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
//!   the contiguous arrays of rare positions and their values; the near ones
//!   (up to 64) through [`NearPairs`] where they fit, whose byte shuffles
//!   gather their partners into one vector and turn the values into bits.
//! - [`settle_candidates`]: of the many far rare positions whose partners
//!   are all common (above the last rare position), only one in three is
//!   marked; the few common values each row still lacks are the candidates
//!   for its smallest unseen common value, and the other pairs are compared
//!   with them (vector compares, no stores) instead of marked. Exact: a row
//!   whose candidates are all given gets the remaining pairs marked.
//! - [`common_values_below`] and [`scan_needed`]: the common ⊕ common pairs,
//!   read as blocks of pairs (a, m − a) from both ends of the table, which
//!   give rare values in abundance. The smallest unseen common value c after
//!   the first pass is g(n) as soon as every rare value below c is found
//!   among them, so the scan looks only for that set of needed values. The
//!   first few blocks collect their values below c as bits
//!   ([`common_values_below`]: 32 pairs per vector, each value widened to a
//!   64-bit lane and turned into a bit by a variable shift, the lanes or-ed
//!   together, no store), which finds the many easy values without a branch
//!   per pair; the needed set is then what is still unseen below c, and the
//!   remaining blocks are tested against it ([`scan_needed`]: 32 pairs per
//!   vector, one xor and a membership test of three byte shuffles against
//!   the set kept as two 16-byte tables, no store; the rare vectors holding a
//!   needed value update the set), stopping when it is empty. With AVX2
//!   (detected at run time): load g(a..a + 32), load the mirrored 32 bytes
//!   and reverse them (`vpshufb` within the 128-bit halves, then swap the
//!   halves), xor; on a two-byte table the xors packed to bytes with
//!   saturation, used while c (for the bits) or every needed value (for the
//!   scan) is below 255; without AVX2 scalar loops.
//!
//! They are hand-written, not left to the generic sweep, for speed only: these
//! loops are the whole cost of a run of hours, and the marks in a fixed-size
//! array (indices masked to its size) need no bounds checks and no clearing
//! beyond a few vector stores per heap. The only `unsafe` blocks are the AVX2
//! loads and stores of the vector scans, each justified where it
//! stands. Results are identical to the plain sweep (tested against it and
//! against the generic naive sweep).

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

/// The pairs of a heap m with the rare positions r up to
/// [`NearPairs::REACH`] (at most 32 of them) on a one-byte table: the values
/// g(r) ⊕ g(m − r) as bits, for the rare positions too close to a batch to
/// be paired in it ([`rare_pairs_batch`]), which every heap pairs itself.
///
/// The partners lie in the 64 bytes below m: four 16-byte loads, each
/// broadcast to both halves of a vector, and four byte shuffles whose
/// controls depend only on the positions gather them into one vector, and
/// the xors become bits as in [`common_values_below`]. That is a few dozen
/// vector operations and no store, where the scalar loop ([`rare_pairs`])
/// loads each partner and stores a mark per pair.
///
/// ```text
/// lane i: partner byte 64 − rᵢ of the window g(m − 64..m),
///         found in chunk (64 − rᵢ) / 16 at index (64 − rᵢ) mod 16
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub struct NearPairs {
    /// Per 16-byte chunk of the window: the shuffle control of the lanes whose
    /// partner lies in it (the other lanes' bytes have the top bit set, which
    /// makes the shuffle give 0).
    controls: [[u8; 32]; 4],
    /// g(rᵢ) in lane i; lanes beyond the positions repeat lane 0's pair.
    values: [u8; 32],
}

impl NearPairs {
    /// The largest position gathered.
    pub const REACH: u32 = 64;

    /// The gather of the pairs with `positions` (their values `values`);
    /// `None` unless there are 1 to 32 positions, each from 1 to
    /// [`NearPairs::REACH`], with values below 256.
    pub fn new(positions: &[u32], values: &[u16]) -> Option<Self> {
        let fits = (1..=32).contains(&positions.len())
            && positions.len() == values.len()
            && positions.iter().all(|&r| (1..=Self::REACH).contains(&r))
            && values.iter().all(|&value| value < 256);
        if !fits {
            return None;
        }
        let mut near = NearPairs {
            controls: [[0x80; 32]; 4],
            values: [0; 32],
        };
        for lane in 0..32 {
            // Lanes beyond the positions repeat the first pair.
            let pair = if lane < positions.len() { lane } else { 0 };
            let offset = (Self::REACH - positions[pair]) as usize;
            near.controls[offset / 16][lane] = (offset % 16) as u8;
            near.values[lane] = values[pair] as u8;
        }
        Some(near)
    }

    /// The values g(r) ⊕ g(m − r) of the positions r as bits (value v is bit
    /// v mod 64 of word v / 64); `None` without AVX2, or when `m` is below
    /// [`NearPairs::REACH`] or beyond the table.
    pub fn bits(&self, avx2: bool, g: &[u8], m: usize) -> Option<[u64; 8]> {
        let window = g.get(m.checked_sub(Self::REACH as usize)?..m)?;
        #[cfg(target_arch = "x86_64")]
        if avx2 {
            // SAFETY: `avx2` is true only when the processor has AVX2
            // (`is_x86_feature_detected!`), all that the function requires.
            return Some(unsafe { self.bits_avx2(window) });
        }
        let _ = (avx2, window);
        None
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn bits_avx2(&self, window: &[u8]) -> [u64; 8] {
        use std::arch::x86_64::{
            __m128i, __m256i, _mm256_broadcastsi128_si256, _mm256_loadu_si256, _mm256_or_si256,
            _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_xor_si256, _mm_loadu_si128,
        };
        assert_eq!(window.len(), Self::REACH as usize);
        let mut partners = _mm256_setzero_si256();
        for (chunk, control) in window.chunks_exact(16).zip(&self.controls) {
            // SAFETY: `chunk` is 16 bytes and `control` 32 (both checked by
            // their types and `chunks_exact`); unaligned loads are allowed.
            let (chunk, control) = unsafe {
                (
                    _mm256_broadcastsi128_si256(_mm_loadu_si128(chunk.as_ptr().cast::<__m128i>())),
                    _mm256_loadu_si256(control.as_ptr().cast::<__m256i>()),
                )
            };
            partners = _mm256_or_si256(partners, _mm256_shuffle_epi8(chunk, control));
        }
        // SAFETY: `values` is 32 bytes; unaligned loads are allowed.
        let values = unsafe { _mm256_loadu_si256(self.values.as_ptr().cast::<__m256i>()) };
        let mut bits = ValueBits::<4>::new();
        bits.add(_mm256_xor_si256(partners, values));
        let mut words = [0u64; 8];
        bits.or_into(&mut words);
        words
    }
}

/// Marks `values[i] ⊕ g(top + j − positions[i])` in row j of `rows`, for
/// every i and every row j (heap top + j paired with each rare position): the
/// partners of one position are contiguous, so each cache line read serves
/// many heaps.
///
/// # Panics
/// If `top + rows.len() − position > g.len()` or `position > top` for a
/// position.
#[inline]
pub fn rare_pairs_batch<T: Value, const N: usize>(
    rows: &mut [[u8; N]],
    g: &[T],
    top: usize,
    positions: &[u32],
    values: &[u16],
) {
    const { assert!(N.is_power_of_two()) };
    // Full batches: a fixed number of rows, so the loop over them unrolls into
    // stores at constant offsets.
    if let Ok(rows) = <&mut [[u8; N]; 64]>::try_from(&mut *rows) {
        return rare_pairs_rows::<T, N, 64>(rows, g, top, positions, values);
    }
    if let Ok(rows) = <&mut [[u8; N]; 32]>::try_from(&mut *rows) {
        return rare_pairs_rows::<T, N, 32>(rows, g, top, positions, values);
    }
    rare_pairs_any(rows, g, top, positions, values);
}

/// [`rare_pairs_batch`] for any number of rows and any table width: one
/// store per pair (partial batches, four-byte tables).
fn rare_pairs_any<T: Value, const N: usize>(
    rows: &mut [[u8; N]],
    g: &[T],
    top: usize,
    positions: &[u32],
    values: &[u16],
) {
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
///
/// One- and two-byte tables read the partners eight or four at a time as one
/// 64-bit word, xor the word with the rare value repeated in every lane, and
/// take each row's mark index out of it with a shift. The vector form (xors
/// in a vector register, one lane extracted per pair) is held back by the
/// one-per-cycle vector-to-integer move; the word form needs one load per
/// eight (four) pairs and keeps the stores as the only per-pair memory
/// operation (1.6× faster in a microbenchmark of the loop; Grundy's game
/// g(0..=2²¹): 3.1–3.2 s → 2.9–3.0 s).
#[inline]
fn rare_pairs_rows<T: Value, const N: usize, const L: usize>(
    rows: &mut [[u8; N]; L],
    g: &[T],
    top: usize,
    positions: &[u32],
    values: &[u16],
) {
    if let Some(bytes) = T::as_bytes(g) {
        return rare_pairs_rows_packed::<u8, N, L, 8>(rows, bytes, top, positions, values);
    }
    if let Some(halves) = T::as_u16s(g) {
        return rare_pairs_rows_packed::<u16, N, L, 4>(rows, halves, top, positions, values);
    }
    // Four-byte tables (a resumed table of small values): the plain loop.
    rare_pairs_any(&mut rows[..], g, top, positions, values);
}

/// The word loop of [`rare_pairs_rows`] for a table of one- or two-byte
/// values `V`, `LANES` of them per 64-bit word.
#[inline(always)]
fn rare_pairs_rows_packed<V, const N: usize, const L: usize, const LANES: usize>(
    rows: &mut [[u8; N]; L],
    g: &[V],
    top: usize,
    positions: &[u32],
    values: &[u16],
) where
    V: Copy + Into<u64>,
{
    let bits = 64 / LANES;
    let repeat = u64::MAX / ((1u64 << bits) - 1);
    for (&position, &value) in positions.iter().zip(values) {
        let from = top - position as usize;
        let Ok(partners) = <&[V; L]>::try_from(&g[from..from + L]) else {
            unreachable!("a slice of L values")
        };
        let broadcast = u64::from(value) * repeat;
        for word in 0..L / LANES {
            let lanes = &partners[word * LANES..word * LANES + LANES];
            let packed = lanes
                .iter()
                .rev()
                .fold(0, |packed, &lane| (packed << bits) | lane.into());
            let xors = packed ^ broadcast;
            for lane in 0..LANES {
                rows[word * LANES + lane][(xors >> (bits * lane)) as usize & (N - 1)] = 1;
            }
        }
    }
}

/// Bit i set when `chunk[i]` is 0, for a chunk of 64 marks (SSE2, part of
/// every x86-64 processor: four compares and four byte masks).
pub fn unmarked_bits(chunk: &[u8]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128,
        };
        let mut bits = 0u64;
        for (quarter, part) in chunk.chunks_exact(16).enumerate() {
            // SAFETY: `part` is 16 bytes (chunks_exact); unaligned loads are
            // allowed; SSE2 is part of x86-64.
            let zero = unsafe {
                let marks = _mm_loadu_si128(part.as_ptr().cast::<__m128i>());
                _mm_movemask_epi8(_mm_cmpeq_epi8(marks, _mm_setzero_si128()))
            };
            bits |= u64::from(zero as u16) << (16 * quarter);
        }
        bits
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        chunk
            .iter()
            .enumerate()
            .fold(0, |bits, (bit, &mark)| bits | u64::from(mark == 0) << bit)
    }
}

/// How many unmarked common values per row [`settle_candidates`] tests.
pub const CANDIDATES: usize = 12;

/// The rare pairs of a full batch that are tested instead of marked: after
/// the others are marked, the first [`CANDIDATES`] common values still
/// unmarked in each row are the only ones that can be the row's smallest
/// common option value (mex) unless the tested pairs give all of them. Each
/// tested pair of `positions` with the heaps of the batch is compared with
/// those candidates (a vector of heaps at a time, one compare per candidate,
/// no store), and the candidates some pair gives are marked. Batches of 64
/// heaps with values below 256 (256 marks per row; one- or two-byte table)
/// or 32 heaps of two-byte values (512 marks).
///
/// Returns, per row, the bound below which the row's first unmarked common
/// value is its true smallest unseen common value: one past its last
/// candidate, or `N` when the row had fewer candidates (then every unmarked
/// common value was tested). A row whose first unmarked common value ends up
/// at or above the bound (every candidate was given) needs the tested pairs
/// marked after all. `None` without AVX2 or for another shape (then nothing
/// is done, and the caller marks the pairs).
///
/// Why it pays: marking is one store per pair, and stores (about one per
/// cycle) bound the whole pass; a compare is a fraction of a vector
/// instruction per pair. In Grundy's game every common value is given by
/// about ten rare pairs, so a third of them leave only a few candidates per
/// row.
///
/// # Panics
/// If `common` (the common values as bits) holds fewer than `N` bits, a
/// position is above `top`, or a partner lies beyond the table.
pub fn settle_candidates<T: Value, const N: usize, const L: usize>(
    avx2: bool,
    rows: &mut [[u8; N]; L],
    common: &[u64],
    g: &[T],
    top: usize,
    positions: &[u32],
    values: &[u16],
) -> Option<[u16; 64]> {
    let common = &common[..N / 64];
    let shape_fits = (N, L) == (256, 64) || (N, L) == (512, 32) && T::as_u16s(g).is_some();
    if !avx2 || !shape_fits {
        return None;
    }
    let mut candidates = [[0u16; 64]; CANDIDATES];
    let mut bounds = [N as u16; 64];
    for (row, marks) in rows.iter().enumerate() {
        let mut found = 0;
        for (word, (chunk, &common)) in (0u32..).zip(marks.chunks_exact(64).zip(common)) {
            let mut unmarked = unmarked_bits(chunk) & common;
            while unmarked != 0 && found < CANDIDATES {
                candidates[found][row] = (word * 64 + unmarked.trailing_zeros()) as u16;
                unmarked &= unmarked - 1;
                found += 1;
            }
        }
        if found == CANDIDATES {
            bounds[row] = candidates[CANDIDATES - 1][row] + 1;
        }
        // Fill the unused candidates with any value: a candidate is marked
        // only when a pair gives it, which is always right (a row without
        // candidates keeps the bound N and is settled by the caller).
        let fill = found.checked_sub(1).map_or(0, |last| candidates[last][row]);
        for candidate in &mut candidates[found..] {
            candidate[row] = fill;
        }
    }
    #[cfg(target_arch = "x86_64")]
    {
        let given = if let Some(bytes) = T::as_bytes(g) {
            let narrow: [[u8; 64]; CANDIDATES] =
                std::array::from_fn(|k| std::array::from_fn(|row| candidates[k][row] as u8));
            // SAFETY: `avx2` is true only when the processor has AVX2.
            unsafe { candidates_given_avx2(&narrow, bytes, L, top, positions, values) }
        } else if let Some(halves) = T::as_u16s(g) {
            // SAFETY: as above.
            unsafe { candidates_given_avx2(&candidates, halves, L, top, positions, values) }
        } else {
            return None;
        };
        for (candidate, given) in candidates.iter().zip(given) {
            let mut lanes = given;
            while lanes != 0 {
                let row = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                rows[row][usize::from(candidate[row]) & (N - 1)] = 1;
            }
        }
        Some(bounds)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (g, top, positions, values, bounds, candidates);
        None
    }
}

/// Table entries compared a vector at a time by [`candidates_given_avx2`].
#[cfg(target_arch = "x86_64")]
///
/// # Safety
/// Every method needs AVX2 (the one caller, [`candidates_given_avx2`], has it).
trait CandidateLanes: Value {
    /// Values per 32-byte vector.
    const LANES: usize;
    /// `value` in every lane.
    unsafe fn splat(value: u16) -> std::arch::x86_64::__m256i;
    /// Lanes equal (all ones) or not (zero).
    unsafe fn equal(
        a: std::arch::x86_64::__m256i,
        b: std::arch::x86_64::__m256i,
    ) -> std::arch::x86_64::__m256i;
    /// One bit per lane of a compare result.
    unsafe fn lane_bits(equal: std::arch::x86_64::__m256i) -> u32;
}

#[cfg(target_arch = "x86_64")]
impl CandidateLanes for u8 {
    const LANES: usize = 32;
    #[inline(always)]
    unsafe fn splat(value: u16) -> std::arch::x86_64::__m256i {
        // SAFETY: AVX, a part of AVX2 (the caller's promise).
        unsafe { std::arch::x86_64::_mm256_set1_epi8(value as u8 as i8) }
    }
    #[inline(always)]
    unsafe fn equal(
        a: std::arch::x86_64::__m256i,
        b: std::arch::x86_64::__m256i,
    ) -> std::arch::x86_64::__m256i {
        // SAFETY: AVX2 (the caller's promise).
        unsafe { std::arch::x86_64::_mm256_cmpeq_epi8(a, b) }
    }
    #[inline(always)]
    unsafe fn lane_bits(equal: std::arch::x86_64::__m256i) -> u32 {
        // SAFETY: as above.
        unsafe { std::arch::x86_64::_mm256_movemask_epi8(equal) as u32 }
    }
}

#[cfg(target_arch = "x86_64")]
impl CandidateLanes for u16 {
    const LANES: usize = 16;
    #[inline(always)]
    unsafe fn splat(value: u16) -> std::arch::x86_64::__m256i {
        // SAFETY: AVX, a part of AVX2 (the caller's promise).
        unsafe { std::arch::x86_64::_mm256_set1_epi16(value as i16) }
    }
    #[inline(always)]
    unsafe fn equal(
        a: std::arch::x86_64::__m256i,
        b: std::arch::x86_64::__m256i,
    ) -> std::arch::x86_64::__m256i {
        // SAFETY: AVX2 (the caller's promise).
        unsafe { std::arch::x86_64::_mm256_cmpeq_epi16(a, b) }
    }
    #[inline(always)]
    unsafe fn lane_bits(equal: std::arch::x86_64::__m256i) -> u32 {
        // SAFETY: as above. Two mask bits per 16-bit lane: keep the even ones.
        let mask = unsafe { std::arch::x86_64::_mm256_movemask_epi8(equal) as u32 };
        (0..16).fold(0, |packed, lane| {
            packed | ((mask >> (2 * lane)) & 1) << lane
        })
    }
}

/// For each candidate k, the rows (bits) among the `rows` of the batch (a
/// multiple of `T::LANES`, at most 64) for which some pair gives
/// `candidates[k][row]`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn candidates_given_avx2<T: CandidateLanes>(
    candidates: &[[T; 64]; CANDIDATES],
    g: &[T],
    rows: usize,
    top: usize,
    positions: &[u32],
    values: &[u16],
) -> [u64; CANDIDATES] {
    use std::arch::x86_64::{
        __m256i, _mm256_loadu_si256, _mm256_or_si256, _mm256_setzero_si256, _mm256_xor_si256,
    };
    let mut given = [0u64; CANDIDATES];
    for part in 0..rows.min(64) / T::LANES {
        let offset = T::LANES * part;
        // SAFETY: each candidate row holds 64 values, 32 bytes read from
        // `offset` ≤ 64 − `T::LANES` values; unaligned loads are allowed.
        let wanted: [__m256i; CANDIDATES] = std::array::from_fn(|k| unsafe {
            _mm256_loadu_si256(candidates[k][offset..].as_ptr().cast::<__m256i>())
        });
        let mut hits = [_mm256_setzero_si256(); CANDIDATES];
        for (&position, &value) in positions.iter().zip(values) {
            let from = top - position as usize + offset;
            let partners = &g[from..from + T::LANES];
            // SAFETY: `partners` is one vector, 32 bytes (checked by the
            // slicing); this function has AVX2, all that `CandidateLanes` needs.
            let xors = unsafe {
                _mm256_xor_si256(
                    _mm256_loadu_si256(partners.as_ptr().cast::<__m256i>()),
                    T::splat(value),
                )
            };
            for (hit, wanted) in hits.iter_mut().zip(&wanted) {
                // SAFETY: as above.
                *hit = _mm256_or_si256(*hit, unsafe { T::equal(xors, *wanted) });
            }
        }
        for (given, hit) in given.iter_mut().zip(hits) {
            // SAFETY: as above.
            *given |= u64::from(unsafe { T::lane_bits(hit) }) << offset;
        }
    }
    given
}

/// The values below `bound` (at most 512) among g(a) ⊕ g(m − a) for the
/// pairs of the blocks `order`, as bits (value v is bit v mod 64 of word
/// v / 64), and the number of pairs.
///
/// The narrow kernel knows the smallest unseen common value c before it
/// reads the common ⊕ common pairs, and only the rare values below c matter:
/// about 34 distinct values among the 512 pairs of the first blocks (Grundy's
/// game near 10⁶; about 208 of the pairs give a value below c). Storing a
/// mark per pair bounds such a loop, so with AVX2 and `bound` at most 256
/// (one-byte table) or 255 (two-byte table, whose xors saturate at 255) the
/// values are collected as bits in vector registers instead: each xor v,
/// widened to a 64-bit lane by a byte shuffle, becomes 1 << (v − 64k) for
/// each range k of 64 values below the bound (`VPSLLVQ` gives 0 for a count
/// of 64 or more, so one shift both places the bit and drops the values of
/// other ranges), and the lanes are or-ed together. Per vector of 32 pairs
/// this is 8 shuffles and, per range, 8 shifts and 8 ors, and nothing is
/// stored; packing the values below c by byte shuffles and storing one mark
/// each took about twice as long (the first 8 blocks of 200,000 heaps near
/// 10⁶ measured alone: 330–400 ns per heap against 150–185 ns). Otherwise a
/// scalar loop sets the bits.
pub fn common_values_below<T: Value>(
    avx2: bool,
    pairs: PairBlocks<'_, T>,
    order: impl Iterator<Item = usize>,
    bound: u32,
) -> (u64, [u64; 8]) {
    let bound = bound.min(512);
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        if let Some(g) = T::as_bytes(pairs.g).filter(|_| bound <= 256) {
            // SAFETY: `avx2` is true only when the processor has AVX2
            // (`is_x86_feature_detected!`), all that the function requires.
            return unsafe { common_values_below_avx2(pairs.with_table(g), order, bound) };
        }
        if let Some(g) = T::as_u16s(pairs.g).filter(|_| bound <= 255) {
            // SAFETY: as above.
            return unsafe { common_values_below_avx2(pairs.with_table(g), order, bound) };
        }
    }
    let _ = avx2;
    let (mut count, mut bits) = (0, [0u64; 8]);
    for this in order {
        let (lo, hi) = pairs.get(this);
        count += lo.len() as u64;
        set_values_below(&mut bits, lo, hi, bound);
    }
    (count, bits)
}

/// Sets the bit of each value g(lo[i]) ⊕ g(hi[len − 1 − i]) below `bound`
/// (at most 512).
fn set_values_below<T: Value>(bits: &mut [u64; 8], lo: &[T], hi: &[T], bound: u32) {
    for (low, high) in lo.iter().zip(hi.iter().rev()) {
        let value = low.get() ^ high.get();
        if value < bound {
            bits[(value / 64) as usize & 7] |= 1 << (value % 64);
        }
    }
}

/// [`common_values_below`] with AVX2: the number of 64-value ranges below
/// the bound chosen once, so that each count of ranges has its own loop
/// with the bits in registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn common_values_below_avx2<T: PairLanes>(
    pairs: PairBlocks<'_, T>,
    order: impl Iterator<Item = usize>,
    bound: u32,
) -> (u64, [u64; 8]) {
    match bound.div_ceil(64) {
        0 => (
            order.map(|this| pairs.get(this).0.len() as u64).sum(),
            [0; 8],
        ),
        1 => value_bits_below::<T, 1>(pairs, order, bound),
        2 => value_bits_below::<T, 2>(pairs, order, bound),
        3 => value_bits_below::<T, 3>(pairs, order, bound),
        _ => value_bits_below::<T, 4>(pairs, order, bound),
    }
}

/// The pairs' values below `bound` (at most 64 · `RANGES`) as bits (see
/// [`common_values_below`]), and the number of pairs.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn value_bits_below<T: PairLanes, const RANGES: usize>(
    pairs: PairBlocks<'_, T>,
    order: impl Iterator<Item = usize>,
    bound: u32,
) -> (u64, [u64; 8]) {
    let mut collected = ValueBits::<RANGES>::new();
    let mut bits = [0u64; 8];
    let mut count = 0;
    for this in order {
        let (lo, hi) = pairs.get(this);
        let pairs_here = lo.len();
        count += pairs_here as u64;
        let mut index = 0;
        while index + 32 <= pairs_here {
            // SAFETY: both slices are 32 values (checked by the slicing).
            let xors = unsafe {
                T::pair_bytes(
                    &lo[index..index + 32],
                    &hi[pairs_here - index - 32..pairs_here - index],
                )
            };
            collected.add(xors);
            index += 32;
        }
        set_values_below(&mut bits, &lo[index..], &hi[..pairs_here - index], bound);
    }
    collected.or_into(&mut bits);
    // Values from `bound` up to the end of the last range are dropped.
    for (range, word) in bits.iter_mut().enumerate() {
        let below = bound.saturating_sub(64 * range as u32);
        if below < 64 {
            *word &= (1u64 << below) - 1;
        }
    }
    (count, bits)
}

/// The values below 64 · `RANGES` of vectors of 32 one-byte values, as bits
/// in four 64-bit lanes per range of 64 values (see [`common_values_below`]).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct ValueBits<const RANGES: usize> {
    lanes: [std::arch::x86_64::__m256i; RANGES],
}

#[cfg(target_arch = "x86_64")]
impl<const RANGES: usize> ValueBits<RANGES> {
    #[target_feature(enable = "avx2")]
    #[inline]
    fn new() -> Self {
        const { assert!(RANGES >= 1 && RANGES <= 4) };
        Self {
            lanes: [std::arch::x86_64::_mm256_setzero_si256(); RANGES],
        }
    }

    /// Adds the 32 values of `bytes`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn add(&mut self, bytes: std::arch::x86_64::__m256i) {
        use std::arch::x86_64::{
            __m256i, _mm256_add_epi8, _mm256_or_si256, _mm256_set1_epi64x, _mm256_set1_epi8,
            _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_sllv_epi64, _mm256_sub_epi64,
        };
        // Widens bytes 2i and 2i + 1 of each 128-bit half to 64-bit lanes:
        // the control for i = 0; adding 2i to it gives the others (its
        // zeroing bytes keep their top bit).
        let widen = _mm256_setr_epi8(
            0, -128, -128, -128, -128, -128, -128, -128, 1, -128, -128, -128, -128, -128, -128,
            -128, 0, -128, -128, -128, -128, -128, -128, -128, 1, -128, -128, -128, -128, -128,
            -128, -128,
        );
        let values: [__m256i; 8] = std::array::from_fn(|i| {
            _mm256_shuffle_epi8(bytes, _mm256_add_epi8(widen, _mm256_set1_epi8(2 * i as i8)))
        });
        let one = _mm256_set1_epi64x(1);
        for (range, lanes) in self.lanes.iter_mut().enumerate() {
            let offset = _mm256_set1_epi64x(64 * range as i64);
            let bit = |values: __m256i| _mm256_sllv_epi64(one, _mm256_sub_epi64(values, offset));
            // A tree of ors: one dependent or per vector on `lanes`.
            let pair = |first: usize| _mm256_or_si256(bit(values[first]), bit(values[first + 1]));
            let low = _mm256_or_si256(pair(0), pair(2));
            let high = _mm256_or_si256(pair(4), pair(6));
            *lanes = _mm256_or_si256(*lanes, _mm256_or_si256(low, high));
        }
    }

    /// Ors the values as bits into `bits` (value v is bit v mod 64 of word
    /// v / 64).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn or_into(&self, bits: &mut [u64; 8]) {
        use std::arch::x86_64::{__m256i, _mm256_storeu_si256};
        for (word, lanes) in bits.iter_mut().zip(&self.lanes) {
            let mut words = [0u64; 4];
            // SAFETY: `words` is 32 bytes; unaligned stores are allowed.
            unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast::<__m256i>(), *lanes) };
            *word |= words[0] | words[1] | words[2] | words[3];
        }
    }
}

/// The rare values (below 512) still to be found among the options of a heap,
/// kept as four 16-byte tables so that a vector of 32 one-byte option values
/// is tested against the whole set with three byte shuffles: value x is in the
/// set when bit (x >> 4) mod 8 of `tables[x >> 7][x & 15]` is set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Needed {
    tables: [[u8; 16]; 4],
    count: u32,
}

impl Needed {
    /// The values the set can hold: below this.
    pub const LIMIT: u32 = 512;

    fn place(value: u32) -> Option<(usize, usize, u8)> {
        (value < Self::LIMIT).then(|| {
            (
                (value >> 7) as usize,
                (value & 15) as usize,
                1 << ((value >> 4) & 7),
            )
        })
    }

    /// Adds a value (below [`Needed::LIMIT`]; others are ignored).
    pub fn insert(&mut self, value: u32) {
        if let Some((table, index, bit)) = Self::place(value) {
            if self.tables[table][index] & bit == 0 {
                self.tables[table][index] |= bit;
                self.count += 1;
            }
        }
    }

    /// Removes a value; whether it was in the set.
    pub fn remove(&mut self, value: u32) -> bool {
        let Some((table, index, bit)) = Self::place(value) else {
            return false;
        };
        let present = self.tables[table][index] & bit != 0;
        if present {
            self.tables[table][index] &= !bit;
            self.count -= 1;
        }
        present
    }

    /// Whether every value in the set is below 255 (so that a saturated 255
    /// never matches).
    pub fn fits_bytes(&self) -> bool {
        self.tables[2] == [0; 16] && self.tables[3] == [0; 16] && self.tables[1][15] & 0x80 == 0
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The smallest value in the set.
    pub fn min(&self) -> Option<u32> {
        if self.is_empty() {
            return None;
        }
        (0..Self::LIMIT).find(|&value| {
            Self::place(value)
                .is_some_and(|(table, index, bit)| self.tables[table][index] & bit != 0)
        })
    }

    /// Removes every value g(lo[i]) ⊕ g(hi[len − 1 − i]).
    fn remove_pairs<T: Value>(&mut self, lo: &[T], hi: &[T]) {
        for (low, high) in lo.iter().zip(hi.iter().rev()) {
            self.remove(low.get() ^ high.get());
        }
    }
}

/// The pairs (a, m − a), a = 1..=`half`, of a table g, in blocks of `block`
/// consecutive a.
#[derive(Debug)]
pub struct PairBlocks<'g, T> {
    /// The table.
    pub g: &'g [T],
    /// The heap being split.
    pub m: usize,
    /// The largest a.
    pub half: usize,
    /// Pairs per block.
    pub block: usize,
}

impl<T> Clone for PairBlocks<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for PairBlocks<'_, T> {}

impl<'g, T> PairBlocks<'g, T> {
    /// Block `this`: g(a) for its a in increasing order, and the partners
    /// g(m − a) in increasing position (so lo[i] pairs with hi[len − 1 − i]).
    ///
    /// # Panics
    /// If the block lies beyond `half` or `m` beyond the table.
    pub fn get(&self, this: usize) -> (&'g [T], &'g [T]) {
        let from = 1 + this * self.block;
        let to = (from + self.block - 1).min(self.half);
        let count = to - from + 1;
        (
            &self.g[from..=to],
            &self.g[self.m - to..self.m - to + count],
        )
    }

    fn with_table<U>(self, g: &'g [U]) -> PairBlocks<'g, U> {
        PairBlocks {
            g,
            m: self.m,
            half: self.half,
            block: self.block,
        }
    }
}

/// Looks for the values of `needed` among g(a) ⊕ g(m − a) for the pairs of
/// the blocks of `order`, removing each value found, until the set is empty
/// or the blocks run out. Returns the number of pairs scanned.
///
/// With AVX2 and a one-byte table (or a two-byte table while every needed
/// value is below 255, and every table value below 32,768), 32 pairs cost one
/// vector xor and one vector membership test (three byte shuffles) instead of
/// 32 stores of marks; only the rare vectors that hold a needed value go
/// through the scalar loop.
pub fn scan_needed<T: Value>(
    avx2: bool,
    needed: &mut Needed,
    pairs: PairBlocks<'_, T>,
    order: impl Iterator<Item = usize>,
) -> u64 {
    assert!(pairs.half < pairs.m && pairs.m <= pairs.g.len() && pairs.block > 0);
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        if let Some(g) = T::as_bytes(pairs.g) {
            // SAFETY: `avx2` is true only when the processor has AVX2
            // (`is_x86_feature_detected!`), all that the function requires.
            return unsafe { scan_needed_avx2(needed, pairs.with_table(g), order) };
        }
        if let Some(g) = T::as_u16s(pairs.g).filter(|_| needed.fits_bytes()) {
            // SAFETY: as above.
            return unsafe { scan_needed_avx2(needed, pairs.with_table(g), order) };
        }
    }
    let _ = avx2;
    let mut scanned = 0;
    for this in order {
        if needed.is_empty() {
            break;
        }
        let (lo, hi) = pairs.get(this);
        scanned += lo.len() as u64;
        needed.remove_pairs(lo, hi);
    }
    scanned
}

/// Table entries that [`scan_needed_avx2`] reads 32 pairs at a time.
#[cfg(target_arch = "x86_64")]
trait PairLanes: Value {
    /// The 32 values low[j] ⊕ high[31 − j], as bytes (in some order), those
    /// above 254 as 255 (two-byte xors of 32,768 or more, read as negative by
    /// the signed saturation, would become 0: the narrow kernel's values are
    /// below 512).
    ///
    /// # Safety
    /// The processor has AVX2, and both slices hold 32 values.
    unsafe fn pair_bytes(low: &[Self], high: &[Self]) -> std::arch::x86_64::__m256i;
}

#[cfg(target_arch = "x86_64")]
impl PairLanes for u8 {
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn pair_bytes(low: &[u8], high: &[u8]) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::{
            __m256i, _mm256_loadu_si256, _mm256_permute2x128_si256, _mm256_setr_epi8,
            _mm256_shuffle_epi8, _mm256_xor_si256,
        };
        let reverse = _mm256_setr_epi8(
            15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
            6, 5, 4, 3, 2, 1, 0,
        );
        // SAFETY: both slices are 32 bytes (the caller's promise); unaligned
        // loads are allowed.
        unsafe {
            let low = _mm256_loadu_si256(low.as_ptr().cast::<__m256i>());
            let high = _mm256_loadu_si256(high.as_ptr().cast::<__m256i>());
            // Reverse the bytes within each half, then swap the halves.
            let high = _mm256_shuffle_epi8(high, reverse);
            let high = _mm256_permute2x128_si256::<0x01>(high, high);
            _mm256_xor_si256(low, high)
        }
    }
}

#[cfg(target_arch = "x86_64")]
impl PairLanes for u16 {
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn pair_bytes(low: &[u16], high: &[u16]) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::{
            __m256i, _mm256_loadu_si256, _mm256_packus_epi16, _mm256_permute2x128_si256,
            _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_xor_si256,
        };
        // Reverses the eight two-byte values of each 128-bit half.
        let reverse = _mm256_setr_epi8(
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6,
            7, 4, 5, 2, 3, 0, 1,
        );
        // SAFETY: both slices are 32 values, 64 bytes (the caller's
        // promise); unaligned loads are allowed.
        unsafe {
            let reversed = |half: *const u16| {
                let values = _mm256_loadu_si256(half.cast::<__m256i>());
                let values = _mm256_shuffle_epi8(values, reverse);
                _mm256_permute2x128_si256::<0x01>(values, values)
            };
            // low[0..16] pairs with high[16..32] reversed, low[16..32] with
            // high[0..16] reversed.
            let first = _mm256_xor_si256(
                _mm256_loadu_si256(low.as_ptr().cast::<__m256i>()),
                reversed(high.as_ptr().add(16)),
            );
            let second = _mm256_xor_si256(
                _mm256_loadu_si256(low.as_ptr().add(16).cast::<__m256i>()),
                reversed(high.as_ptr()),
            );
            // Saturating: values above 255 become 255.
            _mm256_packus_epi16(first, second)
        }
    }
}

/// The needed set as [`scan_needed_avx2`] keeps it in registers: the first
/// two 16-byte tables (values below 256), each repeated in both halves.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct NeededLanes {
    below: std::arch::x86_64::__m256i,
    above: std::arch::x86_64::__m256i,
}

#[cfg(target_arch = "x86_64")]
impl NeededLanes {
    #[target_feature(enable = "avx2")]
    fn load(needed: &Needed) -> Self {
        use std::arch::x86_64::{__m128i, _mm256_broadcastsi128_si256, _mm_loadu_si128};
        // SAFETY: each table is 16 bytes; unaligned loads are allowed.
        unsafe {
            NeededLanes {
                below: _mm256_broadcastsi128_si256(_mm_loadu_si128(
                    needed.tables[0].as_ptr().cast::<__m128i>(),
                )),
                above: _mm256_broadcastsi128_si256(_mm_loadu_si128(
                    needed.tables[1].as_ptr().cast::<__m128i>(),
                )),
            }
        }
    }

    /// The lanes of `xors` whose value is in the set (bit j for lane j): the
    /// first table answers for values below 128, the second for the rest
    /// (byte shuffles give 0 where the index has bit 7 set).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn members(self, xors: std::arch::x86_64::__m256i) -> u32 {
        use std::arch::x86_64::{
            _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_movemask_epi8, _mm256_or_si256,
            _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
            _mm256_srli_epi16, _mm256_xor_si256,
        };
        // Bit (h mod 8) for the high nibble h.
        let bits = _mm256_setr_epi8(
            1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64,
            -128, 1, 2, 4, 8, 16, 32, 64, -128,
        );
        let low_index = _mm256_set1_epi8(0x8f_u8 as i8);
        let flip = _mm256_set1_epi8(0x80_u8 as i8);
        let nibble = _mm256_set1_epi8(0x0f);
        let row = _mm256_or_si256(
            _mm256_shuffle_epi8(self.below, _mm256_and_si256(xors, low_index)),
            _mm256_shuffle_epi8(
                self.above,
                _mm256_and_si256(_mm256_xor_si256(xors, flip), low_index),
            ),
        );
        let high_nibble = _mm256_and_si256(_mm256_srli_epi16::<4>(xors), nibble);
        let bit = _mm256_shuffle_epi8(bits, high_nibble);
        let absent = _mm256_cmpeq_epi8(_mm256_and_si256(row, bit), _mm256_setzero_si256());
        !(_mm256_movemask_epi8(absent) as u32)
    }

    /// Removes the values of the lanes `hits` of `xors` from the set and
    /// from the registers (reloading the tables just written would stall).
    #[target_feature(enable = "avx2")]
    fn remove(&mut self, needed: &mut Needed, xors: std::arch::x86_64::__m256i, hits: u32) {
        use std::arch::x86_64::{
            __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_set1_epi8,
            _mm256_setr_epi8, _mm256_storeu_si256,
        };
        let lanes16 = _mm256_setr_epi8(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
            11, 12, 13, 14, 15,
        );
        let mut values = [0u8; 32];
        // SAFETY: `values` is 32 bytes; unaligned stores are allowed.
        unsafe { _mm256_storeu_si256(values.as_mut_ptr().cast::<__m256i>(), xors) };
        let mut lanes = hits;
        while lanes != 0 {
            let value = values[lanes.trailing_zeros() as usize];
            lanes &= lanes - 1;
            if needed.remove(u32::from(value)) {
                let entry = _mm256_and_si256(
                    _mm256_cmpeq_epi8(lanes16, _mm256_set1_epi8((value & 15) as i8)),
                    _mm256_set1_epi8((1u8 << ((value >> 4) & 7)) as i8),
                );
                if value < 128 {
                    self.below = _mm256_andnot_si256(entry, self.below);
                } else {
                    self.above = _mm256_andnot_si256(entry, self.above);
                }
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn scan_needed_avx2<T: PairLanes>(
    needed: &mut Needed,
    pairs: PairBlocks<'_, T>,
    order: impl Iterator<Item = usize>,
) -> u64 {
    let mut lanes = NeededLanes::load(needed);
    let mut scanned = 0;
    if needed.is_empty() {
        return 0;
    }
    for this in order {
        let (lo, hi) = pairs.get(this);
        let count = lo.len();
        scanned += count as u64;
        if let (Ok(lo), Ok(hi)) = (<&[T; 64]>::try_from(lo), <&[T; 64]>::try_from(hi)) {
            // A full block: both vectors tested, one branch on the result.
            // SAFETY: the slices are 32 values each.
            let first = unsafe { T::pair_bytes(&lo[..32], &hi[32..]) };
            let second = unsafe { T::pair_bytes(&lo[32..], &hi[..32]) };
            let (first_hits, second_hits) = (lanes.members(first), lanes.members(second));
            if first_hits | second_hits == 0 {
                continue;
            }
            // Values in both vectors are removed once (the second test saw
            // the set before the first removal; a value gone is skipped).
            lanes.remove(needed, first, first_hits);
            lanes.remove(needed, second, second_hits);
        } else {
            let mut index = 0;
            while index + 32 <= count && !needed.is_empty() {
                // Pair lo[index + j] with hi[count − 1 − index − j]: the 32
                // values ending at count − index, reversed.
                // SAFETY: both slices are 32 values (checked by the slicing).
                let xors = unsafe {
                    T::pair_bytes(
                        &lo[index..index + 32],
                        &hi[count - index - 32..count - index],
                    )
                };
                let hits = lanes.members(xors);
                if hits != 0 {
                    lanes.remove(needed, xors, hits);
                }
                index += 32;
            }
            if index < count && !needed.is_empty() {
                needed.remove_pairs(&lo[index..], &hi[..count - index]);
                lanes = NeededLanes::load(needed);
            }
        }
        if needed.is_empty() {
            break;
        }
    }
    scanned
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_values_below_a_bound_are_every_pair_value_below_it() {
        fn check<T: Value>(table: &[T], bounds: &[u32]) {
            for m in [40usize, 64, 129, 200, 399] {
                let half = (m - 1) / 2;
                let pairs = PairBlocks {
                    g: table,
                    m,
                    half,
                    block: 64,
                };
                let blocks = half.div_ceil(64);
                for &bound in bounds {
                    let mut expected = [0u64; 8];
                    for a in 1..=half {
                        let value = table[a].get() ^ table[m - a].get();
                        if value < bound {
                            expected[value as usize / 64] |= 1 << (value % 64);
                        }
                    }
                    for avx2 in [false, crate::sweep::has_avx2()] {
                        let (count, bits) = common_values_below(avx2, pairs, 0..blocks, bound);
                        assert_eq!(count, half as u64);
                        assert_eq!(bits, expected, "m {m} bound {bound} avx2 {avx2}");
                    }
                }
            }
        }
        let bytes: Vec<u8> = (0..400u32).map(|i| (i * 37 % 251) as u8).collect();
        check(
            &bytes,
            &[0, 1, 17, 63, 64, 65, 128, 129, 192, 200, 255, 256],
        );
        let halves: Vec<u16> = (0..400u32).map(|i| (i * 37 % 509) as u16).collect();
        check(&halves, &[0, 1, 17, 64, 130, 254, 255, 256, 400, 512]);
    }

    #[test]
    fn the_near_pairs_gather_every_partner() {
        let table: Vec<u8> = (0..300u32).map(|i| (i * 97 % 256) as u8).collect();
        let sets: [&[u32]; 5] = [
            &[1],
            &[1, 2, 3, 5, 8, 13, 21, 34, 55, 64],
            &[16, 17, 32, 33, 48, 49, 63, 64],
            &[
                1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43,
                45, 47, 49, 51, 53, 55, 57, 59, 61, 63,
            ],
            &[2, 40],
        ];
        for positions in sets {
            let values: Vec<u16> = positions
                .iter()
                .map(|&r| u16::from(table[r as usize]))
                .collect();
            let near = NearPairs::new(positions, &values).expect("a gather");
            for m in [64usize, 65, 100, 257, 300] {
                let mut expected = [0u64; 8];
                for &r in positions {
                    let value = u32::from(table[r as usize] ^ table[m - r as usize]);
                    expected[value as usize / 64] |= 1 << (value % 64);
                }
                let avx2 = crate::sweep::has_avx2();
                match near.bits(avx2, &table, m) {
                    Some(bits) => assert_eq!(bits, expected, "positions {positions:?} m {m}"),
                    // Without AVX2 the caller pairs them one by one.
                    None => assert!(!avx2, "no gather with AVX2, m {m}"),
                }
            }
            let avx2 = crate::sweep::has_avx2();
            assert_eq!(near.bits(avx2, &table, 63), None);
            assert_eq!(near.bits(avx2, &table, 301), None);
        }
        let too_many: Vec<u32> = (1..=33).collect();
        let values = vec![0u16; 33];
        assert!(NearPairs::new(&too_many, &values).is_none());
        assert!(NearPairs::new(&[0], &[1]).is_none());
        assert!(NearPairs::new(&[65], &[1]).is_none());
        assert!(NearPairs::new(&[3], &[256]).is_none());
        assert!(NearPairs::new(&[], &[]).is_none());
    }

    #[test]
    fn the_needed_set_inserts_removes_and_finds_its_minimum() {
        let mut needed = Needed::default();
        assert!(needed.is_empty() && needed.min().is_none());
        for value in [300, 7, 128, 255, 0, 7, 511, 600] {
            needed.insert(value);
        }
        // 600 is beyond the limit and ignored; 7 counted once.
        assert_eq!(needed.min(), Some(0));
        assert!(needed.remove(0) && !needed.remove(0) && !needed.remove(600));
        assert_eq!(needed.min(), Some(7));
        for value in [7, 128, 255, 300, 511] {
            assert!(needed.remove(value), "{value}");
        }
        assert!(needed.is_empty());
    }

    /// The needed values found by a scan, by brute force over the same pairs.
    fn brute_force_scan(table: &[u8], m: usize, half: usize, wanted: &[u32]) -> Vec<u32> {
        let values: std::collections::HashSet<u32> = (1..=half)
            .map(|a| u32::from(table[a] ^ table[m - a]))
            .collect();
        wanted
            .iter()
            .copied()
            .filter(|value| !values.contains(value))
            .collect()
    }

    /// The values of `wanted` left after a scan.
    fn scan_left<T: Value>(
        avx2: bool,
        table: &[T],
        m: usize,
        half: usize,
        block: usize,
        order: impl Iterator<Item = usize>,
        wanted: &[u32],
    ) -> Vec<u32> {
        let mut needed = Needed::default();
        for &value in wanted {
            needed.insert(value);
        }
        let pairs = PairBlocks {
            g: table,
            m,
            half,
            block,
        };
        scan_needed(avx2, &mut needed, pairs, order);
        (0..Needed::LIMIT)
            .filter(|&value| {
                let mut copy = needed;
                copy.remove(value)
            })
            .collect()
    }

    #[test]
    fn the_two_byte_membership_scan_ignores_saturated_values() {
        // Values up to 511: many xors are 255 or more and saturate to 255 in
        // the two-byte vector scan, which must then neither find 255 nor any
        // other needed value that is not there.
        let table: Vec<u16> = (0..3000u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 7) as u16 & 511)
            .collect();
        for (m, wanted) in [
            (2999usize, (0..255).collect::<Vec<u32>>()),
            (1001, vec![0, 3, 77, 128, 200, 254]),
            (400, (0..255).step_by(5).collect()),
            // 255 needed: the scalar scan.
            (1500, vec![5, 255]),
            (3, vec![255]),
        ] {
            let half = (m - 1) / 2;
            let values: std::collections::HashSet<u32> = (1..=half)
                .map(|a| u32::from(table[a] ^ table[m - a]))
                .collect();
            let expected: Vec<u32> = wanted
                .iter()
                .copied()
                .filter(|value| !values.contains(value))
                .collect();
            for avx2 in [false, crate::sweep::has_avx2()] {
                let blocks = half.div_ceil(64);
                let left = scan_left(avx2, &table, m, half, 64, 0..blocks, &wanted);
                assert_eq!(left, expected, "m = {m}, avx2 = {avx2}");
            }
        }
    }

    #[test]
    fn the_membership_scan_finds_exactly_the_needed_values_present() {
        // A pseudo-random one-byte table; every value below 256 is wanted
        // except a few, so the vector test, its hits and its early stop are
        // all exercised, with and without AVX2.
        let table: Vec<u8> = (0..5000u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .collect();
        let wide: Vec<u16> = table.iter().map(|&value| u16::from(value)).collect();
        for (m, wanted) in [
            (4999usize, (0..256).collect::<Vec<u32>>()),
            (1001, vec![3, 77, 128, 200, 255]),
            (130, (0..256).step_by(3).collect()),
            (70, vec![1, 2, 300]),
        ] {
            let half = (m - 1) / 2;
            let expected = brute_force_scan(&table, m, half, &wanted);
            for avx2 in [false, crate::sweep::has_avx2()] {
                for block in [64usize, 17] {
                    let blocks = half.div_ceil(block);
                    // One-byte table in reverse block order (vector path),
                    // two-byte table in order (scalar path).
                    let one_byte =
                        scan_left(avx2, &table, m, half, block, (0..blocks).rev(), &wanted);
                    assert_eq!(
                        one_byte, expected,
                        "m = {m}, avx2 = {avx2}, block = {block}"
                    );
                    let two_bytes = scan_left(avx2, &wide, m, half, block, 0..blocks, &wanted);
                    assert_eq!(two_bytes, expected, "two bytes, m = {m}");
                }
            }
        }
    }
    /// The first value of `bits` unmarked in `row`, or the row's length.
    fn first_unmarked<const N: usize>(row: &[u8; N], bits: &[u64]) -> u32 {
        (0..N as u32)
            .find(|&value| {
                bits[value as usize / 64] >> (value % 64) & 1 == 1 && row[value as usize] == 0
            })
            .unwrap_or(N as u32)
    }

    /// Marks the pairs of every position with the rows, then again with a
    /// part marked and the rest settled (with the heap-by-heap fallback), and
    /// compares each row's smallest unmarked common value; returns how many
    /// rows needed the fallback.
    fn check_settled<T: Value, const N: usize, const L: usize>(
        table: &[T],
        common: &[u64],
        positions: &[u32],
        values: &[u16],
        marked_every: usize,
    ) -> usize {
        let top = table.len() - L - 1;
        let mut every = vec![[0u8; N]; L];
        rare_pairs_batch(&mut every, table, top, positions, values);
        let split = |keep: bool| -> (Vec<u32>, Vec<u16>) {
            (0..positions.len())
                .filter(|index| (index % marked_every == 0) == keep)
                .map(|index| (positions[index], values[index]))
                .unzip()
        };
        let (marked_positions, marked_values) = split(true);
        let (tested_positions, tested_values) = split(false);
        let mut rows = vec![[0u8; N]; L];
        rare_pairs_batch(&mut rows, table, top, &marked_positions, &marked_values);
        let Ok(fixed) = <&mut [[u8; N]; L]>::try_from(&mut rows[..]) else {
            unreachable!("L rows")
        };
        let avx2 = crate::sweep::has_avx2();
        let Some(bounds) = settle_candidates(
            avx2,
            fixed,
            common,
            table,
            top,
            &tested_positions,
            &tested_values,
        ) else {
            assert!(!avx2);
            return 0;
        };
        let mut fallbacks = 0;
        for (row, (settled, full)) in rows.iter_mut().zip(&every).enumerate() {
            if first_unmarked(settled, common) >= u32::from(bounds[row]) {
                fallbacks += 1;
                rare_pairs(settled, table, top + row, &tested_positions, &tested_values);
            }
            assert_eq!(
                first_unmarked(settled, common),
                first_unmarked(full, common),
                "row {row}"
            );
        }
        fallbacks
    }

    #[test]
    fn settled_candidates_give_the_same_smallest_common_value_as_marking_every_pair() {
        // Common values: odd parity under the mask 0xfe (Grundy's game to
        // 2²²) or 0x1fe (past it, values above 255).
        let common = |mask: u32| -> [u64; 8] {
            let mut bits = [0u64; 8];
            for value in 0..512u32 {
                if (value & mask).count_ones() % 2 == 1 {
                    bits[value as usize / 64] |= 1 << (value % 64);
                }
            }
            bits
        };
        // Pseudo-random tables of values below `limit`, and rare positions far
        // below the batch's top.
        for (limit, count, marked_every) in [
            (200u32, 900usize, 3usize),
            (60, 300, 2),
            (250, 400, 40),
            (500, 600, 3),
            (300, 400, 40),
        ] {
            let table: Vec<u16> = (0..20_000u32)
                .map(|i| ((i.wrapping_mul(2654435761) >> 11) % limit) as u16)
                .collect();
            let positions: Vec<u32> = (0..count as u32).map(|i| 100 + 7 * i).collect();
            let values: Vec<u16> = (0..count as u32)
                .map(|i| ((i.wrapping_mul(40503) >> 5) % limit) as u16)
                .collect();
            let fallbacks = if limit <= 256 {
                // One-byte table, and the same values in a two-byte one.
                let bytes: Vec<u8> = table.iter().map(|&value| value as u8).collect();
                let wide = check_settled::<u16, 256, 64>(
                    &table,
                    &common(0xfe),
                    &positions,
                    &values,
                    marked_every,
                );
                let narrow = check_settled::<u8, 256, 64>(
                    &bytes,
                    &common(0xfe),
                    &positions,
                    &values,
                    marked_every,
                );
                assert_eq!(wide, narrow);
                narrow
            } else {
                check_settled::<u16, 512, 32>(
                    &table,
                    &common(0x1fe),
                    &positions,
                    &values,
                    marked_every,
                )
            };
            // The sparsest marking must exercise the fallback.
            if marked_every == 40 && crate::sweep::has_avx2() {
                assert!(fallbacks > 0, "limit {limit}");
            }
        }
    }
}
