//! Property tests: every reported equilibrium is a Nash equilibrium (checked
//! exactly), the methods agree with each other, and a brute-force grid check
//! on 2x2 games finds nothing outside the reported components.

use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use sprague_strategic::equilibrium::{bilinear, is_bimatrix_nash};
use sprague_strategic::game::Matrix;
use sprague_strategic::lemke_howson::{lemke_howson_bimatrix, lemke_howson_exact};
use sprague_strategic::nplayer::{nplayer_equilibria, NPlayerOptions};
use sprague_strategic::pure::pure_equilibria;
use sprague_strategic::random::to_rational;
use sprague_strategic::support_enumeration::support_enumeration;
use sprague_strategic::vertex_enumeration::all_equilibria_bimatrix;
use sprague_strategic::zero_sum::{solve_zero_sum, solve_zero_sum_with};
use sprague_strategic::NormalFormGame;

fn matrix(m: usize, n: usize, max: i64) -> impl Strategy<Value = Vec<Vec<i64>>> {
    proptest::collection::vec(proptest::collection::vec(0..=max, n), m)
}

fn game(max: i64) -> impl Strategy<Value = (Matrix, Matrix)> {
    (1usize..=4, 1usize..=4).prop_flat_map(move |(m, n)| {
        (matrix(m, n, max), matrix(m, n, max)).prop_map(|(a, b)| (to_rational(&a), to_rational(&b)))
    })
}

