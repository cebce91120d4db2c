//! The error type of extensive-form games: every failure is one sentence
//! saying what was wrong (and, for limits, how large the input is).

use thiserror::Error;

/// Everything reading, checking or solving an extensive-form game can fail with.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ExtensiveError {
    /// A Gambit `.efg` file could not be read.
    #[error("line {line} of the .efg file: {message}")]
    Efg {
        /// The 1-based line where the problem was found.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// The game is not a well-formed tree (JSON input or a built game).
    #[error("{0}")]
    Invalid(String),
    /// The text is not valid JSON for a game.
    #[error("the game is not valid JSON: {0}")]
    Json(String),
    /// A player does not have perfect recall.
    #[error("{0}")]
    ImperfectRecall(String),
    /// A size limit would be exceeded; nothing was allocated.
    #[error("{what} would need {count}, more than the limit of {limit}")]
    TooLarge {
        /// What would be built.
        what: String,
        /// How large it would be.
        count: String,
        /// The limit.
        limit: String,
    },
    /// A two-player method was asked for a game with another number of players.
    #[error("{method} needs a two-player game, but the game has {players} players")]
    NotTwoPlayer {
        /// The method.
        method: String,
        /// The number of players.
        players: usize,
    },
    /// A zero-sum method was asked for a game that is not zero-sum.
    #[error("the game is not zero-sum: at the end of play {path} the payoffs {payoffs} do not add up to the constant {constant}")]
    NotZeroSum {
        /// The moves leading to the leaf.
        path: String,
        /// The payoffs there.
        payoffs: String,
        /// The sum at the first leaf.
        constant: String,
    },
    /// A solver did not reach an answer (a failure, not bad input).
    #[error("{0}")]
    Solver(String),
    /// The solver's stop check said stop (Ctrl-C, a time budget).
    #[error("stopped before the end (interrupted); nothing was found that could be reported")]
    Interrupted,
    /// A behaviour profile does not fit the game.
    #[error("{0}")]
    Profile(String),
}

impl ExtensiveError {
    /// Whether the error is about the input (exit code 2) rather than a
    /// failure of the solver (exit code 1).
    ///
    /// ```
    /// use sprague_strategic::extensive::ExtensiveError;
    /// assert!(ExtensiveError::Invalid("x".into()).is_bad_input());
    /// assert!(!ExtensiveError::Solver("x".into()).is_bad_input());
    /// ```
    pub fn is_bad_input(&self) -> bool {
        !matches!(
            self,
            ExtensiveError::Solver(_) | ExtensiveError::Interrupted
        )
    }
}

/// A count with thousands separators, as the size refusals write them:
/// `5000000` → `5,000,000`.
///
/// ```
/// use sprague_strategic::extensive::error::grouped;
/// assert_eq!(grouped(5_000_000), "5,000,000");
/// assert_eq!(grouped(999), "999");
/// ```
pub fn grouped(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
