//! Independent checks of the learning dynamics: fictitious play against a
//! naive rational re-implementation and Robinson's theorem, the exact ε
//! against the strategic crate's payoff routines, best-response paths
//! against the definition of a best reply, and the seeded runs'
//! reproducibility and convergence.

use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use sprague_dynamics::best_response::{best_response_dynamics, Ending};
use sprague_dynamics::fictitious_play::{fictitious_play, FictitiousPlayOptions};
use sprague_dynamics::regret_matching::regret_matching;
use sprague_dynamics::stochastic_fictitious_play::stochastic_fictitious_play;
use sprague_strategic::exact_text::rational_to_f64;
use sprague_strategic::examples::example;
use sprague_strategic::stop::StopCheck;
use sprague_strategic::{Matrix, NormalFormGame};

fn q(p: i64, d: i64) -> BigRational {
    BigRational::new(p.into(), d.into())
}

fn bimatrix(a: &[Vec<i64>], b: &[Vec<i64>], d: i64) -> NormalFormGame {
    let conv = |m: &[Vec<i64>]| -> Matrix {
        m.iter()
            .map(|row| row.iter().map(|&x| q(x, d)).collect())
            .collect()
    };
    NormalFormGame::from_bimatrix(&conv(a), &conv(b)).unwrap()
}

/// Fictitious play written plainly: every round recomputes each strategy's
/// expected payoff against the other's counts in rational arithmetic.
fn naive_fictitious_play(game: &NormalFormGame, rounds: u64) -> [Vec<u64>; 2] {
    let (a, b) = game.bimatrix().unwrap();
    let (m, n) = (a.len(), a[0].len());
    let mut counts = [vec![0u64; m], vec![0u64; n]];
    for _ in 0..rounds {
        let row_values: Vec<BigRational> = (0..m)
            .map(|i| {
                (0..n)
                    .map(|j| &a[i][j] * BigRational::from_integer(counts[1][j].into()))
                    .sum()
            })
            .collect();
        let column_values: Vec<BigRational> = (0..n)
            .map(|j| {
                (0..m)
                    .map(|i| &b[i][j] * BigRational::from_integer(counts[0][i].into()))
                    .sum()
            })
            .collect();
        let first_best = |v: &[BigRational]| {
            let best = v.iter().max().unwrap();
            v.iter().position(|x| x == best).unwrap()
        };
        let (i, j) = (first_best(&row_values), first_best(&column_values));
        counts[0][i] += 1;
        counts[1][j] += 1;
    }
    counts
}

fn matrix(rows: usize, cols: usize) -> impl Strategy<Value = Vec<Vec<i64>>> {
    proptest::collection::vec(proptest::collection::vec(-4i64..=4, cols), rows)
}

