//! Konane against an independent game tree: the moves are generated here from the rule
//! as Ernst states it (M. D. Ernst, "Playing Konane mathematically", UMAP Journal 16(2),
//! 1995: a stone jumps orthogonally over an adjacent opposing stone into the empty square
//! beyond, removing it, and may continue in the same direction; each stop is a move) on
//! a plain grid of characters, and the value is built by the definition `{G^L | G^R}` on
//! the whole board (no decomposition, no symmetry, a memo on the exact board only).
//! The solver (regions split by their closures, cut, reduced by symmetry) must agree.

use proptest::prelude::*;
use sprague_partizan::rules::konane::Konane;
use sprague_partizan::rules::{PartizanGame, Solver};
use sprague_partizan::{GameId, GameStore};
use std::collections::HashMap;

type Grid = Vec<Vec<u8>>;

/// Every board one jump (over one or more stones in a line) of `me` leads to.
fn naive_moves(g: &Grid, me: u8) -> Vec<Grid> {
    let them = if me == b'x' { b'o' } else { b'x' };
    let (rows, cols) = (g.len() as isize, g[0].len() as isize);
    let inside = |r: isize, c: isize| r >= 0 && c >= 0 && r < rows && c < cols;
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if g[r as usize][c as usize] != me {
                continue;
            }
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let mut board = g.clone();
                let (mut ar, mut ac) = (r, c);
                loop {
                    let (br, bc) = (ar + dr, ac + dc);
                    let (cr, cc) = (br + dr, bc + dc);
                    if !inside(cr, cc)
                        || g[br as usize][bc as usize] != them
                        || g[cr as usize][cc as usize] != b'.'
                    {
                        break;
                    }
                    board[ar as usize][ac as usize] = b'.';
                    board[br as usize][bc as usize] = b'.';
                    board[cr as usize][cc as usize] = me;
                    out.push(board.clone());
                    (ar, ac) = (cr, cc);
                }
            }
        }
    }
    out
}

fn naive_value(store: &mut GameStore, memo: &mut HashMap<Grid, GameId>, g: &Grid) -> GameId {
    if let Some(&v) = memo.get(g) {
        return v;
    }
    let left: Vec<GameId> = naive_moves(g, b'x')
        .iter()
        .map(|o| naive_value(store, memo, o))
        .collect();
    let right: Vec<GameId> = naive_moves(g, b'o')
        .iter()
        .map(|o| naive_value(store, memo, o))
        .collect();
    let v = store.game(&left, &right).unwrap();
    memo.insert(g.clone(), v);
    v
}

fn text(g: &Grid) -> String {
    g.iter()
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect::<Vec<_>>()
        .join("|")
}

fn grid(rows: usize, cols: usize, cells: u64, density: u64) -> Grid {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let k = cells >> (3 * ((r * cols + c) % 21)) & 7;
                    let k = (k + r as u64 * 3 + c as u64 * 5) % 8;
                    if k < density {
                        b'.'
                    } else if k.is_multiple_of(2) {
                        b'x'
                    } else {
                        b'o'
                    }
                })
                .collect()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_boards_match_the_naive_game_tree(
        rows in 1usize..5, cols in 1usize..6, cells in any::<u64>(), density in 1u64..5,
    ) {
        let g = grid(rows, cols, cells, density);
        let board = Konane::parse(&text(&g)).unwrap();
        let mut store = GameStore::new();
        let mut solver = Solver::new(Konane);
        let fast = solver.canonical_form(&mut store, &board).unwrap();
        let slow = naive_value(&mut store, &mut HashMap::new(), &g);
        prop_assert_eq!(fast, slow, "{}", text(&g));
        // The options agree one by one with the naive generator (as sets of boards).
        let mut mine: Vec<String> = Konane.left_options(&board).iter().map(|b| b.to_string()).collect();
        let mut theirs: Vec<String> = naive_moves(&g, b'x').iter().map(text).collect();
        mine.sort();
        theirs.sort();
        prop_assert_eq!(mine, theirs);
        // Swapping the colours negates the value.
        let swapped: Grid = g.iter().map(|row| row.iter().map(|&c| match c { b'x' => b'o', b'o' => b'x', c => c }).collect()).collect();
        let gs = solver.canonical_form(&mut store, &Konane::parse(&text(&swapped)).unwrap()).unwrap();
        prop_assert_eq!(gs, store.neg(fast));
        // Transposing keeps it (jumps are orthogonal; the roles do not change).
        let t: Grid = (0..cols).map(|c| (0..rows).map(|r| g[r][c]).collect()).collect();
        let gt = solver.canonical_form(&mut store, &Konane::parse(&text(&t)).unwrap()).unwrap();
        prop_assert_eq!(gt, fast);
    }
}

#[test]
fn rows_and_small_boards_by_exhaustion() {
    // Every row of 8 squares of x, o, . (6,561), and every 2×3, 2×4 and 3×3 board.
    let mut store = GameStore::new();
    let mut solver = Solver::new(Konane);
    let mut memo = HashMap::new();
    let symbols = [b'.', b'x', b'o'];
    for (rows, cols) in [(1usize, 8usize), (2, 3), (2, 4), (3, 3)] {
        let n = rows * cols;
        for code in 0..3u32.pow(n as u32) {
            let mut k = code;
            let g: Grid = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| {
                            let s = symbols[(k % 3) as usize];
                            k /= 3;
                            s
                        })
                        .collect()
                })
                .collect();
            let fast = solver
                .canonical_form(&mut store, &Konane::parse(&text(&g)).unwrap())
                .unwrap();
            let slow = naive_value(&mut store, &mut memo, &g);
            assert_eq!(fast, slow, "{}", text(&g));
        }
    }
}

#[test]
fn values_worked_by_hand() {
    let mut store = GameStore::new();
    let mut solver = Solver::new(Konane);
    let mut value = |t: &str| {
        let g = solver
            .canonical_form(&mut store, &Konane::parse(t).unwrap())
            .unwrap();
        store.display(g)
    };
    // .xo.: either player's one jump empties the board, {0|0} = * (derived here from the
    // rule; the same position is given as star on https://everything2.com/title/konane).
    assert_eq!(value(".xo."), "*");
    // xo.: Left jumps to ..x (0), Right is stuck at the edge: {0|} = 1.
    assert_eq!(value("xo."), "1");
    // xo.o.: Left jumps one stone, to ..xo. = {....x | .o...} = {0|0} = *, or two, to
    // ....x = 0; Right has no jump: {0, *|} = {0|} = 1 (* reverses through 0).
    assert_eq!(value("xo.o."), "1");
    // Regions far apart add: ox. at the left edge is −1 (only o can jump), .ox at the
    // right edge is 1, so ox.....ox is 0.
    assert_eq!(value("ox.....ox"), "0");
    // With room on both sides .xo. is * (above): ox....xo. is −1 + * = −1*.
    assert_eq!(value("ox....xo."), "-1*");
}
