//! Misère quotients against exact misère search (the engine's `MisereSearch`,
//! an independent computation: memoised play of the concrete sums).

use sprague_engine::{misere::MisereSearch, HeapGame, Heaps};
use sprague_misere::verify::{check, HeapType};
use sprague_misere::{BipartiteMonoid, MisereQuotient, QuotientLimits};
use sprague_takebreak::TakeBreak;

fn quotient(code: &str, heaps: u64) -> MisereQuotient<TakeBreak> {
    let mut q = MisereQuotient::take_break(TakeBreak::octal(code).unwrap());
    q.extend_to(heaps).unwrap();
    q
}

fn search(code: &str) -> MisereSearch<HeapGame<TakeBreak>> {
    MisereSearch::new(HeapGame::new(TakeBreak::octal(code).unwrap()), 20_000_000)
}

/// Every multiset of at most `count` heaps of sizes 1..=max.
fn sums(max: u64, count: usize) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..count {
        let mut next = Vec::new();
        for sum in &frontier {
            let low = sum.last().copied().unwrap_or(1);
            for h in low..=max {
                let mut grown: Vec<u64> = sum.clone();
                grown.push(h);
                next.push(grown);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

fn assert_outcomes_match(q: &MisereQuotient<TakeBreak>, code: &str, sums: &[Vec<u64>]) {
    let mut exact = search(code);
    for sum in sums {
        let answer = q.answer(sum, 0).unwrap();
        let next_wins = exact.next_player_wins(&[Heaps::new(sum.clone())]).unwrap();
        assert_eq!(answer.p_position, !next_wins, "{code}: sum {sum:?}");
    }
}

#[test]
fn kayles_quotient_is_proven_for_all_heaps() {
    let q = quotient("0.77", 400);
    let proof = q.proof().expect("misère Kayles' heap map is periodic");
    // The proof's window: N + 1 ≥ k(n₀ + p) + t.
    assert!(proof.checked_to + 1 >= proof.parts * (proof.preperiod + proof.period) + proof.removed);
    for h in proof.preperiod..proof.preperiod + 3 * proof.period {
        assert_eq!(q.image(h), q.image(h + proof.period));
    }
    assert!(q.monoid().is_reduced());
    assert!(q.monoid().is_associative());
    // Impartial misère quotients have even order (Plambeck–Siegel 2008, Cor. 5.?).
    assert_eq!(q.monoid().order() % 2, 0);
}

#[test]
fn kayles_outcomes_equal_exact_search_on_all_sums_of_three_heaps_up_to_12() {
    let q = quotient("0.77", 400);
    assert_outcomes_match(&q, "0.77", &sums(12, 3));
}

#[test]
fn kayles_outcomes_equal_exact_search_on_random_larger_sums() {
    let q = quotient("0.77", 400);
    // A fixed linear congruential stream: sums of 2 to 4 heaps of at most 30 tokens in all.
    let mut state: u64 = 0x5eed;
    let mut next = |bound: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % bound
    };
    let mut random = Vec::new();
    while random.len() < 40 {
        let count = 2 + next(3) as usize;
        let sum: Vec<u64> = (0..count).map(|_| 1 + next(16)).collect();
        if sum.iter().sum::<u64>() <= 30 {
            random.push(sum);
        }
    }
    assert_outcomes_match(&q, "0.77", &random);
}

#[test]
fn kayles_winning_moves_lead_to_p_positions_by_exact_search() {
    let q = quotient("0.77", 400);
    let mut exact = search("0.77");
    for sum in [
        vec![7, 9],
        vec![3, 5, 8],
        vec![12],
        vec![4, 4, 6],
        vec![10, 11],
    ] {
        let answer = q.answer(&sum, usize::MAX).unwrap();
        assert_eq!(
            answer.p_position,
            answer.winning_moves.is_empty(),
            "{sum:?}"
        );
        for m in &answer.winning_moves {
            let mut after = sum.clone();
            after.remove(m.index);
            after.extend(&m.to);
            assert!(
                !exact
                    .next_player_wins(&[Heaps::new(after.clone())])
                    .unwrap(),
                "{sum:?} → {after:?}"
            );
        }
    }
}

#[test]
fn kayles_elements_are_told_apart_by_exact_search() {
    // Lower bound on the order, independent of the construction: for every pair
    // of elements with small representatives, a test sum whose outcome differs.
    let q = quotient("0.77", 400);
    let m = q.monoid();
    let mut exact = search("0.77");
    let mut pairs = 0;
    let small: Vec<u32> = (0..m.order() as u32)
        .filter(|&x| q.representative(x).iter().sum::<u64>() <= 12)
        .collect();
    for (i, &x) in small.iter().enumerate() {
        for &y in &small[..i] {
            let z = (0..m.order() as u32)
                .filter(|&z| q.representative(z).iter().sum::<u64>() <= 12)
                .find(|&z| m.is_p(m.mul(x, z)) != m.is_p(m.mul(y, z)));
            let Some(z) = z else { continue };
            let with = |a: u32| {
                let mut s = q.representative(a).to_vec();
                s.extend(q.representative(z));
                Heaps::new(s)
            };
            let px = exact.next_player_wins(&[with(x)]).unwrap();
            let py = exact.next_player_wins(&[with(y)]).unwrap();
            assert_ne!(px, py, "elements {x} and {y}, test {z}");
            pairs += 1;
        }
    }
    assert!(pairs >= 100, "only {pairs} pairs checked");
}

#[test]
fn small_octal_games_agree_with_exact_search() {
    for code in [
        "0.12", "0.14", "0.31", "0.34", "0.51", "0.6", "0.71", "0.72", "0.07", "0.137", "4.7",
    ] {
        let rule = TakeBreak::octal(code).unwrap();
        let mut q = MisereQuotient::take_break(rule);
        q.extend_to(9).unwrap();
        assert_outcomes_match(&q, code, &sums(9, 3));
    }
}

#[test]
fn the_check_refutes_a_wrong_quotient() {
    let q = quotient("0.77", 30);
    let m = q.monoid();
    let types: Vec<HeapType> = (1..=30)
        .map(|h| {
            let mut options = Vec::new();
            sprague_engine::HeapFamily::for_each_option(q.family(), h, &mut |parts| {
                options.push(q.image_of_sum(parts).unwrap());
            });
            options.sort_unstable();
            options.dedup();
            HeapType {
                image: q.image(h).unwrap(),
                options,
            }
        })
        .collect();
    assert!(check(m, &types, 1_000_000).is_ok());
    // Move one element in or out of P: refuted.
    for x in 0..m.order() as u32 {
        let n = m.order() as u32;
        let table: Vec<u32> = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .map(|(a, b)| m.mul(a, b))
            .collect();
        let p: Vec<bool> = (0..n).map(|y| m.is_p(y) != (y == x)).collect();
        let wrong = BipartiteMonoid::new(table, p).unwrap();
        assert!(check(&wrong, &types, 1_000_000).is_err(), "flipping {x}");
    }
    // Give heap 5 another image: refuted.
    let mut wrong_types = types.clone();
    wrong_types[4].image = q.image(2).unwrap();
    assert!(check(m, &wrong_types, 1_000_000).is_err());
}

#[test]
fn growth_past_the_limit_is_one_sentence_with_order_and_heap() {
    let mut q =
        MisereQuotient::take_break(TakeBreak::octal("0.77").unwrap()).with_limits(QuotientLimits {
            max_order: 10,
            ..QuotientLimits::default()
        });
    let error = q.extend_to(100).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the quotient reached order 12 at heap 5, past the limit 10"
    );
    // The heaps before stay computed.
    assert_eq!(q.heaps(), 4);
}

/// The misère column of a survey stops with the heap and the limit's sentence,
/// and keeps the order of the last quotient proven.
#[test]
fn survey_column_reports_where_a_limit_stops() {
    use sprague_misere::survey::{misere_column, MisereStatus};
    // Dawson's Kayles: orders 2, 6, 12 at heaps 2, 4, 10; order 12 > 8 stops at heap 10.
    let limits = QuotientLimits {
        max_order: 8,
        ..QuotientLimits::default()
    };
    let column = misere_column("0.07", 100, limits).expect("an octal code");
    assert_eq!(column.status, MisereStatus::Stopped);
    assert_eq!(column.stopped_at, Some(10));
    assert_eq!(column.heaps, 9);
    assert_eq!(column.order, 6);
    let reason = column.reason.clone().unwrap_or_default();
    assert!(
        reason.contains("order 12 at heap 10, past the limit 8"),
        "{reason}"
    );
    assert_eq!(column.short(), "6 to heap 9, stops at 10 (order)");
    // Too few exact outcomes for the first split.
    let limits = QuotientLimits {
        max_outcomes: 10,
        ..QuotientLimits::default()
    };
    let column = misere_column("0.07", 100, limits).expect("an octal code");
    assert_eq!(column.status, MisereStatus::Stopped);
    let reason = column.reason.clone().unwrap_or_default();
    assert!(reason.contains("more than 10 sums"), "{reason}");
    assert!(reason.contains(&format!("at heap {}", column.stopped_at.unwrap_or(0))));
    // Within the heaps given, no period yet: computed.
    let column = misere_column("0.77", 20, QuotientLimits::default()).expect("an octal code");
    assert_eq!(column.status, MisereStatus::Computed);
    assert_eq!((column.heaps, column.order), (20, 24));
    // Not an octal code.
    assert!(misere_column("0.9", 10, QuotientLimits::default()).is_err());
}
