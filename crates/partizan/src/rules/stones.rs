//! The board of black and white stones shared by Clobber ([`super::clobber`]) and Konane
//! ([`super::konane`]): stones `x` (Left, black) and `o` (Right, white) on a grid of at
//! most [`MAX_SQUARES`] squares, held as two 128-bit bitboards (bit `r·cols + c` set for a
//! stone on row `r`, column `c`). A board is written as rows of `x`, `o` and `.` joined
//! by `|`, e.g. `xo.|.ox` (Lessons in Play, ch. 1, writes Clobber so).
//!
//! Both games move stones orthogonally and treat the two colours alike up to the roles,
//! so the board also gives what their decompositions and transposition keys share: the
//! 4-connected groups of stones, the cut to a bounding box, and the least image under
//! the eight symmetries of the square (the dihedral group of order 8: a transpose and
//! two flips), which keep the rules and the roles of both games. Each game's moves and
//! regions stay in its own module.

use crate::error::GameError;
use std::fmt;

/// The largest number of squares of a board.
pub const MAX_SQUARES: usize = 128;

/// The four orthogonal directions: up, down, left, right (paired, so `d ^ 1` is the
/// direction opposite `d`).
pub(crate) const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A board of stones: bit `r·cols + c` of `x` / `o` set for a stone there.
///
/// The order (rows, columns, then the bitboards) is the one [`StoneBoard::least_image`]
/// takes the least in.
///
/// ```
/// use sprague_partizan::rules::stones::StoneBoard;
/// let b = StoneBoard::parse("xo.|.ox", "Clobber").unwrap();
/// assert_eq!((b.rows(), b.cols()), (2, 3));
/// assert_eq!(b.to_string(), "xo.|.ox");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct StoneBoard {
    rows: u8,
    cols: u8,
    x: u128,
    o: u128,
}

