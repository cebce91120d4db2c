//! The `rule:` notation against the native codes, same run, interleaved: the
//! rule `1-2:0-2` against octal 0.77 (Kayles) and `0:2u` against Grundy's
//! game, each engine computing every value (`stop_when_proven = false`,
//! method auto, one thread), the values checked to agree. Prints the median
//! time of each and the ratio rule / code (the target is at most 1.2×).
//!
//! `cargo bench -p sprague-takebreak --bench rule_forms` (environment:
//! `BENCH_N` heaps of Kayles, default 10⁵; `BENCH_GRUNDY_N` heaps of Grundy's
//! game, default 10⁶; `BENCH_RUNS`, default 5).

use std::time::{Duration, Instant};

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

/// g(0..n) by the automatic method, and the time it took.
fn sweep(rule: &TakeBreak, n: u64) -> (Duration, Vec<u32>) {
    let config = Config {
        to: n - 1,
        horizon: n - 1,
        stop_when_proven: false,
        method: Method::Auto,
        threads: 1,
    };
    let started = Instant::now();
    let outcome = run(rule, config, None, Control::default()).expect("fits in memory");
    (started.elapsed(), outcome.table.to_vec())
}

fn main() {
    let kayles_n = env("BENCH_N", 100_000);
    let grundy_n = env("BENCH_GRUNDY_N", 1_000_000);
    let runs = env("BENCH_RUNS", 5).max(1);
    println!("g(0..n), method auto, one thread; median of {runs} interleaved runs\n");
    println!(
        "{:<14} {:<8} {:>9} {:>10} {:>10} {:>8}",
        "rule", "code", "n", "rule s", "code s", "ratio"
    );
    let pairs = [
        (
            "1-2:0-2",
            TakeBreak::octal("0.77").expect("a valid code"),
            kayles_n,
        ),
        ("0:2u", TakeBreak::grundy(), grundy_n),
    ];
    for (text, code, n) in pairs {
        let rule = TakeBreak::rule(text).expect("a valid rule");
        let (mut rule_times, mut code_times) = (Vec::new(), Vec::new());
        for round in 0..runs {
            // Alternate which goes first, so that neither always runs on a warm cache.
            let order = if round % 2 == 0 {
                [&rule, &code]
            } else {
                [&code, &rule]
            };
            let [(first, first_values), (second, second_values)] =
                order.map(|which| sweep(which, n));
            assert_eq!(first_values, second_values, "{text}: the values differ");
            let (rule_time, code_time) = if round % 2 == 0 {
                (first, second)
            } else {
                (second, first)
            };
            rule_times.push(rule_time);
            code_times.push(code_time);
        }
        let (rule_time, code_time) = (median(rule_times), median(code_times));
        println!(
            "{:<14} {:<8} {n:>9} {:>10.3} {:>10.3} {:>7.3}×",
            format!("rule:{text}"),
            code.to_string(),
            rule_time.as_secs_f64(),
            code_time.as_secs_f64(),
            rule_time.as_secs_f64() / code_time.as_secs_f64()
        );
    }
}
