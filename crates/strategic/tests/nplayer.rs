//! The n-player support enumeration against games with known equilibria and
//! against brute force on random three-player games.

use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use sprague_strategic::game::MixedProfile;
use sprague_strategic::nfg::read_nfg;
use sprague_strategic::nplayer::{nplayer_equilibria, NPlayerEquilibria, NPlayerOptions};
use sprague_strategic::pure::pure_equilibria;
use sprague_strategic::quadratic::QuadraticNumber;
use sprague_strategic::random::to_rational;
use sprague_strategic::vertex_enumeration::all_equilibria_bimatrix;
use sprague_strategic::{NormalFormGame, StrategicError};

fn q(p: i64, d: i64) -> BigRational {
    BigRational::new(p.into(), d.into())
}

fn mix(p: (i64, i64)) -> Vec<BigRational> {
    vec![q(p.0, p.1), q(p.1 - p.0, p.1)]
}

fn solve(game: &NormalFormGame) -> NPlayerEquilibria {
    nplayer_equilibria(game, NPlayerOptions::default()).unwrap()
}

fn profiles(found: &NPlayerEquilibria) -> Vec<MixedProfile> {
    found
        .equilibria
        .iter()
        .map(|e| e.strategies.clone())
        .collect()
}

/// Selten's horse (R. Selten, "Reexamination of the perfectness concept for
/// equilibrium points in extensive games", IJGT 4, 1975, Figure 1; the
/// normal form of Gambit's example `e01`). Its equilibria are two segments:
/// player 1 continues, player 2 continues, player 3 plays L with
/// probability at most 1/4 (else player 2 would rather go down); and player
/// 1 goes down, player 3 plays L, player 2 continues with probability at
/// least 1/3 (else player 1 would rather continue). No equilibrium has all
/// three players mixing (player 2 mixing forces P(L) = 1/4, and then player
/// 1 strictly prefers to continue, so player 3 would have to play R).
#[test]
fn seltens_horse_two_segments() {
    let game = read_nfg(include_str!("data/e01.nfg")).unwrap();
    let found = solve(&game);
    let c = mix((1, 1));
    let d = mix((0, 1));
    let expected = vec![
        vec![c.clone(), c.clone(), mix((1, 4))],
        vec![c.clone(), c.clone(), d.clone()],
        vec![d.clone(), c.clone(), c.clone()],
        vec![d.clone(), mix((1, 3)), c.clone()],
    ];
    assert_eq!(profiles(&found), expected);
    assert_eq!(found.equilibria[0].payoffs, vec![q(1, 1); 3]);
    assert_eq!(found.equilibria[3].payoffs, vec![q(3, 1), q(2, 1), q(2, 1)]);
    // The fully mixed support profile is solved too: nothing is left out.
    assert_eq!(found.unsearched_profiles, 0u32.into());
    assert!(found.irrational.is_empty());
    assert!(found.complete());
}

/// The 2x2x2 game of McKelvey and McLennan ("The maximal number of regular
/// totally mixed Nash equilibria", JET 72, 1997; Gambit's `2x2x2.nfg`)
/// has 9 equilibria, 2 of them totally mixed. Checked by hand, e.g. (1/2,
/// 1/2, first): against it player 1 gets 9/2 from either strategy, player 2
/// gets 4 from either, and player 3 gets (12 + 2)/4 = 7/2 from its first
/// strategy and (6 + 6)/4 = 3 from its second. The totally mixed ones solve
/// 24qr - 6q - 12r + 3 = 24pr - 8p - 12r + 4 = 26pq - 8p - 8q + 2 = 0
/// (the three indifference conditions): (2/5, 1/2, 1/3) and (1/2, 2/5, 1/4).
#[test]
fn mckelvey_mclennan_nine() {
    let game = read_nfg(include_str!("data/mckelvey_mclennan.nfg")).unwrap();
    let found = solve(&game);
    let one = mix((1, 1));
    let two = mix((0, 1));
    let expected = vec![
        vec![one.clone(), one.clone(), one.clone()],
        vec![one.clone(), two.clone(), two.clone()],
        vec![mix((1, 2)), mix((1, 2)), one.clone()],
        vec![mix((1, 2)), mix((2, 5)), mix((1, 4))],
        vec![mix((2, 5)), mix((1, 2)), mix((1, 3))],
        vec![mix((1, 3)), one.clone(), mix((1, 4))],
        vec![two.clone(), one.clone(), two.clone()],
        vec![two.clone(), mix((1, 4)), mix((1, 3))],
        vec![two.clone(), two.clone(), one.clone()],
    ];
    assert_eq!(profiles(&found), expected);
    for e in &found.equilibria {
        assert!(game.is_nash(&e.strategies));
    }
    assert!(found.complete());
}

