//! The `rule:` notation against independent computation: a plain memoised
//! mex over explicit option multisets written here (every way to remove r
//! tokens and split the rest into k non-empty heaps, pairwise different where
//! the rule says `u`), for random rules and every method of the engine; and
//! the `rule:` forms of known codes against the codes themselves.

use std::collections::BTreeSet;

use proptest::prelude::*;
use sprague_takebreak::{run, Config, Control, Method, TakeBreak};

fn values(rule: &TakeBreak, to: u64, method: Method, threads: usize) -> Vec<u32> {
    let config = Config {
        to,
        horizon: to,
        stop_when_proven: false,
        method,
        threads,
    };
    run(rule, config, None, Control::default())
        .unwrap()
        .table
        .to_vec()
}

/// One clause of a rule: removal counts, and part counts with their unequal flags.
#[derive(Debug, Clone)]
struct Clause {
    removals: BTreeSet<usize>,
    parts: Vec<(usize, bool)>,
}

/// Visits every multiset of `count` non-empty heaps summing to `total`
/// (sorted ascending, after the heaps in `prefix`), listed by recursion.
fn splits(
    total: usize,
    count: usize,
    smallest: usize,
    prefix: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]),
) {
    if count == 0 {
        if total == 0 {
            visit(prefix);
        }
        return;
    }
    for heap in smallest..=total {
        if heap * count > total {
            break;
        }
        prefix.push(heap);
        splits(total - heap, count - 1, heap, prefix, visit);
        prefix.pop();
    }
}

/// g(0..=to) by the definition: g(n) is the mex of the nim-sums of every
/// option of n, each option an explicit multiset of heaps.
fn brute_force(clauses: &[Clause], to: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(to + 1);
    for n in 0..=to {
        let mut seen = vec![false; 2 * n + 2];
        for clause in clauses {
            for &removed in clause.removals.iter().filter(|&&removed| removed <= n) {
                for &(count, unequal) in &clause.parts {
                    if removed == 0 && count < 2 {
                        continue;
                    }
                    splits(n - removed, count, 1, &mut Vec::new(), &mut |option| {
                        if unequal && option.windows(2).any(|pair| pair[0] == pair[1]) {
                            return;
                        }
                        let value = option.iter().fold(0, |total, &heap| total ^ g[heap]) as usize;
                        if value >= seen.len() {
                            seen.resize(value + 1, false);
                        }
                        seen[value] = true;
                    });
                }
            }
        }
        g.push(seen.iter().position(|&seen| !seen).unwrap_or(seen.len()) as u32);
    }
    g
}

/// The text of the clauses, as a user types it.
fn text(clauses: &[Clause]) -> String {
    let written: Vec<String> = clauses
        .iter()
        .map(|clause| {
            let removals: Vec<String> = clause.removals.iter().map(usize::to_string).collect();
            let parts: Vec<String> = clause
                .parts
                .iter()
                .map(|&(count, unequal)| format!("{count}{}", if unequal { "u" } else { "" }))
                .collect();
            format!("{}:{}", removals.join(","), parts.join(","))
        })
        .collect();
    format!("rule:{}", written.join(";"))
}

/// A random clause: removals among 0..=4, part counts 0..=3 (2 and 3 possibly
/// unequal); removal 0 only with splits.
fn clause(max_parts: usize) -> impl Strategy<Value = Clause> {
    (
        proptest::collection::btree_set(0usize..5, 1..3),
        proptest::collection::vec((0usize..=max_parts, any::<bool>()), 1..3),
    )
        .prop_map(|(removals, parts)| {
            let splits_only = parts.iter().all(|&(count, _)| count >= 2);
            let removals = if splits_only {
                removals
            } else {
                removals.into_iter().map(|removed| removed.max(1)).collect()
            };
            let parts = parts
                .into_iter()
                .map(|(count, unequal)| (count, unequal && count >= 2))
                .collect();
            Clause { removals, parts }
        })
}

