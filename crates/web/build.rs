//! Rebuilds the crate when a file under `assets/` changes, so the embedded pages follow them.
fn main() {
    println!("cargo:rerun-if-changed=assets");
}
