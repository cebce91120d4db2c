//! `sprague values GAME --to N`: the Sprague–Grundy values g(0..=N) of a
//! one-heap family, with the period found and whether it is proven.

use serde::Serialize;
use sprague_engine::{check_allocation, Periodicity, Values};
use sprague_games::{parse_game, GameError};

use crate::commands::games::csv_field;
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague values`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. kayles, bash:3, subtraction:1,3,4, 0.07 (see `sprague games`).
    pub game: String,
    /// The largest heap to print.
    #[arg(long, default_value_t = 100)]
    pub to: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
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
}

/// Computes and prints the values.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = parse_game(&args.game)?;
    let values = game.values(args.to)?;
    let table = table(&values, args.to)?;
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
