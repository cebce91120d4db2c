//! Clobber (Albert, Grossman, Nowakowski, Wolfe, 2002; Lessons in Play
//! ch. 1): stones `x` (Left) and `o` (Right) on a grid; a player moves one of
//! his stones onto an orthogonally adjacent stone of the opponent, which is
//! removed ("clobbered"). A board is written as rows of `x`, `o` and `.`
//! separated by `|`, e.g. `xo|ox`.
//!
//! A position is the sum of its 4-connected groups of stones; a group of one
//! colour has no moves and is dropped. Clobber has no orientation, so the
//! transposition key is the least image of the trimmed group under all eight
//! symmetries of the square.

use super::PartizanGame;
use crate::error::GameError;
use std::fmt;

/// The largest number of squares of a board.
pub const MAX_SQUARES: usize = 128;

/// A Clobber board: bit `r·cols + c` of `x` / `o` set for a stone there.
///
/// ```
/// use sprague_partizan::rules::clobber::Clobber;
/// let b = Clobber::parse("xo.|.ox").unwrap();
/// assert_eq!(b.to_string(), "xo.|.ox");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ClobberBoard {
    rows: u8,
    cols: u8,
    x: u128,
    o: u128,
}

impl ClobberBoard {
    fn at(&self, r: usize, c: usize) -> u8 {
        let i = r * usize::from(self.cols) + c;
        if self.x >> i & 1 == 1 {
            b'x'
        } else if self.o >> i & 1 == 1 {
            b'o'
        } else {
            b'.'
        }
    }

    fn from_fn(rows: usize, cols: usize, f: impl Fn(usize, usize) -> u8) -> ClobberBoard {
        let (mut x, mut o) = (0u128, 0u128);
        for r in 0..rows {
            for c in 0..cols {
                let bit = 1u128 << (r * cols + c);
                match f(r, c) {
                    b'x' => x |= bit,
                    b'o' => o |= bit,
                    _ => {}
                }
            }
        }
        ClobberBoard {
            rows: rows as u8,
            cols: cols as u8,
            x,
            o,
        }
    }

    fn trimmed(&self) -> ClobberBoard {
        let (rows, cols) = (usize::from(self.rows), usize::from(self.cols));
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for r in 0..rows {
            for c in 0..cols {
                if self.at(r, c) != b'.' {
                    r0 = r0.min(r);
                    r1 = r1.max(r);
                    c0 = c0.min(c);
                    c1 = c1.max(c);
                }
            }
        }
        if r0 == usize::MAX {
            return ClobberBoard::from_fn(0, 0, |_, _| b'.');
        }
        ClobberBoard::from_fn(r1 - r0 + 1, c1 - c0 + 1, |r, c| self.at(r + r0, c + c0))
    }

    fn moves(&self, mover_x: bool) -> Vec<ClobberBoard> {
        let (rows, cols) = (usize::from(self.rows), usize::from(self.cols));
        let (mine, theirs) = if mover_x {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        };
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                if mine >> i & 1 == 0 {
                    continue;
                }
                let mut targets = Vec::with_capacity(4);
                if r > 0 {
                    targets.push(i - cols);
                }
                if r + 1 < rows {
                    targets.push(i + cols);
                }
                if c > 0 {
                    targets.push(i - 1);
                }
                if c + 1 < cols {
                    targets.push(i + 1);
                }
                for j in targets {
                    if theirs >> j & 1 == 1 {
                        let new_mine = (mine & !(1u128 << i)) | (1u128 << j);
                        let new_theirs = theirs & !(1u128 << j);
                        let (x, o) = if mover_x {
                            (new_mine, new_theirs)
                        } else {
                            (new_theirs, new_mine)
                        };
                        out.push(ClobberBoard { x, o, ..*self });
                    }
                }
            }
        }
        out
    }
}

