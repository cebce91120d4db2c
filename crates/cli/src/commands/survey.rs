//! `sprague survey 0.??`: every octal code of a shape, classified (trivial,
//! periodic with preperiod and period, or unsolved within the budget), with
//! equivalent games grouped.

use std::time::{Duration, Instant};

use serde::Serialize;
use sprague_takebreak::survey::survey;

use crate::commands::values::parse_heap_bound;
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague survey`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A code with '?' for every digit to vary, e.g. 0.?? or 4.???.
    pub pattern: String,
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
}

/// Runs the survey and prints the table.
pub fn run(args: &Args) -> Result<(), CliError> {
    if !(args.seconds > 0.0 && args.seconds.is_finite()) {
        return Err(CliError::Usage(format!(
            "--seconds must be a positive number of seconds, not {}",
            args.seconds
        )));
    }
    let started = Instant::now();
    let rows = survey(
        &args.pattern,
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
        })
        .collect();
    match args.format {
        Format::Json => print_json(&json),
        Format::Csv => {
            let mut text =
                "code,status,preperiod,period,max_value,rare_mask,computed,same_as,rare_position_parity\n"
                    .to_string();
            for row in &json {
                text.push_str(&format!(
                    "{},{},{},{},{},{:#x},{},{},{}\n",
                    row.code,
                    row.status,
                    optional(row.preperiod),
                    optional(row.period),
                    row.max_value,
                    row.rare_mask,
                    row.computed,
                    row.same_as.clone().unwrap_or_default(),
                    optional(row.rare_position_parity.map(u64::from))
                ));
            }
            print_text(&text)
        }
        Format::Text => {
            let mut text = format!(
                "{:<8} {:<9} {:>10} {:>10} {:>5} {:>9} {:>9}  {}\n",
                "code", "status", "preperiod", "period", "max", "mask", "values", "same as"
            );
            for row in &json {
                text.push_str(&format!(
                    "{:<8} {:<9} {:>10} {:>10} {:>5} {:>9} {:>9}  {}\n",
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
                    row.same_as.clone().unwrap_or_default()
                ));
            }
            let count = |word: &str| json.iter().filter(|row| row.status == word).count();
            text.push_str(&format!(
                "\n{} games: {} trivial, {} periodic, {} unsolved within {} values / {} s each; {} distinct; {total:.2} s in all.\n",
                json.len(),
                count("trivial"),
                count("periodic"),
                count("unsolved"),
                args.budget,
                args.seconds,
                json.iter().filter(|row| row.same_as.is_none()).count(),
            ));
            print_text(&text)
        }
    }
}

fn optional(value: Option<u64>) -> String {
    value.map_or("-".to_string(), |value| value.to_string())
}
