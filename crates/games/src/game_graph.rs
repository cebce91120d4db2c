//! A bounded piece of a game graph, for drawing (`sprague graph GAME POSITION --dot`).
//!
//! Nodes are positions labelled with their value (a Sprague–Grundy value, an
//! outcome P/N/D, or W/L/T with remoteness); an edge is a move, marked
//! *winning* when it goes to a position the player who moved wins from.
//! Building stops at a node limit; the graph then says it is truncated.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

use sprague_engine::{Game, GrundySolver};

use crate::error::GameError;

/// A position in a drawn game graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphNode {
    /// The position, as the user would type it.
    pub position: String,
    /// Its value: an SG value, P/N/D, or W/L/T with remoteness.
    pub value: String,
    /// Whether the player to move loses (P or L): drawn highlighted.
    pub losing: bool,
}

/// A move in a drawn game graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphEdge {
    /// Index of the node moved from.
    pub from: usize,
    /// Index of the node moved to.
    pub to: usize,
    /// Whether this is a winning move.
    pub winning: bool,
}

/// A game graph cut at a node limit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameGraph {
    /// The positions, the start first.
    pub nodes: Vec<GraphNode>,
    /// The moves between them.
    pub edges: Vec<GraphEdge>,
    /// Whether positions were left out because of the node limit.
    pub truncated: bool,
}

impl GameGraph {
    /// The graph in Graphviz DOT: losing positions (P/L) boxed, winning moves bold red.
    ///
    /// ```
    /// use sprague_games::game_graph::{GameGraph, GraphEdge, GraphNode};
    /// let graph = GameGraph {
    ///     nodes: vec![
    ///         GraphNode { position: "1".into(), value: "1".into(), losing: false },
    ///         GraphNode { position: "0".into(), value: "0".into(), losing: true },
    ///     ],
    ///     edges: vec![GraphEdge { from: 0, to: 1, winning: true }],
    ///     truncated: false,
    /// };
    /// assert!(graph.to_dot("nim").contains("n0 -> n1 [color=red, penwidth=2]"));
    /// ```
    pub fn to_dot(&self, title: &str) -> String {
        let mut text = format!("digraph \"{}\" {{\n", escape(title));
        text.push_str("  rankdir=TB;\n  node [fontname=\"Helvetica\"];\n");
        if self.truncated {
            text.push_str(&format!(
                "  label=\"{} (truncated at {} positions)\";\n",
                escape(title),
                self.nodes.len()
            ));
        } else {
            text.push_str(&format!("  label=\"{}\";\n", escape(title)));
        }
        for (index, node) in self.nodes.iter().enumerate() {
            let shape = if node.losing { "box" } else { "ellipse" };
            text.push_str(&format!(
                "  n{index} [label=\"{}\\n{}\", shape={shape}{}];\n",
                escape(&node.position),
                escape(&node.value),
                if node.losing { ", style=bold" } else { "" }
            ));
        }
        for edge in &self.edges {
            let style = if edge.winning {
                " [color=red, penwidth=2]"
            } else {
                ""
            };
            text.push_str(&format!("  n{} -> n{}{style};\n", edge.from, edge.to));
        }
        text.push_str("}\n");
        text
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Breadth-first exploration from `start`: `label` gives a node's value
/// (text, losing?) and `options` its moves; an edge is winning when it goes
/// from a non-losing node to a losing one. Stops after `limit` nodes.
///
/// # Errors
/// Whatever `label` or `options` return.
pub fn explore<P: Clone + Eq + Hash>(
    start: P,
    limit: usize,
    mut show: impl FnMut(&P) -> String,
    mut label: impl FnMut(&P) -> Result<(String, bool), GameError>,
    mut options: impl FnMut(&P) -> Result<Vec<P>, GameError>,
) -> Result<GameGraph, GameError> {
    let mut graph = GameGraph::default();
    let mut index: HashMap<P, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    let (value, losing) = label(&start)?;
    graph.nodes.push(GraphNode {
        position: show(&start),
        value,
        losing,
    });
    index.insert(start.clone(), 0);
    queue.push_back(start);
    while let Some(position) = queue.pop_front() {
        let from = index[&position];
        for option in options(&position)? {
            let to = match index.get(&option) {
                Some(&to) => to,
                None => {
                    if graph.nodes.len() >= limit.max(1) {
                        graph.truncated = true;
                        continue;
                    }
                    let (value, losing) = label(&option)?;
                    graph.nodes.push(GraphNode {
                        position: show(&option),
                        value,
                        losing,
                    });
                    let to = graph.nodes.len() - 1;
                    index.insert(option.clone(), to);
                    queue.push_back(option);
                    to
                }
            };
            if !graph.edges.iter().any(|e| e.from == from && e.to == to) {
                graph.edges.push(GraphEdge {
                    from,
                    to,
                    winning: !graph.nodes[from].losing && graph.nodes[to].losing,
                });
            }
        }
    }
    Ok(graph)
}

/// The game graph of a sum of components of a [`Game`], nodes labelled with
/// Sprague–Grundy values.
///
/// # Errors
/// [`GameError::Cycle`] when the game has a cycle.
pub fn sprague_grundy_graph<G: Game>(
    game: &G,
    start: Vec<G::Position>,
    limit: usize,
) -> Result<GameGraph, GameError> {
    let mut solver = GrundySolver::new(game);
    let mut value_of = |position: &Vec<G::Position>| -> Result<u64, GameError> {
        let mut total = 0;
        for component in position {
            total ^= solver.grundy(component)?;
        }
        Ok(total)
    };
    explore(
        start,
        limit,
        |position| {
            let words: Vec<String> = position
                .iter()
                .map(ToString::to_string)
                .filter(|word| !word.is_empty())
                .collect();
            if words.is_empty() {
                "(no move left)".to_string()
            } else {
                words.join(" ")
            }
        },
        |position| {
            let value = value_of(position)?;
            Ok((format!("g = {value}"), value == 0))
        },
        |position| {
            let mut result = Vec::new();
            for (index, component) in position.iter().enumerate() {
                for option in game.options(component) {
                    let mut next = position.clone();
                    next.splice(index..=index, game.components(&option));
                    result.push(next);
                }
            }
            Ok(result)
        },
    )
}
