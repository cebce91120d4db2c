//! The general rare/common pass: any [`RareClass`] (with or without the parity
//! of the position) and moves that leave three heaps, for rules the narrow
//! kernels do not serve.
//!
//! **Three heaps from pair sets.** Let P(s) = {g(b) ⊕ g(s − b) : 1 ≤ b ≤ s/2}
//! be the set of values of the two-heap splits of s (the plain sweep's pair
//! loop, kept as one bit set of W bits per s, W a power of two above every
//! value). The values of the splits of m tokens into three non-empty heaps are
//!
//! ⋃ₓ g(x) ⊕ P(m − x),  x over 1 ≤ x ≤ m/3 (the smallest part),
//!
//! and also over any set of x that meets every triple. Translating a bit set
//! by ⊕ g(x) permutes it: whole words by the high bits of g(x), the bits of a
//! word by the low six (one delta swap per bit). A heap costs O(m · W/64)
//! word operations instead of the O(m²/12) triples of the plain sweep, and
//! P(n − 1) one pass of pairs, the cost of a two-heap sweep: the three-heap
//! sweep becomes quadratic instead of cubic.
//!
//! **Rare/common.** Per [`crate::classes`]: the rare pass marks every pair
//! (r, m − r) and every triple g(r) ⊕ P(m − r) with a rare position r (r
//! anywhere among the parts), which gives every option value whose parity is
//! not the abundant parity of its move; the remaining tuples of a move are
//! scanned (blocks in a scattered order) only while the candidate mex has that
//! move's abundant parity. With a compatible class a common heap needs no scan.

use sprague_engine::check_allocation;

use super::{simd, Engine};
use crate::classes::RareClass;
use crate::table::Value;

/// Pairs per block of the scan of a two-heap move.
const PAIR_BLOCK: usize = 64;
/// Smallest parts x per block of the scan of a three-heap move.
const TRIPLE_BLOCK: usize = 16;

/// Bits of each word kept by a delta swap of distance 1, 2, 4, 8, 16, 32.
const SWAP_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// The state of the general pass, kept between heaps.
#[derive(Debug, Default)]
pub(super) struct General {
    /// P(s) for s < `len`, `words` words each.
    pairs: Vec<u64>,
    words: usize,
    len: usize,
    /// The pair sets would not fit in memory at this width.
    refused: bool,
    /// Option values of the current heap, `words` words.
    seen: Vec<u64>,
    moves: Vec<MoveScan>,
}

/// A splitting move of the current heap and how far its scan has gone.
#[derive(Debug, Clone, Copy)]
struct MoveScan {
    /// m: tokens left in the parts.
    total: usize,
    /// j: 2 or 3 parts.
    parts: usize,
    /// Whether the two parts must differ (the pair m/2 + m/2 is no move).
    unequal: bool,
    /// The parity of the values of all-common tuples.
    abundant: u32,
    /// Items of the scan (pairs a or smallest parts x, from 1), per block.
    items: usize,
    block: usize,
    blocks: usize,
    stride: usize,
    /// Blocks scanned so far.
    step: usize,
}

/// 64-bit words of a bit set above every value up to `max_value`.
fn words_for(max_value: u32) -> usize {
    ((max_value as usize + 1).next_power_of_two() / 64).max(1)
}

#[inline]
fn set(seen: &mut [u64], value: u32) {
    seen[value as usize >> 6] |= 1 << (value & 63);
}

/// `word` with bit i moved to bit i ⊕ `by` (`by` < 64): one delta swap per bit of `by`.
#[inline]
fn xor_bits(mut word: u64, by: u32) -> u64 {
    for (bit, keep) in SWAP_MASKS.iter().enumerate() {
        if by >> bit & 1 != 0 {
            let shift = 1 << bit;
            word = ((word & keep) << shift) | ((word >> shift) & keep);
        }
    }
    word
}

/// Marks v ⊕ `by` for every v of the bit set `set` (both `seen.len()` words).
#[inline]
fn or_translated(seen: &mut [u64], set: &[u64], by: u32) {
    let high = (by >> 6) as usize;
    let low = by & 63;
    for (index, &word) in set.iter().enumerate() {
        if word != 0 {
            seen[index ^ high] |= xor_bits(word, low);
        }
    }
}

