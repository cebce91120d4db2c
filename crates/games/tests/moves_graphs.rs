//! Positions and moves as data for the graph games, SOS and the counting
//! games: every listed move is checked against an independent enumeration of
//! the game's options, read back from its notation, round-tripped through
//! JSON, and the perfect reply is checked against a generic solver that is
//! not the code under test (the engine's search, retrograde analysis of the
//! sum graph, the win/lose/tie search).

mod common;

use std::collections::BTreeMap;

use common::{words, Lcg};
use sprague_engine::loopy::retrograde_outcomes;
use sprague_engine::win_lose_tie::{TwoPlayerGame, WinLoseTieSolver};
use sprague_engine::{Game, GrundySolver, HeapGame, Heaps, Outcome};
use sprague_games::count_to::CountTo;
use sprague_games::digraph::DigraphGame;
use sprague_games::dynamic_subtraction::{
    DynamicSubtraction, LimitedHeap, LimitedTakeGame, TakeRule,
};
use sprague_games::empty_divide::{Boxes, EmptyAndDivide};
use sprague_games::fibonacci_nim::FibonacciNim;
use sprague_games::green_hackenbush::{
    parse_picture, parse_rooted_graph, parse_tree, EdgeDeletion, HackenbushPlayable,
    Picture as HackenbushPicture, Syntax,
};
use sprague_games::play::perfect_reply;
use sprague_games::position::{Board, Move, Position};
use sprague_games::sos::{parse_strip, Sos, SosPlayable};
use sprague_games::staircase::{StaircaseNim, Steps};
use sprague_games::thirty_one::{ThirtyOne, Turned};
use sprague_games::{BashGame, GameError, PlayableGame};

/// Lists the moves and checks, for each: its notation reads back to the same
/// move, its after-position round-trips through JSON and through
/// `position(components)`, and it belongs to the same game.
fn checked_moves(game: &dyn PlayableGame, position: &Position) -> Vec<Move> {
    let moves = game.moves(position).unwrap();
    for (index, played) in moves.iter().enumerate() {
        let parsed = game.parse_move(position, &played.notation).unwrap();
        assert_eq!(parsed.after, played.after, "{}", played.notation);
        let numbered = game
            .parse_move(position, &format!("#{}", index + 1))
            .unwrap();
        assert_eq!(numbered.after, played.after);
        assert_eq!(played.after.game, position.game);
        let json = serde_json::to_string(&played.after).unwrap();
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, played.after);
        assert_eq!(
            game.position(&played.after.components).unwrap(),
            played.after,
            "{}",
            played.after.text()
        );
        assert!(!played.description.is_empty());
    }
    let json = serde_json::to_string(&moves).unwrap();
    let back: Vec<Move> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, moves);
    moves
}

fn assert_illegal(game: &dyn PlayableGame, position: &Position, text: &str) {
    match game.parse_move(position, text) {
        Err(GameError::IllegalMove { reason, .. }) => {
            assert!(!reason.contains('\n'), "{reason}");
        }
        other => panic!("{text}: expected IllegalMove, got {other:?}"),
    }
}

// ---------------------------------------------------------------- digraph

const LOOPY: &str = "a>b,b>c,c>a,c>d,d>e,f>f,f>e,x>y,y>x,y>e";

/// The after-positions of every move, as sorted token lists.
fn sorted_afters(moves: &[Move]) -> Vec<Vec<String>> {
    let mut afters: Vec<Vec<String>> = moves
        .iter()
        .map(|m| {
            let mut tokens = m.after.components.clone();
            tokens.sort();
            tokens
        })
        .collect();
    afters.sort();
    afters
}

#[test]
fn digraph_moves_are_the_arcs_from_each_token() {
    let game = DigraphGame::new(LOOPY).unwrap();
    let graph = game.graph();
    for text in ["a", "c f", "b b", "c,y", "e", "x y f"] {
        let position = game.position(&words(text)).unwrap();
        let Board::Digraph { tokens, arcs, .. } = &position.board else {
            panic!("not a digraph board")
        };
        assert_eq!(tokens, &position.components);
        assert_eq!(arcs.len(), 10);
        let moves = checked_moves(&game, &position);
        // Independent enumeration: every token, every arc out of its vertex.
        let mut expected: Vec<Vec<String>> = Vec::new();
        let held = position.components.clone();
        for (index, name) in held.iter().enumerate() {
            let vertex = graph.vertex(name).unwrap();
            for &to in &graph.followers[vertex] {
                let mut after = held.clone();
                after[index] = graph.names[to].clone();
                after.sort();
                expected.push(after);
            }
        }
        expected.sort();
        expected.dedup();
        assert_eq!(sorted_afters(&moves), expected, "{text}");
    }
}

