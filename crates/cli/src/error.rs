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
    /// A checkpoint that cannot be used or written.
    #[error(transparent)]
    Checkpoint(#[from] sprague_takebreak::CheckpointError),
    /// A command-line value that is not accepted.
    #[error("{0}")]
    Usage(String),
    /// The run was interrupted (Ctrl-C or a termination signal).
    #[error("interrupted after g(0..{computed}){}", match .checkpoint { Some(path) => format!("; checkpoint written to {path}, continue with --resume --checkpoint {path}"), None => "; no checkpoint was written (give --checkpoint FILE to keep the work)".to_string() })]
    Interrupted {
        /// Values computed.
        computed: u64,
        /// The checkpoint written, if any.
        checkpoint: Option<String>,
    },
    /// Writing the answer failed (a closed pipe is not reported).
    #[error("could not write the output: {0}")]
    Output(#[from] std::io::Error),
    /// A strategic-form game was malformed or too large (bad input).
    #[error("{0}")]
    Strategic(#[from] sprague_strategic::StrategicError),
    /// Serialising JSON failed.
    #[error("could not serialise the output as JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// A bad iterated prisoner's dilemma request (strategy, payoffs, parameters).
    #[error("{0}")]
    Ipd(#[from] sprague_repeated::ipd::IpdError),
    /// A bad cooperative game.
    #[error("{0}")]
    Coop(#[from] sprague_cooperative::CoopError),
    /// A bad game tree.
    #[error("{0}")]
    Tree(#[from] sprague_strategic::game_tree::TreeError),
    /// An input file could not be read.
    #[error("could not read {path}: {message}")]
    ReadInput {
        /// The path as given.
        path: String,
        /// Why.
        message: String,
    },
    /// An output file could not be written.
    #[error("could not write {path}: {message}")]
    WriteOutput {
        /// The path as given.
        path: String,
        /// Why.
        message: String,
    },
}

impl CliError {
    /// The process exit code for this error: 2 for bad input, 1 for other failures.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Output(_)
            | CliError::Json(_)
            | CliError::Incomplete { .. }
            | CliError::WriteOutput { .. } => 1,
            CliError::Game(_)
            | CliError::Expression(_)
            | CliError::Checkpoint(_)
            | CliError::Usage(_)
            | CliError::Strategic(_)
            | CliError::Ipd(_)
            | CliError::Coop(_)
            | CliError::Tree(_)
            | CliError::ReadInput { .. } => 2,
            CliError::Interrupted { .. } => 130,
        }
    }

    /// Whether the error is only a closed output pipe (as with `sprague ... | head`).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Output(error) if error.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