/// A 2x2x2 game (random payoffs 0..9) whose totally mixed equilibrium is
/// irrational: solving the three indifference conditions with a computer
/// algebra system (SymPy) gives p = (181 - √22121)/76,
/// q = (√22121 - 19)/170, r = (365 - √22121)/256. SymPy, solving every
/// support profile and checking every deviation, finds the other three
/// equilibria too: (1, 2, 2), (2, 1, 1) and (6/13 on 1, 1, 1).
#[test]
fn an_irrational_equilibrium_is_found_exactly() {
    let game = read_nfg(include_str!("data/irrational_2x2x2.nfg")).unwrap();
    let found = solve(&game);
    assert_eq!(found.irrational.len(), 1);
    assert!(found.complete());
    let one = mix((1, 1));
    let two = mix((0, 1));
    assert_eq!(
        profiles(&found),
        vec![
            vec![one.clone(), two.clone(), two.clone()],
            vec![mix((6, 13)), one.clone(), one.clone()],
            vec![two, one.clone(), one],
        ]
    );
    let s = &found.irrational[0].strategies;
    let r = |p: i64, d: i64| QuadraticNumber::from(q(p, d));
    let square = |x: QuadraticNumber| x.clone() * x;
    assert_eq!(square(s[0][0].clone() - r(181, 76)), r(22121, 76 * 76));
    assert_eq!(square(s[1][0].clone() - r(-19, 170)), r(22121, 170 * 170));
    assert_eq!(square(s[2][0].clone() - r(365, 256)), r(22121, 256 * 256));
    // And the signs of the roots: p < 181/76, q > -19/170, r < 365/256.
    assert_eq!(
        (s[0][0].clone() - r(181, 76)).sign(),
        std::cmp::Ordering::Less
    );
    assert_eq!(
        (s[1][0].clone() - r(-19, 170)).sign(),
        std::cmp::Ordering::Greater
    );
    assert_eq!(
        (s[2][0].clone() - r(365, 256)).sign(),
        std::cmp::Ordering::Less
    );
    assert_eq!(
        s[0][0].to_string(),
        "181/76-1/76*sqrt(22121)",
        "printed exactly, not as p/q"
    );
}

/// Players 1 and 2 play matching pennies; player 3 strictly prefers its
/// first strategy, under which the pennies are as usual (under its second
/// they would be a coordination game). The unique equilibrium: 1/2 each, 3 pure.
#[test]
fn matching_pennies_with_a_pure_third_player() {
    let text = r#"NFG 1 R "pennies and a bystander" { "1" "2" "3" } { 2 2 2 }
1 -1 1  -1 1 1  -1 1 1  1 -1 1
1 1 0  0 0 0  0 0 0  1 1 0"#;
    let game = read_nfg(text).unwrap();
    let found = solve(&game);
    let half = mix((1, 2));
    assert_eq!(
        profiles(&found),
        vec![vec![half.clone(), half, mix((1, 1))]]
    );
    assert_eq!(found.equilibria[0].payoffs, vec![q(0, 1), q(0, 1), q(1, 1)]);
}

