//! `sprague plot GAME --to N -o FILE.svg`: the values g(n) against n of any
//! one-heap game, and (`--kind rare-count`, take-and-break games only) the
//! number of rare values up to n.
//!
//! Take-and-break games (octal, hex, Grundy's game) come from the take-and-break
//! engine, their rare values drawn in red; every other one-heap family of the
//! catalogue (Nim, Lasker's Nim, Bash, subtraction and all-but games, …) from
//! `PlayableGame::values`, its P-positions (g = 0) in another colour.
//!
//! Drawn with the `plotters` crate (SVG backend only, no font files: text is
//! written as SVG `<text>`), the project's kept plotting crate: it gives axes
//! with ticks, labels and a legend that a hand-written SVG would have to
//! reimplement. Each pixel column shows each pixel row of its values once, and
//! runs of neighbouring columns with the same row are one rectangle, so a plot
//! of 10⁶ heaps stays small.

use std::collections::BTreeMap;
use std::path::PathBuf;

use plotters::prelude::*;
use sprague_engine::check_allocation;
use sprague_games::{parse_game, GameError, PlayableGame};
use sprague_takebreak::RareClass;
use sprague_takebreak::{run as sweep, Config, Control};

use crate::commands::values::parse_heap_bound;
use crate::error::CliError;
use crate::progress::Progress;
use sprague_games::playable::check_values_work;

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

const WIDTH: u32 = 1000;
const HEIGHT: u32 = 500;
/// Ordinary values.
const BLUE: RGBColor = RGBColor(0x1f, 0x77, 0xb4);
/// Rare values, the rare count.
const RED: RGBColor = RGBColor(0xd6, 0x27, 0x28);
/// P-positions (g = 0) of games other than take-and-break.
const ORANGE: RGBColor = RGBColor(0xff, 0x7f, 0x0e);

/// Computes the values and writes the plot.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = parse_game(&args.game)?;
    if let Some(rule) = game.take_break() {
        return run_take_break(args, game.as_ref(), rule);
    }
    if args.kind == Kind::RareCount {
        return Err(CliError::Usage(format!(
            "--kind rare-count is for take-and-break games (octal, hex, grundy), not {}; plot its values with --kind values",
            game.description()
        )));
    }
    if game.heap_family().is_none() {
        return Err(CliError::Usage(format!(
            "{} is not a one-heap game; plot draws g(n) of one-heap games such as nim, bash:3, subtraction:1,3,4, kayles or grundy (see `sprague games`)",
            game.description()
        )));
    }
    let to = args.to;
    let bytes = (u128::from(to) + 1) * std::mem::size_of::<u64>() as u128;
    check_allocation(bytes, &format!("plotting g(0..={to})")).map_err(GameError::from)?;
    check_values_work(game.as_ref(), to, args.force)?;
    let bar = Progress::new(args.progress, Some(to.saturating_add(1)), "values");
    let found = game.values_observed(to, &mut |computed| {
        bar.update(computed, None, &String::new);
        std::ops::ControlFlow::Continue(())
    })?;
    bar.finish();
    let values: Vec<u64> = (0..=to)
        .map(|heap| found.get(heap).ok_or(CliError::Incomplete { heap }))
        .collect::<Result<_, _>>()?;
    let title = format!("{} — g(n), n = 0..{to}", game.title());
    let legend = Legend {
        highlight: "P-positions (g = 0)".to_string(),
        colour: ORANGE,
    };
    let svg = values_svg(&title, &values, &legend, |value| value == 0)?;
    write(args, &svg)?;
    let p_positions = values.iter().filter(|&&value| value == 0).count();
    note(&format!(
        "wrote {} ({} values, largest {}, {p_positions} P-positions)",
        args.output.display(),
        values.len(),
        values.iter().max().copied().unwrap_or(0)
    ));
    Ok(())
}

