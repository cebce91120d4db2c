//! The defining behaviour of some of the library's families and of the
//! strategies given by parameters, computed by hand from their published
//! rules (independently of the Axelrod library, which
//! scripts/check_axelrod_strategies.py compares with).

use sprague_repeated::ipd::{play_match, MatchConfig, Player};

fn moves(a: &str, b: &str, turns: usize) -> (String, String) {
    let config = MatchConfig {
        turns,
        ..MatchConfig::default()
    };
    let result = play_match(
        &Player::parse(a).unwrap(),
        &Player::parse(b).unwrap(),
        &config,
        7,
    )
    .unwrap();
    let row = |k: usize| {
        result
            .actions
            .iter()
            .map(|&(x, y)| if k == 0 { x } else { y }.as_char())
            .collect()
    };
    (row(0), row(1))
}

#[test]
fn anti_cycler_plays_its_documented_sequence() {
    // cycler.py's docstring: "CDD  CD  CCD CCCD CCCCD ...".
    assert_eq!(moves("AntiCycler", "Cooperator", 17).0, "CDDCDCCDCCCDCCCCD");
}

#[test]
fn thue_morse_follows_the_sequence() {
    // A010060 = 0 1 1 0 1 0 0 1, with 1 as C (ThueMorse) or as D (inverse).
    assert_eq!(moves("ThueMorse", "Defector", 8).0, "DCCDCDDC");
    assert_eq!(moves("ThueMorseInverse", "Defector", 8).0, "CDDCDCCD");
}

#[test]
fn rules_of_the_simple_modules() {
    // Golden: cooperates first, then defects while the opponent never has.
    assert_eq!(moves("Golden", "Cooperator", 5).0, "CDDDD");
    // Grumpy: the opponent's defections minus cooperations exceed 10 from turn 12.
    assert_eq!(moves("Grumpy", "Defector", 14).0, "CCCCCCCCCCCDDD");
    // VeryBad against C, D, C, D, …: C×3, then majority (ties copy the last move).
    assert_eq!(moves("VeryBad", "Alternator", 7).0, "CCCCDCD");
    // Appeaser switches its move after each opponent defection.
    assert_eq!(moves("Appeaser", "Defector", 5).0, "CDCDC");
    // Gradual Killer: D×5, C×2; Tit For Tat answers D, D, D, D, D on moves 2–6
    // and C on move 7, so moves 6 and 7 are D, C: cooperate for ever.
    let (killer, tft) = moves("GradualKiller", "TitForTat", 10);
    assert_eq!(
        (killer.as_str(), tft.as_str()),
        ("DDDDDCCCCC", "CDDDDDCCCC")
    );
    assert_eq!(moves("GradualKiller", "Defector", 9).0, "DDDDDCCDD");
}

#[test]
fn strategies_given_by_parameters_equal_their_named_twins() {
    let tft_forms = [
        "memoryone:1,0,1,0",
        "lookup:0,1,0:CD",
        r#"fsm:{"initial_state": 1, "initial_action": "C", "transitions": [[1, "C", 1, "C"], [1, "D", 1, "D"]]}"#,
    ];
    let wsls_forms = ["memoryone:1,0,0,1", "lookup:1,1,0:CDDC"];
    for opponent in [
        "Alternator",
        "Grudger",
        "CyclerCCD",
        "Prober",
        "Thumper",
        "Fortress3",
    ] {
        let tft = moves("TitForTat", opponent, 50);
        for form in tft_forms {
            assert_eq!(moves(form, opponent, 50), tft, "{form} against {opponent}");
        }
        let wsls = moves("WinStayLoseShift", opponent, 50);
        for form in wsls_forms {
            assert_eq!(moves(form, opponent, 50), wsls, "{form} against {opponent}");
        }
    }
}

#[test]
fn zdgtft2_never_defects_first() {
    // ZDGTFT-2's four-vector is (1, 1/8, 1, 1/4) (Stewart–Plotkin 2012): after
    // mutual cooperation it cooperates with probability 1, so against a
    // cooperator it cooperates throughout and never draws.
    let (zd, _) = moves("ZDGTFT2", "Cooperator", 200);
    assert!(zd.chars().all(|c| c == 'C'));
    // Extort-2 (8/9, 1/2, 1/3, 0): after mutual defection it never cooperates.
    let (extort, _) = moves("ZDExtort2", "Defector", 200);
    let first_d = extort.find('D').unwrap();
    assert!(extort[first_d..].chars().all(|c| c == 'D'));
}
