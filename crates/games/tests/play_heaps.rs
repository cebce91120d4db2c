//! The structured move API on heap games (Nim, Bash, subtraction, octal,
//! hexadecimal, Grundy's game, Lasker's Nim, all-but games) and their misère
//! and Every-SG variants, checked against independent computations:
//! the listed moves against the family's own options, the perfect reply
//! against a brute-force solver written here (never the code under test),
//! and seeded random playouts in which the perfect opponent never loses a
//! game it can win.

mod common;

use std::collections::HashMap;

use common::{words, Lcg};
use sprague_engine::{GrundySolver, HeapFamily, HeapGame, Heaps};
use sprague_games::play::{explain, options, perfect_reply, remoteness};
use sprague_games::{parse_game, CatalogueGame, GameError, Position};

const HEAP_GAMES: &[&str] = &[
    "nim",
    "bash:3",
    "bash:2..3",
    "subtraction:1,3,4",
    "kayles",
    "dawsons-kayles",
    "0.137",
    "hex:0.F",
    "grundy",
    "lasker",
    "allbut:1,2",
];

fn position(game: &CatalogueGame, text: &str) -> Position {
    game.position(&words(text)).expect("a valid position")
}

/// The heaps of a position of a heap game (zeros kept out).
fn heaps_of(position: &Position) -> Vec<u64> {
    position
        .components
        .iter()
        .flat_map(|word| word.split('+'))
        .map(|word| word.parse::<u64>().expect("heap sizes"))
        .filter(|&heap| heap > 0)
        .collect()
}

/// Normal-play value of a sum of heaps by brute-force search over the family's options.
fn searched_value(family: &dyn HeapFamily, heaps: &[u64]) -> u64 {
    let mut solver = GrundySolver::by_search(HeapGame::new(family));
    heaps
        .iter()
        .map(|&heap| solver.grundy(&Heaps::single(heap)).expect("acyclic"))
        .fold(0, |total, value| total ^ value)
}

/// Misère outcome (does the player to move win?) of a sum of heaps, by a
/// memoised search over sorted multisets written here.
fn misere_wins(family: &dyn HeapFamily, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    for (index, &heap) in key.iter().enumerate() {
        let mut options = Vec::new();
        family.for_each_option(heap, &mut |parts| options.push(parts.to_vec()));
        for parts in options {
            any_move = true;
            let mut after = key.clone();
            after.remove(index);
            after.extend(parts);
            if !misere_wins(family, &after, memo) {
                wins = true;
            }
        }
    }
    let result = if any_move { wins } else { true };
    memo.insert(key, result);
    result
}

#[test]
fn listed_moves_are_exactly_the_familys_options_and_parse_back() {
    for description in HEAP_GAMES {
        let game = parse_game(description).expect("catalogue game");
        let family = game.heap_family().expect("a heap family");
        for text in ["0", "1", "5", "7 3", "9 9 2", "12"] {
            let start = position(&game, text);
            let moves = game.moves(&start).expect("small position");
            // Independently: for each distinct heap, each option as a sorted multiset.
            let heaps: Vec<u64> = start
                .components
                .iter()
                .map(|w| w.parse().expect("heap"))
                .collect();
            let mut expected: Vec<(u64, Vec<u64>)> = Vec::new();
            for (index, &heap) in heaps.iter().enumerate() {
                if heaps[..index].contains(&heap) {
                    continue;
                }
                family.for_each_option(heap, &mut |parts| {
                    let mut parts: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
                    parts.sort_unstable();
                    expected.push((heap, parts));
                });
            }
            expected.sort();
            expected.dedup();
            let mut listed: Vec<(u64, Vec<u64>)> = moves
                .iter()
                .map(|played| {
                    let index = played.component.expect("heap moves name their heap");
                    let mut rest = heaps.clone();
                    rest.remove(index);
                    let mut after = heaps_of(&played.after);
                    for heap in rest.iter().filter(|&&h| h > 0) {
                        let at = after
                            .iter()
                            .position(|h2| h2 == heap)
                            .expect("other heaps unchanged");
                        after.remove(at);
                    }
                    after.sort_unstable();
                    (heaps[index], after)
                })
                .collect();
            listed.sort();
            assert_eq!(listed, expected, "{description} {text}");
            for played in &moves {
                let parsed = game
                    .parse_move(&start, &played.notation)
                    .expect("notation parses");
                assert_eq!(
                    parsed.after.components, played.after.components,
                    "{description} {text} {}",
                    played.notation
                );
                let by_position = game
                    .parse_move(&start, &played.after.text())
                    .expect("the position after parses");
                assert_eq!(heaps_of(&by_position.after), heaps_of(&played.after));
            }
        }
    }
}

