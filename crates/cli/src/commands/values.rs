//! `sprague values GAME --to N`: the Sprague–Grundy values g(0..=N) of a
//! one-heap family, with the period found and whether it is proven.
//!
//! Take-and-break games (octal and hexadecimal codes, Grundy's game) run on
//! the engine of `sprague-takebreak`: `--method`, `--no-period`, a progress bar
//! (`indicatif`) on a terminal or with `--progress`, Ctrl-C (the `ctrlc` crate
//! sets a flag the sweep checks) and checkpoints (`--checkpoint FILE`,
//! `--resume`).

use serde::Serialize;
use sprague_engine::{check_allocation, Periodicity, Values};
use sprague_games::{parse_game, GameError, PlayableGame};
use sprague_takebreak::{
    read_checkpoint, run as sweep, write_checkpoint, Config, Control, Method, Outcome, RareClass,
    Status, TakeBreak,
};

use crate::commands::games::csv_field;
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague values`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. kayles, bash:3, subtraction:1,3,4, 0.07 (see `sprague games`).
    pub game: String,
    /// The largest heap: a number, or a power such as 2^22 or 10^6.
    #[arg(long, default_value = "100", value_parser = parse_heap_bound)]
    pub to: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Take-and-break games: the method (all give the same values).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Take-and-break games: compute every value up to --to, without stopping at a proven period.
    #[arg(long)]
    pub no_period: bool,
    /// Print the summary (period, maximum, rare values, checksum) without the table of values.
    #[arg(long)]
    pub summary: bool,
    /// Show progress on stderr even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    /// Take-and-break games: write a checkpoint to FILE every --checkpoint-every seconds and when interrupted.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, default_value_t = 60)]
    pub checkpoint_every: u64,
    /// Continue from the checkpoint given by --checkpoint (the values are bit-identical).
    #[arg(long)]
    pub resume: bool,
    /// Threads: 2 or more let a helper thread mark the rare pairs of the next batch of heaps (rare/common sweeps); surveys run several games at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// `--method` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    /// Rare/common where the game has sparse space, plain otherwise.
    Auto,
    /// Every option, with bitsets.
    Plain,
    /// The rare/common (sparse space) sweep.
    RareCommon,
    /// The generic reference (slow).
    Naive,
}

impl MethodArg {
    fn method(self) -> Method {
        match self {
            MethodArg::Auto => Method::Auto,
            MethodArg::Plain => Method::Plain,
            MethodArg::RareCommon => Method::RareCommon,
            MethodArg::Naive => Method::Naive,
        }
    }
}

/// Reads a heap bound: `1000`, `2^30`, `10^6`, `1e6`, `1_000_000`.
pub fn parse_heap_bound(text: &str) -> Result<u64, String> {
    let cleaned: String = text.trim().chars().filter(|&c| c != '_').collect();
    let power = |base: &str, exponent: &str| -> Option<u64> {
        let base: u64 = base.parse().ok()?;
        let exponent: u32 = exponent.parse().ok()?;
        base.checked_pow(exponent)
    };
    let value = if let Some((base, exponent)) = cleaned.split_once('^') {
        power(base, exponent)
    } else if let Some((mantissa, exponent)) = cleaned.split_once(['e', 'E']) {
        mantissa.parse::<u64>().ok().and_then(|mantissa| {
            power("10", exponent).and_then(|scale| mantissa.checked_mul(scale))
        })
    } else {
        cleaned.parse().ok()
    };
    value.ok_or_else(|| {
        format!("'{text}' is not a heap size: write a whole number, or a power such as 2^22 or 10^6, at most {}", u64::MAX)
    })
}

#[derive(Serialize)]
struct PeriodJson {
    preperiod: u64,
    period: u64,
    proven: bool,
    /// s in g(n + p) = g(n) + s: 0 for an ordinary period.
    saltus: u64,
    theorem: Option<String>,
    examined: u64,
}

#[derive(Serialize)]
struct ValuesJson {
    game: String,
    title: String,
    values: Vec<u64>,
    period: Option<PeriodJson>,
    /// The family's closed form, when it has one (Nim, Bash, Lasker's Nim, …).
    closed_form: Option<String>,
}

#[derive(Serialize)]
struct TakeBreakJson {
    game: String,
    title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Vec<u64>>,
    period: Option<PeriodJson>,
    to: u64,
    computed: u64,
    method: String,
    status: String,
    max_value: u32,
    rare_mask: u32,
    /// `null`, or t: the parity of the position n + t counts in the rare class.
    rare_position_parity: Option<u32>,
    rare_count: u64,
    last_rare: Option<u64>,
    full_scans: u64,
    checksum: Option<String>,
    bytes_per_value: usize,
    seconds: f64,
}

/// Computes and prints the values.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = parse_game(&args.game)?;
    if let Some(rule) = game.take_break() {
        return run_take_break(args, game.as_ref(), rule);
    }
    if args.checkpoint.is_some() || args.resume {
        return Err(CliError::Usage(format!(
            "--checkpoint and --resume are for take-and-break games (octal, hex, grundy), not {}",
            game.description()
        )));
    }
    let values = game.values(args.to)?;
    let table = table(&values, args.to)?;
    let closed_form = game
        .heap_family()
        .and_then(|family| family.closed_form_formula());
    match args.format {
        Format::Json => print_json(&ValuesJson {
            game: game.description(),
            title: game.title(),
            values: table,
            // An arithmetic period (all-but games) comes first: their values
            // grow, so an ordinary period seen in the data is spurious.
            period: values
                .arithmetic_periodicity()
                .map(|found| PeriodJson {
                    preperiod: found.preperiod,
                    period: found.period,
                    proven: found.proven,
                    saltus: found.saltus,
                    theorem: found.theorem.map(str::to_string),
                    examined: found.examined,
                })
                .or_else(|| {
                    values.periodicity().map(|found| PeriodJson {
                        preperiod: found.preperiod,
                        period: found.period,
                        proven: found.proven,
                        saltus: 0,
                        theorem: found.theorem.map(|theorem| theorem.name()),
                        examined: found.examined,
                    })
                }),
            closed_form,
        }),
        Format::Csv => {
            let mut text = format!("n,{}\n", csv_field("grundy"));
            for (heap, value) in table.iter().enumerate() {
                text.push_str(&format!("{heap},{value}\n"));
            }
            print_text(&text)
        }
        Format::Text => {
            let arithmetic = values.arithmetic_periodicity();
            // With an arithmetic period (all-but games) an ordinary one is spurious.
            let periodicity = values.periodicity().filter(|_| arithmetic.is_none());
            let mut text = render_text(
                &game.title(),
                &table,
                periodicity,
                arithmetic.map(|found| found.period),
            );
            if let Some(found) = arithmetic {
                text = text.replace(
                    "Period: none found in the values computed.\n",
                    &format!("Arithmetic-periodic: {found}.\n"),
                );
            }
            if let Some(formula) = closed_form {
                let line = format!("Closed form: {formula}.\n");
                text = if text.contains("Period: none found in the values computed.\n") {
                    text.replace("Period: none found in the values computed.\n", &line)
                } else {
                    text.replace("\nPeriodic: ", &format!("\n{line}Periodic: "))
                };
            }
            print_text(&text)
        }
    }
}

/// g(0..=to) from the computed values and, beyond them, the proven period.
fn table(values: &Values, to: u64) -> Result<Vec<u64>, CliError> {
    let bytes = (u128::from(to) + 1) * std::mem::size_of::<u64>() as u128;
    check_allocation(bytes, &format!("printing g(0..={to})")).map_err(GameError::from)?;
    (0..=to)
        .map(|heap| values.get(heap).ok_or(CliError::Incomplete { heap }))
        .collect()
}

fn render_text(
    title: &str,
    table: &[u64],
    periodicity: Option<Periodicity>,
    arithmetic_period: Option<u64>,
) -> String {
    let last = table.len().saturating_sub(1);
    let mut text = format!("{title}: g(n) for n = 0..{last}\n\n");
    // Rows as long as the period (when it is short) make the pattern visible.
    let columns = match (periodicity.map(|found| found.period), arithmetic_period) {
        (Some(period), _) | (None, Some(period)) if (4..=24).contains(&period) => period as usize,
        _ => 10,
    };
    let header_width = format!("+{}", columns - 1).len();
    let width = table
        .iter()
        .max()
        .map_or(1, |max| max.to_string().len())
        .max(header_width);
    let label_width = last.to_string().len().max(1);
    text.push_str(&format!("{:label_width$} ", ""));
    for column in 0..columns {
        text.push_str(&format!(" {:>width$}", format!("+{column}")));
    }
    text.push('\n');
    for (row, chunk) in table.chunks(columns).enumerate() {
        text.push_str(&format!("{:>label_width$}:", row * columns));
        for value in chunk {
            text.push_str(&format!(" {value:>width$}"));
        }
        text.push('\n');
    }
    text.push('\n');
    match periodicity {
        Some(found) => text.push_str(&format!("Periodic: {found}.\n")),
        None => text.push_str("Period: none found in the values computed.\n"),
    }
    let p_positions: Vec<String> = table
        .iter()
        .enumerate()
        .filter(|(_, &value)| value == 0)
        .map(|(heap, _)| heap.to_string())
        .collect();
    const SHOWN: usize = 40;
    let more = p_positions.len().saturating_sub(SHOWN);
    text.push_str(&format!(
        "P-positions (g = 0, the player to move loses): {}{}\n",
        p_positions[..p_positions.len().min(SHOWN)].join(", "),
        if more > 0 {
            format!(", … ({more} more)")
        } else {
            String::new()
        }
    ));
    text
}

/// How far a take-and-break sweep goes past `--to` while proving a period.
const PROOF_HORIZON: u64 = 4096;

fn run_take_break(args: &Args, game: &dyn PlayableGame, rule: &TakeBreak) -> Result<(), CliError> {
    use std::io::IsTerminal;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    if args.resume && args.checkpoint.is_none() {
        return Err(CliError::Usage(
            "--resume needs --checkpoint FILE naming the checkpoint to continue from".to_string(),
        ));
    }
    let start = match (&args.checkpoint, args.resume) {
        (Some(path), true) => Some(read_checkpoint(path, rule)?),
        _ => None,
    };
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        // A second handler cannot be installed in the same process; the flag is then simply never set.
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let show_progress = args.progress || std::io::stderr().is_terminal();
    let bar = show_progress.then(|| {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(args.to + 1),
            if std::io::stderr().is_terminal() {
                indicatif::ProgressDrawTarget::stderr()
            } else {
                indicatif::ProgressDrawTarget::hidden()
            },
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} values, {per_sec}, ETA {eta} {msg}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let plain_lines = show_progress && !std::io::stderr().is_terminal();
    let checkpoint_every = Duration::from_secs(args.checkpoint_every.max(1));
    let mut last_checkpoint = Instant::now();
    let mut last_line = Instant::now();
    let mut checkpoint_error: Option<sprague_takebreak::CheckpointError> = None;
    let config = Config {
        to: args.to,
        horizon: args.to.max(PROOF_HORIZON),
        stop_when_proven: !args.no_period,
        method: args.method.method(),
        threads: args.threads,
    };
    let started = Instant::now();
    let outcome: Outcome = {
        let checkpoint_error = &mut checkpoint_error;
        let bar = bar.as_ref();
        let control = Control {
            stop: Some(&stop),
            deadline: None,
            tick: Some(Box::new(move |progress, table| {
                let message = format!(
                    "max {} rare {} ({})",
                    progress.max_value,
                    progress.rare_count,
                    RareClass {
                        mask: progress.rare_mask,
                        position: progress.rare_position,
                    }
                );
                if let Some(bar) = bar {
                    bar.set_position(progress.computed);
                    bar.set_message(message.clone());
                }
                if plain_lines && last_line.elapsed() >= Duration::from_secs(1) {
                    last_line = Instant::now();
                    let rate = progress.computed as f64 / progress.elapsed.as_secs_f64().max(1e-9);
                    eprintln!(
                        "progress: {}/{} values, {:.0} values/s, {message}",
                        progress.computed,
                        progress.target + 1,
                        rate
                    );
                }
                if let Some(path) = &args.checkpoint {
                    if last_checkpoint.elapsed() >= checkpoint_every {
                        last_checkpoint = Instant::now();
                        if let Err(error) = write_checkpoint(path, rule, table) {
                            *checkpoint_error = Some(error);
                        }
                    }
                }
            })),
        };
        sweep(rule, config, start, control).map_err(GameError::from)?
    };
    let seconds = started.elapsed().as_secs_f64();
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Some(error) = checkpoint_error {
        return Err(error.into());
    }
    if outcome.status == Status::Interrupted {
        let checkpoint = match &args.checkpoint {
            Some(path) => {
                write_checkpoint(path, rule, outcome.table.as_table_ref())?;
                Some(path.display().to_string())
            }
            None => None,
        };
        return Err(CliError::Interrupted {
            computed: outcome.table.len() as u64,
            checkpoint,
        });
    }
    if let Some(path) = &args.checkpoint {
        write_checkpoint(path, rule, outcome.table.as_table_ref())?;
    }
    let checksum = (args.to < 1 << 32)
        .then(|| outcome.checksum_to(args.to))
        .flatten()
        .map(|hash| format!("{hash:016x}"));
    let stats = outcome.stats;
    let values = if args.summary {
        None
    } else {
        let bytes = (u128::from(args.to) + 1) * std::mem::size_of::<u64>() as u128;
        check_allocation(bytes, &format!("printing g(0..={})", args.to))
            .map_err(GameError::from)?;
        Some(
            (0..=args.to)
                .map(|heap| {
                    outcome
                        .get(heap)
                        .map(u64::from)
                        .ok_or(CliError::Incomplete { heap })
                })
                .collect::<Result<Vec<u64>, CliError>>()?,
        )
    };
    let status = match outcome.status {
        Status::Proven => "proven",
        Status::Complete => "complete",
        Status::Interrupted => "interrupted",
        Status::OutOfTime => "out of time",
    };
    match args.format {
        Format::Json => print_json(&TakeBreakJson {
            game: game.description(),
            title: game.title(),
            values,
            period: outcome.periodicity.map(|found| PeriodJson {
                preperiod: found.preperiod,
                period: found.period,
                saltus: 0,
                proven: found.proven,
                theorem: found.theorem.map(|theorem| theorem.name()),
                examined: found.examined,
            }),
            to: args.to,
            computed: outcome.table.len() as u64,
            method: args.method.method().name().to_string(),
            status: status.to_string(),
            max_value: stats.max_value,
            rare_mask: stats.rare_mask,
            rare_position_parity: stats.rare_position,
            rare_count: stats.rare_count,
            last_rare: stats.last_rare,
            full_scans: stats.full_scans,
            checksum,
            bytes_per_value: outcome.table.bytes_per_value(),
            seconds,
        }),
        Format::Csv => {
            let Some(values) = values else {
                return Err(CliError::Usage(
                    "--summary has no CSV form; use --format text or json".to_string(),
                ));
            };
            let mut text = format!("n,{}\n", csv_field("grundy"));
            for (heap, value) in values.iter().enumerate() {
                text.push_str(&format!("{heap},{value}\n"));
            }
            print_text(&text)
        }
        Format::Text => {
            let mut text = match &values {
                Some(values) => render_text(&game.title(), values, outcome.periodicity, None),
                None => format!(
                    "{}: g(n) for n = 0..{}\n{}\n",
                    game.title(),
                    args.to,
                    match outcome.periodicity {
                        Some(found) => format!("Periodic: {found}."),
                        None => "Period: none found in the values computed.".to_string(),
                    }
                ),
            };
            text.push_str(&format!(
                "Computed g(0..{}) in {seconds:.3} s ({} byte{} per value, method {}); largest value {}.\n",
                outcome.table.len(),
                outcome.table.bytes_per_value(),
                if outcome.table.bytes_per_value() == 1 { "" } else { "s" },
                args.method.method().name(),
                stats.max_value
            ));
            if stats.rare_mask != 0 || stats.rare_position.is_some() {
                let class = RareClass {
                    mask: stats.rare_mask,
                    position: stats.rare_position,
                };
                let rule = match class.position {
                    None => format!("even parity under mask {:#x}", class.mask),
                    Some(0) => format!(
                        "parity under mask {:#x} equal to the parity of n",
                        class.mask
                    ),
                    Some(offset) => format!(
                        "parity under mask {:#x} equal to the parity of n − {offset}",
                        class.mask
                    ),
                };
                text.push_str(&format!(
                    "Rare values ({rule}): {} positions, the last at {}.\n",
                    stats.rare_count,
                    stats
                        .last_rare
                        .map_or("-".to_string(), |last| last.to_string())
                ));
            }
            if let Some(checksum) = &checksum {
                text.push_str(&format!("Checksum of g(0..={}): {checksum}\n", args.to));
            }
            print_text(&text)
        }
    }
}
