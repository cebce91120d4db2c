//! `sprague survey 0.??`: every octal code of a shape, classified (trivial,
//! periodic with preperiod and period, or unsolved within the budget), with
//! equivalent games grouped: identical values (`same as`) and values equal up
//! to a shift of heap sizes (`group`: g(n + k) = g_rep(n), proven or observed
//! on the computed range; see `sprague_takebreak::equivalence`).

use std::time::{Duration, Instant};

use serde::Serialize;
use sprague_takebreak::equivalence::Evidence;
use sprague_takebreak::survey::{codes as survey_codes_of, survey_codes};
use sprague_takebreak::TakeBreak;

use crate::commands::values::parse_heap_bound;
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague survey`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Codes with '?' for every digit to vary, e.g. 0.?? or 4.???; several
    /// patterns (or plain codes) are surveyed together and grouped across families.
    #[arg(required = true, value_name = "PATTERN")]
    pub patterns: Vec<String>,
    /// Values computed per game at most while trying to prove its period (e.g. 2^20).
    #[arg(long, default_value = "2^20", value_parser = parse_heap_bound)]
    pub budget: u64,
    /// Seconds per game at most.
    #[arg(long, default_value_t = 10.0)]
    pub seconds: f64,
    /// Games computed at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Serialize)]
struct RowJson {
    code: String,
    status: String,
    preperiod: Option<u64>,
    period: Option<u64>,
    max_value: u32,
    rare_mask: u32,
    /// `null`, or t: the parity of the position n + t counts in the rare class.
    rare_position_parity: Option<u32>,
    computed: u64,
    same_as: Option<String>,
    seconds: f64,
    /// The representative of the game's group up to a shift (the game itself if it represents it).
    group: String,
    /// k: g(n + k) = g_group(n); 0 for the representative.
    shift: u64,
    /// "proven", "computed range", or null for the representative.
    equivalence: Option<&'static str>,
    /// Values of the representative compared; null for the representative.
    compared: Option<u64>,
}

impl RowJson {
    /// The group column of the text and CSV tables: empty for a representative.
    fn group_note(&self) -> String {
        match (self.equivalence, self.compared) {
            (Some(word), _) if word == Evidence::Proven.word() => {
                format!("{} (shift {}, proven)", self.group, self.shift)
            }
            (Some(_), Some(compared)) => format!(
                "{} (shift {}, agree on {compared} values)",
                self.group, self.shift
            ),
            _ => String::new(),
        }
    }
}

/// The longest time budget per code: beyond it a deadline is no limit at all
/// (and past about 10^19 seconds it cannot even be represented).
const MAX_SECONDS: f64 = 1e6;

/// Runs the survey and prints the table.
pub fn run(args: &Args) -> Result<(), CliError> {
    if !(args.seconds > 0.0 && args.seconds <= MAX_SECONDS) {
        return Err(CliError::Usage(format!(
            "--seconds must be a positive number of seconds up to {MAX_SECONDS} (11 days), not {}",
            args.seconds
        )));
    }
    let started = Instant::now();
    let mut codes: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for pattern in &args.patterns {
        for code in survey_codes_of(pattern).map_err(sprague_games::GameError::from)? {
            // 0.070 in 0.??? and 0.07 in 0.?? are the same game: survey it once.
            let rule = TakeBreak::octal(&code).map_err(sprague_games::GameError::from)?;
            if seen.insert(rule.to_string()) {
                codes.push(code);
            }
        }
    }
    let rows = survey_codes(
        &codes,
        args.budget,
        Duration::from_secs_f64(args.seconds),
        args.threads,
    )
    .map_err(sprague_games::GameError::from)?;
    let total = started.elapsed().as_secs_f64();
    let json: Vec<RowJson> = rows
        .iter()
        .map(|row| RowJson {
            code: row.code.clone(),
            status: row.verdict.word().to_string(),
            preperiod: row.preperiod,
            period: row.period,
            max_value: row.max_value,
            rare_mask: row.rare_mask,
            rare_position_parity: row.rare_position,
            computed: row.computed,
            same_as: row.same_as.clone(),
            seconds: row.elapsed.as_secs_f64(),
            group: row
                .equivalent_to
                .as_ref()
                .map_or_else(|| row.code.clone(), |found| found.code.clone()),
            shift: row.equivalent_to.as_ref().map_or(0, |found| found.shift),
            equivalence: row
                .equivalent_to
                .as_ref()
                .map(|found| found.evidence.word()),
            compared: row.equivalent_to.as_ref().map(|found| found.compared),
        })
        .collect();
    match args.format {
        Format::Json => print_json(&json),
        Format::Csv => {
            let mut text =
                "code,status,preperiod,period,max_value,rare_mask,computed,same_as,group,shift,equivalence,compared,rare_position_parity\n"
                    .to_string();
            for row in &json {
                text.push_str(&format!(
                    "{},{},{},{},{},{:#x},{},{},{},{},{},{},{}\n",
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
            }
            print_text(&text)
        }
        Format::Text => {
            let mut text = format!(
                "{:<8} {:<9} {:>10} {:>10} {:>5} {:>9} {:>9}  {:<8} {}\n",
                "code",
                "status",
                "preperiod",
                "period",
                "max",
                "mask",
                "values",
                "same as",
                "group (g(n + shift) = g_group(n))"
            );
            for row in &json {
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
                    row.group_note()
                ));
            }
            let count = |word: &str| json.iter().filter(|row| row.status == word).count();
            let grouped = |word: &str| {
                json.iter()
                    .filter(|row| row.equivalence == Some(word))
                    .count()
            };
            text.push_str(&format!(
                "\n{} games: {} trivial, {} periodic, {} unsolved within {} values / {} s each; {} distinct; \
                 {} groups up to a shift ({} games joined, proven; {} on the computed range only); {total:.2} s in all.\n",
                json.len(),
                count("trivial"),
                count("periodic"),
                count("unsolved"),
                args.budget,
                args.seconds,
                json.iter().filter(|row| row.same_as.is_none()).count(),
                json.iter().filter(|row| row.equivalence.is_none()).count(),
                grouped(Evidence::Proven.word()),
                grouped(Evidence::ComputedRange.word()),
            ));
            print_text(&text)
        }
    }
}

fn optional(value: Option<u64>) -> String {
    value.map_or("-".to_string(), |value| value.to_string())
}
