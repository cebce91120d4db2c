//! `sprague nimber EXPR`: the nim arithmetic calculator.
//!
//! Evaluates an expression in Conway's field of nimbers below 2¹²⁸ with
//! `sprague_nimber::evaluate`: `+` nim-sum, `*` nim-product, `/` division,
//! `^` powers, `inv`, `sqrt`, `sq`, parentheses, decimal or `0x` literals.

use sprague_games::record::NimberRecord;

use crate::error::CliError;
use crate::output::{print_json, print_text, Style};

/// Arguments of `sprague nimber`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The expression, e.g. "2 * 3", "16 * 16", "inv(12345)", "sqrt(0xdeadbeef)".
    #[arg(allow_hyphen_values = true)]
    pub expression: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Style::Text)]
    pub format: Style,
}

/// Evaluates the expression and prints its value.
pub fn run(args: &Args) -> Result<(), CliError> {
    let record = NimberRecord::evaluate(&args.expression)?;
    let value = record.value;
    match args.format {
        Style::Json => print_json(&record),
        Style::Text => print_text(&format!("{value}   ({value:#x})\n")),
    }
}
