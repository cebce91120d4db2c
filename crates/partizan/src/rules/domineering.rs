//! Domineering (Winning Ways ch. 5; Lessons in Play ch. 1): players take
//! turns placing dominoes on empty squares of a board; Left places them
//! vertically (covering two squares of one column), Right horizontally —
//! the convention of Winning Ways and CGSuite. A board is written as rows of
//! `.` (empty) and `#` (occupied) separated by `|`, e.g. `...|...`.
//!
//! A position is the sum of its 4-connected regions of empty squares
//! (a domino covers two adjacent squares, so regions never interact). For
//! the transposition table each region is trimmed to its bounding box and
//! replaced by the least of its images under the symmetries that keep the
//! roles (turning upside down, mirroring left to right, and both). The
//! transpose swaps the players, so a region's value is the negative of its
//! transpose's (Winning Ways ch. 5): the solver's key is the least of all eight
//! images of the rectangle, negated when it is a transposed one.

use super::PartizanGame;
use crate::error::GameError;
use std::fmt;

/// The largest number of squares of a board (a `u128` bitboard).
pub const MAX_SQUARES: usize = 128;

/// A Domineering board: `rows × cols` squares, bit `r·cols + c` set when empty.
///
/// ```
/// use sprague_partizan::rules::domineering::{Board, Domineering};
/// let b = Domineering::parse("..#|...").unwrap();
/// assert_eq!(b.to_string(), "..#|...");
/// assert_eq!(Board::rectangle(2, 3).unwrap().to_string(), "...|...");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Board {
    rows: u8,
    cols: u8,
    empty: u128,
}

/// Two words per board (the derived hash writes the `u128` byte by byte into the store's
/// word hasher); equal boards hash alike, as `Eq` compares the same fields.
impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let shape = (u64::from(self.rows) << 8) | u64::from(self.cols);
        state.write_u64(self.empty as u64);
        state.write_u64((self.empty >> 64) as u64 ^ shape.rotate_right(16));
    }
}

