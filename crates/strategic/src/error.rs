//! The error type of the strategic crate: every failure is one sentence that
//! says what was wrong and what is accepted.

use thiserror::Error;

/// Everything the strategic-form functions can fail with.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StrategicError {
    /// A Gambit `.nfg` file could not be read.
    #[error("malformed .nfg file (line {line}): {message}")]
    Nfg {
        /// The 1-based line where the problem was found.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// A matrix (CSV or JSON) file could not be read.
    #[error("malformed matrix input: {0}")]
    Matrix(String),
    /// A number could not be read as an exact rational.
    #[error("\"{}\" {}; expected an integer, a fraction p/q or a decimal", sprague_textfile::quoted(.0), crate::exact_text::why_not_a_number(.0))]
    NotANumber(String),
    /// A player has no strategies.
    #[error("player {player} has no strategies; every player needs at least one")]
    NoStrategies {
        /// The 1-based player number.
        player: usize,
    },
    /// The game has no players.
    #[error("the game has no players; a game needs at least one player")]
    NoPlayers,
    /// The numbers of strategies, payoffs or names do not match.
    #[error("dimension mismatch: {0}")]
    Dimension(String),
    /// A two-player method was called on a game with another number of players.
    #[error("this method needs a two-player game, but the game has {0} players")]
    NotTwoPlayer(usize),
    /// A zero-sum method was called on a game that is not zero-sum.
    #[error("the game is not zero-sum: the payoffs of the two players do not add up to a constant in profile ({row}, {column})")]
    NotZeroSum {
        /// 1-based row strategy.
        row: usize,
        /// 1-based column strategy.
        column: usize,
    },
    /// An exhaustive method would take too long.
    #[error("{method} would visit up to {count} {what}, more than the limit of {limit}; pass --force to run it anyway")]
    TooLarge {
        /// The method.
        method: String,
        /// What would be visited.
        what: String,
        /// An upper bound on the number visited.
        count: String,
        /// The limit.
        limit: String,
    },
    /// An unknown built-in example was named.
    #[error("unknown game or file \"{}\"; give a .nfg, .csv or .json file or one of the built-in examples: {}", sprague_textfile::quoted(.0), .1)]
    UnknownExample(String, String),
    /// Reading a file failed.
    #[error("could not read {}: {message}", sprague_textfile::quote::quoted_path(.path))]
    Io {
        /// The path.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// A linear program was malformed.
    #[error("malformed linear program: {0}")]
    LinearProgram(String),
    /// A label or strategy index was out of range.
    #[error("{0}")]
    OutOfRange(String),
    /// A method may need more memory than this process may use; nothing was
    /// allocated.
    #[error("{method} may need up to {} of memory ({reason}), more than the {} this process may use; pass --force to run it anyway (it stops if it reaches that limit)", sprague_memory::format_bytes(*.needed), sprague_memory::format_bytes(*.available))]
    NeedsMemory {
        /// The method.
        method: String,
        /// The bound on the bytes it may hold.
        needed: u128,
        /// Bytes it might use.
        available: u128,
        /// Where the bound comes from.
        reason: String,
    },
    /// A search outgrew the memory this process may use and was stopped
    /// before allocating more.
    #[error("{method} was stopped before it outgrew memory: its tables held {} after {progress}, and this process may use {} (the machine's free memory, `ulimit -v` and the control group's limit)", sprague_memory::format_bytes(*.held), sprague_memory::format_bytes(*.available))]
    OutOfMemory {
        /// The method.
        method: String,
        /// Bytes held when it stopped.
        held: u128,
        /// Bytes it might use.
        available: u128,
        /// How far it had come.
        progress: String,
    },
    /// The solver's stop check said stop (Ctrl-C, a time budget).
    #[error("stopped before the end (interrupted); nothing was found that could be reported")]
    Interrupted,
}
