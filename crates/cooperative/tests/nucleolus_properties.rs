//! Properties of the exact core, least core and nucleolus on random small
//! TU games: efficiency, individual rationality, core membership, symmetry,
//! and lexicographic optimality of the sorted excess vector against the
//! Shapley value and random imputations.

use num_rational::BigRational;
use num_traits::Signed;
use proptest::prelude::*;
use sprague_cooperative::allocation::core_membership;
use sprague_cooperative::nucleolus::{core, least_core, nucleolus, prenucleolus, sorted_excesses};
use sprague_cooperative::{shapley, Coalition, CoopError, TuGame};
use sprague_strategic::linear_program::{LinearProgram, LpResult, Relation, Sense};

fn int(v: i64) -> BigRational {
    BigRational::from_integer(v.into())
}

/// A game of n players from integer values; when `symmetric` players 0 and
/// 1 are made symmetric by giving S and S with 0 and 1 swapped the same worth.
fn game(n: usize, values: &[i64], symmetric: bool) -> TuGame {
    TuGame::from_fn(n, |s| {
        if s == 0 {
            return int(0);
        }
        let swapped = (s & !3) | ((s & 1) << 1) | ((s >> 1) & 1);
        let key = if symmetric { s.min(swapped) } else { s };
        let v = values[key as usize % values.len()];
        // Some games get fractional values: a denominator from the last entry.
        let d = [1, 1, 2, 3, 7][values[0].rem_euclid(5) as usize];
        BigRational::new(v.into(), d.into())
    })
    .unwrap()
}

fn games() -> impl Strategy<Value = (TuGame, Vec<Vec<u32>>)> {
    (2usize..=5, any::<bool>())
        .prop_flat_map(|(n, symmetric)| {
            (
                Just(n),
                Just(symmetric),
                prop::collection::vec(-4i64..=12, 1 << n),
                prop::collection::vec(prop::collection::vec(1u32..=20, n), 4),
            )
        })
        .prop_map(|(n, symmetric, values, weights)| (game(n, &values, symmetric), weights))
}

/// Whether the coalitions are balanced: some weights λ_S > 0 have
/// Σ λ_S 1_S = 1_N (scaled: λ_S ≥ 1 and Σ λ_S 1_S = μ 1_N).
fn balanced(n: usize, coalitions: &[Coalition]) -> bool {
    let m = coalitions.len();
    let mut lp = LinearProgram::new(Sense::Minimize, vec![int(0); m + 1]);
    for i in 0..n {
        let mut row: Vec<BigRational> = coalitions
            .iter()
            .map(|s| int(i64::from(s >> i & 1)))
            .collect();
        row.push(int(-1));
        lp.add_constraint(row, Relation::Equal, int(0)).unwrap();
    }
    for k in 0..m {
        let mut row = vec![int(0); m + 1];
        row[k] = int(1);
        lp.add_constraint(row, Relation::GreaterEqual, int(1))
            .unwrap();
    }
    matches!(lp.solve(), LpResult::Optimal(_))
}

/// Kohlberg's (1971) criterion: an efficient x is the prenucleolus exactly
/// when every non-empty set {S proper : e(S, x) ≥ α} is balanced.
fn kohlberg(game: &TuGame, x: &[BigRational]) -> bool {
    let n = game.players();
    let grand: Coalition = (1 << n) - 1;
    let excess = |s: Coalition| {
        game.value(s)
            - (0..n)
                .filter(|i| s >> i & 1 == 1)
                .map(|i| &x[i])
                .sum::<BigRational>()
    };
    let mut levels: Vec<BigRational> = (1..grand).map(excess).collect();
    levels.sort();
    levels.dedup();
    levels.iter().all(|alpha| {
        let top: Vec<Coalition> = (1..grand).filter(|&s| &excess(s) >= alpha).collect();
        balanced(n, &top)
    })
}

fn sum(x: &[BigRational]) -> BigRational {
    x.iter().sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 150 } else { 600 }))]

    #[test]
    fn nucleolus_properties((game, weights) in games()) {
        let n = game.players();
        let grand = game.grand_coalition_value().clone();
        let singletons: Vec<BigRational> = (0..n).map(|i| game.value(1 << i).clone()).collect();
        let lower = sum(&singletons);

        // The prenucleolus always exists, is efficient, and its largest
        // excess is the least-core ε.
        let pre = prenucleolus(&game).unwrap().allocation;
        prop_assert_eq!(sum(&pre), grand.clone());
        let lc = least_core(&game).unwrap();
        let eps = lc.epsilon.clone().unwrap();
        prop_assert_eq!(sum(&lc.point), grand.clone());
        prop_assert_eq!(&sorted_excesses(&game, &lc.point).unwrap()[0], &eps);
        prop_assert_eq!(&sorted_excesses(&game, &pre).unwrap()[0], &eps);
        prop_assert!(kohlberg(&game, &pre), "Kohlberg's criterion fails for {:?}", pre);
        let phi = shapley(&game);
        if phi != pre {
            prop_assert!(!kohlberg(&game, &phi));
        }
        prop_assert!(sorted_excesses(&game, &pre).unwrap() <= sorted_excesses(&game, &phi).unwrap());

        // The core: empty exactly when ε > 0; its point is in it.
        let c = core(&game).unwrap();
        prop_assert_eq!(c.is_empty(), eps.is_positive());
        if let Some(point) = &c.point {
            prop_assert!(core_membership(&game, point).unwrap().in_core());
        }

        match nucleolus(&game) {
            Err(CoopError::EmptyImputationSet { .. }) => prop_assert!(lower > grand),
            Err(e) => prop_assert!(false, "unexpected error {e}"),
            Ok(nu) => {
                let nu = nu.allocation;
                prop_assert!(lower <= grand);
                prop_assert_eq!(sum(&nu), grand.clone());
                for i in 0..n {
                    prop_assert!(nu[i] >= singletons[i], "not individually rational");
                }
                if !c.is_empty() {
                    prop_assert!(core_membership(&game, &nu).unwrap().in_core());
                    // In a game with a non-empty core the nucleolus and the
                    // prenucleolus coincide.
                    prop_assert_eq!(&nu, &pre);
                }
                if game.value(0b01) == game.value(0b10)
                    && (0..1u32 << n).filter(|s| s & 3 == 0).all(|s| game.value(s | 1) == game.value(s | 2))
                {
                    prop_assert_eq!(&nu[0], &nu[1], "symmetric players differ");
                }
                let best = sorted_excesses(&game, &nu).unwrap();
                if phi.iter().zip(&singletons).all(|(p, v)| p >= v) {
                    prop_assert!(best <= sorted_excesses(&game, &phi).unwrap());
                }
                // Random imputations: v({i}) plus a share of the surplus.
                let surplus = &grand - &lower;
                for w in &weights {
                    let total: u32 = w.iter().sum();
                    let x: Vec<BigRational> = (0..n)
                        .map(|i| &singletons[i] + &surplus * BigRational::new(w[i].into(), total.into()))
                        .collect();
                    prop_assert!(best <= sorted_excesses(&game, &x).unwrap());
                }
                // Perturbing the nucleolus along a direction that keeps it an
                // imputation never improves it.
                for i in 0..n {
                    for j in 0..n {
                        if i == j {
                            continue;
                        }
                        let step = BigRational::new(1.into(), 7.into());
                        let mut x = nu.clone();
                        x[i] += &step;
                        x[j] -= &step;
                        if x[j] >= singletons[j] {
                            prop_assert!(best <= sorted_excesses(&game, &x).unwrap());
                        }
                    }
                }
            }
        }
    }
}
