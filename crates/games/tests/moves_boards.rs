//! Structured positions and moves of the board games (Wythoff, Chomp,
//! Nimble, Turning Turtles, Northcott, the coin-turning games): the listed
//! moves are exactly the engine's options, every notation reads back, the
//! positions round-trip through JSON, illegal moves are refused, and the
//! perfect reply from an N-position leaves a position that the generic
//! solver of `sprague-engine` (search over the module's `Game`, not the code
//! under test) finds to be a P-position.

mod common;

use std::fmt::Display;

use common::{words, Lcg};
use sprague_engine::{Game, GrundySolver};
use sprague_games::play::perfect_reply;
use sprague_games::{GameError, PlayableGame, Position};

/// The after-positions of every move, as sorted texts.
fn listed_afters(game: &dyn PlayableGame, position: &Position) -> Vec<String> {
    let mut afters: Vec<String> = game
        .moves(position)
        .unwrap()
        .into_iter()
        .map(|m| {
            assert_eq!(m.after.game, position.game);
            assert_eq!(m.after, game.position(&m.after.components).unwrap());
            m.after.text()
        })
        .collect();
    afters.sort();
    afters
}

/// The after-positions of an independent enumeration: each component listed
/// by `moved` replaced by each of the engine's options (split by `components`).
fn engine_afters<G: Game>(engine: &G, components: &[G::Position], moved: &[usize]) -> Vec<String>
where
    G::Position: Display,
{
    let mut afters = Vec::new();
    for &index in moved {
        for option in engine.options(&components[index]) {
            let mut parts = engine.components(&option);
            if parts.is_empty() {
                parts.push(option.clone());
            }
            let mut after: Vec<String> =
                components[..index].iter().map(|c| c.to_string()).collect();
            after.extend(parts.iter().map(ToString::to_string));
            after.extend(components[index + 1..].iter().map(ToString::to_string));
            afters.push(after.join(" "));
        }
    }
    afters.sort();
    afters
}

/// The first index of each distinct component (games that move the first of equal components).
fn distinct_indices<T: PartialEq>(components: &[T]) -> Vec<usize> {
    (0..components.len())
        .filter(|&i| !components[..i].contains(&components[i]))
        .collect()
}

/// (b) every notation and `#k` read back to the same move; (c) JSON and
/// `position(components)` round trips.
fn check_notation_and_round_trips(game: &dyn PlayableGame, position: &Position) {
    let json = serde_json::to_string(position).unwrap();
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, position);
    assert_eq!(&game.position(&position.components).unwrap(), position);
    let moves = game.moves(position).unwrap();
    for (k, listed) in moves.iter().enumerate() {
        let json = serde_json::to_string(listed).unwrap();
        assert_eq!(
            &serde_json::from_str::<sprague_games::Move>(&json).unwrap(),
            listed
        );
        let parsed = game.parse_move(position, &listed.notation).unwrap();
        assert_eq!(parsed.after, listed.after, "{}", listed.notation);
        let numbered = game.parse_move(position, &format!("#{}", k + 1)).unwrap();
        assert_eq!(numbered.after, listed.after);
    }
}

fn assert_illegal(game: &dyn PlayableGame, position: &Position, text: &str) {
    match game.parse_move(position, text) {
        Err(GameError::IllegalMove { reason, .. }) => {
            assert!(!reason.is_empty() && !reason.contains('\n'), "{reason}")
        }
        other => panic!("{text} from {}: {other:?}", position.text()),
    }
}

