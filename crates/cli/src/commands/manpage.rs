//! `sprague manpage [--out-dir DIR]`: the man page of `sprague` in roff,
//! generated from the clap definition by `clap_mangen`. On standard output:
//! the page of `sprague` itself (its commands listed); with `--out-dir`: one
//! page per command (`sprague.1`, `sprague-values.1`, …) written to DIR.

use std::path::PathBuf;

use clap::CommandFactory;

use crate::error::CliError;
use crate::output::print_text;

/// Arguments of `sprague manpage`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write one page per command into this directory instead of printing the main page.
    #[arg(long)]
    pub out_dir: Option<PathBuf>,
}

/// Prints the man page, or writes every page to the directory.
pub fn run(args: &Args) -> Result<(), CliError> {
    let command = crate::Cli::command();
    match &args.out_dir {
        Some(directory) => {
            let failed = |error: std::io::Error| CliError::WriteOutput {
                path: directory.display().to_string(),
                message: error.to_string(),
            };
            std::fs::create_dir_all(directory).map_err(failed)?;
            clap_mangen::generate_to(command, directory).map_err(failed)?;
            // The directory as given, escaped and bounded like an error's echo of input.
            eprintln!(
                "{}",
                sprague_textfile::quote::bounded_message(&format!(
                    "wrote the man pages to {}",
                    directory.display()
                ))
            );
            Ok(())
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            print_text(&String::from_utf8_lossy(&page))
        }
    }
}
