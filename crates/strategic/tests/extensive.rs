//! Extensive-form games: Kuhn poker against Kuhn (1950), the sequence form
//! against the reduced strategic form, and the exact equilibrium check.

// Players are indexed 0 and 1 in several vectors at once.
#![allow(clippy::needless_range_loop)]

use num_rational::BigRational;
use sprague_strategic::extensive::behaviour::{
    check_equilibrium, expected_payoffs, BehaviourProfile,
};
use sprague_strategic::extensive::builtin::{beer_quiche, kuhn_poker};
use sprague_strategic::extensive::efg::{read_efg, write_efg};
use sprague_strategic::extensive::reduced::reduced_form;
use sprague_strategic::extensive::sequence_form::solve_zero_sum;
use sprague_strategic::extensive::ExtensiveGame;

fn r(p: i64, q: i64) -> BigRational {
    BigRational::new(p.into(), q.into())
}

/// The probability of `action` at the set labelled `set`.
fn prob(game: &ExtensiveGame, b: &BehaviourProfile, set: &str, action: &str) -> BigRational {
    let h = game.infosets.iter().position(|h| h.label == set).unwrap();
    let a = game.infosets[h]
        .actions
        .iter()
        .position(|x| x == action)
        .unwrap();
    b.probabilities[h][a].clone()
}

#[test]
fn kuhn_poker_value_is_minus_one_eighteenth() {
    let kuhn = kuhn_poker();
    let s = solve_zero_sum(&kuhn).unwrap();
    assert_eq!(s.value, r(-1, 18));
    let checks = check_equilibrium(&kuhn, &s.profile).unwrap();
    assert!(checks.iter().all(|c| c.best), "{checks:?}");
    assert_eq!(expected_payoffs(&kuhn, &s.profile)[0], r(-1, 18));
}

/// Kuhn (1950): player 2's optimal strategy is unique — with the King it
/// bets after a check and calls a bet; with the Queen it checks behind and
/// calls a bet with probability 1/3; with the Jack it bets after a check
/// with probability 1/3 and folds to a bet. Player 1's optimal strategies
/// form a one-parameter family: with the Jack it bets with probability
/// α ∈ [0, 1/3], with the King 3α; with the Queen it checks and calls a bet
/// with probability α + 1/3; it folds the Jack and calls with the King.
#[test]
fn kuhn_poker_optimal_strategies_are_the_known_family() {
    let kuhn = kuhn_poker();
    let s = solve_zero_sum(&kuhn).unwrap();
    let b = &s.profile;
    let p = |set: &str, action: &str| prob(&kuhn, b, set, action);
    assert_eq!(p("K:check", "bet"), r(1, 1));
    assert_eq!(p("K:bet", "call"), r(1, 1));
    assert_eq!(p("Q:check", "bet"), r(0, 1));
    assert_eq!(p("Q:bet", "call"), r(1, 3));
    assert_eq!(p("J:check", "bet"), r(1, 3));
    assert_eq!(p("J:bet", "call"), r(0, 1));
    let alpha = p("J", "bet");
    assert!(alpha >= r(0, 1) && alpha <= r(1, 3));
    assert_eq!(p("K", "bet"), &alpha * r(3, 1));
    assert_eq!(p("Q", "bet"), r(0, 1));
    // Realisation weight of calling with the Queen after check–bet is α + 1/3
    // of the Queen's deals.
    assert_eq!(p("Q:check-bet", "call"), &alpha + r(1, 3));
    assert_eq!(p("J:check-bet", "call"), r(0, 1));
    if p("K", "check") > r(0, 1) {
        assert_eq!(p("K:check-bet", "call"), r(1, 1));
    }
}

/// Every member of Kuhn's family is an equilibrium by the independent check,
/// and leaving the family (α = 1/2) is not.
#[test]
fn kuhn_family_passes_the_check_and_others_fail() {
    let kuhn = kuhn_poker();
    for (alpha, ok) in [
        (r(0, 1), true),
        (r(1, 6), true),
        (r(1, 3), true),
        (r(1, 2), false),
    ] {
        let mut b = BehaviourProfile::uniform(&kuhn);
        let mut set = |label: &str, bet_or_call: BigRational| {
            let h = kuhn.infosets.iter().position(|h| h.label == label).unwrap();
            b.probabilities[h] = vec![r(1, 1) - &bet_or_call, bet_or_call];
        };
        set("J", alpha.clone());
        set("Q", r(0, 1));
        set("K", (&alpha * r(3, 1)).min(r(1, 1)));
        set("J:check-bet", r(0, 1));
        set("Q:check-bet", &alpha + r(1, 3));
        set("K:check-bet", r(1, 1));
        set("J:check", r(1, 3));
        set("Q:check", r(0, 1));
        set("K:check", r(1, 1));
        set("J:bet", r(0, 1));
        set("Q:bet", r(1, 3));
        set("K:bet", r(1, 1));
        let checks = check_equilibrium(&kuhn, &b).unwrap();
        assert_eq!(
            checks.iter().all(|c| c.best),
            ok,
            "alpha {alpha}: {checks:?}"
        );
        if ok {
            assert_eq!(expected_payoffs(&kuhn, &b)[0], r(-1, 18));
        }
    }
}

