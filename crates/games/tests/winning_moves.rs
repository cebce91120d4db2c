//! `analyze` lists *every* winning move of a sum: the set of its winning moves
//! equals (a) the options that `moves` marks winning and (b) the options whose
//! value is 0 by a brute force written here — a plain memoised mex over the
//! listed moves of each single component, with a sum's value the XOR of its
//! components' values (Sprague 1935, Grundy 1939). A winning move may *raise*
//! a component's value (Kayles 2 4: the heap of 4, value 1, to 2, value 2):
//! the analysis once listed only the lowering ones.

mod common;

use std::collections::{BTreeSet, HashMap};

use common::Lcg;
use sprague_games::play::options;
use sprague_games::{parse_game, PlayableGame};

/// A position after a move, as a multiset of its non-empty components.
fn normalised(words: &[String]) -> Vec<String> {
    let mut words: Vec<String> = words
        .iter()
        .flat_map(|w| w.split_whitespace())
        .filter(|w| *w != "0")
        .map(str::to_string)
        .collect();
    words.sort();
    words
}

/// The value of one component by a plain memoised mex over its listed moves.
fn brute_value(game: &dyn PlayableGame, word: &str, memo: &mut HashMap<String, u64>) -> u64 {
    if let Some(&value) = memo.get(word) {
        return value;
    }
    let position = game.position(&[word.to_string()]).unwrap();
    let mut seen = BTreeSet::new();
    for played in game.moves(&position).unwrap() {
        seen.insert(
            played
                .after
                .components
                .iter()
                .map(|part| brute_value(game, part, memo))
                .fold(0, |total, value| total ^ value),
        );
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(word.to_string(), value);
    value
}

/// Checks one position; returns how many winning moves raise a component's value.
fn check(game: &dyn PlayableGame, words: &[String], memo: &mut HashMap<String, u64>) -> usize {
    let position = game.position(words).unwrap();
    let report = game.analyze(&position).unwrap();
    let from_analysis: BTreeSet<Vec<String>> = report
        .winning_moves
        .iter()
        .map(|m| normalised(std::slice::from_ref(&m.to)))
        .collect();
    assert_eq!(
        from_analysis.len(),
        report.winning_moves.len(),
        "{} {words:?}: a winning move listed twice",
        game.description()
    );
    let listed = options(game, &position).unwrap();
    let from_moves: BTreeSet<Vec<String>> = listed
        .iter()
        .filter(|o| o.winning())
        .map(|o| normalised(&o.play.after.components))
        .collect();
    let mut raising = 0;
    let mut brute = BTreeSet::new();
    for option in &listed {
        let total = option
            .play
            .after
            .components
            .iter()
            .map(|part| brute_value(game, part, memo))
            .fold(0, |total, value| total ^ value);
        if total == 0 {
            brute.insert(normalised(&option.play.after.components));
            if let Some(index) = option.play.component {
                let before = brute_value(game, &words[index], memo);
                // The sum is 0, so the moved component's new value is the XOR of the others'.
                let after = words
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != index)
                    .fold(0, |t, (_, w)| t ^ brute_value(game, w, memo));
                if after > before {
                    raising += 1;
                }
            }
        }
    }
    assert_eq!(
        from_analysis,
        brute,
        "{} {words:?}: analyze's winning moves against brute force",
        game.description()
    );
    assert_eq!(
        from_moves,
        brute,
        "{} {words:?}: moves' winning marks against brute force",
        game.description()
    );
    raising
}

#[test]
fn every_winning_move_of_heap_sums_is_listed() {
    let families = [
        ("nim", 12),
        ("bash:3", 14),
        ("subtraction:1,3,4", 14),
        ("octal:0.137", 13),
        ("octal:4.7", 12),
        ("kayles", 14),
        ("dawsons-kayles", 14),
        ("treblecross", 12),
        ("hex:0.F", 12),
        ("hex:4.8", 12),
        ("grundy", 14),
        ("lasker", 12),
        ("allbut:1,2", 12),
    ];
    let mut random = Lcg(26);
    let mut raising_total = 0;
    for (description, largest) in families {
        let game = parse_game(description).unwrap();
        let mut memo = HashMap::new();
        for _ in 0..40 {
            let count = 2 + random.below(3);
            let words: Vec<String> = (0..count)
                .map(|_| (1 + random.below(largest)).to_string())
                .collect();
            raising_total += check(game.as_ref(), &words, &mut memo);
        }
    }
    // The defect's class: winning moves that raise a component's value occur.
    assert!(raising_total > 50, "only {raising_total} raising moves met");
}

