//! Times the replicator trajectory (RK4, and the adaptive Dormand–Prince
//! method at scipy odeint's default tolerance) and fictitious play on the games
//! that `scripts/bench_dynamics.py` gives Nashpy, and prints one line per
//! case: the median of several repetitions. With the environment variable
//! `SPRAGUE_BENCH_JSON` set, writes the medians and the final replicator
//! states there as JSON (read by the Python script, which interleaves runs
//! of this benchmark with its own timings and prints the ratios).
//!
//! The games: "good" rock-paper-scissors [[0,-1,2],[2,0,-1],[-1,2,0]],
//! matching pennies, and the 10×10 matrix a[i][j] = ((7i + 13j) mod 11) − 5
//! (the same formula in the Python script).
//!
//! Run with `cargo bench -p sprague-dynamics --bench dynamics`.

use std::hint::black_box;
use std::time::Instant;

use num_rational::BigRational;
use sprague_dynamics::fictitious_play::{fictitious_play, FictitiousPlayOptions};
use sprague_dynamics::replicator::{trajectory, trajectory_adaptive, TrajectoryOptions};
use sprague_strategic::stop::StopCheck;
use sprague_strategic::NormalFormGame;

/// The median time in seconds of `run`, repeated for about 0.3 s (at least 5 times).
fn median_time(mut run: impl FnMut()) -> f64 {
    let mut times = Vec::new();
    let begin = Instant::now();
    while times.len() < 5 || (begin.elapsed().as_secs_f64() < 0.3 && times.len() < 1000) {
        let t = Instant::now();
        run();
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn formula_matrix(n: usize) -> Vec<Vec<i64>> {
    (0..n)
        .map(|i| (0..n).map(|j| ((7 * i + 13 * j) % 11) as i64 - 5).collect())
        .collect()
}

fn to_f64(a: &[Vec<i64>]) -> Vec<Vec<f64>> {
    a.iter()
        .map(|r| r.iter().map(|&x| x as f64).collect())
        .collect()
}

fn main() {
    let good_rps = vec![vec![0, -1, 2], vec![2, 0, -1], vec![-1, 2, 0]];
    let big = formula_matrix(10);
    let mut rows: Vec<(String, f64)> = Vec::new();
    let mut finals: Vec<(String, Vec<f64>)> = Vec::new();

    // Replicator: t from 0 to 10, 1000 steps of 0.01, every state recorded
    // (as Nashpy's timepoints = linspace(0, 10, 1001)).
    let options = TrajectoryOptions {
        dt: 0.01,
        steps: 1000,
        record_every: 1,
    };
    let big_start: Vec<f64> = (1..=10).map(|i| i as f64 / 55.0).collect();
    for (name, a, start) in [
        ("replicator_rps3", to_f64(&good_rps), vec![0.2, 0.3, 0.5]),
        ("replicator_formula10", to_f64(&big), big_start),
    ] {
        let path = trajectory(&a, &start, &options, StopCheck::never()).expect("valid");
        finals.push((name.to_string(), path.last().to_vec()));
        let t = median_time(|| {
            black_box(trajectory(black_box(&a), &start, &options, StopCheck::never()).ok());
        });
        rows.push((name.to_string(), t));
        // The adaptive method at LSODA's default tolerance (scipy's odeint:
        // rtol = atol = 1.49e-8), the same output times.
        let adaptive_name = name.replace("replicator", "adaptive");
        let path =
            trajectory_adaptive(&a, &start, &options, 1.49e-8, StopCheck::never()).expect("valid");
        finals.push((adaptive_name.clone(), path.last().to_vec()));
        let t = median_time(|| {
            black_box(
                trajectory_adaptive(black_box(&a), &start, &options, 1.49e-8, StopCheck::never())
                    .ok(),
            );
        });
        rows.push((adaptive_name, t));
    }

    // Fictitious play: 10000 rounds.
    let negate = |a: &[Vec<i64>]| -> Vec<Vec<i64>> {
        a.iter().map(|r| r.iter().map(|x| -x).collect()).collect()
    };
    let transpose = |a: &[Vec<i64>]| -> Vec<Vec<i64>> {
        (0..a[0].len())
            .map(|j| a.iter().map(|r| r[j]).collect())
            .collect()
    };
    let pennies = vec![vec![1, -1], vec![-1, 1]];
    let games = [
        (
            "fictitious_pennies",
            NormalFormGame::from_integer_bimatrix(&pennies, &negate(&pennies)),
        ),
        (
            "fictitious_rps3",
            NormalFormGame::from_integer_bimatrix(&good_rps, &transpose(&good_rps)),
        ),
        (
            "fictitious_formula10",
            NormalFormGame::from_integer_bimatrix(&big, &transpose(&big)),
        ),
    ];
    let fp = FictitiousPlayOptions {
        rounds: 10_000,
        record_every: 0,
    };
    for (name, game) in &games {
        let game = game.as_ref().expect("valid");
        let t = median_time(|| {
            black_box(fictitious_play(black_box(game), &fp, StopCheck::never()).ok());
        });
        rows.push((name.to_string(), t));
        let run = fictitious_play(game, &fp, StopCheck::never()).expect("valid");
        let first: Vec<f64> = run.frequencies[0]
            .iter()
            .map(|f: &BigRational| sprague_strategic::exact_text::rational_to_f64(f))
            .collect();
        finals.push((name.to_string(), first));
    }

    for (name, t) in &rows {
        println!("{name:<24} {:>12.3} ms", t * 1e3);
    }
    if let Ok(path) = std::env::var("SPRAGUE_BENCH_JSON") {
        let times: Vec<String> = rows
            .iter()
            .map(|(n, t)| format!("\"{n}\": {t:e}"))
            .collect();
        let states: Vec<String> = finals
            .iter()
            .map(|(n, x)| {
                let xs: Vec<String> = x.iter().map(|v| format!("{v:e}")).collect();
                format!("\"{n}\": [{}]", xs.join(", "))
            })
            .collect();
        let text = format!(
            "{{\"times\": {{{}}}, \"final\": {{{}}}}}\n",
            times.join(", "),
            states.join(", ")
        );
        if let Err(error) = std::fs::write(&path, text) {
            eprintln!("could not write {path}: {error}");
        }
    }
}
