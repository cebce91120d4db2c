//! Plots of value sequences: g(n) against n of any one-heap game, and the number of rare
//! values up to n of a take-and-break game, as SVG text — the one drawing behind
//! `sprague plot`, the web API's `/api/plot` and Python's `sprague.plot`.
//!
//! Take-and-break games (octal, hex, Grundy's game) come from the take-and-break engine, their
//! rare values (Gangolli–Plambeck's rare/common split, as the sweep chooses it) drawn in red;
//! every other one-heap family (Nim, Lasker's Nim, Bash, subtraction and all-but games, …)
//! from [`PlayableGame::values_observed`], its P-positions (g = 0) in another colour.
//!
//! Drawn with the `plotters` crate (SVG backend only, no font files: text is written as SVG
//! `<text>`), the project's kept plotting crate: it gives axes with ticks, labels and a legend
//! that a hand-written SVG would have to reimplement. Each pixel column shows each pixel row of
//! its values once, and runs of neighbouring columns with the same row are one rectangle, so a
//! plot of 10⁶ heaps stays small.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use plotters::prelude::*;
use serde::Serialize;
use sprague_engine::check_allocation;
use sprague_takebreak::{run as sweep, Config, Control, RareClass, Status};
use thiserror::Error;

use crate::error::GameError;
use crate::playable::{check_values_work, PlayableGame};

/// What to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlotKind {
    /// g(n) against n; rare values (take-and-break games) or P-positions (others) highlighted.
    Values,
    /// The number of rare values among g(1..n) against n (take-and-break games).
    RareCount,
}

impl PlotKind {
    /// The kind named `values` or `rare-count`.
    ///
    /// ```
    /// use sprague_games::plot::PlotKind;
    /// assert_eq!(PlotKind::parse("rare-count"), Some(PlotKind::RareCount));
    /// assert_eq!(PlotKind::parse("pie"), None);
    /// ```
    pub fn parse(name: &str) -> Option<PlotKind> {
        match name.trim() {
            "values" => Some(PlotKind::Values),
            "rare-count" => Some(PlotKind::RareCount),
            _ => None,
        }
    }
}

/// Why a plot was not drawn.
#[derive(Debug, Error)]
pub enum PlotError {
    /// The game's values could not be computed (or were refused as too much work).
    #[error(transparent)]
    Game(#[from] GameError),
    /// A game that is not played on single heaps.
    #[error("{game} is not a one-heap game; a plot draws g(n) of one-heap games such as nim, bash:3, subtraction:1,3,4, kayles or grundy (see `sprague games`)")]
    NotOneHeap {
        /// The game's description.
        game: String,
    },
    /// A rare-count plot of a game that is not take-and-break.
    #[error("a rare-count plot is for take-and-break games (octal, hex, grundy), not {game}; plot its values instead")]
    RareCountNeedsTakeBreak {
        /// The game's description.
        game: String,
    },
    /// A value beyond what the computation reached.
    #[error("g({heap}) could not be computed: no period was proven and the table stops before it")]
    Incomplete {
        /// The first heap without a value.
        heap: u64,
    },
    /// The observer asked to stop (Ctrl-C, a time budget).
    #[error("stopped before the plot was drawn")]
    Stopped,
    /// The drawing library failed (not expected: it draws into a string).
    #[error("drawing the plot: {0}")]
    Drawing(String),
}

/// What a plot shows, in numbers (the JSON of `/api/plot` and Python's `sprague.plot`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlotSummary {
    /// The game's description.
    pub game: String,
    /// The title drawn above the chart.
    pub title: String,
    /// What was drawn.
    pub kind: PlotKind,
    /// How many values g(0..=to).
    pub values: u64,
    /// The largest value.
    pub largest: u64,
    /// P-positions (g = 0) among them, for games other than take-and-break.
    pub p_positions: Option<u64>,
    /// The rare class of a take-and-break game (as `sprague values` prints it).
    pub rare_class: Option<String>,
    /// How many of the values are rare (take-and-break games).
    pub rare: Option<u64>,
}

/// A drawn plot: the SVG text and what it shows.
#[derive(Debug, Clone)]
pub struct Plot {
    /// The SVG document.
    pub svg: String,
    /// What it shows.
    pub summary: PlotSummary,
}

const WIDTH: u32 = 1000;
const HEIGHT: u32 = 500;
/// Ordinary values.
const BLUE: RGBColor = RGBColor(0x1f, 0x77, 0xb4);
/// Rare values, the rare count.
const RED: RGBColor = RGBColor(0xd6, 0x27, 0x28);
/// P-positions (g = 0) of games other than take-and-break.
const ORANGE: RGBColor = RGBColor(0xff, 0x7f, 0x0e);

