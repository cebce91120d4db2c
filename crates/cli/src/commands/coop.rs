//! `sprague coop shapley|banzhaf|in-core|core|least-core|nucleolus GAME`:
//! values and solution concepts of cooperative (TU) games.
//!
//! GAME is a file (JSON coalition table, `{"quota": q, "weights": [...]}`,
//! or the text `[q; w1, ..., wn]`), an inline weighted voting game
//! `[q; w1, ..., wn]`, a built-in game `glove:L,R`, `airport:c1,c2,...`,
//! `bankruptcy:E:d1,d2,...`, or an assignment game
//! `assignment:a11,a12,...;a21,...`. The least core and the nucleolus of
//! games given by a rule (up to 25 players) run by constraint generation
//! with a progress line on stderr after a second and stop on Ctrl-C (exit 130).

use std::fmt::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sprague_cooperative::constraint_generation::{Options, Progress};
use sprague_cooperative::input::GameInput;
use sprague_cooperative::report::{self, CoreRecord, InCoreRecord, LeastCoreRecord};
use sprague_cooperative::report::{NucleolusRecord, ShapleyReport};
use sprague_cooperative::{allocation, monte_carlo};
use sprague_strategic::exact_text::{format_rational, rational_to_f64, BigRational};
use sprague_strategic::stop::StopCheck;

