//! Every game of the catalogue (and misère and Every-SG variants) shows the
//! structured face: a position as data that round-trips through JSON, every
//! legal move with a notation that applies back to the same position, the
//! options' outcomes consistent with the analysis, a perfect reply that wins
//! from a winning position, and an explanation. The games' own test files
//! check their moves against independent enumerations and solvers; this one
//! makes sure no catalogue entry is left without the face.

mod common;

use common::{words, Lcg};
use sprague_engine::Outcome;
use sprague_games::play::{explain, options, perfect_reply};
use sprague_games::{all_entries, parse_game, Position};

/// One small position of every catalogue entry (by its name), as a game
/// description and the words of the position.
const SAMPLES: &[(&str, &str, &str)] = &[
    ("nim", "nim", "3 4 5"),
    ("bash", "bash:3", "7 2"),
    ("subtraction", "subtraction:1,3,4", "9 2"),
    ("octal", "octal:0.137", "8"),
    ("hex", "hex:0.F", "6 3"),
    ("rule", "rule:1:1;0:3u", "7 6"),
    ("kayles", "kayles", "2 3"),
    ("dawsons-kayles", "dawsons-kayles", "9"),
    ("dawsons-chess", "dawsons-chess", "7"),
    ("treblecross", "treblecross", "10"),
    ("grundy", "grundy", "5 6 7"),
    ("lasker", "lasker", "3 5"),
    ("wythoff", "wythoff", "10,15"),
    ("chomp", "chomp", "3x4"),
    ("nimble", "nimble", ".1..2.1"),
    ("turning-turtles", "turning-turtles", "THHTTH"),
    ("northcott", "northcott", "W...B. .B..W WB"),
    ("mock-turtles", "mock-turtles", "THHTTH"),
    ("ruler", "ruler", "THHTTHTH"),
    ("twins", "twins", "THHTTH"),
    ("grunt", "grunt", "THHTTTH"),
    ("coin-subtraction", "coin-subtraction:1,3,4", "THTTHTH"),
    ("coins", "coins:run1-2", "THHTH"),
    ("acrostic-twins", "acrostic-twins", "THT/TTH/HTT"),
    ("twins-x-twins", "twins-x-twins", "THT/TTH/HTT"),
    ("rugs", "rugs", "TTTT/THTT/TTHH"),
    ("tartan", "tartan:ruler*mock-turtles", "THT/TTH"),
    (
        "green-hackenbush",
        "green-hackenbush",
        "g-a,a-b,b-g,a-c,c-d",
    ),
    ("tree-edge-deletion", "tree-edge-deletion", "(()(()()))"),
    (
        "graph-edge-deletion",
        "graph-edge-deletion",
        "1:1-2,2-3,3-1,1-4",
    ),
    ("digraph", "digraph:a>b,b>c,c>a,c>d,x>y,y>x,y>d", "a x"),
    ("sos", "sos", "7"),
    ("allbut", "allbut:1,2", "7 9"),
    ("count-to", "count-to:3", "21"),
    ("moore", "moore:2", "2 5 6 7"),
    ("staircase", "staircase", "3 0 2 5"),
    ("dynamic", "dynamic", "20"),
    ("fibonacci", "fibonacci", "10"),
    ("thirty-one", "thirty-one", ""),
    ("empty-divide", "empty-divide", "5 7"),
    ("misere", "misere:kayles", "2 3 4"),
    ("every", "every:bash:3", "5 6 9"),
];

#[test]
fn every_catalogue_entry_has_a_sample() {
    for entry in all_entries() {
        assert!(
            SAMPLES.iter().any(|(name, ..)| *name == entry.name),
            "no sample position for {}",
            entry.name
        );
    }
}

#[test]
fn every_game_lists_its_moves_and_applies_their_notation_back() {
    for (name, description, text) in SAMPLES {
        let game = parse_game(description).expect("catalogue game");
        let position = game
            .position(&words(text))
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        let json = serde_json::to_string(&position).expect("serialises");
        let back: Position = serde_json::from_str(&json).expect("deserialises");
        assert_eq!(back, position, "{name}");
        assert_eq!(
            game.position(&back.components).expect("valid"),
            position,
            "{name}"
        );
        let moves = game
            .moves(&position)
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        assert!(!moves.is_empty(), "{name}: the sample has moves");
        for (index, played) in moves.iter().enumerate() {
            let parsed = game
                .parse_move(&position, &played.notation)
                .unwrap_or_else(|error| panic!("{name} {}: {error}", played.notation));
            assert_eq!(
                parsed.after.components, played.after.components,
                "{name} {}",
                played.notation
            );
            let numbered = game
                .parse_move(&position, &format!("#{}", index + 1))
                .expect("#k");
            assert_eq!(numbered.after, played.after, "{name}");
            assert_eq!(
                played.after.game, position.game,
                "{name}: the position after is of the same game"
            );
            assert!(!played.description.is_empty());
        }
        assert!(
            game.parse_move(&position, "no such move").is_err(),
            "{name}"
        );
    }
}

