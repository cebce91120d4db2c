//! `sprague graph GAME POSITION... [--dot] [--max-nodes N]`: the game graph
//! from a position, each position labelled with its value (SG value, P/N/D or
//! W/L/T with remoteness) and winning moves highlighted; Graphviz DOT with
//! `--dot`, a plain list otherwise. Exploration is breadth-first and stops at
//! the node limit (the output then says it is truncated).

use serde::Serialize;
use sprague_games::parse_game;

use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague graph`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. wythoff, chomp, green-hackenbush, digraph:@g.txt, sos.
    pub game: String,
    /// The starting position, in the game's syntax.
    #[arg(allow_negative_numbers = true)]
    pub position: Vec<String>,
    /// Write Graphviz DOT (render with `dot -Tsvg`).
    #[arg(long)]
    pub dot: bool,
    /// The most positions drawn.
    #[arg(long, default_value_t = 200)]
    pub max_nodes: usize,
    /// Output format when not writing DOT.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Serialize)]
struct NodeJson<'a> {
    position: &'a str,
    value: &'a str,
    losing: bool,
}

#[derive(Serialize)]
struct EdgeJson {
    from: usize,
    to: usize,
    winning: bool,
}

/// Builds and prints the graph.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = parse_game(&args.game)?;
    let graph = game.game_graph(&args.position, args.max_nodes)?;
    if args.dot {
        return print_text(&graph.to_dot(&format!(
            "{} from {}",
            game.title(),
            args.position.join(" ")
        )));
    }
    match args.format {
        Format::Json | Format::Csv => print_json(&serde_json::json!({
            "game": game.description(),
            "truncated": graph.truncated,
            "nodes": graph.nodes.iter().map(|n| NodeJson { position: &n.position, value: &n.value, losing: n.losing }).collect::<Vec<_>>(),
            "edges": graph.edges.iter().map(|e| EdgeJson { from: e.from, to: e.to, winning: e.winning }).collect::<Vec<_>>(),
        })),
        Format::Text => {
            let mut text = format!(
                "{}: {} positions, {} moves{}\n",
                game.title(),
                graph.nodes.len(),
                graph.edges.len(),
                if graph.truncated {
                    " (truncated at the node limit)"
                } else {
                    ""
                }
            );
            for (index, node) in graph.nodes.iter().enumerate() {
                let targets: Vec<String> = graph
                    .edges
                    .iter()
                    .filter(|e| e.from == index)
                    .map(|e| format!("{}{}", if e.winning { "*" } else { "" }, e.to))
                    .collect();
                text.push_str(&format!(
                    "  [{index}] {}  ({})  → {}\n",
                    node.position,
                    node.value,
                    if targets.is_empty() {
                        "-".to_string()
                    } else {
                        targets.join(" ")
                    }
                ));
            }
            text.push_str("(* marks a winning move)\n");
            print_text(&text)
        }
    }
}
