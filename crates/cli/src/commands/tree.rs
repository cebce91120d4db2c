//! `sprague tree solve FILE`: backward induction on a perfect-information
//! game tree (JSON or Gambit .efg); `sprague tree repeated-pd`: the finitely
//! repeated prisoner's dilemma, solved and explained.

use std::fmt::Write;

use sprague_repeated::finitely_repeated::{repeated_pd, RepeatedPdRecord};
use sprague_strategic::exact_text::format_rational;
use sprague_strategic::tree_report::{solve_tree_text, TreeSolutionRecord};

use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague tree`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: TreeCommand,
}

#[derive(Debug, clap::Subcommand)]
enum TreeCommand {
    /// Subgame-perfect equilibrium of a tree file by backward induction.
    Solve(SolveArgs),
    /// The prisoner's dilemma repeated N times: why both defect in every round.
    RepeatedPd(RepeatedArgs),
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// The tree: a JSON file or a Gambit .efg file of perfect information.
    file: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Debug, clap::Args)]
struct RepeatedArgs {
    /// The number of rounds.
    #[arg(long, default_value_t = 10)]
    rounds: usize,
    /// Stage payoffs R,S,T,P (exact numbers, e.g. -1,-15,0,-8 for years in prison).
    #[arg(long, default_value = "3,0,5,1", allow_hyphen_values = true)]
    payoffs: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs `sprague tree …`.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        TreeCommand::Solve(a) => solve(a),
        TreeCommand::RepeatedPd(a) => repeated(a),
    }
}

fn solve(args: &SolveArgs) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.file).map_err(|e| CliError::ReadInput {
        path: args.file.clone(),
        message: e.to_string(),
    })?;
    let record = solve_tree_text(&text)?;
    let TreeSolutionRecord {
        path,
        payoffs,
        players,
        strategy,
        unique,
    } = &record;
    match args.format {
        Format::Json => print_json(&record),
        _ => {
            let mut text = String::new();
            let _ = writeln!(
                text,
                "subgame-perfect equilibrium (backward induction){}",
                if *unique {
                    ", unique"
                } else {
                    "; ties, so not unique"
                }
            );
            let _ = writeln!(
                text,
                "path: {}",
                if path.is_empty() {
                    "(root is a leaf)".to_string()
                } else {
                    path.join(" → ")
                }
            );
            for (player, value) in players.iter().zip(payoffs) {
                let _ = writeln!(text, "payoff of {player}: {value}");
            }
            const SHOWN: usize = 50;
            let _ = writeln!(
                text,
                "moves at every decision node{}:",
                if strategy.len() > SHOWN {
                    format!(
                        " (first {SHOWN} of {}; --format json lists all)",
                        strategy.len()
                    )
                } else {
                    String::new()
                }
            );
            for s in strategy.iter().take(SHOWN) {
                let _ = writeln!(
                    text,
                    "  {:30} {} plays {}{}",
                    s.node,
                    s.player,
                    s.chosen,
                    if s.tie { " (tie)" } else { "" }
                );
            }
            print_text(&text)
        }
    }
}

fn repeated(args: &RepeatedArgs) -> Result<(), CliError> {
    let analysis = repeated_pd(&args.payoffs, args.rounds)?;
    match args.format {
        Format::Json => print_json(&RepeatedPdRecord::new(&analysis)),
        _ => {
            let mut text = String::new();
            let _ = writeln!(
                text,
                "prisoner's dilemma repeated {} times, solved backwards from the last round:",
                analysis.rounds
            );
            for step in &analysis.steps {
                let _ = writeln!(text, "  {}", step.reason);
            }
            if analysis.always_defect {
                let _ = writeln!(
                    text,
                    "unique subgame-perfect equilibrium: both defect in every round, {} each (cooperating throughout would give {} each)",
                    format_rational(&analysis.equilibrium_total),
                    format_rational(&analysis.cooperative_total)
                );
            }
            print_text(&text)
        }
    }
}
