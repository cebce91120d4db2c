//! A survey of single-component Domineering positions, to compare with J. W. H. M.
//! Uiterwijk and M. Barton, "New results for Domineering from combinatorial game theory
//! endgame databases", Theoretical Computer Science 592 (2015) 72–86 (arXiv:1506.03949),
//! whose abstract reports that among all single-component positions up to 15 squares
//! exactly one has temperature 2 and none a higher one.
//!
//! Every fixed polyomino of 1 to N cells is enumerated by Redelmeier's algorithm (D. H.
//! Redelmeier, "Counting polyominoes: yet another attack", Discrete Mathematics 36 (1981)
//! 191–203: each polyomino once, without storing them), taken as a Domineering position
//! (its bounding box, the other squares occupied) and valued. Per size it prints the count
//! (against OEIS A001168), the highest temperature, and the positions of temperature 2 or
//! more, grouped by shape up to the 8 symmetries of the square (a quarter turn swaps the
//! players and negates the value, a reflection keeps it; both keep the temperature).
//!
//! `cargo run --release -p sprague-partizan --example domineering_temperatures -- 15`
//! (exit 1 if a count or the survey's statement differs). Measured on the shared 2-core
//! machine: up to 15 squares, 37,194,707 positions in 113 s and 740 MB; one shape of
//! temperature 2, of 14 squares (`##.#.|##...|....#|#...#|..###` and its 3 other fixed
//! images), none hotter — as published.

use sprague_partizan::rules::Solver;
use sprague_partizan::rules::domineering::Domineering;
use sprague_partizan::{Dyadic, GameStore};
use std::collections::BTreeMap;
use std::time::Instant;

/// OEIS A001168: fixed polyominoes with n cells, n = 1..=16.
const FIXED_POLYOMINOES: [u64; 16] = [
    1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861, 1903890, 7204874, 27394666,
    104592937,
];

/// Transposition-table entries after which the solver starts afresh (bounds the memory).
const TABLE_LIMIT: usize = 8_000_000;

type Cell = (i32, i32);

