//! Tests of the rule families (second tournament, tit-for-tat variants,
//! grudgers, probers, hunters, …) against published figures and hand
//! computation, independently of the Axelrod library (which
//! `scripts/check_axelrod_strategies.py` compares them with move for move).
//! Matches are played here by a small driver of their own, with the default
//! payoffs (R, S, T, P) = (3, 0, 5, 1) and a known length.

use super::{lookup, SeededRng, View};
use crate::ipd::Action::{self, D};
use crate::ipd::Payoffs;

/// Plays `a` against `b` for `turns` turns: both move strings and totals.
fn duel(a: &str, b: &str, turns: usize) -> (String, String, [f64; 2]) {
    duel_with_errors(a, b, turns, &[], 7)
}

/// As [`duel`], with the first player's action flipped (as by noise) on the
/// given turns (counted from 0), and the players' random streams of `seed`.
fn duel_with_errors(
    a: &str,
    b: &str,
    turns: usize,
    errors: &[usize],
    seed: u64,
) -> (String, String, [f64; 2]) {
    duel_of_length(a, b, turns, errors, seed, Some(turns))
}

/// As [`duel_with_errors`], telling the players the match length `length`
/// (`None`: unknown, as with a probabilistic end).
fn duel_of_length(
    a: &str,
    b: &str,
    turns: usize,
    errors: &[usize],
    seed: u64,
    length: Option<usize>,
) -> (String, String, [f64; 2]) {
    let payoffs = Payoffs::default();
    let (mut first, mut second) = (lookup(a).unwrap().make(), lookup(b).unwrap().make());
    let (mut rng_a, mut rng_b) = (SeededRng::new(seed, 1), SeededRng::new(seed, 2));
    let (mut moves_a, mut moves_b): (Vec<Action>, Vec<Action>) = (vec![], vec![]);
    let mut scores = [0.0; 2];
    for _ in 0..turns {
        let count = |moves: &[Action]| moves.iter().filter(|&&x| x == D).count();
        let view_a = View {
            own: &moves_a,
            opponent: &moves_b,
            own_defections: count(&moves_a),
            opponent_defections: count(&moves_b),
            payoffs: &payoffs,
            length,
        };
        let mut x = first.play(&view_a, &mut rng_a);
        if errors.contains(&moves_a.len()) {
            x = x.flip();
        }
        let view_b = View {
            own: &moves_b,
            opponent: &moves_a,
            own_defections: count(&moves_b),
            opponent_defections: count(&moves_a),
            payoffs: &payoffs,
            length,
        };
        let y = second.play(&view_b, &mut rng_b);
        let (s, t) = payoffs.score(x, y);
        scores[0] += s;
        scores[1] += t;
        moves_a.push(x);
        moves_b.push(y);
    }
    let text = |moves: &[Action]| moves.iter().map(|a| a.as_char()).collect::<String>();
    (text(&moves_a), text(&moves_b), scores)
}

fn moves(a: &str, b: &str, turns: usize) -> String {
    duel(a, b, turns).0
}

#[test]
fn original_gradual_against_defector_over_1000_turns() {
    // Beaufils, Delahaye & Mathieu (1996), "Our meeting with gradual", Proc.
    // ALIFE V: 915 points for Gradual, 1340 for Defector. By hand: a C, then
    // blocks of k defections and 2 cooperations (k = 1, 2, …); 42 blocks fill
    // 1 + 42·47/2 = 988 turns, the last 12 turns are defections of block 43:
    // 903 + 12 = 915 mutual defections and 85 cooperations exploited, so
    // 915 = 915·P and 1340 = 915·P + 85·T.
    let (gradual, _, scores) = duel("OriginalGradual", "Defector", 1000);
    assert_eq!(scores, [915.0, 1340.0]);
    assert_eq!(&gradual[..12], "CDCCDDCCDDDC");
}

