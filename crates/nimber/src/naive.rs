//! A slow, straightforward reference nim-product, for tests and benchmarks.
//!
//! a ⊗ b is the nim-sum of 2^i ⊗ 2^j over the set bits i of a and j of b
//! (the product distributes over nim addition). A power of two is a product of
//! distinct Fermat 2-powers, 2^i = ⊗{2^(2^k) : bit k of i is set}, and distinct
//! Fermat 2-powers multiply like integers, so 2^i ⊗ 2^j = 2^(i+j) when i and j
//! share no bit. Otherwise, with F = 2^m for m the highest common bit,
//! 2^i ⊗ 2^j = X ⊗ F ⊗ F = X ⊗ (F ⊕ F/2), X = 2^(i−m) ⊗ 2^(j−m) — Conway's
//! F ⊗ F = 3F/2 (*On Numbers and Games*, ch. 6). The 128 × 128 products of
//! powers of two are memoised in a table built on first use; a product then
//! costs one table lookup per pair of set bits (thousands of operations).
//! Nothing here shares code with the fast path.

use std::sync::OnceLock;

/// `TABLE[i * 128 + j]` = 2^i ⊗ 2^j.
static TABLE: OnceLock<Vec<u128>> = OnceLock::new();

fn table() -> &'static [u128] {
    TABLE.get_or_init(|| {
        let mut memo: Vec<Option<u128>> = vec![None; 128 * 128];
        for i in 0..128 {
            for j in 0..128 {
                power_product(i, j, &mut memo);
            }
        }
        memo.into_iter().map(|v| v.unwrap_or(0)).collect()
    })
}

/// 2^i ⊗ 2^j for i, j < 128, memoised.
fn power_product(i: u32, j: u32, memo: &mut [Option<u128>]) -> u128 {
    let index = (i * 128 + j) as usize;
    if let Some(value) = memo[index] {
        return value;
    }
    let common = i & j;
    let value = if common == 0 {
        1u128 << (i | j)
    } else {
        let m = 1 << (31 - common.leading_zeros());
        let x = power_product(i - m, j - m, memo);
        // X ⊗ (F ⊕ F/2) = ⊕ over bits t of X of 2^t ⊗ 2^m ⊕ 2^t ⊗ 2^(m−1).
        let mut sum = 0;
        for t in 0..128 {
            if (x >> t) & 1 == 1 {
                sum ^= power_product(t, m, memo) ^ power_product(t, m - 1, memo);
            }
        }
        sum
    };
    memo[index] = Some(value);
    value
}

/// a ⊗ b by the bit-by-bit definition (slow: up to 16384 table lookups).
///
/// ```
/// use sprague_nimber::naive::nim_product;
/// assert_eq!(nim_product(2, 2), 3);
/// assert_eq!(nim_product(1 << 64, 1 << 64), 3 << 63);
/// ```
pub fn nim_product(a: u128, b: u128) -> u128 {
    let table = table();
    let mut result = 0;
    let mut rest_a = a;
    while rest_a != 0 {
        let i = rest_a.trailing_zeros() as usize;
        rest_a &= rest_a - 1;
        let row = &table[i * 128..i * 128 + 128];
        let mut rest_b = b;
        while rest_b != 0 {
            let j = rest_b.trailing_zeros() as usize;
            rest_b &= rest_b - 1;
            result ^= row[j];
        }
    }
    result
}

/// a ⊗ b for 64-bit values, by [`nim_product`].
///
/// ```
/// use sprague_nimber::naive::nim_product64;
/// assert_eq!(nim_product64(16, 16), 24);
/// ```
pub fn nim_product64(a: u64, b: u64) -> u64 {
    // The nimbers below 2⁶⁴ are a subfield, so the product fits.
    nim_product(u128::from(a), u128::from(b)) as u64
}