use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague coop`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: CoopCommand,
}

#[derive(Debug, clap::Subcommand)]
enum CoopCommand {
    /// The Shapley value (Shapley–Shubik index for weighted voting games), exact.
    Shapley(ValueArgs),
    /// The Banzhaf index (normalised) and raw Banzhaf value, exact.
    Banzhaf(ValueArgs),
    /// Whether a given allocation is in the core (and which coalition objects if not).
    InCore(InCoreArgs),
    /// Whether the core is empty, and a core point when it is not (exact LP).
    Core(SolutionArgs),
    /// The least core: the smallest ε making the ε-core non-empty, and a point of it (up to 25 players for games given by a rule).
    LeastCore(SolutionArgs),
    /// The nucleolus (or with --pre the prenucleolus), exactly, by a sequence of LPs (up to 25 players for games given by a rule).
    Nucleolus(NucleolusArgs),
}

#[derive(Debug, clap::Args)]
struct SolutionArgs {
    /// A game file, "[q; w1, ..., wn]", or a built-in game (as for shapley).
    game: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Debug, clap::Args)]
struct NucleolusArgs {
    /// A game file, "[q; w1, ..., wn]", or a built-in game (as for shapley).
    game: String,
    /// The prenucleolus instead: minimise over all efficient allocations, not only imputations.
    #[arg(long)]
    pre: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Debug, clap::Args)]
struct InCoreArgs {
    /// A game file, "[q; w1, ..., wn]", or a built-in game (as for shapley).
    game: String,
    /// The allocation: one exact share per player, comma-separated (e.g. 1/2,1/4,1/4).
    #[arg(long, allow_hyphen_values = true)]
    allocation: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Debug, clap::Args)]
struct ValueArgs {
    /// A game file, "[q; w1, ..., wn]", or glove:L,R | airport:c1,c2,... | bankruptcy:E:d1,d2,... | assignment:a11,a12;a21,a22
    game: String,
    /// Estimate by Monte Carlo with this many random orders instead (weighted voting games).
    #[arg(long)]
    monte_carlo: Option<u64>,
    /// Seed of the Monte Carlo estimate.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// The game of `spec`: an inline form, else the text of the file it names.
fn load(spec: &str) -> Result<GameInput, CliError> {
    if let Some(game) = GameInput::parse_inline(spec)? {
        return Ok(game);
    }
    let text = sprague_textfile::read_bounded(spec, sprague_textfile::FILE_LIMIT).map_err(|e| {
        CliError::ReadInput {
            path: spec.to_string(),
            message: e.to_string(),
        }
    })?;
    Ok(GameInput::from_document(&text)?)
}

/// Runs `sprague coop …`.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        CoopCommand::Shapley(a) => shapley(a),
        CoopCommand::Banzhaf(a) => banzhaf(a),
        CoopCommand::InCore(a) => in_core(a),
        CoopCommand::Core(a) => core(a),
        CoopCommand::LeastCore(a) => least_core(a),
        CoopCommand::Nucleolus(a) => nucleolus(a),
    }
}

fn exact_output(
    key: &str,
    players: &[String],
    values: &[BigRational],
    format: Format,
) -> Result<(), CliError> {
    let strings: Vec<String> = values.iter().map(format_rational).collect();
    match format {
        Format::Json => {
            print_json(&serde_json::json!({ key: strings, "players": players, "exact": true }))
        }
        Format::Csv => {
            let mut text = format!("player,{key},approximately\n");
            for ((p, s), v) in players.iter().zip(&strings).zip(values) {
                let _ = writeln!(text, "{p},{s},{:.6}", rational_to_f64(v));
            }
            print_text(&text)
        }
        Format::Text => {
            let width = players.iter().map(String::len).max().unwrap_or(1).max(6);
            let mut text = String::new();
            for ((p, s), v) in players.iter().zip(&strings).zip(values) {
                let _ = writeln!(text, "{p:width$}  {s:>20}  ≈ {:.6}", rational_to_f64(v));
            }
            print_text(&text)
        }
    }
}

fn shapley(args: &ValueArgs) -> Result<(), CliError> {
    let game = load(&args.game)?;
    let found = report::shapley(&game, args.monte_carlo, args.seed)?;
    match &found {
        ShapleyReport::Exact { players, values } => {
            if args.format == Format::Json {
                return print_json(&found.record());
            }
            exact_output("shapley", players, values, args.format)
        }
        ShapleyReport::Estimate {
            players,
            estimate,
            samples,
            ..
        } => {
            if args.format == Format::Json {
                return print_json(&found.record());
            }
            estimate_output(players, estimate, *samples, args)
        }
    }
}

fn estimate_output(
    players: &[String],
    estimate: &[monte_carlo::Estimate],
    samples: u64,
    args: &ValueArgs,
) -> Result<(), CliError> {
    let mut text = format!(
        "approximate (Monte Carlo, {samples} random orders, seed {}; 95% intervals)\n",
        args.seed
    );
    for (p, e) in players.iter().zip(estimate) {
        let _ = writeln!(text, "{p:>6}  {:.6} ± {:.6}", e.mean, e.half_width);
    }
    print_text(&text)
}

fn banzhaf(args: &ValueArgs) -> Result<(), CliError> {
    let found = report::banzhaf(&load(&args.game)?)?;
    match args.format {
        Format::Json => print_json(&found.record()),
        _ => match &found.index.normalized {
            Some(normalized) => exact_output("banzhaf", &found.players, normalized, args.format),
            None => exact_output("raw_banzhaf", &found.players, &found.index.raw, args.format),
        },
    }
}

fn strings(values: &[BigRational]) -> Vec<String> {
    values.iter().map(format_rational).collect()
}

fn tuple(values: &[BigRational]) -> String {
    format!("({})", strings(values).join(", "))
}

fn core(args: &SolutionArgs) -> Result<(), CliError> {
    let game = load(&args.game)?;
    let result = watched(|options| report::core(&game, options))?;
    let epsilon = result.least_core.epsilon.as_ref();
    match args.format {
        Format::Json => print_json(&CoreRecord::new(&game, &result)),
        // One row per player: a core point, or (the core empty) the least
        // core's point; the column's name says which.
        Format::Csv => match &result.point {
            Some(point) => exact_output("core_point", &game.names(), point, args.format),
            None => exact_output(
                "least_core_point",
                &game.names(),
                &result.least_core.point,
                args.format,
            ),
        },
        Format::Text => match &result.point {
            Some(point) => {
                let promise = if game.is_cost_game() {
                    "no coalition pays more than its own cost"
                } else {
                    "every coalition gets at least its worth"
                };
                let mut text = format!(
                    "The core is not empty; a core point ({promise}): {}\n",
                    tuple(point)
                );
                let zero = BigRational::from_integer(0.into());
                if let Some(e) = epsilon.filter(|e| *e < &zero) {
                    let margin = if game.is_cost_game() {
                        "pay {} less than its own cost"
                    } else {
                        "get {} more than its worth"
                    }
                    .replace("{}", &format_rational(&-e));
                    let _ = writeln!(
                        text,
                        "Every proper coalition can even {margin} (least-core ε = {}).",
                        format_rational(e)
                    );
                }
                print_text(&text)
            }
            None => print_text(&format!(
                "The core is empty: no allocation of v(N) gives every coalition its worth. \
                 It becomes non-empty when every coalition may fall short by ε = {} (the least core), \
                 e.g. at {}.\n",
                epsilon.map(format_rational).unwrap_or_default(),
                tuple(&result.least_core.point)
            )),
        },
    }
}

/// Runs `solve` with the Ctrl-C flag as its stop check and a progress line
/// on stderr once it has taken a second (then at most one a second).
fn watched<T>(solve: impl FnOnce(&Options) -> T) -> T {
    let interrupted: std::sync::Arc<AtomicBool> = crate::interrupt::ctrl_c_flag();
    let check = || interrupted.load(Ordering::Relaxed);
    let start = Instant::now();
    let last = Mutex::new(None::<Instant>);
    let shown = AtomicBool::new(false);
    let progress = |p: &Progress| {
        let now = Instant::now();
        if now.duration_since(start) < Duration::from_secs(1) {
            return;
        }
        let Ok(mut last) = last.lock() else { return };
        if last.is_some_and(|t| now.duration_since(t) < Duration::from_secs(1)) {
            return;
        }
        *last = Some(now);
        shown.store(true, Ordering::Relaxed);
        eprint!(
            "\rround {}: rank {}/{}, {} LPs, {} scans, {} active coalitions, {:.0} s   ",
            p.round,
            p.rank,
            p.players,
            p.lp_solves,
            p.scans,
            p.active,
            now.duration_since(start).as_secs_f64()
        );
    };
    let options = Options {
        stop: StopCheck::new(&check),
        progress: Some(&progress),
        ..Options::default()
    };
    let result = solve(&options);
    if shown.load(Ordering::Relaxed) {
        eprintln!();
    }
    result
}

fn least_core(args: &SolutionArgs) -> Result<(), CliError> {
    let game = load(&args.game)?;
    let result = watched(|options| report::least_core(&game, options))?;
    let names = game.names();
    match args.format {
        Format::Json => print_json(&LeastCoreRecord::new(&game, &result)),
        Format::Csv => exact_output("least_core", &names, &result.point, args.format),
        Format::Text => {
            match &result.epsilon {
                Some(e) => print_text(&format!(
                    "least core: ε = {} (x(S) ≥ v(S) − ε for every coalition S), at the point\n",
                    format_rational(e)
                ))?,
                None => print_text(
                    "a one-player game has no proper coalition; the least core is {v(N)}\n",
                )?,
            }
            exact_output("least_core", &names, &result.point, args.format)
        }
    }
}

fn nucleolus(args: &NucleolusArgs) -> Result<(), CliError> {
    let game = load(&args.game)?;
    let key = if args.pre {
        "prenucleolus"
    } else {
        "nucleolus"
    };
    let result = watched(|options| report::nucleolus(&game, args.pre, options))?;
    match args.format {
        Format::Json => print_json(&NucleolusRecord::new(&game, &result, args.pre)),
        _ => exact_output(key, &game.names(), &result.allocation, args.format),
    }
}

fn in_core(args: &InCoreArgs) -> Result<(), CliError> {
    if args.format == Format::Csv {
        return Err(CliError::Usage(
            "coop in-core prints text or JSON (--format text or json): its answer is one \
             verdict, not a table"
                .to_string(),
        ));
    }
    let shares = allocation::parse_allocation(&args.allocation)?;
    let (table, check) = report::in_core(&load(&args.game)?, &shares)?;
    match args.format {
        Format::Json => print_json(&InCoreRecord::new(&table, &check)),
        _ => print_text(&format!("{}\n", allocation::describe(&table, &check))),
    }
}