/// (e) From an N-position the perfect reply leaves a position of value 0
/// by the generic solver; from a P-position every move leaves a nonzero one.
fn check_perfect_reply<G: Game>(
    game: &dyn PlayableGame,
    position: &Position,
    solver: &mut GrundySolver<G>,
    parse: &dyn Fn(&str) -> G::Position,
) {
    let value = |solver: &mut GrundySolver<G>, p: &Position| {
        p.components
            .iter()
            .fold(0, |t, w| t ^ solver.grundy(&parse(w)).unwrap())
    };
    let before = value(solver, position);
    let reply = perfect_reply(game, position).unwrap();
    match reply {
        None => assert_eq!(before, 0, "{}", position.text()),
        Some(reply) => {
            let after = value(solver, &reply.play.after);
            if before != 0 {
                assert_eq!(after, 0, "{} → {}", position.text(), reply.play.notation);
            } else {
                assert_ne!(after, 0, "{} → {}", position.text(), reply.play.notation);
            }
        }
    }
}

mod wythoff {
    use super::*;
    use sprague_games::wythoff::{parse_pair, Pair, Wythoff, WythoffPlayable};

    fn pairs(position: &Position) -> Vec<Pair> {
        position
            .components
            .iter()
            .map(|w| parse_pair(w).unwrap())
            .collect()
    }

    #[test]
    fn listed_moves_are_every_queen_move() {
        let game = WythoffPlayable;
        for text in ["0,0", "3,5", "10,15", "4,0", "2,3 1,1", "2,3 2,3 0,4"] {
            let position = game.position(&words(text)).unwrap();
            let pairs = pairs(&position);
            assert_eq!(
                listed_afters(&game, &position),
                engine_afters(&Wythoff, &pairs, &distinct_indices(&pairs))
            );
            // Independently: (a−k, b), (a, b−k), (a−k, b−k) for one pair.
            if let [Pair(a, b)] = pairs.as_slice() {
                let mut expected: Vec<String> = (1..=*a)
                    .map(|k| format!("{},{b}", a - k))
                    .chain((1..=*b).map(|k| format!("{a},{}", b - k)))
                    .chain((1..=*a.min(b)).map(|k| format!("{},{}", a - k, b - k)))
                    .collect();
                expected.sort();
                assert_eq!(listed_afters(&game, &position), expected);
            }
            check_notation_and_round_trips(&game, &position);
        }
    }

    #[test]
    fn notation_is_the_target_square_and_from_to_in_sums() {
        let game = WythoffPlayable;
        let one = game.position(&words("10,15")).unwrap();
        assert_eq!(game.parse_move(&one, "10,6").unwrap().after.text(), "10,6");
        assert_eq!(
            game.parse_move(&one, "10,15 -> 10,6").unwrap().after.text(),
            "10,6"
        );
        let sum = game.position(&words("10,15 3,6")).unwrap();
        assert_eq!(
            game.parse_move(&sum, "10,15->10,6").unwrap().after.text(),
            "10,6 3,6"
        );
        // Only 10,15 reaches 10,6 and only 3,6 reaches 3,5.
        assert_eq!(
            game.parse_move(&sum, "10,6").unwrap().after.text(),
            "10,6 3,6"
        );
        assert_eq!(
            game.parse_move(&sum, "3,5").unwrap().after.text(),
            "10,15 3,5"
        );
        let shared = game.position(&words("3,5 3,7")).unwrap();
        assert_illegal(&game, &shared, "3,4"); // both pairs reach 3,4
        assert_eq!(
            game.parse_move(&shared, "3,7->3,4").unwrap().after.text(),
            "3,5 3,4"
        );
    }

    #[test]
    fn illegal_moves_are_refused() {
        let game = WythoffPlayable;
        let one = game.position(&words("10,15")).unwrap();
        for text in [
            "10,15", "11,15", "9,13", "", "x", "#0", "#99", "3,5->3,4", "10,16",
        ] {
            assert_illegal(&game, &one, text);
        }
        let sum = game.position(&words("10,15 3,6")).unwrap();
        for text in ["4,4", "3,6->3,7", "10,15->9,13"] {
            assert_illegal(&game, &sum, text);
        }
        let over = game.position(&words("0,0")).unwrap();
        assert!(game.moves(&over).unwrap().is_empty());
        assert_illegal(&game, &over, "0,0");
        assert!(matches!(
            game.position(&words("3;5")),
            Err(GameError::InvalidPosition { .. })
        ));
    }