#[test]
fn original_gradual_scores_from_the_literature() {
    // Beaufils et al. (1996), Gradual's total over 1000 turns against each
    // deterministic opponent, as also checked in the Axelrod library's
    // tests (test_titfortat.py, TestOriginalGradual.test_output_from_literature).
    let expected = [
        ("Cooperator", 3000.0),
        ("Defector", 915.0),
        ("TitForTat", 3000.0),
        ("Grudger", 3000.0),
        ("CyclerDDC", 2219.0),
        ("CyclerCCD", 3472.0),
        ("SoftGoByMajority", 3000.0),
        ("SuspiciousTitForTat", 2996.0),
        ("Prober", 2999.0),
        ("WinStayLoseShift", 3000.0),
        ("OriginalGradual", 3000.0),
    ];
    for (opponent, score) in expected {
        assert_eq!(
            duel("OriginalGradual", opponent, 1000).2[0],
            score,
            "against {opponent}"
        );
    }
}

#[test]
fn original_gradual_against_cycler_ccd_over_1000_turns() {
    // 3472 for Gradual is Beaufils et al.'s figure; CyclerCCD's 767 is the
    // Axelrod library's (4.14, `Match((OriginalGradual(), CyclerCCD()),
    // turns=1000).final_score()` = (3472, 767)).
    assert_eq!(
        duel("OriginalGradual", "CyclerCCD", 1000).2,
        [3472.0, 767.0]
    );
}

#[test]
fn original_gradual_differs_from_the_library_gradual() {
    // The library's Gradual punishes the n-th defection with as many
    // defections as the opponent made in all, and does not score 915.
    assert_ne!(duel("Gradual", "Defector", 1000).2[0], 915.0);
}

#[test]
fn second_tournament_openings() {
    // Colbert: C on the first eight moves but the sixth.
    assert_eq!(moves("SecondByColbert", "Cooperator", 8), "CCCCCDCC");
    // Colbert answers a defection with D, D, C, C whatever comes meanwhile.
    assert_eq!(&moves("SecondByColbert", "Defector", 12)[8..], "DDCC");
    // Tester (as described): D first, then C, C, and alternates.
    assert_eq!(moves("SecondByTester", "Cooperator", 7), "DCCDCDC");
    // Grofman: C, C, then tit for tat until move 7.
    assert_eq!(moves("SecondByGrofman", "Alternator", 7), "CCDCDCD");
    // Mikkelson against Defector: credit 7 → 5 → 3 → 1 → −1 at move 5: D
    // and credit 4; → 2 → 0 at move 7: D and credit 4, …
    assert_eq!(moves("SecondByMikkelson", "Defector", 9), "CCCCDCDCD");
}

#[test]
fn graaskamp_katzen_checkpoint() {
    // Against Defector: 0 + 9·1 = 9 < 23 points after 10 moves, so it
    // defects for good from move 11; before that it is tit for tat.
    let (ours, _, _) = duel("SecondByGraaskampKatzen", "Defector", 12);
    assert_eq!(ours, "CDDDDDDDDDDD");
    // Against Cooperator it keeps 3 points a move and never defects.
    assert!(!moves("SecondByGraaskampKatzen", "Cooperator", 200).contains('D'));
}

#[test]
fn white_threshold() {
    // Against Defector: C for ten moves; at move t ≥ 11 the opponent has
    // defected t − 1 times and ⌊ln t⌋ ≥ 2 > t/(t − 1), so White defects.
    assert_eq!(moves("SecondByWhite", "Defector", 13), "CCCCCCCCCCDDD");
}

#[test]
fn grudgers() {
    // Soft Grudger punishes one defection with D, D, D, D, C, C.
    assert_eq!(moves("SoftGrudger", "CyclerCCCCCD", 14), "CCCCCCDDDDCCDD");
    assert_eq!(
        moves("GeneralSoftGrudger", "CyclerCCCCCD", 14),
        moves("SoftGrudger", "CyclerCCCCCD", 14)
    );
    // Forgetful Grudger holds a grudge for ten moves.
    assert_eq!(
        moves("ForgetfulGrudger", "CyclerCCCCCD", 18),
        "CCCCCCDDDDDDDDDDCC"
    );
    assert_eq!(moves("Aggravater", "Cooperator", 5), "DDDCC");
    assert_eq!(moves("SpitefulCC", "Defector", 4), "CCDD");
    assert_eq!(moves("GrudgerAlternator", "CyclerCCD", 7), "CCCDCDC");
    assert_eq!(moves("EasyGo", "CyclerCCD", 5), "DDDCC");
    assert_eq!(moves("OppositeGrudger", "CyclerDDC", 5), "DDDCC");
}

