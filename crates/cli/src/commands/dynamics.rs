//! `sprague dynamics`: evolutionary and learning dynamics of a strategic
//! game — `replicator`, `rest-points`, `ess`, `fictitious-play`,
//! `best-response`, `regret-matching` and `moran` (see docs/dynamics.md).
//! A thin face over `sprague-dynamics`: games are read as `sprague nash`
//! reads them, answers are the library's records.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use sprague_dynamics::best_response::{best_response_dynamics, Ending};
use sprague_dynamics::ess::all_ess;
use sprague_dynamics::fictitious_play::{fictitious_play, FictitiousPlayOptions};
use sprague_dynamics::moran::{fixation_probabilities, simulate, SimulationOptions};
use sprague_dynamics::plot::{line_chart, Labels, Series};
use sprague_dynamics::regret_matching::regret_matching;
use sprague_dynamics::replicator::TrajectoryOptions;
use sprague_dynamics::report;
use sprague_dynamics::rest_points::rest_points;
use sprague_dynamics::routh_hurwitz::Stability;
use sprague_dynamics::stochastic_fictitious_play::stochastic_fictitious_play;
use sprague_dynamics::{DynamicsError, SymmetricGame};
use sprague_strategic::exact_text::{format_rational, parse_rational, rational_to_f64};
use sprague_strategic::input::load_game;
use sprague_strategic::stop::StopCheck;
use sprague_strategic::NormalFormGame;

use super::strategic_text::{mixed, rat, table};
use crate::error::CliError;
use crate::output::{print_json, print_text, Style};

/// Arguments of `sprague dynamics`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: DynamicsCommand,
}

#[derive(Debug, clap::Subcommand)]
enum DynamicsCommand {
    /// Replicator dynamics of a symmetric game: a trajectory by RK4 (approximate), with an SVG plot.
    Replicator(ReplicatorArgs),
    /// Every rest point of the replicator dynamics, exactly, and its stability.
    RestPoints(GameArgs),
    /// Every evolutionarily stable strategy (ESS) of a symmetric game, exactly.
    Ess(GameArgs),
    /// Fictitious play in a two-player game (exact), or stochastic fictitious play (--noise, approximate).
    FictitiousPlay(FictitiousArgs),
    /// Best-response dynamics (players alternate; lowest-numbered best reply): equilibrium or cycle.
    BestResponse(BestResponseArgs),
    /// Regret matching (Hart and Mas-Colell 2000), seeded, with exact conditional regrets.
    RegretMatching(RegretArgs),
    /// Moran process: exact fixation probabilities (two strategies) or a simulation.
    Moran(MoranArgs),
}

/// The game and the output format (shared by every subcommand).
#[derive(Debug, clap::Args)]
struct GameArgs {
    /// A Gambit .nfg file, a CSV or JSON matrix file, or a built-in example
    /// (hawk-dove, rock-paper-scissors, matching-pennies, prisoners-dilemma, stag-hunt, …).
    game: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Style::Text)]
    format: Style,
}

#[derive(Debug, clap::Args)]
struct ReplicatorArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The initial shares, comma-separated exact numbers adding up to 1 (default: proportional to 1, 2, …, n).
    #[arg(long)]
    start: Option<String>,
    /// The step of the RK4 integration (with --tolerance: the spacing of the reported times).
    #[arg(long, default_value_t = 0.01)]
    dt: f64,
    /// Integrate by the adaptive Dormand-Prince 5(4) method with this error tolerance instead of RK4.
    #[arg(long)]
    tolerance: Option<f64>,
    /// The number of steps.
    #[arg(long, default_value_t = 1000)]
    steps: usize,
    /// Record every k-th state (the first and last always).
    #[arg(long, default_value_t = 10)]
    record_every: usize,
    /// Write an SVG plot of the shares against time to this file.
    #[arg(long)]
    plot: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct FictitiousArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The number of rounds.
    #[arg(long, default_value_t = 1000)]
    rounds: u64,
    /// Stochastic fictitious play with logit responses of this noise λ > 0 (approximate, seeded).
    #[arg(long)]
    noise: Option<f64>,
    /// The seed of stochastic fictitious play.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Write an SVG plot of the empirical frequencies against the round to this file.
    #[arg(long)]
    plot: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct BestResponseArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The starting profile as row,column (1-based).
    #[arg(long, default_value = "1,1")]
    start: String,
    /// The most turns.
    #[arg(long, default_value_t = 10_000)]
    max_steps: usize,
}

