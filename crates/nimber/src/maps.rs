//! Tables for the square root, the equation x⊗x ⊕ x = a, the trace, and small inverses.
//!
//! In characteristic 2 the Frobenius map x ↦ x² is additive, so its inverse,
//! the square root (x = a^(2⁶³) in GF(2⁶⁴)), is GF(2)-linear; so is
//! x ↦ x² ⊕ x, whose kernel is {0, 1} and whose image is the hyperplane of
//! trace 0 (Artin–Schreier theory; Lidl & Niederreiter, *Finite Fields*,
//! Thm. 2.25). In the nim basis the absolute trace is simply the top bit:
//! Tr(a₁F ⊕ a₀) = Tr(a₁) over the quadratic step F² = F ⊕ F/2 (the conjugate
//! of F is F ⊕ 1), so by induction Tr(a) = bit 63 of a. A linear right inverse
//! of x² ⊕ x on that hyperplane is fixed by choosing a solution for each basis
//! vector 2^i, i < 63 (and 0 for 2⁶³). Both maps are computed at compile time
//! from the tower formulas of `tower`, then conjugated into the polynomial
//! basis in which [`crate::Nimber`] stores its elements (`basis`), and
//! applied with byte tables.

use crate::basis::{INVERSE_POWERS, POWERS};
use crate::linear::ByteTables;
use crate::tower;

/// The images of the nim basis vectors 2^i under the square root (`solve` false)
/// or under the chosen right inverse of x ↦ x² ⊕ x (`solve` true).
const fn nim_columns(solve: bool) -> [u64; 64] {
    let mut columns = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        columns[i] = if solve {
            if i < 63 {
                tower::artin_schreier_root(1 << i, 64)
            } else {
                0
            }
        } else {
            tower::square_root(1 << i, 64)
        };
        i += 1;
    }
    columns
}

/// The matrix with these columns applied to x.
const fn apply_columns(columns: &[u64; 64], x: u64) -> u64 {
    let mut result = 0;
    let mut i = 0;
    while i < 64 {
        if (x >> i) & 1 == 1 {
            result ^= columns[i];
        }
        i += 1;
    }
    result
}

/// The columns of T ∘ L ∘ T⁻¹, the nim-basis map L in polynomial coordinates.
const fn in_polynomial_basis(nim_columns: &[u64; 64]) -> [u64; 64] {
    let mut columns = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let image = apply_columns(nim_columns, POWERS[i]);
        columns[i] = apply_columns(&INVERSE_POWERS, image);
        i += 1;
    }
    columns
}

/// The square root, in polynomial coordinates.
pub(crate) static SQUARE_ROOT: ByteTables =
    ByteTables::from_columns(&in_polynomial_basis(&nim_columns(false)));

/// A linear map R with R(a)⊗R(a) ⊕ R(a) = a whenever the trace of a is 0, in
/// polynomial coordinates.
pub(crate) static ARTIN_SCHREIER: ByteTables =
    ByteTables::from_columns(&in_polynomial_basis(&nim_columns(true)));

/// The trace as a linear form on polynomial coordinates: Tr(p) = parity(p & mask),
/// bit i of the mask being the trace (bit 63) of α^⊗i.
pub(crate) const TRACE_MASK: u64 = {
    let mut mask = 0;
    let mut i = 0;
    while i < 64 {
        mask |= (POWERS[i] >> 63) << i;
        i += 1;
    }
    mask
};

/// The absolute trace (0 or 1) of the element with polynomial coordinates p.
#[inline(always)]
pub(crate) const fn trace(p: u64) -> u64 {
    ((p & TRACE_MASK).count_ones() & 1) as u64
}

/// Inverses in the field of nimbers below 256 (0 ↦ 0).
pub(crate) static INVERSE_BELOW_256: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut a = 1;
    while a < 256 {
        table[a] = tower::inverse(a as u64, 8) as u8;
        a += 1;
    }
    table
};