#[test]
fn options_agree_with_the_analysis_and_the_reply_wins_from_a_winning_position() {
    for (name, description, text) in SAMPLES {
        let game = parse_game(description).expect("catalogue game");
        let position = game.position(&words(text)).expect("sample");
        let report = game.analyze(&position).expect("small");
        let listed =
            options(game.as_ref(), &position).unwrap_or_else(|error| panic!("{name}: {error}"));
        // The outcome of a position follows from its options' outcomes.
        let winning = listed.iter().any(|o| o.winning());
        match report.outcome {
            Outcome::N | Outcome::W => {
                assert!(winning, "{name}: a winning position has a winning move")
            }
            Outcome::P | Outcome::L => assert!(!winning, "{name}: a losing position has none"),
            Outcome::D | Outcome::T => assert!(!winning, "{name}: a draw has no winning move"),
        }
        let reply = perfect_reply(game.as_ref(), &position)
            .expect("small")
            .expect("a move");
        if winning {
            assert!(
                matches!(reply.evaluation.outcome, Outcome::P | Outcome::L),
                "{name}"
            );
        }
        let why = explain(game.as_ref(), &position).expect("small");
        assert!(!why.lines.is_empty(), "{name}");
        assert_eq!(why.outcome, report.outcome);
    }
}

/// The longest playout; a loopy game still going then is a draw.
const PLAYOUT_PLIES: usize = 400;

#[test]
fn the_perfect_opponent_never_loses_a_game_it_can_win_in_random_playouts() {
    let mut random = Lcg(20261125);
    let misere: Vec<(String, &str)> = ["nim", "kayles", "bash:3"]
        .iter()
        .map(|inner| (format!("misere:{inner}"), "2 3 4"))
        .collect();
    let games: Vec<(String, &str)> = SAMPLES
        .iter()
        .map(|(_, description, text)| (description.to_string(), *text))
        .chain(misere)
        .collect();
    for (description, text) in &games {
        let game = parse_game(description).expect("catalogue game");
        let mut start = game.position(&words(text)).expect("sample");
        // Player 1 moves first (Northcott's White; other games ignore it).
        start.player = Some(1);
        // The game's own analysis says whether the first player can win, draw or tie.
        let first = game.analyze(&start).expect("small").outcome;
        for _ in 0..3 {
            let mut current = start.clone();
            let mut computer_to_move = true;
            let mut plies = 0;
            let outcome_for_computer = loop {
                let moves = game.moves(&current).expect("small");
                if moves.is_empty() || plies == PLAYOUT_PLIES {
                    if moves.is_empty() {
                        // The analysis of the final position scores it for the player to move.
                        let end = game.analyze(&current).expect("small").outcome;
                        let mover_wins = match end {
                            Outcome::N | Outcome::W => Some(true),
                            Outcome::P | Outcome::L => Some(false),
                            Outcome::D | Outcome::T => None,
                        };
                        break mover_wins.map(|wins| wins == computer_to_move);
                    }
                    break None;
                }
                current = if computer_to_move {
                    perfect_reply(game.as_ref(), &current)
                        .expect("small")
                        .expect("a move")
                        .play
                        .after
                } else {
                    moves[random.below(moves.len() as u64) as usize]
                        .after
                        .clone()
                };
                computer_to_move = !computer_to_move;
                plies += 1;
            };
            match first {
                Outcome::N | Outcome::W => {
                    assert_eq!(
                        outcome_for_computer,
                        Some(true),
                        "{description} {text}: a won game was not won"
                    )
                }
                Outcome::D | Outcome::T => {
                    assert_ne!(
                        outcome_for_computer,
                        Some(false),
                        "{description} {text}: a drawn game was lost"
                    )
                }
                Outcome::P | Outcome::L => {}
            }
        }
    }
}