#[derive(Debug, clap::Args)]
struct RegretArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The number of rounds.
    #[arg(long, default_value_t = 10_000)]
    rounds: u64,
    /// The seed (the same seed gives the same run on every machine).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

#[derive(Debug, clap::Args)]
struct MoranArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The population size N (exact formula; the simulation takes --initial).
    #[arg(long)]
    population: Option<usize>,
    /// The intensity of selection w in [0, 1] (exact number; fitness 1 - w + w·payoff).
    #[arg(long, default_value = "1/10")]
    intensity: String,
    /// Simulate instead of the exact formula (always, with more than two strategies).
    #[arg(long)]
    simulate: bool,
    /// The simulation's initial counts, comma-separated (default with two strategies: one of the first, N-1 of the second).
    #[arg(long)]
    initial: Option<String>,
    /// The simulation's independent runs.
    #[arg(long, default_value_t = 1000)]
    runs: u64,
    /// The most steps of one simulated run.
    #[arg(long, default_value_t = 1_000_000)]
    max_steps: u64,
    /// The simulation's seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// Runs `sprague dynamics …`.
pub fn run(args: &Args) -> Result<(), CliError> {
    let interrupted = crate::interrupt::ctrl_c_flag();
    let check = move || interrupted.load(Ordering::Relaxed);
    let stop = StopCheck::new(&check);
    match &args.command {
        DynamicsCommand::Replicator(a) => run_replicator(a, stop),
        DynamicsCommand::RestPoints(a) => run_rest_points(a, stop),
        DynamicsCommand::Ess(a) => run_ess(a, stop),
        DynamicsCommand::FictitiousPlay(a) => run_fictitious(a, stop),
        DynamicsCommand::BestResponse(a) => run_best_response(a, stop),
        DynamicsCommand::RegretMatching(a) => run_regret(a, stop),
        DynamicsCommand::Moran(a) => run_moran(a, stop),
    }
}

fn symmetric(spec: &str) -> Result<(NormalFormGame, SymmetricGame), CliError> {
    let game = load_game(spec)?;
    let symmetric = SymmetricGame::from_game(&game)?;
    Ok((game, symmetric))
}

fn write_file(path: &Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text).map_err(|e| CliError::WriteOutput {
        path: path.display().to_string(),
        message: e.to_string(),
    })
}

/// Comma-separated non-negative integers.
fn count_list(text: &str, what: &str) -> Result<Vec<usize>, CliError> {
    text.split(',')
        .map(|t| {
            t.trim().parse::<usize>().map_err(|_| {
                CliError::Usage(format!("{what}: {t:?} is not a non-negative integer"))
            })
        })
        .collect()
}

fn run_replicator(args: &ReplicatorArgs, stop: StopCheck) -> Result<(), CliError> {
    let (_, game) = symmetric(&args.game.game)?;
    let options = TrajectoryOptions {
        dt: args.dt,
        steps: args.steps,
        record_every: args.record_every,
    };
    let (start, path) =
        report::replicator_run(&game, args.start.as_deref(), &options, args.tolerance, stop)?;
    let method = report::replicator_method(args.dt, args.tolerance);
    if let Some(file) = &args.plot {
        let series: Vec<Series> = game
            .strategy_names()
            .iter()
            .enumerate()
            .map(|(k, name)| Series {
                name: name.clone(),
                points: path
                    .times
                    .iter()
                    .zip(path.states())
                    .map(|(t, x)| (*t, x[k]))
                    .collect(),
            })
            .collect();
        let title = format!("Replicator dynamics: {}", title_of(&game));
        let labels = Labels {
            title,
            x: "time t".into(),
            y: "population share x_i(t)".into(),
        };
        write_file(file, &line_chart(&labels, &series))?;
    }
    match args.game.format {
        Style::Json => print_json(&report::replicator_record(
            &game,
            &start,
            args.dt,
            args.steps,
            args.tolerance,
            &path,
        )),
        Style::Text => {
            let mut out = format!(
                "Replicator dynamics of {} to t = {}: {method}\n",
                title_of(&game),
                args.dt * args.steps as f64
            );
            let mut rows = vec![std::iter::once("t".to_string())
                .chain(game.strategy_names().iter().cloned())
                .collect::<Vec<_>>()];
            let every = path.times.len().div_ceil(20).max(1);
            for (k, (t, x)) in path.times.iter().zip(path.states()).enumerate() {
                if k % every == 0 || k + 1 == path.times.len() {
                    let mut row = vec![format!("{t:.4}")];
                    row.extend(x.iter().map(|v| format!("{v:.6}")));
                    rows.push(row);
                }
            }
            out.push_str(&table(&rows));
            if let Some(file) = &args.plot {
                let _ = writeln!(out, "plot written to {}", file.display());
            }
            print_text(&out)
        }
    }
}

