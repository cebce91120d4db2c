//! Benchmark (filled in later).
fn main() {}
