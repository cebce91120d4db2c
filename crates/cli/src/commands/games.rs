//! `sprague games`: every game of the catalogue with its syntax and an example.

use serde::Serialize;
use sprague_games::all_entries;

use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague games`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Serialize)]
struct GameJson {
    name: &'static str,
    syntax: &'static str,
    example: &'static str,
    rule: &'static str,
    values: bool,
}

/// Lists the catalogue.
pub fn run(args: &Args) -> Result<(), CliError> {
    match args.format {
        Format::Json => {
            let games: Vec<GameJson> = all_entries()
                .map(|entry| GameJson {
                    name: entry.name,
                    syntax: entry.syntax,
                    example: entry.example,
                    rule: entry.rule,
                    values: entry.has_values,
                })
                .collect();
            print_json(&serde_json::json!({ "games": games }))
        }
        Format::Csv => {
            let mut text = String::from("name,syntax,example,rule\n");
            for entry in all_entries() {
                let fields = [entry.name, entry.syntax, entry.example, entry.rule];
                let quoted: Vec<String> = fields.iter().map(|field| csv_field(field)).collect();
                text.push_str(&quoted.join(","));
                text.push('\n');
            }
            print_text(&text)
        }
        Format::Text => {
            let width = all_entries()
                .map(|entry| entry.syntax.len())
                .max()
                .unwrap_or(0);
            let mut text =
                String::from("Games (a position is a list of components, e.g. heap sizes):\n\n");
            for entry in all_entries() {
                text.push_str(&format!("  {:width$}  {}\n", entry.syntax, entry.rule));
                text.push_str(&format!("  {:width$}  e.g. {}\n", "", entry.example));
            }
            print_text(&text)
        }
    }
}

/// A CSV field, quoted when it needs to be.
pub fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}
