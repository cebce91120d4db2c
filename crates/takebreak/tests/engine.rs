//! The take-and-break engine against independent sources: OEIS values, the
//! generic naive sweep (every option listed), long direct sweeps for proven
//! periods, and the published periods of octal games.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use proptest::prelude::*;
use sprague_takebreak::survey::{survey, Verdict};
use sprague_takebreak::{run, Config, Control, Method, Status, TakeBreak, ValueTable};

fn values(rule: &TakeBreak, to: u64, method: Method) -> Vec<u32> {
    let config = Config {
        to,
        horizon: to,
        stop_when_proven: false,
        method,
        threads: 1,
    };
    run(rule, config, None, Control::default())
        .unwrap()
        .table
        .to_vec()
}

/// OEIS A002186 (Kayles), n = 0..=83.
const A002186: [u32; 84] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
];

/// OEIS A002187 (Dawson's Kayles, indexed so that g(n) is the code 0.07 heap n), n = 0..=40.
const A002187: [u32; 41] = [
    0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5,
    2, 7, 4, 0, 1, 1, 2, 0, 3,
];

/// OEIS A002188 (Grundy's game), n = 0..=50.
const A002188: [u32; 51] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0,
];

#[test]
fn oeis_values_by_every_method() {
    let cases = [
        (TakeBreak::octal("0.77").unwrap(), &A002186[..]),
        (TakeBreak::octal("0.07").unwrap(), &A002187[..]),
        (TakeBreak::grundy(), &A002188[..]),
    ];
    for (rule, expected) in cases {
        for method in [
            Method::Naive,
            Method::Plain,
            Method::RareCommon,
            Method::Auto,
        ] {
            let to = expected.len() as u64 - 1;
            assert_eq!(values(&rule, to, method), expected, "{rule} {method:?}");
        }
    }
}

#[test]
fn methods_agree_on_grundys_game_with_a_checksum() {
    let grundy = TakeBreak::grundy();
    let to = 3000;
    let checksum = |method| {
        let config = Config {
            method,
            threads: 1,
            stop_when_proven: false,
            ..Config::up_to(to)
        };
        run(&grundy, config, None, Control::default())
            .unwrap()
            .table
            .checksum()
    };
    let plain = checksum(Method::Plain);
    assert_eq!(checksum(Method::RareCommon), plain);
    assert_eq!(checksum(Method::Auto), plain);
}

/// Past heap 2 × 82,860 (twice Grundy's game's last rare position) the narrow
/// kernel tests two thirds of the rare pairs against candidate values instead
/// of marking them (`kernel::settle_candidates`, with a heap-by-heap fallback).
/// This runs that path in debug builds too (13 s): the checksum of
/// g(0..=200,000) is the one the plain sweep gives (`sprague values grundy --to
/// 200000 --method plain`), and the release-build test below compares the two
/// sweeps value by value over the same range.
#[test]
fn the_tested_rare_pairs_give_the_plain_sweeps_values() {
    let grundy = TakeBreak::grundy();
    let config = Config {
        to: 200_000,
        horizon: 200_000,
        stop_when_proven: false,
        method: Method::RareCommon,
        threads: 1,
    };
    let outcome = run(&grundy, config, None, Control::default()).expect("a run");
    assert_eq!(outcome.checksum_to(200_000), Some(0x9331_ade5_1d44_ea2e));
    // The same from a two-byte table (a resumed run keeps its width): the
    // two-byte compare path.
    let start: Vec<u16> = outcome.table.to_vec()[..170_000]
        .iter()
        .map(|&value| value as u16)
        .collect();
    let resumed = run(
        &grundy,
        config,
        Some(ValueTable::U16(start)),
        Control::default(),
    )
    .expect("a resumed run");
    assert_eq!(resumed.table.bytes_per_value(), 2);
    assert_eq!(resumed.checksum_to(200_000), Some(0x9331_ade5_1d44_ea2e));
}

/// The narrow rare/common kernel (batches of heaps paired with the rare
/// positions, vector scan of common pairs) against the plain sweep: 200,000
/// heaps in a release build, 30,000 in a debug build.
#[test]
fn the_narrow_grundy_kernel_equals_the_plain_sweep() {
    let grundy = TakeBreak::grundy();
    let to = if cfg!(debug_assertions) {
        30_000
    } else {
        200_000
    };
    let fast = values(&grundy, to, Method::RareCommon);
    assert_eq!(fast, values(&grundy, to, Method::Plain));
    assert_eq!(&fast[..A002188.len()], &A002188[..]);
    // Past heap 30,000 every value is above 63: the narrow kernel, not the
    // one-word one, computed most of them.
    assert!(fast.iter().max().is_some_and(|&max| max >= 128));
}