#[test]
fn refuses_large_games_unless_forced() {
    let counts = [9usize, 9, 9];
    let n: usize = counts.iter().product();
    let payoffs = vec![vec![BigRational::zero(); 3]; n];
    let names = |k: usize| (1..=k).map(|i| i.to_string()).collect::<Vec<_>>();
    let game = NormalFormGame::new(
        "",
        vec!["a".into(), "b".into(), "c".into()],
        counts.iter().map(|&k| names(k)).collect(),
        payoffs,
    )
    .unwrap();
    match nplayer_equilibria(&game, NPlayerOptions::default()) {
        Err(StrategicError::TooLarge { count, .. }) => {
            // 9^3 pure + 3 * 502 * 81 one mixing + 3 * 502^2 * 9 two mixing
            // + 36^3 three mixing over two strategies each.
            assert_eq!(
                count,
                (729 + 3 * 502 * 81 + 3 * 502 * 502 * 9 + 36 * 36 * 36).to_string()
            );
        }
        other => panic!("{other:?}"),
    }
}

/// In the all-zero 4x4x4 game every profile is an equilibrium: the extreme
/// points found are the 64 pure profiles (the sections are whole simplices).
#[test]
fn all_zero_game_reports_the_pure_profiles() {
    let names = |k: usize| (1..=k).map(|i| i.to_string()).collect::<Vec<_>>();
    let game = NormalFormGame::new(
        "",
        vec!["a".into(), "b".into(), "c".into()],
        vec![names(4), names(4), names(4)],
        vec![vec![BigRational::zero(); 3]; 64],
    )
    .unwrap();
    let found = solve(&game);
    assert_eq!(found.equilibria.len(), 64);
    assert_eq!(found.curved_sets, 0);
    for k in 0..64 {
        assert!(profiles(&found).contains(&game.pure_as_mixed(&game.profile_at(k))));
    }
}

fn approximate(x: &QuadraticNumber) -> f64 {
    use num_traits::ToPrimitive;
    let f = |r: &BigRational| r.to_f64().unwrap_or(f64::NAN);
    let radicand = x.radicand.to_f64().unwrap_or(f64::NAN);
    f(&x.rational) + f(&x.coefficient) * radicand.sqrt()
}

/// The expected payoff of `player` (playing `own` if given) in floating point.
fn float_payoff(
    game: &NormalFormGame,
    profile: &[Vec<f64>],
    player: usize,
    own: Option<usize>,
) -> f64 {
    use num_traits::ToPrimitive;
    (0..game.num_profiles())
        .map(|k| {
            let pure = game.profile_at(k);
            let weight: f64 = pure
                .iter()
                .enumerate()
                .map(|(i, &s)| match (i == player, own) {
                    (true, Some(t)) => f64::from(u8::from(s == t)),
                    _ => profile[i][s],
                })
                .product();
            weight * game.payoff(&pure, player).to_f64().unwrap_or(f64::NAN)
        })
        .sum()
}

/// Every reported profile is a Nash equilibrium (no pure deviation
/// gains, exactly), no profile is reported twice, every pure
/// equilibrium is among them, irrational equilibria pass a floating-point
/// check, and (brute force on a grid) every equilibrium in which exactly
/// one player mixes lies between two reported ones that agree with it on
/// the pure players.
fn check_three_player(game: &NormalFormGame) -> Result<(), TestCaseError> {
    let found = solve(game);
    let all = profiles(&found);
    for (k, s) in all.iter().enumerate() {
        prop_assert!(game.is_nash(s), "{:?}", s);
        prop_assert!(!all[k + 1..].contains(s));
    }
    for p in pure_equilibria(game) {
        prop_assert!(all.contains(&game.pure_as_mixed(&p)));
    }
    // Irrational equilibria, checked approximately (an independent,
    // floating-point evaluation of every pure deviation).
    for e in &found.irrational {
        let approx: Vec<Vec<f64>> = e
            .strategies
            .iter()
            .map(|s| s.iter().map(approximate).collect())
            .collect();
        for (i, probabilities) in approx.iter().enumerate() {
            prop_assert!(
                probabilities.iter().all(|&p| p > -1e-12)
                    && (probabilities.iter().sum::<f64>() - 1.0).abs() < 1e-9
            );
            let value = float_payoff(game, &approx, i, None);
            for s in 0..probabilities.len() {
                prop_assert!(float_payoff(game, &approx, i, Some(s)) <= value + 1e-9);
            }
        }
    }
    let counts = game.strategy_counts();
    let grid = 12i64;
    for mixer in 0..3 {
        if counts[mixer] != 2 {
            continue;
        }
        for k in 0..game.num_profiles() {
            let pure = game.profile_at(k);
            if pure[mixer] != 0 {
                continue;
            }
            let base = game.pure_as_mixed(&pure);
            let same_pure = |s: &MixedProfile| (0..3).all(|i| i == mixer || s[i] == base[i]);
            let reported: Vec<&BigRational> = all
                .iter()
                .filter(|s| same_pure(s))
                .map(|s| &s[mixer][0])
                .collect();
            for t in 1..grid {
                let mut s = base.clone();
                s[mixer] = mix((t, grid));
                if game.is_nash(&s) {
                    let p = &s[mixer][0];
                    prop_assert!(
                        reported.iter().any(|r| *r <= p) && reported.iter().any(|r| *r >= p),
                        "grid equilibrium {:?} outside the reported ones",
                        s
                    );
                }
            }
        }
    }
    Ok(())
}