#[test]
fn the_issues_examples_list_every_winning_move() {
    let kayles = parse_game("kayles").unwrap();
    let mut memo = HashMap::new();
    for (words, count) in [
        (vec!["2", "4"], 2),
        (vec!["3", "4"], 3),
        (vec!["29", "30"], 8),
    ] {
        let words: Vec<String> = words.into_iter().map(str::to_string).collect();
        check(kayles.as_ref(), &words, &mut memo);
        let position = kayles.position(&words).unwrap();
        assert_eq!(
            kayles.analyze(&position).unwrap().winning_moves.len(),
            count
        );
    }
}

#[test]
fn every_winning_move_of_other_nim_like_sums_is_listed() {
    let mut random = Lcg(28);
    for description in ["wythoff", "nimble", "turning-turtles", "staircase"] {
        let game = parse_game(description).unwrap();
        let mut memo = HashMap::new();
        for _ in 0..30 {
            let words: Vec<String> = match description {
                "wythoff" => (0..2 + random.below(2))
                    .map(|_| format!("{},{}", random.below(8), random.below(8)))
                    .collect(),
                "nimble" | "turning-turtles" => {
                    let symbols: &[char] = if description == "nimble" {
                        &['.', '1', '2']
                    } else {
                        &['T', 'H']
                    };
                    let length = 3 + random.below(7);
                    vec![(0..length)
                        .map(|_| symbols[random.below(symbols.len() as u64) as usize])
                        .collect()]
                }
                _ => vec![(0..2 + random.below(4))
                    .map(|_| random.below(5).to_string())
                    .collect::<Vec<_>>()
                    .join(",")],
            };
            let Ok(position) = game.position(&words) else {
                continue;
            };
            if description == "wythoff" {
                check(game.as_ref(), &position.components.clone(), &mut memo);
            } else {
                // One component that is itself a Nim sum: compare with `moves` only.
                let report = game.analyze(&position).unwrap();
                let from_analysis: BTreeSet<Vec<String>> = report
                    .winning_moves
                    .iter()
                    .map(|m| normalised(std::slice::from_ref(&m.to)))
                    .collect();
                let from_moves: BTreeSet<Vec<String>> = options(game.as_ref(), &position)
                    .unwrap()
                    .iter()
                    .filter(|o| o.winning())
                    .map(|o| normalised(&o.play.after.components))
                    .collect();
                assert_eq!(from_analysis, from_moves, "{description} {words:?}");
            }
        }
    }
}

/// Northcott's game: White's moves (a position without a player) to a XOR of
/// gaps 0 are exactly the analysis's winning moves — retreats that widen a gap
/// to g ⊕ s included (`.BW.. B.W`: White retreats in row 1, or closes row 2).
#[test]
fn every_winning_move_of_northcott_is_listed() {
    let game = parse_game("northcott").unwrap();
    let gaps = |components: &[String]| -> u64 {
        components
            .iter()
            .map(|row| {
                let w = row.find(['W', 'w']).unwrap();
                let b = row.find(['B', 'b']).unwrap();
                (w.abs_diff(b) - 1) as u64
            })
            .fold(0, |t, g| t ^ g)
    };
    let mut random = Lcg(1);
    let mut retreats = 0;
    for round in 0..300 {
        let words: Vec<String> = if round == 0 {
            vec![".BW..".into(), "B.W".into()]
        } else {
            (0..1 + random.below(3))
                .map(|_| {
                    let length = 2 + random.below(6) as usize;
                    let white = random.below(length as u64) as usize;
                    let mut black = random.below(length as u64 - 1) as usize;
                    if black >= white {
                        black += 1;
                    }
                    (0..length)
                        .map(|i| match i {
                            _ if i == white => 'W',
                            _ if i == black => 'B',
                            _ => '.',
                        })
                        .collect()
                })
                .collect()
        };
        let position = game.position(&words).unwrap();
        let report = game.analyze(&position).unwrap();
        let from_analysis: BTreeSet<String> =
            report.winning_moves.iter().map(|m| m.to.clone()).collect();
        let brute: BTreeSet<String> = game
            .moves(&position)
            .unwrap()
            .into_iter()
            .filter(|m| gaps(&m.after.components) == 0)
            .map(|m| m.after.text())
            .collect();
        assert_eq!(from_analysis, brute, "{words:?}");
        retreats += report
            .winning_moves
            .iter()
            .filter(|m| m.description.contains("retreat"))
            .count();
    }
    assert!(retreats > 10, "{retreats}");
}