#[test]
fn digraph_notation_is_the_target_or_from_to_when_ambiguous() {
    let game = DigraphGame::new(LOOPY).unwrap();
    // d and f can both move to e: e alone is ambiguous.
    let position = game.position(&words("d f")).unwrap();
    let notations: Vec<String> = game
        .moves(&position)
        .unwrap()
        .into_iter()
        .map(|m| m.notation)
        .collect();
    assert_eq!(notations, vec!["d->e", "f", "f->e"]);
    assert_eq!(
        game.parse_move(&position, "f -> e")
            .unwrap()
            .after
            .components,
        words("d e")
    );
    assert_illegal(&game, &position, "e");
    assert_illegal(&game, &position, "a");
    assert_illegal(&game, &position, "d->f");
    assert_illegal(&game, &position, "zz");
    assert_illegal(&game, &position, "");
    assert_illegal(&game, &position, "#4");
    // From a terminal vertex there is nothing to play.
    let over = game.position(&words("e")).unwrap();
    assert!(game.moves(&over).unwrap().is_empty());
    assert_illegal(&game, &over, "e");
    // Positions name vertices that exist.
    assert!(game.position(&words("q")).is_err());
    assert!(game.position(&[]).is_err());
}

/// Outcomes of every position of `tokens` tokens on the graph, by
/// retrograde analysis of the sum graph (positions as ordered token tuples).
fn sum_outcomes(followers: &[Vec<usize>], tokens: usize) -> Vec<Outcome> {
    let n = followers.len();
    let count = n.pow(tokens as u32);
    let digits = |code: usize| -> Vec<usize> {
        (0..tokens)
            .map(|i| code / n.pow(i as u32) % n)
            .collect::<Vec<_>>()
    };
    let sum: Vec<Vec<usize>> = (0..count)
        .map(|code| {
            let places = digits(code);
            let mut options = Vec::new();
            for (i, &v) in places.iter().enumerate() {
                for &w in &followers[v] {
                    options.push(code - v * n.pow(i as u32) + w * n.pow(i as u32));
                }
            }
            options
        })
        .collect();
    retrograde_outcomes(&sum)
}

#[test]
fn digraph_perfect_reply_wins_or_keeps_the_draw_on_random_graphs() {
    let mut random = Lcg(2024);
    let mut seen = BTreeMap::new();
    for _ in 0..40 {
        let n = 2 + random.below(5) as usize;
        let arcs: Vec<String> = (0..random.below(9) + 1)
            .map(|_| format!("v{}>v{}", random.below(n as u64), random.below(n as u64)))
            .collect();
        let game = DigraphGame::new(&arcs.join(",")).unwrap();
        let graph = game.graph();
        let n = graph.names.len();
        for tokens in 1..=2usize {
            let outcomes = sum_outcomes(&graph.followers, tokens);
            let code = |names: &[String]| -> usize {
                names
                    .iter()
                    .enumerate()
                    .map(|(i, name)| graph.vertex(name).unwrap() * n.pow(i as u32))
                    .sum()
            };
            for start in 0..n.pow(tokens as u32) {
                let names: Vec<String> = (0..tokens)
                    .map(|i| graph.names[start / n.pow(i as u32) % n].clone())
                    .collect();
                let position = game.position(&names).unwrap();
                assert_eq!(
                    game.analyze(&position).unwrap().outcome,
                    outcomes[start],
                    "{}",
                    position.text()
                );
                checked_moves(&game, &position);
                let reply = perfect_reply(&game, &position).unwrap();
                *seen.entry(outcomes[start].letter()).or_insert(0) += 1;
                match (outcomes[start], reply) {
                    (Outcome::N, Some(reply)) => {
                        assert_eq!(outcomes[code(&reply.play.after.components)], Outcome::P)
                    }
                    (Outcome::D, Some(reply)) => {
                        assert_eq!(outcomes[code(&reply.play.after.components)], Outcome::D);
                        assert!(reply.reason.contains("draw"), "{}", reply.reason);
                    }
                    (Outcome::P, Some(reply)) => {
                        assert_eq!(outcomes[code(&reply.play.after.components)], Outcome::N)
                    }
                    (Outcome::P, None) => {}
                    (outcome, reply) => panic!("{outcome:?} with reply {reply:?}"),
                }
            }
        }
    }
    // The random graphs reached every outcome.
    assert!(seen.len() == 3, "{seen:?}");
}

