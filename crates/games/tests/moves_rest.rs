//! Structured positions and moves of the two-dimensional coin-turning games
//! (Acrostic Twins, Twins × Twins, Rugs, Tartan products) and of Moore's
//! Nimₖ: the listed moves are exactly an independent enumeration (the
//! module's brute-force `Game`, or one written here), every notation reads
//! back (the coins in any order too), positions round-trip through JSON and
//! `position(components)`, illegal moves are refused in one line, and the
//! perfect reply from an N-position leaves a position that an independent
//! solver (the engine's search over the whole board, or a win/lose search
//! written here for Moore's Nim) finds to be a P-position.

mod common;

use std::collections::{BTreeSet, HashMap};

use common::{words, Lcg};
use sprague_games::play::{explain, perfect_reply};
use sprague_games::{GameError, PlayableGame, Position};

/// (b) every notation and `#k` read back to the same move; (c) JSON and
/// `position(components)` round trips of the position and of every move.
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
        assert_eq!(listed.after.game, position.game);
        assert_eq!(
            game.position(&listed.after.components).unwrap(),
            listed.after
        );
        assert!(!listed.description.is_empty());
        let parsed = game.parse_move(position, &listed.notation).unwrap();
        assert_eq!(parsed.after, listed.after, "{}", listed.notation);
        let numbered = game.parse_move(position, &format!("#{}", k + 1)).unwrap();
        assert_eq!(numbered.after, listed.after);
        let by_after = game.parse_move(position, &listed.after.text()).unwrap();
        assert_eq!(by_after.after, listed.after, "{}", listed.after.text());
    }
}

fn assert_illegal(game: &dyn PlayableGame, position: &Position, text: &str) {
    match game.parse_move(position, text) {
        Err(GameError::IllegalMove { reason, .. }) => {
            assert!(!reason.is_empty() && !reason.contains('\n'), "{reason}")
        }
        other => panic!("{text:?} from {}: {other:?}", position.text()),
    }
}

mod coin_boards {
    use super::*;
    use sprague_engine::{Game, GrundySolver};
    use sprague_games::coin_turning::parse_rule;
    use sprague_games::coin_turning_2d::{BoardGame, WholeBoard};
    use sprague_games::parse_game;
    use sprague_games::position::Board;

    fn games() -> Vec<BoardGame> {
        vec![
            BoardGame::acrostic_twins(),
            BoardGame::twins_by_twins(),
            BoardGame::rugs(),
            BoardGame::tartan("ruler*mock-turtles").unwrap(),
            BoardGame::tartan("mock-turtles*twins").unwrap(),
            BoardGame::tartan("sub1,2*ruler").unwrap(),
            BoardGame::tartan("grunt*turtles").unwrap(),
        ]
    }

    const BOARDS: [&str; 7] = [
        "T",
        "H",
        "HH/HH",
        "THT/HTH",
        "HHH/HHH/HHH",
        "TTTH/HTHT/THHT",
        "HTTHH/TTHTT",
    ];

    #[test]
    fn listed_moves_are_every_move_of_the_whole_board_game() {
        for game in games() {
            for text in BOARDS {
                let position = game.position(&words(text)).unwrap();
                let mut expected = WholeBoard(&game.rule).options(&position.components[0]);
                expected.sort();
                let mut listed: Vec<String> = game
                    .moves(&position)
                    .unwrap()
                    .into_iter()
                    .map(|m| m.after.text())
                    .collect();
                listed.sort();
                assert_eq!(listed, expected, "{} {text}", game.description);
                check_notation_and_round_trips(&game, &position);
            }
        }
    }

    #[test]
    fn positions_are_one_canonical_board() {
        let game = BoardGame::rugs();
        let position = game.position(&words("tht/hth")).unwrap();
        assert_eq!(position.components, vec!["THT/HTH"]);
        assert_eq!(
            position.board,
            Board::CoinBoards {
                boards: vec![vec!["THT".to_string(), "HTH".to_string()]],
                // Rugs is Ruler × Ruler: rows and columns count from 1.
                first: [1, 1],
            }
        );
        assert_eq!(position.game, "rugs");
        for text in ["TH/H", "TX/HT", "/", "H//H"] {
            let error = game.position(&words(text)).unwrap_err();
            assert!(
                matches!(error, GameError::InvalidPosition { .. }),
                "{text}: {error}"
            );
            // The same error as the analysis.
            assert_eq!(game.analyze_words(&words(text)).unwrap_err(), error);
        }
        assert!(matches!(
            game.position(&[]).unwrap_err(),
            GameError::EmptyPosition { .. }
        ));
    }