impl Board {
    /// The empty `rows × cols` board (at most [`MAX_SQUARES`] squares).
    ///
    /// ```
    /// use sprague_partizan::rules::domineering::Board;
    /// assert!(Board::rectangle(12, 11).is_err());
    /// ```
    pub fn rectangle(rows: usize, cols: usize) -> Result<Board, GameError> {
        let n = rows * cols;
        if n > MAX_SQUARES || rows > 255 || cols > 255 {
            return Err(GameError::InvalidPosition(format!(
                "a board has at most {MAX_SQUARES} squares"
            )));
        }
        let empty = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        })
    }

    /// The number of rows.
    ///
    /// ```
    /// use sprague_partizan::rules::domineering::Board;
    /// assert_eq!(Board::rectangle(2, 5).unwrap().rows(), 2);
    /// ```
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns.
    ///
    /// ```
    /// use sprague_partizan::rules::domineering::Board;
    /// assert_eq!(Board::rectangle(2, 5).unwrap().cols(), 5);
    /// ```
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// Whether the square `(r, c)` is empty.
    ///
    /// ```
    /// use sprague_partizan::rules::domineering::Domineering;
    /// let b = Domineering::parse(".#").unwrap();
    /// assert!(b.is_empty(0, 0) && !b.is_empty(0, 1));
    /// ```
    pub fn is_empty(&self, r: usize, c: usize) -> bool {
        r < self.rows() && c < self.cols() && self.empty >> (r * self.cols() + c) & 1 == 1
    }

    fn bit(&self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.cols() + c)
    }

    /// The empty squares of row `r`, as the low `cols` bits.
    fn row(&self, r: usize) -> u128 {
        let cols = self.cols();
        (self.empty >> (r * cols)) & low_bits(cols)
    }

    /// A board from its rows (each the low `cols` bits).
    fn from_rows(rows: usize, cols: usize, row: impl Fn(usize) -> u128) -> Board {
        let mut empty = 0u128;
        for r in 0..rows {
            empty |= row(r) << (r * cols);
        }
        Board {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        }
    }

    /// The board cut to the bounding box of its empty squares.
    fn trimmed(&self) -> Board {
        let rows = self.rows();
        let mut r0 = usize::MAX;
        let mut r1 = 0;
        let mut union = 0u128;
        for r in 0..rows {
            let bits = self.row(r);
            if bits != 0 {
                r0 = r0.min(r);
                r1 = r;
                union |= bits;
            }
        }
        if union == 0 {
            return Board {
                rows: 0,
                cols: 0,
                empty: 0,
            };
        }
        let c0 = union.trailing_zeros() as usize;
        let c1 = 127 - union.leading_zeros() as usize;
        let width = c1 - c0 + 1;
        Board::from_rows(r1 - r0 + 1, width, |r| {
            (self.row(r + r0) >> c0) & low_bits(width)
        })
    }

    /// The squares of column 0 (bit `r·cols` of every row).
    fn first_column(&self) -> u128 {
        let mut mask = 0u128;
        for r in 0..self.rows() {
            mask |= 1u128 << (r * self.cols());
        }
        mask
    }

    /// The board with rows and columns exchanged (the transpose): Left's vertical
    /// dominoes become horizontal, so its value is the negative of this board's.
    fn transposed(&self) -> Board {
        let rows = self.rows();
        let mut empty = 0u128;
        for r in 0..rows {
            let mut bits = self.row(r);
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                empty |= 1u128 << (c * rows + r);
            }
        }
        Board {
            rows: self.cols,
            cols: self.rows,
            empty,
        }
    }

    /// The four images of the board under the symmetries that keep the roles: itself,
    /// upside down, mirrored left to right, and both.
    fn role_images(&self) -> [Board; 4] {
        let (rows, cols) = (self.rows(), self.cols());
        let flip_v = Board::from_rows(rows, cols, |r| self.row(rows - 1 - r));
        // Square r·cols + c goes to (rows − 1 − r)·cols + (cols − 1 − c) = n − 1 − i under
        // the half turn: the reversal of all n = rows·cols bits; mirroring is the half turn
        // of the upside-down board.
        let n = rows * cols;
        let half_turn = |b: &Board| Board {
            empty: reversed(b.empty, n),
            ..*b
        };
        [*self, flip_v, half_turn(&flip_v), half_turn(self)]
    }
}

/// The 4-connected regions of a board's empty squares, by bit-parallel flood fill.
struct Regions {
    /// Squares not in the first, resp. last, column.
    not_first: u128,
    not_last: u128,
    cols: u32,
}

impl Regions {
    fn new(board: &Board) -> Regions {
        let all = low_bits(board.rows() * board.cols());
        let first = board.first_column();
        let last = first << board.cols().saturating_sub(1);
        Regions {
            not_first: all & !first,
            not_last: all & !last,
            cols: board.cols() as u32,
        }
    }

    /// The squares of `within` 4-adjacent to the set `s`.
    fn neighbours(&self, s: u128, within: u128) -> u128 {
        let down = s.checked_shl(self.cols).unwrap_or(0);
        let up = s.checked_shr(self.cols).unwrap_or(0);
        (down | up | ((s << 1) & self.not_first) | ((s >> 1) & self.not_last)) & within
    }