// ---------------------------------------------------------------- SOS

#[test]
fn sos_moves_write_each_letter_in_each_empty_square() {
    let game = SosPlayable;
    for text in ["4", "S__S", "_O_S_", "S_O_O_S", "0"] {
        let position = game.position(&words(text)).unwrap();
        let strip = parse_strip(text).unwrap();
        let moves = checked_moves(&game, &position);
        let mut listed: Vec<String> = moves.iter().map(|m| m.after.text()).collect();
        listed.sort();
        let mut expected: Vec<String> = Sos {
            length: strip.length,
        }
        .moves(&strip)
        .iter()
        .map(ToString::to_string)
        .collect();
        expected.sort();
        assert_eq!(listed, expected, "{text}");
    }
    let position = game.position(&words("S__S")).unwrap();
    assert_eq!(
        game.parse_move(&position, "o@2").unwrap().after.text(),
        "SO_S"
    );
    assert_eq!(
        game.parse_move(&position, "3 S").unwrap().after.text(),
        "S_SS"
    );
    assert_eq!(
        game.parse_move(&position, "O3").unwrap().after.text(),
        "S_OS"
    );
    assert_illegal(&game, &position, "S@1");
    assert_illegal(&game, &position, "S@5");
    assert_illegal(&game, &position, "X@2");
    assert_illegal(&game, &position, "S");
    assert_illegal(&game, &position, "S@0");
}

#[test]
fn sos_completed_and_full_strips_are_finished_positions() {
    let game = SosPlayable;
    let position = game.position(&words("S")).unwrap();
    assert_eq!(position.components, words("S"));
    // Completing S-O-S ends the game: the strip after the move has no moves,
    // and the player to move there has lost.
    let start = game.position(&words("SO__")).unwrap();
    let won = game.parse_move(&start, "S@3").unwrap();
    assert_eq!(won.after.text(), "SOS_");
    let Board::Strips { legend, .. } = &won.after.board else {
        panic!("not a strip")
    };
    assert!(legend.contains("S-O-S in squares 1-3"), "{legend}");
    assert!(game.moves(&won.after).unwrap().is_empty());
    let report = game.analyze(&won.after).unwrap();
    assert_eq!((report.outcome, report.remoteness), (Outcome::L, Some(0)));
    assert_illegal(&game, &won.after, "O@4");
    assert!(perfect_reply(&game, &won.after).unwrap().is_none());
    // The perfect reply from SO__ completes it at once.
    let reply = perfect_reply(&game, &start).unwrap().unwrap();
    assert_eq!(reply.play.after.text(), "SOS_");
    // A full strip without S-O-S is a tie.
    let full = game.position(&words("SOOS")).unwrap();
    assert!(game.moves(&full).unwrap().is_empty());
    let report = game.analyze(&full).unwrap();
    assert_eq!((report.outcome, report.remoteness), (Outcome::T, Some(0)));
}

