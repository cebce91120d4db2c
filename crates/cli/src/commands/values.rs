//! `sprague values GAME --to N`: the Sprague–Grundy values g(0..=N) of a
//! one-heap family, with the period found and whether it is proven.
//!
//! Take-and-break games (octal and hexadecimal codes, Grundy's game) run on
//! the engine of `sprague-takebreak`: `--method`, `--no-period`, a progress bar
//! (`indicatif`) on a terminal or with `--progress`, Ctrl-C (the `ctrlc` crate
//! sets a flag the sweep checks) and checkpoints (`--checkpoint FILE`,
//! `--resume`, `--force`). The run control (resume, checkpoints, the checks
//! that keep a file from being lost) is the library's
//! [`sprague_takebreak::session`], the JSON answer its
//! [`sprague_takebreak::record::ValuesRecord`]; this module is the face.

use sprague_engine::Periodicity;
use sprague_games::playable::check_values_work;
use sprague_games::record::FamilyValuesRecord;
use sprague_games::{parse_game, PlayableGame};
use sprague_takebreak::record::ValuesRecord;
use sprague_takebreak::session::{self, values_config, Checkpointing, RunRecord};
use sprague_takebreak::{Config, Method, RareClass, Status, TakeBreak};

use crate::commands::games::csv_field;
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};
use crate::progress::Progress;

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
    /// Take-and-break games: overwrite the --checkpoint FILE even when it is not a checkpoint
    /// of this game. Other games: compute even when the sweep visits more options than its
    /// limit (2^32, about a minute).
    #[arg(long)]
    pub force: bool,
    /// Threads of the rare/common sweep (0: all cores, as for survey and ipd tournament): a second one confirms the values the sweep proposes, and stands aside when it has no core of its own; the values do not depend on it.
    #[arg(long, default_value_t = 0)]
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

