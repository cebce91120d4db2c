//! The errors of this crate, as types (`thiserror`): arithmetic overflow of
//! exact numbers, games too large to build, values undefined for a game (the
//! atomic weight of a game that is not all-small), and parse errors with their
//! position. No function of this crate panics on user input.

use thiserror::Error;

/// Everything that can go wrong when building or analysing a game.
///
/// ```
/// use sprague_partizan::{GameError, GameStore};
/// let mut store = GameStore::new();
/// let err = store.parse("{1|").unwrap_err();
/// assert!(matches!(err, GameError::Parse(_)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// A dyadic number left the range of an `i64` numerator over 2^62.
    #[error("a number left the exact range (numerator of 64 bits, denominator at most 2^62)")]
    Overflow,
    /// `{x | y}` with numbers `x ≥ y` asked for as a number.
    #[error("the bounds do not enclose a number")]
    NotANumber,
    /// A request that would build a game beyond the stated limit.
    #[error("{what} is too large (at most {limit})")]
    TooLarge {
        /// What was too large.
        what: &'static str,
        /// The limit.
        limit: u64,
    },
    /// A value that is not defined for this game.
    #[error("{0}")]
    Undefined(&'static str),
    /// A position of a ruleset that could not be read.
    #[error("invalid position: {0}")]
    InvalidPosition(String),
    /// The caller's stop check asked the search to stop (Ctrl-C, a time budget) before
    /// the answer was complete.
    #[error("the search was stopped before its answer was complete (interrupted, or out of time)")]
    Stopped,
    /// A text that could not be read as a game.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// A parse error: where (character offset) and why.
///
/// ```
/// use sprague_partizan::{GameError, GameStore};
/// let mut store = GameStore::new();
/// match store.parse("{1|2") {
///     Err(GameError::Parse(e)) => assert_eq!(e.position, 4),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("at character {position}: {message}")]
pub struct ParseError {
    /// The character offset (0-based) where the problem was found.
    pub position: usize,
    /// One sentence saying what is wrong.
    pub message: String,
}
