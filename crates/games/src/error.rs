//! Errors in game descriptions and positions: each says what was wrong and what is accepted.

use sprague_engine::every_sg::RemotenessError;
use sprague_engine::misere::MisereError;
use sprague_engine::{CycleError, MemoryError, SweepError};
use thiserror::Error;

/// A game description or position that sprague cannot use, or a request too large to answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The game's name is not in the catalogue.
    #[error("unknown game '{}'{}; `sprague games` lists every game", quoted(.name), suggestion_text(.suggestions))]
    UnknownGame {
        /// What was typed.
        name: String,
        /// Close names from the catalogue.
        suggestions: Vec<String>,
    },
    /// A take-and-break code that is not well formed.
    #[error("invalid octal code '{}': {reason}", quoted(.code))]
    InvalidOctalCode {
        /// The code as typed.
        code: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A parameter of a game that is out of range or malformed.
    #[error("invalid description '{}': {reason}", quoted(.description))]
    InvalidParameter {
        /// The description as typed.
        description: String,
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// A heap size that is not a whole number in range.
    #[error(
        "'{}' is not a heap size: heap sizes are whole numbers from 0 to {}",
        quoted(.text),
        u64::MAX
    )]
    InvalidHeap {
        /// The text as typed.
        text: String,
    },
    /// No position was given.
    #[error("no position given: name at least one component, e.g. `sprague analyze {example}`")]
    EmptyPosition {
        /// An example command line.
        example: String,
    },
    /// The game is not a one-heap family, so it has no sequence g(0), g(1), ….
    #[error("{game} is not a one-heap game, so it has no value sequence; use `sprague analyze`")]
    NotAHeapFamily {
        /// The game.
        game: String,
    },
    /// Computing values g(0..=to) would visit more options than the work limit
    /// ([`crate::playable::VALUES_WORK_LIMIT`]) and was not forced.
    #[error("computing g(0..={to}) of {game} visits about {}, more than the limit of {limit} (about a minute); pass --force (force=True from Python) to run it anyway", options_text(*.work))]
    TooMuchWork {
        /// The game's description.
        game: String,
        /// The last heap asked for.
        to: u64,
        /// The options the sweep would visit.
        work: u128,
        /// The limit.
        limit: u128,
    },
    /// The position is too large to list its moves.
    #[error("{reason}")]
    PositionTooLarge {
        /// What is too large and the limit.
        reason: String,
    },
    /// A position that is not written in the game's syntax.
    #[error("'{}' is not a {game} position: {reason}", quoted(.text))]
    InvalidPosition {
        /// The game.
        game: String,
        /// The text as typed.
        text: String,
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// A move that is not legal in the position.
    #[error("'{}' is not a legal move from {}: {reason}", quoted(.text), quoted(.position))]
    IllegalMove {
        /// The move as typed.
        text: String,
        /// The position, as typed.
        position: String,
        /// Why, and how moves are written.
        reason: String,
    },
    /// The game does not offer this kind of play or answer (misère play, Every-SG, a game graph, …).
    #[error("{game} does not support {what}: {reason}")]
    Unsupported {
        /// The game.
        game: String,
        /// What was asked for, e.g. "misère play".
        what: String,
        /// Why not.
        reason: String,
    },
    /// A misère search failed.
    #[error(transparent)]
    Misere(#[from] MisereError),
    /// A remoteness search failed.
    #[error(transparent)]
    Remoteness(#[from] RemotenessError),
    /// A graph (edge list or JSON) that cannot be used.
    #[error("invalid graph{}: {reason}", .source_name.as_ref().map(|s| format!(" in {}", sprague_textfile::quote::quoted_path(s))).unwrap_or_default())]
    InvalidGraph {
        /// Where it came from (a file name), if from a file.
        source_name: Option<String>,
        /// What is wrong.
        reason: String,
    },
    /// A file that could not be read.
    #[error("cannot read '{}': {reason}", quoted(.path))]
    File {
        /// The path as given.
        path: String,
        /// Why.
        reason: String,
    },
    /// A search failed (cycle or memory).
    #[error(transparent)]
    Search(#[from] sprague_engine::WltError),
    /// The request would not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// A sweep of values failed.
    #[error(transparent)]
    Sweep(#[from] SweepError),
    /// A take-and-break code that is not well formed.
    #[error(transparent)]
    Code(#[from] sprague_takebreak::CodeError),
    /// A `rule:` take-and-break rule that is not well formed.
    #[error(transparent)]
    Rule(#[from] sprague_takebreak::RuleError),
    /// The take-and-break engine could not run.
    #[error(transparent)]
    TakeBreak(#[from] sprague_takebreak::SweepError),
    /// The game has a cycle where values were expected.
    #[error(transparent)]
    Cycle(#[from] CycleError),
    /// A search stopped by its caller before its answer (Ctrl-C, a server's time budget).
    #[error("the search was stopped before its answer was complete (interrupted, or out of time)")]
    Stopped,
}

fn suggestion_text(suggestions: &[String]) -> String {
    match suggestions {
        [] => String::new(),
        [only] => format!(" (did you mean '{only}'?)"),
        many => format!(" (did you mean one of: {}?)", many.join(", ")),
    }
}

/// User input as an error message quotes it (the one helper of every crate,
/// [`sprague_textfile::quoted`]): control characters escaped and anything past 60
/// characters cut (with `…`), so a long or binary argument cannot flood the terminal.
///
/// ```
/// use sprague_games::error::quoted;
/// assert_eq!(quoted("3->1"), "3->1");
/// assert_eq!(quoted("a\u{7}b"), "a\\u{7}b");
/// assert_eq!(quoted(&"x".repeat(100)).chars().count(), 61);
/// ```
pub use sprague_textfile::quoted;

/// A large count of options in a sentence: `2.6e13 options`, or the number itself below a million.
fn options_text(count: u128) -> String {
    if count < 1_000_000 {
        format!("{count} options")
    } else {
        format!("{:.1e} options", count as f64)
    }
}
