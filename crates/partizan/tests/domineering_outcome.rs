//! The outcome search of Domineering (`rules::domineering_outcome`) against
//! independent answers:
//!
//! * the outcome of the canonical form computed by the crate's `Solver`
//!   (a different algorithm: values of all options, simplification, sums of
//!   regions) on every m×n rectangle of at most 25 squares, and on random
//!   boards with occupied squares (proptest);
//! * plain alpha-beta (no table, no bounds, no ordering) on the same boards;
//! * the theorem that transposing a board swaps the roles (the outcome of
//!   n×m is that of m×n with L and R exchanged), each searched separately;
//! * published results (`common/domineering_literature.rs`, sources cited
//!   there): Uiterwijk's theorems on families of boards (m×3, 2k×{3,5,7,9,11},
//!   3×n, 5×2k, 7×2k), checked side by side on every covered board of at
//!   most `LITERATURE_SQUARES` squares; the rest of m, n ≤ 8 (and 8×8) in
//!   `scripts/bench-domineering.sh`;
//! * published values: 5×5 is a second-player win (value 0; Berlekamp,
//!   Conway, Guy, *Winning Ways*, ch. 5 / Lessons in Play §2), 8×8 is a
//!   first-player win (D. M. Breuker, J. W. H. M. Uiterwijk, H. J. van den
//!   Herik, "Solving 8×8 Domineering", *Theoretical Computer Science* 230
//!   (2000) 195–206, abstract and table of results; checked by
//!   `scripts/bench-domineering.sh`, too slow for a test), and the 1×n / n×1
//!   strips (one player has no move).

#[path = "common/domineering_literature.rs"]
mod literature;

use proptest::prelude::*;
use sprague_partizan::rules::Solver;
use sprague_partizan::rules::domineering::{Board, Domineering};
use sprague_partizan::rules::domineering_outcome::{OutcomeSolver, Techniques};
use sprague_partizan::rules::play::Side;
use sprague_partizan::{GameError, GameStore, Outcome};
use std::ops::ControlFlow;

fn go_on(_: u64) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

fn small_solver() -> OutcomeSolver {
    OutcomeSolver::with_techniques(Techniques {
        table_bits: 16,
        ..Techniques::default()
    })
}

fn searched(solver: &mut OutcomeSolver, board: &Board) -> Outcome {
    solver.outcome(board, &mut go_on).unwrap().outcome
}

fn canonical_outcome(board: &Board) -> Outcome {
    let mut store = GameStore::new();
    let mut solver = Solver::new(Domineering);
    let g = solver.canonical_form(&mut store, board).unwrap();
    store.outcome(g)
}

fn swapped(o: Outcome) -> Outcome {
    match o {
        Outcome::L => Outcome::R,
        Outcome::R => Outcome::L,
        other => other,
    }
}

#[test]
fn rectangles_agree_with_canonical_forms_and_plain_search() {
    let mut solver = small_solver();
    let mut plain = OutcomeSolver::with_techniques(Techniques::plain());
    for m in 1..=6 {
        for n in 1..=6 {
            if m * n > 25 {
                continue;
            }
            let board = Board::rectangle(m, n).unwrap();
            let fast = searched(&mut solver, &board);
            assert_eq!(fast, canonical_outcome(&board), "{m}×{n}");
            if m * n <= 20 {
                assert_eq!(fast, searched(&mut plain, &board), "{m}×{n} plain");
            }
        }
    }
}

/// Up to 7×7 (about a second in the `checked` profile the tests use).
#[test]
fn transposing_swaps_the_roles_up_to_seven_by_seven() {
    let mut solver = OutcomeSolver::with_techniques(Techniques {
        table_bits: 18,
        ..Techniques::default()
    });
    for m in 1..=7 {
        for n in m..=7 {
            let a = searched(&mut solver, &Board::rectangle(m, n).unwrap());
            let b = searched(&mut solver, &Board::rectangle(n, m).unwrap());
            assert_eq!(a, swapped(b), "{m}×{n} against {n}×{m}");
        }
    }
}

