//! Arithmetic in GF(2)\[x\] / P(x) with P(x) = x⁶⁴ + x⁴ + x³ + x + 1.
//!
//! P is irreducible over GF(2) (a low-weight pentanomial; by Swan's theorem
//! no irreducible trinomial of degree 64 exists, and the tests check
//! irreducibility with Rabin's test), so GF(2)\[x\]/P is the field with 2⁶⁴
//! elements, stored as the 64 coefficients of a polynomial of degree < 64.
//! A product is a carry-less multiplication (64 × 64 → 127 bits) followed by
//! reduction, which for this sparse P costs a handful of shifts and XORs:
//! x⁶⁴ ≡ x⁴ + x³ + x + 1. This file holds the portable (software) carry-less
//! product; `clmul` has the hardware one.

/// The low terms of the modulus: P(x) = x⁶⁴ + `MODULUS_TAIL`(x).
pub(crate) const MODULUS_TAIL: u64 = 0b1_1011;

/// (hi·x⁶⁴ + lo) mod P.
#[inline(always)]
pub(crate) const fn reduce(lo: u64, hi: u64) -> u64 {
    // hi·x⁶⁴ ≡ hi·(x⁴+x³+x+1); the part of that above degree 63 has degree ≤ 3,
    // and folding it once more cannot overflow again.
    let overflow = (hi >> 63) ^ (hi >> 61) ^ (hi >> 60);
    let t = hi ^ overflow;
    lo ^ t ^ (t << 1) ^ (t << 3) ^ (t << 4)
}

/// The carry-less product of a and b as (low 64 bits, high 64 bits), in software
/// (4-bit windows: 16 table lookups and shifts).
#[inline]
pub(crate) const fn carryless_product(a: u64, b: u64) -> (u64, u64) {
    let b = b as u128;
    let mut multiples = [0u128; 16];
    let mut v = 1usize;
    while v < 16 {
        let low = v.trailing_zeros();
        multiples[v] = multiples[v & (v - 1)] ^ (b << low);
        v += 1;
    }
    let mut result = 0u128;
    let mut shift = 64;
    while shift > 0 {
        shift -= 4;
        result = (result << 4) ^ multiples[((a >> shift) & 15) as usize];
    }
    (result as u64, (result >> 64) as u64)
}

/// a·b mod P in software.
#[inline]
pub(crate) const fn product(a: u64, b: u64) -> u64 {
    let (lo, hi) = carryless_product(a, b);
    reduce(lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Remainder of a polynomial over GF(2) (bit i = coefficient of xⁱ) by another.
    fn remainder(mut a: u128, m: u128) -> u128 {
        let degree = 127 - m.leading_zeros();
        while a != 0 && 127 - a.leading_zeros() >= degree {
            a ^= m << (127 - a.leading_zeros() - degree);
        }
        a
    }

    fn gcd(mut a: u128, mut b: u128) -> u128 {
        while b != 0 {
            let r = remainder(a, b);
            a = b;
            b = r;
        }
        a
    }

    /// x^(2^k) mod P by k squarings.
    fn x_to_two_to_the(k: u32) -> u64 {
        (0..k).fold(2u64, |acc, _| product(acc, acc))
    }

    #[test]
    fn modulus_is_irreducible_by_rabins_test() {
        // Rabin: P of degree 64 is irreducible iff x^(2^64) ≡ x (mod P) and
        // gcd(x^(2^32) − x, P) = 1 (32 = 64 / 2 is the only maximal divisor).
        let modulus = (1u128 << 64) | u128::from(MODULUS_TAIL);
        assert_eq!(x_to_two_to_the(64), 2);
        assert_eq!(gcd(modulus, u128::from(x_to_two_to_the(32) ^ 2)), 1);
    }

    #[test]
    fn reduction_matches_long_division() {
        let modulus = (1u128 << 64) | u128::from(MODULUS_TAIL);
        for (a, b) in [
            (u64::MAX, u64::MAX),
            (1 << 63, 1 << 63),
            (0xdead_beef_1234, 0x9876_5432_1fed_cba9),
        ] {
            let (lo, hi) = carryless_product(a, b);
            let full = (u128::from(hi) << 64) | u128::from(lo);
            assert_eq!(u128::from(reduce(lo, hi)), remainder(full, modulus));
            let bitwise = (0..64)
                .filter(|i| (b >> i) & 1 == 1)
                .fold(0u128, |acc, i| acc ^ (u128::from(a) << i));
            assert_eq!(full, bitwise);
        }
    }
}
