//! Benchmark of the exact nucleolus (a plain program, no harness): random
//! TU games with integer coalition values (SplitMix64, fixed seeds; the same
//! generator as `scripts/coopgame-bench`), each solved once per run; the
//! median time over the games is printed, and written as `name<TAB>seconds`
//! lines to the file named by `SPRAGUE_BENCH_TSV` when it is set.
//!
//! Run with `cargo bench -p sprague-cooperative --bench nucleolus`
//! (`SPRAGUE_NUCLEOLUS_SIZES=14,16` for other numbers of players).

use std::hint::black_box;
use std::time::Instant;

use sprague_cooperative::nucleolus::{least_core, nucleolus};
use sprague_cooperative::TuGame;
use sprague_strategic::exact_text::BigRational;

/// SplitMix64 (Steele, Lea and Flood 2014).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The random game of the benchmark: v(S) uniform in 0..=100·|S| for a
/// proper coalition S, v(N) = 100·n, so the imputation set is not empty.
pub fn random_game(n: usize, seed: u64) -> TuGame {
    let mut state = seed;
    let grand = (1u32 << n) - 1;
    TuGame::from_fn(n, |s| {
        let value = if s == 0 {
            0
        } else if s == grand {
            100 * n as u64
        } else {
            splitmix(&mut state) % (100 * u64::from(s.count_ones()) + 1)
        };
        BigRational::from_integer(value.into())
    })
    .expect("a game")
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let mut rows: Vec<(String, f64)> = Vec::new();
    // SPRAGUE_NUCLEOLUS_SIZES=14,16 times other sizes (5 games each).
    let sizes: Vec<(usize, u64)> = match std::env::var("SPRAGUE_NUCLEOLUS_SIZES") {
        Ok(list) => list
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .map(|n| (n, 5))
            .collect(),
        Err(_) => vec![(5, 21), (8, 21), (10, 11), (12, 5)],
    };
    for (n, games) in sizes {
        let instances: Vec<TuGame> = (1..=games).map(|seed| random_game(n, seed)).collect();
        let times = instances
            .iter()
            .map(|g| {
                let start = Instant::now();
                black_box(nucleolus(g).expect("a nucleolus"));
                start.elapsed().as_secs_f64()
            })
            .collect();
        rows.push((format!("nucleolus_random{n}_exact"), median(times)));
        let times = instances
            .iter()
            .map(|g| {
                let start = Instant::now();
                black_box(least_core(g).expect("a least core"));
                start.elapsed().as_secs_f64()
            })
            .collect();
        rows.push((format!("least_core_random{n}_exact"), median(times)));
    }
    println!(
        "{:45} {:>14}",
        "benchmark (median over random games)", "median"
    );
    for (name, seconds) in &rows {
        println!("{name:45} {:>11.3} ms", seconds * 1e3);
    }
    if let Ok(path) = std::env::var("SPRAGUE_BENCH_TSV") {
        let text: String = rows.iter().map(|(n, s)| format!("{n}\t{s}\n")).collect();
        if let Err(error) = std::fs::write(&path, text) {
            eprintln!("could not write {path}: {error}");
        }
    }
}
