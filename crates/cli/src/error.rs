//! The errors of the command line and their exit codes (0 ok, 1 failure, 2 usage).

use thiserror::Error;

/// Everything a subcommand can fail with.
#[derive(Debug, Error)]
pub enum CliError {
    /// Writing the answer failed (a closed pipe is not reported).
    #[error("could not write the output: {0}")]
    Output(#[from] std::io::Error),
    /// A strategic-form game was malformed or too large (bad input).
    #[error("{0}")]
    Strategic(#[from] sprague_strategic::StrategicError),
    /// Serialising JSON failed.
    #[error("could not serialise the output as JSON: {0}")]
    Json(#[from] serde_json::Error),
}

impl CliError {
    /// The process exit code for this error: 2 for bad input, 1 for other failures.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Output(_) | CliError::Json(_) => 1,
            CliError::Strategic(_) => 2,
        }
    }

    /// Whether the error is only a closed output pipe (as with `sprague ... | head`).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Output(error) if error.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
