//! `sprague tree solve FILE`: backward induction on a perfect-information
//! game tree (JSON or Gambit .efg); `sprague tree repeated-pd`: the finitely
//! repeated prisoner's dilemma, solved and explained.

use std::fmt::Write;

use sprague_repeated::finitely_repeated::{repeated_pd, RepeatedPdRecord};
use sprague_strategic::exact_text::format_rational;
use sprague_strategic::extensive::efg::write_efg;
use sprague_strategic::extensive::input::load_extensive;
use sprague_strategic::extensive::report::{describe_game, solve_subgame_perfect};
use sprague_strategic::extensive::ExtensiveGame;
use sprague_strategic::tree_report::{solve_tree_text, TreeSolutionRecord};

use super::extensive_text;
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
    /// Subgame-perfect equilibrium of any extensive game (.efg, JSON, kuhn-poker,
    /// beer-quiche): the subgames solved bottom up, the profile checked in each.
    Spe(ExtensiveArgs),
    /// What an extensive game is: size, perfect information and recall, zero-sum,
    /// sequences, reduced strategies, subgames.
    Info(ExtensiveArgs),
    /// Writes an extensive game (a built-in one, JSON or .efg) in Gambit's .efg format.
    Efg(EfgArgs),
}

#[derive(Debug, clap::Args)]
struct EfgArgs {
    /// The game: a Gambit .efg file, the JSON form of an extensive game, or a
    /// built-in game (kuhn-poker, beer-quiche).
    file: String,
}

#[derive(Debug, clap::Args)]
struct ExtensiveArgs {
    /// The game: a Gambit .efg file, the JSON form of an extensive game, or a
    /// built-in game (kuhn-poker, beer-quiche).
    file: String,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
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
        TreeCommand::Spe(a) => spe(a),
        TreeCommand::Info(a) => info(a),
        TreeCommand::Efg(a) => {
            let game = load(&ExtensiveArgs {
                file: a.file.clone(),
                format: Format::Text,
            })?;
            print_text(&write_efg(&game))
        }
    }
}

fn load(args: &ExtensiveArgs) -> Result<ExtensiveGame, CliError> {
    if args.format == Format::Csv {
        return Err(extensive_text::no_csv());
    }
    load_extensive(&args.file)?.ok_or_else(|| {
        CliError::Usage(format!(
            "{:?} is not an extensive game; give a .efg file, a .json extensive game or one of kuhn-poker, beer-quiche",
            args.file
        ))
    })
}

fn spe(args: &ExtensiveArgs) -> Result<(), CliError> {
    let game = load(args)?;
    let report = solve_subgame_perfect(&game)?;
    if args.format == Format::Json {
        return print_json(&serde_json::to_value(&report)?);
    }
    let mut text = extensive_text::header(&game);
    let _ = writeln!(
        text,
        "Subgames: {} (solved from the deepest up)",
        report.subgames.len()
    );
    const SHOWN: usize = 20;
    for s in report.subgames.iter().take(SHOWN) {
        let _ = writeln!(text, "  at node {}: {}", s.root_node, s.method);
    }
    if report.subgames.len() > SHOWN {
        let _ = writeln!(
            text,
            "  … {} more (--format json lists all)",
            report.subgames.len() - SHOWN
        );
    }
    let _ = writeln!(text, "\nSubgame-perfect equilibrium");
    text.push_str(&extensive_text::behaviour(&report.equilibrium));
    let _ = writeln!(
        text,
        "  {}",
        match report.every_subgame_checked {
            Some(true) => "The best-response check passes in every subgame.",
            Some(false) => "The best-response check FAILS in some subgame.",
            None =>
                "Only the whole game was checked (the tree is too large to check every subgame).",
        }
    );
    print_text(&text)
}

fn info(args: &ExtensiveArgs) -> Result<(), CliError> {
    let game = load(args)?;
    let info = describe_game(&game);
    if args.format == Format::Json {
        return print_json(&serde_json::to_value(&info)?);
    }
    let mut text = extensive_text::header(&game);
    let yes = |b: bool| if b { "yes" } else { "no" };
    let _ = writeln!(
        text,
        "leaves: {}, chance nodes: {}",
        info.leaves, info.chance_nodes
    );
    let _ = writeln!(
        text,
        "information sets per player: {:?}",
        info.information_sets
    );
    let _ = writeln!(
        text,
        "perfect information: {}",
        yes(info.perfect_information)
    );
    let _ = writeln!(text, "perfect recall: {}", yes(info.perfect_recall));
    if let Some(why) = &info.imperfect_recall {
        let _ = writeln!(text, "  {why}");
    }
    let _ = writeln!(text, "zero-sum: {}", yes(info.zero_sum));
    if let (Some(seq), Some(reduced)) = (&info.sequences, &info.reduced_strategies) {
        let _ = writeln!(text, "sequences per player: {seq:?}");
        let _ = writeln!(
            text,
            "reduced pure strategies per player: {}",
            reduced.join(", ")
        );
    }
    let _ = writeln!(text, "subgames: {}", info.subgames);
    print_text(&text)
}

fn solve(args: &SolveArgs) -> Result<(), CliError> {
    let text =
        sprague_textfile::read_bounded(&args.file, sprague_textfile::FILE_LIMIT).map_err(|e| {
            CliError::ReadInput {
                path: args.file.clone(),
                message: e.to_string(),
            }
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
