//! `sprague ipd`: the iterated prisoner's dilemma — `match`, `tournament`,
//! `moran` and `strategies` (see docs/repeated-and-cooperative.md).

use std::fmt::Write;

use sprague_repeated::ipd::moran::{self, MoranConfig};
use sprague_repeated::ipd::player::players;
use sprague_repeated::ipd::records::{
    strategy_records, MatchRecord, MoranRecord, TournamentRecord,
};
use sprague_repeated::ipd::strategies::parametric::Files;
use sprague_repeated::ipd::tournament::{self, TournamentConfig};
use sprague_repeated::ipd::{all_strategies, play_match, IpdError, MatchConfig, Player};

use crate::commands::games::csv_field;

use crate::error::CliError;
use crate::output::{print_json, print_text, Format};
use crate::progress::Progress;

/// Arguments of `sprague ipd`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: IpdCommand,
}

#[derive(Debug, clap::Subcommand)]
enum IpdCommand {
    /// Play one match between two strategies and show every turn.
    Match(MatchArgs),
    /// Round-robin tournament: ranking, score matrix, cooperation rates, wins, SVG plots.
    Tournament(TournamentArgs),
    /// Moran process (evolution of a population) with fixation counts.
    Moran(MoranArgs),
    /// List the strategies with their rules.
    Strategies(StrategiesArgs),
}

/// How matches are played (shared by match, tournament and moran).
#[derive(Debug, clap::Args)]
struct Play {
    /// Turns per match (known to the strategies).
    #[arg(long, default_value_t = 200)]
    turns: usize,
    /// Probability that a match ends after each turn (random, unknown length; overrides --turns).
    #[arg(long)]
    prob_end: Option<f64>,
    /// Probability that each action is flipped.
    #[arg(long, default_value_t = 0.0)]
    noise: f64,
    /// Seed of every random draw (the same seed gives the same results on every machine).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Stage payoffs R,S,T,P.
    #[arg(long, default_value = "3,0,5,1")]
    payoffs: String,
    /// Accept payoffs that are not a prisoner's dilemma.
    #[arg(long)]
    allow_non_pd: bool,
}

impl Play {
    fn config(&self) -> Result<MatchConfig, IpdError> {
        MatchConfig::from_options(
            self.turns,
            self.prob_end,
            self.noise,
            &self.payoffs,
            self.allow_non_pd,
        )
    }
}

#[derive(Debug, clap::Args)]
struct MatchArgs {
    /// The first strategy: a name (e.g. TitForTat) or parameters (memoryone:…, zd:…, lookup:…, fsm:…).
    first: String,
    /// The second strategy.
    second: String,
    #[command(flatten)]
    play: Play,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Debug, clap::Args)]
struct TournamentArgs {
    /// The strategies: names or parameters (memoryone:…, zd:…, lookup:…, fsm:…); all registered ones when none is given.
    strategies: Vec<String>,
    #[command(flatten)]
    play: Play,
    /// How many times the round robin is played.
    #[arg(long, default_value_t = 10)]
    repetitions: usize,
    /// Worker threads (0: all cores); the results do not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Write boxplot.svg and payoffs.svg into this directory.
    #[arg(long)]
    svg_dir: Option<std::path::PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Debug, clap::Args)]
struct MoranArgs {
    /// The initial population, one name or parametric strategy per individual (repeat it for several copies).
    strategies: Vec<String>,
    #[command(flatten)]
    play: Play,
    /// Independent runs whose fixations are counted.
    #[arg(long, default_value_t = 1)]
    runs: usize,
    /// The most birth-death steps of one run.
    #[arg(long, default_value_t = 10_000)]
    max_steps: usize,
    /// Probability that a newborn becomes one of the other initial strategies (then no stop at fixation).
    #[arg(long, default_value_t = 0.0)]
    mutation_rate: f64,
    /// Show progress on stderr (runs done) even when it is not a terminal.
    #[arg(long)]
    progress: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Debug, clap::Args)]