/// Computes g(0..=to) of `game` and draws `kind`. `observe` hears how many values are done
/// and may stop the work (`ControlFlow::Break`: [`PlotError::Stopped`]); `force` runs a
/// sweep beyond the work limit of `sprague values`.
///
/// # Errors
/// [`PlotError`]: a game that is not a one-heap game, a rare count of a game that is not
/// take-and-break, too much work or memory, a stop.
///
/// ```
/// use sprague_games::parse_game;
/// use sprague_games::plot::{plot, PlotKind};
/// let game = parse_game("subtraction:1,3,4").unwrap();
/// let drawn = plot(game.as_ref(), 100, PlotKind::Values, false, &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
/// assert!(drawn.svg.starts_with("<svg"));
/// // Subtract 1, 3 or 4: P-positions n ≡ 0, 2 (mod 7), 15 + 15 of them in 0..=100.
/// assert_eq!(drawn.summary.p_positions, Some(30));
/// ```
pub fn plot(
    game: &dyn PlayableGame,
    to: u64,
    kind: PlotKind,
    force: bool,
    observe: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Result<Plot, PlotError> {
    if let Some(rule) = game.take_break() {
        return plot_take_break(game, rule, to, kind, observe);
    }
    if kind == PlotKind::RareCount {
        return Err(PlotError::RareCountNeedsTakeBreak {
            game: game.description(),
        });
    }
    if game.heap_family().is_none() {
        return Err(PlotError::NotOneHeap {
            game: game.description(),
        });
    }
    let bytes = (u128::from(to) + 1) * std::mem::size_of::<u64>() as u128;
    check_allocation(bytes, &format!("plotting g(0..={to})")).map_err(GameError::from)?;
    check_values_work(game, to, force)?;
    let mut stopped = false;
    let found = game.values_observed(to, &mut |computed| {
        let flow = observe(computed);
        stopped |= flow.is_break();
        flow
    });
    if stopped {
        return Err(PlotError::Stopped);
    }
    let found = found?;
    let values: Vec<u64> = (0..=to)
        .map(|heap| found.get(heap).ok_or(PlotError::Incomplete { heap }))
        .collect::<Result<_, _>>()?;
    let title = format!("{} — g(n), n = 0..{to}", game.title());
    let legend = Legend {
        highlight: "P-positions (g = 0)".to_string(),
        colour: ORANGE,
    };
    let svg = values_svg(&title, &values, &legend, |value| value == 0)?;
    let p_positions = values.iter().filter(|&&value| value == 0).count() as u64;
    Ok(Plot {
        svg,
        summary: PlotSummary {
            game: game.description(),
            title,
            kind,
            values: values.len() as u64,
            largest: values.iter().max().copied().unwrap_or(0),
            p_positions: Some(p_positions),
            rare_class: None,
            rare: None,
        },
    })
}

/// Octal, hex and Grundy's game: the take-and-break engine, rare values highlighted.
fn plot_take_break(
    game: &dyn PlayableGame,
    rule: &sprague_takebreak::TakeBreak,
    to: u64,
    kind: PlotKind,
    observe: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Result<Plot, PlotError> {
    let config = Config {
        stop_when_proven: false,
        ..Config::up_to(to)
    };
    let stop = AtomicBool::new(false);
    let control = Control {
        stop: Some(&stop),
        tick: Some(Box::new(|progress, _| {
            if observe(progress.computed).is_break() {
                stop.store(true, Ordering::Relaxed);
            }
        })),
        ..Control::default()
    };
    let outcome = sweep(rule, config, None, control).map_err(GameError::from)?;
    if outcome.status == Status::Interrupted {
        return Err(PlotError::Stopped);
    }
    let class = RareClass {
        mask: outcome.stats.rare_mask,
        position: outcome.stats.rare_position,
    };
    let values: Vec<u64> = outcome.table.to_vec().into_iter().map(u64::from).collect();
    if (values.len() as u64) <= to {
        return Err(PlotError::Incomplete {
            heap: values.len() as u64,
        });
    }
    let (title, svg) = match kind {
        PlotKind::Values => {
            let title = format!("{} — g(n), n = 0..{to}", game.title());
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
            let svg = values_svg(&title, &values, &legend, |value| {
                mask != 0 && u32::try_from(value).is_ok_and(|value| class.is_rare(0, value))
            })?;
            (title, svg)
        }
        PlotKind::RareCount => {
            let title = format!("{} — rare values among g(1..n), {class}", game.title());
            (title, rare_count_svg(&game.title(), &values, class)?)
        }
    };
    Ok(Plot {
        svg,
        summary: PlotSummary {
            game: game.description(),
            title,
            kind,
            values: values.len() as u64,
            largest: u64::from(outcome.stats.max_value),
            p_positions: None,
            rare_class: Some(class.to_string()),
            rare: Some(outcome.stats.rare_count),
        },
    })
}

/// The second legend entry of a values plot: what the highlighted values are.
struct Legend {
    highlight: String,
    colour: RGBColor,
}

/// A drawing failure (into a string, so not expected).
fn drawing<E: std::error::Error + Send + Sync>(error: DrawingAreaErrorKind<E>) -> PlotError {
    PlotError::Drawing(error.to_string())
}

/// g(n) against n: one mark per pixel row of the values of each pixel column,
/// highlighted (`is_highlighted`) values drawn over the others.
fn values_svg(
    title: &str,
    values: &[u64],
    legend: &Legend,
    is_highlighted: impl Fn(u64) -> bool,
) -> Result<String, PlotError> {
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
fn rare_count_svg(title: &str, values: &[u64], class: RareClass) -> Result<String, PlotError> {
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