fn game222(max: i64) -> impl Strategy<Value = NormalFormGame> {
    proptest::collection::vec(proptest::collection::vec(0..=max, 3), 8).prop_map(|rows| {
        let names = || vec!["1".to_string(), "2".to_string()];
        NormalFormGame::new(
            "",
            vec!["a".into(), "b".into(), "c".into()],
            vec![names(), names(), names()],
            rows.iter()
                .map(|r| to_rational(std::slice::from_ref(r)).remove(0))
                .collect(),
        )
        .unwrap()
    })
}

fn game3(max: i64) -> impl Strategy<Value = NormalFormGame> {
    (1usize..=3, 1usize..=3, 1usize..=3).prop_flat_map(move |(a, b, c)| {
        proptest::collection::vec(proptest::collection::vec(0..=max, 3), a * b * c).prop_map(
            move |rows| {
                let names = |k: usize| (1..=k).map(|i| i.to_string()).collect::<Vec<_>>();
                NormalFormGame::new(
                    "",
                    vec!["a".into(), "b".into(), "c".into()],
                    vec![names(a), names(b), names(c)],
                    rows.iter()
                        .map(|r| to_rational(std::slice::from_ref(r)).remove(0))
                        .collect(),
                )
                .unwrap()
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 80 } else { 400 }))]

    #[test]
    fn three_player_results_are_equilibria(game in game3(3)) {
        check_three_player(&game)?;
    }

    /// Wider payoffs make totally mixed (often irrational) equilibria common.
    #[test]
    fn two_by_two_by_two_results_are_equilibria(game in game222(9)) {
        check_three_player(&game)?;
    }

    /// A third player with a single strategy changes nothing: the result is
    /// the bimatrix game's extreme equilibria, and complete.
    #[test]
    fn a_dummy_player_gives_vertex_enumeration(
        (m, n) in (1usize..=3, 1usize..=3),
        seed in any::<u64>(),
    ) {
        let (a, b) = sprague_strategic::random::random_bimatrix(m, n, 2, seed);
        let (a, b) = (to_rational(&a), to_rational(&b));
        let mut payoffs = Vec::new();
        for j in 0..n {
            for i in 0..m {
                payoffs.push(vec![a[i][j].clone(), b[i][j].clone(), BigRational::one()]);
            }
        }
        let names = |k: usize| (1..=k).map(|i| i.to_string()).collect::<Vec<_>>();
        let game = NormalFormGame::new("", vec!["a".into(), "b".into(), "c".into()],
            vec![names(m), names(n), names(1)], payoffs).unwrap();
        let found = solve(&game);
        prop_assert!(found.complete());
        let all = all_equilibria_bimatrix(&a, &b, Default::default()).unwrap();
        let expected: Vec<MixedProfile> = all.equilibria.iter().map(|e| {
            let mut s = e.strategies.clone();
            s.push(vec![BigRational::one()]);
            s
        }).collect();
        prop_assert_eq!(profiles(&found), expected);
    }
}