fn title_of(game: &SymmetricGame) -> String {
    if game.title().is_empty() {
        format!("{}x{} symmetric game", game.size(), game.size())
    } else {
        game.title().to_string()
    }
}

fn stability_text(s: &Stability) -> String {
    match s {
        Stability::AsymptoticallyStable => "asymptotically stable".into(),
        Stability::Unstable { positive, .. } => {
            format!("unstable ({positive} eigenvalue(s) with positive real part)")
        }
        Stability::Undetermined { reason, .. } => format!("undetermined: {reason}"),
    }
}

fn run_rest_points(args: &GameArgs, stop: StopCheck) -> Result<(), CliError> {
    let (_, game) = symmetric(&args.game)?;
    let found = rest_points(&game, stop)?;
    let names = game.strategy_names();
    match args.format {
        Style::Json => print_json(&report::rest_points_record(&game, &found)?),
        Style::Text => {
            let mut out = format!(
                "Rest points of the replicator dynamics of {} (exact)\n",
                title_of(&game)
            );
            let mut rows = vec![vec![
                "state".to_string(),
                "payoff".into(),
                "Nash".into(),
                "stability".into(),
            ]];
            for p in &found.points {
                rows.push(vec![
                    mixed(names, &p.state),
                    rat(&p.mean_payoff),
                    if p.nash { "yes" } else { "no" }.into(),
                    stability_text(&p.stability),
                ]);
            }
            out.push_str(&table(&rows));
            for face in &found.singular_faces {
                let face: Vec<&str> = face.iter().map(|&i| names[i].as_str()).collect();
                let _ = writeln!(
                    out,
                    "face {{{}}}: the equal-payoff system is singular; its rest points (if any) are not isolated and not listed",
                    face.join(", ")
                );
            }
            print_text(&out)
        }
    }
}

fn run_ess(args: &GameArgs, stop: StopCheck) -> Result<(), CliError> {
    let (_, game) = symmetric(&args.game)?;
    let found = all_ess(&game, stop)?;
    let names = game.strategy_names();
    match args.format {
        Style::Json => print_json(&report::ess_record(&game, &found)?),
        Style::Text => {
            let mut out = format!(
                "Evolutionarily stable strategies of {} (exact)\n",
                title_of(&game)
            );
            if found.is_empty() {
                out.push_str("none\n");
            }
            for e in &found {
                let replies: Vec<&str> =
                    e.best_replies.iter().map(|&i| names[i].as_str()).collect();
                let _ = writeln!(
                    out,
                    "ESS: {}  payoff {}  best replies {}",
                    mixed(names, &e.state),
                    rat(&e.payoff),
                    replies.join(", ")
                );
            }
            print_text(&out)
        }
    }
}

fn frequency_plot(
    game: &NormalFormGame,
    history: &[(u64, [Vec<f64>; 2])],
    title: &str,
    file: &Path,
) -> Result<(), CliError> {
    let mut series = Vec::new();
    for (player, names) in game.strategies().iter().enumerate() {
        for (k, name) in names.iter().enumerate() {
            series.push(Series {
                name: format!("{}: {name}", game.players()[player]),
                points: history
                    .iter()
                    .map(|(round, f)| (*round as f64, f[player][k]))
                    .collect(),
            });
        }
    }
    let labels = Labels {
        title: title.to_string(),
        x: "round".into(),
        y: "empirical frequency".into(),
    };
    write_file(file, &line_chart(&labels, &series))
}