/// The sequence-form value equals the value of the reduced strategic form
/// solved as a matrix game, and Kuhn's theorem maps the optimal behaviour
/// strategies to mixed strategies with the same payoffs.
#[test]
fn sequence_form_agrees_with_the_reduced_form() {
    let kuhn = kuhn_poker();
    let reduced = reduced_form(&kuhn).unwrap();
    let matrix_value =
        sprague_strategic::zero_sum::solve_zero_sum(&reduced.game.zero_sum_matrix().unwrap())
            .unwrap()
            .value;
    let s = solve_zero_sum(&kuhn).unwrap();
    assert_eq!(matrix_value, s.value);
    let mixed = reduced.behaviour_to_mixed(&kuhn, &s.profile);
    assert_eq!(reduced.game.expected_payoff(&mixed, 0), s.value);
    assert!(reduced.game.is_nash(&mixed));
    let back = reduced.mixed_to_behaviour(&kuhn, &mixed);
    for p in 0..2 {
        assert_eq!(
            back.realisation_plan(&kuhn, &reduced.sequences, p),
            s.plans[p]
        );
    }
}

#[test]
fn efg_round_trip_and_json() {
    for game in [kuhn_poker(), beer_quiche()] {
        // The reader numbers sets in order of first appearance, so the text
        // (not the vector order) is what survives a round trip.
        let text = write_efg(&game);
        let back = read_efg(&text).unwrap();
        assert_eq!(write_efg(&back), text);
        assert_eq!(solve_value(&back), solve_value(&game));
        assert_eq!(ExtensiveGame::from_json(&game.to_json()).unwrap(), game);
    }
}

fn solve_value(game: &ExtensiveGame) -> Option<BigRational> {
    solve_zero_sum(game).ok().map(|s| s.value)
}

fn efg_error(text: &str) -> String {
    read_efg(text).unwrap_err().to_string()
}

const HEAD: &str = "EFG 2 R \"t\" { \"A\" \"B\" } \"\"\n";

#[test]
fn bad_efg_files_get_one_sentence() {
    // A dangling node: the root promises two children, only one follows.
    let e = efg_error(&format!(
        "{HEAD}p \"\" 1 1 \"\" {{ \"x\" \"y\" }} 0\nt \"\" 1 \"\" {{ 1, 2 }}\n"
    ));
    assert!(e.contains("dangling"), "{e}");
    // Chance probabilities adding up to 3/4.
    let e = efg_error(&format!(
        "{HEAD}c \"\" 1 \"\" {{ \"h\" 1/2 \"t\" 1/4 }} 0\nt \"\" 0\nt \"\" 0\n"
    ));
    assert!(e.contains("add up to 3/4"), "{e}");
    // An information set offering other actions at its second node.
    let e = efg_error(&format!(
        "{HEAD}c \"\" 1 \"\" {{ \"h\" 1/2 \"t\" 1/2 }} 0\np \"\" 1 1 \"\" {{ \"x\" \"y\" }} 0\nt \"\" 0\nt \"\" 0\np \"\" 1 1 \"\" {{ \"x\" \"z\" }} 0\nt \"\" 0\nt \"\" 0\n"
    ));
    assert!(e.contains("must offer the same actions"), "{e}");
    // An outcome used without payoffs ever given.
    let e = efg_error(&format!("{HEAD}p \"\" 1 1 \"\" {{ \"x\" }} 0\nt \"\" 7\n"));
    assert!(e.contains("outcome 7, which is unknown"), "{e}");
    // A player that does not exist, a second root, a bad number, an unclosed label.
    assert!(
        efg_error(&format!("{HEAD}p \"\" 3 1 \"\" {{ \"x\" }} 0\nt \"\" 0\n")).contains("player 3")
    );
    assert!(efg_error(&format!("{HEAD}t \"\" 0\nt \"\" 0\n")).contains("second root"));
    assert!(efg_error(&format!("{HEAD}t \"\" 1 \"\" {{ 1, x }}\n")).contains("not an exact number"));
    assert!(efg_error(&format!("{HEAD}t \"oops 0\n")).contains("not closed"));
    assert!(efg_error("NFG 1 R").contains("starts with EFG"));
    for e in [efg_error(""), efg_error(HEAD)] {
        assert!(!e.is_empty());
    }
}