    #[test]
    fn huge_pairs_are_refused_before_listing_and_large_ones_use_the_formula() {
        let game = WythoffPlayable;
        let huge = game.position(&words("1000000,3")).unwrap();
        let error = game.moves(&huge).unwrap_err();
        assert!(
            matches!(error, GameError::PositionTooLarge { .. }),
            "{error}"
        );
        assert!(error.to_string().contains("1000006"), "{error}");
        let large = game.position(&words("4000,6475")).unwrap();
        let moves = game.moves(&large).unwrap();
        let evaluations = game.evaluate_moves(&moves).unwrap();
        let winning: Vec<&str> = moves
            .iter()
            .zip(&evaluations)
            .filter(|(_, e)| e.grundy == Some(0))
            .map(|(m, _)| m.notation.as_str())
            .collect();
        let expected: Vec<String> = sprague_games::wythoff::winning_moves(Pair(4000, 6475))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(winning, expected);
    }

    #[test]
    fn perfect_reply_reaches_a_p_position_of_the_generic_solver() {
        let game = WythoffPlayable;
        let mut solver = GrundySolver::by_search(Wythoff);
        let mut random = Lcg(2024);
        for _ in 0..40 {
            let count = 1 + random.below(2) as usize;
            let text: Vec<String> = (0..count)
                .map(|_| format!("{},{}", random.below(7), random.below(7)))
                .collect();
            let position = game.position(&text).unwrap();
            check_perfect_reply(&game, &position, &mut solver, &|w| parse_pair(w).unwrap());
        }
    }

    #[test]
    fn value_rule_names_wythoffs_pairs() {
        let game = WythoffPlayable;
        let rule = game.value_rule("5,3", 0).unwrap();
        assert!(
            rule.contains("⌊2φ⌋") && rule.contains("P-position"),
            "{rule}"
        );
        let rule = game.value_rule("2,2", 1).unwrap();
        assert!(
            rule.contains("(0,0)") && rule.contains("g(2,2) = 1"),
            "{rule}"
        );
    }
}

mod chomp {
    use super::*;
    use sprague_games::chomp::{parse_diagram, Chomp, ChompPlayable, Diagram};

    fn diagrams(position: &Position) -> Vec<Diagram> {
        position
            .components
            .iter()
            .map(|w| parse_diagram(w).unwrap())
            .collect()
    }

    #[test]
    fn listed_moves_are_every_bite() {
        let game = ChompPlayable;
        for text in ["1", "4x7", "5,5,3,1", "3,1,1", "2x2 3,1", "2x2 2x2 1"] {
            let position = game.position(&words(text)).unwrap();
            let boards = diagrams(&position);
            let all: Vec<usize> = (0..boards.len()).collect();
            assert_eq!(
                listed_afters(&game, &position),
                engine_afters(&Chomp, &boards, &all)
            );
            // Independently: every bite of Diagram::bites, with its 1-based square.
            let moves = game.moves(&position).unwrap();
            let mut k = 0;
            for (index, board) in boards.iter().enumerate() {
                for (row, column) in board.bites() {
                    let square = format!("{},{}", row + 1, column + 1);
                    let expected = if boards.len() == 1 {
                        square
                    } else {
                        format!("{}:{square}", index + 1)
                    };
                    assert_eq!(moves[k].notation, expected);
                    assert_eq!(moves[k].component, Some(index));
                    let mut after = boards.clone();
                    after[index] = board.bite(row, column);
                    assert_eq!(diagrams(&moves[k].after), after);
                    k += 1;
                }
            }
            assert_eq!(k, moves.len());
            check_notation_and_round_trips(&game, &position);
        }
    }