#[test]
fn published_values() {
    let mut solver = small_solver();
    assert_eq!(
        searched(&mut solver, &Board::rectangle(5, 5).unwrap()),
        Outcome::P
    );
    assert_eq!(
        searched(&mut solver, &Board::rectangle(1, 1).unwrap()),
        Outcome::P
    );
    for n in 2..=12 {
        assert_eq!(
            searched(&mut solver, &Board::rectangle(1, n).unwrap()),
            Outcome::R
        );
        assert_eq!(
            searched(&mut solver, &Board::rectangle(n, 1).unwrap()),
            Outcome::L
        );
    }
}

/// Boards up to this many squares are checked against the literature here
/// (0.2 s in the `checked` profile); 7×8, 8×7 and 8×8 take minutes and are
/// checked by the benchmark.
const LITERATURE_SQUARES: usize = 48;

#[test]
fn published_theorems_on_families_of_boards() {
    let mut solver = OutcomeSolver::with_techniques(Techniques {
        table_bits: 18,
        ..Techniques::default()
    });
    let mut checked = 0;
    for m in 1..=8 {
        for n in 1..=8 {
            if m * n > LITERATURE_SQUARES {
                continue;
            }
            let board = Board::rectangle(m, n).unwrap();
            for (side, published) in [
                (Side::Left, literature::vertical_first_wins(m, n)),
                (Side::Right, literature::horizontal_first_wins(m, n)),
            ] {
                if let Some(wins) = published {
                    let found = solver.wins_moving_first(&board, side, &mut go_on).unwrap();
                    assert_eq!(found, wins, "{m}×{n}, {side:?} moving first");
                    checked += 1;
                }
            }
        }
    }
    // 84 statements (of either side) cover the boards of at most 48 squares.
    assert_eq!(checked, 84);
}

#[test]
fn winning_moves_agree_with_the_values_of_the_options() {
    let board = Domineering::parse("....|....|..#.").unwrap();
    let mut solver = small_solver();
    for side in [Side::Left, Side::Right] {
        let moves = solver.winning_moves(&board, side, &mut go_on).unwrap();
        let mut expected: Vec<String> = Vec::new();
        use sprague_partizan::rules::PartizanGame;
        let options = match side {
            Side::Left => Domineering.left_options(&board),
            Side::Right => Domineering.right_options(&board),
        };
        for o in options {
            let class = canonical_outcome(&o);
            let wins = match side {
                Side::Left => matches!(class, Outcome::L | Outcome::P),
                Side::Right => matches!(class, Outcome::R | Outcome::P),
            };
            if wins {
                expected.push(o.to_string());
            }
        }
        let mut got: Vec<String> = moves.into_iter().map(|m| m.to).collect();
        got.sort();
        expected.sort();
        assert_eq!(got, expected, "{side:?}");
    }
}

#[test]
fn the_watcher_stops_the_search() {
    let mut solver = small_solver();
    let board = Board::rectangle(8, 8).unwrap();
    let mut calls = 0u32;
    let stopped = solver.outcome(&board, &mut |_| {
        calls += 1;
        if calls == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(stopped, Err(GameError::Stopped));
    assert_eq!(calls, 3);
}

/// A random board of at most 4×5 with some squares occupied.
fn board_text() -> impl Strategy<Value = String> {
    (1usize..=4, 1usize..=5).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(proptest::bool::weighted(0.75), rows * cols).prop_map(
            move |cells| {
                cells
                    .chunks(cols)
                    .map(|row| row.iter().map(|&e| if e { '.' } else { '#' }).collect())
                    .collect::<Vec<String>>()
                    .join("|")
            },
        )
    })
}

proptest! {
    #[test]
    fn random_boards_agree_with_canonical_forms(text in board_text()) {
        let board = Domineering::parse(&text).unwrap();
        let mut solver = small_solver();
        prop_assert_eq!(searched(&mut solver, &board), canonical_outcome(&board), "{}", text);
        let mut plain = OutcomeSolver::with_techniques(Techniques::plain());
        prop_assert_eq!(searched(&mut plain, &board), canonical_outcome(&board), "{}", text);
    }
}