#[test]
fn quoted_labels_with_escapes_and_decimals() {
    let game = read_efg(&format!(
        "{HEAD}c \"say \\\"hi\\\"\" 1 \"\" {{ \"a\\\\b\" 0.25 \"c\" 0.75 }} 0\nt \"\" 1 \"\" {{ 1.5 -2 }}\nt \"\" 2 \"\" {{ 1e-3, 0 }}\n"
    ))
    .unwrap();
    assert_eq!(game.nodes[0].label, "say \"hi\"");
    assert_eq!(game.infosets[0].actions[0], "a\\b");
    assert_eq!(game.infosets[0].probabilities[0], r(1, 4));
    assert_eq!(game.outcomes[0].payoffs[0], r(3, 2));
    assert_eq!(game.outcomes[1].payoffs[0], r(1, 1000));
    assert_eq!(read_efg(&write_efg(&game)).unwrap(), game);
}

/// A player who forgets their own move (Piccione and Rubinstein's forgetful
/// driver's cousin): player A moves, then moves again without knowing what
/// they did.
#[test]
fn imperfect_recall_is_named() {
    let game = read_efg(&format!(
        "{HEAD}p \"\" 1 1 \"first\" {{ \"L\" \"R\" }} 0\np \"\" 1 2 \"second\" {{ \"l\" \"r\" }} 0\nt \"\" 1 \"\" {{ 1, 0 }}\nt \"\" 2 \"\" {{ 0, 0 }}\np \"\" 1 2 0\nt \"\" 2\nt \"\" 1\n"
    ))
    .unwrap();
    let e = solve_zero_sum(&game).map(|_| ()).unwrap_err().to_string();
    assert!(
        e.contains("zero-sum") || e.contains("perfect recall"),
        "{e}"
    );
    let e = sprague_strategic::extensive::sequences::Sequences::new(&game)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("player \"A\" does not have perfect recall"),
        "{e}"
    );
    assert!(e.contains("\"second\""), "{e}");
}

/// Lemke's algorithm on the sequence form: the equilibrium passes the
/// best-response check, and Kuhn's theorem maps it to a Nash equilibrium of
/// the reduced strategic form (checked there by the normal-form code).
#[test]
fn lemke_equilibria_are_equilibria_of_the_reduced_form() {
    use sprague_strategic::extensive::lemke::lemke_equilibrium;
    for game in [kuhn_poker(), beer_quiche()] {
        let s = lemke_equilibrium(&game).unwrap();
        let checks = check_equilibrium(&game, &s.profile).unwrap();
        assert!(checks.iter().all(|c| c.best), "{}: {checks:?}", game.title);
        let reduced = reduced_form(&game).unwrap();
        let mixed = reduced.behaviour_to_mixed(&game, &s.profile);
        assert!(reduced.game.is_nash(&mixed), "{}", game.title);
        for (p, strategy) in mixed.iter().enumerate().take(2) {
            assert_eq!(
                reduced.mixed_to_realisation_plan(&game, p, strategy),
                s.plans[p]
            );
        }
    }
    let kuhn = kuhn_poker();
    assert_eq!(
        expected_payoffs(&kuhn, &lemke_equilibrium(&kuhn).unwrap().profile)[0],
        r(-1, 18)
    );
}

/// A perfect-information tree (with chance nodes) written as `.efg` text,
/// built from random numbers: players, branching, payoffs.
fn random_tree(players: usize, numbers: &[u32]) -> String {
    let mut text = String::from("EFG 2 R \"random\" {");
    for p in 0..players {
        text.push_str(&format!(" \"P{}\"", p + 1));
    }
    text.push_str(" }\n\"\"\n");
    let mut next = numbers.iter().cycle();
    let mut draw = |k: u32| next.next().copied().unwrap_or(0) % k;
    let mut sets = vec![0u32; players];
    let mut chance_sets = 0;
    let mut outcomes = 0;
    let mut stack = vec![0usize]; // depths of nodes still to write
    while let Some(depth) = stack.pop() {
        let kind = if depth >= 4 || (depth > 0 && draw(4) == 0) {
            2
        } else if draw(5) == 0 {
            1
        } else {
            0
        };
        match kind {
            0 => {
                let p = draw(players as u32) as usize;
                sets[p] += 1;
                let k = 2 + draw(2) as usize;
                let actions: Vec<String> = (0..k).map(|a| format!("\"a{a}\"")).collect();
                text.push_str(&format!(
                    "p \"\" {} {} \"\" {{ {} }} 0\n",
                    p + 1,
                    sets[p],
                    actions.join(" ")
                ));
                stack.extend(std::iter::repeat_n(depth + 1, k));
            }
            1 => {
                chance_sets += 1;
                text.push_str(&format!(
                    "c \"\" {chance_sets} \"\" {{ \"h\" 1/3 \"t\" 2/3 }} 0\n"
                ));
                stack.extend([depth + 1, depth + 1]);
            }
            _ => {
                outcomes += 1;
                let payoffs: Vec<String> =
                    (0..players).map(|_| draw(1_000_000).to_string()).collect();
                text.push_str(&format!(
                    "t \"\" {outcomes} \"\" {{ {} }}\n",
                    payoffs.join(", ")
                ));
            }
        }
    }
    text
}