#[test]
fn positions_round_trip_through_json() {
    for description in HEAP_GAMES.iter().chain(&["misere:kayles", "every:bash:2"]) {
        let game = parse_game(description).expect("catalogue game");
        let start = position(&game, "4 7 1");
        let json = serde_json::to_string(&start).expect("serialises");
        let back: Position = serde_json::from_str(&json).expect("parses");
        assert_eq!(back, start);
        assert_eq!(
            game.position(&back.components).expect("valid"),
            start,
            "{description}"
        );
    }
}

#[test]
fn option_values_are_the_values_of_the_positions_after_by_search() {
    for description in HEAP_GAMES {
        let game = parse_game(description).expect("catalogue game");
        let family = game.heap_family().expect("a heap family");
        let start = position(&game, "6 11 3");
        for option in options(game.as_ref(), &start).expect("small") {
            let searched = searched_value(family, &heaps_of(&option.play.after));
            assert_eq!(
                option.evaluation.grundy,
                Some(searched),
                "{description} {}",
                option.play.notation
            );
            assert_eq!(option.winning(), searched == 0);
        }
    }
}

#[test]
fn the_perfect_reply_from_an_n_position_leads_to_a_p_position_by_search() {
    let mut random = Lcg(2026);
    for description in HEAP_GAMES {
        let game = parse_game(description).expect("catalogue game");
        let family = game.heap_family().expect("a heap family");
        for _ in 0..12 {
            let count = 1 + random.below(3);
            let heaps: Vec<String> = (0..count).map(|_| random.below(10).to_string()).collect();
            let start = position(&game, &heaps.join(" "));
            let before = searched_value(family, &heaps_of(&start));
            let reply = perfect_reply(game.as_ref(), &start).expect("small");
            match reply {
                None => assert_eq!(
                    heaps_of(&start)
                        .iter()
                        .map(|&h| {
                            let mut any = false;
                            family.for_each_option(h, &mut |_| any = true);
                            any
                        })
                        .filter(|&a| a)
                        .count(),
                    0,
                    "{description} {heaps:?}: no reply but a move exists"
                ),
                Some(reply) => {
                    let after = searched_value(family, &heaps_of(&reply.play.after));
                    if before != 0 {
                        assert_eq!(
                            after, 0,
                            "{description} {heaps:?}: reply {}",
                            reply.play.notation
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_perfect_opponent_never_loses_a_game_it_can_win() {
    let mut random = Lcg(7);
    for description in ["nim", "kayles", "subtraction:1,3,4", "grundy", "lasker"] {
        let game = parse_game(description).expect("catalogue game");
        let family = game.heap_family().expect("a heap family");
        for _ in 0..20 {
            let heaps: Vec<String> = (0..2).map(|_| (1 + random.below(9)).to_string()).collect();
            let mut current = position(&game, &heaps.join(" "));
            // The computer moves first; it can win exactly when the start is an N-position.
            let can_win = searched_value(family, &heaps_of(&current)) != 0;
            let mut computer_to_move = true;
            loop {
                let moves = game.moves(&current).expect("small");
                if moves.is_empty() {
                    break;
                }
                current = if computer_to_move {
                    perfect_reply(game.as_ref(), &current)
                        .expect("small")
                        .expect("a move")
                        .play
                        .after
                } else {
                    let pick = random.below(moves.len() as u64) as usize;
                    moves[pick].after.clone()
                };
                computer_to_move = !computer_to_move;
            }
            // The player to move at the end has no move and loses.
            let computer_won = !computer_to_move;
            if can_win {
                assert!(
                    computer_won,
                    "{description} {heaps:?}: the computer lost a won game"
                );
            }
        }
    }
}

#[test]
fn from_a_lost_position_the_reply_makes_the_win_longest() {
    let nim = parse_game("nim").expect("nim");
    let start = position(&nim, "3 3");
    let reply = perfect_reply(nim.as_ref(), &start)
        .expect("small")
        .expect("a move");
    // Remoteness of every option, by the search: the reply takes the largest.
    let largest = nim
        .moves(&start)
        .expect("small")
        .iter()
        .map(|played| remoteness(nim.as_ref(), &played.after).expect("small"))
        .max()
        .expect("moves");
    assert_eq!(reply.evaluation.remoteness, Some(largest));
    // Taking one token leaves 2 3: the opponent needs the most moves to win.
    assert_eq!(heaps_of(&reply.play.after).iter().sum::<u64>(), 5);
}

#[test]
fn remoteness_by_search_matches_a_brute_force_count_on_nim() {
    // Nim: from a P-position the loser removes one token at a time and the
    // winner mirrors, so the remoteness of (a, a) is 2a; of (a, b), a < b: 1 + 2a.
    let nim = parse_game("nim").expect("nim");
    for a in 0..6u64 {
        for b in a..7u64 {
            let r = remoteness(nim.as_ref(), &position(&nim, &format!("{a} {b}"))).expect("small");
            let expected = if a == b { 2 * a } else { 1 + 2 * a };
            assert_eq!(r, expected, "{a} {b}");
        }
    }
}

#[test]
fn misere_replies_win_by_an_independent_search() {
    let mut random = Lcg(99);
    for description in ["nim", "kayles", "subtraction:1,2"] {
        let game = parse_game(&format!("misere:{description}")).expect("misère game");
        let inner = parse_game(description).expect("inner game");
        let family = inner.heap_family().expect("heap family");
        let mut memo = HashMap::new();
        for _ in 0..20 {
            let heaps: Vec<String> = (0..3).map(|_| random.below(6).to_string()).collect();
            let start = position(&game, &heaps.join(" "));
            let wins = misere_wins(family, &heaps_of(&start), &mut memo);
            let report = game.analyze(&start).expect("small");
            assert_eq!(
                report.outcome.letter(),
                if wins { "N" } else { "P" },
                "{description} {heaps:?}"
            );
            if let Some(reply) = perfect_reply(game.as_ref(), &start).expect("small") {
                if wins {
                    assert!(
                        !misere_wins(family, &heaps_of(&reply.play.after), &mut memo),
                        "{description} {heaps:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_sg_moves_move_in_every_component_that_can() {
    let game = parse_game("every:bash:2").expect("every-SG game");
    let start = position(&game, "4 1+2 0");
    let moves = game.moves(&start).expect("small");
    // Component 4 has 2 moves, 1+2 has 3 (1→0, 2→1, 2→0), 0 none: 6 combined moves.
    assert_eq!(moves.len(), 6);
    for played in &moves {
        let after = &played.after.components;
        assert_eq!(after.len(), 3);
        assert_ne!(after[0], "4");
        assert_ne!(after[1], "1+2");
        assert_eq!(after[2], "0");
        let parsed = game.parse_move(&start, &played.notation).expect("parses");
        assert_eq!(&parsed.after.components, after);
    }
}

#[test]
fn illegal_moves_are_one_sentence_errors() {
    let nim = parse_game("nim").expect("nim");
    let start = position(&nim, "3 4 5");
    for text in [
        "3->3",
        "6->1",
        "",
        "take it all",
        "#13",
        "#0",
        "heap 9 to 1",
        "\u{7}\u{1b}[2J",
    ] {
        match nim.parse_move(&start, text) {
            Err(GameError::IllegalMove {
                reason,
                text: quoted,
                ..
            }) => {
                assert!(!reason.is_empty());
                assert!(!quoted.chars().any(char::is_control), "{quoted:?}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    assert_eq!(
        nim.parse_move(&start, "heap 3 to 1")
            .expect("legal")
            .after
            .text(),
        "3 4 1"
    );
    assert_eq!(
        nim.parse_move(&start, "#2").expect("legal").notation,
        "3->1"
    );
    assert_eq!(
        nim.parse_move(&start, " 3 → 1 ")
            .expect("legal")
            .after
            .text(),
        "1 4 5"
    );
}

#[test]
fn explanations_name_the_mex_and_the_closed_form() {
    let kayles = parse_game("kayles").expect("kayles");
    let why = explain(kayles.as_ref(), &position(&kayles, "7")).expect("small");
    // The options' values of a Kayles row of 7, by search:
    let family = kayles.heap_family().expect("family");
    let mut values: Vec<u64> = Vec::new();
    family.for_each_option(7, &mut |parts| values.push(searched_value(family, parts)));
    values.sort_unstable();
    values.dedup();
    assert_eq!(why.option_values, Some(values));
    assert_eq!(why.grundy, Some(2));
    assert!(why.lines[0].contains("→ the smallest value not among them is 2 = g"));
    let bash = parse_game("bash:3").expect("bash");
    let why = explain(bash.as_ref(), &position(&bash, "7")).expect("small");
    assert!(
        why.lines
            .iter()
            .any(|line| line.contains("g(7) = 7 mod 4 = 3")),
        "{:?}",
        why.lines
    );
    let lasker = parse_game("lasker").expect("lasker");
    let why = explain(lasker.as_ref(), &position(&lasker, "11")).expect("small");
    assert!(
        why.lines.iter().any(|line| line.contains("g(4k+3) = 4k+4")),
        "{:?}",
        why.lines
    );
    let nim = parse_game("nim").expect("nim");
    let why = explain(nim.as_ref(), &position(&nim, "1 2 3")).expect("small");
    assert!(why.lines.iter().any(|line| line.contains("1 ⊕ 2 ⊕ 3 = 0")));
    assert!(why
        .lines
        .iter()
        .any(|line| line.starts_with("P-position: every one of the 6 moves")));
}

#[test]
fn huge_heaps_are_refused_before_listing_their_moves() {
    let nim = parse_game("nim").expect("nim");
    let start = position(&nim, "1000000000000 3");
    assert!(matches!(
        nim.moves(&start),
        Err(GameError::PositionTooLarge { .. })
    ));
    // Listing is refused, so the reply is refused too (the analysis still answers).
    assert!(perfect_reply(nim.as_ref(), &start).is_err());
    assert!(nim.analyze(&start).is_ok());
}
