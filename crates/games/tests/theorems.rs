//! Theorems checked against search: closed forms against the generic solver,
//! the Sprague–Grundy theorem against a brute-force win/loss search of whole
//! sums, winning moves against the definition of P-positions, and proven
//! periods against longer direct sweeps.

use std::collections::HashMap;

use proptest::prelude::*;
use sprague_engine::{analyze, sweep, GrundySolver, HeapFamily, HeapGame, Heaps, Outcome};
use sprague_games::{BashGame, GrundysGame, LaskersNim, Nim, OctalGame, SubtractionGame};

/// A family with its closed forms and periodicity theorem hidden, so every
/// value comes from the mex rule and sweeps run to the end.
struct WithoutClosedForm<F>(F);

impl<F: HeapFamily> HeapFamily for WithoutClosedForm<F> {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        self.0.for_each_option(heap, visit)
    }
}

fn assert_closed_form_matches_search<F: HeapFamily + Clone>(family: F, up_to: u64) {
    let mut search = GrundySolver::by_search(HeapGame::new(WithoutClosedForm(family.clone())));
    let swept = sweep(&WithoutClosedForm(family.clone()), up_to, 0).expect("small sweep");
    for heap in 0..=up_to {
        let by_search = search.grundy(&Heaps::single(heap)).expect("acyclic");
        assert_eq!(
            family.closed_form(heap),
            Some(by_search),
            "closed form at heap {heap}"
        );
        assert_eq!(swept.get(heap), Some(by_search), "sweep at heap {heap}");
    }
}

#[test]
fn nim_closed_form_is_the_heap_size() {
    assert_closed_form_matches_search(Nim, 80);
}

#[test]
fn bash_closed_form_is_n_mod_m_plus_one() {
    for largest_take in 1..=6 {
        assert_closed_form_matches_search(BashGame::new(largest_take).expect("M ≥ 1"), 80);
    }
}

#[test]
fn laskers_nim_closed_form() {
    assert_closed_form_matches_search(LaskersNim, 80);
}

#[test]
fn subtraction_1_3_4_has_p_positions_0_and_2_mod_7() {
    let game = SubtractionGame::new(vec![1, 3, 4]).expect("valid set");
    let values = sweep(&game, 200, 0).expect("small sweep");
    for n in 0..=200 {
        assert_eq!(
            values.get(n) == Some(0),
            n % 7 == 0 || n % 7 == 2,
            "n = {n}"
        );
    }
    let period = values.periodicity().expect("periodic");
    assert_eq!(
        (period.preperiod, period.period, period.proven),
        (0, 7, true)
    );
}

/// Win/loss of a whole position by brute force, with no use of Grundy values.
fn next_player_wins<F: HeapFamily>(
    family: &F,
    heaps: &[u64],
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut options: Vec<Vec<u64>> = Vec::new();
    for (index, &heap) in key.iter().enumerate() {
        family.for_each_option(heap, &mut |parts| {
            let mut next = key.clone();
            next.remove(index);
            next.extend_from_slice(parts);
            options.push(next);
        });
    }
    let wins = options
        .iter()
        .any(|option| !next_player_wins(family, option, memo));
    memo.insert(key, wins);
    wins
}

fn octal_code() -> impl Strategy<Value = OctalGame> {
    (
        prop_oneof![Just(0u8), Just(4u8)],
        proptest::collection::vec(0u8..8, 1..4),
    )
        .prop_filter_map("a code with a move", |(first, rest)| {
            let text: String = rest.iter().map(|d| char::from(b'0' + d)).collect();
            let code: OctalGame = format!("{first}.{text}").parse().ok()?;
            code.digits().iter().any(|&d| d != 0).then_some(code)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Sprague–Grundy theorem: a sum is a first-player win iff the XOR of its heaps' values is non-zero.
    #[test]
    fn sprague_grundy_theorem_on_octal_sums(code in octal_code(), heaps in proptest::collection::vec(0u64..9, 1..4)) {
        let values = sweep(&code, 8, 0).expect("small sweep");
        let total = heaps.iter().fold(0, |total, &h| total ^ values.get(h).expect("computed"));
        let mut memo = HashMap::new();
        prop_assert_eq!(next_player_wins(&code, &heaps, &mut memo), total != 0);
    }

    /// Every winning move leads to a P-position, and a P-position has none.
    #[test]
    fn winning_moves_lead_to_p_positions(code in octal_code(), heaps in proptest::collection::vec(0u64..12, 1..4)) {
        let mut solver = GrundySolver::new(HeapGame::new(code.clone()));
        let components: Vec<Heaps> = heaps.iter().map(|&h| Heaps::single(h)).collect();
        let analysis = analyze(&mut solver, &components).expect("acyclic");
        prop_assert_eq!(analysis.winning_moves.is_empty(), analysis.outcome == Outcome::P);
        let mut memo = HashMap::new();
        for winning in &analysis.winning_moves {
            let after: Vec<u64> = winning.result.iter().flat_map(|h| h.sizes().to_vec()).collect();
            prop_assert!(!next_player_wins(&code, &after, &mut memo), "move {} is not winning", winning.description);
        }
        // And no winning move is missed: every option to a P-position is listed.
        let mut winning_count = 0;
        for (index, &heap) in heaps.iter().enumerate() {
            code.for_each_option(heap, &mut |parts| {
                let mut after = heaps.clone();
                after.remove(index);
                after.extend_from_slice(parts);
                if !next_player_wins(&code, &after, &mut memo) {
                    winning_count += 1;
                }
            });
        }
        let mut distinct: Vec<(usize, Heaps)> = analysis.winning_moves.iter().map(|m| (m.component, m.to.clone())).collect();
        distinct.dedup();
        prop_assert!(winning_count >= distinct.len());
        prop_assert_eq!(winning_count == 0, distinct.is_empty());
    }

    /// A proven period (Guy–Smith) agrees with a direct sweep far beyond the values used for the proof.
    #[test]
    fn proven_octal_periods_hold_beyond_the_proof(code in octal_code()) {
        let values = sweep(&code, 0, 2048).expect("small sweep");
        if let Some(period) = values.periodicity().filter(|p| p.proven) {
            let horizon = (values.computed().len() as u64 * 3).min(3000);
            let direct = sweep(&WithoutClosedForm(code.clone()), horizon, 0).expect("small sweep");
            for n in 0..=horizon {
                prop_assert_eq!(values.get(n), direct.computed().get(n as usize).copied(), "n = {}, {}", n, period);
            }
        }
    }
}

#[test]
fn grundys_game_has_no_proof_of_periodicity() {
    let values = sweep(&GrundysGame, 2000, 0).expect("small sweep");
    assert!(values.periodicity().is_none_or(|period| !period.proven));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A period proven by the subtraction-window theorem agrees with a direct sweep far beyond the proof.
    #[test]
    fn proven_subtraction_periods_hold_beyond_the_proof(takes in proptest::collection::vec(1u64..12, 1..5)) {
        let game = SubtractionGame::new(takes).expect("positive takes");
        let values = sweep(&game, 0, 2048).expect("small sweep");
        let period = values.periodicity().expect("finite subtraction games are periodic");
        prop_assert!(period.proven);
        let direct = sweep(&WithoutClosedForm(game.clone()), 3000, 0).expect("small sweep");
        for n in 0..=3000 {
            prop_assert_eq!(values.get(n), direct.computed().get(n as usize).copied(), "n = {}", n);
        }
    }
}