proptest::proptest! {
    /// On perfect-information trees the subgame-perfect solver agrees with
    /// the existing backward induction (`game_tree`) whenever the latter's
    /// solution is unique, and passes the check in every subgame.
    #[test]
    fn subgame_perfection_agrees_with_backward_induction(
        players in 1usize..4,
        numbers in proptest::collection::vec(0u32..u32::MAX, 64),
    ) {
        use sprague_strategic::extensive::subgame::subgame_perfect;
        use sprague_strategic::game_tree::GameTree;
        let text = random_tree(players, &numbers);
        let game = read_efg(&text).unwrap();
        let spe = subgame_perfect(&game).unwrap();
        proptest::prop_assert_eq!(spe.every_subgame_checked, Some(true));
        let tree = GameTree::from_efg(&text).unwrap();
        let solution = tree.solve();
        if solution.is_unique() {
            proptest::prop_assert_eq!(expected_payoffs(&game, &spe.profile), solution.payoffs().to_vec());
        }
    }
}

/// A game with a proper subgame: player 1 may take an outside option (2, 2)
/// or enter a simultaneous-move coordination game with equilibria (3, 1),
/// (1, 3) and a mixed one. "Out" followed by a threat is a Nash equilibrium
/// of the whole game that is not subgame perfect; the solver must solve the
/// subgame first and let player 1 compare its value with 2.
#[test]
fn subgame_perfection_solves_the_proper_subgame_first() {
    use sprague_strategic::extensive::subgame::{subgame_perfect, subgame_roots};
    let text = "EFG 2 R \"entry\" { \"1\" \"2\" } \"\"\n\
        p \"\" 1 1 \"enter?\" { \"out\" \"in\" } 0\n\
        t \"\" 1 \"\" { 2, 2 }\n\
        p \"\" 1 2 \"choose\" { \"A\" \"B\" } 0\n\
        p \"\" 2 1 \"guess\" { \"a\" \"b\" } 0\n\
        t \"\" 2 \"\" { 3, 1 }\n\
        t \"\" 3 \"\" { 0, 0 }\n\
        p \"\" 2 1 \"guess\" { \"a\" \"b\" } 0\n\
        t \"\" 3\n\
        t \"\" 4 \"\" { 1, 3 }\n";
    let game = read_efg(text).unwrap();
    assert_eq!(subgame_roots(&game), vec![0, 2]);
    let spe = subgame_perfect(&game).unwrap();
    assert_eq!(spe.every_subgame_checked, Some(true));
    let value = expected_payoffs(&game, &spe.profile);
    // The subgame's equilibrium gives player 1 either 3, 1 or 3/4 (mixed);
    // player 1 enters exactly when that beats the outside option 2.
    let enter = &spe.profile.probabilities[0][1];
    if value[0] > r(2, 1) {
        assert_eq!(*enter, r(1, 1));
    } else {
        assert_eq!(value, vec![r(2, 1), r(2, 1)]);
    }
}

/// The JSON form is checked like a file: a tree that is not a tree, chance
/// probabilities that do not add up, a payoff that is not a number.
#[test]
fn json_games_are_checked() {
    let mut game = kuhn_poker();
    game.infosets[0].probabilities[0] = r(1, 2);
    let e = ExtensiveGame::from_json(&game.to_json())
        .unwrap_err()
        .to_string();
    assert!(e.contains("add up to 4/3"), "{e}"); // 1/2 + 5 × 1/6
    let mut game = kuhn_poker();
    game.nodes[1].children[0] = 0;
    let e = ExtensiveGame::from_json(&game.to_json())
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a later node"), "{e}");
    let text = kuhn_poker()
        .to_json()
        .replacen("\"-1\"", "\"minus one\"", 1);
    let e = ExtensiveGame::from_json(&text).unwrap_err().to_string();
    assert!(e.contains("not an exact number"), "{e}");
}