/// Octal, hex and Grundy's game: the take-and-break engine, rare values highlighted.
fn run_take_break(
    args: &Args,
    game: &dyn PlayableGame,
    rule: &sprague_takebreak::TakeBreak,
) -> Result<(), CliError> {
    let config = Config {
        stop_when_proven: false,
        ..Config::up_to(args.to)
    };
    let bar = Progress::new(args.progress, Some(args.to.saturating_add(1)), "values");
    let control = Control {
        tick: Some(Box::new(|progress, _| {
            bar.update(progress.computed, None, &String::new)
        })),
        ..Control::default()
    };
    let outcome = sweep(rule, config, None, control).map_err(GameError::from)?;
    bar.finish();
    let class = RareClass {
        mask: outcome.stats.rare_mask,
        position: outcome.stats.rare_position,
    };
    let values: Vec<u64> = outcome.table.to_vec().into_iter().map(u64::from).collect();
    let svg = match args.kind {
        Kind::Values => {
            let title = format!("{} — g(n), n = 0..{}", game.title(), args.to);
            // Values are coloured when rarity depends on the value alone.
            let mask = if class.position.is_none() {
                class.mask
            } else {
                0
            };
            let legend = Legend {
                highlight: if class.position.is_none() {
                    format!("rare values (even parity under mask {mask:#x})")
                } else {
                    format!("rare positions ({class}) depend on n, not on the value alone")
                },
                colour: RED,
            };
            values_svg(&title, &values, &legend, |value| {
                mask != 0 && u32::try_from(value).is_ok_and(|value| class.is_rare(0, value))
            })?
        }
        Kind::RareCount => rare_count_svg(&game.title(), &values, class)?,
    };
    write(args, &svg)?;
    note(&format!(
        "wrote {} ({} values, largest {}, rare: {class}, {} rare)",
        args.output.display(),
        values.len(),
        outcome.stats.max_value,
        outcome.stats.rare_count
    ));
    Ok(())
}

/// A note on stderr that names the output file as given: escaped and bounded like an
/// error's echo of input.
fn note(text: &str) {
    eprintln!("{}", sprague_textfile::quote::bounded_message(text));
}

fn write(args: &Args, svg: &str) -> Result<(), CliError> {
    std::fs::write(&args.output, svg).map_err(|error| CliError::WriteOutput {
        path: args.output.display().to_string(),
        message: error.to_string(),
    })
}

/// The second legend entry of a values plot: what the highlighted values are.
struct Legend {
    highlight: String,
    colour: RGBColor,
}

/// A drawing failure (into a string, so not expected): reported as an output failure.
fn drawing<E: std::error::Error + Send + Sync>(error: DrawingAreaErrorKind<E>) -> CliError {
    CliError::Output(std::io::Error::other(format!("drawing the plot: {error}")))
}

