//! `sprague survey 0.??`: every octal code of a shape, classified (trivial,
//! periodic with preperiod and period, or unsolved within the budget), with
//! equivalent games grouped: identical values (`same as`) and values equal up
//! to a shift of heap sizes (`group`: g(n + k) = g_rep(n), proven or observed
//! on the computed range; see `sprague_takebreak::equivalence`). With
//! `--misere`, a misère column: each code's misère quotient within a budget
//! (`sprague_misere::survey`).

use std::time::{Duration, Instant};

use serde::Serialize;
use sprague_misere::survey::{
    misere_column, MisereColumn, MisereStatus, MAX_SURVEY_HEAPS, SURVEY_HEAPS, SURVEY_LIMITS,
};
use sprague_takebreak::equivalence::Evidence;
use sprague_takebreak::record::{survey_code_list, SurveyRowRecord};
use sprague_takebreak::survey::survey_codes_observed;

use crate::commands::values::parse_heap_bound;
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};
use crate::progress::Progress;

/// Arguments of `sprague survey`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Codes with '?' for every digit to vary, e.g. 0.?? or 4.???; several
    /// patterns (or plain codes) are surveyed together and grouped across families.
    #[arg(required = true, value_name = "PATTERN")]
    pub patterns: Vec<String>,
    /// Values computed per game at most while trying to prove its period: the default
    /// budget, reproducible on any machine (raise it, e.g. 2^20, to prove longer periods).
    /// (The library's `survey::DEFAULT_BUDGET`; a test checks the two agree.)
    #[arg(long, default_value = "2^18", value_parser = parse_heap_bound)]
    pub budget: u64,
    /// Seconds per game at most (no limit by default: the --budget of values decides,
    /// so the table does not depend on the machine's speed or load).
    #[arg(long)]
    pub seconds: Option<f64>,
    /// Games computed at once (0: all cores); the table does not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Add a misère column: each code's misère quotient (Plambeck–Siegel), its order
    /// proven, or reached when a limit stops it (opt-in: it costs far more than the
    /// normal-play values).
    #[arg(long)]
    pub misere: bool,
    /// Heaps of the misère column's quotients at most (fewer once a period is proven).
    #[arg(long, default_value_t = SURVEY_HEAPS, value_name = "N")]
    pub misere_heaps: u64,
    /// Show progress on stderr (values computed of the budget over all games, games done, a
    /// game running) even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// A row with its misère column (`--misere`).
#[derive(Serialize)]
struct RowJson<'a> {
    #[serde(flatten)]
    row: &'a SurveyRowRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    misere: Option<&'a MisereColumn>,
}