    /// The region of `within` holding the square set `seed`.
    fn grow(&self, seed: u128, within: u128) -> u128 {
        let mut region = seed;
        loop {
            let grown = region | self.neighbours(region, within);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The low `n` bits set.
fn low_bits(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The low `n` bits of `x` in reverse order.
fn reversed(x: u128, n: usize) -> u128 {
    if n == 0 {
        0
    } else {
        x.reverse_bits() >> (128 - n)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols() {
                f.write_str(if self.is_empty(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

/// The ruleset of Domineering.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{Solver, domineering::{Board, Domineering}};
/// let mut store = GameStore::new();
/// let mut solver = Solver::new(Domineering);
/// let g = solver.canonical_form(&mut store, &Board::rectangle(2, 3).unwrap()).unwrap();
/// assert_eq!(store.display(g), "{2|-1/2}");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

impl Domineering {
    /// Reads a board: rows of `.` and `#` separated by `|`.
    ///
    /// ```
    /// use sprague_partizan::rules::domineering::Domineering;
    /// assert!(Domineering::parse("..|...").is_err());
    /// assert!(Domineering::parse("..|.x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Board, GameError> {
        let rows: Vec<&str> = text.trim().split('|').map(str::trim).collect();
        let cols = rows[0].chars().count();
        if rows.iter().any(|r| r.chars().count() != cols) {
            return Err(GameError::InvalidPosition(
                "all rows of a Domineering board must have the same length".into(),
            ));
        }
        let board = Board::rectangle(rows.len(), cols)?;
        let mut empty = 0u128;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => empty |= board.bit(r, c),
                    '#' => {}
                    other => {
                        return Err(GameError::InvalidPosition(format!(
                            "a Domineering square is '.' or '#', not {other:?}"
                        )));
                    }
                }
            }
        }
        Ok(Board { empty, ..board })
    }
}

impl PartizanGame for Domineering {
    type Position = Board;

    fn left_options(&self, b: &Board) -> Vec<Board> {
        let mut out = Vec::new();
        for r in 0..b.rows().saturating_sub(1) {
            for c in 0..b.cols() {
                let m = b.bit(r, c) | b.bit(r + 1, c);
                if b.empty & m == m {
                    out.push(Board {
                        empty: b.empty & !m,
                        ..*b
                    });
                }
            }
        }
        out
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        let mut out = Vec::new();
        for r in 0..b.rows() {
            for c in 0..b.cols().saturating_sub(1) {
                let m = b.bit(r, c) | b.bit(r, c + 1);
                if b.empty & m == m {
                    out.push(Board {
                        empty: b.empty & !m,
                        ..*b
                    });
                }
            }
        }
        out
    }

    fn components(&self, b: &Board) -> Vec<Board> {
        let regions = Regions::new(b);
        let mut rest = b.empty;
        let mut out = Vec::new();
        while rest != 0 {
            let region = regions.grow(rest & rest.wrapping_neg(), rest);
            rest &= !region;
            if region.count_ones() >= 2 {
                out.push(
                    Board {
                        empty: region,
                        ..*b
                    }
                    .trimmed(),
                );
            }
        }
        out
    }

    fn normalize(&self, b: &Board) -> Board {
        let images = b.trimmed().role_images();
        images.into_iter().min().unwrap_or(images[0])
    }

    /// The least image of the trimmed board under the eight symmetries of the rectangle;
    /// the four that exchange rows and columns (transpose, then the role-keeping ones)
    /// exchange the players, so the board's value is the negative of the image's. Boards
    /// order by their number of rows first, so a board with more rows than columns is
    /// always replaced by a transposed image and one with fewer never is.
    fn normalize_signed(&self, b: &Board) -> (Board, bool) {
        let t = b.trimmed();
        let kept = || t.role_images().map(|image| (image, false));
        let swapped = || t.transposed().role_images().map(|image| (image, true));
        let least = |images: [(Board, bool); 4]| images.into_iter().min().unwrap_or(images[0]);
        match t.rows().cmp(&t.cols()) {
            std::cmp::Ordering::Less => least(kept()),
            std::cmp::Ordering::Greater => least(swapped()),
            std::cmp::Ordering::Equal => least(kept()).min(least(swapped())),
        }
    }

    fn describe_move(&self, from: &Board, to: &Board) -> String {
        let placed: Vec<(usize, usize)> = (0..from.rows() * from.cols())
            .filter(|&i| from.empty >> i & 1 == 1 && to.empty >> i & 1 == 0)
            .map(|i| (i / from.cols(), i % from.cols()))
            .collect();
        match placed.as_slice() {
            [a, b] if a.1 == b.1 => format!("Left places a vertical domino on {a:?}-{b:?}"),
            [a, b] => format!("Right places a horizontal domino on {a:?}-{b:?}"),
            _ => format!("{from} → {to}"),
        }
    }
}
