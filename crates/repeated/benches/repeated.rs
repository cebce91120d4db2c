//! Benchmarks of the iterated prisoner's dilemma tournaments (a plain
//! program, no harness): each case is timed several times and the median is
//! printed, as a table, and as `name<TAB>seconds` lines to the file named by
//! the environment variable `SPRAGUE_BENCH_TSV` (used by
//! `scripts/bench-repeated.sh` to compare with the Python peers; the power
//! indices are timed by the `power_indices` bench of `sprague-cooperative`).
//!
//! Run with `cargo bench -p sprague-repeated --bench repeated`.

use std::hint::black_box;
use std::time::Instant;

use sprague_repeated::ipd::tournament::{self, TournamentConfig};
use sprague_repeated::ipd::{MatchConfig, Player};

/// The 20 strategies of the tournament benchmark (the same as in
/// scripts/bench-repeated.sh on the Axelrod side).
const TOURNAMENT_20: [&str; 20] = [
    "Cooperator",
    "Defector",
    "TitForTat",
    "TitFor2Tats",
    "TwoTitsForTat",
    "SuspiciousTitForTat",
    "Bully",
    "Grudger",
    "WinStayLoseShift",
    "GTFT",
    "Random",
    "Alternator",
    "Gradual",
    "Joss",
    "Prober",
    "Adaptive",
    "Handshake",
    "Davis",
    "Feld",
    "Grofman",
];

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
    let players: Vec<_> = TOURNAMENT_20
        .iter()
        .map(|n| Player::parse(n).expect("a known strategy"))
        .collect();
    let base = TournamentConfig {
        match_config: MatchConfig {
            turns: 200,
            ..MatchConfig::default()
        },
        repetitions: 5,
        seed: 1,
        threads: 1,
    };
    let mut rows: Vec<(String, f64)> = Vec::new();
    rows.push((
        "tournament_20x200x5_1thread".into(),
        time(11, || tournament::run(&players, &base).expect("runs")),
    ));
    let all_threads = TournamentConfig { threads: 0, ..base };
    rows.push((
        "tournament_20x200x5_allthreads".into(),
        time(11, || {
            tournament::run(&players, &all_threads).expect("runs")
        }),
    ));
    let noisy = TournamentConfig {
        match_config: MatchConfig {
            noise: 0.05,
            ..base.match_config
        },
        ..base
    };
    rows.push((
        "tournament_20x200x5_noise0.05_1thread".into(),
        time(11, || tournament::run(&players, &noisy).expect("runs")),
    ));
    // Every registered strategy (the peers' script times the strategies both
    // sides have through the command line, against the library, in one run).
    let everyone: Vec<Player> = sprague_repeated::ipd::all_strategies()
        .map(Player::from)
        .collect();
    rows.push((
        format!("tournament_all{}x200x5_1thread", everyone.len()),
        time(3, || tournament::run(&everyone, &base).expect("runs")),
    ));
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
