//! Every single-component Domineering position up to `MAX_SQUARES` squares, valued, against
//! the published survey of such positions: J. W. H. M. Uiterwijk and M. Barton, "New
//! results for Domineering from combinatorial game theory endgame databases", Theoretical
//! Computer Science 592 (2015) 72–86 (arXiv:1506.03949), abstract: over all
//! single-component positions up to 15 squares there is no position with temperature
//! larger than 2 (Berlekamp's conjecture that 2 is Domineering's highest temperature).
//!
//! The positions are the fixed polyominoes (translations distinct; rotations and
//! reflections counted separately), enumerated here by growing each polyomino by one
//! square; their numbers are checked against OEIS A001168 (fixed polyominoes with n
//! cells: 1, 2, 6, 19, 63, 216, 760, 2725, 9910, …), so none is missed.

use sprague_partizan::rules::Solver;
use sprague_partizan::rules::domineering::Domineering;
use sprague_partizan::{Dyadic, GameStore};
use std::collections::BTreeSet;

/// Squares of the largest positions valued here: all 691,277 fixed polyominoes of 1 to 12
/// cells, 3 s and 160 MB in the `checked` profile; the hottest is `...#|...#|#...|#.#.`,
/// temperature 7/4.
const MAX_SQUARES: usize = 12;

/// OEIS A001168, fixed polyominoes with n cells, n = 1..=12.
const FIXED_POLYOMINOES: [usize; 12] =
    [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861];

type Cells = Vec<(i32, i32)>;

/// The polyomino moved so that its least row and column are 0, cells sorted.
fn normalized(mut cells: Cells) -> Cells {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in &mut cells {
        *cell = (cell.0 - r0, cell.1 - c0);
    }
    cells.sort_unstable();
    cells
}

/// The fixed polyominoes of `n + 1` cells, from those of `n`.
fn grown(polyominoes: &BTreeSet<Cells>) -> BTreeSet<Cells> {
    let mut next = BTreeSet::new();
    for cells in polyominoes {
        for &(r, c) in cells {
            for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let new = (r + dr, c + dc);
                if !cells.contains(&new) {
                    let mut bigger = cells.clone();
                    bigger.push(new);
                    next.insert(normalized(bigger));
                }
            }
        }
    }
    next
}

/// The board text of a polyomino: its bounding box, `.` on its cells, `#` elsewhere.
fn board(cells: &Cells) -> String {
    let rows = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let cols = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| if cells.contains(&(r, c)) { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

#[test]
fn no_single_component_position_is_hotter_than_two() {
    let mut store = GameStore::new();
    let mut solver = Solver::new(Domineering);
    let two = Dyadic::from_int(2).unwrap();
    let mut level: BTreeSet<Cells> = [vec![(0, 0)]].into_iter().collect();
    let mut hottest = (Dyadic::from_int(-1).unwrap(), String::new());
    for n in 1..=MAX_SQUARES {
        assert_eq!(
            level.len(),
            FIXED_POLYOMINOES[n - 1],
            "fixed polyominoes of {n} cells"
        );
        for cells in &level {
            let text = board(cells);
            let position = Domineering::parse(&text).unwrap();
            let g = solver.canonical_form(&mut store, &position).unwrap();
            let t = store.temperature(g).unwrap();
            assert!(t <= two, "{text} has temperature {t}");
            if t > hottest.0 {
                hottest = (t, text);
            }
        }
        if n < MAX_SQUARES {
            level = grown(&level);
        }
    }
    // The hottest positions up to 12 squares are at 7/4 (the first one met in this
    // enumeration order is pinned), so the bound of 2 is not vacuous.
    assert_eq!(hottest.0, Dyadic::new(7, 2).unwrap(), "{hottest:?}");
    assert_eq!(hottest.1, "...#|...#|#...|#.#.");
}

/// The one shape of temperature 2 among single-component positions up to 15 squares, as
/// the `domineering_temperatures` example finds it (its survey agrees with Uiterwijk and
/// Barton's count: exactly one, none hotter), in its four fixed images.
#[test]
fn the_shape_of_temperature_two() {
    let mut store = GameStore::new();
    let mut solver = Solver::new(Domineering);
    let two = Dyadic::from_int(2).unwrap();
    for text in [
        "##.#.|##...|....#|#...#|..###",
        "###..|#...#|#....|...##|.#.##",
        ".#.##|...##|#....|#...#|###..",
        "..###|#...#|....#|##...|##.#.",
    ] {
        let position = Domineering::parse(text).unwrap();
        assert_eq!(position.to_string().matches('.').count(), 14);
        let g = solver.canonical_form(&mut store, &position).unwrap();
        assert_eq!(
            store.temperature(g).unwrap(),
            two,
            "{text}: {}",
            store.display(g)
        );
    }
}
