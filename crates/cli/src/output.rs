//! Output formats shared by every subcommand.

use std::io::Write;

use clap::ValueEnum;
use serde::Serialize;

use crate::error::CliError;

/// How a subcommand prints its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Format {
    /// Aligned text for people.
    #[default]
    Text,
    /// One JSON document (keys documented in docs/json.md).
    Json,
    /// Comma-separated values, where the answer is a table.
    Csv,
}

/// How a subcommand whose answer is not a table prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Style {
    /// Aligned text for people.
    #[default]
    Text,
    /// One JSON document (keys documented in docs/json.md).
    Json,
}

/// Writes `text` to standard output.
pub fn print_text(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// Writes `value` as pretty JSON (one document, newline-terminated) to standard output.
pub fn print_json<T: Serialize>(value: &T) -> Result<(), CliError> {
    let mut text = serde_json::to_string_pretty(value)?;
    text.push('\n');
    print_text(&text)
}