fn check(clauses: &[Clause], to: u64) -> Result<(), TestCaseError> {
    let written = text(clauses);
    let rule = TakeBreak::rule(&written).unwrap();
    let expected = brute_force(clauses, to as usize);
    for method in [
        Method::Naive,
        Method::Plain,
        Method::RareCommon,
        Method::Auto,
    ] {
        for threads in [1, 2] {
            prop_assert_eq!(
                &values(&rule, to, method, threads),
                &expected,
                "{} ({}) {:?} threads {}",
                written,
                rule,
                method,
                threads
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn two_heap_rules_agree_with_a_memoised_mex(
        clauses in proptest::collection::vec(clause(2), 1..4),
        to in 0u64..300,
    ) {
        check(&clauses, to)?;
    }

    #[test]
    fn three_heap_rules_agree_with_a_memoised_mex(
        clauses in proptest::collection::vec(clause(3), 1..4),
        to in 0u64..70,
    ) {
        check(&clauses, to)?;
    }
}

/// Unequal splits at several removal counts, far enough for the rare/common
/// sweep and its narrow kernels (values from 64 to 511: `rule:1-40:1;0,2:2u`
/// reaches 128 by heap 600) to run.
#[test]
fn unequal_split_rules_agree_with_a_memoised_mex_at_length() {
    let to = if cfg!(debug_assertions) { 700 } else { 4000 };
    let rules = [
        "rule:0:2u;1:2u",
        "rule:1:1;2:2u",
        "rule:0,2:2u;1:0",
        "rule:1-40:1;0,2:2u",
        "rule:1-12:0-1;1:2u;0:2",
    ];
    for written in rules {
        let rule = TakeBreak::rule(written).unwrap();
        let parse = |text: &str| -> Vec<Clause> {
            text.trim_start_matches("rule:")
                .split(';')
                .map(|clause| {
                    let (removals, parts) = clause.split_once(':').unwrap();
                    Clause {
                        removals: removals
                            .split(',')
                            .flat_map(|item| {
                                let (low, high) = item.split_once('-').unwrap_or((item, item));
                                low.parse::<usize>().unwrap()..=high.parse().unwrap()
                            })
                            .collect(),
                        parts: parts
                            .split(',')
                            .flat_map(|item| {
                                let unequal = item.ends_with('u');
                                let item = item.trim_end_matches('u');
                                let (low, high) = item.split_once('-').unwrap_or((item, item));
                                (low.parse::<usize>().unwrap()..=high.parse().unwrap())
                                    .map(move |count| (count, unequal))
                            })
                            .collect(),
                    }
                })
                .collect()
        };
        let clauses = parse(written);
        let expected = brute_force(&clauses, to as usize);
        for method in [Method::Plain, Method::RareCommon, Method::Auto] {
            assert_eq!(
                values(&rule, to, method, 2),
                expected,
                "{written} {method:?}"
            );
        }
    }
}

/// The `rule:` forms of 0.77, 0.07, 0.137, 4.7, a hexadecimal code and
/// Grundy's game: the same values, the same period and the same theorem.
#[test]
fn rule_forms_of_codes_give_the_codes_values() {
    let cases = [
        ("rule:1-2:0-2", TakeBreak::octal("0.77").unwrap(), "0.77"),
        ("rule:2:0-2", TakeBreak::octal("0.07").unwrap(), "0.07"),
        (
            "rule:1:0;2:0-1;3:0-2",
            TakeBreak::octal("0.137").unwrap(),
            "0.137",
        ),
        ("rule:0:2;1:0-2", TakeBreak::octal("4.7").unwrap(), "4.7"),
        (
            "rule:1:0-3",
            TakeBreak::hexadecimal("0.F").unwrap(),
            "hex:0.F",
        ),
        ("rule:0:2u", TakeBreak::grundy(), "grundy"),
    ];
    for (written, code, same) in cases {
        let rule = TakeBreak::rule(written).unwrap();
        assert_eq!(rule.to_string(), written);
        assert_eq!(rule.same_code().as_deref(), Some(same));
        assert_eq!(rule.theorem(), code.theorem(), "{written}");
        assert_eq!(code.rule_text(), written.trim_start_matches("rule:"));
        let to = if code.max_parts() == 3 { 300 } else { 3000 };
        for method in [Method::Plain, Method::RareCommon, Method::Auto] {
            assert_eq!(
                values(&rule, to, method, 1),
                values(&code, to, method, 1),
                "{written} {method:?}"
            );
        }
        let found = |rule: &TakeBreak| {
            let outcome = run(rule, Config::up_to(to), None, Control::default()).unwrap();
            outcome
                .periodicity
                .map(|found| (found.preperiod, found.period, found.proven))
        };
        assert_eq!(found(&rule), found(&code), "{written}");
    }
}

#[test]
fn identities_are_canonical_and_distinct_from_the_codes() {
    let a = TakeBreak::rule("rule:2:0-2;1:2,0-1").unwrap();
    let b = TakeBreak::rule("1-2:0-2").unwrap();
    assert_eq!(a.identity(), b.identity());
    assert_eq!(a.identity(), "rule 1-2:0-2");
    assert_ne!(a.identity(), TakeBreak::octal("0.77").unwrap().identity());
    assert_eq!(TakeBreak::rule("0:2u;1:3u").unwrap().same_code(), None);
}

#[test]
fn parse_errors_give_one_clear_sentence() {
    let cases = [
        ("rule:", "no clause"),
        ("rule:1-2", "has no ':'"),
        ("rule:1:4", "'4' is above 3"),
        ("rule:65:1", "above 64"),
        ("rule:3-1:1", "is empty"),
        ("rule:0:0-1", "removing 0 tokens must split"),
        ("rule:1:1u", "only splits into 2 or 3"),
        ("rule:a:1", "not a number"),
        ("rule:1:2;;", "has no ':'"),
    ];
    for (written, expected) in cases {
        let error = TakeBreak::rule(written).unwrap_err().to_string();
        assert!(error.contains(expected), "{written}: {error}");
        assert!(error.starts_with("invalid take-and-break rule"), "{error}");
        assert!(!error.contains('\n'), "{error}");
    }
}