struct StrategiesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs `sprague ipd …`.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        IpdCommand::Match(a) => run_match(a),
        IpdCommand::Tournament(a) => run_tournament(a),
        IpdCommand::Moran(a) => run_moran(a),
        IpdCommand::Strategies(a) => run_strategies(a),
    }
}

/// The players named (or given by parameters, files read) by `names`,
/// checked under the match configuration's payoffs.
fn strategies(names: &[String], config: &MatchConfig) -> Result<Vec<Player>, CliError> {
    Ok(players(names, Files::Read, &config.payoffs)?)
}

fn run_match(args: &MatchArgs) -> Result<(), CliError> {
    let config = args.play.config()?;
    let both = strategies(&[args.first.clone(), args.second.clone()], &config)?;
    let (a, b) = (&both[0], &both[1]);
    let result = play_match(a, b, &config, args.play.seed)?;
    let summary = result.summary;
    match args.format {
        Format::Json => print_json(&MatchRecord::new(a, b, &result)),
        Format::Csv => {
            let mut text = format!("turn,{},{}\n", csv_field(a.id()), csv_field(b.id()));
            for (t, (x, y)) in result.actions.iter().enumerate() {
                let _ = writeln!(text, "{},{},{}", t + 1, x.as_char(), y.as_char());
            }
            print_text(&text)
        }
        Format::Text => {
            let row = |k: usize| {
                result
                    .actions
                    .iter()
                    .map(|&(x, y)| if k == 0 { x } else { y }.as_char())
                    .collect::<String>()
            };
            let width = a.name().len().max(b.name().len());
            print_text(&format!(
                "{:width$}  {}  {}\n{:width$}  {}  {}\n{} turns\n",
                a.name(),
                row(0),
                summary.scores[0],
                b.name(),
                row(1),
                summary.scores[1],
                summary.turns
            ))
        }
    }
}

fn run_tournament(args: &TournamentArgs) -> Result<(), CliError> {
    let match_config = args.play.config()?;
    let players = if args.strategies.is_empty() {
        all_strategies().map(Player::from).collect()
    } else {
        strategies(&args.strategies, &match_config)?
    };
    let config = TournamentConfig {
        match_config,
        repetitions: args.repetitions,
        seed: args.play.seed,
        threads: args.threads,
    };
    let interrupted = crate::interrupt::ctrl_c_flag();
    let stop = || interrupted.load(std::sync::atomic::Ordering::Relaxed);
    let result = tournament::Tournament::new(&players, &config)?
        .run(Some(&stop))?
        .ok_or(CliError::Stopped)?;
    if let Some(dir) = &args.svg_dir {
        let write = |name: &str, svg: String| -> Result<(), CliError> {
            let path = dir.join(name);
            std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(&path, svg))
                .map_err(|e| CliError::WriteOutput {
                    path: path.display().to_string(),
                    message: e.to_string(),
                })
        };
        write(
            "boxplot.svg",
            sprague_repeated::ipd::plot::box_plot(&result),
        )?;
        write(
            "payoffs.svg",
            sprague_repeated::ipd::plot::payoff_heat_map(&result),
        )?;
    }
    let total_wins: Vec<u32> = result.wins.iter().map(|w| w.iter().sum()).collect();
    match args.format {
        Format::Json => print_json(&TournamentRecord::new(&result, &config)),
        Format::Csv => {
            let mut text = String::from("rank,strategy,median_score,wins,cooperation_rate\n");
            for (rank, &i) in result.ranking.iter().enumerate() {
                let _ = writeln!(
                    text,
                    "{},{},{:.6},{},{:.6}",
                    rank + 1,
                    csv_field(result.players[i].id()),
                    result.median_scores[i],
                    total_wins[i],
                    result.cooperation_rates[i]
                );
            }
            print_text(&text)
        }
        Format::Text => {
            let width = result
                .players
                .iter()
                .map(|p| p.name().len())
                .max()
                .unwrap_or(8)
                .max(8);
            let mut text = format!(
                "{:>4}  {:width$}  {:>12}  {:>5}  {:>11}\n",
                "rank", "strategy", "median score", "wins", "cooperation"
            );
            for (rank, &i) in result.ranking.iter().enumerate() {
                let _ = writeln!(
                    text,
                    "{:>4}  {:width$}  {:>12.4}  {:>5}  {:>10.1}%",
                    rank + 1,
                    result.players[i].name(),
                    result.median_scores[i],
                    total_wins[i],
                    100.0 * result.cooperation_rates[i]
                );
            }
            let _ = writeln!(
                text,
                "(score: payoff per turn averaged over opponents, median of {} repetitions)",
                config.repetitions
            );
            print_text(&text)
        }
    }
}

