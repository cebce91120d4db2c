//! SVG line charts of trajectories, written by hand (no plotting
//! dependency, like the tournament plots of `sprague-repeated`): one line
//! per series over a shared x axis, with a title, labelled and ticked axes
//! and a legend. Used for replicator trajectories (population share against
//! time) and the empirical frequencies of fictitious play (against the round).

use std::fmt::Write;

/// One line of a chart: its name in the legend and its points (x, y).
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The legend's text.
    pub name: String,
    /// The points, in order of x.
    pub points: Vec<(f64, f64)>,
}

/// A chart's texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labels {
    /// The title above the chart.
    pub title: String,
    /// The x axis's label.
    pub x: String,
    /// The y axis's label.
    pub y: String,
}

const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The range of the x values (a unit range when empty or flat).
fn x_range(series: &[Series]) -> (f64, f64) {
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (low, high) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), x| {
        (l.min(x), h.max(x))
    });
    if low.is_finite() && high > low {
        (low, high)
    } else if low.is_finite() {
        (low, low + 1.0)
    } else {
        (0.0, 1.0)
    }
}

/// A tick label: short, without trailing zeros.
fn tick(v: f64) -> String {
    if v.abs() >= 1e5 {
        format!("{v:.2e}")
    } else {
        let text = format!("{v:.3}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// The SVG of a line chart with y from 0 to 1 (shares and frequencies).
///
/// ```
/// use sprague_dynamics::plot::{line_chart, Labels, Series};
/// let svg = line_chart(
///     &Labels { title: "Hawk-dove".into(), x: "time t".into(), y: "share".into() },
///     &[Series { name: "Hawk".into(), points: vec![(0.0, 0.1), (1.0, 0.4)] }],
/// );
/// assert!(svg.starts_with("<svg") && svg.contains("time t") && svg.contains("Hawk"));
/// ```
pub fn line_chart(labels: &Labels, series: &[Series]) -> String {
    let (left, top, width, height) = (70.0, 40.0, 560.0, 340.0);
    let legend_width = 170.0;
    let total_width = left + width + 20.0 + legend_width;
    let total_height = top + height + 60.0;
    let (x_low, x_high) = x_range(series);
    let px = |x: f64| left + width * (x - x_low) / (x_high - x_low);
    let py = |y: f64| top + height * (1.0 - y.clamp(-0.05, 1.05));
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total_width}" height="{total_height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
        left + width / 2.0,
        escape(&labels.title)
    );
    for k in 0..=5 {
        let y = k as f64 / 5.0;
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" x2="{}" y1="{py:.1}" y2="{py:.1}" stroke="#e4e4e4"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
            left + width,
            left - 6.0,
            py(y) + 4.0,
            tick(y),
            py = py(y)
        );
        let x = x_low + (x_high - x_low) * k as f64 / 5.0;
        let _ = writeln!(
            svg,
            r##"<line x1="{px:.1}" x2="{px:.1}" y1="{}" y2="{}" stroke="#333"/><text x="{px:.1}" y="{}" text-anchor="middle">{}</text>"##,
            top + height,
            top + height + 5.0,
            top + height + 19.0,
            tick(x),
            px = px(x)
        );
    }
    let _ = writeln!(
        svg,
        r##"<rect x="{left}" y="{top}" width="{width}" height="{height}" fill="none" stroke="#333"/>"##
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        left + width / 2.0,
        top + height + 42.0,
        escape(&labels.x)
    );
    let _ = writeln!(
        svg,
        r#"<text transform="translate(20,{}) rotate(-90)" text-anchor="middle">{}</text>"#,
        top + height / 2.0,
        escape(&labels.y)
    );
    for (k, s) in series.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let path: Vec<String> = s
            .points
            .iter()
            .map(|&(x, y)| format!("{:.2},{:.2}", px(x), py(y)))
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
            path.join(" ")
        );
        let ly = top + 10.0 + 20.0 * k as f64;
        let lx = left + width + 20.0;
        let _ = writeln!(
            svg,
            r#"<line x1="{lx}" x2="{}" y1="{ly}" y2="{ly}" stroke="{colour}" stroke-width="3"/><text x="{}" y="{}">{}</text>"#,
            lx + 24.0,
            lx + 30.0,
            ly + 4.0,
            escape(&s.name)
        );
    }
    svg.push_str("</svg>\n");
    svg
}
