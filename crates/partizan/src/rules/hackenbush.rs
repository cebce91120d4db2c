//! Blue-Red Hackenbush strings (Winning Ways ch. 2; Lessons in Play ch. 1):
//! a string of edges standing on the ground; Left (bLue) removes a blue edge,
//! Right (Red) a red one, and everything above the removed edge falls.
//!
//! The value of a string is a number given by Berlekamp's sign-expansion rule
//! (Winning Ways ch. 2; Siegel, *Combinatorial Game Theory*, §II.3): the
//! first run of `n` edges of the same colour as the bottom edge is worth
//! `±n`; each later edge `j = 1, 2, …` after that run is worth `±1/2^j`,
//! the sign being `+` for blue and `−` for red. [`HackenbushString::value`]
//! is that rule; the tests check it against search.
//!
//! [`Hackenbush`] plays Blue-Red-Green Hackenbush on any graph (Winning
//! Ways ch. 2 and 7): node 0 is the ground; Left removes a blue or green edge,
//! Right a red or green one, and edges no longer connected to the ground
//! fall. Parts of the picture that meet only at the ground are independent
//! components.

use super::PartizanGame;
use crate::dyadic::Dyadic;
use crate::error::GameError;

/// Blue-Red Hackenbush on strings; a position is the colours from the
/// ground up (`true` = blue = Left).
///
/// ```
/// use sprague_partizan::rules::hackenbush::HackenbushString;
/// let s = HackenbushString::parse("BBR").unwrap();
/// assert_eq!(HackenbushString::value(&s).unwrap().to_string(), "3/2");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct HackenbushString;

impl HackenbushString {
    /// Reads a string from the ground up: `B`/`L` blue (Left), `R` red (Right).
    ///
    /// ```
    /// use sprague_partizan::rules::hackenbush::HackenbushString;
    /// assert_eq!(HackenbushString::parse("LR").unwrap(), vec![true, false]);
    /// assert!(HackenbushString::parse("LG").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Vec<bool>, GameError> {
        text.trim()
            .chars()
            .map(|c| match c.to_ascii_uppercase() {
                'B' | 'L' => Ok(true),
                'R' => Ok(false),
                other => Err(GameError::InvalidPosition(format!(
                    "a Hackenbush string edge is B (or L) or R, not {other:?}"
                ))),
            })
            .collect()
    }

    /// The value by Berlekamp's sign-expansion rule; an error if the string
    /// is too long for an exact dyadic (more than 62 edges after the first run).
    ///
    /// ```
    /// use sprague_partizan::rules::hackenbush::HackenbushString;
    /// let v = |s| HackenbushString::value(&HackenbushString::parse(s).unwrap()).unwrap().to_string();
    /// assert_eq!(v("BRB"), "3/4");
    /// assert_eq!(v("RRBR"), "-7/4");
    /// assert_eq!(v(""), "0");
    /// ```
    pub fn value(edges: &[bool]) -> Result<Dyadic, GameError> {
        let Some(&first) = edges.first() else {
            return Ok(Dyadic::ZERO);
        };
        let run = edges.iter().take_while(|&&e| e == first).count();
        let sign = |e: bool| if e { 1 } else { -1 };
        let mut v = Dyadic::from_int(sign(first) * run as i64)?;
        for (j, &e) in edges[run..].iter().enumerate() {
            let exponent = u32::try_from(j + 1).map_err(|_| GameError::Overflow)?;
            v = v.checked_add(Dyadic::new(sign(e), exponent)?)?;
        }
        Ok(v)
    }
}

impl PartizanGame for HackenbushString {
    type Position = Vec<bool>;

    fn left_options(&self, s: &Vec<bool>) -> Vec<Vec<bool>> {
        (0..s.len())
            .filter(|&i| s[i])
            .map(|i| s[..i].to_vec())
            .collect()
    }

    fn right_options(&self, s: &Vec<bool>) -> Vec<Vec<bool>> {
        (0..s.len())
            .filter(|&i| !s[i])
            .map(|i| s[..i].to_vec())
            .collect()
    }

    fn describe_move(&self, from: &Vec<bool>, to: &Vec<bool>) -> String {
        let who = if from.get(to.len()).copied().unwrap_or(true) {
            "Left"
        } else {
            "Right"
        };
        format!("{who} cuts edge {} from the ground", to.len() + 1)
    }
}

/// The colour of a Hackenbush edge.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Colour {
    /// Left may cut it.
    Blue,
    /// Right may cut it.
    Red,
    /// Either player may cut it.
    Green,
}

/// An edge `(u, v, colour)` with `u ≤ v`; node 0 is the ground.
pub type Edge = (u8, u8, Colour);

/// The longest list of edges accepted.
pub const MAX_EDGES: usize = 64;

/// Blue-Red-Green Hackenbush on graphs; a position is a sorted edge list.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{Solver, hackenbush::Hackenbush};
/// let mut store = GameStore::new();
/// let mut solver = Solver::new(Hackenbush);
/// // A blue edge with a red edge on top, beside a green edge: 1/2 + *.
/// let p = Hackenbush::parse("0-1:b 1-2:r 0-3:g").unwrap();
/// let g = solver.canonical_form(&mut store, &p).unwrap();
/// assert_eq!(store.display(g), "1/2*");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

