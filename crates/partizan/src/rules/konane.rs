//! Konane, the Hawaiian stone-jumping game, as a partizan game (M. D. Ernst, "Playing
//! Konane mathematically: a combinatorial game-theoretic analysis", UMAP Journal 16(2),
//! 1995, pp. 95–121; A. Chan and A. Tsai, "1 × n Konane: a summary of results", in
//! *More Games of No Chance*, MSRI Publ. 42, 2002; C. P. dos Santos and J. N. Silva,
//! "Konane has infinite nim-dimension", Integers 8, 2008, #G02).
//!
//! **The rule used.** Stones `x` (Left, black) and `o` (Right, white) stand on a grid.
//! A player moves one of his stones orthogonally over an adjacent stone of the opponent
//! into the empty square directly beyond it; the jumped stone is removed. The same stone
//! may go on jumping in the same direction (never turning) over further single opposing
//! stones into empty squares, and may stop after any jump: a jump over one, two, three …
//! stones is each a separate move. The player who cannot move loses (normal play). The
//! opening removals of the traditional game are not part of a position: any arrangement
//! is a position. A board is written as rows of `x`, `o` and `.` joined by `|`, e.g.
//! `xo.|.ox`, as Clobber's.
//!
//! **Decomposition.** A stone only ever moves to a square it reaches by jumping, and it
//! only jumps over an adjacent stone of the other colour. So the squares a group of
//! stones may ever occupy lie in its *closure*: its stones' squares, closed under adding
//! the square `c` beyond `b` seen from `a` when `a` may hold a stone of one colour and the
//! adjacent `b` one of the other. Two groups whose
//! closures neither share nor touch (orthogonally) a square never change a square the
//! other's moves read, so the position is the disjunctive sum of the merged groups
//! (merged until no two closures share or touch a square). A group of one colour has no
//! move and is dropped. (The closure is kept per colour and per way a stone arrives: a
//! stone that landed by jumping over `b` never meets the stone that stood on `b`, so a
//! landing square does not reach on along the whole line.) Each component is cut to the bounding box of its closure, and
//! the transposition key is the least image of that box under the eight symmetries of
//! the square (jumps are orthogonal, so every symmetry keeps the rules and the roles).

use super::PartizanGame;
use super::stones::{DIRECTIONS, StoneBoard};
use crate::error::GameError;

pub use super::stones::MAX_SQUARES;

/// A Konane board: the board of stones of [`super::stones`].
///
/// ```
/// use sprague_partizan::rules::konane::Konane;
/// let b = Konane::parse("xo.|.ox").unwrap();
/// assert_eq!(b.to_string(), "xo.|.ox");
/// ```
pub type KonaneBoard = StoneBoard;

/// One jump: the square the stone leaves, the square it lands on (rows and columns from
/// 0), how many stones it removes, and the board after it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Jump {
    /// The jumping stone's square `(row, column)`.
    pub from: (usize, usize),
    /// The square it lands on.
    pub to: (usize, usize),
    /// How many opposing stones it jumps over (and removes).
    pub captured: usize,
    /// The board after the jump.
    pub board: KonaneBoard,
}

