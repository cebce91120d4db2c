//! The incremental period search inside the sweep: the same answers as the
//! naive search on octal games, published periods with long preperiods proven
//! in linear search work, and a stop flag that ends a run promptly.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use sprague_engine::periodicity::find_period_naive;
use sprague_engine::PeriodSearch;
use sprague_takebreak::{run, Config, Control, Method, Status, TakeBreak};

/// g(0..=to) of `rule`, every value (no stop at a period).
fn values(rule: &TakeBreak, to: u64) -> Vec<u32> {
    let config = Config {
        stop_when_proven: false,
        method: Method::Auto,
        ..Config::up_to(to)
    };
    run(rule, config, None, Control::default())
        .unwrap()
        .table
        .to_vec()
}

/// An octal code with up to three digits after the point (digits 0–7).
fn octal_code() -> impl Strategy<Value = String> {
    prop::collection::vec(0u8..8, 1..4).prop_map(|digits| {
        let digits: String = digits.iter().map(|digit| (b'0' + digit) as char).collect();
        format!("0.{digits}")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Checked every ×1.25 as the sweep does, and at a few other lengths, the
    /// incremental search answers as the naive one on octal games' values.
    #[test]
    fn incremental_equals_naive_on_octal_games(code in octal_code(), extra in prop::collection::vec(64usize..3000, 0..4)) {
        let rule = TakeBreak::octal(&code).unwrap();
        let values = values(&rule, 3000);
        let theorem = rule.theorem();
        let mut lengths = extra;
        let mut length = 64;
        while length <= values.len() {
            lengths.push(length);
            length += length / 4;
        }
        lengths.push(values.len());
        lengths.sort_unstable();
        let mut search = PeriodSearch::new();
        for length in lengths {
            let prefix = &values[..length];
            prop_assert_eq!(
                search.check(prefix, theorem, &mut || false).unwrap(),
                find_period_naive(prefix, theorem),
                "{} at {}", code, length
            );
        }
    }
}

/// Proves a period of `code` by the sweep: (preperiod, period, values computed, search work).
fn proven(code: &str, to: u64) -> (u64, u64, u64, u64) {
    let rule = TakeBreak::octal(code).unwrap();
    let outcome = run(&rule, Config::up_to(to), None, Control::default()).unwrap();
    assert_eq!(outcome.status, Status::Proven, "{code}");
    let found = outcome.periodicity.unwrap();
    (
        found.preperiod,
        found.period,
        outcome.table.len() as u64,
        outcome.stats.period_search_work,
    )
}

#[test]
fn octal_0_127_is_proven_with_linear_search_work() {
    // Gangolli & Plambeck, Int. J. Game Theory 18 (1989); OEIS A071464:
    // last exception at n = 46,577, period 4. The same code path as 0.376
    // (period 4 after a long preperiod), small enough for a debug build: the
    // naive search compared about 5·10⁸ values at each check once the period
    // had appeared.
    let (preperiod, period, computed, work) = proven("0.127", 1 << 17);
    assert_eq!((preperiod, period), (46_578, 4));
    // Guy–Smith with t = 3: 2·46,578 + 2·4 + 3 values.
    assert_eq!(computed, 93_167);
    // Checks every ×1.25 visit about 2.5 periods per value in all, each
    // comparing a few values (the naive search: thousands per value).
    assert!(
        work < 16 * computed,
        "search work {work} for {computed} values"
    );
}

#[test]
#[ignore = "4.5 million values: about 3 s in a release build, minutes in a debug one; run with --release --ignored"]
fn octal_0_376_is_proven() {
    // Gangolli & Plambeck, "A note on periodicity in some octal games",
    // Int. J. Game Theory 18 (1989) 311–320: 0.376 has period 4 from 2,268,248.
    let (preperiod, period, computed, work) = proven("0.376", 1 << 23);
    assert_eq!((preperiod, period), (2_268_248, 4));
    assert_eq!(computed, 2 * 2_268_248 + 2 * 4 + 3);
    assert!(
        work < 16 * computed,
        "search work {work} for {computed} values"
    );
}

#[test]
fn a_stop_flag_ends_a_long_run_promptly() {
    // 0.376 to 2²³ runs for minutes in a debug build; the flag is raised
    // after half a second and the run must end within two seconds of it.
    let rule = TakeBreak::octal("0.376").unwrap();
    let stop = AtomicBool::new(false);
    let (outcome, stopped_after) = std::thread::scope(|scope| {
        let runner = scope.spawn(|| {
            let control = Control {
                stop: Some(&stop),
                ..Control::default()
            };
            let outcome = run(&rule, Config::up_to(1 << 23), None, control).unwrap();
            (outcome, Instant::now())
        });
        std::thread::sleep(Duration::from_millis(500));
        let raised = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let (outcome, ended) = runner.join().unwrap();
        (outcome, ended.saturating_duration_since(raised))
    });
    assert_eq!(outcome.status, Status::Interrupted);
    assert!(stopped_after < Duration::from_secs(2), "{stopped_after:?}");
}

#[test]
fn a_deadline_ends_a_long_run_promptly() {
    let rule = TakeBreak::octal("0.376").unwrap();
    let started = Instant::now();
    let control = Control {
        deadline: Some(started + Duration::from_millis(500)),
        ..Control::default()
    };
    let outcome = run(&rule, Config::up_to(1 << 23), None, control).unwrap();
    assert_eq!(outcome.status, Status::OutOfTime);
    assert!(started.elapsed() < Duration::from_millis(2500));
}
