//! Col and Snort on graphs (Winning Ways ch. 2; Lessons in Play ch. 2):
//! players take turns colouring an uncoloured vertex with their own colour
//! (Left blue, Right red). In **Col** a vertex may not be coloured like a
//! neighbour (no two adjacent vertices share a colour); in **Snort** it may
//! not be coloured unlike a neighbour (no two adjacent vertices of different
//! colours).
//!
//! A position needs only the uncoloured vertices and, for each, who may still
//! colour it: colouring `v` removes it and forbids its neighbours to the
//! mover (Col) or to the opponent (Snort). The uncoloured vertices split
//! into connected components of the graph, which are independent games.
//! Every Col position is a number or a number plus `*` (Winning Ways ch. 2);
//! the tests check that property.

use super::PartizanGame;
use crate::error::GameError;

/// The largest number of vertices.
pub const MAX_VERTICES: usize = 32;

/// Which colouring game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Adjacent vertices may not share a colour.
    Col,
    /// Adjacent vertices may not have different colours.
    Snort,
}

/// Col or Snort on one graph (adjacency as bit masks).
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::Solver;
/// use sprague_partizan::rules::colouring::{Colouring, Variant};
/// let mut store = GameStore::new();
/// // a single vertex: {0 | 0} = * in both games
/// let game = Colouring::parse(Variant::Col, 1, "").unwrap();
/// let start = game.start();
/// let mut solver = Solver::new(game);
/// let g = solver.canonical_form(&mut store, &start).unwrap();
/// assert_eq!(store.display(g), "*");
/// ```
#[derive(Clone, Debug)]
pub struct Colouring {
    variant: Variant,
    adjacency: Vec<u32>,
}

/// A position: the uncoloured vertices, and those Left / Right may colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ColouringPosition {
    /// Uncoloured vertices.
    pub uncoloured: u32,
    /// Uncoloured vertices Left may colour.
    pub left_may: u32,
    /// Uncoloured vertices Right may colour.
    pub right_may: u32,
}

impl Colouring {
    /// The game on `vertices` vertices with edges `u-v` separated by spaces
    /// or commas (vertices numbered from 0).
    ///
    /// ```
    /// use sprague_partizan::rules::colouring::{Colouring, Variant};
    /// assert!(Colouring::parse(Variant::Snort, 3, "0-1 1-2").is_ok());
    /// assert!(Colouring::parse(Variant::Snort, 3, "0-5").is_err());
    /// ```
    pub fn parse(variant: Variant, vertices: usize, edges: &str) -> Result<Colouring, GameError> {
        if vertices > MAX_VERTICES {
            return Err(GameError::InvalidPosition(format!(
                "at most {MAX_VERTICES} vertices"
            )));
        }
        let mut adjacency = vec![0u32; vertices];
        for item in edges.split([' ', ',']).filter(|s| !s.is_empty()) {
            let bad = || {
                GameError::InvalidPosition(format!(
                    "expected an edge u-v between vertices below {vertices}, got {item:?}"
                ))
            };
            let (u, v) = item.split_once('-').ok_or_else(bad)?;
            let u: usize = u.trim().parse().map_err(|_| bad())?;
            let v: usize = v.trim().parse().map_err(|_| bad())?;
            if u >= vertices || v >= vertices || u == v {
                return Err(bad());
            }
            adjacency[u] |= 1 << v;
            adjacency[v] |= 1 << u;
        }
        Ok(Colouring { variant, adjacency })
    }

    /// The path on `n` vertices.
    ///
    /// ```
    /// use sprague_partizan::rules::colouring::{Colouring, Variant};
    /// assert_eq!(Colouring::path(Variant::Col, 4).unwrap().start().uncoloured, 0b1111);
    /// ```
    pub fn path(variant: Variant, n: usize) -> Result<Colouring, GameError> {
        let edges: Vec<String> = (1..n).map(|i| format!("{}-{}", i - 1, i)).collect();
        Colouring::parse(variant, n, &edges.join(" "))
    }

    /// The position with every vertex uncoloured.
    ///
    /// ```
    /// use sprague_partizan::rules::colouring::{Colouring, Variant};
    /// let g = Colouring::path(Variant::Snort, 3).unwrap();
    /// assert_eq!(g.start().left_may, 0b111);
    /// ```
    pub fn start(&self) -> ColouringPosition {
        let all = if self.adjacency.len() == 32 {
            u32::MAX
        } else {
            (1u32 << self.adjacency.len()) - 1
        };
        ColouringPosition {
            uncoloured: all,
            left_may: all,
            right_may: all,
        }
    }

    fn moves(&self, p: &ColouringPosition, left: bool) -> Vec<ColouringPosition> {
        let may = if left { p.left_may } else { p.right_may };
        let mut out = Vec::new();
        for v in 0..self.adjacency.len() {
            if may >> v & 1 == 0 {
                continue;
            }
            let bit = 1u32 << v;
            let nbrs = self.adjacency[v];
            let uncoloured = p.uncoloured & !bit;
            // Col forbids the neighbours to the mover, Snort to the opponent.
            let mover_loses = self.variant == Variant::Col;
            let (mut lm, mut rm) = (p.left_may & uncoloured, p.right_may & uncoloured);
            if left == mover_loses {
                lm &= !nbrs;
            } else {
                rm &= !nbrs;
            }
            out.push(ColouringPosition {
                uncoloured,
                left_may: lm,
                right_may: rm,
            });
        }
        out
    }
}

impl PartizanGame for Colouring {
    type Position = ColouringPosition;

    fn left_options(&self, p: &ColouringPosition) -> Vec<ColouringPosition> {
        self.moves(p, true)
    }

    fn right_options(&self, p: &ColouringPosition) -> Vec<ColouringPosition> {
        self.moves(p, false)
    }

    fn components(&self, p: &ColouringPosition) -> Vec<ColouringPosition> {
        // Vertices nobody may colour change nothing: they do not connect.
        let live = p.left_may | p.right_may;
        let mut rest = live;
        let mut out = Vec::new();
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            loop {
                let mut grown = comp;
                for v in 0..self.adjacency.len() {
                    if comp >> v & 1 == 1 {
                        grown |= self.adjacency[v] & live;
                    }
                }
                if grown == comp {
                    break;
                }
                comp = grown;
            }
            rest &= !comp;
            out.push(ColouringPosition {
                uncoloured: comp,
                left_may: p.left_may & comp,
                right_may: p.right_may & comp,
            });
        }
        out
    }

    fn normalize(&self, p: &ColouringPosition) -> ColouringPosition {
        // Vertices nobody may colour no longer matter.
        let live = p.left_may | p.right_may;
        ColouringPosition {
            uncoloured: p.uncoloured & live,
            left_may: p.left_may & live,
            right_may: p.right_may & live,
        }
    }

    fn describe_move(&self, from: &ColouringPosition, to: &ColouringPosition) -> String {
        let v = (from.uncoloured & !to.uncoloured).trailing_zeros();
        format!("colour vertex {v}")
    }
}
