//! The errors of the command line and their exit codes (0 ok, 1 failure, 2 usage).

use thiserror::Error;

/// Everything a subcommand can fail with.
#[derive(Debug, Error)]
pub enum CliError {
    /// A game description or position that cannot be used.
    #[error(transparent)]
    Game(#[from] sprague_games::GameError),
    /// A nim arithmetic expression that cannot be evaluated.
    #[error("{0}")]
    Expression(#[from] sprague_nimber::ExpressionError),
    /// A value that was needed but could not be computed.
    #[error("g({heap}) could not be computed: no period was proven and the table stops before it")]
    Incomplete {
        /// The heap whose value is missing.
        heap: u64,
    },
    /// Writing the answer failed (a closed pipe is not reported).
    #[error("could not write the output: {0}")]
    Output(#[from] std::io::Error),
    /// Serialising JSON failed.
    #[error("could not serialise the output as JSON: {0}")]
    Json(#[from] serde_json::Error),
}

impl CliError {
    /// The process exit code for this error: 2 for bad input, 1 for other failures.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Game(_) | CliError::Expression(_) => 2,
            CliError::Output(_) | CliError::Json(_) | CliError::Incomplete { .. } => 1,
        }
    }

    /// Whether the error is only a closed output pipe (as with `sprague ... | head`).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Output(error) if error.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