/// A random two-player game with chance and imperfect information, with
/// perfect recall by construction, written as `.efg` text from random
/// numbers. A player's node joins one of that player's earlier information
/// sets only if play reaches it by the same own sequence (the same last own
/// set and action) and with the same number of actions, which is exactly
/// perfect recall; otherwise it opens a new set. `zero_sum` writes payoffs
/// `(u, −u)`; small payoff ranges make degenerate games common.
fn random_imperfect_game(numbers: &[u32], zero_sum: bool, payoff_range: u32) -> String {
    let mut text = String::from("EFG 2 R \"random\" { \"P1\" \"P2\" }\n\"\"\n");
    let mut next = numbers.iter().cycle();
    let mut draw = |k: u32| next.next().copied().unwrap_or(0) % k;
    // Per player: (set number, own sequence leading to it, number of actions).
    type Last = Option<(u32, usize)>;
    let mut sets: [Vec<(u32, Last, usize)>; 2] = [Vec::new(), Vec::new()];
    let (mut chance_sets, mut outcomes) = (0, 0);
    let mut stack: Vec<(usize, [Last; 2])> = vec![(0, [None, None])];
    while let Some((depth, last)) = stack.pop() {
        let kind = if depth >= 4 || (depth > 1 && draw(3) == 0) {
            2
        } else if draw(6) == 0 {
            1
        } else {
            0
        };
        match kind {
            0 => {
                let p = draw(2) as usize;
                let reusable: Vec<(u32, usize)> = sets[p]
                    .iter()
                    .filter(|s| s.1 == last[p])
                    .map(|s| (s.0, s.2))
                    .collect();
                let (set, k) = if !reusable.is_empty() && draw(3) != 0 {
                    reusable[draw(reusable.len() as u32) as usize]
                } else {
                    let k = 2 + draw(2) as usize;
                    let number = sets[p].len() as u32 + 1;
                    sets[p].push((number, last[p], k));
                    (number, k)
                };
                let actions: Vec<String> = (0..k).map(|a| format!("\"a{a}\"")).collect();
                text.push_str(&format!(
                    "p \"\" {} {set} \"\" {{ {} }} 0\n",
                    p + 1,
                    actions.join(" ")
                ));
                // Children are written in order: push them in reverse.
                for a in (0..k).rev() {
                    let mut child = last;
                    child[p] = Some((set, a));
                    stack.push((depth + 1, child));
                }
            }
            1 => {
                chance_sets += 1;
                text.push_str(&format!(
                    "c \"\" {chance_sets} \"\" {{ \"h\" 1/3 \"t\" 2/3 }} 0\n"
                ));
                stack.extend([(depth + 1, last), (depth + 1, last)]);
            }
            _ => {
                outcomes += 1;
                let u = draw(payoff_range) as i64 - (payoff_range / 2) as i64;
                let w = if zero_sum {
                    -u
                } else {
                    draw(payoff_range) as i64 - (payoff_range / 2) as i64
                };
                text.push_str(&format!("t \"\" {outcomes} \"\" {{ {u}, {w} }}\n"));
            }
        }
    }
    text
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// The floating-point-guided Lemke (float path, basis solved by
    /// fraction-free elimination, certified) returns exactly the equilibrium
    /// of exact pivoting, on random games with chance and information sets;
    /// every answer passes the independent check, and the check's machine-
    /// rational pass agrees with the big-rational routines. Payoffs are small
    /// integers, as in most of Gambit's collection (see the next property for
    /// large ones).
    #[test]
    fn guided_lemke_equals_exact_pivoting(
        numbers in proptest::collection::vec(0u32..u32::MAX, 96),
        range in proptest::sample::select(vec![3u32, 7, 41]),
    ) {
        use sprague_strategic::extensive::behaviour::best_response_value;
        use sprague_strategic::extensive::lemke::{lemke_equilibrium, lemke_equilibrium_exact_pivoting};
        use sprague_strategic::extensive::sequences::Sequences;
        let game = read_efg(&random_imperfect_game(&numbers, false, range)).unwrap();
        let fast = lemke_equilibrium(&game).unwrap();
        let exact = lemke_equilibrium_exact_pivoting(&game).unwrap();
        proptest::prop_assert_eq!(&fast.plans, &exact.plans);
        proptest::prop_assert_eq!(&fast.profile, &exact.profile);
        let checks = check_equilibrium(&game, &fast.profile).unwrap();
        proptest::prop_assert!(checks.iter().all(|c| c.best), "{:?}", checks);
        let seq = Sequences::new(&game).unwrap();
        let payoffs = expected_payoffs(&game, &fast.profile);
        for p in 0..2 {
            let br = best_response_value(&game, &seq, &fast.profile, p);
            proptest::prop_assert_eq!(checks[p].best_response.clone(), sprague_strategic::exact_text::format_rational(&br));
            proptest::prop_assert_eq!(checks[p].payoff.clone(), sprague_strategic::exact_text::format_rational(&payoffs[p]));
        }
    }

    /// With payoffs of six digits the floating-point guide cannot tell every
    /// tiny pivot entry from rounding noise, so in degenerate games it may
    /// follow another tie-breaking and end at another equilibrium than exact
    /// pivoting; it is still an equilibrium, certified exactly.
    #[test]
    fn guided_lemke_is_an_equilibrium_with_large_payoffs(
        numbers in proptest::collection::vec(0u32..u32::MAX, 96),
    ) {
        use sprague_strategic::extensive::lemke::lemke_equilibrium;
        let game = read_efg(&random_imperfect_game(&numbers, false, 1_000_000)).unwrap();
        let fast = lemke_equilibrium(&game).unwrap();
        let checks = check_equilibrium(&game, &fast.profile).unwrap();
        proptest::prop_assert!(checks.iter().all(|c| c.best), "{:?}", checks);
    }

    /// The machine-integer fast path of the sequence-form LP (the programme
    /// written in `i64`, its basis certified in `i128`, plans and behaviour
    /// strategies formed from integer numerators) returns exactly the answer
    /// of the big-rational programme — value, plans and profile — on random
    /// zero-sum games with chance, information sets and small or large
    /// payoffs, and the answer passes the independent check.
    #[test]
    fn zero_sum_lp_fast_path_equals_big_rational_path(
        numbers in proptest::collection::vec(0u32..u32::MAX, 96),
        range in proptest::sample::select(vec![3u32, 7, 1_000_000]),
    ) {
        use sprague_strategic::extensive::sequence_form::solve_zero_sum_general;
        let game = read_efg(&random_imperfect_game(&numbers, true, range)).unwrap();
        let fast = solve_zero_sum(&game).unwrap();
        let general = solve_zero_sum_general(&game).unwrap();
        proptest::prop_assert_eq!(&fast, &general);
        let checks = check_equilibrium(&game, &fast.profile).unwrap();
        proptest::prop_assert!(checks.iter().all(|c| c.best), "{:?}", checks);
    }

    /// The sequence-form LP (one programme; the second player's plan from
    /// its duals) gives both players optimal plans: the profile passes the
    /// check and its payoff to the first player equals the programme's value
    /// and the payoff of Lemke's equilibrium (all equilibria of a zero-sum
    /// game have the same value).
    #[test]
    fn zero_sum_lp_agrees_with_lemke(
        numbers in proptest::collection::vec(0u32..u32::MAX, 96),
        range in proptest::sample::select(vec![3u32, 7, 1_000_000]),
    ) {
        use sprague_strategic::extensive::lemke::lemke_equilibrium_exact_pivoting;
        let game = read_efg(&random_imperfect_game(&numbers, true, range)).unwrap();
        let lp = solve_zero_sum(&game).unwrap();
        let checks = check_equilibrium(&game, &lp.profile).unwrap();
        proptest::prop_assert!(checks.iter().all(|c| c.best), "{:?}", checks);
        proptest::prop_assert_eq!(&expected_payoffs(&game, &lp.profile)[0], &lp.value);
        let lemke = lemke_equilibrium_exact_pivoting(&game).unwrap();
        proptest::prop_assert_eq!(&expected_payoffs(&game, &lemke.profile)[0], &lp.value);
    }
}