/// g(n) against n: one mark per pixel row of the values of each pixel column,
/// highlighted (`is_highlighted`) values drawn over the others.
fn values_svg(
    title: &str,
    values: &[u64],
    legend: &Legend,
    is_highlighted: impl Fn(u64) -> bool,
) -> Result<String, CliError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let last = values.len().saturating_sub(1) as u64;
        let max = values.iter().copied().max().unwrap_or(0);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .margin_right(30)
            .x_label_area_size(45)
            .y_label_area_size(60)
            // Each value a band of the y axis, so g = 0 stands clear of the axis.
            .build_cartesian_2d(0..last.max(1), (0..max + 1).into_segmented())
            .map_err(drawing)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("n (heap size)")
            .y_desc("g(n)")
            .axis_desc_style(("sans-serif", 14))
            .label_style(("sans-serif", 12))
            .draw()
            .map_err(drawing)?;
        for (label, colour) in [("g(n)", BLUE), (legend.highlight.as_str(), legend.colour)] {
            chart
                .draw_series(std::iter::empty::<Rectangle<(u64, SegmentValue<u64>)>>())
                .map_err(drawing)?
                .label(label)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 2), (x + 14, y + 2)], colour.filled())
                });
        }
        // Pixel rows shown in each pixel column; a highlighted value is its own mark.
        let mut marks: BTreeMap<i32, Vec<(i32, bool)>> = BTreeMap::new();
        for (heap, &value) in values.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(heap as u64, SegmentValue::CenterOf(value)));
            marks.entry(x).or_default().push((y, is_highlighted(value)));
        }
        let columns: Vec<(i32, Vec<(i32, bool)>)> = marks
            .into_iter()
            .map(|(x, mut column)| {
                column.sort_unstable();
                column.dedup();
                (x, column)
            })
            .collect();
        // Column i covers the pixels half-way to its neighbours.
        let left = |i: usize| match i {
            0 => columns[0].0,
            _ => (columns[i - 1].0 + columns[i].0) / 2,
        };
        let right = |i: usize| match columns.get(i + 1) {
            None => columns[i].0 + 1,
            Some(next) => (columns[i].0 + next.0) / 2,
        };
        // One rectangle per run of neighbouring columns showing the same mark.
        let mut open: BTreeMap<(bool, i32), (usize, usize)> = BTreeMap::new();
        let mut runs: Vec<(bool, i32, usize, usize)> = Vec::new();
        for (index, (_, column)) in columns.iter().enumerate() {
            open.retain(|&(highlighted, y), &mut (start, end)| {
                let continues = column.binary_search(&(y, highlighted)).is_ok();
                if !continues {
                    runs.push((highlighted, y, start, end));
                }
                continues
            });
            for &(y, highlighted) in column {
                open.entry((highlighted, y))
                    .and_modify(|run| run.1 = index)
                    .or_insert((index, index));
            }
        }
        runs.extend(
            open.into_iter()
                .map(|((highlighted, y), (start, end))| (highlighted, y, start, end)),
        );
        // The ordinary marks first, the highlighted ones over them.
        runs.sort_by_key(|&(highlighted, ..)| highlighted);
        let area = chart.plotting_area().strip_coord_spec();
        let (base_x, base_y) = area.get_base_pixel();
        for (highlighted, y, start, end) in runs {
            let (colour, half) = if highlighted {
                (legend.colour, 2)
            } else {
                (BLUE, 1)
            };
            let (x0, x1) = (left(start) - base_x, right(end) - base_x);
            let y = y - base_y;
            area.draw(&Rectangle::new(
                [(x0, y - half), (x1.max(x0 + 1), y + half)],
                colour.filled(),
            ))
            .map_err(drawing)?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 12))
            .draw()
            .map_err(drawing)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

/// The number of positions 1..=n with a rare value, against n (one point per pixel column).
fn rare_count_svg(title: &str, values: &[u64], class: RareClass) -> Result<String, CliError> {
    let mut counts = Vec::with_capacity(values.len());
    let mut count = 0u64;
    for (index, &value) in values.iter().enumerate() {
        let value = u32::try_from(value).unwrap_or(u32::MAX);
        if index > 0 && class.is_some() && class.is_rare(index, value) {
            count += 1;
        }
        counts.push(count);
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let last = counts.len().saturating_sub(1) as u64;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("{title} — rare values among g(1..n), {class}"),
                ("sans-serif", 18),
            )
            .margin(12)
            .margin_right(30)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(0..last.max(1), 0..count.max(1))
            .map_err(drawing)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("n (heap size)")
            .y_desc("rare values among g(1..n)")
            .axis_desc_style(("sans-serif", 14))
            .label_style(("sans-serif", 12))
            .draw()
            .map_err(drawing)?;
        // The count at the last heap of each pixel column.
        let mut points: Vec<(u64, u64)> = Vec::new();
        let mut last_x = None;
        for (heap, &count) in counts.iter().enumerate() {
            let x = chart.backend_coord(&(heap as u64, 0)).0;
            if last_x == Some(x) {
                points.pop();
            }
            points.push((heap as u64, count));
            last_x = Some(x);
        }
        chart
            .draw_series(LineSeries::new(points, RED.stroke_width(2)))
            .map_err(drawing)?
            .label(format!("rare values ({class})"))
            .legend(|(x, y)| PathElement::new([(x, y), (x + 14, y)], RED.stroke_width(2)));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 12))
            .draw()
            .map_err(drawing)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}
