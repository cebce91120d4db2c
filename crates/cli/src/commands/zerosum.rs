//! `sprague zerosum GAME`: value and optimal strategies of a zero-sum game.

use sprague_strategic::extensive::input::load_extensive;
use sprague_strategic::extensive::report::solve_extensive_zero_sum;
use sprague_strategic::extensive::ExtensiveGame;
use sprague_strategic::input::load_game;
use sprague_strategic::rational::approximate;
use sprague_strategic::report::solve_zero_sum_game;

use super::extensive_text;
use super::strategic_text::{header, mixed, rat, table};
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague zerosum`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A CSV or JSON file with one matrix (the row player's payoffs), a
    /// constant-sum two-player .nfg or .efg file, or a built-in zero-sum example
    /// (matching-pennies, rock-paper-scissors, kuhn-poker).
    pub game: String,
    /// Run the exact simplex method throughout instead of certifying the basis
    /// proposed by a floating-point simplex method.
    #[arg(long)]
    pub exact_pivoting: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Solves the game and prints the value and strategies.
pub fn run(args: &Args) -> Result<(), CliError> {
    if let Some(tree) = load_extensive(&args.game)? {
        return run_extensive(args, &tree);
    }
    let game = load_game(&args.game)?;
    let (s, report) = solve_zero_sum_game(&game, args.exact_pivoting)?;
    let names = game.strategies();
    match args.format {
        Format::Json => print_json(&serde_json::to_value(report)?),
        Format::Csv => {
            let mut out = String::from("player,strategy,probability\n");
            for (k, p) in s.row_strategy.iter().enumerate() {
                out.push_str(&format!("1,{},{}\n", names[0][k], rat(p)));
            }
            for (k, p) in s.column_strategy.iter().enumerate() {
                out.push_str(&format!("2,{},{}\n", names[1][k], rat(p)));
            }
            out.push_str(&format!("value,,{}\n", rat(&s.value)));
            print_text(&out)
        }
        Format::Text => {
            let mut out = header(&game);
            out.push_str(if args.exact_pivoting {
                "Method: exact simplex method (fraction-free integer pivoting, lexicographic rule)\n\n"
            } else {
                "Method: linear programming, exact (a floating-point simplex proposes the optimal basis,\n        which is solved and certified exactly; exact simplex if the certificate fails)\n\n"
            });
            let rows = vec![
                vec![
                    "Value (to the row player)".to_string(),
                    format!("{}  (≈ {:.6})", rat(&s.value), approximate(&s.value)),
                ],
                vec![
                    format!("Optimal strategy of {}", game.players()[0]),
                    mixed(&names[0], &s.row_strategy),
                ],
                vec![
                    format!("Optimal strategy of {}", game.players()[1]),
                    mixed(&names[1], &s.column_strategy),
                ],
                vec![
                    "Pure maximin (row player's guarantee)".to_string(),
                    format!(
                        "{}  by {}",
                        rat(&s.pure_maximin),
                        s.maximin_rows
                            .iter()
                            .map(|&i| names[0][i].as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ],
                vec![
                    "Pure minimax (column player's cap)".to_string(),
                    format!(
                        "{}  by {}",
                        rat(&s.pure_minimax),
                        s.minimax_columns
                            .iter()
                            .map(|&j| names[1][j].as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ],
                vec![
                    "Saddle points".to_string(),
                    if s.saddle_points.is_empty() {
                        "none (maximin < minimax: mixing is needed)".to_string()
                    } else {
                        s.saddle_points
                            .iter()
                            .map(|&(i, j)| format!("({}, {})", names[0][i], names[1][j]))
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                ],
            ];
            out.push_str(&table(&rows));
            out.push_str(&format!(
                "\nmaximin {} <= value {} <= minimax {}\n",
                rat(&s.pure_maximin),
                rat(&s.value),
                rat(&s.pure_minimax)
            ));
            print_text(&out)
        }
    }
}

/// A two-player zero-sum extensive game: the sequence-form linear programmes.
fn run_extensive(args: &Args, tree: &ExtensiveGame) -> Result<(), CliError> {
    let report = solve_extensive_zero_sum(tree)?;
    match args.format {
        Format::Json => print_json(&serde_json::to_value(&report)?),
        Format::Csv => Err(extensive_text::no_csv()),
        Format::Text => {
            let mut out = extensive_text::header(tree);
            out.push_str(&format!("Method: {}\n\n", report.method));
            out.push_str(&format!(
                "Value (to {}): {}\n\nOptimal behaviour strategies\n",
                tree.players[0], report.value
            ));
            out.push_str(&extensive_text::behaviour(&report.optimal));
            print_text(&out)
        }
    }
}