/// Issue 28: an equilibrium of an extensive game of three players with
/// irrational probabilities is listed (apart, exactly), not only counted in
/// the note. In this simultaneous game player 1's gain from U over D is
/// 2·q·r − 1, player 2's from L over R is p − r and player 3's from W over E
/// is p − q (p, q, r the probabilities of U, L, W): the completely mixed
/// equilibrium has p = q = r and p² = 1/2, so p = √2/2, all payoffs 0.
#[test]
fn an_irrational_equilibrium_of_three_players_is_listed() {
    use sprague_strategic::extensive::efg::read_efg;
    use sprague_strategic::extensive::report::{solve_extensive_nash, ExtensiveMethod};
    let game = read_efg(
        "EFG 2 R \"Irrational three\" { \"1\" \"2\" \"3\" } \"\"\n\
         p \"\" 1 1 \"\" { \"U\" \"D\" } 0\n\
         p \"\" 2 1 \"\" { \"L\" \"R\" } 0\n\
         p \"\" 3 1 \"\" { \"W\" \"E\" } 0\n\
         t \"\" 1 \"\" { 1, 0, 0 }\n\
         t \"\" 2 \"\" { -1, 1, 0 }\n\
         p \"\" 3 1 \"\" { \"W\" \"E\" } 0\n\
         t \"\" 3 \"\" { -1, 0, 1 }\n\
         t \"\" 4 \"\" { -1, 0, 0 }\n\
         p \"\" 2 1 \"\" { \"L\" \"R\" } 0\n\
         p \"\" 3 1 \"\" { \"W\" \"E\" } 0\n\
         t \"\" 5 \"\" { 0, -1, -1 }\n\
         t \"\" 6 \"\" { 0, 0, 0 }\n\
         p \"\" 3 1 \"\" { \"W\" \"E\" } 0\n\
         t \"\" 7 \"\" { 0, 0, 0 }\n\
         t \"\" 8 \"\" { 0, 0, 0 }\n",
    )
    .unwrap();
    let report =
        solve_extensive_nash(&game, &ExtensiveMethod::Reduced(Default::default())).unwrap();
    assert_eq!(report.irrational_equilibria.len(), 1, "{report:?}");
    let e = &report.irrational_equilibria[0];
    assert_eq!(e.payoffs, vec!["0", "0", "0"]);
    // 1/4*sqrt(8) = 2√2/4 = √2/2 (the radicand as the quadratic's discriminant gives it).
    for (strategies, first) in e.strategies.iter().zip(["U", "L", "W"]) {
        assert_eq!(strategies.len(), 2);
        assert_eq!(strategies[0].strategy, first);
        assert_eq!(strategies[0].probability, "1/4*sqrt(8)");
        assert_eq!(strategies[1].probability, "1-1/4*sqrt(8)");
    }
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(
        json["irrational_equilibria"][0]["strategies"][0][0]["probability"],
        "1/4*sqrt(8)"
    );
}

