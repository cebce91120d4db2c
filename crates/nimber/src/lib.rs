//! Nim arithmetic for sprague: Conway's field of nimbers and the mex rule.
//!
//! * [`Nimber`] (below 2⁶⁴) and [`Nimber128`] (below 2¹²⁸): nim-sum (`+`,
//!   XOR), nim-product (`*`), inverse, division, square, square root, powers,
//!   the trace and the equation x⊗x ⊕ x = a, parsing and printing.
//! * [`expression::evaluate`]: the calculator behind `sprague nimber EXPR`.
//! * [`mex()`] and [`MexSet`]: the minimum excludant used by every solver.
//!
//! How the product is computed: the nimber field GF(2⁶⁴) is mapped to
//! GF(2)\[x\]/(x⁶⁴ + x⁴ + x³ + x + 1) by a change of basis derived at compile
//! time ([`basis`]), where multiplication is one carry-less product
//! (`PCLMULQDQ`, detected at run time; a software one elsewhere). The basis
//! changes are GF(2)-linear maps applied with byte-indexed tables (scalar) or,
//! for batches, with `VPSHUFB` nibble tables on byte-sliced blocks of 32 words
//! (AVX2). Multiplying many nimbers by one uses the linear map x ↦ c ⊗ x
//! directly ([`Multiplier`]). 128-bit nimbers are the quadratic extension by
//! F = 2⁶⁴ (Karatsuba over the 64-bit kernels). Everything derived (the
//! generator α, both basis matrices, the square-root and x² ⊕ x solver
//! matrices) is computed by `const fn`s from Conway's tower formulas and
//! checked by tests.
//!
//! Measured with `cargo bench -p sprague-nimber` on a 2-core AMD EPYC (Zen 3,
//! ≈2.2 GHz; AVX2, PCLMULQDQ, VPCLMULQDQ, no GFNI/AVX-512), random 64-bit
//! inputs: about 10 ns per scalar product, 4 ns per product in
//! [`Nimber::mul_batch`], 1.2 ns per product by a [`Multiplier`], against
//! 1.5 µs for the naive bit-by-bit product.
//!
//! This crate has no dependencies; every other sprague crate builds on it.
//!
//! ```
//! use sprague_nimber::{Nimber, Nimber128};
//! let a = Nimber::new(8);
//! assert_eq!(a * a, Nimber::new(13));
//! assert_eq!(Nimber128::from(a) * Nimber128::from(a), Nimber128::new(13));
//! ```

pub mod backend;
pub mod basis;
mod clmul;
pub mod expression;
mod kernels;
mod linear;
mod maps;
pub mod mex;
pub mod naive;
pub mod nimber128;
pub mod nimber64;
mod ops;
pub mod parse;
mod polynomial;
mod sliced;
mod tower;

pub use backend::{Backend, backend};
pub use expression::{ExpressionError, evaluate};
pub use mex::{MexSet, mex};
pub use nimber64::{Multiplier, Nimber};
pub use nimber128::Nimber128;
pub use parse::ParseNimberError;
