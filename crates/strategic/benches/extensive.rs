//! Benchmark of the exact extensive-form solvers on `.efg` files given on the
//! command line, printing one JSON line per file and method with the median
//! time of the library call (read once, solved `--runs` times, capped by a
//! time budget). Not a test; `scripts/bench-extensive.sh` compares the
//! numbers with pygambit's exact solvers.
//!
//! `cargo bench -p sprague-strategic --bench extensive -- [--runs N] [--budget SECONDS] [--method lcp|lp] FILE...`
//!
//! The file is read and parsed once, outside the timed calls (pygambit's
//! side in `scripts/bench/bench_extensive_interleaved.py` likewise reads the
//! file once, outside its timer); each timed call is the solver plus the
//! independent best-response check of its answer.

use std::time::Instant;

use sprague_strategic::extensive::behaviour::check_equilibrium;
use sprague_strategic::extensive::efg::read_efg_file;
use sprague_strategic::extensive::lemke::lemke_equilibrium;
use sprague_strategic::extensive::sequence_form::solve_zero_sum;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Times `f` up to `runs` times or until `budget` seconds are spent; the
/// median, the number of runs and whether every answer passed the check.
fn time<F: FnMut() -> Result<bool, String>>(
    runs: usize,
    budget: f64,
    mut f: F,
) -> Result<(f64, usize, bool), String> {
    let mut times = Vec::new();
    let mut all_ok = true;
    let start = Instant::now();
    while times.len() < runs.max(1) {
        let t = Instant::now();
        all_ok &= f()?;
        times.push(t.elapsed().as_secs_f64());
        if start.elapsed().as_secs_f64() > budget {
            break;
        }
    }
    let n = times.len();
    Ok((median(&mut times), n, all_ok))
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut runs = 5usize;
    let mut budget = 10.0f64;
    let mut files = Vec::new();
    let mut method: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runs" => runs = it.next().and_then(|v| v.parse().ok()).unwrap_or(runs),
            "--budget" => budget = it.next().and_then(|v| v.parse().ok()).unwrap_or(budget),
            "--method" => method = it.next().cloned(),
            _ => files.push(a.clone()),
        }
    }
    for file in &files {
        let game = match read_efg_file(std::path::Path::new(file)) {
            Ok(g) => g,
            Err(e) => {
                println!(
                    "{}",
                    serde_json::json!({"file": file, "error": e.to_string()})
                );
                continue;
            }
        };
        let wanted = |m: &str| method.as_deref().is_none_or(|w| w == m);
        let line = |method: &str, r: Result<(f64, usize, bool), String>| match r {
            Ok((m, n, ok)) => {
                serde_json::json!({"file": file, "method": method, "median_s": m, "runs": n, "verified": ok})
            }
            Err(e) => serde_json::json!({"file": file, "method": method, "error": e}),
        };
        if wanted("lcp") {
            let lemke = time(runs, budget, || {
                let s = lemke_equilibrium(&game).map_err(|e| e.to_string())?;
                Ok(check_equilibrium(&game, &s.profile)
                    .map_err(|e| e.to_string())?
                    .iter()
                    .all(|c| c.best))
            });
            println!("{}", line("lcp", lemke));
        }
        if wanted("lp") && game.zero_sum_constant().is_ok() {
            let lp = time(runs, budget, || {
                let s = solve_zero_sum(&game).map_err(|e| e.to_string())?;
                Ok(check_equilibrium(&game, &s.profile)
                    .map_err(|e| e.to_string())?
                    .iter()
                    .all(|c| c.best))
            });
            println!("{}", line("lp", lp));
        }
    }
}