    #[test]
    fn notation_is_the_coins_turned_head_first_in_any_order() {
        // Twins × Twins counts from 0: the corners of the rectangle rows 1..3, columns 0..2.
        let game = parse_game("twins-x-twins").unwrap();
        let position = game.position(&words("HTTH/TTTT/TTTT/HTHT")).unwrap();
        let corners = game.parse_move(&position, "3,2;3,0;1,2;1,0").unwrap();
        assert_eq!(corners.notation, "3,2;3,0;1,2;1,0");
        assert_eq!(corners.after.text(), "HTTH/HTHT/TTTT/TTTT");
        assert_eq!(
            corners.description,
            "turn the head at (3, 2) and the coins at (3, 0), (1, 2), (1, 0)"
        );
        for other_order in [
            "1,0;3,2;1,2;3,0",
            "(1,0);(3,0);(1,2);(3,2)",
            " 3, 2 ; 1, 2 ; 3, 0 ; 1, 0 ",
            "HTTH/HTHT/TTTT/TTTT",
            "htth/htht/tttt/tttt",
        ] {
            let parsed = game.parse_move(&position, other_order).unwrap();
            assert_eq!(parsed.after, corners.after, "{other_order}");
        }
        // Rugs count from 1: the 2×2 rug at the bottom right of a 3×3 board.
        let rugs = parse_game("rugs").unwrap();
        let position = rugs.position(&words("TTT/TTT/TTH")).unwrap();
        let rug = rugs.parse_move(&position, "2,2;3,3;2,3;3,2").unwrap();
        assert_eq!(rug.notation, "3,3;3,2;2,3;2,2");
        assert_eq!(rug.after.text(), "TTT/THH/THT");
        assert!(rugs.move_syntax().contains("rows from 1"));
        assert!(game.move_syntax().contains("rows from 0"));
    }

    #[test]
    fn illegal_moves_are_refused() {
        let game = parse_game("twins-x-twins").unwrap();
        let position = game.position(&words("HTTH/TTTT/TTTT/HTHT")).unwrap();
        for text in [
            "3,2;3,0;1,2",     // three corners
            "3,2;3,2;1,2;1,2", // a coin twice
            "2,2;2,0;1,2;1,0", // the south-east coin is tails
            "3,2",             // Twins turns two coins in each direction
            "4,2;4,0;1,2;1,0", // off the board
            "3,2;3,0;1,2;1,x",
            "3;2",
            "",
            "x",
            "#99",
            "HTTH/TTTT/TTTT/HTHT", // no change
            "TTTT/TTTT/TTTT/TTTT",
            "HT/TH",
        ] {
            assert_illegal(game.as_ref(), &position, text);
        }
        let acrostic = parse_game("acrostic-twins").unwrap();
        let finished = acrostic.position(&words("TTT/TTT")).unwrap();
        assert!(acrostic.moves(&finished).unwrap().is_empty());
        assert_illegal(acrostic.as_ref(), &finished, "1,1;0,1");
        // A full 200×200 board: counted by formula, refused without listing.
        let full = vec!["H".repeat(200); 200].join("/");
        let error = acrostic
            .moves(&acrostic.position(&[full]).unwrap())
            .unwrap_err();
        assert!(
            matches!(error, GameError::PositionTooLarge { .. }),
            "{error}"
        );
    }

    #[test]
    fn move_counts_by_formula_equal_the_moves_visited() {
        for name in [
            "any1-3", "any2-2", "any1-4", "any2-4", "run", "run2-3", "run3-", "sub1,3", "grunt",
        ] {
            let rule = parse_rule(name).unwrap();
            for x in rule.origin()..40 {
                let mut visited = 0u128;
                rule.for_each_move(x, &mut |_| visited += 1);
                assert_eq!(rule.move_count(x), visited, "{name} at {x}");
            }
        }
        for game in games() {
            for x in 0..8 {
                for y in 0..8 {
                    let mut visited = 0u128;
                    game.rule.for_each_move(x, y, &mut |_| visited += 1);
                    assert_eq!(game.rule.move_count(x, y), visited, "{}", game.description);
                }
            }
        }
    }