fn run_moran(args: &MoranArgs) -> Result<(), CliError> {
    let match_config = args.play.config()?;
    let population = strategies(&args.strategies, &match_config)?;
    let config = MoranConfig {
        match_config,
        seed: args.play.seed,
        max_steps: args.max_steps,
        mutation_rate: args.mutation_rate,
    };
    let interrupted = crate::interrupt::ctrl_c_flag();
    let stop = || interrupted.load(std::sync::atomic::Ordering::Relaxed);
    let bar = Progress::new(args.progress, Some(args.runs as u64), "runs");
    let outcome =
        moran::simulate_observed(&population, &config, args.runs, Some(&stop), &mut |done| {
            bar.update(done as u64, None, &String::new)
        })?
        .ok_or(CliError::Stopped)?;
    bar.finish();
    let (summary, first) = (&outcome.summary, &outcome.first);
    match args.format {
        Format::Json => print_json(&MoranRecord::new(&outcome, args.runs)),
        Format::Csv => {
            let mut text = String::from("strategy,fixations\n");
            for (s, count) in summary.strategies.iter().zip(&summary.fixations) {
                let _ = writeln!(text, "{},{count}", csv_field(s.id()));
            }
            print_text(&text)
        }
        Format::Text => {
            let mut text = String::new();
            if args.runs == 1 {
                let _ = writeln!(
                    text,
                    "population after each step (counts of {}):",
                    summary
                        .strategies
                        .iter()
                        .map(|s| s.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                for (t, counts) in first.counts.iter().enumerate() {
                    let _ = writeln!(
                        text,
                        "{t:>6}  {}",
                        counts
                            .iter()
                            .map(|c| format!("{c:>3}"))
                            .collect::<Vec<_>>()
                            .join(" ")
                    );
                }
            }
            let width = summary
                .strategies
                .iter()
                .map(|s| s.name().len())
                .max()
                .unwrap_or(8);
            let _ = writeln!(text, "fixations over {} run(s):", args.runs);
            for (s, count) in summary.strategies.iter().zip(&summary.fixations) {
                let _ = writeln!(text, "  {:width$}  {count}", s.name());
            }
            if summary.unfixed > 0 {
                let _ = writeln!(text, "  {:width$}  {}", "(not fixed)", summary.unfixed);
            }
            print_text(&text)
        }
    }
}

fn run_strategies(args: &StrategiesArgs) -> Result<(), CliError> {
    match args.format {
        Format::Json => print_json(&strategy_records()),
        Format::Csv => {
            let mut text = String::from("id,name,stochastic\n");
            for s in all_strategies() {
                let _ = writeln!(text, "{},\"{}\",{}", s.id, s.name, s.stochastic);
            }
            print_text(&text)
        }
        Format::Text => {
            let mut text = String::new();
            for s in all_strategies() {
                let _ = writeln!(
                    text,
                    "{:22} {}{}",
                    s.id,
                    s.description,
                    if s.stochastic { " [stochastic]" } else { "" }
                );
            }
            print_text(&text)
        }
    }
}