/// Reads a heap bound: `1000`, `2^30`, `10^6`, `1e6`, `1_000_000` (see
/// [`sprague_games::record::parse_heap_bound`]).
pub fn parse_heap_bound(text: &str) -> Result<u64, String> {
    sprague_games::record::parse_heap_bound(text)
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
    check_values_work(game.as_ref(), args.to, args.force)?;
    let bar = Progress::new(args.progress, Some(args.to.saturating_add(1)), "values");
    // Ctrl-C ends this command from the handler (it watches no flag).
    let values = game.values_observed(args.to, &mut |computed| {
        bar.update(computed, None, &String::new);
        std::ops::ControlFlow::Continue(())
    })?;
    bar.finish();
    let record = FamilyValuesRecord::new(game.as_ref(), &values, args.to)?;
    let table = &record.values;
    let closed_form = record.closed_form.clone();
    match args.format {
        Format::Json if args.summary => {
            let mut json = serde_json::to_value(&record)?;
            if let Some(fields) = json.as_object_mut() {
                fields.remove("values");
                fields.insert("max_value".to_string(), table.iter().max().copied().into());
            }
            print_json(&json)
        }
        Format::Json => print_json(&record),
        Format::Csv if args.summary => Err(CliError::Usage(
            "--summary has no CSV form; use --format text or json".to_string(),
        )),
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
                table,
                periodicity,
                arithmetic.map(|found| found.period),
                !args.summary,
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

/// The text answer: the title, the table of values (unless `with_table` is
/// false: `--summary`, which says the largest value instead), the period or
/// its absence, the P-positions.
fn render_text(
    title: &str,
    table: &[u64],
    periodicity: Option<Periodicity>,
    arithmetic_period: Option<u64>,
    with_table: bool,
) -> String {
    let last = table.len().saturating_sub(1);
    let mut text = format!("{title}: g(n) for n = 0..{last}\n\n");
    if with_table {
        push_table(&mut text, table, periodicity, arithmetic_period);
    } else if let Some(max) = table.iter().max() {
        text.push_str(&format!("Largest value: {max}.\n"));
    }
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

/// The table of values in rows as long as a short period, then a blank line.
fn push_table(
    text: &mut String,
    table: &[u64],
    periodicity: Option<Periodicity>,
    arithmetic_period: Option<u64>,
) {
    let last = table.len().saturating_sub(1);
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
}

/// The face of a take-and-break run: the run control is the library's
/// ([`sprague_takebreak::session`]), the answer its record
/// ([`ValuesRecord`]); here are the Ctrl-C handler, the progress bar or lines
/// and the printing.
fn run_take_break(args: &Args, game: &dyn PlayableGame, rule: &TakeBreak) -> Result<(), CliError> {
    use std::time::Duration;

    if args.resume && args.checkpoint.is_none() {
        return Err(CliError::Usage(
            "--resume needs --checkpoint FILE naming the checkpoint to continue from".to_string(),
        ));
    }
    if args.force && args.checkpoint.is_none() {
        return Err(CliError::Usage(
            "--force needs --checkpoint FILE naming the file it may overwrite".to_string(),
        ));
    }
    let plan = args.checkpoint.as_ref().map(|path| Checkpointing {
        path: path.clone(),
        resume: args.resume,
        force: args.force,
        every: Duration::from_secs(args.checkpoint_every.max(1)),
    });
    let stop = crate::interrupt::ctrl_c_flag();
    let bar = Progress::new(args.progress, Some(args.to.saturating_add(1)), "values");
    let config = Config {
        stop_when_proven: !args.no_period,
        method: args.method.method(),
        threads: sprague_takebreak::survey::thread_count(args.threads),
        ..values_config(args.to)
    };
    let record = session::run(rule, config, plan.as_ref(), &stop, &mut |progress| {
        let message = format!(
            "max {} rare {} ({})",
            progress.max_value,
            progress.rare_count,
            RareClass {
                mask: progress.rare_mask,
                position: progress.rare_position,
            }
        );
        bar.update(progress.computed, Some(progress.target + 1), &|| {
            message.clone()
        });
    })?;
    bar.finish();
    if record.status() == Status::Interrupted {
        return Err(CliError::Interrupted {
            computed: record.computed(),
            checkpoint: record
                .checkpoint
                .as_ref()
                .map(|path| path.display().to_string()),
            checkpoint_error: record.checkpoint_error.as_ref().map(ToString::to_string),
        });
    }
    let answer = ValuesRecord::new(&record, game.description(), game.title(), !args.summary)?;
    print_take_break(args, &record, &answer)?;
    // The values are out; a checkpoint that could not be written is reported after them.
    match record.checkpoint_error {
        Some(error) => Err(CliError::CheckpointNotWritten(error)),
        None => Ok(()),
    }
}

/// Prints the answer of a take-and-break run as text, CSV or JSON.
fn print_take_break(
    args: &Args,
    record: &RunRecord,
    answer: &ValuesRecord,
) -> Result<(), CliError> {
    match args.format {
        Format::Json => print_json(answer),
        Format::Csv => {
            let Some(values) = &answer.values else {
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
            let outcome = &record.outcome;
            let stats = outcome.stats;
            let mut text = match &answer.values {
                Some(values) => render_text(&answer.title, values, outcome.periodicity, None, true),
                None => format!(
                    "{}: g(n) for n = 0..{}\n{}\n",
                    answer.title,
                    answer.to,
                    match outcome.periodicity {
                        Some(found) => format!("Periodic: {found}."),
                        None => "Period: none found in the values computed.".to_string(),
                    }
                ),
            };
            text.push_str(&format!(
                "Computed g(0..{}) in {:.3} s ({} byte{} per value, method {}); largest value {}.\n",
                answer.computed,
                answer.seconds,
                answer.bytes_per_value,
                if answer.bytes_per_value == 1 { "" } else { "s" },
                answer.method,
                answer.max_value
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
            if let Some(checksum) = &answer.checksum {
                text.push_str(&format!("Checksum of g(0..={}): {checksum}\n", answer.to));
            }
            print_text(&text)
        }
    }
}
