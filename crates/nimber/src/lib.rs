//! Nim arithmetic for sprague: the mex rule and (to come) Conway's field of nimbers.
//!
//! This crate has no dependencies; every other sprague crate builds on it.

pub mod mex;

pub use mex::{mex, MexSet};