    #[test]
    fn positions_keep_the_canonical_diagram() {
        let game = ChompPlayable;
        let position = game.position(&words("3,3 4,2,2")).unwrap();
        assert_eq!(position.components, vec!["2x3", "4,2,2"]);
        assert_eq!(
            position.board,
            sprague_games::Board::Diagrams {
                diagrams: vec![vec![3, 3], vec![4, 2, 2]]
            }
        );
        let one = game.position(&words("2x3")).unwrap();
        let bite = game.parse_move(&one, "2,2").unwrap();
        assert_eq!(bite.after.text(), "3,1");
        assert!(
            bite.description.contains("row 2, column 2"),
            "{}",
            bite.description
        );
        assert_eq!(game.parse_move(&one, "1:2,2").unwrap().after.text(), "3,1");
        assert_eq!(game.parse_move(&one, "1,3").unwrap().after.text(), "2x2");
    }

    #[test]
    fn illegal_moves_are_refused() {
        let game = ChompPlayable;
        let one = game.position(&words("2x3")).unwrap();
        for text in [
            "1,1", "3,3", "1,4", "0,2", "2:1,2", "", "bite", "#6", "2,2,2",
        ] {
            assert_illegal(&game, &one, text);
        }
        // `3,1` is no square of 2x3 but the diagram that the bite 2,2 leaves (issue 28).
        assert_eq!(game.parse_move(&one, "3,1").unwrap().notation, "2,2");
        let sum = game.position(&words("2x3 3,1")).unwrap();
        for text in ["1,2", "3:1,2", "2:2,2", "1:1,1"] {
            assert_illegal(&game, &sum, text);
        }
        let poison = game.position(&words("1")).unwrap();
        assert!(game.moves(&poison).unwrap().is_empty());
        assert_illegal(&game, &poison, "1,1");
        assert!(matches!(
            game.position(&words("2,4")),
            Err(GameError::InvalidPosition { .. })
        ));
        let error = game
            .moves(&game.position(&words("1000x1000")).unwrap())
            .unwrap_err();
        assert!(
            matches!(error, GameError::PositionTooLarge { .. }),
            "{error}"
        );
        let error = game
            .moves(&game.position(&words("60000x1")).unwrap())
            .unwrap_err();
        assert!(
            matches!(error, GameError::PositionTooLarge { .. }),
            "{error}"
        );
    }

    #[test]
    fn option_outcomes_agree_with_the_generic_solver() {
        let game = ChompPlayable;
        let mut solver = GrundySolver::by_search(Chomp);
        for text in ["4x5", "6,2,2,1,1", "2,1,1,1,1,1,1", "2x2 3,1"] {
            let position = game.position(&words(text)).unwrap();
            let moves = game.moves(&position).unwrap();
            for (m, e) in moves.iter().zip(game.evaluate_moves(&moves).unwrap()) {
                let value = diagrams(&m.after)
                    .iter()
                    .fold(0, |t, d| t ^ solver.grundy(d).unwrap());
                assert_eq!(e.outcome.letter() == "P", value == 0, "{}", m.notation);
                if let Some(g) = e.grundy {
                    assert_eq!(g, value, "{}", m.notation);
                }
            }
        }
    }

    #[test]
    fn perfect_reply_reaches_a_p_position_of_the_generic_solver() {
        let game = ChompPlayable;
        let mut solver = GrundySolver::by_search(Chomp);
        let mut random = Lcg(7);
        let random_diagram = |random: &mut Lcg| {
            let rows = 1 + random.below(3);
            let mut length = 1 + random.below(4);
            let mut parts = Vec::new();
            for _ in 0..rows {
                parts.push(length.to_string());
                length = 1 + random.below(length);
            }
            parse_diagram(&parts.join(",")).unwrap().to_string()
        };
        for _ in 0..30 {
            let count = 1 + random.below(2) as usize;
            let text: Vec<String> = (0..count).map(|_| random_diagram(&mut random)).collect();
            let position = game.position(&text).unwrap();
            check_perfect_reply(&game, &position, &mut solver, &|w| {
                parse_diagram(w).unwrap()
            });
        }
    }

