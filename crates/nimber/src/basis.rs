//! The isomorphism between the nimbers below 2⁶⁴ and GF(2)\[x\]/P(x).
//!
//! Both are fields with 2⁶⁴ elements, hence isomorphic. P(x) =
//! x⁶⁴ + x⁴ + x³ + x + 1 (see `polynomial`) is irreducible over GF(2),
//! so it has 64 distinct roots in the nimber field, the conjugates α, α², α⁴, …
//! of any one of them. Fixing the root α = [`GENERATOR`] (the least root as an
//! integer), x ↦ α is a field isomorphism GF(2)\[x\]/P → nimbers, and as a map on
//! coordinates it is the GF(2)-linear map sending the polynomial basis vector xⁱ
//! to the nim power α^⊗i. Its matrix and inverse are computed here at compile
//! time (the inverse by Gauss–Jordan elimination) and turned into byte tables
//! (`linear`); then
//!
//! a ⊗ b = to_nim( to_poly(a) · to_poly(b) mod P ),
//!
//! which costs three table-driven basis changes and one carry-less product.
//! The idea of computing in a finite field through an isomorphic polynomial
//! basis is standard (e.g. Paar, "Efficient VLSI architectures for bit-parallel
//! computation in Galois fields", 1994, for composite-field conversions).
//!
//! The root α is found by [`derive_generator`]: equal-degree splitting of P over
//! the nimber field with random traces (Berlekamp, "Factoring polynomials over
//! large finite fields", 1970; Cantor & Zassenhaus 1981): for random β the
//! polynomial Tr(βX) mod f (Tr(y) = y ⊕ y² ⊕ y⁴ ⊕ … ⊕ y^(2⁶³)) vanishes on
//! the roots r of f with Tr(βr) = 0, so gcd(f, Tr(βX)) is a proper factor
//! about half the time. The constant is written here and re-derived by a test;
//! compile-time assertions check that it is a root of P.

use crate::linear::{ByteTables, invert_columns};
use crate::polynomial::MODULUS_TAIL;
#[cfg(target_arch = "x86_64")]
use crate::sliced::NibbleTables;
use crate::tower;

/// The root α of P(x) = x⁶⁴ + x⁴ + x³ + x + 1 in the nimber field used by the
/// fast multiplication: the least of the 64 roots (re-derived by
/// [`derive_generator`] in the tests).
///
/// ```
/// use sprague_nimber::{basis::GENERATOR, Nimber};
/// let alpha = Nimber::new(GENERATOR);
/// // α⁶⁴ = α⁴ ⊕ α³ ⊕ α ⊕ 1.
/// assert_eq!(alpha.pow(64), alpha.pow(4) + alpha.pow(3) + alpha + Nimber::ONE);
/// ```
pub const GENERATOR: u64 = 0x4028_84ca_01f7_c6b2;

/// The nim powers α^⊗i for i < 64: the images of the polynomial basis.
const POWERS: [u64; 64] = {
    let mut powers = [0u64; 64];
    powers[0] = 1;
    let mut i = 1;
    while i < 64 {
        powers[i] = tower::product(powers[i - 1], GENERATOR, 64);
        i += 1;
    }
    powers
};

// Compile-time check that GENERATOR is a root of P: α⁶⁴ = tail(α).
const _: () = {
    let alpha_64 = tower::product(POWERS[63], GENERATOR, 64);
    let mut tail = 0;
    let mut i = 0;
    while i < 64 {
        if (MODULUS_TAIL >> i) & 1 == 1 {
            tail ^= POWERS[i];
        }
        i += 1;
    }
    assert!(alpha_64 == tail, "GENERATOR is not a root of P");
};

/// The columns of the inverse matrix: nim 2^j ↦ its polynomial coordinates.
const INVERSE_POWERS: [u64; 64] = invert_columns(&POWERS);

/// The polynomial coordinates of the nimber 2⁶³ (= F/2 for F = 2⁶⁴, the
/// constant of the quadratic step from 64 to 128 bits).
pub(crate) const TOP_BIT_POLY: u64 = INVERSE_POWERS[63];

/// Polynomial coordinates → nim value: bit i ↦ α^⊗i.
pub(crate) static TO_NIM: ByteTables = ByteTables::from_columns(&POWERS);

/// Nim value → polynomial coordinates (the inverse matrix).
pub(crate) static TO_POLY: ByteTables = ByteTables::from_columns(&INVERSE_POWERS);

/// [`TO_NIM`] as nibble tables for the byte-sliced batch kernels.
#[cfg(target_arch = "x86_64")]
pub(crate) static TO_NIM_SLICED: NibbleTables = NibbleTables::from_columns(&POWERS);

/// [`TO_POLY`] as nibble tables for the byte-sliced batch kernels.
#[cfg(target_arch = "x86_64")]
pub(crate) static TO_POLY_SLICED: NibbleTables = NibbleTables::from_columns(&INVERSE_POWERS);