impl Hackenbush {
    /// Reads edges `u-v:c` separated by spaces or commas; `c` is `b`/`l`
    /// (blue), `r` (red) or `g` (green); node 0 is the ground.
    ///
    /// ```
    /// use sprague_partizan::rules::hackenbush::Hackenbush;
    /// assert_eq!(Hackenbush::parse("0-1:b, 1-2:g").unwrap().len(), 2);
    /// assert!(Hackenbush::parse("0-1:q").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Vec<Edge>, GameError> {
        let mut edges = Vec::new();
        for item in text.split([' ', ',', '\n', '\t']).filter(|s| !s.is_empty()) {
            let bad = || {
                GameError::InvalidPosition(format!(
                    "expected an edge u-v:c (c = b, r or g), got {item:?}"
                ))
            };
            let (nodes, colour) = item.split_once(':').ok_or_else(bad)?;
            let (u, v) = nodes.split_once('-').ok_or_else(bad)?;
            let u: u8 = u.trim().parse().map_err(|_| bad())?;
            let v: u8 = v.trim().parse().map_err(|_| bad())?;
            let colour = match colour.trim().to_ascii_lowercase().as_str() {
                "b" | "l" | "blue" => Colour::Blue,
                "r" | "red" => Colour::Red,
                "g" | "green" => Colour::Green,
                _ => return Err(bad()),
            };
            edges.push((u.min(v), u.max(v), colour));
        }
        if edges.len() > MAX_EDGES {
            return Err(GameError::InvalidPosition(format!(
                "at most {MAX_EDGES} edges"
            )));
        }
        Ok(grounded(edges))
    }

    fn cut(edges: &[Edge], allowed: impl Fn(Colour) -> bool) -> Vec<Vec<Edge>> {
        (0..edges.len())
            .filter(|&i| allowed(edges[i].2))
            .map(|i| {
                let mut rest = edges.to_vec();
                rest.remove(i);
                grounded(rest)
            })
            .collect()
    }
}

/// The edges still connected to the ground, sorted.
fn grounded(mut edges: Vec<Edge>) -> Vec<Edge> {
    let mut reached = [false; 256];
    reached[0] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for &(u, v, _) in &edges {
            let (a, b) = (usize::from(u), usize::from(v));
            if reached[a] != reached[b] {
                reached[a] = true;
                reached[b] = true;
                changed = true;
            }
        }
    }
    edges.retain(|&(u, _, _)| reached[usize::from(u)]);
    edges.sort_unstable();
    edges
}

/// Nodes renamed 1, 2, … in order of first appearance (a transposition key).
fn relabelled(edges: &[Edge]) -> Vec<Edge> {
    let mut name = [0u8; 256];
    let mut next = 1u8;
    let mut out = Vec::with_capacity(edges.len());
    for &(u, v, c) in edges {
        let mut rename = |n: u8| {
            if n == 0 {
                return 0;
            }
            if name[usize::from(n)] == 0 {
                name[usize::from(n)] = next;
                next = next.saturating_add(1);
            }
            name[usize::from(n)]
        };
        let (a, b) = (rename(u), rename(v));
        out.push((a.min(b), a.max(b), c));
    }
    out.sort_unstable();
    out
}

impl PartizanGame for Hackenbush {
    type Position = Vec<Edge>;

    fn left_options(&self, edges: &Vec<Edge>) -> Vec<Vec<Edge>> {
        Self::cut(edges, |c| c != Colour::Red)
    }

    fn right_options(&self, edges: &Vec<Edge>) -> Vec<Vec<Edge>> {
        Self::cut(edges, |c| c != Colour::Blue)
    }

    fn components(&self, edges: &Vec<Edge>) -> Vec<Vec<Edge>> {
        // Union-find over the nodes other than the ground.
        let mut parent: Vec<usize> = (0..256).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for &(u, v, _) in edges.iter() {
            if u != 0 && v != 0 {
                let (a, b) = (
                    find(&mut parent, usize::from(u)),
                    find(&mut parent, usize::from(v)),
                );
                parent[a] = b;
            }
        }
        let mut groups: Vec<(usize, Vec<Edge>)> = Vec::new();
        for (i, &e) in edges.iter().enumerate() {
            let key = if e.1 == 0 {
                256 + i
            } else {
                find(&mut parent, usize::from(e.1))
            };
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, g)) => g.push(e),
                None => groups.push((key, vec![e])),
            }
        }
        groups.into_iter().map(|(_, g)| g).collect()
    }

    fn normalize(&self, edges: &Vec<Edge>) -> Vec<Edge> {
        relabelled(&grounded(edges.clone()))
    }

    fn describe_move(&self, from: &Vec<Edge>, to: &Vec<Edge>) -> String {
        let fallen: Vec<_> = from.iter().filter(|e| !to.contains(e)).collect();
        format!("cut, and {fallen:?} fall")
    }
}
