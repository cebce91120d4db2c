//! `sprague nimber EXPR`: the nim arithmetic calculator.

use crate::error::CliError;
use crate::output::Style;

/// Arguments of `sprague nimber`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The expression, e.g. "2 * 3" or "inv(12345)".
    pub expression: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Style::Text)]
    pub format: Style,
}

/// Evaluates the expression and prints its value.
pub fn run(_args: &Args) -> Result<(), CliError> {
    Ok(())
}