fn sorted(mut v: Vec<Vec<Vec<BigRational>>>) -> Vec<Vec<Vec<BigRational>>> {
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 120 } else { 500 }))]

    /// Degenerate games are common with payoffs in 0..=3.
    #[test]
    fn enumerated_equilibria_are_nash((a, b) in game(3)) {
        let all = all_equilibria_bimatrix(&a, &b, Default::default()).unwrap();
        prop_assert!(!all.equilibria.is_empty());
        for e in &all.equilibria {
            prop_assert!(is_bimatrix_nash(&a, &b, &e.strategies[0], &e.strategies[1]));
        }
        // Every pair in a clique is an equilibrium.
        for c in &all.cliques {
            for &r in &c.rows {
                for &k in &c.columns {
                    prop_assert!(is_bimatrix_nash(&a, &b, &all.row_vertices[r], &all.column_vertices[k]));
                }
            }
        }
        // Pure equilibria are extreme equilibria.
        let g = NormalFormGame::from_bimatrix(&a, &b).unwrap();
        for p in pure_equilibria(&g) {
            let s = g.pure_as_mixed(&p);
            prop_assert!(all.equilibria.iter().any(|e| e.strategies == s));
        }
    }

    #[test]
    fn vertex_and_support_enumeration_agree_when_nondegenerate((a, b) in game(1000)) {
        let all = all_equilibria_bimatrix(&a, &b, Default::default()).unwrap();
        let support = support_enumeration(&a, &b, None).unwrap();
        prop_assert_eq!(support.degenerate, all.degenerate);
        let v = sorted(all.equilibria.iter().map(|e| e.strategies.clone()).collect());
        let s = sorted(support.equilibria.iter().map(|e| e.strategies.clone()).collect());
        prop_assert_eq!(v, s);
        if !all.degenerate {
            prop_assert!(all.equilibria.len() % 2 == 1, "odd number of equilibria");
        }
    }

    /// With payoffs in 0..=2 most games are degenerate: support enumeration
    /// over supports of all sizes finds the same extreme equilibria as
    /// vertex enumeration, in the same order, and the same degeneracy.
    #[test]
    fn support_enumeration_is_complete_on_degenerate_games((a, b) in game(2)) {
        let all = all_equilibria_bimatrix(&a, &b, Default::default()).unwrap();
        let support = support_enumeration(&a, &b, None).unwrap();
        prop_assert_eq!(support.degenerate, all.degenerate);
        prop_assert_eq!(support.equilibria, all.equilibria);
    }

    /// The n-player search on a two-player game finds exactly the extreme
    /// equilibria of vertex enumeration, and calls itself complete.
    #[test]
    fn nplayer_search_of_two_player_games_is_vertex_enumeration((a, b) in game(2)) {
        let all = all_equilibria_bimatrix(&a, &b, Default::default()).unwrap();
        let g = NormalFormGame::from_bimatrix(&a, &b).unwrap();
        let found = nplayer_equilibria(&g, NPlayerOptions::default()).unwrap();
        prop_assert!(found.complete());
        prop_assert_eq!(found.equilibria, all.equilibria);
    }

    #[test]
    fn lemke_howson_finds_an_enumerated_equilibrium((a, b) in game(6)) {
        let all = all_equilibria_bimatrix(&a, &b, Default::default()).unwrap();
        let labels = a.len() + a[0].len();
        for k in 0..labels {
            let r = lemke_howson_bimatrix(&a, &b, k).unwrap();
            let s = &r.equilibrium.strategies;
            prop_assert!(is_bimatrix_nash(&a, &b, &s[0], &s[1]));
            prop_assert!(all.equilibria.iter().any(|e| &e.strategies == s), "label {}", k);
            let exact = lemke_howson_exact(&a, &b, k).unwrap();
            let t = &exact.equilibrium.strategies;
            prop_assert!(exact.exact_pivoting);
            prop_assert!(all.equilibria.iter().any(|e| &e.strategies == t), "exact, label {}", k);
            if !all.degenerate {
                prop_assert_eq!(s, t, "the guided and the exact path end at the same equilibrium");
            }
        }
    }

    #[test]
    fn zero_sum_value_agrees((a, neg) in (1usize..=5, 1usize..=5).prop_flat_map(|(m, n)| matrix(m, n, 20)).prop_map(|a| {
        let ra = to_rational(&a);
        let nb: Matrix = ra.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
        (ra, nb)
    })) {
        let s = solve_zero_sum(&a).unwrap();
        let exact = solve_zero_sum_with(&a, true).unwrap();
        prop_assert_eq!(&exact.value, &s.value);
        // The strategies guarantee the value: min over columns of x^T A = value = max over rows of A y.
        let n = a[0].len();
        let guaranteed = (0..n).map(|j| a.iter().zip(&s.row_strategy).map(|(r, x)| &r[j] * x).sum::<BigRational>()).min().unwrap();
        let held = a.iter().map(|r| r.iter().zip(&s.column_strategy).map(|(p, y)| p * y).sum::<BigRational>()).max().unwrap();
        prop_assert_eq!(&guaranteed, &s.value);
        prop_assert_eq!(&held, &s.value);
        prop_assert!(s.pure_maximin <= s.value && s.value <= s.pure_minimax);
        prop_assert_eq!(s.saddle_points.is_empty(), s.pure_maximin != s.pure_minimax);
        // Every equilibrium of (A, -A) pays the value.
        let all = all_equilibria_bimatrix(&a, &neg, Default::default()).unwrap();
        for e in &all.equilibria {
            prop_assert_eq!(&e.payoffs[0], &s.value);
        }
        prop_assert_eq!(bilinear(&s.row_strategy, &a, &s.column_strategy), s.value.clone());
    }

    /// Brute force on 2x2 games: every point of a fine grid that is an
    /// equilibrium lies in one of the reported cliques.
    #[test]
    fn brute_force_two_by_two(a in matrix(2, 2, 3), b in matrix(2, 2, 3)) {
        let (a, b) = (to_rational(&a), to_rational(&b));
        let all = all_equilibria_bimatrix(&a, &b, Default::default()).unwrap();
        let grid = 12i64;
        let point = |k: i64| vec![BigRational::new(k.into(), grid.into()), BigRational::new((grid - k).into(), grid.into())];
        let between = |p: &BigRational, vs: &[&Vec<BigRational>]| {
            let lo = vs.iter().map(|v| &v[0]).min().cloned().unwrap_or_else(BigRational::one);
            let hi = vs.iter().map(|v| &v[0]).max().cloned().unwrap_or_else(BigRational::zero);
            &lo <= p && p <= &hi
        };
        for i in 0..=grid {
            for j in 0..=grid {
                let (x, y) = (point(i), point(j));
                if is_bimatrix_nash(&a, &b, &x, &y) {
                    let covered = all.cliques.iter().any(|c| {
                        let xs: Vec<_> = c.rows.iter().map(|&r| &all.row_vertices[r]).collect();
                        let ys: Vec<_> = c.columns.iter().map(|&k| &all.column_vertices[k]).collect();
                        between(&x[0], &xs) && between(&y[0], &ys)
                    });
                    prop_assert!(covered, "grid equilibrium {:?} {:?} not in any clique", x, y);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 60 } else { 300 }))]

    /// Iterated elimination of strictly dominated strategies (pure and mixed
    /// dominators) never removes a strategy used in a Nash equilibrium.
    #[test]
    fn strict_elimination_keeps_every_equilibrium((a, b) in game(5)) {
        use sprague_strategic::dominance::{iterated_elimination, Strength};
        let g = NormalFormGame::from_bimatrix(&a, &b).unwrap();
        let all = all_equilibria_bimatrix(&a, &b, Default::default()).unwrap();
        for mixed in [false, true] {
            let r = iterated_elimination(&g, Strength::Strict, mixed);
            for e in &all.equilibria {
                for (player, s) in e.strategies.iter().enumerate() {
                    for (k, p) in s.iter().enumerate() {
                        if !p.is_zero() {
                            prop_assert!(r.remaining[player].contains(&k));
                        }
                    }
                }
            }
        }
    }
}
