//! Values per second of each method, against the `ogs` crate (crates.io, by
//! P. Beling: naive, RC and RC2 solvers) and the generic naive sweep, measured
//! in the same run on the same code and range. Every engine computes every
//! value (no period shortcut: `stop_when_proven = false`), and the values are
//! checked to agree.
//!
//! `cargo bench -p sprague-takebreak --bench methods` (environment: `BENCH_N`
//! heaps for octal codes, default 100000; `BENCH_GRUNDY_N`, default 2^20;
//! `BENCH_RUNS`, default 3; medians are printed).

use std::time::{Duration, Instant};

use ogs::{Game, NaiveSolver, RC2Solver, RCSolver, Solver};
use sprague_takebreak::{run, Config, Control, Method, TakeBreak};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn time<R>(runs: u64, mut work: impl FnMut() -> R) -> (Duration, R) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..runs {
        let started = Instant::now();
        last = Some(work());
        times.push(started.elapsed());
    }
    (median(times), last.expect("at least one run"))
}

fn sprague(rule: &TakeBreak, n: u64, method: Method) -> Vec<u32> {
    let config = Config {
        to: n - 1,
        horizon: n - 1,
        stop_when_proven: false,
        method,
        threads: 1,
    };
    run(rule, config, None, Control::default())
        .expect("fits in memory")
        .table
        .to_vec()
}

fn ogs_values<S: Solver>(code: &str, n: u64) -> Vec<u32>
where
    S::Stats: Default,
{
    let Ok(game) = code.parse::<Game>() else {
        panic!("ogs cannot read {code}");
    };
    let solver = S::with_capacity(game, n as usize);
    solver.take(n as usize).map(u32::from).collect()
}

fn row(
    name: &str,
    method: &str,
    n: u64,
    time: Duration,
    reference: Option<Duration>,
    naive: Option<Duration>,
) {
    let rate = n as f64 / time.as_secs_f64();
    let ratio = |other: Option<Duration>| {
        other.map_or("-".to_string(), |other| {
            format!("{:.1}×", other.as_secs_f64() / time.as_secs_f64())
        })
    };
    println!(
        "{name:<8} {method:<14} {n:>9} {:>10.3} {rate:>14.0} {:>12} {:>10}",
        time.as_secs_f64(),
        ratio(reference),
        ratio(naive)
    );
}

fn main() {
    let n = env("BENCH_N", 100_000);
    let grundy_n = env("BENCH_GRUNDY_N", 1 << 20);
    let runs = env("BENCH_RUNS", 3).max(1);
    println!("median of {runs} runs; ratios: time of ogs' fastest solver (or the plain sweep for Grundy's game) / this time, and naive / this time\n");
    println!(
        "{:<8} {:<14} {:>9} {:>10} {:>14} {:>12} {:>10}",
        "game", "method", "values", "seconds", "values/s", "vs ogs best", "vs naive"
    );
    for code in ["0.77", "0.07", "0.137", "0.16"] {
        let rule = TakeBreak::octal(code).expect("a valid code");
        let (ogs_naive, reference) = time(runs, || ogs_values::<NaiveSolver>(code, n));
        let (ogs_rc, rc_values) = time(runs, || ogs_values::<RCSolver>(code, n));
        let (ogs_rc2, rc2_values) = time(runs, || ogs_values::<RC2Solver>(code, n));
        assert_eq!(rc_values, reference);
        assert_eq!(rc2_values, reference);
        let best = ogs_naive.min(ogs_rc).min(ogs_rc2);
        let (naive, naive_values) = time(1, || sprague(&rule, n, Method::Naive));
        assert_eq!(naive_values, reference, "{code}: naive");
        row(code, "ogs naive", n, ogs_naive, Some(best), Some(naive));
        row(code, "ogs RC", n, ogs_rc, Some(best), Some(naive));
        row(code, "ogs RC2", n, ogs_rc2, Some(best), Some(naive));
        row(code, "naive", n, naive, Some(best), Some(naive));
        for method in [Method::Plain, Method::RareCommon, Method::Auto] {
            let (elapsed, values) = time(runs, || sprague(&rule, n, method));
            assert_eq!(values, reference, "{code}: {method:?}");
            row(code, method.name(), n, elapsed, Some(best), Some(naive));
        }
    }
    let grundy = TakeBreak::grundy();
    let small = grundy_n.min(1 << 16);
    let (plain, reference) = time(1, || sprague(&grundy, small, Method::Plain));
    let (naive, naive_values) = time(1, || sprague(&grundy, small, Method::Naive));
    assert_eq!(naive_values, reference);
    row("grundy", "naive", small, naive, Some(plain), Some(naive));
    row("grundy", "plain", small, plain, Some(plain), Some(naive));
    let (rare, values) = time(runs, || sprague(&grundy, small, Method::Auto));
    assert_eq!(values, reference);
    row("grundy", "auto", small, rare, Some(plain), Some(naive));
    let (rare, _) = time(runs, || sprague(&grundy, grundy_n, Method::Auto));
    row("grundy", "auto", grundy_n, rare, None, None);
}
