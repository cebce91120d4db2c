//! Nim arithmetic for sprague: Conway's field of nimbers and the mex rule.
//!
//! * [`Nimber`] (below 2⁶⁴) and [`Nimber128`] (below 2¹²⁸): nim-sum (`+`,
//!   XOR), nim-product (`*`), inverse, division, square, square root, powers,
//!   the trace and the equation x⊗x ⊕ x = a, parsing and printing.
//! * [`expression::evaluate`]: the calculator behind `sprague nimber EXPR`.
//! * [`mex()`] and [`MexSet`]: the minimum excludant used by every solver.
//!
//! The product is fast (a few nanoseconds): the nimber field GF(2⁶⁴) is mapped
//! to GF(2)\[x\]/(x⁶⁴ + x⁴ + x³ + x + 1) by a change of basis computed at compile
//! time ([`basis`]), where multiplication is one carry-less product. See
//! [`nimber64`] for the overview.
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

pub use backend::{backend, Backend};
pub use expression::{evaluate, ExpressionError};
pub use mex::{mex, MexSet};
pub use nimber128::Nimber128;
pub use nimber64::{Multiplier, Nimber};
pub use parse::ParseNimberError;
