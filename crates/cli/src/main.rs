//! The `sprague` command line: a thin front end over the sprague library crates.
//!
//! Every subcommand lives in its own module under `commands/`, parses its
//! arguments with clap, calls the libraries and formats the answer as text,
//! JSON or CSV. Errors become one sentence on stderr and an exit code:
//! 0 success, 1 failure, 2 usage (bad input).

mod commands;
mod error;
mod output;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::CliError;

/// Command-line arguments of `sprague`.
#[derive(Debug, Parser)]
#[command(
    name = "sprague",
    version,
    about = "Fast, exact game theory: Sprague-Grundy values, outcomes, winning moves, nim arithmetic."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands; each variant's arguments live in its module.
#[derive(Debug, Subcommand)]
enum Command {
    /// Nim arithmetic calculator: nim-sum (+), nim-product (*), powers, inverses, square roots.
    Nimber(commands::nimber::Args),
    /// Nash equilibria of a strategic-form game (all, exactly, or one by Lemke-Howson).
    Nash(commands::nash::Args),
    /// Value and optimal strategies of a two-player zero-sum game, exactly.
    Zerosum(commands::zerosum::Args),
    /// Dominated strategies and their iterated elimination.
    Dominance(commands::dominance::Args),
}

fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Nimber(args) => commands::nimber::run(&args),
        Command::Nash(args) => commands::nash::run(&args),
        Command::Zerosum(args) => commands::zerosum::run(&args),
        Command::Dominance(args) => commands::dominance::run(&args),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() { 2 } else { 0 };
            // Printing help or a usage error; nothing more can be done if stderr is closed.
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
