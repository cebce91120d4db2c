//! `sprague plot GAME --to N -o FILE.svg`: the values g(n) against n, rare
//! values highlighted, and (`--kind rare-count`) the number of rare values up
//! to n. Hand-written SVG: two kinds of plot need a few dozen lines, not a
//! plotting library. Each pixel column shows every distinct value of its heaps,
//! so a plot of 10⁶ heaps stays small.

use std::fmt::Write as _;
use std::path::PathBuf;

use sprague_games::{parse_game, GameError};
use sprague_takebreak::RareClass;
use sprague_takebreak::{run as sweep, Config, Control};

use crate::commands::values::parse_heap_bound;
use crate::error::CliError;

/// What to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// g(n) against n; rare values in red.
    Values,
    /// The number of rare values among g(1..n) against n.
    RareCount,
}

/// Arguments of `sprague plot`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A take-and-break game: grundy, kayles, 0.16, hex:0.F, …
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
}

const WIDTH: f64 = 1000.0;
const HEIGHT: f64 = 500.0;
const MARGIN: f64 = 60.0;
const COLUMNS: u64 = 940;

/// Computes the values and writes the plot.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = parse_game(&args.game)?;
    let rule = game.take_break().ok_or_else(|| {
        CliError::Usage(format!(
            "{} is not a take-and-break game; plot draws octal and hexadecimal codes and Grundy's game",
            game.description()
        ))
    })?;
    let config = Config {
        stop_when_proven: false,
        ..Config::up_to(args.to)
    };
    let outcome = sweep(rule, config, None, Control::default()).map_err(GameError::from)?;
    let class = RareClass {
        mask: outcome.stats.rare_mask,
        position: outcome.stats.rare_position,
    };
    let values = outcome.table.to_vec();
    let title = format!("{} — g(n), n = 0..{}", game.title(), args.to);
    let svg = match args.kind {
        Kind::Values => values_svg(&title, &values, class),
        Kind::RareCount => rare_count_svg(&game.title(), &values, class),
    };
    std::fs::write(&args.output, svg)?;
    eprintln!(
        "wrote {} ({} values, largest {}, rare: {class}, {} rare)",
        args.output.display(),
        values.len(),
        outcome.stats.max_value,
        outcome.stats.rare_count
    );
    Ok(())
}

fn frame(svg: &mut String, title: &str, x_max: u64, y_label: &str, y_max: f64) {
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="{}" y="20" text-anchor="middle" font-size="15">{}</text>
<line x1="{MARGIN}" y1="{}" x2="{}" y2="{}" stroke="black"/>
<line x1="{MARGIN}" y1="{}" x2="{MARGIN}" y2="{}" stroke="black"/>
<text x="{}" y="{}" text-anchor="middle">n (0 .. {x_max})</text>
<text x="15" y="{}" transform="rotate(-90 15 {})" text-anchor="middle">{y_label} (0 .. {y_max})</text>
"#,
        WIDTH / 2.0,
        escape(title),
        HEIGHT - MARGIN,
        WIDTH - 10.0,
        HEIGHT - MARGIN,
        HEIGHT - MARGIN,
        30.0,
        WIDTH / 2.0,
        HEIGHT - 20.0,
        HEIGHT / 2.0,
        HEIGHT / 2.0,
    );
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// g(n) against n: one dot per distinct value per pixel column; rare values red.
fn values_svg(title: &str, values: &[u32], class: RareClass) -> String {
    // Values are coloured when rarity depends on the value alone.
    let mask = if class.position.is_none() {
        class.mask
    } else {
        0
    };
    let mut svg = String::new();
    let max = values.iter().copied().max().unwrap_or(0).max(1);
    frame(
        &mut svg,
        title,
        values.len() as u64 - 1,
        "g(n)",
        f64::from(max),
    );
    let plot_width = WIDTH - MARGIN - 10.0;
    let plot_height = HEIGHT - MARGIN - 30.0;
    let columns = COLUMNS.min(values.len() as u64).max(1);
    let per_column = (values.len() as u64).div_ceil(columns) as usize;
    // Which values occur in each pixel column.
    let shown: Vec<Vec<bool>> = values
        .chunks(per_column.max(1))
        .map(|chunk| {
            let mut seen = vec![false; max as usize + 1];
            for &value in chunk {
                seen[value as usize] = true;
            }
            seen
        })
        .collect();
    let column_width = plot_width / columns as f64;
    // One rectangle per run of neighbouring columns showing the same value.
    for value in 0..=max as usize {
        let rare = mask != 0 && class.is_rare(0, value as u32);
        let height = if rare { 2.5 } else { 1.2 };
        let y = HEIGHT - MARGIN - value as f64 * plot_height / f64::from(max) - 1.0;
        let mut column = 0;
        while column < shown.len() {
            if !shown[column][value] {
                column += 1;
                continue;
            }
            let start = column;
            while column < shown.len() && shown[column][value] {
                column += 1;
            }
            let x = MARGIN + start as f64 * column_width;
            let width = ((column - start) as f64 * column_width).max(height);
            let _ = writeln!(
                svg,
                r#"<rect x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{height}" fill="{}"/>"#,
                if rare { "#d62728" } else { "#1f77b4" }
            );
        }
    }
    let _ = writeln!(
        svg,
        r##"<text x="{}" y="45" text-anchor="end" fill="#d62728">{}</text></svg>"##,
        WIDTH - 15.0,
        if class.position.is_none() {
            format!("red: rare values (even parity under mask {mask:#x})")
        } else {
            format!("rare positions ({class}) depend on n, not on the value alone")
        }
    );
    svg
}

/// The number of positions 1..=n with a rare value, against n.
fn rare_count_svg(title: &str, values: &[u32], class: RareClass) -> String {
    let mut svg = String::new();
    let mut counts = Vec::with_capacity(values.len());
    let mut count = 0u64;
    for (index, &value) in values.iter().enumerate() {
        if index > 0 && class.is_some() && class.is_rare(index, value) {
            count += 1;
        }
        counts.push(count);
    }
    let total = count.max(1);
    frame(
        &mut svg,
        &format!("{title} — rare values among g(1..n), {class}"),
        values.len() as u64 - 1,
        "rare count",
        total as f64,
    );
    let plot_width = WIDTH - MARGIN - 10.0;
    let plot_height = HEIGHT - MARGIN - 30.0;
    let columns = COLUMNS.min(values.len() as u64).max(1);
    let per_column = (values.len() as u64).div_ceil(columns) as usize;
    let mut points = String::new();
    for (column, chunk) in counts.chunks(per_column.max(1)).enumerate() {
        let last = chunk.last().copied().unwrap_or(0);
        let x = MARGIN + column as f64 * plot_width / columns as f64;
        let y = HEIGHT - MARGIN - last as f64 * plot_height / total as f64;
        let _ = write!(points, "{x:.1},{y:.1} ");
    }
    let _ = writeln!(
        svg,
        r##"<polyline points="{points}" fill="none" stroke="#d62728" stroke-width="1.5"/></svg>"##
    );
    svg
}