fn two_games() -> impl Strategy<Value = (Vec<Vec<i64>>, Vec<Vec<i64>>)> {
    (2usize..=4, 2usize..=4).prop_flat_map(|(m, n)| (matrix(m, n), matrix(m, n)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The integer, incremental loop plays exactly what the plain rational
    /// definition plays (same tie rule), for integer and fractional payoffs.
    #[test]
    fn fictitious_play_matches_the_plain_definition((a, b) in two_games(), d in 1i64..=3) {
        let game = bimatrix(&a, &b, d);
        let options = FictitiousPlayOptions { rounds: 150, record_every: 0 };
        let run = fictitious_play(&game, &options, StopCheck::never()).unwrap();
        prop_assert_eq!(&run.counts, &naive_fictitious_play(&game, 150));
        // ε from the strategic crate's own expected payoffs.
        let profile = run.frequencies.clone();
        for player in 0..2 {
            let u = game.expected_payoff(&profile, player);
            let best = (0..profile[player].len())
                .map(|s| game.deviation_payoff(&profile, player, s))
                .max()
                .unwrap();
            prop_assert_eq!(&run.epsilon[player], &(best - u));
        }
        prop_assert_eq!(run.frequencies[0].iter().sum::<BigRational>(), BigRational::one());
    }

    /// Robinson (1951): in a zero-sum game the duality gap of the empirical
    /// profile, max (Aq) − min (pA) = ε₁ + ε₂, tends to 0.
    #[test]
    fn fictitious_play_converges_in_zero_sum_games(a in (2usize..=3, 2usize..=3).prop_flat_map(|(m, n)| matrix(m, n))) {
        let b: Vec<Vec<i64>> = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
        let game = bimatrix(&a, &b, 1);
        let range = (a.iter().flatten().max().unwrap() - a.iter().flatten().min().unwrap()).max(1) as f64;
        let options = FictitiousPlayOptions { rounds: 100_000, record_every: 0 };
        let run = fictitious_play(&game, &options, StopCheck::never()).unwrap();
        let gap = rational_to_f64(&(&run.epsilon[0] + &run.epsilon[1]));
        prop_assert!(gap <= 0.02 * range, "gap {} after 100000 rounds", gap);
    }

    /// Every move of best-response dynamics is to a best reply, an
    /// equilibrium ending is a pure Nash equilibrium, and in a game of
    /// identical interests (a potential game) every path ends at one.
    #[test]
    fn best_response_paths_follow_best_replies((a, b) in two_games(), identical in any::<bool>()) {
        let b = if identical { a.clone() } else { b };
        let game = bimatrix(&a, &b, 1);
        let path = best_response_dynamics(&game, [0, 0], 10_000, StopCheck::never()).unwrap();
        let mut profile = path.start;
        for m in &path.moves {
            prop_assert_eq!(profile[m.player], m.from);
            profile[m.player] = m.to;
            prop_assert_eq!(profile, m.profile);
            let mixed = game.pure_as_mixed(&profile);
            let got = game.expected_payoff(&mixed, m.player);
            let best = (0..game.strategy_counts()[m.player]).map(|s| game.deviation_payoff(&mixed, m.player, s)).max().unwrap();
            prop_assert_eq!(got, best);
        }
        match &path.ending {
            Ending::Equilibrium { profile: p } => {
                prop_assert_eq!(*p, profile);
                prop_assert!(game.is_nash(&game.pure_as_mixed(p)));
            }
            Ending::Cycle { profiles } => {
                prop_assert!(!identical, "a potential game cycled: {:?}", profiles);
                prop_assert!(profiles.len() >= 2);
            }
            Ending::StepLimit => prop_assert!(false, "a finite game hit the step limit"),
        }
    }
}

#[test]
fn fictitious_play_on_matching_pennies_approaches_one_half() {
    let pennies = example("matching-pennies").unwrap();
    let mut previous = f64::INFINITY;
    for rounds in [1_000u64, 10_000, 100_000, 1_000_000] {
        let options = FictitiousPlayOptions {
            rounds,
            record_every: 0,
        };
        let run = fictitious_play(&pennies, &options, StopCheck::never()).unwrap();
        let distance = run
            .frequencies
            .iter()
            .flatten()
            .map(|f| (rational_to_f64(f) - 0.5).abs())
            .fold(0.0, f64::max);
        assert!(
            distance < 5.0 / (rounds as f64).sqrt(),
            "{rounds}: {distance}"
        );
        assert!(distance <= previous * 1.5);
        previous = distance;
    }
}

#[test]
fn fictitious_play_records_and_refuses() {
    let pennies = example("matching-pennies").unwrap();
    let options = FictitiousPlayOptions {
        rounds: 100,
        record_every: 10,
    };
    let run = fictitious_play(&pennies, &options, StopCheck::never()).unwrap();
    assert_eq!(run.history.len(), 10);
    assert_eq!(run.history[9].round, 100);
    for bad in [
        FictitiousPlayOptions {
            rounds: 0,
            record_every: 0,
        },
        FictitiousPlayOptions {
            rounds: u64::MAX,
            record_every: 0,
        },
        FictitiousPlayOptions {
            rounds: 10_000_000,
            record_every: 1,
        },
    ] {
        assert!(fictitious_play(&pennies, &bad, StopCheck::never()).is_err());
    }
    let r = |n: i64| BigRational::from_integer(n.into());
    let three = NormalFormGame::new(
        "three players",
        vec!["1".into(), "2".into(), "3".into()],
        vec![vec!["a".into()], vec!["b".into()], vec!["c".into()]],
        vec![vec![r(1), r(2), r(3)]],
    )
    .unwrap();
    assert!(fictitious_play(&three, &options, StopCheck::never()).is_err());
    let stop = || true;
    let big = FictitiousPlayOptions {
        rounds: 1_000_000,
        record_every: 0,
    };
    assert!(matches!(
        fictitious_play(&pennies, &big, StopCheck::new(&stop)),
        Err(sprague_dynamics::DynamicsError::Interrupted)
    ));
}

#[test]
fn regret_matching_is_seeded_and_its_regrets_vanish() {
    let bos = example("battle-of-the-sexes").unwrap();
    let a = regret_matching(&bos, 20_000, 5, StopCheck::never()).unwrap();
    let b = regret_matching(&bos, 20_000, 5, StopCheck::never()).unwrap();
    assert_eq!(a, b);
    let c = regret_matching(&bos, 20_000, 6, StopCheck::never()).unwrap();
    assert_ne!(a.counts, c.counts);
    let rps = example("rock-paper-scissors").unwrap();
    let short = regret_matching(&rps, 1_000, 1, StopCheck::never()).unwrap();
    let long = regret_matching(&rps, 1_000_000, 1, StopCheck::never()).unwrap();
    for player in 0..2 {
        assert!(long.conditional_regret[player] < short.conditional_regret[player]);
        // Payoffs span 2; the regrets fall roughly like t^(-1/2).
        assert!(rational_to_f64(&long.conditional_regret[player]) < 0.03);
        assert_eq!(long.counts[player].iter().sum::<u64>(), 1_000_000);
    }
    assert!(long
        .conditional_regret
        .iter()
        .all(|r| r >= &BigRational::zero()));
}

#[test]
fn stochastic_fictitious_play_is_seeded() {
    let pennies = example("matching-pennies").unwrap();
    let a = stochastic_fictitious_play(&pennies, 5_000, 0.2, 9, StopCheck::never()).unwrap();
    let b = stochastic_fictitious_play(&pennies, 5_000, 0.2, 9, StopCheck::never()).unwrap();
    assert_eq!(a, b);
    assert!(stochastic_fictitious_play(&pennies, 5_000, 0.0, 9, StopCheck::never()).is_err());
    assert!(stochastic_fictitious_play(&pennies, 5_000, f64::NAN, 9, StopCheck::never()).is_err());
    // The logit equilibrium of matching pennies is (1/2, 1/2) for any noise.
    let long = stochastic_fictitious_play(&pennies, 200_000, 0.5, 3, StopCheck::never()).unwrap();
    for f in long.frequencies.iter().flatten() {
        assert!((f - 0.5).abs() < 0.02, "{f}");
    }
}