/// Jumps and the closures that split a board into regions.
impl KonaneBoard {
    /// Every jump of Left (`left`) or Right: for each stone and direction, the jumps over
    /// one, two, … stones while the squares alternate opposing stone, empty square.
    ///
    /// ```
    /// use sprague_partizan::rules::konane::Konane;
    /// let b = Konane::parse("xo.o.").unwrap();
    /// let jumps = b.jumps(true);
    /// // x jumps one stone to column 3, or two stones to column 5.
    /// assert_eq!(jumps.len(), 2);
    /// assert_eq!((jumps[1].to, jumps[1].captured), ((0, 4), 2));
    /// assert_eq!(jumps[1].board.to_string(), "....x");
    /// ```
    pub fn jumps(&self, left: bool) -> Vec<Jump> {
        let (mine, theirs) = self.sides(left);
        let mut out = Vec::new();
        for r in 0..self.rows() {
            for c in 0..self.cols() {
                if mine & self.bit((r, c)) == 0 {
                    continue;
                }
                for d in DIRECTIONS {
                    let (mut at, mut removed, mut captured) = ((r, c), 0u128, 0);
                    while let Some((over, land)) = self
                        .step(at, d)
                        .and_then(|over| Some((over, self.step(over, d)?)))
                    {
                        if theirs & self.bit(over) == 0
                            || (self.x() | self.o()) & self.bit(land) != 0
                        {
                            break;
                        }
                        removed |= self.bit(over);
                        captured += 1;
                        at = land;
                        let new_mine = (mine & !self.bit((r, c))) | self.bit(land);
                        let new_theirs = theirs & !removed;
                        out.push(Jump {
                            from: (r, c),
                            to: land,
                            captured,
                            board: self.with_sides(left, new_mine, new_theirs),
                        });
                    }
                }
            }
        }
        out
    }

    /// The squares (as bits) the stones `group` may ever occupy. Each square keeps, for
    /// each colour, how a stone of that colour may come to stand there: as the group's own
    /// stone (`INITIAL`), or landing after a jump in direction `d` (bit `d`). A stone that
    /// landed on `c` by jumping over `b` never meets the stone that stood on `b` (it was
    /// removed), so such a pair does not jump over each other; any other pair of squares
    /// that may hold opposite colours side by side gives the square beyond (on the board,
    /// and not a stone outside the group). The result holds every square a stone of the
    /// group may ever stand on, jump over or land on.
    fn closure(&self, group: u128) -> u128 {
        const INITIAL: u8 = 1 << 4;
        let n = self.rows() * self.cols();
        let others = (self.x() | self.o()) & !group;
        // ways[colour][square]: colour 0 = x, 1 = o.
        let initial = |stones: u128| -> Vec<u8> {
            (0..n)
                .map(|i| {
                    if (group & stones) >> i & 1 == 1 {
                        INITIAL
                    } else {
                        0
                    }
                })
                .collect()
        };
        let mut ways = [initial(self.x()), initial(self.o())];
        let index = |(r, c): (usize, usize)| r * self.cols() + c;
        // Whether a stone on `a` (ways `wa`) may jump over one on `b` (ways `wb`) in
        // direction `d`: some pair of ways is not "landed over the other's first square".
        let meet = |wa: u8, wb: u8, d: usize| {
            let back = d ^ 1; // DIRECTIONS pairs up, down and left, right
            let landed_over_b = 1u8 << back; // a reached by a jump in direction -d
            let landed_over_a = 1u8 << d; // b reached by a jump in direction d
            (0..5).any(|i| {
                (0..5).any(|j| {
                    let (pa, pb) = (wa & (1 << i), wb & (1 << j));
                    pa != 0
                        && pb != 0
                        && !(pa == landed_over_b && pb == INITIAL)
                        && !(pb == landed_over_a && pa == INITIAL)
                })
            })
        };
        loop {
            let mut grown = false;
            for i in 0..n {
                let a = (i / self.cols(), i % self.cols());
                for colour in 0..2 {
                    let wa = ways[colour][i];
                    if wa == 0 {
                        continue;
                    }
                    for (d, &dir) in DIRECTIONS.iter().enumerate() {
                        let Some(b) = self.step(a, dir) else { continue };
                        let Some(c) = self.step(b, dir) else { continue };
                        let wb = ways[1 - colour][index(b)];
                        if wb == 0 || others & self.bit(c) != 0 || !meet(wa, wb, d) {
                            continue;
                        }
                        let way = &mut ways[colour][index(c)];
                        if *way & (1 << d) == 0 {
                            *way |= 1 << d;
                            grown = true;
                        }
                    }
                }
            }
            if !grown {
                return (0..n)
                    .filter(|&i| ways[0][i] | ways[1][i] != 0)
                    .fold(0u128, |set, i| set | 1u128 << i);
            }
        }
    }