impl fmt::Display for ClobberBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..usize::from(self.rows) {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..usize::from(self.cols) {
                write!(f, "{}", char::from(self.at(r, c)))?;
            }
        }
        Ok(())
    }
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
    /// Reads a board: rows of `x`, `o`, `.` separated by `|`.
    ///
    /// ```
    /// use sprague_partizan::rules::clobber::Clobber;
    /// assert!(Clobber::parse("xo|x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<ClobberBoard, GameError> {
        let rows: Vec<Vec<char>> = text
            .trim()
            .split('|')
            .map(|r| r.trim().chars().collect())
            .collect();
        let cols = rows[0].len();
        if rows.iter().any(|r| r.len() != cols) {
            return Err(GameError::InvalidPosition(
                "all rows of a Clobber board must have the same length".into(),
            ));
        }
        if rows.len() * cols > MAX_SQUARES {
            return Err(GameError::InvalidPosition(format!(
                "a board has at most {MAX_SQUARES} squares"
            )));
        }
        for row in &rows {
            if let Some(bad) = row.iter().find(|c| !matches!(c, 'x' | 'o' | '.')) {
                return Err(GameError::InvalidPosition(format!(
                    "a Clobber square is x, o or '.', not {bad:?}"
                )));
            }
        }
        Ok(ClobberBoard::from_fn(rows.len(), cols, |r, c| {
            rows[r][c] as u8
        }))
    }
}

impl PartizanGame for Clobber {
    type Position = ClobberBoard;

    fn left_options(&self, b: &ClobberBoard) -> Vec<ClobberBoard> {
        b.moves(true)
    }

    fn right_options(&self, b: &ClobberBoard) -> Vec<ClobberBoard> {
        b.moves(false)
    }

    fn components(&self, b: &ClobberBoard) -> Vec<ClobberBoard> {
        let (rows, cols) = (usize::from(b.rows), usize::from(b.cols));
        let stones = b.x | b.o;
        let mut seen = 0u128;
        let mut out = Vec::new();
        for start in 0..rows * cols {
            if stones >> start & 1 == 0 || seen >> start & 1 == 1 {
                continue;
            }
            let mut group = 0u128;
            let mut stack = vec![start];
            seen |= 1u128 << start;
            while let Some(i) = stack.pop() {
                group |= 1u128 << i;
                let (r, c) = (i / cols, i % cols);
                let mut next = Vec::with_capacity(4);
                if r > 0 {
                    next.push(i - cols);
                }
                if r + 1 < rows {
                    next.push(i + cols);
                }
                if c > 0 {
                    next.push(i - 1);
                }
                if c + 1 < cols {
                    next.push(i + 1);
                }
                for j in next {
                    if stones >> j & 1 == 1 && seen >> j & 1 == 0 {
                        seen |= 1u128 << j;
                        stack.push(j);
                    }
                }
            }
            if b.x & group != 0 && b.o & group != 0 {
                out.push(
                    ClobberBoard {
                        x: b.x & group,
                        o: b.o & group,
                        ..*b
                    }
                    .trimmed(),
                );
            }
        }
        out
    }

    fn normalize(&self, b: &ClobberBoard) -> ClobberBoard {
        let t = b.trimmed();
        let (rows, cols) = (usize::from(t.rows), usize::from(t.cols));
        let mut best = t;
        for k in 1..8 {
            let (transpose, flip_r, flip_c) = (k & 4 != 0, k & 2 != 0, k & 1 != 0);
            let (nr, nc) = if transpose {
                (cols, rows)
            } else {
                (rows, cols)
            };
            let img = ClobberBoard::from_fn(nr, nc, |r, c| {
                let (r, c) = if transpose { (c, r) } else { (r, c) };
                let r = if flip_r { rows - 1 - r } else { r };
                let c = if flip_c { cols - 1 - c } else { c };
                t.at(r, c)
            });
            best = best.min(img);
        }
        best
    }

    fn describe_move(&self, from: &ClobberBoard, to: &ClobberBoard) -> String {
        format!("{from} → {to}")
    }
}