impl StoneBoard {
    /// Reads a board: rows of `x`, `o`, `.` separated by `|` (at most [`MAX_SQUARES`]
    /// squares); `game` names the game in the error messages.
    ///
    /// ```
    /// use sprague_partizan::rules::stones::StoneBoard;
    /// assert!(StoneBoard::parse("xo|x", "Konane").is_err());
    /// let err = StoneBoard::parse("xq", "Konane").unwrap_err();
    /// assert!(err.to_string().contains("a Konane square is x (Left), o (Right) or '.'"));
    /// ```
    pub fn parse(text: &str, game: &str) -> Result<StoneBoard, GameError> {
        let rows: Vec<Vec<char>> = text
            .trim()
            .split('|')
            .map(|r| r.trim().chars().collect())
            .collect();
        let cols = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != cols) {
            return Err(GameError::InvalidPosition(format!(
                "all rows of a {game} board must have the same length"
            )));
        }
        if rows.len().saturating_mul(cols) > MAX_SQUARES {
            return Err(GameError::InvalidPosition(format!(
                "a {game} board has at most {MAX_SQUARES} squares"
            )));
        }
        for row in &rows {
            if let Some(bad) = row.iter().find(|c| !matches!(c, 'x' | 'o' | '.')) {
                return Err(GameError::InvalidPosition(format!(
                    "a {game} square is x (Left), o (Right) or '.', not {bad:?}"
                )));
            }
        }
        Ok(StoneBoard::from_fn(rows.len(), cols, |r, c| {
            rows[r][c] as u8
        }))
    }

    /// The `rows × cols` board with `f(r, c)` (`x`, `o`, anything else empty) on each
    /// square; the caller keeps `rows · cols` ≤ [`MAX_SQUARES`].
    ///
    /// ```
    /// use sprague_partizan::rules::stones::StoneBoard;
    /// let b = StoneBoard::from_fn(2, 2, |r, c| if r == c { b'x' } else { b'o' });
    /// assert_eq!(b.to_string(), "xo|ox");
    /// ```
    pub fn from_fn(rows: usize, cols: usize, f: impl Fn(usize, usize) -> u8) -> StoneBoard {
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
        StoneBoard {
            rows: rows as u8,
            cols: cols as u8,
            x,
            o,
        }
    }

    /// The number of rows.
    ///
    /// ```
    /// use sprague_partizan::rules::stones::StoneBoard;
    /// assert_eq!(StoneBoard::parse("x|o|.", "Clobber").unwrap().rows(), 3);
    /// ```
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns.
    ///
    /// ```
    /// use sprague_partizan::rules::stones::StoneBoard;
    /// assert_eq!(StoneBoard::parse("xo.", "Clobber").unwrap().cols(), 3);
    /// ```
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// `x`, `o` or `.` on a square (rows and columns from 0; `.` off the board).
    ///
    /// ```
    /// use sprague_partizan::rules::stones::StoneBoard;
    /// let b = StoneBoard::parse("xo.", "Konane").unwrap();
    /// assert_eq!((b.at(0, 0), b.at(0, 1), b.at(0, 2), b.at(1, 0)), (b'x', b'o', b'.', b'.'));
    /// ```
    pub fn at(&self, r: usize, c: usize) -> u8 {
        if r >= self.rows() || c >= self.cols() {
            return b'.';
        }
        let i = r * self.cols() + c;
        if self.x >> i & 1 == 1 {
            b'x'
        } else if self.o >> i & 1 == 1 {
            b'o'
        } else {
            b'.'
        }
    }

    /// The black stones (`x`, Left) as bits.
    pub(crate) fn x(&self) -> u128 {
        self.x
    }

    /// The white stones (`o`, Right) as bits.
    pub(crate) fn o(&self) -> u128 {
        self.o
    }

    /// The same grid with the stones `x` and `o` (as bits).
    pub(crate) fn with_stones(&self, x: u128, o: u128) -> StoneBoard {
        StoneBoard { x, o, ..*self }
    }

    /// The mover's stones and the opponent's (as bits): Left (`left`) moves `x`.
    pub(crate) fn sides(&self, left: bool) -> (u128, u128) {
        if left {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        }
    }

    /// The same grid with the mover's stones `mine` and the opponent's `theirs` (the
    /// inverse of [`StoneBoard::sides`]).
    pub(crate) fn with_sides(&self, left: bool, mine: u128, theirs: u128) -> StoneBoard {
        if left {
            self.with_stones(mine, theirs)
        } else {
            self.with_stones(theirs, mine)
        }
    }

    /// The square one step from `(r, c)` in direction `d`, if on the board.
    pub(crate) fn step(
        &self,
        (r, c): (usize, usize),
        (dr, dc): (isize, isize),
    ) -> Option<(usize, usize)> {
        let r = r.checked_add_signed(dr)?;
        let c = c.checked_add_signed(dc)?;
        (r < self.rows() && c < self.cols()).then_some((r, c))
    }

    /// The bit of a square.
    pub(crate) fn bit(&self, (r, c): (usize, usize)) -> u128 {
        1u128 << (r * self.cols() + c)
    }

    /// The 4-connected groups of stones (of either colour), as bit sets, in the order of
    /// their first square.
    ///
    /// ```
    /// use sprague_partizan::rules::stones::StoneBoard;
    /// let b = StoneBoard::parse("xo.|..x", "Clobber").unwrap();
    /// assert_eq!(b.groups(), vec![0b11, 0b100000]);
    /// ```
    pub fn groups(&self) -> Vec<u128> {
        let stones = self.x | self.o;
        let mut seen = 0u128;
        let mut out = Vec::new();
        for start in 0..self.rows() * self.cols() {
            if stones >> start & 1 == 0 || seen >> start & 1 == 1 {
                continue;
            }
            let mut group = 0u128;
            let mut stack = vec![start];
            seen |= 1u128 << start;
            while let Some(i) = stack.pop() {
                group |= 1u128 << i;
                let a = (i / self.cols(), i % self.cols());
                for d in DIRECTIONS {
                    if let Some(b) = self.step(a, d) {
                        let j = b.0 * self.cols() + b.1;
                        if stones >> j & 1 == 1 && seen >> j & 1 == 0 {
                            seen |= 1u128 << j;
                            stack.push(j);
                        }
                    }
                }
            }
            out.push(group);
        }
        out
    }

    /// The board cut to the bounding box of the squares `keep`, with only the stones
    /// `stones` (the empty 0 × 0 board if `keep` is empty).
    pub(crate) fn cut(&self, stones: u128, keep: u128) -> StoneBoard {
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for i in 0..self.rows() * self.cols() {
            if keep >> i & 1 == 1 {
                let (r, c) = (i / self.cols(), i % self.cols());
                r0 = r0.min(r);
                r1 = r1.max(r);
                c0 = c0.min(c);
                c1 = c1.max(c);
            }
        }
        if r0 == usize::MAX {
            return StoneBoard::from_fn(0, 0, |_, _| b'.');
        }
        StoneBoard::from_fn(r1 - r0 + 1, c1 - c0 + 1, |r, c| {
            let (r, c) = (r + r0, c + c0);
            if stones & self.bit((r, c)) != 0 {
                self.at(r, c)
            } else {
                b'.'
            }
        })
    }

    /// The board cut to the bounding box of its stones.
    ///
    /// ```
    /// use sprague_partizan::rules::stones::StoneBoard;
    /// let b = StoneBoard::parse("....|.xo.|....", "Clobber").unwrap();
    /// assert_eq!(b.trimmed().to_string(), "xo");
    /// ```
    pub fn trimmed(&self) -> StoneBoard {
        let stones = self.x | self.o;
        self.cut(stones, stones)
    }

    /// The image under symmetry `k` (bit 2 transpose, bit 1 flip rows, bit 0 flip columns).
    fn image(&self, k: usize) -> StoneBoard {
        let (rows, cols) = (self.rows(), self.cols());
        let (transpose, flip_r, flip_c) = (k & 4 != 0, k & 2 != 0, k & 1 != 0);
        let (nr, nc) = if transpose {
            (cols, rows)
        } else {
            (rows, cols)
        };
        StoneBoard::from_fn(nr, nc, |r, c| {
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            let r = if flip_r { rows - 1 - r } else { r };
            let c = if flip_c { cols - 1 - c } else { c };
            self.at(r, c)
        })
    }

    /// The least of the board's eight images under the symmetries of the square (the
    /// normal form both games key their transposition tables by).
    ///
    /// ```
    /// use sprague_partizan::rules::stones::StoneBoard;
    /// let a = StoneBoard::parse("xo|.x", "Clobber").unwrap();
    /// let b = StoneBoard::parse("x.|ox", "Clobber").unwrap(); // its transpose
    /// assert_eq!(a.least_image(), b.least_image());
    /// ```
    pub fn least_image(&self) -> StoneBoard {
        (1..8).map(|k| self.image(k)).fold(*self, StoneBoard::min)
    }
}

impl fmt::Display for StoneBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols() {
                write!(f, "{}", char::from(self.at(r, c)))?;
            }
        }
        Ok(())
    }
}
