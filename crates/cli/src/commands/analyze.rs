//! `sprague analyze GAME POSITION...`: the value of each component, the
//! total, the outcome and every winning move.

use serde::Serialize;
use sprague_engine::Analysis;
use sprague_games::parse_game;

use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague analyze`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. nim, kayles, grundy, bash:3 (see `sprague games`).
    pub game: String,
    /// The components of the position, e.g. heap sizes: 3 4 5.
    #[arg(allow_negative_numbers = true)]
    pub position: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Serialize)]
struct ComponentJson<'a> {
    position: &'a str,
    grundy: Option<u64>,
}

#[derive(Serialize)]
struct MoveJson<'a> {
    component: usize,
    from: &'a str,
    #[serde(rename = "move")]
    description: &'a str,
    to: String,
}

#[derive(Serialize)]
struct AnalysisJson<'a> {
    game: &'a str,
    outcome: &'a str,
    grundy: Option<u64>,
    components: Vec<ComponentJson<'a>>,
    winning_moves: Vec<MoveJson<'a>>,
}

/// Analyses the position and prints the answer.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = parse_game(&args.game)?;
    let analysis = game.analyze(&args.position)?;
    match args.format {
        Format::Json | Format::Csv => print_json(&AnalysisJson {
            game: game.description(),
            outcome: analysis.outcome.letter(),
            grundy: Some(analysis.grundy),
            components: analysis
                .components
                .iter()
                .map(|component| ComponentJson {
                    position: &component.position,
                    grundy: Some(component.grundy),
                })
                .collect(),
            winning_moves: analysis
                .winning_moves
                .iter()
                .map(|winning| MoveJson {
                    component: winning.component,
                    from: &winning.from,
                    description: &winning.description,
                    to: winning.result.join(" "),
                })
                .collect(),
        }),
        Format::Text => print_text(&render_text(game.title(), &analysis)),
    }
}

fn render_text(title: &str, analysis: &Analysis<String>) -> String {
    let positions: Vec<&str> = analysis
        .components
        .iter()
        .map(|c| c.position.as_str())
        .collect();
    let mut text = format!("{title}, position {}\n\n", positions.join(" "));
    let width = positions
        .iter()
        .map(|p| p.len())
        .max()
        .unwrap_or(1)
        .max("component".len());
    text.push_str(&format!("  {:<width$}  grundy\n", "component"));
    for component in &analysis.components {
        text.push_str(&format!(
            "  {:<width$}  {}\n",
            component.position, component.grundy
        ));
    }
    let values: Vec<String> = analysis
        .components
        .iter()
        .map(|c| c.grundy.to_string())
        .collect();
    text.push_str(&format!(
        "  {:<width$}  {}{}\n\n",
        "total",
        analysis.grundy,
        if values.len() > 1 {
            format!("  (= {})", values.join(" ⊕ "))
        } else {
            String::new()
        }
    ));
    text.push_str(&format!(
        "Outcome: {} — {}.\n",
        analysis.outcome,
        analysis.outcome.explanation()
    ));
    if analysis.winning_moves.is_empty() {
        text.push_str("No winning move: every move leads to a position of non-zero value.\n");
        return text;
    }
    text.push_str(&format!(
        "Winning moves ({}), each to a position of value 0:\n",
        analysis.winning_moves.len()
    ));
    let width = analysis
        .winning_moves
        .iter()
        .map(|winning| winning.description.chars().count())
        .max()
        .unwrap_or(0);
    for winning in &analysis.winning_moves {
        let pad = width - winning.description.chars().count();
        text.push_str(&format!(
            "  {}{}  →  {}\n",
            winning.description,
            " ".repeat(pad),
            winning.result.join(" ")
        ));
    }
    text
}