/// The 512-mark kernel (values from 256 to 511, two-byte table) on 0.04.
#[test]
fn the_wide_narrow_kernel_equals_the_plain_sweep() {
    let code = TakeBreak::octal("0.04").unwrap();
    let to = if cfg!(debug_assertions) {
        12_000
    } else {
        40_000
    };
    let fast = values(&code, to, Method::RareCommon);
    assert!(fast.iter().max().is_some_and(|&max| max >= 256));
    assert_eq!(fast, values(&code, to, Method::Plain));
}

fn octal_code() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("0"), Just("4")],
        proptest::collection::vec(0u8..8, 1..4),
    )
        .prop_map(|(first, digits)| {
            let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            format!("{first}.{text}")
        })
}

fn hex_code() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("0"), Just("4"), Just("8")],
        proptest::collection::vec(0u8..16, 1..3),
    )
        .prop_map(|(first, digits)| {
            let text: String = digits.iter().map(|d| format!("{d:X}")).collect();
            format!("{first}.{text}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn all_methods_give_identical_values_on_octal_codes(code in octal_code(), to in 0u64..400) {
        let rule = TakeBreak::octal(&code).unwrap();
        let naive = values(&rule, to, Method::Naive);
        for method in [Method::Plain, Method::RareCommon, Method::Auto] {
            prop_assert_eq!(&values(&rule, to, method), &naive, "{} {:?}", code, method);
        }
    }

    #[test]
    fn all_methods_give_identical_values_on_hexadecimal_codes(code in hex_code(), to in 0u64..90) {
        let rule = TakeBreak::hexadecimal(&code).unwrap();
        let naive = values(&rule, to, Method::Naive);
        for method in [Method::Plain, Method::RareCommon, Method::Auto] {
            prop_assert_eq!(&values(&rule, to, method), &naive, "{} {:?}", code, method);
        }
    }

    #[test]
    fn a_proven_period_agrees_with_a_long_direct_sweep(code in octal_code()) {
        let rule = TakeBreak::octal(&code).unwrap();
        let outcome = run(&rule, Config::up_to(2000), None, Control::default()).unwrap();
        if let Some(found) = outcome.periodicity.filter(|found| found.proven) {
            let direct = values(&rule, 3000, Method::Plain);
            for (heap, &value) in direct.iter().enumerate() {
                prop_assert_eq!(outcome.get(heap as u64), Some(value), "{} heap {}", code, heap);
            }
            prop_assert!(found.examined <= outcome.table.len() as u64);
        }
    }
}

#[test]
fn hexadecimal_three_heap_proof_agrees_with_a_long_sweep() {
    for code in ["0.F", "8.1", "0.8", "0.48"] {
        let rule = TakeBreak::hexadecimal(code).unwrap();
        let outcome = run(&rule, Config::up_to(300), None, Control::default()).unwrap();
        let direct = values(&rule, 400, Method::Naive);
        if outcome.periodicity.is_some_and(|found| found.proven) {
            for (heap, &value) in direct.iter().enumerate() {
                assert_eq!(outcome.get(heap as u64), Some(value), "{code} heap {heap}");
            }
        }
    }
}

/// Every one-digit hexadecimal code with a three-heap split (D.E), and the
/// two-digit codes 0.?8 and 0.8?: the pair-set pass (rare/common and
/// automatic) against the plain sweep of every triple.
#[test]
fn three_heap_codes_agree_with_the_plain_sweep() {
    let to = if cfg!(debug_assertions) { 300 } else { 2000 };
    let mut codes = Vec::new();
    for first in ["0", "4", "8", "C"] {
        for digit in 0..16 {
            codes.push(format!("{first}.{digit:X}"));
        }
    }
    for digit in 0..16 {
        codes.push(format!("0.{digit:X}8"));
        codes.push(format!("0.8{digit:X}"));
    }
    let mut tested = 0;
    for code in codes {
        let rule = TakeBreak::hexadecimal(&code).unwrap();
        if rule.split_three().is_empty() {
            continue;
        }
        tested += 1;
        let plain = values(&rule, to, Method::Plain);
        for method in [Method::RareCommon, Method::Auto] {
            assert_eq!(values(&rule, to, method), plain, "{code} {method:?}");
        }
    }
    assert_eq!(tested, 80);
}

/// Checksums of g(0..=10,000) by the plain sweep (`sprague values hex:0.0008
/// --to 10000 --summary --no-period --method plain`: 36 s; 8.1: 38 s).
const PLAIN_0_0008: u64 = 0x02fa_2b78_5607_9bd1;
const PLAIN_8_1: u64 = 0xee49_e271_58d9_3c7e;

/// The checksum of g(0..=10,000) of two three-heap codes by the pair-set pass
/// equals the one the plain sweep gave (recorded above: the plain sweep is
/// cubic, the pair sets take about 1 s).
#[test]
#[ignore = "minutes in a debug build; run with --release --ignored"]
fn three_heap_checksums_over_a_long_run() {
    for (code, plain) in [("0.0008", PLAIN_0_0008), ("8.1", PLAIN_8_1)] {
        let rule = TakeBreak::hexadecimal(code).unwrap();
        for method in [Method::RareCommon, Method::Auto] {
            let config = Config {
                method,
                stop_when_proven: false,
                ..Config::up_to(10_000)
            };
            let outcome = run(&rule, config, None, Control::default()).unwrap();
            assert_eq!(
                outcome.checksum_to(10_000),
                Some(plain),
                "{code} {method:?}"
            );
        }
    }
}

/// A. Flammenkamp's example of sparse space in the domain: in 0.051 a
/// position n is rare when the parity of g(n) is that of n; only 3, 7, 13,
/// 17, 27 and 37 (and 0) are. The engine finds that class and the values
/// agree with the plain and naive sweeps.
#[test]
fn position_parity_gives_flammenkamps_sparse_positions_of_0_051() {
    let rule = TakeBreak::octal("0.051").unwrap();
    let to = 3000;
    let config = Config {
        method: Method::RareCommon,
        stop_when_proven: false,
        ..Config::up_to(to)
    };
    let outcome = run(&rule, config, None, Control::default()).unwrap();
    assert_eq!(outcome.stats.rare_position, Some(0));
    assert_eq!(outcome.stats.rare_count, 6);
    assert_eq!(outcome.stats.last_rare, Some(37));
    let fast = outcome.table.to_vec();
    let rare: Vec<usize> = (1..fast.len())
        .filter(|&n| (fast[n] & outcome.stats.rare_mask).count_ones() % 2 == (n % 2) as u32)
        .collect();
    assert_eq!(rare, [3, 7, 13, 17, 27, 37]);
    assert_eq!(fast, values(&rule, to, Method::Plain));
    assert_eq!(fast[..400], values(&rule, 399, Method::Naive)[..]);
    assert_eq!(values(&rule, to, Method::Auto), fast);
}

/// 0.104 and 0.106 have no sparse space by value (the best mask leaves
/// nearly half of g(1..=20,000) rare) but do with the parity of the position
/// (n rare when the parity of g(n) ∧ M is that of n − 1): 20 and 15 rare
/// positions. The sweep finds those classes; values equal the plain sweep's.
#[test]
fn position_parity_makes_0_104_and_0_106_sparse() {
    use sprague_takebreak::sweep::{best_mask, is_rare};
    let to = 20_000;
    for (code, mask, rare_count, last_rare) in [("0.104", 0x17, 20, 284), ("0.106", 0xd, 15, 1103)]
    {
        let rule = TakeBreak::octal(code).unwrap();
        let config = Config {
            stop_when_proven: false,
            ..Config::up_to(to)
        };
        let outcome = run(&rule, config, None, Control::default()).unwrap();
        let stats = outcome.stats;
        assert_eq!(
            (
                stats.rare_mask,
                stats.rare_position,
                stats.rare_count,
                stats.last_rare
            ),
            (mask, Some(1), rare_count, Some(last_rare)),
            "{code}"
        );
        let fast = outcome.table.to_vec();
        assert_eq!(fast, values(&rule, to, Method::Plain), "{code}");
        let mut counts = vec![0u64; 64];
        for &value in &fast[1..] {
            counts[value as usize] += 1;
        }
        let by_value = best_mask(&counts);
        let rare_by_value = fast[1..]
            .iter()
            .filter(|&&value| is_rare(value, by_value))
            .count();
        assert!(rare_by_value > 9000, "{code}: {rare_by_value}");
    }
}

#[test]
fn periods_of_the_classics_are_proven_early() {
    for (code, preperiod, period) in [("0.07", 53, 34), ("0.77", 71, 12), ("0.137", 52, 34)] {
        let rule = TakeBreak::octal(code).unwrap();
        let outcome = run(&rule, Config::up_to(1_000_000), None, Control::default()).unwrap();
        let found = outcome.periodicity.unwrap();
        assert_eq!(
            (found.preperiod, found.period, found.proven),
            (preperiod, period, true)
        );
        assert_eq!(outcome.status, Status::Proven);
        assert!(
            outcome.table.len() < 1000,
            "{code}: stopped after the proof"
        );
        assert!(outcome.get(1_000_000).is_some());
    }
}

#[test]
fn interrupted_and_resumed_runs_give_the_same_values() {
    let grundy = TakeBreak::grundy();
    let full = values(&grundy, 5000, Method::Auto);
    // Resume from a prefix, as from a checkpoint.
    let prefix = ValueTable::U8(full[..1234].iter().map(|&v| v as u8).collect());
    let config = Config {
        stop_when_proven: false,
        ..Config::up_to(5000)
    };
    let resumed = run(&grundy, config, Some(prefix), Control::default()).unwrap();
    assert_eq!(resumed.table.to_vec(), full);
    // A stop flag already set stops at once.
    let stop = AtomicBool::new(true);
    let control = Control {
        stop: Some(&stop),
        ..Control::default()
    };
    let stopped = run(&grundy, config, None, control).unwrap();
    assert_eq!(stopped.status, Status::Interrupted);
    assert!(stopped.table.len() < full.len());
}

#[test]
fn tables_widen_when_values_grow() {
    // 0.? codes with values above 255: the hexadecimal code 4.0 splits freely … use a
    // code whose values grow: 0.6 (remove one token, leaving one or two heaps).
    let rule = TakeBreak::octal("0.6").unwrap();
    let outcome = run(&rule, Config::up_to(40_000), None, Control::default()).unwrap();
    assert!(outcome.stats.max_value > 255);
    assert_eq!(outcome.table.bytes_per_value(), 2);
    let plain = values(&rule, 3000, Method::Naive);
    assert_eq!(&outcome.table.to_vec()[..3001], &plain[..]);
}

#[test]
fn survey_rows_of_known_codes() {
    let rows = survey("0.?7", 4096, Duration::from_secs(20), 2).unwrap();
    let row = |code: &str| rows.iter().find(|row| row.code == code).unwrap().clone();
    let dawson = row("0.07");
    assert_eq!(
        (dawson.verdict, dawson.preperiod, dawson.period),
        (Verdict::Periodic, Some(53), Some(34))
    );
    let kayles = row("0.77");
    assert_eq!(
        (kayles.verdict, kayles.preperiod, kayles.period),
        (Verdict::Periodic, Some(71), Some(12))
    );
    let rows = survey("0.1?7", 4096, Duration::from_secs(20), 2).unwrap();
    let chess = rows.iter().find(|row| row.code == "0.137").unwrap();
    assert_eq!((chess.preperiod, chess.period), (Some(52), Some(34)));
}

#[test]
#[ignore = "0.16 needs about 600,000 values: seconds in a release build, minutes in a debug one; run with --release --ignored"]
fn octal_0_16_has_period_149459_from_105351() {
    let rule = TakeBreak::octal("0.16").unwrap();
    let outcome = run(&rule, Config::up_to(1 << 20), None, Control::default()).unwrap();
    let found = outcome.periodicity.unwrap();
    assert_eq!(
        (found.preperiod, found.period, found.proven),
        (105_351, 149_459, true)
    );
}

#[test]
#[ignore = "0.56 needs about 650,000 values: run with --release --ignored"]
fn octal_0_56_has_period_144_from_326640() {
    let rule = TakeBreak::octal("0.56").unwrap();
    let outcome = run(&rule, Config::up_to(1 << 20), None, Control::default()).unwrap();
    let found = outcome.periodicity.unwrap();
    assert_eq!(
        (found.preperiod, found.period, found.proven),
        (326_640, 144, true)
    );
}
