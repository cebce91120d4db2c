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
    #[error("interrupted after g(0..{computed}){}", match (.checkpoint, .checkpoint_error) {
        (Some(path), _) => format!("; checkpoint written to {path}, continue with --resume --checkpoint {path}"),
        (None, Some(error)) => format!("; the checkpoint could not be written: {error}"),
        (None, None) => "; no checkpoint was written (give --checkpoint FILE to keep the work)".to_string(),
    })]
    Interrupted {
        /// Values computed.
        computed: u64,
        /// The checkpoint written, if any.
        checkpoint: Option<String>,
        /// Why the checkpoint asked for could not be written.
        checkpoint_error: Option<String>,
    },
    /// A command other than `values` stopped by Ctrl-C before its answer was complete.
    #[error("interrupted by a signal (Ctrl-C, SIGTERM or SIGHUP) before the answer was complete")]
    Stopped,
    /// A take-and-break run that cannot start (a checkpoint that cannot be written or may not be overwritten).
    #[error(transparent)]
    Session(sprague_takebreak::session::SessionError),
    /// The values were computed and printed, but the final checkpoint was not written.
    #[error("the values above are complete, but the final checkpoint was not written: {0}")]
    CheckpointNotWritten(sprague_takebreak::CheckpointError),
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
    /// A bad request to the dynamics (exit 2), or an interrupted run (130).
    #[error("{0}")]
    Dynamics(sprague_dynamics::DynamicsError),
    /// A bad game tree.
    #[error("{0}")]
    Tree(#[from] sprague_strategic::game_tree::TreeError),
    /// A bad extensive-form game, or a solver that did not finish (exit 1).
    #[error("{0}")]
    Extensive(#[from] sprague_strategic::extensive::ExtensiveError),
    /// A misère quotient that could not be computed (a size limit, or a step the construction cannot take).
    #[error(transparent)]
    Quotient(#[from] sprague_misere::QuotientError),
    /// An input file could not be read.
    #[error("could not read {}: {message}", sprague_textfile::quote::quoted_path(.path))]
    ReadInput {
        /// The path as given.
        path: String,
        /// Why.
        message: String,
    },
    /// An output file could not be written.
    #[error("could not write {}: {message}", sprague_textfile::quote::quoted_path(.path))]
    WriteOutput {
        /// The path as given.
        path: String,
        /// Why.
        message: String,
    },
}

impl From<sprague_takebreak::session::SessionError> for CliError {
    /// Errors of the checkpoint and of the sweep keep their own variants.
    fn from(error: sprague_takebreak::session::SessionError) -> Self {
        use sprague_takebreak::session::SessionError;
        match error {
            SessionError::Checkpoint(error) => CliError::Checkpoint(error),
            SessionError::Sweep(error) => CliError::Game(error.into()),
            other => CliError::Session(other),
        }
    }
}

impl From<sprague_takebreak::record::RecordError> for CliError {
    fn from(error: sprague_takebreak::record::RecordError) -> Self {
        use sprague_takebreak::record::RecordError;
        match error {
            RecordError::Memory(error) => CliError::Game(error.into()),
            RecordError::Incomplete { heap } => CliError::Incomplete { heap },
        }
    }
}

impl CliError {
    /// The process exit code for this error: 2 for bad input, 1 for other failures.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Strategic(sprague_strategic::StrategicError::Interrupted) => 130,
            CliError::Extensive(sprague_strategic::extensive::ExtensiveError::Interrupted) => 130,
            CliError::Coop(sprague_cooperative::CoopError::Interrupted) => 130,
            CliError::Output(_)
            | CliError::Json(_)
            | CliError::Incomplete { .. }
            | CliError::Quotient(_)
            | CliError::CheckpointNotWritten(_)
            | CliError::WriteOutput { .. } => 1,
            CliError::Game(_)
            | CliError::Expression(_)
            | CliError::Checkpoint(_)
            | CliError::Session(_)
            | CliError::Usage(_)
            | CliError::Strategic(_)
            | CliError::Ipd(_)
            | CliError::Coop(_)
            | CliError::Tree(_)
            | CliError::ReadInput { .. } => 2,
            CliError::Dynamics(e) => {
                if e.is_bad_input() {
                    2
                } else {
                    130
                }
            }
            CliError::Extensive(e) => {
                if e.is_bad_input() {
                    2
                } else {
                    1
                }
            }
            CliError::Interrupted { .. } | CliError::Stopped => 130,
        }
    }

    /// Whether the error is only a closed output pipe (as with `sprague ... | head`).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Output(error) if error.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
