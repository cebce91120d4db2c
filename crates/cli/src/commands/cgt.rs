//! `sprague cgt EXPR`: the partizan calculator. Reads a short game in CGSuite's
//! syntax (`{1|-1} + ^`, `±1`, `1/2*`, `v3*2`), and prints its canonical form with
//! its facts: outcome class, birthday, stops, mean, temperature, thermograph,
//! atomic weight (all-small games) and reduced canonical form. `--compare H` says
//! how it compares with another game instead; `--svg FILE` draws its thermograph.
//!
//! Everything is computed exactly by `sprague_partizan` (Siegel, *Combinatorial
//! Game Theory*, AMS 2013; Berlekamp–Conway–Guy, *Winning Ways*).

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Arc;
use std::time::Duration;

use sprague_partizan::report::{CgtRecord, CompareRecord, WallPoint};
use sprague_partizan::svg::thermograph_svg;
use sprague_partizan::{GameError, GameId, GameStore};

use crate::error::CliError;
use crate::output::{print_json, print_text, Style};
use crate::progress::Progress;

/// Arguments of `sprague cgt`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game in CGSuite's syntax, e.g. "{1|-1} + ^", "{0|*}", "^^*", "±2", "1/2 - {3|1}".
    #[arg(allow_hyphen_values = true)]
    pub expression: String,
    /// Compare with this game instead: prints whether EXPR is >, <, = or ‖ (confused with) it.
    #[arg(long, value_name = "GAME", allow_hyphen_values = true)]
    pub compare: Option<String>,
    /// Also write the thermograph as an SVG picture to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Style::Text)]
    pub format: Style,
    /// Show progress (the games built so far) on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
}

/// Reads a game, with the text quoted in the error.
pub fn parse_game(store: &mut GameStore, text: &str) -> Result<GameId, CliError> {
    store.parse(text).map_err(|error| {
        CliError::Usage(format!(
            "'{}' is not a game: {}",
            sprague_textfile::quote::quoted(text),
            sentence(&error)
        ))
    })
}

/// A library error as the tail of one sentence (no trailing period).
pub fn sentence(error: &GameError) -> String {
    error.to_string().trim_end_matches('.').to_string()
}

/// A library error met while computing (not while reading) a game.
pub fn computing(error: GameError) -> CliError {
    CliError::Usage(format!(
        "the game is beyond what can be computed exactly: {}",
        sentence(&error)
    ))
}

/// `sprague cgt`'s text: the library's record (`sprague_partizan::report`) as rows.
trait CgtText {
    fn text(&self) -> String;
}

impl CgtText for CgtRecord {
    fn text(&self) -> String {
        let points = |wall: &[WallPoint]| {
            wall.iter()
                .map(|p| format!("({}, {})", p.t, p.value))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let atomic = match (&self.atomic_weight, &self.atomic_weight_reason) {
            (Some(w), _) => w.clone(),
            (None, Some(reason)) => format!("none: {reason}"),
            (None, None) => "none".to_string(),
        };
        let rows = [
            ("canonical form", self.canonical_form.clone()),
            (
                "outcome",
                format!("{} — {}", self.outcome, self.outcome_explanation),
            ),
            ("birthday", self.birthday.to_string()),
            ("left stop", self.left_stop.clone()),
            ("right stop", self.right_stop.clone()),
            ("mean", self.mean.clone()),
            ("temperature", self.temperature.clone()),
            (
                "thermograph",
                format!(
                    "mast at {} from t = {}",
                    self.thermograph.mast.value, self.thermograph.mast.from_temperature
                ),
            ),
            (
                "  left wall",
                format!("(t, value) {}", points(&self.thermograph.left_wall)),
            ),
            (
                "  right wall",
                format!("(t, value) {}", points(&self.thermograph.right_wall)),
            ),
            ("atomic weight", atomic),
            ("reduced form", self.reduced_canonical_form.clone()),
        ];
        let mut text = format!("G = {}\n\n", self.expression.trim());
        for (label, value) in rows {
            text.push_str(&format!("  {label:<16}{value}\n"));
        }
        text
    }
}

fn compare_text(record: &CompareRecord) -> String {
    let why = match record.relation.as_str() {
        ">" => "G − H > 0: Left wins G − H whoever moves first",
        "<" => "G − H < 0: Right wins G − H whoever moves first",
        "=" => "G − H = 0: the second player wins G − H",
        _ => "G − H ‖ 0: the first player wins G − H, so neither G ≥ H nor G ≤ H",
    };
    format!(
        "{} {} {}\n\n  G − H = {}\n  {why}.\n",
        record.game, record.relation, record.other, record.difference
    )
}

/// Computes and prints, with the games built so far shown as progress (a spinner on a
/// terminal, a line a second with `--progress`) while the work lasts.
pub fn run(args: &Args) -> Result<(), CliError> {
    let mut store = GameStore::new();
    let built = Arc::new(AtomicUsize::new(0));
    store.count_games(Arc::clone(&built));
    let bar = Progress::new(args.progress, None, "games");
    // The display thread ends as soon as the answer is there (the sender is dropped).
    let (finished, wait) = std::sync::mpsc::channel::<()>();
    let answered = std::thread::scope(|scope| {
        let (bar, built) = (&bar, &built);
        scope.spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_millis(100))
            {
                bar.update(built.load(Ordering::Relaxed) as u64, None, &String::new);
            }
        });
        let answered = compute(args, &mut store);
        drop(finished);
        answered
    });
    bar.finish();
    answered
}

/// The answer of [`run`].
fn compute(args: &Args, store: &mut GameStore) -> Result<(), CliError> {
    let g = parse_game(store, &args.expression)?;
    if let Some(path) = &args.svg {
        let th = store.thermograph(g).map_err(computing)?;
        let svg = thermograph_svg(&store.display(g), &th)
            .map_err(|error| CliError::Output(std::io::Error::other(error.to_string())))?;
        std::fs::write(path, svg).map_err(|error| CliError::WriteOutput {
            path: path.display().to_string(),
            message: error.to_string(),
        })?;
    }
    if let Some(other) = &args.compare {
        let h = parse_game(store, other)?;
        let record = CompareRecord::new(store, g, h).map_err(computing)?;
        return match args.format {
            Style::Json => print_json(&record),
            Style::Text => print_text(&compare_text(&record)),
        };
    }
    let record = CgtRecord::new(store, &args.expression, g).map_err(computing)?;
    match args.format {
        Style::Json => print_json(&record),
        Style::Text => print_text(&record.text()),
    }
}