    #[test]
    fn values_after_each_move_are_the_whole_board_values() {
        for game in games() {
            let mut solver = GrundySolver::by_search(WholeBoard(&game.rule));
            for text in ["HHH/HHH", "THT/HTH/HHT"] {
                let position = game.position(&words(text)).unwrap();
                let moves = game.moves(&position).unwrap();
                let evaluations = game.evaluate_moves(&moves).unwrap();
                for (played, evaluation) in moves.iter().zip(evaluations) {
                    let value = solver.grundy(&played.after.components[0]).unwrap();
                    assert_eq!(evaluation.grundy, Some(value), "{}", played.notation);
                    assert_eq!(
                        evaluation.outcome.letter(),
                        if value == 0 { "P" } else { "N" }
                    );
                }
            }
        }
    }

    #[test]
    fn perfect_reply_reaches_a_p_position_of_the_generic_solver() {
        let mut random = Lcg(23);
        for game in games() {
            let mut solver = GrundySolver::by_search(WholeBoard(&game.rule));
            for _ in 0..8 {
                let rows = 1 + random.below(3) as usize;
                let columns = 1 + random.below(3) as usize;
                let text = (0..rows)
                    .map(|_| {
                        (0..columns)
                            .map(|_| if random.below(2) == 0 { 'H' } else { 'T' })
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join("/");
                let position = game.position(std::slice::from_ref(&text)).unwrap();
                let before = solver.grundy(&text).unwrap();
                match perfect_reply(&game, &position).unwrap() {
                    None => assert_eq!(before, 0, "{text}"),
                    Some(reply) => {
                        let after = solver.grundy(&reply.play.after.components[0]).unwrap();
                        if before != 0 {
                            assert_eq!(
                                after, 0,
                                "{} {text} → {}",
                                game.description, reply.play.notation
                            );
                        } else {
                            assert_ne!(after, 0, "{text} → {}", reply.play.notation);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn value_rule_names_the_theorem_with_the_numbers() {
        let twins = parse_game("twins-x-twins").unwrap();
        let rule = twins.value_rule("H@(3,2)", 1).unwrap();
        assert!(rule.contains("g₁(3) ⊗ g₂(2) = 3 ⊗ 2 = 1"), "{rule}");
        assert!(rule.contains("Tartan theorem"), "{rule}");
        assert_eq!(twins.value_rule("H@(3,2)", 2), None);
        assert_eq!(twins.value_rule("nonsense", 1), None);
        let acrostic = parse_game("acrostic-twins").unwrap();
        let rule = acrostic.value_rule("H@(3,2)", 1).unwrap();
        assert!(rule.contains("3 ⊕ 2 = 1"), "{rule}");
        let rugs = parse_game("rugs").unwrap();
        // Ruler: g(4) = 4, g(6) = 2; 4 ⊗ 2 = 8.
        let rule = rugs.value_rule("H@(4,6)", 8).unwrap();
        assert!(rule.contains("4 ⊗ 2 = 8"), "{rule}");
        // The rule appears in the explanation of a board, for each head.
        let position = twins.position(&words("TTT/TTT/TTH")).unwrap();
        let why = explain(twins.as_ref(), &position).unwrap();
        assert_eq!(why.grundy, Some(3));
        assert!(
            why.lines.iter().any(|line| line.contains("2 ⊗ 2 = 3")),
            "{:?}",
            why.lines
        );
    }
}

mod moore {
    use super::*;
    use sprague_engine::{Game, Heaps};
    use sprague_games::moore::MooreNim;
    use sprague_games::parse_game;

    /// The heaps as a sorted list without empty heaps.
    fn multiset(sizes: &[u64]) -> Vec<u64> {
        let mut sizes: Vec<u64> = sizes.iter().copied().filter(|&h| h > 0).collect();
        sizes.sort_unstable();
        sizes
    }

    fn sizes(position: &Position) -> Vec<u64> {
        position
            .components
            .iter()
            .map(|w| w.parse().unwrap())
            .collect()
    }

    /// Brute force: every vector at or below `heaps` that differs in 1..=k places.
    fn brute_afters(heaps: &[u64], k: usize) -> BTreeSet<Vec<u64>> {
        let mut afters = BTreeSet::new();
        let mut current = vec![0u64; heaps.len()];
        loop {
            let changed = (0..heaps.len()).filter(|&i| current[i] != heaps[i]).count();
            if (1..=k).contains(&changed) {
                afters.insert(multiset(&current));
            }
            let mut slot = 0;
            while slot < heaps.len() {
                current[slot] += 1;
                if current[slot] <= heaps[slot] {
                    break;
                }
                current[slot] = 0;
                slot += 1;
            }
            if slot == heaps.len() {
                return afters;
            }
        }
    }

    /// Brute-force win/lose search: whether the player to move wins.
    fn wins(heaps: &[u64], k: usize, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let key = multiset(heaps);
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let result = brute_afters(&key, k)
            .into_iter()
            .any(|after| !wins(&after, k, memo));
        memo.insert(key, result);
        result
    }

    const POSITIONS: [&str; 9] = [
        "0",
        "3",
        "3 3",
        "1 2 3",
        "2 2 2",
        "3 0 5",
        "4 4 1 2",
        "1 1 1 1 1",
        "5 3 5 3",
    ];

    #[test]
    fn listed_moves_are_every_distinct_set_of_heaps_left() {
        for k in 1..=4u64 {
            let game = MooreNim::new(k).unwrap();
            for text in POSITIONS {
                let position = game.position(&words(text)).unwrap();
                let heaps = sizes(&position);
                let moves = game.moves(&position).unwrap();
                let listed: Vec<Vec<u64>> =
                    moves.iter().map(|m| multiset(&sizes(&m.after))).collect();
                let distinct: BTreeSet<Vec<u64>> = listed.iter().cloned().collect();
                assert_eq!(distinct.len(), listed.len(), "k={k} {text}: listed twice");
                assert_eq!(distinct, brute_afters(&heaps, k as usize), "k={k} {text}");
                let engine: BTreeSet<Vec<u64>> = game
                    .options(&Heaps::new(heaps.clone()))
                    .iter()
                    .map(|h| h.sizes().to_vec())
                    .collect();
                assert_eq!(distinct, engine, "k={k} {text}");
                assert!(game.distinct_move_bound(&heaps) >= listed.len() as u128);
                // Every move lowers at most k heaps, in place.
                for m in &moves {
                    let after = sizes(&m.after);
                    let changed = (0..heaps.len()).filter(|&i| after[i] != heaps[i]).count();
                    assert!((1..=k as usize).contains(&changed), "{}", m.notation);
                    assert!((0..heaps.len()).all(|i| after[i] <= heaps[i]));
                }
                check_notation_and_round_trips(&game, &position);
            }
        }
    }

    #[test]
    fn notation_is_heap_and_tokens_taken() {
        let game = parse_game("moore:2").unwrap();
        let position = game.position(&words("2 5 6 7")).unwrap();
        let played = game.parse_move(&position, "2:3,4:1").unwrap();
        assert_eq!(played.notation, "2:3,4:1");
        assert_eq!(played.after.text(), "2 2 6 6");
        assert_eq!(
            played.description,
            "take 3 from heap 2 (5 → 2) and 1 from heap 4 (7 → 6)"
        );
        for same in ["4:1,2:3", " 4 : 1 , 2 : 3 ", "2 2 6 6"] {
            assert_eq!(
                game.parse_move(&position, same).unwrap().after,
                played.after,
                "{same}"
            );
        }
        assert_eq!(
            game.parse_move(&position, "1:2").unwrap().after.text(),
            "0 5 6 7"
        );
        // Taking from the second of two equal heaps is read, though listed once.
        let twins = game.position(&words("3 3")).unwrap();
        assert_eq!(game.moves(&twins).unwrap().len(), 3 + 6);
        assert_eq!(game.parse_move(&twins, "2:1").unwrap().after.text(), "3 2");
        assert_eq!(game.parse_move(&twins, "3 2").unwrap().notation, "2:1");
        assert!(game.move_syntax().contains("at most 2 heaps"));
    }

    #[test]
    fn illegal_moves_are_refused() {
        let game = parse_game("moore:2").unwrap();
        let position = game.position(&words("2 5 6 7")).unwrap();
        for text in [
            "1:0",
            "1:3",
            "5:1",
            "0:1",
            "1:1,1:1",
            "1:1,2:1,3:1",
            "1:",
            ":1",
            "1:-1",
            "1:1;2:1",
            "2 5 6 7",
            "2 5 6 8",
            "1 4 5 7",
            "x",
            "",
            "#0",
            "#1000",
        ] {
            assert_illegal(game.as_ref(), &position, text);
        }
        let empty = game.position(&words("0 0")).unwrap();
        assert!(game.moves(&empty).unwrap().is_empty());
        assert_illegal(game.as_ref(), &empty, "#1");
        let big = game.position(&words("1000 1000 1000")).unwrap();
        let error = game.moves(&big).unwrap_err();
        assert!(
            matches!(error, GameError::PositionTooLarge { .. }),
            "{error}"
        );
        // Many equal heaps have few distinct moves: listed.
        let ones = game.position(&words(&"1 ".repeat(5_000))).unwrap();
        assert_eq!(game.moves(&ones).unwrap().len(), 2);
        // Many heaps and a large k: refused by the count, quickly.
        let wide = MooreNim::new(100_000).unwrap();
        let many = wide.position(&words(&"1 ".repeat(100_000))).unwrap();
        assert!(wide.moves(&many).is_err());
        let mixed: Vec<String> = (0..200_000).map(|i| (1 + i % 2).to_string()).collect();
        let started = std::time::Instant::now();
        let mixed_game = MooreNim::new(99_000).unwrap();
        let error = mixed_game
            .moves(&mixed_game.position(&mixed).unwrap())
            .unwrap_err();
        assert!(
            matches!(error, GameError::PositionTooLarge { .. }),
            "{error}"
        );
        assert!(started.elapsed().as_secs() < 5);
        // Moves are still read without listing them.
        assert_eq!(
            game.parse_move(&big, "1:1000").unwrap().after.text(),
            "0 1000 1000"
        );
    }

    #[test]
    fn evaluations_follow_moores_theorem_and_the_brute_force() {
        let mut memo = HashMap::new();
        for k in 1..=3usize {
            memo.clear();
            let game = MooreNim::new(k as u64).unwrap();
            for text in POSITIONS {
                let position = game.position(&words(text)).unwrap();
                let moves = game.moves(&position).unwrap();
                for (played, evaluation) in moves.iter().zip(game.evaluate_moves(&moves).unwrap()) {
                    assert_eq!(evaluation.grundy, None);
                    let lost = !wins(&sizes(&played.after), k, &mut memo);
                    assert_eq!(
                        evaluation.outcome.letter() == "P",
                        lost,
                        "{}",
                        played.notation
                    );
                }
            }
        }
    }

    #[test]
    fn perfect_reply_reaches_a_p_position_of_the_brute_force() {
        let mut random = Lcg(31);
        for k in 1..=3usize {
            let game = MooreNim::new(k as u64).unwrap();
            let mut memo = HashMap::new();
            for _ in 0..15 {
                let count = 1 + random.below(4) as usize;
                let heaps: Vec<u64> = (0..count).map(|_| random.below(5)).collect();
                let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
                let position = game.position(&text).unwrap();
                let before = wins(&heaps, k, &mut memo);
                match perfect_reply(&game, &position).unwrap() {
                    None => assert!(!before, "{text:?}"),
                    Some(reply) => {
                        let after = wins(&sizes(&reply.play.after), k, &mut memo);
                        // From an N-position the reply leaves a lost one; from a P-position, any move leaves a won one.
                        assert_eq!(after, !before, "k={k} {text:?} → {}", reply.play.notation);
                    }
                }
            }
        }
    }

    #[test]
    fn the_method_names_the_digit_counts() {
        let game = parse_game("moore:2").unwrap();
        let report = game.analyze_words(&words("2 5 6 7")).unwrap();
        assert_eq!(report.grundy, None);
        assert!(
            report
                .method
                .contains("heaps with the digits 2^2, 2^1, 2^0 set: 3, 3, 2; modulo 3: 0, 0, 2"),
            "{}",
            report.method
        );
        let zero = game.analyze_words(&words("0 0")).unwrap();
        assert!(
            zero.method.contains("every heap is empty"),
            "{}",
            zero.method
        );
    }
}
