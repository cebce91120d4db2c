//! The error type of the dynamics crate: every failure is one sentence that
//! says what was wrong and what is accepted.

use thiserror::Error;

/// Everything the dynamics functions can fail with.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum DynamicsError {
    /// The game could not be read or is malformed.
    #[error("{0}")]
    Strategic(#[from] sprague_strategic::StrategicError),
    /// A method for symmetric games was given a game that is not symmetric.
    #[error("the game is not symmetric: {0}; these dynamics need a two-player game whose column player's payoffs are the transpose of the row player's")]
    NotSymmetric(String),
    /// A method for two-player games was given another number of players.
    #[error("this method needs a two-player game, but the game has {0} players")]
    NotTwoPlayer(usize),
    /// The game has too few strategies for the method.
    #[error("the game has {0} strategy; the dynamics need at least two")]
    TooFewStrategies(usize),
    /// A parameter (steps, rounds, start, intensity, …) is not accepted.
    #[error("{0}")]
    Parameter(String),
    /// A request that would take more work or memory than the limit.
    #[error("{what} is {count}, more than the limit of {limit}")]
    TooLarge {
        /// What is too large.
        what: String,
        /// How large it is.
        count: String,
        /// The limit.
        limit: String,
    },
    /// A numerical integration left the simplex (the step is too large).
    #[error("the trajectory left the simplex at step {step} (a share became {value:e}); use a smaller --dt")]
    LeftSimplex {
        /// The step at which it happened.
        step: usize,
        /// The offending share.
        value: f64,
    },
    /// A fitness in the Moran process was not positive.
    #[error("the fitness of strategy \"{}\" is {fitness} (not positive) when {count} of the population play it; choose a smaller intensity of selection", sprague_textfile::quoted(.strategy))]
    NonPositiveFitness {
        /// The strategy's name.
        strategy: String,
        /// The fitness, as exact text.
        fitness: String,
        /// The number of individuals playing the strategy.
        count: usize,
    },
    /// The stop check said stop (Ctrl-C).
    #[error("stopped before the end (interrupted)")]
    Interrupted,
}

impl DynamicsError {
    /// Whether the error is the caller's input (exit code 2), as opposed to
    /// an interruption.
    ///
    /// ```
    /// use sprague_dynamics::DynamicsError;
    /// assert!(DynamicsError::Parameter("bad".into()).is_bad_input());
    /// assert!(!DynamicsError::Interrupted.is_bad_input());
    /// ```
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, DynamicsError::Interrupted)
    }
}

/// A `TooLarge` error for `what` = `count` above `limit`.
pub(crate) fn too_large(what: &str, count: impl ToString, limit: impl ToString) -> DynamicsError {
    DynamicsError::TooLarge {
        what: what.to_string(),
        count: count.to_string(),
        limit: limit.to_string(),
    }
}
