//! A small game graph drawn as SVG (`sprague graph GAME POSITION --svg`),
//! without Graphviz.
//!
//! Layered layout: each position sits in the row of its distance (fewest moves)
//! from the start, rows ordered by the mean place of their parents to keep
//! edges short (one barycentre pass). A node is a rounded box with the
//! position and its value; P-positions (the player to move loses) are filled
//! orange; a move is an arrow, a winning move red and thicker. Moves that do
//! not go down a row (within a row, or back up in loopy games) are curves. Hand-written:
//! a layout is domain code, and a plotting crate has no graph layout.

use std::collections::VecDeque;
use std::fmt::Write as _;

use sprague_games::game_graph::GameGraph;

/// The most positions `--svg` draws; larger graphs want Graphviz (`--dot`).
pub const MAX_SVG_NODES: usize = 200;

const ROW_HEIGHT: f64 = 90.0;
const BOX_HEIGHT: f64 = 38.0;
const GAP: f64 = 16.0;
const MARGIN: f64 = 20.0;
const TOP: f64 = 70.0;
const CHAR_WIDTH: f64 = 7.0;

/// Where a node is drawn: its centre and width.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Place {
    x: f64,
    y: f64,
    width: f64,
}

/// The rows of the layout: node indices by distance from the start (node 0);
/// nodes the start cannot reach (none, for explored graphs) go in a last row.
fn rows(graph: &GameGraph) -> Vec<Vec<usize>> {
    let count = graph.nodes.len();
    let mut distance = vec![usize::MAX; count];
    let mut queue = VecDeque::new();
    if count > 0 {
        distance[0] = 0;
        queue.push_back(0);
    }
    let mut children = vec![Vec::new(); count];
    for edge in &graph.edges {
        if edge.from < count && edge.to < count {
            children[edge.from].push(edge.to);
        }
    }
    while let Some(node) = queue.pop_front() {
        for &child in &children[node] {
            if distance[child] == usize::MAX {
                distance[child] = distance[node] + 1;
                queue.push_back(child);
            }
        }
    }
    let deepest = distance
        .iter()
        .filter(|&&d| d != usize::MAX)
        .max()
        .copied()
        .unwrap_or(0);
    let mut rows = vec![Vec::new(); deepest + 1];
    let mut unreached = Vec::new();
    for (node, &d) in distance.iter().enumerate() {
        if d == usize::MAX {
            unreached.push(node);
        } else {
            rows[d].push(node);
        }
    }
    if !unreached.is_empty() {
        rows.push(unreached);
    }
    // Order each row by the mean position of its parents in the row above.
    for row in 1..rows.len() {
        let above = &rows[row - 1];
        let rank = |node: usize| -> f64 {
            let places: Vec<f64> = graph
                .edges
                .iter()
                .filter(|edge| edge.to == node)
                .filter_map(|edge| above.iter().position(|&parent| parent == edge.from))
                .map(|place| place as f64)
                .collect();
            if places.is_empty() {
                f64::MAX
            } else {
                places.iter().sum::<f64>() / places.len() as f64
            }
        };
        let mut ranked: Vec<(f64, usize)> = rows[row].iter().map(|&n| (rank(n), n)).collect();
        ranked.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        rows[row] = ranked.into_iter().map(|(_, node)| node).collect();
    }
    rows
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The graph as a standalone SVG document titled `title`.
///
/// Callers keep the graph within [`MAX_SVG_NODES`] positions (the layout is
/// quadratic in the worst case and a wider picture is unreadable).
pub fn to_svg(graph: &GameGraph, title: &str) -> String {
    let rows = rows(graph);
    let box_width = |node: usize| -> f64 {
        let node = &graph.nodes[node];
        let chars = node
            .position
            .chars()
            .count()
            .max(node.value.chars().count() + 2);
        (chars as f64 * CHAR_WIDTH + 16.0).max(44.0)
    };
    let row_width = |row: &Vec<usize>| -> f64 {
        row.iter().map(|&node| box_width(node)).sum::<f64>()
            + GAP * row.len().saturating_sub(1) as f64
    };
    let title_width = (title.chars().count() as f64 * 8.0).max(430.0);
    let widest = rows.iter().map(row_width).fold(title_width, f64::max);
    // Room on the right for the curves of moves up a row.
    let width = widest + 2.0 * MARGIN + 30.0;
    let height = TOP + rows.len() as f64 * ROW_HEIGHT + MARGIN;
    let mut places = vec![
        Place {
            x: 0.0,
            y: 0.0,
            width: 0.0
        };
        graph.nodes.len()
    ];
    for (depth, row) in rows.iter().enumerate() {
        let mut x = MARGIN + (widest - row_width(row)) / 2.0;
        let y = TOP + depth as f64 * ROW_HEIGHT + BOX_HEIGHT / 2.0;
        for &node in row {
            let w = box_width(node);
            places[node] = Place {
                x: x + w / 2.0,
                y,
                width: w,
            };
            x += w + GAP;
        }
    }
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">
<defs>
<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#777777"/></marker>
<marker id="win" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#d62728"/></marker>
</defs>
<rect width="100%" height="100%" fill="white"/>
<text x="{MARGIN}" y="22" font-size="15">{}</text>
<rect x="{MARGIN}" y="34" width="14" height="12" rx="3" fill="#ffd8a8" stroke="#333333"/>
<text x="{}" y="44">P-position (the player to move loses)</text>
<line x1="{}" y1="40" x2="{}" y2="40" stroke="#d62728" stroke-width="2.5"/>
<text x="{}" y="44">winning move</text>"##,
        escape(&if graph.truncated {
            format!("{title} (truncated at {} positions)", graph.nodes.len())
        } else {
            title.to_string()
        }),
        MARGIN + 20.0,
        MARGIN + 250.0,
        MARGIN + 274.0,
        MARGIN + 280.0,
    );
    // Edges first, winning ones last so they are drawn on top.
    let mut edges: Vec<_> = graph
        .edges
        .iter()
        .filter(|edge| edge.from < places.len() && edge.to < places.len())
        .collect();
    edges.sort_by_key(|edge| edge.winning);
    for edge in edges {
        let (from, to) = (places[edge.from], places[edge.to]);
        let (stroke, marker, stroke_width) = if edge.winning {
            ("#d62728", "win", 2.5)
        } else {
            ("#777777", "arrow", 1.0)
        };
        let path = if to.y > from.y {
            format!(
                "M{:.1},{:.1} L{:.1},{:.1}",
                from.x,
                from.y + BOX_HEIGHT / 2.0,
                to.x,
                to.y - BOX_HEIGHT / 2.0
            )
        } else if to.y == from.y && edge.from != edge.to {
            // A move within a row: a curve below the row.
            let below = from.y + BOX_HEIGHT / 2.0;
            format!(
                "M{:.1},{below:.1} Q{:.1},{:.1} {:.1},{below:.1}",
                from.x,
                (from.x + to.x) / 2.0,
                below + 32.0,
                to.x
            )
        } else {
            // A move up a row (or to itself, in loopy games): a curve out of the right side.
            let (x1, x2) = (from.x + from.width / 2.0, to.x + to.width / 2.0);
            let bend = x1.max(x2) + 40.0;
            let lift = if edge.from == edge.to { 30.0 } else { 0.0 };
            format!(
                "M{x1:.1},{:.1} Q{bend:.1},{:.1} {x2:.1},{:.1}",
                from.y,
                (from.y + to.y) / 2.0 - lift,
                to.y + lift / 5.0
            )
        };
        let _ = writeln!(
            svg,
            r#"<path d="{path}" fill="none" stroke="{stroke}" stroke-width="{stroke_width}" marker-end="url(#{marker})"/>"#
        );
    }
    for (node, place) in graph.nodes.iter().zip(&places) {
        let (fill, stroke_width) = if node.losing {
            ("#ffd8a8", 2.0)
        } else {
            ("#ffffff", 1.0)
        };
        let _ = writeln!(
            svg,
            r##"<g><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{BOX_HEIGHT}" rx="9" fill="{fill}" stroke="#333333" stroke-width="{stroke_width}"/><text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="11" fill="#555555">{}</text></g>"##,
            place.x - place.width / 2.0,
            place.y - BOX_HEIGHT / 2.0,
            place.width,
            place.x,
            place.y - 3.0,
            escape(&node.position),
            place.x,
            place.y + 12.0,
            escape(&node.value),
        );
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_games::game_graph::{GraphEdge, GraphNode};

    fn node(position: &str, value: &str, losing: bool) -> GraphNode {
        GraphNode {
            position: position.into(),
            value: value.into(),
            losing,
        }
    }

    /// Nim heap 2: 2 → 1, 2 → 0, 1 → 0.
    fn heap_of_two() -> GameGraph {
        GameGraph {
            nodes: vec![
                node("2", "2", false),
                node("1", "1", false),
                node("0", "0", true),
            ],
            edges: vec![
                GraphEdge {
                    from: 0,
                    to: 1,
                    winning: false,
                },
                GraphEdge {
                    from: 0,
                    to: 2,
                    winning: true,
                },
                GraphEdge {
                    from: 1,
                    to: 2,
                    winning: true,
                },
            ],
            truncated: false,
        }
    }

    #[test]
    fn rows_are_distances_from_the_start() {
        assert_eq!(rows(&heap_of_two()), vec![vec![0], vec![1, 2]]);
    }

    #[test]
    fn svg_has_every_node_and_edge() {
        let svg = to_svg(&heap_of_two(), "Nim <2>");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("Nim &lt;2&gt;"));
        assert_eq!(svg.matches("<g><rect").count(), 3);
        assert_eq!(svg.matches("marker-end=").count(), 3);
        assert_eq!(svg.matches("url(#win)").count(), 2);
        assert_eq!(
            svg.matches("fill=\"#ffd8a8\" stroke=\"#333333\" stroke-width=\"2\"")
                .count(),
            1
        );
    }

    #[test]
    fn a_cycle_is_a_curve() {
        let graph = GameGraph {
            nodes: vec![node("a", "∞", false), node("b", "∞", false)],
            edges: vec![
                GraphEdge {
                    from: 0,
                    to: 1,
                    winning: false,
                },
                GraphEdge {
                    from: 1,
                    to: 0,
                    winning: false,
                },
            ],
            truncated: false,
        };
        let svg = to_svg(&graph, "loop");
        assert_eq!(svg.matches(" Q").count(), 1);
    }
}