#[test]
fn sos_perfect_reply_prefers_win_then_tie_then_the_slowest_loss() {
    let mut random = Lcg(7);
    let mut seen = BTreeMap::new();
    // Random strips, and a few lost ones (they are rare at random).
    let mut strips: Vec<String> = (0..60)
        .map(|_| {
            let length = 3 + random.below(6) as usize;
            (0..length)
                .map(|_| ["_", "_", "_", "S", "O"][random.below(5) as usize])
                .collect()
        })
        .collect();
    strips.extend(["S__S", "OS__SO", "S__S_S__S"].map(str::to_string));
    for text in strips {
        let strip = parse_strip(&text).unwrap();
        let game = SosPlayable;
        let position = game.position(&words(&text)).unwrap();
        checked_moves(&game, &position);
        let mut solver = WinLoseTieSolver::new(Sos {
            length: strip.length,
        });
        let value = solver.solve(&strip).unwrap();
        let report = game.analyze(&position).unwrap();
        assert_eq!(report.outcome, value.outcome, "{text}");
        assert_eq!(report.remoteness, Some(u64::from(value.remoteness)));
        let Some(reply) = perfect_reply(&game, &position).unwrap() else {
            assert!(Sos {
                length: strip.length
            }
            .terminal(&strip)
            .is_some());
            continue;
        };
        *seen.entry(value.outcome.letter()).or_insert(0) += 1;
        let after = parse_strip(&reply.play.after.text()).unwrap();
        let left = solver.solve(&after).unwrap();
        let wanted = match value.outcome {
            Outcome::W => Outcome::L,
            Outcome::T => Outcome::T,
            _ => Outcome::W,
        };
        assert_eq!(left.outcome, wanted, "{text} → {after}");
        // Win fast, lose slow: the reply achieves the position's remoteness.
        if value.outcome != Outcome::T {
            assert_eq!(left.remoteness + 1, value.remoteness, "{text} → {after}");
        }
    }
    assert!(seen.len() == 3, "{seen:?}");
}

// ---------------------------------------------------------------- Green Hackenbush

fn hackenbush(syntax: Syntax) -> HackenbushPlayable {
    HackenbushPlayable(syntax)
}

/// The canonical texts of the options of one picture, by the module's
/// brute-force game on edge masks.
fn mask_options(game: &HackenbushPlayable, picture: &HackenbushPicture) -> Vec<String> {
    let m = picture.edges.len();
    let start = picture
        .grounded(&vec![true; m])
        .iter()
        .enumerate()
        .fold(0u64, |acc, (i, &l)| acc | (u64::from(l) << i));
    let mut texts: Vec<String> = EdgeDeletion(picture)
        .options(&start)
        .into_iter()
        .map(|mask| {
            let live: Vec<bool> = (0..m).map(|i| mask >> i & 1 == 1).collect();
            game.write(picture, &live)
        })
        .collect();
    texts.sort();
    texts.dedup();
    texts
}

fn parse_with(syntax: Syntax, word: &str) -> HackenbushPicture {
    match syntax {
        Syntax::Hackenbush => parse_picture(word),
        Syntax::Tree => parse_tree(word),
        Syntax::RootedGraph => parse_rooted_graph(word),
    }
    .unwrap()
}

/// The value of a sum by brute force over edge deletions.
fn searched_value(syntax: Syntax, components: &[String]) -> u64 {
    components.iter().fold(0, |total, word| {
        let picture = parse_with(syntax, word);
        let m = picture.edges.len();
        let start = picture
            .grounded(&vec![true; m])
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &l)| acc | (u64::from(l) << i));
        total
            ^ GrundySolver::by_search(EdgeDeletion(&picture))
                .grundy(&start)
                .unwrap()
    })
}

#[test]
fn hackenbush_cuts_are_the_edge_deletion_options() {
    for (syntax, text) in [
        (Syntax::Hackenbush, "g-a,a-b,b-g,a-c,c-d"),
        (Syntax::Hackenbush, "g-a,g-a,a-b,x-y"),
        (Syntax::Hackenbush, "ground:x,x-a,a-a,a-b,b-x"),
        (Syntax::Tree, "(()(()()))"),
        (Syntax::Tree, "((()())(()))"),
        (Syntax::RootedGraph, "1:1-2,2-3,3-1,1-4"),
    ] {
        let game = hackenbush(syntax);
        let position = game.position(&words(text)).unwrap();
        let Board::Pictures { pictures } = &position.board else {
            panic!("not pictures")
        };
        assert_eq!(pictures.len(), 1);
        let moves = checked_moves(&game, &position);
        let mut afters: Vec<String> = moves.iter().map(|m| m.after.text()).collect();
        afters.sort();
        afters.dedup();
        let picture = parse_with(syntax, text);
        assert_eq!(afters, mask_options(&game, &picture), "{text}");
        // One move per edge, parallel edges counted once (two leaves of the
        // same vertex are two moves to the same tree).
        let expected = match text {
            "g-a,g-a,a-b,x-y" => 2,
            "ground:x,x-a,a-a,a-b,b-x" => 4,
            _ => picture.edges.len(),
        };
        assert_eq!(moves.len(), expected, "{text}");
    }
}

