//! Helpers shared by the games crate's integration tests.

#![allow(dead_code)] // each test file uses its own subset

/// A tiny seeded generator (Knuth's MMIX linear congruential generator), so
/// random positions and playouts are the same on every run and machine.
pub struct Lcg(pub u64);

impl Lcg {
    /// A number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % bound
    }
}

/// The words of a position typed on one line.
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}