/// The misère column of every code, computed on `threads` threads (the column
/// does not depend on it).
fn misere_columns(
    codes: &[String],
    heaps: u64,
    threads: usize,
) -> Result<Vec<MisereColumn>, CliError> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    let work = || loop {
        let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let Some(code) = codes.get(index) else {
            break;
        };
        let column = misere_column(code, heaps, SURVEY_LIMITS);
        if let Ok(mut results) = results.lock() {
            results.push((index, column));
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads.clamp(1, 64) {
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|(index, _)| *index);
    results
        .into_iter()
        .map(|(_, column)| column.map_err(|e| CliError::from(sprague_games::GameError::from(e))))
        .collect()
}

/// The group column of the text and CSV tables: empty for a representative.
fn group_note(row: &SurveyRowRecord) -> String {
    match (row.equivalence, row.compared) {
        (Some(word), _) if word == Evidence::Proven.word() => {
            format!("{} (shift {}, proven)", row.group, row.shift)
        }
        (Some(_), Some(compared)) => format!(
            "{} (shift {}, agree on {compared} values)",
            row.group, row.shift
        ),
        _ => String::new(),
    }
}

/// The longest time budget per code: beyond it a deadline is no limit at all
/// (and past about 10^19 seconds it cannot even be represented).
const MAX_SECONDS: f64 = sprague_takebreak::survey::MAX_TIME.as_secs() as f64;

/// Runs the survey and prints the table.
pub fn run(args: &Args) -> Result<(), CliError> {
    let seconds = args.seconds.unwrap_or(MAX_SECONDS);
    if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
        // 1e300 as typed, not as its 301 digits.
        let given = if seconds.abs() >= 1e9 {
            format!("{seconds:e}")
        } else {
            format!("{seconds}")
        };
        return Err(CliError::Usage(format!(
            "--seconds must be a positive number of seconds up to {MAX_SECONDS} (11 days), not {given}"
        )));
    }
    if args.misere && !(1..=MAX_SURVEY_HEAPS).contains(&args.misere_heaps) {
        return Err(CliError::Usage(format!(
            "--misere-heaps must be between 1 and {MAX_SURVEY_HEAPS}, not {}",
            args.misere_heaps
        )));
    }
    let threads = sprague_takebreak::survey::thread_count(args.threads);
    let started = Instant::now();
    let codes = survey_code_list(&args.patterns).map_err(sprague_games::GameError::from)?;
    // Values of the budget, summed over the games (a game that ends early counts whole), so
    // the line moves within a game too.
    let total_values = (codes.len() as u64).saturating_mul(args.budget);
    let bar = Progress::new(args.progress, Some(total_values), "values");
    let rows = survey_codes_observed(
        &codes,
        args.budget,
        Duration::from_secs_f64(seconds),
        threads,
        &|progress| {
            bar.update(progress.values, None, &|| {
                format!(
                    "{} of {} games done, running {}",
                    progress.done, progress.total, progress.current
                )
            })
        },
    )
    .map_err(sprague_games::GameError::from)?;
    bar.finish();
    let json: Vec<SurveyRowRecord> = rows.iter().map(SurveyRowRecord::of).collect();
    let misere = if args.misere {
        let codes: Vec<String> = json.iter().map(|row| row.code.clone()).collect();
        Some(misere_columns(&codes, args.misere_heaps, threads)?)
    } else {
        None
    };
    let total = started.elapsed().as_secs_f64();
    let misere_of = |i: usize| misere.as_ref().and_then(|m| m.get(i));
    match args.format {
        Format::Json => {
            let rows: Vec<RowJson> = json
                .iter()
                .enumerate()
                .map(|(i, row)| RowJson {
                    row,
                    misere: misere_of(i),
                })
                .collect();
            print_json(&rows)
        }
        Format::Csv => {
            let mut text =
                "code,status,preperiod,period,max_value,rare_mask,computed,same_as,group,shift,equivalence,compared,rare_position_parity"
                    .to_string();
            if misere.is_some() {
                text.push_str(",misere_status,misere_order,misere_heaps,misere_preperiod,misere_period,misere_stopped_at");
            }
            text.push('\n');
            for (i, row) in json.iter().enumerate() {
                text.push_str(&format!(
                    "{},{},{},{},{},{:#x},{},{},{},{},{},{},{}",
                    row.code,
                    row.status,
                    optional(row.preperiod),
                    optional(row.period),
                    row.max_value,
                    row.rare_mask,
                    row.computed,
                    row.same_as.clone().unwrap_or_default(),
                    row.group,
                    row.shift,
                    row.equivalence.unwrap_or_default(),
                    optional(row.compared),
                    optional(row.rare_position_parity.map(u64::from))
                ));
                if let Some(m) = misere_of(i) {
                    text.push_str(&format!(
                        ",{},{},{},{},{},{}",
                        status_word(m),
                        m.order,
                        m.heaps,
                        optional(m.preperiod),
                        optional(m.period),
                        optional(m.stopped_at)
                    ));
                }
                text.push('\n');
            }
            print_text(&text)
        }
        Format::Text => {
            let mut text = format!(
                "{:<8} {:<9} {:>10} {:>10} {:>5} {:>9} {:>9}  {:<8} {}{}\n",
                "code",
                "status",
                "preperiod",
                "period",
                "max",
                "mask",
                "values",
                "same as",
                "group (g(n + shift) = g_group(n))",
                if misere.is_some() {
                    "  | misère quotient (order)"
                } else {
                    ""
                }
            );
            for (i, row) in json.iter().enumerate() {
                let group = group_note(row);
                let misere_cell = misere_of(i)
                    .map_or(String::new(), |m| format!("{:<34}  | {}", group, m.short()));
                text.push_str(&format!(
                    "{:<8} {:<9} {:>10} {:>10} {:>5} {:>9} {:>9}  {:<8} {}\n",
                    row.code,
                    row.status,
                    optional(row.preperiod),
                    optional(row.period),
                    row.max_value,
                    // "0xd n-1": rare when the parity of g(n) ∧ 0xd is that of n − 1.
                    match row.rare_position_parity {
                        None => format!("{:#x}", row.rare_mask),
                        Some(0) => format!("{:#x} n", row.rare_mask),
                        Some(offset) => format!("{:#x} n-{offset}", row.rare_mask),
                    },
                    row.computed,
                    row.same_as.clone().unwrap_or_default(),
                    if misere.is_some() { misere_cell } else { group }
                ));
            }
            let count = |word: &str| json.iter().filter(|row| row.status == word).count();
            let grouped = |word: &str| {
                json.iter()
                    .filter(|row| row.equivalence == Some(word))
                    .count()
            };
            text.push_str(&format!(
                "\n{} games: {} trivial, {} periodic, {} unsolved within {} values{} each; {} distinct; \
                 {} groups up to a shift ({} games joined, proven; {} on the computed range only); {total:.2} s in all.\n",
                json.len(),
                count("trivial"),
                count("periodic"),
                count("unsolved"),
                args.budget,
                args.seconds.map_or(String::new(), |s| format!(" / {s} s")),
                json.iter().filter(|row| row.same_as.is_none()).count(),
                json.iter().filter(|row| row.equivalence.is_none()).count(),
                grouped(Evidence::Proven.word()),
                grouped(Evidence::ComputedRange.word()),
            ));
            if let Some(columns) = &misere {
                let count =
                    |status: MisereStatus| columns.iter().filter(|m| m.status == status).count();
                text.push_str(&format!(
                    "Misère column (quotients of heaps up to {}, order ≤ {}, {} exact outcomes and {} check states per step): \
                     {} proven, {} computed to the last heap without a period, {} stopped by a limit.\n",
                    args.misere_heaps,
                    SURVEY_LIMITS.max_order,
                    SURVEY_LIMITS.max_outcomes,
                    SURVEY_LIMITS.max_states,
                    count(MisereStatus::Proven),
                    count(MisereStatus::Computed),
                    count(MisereStatus::Stopped),
                ));
            }
            print_text(&text)
        }
    }
}

/// The status word of a misère column (as in the JSON).
fn status_word(column: &MisereColumn) -> &'static str {
    match column.status {
        MisereStatus::Proven => "proven",
        MisereStatus::Computed => "computed",
        MisereStatus::Stopped => "stopped",
    }
}

fn optional(value: Option<u64>) -> String {
    value.map_or("-".to_string(), |value| value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: Args,
    }

    /// The command line's defaults are the library's (which the Python module uses too).
    #[test]
    fn the_defaults_are_the_library_defaults() {
        let parsed = Wrapper::parse_from(["survey", "0.?"]).args;
        assert_eq!(parsed.budget, sprague_takebreak::survey::DEFAULT_BUDGET);
        assert_eq!(parsed.seconds, None);
        assert_eq!(parsed.threads, 0);
    }
}
