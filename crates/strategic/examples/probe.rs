//! Timing probe used during development.
use sprague_strategic::random::{random_bimatrix, to_rational};
use sprague_strategic::vertex_enumeration::all_equilibria_bimatrix;
use std::time::Instant;
fn main() {
    let size: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    for seed in 0..3 {
        let (a, b) = random_bimatrix(size, size, 1000, 1000 + seed);
        let (ra, rb) = (to_rational(&a), to_rational(&b));
        let t = Instant::now();
        let all = all_equilibria_bimatrix(&ra, &rb, Default::default()).unwrap();
        println!(
            "{size} seed {seed}: {} eq, verts {:?}, {:?}",
            all.equilibria.len(),
            all.vertex_counts,
            t.elapsed()
        );
    }
}