    #[test]
    fn value_rule_of_l_shapes_equals_the_generic_solver() {
        let game = ChompPlayable;
        let mut solver = GrundySolver::by_search(Chomp);
        for row in 1..=6u16 {
            for height in 1..=6usize {
                let mut rows = vec![row];
                rows.extend(std::iter::repeat_n(1, height - 1));
                let diagram = Diagram(rows);
                let value = solver.grundy(&diagram).unwrap();
                let rule = game.value_rule(&diagram.to_string(), value);
                assert!(rule.is_some(), "{diagram}: g = {value}");
                assert!(rule.unwrap().contains(&format!("= {value}")));
            }
        }
        assert_eq!(game.value_rule("2x2", 2), None);
    }
}

mod nimble {
    use super::*;
    use sprague_games::nimble::{parse_strip, Nimble, NimblePlayable, Strip};

    /// The strip with square 0 emptied (coins there are out of play).
    fn in_play(strip: &Strip) -> String {
        let mut counts = strip.0.clone();
        counts[0] = 0;
        Strip(counts).to_string()
    }

    #[test]
    fn listed_moves_are_every_slide() {
        let game = NimblePlayable;
        for text in [".", ".2..1", "3.1", "..12", ".1.1.1"] {
            let position = game.position(&words(text)).unwrap();
            let strip = parse_strip(&position.components[0]).unwrap();
            let mut expected: Vec<String> = Nimble.options(&strip).iter().map(in_play).collect();
            expected.sort();
            assert_eq!(listed_afters(&game, &position), expected, "{text}");
            check_notation_and_round_trips(&game, &position);
        }
        let position = game.position(&words(".2..1")).unwrap();
        assert_eq!(position.components, vec![".2..1"]);
        let slide = game.parse_move(&position, "4->1").unwrap();
        assert_eq!(slide.after.text(), ".3");
        assert_eq!(slide.description, "move a coin from square 4 to square 1");
        // Coins reaching square 0 leave the game.
        assert_eq!(
            game.parse_move(&position, "1 → 0").unwrap().after.text(),
            ".1..1"
        );
        assert_eq!(
            game.position(&words("2. 1")).unwrap().components,
            vec!["..1"]
        );
    }

    #[test]
    fn illegal_moves_are_refused() {
        let game = NimblePlayable;
        let position = game.position(&words(".2..1")).unwrap();
        for text in ["4->4", "1->2", "3->1", "4->", "x", "", "#10"] {
            assert_illegal(&game, &position, text);
        }
        assert!(game
            .moves(&game.position(&words(".")).unwrap())
            .unwrap()
            .is_empty());
        let crowded = game.position(&words(".9.1")).unwrap();
        assert!(game.moves(&crowded).is_err());
        let long = format!("{}1", ".".repeat(99_998));
        let error = game.moves(&game.position(&[long]).unwrap()).unwrap_err();
        assert!(
            matches!(error, GameError::PositionTooLarge { .. }),
            "{error}"
        );
    }

    #[test]
    fn perfect_reply_reaches_a_p_position_of_the_generic_solver() {
        let game = NimblePlayable;
        let mut solver = GrundySolver::by_search(Nimble);
        let mut random = Lcg(11);
        for _ in 0..30 {
            let length = 2 + random.below(5) as usize;
            let text: String = (0..length)
                .map(|_| match random.below(5) {
                    0 | 1 => '1',
                    _ => '.',
                })
                .collect();
            let position = game.position(&[text]).unwrap();
            check_perfect_reply(&game, &position, &mut solver, &|w| parse_strip(w).unwrap());
        }
    }

    #[test]
    fn value_rule_says_the_heap_of_a_coin() {
        let game = NimblePlayable;
        let rule = game.value_rule("coin on square 4", 4).unwrap();
        assert!(rule.contains("heap of 4"), "{rule}");
        assert!(game
            .value_rule(".2..1", 4)
            .unwrap()
            .contains("1 ⊕ 1 ⊕ 4 = 4"));
    }
}

