//! `sprague dominance GAME`: iterated elimination of dominated strategies,
//! with the order and the reasons.

use sprague_strategic::dominance::Dominator;
use sprague_strategic::extensive::input::load_extensive;
use sprague_strategic::extensive::reduced::reduced_normal_form;
use sprague_strategic::input::load_game;
use sprague_strategic::report::eliminate_dominated;

use super::games::csv_field;
use super::strategic_text::{header, rat, table};
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague dominance`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A Gambit .nfg file, a CSV or JSON matrix file, a built-in example, or an
    /// extensive game (.efg, kuhn-poker, beer-quiche) taken in its reduced strategic form.
    pub game: String,
    /// Eliminate weakly dominated strategies (the result may depend on the order).
    #[arg(long)]
    pub weak: bool,
    /// Also look for domination by mixed strategies (exact linear programming).
    #[arg(long)]
    pub mixed: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Eliminates dominated strategies and prints the steps.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = match load_extensive(&args.game)? {
        Some(tree) => reduced_normal_form(&tree)?,
        None => load_game(&args.game)?,
    };
    let (result, report) = eliminate_dominated(&game, args.weak, args.mixed);
    let names = game.strategies();
    let word = if args.weak { "weakly" } else { "strictly" };
    let by_text = |player: usize, by: &Dominator| match by {
        Dominator::Pure(t) => names[player][*t].clone(),
        Dominator::Mixed(v) => v
            .iter()
            .map(|(t, p)| format!("{} ({})", names[player][*t], rat(p)))
            .collect::<Vec<_>>()
            .join(" + "),
    };
    match args.format {
        Format::Json => print_json(&serde_json::to_value(report)?),
        // One row per elimination, in order (the strategies never eliminated
        // are those that remain).
        Format::Csv => {
            let mut out = String::from("step,round,player,eliminated,dominance,dominated_by\n");
            for (k, e) in result.steps.iter().enumerate() {
                let fields = [
                    (k + 1).to_string(),
                    e.round.to_string(),
                    game.players()[e.player].clone(),
                    names[e.player][e.strategy].clone(),
                    word.to_string(),
                    by_text(e.player, &e.by),
                ];
                let fields: Vec<String> = fields.iter().map(|field| csv_field(field)).collect();
                out.push_str(&fields.join(","));
                out.push('\n');
            }
            print_text(&out)
        }
        Format::Text => {
            let mut out = header(&game);
            out.push_str(&format!(
                "Iterated elimination of {word} dominated strategies ({}):\n\n",
                if args.mixed {
                    "pure and mixed dominators"
                } else {
                    "pure dominators; add --mixed for mixtures"
                }
            ));
            if result.steps.is_empty() {
                out.push_str("No strategy is dominated.\n");
            } else {
                let mut rows = vec![vec![
                    "Step".to_string(),
                    "Round".into(),
                    "Player".into(),
                    "Eliminated".into(),
                    "Reason".into(),
                ]];
                for (k, e) in result.steps.iter().enumerate() {
                    rows.push(vec![
                        (k + 1).to_string(),
                        e.round.to_string(),
                        game.players()[e.player].clone(),
                        names[e.player][e.strategy].clone(),
                        format!("{word} dominated by {}", by_text(e.player, &e.by)),
                    ]);
                }
                out.push_str(&table(&rows));
            }
            out.push_str("\nRemaining strategies:\n");
            for (i, r) in result.remaining.iter().enumerate() {
                out.push_str(&format!(
                    "  {}: {}\n",
                    game.players()[i],
                    r.iter()
                        .map(|&s| names[i][s].as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            print_text(&out)
        }
    }
}
