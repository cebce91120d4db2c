//! Clobber (Albert, Grossman, Nowakowski, Wolfe, 2002; Lessons in Play
//! ch. 1): stones `x` (Left) and `o` (Right) on a grid; a player moves one of
//! his stones onto an orthogonally adjacent stone of the opponent, which is
//! removed ("clobbered"). A board is written as rows of `x`, `o` and `.`
//! separated by `|`, e.g. `xo|ox` (the board of [`super::stones`]).
//!
//! A position is the sum of its 4-connected groups of stones; a group of one
//! colour has no moves and is dropped. Clobber has no orientation, so the
//! transposition key is the least image of the trimmed group under all eight
//! symmetries of the square.

use super::PartizanGame;
use super::stones::{DIRECTIONS, StoneBoard};
use crate::error::GameError;

pub use super::stones::MAX_SQUARES;

/// A Clobber board: the board of stones of [`super::stones`].
///
/// ```
/// use sprague_partizan::rules::clobber::Clobber;
/// let b = Clobber::parse("xo.|.ox").unwrap();
/// assert_eq!(b.to_string(), "xo.|.ox");
/// ```
pub type ClobberBoard = StoneBoard;

/// Every move of Left (`mover_x`) or Right: a stone onto an orthogonally adjacent
/// opposing stone, which is removed.
fn moves(b: &ClobberBoard, mover_x: bool) -> Vec<ClobberBoard> {
    let (mine, theirs) = b.sides(mover_x);
    let mut out = Vec::new();
    for r in 0..b.rows() {
        for c in 0..b.cols() {
            let i = b.bit((r, c));
            if mine & i == 0 {
                continue;
            }
            for d in DIRECTIONS {
                let Some(j) = b.step((r, c), d).map(|s| b.bit(s)) else {
                    continue;
                };
                if theirs & j != 0 {
                    out.push(b.with_sides(mover_x, (mine & !i) | j, theirs & !j));
                }
            }
        }
    }
    out
}

/// The ruleset of Clobber.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{Solver, clobber::Clobber};
/// let mut store = GameStore::new();
/// let mut solver = Solver::new(Clobber);
/// let g = solver.canonical_form(&mut store, &Clobber::parse("xo").unwrap()).unwrap();
/// assert_eq!(store.display(g), "*");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

impl Clobber {
    /// Reads a board: rows of `x`, `o`, `.` separated by `|` (at most [`MAX_SQUARES`]).
    ///
    /// ```
    /// use sprague_partizan::rules::clobber::Clobber;
    /// assert!(Clobber::parse("xo|x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<ClobberBoard, GameError> {
        StoneBoard::parse(text, "Clobber")
    }
}

impl PartizanGame for Clobber {
    type Position = ClobberBoard;

    fn left_options(&self, b: &ClobberBoard) -> Vec<ClobberBoard> {
        moves(b, true)
    }

    fn right_options(&self, b: &ClobberBoard) -> Vec<ClobberBoard> {
        moves(b, false)
    }

    fn components(&self, b: &ClobberBoard) -> Vec<ClobberBoard> {
        b.groups()
            .into_iter()
            .filter(|&group| b.x() & group != 0 && b.o() & group != 0)
            .map(|group| b.with_stones(b.x() & group, b.o() & group).trimmed())
            .collect()
    }

    fn normalize(&self, b: &ClobberBoard) -> ClobberBoard {
        b.trimmed().least_image()
    }

    fn describe_move(&self, from: &ClobberBoard, to: &ClobberBoard) -> String {
        format!("{from} → {to}")
    }
}