mod turning_turtles {
    use super::*;
    use sprague_games::turning_turtles::{TurningTurtles, TurningTurtlesPlayable};

    #[test]
    fn listed_moves_are_every_turn() {
        let game = TurningTurtlesPlayable;
        for text in ["T", "H", "THHTH", "HHHH", "tthth"] {
            let position = game.position(&words(text)).unwrap();
            let row = position.components[0].clone();
            let mut expected = TurningTurtles.options(&row);
            expected.sort();
            assert_eq!(listed_afters(&game, &position), expected, "{text}");
            check_notation_and_round_trips(&game, &position);
        }
        let position = game.position(&words("THHTH")).unwrap();
        assert_eq!(
            game.parse_move(&position, "5").unwrap().after.text(),
            "THHTT"
        );
        assert_eq!(
            game.parse_move(&position, "5,1").unwrap().after.text(),
            "HHHTT"
        );
        assert_eq!(
            game.parse_move(&position, "1,5").unwrap().after.text(),
            "HHHTT"
        );
        let turned = game.parse_move(&position, "3,2").unwrap();
        assert_eq!(turned.after.text(), "TTTTH");
        assert_eq!(
            turned.description,
            "turn the head at position 3 and the head at position 2"
        );
    }

    #[test]
    fn illegal_moves_are_refused() {
        let game = TurningTurtlesPlayable;
        let position = game.position(&words("THHTH")).unwrap();
        for text in ["4", "1", "6", "4,1", "5,5", "3,4", "5,2,1", "", "x"] {
            assert_illegal(&game, &position, text);
        }
        assert!(game
            .moves(&game.position(&words("TTT")).unwrap())
            .unwrap()
            .is_empty());
        let error = game
            .moves(&game.position(&["H".repeat(1000)]).unwrap())
            .unwrap_err();
        assert!(
            matches!(error, GameError::PositionTooLarge { .. }),
            "{error}"
        );
    }

    #[test]
    fn perfect_reply_reaches_a_p_position_of_the_generic_solver() {
        let game = TurningTurtlesPlayable;
        let mut solver = GrundySolver::by_search(TurningTurtles);
        let mut random = Lcg(5);
        for _ in 0..30 {
            let length = 1 + random.below(6) as usize;
            let text: String = (0..length)
                .map(|_| if random.below(2) == 0 { 'H' } else { 'T' })
                .collect();
            let position = game.position(&[text]).unwrap();
            check_perfect_reply(&game, &position, &mut solver, &|w| w.to_string());
        }
    }

    #[test]
    fn value_rule_says_the_heap_of_a_head() {
        let game = TurningTurtlesPlayable;
        assert!(game
            .value_rule("head at position 5", 5)
            .unwrap()
            .contains("heap of 5"));
        assert!(game
            .value_rule("THHTH", 4)
            .unwrap()
            .contains("2 ⊕ 3 ⊕ 5 = 4"));
    }
}

mod northcott {
    use super::*;
    use sprague_games::northcott::{parse_row, NorthcottPlayable};

    /// Every slide of one colour's piece, independently: any square on its
    /// side of the other piece but its own.
    fn slides(row: &str, black: bool) -> Vec<String> {
        let squares: Vec<char> = row.chars().collect();
        let (mine, theirs) = if black { ('B', 'W') } else { ('W', 'B') };
        let from = squares.iter().position(|&c| c == mine).unwrap();
        let other = squares.iter().position(|&c| c == theirs).unwrap();
        (0..squares.len())
            .filter(|&to| to != from && to != other && (to < other) == (from < other))
            .map(|to| {
                let mut next = squares.clone();
                next[from] = '.';
                next[to] = mine;
                next.into_iter().collect()
            })
            .collect()
    }

    fn gaps_xor(position: &Position) -> u64 {
        position.components.iter().fold(0, |t, row| {
            let w = row.find('W').unwrap();
            let b = row.find('B').unwrap();
            t ^ (w.abs_diff(b) as u64 - 1)
        })
    }