#[test]
fn hackenbush_notation_positions_and_errors() {
    let game = hackenbush(Syntax::Hackenbush);
    // A floating edge is dropped from the canonical position.
    let position = game.position(&words("g-a,a-b,x-y")).unwrap();
    assert_eq!(position.components, words("g-a,a-b"));
    let cut = game.parse_move(&position, "b - a").unwrap();
    assert_eq!(cut.after.components, words("g-a"));
    // Cutting the bottom edge drops what stood on it; the bare ground is `0`.
    let cut = game.parse_move(&position, "g-a").unwrap();
    assert_eq!(cut.after.components, words("0"));
    assert!(game.moves(&cut.after).unwrap().is_empty());
    assert_eq!(game.analyze(&cut.after).unwrap().grundy, Some(0));
    assert_illegal(&game, &cut.after, "g-a");
    // In a sum, the prefix is needed when several pictures have the edge.
    let sum = game.position(&words("g-a,a-b g-a g-c")).unwrap();
    let notations: Vec<String> = checked_moves(&game, &sum)
        .into_iter()
        .map(|m| m.notation)
        .collect();
    assert_eq!(notations, vec!["1:g-a", "a-b", "2:g-a", "g-c"]);
    assert_eq!(
        game.parse_move(&sum, "2:g-a").unwrap().after.components,
        words("g-a,a-b 0 g-c")
    );
    assert_illegal(&game, &sum, "g-a");
    assert_illegal(&game, &sum, "a-c");
    assert_illegal(&game, &sum, "4:g-a");
    assert_illegal(&game, &sum, "2:a-b");
    assert_illegal(&game, &sum, "cut");
    // Equal pictures share their moves; `a-b` is not ambiguous between copies.
    let twins = game.position(&words("g-a,a-b g-a,a-b")).unwrap();
    let moves = checked_moves(&game, &twins);
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0].notation, "g-a");
    // Trees and rooted graphs keep their own syntax after a cut.
    let tree = hackenbush(Syntax::Tree);
    let position = tree.position(&words("(()(()))")).unwrap();
    assert_eq!(
        tree.parse_move(&position, "r-2").unwrap().after.components,
        words("(())")
    );
    let rooted = hackenbush(Syntax::RootedGraph);
    let position = rooted.position(&words("1:1-2")).unwrap();
    let cut = rooted.parse_move(&position, "1-2").unwrap();
    assert_eq!(cut.after.components, words("1:"));
    assert_eq!(rooted.position(&cut.after.components).unwrap(), cut.after);
    assert_illegal(&rooted, &position, "1:2-3");
}

#[test]
fn hackenbush_perfect_reply_leaves_value_zero_by_brute_force() {
    let mut random = Lcg(99);
    let mut winning = 0;
    for round in 0..40 {
        let syntax = [Syntax::Hackenbush, Syntax::RootedGraph][round % 2];
        let game = hackenbush(syntax);
        let components: Vec<String> = (0..1 + random.below(2))
            .map(|_| {
                let n = 2 + random.below(4);
                let name = |x: u64| {
                    if x == 0 {
                        "g".to_string()
                    } else {
                        format!("v{x}")
                    }
                };
                let mut edges = vec!["g-v1".to_string()];
                for _ in 0..random.below(6) {
                    edges.push(format!(
                        "{}-{}",
                        name(random.below(n)),
                        name(random.below(n))
                    ));
                }
                match syntax {
                    Syntax::RootedGraph => format!("g:{}", edges.join(",")),
                    _ => edges.join(","),
                }
            })
            .collect();
        let position = game.position(&components).unwrap();
        checked_moves(&game, &position);
        let value = searched_value(syntax, &position.components);
        assert_eq!(game.analyze(&position).unwrap().grundy, Some(value));
        let reply = perfect_reply(&game, &position).unwrap().unwrap();
        let left = searched_value(syntax, &reply.play.after.components);
        if value != 0 {
            winning += 1;
            assert_eq!(left, 0, "{} → {}", position.text(), reply.play.after.text());
        } else {
            assert_ne!(left, 0);
        }
    }
    assert!(winning > 10);
}

// ---------------------------------------------------------------- Staircase Nim

fn steps_of(position: &Position) -> Steps {
    Steps::new(
        position
            .components
            .iter()
            .map(|w| w.parse().unwrap())
            .collect(),
    )
}