/// The reply that `moves` gives to each move from a Northcott P-position is the
/// *other* colour's move: the piece that just moved stays where it is.
#[test]
fn northcott_replies_move_the_other_colour() {
    use sprague_games::record::MoveListing;
    let game = parse_game("northcott").unwrap();
    let mut checked = 0;
    for words in [
        vec!["BW."],
        vec!["W.B", "B.W"],
        vec!["W..B.", ".B..W", "WB."],
    ] {
        let words: Vec<String> = words.into_iter().map(str::to_string).collect();
        let position = game.position(&words).unwrap();
        let listing = MoveListing::of(game.as_ref(), &position).unwrap();
        for (option, reply) in listing.listed.iter().zip(&listing.replies) {
            let reply = reply.as_ref().expect("a reply from a P-position");
            for (row_before, row_after) in option
                .play
                .after
                .components
                .iter()
                .zip(&reply.after.components)
            {
                assert_eq!(row_before.find('W'), row_after.find('W'), "{words:?}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 5);
}

/// Misère sums: the analysis's winning moves are the options that `moves`
/// marks winning (each valued by its own analysis), raising moves included.
#[test]
fn every_winning_move_of_misere_sums_is_listed() {
    let mut random = Lcg(5);
    for (description, largest) in [
        ("misere:nim", 6),
        ("misere:kayles", 9),
        ("misere:dawsons-kayles", 10),
        ("misere:subtraction:1,2", 9),
    ] {
        let game = parse_game(description).unwrap();
        for _ in 0..25 {
            let words: Vec<String> = (0..2 + random.below(2))
                .map(|_| (1 + random.below(largest)).to_string())
                .collect();
            let position = game.position(&words).unwrap();
            let report = game.analyze(&position).unwrap();
            let from_analysis: BTreeSet<Vec<String>> = report
                .winning_moves
                .iter()
                .map(|m| normalised(std::slice::from_ref(&m.to)))
                .collect();
            let from_moves: BTreeSet<Vec<String>> = options(game.as_ref(), &position)
                .unwrap()
                .iter()
                .filter(|o| o.winning())
                .map(|o| normalised(&o.play.after.components))
                .collect();
            assert_eq!(from_analysis, from_moves, "{description} {words:?}");
        }
    }
}

/// The perfect reply wins fastest (issue 28: `play misere:lasker 6 9` played 9->1+8, a win
/// in 21, instead of 9->6, a win in 17). The heap remoteness search that ranks the moves
/// is checked against the generic retrograde search over whole positions
/// (`play::remoteness`) on every winning option.
#[test]
fn the_perfect_reply_is_the_fastest_win() {
    use sprague_games::play::{perfect_reply, remoteness};
    for (description, words) in [
        ("misere:lasker", vec!["6", "9"]),
        ("lasker", vec!["4", "7"]),
        ("misere:kayles", vec!["4", "6", "8"]),
        ("kayles", vec!["3", "8", "9"]),
    ] {
        let game = parse_game(description).unwrap();
        let words: Vec<String> = words.into_iter().map(str::to_string).collect();
        let position = game.position(&words).unwrap();
        let reply = perfect_reply(game.as_ref(), &position).unwrap().unwrap();
        let winning: Vec<u64> = options(game.as_ref(), &position)
            .unwrap()
            .iter()
            .filter(|o| o.winning())
            .map(|o| remoteness(game.as_ref(), &o.play.after).unwrap())
            .collect();
        let fastest = *winning.iter().min().expect("an N-position");
        let chosen = remoteness(game.as_ref(), &reply.play.after).unwrap();
        assert_eq!(chosen, fastest, "{description} {words:?}: {}", reply.reason);
        if winning.len() > 1 {
            assert!(
                reply.reason.contains(&format!("({fastest} more moves)")),
                "{description}: {}",
                reply.reason
            );
        }
    }
}