/// The board text of a polyomino: its bounding box, `.` on its cells, `#` elsewhere.
fn board(cells: &[Cell]) -> String {
    let r0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let rows = cells.iter().map(|c| c.1).max().unwrap_or(0) - r0 + 1;
    let cols = cells.iter().map(|c| c.0).max().unwrap_or(0) - c0 + 1;
    let mut grid = vec![vec!['#'; cols as usize]; rows as usize];
    for &(x, y) in cells {
        grid[(y - r0) as usize][(x - c0) as usize] = '.';
    }
    grid.iter()
        .map(|row| row.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// The shape up to the 8 symmetries: the least of its normalised images.
fn shape(cells: &[Cell]) -> Vec<Cell> {
    let images = [
        |(x, y): Cell| (x, y),
        |(x, y): Cell| (-x, y),
        |(x, y): Cell| (x, -y),
        |(x, y): Cell| (-x, -y),
        |(x, y): Cell| (y, x),
        |(x, y): Cell| (-y, x),
        |(x, y): Cell| (y, -x),
        |(x, y): Cell| (-y, -x),
    ];
    images
        .iter()
        .map(|f| {
            let moved: Vec<Cell> = cells.iter().map(|&c| f(c)).collect();
            let x0 = moved.iter().map(|c| c.0).min().unwrap_or(0);
            let y0 = moved.iter().map(|c| c.1).min().unwrap_or(0);
            let mut image: Vec<Cell> = moved.iter().map(|&(x, y)| (x - x0, y - y0)).collect();
            image.sort_unstable();
            image
        })
        .min()
        .unwrap_or_default()
}

/// Per size: count, hottest temperature and its position, hot positions by shape.
struct Tally {
    count: u64,
    hottest: Option<(Dyadic, String)>,
    hot: BTreeMap<Vec<Cell>, (Dyadic, Vec<String>)>,
}

struct Survey {
    max: usize,
    store: GameStore,
    solver: Solver<Domineering>,
    tallies: Vec<Tally>,
    two: Dyadic,
    visited: u64,
    started: Instant,
}

impl Survey {
    fn visit(&mut self, cells: &[Cell]) {
        let text = board(cells);
        let position = Domineering::parse(&text).expect("a board");
        if self.solver.table_len() > TABLE_LIMIT {
            self.solver = Solver::new(Domineering);
        }
        let g = self
            .solver
            .canonical_form(&mut self.store, &position)
            .expect("within the limits");
        let t = self.store.temperature(g).expect("a temperature");
        let tally = &mut self.tallies[cells.len() - 1];
        tally.count += 1;
        if tally.hottest.as_ref().is_none_or(|(h, _)| t > *h) {
            tally.hottest = Some((t, text.clone()));
        }
        if t >= self.two {
            let entry = tally
                .hot
                .entry(shape(cells))
                .or_insert_with(|| (t, Vec::new()));
            entry.1.push(text);
        }
        self.visited += 1;
        if self.visited.is_multiple_of(1 << 20) {
            eprintln!(
                "  … {} positions, {:.0} s, table {}, store {}",
                self.visited,
                self.started.elapsed().as_secs_f64(),
                self.solver.table_len(),
                self.store.len()
            );
        }
    }

    /// Redelmeier's enumeration: grows `polyomino` by each untried cell in turn; a cell
    /// becomes untried when it first neighbours the polyomino (`seen`), so every fixed
    /// polyomino is produced once, rooted at its least cell in the half-plane order.
    fn grow(&mut self, untried: &mut Vec<Cell>, polyomino: &mut Vec<Cell>, seen: &mut Seen) {
        while let Some(cell) = untried.pop() {
            polyomino.push(cell);
            self.visit(polyomino);
            if polyomino.len() < self.max {
                let mut next = untried.clone();
                let mut added = Vec::new();
                let (x, y) = cell;
                for neighbour in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    if seen.allowed(neighbour) && !seen.get(neighbour) {
                        seen.set(neighbour, true);
                        added.push(neighbour);
                        next.push(neighbour);
                    }
                }
                self.grow(&mut next, polyomino, seen);
                for cell in added {
                    seen.set(cell, false);
                }
            }
            polyomino.pop();
        }
    }
}

/// Cells met so far, on the half-plane y > 0 or (y = 0 and x ≥ 0) within reach.
struct Seen {
    reach: i32,
    flags: Vec<bool>,
}

impl Seen {
    fn new(max: usize) -> Seen {
        let reach = max as i32;
        Seen {
            reach,
            flags: vec![false; ((2 * reach + 1) * (reach + 1)) as usize],
        }
    }
    fn allowed(&self, (x, y): Cell) -> bool {
        (y > 0 || (y == 0 && x >= 0)) && x.abs() <= self.reach && y <= self.reach
    }
    fn index(&self, (x, y): Cell) -> usize {
        (y * (2 * self.reach + 1) + x + self.reach) as usize
    }
    fn get(&self, cell: Cell) -> bool {
        self.flags[self.index(cell)]
    }
    fn set(&mut self, cell: Cell, value: bool) {
        let i = self.index(cell);
        self.flags[i] = value;
    }
}

fn main() {
    let max: usize = match std::env::args().nth(1) {
        None => 12,
        Some(arg) => match arg.parse() {
            Ok(n) if (1..=16).contains(&n) => n,
            _ => {
                eprintln!(
                    "usage: domineering_temperatures [N], N the most squares, 1 to 16 (default 12)"
                );
                std::process::exit(2);
            }
        },
    };
    let mut survey = Survey {
        max,
        store: GameStore::new(),
        solver: Solver::new(Domineering),
        tallies: (0..max)
            .map(|_| Tally {
                count: 0,
                hottest: None,
                hot: BTreeMap::new(),
            })
            .collect(),
        two: Dyadic::from_int(2).expect("2"),
        visited: 0,
        started: Instant::now(),
    };
    let mut seen = Seen::new(max);
    seen.set((0, 0), true);
    survey.grow(&mut vec![(0, 0)], &mut Vec::new(), &mut seen);
    let mut agrees = true;
    println!("cells  positions  (A001168)  hottest  position");
    for (k, tally) in survey.tallies.iter().enumerate() {
        let expected = FIXED_POLYOMINOES[k];
        agrees &= tally.count == expected;
        let (t, text) = tally
            .hottest
            .clone()
            .unwrap_or((Dyadic::from(0), String::new()));
        println!(
            "{:>5}  {:>9}  {:>9}  {:>7}  {text}",
            k + 1,
            tally.count,
            if tally.count == expected {
                "ok"
            } else {
                "DIFFERS"
            },
            t.to_string()
        );
        for (t, positions) in tally.hot.values() {
            println!(
                "       temperature {t}: one shape, {} fixed positions: {}",
                positions.len(),
                positions.join("  ")
            );
        }
    }
    let shapes: usize = survey.tallies.iter().map(|t| t.hot.len()).sum();
    let above_two = survey
        .tallies
        .iter()
        .flat_map(|t| t.hot.values())
        .any(|(t, _)| *t > survey.two);
    // The survey's statement, for the sizes surveyed: none above 2, and one shape at 2
    // once 14 squares are reached (where it lies), none before.
    let published = !above_two && shapes == usize::from(max >= 14);
    println!(
        "\n{} positions in {:.1} s; shapes of temperature ≥ 2: {shapes}; counts {}; {}",
        survey.visited,
        survey.started.elapsed().as_secs_f64(),
        if agrees {
            "agree with A001168"
        } else {
            "DIFFER"
        },
        if published {
            "agrees with Uiterwijk and Barton (2015)"
        } else {
            "DIFFERS from Uiterwijk and Barton (2015)"
        }
    );
    if !(agrees && published) {
        std::process::exit(1);
    }
}