    #[test]
    fn listed_moves_are_every_slide_of_the_mover() {
        let game = NorthcottPlayable;
        for text in ["WB", ".W..B.", "W...B. .B..W", "B.W. W.B"] {
            for player in [None, Some(1), Some(2)] {
                let position = Position {
                    player,
                    ..game.position(&words(text)).unwrap()
                };
                let rows = position.components.clone();
                let mut expected = Vec::new();
                for (index, row) in rows.iter().enumerate() {
                    for slid in slides(row, player == Some(2)) {
                        let mut after = rows.clone();
                        after[index] = slid;
                        expected.push(after.join(" "));
                    }
                }
                expected.sort();
                let moves = game.moves(&position).unwrap();
                let mut afters: Vec<String> = moves.iter().map(|m| m.after.text()).collect();
                afters.sort();
                assert_eq!(afters, expected, "{text} {player:?}");
                for m in &moves {
                    assert_eq!(m.after.player, Some(3 - player.unwrap_or(1)));
                    let back = game.parse_move(&position, &m.notation).unwrap();
                    assert_eq!(back.after, m.after);
                }
                let json = serde_json::to_string(&position).unwrap();
                assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), position);
            }
            let position = game.position(&words(text)).unwrap();
            check_notation_and_round_trips(&game, &position);
        }
        let one = game.position(&words("W...B.")).unwrap();
        let advance = game.parse_move(&one, "1->3").unwrap();
        assert_eq!(advance.after.text(), "..W.B.");
        assert!(
            advance.description.contains("gap 3 → 1"),
            "{}",
            advance.description
        );
        assert_eq!(
            game.parse_move(&one, "1:1->3").unwrap().after,
            advance.after
        );
    }

    #[test]
    fn illegal_moves_are_refused() {
        let game = NorthcottPlayable;
        let position = game.position(&words("W...B. .B..W")).unwrap();
        for text in [
            "1:1->5", "1:1->6", "1:5->4", "3:1->2", "1->3", "2:5->1", "", "x",
        ] {
            assert_illegal(&game, &position, text);
        }
        let stuck = game.position(&words("WB")).unwrap();
        assert!(game.moves(&stuck).unwrap().is_empty());
        assert!(parse_row("W..").is_err());
    }

    #[test]
    fn perfect_reply_closes_the_gaps_to_a_zero_xor() {
        // Checked against the gaps directly (the module's retrograde test proves
        // the partizan game is Nim on the gaps; it has no `Game` impl to search).
        let game = NorthcottPlayable;
        let mut random = Lcg(3);
        for _ in 0..30 {
            let count = 1 + random.below(3) as usize;
            let text: Vec<String> = (0..count)
                .map(|_| {
                    let length = 2 + random.below(6) as usize;
                    let w = random.below(length as u64) as usize;
                    let mut b = random.below(length as u64 - 1) as usize;
                    if b >= w {
                        b += 1;
                    }
                    (0..length)
                        .map(|i| {
                            if i == w {
                                'W'
                            } else if i == b {
                                'B'
                            } else {
                                '.'
                            }
                        })
                        .collect()
                })
                .collect();
            let position = game.position(&text).unwrap();
            let before = gaps_xor(&position);
            match perfect_reply(&game, &position).unwrap() {
                Some(reply) if before != 0 => {
                    assert_eq!(gaps_xor(&reply.play.after), 0, "{}", position.text())
                }
                Some(reply) => assert_ne!(gaps_xor(&reply.play.after), 0),
                None => assert_eq!(before, 0),
            }
        }
    }

    #[test]
    fn value_rule_says_the_heap_of_a_gap() {
        let game = NorthcottPlayable;
        let report = game.analyze_words(&words("W...B. .B..W")).unwrap();
        let rule = game.value_rule(&report.components[0].position, 3).unwrap();
        assert!(rule.contains("Nim heap of 3"), "{rule}");
    }
}

