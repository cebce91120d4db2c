//! Tables for the square root, the equation x⊗x ⊕ x = a, and small inverses.
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
//! from the tower formulas of `tower` and applied with byte tables.

use crate::linear::ByteTables;
use crate::tower;

const fn columns(solve: bool) -> [u64; 64] {
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

/// The square root map of the 64-bit nimber field.
pub(crate) static SQUARE_ROOT: ByteTables = ByteTables::from_columns(&columns(false));

/// A linear map R with R(a)⊗R(a) ⊕ R(a) = a whenever bit 63 of a is 0.
pub(crate) static ARTIN_SCHREIER: ByteTables = ByteTables::from_columns(&columns(true));

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