#[test]
fn capri_recovers_cooperation() {
    // Murase & Baek (2020): CAPRI is a mutually cooperative equilibrium…
    assert!(!moves("Capri", "Capri", 100).contains('D'));
    // …defects once against a single defection, and returns to cooperation.
    assert_eq!(moves("Capri", "CyclerCCCCCD", 9), "CCCCCCDCC");
    // Against Defector it defects from the second move on.
    assert_eq!(moves("Capri", "Defector", 6), "CDDDDD");
}

#[test]
fn probers() {
    assert_eq!(moves("Detective", "Cooperator", 7), "CDCCDDD");
    assert_eq!(moves("Detective", "TitForTat", 7), "CDCCCCC");
    assert_eq!(moves("HardProber", "Cooperator", 6), "DDCCDD");
    assert_eq!(moves("HardProber", "TitForTat", 7), "DDCCCCC");
    // Prober 4's opening; against Cooperator no defection is "just" or
    // "unjust" (0 and 0 differ by at most 2), so it defects for good.
    let opening = "CCDCDDDCCDCDCCDCDDCD";
    let against_cooperator = moves("Prober4", "Cooperator", 25);
    assert_eq!(&against_cooperator[..20], opening);
    assert_eq!(&against_cooperator[20..], "DDDDD");
}

#[test]
fn hunters() {
    assert_eq!(moves("DefectorHunter", "Defector", 7), "CCCCDDD");
    assert_eq!(moves("CooperatorHunter", "Cooperator", 7), "CCCCDDD");
    assert_eq!(moves("AlternatorHunter", "Alternator", 8), "CCCCCCDD");
    // C, C, D is seen as a cycle once the opponent has played it twice.
    assert_eq!(moves("CycleHunter", "CyclerCCD", 8), "CCCCCCDD");
    assert!(!moves("CycleHunter", "TitForTat", 50).contains('D'));
}

#[test]
fn retaliators_and_punishers() {
    // Retaliate against CyclerCCD: after the opponent's (C, D) at move 3 it
    // defects while 1 > 0.1 times its own (D, C) rounds.
    assert_eq!(moves("Retaliate", "CyclerCCD", 6), "CCCDDD");
    // Limited Retaliate cooperates once after 20 retaliations in a row.
    let limited = format!("C{}CD", "D".repeat(20));
    assert_eq!(moves("LimitedRetaliate", "Defector", 23), limited);
    // Punisher after the opponent's first defection at move 3 (1 of 3
    // moves): the triggering D and ⌊20/3⌋ = 6 more.
    assert_eq!(moves("Punisher", "CyclerCCD", 11), "CCCDDDDDDDC");
    assert_eq!(moves("LevelPunisher", "Defector", 12), "CCCCCCCCCCDD");
}

#[test]
fn final_moves_and_backstabbers() {
    // Alexei, Eugine Nier, Michaelos and BackStabber defect at the end of a
    // match of known length.
    assert_eq!(moves("Alexei", "Cooperator", 5), "CCCCD");
    assert_eq!(moves("EugineNier", "Cooperator", 5), "CCCCD");
    assert_eq!(moves("BackStabber", "Cooperator", 6), "CCCCDD");
    assert_eq!(moves("BackStabber", "Defector", 7), "CCCCDDD");
    assert_eq!(moves("DoubleCrosser", "Cooperator", 6), "CCCCDD");
    // Eugine Nier turns defector at the opponent's fifth defection.
    assert_eq!(moves("EugineNier", "Alternator", 12), "CCDCDCDCDCDD");
    // So do Stein and Rapoport and Tideman and Chieruzzi (the last two
    // moves) and Stalker (the last move), and none of them when the length
    // is unknown. By hand against Cooperator: Stein and Rapoport's χ² test
    // on 15 Cs finds no random opponent; Tideman and Chieruzzi never
    // retaliates and, level on points, never gives a fresh start; Stalker's
    // average payoff stays R = 3 > 2, so it cooperates.
    let unknown = |a: &str| duel_of_length(a, "Cooperator", 20, &[], 7, None).0;
    for (a, last) in [
        ("SteinAndRapoport", 2),
        ("TidemanAndChieruzzi", 2),
        ("Stalker", 1),
        ("Alexei", 1),
        ("EugineNier", 1),
        ("Michaelos", 1),
        ("BackStabber", 2),
        ("DoubleCrosser", 2),
    ] {
        assert_eq!(
            moves(a, "Cooperator", 20),
            format!("{}{}", "C".repeat(20 - last), "D".repeat(last)),
            "{a}"
        );
        assert_eq!(unknown(a), "C".repeat(20), "{a}");
    }
}

