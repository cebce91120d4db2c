//! `--threads 2` against one thread in the same run: Grundy's game g(0..N)
//! by the narrow rare/common kernel, where a second thread confirms the values
//! the sweep proposes (`confirmation.rs`; before the sweep proposes, it marks
//! the far rare pairs of the next batch, `far_marks.rs`). Runs interleaved, wall
//! seconds, medians; the tables are checked equal. Run it once on a quiet
//! machine and once with another CPU-bound process busy (the helper must
//! then cost next to nothing).
//!
//! `cargo bench -p sprague-takebreak --bench threads` (environment:
//! `BENCH_GRUNDY_N`, default 2^20; `BENCH_RUNS`, default 5).

use std::time::{Duration, Instant};

use sprague_takebreak::{run, Config, Control, TakeBreak};

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

fn main() {
    let n = env("BENCH_GRUNDY_N", 1 << 20);
    let runs = env("BENCH_RUNS", 5).max(1);
    let grundy = TakeBreak::grundy();
    let sweep = |threads: usize| {
        let config = Config {
            stop_when_proven: false,
            threads,
            ..Config::up_to(n)
        };
        let started = Instant::now();
        let outcome = run(&grundy, config, None, Control::default()).expect("fits in memory");
        let stats = &outcome.stats;
        let shares = (
            stats.confirmed_there,
            stats.confirmed_here,
            stats.rollbacks,
            stats.speculation_pauses,
            stats.helper_batches,
            stats.taken_back_batches,
        );
        (started.elapsed(), outcome.table, shares)
    };
    let (mut one, mut two, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let mut shares = Vec::new();
    for _ in 0..runs {
        let (single, table, _) = sweep(1);
        let (helped, helped_table, share) = sweep(2);
        shares.push(share);
        println!(
            "  one thread {:.3} s, two threads {:.3} s, {share:?}",
            single.as_secs_f64(),
            helped.as_secs_f64()
        );
        assert_eq!(table, helped_table, "two threads give other values");
        ratios.push(single.as_secs_f64() / helped.as_secs_f64());
        one.push(single);
        two.push(helped);
    }
    ratios.sort_by(f64::total_cmp);
    println!("Grundy's game g(0..={n}), {runs} interleaved runs, wall seconds (median)");
    println!(
        "one thread {:.3} s, two threads {:.3} s; speed-up of two threads (median of the pairs' ratios) {:.2}× (range {:.2}–{:.2})",
        median(one).as_secs_f64(),
        median(two).as_secs_f64(),
        ratios[ratios.len() / 2],
        ratios[0],
        ratios[ratios.len() - 1]
    );
    println!(
        "per two-thread run: (proposals confirmed by the second thread, by the sweep; rollbacks; pauses; batches marked by the helper, taken back by the sweep): {shares:?}"
    );
}
