//! Benchmarks of the exact strategic-form solvers on fixed-seed random games
//! (payoffs 0..=1000), printing medians. Not a test.
//!
//! `cargo bench -p sprague-strategic --bench strategic -- [--games DIR] [--json FILE] [--quick] [--enum-only]`
//! writes every game to `DIR` (JSON `{"matrices": [A, B]}`) so that the
//! Python peers (scripts/bench-strategic.sh) solve identical inputs, and
//! writes the timings and equilibrium counts to `FILE`. `--enum-only` runs
//! just the 10x10 all-equilibria part (for A/B timing and profiling).

use std::time::Instant;

use sprague_strategic::lemke_howson::lemke_howson_bimatrix;
use sprague_strategic::random::{random_bimatrix, to_rational};
use sprague_strategic::report::{nash_report, solve_nash, NashMethod, NashOptions};
use sprague_strategic::vertex_enumeration::{all_equilibria_bimatrix, EnumerationOptions};
use sprague_strategic::zero_sum::solve_zero_sum;
use sprague_strategic::NormalFormGame;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        return f64::NAN;
    }
    v[v.len() / 2]
}

fn write_game(dir: &Option<String>, name: &str, a: &[Vec<i64>], b: &[Vec<i64>]) {
    if let Some(dir) = dir {
        let text = serde_json::json!({ "matrices": [a, b] }).to_string();
        let path = format!("{dir}/{name}.json");
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("could not write {path}: {e}");
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|k| args.get(k + 1).cloned())
    };
    let games_dir = get("--games");
    let json_out = get("--json");
    let quick = args.iter().any(|a| a == "--quick");
    let enum_only = args.iter().any(|a| a == "--enum-only");
    if let Some(dir) = &games_dir {
        let _ = std::fs::create_dir_all(dir);
    }
    let mut report = serde_json::Map::new();

    // All equilibria, 10x10.
    let count = if quick { 5 } else { 30 };
    let mut times = Vec::new();
    let mut counts = Vec::new();
    for seed in 0..count {
        let (a, b) = random_bimatrix(10, 10, 1000, 1000 + seed);
        write_game(&games_dir, &format!("enum10_{seed}"), &a, &b);
        let (ra, rb) = (to_rational(&a), to_rational(&b));
        let start = Instant::now();
        let all = all_equilibria_bimatrix(&ra, &rb, EnumerationOptions::default())
            .expect("10x10 is within limits");
        times.push(start.elapsed().as_secs_f64());
        counts.push(all.equilibria.len());
    }
    let enum_median = median(&mut times);
    println!(
        "all equilibria 10x10 ({count} games): median {:.3} ms, equilibria per game {:?}",
        enum_median * 1e3,
        counts
    );
    report.insert("enum10_median_s".into(), enum_median.into());
    report.insert("enum10_counts".into(), counts.into());

    // The same games through the library face the CLI and the Python module
    // call (solve, the JSON record with components): the Rust figure that the
    // Python benchmark (scripts/bench-python.sh) compares its calls with.
    let mut face_times = Vec::new();
    for seed in 0..count {
        let (a, b) = random_bimatrix(10, 10, 1000, 1000 + seed);
        let game = NormalFormGame::from_bimatrix(&to_rational(&a), &to_rational(&b))
            .expect("a bimatrix game");
        let options = NashOptions {
            method: NashMethod::Enum,
            ..NashOptions::default()
        };
        let start = Instant::now();
        let found = solve_nash(&game, &options).expect("10x10 is within limits");
        let text = serde_json::to_string(&nash_report(&game, &found)).expect("JSON");
        face_times.push(start.elapsed().as_secs_f64());
        std::hint::black_box(text);
    }
    let face_median = median(&mut face_times);
    println!(
        "all equilibria 10x10 through the report (solve + JSON record): median {:.3} ms",
        face_median * 1e3
    );
    report.insert("enum10_report_median_s".into(), face_median.into());
    if enum_only {
        write_report(&json_out, report);
        return;
    }

    // Lemke–Howson 200x200, label 1.
    let count = if quick { 3 } else { 7 };
    let mut times = Vec::new();
    let mut pivots = Vec::new();
    for seed in 0..count {
        let (a, b) = random_bimatrix(200, 200, 1000, 2000 + seed);
        write_game(&games_dir, &format!("lh200_{seed}"), &a, &b);
        let (ra, rb) = (to_rational(&a), to_rational(&b));
        let start = Instant::now();
        let r = lemke_howson_bimatrix(&ra, &rb, 0).expect("label 1 exists");
        times.push(start.elapsed().as_secs_f64());
        pivots.push(r.pivots);
    }
    let lh_median = median(&mut times);
    println!(
        "Lemke-Howson 200x200 ({count} games): median {:.3} ms, pivots {:?}",
        lh_median * 1e3,
        pivots
    );
    report.insert("lh200_median_s".into(), lh_median.into());

    // Zero-sum 50x50 and 200x200.
    for size in [50usize, 200] {
        let count = if quick { 3 } else { 7 };
        let mut times = Vec::new();
        let mut values = Vec::new();
        for seed in 0..count {
            let (a, _) = random_bimatrix(size, size, 1000, 3000 + seed + size as u64);
            write_game(
                &games_dir,
                &format!("zs{size}_{seed}"),
                &a,
                &[] as &[Vec<i64>],
            );
            let ra = to_rational(&a);
            let start = Instant::now();
            let s = solve_zero_sum(&ra).expect("nonempty");
            times.push(start.elapsed().as_secs_f64());
            values.push(format!(
                "{:.4}",
                sprague_strategic::rational::approximate(&s.value)
            ));
        }
        let zs_median = median(&mut times);
        println!(
            "zero-sum {size}x{size} ({count} games): median {:.3} ms, values {:?}",
            zs_median * 1e3,
            values
        );
        report.insert(format!("zs{size}_median_s"), zs_median.into());
    }
    write_report(&json_out, report);
}

fn write_report(json_out: &Option<String>, report: serde_json::Map<String, serde_json::Value>) {
    if let Some(path) = json_out {
        let text = serde_json::Value::Object(report).to_string();
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("could not write {path}: {e}");
        }
    }
}