/// Issue 28: reduced strategy names follow the player's sets in order of
/// first appearance in the file (Alice's set 2 comes first here), and a set
/// whose actions share a label names them `label#k`, so that names are
/// unique; sets with distinct labels keep them. Payoffs by hand: Alice's
/// go/a meets Bob's first `x` at leaf 1 (1, 0) and his second at leaf 3
/// (3, 1); stop/* ends at leaf 4 (0, 2) whatever Bob does.
#[test]
fn reduced_names_with_repeated_labels() {
    let game = read_efg(
        r#"EFG 2 R "Repeated labels" { "Alice" "Bob" }
""
p "" 1 2 "" { "go" "stop" } 0
p "" 2 1 "" { "x" "x" } 0
p "" 1 1 "" { "a" "b" } 0
t "" 1 "" { 1, 0 }
t "" 2 "" { 2, 0 }
t "" 3 "" { 3, 1 }
t "" 4 "" { 0, 2 }
"#,
    )
    .unwrap();
    let form = reduced_form(&game).unwrap();
    let names = form.game.strategies();
    assert_eq!(names[0], ["go/a", "go/b", "stop/*"]);
    assert_eq!(names[1], ["x#1", "x#2"]);
    let payoff = |a: usize, b: usize| -> Vec<BigRational> {
        (0..2)
            .map(|p| form.game.payoff(&[a, b], p).clone())
            .collect()
    };
    assert_eq!(payoff(0, 0), [r(1, 1), r(0, 1)]);
    assert_eq!(payoff(0, 1), [r(3, 1), r(1, 1)]);
    assert_eq!(payoff(1, 0), [r(2, 1), r(0, 1)]);
    assert_eq!(payoff(2, 1), [r(0, 1), r(2, 1)]);
    // An empty label, `*` and `/` in labels are decorated too.
    let game = read_efg(
        r#"EFG 2 R "Odd labels" { "Alice" "Bob" }
""
p "" 1 1 "" { "" "*" } 0
p "" 2 1 "" { "a/b" "a" } 0
t "" 1 "" { 1, 0 }
t "" 2 "" { 2, 0 }
p "" 2 2 "" { "c" "b/c" } 0
t "" 3 "" { 3, 0 }
t "" 4 "" { 4, 0 }
"#,
    )
    .unwrap();
    let names = reduced_form(&game).unwrap().game.strategies().to_vec();
    assert_eq!(names[0], ["#1", "*#2"]);
    assert_eq!(
        names[1],
        ["a/b#1/c#1", "a/b#1/b/c#2", "a#2/c#1", "a#2/b/c#2"]
    );
}

