//! Timing probe used during development: `probe enum|lh|zs SIZE [SEEDS]`.
use sprague_strategic::lemke_howson::lemke_howson_bimatrix;
use sprague_strategic::random::{random_bimatrix, to_rational};
use sprague_strategic::vertex_enumeration::all_equilibria_bimatrix;
use sprague_strategic::zero_sum::solve_zero_sum;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what: String = args.get(1).cloned().unwrap_or_else(|| "enum".into());
    let size: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let seeds: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    for seed in 0..seeds {
        let (a, b) = random_bimatrix(size, size, 1000, 1000 + seed);
        let (ra, rb) = (to_rational(&a), to_rational(&b));
        let t = Instant::now();
        let info = match what.as_str() {
            "lh" => format!(
                "{} pivots",
                lemke_howson_bimatrix(&ra, &rb, 0).unwrap().pivots
            ),
            "zs" => format!("value {}", solve_zero_sum(&ra).unwrap().value),
            _ => {
                let all = all_equilibria_bimatrix(&ra, &rb, Default::default()).unwrap();
                format!("{} eq, verts {:?}", all.equilibria.len(), all.vertex_counts)
            }
        };
        println!("{what} {size} seed {seed}: {info}, {:?}", t.elapsed());
    }
}