fn run_fictitious(args: &FictitiousArgs, stop: StopCheck) -> Result<(), CliError> {
    let game = load_game(&args.game.game)?;
    if let Some(noise) = args.noise {
        if args.plot.is_some() {
            return Err(CliError::Usage(
                "--plot is for (deterministic) fictitious play; leave out --noise or --plot".into(),
            ));
        }
        let run = stochastic_fictitious_play(&game, args.rounds, noise, args.seed, stop)?;
        return match args.game.format {
            Style::Json => print_json(&report::stochastic_fictitious_play_record(&game, &run)?),
            Style::Text => {
                let mut out = format!(
                    "Stochastic fictitious play (logit, noise {noise}, seed {}), {} rounds (approximate)\n",
                    args.seed, run.rounds
                );
                for (p, names) in game.strategies().iter().enumerate() {
                    let freq: Vec<String> = names
                        .iter()
                        .zip(&run.frequencies[p])
                        .map(|(n, f)| format!("{n} {f:.4}"))
                        .collect();
                    let _ = writeln!(out, "{}: {}", game.players()[p], freq.join(", "));
                }
                print_text(&out)
            }
        };
    }
    let record_every = if args.plot.is_some() {
        (args.rounds / 500).max(1)
    } else {
        0
    };
    let options = FictitiousPlayOptions {
        rounds: args.rounds,
        record_every,
    };
    let run = fictitious_play(&game, &options, stop)?;
    if let Some(file) = &args.plot {
        let history: Vec<(u64, [Vec<f64>; 2])> = run
            .history
            .iter()
            .map(|s| (s.round, s.frequencies.clone()))
            .collect();
        frequency_plot(
            &game,
            &history,
            &format!("Fictitious play: {}", game.title()),
            file,
        )?;
    }
    match args.game.format {
        Style::Json => print_json(&report::fictitious_play_record(&game, &run)?),
        Style::Text => {
            let mut out = format!(
                "Fictitious play (Brown 1951), {} rounds, lowest-numbered best reply on ties (exact)\n",
                run.rounds
            );
            for (p, names) in game.strategies().iter().enumerate() {
                let _ = writeln!(
                    out,
                    "{}: {}   gain from deviating {}",
                    game.players()[p],
                    mixed(names, &run.frequencies[p]),
                    rat(&run.epsilon[p])
                );
            }
            if let Some(file) = &args.plot {
                let _ = writeln!(out, "plot written to {}", file.display());
            }
            print_text(&out)
        }
    }
}

fn run_best_response(args: &BestResponseArgs, stop: StopCheck) -> Result<(), CliError> {
    let game = load_game(&args.game.game)?;
    let start = count_list(&args.start, "--start")?;
    if start.len() != 2 || start.contains(&0) {
        return Err(CliError::Usage(
            "--start needs two 1-based strategy numbers: row,column".into(),
        ));
    }
    let path = best_response_dynamics(&game, [start[0] - 1, start[1] - 1], args.max_steps, stop)?;
    let names = game.strategies();
    let profile = |p: &[usize; 2]| format!("({}, {})", names[0][p[0]], names[1][p[1]]);
    match args.game.format {
        Style::Json => print_json(&report::best_response_record(&game, &path)?),
        Style::Text => {
            let mut out = format!(
                "Best-response dynamics from {} (players alternate, row first; lowest-numbered best reply)\n",
                profile(&path.start)
            );
            for m in &path.moves {
                let _ = writeln!(
                    out,
                    "{} switches {} -> {}: {}",
                    game.players()[m.player],
                    names[m.player][m.from],
                    names[m.player][m.to],
                    profile(&m.profile)
                );
            }
            match &path.ending {
                Ending::Equilibrium { profile: p } => {
                    let _ = writeln!(out, "pure Nash equilibrium reached: {}", profile(p));
                }
                Ending::Cycle { profiles } => {
                    let cycle: Vec<String> = profiles.iter().map(profile).collect();
                    let _ = writeln!(out, "cycle: {}", cycle.join(" -> "));
                }
                Ending::StepLimit => {
                    let _ = writeln!(out, "stopped at the step limit ({})", args.max_steps);
                }
            }
            print_text(&out)
        }
    }
}

