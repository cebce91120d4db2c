//! Misère sums of take-and-break games answered through the misère quotient
//! (`sprague_games::misere_quotient`) agree with the exact misère search of the
//! engine (`sprague_engine::misere::MisereSearch`, an independent computation:
//! a memoised search of canonical sums), in outcome and in the set of winning
//! moves; and the `misere:GAME` face sends large sums to the quotient.

mod common;

use std::collections::BTreeSet;

use common::Lcg;
use sprague_engine::Outcome;
use sprague_games::misere::heap_misere_report;
use sprague_games::misere_quotient::QuotientCache;
use sprague_takebreak::TakeBreak;

fn sorted_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    words.sort();
    words
}

#[test]
fn quotient_answers_equal_the_exact_search() {
    let mut random = Lcg(2026);
    for (code, largest) in [("0.77", 10), ("0.07", 14), ("4.7", 8), ("0.137", 10)] {
        let rule = TakeBreak::octal(code).unwrap();
        let cache = QuotientCache::new();
        let mut p_positions = 0;
        for _ in 0..40 {
            let heaps: Vec<u64> = (0..1 + random.below(3))
                .map(|_| 1 + random.below(largest))
                .collect();
            let Some(through_quotient) = cache.answer(&rule, &heaps) else {
                continue; // the quotient stops before these heaps (tested below for Kayles)
            };
            let exact = heap_misere_report(&rule, &heaps).unwrap();
            assert_eq!(
                through_quotient.report.outcome, exact.outcome,
                "{code} {heaps:?}"
            );
            let moves = |report: &sprague_games::Report| -> BTreeSet<Vec<String>> {
                report
                    .winning_moves
                    .iter()
                    .map(|m| sorted_words(&m.to))
                    .collect()
            };
            assert_eq!(
                moves(&through_quotient.report),
                moves(&exact),
                "{code} {heaps:?}"
            );
            p_positions += usize::from(exact.outcome == Outcome::P);
        }
        assert!(p_positions > 0, "{code}: no P-position met");
    }
}

/// Misère Kayles is answered for heaps of any size once its heap map is proven
/// periodic (period 12 from heap 71: Plambeck–Siegel 2008, Table 3; the quotient
/// has order 40), and a sum too large for any exact search is answered at once
/// (`analyze misere:kayles 40 40 40` goes this way: the CLI test `quotient.rs`).
#[test]
fn misere_kayles_large_sums_go_through_the_proven_quotient() {
    let cache = QuotientCache::new();
    let rule = TakeBreak::octal("0.77").unwrap();
    // Each call extends the quotient within its time budget (a debug build may need several).
    let huge = (0..100)
        .find_map(|_| cache.answer(&rule, &[1_000_000_000_000]))
        .expect("the quotient is proven within 100 budgets");
    assert!(huge.proven);
    assert_eq!(huge.order, 40);
    // The period: heap n and heap n + 12 have the same image beyond the preperiod.
    for n in [71u64, 100, 1_000_003] {
        let a = cache.answer(&rule, &[n, 5]).unwrap();
        let b = cache.answer(&rule, &[n + 12, 5]).unwrap();
        assert_eq!(a.element, b.element, "{n}");
    }
}
