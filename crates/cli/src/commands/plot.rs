//! `sprague plot GAME --to N -o FILE.svg`: the values g(n) against n of any
//! one-heap game, and (`--kind rare-count`, take-and-break games only) the
//! number of rare values up to n. The drawing is the library's
//! (`sprague_games::plot`, also behind `/api/plot` and Python's `sprague.plot`); this
//! module reads the arguments, shows progress and writes the file.

use std::path::PathBuf;

use sprague_games::parse_game;
use sprague_games::plot::{plot, PlotError, PlotKind};

use crate::commands::values::parse_heap_bound;
use crate::error::CliError;
use crate::progress::Progress;

/// What to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// g(n) against n; rare values (take-and-break games) or P-positions (others) highlighted.
    Values,
    /// The number of rare values among g(1..n) against n (take-and-break games).
    RareCount,
}

/// Arguments of `sprague plot`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A one-heap game: grundy, kayles, 0.16, hex:0.F, nim, lasker, bash:3, subtraction:1,3,4, …
    pub game: String,
    /// The largest heap (e.g. 100000 or 2^20).
    #[arg(long, default_value = "10000", value_parser = parse_heap_bound)]
    pub to: u64,
    /// The SVG file to write.
    #[arg(short = 'o', long)]
    pub output: PathBuf,
    /// What to draw.
    #[arg(long, value_enum, default_value_t = Kind::Values)]
    pub kind: Kind,
    /// Compute the values even when the sweep visits more options than its limit (games
    /// other than take-and-break; as `sprague values --force`).
    #[arg(long)]
    pub force: bool,
    /// Show progress on stderr (values computed) even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
}

/// Computes the values and writes the plot.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = parse_game(&args.game)?;
    let kind = match args.kind {
        Kind::Values => PlotKind::Values,
        Kind::RareCount => PlotKind::RareCount,
    };
    let bar = Progress::new(args.progress, Some(args.to.saturating_add(1)), "values");
    let drawn = plot(game.as_ref(), args.to, kind, args.force, &mut |computed| {
        bar.update(computed, None, &String::new);
        std::ops::ControlFlow::Continue(())
    })
    .map_err(|error| match error {
        PlotError::Game(error) => CliError::Game(error),
        PlotError::Incomplete { heap } => CliError::Incomplete { heap },
        PlotError::Stopped => CliError::Stopped,
        PlotError::Drawing(message) => CliError::Output(std::io::Error::other(format!(
            "drawing the plot: {message}"
        ))),
        usage @ (PlotError::NotOneHeap { .. } | PlotError::RareCountNeedsTakeBreak { .. }) => {
            CliError::Usage(usage.to_string())
        }
    })?;
    bar.finish();
    std::fs::write(&args.output, &drawn.svg).map_err(|error| CliError::WriteOutput {
        path: args.output.display().to_string(),
        message: error.to_string(),
    })?;
    let summary = &drawn.summary;
    let what = match (&summary.rare_class, summary.rare, summary.p_positions) {
        (Some(class), Some(rare), _) => format!("rare: {class}, {rare} rare"),
        (_, _, Some(p_positions)) => format!("{p_positions} P-positions"),
        _ => String::new(),
    };
    // A note on stderr that names the output file as given: escaped and bounded like an
    // error's echo of input.
    eprintln!(
        "{}",
        sprague_textfile::quote::bounded_message(&format!(
            "wrote {} ({} values, largest {}, {what})",
            args.output.display(),
            summary.values,
            summary.largest
        ))
    );
    Ok(())
}
