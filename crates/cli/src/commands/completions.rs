//! `sprague completions SHELL`: the shell completion script of `sprague`
//! (bash, zsh, fish, elvish, PowerShell) on standard output, generated from
//! the clap definition by `clap_complete`, so it never falls behind the commands.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::error::CliError;
use crate::output::print_text;

/// Arguments of `sprague completions`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Prints the completion script.
pub fn run(args: &Args) -> Result<(), CliError> {
    let mut command = crate::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sprague", &mut script);
    print_text(&String::from_utf8_lossy(&script))
}
