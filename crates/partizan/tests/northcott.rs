//! Northcott's game as a partizan (loopy) game: the reduction "a row with gap g
//! equals *g in every sum with short games" (Winning Ways ch. 2) checked by a
//! retrograde analysis of the loopy game graph written here, with draws: for
//! every board of up to two rows of up to five squares, and every short game X
//! of a list, who wins Board + X moving first (Left, Right, or a draw) is who
//! wins *g + X, as the store compares it with 0. Then `analyze` against the
//! Nim rule.

use std::collections::{HashMap, VecDeque};

use sprague_partizan::rules::catalogue::analyze;
use sprague_partizan::rules::northcott::{Board, Row, nim_sum, slides, write};
use sprague_partizan::{GameId, GameStore};

/// Every row of `length` squares.
fn rows(length: usize) -> Vec<Row> {
    let mut out = Vec::new();
    for black in 0..length {
        for white in 0..length {
            if black != white {
                out.push(Row {
                    length,
                    black,
                    white,
                });
            }
        }
    }
    out
}

/// Every board of one row of 2..=5 squares or two rows of 2..=4.
fn boards() -> Vec<Board> {
    let mut out: Vec<Board> = (2..=5).flat_map(rows).map(|r| vec![r]).collect();
    for a in 2..=4 {
        for b in 2..=4 {
            for x in rows(a) {
                for y in rows(b) {
                    out.push(vec![x, y]);
                }
            }
        }
    }
    out
}

/// The short game X as a tree of store ids.
struct Short {
    nodes: Vec<GameId>,
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
}

fn tree(store: &mut GameStore, root: GameId) -> Short {
    let mut index: HashMap<GameId, usize> = HashMap::from([(root, 0)]);
    let mut short = Short {
        nodes: vec![root],
        left: vec![],
        right: vec![],
    };
    let mut at = 0;
    while at < short.nodes.len() {
        let g = short.nodes[at];
        let mut sides = [Vec::new(), Vec::new()];
        for (side, options) in [store.left_options(g), store.right_options(g)]
            .into_iter()
            .enumerate()
        {
            for o in options {
                let next = short.nodes.len();
                let i = *index.entry(o).or_insert(next);
                if i == next {
                    short.nodes.push(o);
                }
                sides[side].push(i);
            }
        }
        let [l, r] = sides;
        short.left.push(l);
        short.right.push(r);
        at += 1;
    }
    short
}

/// Won by the mover, lost by the mover, or drawn (infinite play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result {
    Win,
    Loss,
    Draw,
}

/// Retrograde analysis of Board + X from `start`, each state (board, node of X, mover).
fn solve(start: &Board, x: &Short, left_first: bool) -> Result {
    // Every board reachable (boards only change by slides).
    let mut board_index: HashMap<Board, usize> = HashMap::from([(start.clone(), 0)]);
    let mut board_list = vec![start.clone()];
    let mut moves: Vec<[Vec<usize>; 2]> = Vec::new();
    let mut at = 0;
    while at < board_list.len() {
        let b = board_list[at].clone();
        let mut both = [Vec::new(), Vec::new()];
        for (side, left) in [(0, true), (1, false)] {
            for slide in slides(&b, left) {
                let next = board_list.len();
                let i = *board_index.entry(slide.board.clone()).or_insert(next);
                if i == next {
                    board_list.push(slide.board);
                }
                both[side].push(i);
            }
        }
        moves.push(both);
        at += 1;
    }
    let n = x.nodes.len();
    let id = |b: usize, node: usize, mover: usize| (b * n + node) * 2 + mover;
    let total = board_list.len() * n * 2;
    let successors = |state: usize| -> Vec<usize> {
        let (rest, mover) = (state / 2, state % 2);
        let (b, node) = (rest / n, rest % n);
        let other = 1 - mover;
        let mut out: Vec<usize> = moves[b][mover]
            .iter()
            .map(|&c| id(c, node, other))
            .collect();
        let options = if mover == 0 {
            &x.left[node]
        } else {
            &x.right[node]
        };
        out.extend(options.iter().map(|&o| id(b, o, other)));
        out
    };
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); total];
    let mut remaining = vec![0usize; total];
    let mut result: Vec<Option<Result>> = vec![None; total];
    let mut queue = VecDeque::new();
    for state in 0..total {
        let next = successors(state);
        remaining[state] = next.len();
        for s in next {
            predecessors[s].push(state);
        }
        if remaining[state] == 0 {
            result[state] = Some(Result::Loss); // no move: the mover loses
            queue.push_back(state);
        }
    }
    while let Some(state) = queue.pop_front() {
        let lost = result[state] == Some(Result::Loss);
        for &p in &predecessors[state] {
            if result[p].is_some() {
                continue;
            }
            if lost {
                result[p] = Some(Result::Win);
                queue.push_back(p);
            } else {
                remaining[p] -= 1;
                if remaining[p] == 0 {
                    result[p] = Some(Result::Loss);
                    queue.push_back(p);
                }
            }
        }
    }
    result[id(0, 0, usize::from(!left_first))].unwrap_or(Result::Draw)
}

#[test]
fn a_row_equals_the_nimber_of_its_gap_in_sums_with_short_games() {
    let mut store = GameStore::new();
    let zero = store.zero();
    let others = [
        "0",
        "*",
        "*2",
        "^",
        "v*",
        "1",
        "-1/2",
        "{1|-1}",
        "{0|{0|-1}}",
        "^*",
    ];
    let mut checked = 0;
    for text in others {
        let x = store.parse(text).unwrap();
        let short = tree(&mut store, x);
        for board in boards() {
            let nimber = store.nimber(nim_sum(&board)).unwrap();
            let g = store.sum(nimber, x).unwrap();
            // Moving first, Left wins *g + X exactly when not (G ≤ 0); Right when not (G ≥ 0).
            let left_wins = !store.leq(g, zero);
            let right_wins = !store.geq(g, zero);
            let expect = |wins: bool| if wins { Result::Win } else { Result::Loss };
            assert_eq!(
                solve(&board, &short, true),
                expect(left_wins),
                "{} + {text}, Left first",
                write(&board)
            );
            assert_eq!(
                solve(&board, &short, false),
                expect(right_wins),
                "{} + {text}, Right first",
                write(&board)
            );
            checked += 1;
        }
    }
    assert!(checked > 3000, "{checked}");
}

#[test]
fn analyze_gives_the_nimber_and_the_moves_to_a_nim_sum_of_zero() {
    let mut store = GameStore::new();
    for board in boards() {
        let text = write(&board);
        let a = analyze(&mut store, "northcott-partizan", &text).unwrap();
        let g = nim_sum(&board);
        assert_eq!(store.display(a.value), store_nimber_text(g), "{text}");
        for (moves, left) in [(&a.left, true), (&a.right, false)] {
            let slid = slides(&board, left);
            assert_eq!(moves.len(), slid.len());
            for (m, s) in moves.iter().zip(&slid) {
                assert_eq!(m.winning, nim_sum(&s.board) == 0, "{text} {}", m.notation);
                assert_eq!(m.position, write(&s.board));
            }
            // The first winning move listed (the computer's) never widens a gap.
            if let Some(first) = moves.iter().position(|m| m.winning) {
                assert!(slid[first].description.contains("towards"), "{text}");
            }
        }
    }
    // Bad input is one sentence.
    for bad in ["", "B..B", "BW.X", "B.W.W"] {
        assert!(
            analyze(&mut store, "northcott-partizan", bad).is_err(),
            "{bad}"
        );
    }
}

fn store_nimber_text(n: u64) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}