fn run_regret(args: &RegretArgs, stop: StopCheck) -> Result<(), CliError> {
    let game = load_game(&args.game.game)?;
    let run = regret_matching(&game, args.rounds, args.seed, stop)?;
    match args.game.format {
        Style::Json => print_json(&report::regret_matching_record(&game, &run)?),
        Style::Text => {
            let mut out = format!(
                "Regret matching (Hart and Mas-Colell 2000), {} rounds, seed {}\n",
                run.rounds, run.seed
            );
            for (p, names) in game.strategies().iter().enumerate() {
                let _ = writeln!(
                    out,
                    "{}: {}   largest conditional regret {} (~{:.6})",
                    game.players()[p],
                    mixed(names, &run.frequencies[p]),
                    rat(&run.conditional_regret[p]),
                    rational_to_f64(&run.conditional_regret[p])
                );
            }
            print_text(&out)
        }
    }
}

fn run_moran(args: &MoranArgs, stop: StopCheck) -> Result<(), CliError> {
    let (_, game) = symmetric(&args.game.game)?;
    let names = game.strategy_names();
    let w = parse_rational(&args.intensity).ok_or_else(|| {
        CliError::Usage(format!(
            "--intensity: {:?} is not a number between 0 and 1",
            args.intensity
        ))
    })?;
    if game.size() == 2 && !args.simulate {
        let population = args.population.ok_or_else(|| {
            CliError::Usage("give the population size with --population N".into())
        })?;
        let p = fixation_probabilities(&game, population, &w)?;
        return match args.game.format {
            Style::Json => print_json(&report::fixation_record(&game, &p)?),
            Style::Text => {
                let mut out = format!(
                    "Moran process of {}: N = {population}, w = {} (exact)\n",
                    title_of(&game),
                    format_rational(&w)
                );
                for (mutant, resident, rho) in [
                    (&names[0], &names[1], &p.first_invades),
                    (&names[1], &names[0], &p.second_invades),
                ] {
                    let _ = writeln!(
                        out,
                        "one {mutant} among {resident}: fixes with probability {} (~{:.6}); {} 1/N",
                        rat(rho),
                        rational_to_f64(rho),
                        match rho.cmp(&p.neutral) {
                            std::cmp::Ordering::Greater => "selection favours it: above",
                            std::cmp::Ordering::Less => "selection opposes it: below",
                            std::cmp::Ordering::Equal => "neutral: equal to",
                        }
                    );
                }
                print_text(&out)
            }
        };
    }
    let initial = match (&args.initial, game.size(), args.population) {
        (Some(text), _, _) => count_list(text, "--initial")?,
        (None, 2, Some(n)) if n >= 2 => vec![1, n - 1],
        _ => {
            return Err(CliError::Usage(
                "the simulation needs the initial counts, --initial c1,c2,… (one per strategy)"
                    .into(),
            ))
        }
    };
    let options = SimulationOptions {
        initial,
        intensity: rational_to_f64(&w),
        runs: args.runs,
        max_steps: args.max_steps,
        seed: args.seed,
    };
    let sim = simulate(&game, &options, stop)?;
    match args.game.format {
        Style::Json => print_json(&report::simulation_record(&game, &sim)?),
        Style::Text => {
            let mut out = format!(
                "Moran process of {}: {} runs from {:?}, w = {}, seed {} (simulation, approximate)\n",
                title_of(&game),
                sim.runs,
                sim.initial,
                sim.intensity,
                sim.seed
            );
            for (k, name) in names.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "{name} fixed in {} runs ({:.4})",
                    sim.fixations[k], sim.frequencies[k]
                );
            }
            let _ = writeln!(
                out,
                "not fixed within {} steps: {}; mean steps to fixation {:.1}",
                args.max_steps, sim.unfixed, sim.mean_steps
            );
            print_text(&out)
        }
    }
}

impl From<DynamicsError> for CliError {
    fn from(error: DynamicsError) -> Self {
        match error {
            DynamicsError::Strategic(e) => CliError::Strategic(e),
            other => CliError::Dynamics(other),
        }
    }
}
