//! Thermographs drawn as SVG pictures (the `svg` feature): the one drawing that
//! `sprague cgt --svg` writes and Python's `partizan.Game.thermograph_svg` (a
//! notebook's `_repr_svg_`) shows.
//!
//! The picture follows *Winning Ways* (ch. 6) and Siegel, *Combinatorial Game
//! Theory*, §II.5: temperature upwards, values with Left's side (larger values)
//! on the left, the left wall blue, the right wall red, the mast black from the
//! temperature up. The walls are drawn from their exact breakpoints
//! ([`Trajectory::breakpoints`](crate::Trajectory::breakpoints)) from `t = −1`;
//! only the drawing turns the dyadic coordinates into floats.

use crate::dyadic::Dyadic;
use crate::thermograph::Thermograph;
use plotters::prelude::*;
use thiserror::Error;

/// The picture's width and height in pixels.
pub const SIZE: (u32, u32) = (640, 480);

/// The SVG backend failed to draw (it writes into a string, so this is not expected).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("drawing the thermograph: {0}")]
pub struct DrawingError(String);

fn drawing<E: std::error::Error + Send + Sync>(error: DrawingAreaErrorKind<E>) -> DrawingError {
    DrawingError(error.to_string())
}

/// A dyadic as a float, for drawing only.
fn float(x: Dyadic) -> f64 {
    x.numerator() as f64 / 2f64.powi(x.exponent() as i32)
}

/// The thermograph `th` of the game written `title`, as an SVG document: the left
/// wall (blue, legend "left wall"), the right wall (red, "right wall") and the mast
/// (black, "mast M from t = T"). Titles longer than 60 characters are shortened.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::svg::thermograph_svg;
/// let mut store = GameStore::new();
/// let g = store.parse("{2|1}").unwrap();
/// let th = store.thermograph(g).unwrap();
/// let svg = thermograph_svg("{2|1}", &th).unwrap();
/// assert!(svg.starts_with("<svg") && svg.contains("mast 3/2 from t = 1/2"));
/// ```
pub fn thermograph_svg(title: &str, th: &Thermograph) -> Result<String, DrawingError> {
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
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameStore;

    #[test]
    fn the_walls_and_the_mast_are_drawn() {
        let mut store = GameStore::new();
        let g = store.parse("{2|-1}").unwrap();
        let th = store.thermograph(g).unwrap();
        let svg = thermograph_svg("{2|-1}", &th).unwrap();
        // Two walls and the mast as polylines in their colours; {2|-1}: mast 1/2 from t = 3/2.
        assert!(svg.contains("#0000FF") && svg.contains("#FF0000"), "{svg}");
        assert!(svg.contains("mast 1/2 from t = 3/2"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn long_titles_are_shortened() {
        let mut store = GameStore::new();
        let g = store.parse("3/4").unwrap();
        let th = store.thermograph(g).unwrap();
        let svg = thermograph_svg(&"x".repeat(100), &th).unwrap();
        assert!(svg.contains(&format!("{}…", "x".repeat(59))));
    }
}
