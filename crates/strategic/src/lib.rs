//! Strategic games for sprague: normal-form games, equilibria, zero-sum games
//! and game trees, with the exact arithmetic and linear programming they
//! rest on. Independent of the impartial-game crates. Two crates are built
//! on this one: `sprague-repeated` (repeated games, tournaments, the Moran
//! process) and `sprague-cooperative` (TU games, whose core and nucleolus use
//! [`linear_program`]).
//!
//! Everything is exact: payoffs and probabilities are
//! [`num_rational::BigRational`]; the pivoting algorithms work on integer
//! tableaux (fraction-free, with a fast machine-integer path and a big-integer
//! fallback), so no floating point is ever used to decide an answer.
//! Where a floating-point computation guides a method for speed (the
//! simplex method of [`zero_sum`], the path of [`lemke_howson`]), its
//! proposal is solved and checked in exact arithmetic and rejected, in favour
//! of exact pivoting, if the check fails.
//!
//! The strategic-form part:
//! [`game`] (the model), [`nfg`], [`matrix_io`] and [`input`] (reading and
//! writing), [`examples`] (built-in games), [`pure`] (pure equilibria of
//! n-player games), [`dominance`] (iterated elimination, pure and mixed
//! dominators), [`vertex_enumeration`] (all equilibria of bimatrix games
//! with cliques and components), [`support_enumeration`] (all extreme
//! equilibria of bimatrix games, supports of any sizes), [`nplayer`] (mixed
//! equilibria of n-player games in which at most two players mix, or three
//! with two strategies each; [`quadratic`] numbers for irrational ones),
//! [`lemke_howson`], [`zero_sum`], [`linear_program`] (a general exact LP
//! solver), [`exact_solve`] (exact square systems), [`integer`] (the
//! integer kernels of fraction-free pivoting), [`equilibrium`] and
//! [`random`] (fixed-seed games); [`report`] (the records of the `nash`,
//! `zerosum` and `dominance` questions, shared by the command line and the
//! Python module).
//!
//! The extensive form: [`game_tree`] (perfect-information trees and backward
//! induction).
//!
//! Shared with the crates built on this one: [`exact_text`] (exact
//! rationals as text and JSON) and [`seeded`] (portable seeded random
//! numbers).

// Index loops read best in the linear-algebra code of this crate.
#![allow(clippy::needless_range_loop)]

pub mod dominance;
pub(crate) mod efg_tokens;
pub mod equilibrium;
pub mod error;
pub mod exact_solve;
pub mod exact_text;
pub mod examples;
pub mod extensive;
pub(crate) mod float_guide;
pub mod game;
pub mod game_tree;
pub mod input;
pub mod integer;
pub mod lemke_howson;
pub mod linear_program;
pub mod matrix_io;
pub mod nfg;
pub mod nplayer;
pub mod pure;
pub mod quadratic;
pub mod random;
pub mod rational;
pub mod report;
pub mod seeded;
pub mod small_rational;
pub mod stop;
pub mod support_enumeration;
pub(crate) mod tableau;
pub mod tree_report;
pub mod vertex_enumeration;
pub mod zero_sum;
pub use error::StrategicError;
pub use game::{Matrix, MixedProfile, NormalFormGame};