#[test]
fn tit_for_tat_variants() {
    assert_eq!(moves("SlowTitForTwoTats2", "Alternator", 6), "CCCCCC");
    assert_eq!(moves("SlowTitForTwoTats2", "Defector", 5), "CCDDD");
    // N tits for M tats (3, 2): three defections after two in a row.
    // Against D, D, C, …: triggered at moves 3 and 6, so D from move 3 on.
    assert_eq!(moves("NTitsForMTats", "CyclerDDC", 8), "CCDDDDDD");
    assert_eq!(moves("NTitsForMTats", "CyclerCCD", 8), "CCCCCCCC");
    assert_eq!(
        moves("ContriteTitForTat", "Alternator", 6),
        moves("TitForTat", "Alternator", 6)
    );
}

#[test]
fn tricky_resurrection_forgiver() {
    assert_eq!(moves("TrickyCooperator", "Cooperator", 5), "CCCDD");
    // Grudger defects from move 2 on; after three of its D it is lured.
    assert_eq!(moves("TrickyDefector", "Grudger", 6), "DDDDCC");
    assert_eq!(moves("Resurrection", "Defector", 8), "CDDDDDDD");
    assert_eq!(moves("DoubleResurrection", "Cooperator", 8), "CCCCCDCC");
    // Forgiver against CyclerCCD: the opponent's rate 1/3 > 1/10 after move 3.
    assert_eq!(moves("Forgiver", "CyclerCCD", 5), "CCCDD");
}

#[test]
fn contrite_tit_for_tat_accepts_the_punishment_for_its_error() {
    // Axelrod & Wu (1995): after its own mistaken defection, contrite tit
    // for tat takes the opponent's retaliation without answering it, so two
    // of them (here against tit for tat) recover at once, where tit for tat
    // would echo the error for ever.
    let (contrite, tft, _) = duel_with_errors("ContriteTitForTat", "TitForTat", 8, &[0], 7);
    assert_eq!((contrite.as_str(), tft.as_str()), ("DCCCCCCC", "CDCCCCCC"));
    let (plain, other, _) = duel_with_errors("TitForTat", "TitForTat", 8, &[0], 7);
    assert_eq!((plain.as_str(), other.as_str()), ("DCDCDCDC", "CDCDCDCD"));
}

#[test]
fn leyvraz_cooperates_with_its_probabilities() {
    // Against Defector, Leyvraz's rules give the cooperation probabilities
    // 1 (no defection yet), 1/2 (one defection last move), then 1/4 (two
    // defections in the last two moves): 1 + 1/2 + 198/4 = 51 expected
    // cooperations in 200 turns. The standard deviation of one match is
    // √(1/4 + 198·3/16) ≈ 6.1, so the mean of 400 matches is within 1.2 of
    // 51 (four standard errors).
    let matches = 400;
    let total: usize = (0..matches)
        .map(|seed| {
            let (ours, _, _) = duel_with_errors("SecondByLeyvraz", "Defector", 200, &[], seed);
            ours.matches('C').count()
        })
        .sum();
    let mean = total as f64 / matches as f64;
    assert!((mean - 51.0).abs() < 1.2, "mean {mean}");
}
