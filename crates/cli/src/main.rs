//! The `sprague` command line.
fn main() {}