#[test]
fn staircase_moves_are_the_options_and_the_reply_is_checked_by_search() {
    let game = StaircaseNim;
    let mut random = Lcg(3);
    let mut search = GrundySolver::by_search(StaircaseNim);
    let mut winning = 0;
    for round in 0..40 {
        let text = if round == 0 {
            "3 0 2 5".to_string()
        } else {
            (0..1 + random.below(4))
                .map(|_| random.below(4).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let position = game.position(&words(&text)).unwrap();
        assert_eq!(
            position.board,
            Board::Staircase {
                steps: steps_of(&position).coins().to_vec()
            }
        );
        let moves = checked_moves(&game, &position);
        let mut afters: Vec<Steps> = moves.iter().map(|m| steps_of(&m.after)).collect();
        afters.sort();
        let mut expected = StaircaseNim.options(&steps_of(&position));
        expected.sort();
        assert_eq!(afters, expected, "{text}");
        let value = search.grundy(&steps_of(&position)).unwrap();
        match perfect_reply(&game, &position).unwrap() {
            Some(reply) if value != 0 => {
                winning += 1;
                assert_eq!(search.grundy(&steps_of(&reply.play.after)).unwrap(), 0);
            }
            Some(reply) => assert_ne!(search.grundy(&steps_of(&reply.play.after)).unwrap(), 0),
            None => assert_eq!(value, 0),
        }
    }
    assert!(winning > 10);
    let position = game.position(&words("3 0 2 5")).unwrap();
    assert_eq!(
        game.parse_move(&position, "4:5").unwrap().after.components,
        words("3 0 7")
    );
    assert_eq!(
        game.parse_move(&position, "1 : 3")
            .unwrap()
            .after
            .components,
        words("0 0 2 5")
    );
    for bad in ["2:1", "4:6", "5:1", "1:0", "up"] {
        assert_illegal(&game, &position, bad);
    }
    assert_eq!(
        game.value_rule("3 0 2 5", 1).unwrap(),
        "g = 3 ⊕ 2 = 1, the nim-sum of the coins on the odd steps (1, 3)"
    );
    assert!(matches!(
        game.moves(&game.position(&words("99999 2")).unwrap()),
        Err(GameError::PositionTooLarge { .. })
    ));
}

// ---------------------------------------------------------------- one-position games

/// Checks the moves of `position` against `engine`'s options and the perfect
/// reply against a search of `engine` that ignores closed forms; returns
/// whether the position was a win for the player to move.
fn check_against_search<G>(
    game: &dyn PlayableGame,
    engine: G,
    position: &Position,
    read: &dyn Fn(&Position) -> G::Position,
) -> bool
where
    G: Game + Clone,
    G::Position: Ord + std::fmt::Debug,
{
    let moves = checked_moves(game, position);
    let mut afters: Vec<G::Position> = moves.iter().map(|m| read(&m.after)).collect();
    afters.sort();
    afters.dedup();
    let mut expected = engine.options(&read(position));
    expected.sort();
    expected.dedup();
    assert_eq!(afters, expected, "{}", position.text());
    let mut search = GrundySolver::by_search(engine);
    let value = search.grundy(&read(position)).unwrap();
    match perfect_reply(game, position).unwrap() {
        Some(reply) if value != 0 => {
            assert_eq!(search.grundy(&read(&reply.play.after)).unwrap(), 0);
        }
        Some(reply) => assert_ne!(search.grundy(&read(&reply.play.after)).unwrap(), 0),
        None => assert_eq!(value, 0),
    }
    value != 0
}

fn limited(position: &Position) -> LimitedHeap {
    position.components[0].parse().unwrap()
}

#[test]
fn dynamic_and_fibonacci_moves_are_takes_checked_by_search() {
    for (game, rule) in [
        (
            Box::new(DynamicSubtraction) as Box<dyn PlayableGame>,
            TakeRule::AtMostLast,
        ),
        (Box::new(FibonacciNim), TakeRule::AtMostTwiceLast),
    ] {
        let mut random = Lcg(11);
        let mut winning = 0;
        for _ in 0..30 {
            let heap = random.below(20);
            let text = match random.below(3) {
                0 => heap.to_string(),
                _ => format!("{heap},{}", 1 + random.below(6)),
            };
            let position = game.position(&words(&text)).unwrap();
            if check_against_search(game.as_ref(), LimitedTakeGame { rule }, &position, &limited) {
                winning += 1;
            }
        }
        assert!(winning > 5);
        let position = game.position(&words("10,2")).unwrap();
        assert_eq!(
            game.parse_move(&position, "2").unwrap().after.components,
            words("8,2")
        );
        let Board::Counters { counters } = &position.board else {
            panic!("not counters")
        };
        assert_eq!(counters.len(), 3);
        for bad in ["0", "7", "-1", "two"] {
            assert_illegal(game.as_ref(), &position, bad);
        }
        assert!(game.position(&words("10,0")).is_err());
        assert!(matches!(
            game.moves(&game.position(&words("1000000")).unwrap()),
            Err(GameError::PositionTooLarge { .. })
        ));
    }
    assert!(FibonacciNim
        .value_rule("10", 1)
        .unwrap()
        .starts_with("10 = 2 + 8 (Zeckendorf), whose smallest term is 2 ≤ the limit 9"));
    assert!(DynamicSubtraction
        .value_rule("12,2", 0)
        .unwrap()
        .starts_with("the lowest set bit of 12 is 4 > the limit 2"));
}

#[test]
fn count_to_moves_are_the_numbers_said() {
    let game = CountTo::new(3).unwrap();
    let bash = HeapGame::new(BashGame::new(3).unwrap());
    for text in ["21", "21 5", "10 9", "7 7", "0"] {
        let position = game.position(&words(text)).unwrap();
        // The Bash game on the distance to the target.
        let distance = |p: &Position| {
            let numbers: Vec<u64> = p.components.iter().map(|w| w.parse().unwrap()).collect();
            Heaps::single(numbers[0] - numbers[1])
        };
        check_against_search(&game, bash.clone(), &position, &distance);
    }
    let position = game.position(&words("21 5")).unwrap();
    assert_eq!(position.components, words("21 5"));
    assert_eq!(
        game.parse_move(&position, "3").unwrap().description,
        "say 8"
    );
    assert_illegal(&game, &position, "4");
    assert_illegal(&game, &position, "0");
    assert_eq!(
        game.value_rule("21 5", 0).unwrap(),
        "g = (21 − 5) mod 4 = 0: the distance to the target, modulo the largest step plus one"
    );
}

#[test]
fn thirty_one_moves_are_cards_checked_by_search() {
    let game = ThirtyOne;
    let read = |p: &Position| {
        let cards: Vec<u64> = p
            .components
            .iter()
            .map(|w| w.parse::<u64>().unwrap())
            .filter(|&c| c > 0)
            .collect();
        Turned::from_cards(&cards).unwrap()
    };
    let mut random = Lcg(31);
    for _ in 0..15 {
        let cards: Vec<String> = (0..3 + random.below(5))
            .map(|_| (1 + random.below(6)).to_string())
            .collect();
        let Ok(position) = game.position(&cards) else {
            continue;
        };
        check_against_search(&game, ThirtyOne, &position, &read);
    }
    let position = game.position(&words("6 6 6 6 5 1")).unwrap();
    assert_eq!(position.components, words("1 5 6 6 6 6"));
    assert_illegal(&game, &position, "6"); // no sixes left
    assert_illegal(&game, &position, "2"); // 30 + 2 > 31
    assert_eq!(
        game.parse_move(&position, "1").unwrap().after.components,
        words("1 1 5 6 6 6 6")
    );
}

#[test]
fn empty_divide_moves_are_splits_checked_by_search() {
    let game = EmptyAndDivide;
    let read = |p: &Position| {
        Boxes::new(
            p.components[0].parse().unwrap(),
            p.components[1].parse().unwrap(),
        )
        .unwrap()
    };
    for m in 1..8 {
        for n in m..9 {
            let position = game.position(&words(&format!("{n} {m}"))).unwrap();
            assert_eq!(position.components, words(&format!("{m} {n}")));
            check_against_search(&game, EmptyAndDivide, &position, &read);
        }
    }
    let position = game.position(&words("4 7")).unwrap();
    assert_eq!(
        game.parse_move(&position, "1 + 3").unwrap().description,
        "empty the box of 7, split 4 into 1 + 3"
    );
    assert_illegal(&game, &position, "2+3");
    assert_illegal(&game, &position, "0+4");
    assert!(matches!(
        game.moves(&game.position(&words("200001 3")).unwrap()),
        Err(GameError::PositionTooLarge { .. })
    ));
}
