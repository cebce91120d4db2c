//! The incremental period search (`sprague_engine::PeriodSearch`) against the
//! naive search (`find_period_naive`) in the same run, on octal games' values,
//! checked as the sweep checks them: every ×1.25 from 64 values, each check
//! seeing the values so far. Both answers are checked to agree at every check.
//!
//! `cargo bench -p sprague-takebreak --bench period_search` (environment:
//! `BENCH_RUNS`, default 3, runs of each search, interleaved; medians printed).

use std::time::{Duration, Instant};

use sprague_engine::periodicity::find_period_naive;
use sprague_engine::{PeriodSearch, Periodicity, PeriodicityTheorem};
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

/// g(0..length) of `code` as one byte each (every value below 256 here).
fn values(code: &str, length: u64) -> Vec<u8> {
    let rule = TakeBreak::octal(code).expect("a valid code");
    let config = Config {
        stop_when_proven: false,
        method: Method::Auto,
        ..Config::up_to(length - 1)
    };
    let outcome = run(&rule, config, None, Control::default()).expect("fits in memory");
    outcome
        .table
        .to_vec()
        .into_iter()
        .map(|value| u8::try_from(value).expect("values below 256"))
        .collect()
}

/// The lengths at which the sweep checks: 64, then ×1.25.
fn schedule(length: usize) -> Vec<usize> {
    let mut lengths = Vec::new();
    let mut checked = 64;
    while checked < length {
        lengths.push(checked);
        checked += checked / 4;
    }
    lengths.push(length);
    lengths
}

/// Every check of the schedule by one search; the answers.
fn checks(
    values: &[u8],
    theorem: Option<PeriodicityTheorem>,
    incremental: bool,
) -> Vec<Option<Periodicity>> {
    let mut search = PeriodSearch::new();
    schedule(values.len())
        .into_iter()
        .map(|length| {
            let prefix = &values[..length];
            if incremental {
                search
                    .check(prefix, theorem, &mut || false)
                    .expect("never stopped")
            } else {
                find_period_naive(prefix, theorem)
            }
        })
        .collect()
}

fn main() {
    let runs = env("BENCH_RUNS", 3).max(1);
    println!("checks every ×1.25 from 64 values (the sweep's schedule); medians of {runs} interleaved runs");
    println!(
        "{:<8} {:>10} {:>7} {:>12} {:>12} {:>8}  answer at the end",
        "game", "values", "checks", "naive s", "incremental s", "ratio"
    );
    // 0.127: period 4 from 46,578 (proven at 93,167); 0.376 before its period
    // (preperiod 2,268,248), almost periodic with rare exceptions; 0.1777 with
    // no period in sight (period 60,620,715): the naive search's best case.
    for (code, length) in [("0.127", 93_167), ("0.376", 1 << 20), ("0.1777", 1 << 22)] {
        let values = values(code, length);
        let theorem = TakeBreak::octal(code).expect("valid").theorem();
        let (mut naive, mut incremental) = (Vec::new(), Vec::new());
        let mut answers = None;
        for _ in 0..runs {
            let started = Instant::now();
            let slow = checks(&values, theorem, false);
            naive.push(started.elapsed());
            let started = Instant::now();
            let quick = checks(&values, theorem, true);
            incremental.push(started.elapsed());
            assert_eq!(slow, quick, "{code}: the searches disagree");
            answers = Some(quick);
        }
        let (naive, incremental) = (median(naive), median(incremental));
        let answers = answers.expect("at least one run");
        let last = answers.last().copied().flatten();
        println!(
            "{code:<8} {length:>10} {:>7} {:>12.4} {:>12.4} {:>7.1}×  {}",
            answers.len(),
            naive.as_secs_f64(),
            incremental.as_secs_f64(),
            naive.as_secs_f64() / incremental.as_secs_f64(),
            last.map_or("none".to_string(), |found| format!(
                "period {} from {}{}",
                found.period,
                found.preperiod,
                if found.proven { ", proven" } else { "" }
            ))
        );
    }
}