/// Nim value → coordinates in the polynomial basis {1, α, α², …, α⁶³}.
#[inline(always)]
pub(crate) fn to_poly(a: u64) -> u64 {
    TO_POLY.apply(a)
}

/// Coordinates in the polynomial basis → nim value.
#[inline(always)]
pub(crate) fn to_nim(p: u64) -> u64 {
    TO_NIM.apply(p)
}

/// Derives [`GENERATOR`] from scratch: finds a root of P in the nimber field by
/// random-trace splitting (see the module documentation) and returns the least
/// of its 64 conjugates. Uses only the slow tower arithmetic, not the tables.
/// Takes a fraction of a second.
///
/// ```
/// use sprague_nimber::basis::{derive_generator, GENERATOR};
/// assert_eq!(derive_generator(), GENERATOR);
/// ```
pub fn derive_generator() -> u64 {
    let mut f = vec![0u64; 65];
    f[64] = 1;
    for (i, coefficient) in f.iter_mut().enumerate().take(64) {
        *coefficient = (MODULUS_TAIL >> i) & 1;
    }
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    while degree(&f) > 1 {
        state = splitmix(state);
        let beta = state;
        let mut y = remainder(&[0, beta], &f);
        let mut trace = y.clone();
        for _ in 1..64 {
            let mut squared = vec![0u64; 2 * y.len()];
            for (i, &c) in y.iter().enumerate() {
                squared[2 * i] = tower::square(c, 64);
            }
            y = remainder(&squared, &f);
            add_assign(&mut trace, &y);
        }
        let g = gcd(&f, &trace);
        let (dg, df) = (degree(&g), degree(&f));
        if dg > 0 && dg < df {
            f = if 2 * dg <= df { g } else { quotient(&f, &g) };
            f = monic(&f);
        }
    }
    let root = f[0]; // f = X + f₀ (monic), so the root is f₀ (characteristic 2).
    let mut least = root;
    let mut conjugate = root;
    for _ in 0..64 {
        conjugate = tower::square(conjugate, 64);
        least = least.min(conjugate);
    }
    least
}

/// SplitMix64 step (Steele, Lea & Flood 2014), a deterministic source of β.
fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

// Polynomials over the nimbers: coefficient vectors, lowest degree first.

fn trim(mut p: Vec<u64>) -> Vec<u64> {
    while p.last() == Some(&0) {
        p.pop();
    }
    p
}

/// Degree (−1 as usize::MAX never occurs for the nonzero polynomials used here; 0 for constants and 0).
fn degree(p: &[u64]) -> usize {
    p.iter().rposition(|&c| c != 0).unwrap_or(0)
}

fn add_assign(a: &mut Vec<u64>, b: &[u64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, &y) in a.iter_mut().zip(b) {
        *x ^= y;
    }
}

fn monic(p: &[u64]) -> Vec<u64> {
    let p = trim(p.to_vec());
    let lead_inverse = tower::inverse(p[p.len() - 1], 64);
    p.iter()
        .map(|&c| tower::product(c, lead_inverse, 64))
        .collect()
}

/// (quotient, remainder) of a by m ≠ 0.
fn divide(a: &[u64], m: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let m = trim(m.to_vec());
    let dm = m.len() - 1;
    let lead_inverse = tower::inverse(m[dm], 64);
    let mut r = trim(a.to_vec());
    let mut q = vec![0u64; r.len().saturating_sub(dm).max(1)];
    while r.len() > dm {
        let shift = r.len() - 1 - dm;
        let factor = tower::product(r[r.len() - 1], lead_inverse, 64);
        q[shift] = factor;
        for (i, &c) in m.iter().enumerate() {
            if c != 0 {
                r[shift + i] ^= if c == 1 {
                    factor
                } else {
                    tower::product(factor, c, 64)
                };
            }
        }
        r = trim(r);
    }
    (q, r)
}

fn remainder(a: &[u64], m: &[u64]) -> Vec<u64> {
    divide(a, m).1
}

fn quotient(a: &[u64], m: &[u64]) -> Vec<u64> {
    divide(a, m).0
}

fn gcd(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (mut a, mut b) = (trim(a.to_vec()), trim(b.to_vec()));
    while !b.is_empty() {
        let r = remainder(&a, &b);
        a = b;
        b = r;
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_basis_tables_are_inverse_to_each_other() {
        for (i, &power) in POWERS.iter().enumerate() {
            assert_eq!(TO_NIM.column(i), power);
            assert_eq!(to_poly(to_nim(1 << i)), 1 << i);
            assert_eq!(to_nim(to_poly(1 << i)), 1 << i);
        }
        assert_eq!(to_poly(1), 1);
        assert_eq!(to_poly(GENERATOR), 2);
    }
}
