//! Cutcake (Winning Ways ch. 2): a position is a set of rectangular cakes
//! scored into unit squares; Left cuts a cake along a vertical score line
//! (splitting its width), Right along a horizontal one (splitting its height).
//!
//! The value of an `h × w` cake (`h` rows, `w` columns) has a closed form
//! (Winning Ways ch. 2, the table of Cutcake values): with `a = ⌊log₂ w⌋` and `b = ⌊log₂ h⌋`, it
//! is `⌊w / 2^b⌋ − 1` if `a > b`, `−(⌊h / 2^a⌋ − 1)` if `a < b`, and `0`
//! if `a = b`. [`Cutcake::value`] computes it; the tests check it against the
//! search of [`Solver`](super::Solver).

use super::PartizanGame;
use crate::error::GameError;

/// Cutcake; a position is a list of cakes `(rows, columns)`.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{Solver, cutcake::Cutcake};
/// let mut store = GameStore::new();
/// let mut solver = Solver::new(Cutcake);
/// let g = solver.canonical_form(&mut store, &vec![(2, 4), (3, 1)]).unwrap();
/// assert_eq!(store.display(g), "-1");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

impl Cutcake {
    /// The closed-form value of one `rows × cols` cake (an integer).
    ///
    /// ```
    /// use sprague_partizan::rules::cutcake::Cutcake;
    /// assert_eq!(Cutcake::value(1, 5), 4);
    /// assert_eq!(Cutcake::value(4, 2), -1);
    /// assert_eq!(Cutcake::value(3, 3), 0);
    /// assert_eq!(Cutcake::value(2, 8), 3);
    /// ```
    pub fn value(rows: u32, cols: u32) -> i64 {
        if rows == 0 || cols == 0 {
            return 0;
        }
        let a = cols.ilog2();
        let b = rows.ilog2();
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => i64::from(cols >> b) - 1,
            std::cmp::Ordering::Less => -(i64::from(rows >> a) - 1),
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// Reads `RxC` (e.g. `3x4`), or several separated by `+`.
    ///
    /// ```
    /// use sprague_partizan::rules::cutcake::Cutcake;
    /// assert_eq!(Cutcake::parse("3x4 + 1x2").unwrap(), vec![(3, 4), (1, 2)]);
    /// assert!(Cutcake::parse("3x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Vec<(u32, u32)>, GameError> {
        let mut out = Vec::new();
        for part in text.split('+') {
            let part = part.trim();
            let (r, c) = part.split_once(['x', 'X', '×']).ok_or_else(|| {
                GameError::InvalidPosition(format!("expected ROWSxCOLS, got {part:?}"))
            })?;
            let num = |s: &str| -> Result<u32, GameError> {
                s.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n <= 1 << 20)
                    .ok_or_else(|| {
                        GameError::InvalidPosition(format!("{s:?} is not a size from 0 to 2^20"))
                    })
            };
            out.push((num(r)?, num(c)?));
        }
        Ok(out)
    }
}

fn sorted(mut cakes: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    cakes.retain(|&(r, c)| r > 0 && c > 0 && (r, c) != (1, 1));
    cakes.sort_unstable();
    cakes
}

impl PartizanGame for Cutcake {
    type Position = Vec<(u32, u32)>;

    fn left_options(&self, position: &Self::Position) -> Vec<Self::Position> {
        let mut out = Vec::new();
        for (i, &(r, c)) in position.iter().enumerate() {
            for a in 1..=c / 2 {
                let mut next = position.clone();
                next[i] = (r, a);
                next.push((r, c - a));
                out.push(sorted(next));
            }
        }
        out
    }

    fn right_options(&self, position: &Self::Position) -> Vec<Self::Position> {
        let mut out = Vec::new();
        for (i, &(r, c)) in position.iter().enumerate() {
            for a in 1..=r / 2 {
                let mut next = position.clone();
                next[i] = (a, c);
                next.push((r - a, c));
                out.push(sorted(next));
            }
        }
        out
    }

    fn components(&self, position: &Self::Position) -> Vec<Self::Position> {
        sorted(position.clone())
            .into_iter()
            .map(|c| vec![c])
            .collect()
    }

    fn normalize(&self, position: &Self::Position) -> Self::Position {
        sorted(position.clone())
    }

    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String {
        let (from, to) = (sorted(from.clone()), sorted(to.clone()));
        let removed: Vec<_> = from.iter().filter(|c| !to.contains(c)).collect();
        let added: Vec<_> = to.iter().filter(|c| !from.contains(c)).collect();
        format!("cut {removed:?} into {added:?}")
    }
}