impl General {
    /// Computes P(s) for every s < `n` at the width for `max_value`; false
    /// when the sets would not fit in memory (`length` heaps in all).
    fn extend_pairs<T: Value>(
        &mut self,
        g: &[T],
        n: usize,
        max_value: u32,
        length: usize,
        avx2: bool,
    ) -> bool {
        let words = words_for(max_value);
        if words != self.words {
            // Wider values: every set again at the new width.
            self.words = words;
            self.len = 0;
            self.pairs = Vec::new();
            self.refused = false;
        }
        if self.refused {
            return false;
        }
        let needed = length.saturating_mul(words);
        if self.pairs.capacity() < needed {
            let what = format!("pair sets of g(0..{length}) ({} bytes each)", 8 * words);
            if check_allocation(needed as u128 * 8, &what).is_err() {
                self.refused = true;
                self.pairs = Vec::new();
                return false;
            }
            self.pairs.reserve_exact(needed - self.pairs.len());
        }
        while self.len < n {
            let total = self.len;
            let half = total / 2;
            let start = self.pairs.len();
            self.pairs.resize(start + words, 0);
            if half >= 1 {
                let (lo, hi) = (&g[1..=half], &g[total - half..total]);
                if words == 1 {
                    self.pairs[start] = simd::pair_bits(avx2, lo, hi);
                } else {
                    let set_bits = &mut self.pairs[start..];
                    for (low, high) in lo.iter().zip(hi.iter().rev()) {
                        set(set_bits, low.get() ^ high.get());
                    }
                }
            }
            self.len += 1;
        }
        true
    }
}

/// The first value ≥ `from` (below 64 × `seen.len()`) not in the bit set, or
/// 64 × `seen.len()` when every one from there on is.
fn first_unseen_bits(seen: &[u64], from: u32) -> u32 {
    let mut index = from as usize >> 6;
    let mut unseen = !seen[index] & (u64::MAX << (from & 63));
    loop {
        if unseen != 0 {
            return (index * 64) as u32 + unseen.trailing_zeros();
        }
        index += 1;
        if index == seen.len() {
            return (seen.len() * 64) as u32;
        }
        unseen = !seen[index];
    }
}

impl Engine<'_, '_> {
    /// g(n) by the general pass; `None` when the pair sets of a three-heap
    /// rule would not fit in memory (the caller then sweeps plainly). With
    /// `use_classes` false every tuple is scanned (no rare pass).
    pub(super) fn general_value<T: Value>(
        &mut self,
        g: &[T],
        n: usize,
        use_classes: bool,
    ) -> Option<u32> {
        let rule = self.rule;
        let class: RareClass = self.class;
        if rule.has_unequal_three() {
            // The pair sets do not tell equal heaps apart.
            return None;
        }
        let state = &mut self.general;
        if !rule.split_three().is_empty()
            && !state.extend_pairs(g, n, self.max_value, self.length, self.avx2)
        {
            return None;
        }
        let words = words_for(self.max_value);
        let seen = &mut state.seen;
        seen.clear();
        seen.resize(words, 0);
        for &removed in rule.take_all() {
            if removed == n {
                set(seen, 0);
            }
        }
        for &removed in rule.take_one() {
            if removed < n {
                set(seen, g[n - removed].get());
            }
        }
        state.moves.clear();
        let splits = rule.split_two().iter().map(|&removed| (removed, 2));
        let splits = splits.chain(rule.split_three().iter().map(|&removed| (removed, 3)));
        for (removed, parts) in splits {
            if n < removed + parts {
                continue;
            }
            let total = n - removed;
            let unequal = parts == 2 && rule.unequal_two(removed);
            let (items, block) = match parts {
                2 if unequal => ((total - 1) / 2, PAIR_BLOCK),
                2 => (total / 2, PAIR_BLOCK),
                _ => (total / 3, TRIPLE_BLOCK),
            };
            let blocks = items.div_ceil(block);
            state.moves.push(MoveScan {
                total,
                parts,
                unequal,
                abundant: class.abundant_parity(parts, total),
                items,
                block,
                blocks,
                stride: scatter_stride(blocks),
                step: 0,
            });
        }
        if use_classes {
            self.sparse_heaps += 1;
            for scan in &state.moves {
                let total = scan.total;
                let below = self
                    .rare
                    .partition_point(|&rare| rare as usize + scan.parts <= total + 1);
                let rare = self.rare[..below].iter().zip(&self.rare_values[..below]);
                if scan.parts == 2 {
                    for (&position, &value) in rare {
                        if !(scan.unequal && 2 * position as usize == total) {
                            set(&mut state.seen, value ^ g[total - position as usize].get());
                        }
                    }
                } else {
                    for (&position, &value) in rare {
                        let pairs = &state.pairs[(total - position as usize) * words..][..words];
                        or_translated(&mut state.seen, pairs, value);
                    }
                }
            }
        }
        let mut candidate = first_unseen_bits(&state.seen, 0);
        loop {
            if candidate as usize >= 64 * words {
                // Above every option value.
                return Some(candidate);
            }
            let parity = class.value_parity(candidate);
            let relevant = |scan: &MoveScan| !use_classes || scan.abundant == parity;
            let pending = state
                .moves
                .iter()
                .position(|scan| scan.step < scan.blocks && relevant(scan));
            let Some(index) = pending else {
                if state
                    .moves
                    .iter()
                    .any(|scan| scan.blocks > 0 && relevant(scan))
                {
                    // The candidate stood a whole scan of some move.
                    self.full_scans += 1;
                }
                return Some(candidate);
            };
            let scan = &mut state.moves[index];
            let block = scan.step * scan.stride % scan.blocks;
            scan.step += 1;
            let from = 1 + block * scan.block;
            let to = (from + scan.block - 1).min(scan.items);
            let total = scan.total;
            if scan.parts == 2 {
                self.scanned_pairs += (to + 1 - from) as u64;
                for low in from..=to {
                    set(&mut state.seen, g[low].get() ^ g[total - low].get());
                }
            } else {
                for (smallest, part) in (from..=to).zip(&g[from..=to]) {
                    let pairs = &state.pairs[(total - smallest) * words..][..words];
                    self.scanned_pairs += ((total - smallest) / 2) as u64;
                    or_translated(&mut state.seen, pairs, part.get());
                }
            }
            let (word, bit) = (candidate as usize >> 6, candidate & 63);
            if state.seen[word] >> bit & 1 != 0 {
                candidate = first_unseen_bits(&state.seen, candidate);
            }
        }
    }
}

