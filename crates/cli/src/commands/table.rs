//! `sprague table wythoff --to N`: the (N+1)×(N+1) table of Sprague–Grundy
//! values g(a, b) of a two-heap game (Wythoff's game), with the P-positions.
//! `sprague table domineering --to 8`: the outcome class of every m×n Domineering board
//! (see `domineering_table`).
//! `sprague table digraph:GRAPH`: every vertex with its (generalized)
//! Sprague–Grundy value γ, ∞(K) included, and its outcome P/N/D.

use sprague_games::parse_game;
use sprague_games::record::{table_record, DigraphTableRecord, TableAnswer, TableRecord};

use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague table`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: `wythoff`, or `digraph:GRAPH` for the γ of every vertex.
    pub game: String,
    /// The largest heap in the table (default 15); for `domineering`, the largest side of
    /// the m×n boards (default 8, at most 11).
    #[arg(long)]
    pub to: Option<u64>,
    /// Domineering: seconds allowed per board; a board out of time is shown as `?`.
    #[arg(long)]
    pub budget: Option<f64>,
    /// Domineering: show progress on stderr (nodes, the board) even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Computes and prints the table.
pub fn run(args: &Args) -> Result<(), CliError> {
    if args.game == "domineering" {
        return super::domineering_table::run(args);
    }
    let to = args.to.unwrap_or(15);
    let record = match table_record(&args.game, to)? {
        TableAnswer::TwoHeap(record) => record,
        TableAnswer::Digraph(record) => return digraph_table(args, &record),
    };
    let TableRecord {
        values,
        p_positions,
        ..
    } = &record;
    match args.format {
        Format::Json => print_json(&record),
        Format::Csv => {
            let mut text = String::from("a,b,grundy\n");
            for (a, row) in values.iter().enumerate() {
                for (b, value) in row.iter().enumerate() {
                    text.push_str(&format!("{a},{b},{value}\n"));
                }
            }
            print_text(&text)
        }
        Format::Text => {
            let width = values
                .iter()
                .flatten()
                .max()
                .map_or(1, |m| m.to_string().len())
                .max(to.to_string().len());
            let mut text = format!(
                "{}: g(a, b) for a, b = 0..{} (rows a, columns b)\n\n",
                parse_game(&args.game)?.title(),
                to
            );
            text.push_str(&format!("{:>width$} |", "a\\b"));
            for b in 0..=to {
                text.push_str(&format!(" {b:>width$}"));
            }
            text.push('\n');
            text.push_str(&format!(
                "{}-+{}\n",
                "-".repeat(width.max(3)),
                "-".repeat((width + 1) * (to as usize + 1))
            ));
            for (a, row) in values.iter().enumerate() {
                text.push_str(&format!("{a:>w$} |", w = width.max(3)));
                for value in row {
                    text.push_str(&format!(" {value:>width$}"));
                }
                text.push('\n');
            }
            let shown: Vec<String> = p_positions
                .iter()
                .filter(|[a, b]| a <= b)
                .map(|[a, b]| format!("({a},{b})"))
                .collect();
            text.push_str(&format!(
                "\nP-positions (g = 0) with a ≤ b: {}\n",
                shown.join(" ")
            ));
            print_text(&text)
        }
    }
}

fn digraph_table(args: &Args, record: &DigraphTableRecord) -> Result<(), CliError> {
    let rows = &record.vertices;
    match args.format {
        Format::Json => print_json(record),
        Format::Csv => {
            let mut text = String::from("vertex,gamma,outcome\n");
            for row in rows {
                text.push_str(&format!(
                    "{},{},{}\n",
                    row.vertex,
                    crate::commands::games::csv_field(&row.gamma),
                    row.outcome
                ));
            }
            print_text(&text)
        }
        Format::Text => {
            use sprague_games::PlayableGame;
            let parameter = args.game.split_once(':').map_or("", |(_, p)| p);
            let game = sprague_games::digraph::DigraphGame::new(parameter)?;
            let width = rows
                .iter()
                .map(|r| r.vertex.chars().count())
                .max()
                .unwrap_or(1)
                .max(6);
            let mut text = format!(
                "{}: generalized Sprague–Grundy function γ\n\n  {:<width$}  {:<12}  outcome\n",
                game.title(),
                "vertex",
                "γ"
            );
            for row in rows {
                text.push_str(&format!(
                    "  {:<width$}  {:<12}  {}\n",
                    row.vertex, row.gamma, row.outcome
                ));
            }
            text.push_str(
                "\nγ = 0: P; finite γ > 0 or ∞(K) with 0 in K: N; other ∞(K): D (draw).\n",
            );
            print_text(&text)
        }
    }
}
