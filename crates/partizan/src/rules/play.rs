//! Playing a ruleset against the computer, for every front end (`sprague play RULESET`, the
//! web page's partizan play): the two sides, the computer's choice of move, and a typed move
//! found among the legal ones.
//!
//! The computer takes a move its side wins moving second (an option `G^L ≥ 0` for Left,
//! `G^R ≤ 0` for Right — the fundamental theorem, Siegel §II.1), so it wins whenever the
//! position is a win for it; without one it takes a move to a value no other option's value
//! exceeds for it.

use crate::compare::Comparison;
use crate::rules::catalogue::Move;
use crate::store::GameStore;

/// A player of a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Side {
    /// Left (vertical dominoes, blue, toads, x).
    #[default]
    Left,
    /// Right (horizontal dominoes, red, frogs, o).
    Right,
}

impl Side {
    /// "Left" or "Right".
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "Left",
            Side::Right => "Right",
        }
    }

    /// The other player.
    ///
    /// ```
    /// use sprague_partizan::rules::play::Side;
    /// assert_eq!(Side::Left.other(), Side::Right);
    /// ```
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// The side named `left` or `right` (any case).
    pub fn parse(text: &str) -> Option<Side> {
        match text.trim().to_ascii_lowercase().as_str() {
            "left" | "l" => Some(Side::Left),
            "right" | "r" => Some(Side::Right),
            _ => None,
        }
    }
}

/// The computer's choice among `moves` of `side`: a winning move if there is one, else a
/// move to a value no other option's value exceeds (for the mover); `None` without a move.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{catalogue::analyze, play::{best_move, Side}};
/// let mut store = GameStore::new();
/// let a = analyze(&mut store, "toads-and-frogs", "T.F").unwrap();
/// let chosen = best_move(&mut store, &a.left, Side::Left).unwrap();
/// assert!(a.left[chosen].winning); // T.F = *: the first player wins
/// ```
pub fn best_move(store: &mut GameStore, moves: &[Move], side: Side) -> Option<usize> {
    if moves.is_empty() {
        return None;
    }
    if let Some(index) = moves.iter().position(|m| m.winning) {
        return Some(index);
    }
    let mut best = 0;
    for (index, m) in moves.iter().enumerate().skip(1) {
        let better = match side {
            Side::Left => store.compare(m.value, moves[best].value),
            Side::Right => store.compare(moves[best].value, m.value),
        };
        if better == Comparison::Greater {
            best = index;
        }
    }
    Some(best)
}

/// The move typed `typed` among `moves`: its notation (spaces ignored, any case) or `#N`,
/// the N-th listed.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::{catalogue::analyze, play::find_move};
/// let mut store = GameStore::new();
/// let a = analyze(&mut store, "domineering", "..|..").unwrap();
/// assert_eq!(find_move(&a.left, "1, 2"), Some(1));
/// assert_eq!(find_move(&a.left, "#1"), Some(0));
/// assert_eq!(find_move(&a.left, "9,9"), None);
/// ```
pub fn find_move(moves: &[Move], typed: &str) -> Option<usize> {
    let wanted: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    match wanted.strip_prefix('#') {
        Some(number) => number
            .parse::<usize>()
            .ok()
            .filter(|&n| (1..=moves.len()).contains(&n))
            .map(|n| n - 1),
        None => moves.iter().position(|m| {
            m.notation
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .eq_ignore_ascii_case(&wanted)
        }),
    }
}