/// A step through `blocks` blocks that visits each once and jumps far: the odd
/// number nearest `blocks` × 0.618 that is coprime to `blocks`.
fn scatter_stride(blocks: usize) -> usize {
    if blocks <= 2 {
        return 1;
    }
    let mut stride = (blocks as f64 * 0.618) as usize | 1;
    while gcd(stride, blocks) != 1 {
        stride += 2;
    }
    stride % blocks
}

fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::{run, Config, Control, Method};
    use crate::table::ValueTable;
    use crate::TakeBreak;

    /// g(0..=to) by the general pass with `class` fixed (never re-chosen).
    fn with_class(rule: &TakeBreak, to: usize, class: RareClass) -> Vec<u32> {
        let config = Config {
            method: Method::RareCommon,
            stop_when_proven: false,
            ..Config::up_to(to as u64)
        };
        let table = ValueTable::default();
        let mut engine = Engine::new(rule, config, None, to + 1, Control::default(), &table);
        engine.set_class(class, std::iter::empty());
        let mut values: Vec<u32> = Vec::new();
        for n in 0..=to {
            let value = engine.general_value(&values, n, class.is_some()).unwrap();
            values.push(value);
            engine.pushed(n, value);
        }
        values
    }

    fn plain(rule: &TakeBreak, to: usize) -> Vec<u32> {
        let config = Config {
            method: Method::Plain,
            stop_when_proven: false,
            ..Config::up_to(to as u64)
        };
        run(rule, config, None, Control::default())
            .unwrap()
            .table
            .to_vec()
    }

    /// Every class, compatible with the rule or not, gives the plain values:
    /// the rule "values off the abundant parity are known after the rare
    /// pass" holds for any class.
    #[test]
    fn every_class_gives_the_plain_values() {
        let codes = [
            TakeBreak::octal("0.051").unwrap(),
            TakeBreak::octal("0.77").unwrap(),
            TakeBreak::octal("0.07").unwrap(),
            TakeBreak::octal("4.7").unwrap(),
            TakeBreak::octal("0.137").unwrap(),
            TakeBreak::grundy(),
            TakeBreak::hexadecimal("0.8").unwrap(),
            TakeBreak::hexadecimal("8.0").unwrap(),
            TakeBreak::hexadecimal("0.F").unwrap(),
            TakeBreak::hexadecimal("0.48").unwrap(),
            TakeBreak::hexadecimal("C.1").unwrap(),
            TakeBreak::hexadecimal("0.18").unwrap(),
            TakeBreak::hexadecimal("0.0C").unwrap(),
        ];
        let to = if cfg!(debug_assertions) { 160 } else { 500 };
        for rule in &codes {
            let expected = plain(rule, to);
            for mask in [0, 1, 3, 6, 7, 0x1e, u32::MAX] {
                for position in [None, Some(0), Some(1)] {
                    let class = RareClass { mask, position };
                    assert_eq!(with_class(rule, to, class), expected, "{rule} {class}");
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Random hexadecimal codes (octal ones among them) and random classes.
        #[test]
        fn any_class_gives_the_plain_values_on_random_codes(
            first in 0usize..4,
            digits in proptest::collection::vec(0u8..16, 1..4),
            mask in 0u32..64,
            position in proptest::option::of(0u32..2),
        ) {
            let text: String = digits.iter().map(|digit| format!("{digit:X}")).collect();
            let code = format!("{}.{text}", ["0", "4", "8", "C"][first]);
            let rule = TakeBreak::hexadecimal(&code).unwrap();
            let class = RareClass { mask, position };
            let to = 150;
            proptest::prop_assert_eq!(with_class(&rule, to, class), plain(&rule, to), "{} {}", code, class);
        }
    }

    #[test]
    fn translation_by_xor_moves_every_bit() {
        for by in 0..256u32 {
            let set: Vec<u64> = vec![0x8000_0000_0000_0421, 0, 0x10, 1 << 63];
            let mut seen = vec![0u64; 4];
            or_translated(&mut seen, &set, by);
            for value in 0..256u32 {
                let before = set[value as usize >> 6] >> (value & 63) & 1;
                let moved = value ^ by;
                let after = seen[moved as usize >> 6] >> (moved & 63) & 1;
                assert_eq!(before, after, "value {value} by {by}");
            }
        }
    }
}