mod coin_turning {
    use super::*;
    use sprague_games::coin_turning::{CoinRow, CoinTurning};
    use sprague_games::parse_game;

    fn games() -> Vec<(String, CoinTurning)> {
        let rules = [
            "any1-3", "run", "any2-2", "grunt", "sub1,3", "run2-3", "any1-4",
        ];
        rules
            .iter()
            .map(|r| {
                let rule = sprague_games::coin_turning::parse_rule(r).unwrap();
                (r.to_string(), CoinTurning::with_rule(rule))
            })
            .collect()
    }

    #[test]
    fn listed_moves_are_every_move_of_the_rule() {
        for (name, game) in games() {
            for text in ["T", "H", "THHTH", "HHTTHH", "TTTTTTH"] {
                let position = game.position(&words(text)).unwrap();
                let mut expected = CoinRow(&game.rule).options(&position.components[0]);
                expected.sort();
                assert_eq!(listed_afters(&game, &position), expected, "{name} {text}");
                check_notation_and_round_trips(&game, &position);
            }
        }
    }

    #[test]
    fn notation_is_the_coins_turned_in_the_rules_positions() {
        let mock = parse_game("mock-turtles").unwrap();
        let position = mock.position(&words("THHTH")).unwrap(); // heads at 1, 2, 4 (from 0)
        let turn = mock.parse_move(&position, "4,0").unwrap();
        assert_eq!(turn.after.text(), "HHHTT");
        assert_eq!(turn.description, "turn the coins at positions 0, 4");
        assert_eq!(mock.parse_move(&position, "0,4").unwrap().after, turn.after);
        assert_eq!(
            mock.parse_move(&position, "4,2,1").unwrap().after.text(),
            "TTTTT"
        );
        let ruler = parse_game("ruler").unwrap();
        let position = ruler.position(&words("THHTH")).unwrap(); // heads at 2, 3, 5 (from 1)
        assert_eq!(
            ruler.parse_move(&position, "5,4").unwrap().after.text(),
            "THHHT"
        );
    }

    #[test]
    fn illegal_moves_are_refused() {
        let mock = parse_game("mock-turtles").unwrap();
        let position = mock.position(&words("THHTH")).unwrap();
        for text in ["0", "3", "4,3,2,1", "5", "4,4", "", "x", "4,-1"] {
            assert_illegal(mock.as_ref(), &position, text);
        }
        let ruler = parse_game("ruler").unwrap();
        let position = ruler.position(&words("THHTH")).unwrap();
        for text in ["5,3", "0", "4"] {
            assert_illegal(ruler.as_ref(), &position, text);
        }
        let error = parse_game("coins:any1-4")
            .unwrap()
            .moves(
                &parse_game("coins:any1-4")
                    .unwrap()
                    .position(&["H".repeat(100)])
                    .unwrap(),
            )
            .unwrap_err();
        assert!(
            matches!(error, GameError::PositionTooLarge { .. }),
            "{error}"
        );
    }

    #[test]
    fn perfect_reply_reaches_a_p_position_of_the_generic_solver() {
        let mut random = Lcg(17);
        for (name, game) in games() {
            let mut solver = GrundySolver::by_search(CoinRow(&game.rule));
            for _ in 0..8 {
                let length = 1 + random.below(6) as usize;
                let text: String = (0..length)
                    .map(|_| if random.below(2) == 0 { 'H' } else { 'T' })
                    .collect();
                let position = game.position(&[text]).unwrap();
                check_perfect_reply(&game, &position, &mut solver, &|w| w.to_string());
            }
            let _ = name;
        }
    }

    #[test]
    fn value_rule_names_the_closed_forms() {
        let mock = parse_game("mock-turtles").unwrap();
        assert!(mock.value_rule("H@3", 7).unwrap().contains("odious"));
        let ruler = parse_game("ruler").unwrap();
        assert!(ruler.value_rule("H@12", 4).unwrap().contains("power of 2"));
    }
}
