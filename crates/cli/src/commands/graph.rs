//! `sprague graph GAME POSITION... [--dot | --svg] [--max-nodes N]`: the game
//! graph from a position, each position labelled with its value (SG value,
//! P/N/D or W/L/T with remoteness) and winning moves highlighted; Graphviz DOT
//! with `--dot` (a line on stderr says how to render it), an SVG drawn here
//! with `--svg` (small graphs, see [`crate::graph_svg`]), a plain list
//! otherwise. Exploration is breadth-first and stops at the node limit (the
//! output then says it is truncated).

use sprague_games::parse_game;

use crate::error::CliError;
use crate::graph_svg::{to_svg, MAX_SVG_NODES};
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
    #[arg(long, conflicts_with = "svg")]
    pub dot: bool,
    /// Write an SVG drawing (rows by distance from the start; at most 200 positions).
    #[arg(long)]
    pub svg: bool,
    /// The most positions drawn.
    #[arg(long, default_value_t = 200)]
    pub max_nodes: usize,
    /// Output format when not writing DOT.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub fn run(args: &Args) -> Result<(), CliError> {
    if args.svg && args.max_nodes > MAX_SVG_NODES {
        return Err(CliError::Usage(format!(
            "--svg draws at most {MAX_SVG_NODES} positions, not --max-nodes {}; use --dot and Graphviz for larger graphs",
            args.max_nodes
        )));
    }
    if (args.svg || args.dot) && args.format != Format::Text {
        return Err(CliError::Usage(format!(
            "--format applies to the list of positions, not to {}; leave out --format",
            if args.svg { "--svg" } else { "--dot" }
        )));
    }
    let game = parse_game(&args.game)?;
    let graph = game.game_graph(&args.position, args.max_nodes)?;
    let title = format!("{} from {}", game.title(), args.position.join(" "));
    if args.dot {
        eprintln!(
            "{}",
            sprague_textfile::quote::bounded_message(&format!(
                "render with Graphviz: sprague graph {} {} --dot | dot -Tsvg > graph.svg",
                args.game,
                args.position.join(" ")
            ))
        );
        return print_text(&graph.to_dot(&title));
    }
    if args.svg {
        return print_text(&to_svg(&graph, &title));
    }
    match args.format {
        Format::Csv => Err(CliError::Usage(
            "graph prints text or JSON (--format text or json); CSV has no place for its moves"
                .to_string(),
        )),
        Format::Json => print_json(&sprague_games::record::graph_record_of(
            game.description(),
            &graph,
        )),
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