/// A three-player game that is one subgame: a chance move to k branches;
/// in branch i player 1 (set i) and then player 2 (set i, not seeing
/// player 1) choose between two actions, then player 3 at the one set
/// spanning every branch. Reduced strategies: 2^k, 2^k and 2.
fn wide_three_player_game(k: usize) -> String {
    let mut text = String::from("EFG 2 R \"wide\" { \"1\" \"2\" \"3\" }\n\"\"\n");
    let branches: Vec<String> = (1..=k).map(|i| format!("\"b{i}\" 1/{k}")).collect();
    text += &format!("c \"\" 1 \"\" {{ {} }} 0\n", branches.join(" "));
    let mut outcome = 0;
    for i in 1..=k {
        text += &format!("p \"\" 1 {i} \"\" {{ \"a\" \"b\" }} 0\n");
        for _ in 0..2 {
            text += &format!("p \"\" 2 {i} \"\" {{ \"c\" \"d\" }} 0\n");
            for _ in 0..2 {
                text += "p \"\" 3 1 \"\" { \"e\" \"f\" } 0\n";
                for _ in 0..2 {
                    outcome += 1;
                    text += &format!(
                        "t \"\" {outcome} \"\" {{ {}, {}, {} }}\n",
                        outcome % 3,
                        outcome % 5,
                        outcome % 7
                    );
                }
            }
        }
    }
    text
}

/// Issue 28: `tree spe` (and `nash --method support` on an extensive game)
/// size support enumeration on the reduced form before building it: with
/// k = 8 the form is 256x256x2 (131,072 profiles, within the form's own
/// limit) but support enumeration would search far more than 2,000,000
/// support profiles, so the refusal comes at once.
#[test]
fn support_enumeration_is_sized_before_the_reduced_form_is_built() {
    use sprague_strategic::extensive::report::{solve_extensive_nash, ExtensiveMethod};
    use sprague_strategic::extensive::subgame::subgame_perfect;
    use sprague_strategic::report::{NashMethod, NashOptions};
    let game = read_efg(&wide_three_player_game(8)).unwrap();
    let start = std::time::Instant::now();
    let refused = subgame_perfect(&game).unwrap_err();
    let message = refused.to_string();
    assert!(
        message.starts_with(
            "support enumeration on the reduced strategic form (256x256x2) of a subgame with 3 players would need about"
        ),
        "{message}"
    );
    assert!(message.ends_with("more than the limit of 2,000,000 support profiles"));
    let options = NashOptions {
        method: NashMethod::Support,
        ..Default::default()
    };
    let refused = solve_extensive_nash(&game, &ExtensiveMethod::Reduced(options)).unwrap_err();
    assert!(refused
        .to_string()
        .starts_with("support enumeration of a 256x256x2 game would visit up to"));
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
    // A small one of the same shape is solved (k = 1: 2x2x2).
    let small = read_efg(&wide_three_player_game(1)).unwrap();
    assert!(subgame_perfect(&small).is_ok());
}

/// Issue 28: a 10 MB `.efg` whose second line is malformed is refused at
/// line 2 without tokenising the rest: the file ends in a quoted label that
/// is never closed, which a reader that tokenised the whole text first
/// would report instead (at the last line), and the refusal is quick.
#[test]
fn a_large_malformed_efg_is_refused_at_its_line() {
    use sprague_strategic::extensive::efg::read_efg_file;
    use sprague_strategic::extensive::ExtensiveError;
    use sprague_strategic::game_tree::{GameTree, TreeError};
    let mut text = String::from(
        "EFG 2 R \"big\" { \"1\" \"2\" } \"\"\nx \"bad\" 1 1 \"\" { \"a\" \"b\" } 0\n",
    );
    let leaf = "t \"\" 1 \"o\" { 1, 2 }\n";
    while text.len() < 10_000_000 {
        text += leaf;
    }
    text += "t \"never closed";
    let start = std::time::Instant::now();
    let refused = read_efg(&text).unwrap_err();
    assert_eq!(
        refused,
        ExtensiveError::Efg {
            line: 2,
            message: "a node starts with p, c or t, not \"x\"".into()
        }
    );
    let tree = GameTree::from_efg(&text).unwrap_err();
    assert!(matches!(tree, TreeError::Efg { line: 2, .. }), "{tree}");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("large-malformed.efg");
    std::fs::write(&path, &text).unwrap();
    let refused = read_efg_file(&path).unwrap_err();
    assert!(matches!(refused, ExtensiveError::Efg { line: 2, .. }));
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
    // The unclosed label is still found when the reader gets that far.
    let unclosed = read_efg("EFG 2 R \"t\" { \"1\" }\n\"\"\nt \"open 1 { 1 }\n").unwrap_err();
    assert_eq!(
        unclosed,
        ExtensiveError::Efg {
            line: 3,
            message: "a quoted label is not closed".into()
        }
    );
}
