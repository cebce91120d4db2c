//! Benchmark of the exact nucleolus (a plain program, no harness): random
//! TU games with integer coalition values (SplitMix64, fixed seeds; the same
//! generator as `scripts/coopgame-bench`), each solved once per run; the
//! median time over the games is printed, and written as `name<TAB>seconds`
//! lines to the file named by `SPRAGUE_BENCH_TSV` when it is set.
//!
//! Run with `cargo bench -p sprague-cooperative --bench nucleolus`
//! (`SPRAGUE_NUCLEOLUS_SIZES=14,16` for other numbers of players).
//!
//! The second table (`SPRAGUE_SCALE_SIZES`, default 15,20,25) times the
//! constraint-generation nucleolus of games given as functions, never as
//! tables: the weighted voting game [q; 1, 2, …, n] with q = ⌊n(n+1)/4⌋ + 1
//! (a majority of the total weight) and two random integer games evaluated
//! coalition by coalition (`RandomGame`: v(S) uniform in 0..=100·|S| or
//! 0..=150·|S| by a hash of S, v(N) = 100·n); where the old exact LP
//! over all coalitions runs (n ≤ 16) it is the baseline, timed in the same
//! run, interleaved with the new method, and the ratio is printed.

use std::hint::black_box;
use std::time::Instant;

use sprague_cooperative::characteristic::CharacteristicFunction;
use sprague_cooperative::constraint_generation::{self, Options};
use sprague_cooperative::nucleolus::{least_core, nucleolus};
use sprague_cooperative::{Coalition, TuGame, WeightedVotingGame};
use sprague_strategic::exact_text::{format_rational, BigRational};

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

/// The worth of coalition S in the random game of a seed, as a function of
/// S alone (a SplitMix64 hash of seed and S): uniform in 0..=`spread`·|S|,
/// and v(N) = 100·n. With `spread` 100 the equal split is in the core; with
/// 150 the core is usually empty and many coalitions compete.
struct RandomGame {
    n: usize,
    seed: u64,
    spread: u64,
}

impl RandomGame {
    fn value(&self, s: Coalition) -> i64 {
        let grand = ((1u64 << self.n) - 1) as Coalition;
        if s == 0 {
            0
        } else if s == grand {
            100 * self.n as i64
        } else {
            let mut state = self.seed ^ (u64::from(s) << 20);
            (splitmix(&mut state) % (self.spread * u64::from(s.count_ones()) + 1)) as i64
        }
    }
}

impl CharacteristicFunction for RandomGame {
    fn players(&self) -> usize {
        self.n
    }
    fn worth(&self, coalition: Coalition) -> BigRational {
        BigRational::from_integer(self.value(coalition).into())
    }
    fn denominator(&self) -> Option<u64> {
        Some(1)
    }
    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        Some(self.value(coalition))
    }
}

fn majority_game(n: usize) -> WeightedVotingGame {
    let weights: Vec<u64> = (1..=n as u64).collect();
    let total: u64 = weights.iter().sum();
    WeightedVotingGame::new(total / 2 + 1, weights).expect("a weighted voting game")
}

/// Times `work` once; the seconds.
fn time(work: impl FnOnce()) -> f64 {
    let start = Instant::now();
    work();
    start.elapsed().as_secs_f64()
}

/// The constraint-generation table: each size, each game, the new method
/// and (n ≤ 16) the old LP over all coalitions, interleaved, `repeats`
/// times; medians and ratios.
fn scale_table(sizes: &[usize], repeats: usize) {
    println!();
    println!(
        "{:34} {:>8} {:>12} {:>12} {:>8} {:>6} {:>6}",
        "game (constraint generation)",
        "players",
        "new median",
        "old median",
        "old/new",
        "LPs",
        "scans"
    );
    for &n in sizes {
        let games: Vec<(String, Box<dyn CharacteristicFunction>)> = vec![
            (
                format!("weighted [{}; 1..{n}]", majority_game(n).quota()),
                Box::new(majority_game(n)),
            ),
            (
                "random 0..=100|S|, seed 1".to_string(),
                Box::new(RandomGame {
                    n,
                    seed: 1,
                    spread: 100,
                }),
            ),
            (
                "random 0..=150|S|, seed 1".to_string(),
                Box::new(RandomGame {
                    n,
                    seed: 1,
                    spread: 150,
                }),
            ),
        ];
        for (name, game) in &games {
            let table = (n <= 16).then(|| TuGame::from_fn(n, |s| game.worth(s)).expect("a table"));
            let mut new_times = Vec::new();
            let mut old_times = Vec::new();
            let mut last = None;
            for _ in 0..repeats {
                new_times.push(time(|| {
                    last = Some(
                        constraint_generation::nucleolus(game.as_ref(), &Options::default())
                            .expect("a nucleolus"),
                    )
                }));
                if let Some(table) = &table {
                    let mut old = None;
                    old_times.push(time(|| old = Some(nucleolus(table).expect("a nucleolus"))));
                    assert_eq!(
                        old.map(|o| o.allocation),
                        last.as_ref().map(|l| l.allocation.clone()),
                        "the two methods disagree on {name}"
                    );
                }
            }
            let found = last.expect("at least one run");
            let new = median(new_times);
            let (old, ratio) = if old_times.is_empty() {
                ("-".to_string(), "-".to_string())
            } else {
                let old = median(old_times);
                (format!("{:.3} s", old), format!("{:.1}", old / new))
            };
            println!(
                "{name:34} {n:>8} {:>10.3} s {old:>12} {ratio:>8} {:>6} {:>6}",
                new, found.lp_solves, found.scans
            );
            if n >= 25 && name.starts_with("weighted") {
                let shares: Vec<String> = found.allocation.iter().map(format_rational).collect();
                println!("  nucleolus: ({})", shares.join(", "));
            }
        }
    }
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
    let scale: Vec<usize> = match std::env::var("SPRAGUE_SCALE_SIZES") {
        Ok(list) => list
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect(),
        Err(_) => vec![15, 20, 25],
    };
    let repeats = std::env::var("SPRAGUE_SCALE_REPEATS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    scale_table(&scale, repeats);
    if let Ok(path) = std::env::var("SPRAGUE_BENCH_TSV") {
        let text: String = rows.iter().map(|(n, s)| format!("{n}\t{s}\n")).collect();
        if let Err(error) = std::fs::write(&path, text) {
            eprintln!("could not write {path}: {error}");
        }
    }
}
