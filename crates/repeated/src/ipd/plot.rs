//! SVG plots of a tournament, written by hand (no plotting dependency): a
//! box plot of each strategy's scores per turn over the repetitions (box from
//! the lower to the upper quartile, line at the median, whiskers to the
//! extremes), and a heat map of the payoff matrix, both in ranking order
//! like the Axelrod library's `boxplot` and `payoff` plots.

use std::fmt::Write;

use super::tournament::TournamentResult;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let position = q * (sorted.len() - 1) as f64;
    let (low, high) = (position.floor() as usize, position.ceil() as usize);
    sorted[low] + (sorted[high] - sorted[low]) * (position - low as f64)
}

/// A colour on a blue–green–yellow scale for t in [0, 1].
fn colour(t: f64) -> String {
    let stops = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let x = t * (stops.len() - 1) as f64;
    let i = (x.floor() as usize).min(stops.len() - 2);
    let f = x - i as f64;
    let mix = |a: f64, b: f64| (a + (b - a) * f).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(stops[i].0, stops[i + 1].0),
        mix(stops[i].1, stops[i + 1].1),
        mix(stops[i].2, stops[i + 1].2)
    )
}

/// The box plot of scores per turn, strategies in ranking order.
pub fn box_plot(result: &TournamentResult) -> String {
    let n = result.ranking.len();
    let (left, top, column, height, bottom) = (60.0, 40.0, 28.0, 360.0, 140.0);
    let width = left + column * n as f64 + 90.0;
    let all: Vec<f64> = result.scores.iter().flatten().copied().collect();
    let low = all.iter().copied().fold(f64::INFINITY, f64::min).min(0.0);
    let high = all
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max)
        .max(low + 1e-9);
    let y = |v: f64| top + height * (1.0 - (v - low) / (high - low));
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{}" font-family="sans-serif" font-size="11">"#,
        top + height + bottom
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="20" text-anchor="middle" font-size="14">Scores per turn over {} repetitions</text>"#,
        width / 2.0,
        result.scores.first().map_or(0, Vec::len)
    );
    for tick in 0..=5 {
        let v = low + (high - low) * tick as f64 / 5.0;
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{v:.2}</text>"##,
            width - 90.0,
            left - 5.0,
            y(v) + 4.0,
            y = y(v)
        );
    }
    for (rank, &i) in result.ranking.iter().enumerate() {
        let mut sorted = result.scores[i].clone();
        sorted.sort_by(f64::total_cmp);
        let x = left + column * (rank as f64 + 0.5);
        let (q1, q2, q3) = (
            quantile(&sorted, 0.25),
            quantile(&sorted, 0.5),
            quantile(&sorted, 0.75),
        );
        let (min, max) = (sorted[0], sorted[sorted.len() - 1]);
        let half = column * 0.35;
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.1}" x2="{x:.1}" y1="{:.1}" y2="{:.1}" stroke="#333"/>"##,
            y(max),
            y(min)
        );
        let _ = writeln!(
            svg,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#7fb3d5" stroke="#333"/>"##,
            x - half,
            y(q3),
            2.0 * half,
            (y(q1) - y(q3)).max(0.5)
        );
        let _ = writeln!(
            svg,
            r##"<line x1="{:.1}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="#c0392b" stroke-width="2"/>"##,
            x - half,
            x + half,
            y(q2),
            y(q2)
        );
        let _ = writeln!(
            svg,
            r#"<text transform="translate({x:.1},{:.1}) rotate(60)">{}</text>"#,
            top + height + 10.0,
            escape(result.players[i].name())
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The heat map of the payoff matrix (mean payoff per turn of row against
/// column), rows and columns in ranking order.
pub fn payoff_heat_map(result: &TournamentResult) -> String {
    let n = result.ranking.len();
    let (margin, cell) = (190.0, 22.0);
    let size = margin + cell * n as f64 + 80.0;
    let values: Vec<f64> = result.payoff_matrix.iter().flatten().copied().collect();
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let scale = |v: f64| {
        if high > low {
            (v - low) / (high - low)
        } else {
            0.5
        }
    };
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="20" text-anchor="middle" font-size="14">Mean payoff per turn (row against column)</text>"#,
        size / 2.0
    );
    for (row, &i) in result.ranking.iter().enumerate() {
        let y = margin + cell * row as f64;
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
            margin - 5.0,
            y + cell * 0.7,
            escape(result.players[i].name())
        );
        for (col, &j) in result.ranking.iter().enumerate() {
            let x = margin + cell * col as f64;
            let v = result.payoff_matrix[i][j];
            let _ = writeln!(
                svg,
                r#"<rect x="{x:.1}" y="{y:.1}" width="{cell}" height="{cell}" fill="{}"><title>{} vs {}: {v:.3}</title></rect>"#,
                colour(scale(v)),
                escape(result.players[i].name()),
                escape(result.players[j].name())
            );
        }
    }
    for (col, &j) in result.ranking.iter().enumerate() {
        let x = margin + cell * (col as f64 + 0.6);
        let _ = writeln!(
            svg,
            r#"<text transform="translate({x:.1},{:.1}) rotate(-60)">{}</text>"#,
            margin - 5.0,
            escape(result.players[j].name())
        );
    }
    let legend_x = margin + cell * n as f64 + 20.0;
    for step in 0..=10 {
        let t = step as f64 / 10.0;
        let y = margin + (1.0 - t) * cell * (n as f64 - 1.0);
        let _ = writeln!(
            svg,
            r#"<rect x="{legend_x:.1}" y="{y:.1}" width="15" height="{cell}" fill="{}"/>"#,
            colour(t)
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}">{high:.2}</text><text x="{:.1}" y="{:.1}">{low:.2}</text>"#,
        legend_x + 18.0,
        margin + 12.0,
        legend_x + 18.0,
        margin + cell * n as f64
    );
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::{tournament, Player};

    #[test]
    fn plots_are_svg_documents() {
        let players: Vec<_> = ["TitForTat", "Defector", "Bully"]
            .iter()
            .map(|n| Player::parse(n).unwrap())
            .collect();
        let result = tournament::run(
            &players,
            &tournament::TournamentConfig {
                repetitions: 3,
                ..Default::default()
            },
        )
        .unwrap();
        for svg in [box_plot(&result), payoff_heat_map(&result)] {
            assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
            assert!(svg.contains("Tit For Tat"));
        }
        assert_eq!(colour(0.0), "#440154");
        assert_eq!(colour(1.0), "#fde725");
    }
}