    /// The squares orthogonally next to `set`, and `set` itself.
    fn with_neighbours(&self, set: u128) -> u128 {
        let mut out = set;
        for i in 0..self.rows() * self.cols() {
            if set >> i & 1 == 1 {
                let a = (i / self.cols(), i % self.cols());
                for d in DIRECTIONS {
                    if let Some(b) = self.step(a, d) {
                        out |= self.bit(b);
                    }
                }
            }
        }
        out
    }
}

/// The ruleset of Konane.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{Solver, konane::Konane};
/// let mut store = GameStore::new();
/// let mut solver = Solver::new(Konane);
/// // Each player has one jump, to an empty board: {0 | 0} = *.
/// let g = solver.canonical_form(&mut store, &Konane::parse(".xo.").unwrap()).unwrap();
/// assert_eq!(store.display(g), "*");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Konane;

impl Konane {
    /// Reads a board: rows of `x`, `o`, `.` separated by `|` (at most [`MAX_SQUARES`]).
    ///
    /// ```
    /// use sprague_partizan::rules::konane::Konane;
    /// assert!(Konane::parse("xo|x").is_err());
    /// assert!(Konane::parse("xq").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<KonaneBoard, GameError> {
        StoneBoard::parse(text, "Konane")
    }
}

impl PartizanGame for Konane {
    type Position = KonaneBoard;

    fn left_options(&self, b: &KonaneBoard) -> Vec<KonaneBoard> {
        b.jumps(true).into_iter().map(|j| j.board).collect()
    }

    fn right_options(&self, b: &KonaneBoard) -> Vec<KonaneBoard> {
        b.jumps(false).into_iter().map(|j| j.board).collect()
    }

    fn components(&self, b: &KonaneBoard) -> Vec<KonaneBoard> {
        // Start from the 4-connected groups; merge two while their closures share or touch
        // a square (the closure of a merged group is recomputed: it may grow).
        let mut parts: Vec<(u128, u128)> =
            b.groups().into_iter().map(|g| (g, b.closure(g))).collect();
        let mut merged = true;
        while merged {
            merged = false;
            'outer: for i in 0..parts.len() {
                for j in i + 1..parts.len() {
                    if b.with_neighbours(parts[i].1) & parts[j].1 != 0 {
                        let stones = parts[i].0 | parts[j].0;
                        parts[i] = (stones, b.closure(stones));
                        parts.swap_remove(j);
                        merged = true;
                        break 'outer;
                    }
                }
            }
        }
        parts
            .into_iter()
            .filter(|&(stones, _)| b.x() & stones != 0 && b.o() & stones != 0)
            .map(|(stones, closure)| b.cut(stones, closure))
            .collect()
    }

    fn normalize(&self, b: &KonaneBoard) -> KonaneBoard {
        let stones = b.x() | b.o();
        b.cut(stones, b.closure(stones)).least_image()
    }

    fn describe_move(&self, from: &KonaneBoard, to: &KonaneBoard) -> String {
        format!("{from} → {to}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_a_jump_apart_are_one_component() {
        // x jumps o onto column 3 and meets the second o: one region, not two.
        let b = Konane::parse("xo.ox").unwrap();
        assert_eq!(Konane.components(&b).len(), 1);
        // Far apart: two regions.
        let b = Konane::parse("xo....ox").unwrap();
        assert_eq!(Konane.components(&b).len(), 2);
        // A one-colour group is dropped.
        assert_eq!(Konane.components(&Konane::parse("xx..o").unwrap()).len(), 0);
    }

    #[test]
    fn normalize_keeps_the_landing_squares() {
        let b = Konane::parse("....|.xo.|....").unwrap();
        let n = Konane.normalize(&b);
        assert_eq!(n.rows() * n.cols(), 4);
        assert_eq!(Konane.left_options(&n).len(), 1);
        assert_eq!(Konane.right_options(&n).len(), 1);
    }
}
