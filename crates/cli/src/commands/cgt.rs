//! `sprague cgt EXPR`: the partizan calculator. Reads a short game in CGSuite's
//! syntax (`{1|-1} + ^`, `±1`, `1/2*`, `v3*2`), and prints its canonical form with
//! its facts: outcome class, birthday, stops, mean, temperature, thermograph,
//! atomic weight (all-small games) and reduced canonical form. `--compare H` says
//! how it compares with another game instead; `--svg FILE` draws its thermograph.
//!
//! Everything is computed exactly by `sprague_partizan` (Siegel, *Combinatorial
//! Game Theory*, AMS 2013; Berlekamp–Conway–Guy, *Winning Ways*).

use std::path::PathBuf;

use plotters::prelude::*;
use sprague_partizan::report::{CgtRecord, CompareRecord, WallPoint};
use sprague_partizan::{Dyadic, GameError, GameId, GameStore, Thermograph};

use crate::error::CliError;
use crate::output::{print_json, print_text, Style};

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

/// Computes and prints.
pub fn run(args: &Args) -> Result<(), CliError> {
    let mut store = GameStore::new();
    let g = parse_game(&mut store, &args.expression)?;
    if let Some(path) = &args.svg {
        let th = store.thermograph(g).map_err(computing)?;
        let svg = thermograph_svg(&store.display(g), &th)?;
        std::fs::write(path, svg).map_err(|error| CliError::WriteOutput {
            path: path.display().to_string(),
            message: error.to_string(),
        })?;
    }
    if let Some(other) = &args.compare {
        let h = parse_game(&mut store, other)?;
        let record = CompareRecord::new(&mut store, g, h).map_err(computing)?;
        return match args.format {
            Style::Json => print_json(&record),
            Style::Text => print_text(&compare_text(&record)),
        };
    }
    let record = CgtRecord::new(&mut store, &args.expression, g).map_err(computing)?;
    match args.format {
        Style::Json => print_json(&record),
        Style::Text => print_text(&record.text()),
    }
}

/// A dyadic as a float, for drawing only.
fn float(x: Dyadic) -> f64 {
    x.numerator() as f64 / 2f64.powi(x.exponent() as i32)
}

/// A drawing failure (into a string, so not expected): reported as an output failure.
fn drawing<E: std::error::Error + Send + Sync>(error: DrawingAreaErrorKind<E>) -> CliError {
    CliError::Output(std::io::Error::other(format!(
        "drawing the thermograph: {error}"
    )))
}

/// The thermograph drawn as in Winning Ways: temperature upwards, values with
/// Left's side (larger values) on the left; left wall blue, right wall red, the
/// mast black. The walls start at t = -1.
fn thermograph_svg(title: &str, th: &Thermograph) -> Result<String, CliError> {
    const WIDTH: u32 = 640;
    const HEIGHT: u32 = 480;
    let tau = float(th.temperature());
    let top = tau.max(0.0) + (tau.max(0.0) * 0.3).max(1.0);
    let wall_points = |breaks: Vec<(Dyadic, Dyadic)>| -> Vec<(f64, f64)> {
        let mut points: Vec<(f64, f64)> = breaks
            .into_iter()
            .map(|(t, v)| (-float(v), float(t)))
            .collect();
        if let Some(&(x, _)) = points.last() {
            points.push((x, top));
        }
        points
    };
    let left = wall_points(th.left_wall().breakpoints());
    let right = wall_points(th.right_wall().breakpoints());
    let (lo, hi) = left
        .iter()
        .chain(right.iter())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &(x, _)| {
            (lo.min(x), hi.max(x))
        });
    let pad = ((hi - lo) * 0.1).max(0.5);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let caption: String = if title.chars().count() > 60 {
            format!("{}…", title.chars().take(59).collect::<String>())
        } else {
            title.to_string()
        };
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("Thermograph of {caption}"), ("sans-serif", 18))
            .margin(12)
            .margin_right(30)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d((lo - pad)..(hi + pad), -1.0..top)
            .map_err(drawing)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("value (Left's side on the left)")
            .y_desc("temperature t")
            .x_label_formatter(&|x| format!("{}", if *x == 0.0 { 0.0 } else { -x }))
            .axis_desc_style(("sans-serif", 14))
            .label_style(("sans-serif", 12))
            .draw()
            .map_err(drawing)?;
        chart
            .draw_series(LineSeries::new(
                [(lo - pad, 0.0), (hi + pad, 0.0)],
                RGBColor(200, 200, 200).stroke_width(1),
            ))
            .map_err(drawing)?;
        chart
            .draw_series(LineSeries::new(left, BLUE.stroke_width(2)))
            .map_err(drawing)?
            .label("left wall")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 14, y)], BLUE.stroke_width(2)));
        chart
            .draw_series(LineSeries::new(right, RED.stroke_width(2)))
            .map_err(drawing)?
            .label("right wall")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 14, y)], RED.stroke_width(2)));
        let mast = -float(th.mast());
        chart
            .draw_series(LineSeries::new(
                [(mast, tau.max(-1.0)), (mast, top)],
                BLACK.stroke_width(3),
            ))
            .map_err(drawing)?
            .label(format!("mast {} from t = {}", th.mast(), th.temperature()))
            .legend(|(x, y)| PathElement::new([(x, y), (x + 14, y)], BLACK.stroke_width(3)));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .label_font(("sans-serif", 12))
            .draw()
            .map_err(drawing)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}
