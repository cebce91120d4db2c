//! Benchmarks of the power indices and the Shapley value (a plain program, no
//! harness): each case is timed several times and the median is printed, as
//! a table, and as `name<TAB>seconds` lines to the file named by the
//! environment variable `SPRAGUE_BENCH_TSV` (used by
//! `scripts/bench-repeated.sh` to compare with the Python peers; the
//! tournaments are timed by the `repeated` bench of `sprague-repeated`).
//!
//! Run with `cargo bench -p sprague-cooperative --bench power_indices`.

use std::hint::black_box;
use std::time::Instant;

use sprague_cooperative::{shapley, TuGame, WeightedVotingGame};
use sprague_strategic::exact_text::BigRational;

/// The 20-player weighted voting game of the benchmark.
pub fn voting_20() -> WeightedVotingGame {
    let weights: Vec<u64> = (1..=20u64).map(|i| 1 + (i * 37) % 50).collect();
    let quota = weights.iter().sum::<u64>() / 2 + 1;
    WeightedVotingGame::new(quota, weights).expect("a valid game")
}

/// 100 players with weights up to 1000.
pub fn voting_100() -> WeightedVotingGame {
    let weights: Vec<u64> = (1..=100u64).map(|i| 1 + (i * 7919) % 1000).collect();
    let quota = weights.iter().sum::<u64>() / 2 + 1;
    WeightedVotingGame::new(quota, weights).expect("a valid game")
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> f64 {
    let mut samples: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed().as_secs_f64()
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let mut rows: Vec<(String, f64)> = Vec::new();
    let g20 = voting_20();
    rows.push((
        "shapley_shubik_wvg20_exact".into(),
        time(51, || g20.shapley_shubik().expect("exact")),
    ));
    rows.push((
        "banzhaf_wvg20_exact".into(),
        time(51, || g20.banzhaf().expect("exact")),
    ));
    let g100 = voting_100();
    rows.push((
        "shapley_shubik_wvg100_w1000_exact".into(),
        time(5, || g100.shapley_shubik().expect("exact")),
    ));
    let table = TuGame::from_fn(16, |s| {
        BigRational::from_integer((s.count_ones() * s.count_ones() + s % 7).into())
    })
    .expect("a game");
    rows.push(("shapley_table16_exact".into(), time(5, || shapley(&table))));
    println!("{:45} {:>14}", "benchmark", "median");
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
