//! `sprague games [GAME]`: the catalogue. Without a game, one line per game
//! (its short syntax and the start of its rule, within 100 columns); with a
//! game, everything about it (syntax, rule, example, whether `values` works,
//! other spellings). JSON and CSV carry the full texts.

use sprague_games::catalogue::{aliases_of, find_entry};
use sprague_games::record::{catalogue_record, game_record, syntaxes};
use sprague_games::{all_entries, CatalogueEntry};
use sprague_partizan::rules::catalogue as partizan;

use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// Arguments of `sprague games`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// One game to describe in full (a name, an alias, or a description such as bash:3).
    pub game: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The widest line of the text listing and of the details, in characters.
pub const COLUMNS: usize = 100;

/// The widest short syntax column of the listing.
const SYNTAX_COLUMN: usize = 26;

/// Lists the catalogue, or describes one game.
pub fn run(args: &Args) -> Result<(), CliError> {
    if let Some(entry) = args.game.as_deref().and_then(partizan::find) {
        return match args.format {
            Format::Json => print_json(&partizan_record(entry, true)),
            Format::Csv => print_text(&format!(
                "name,syntax,example,rule\n{}",
                partizan_csv(entry)
            )),
            Format::Text => print_text(&partizan_details(entry)),
        };
    }
    let entries: Vec<&'static CatalogueEntry> = match &args.game {
        Some(name) => vec![find_entry(name)?],
        None => all_entries().collect(),
    };
    match (args.format, args.game.is_some()) {
        (Format::Json, false) => {
            let mut record = catalogue_record();
            // The impartial entries stay as `sprague serve`'s /api/games gives them; the
            // partizan rulesets (not served yet) follow, marked `partizan: true`.
            if let Some(games) = record["games"].as_array_mut() {
                games.extend(
                    partizan::ENTRIES
                        .iter()
                        .map(|entry| partizan_record(entry, false)),
                );
            }
            print_json(&record)
        }
        (Format::Json, true) => print_json(&game_record(args.game.as_deref().unwrap_or_default())?),
        (Format::Csv, _) => {
            let mut text = String::from("name,syntax,example,rule\n");
            for entry in entries {
                let fields = [entry.name, entry.syntax, entry.example, entry.rule];
                let quoted: Vec<String> = fields.iter().map(|field| csv_field(field)).collect();
                text.push_str(&quoted.join(","));
                text.push('\n');
            }
            if args.game.is_none() {
                for entry in partizan::ENTRIES {
                    text.push_str(&partizan_csv(entry));
                }
            }
            print_text(&text)
        }
        (Format::Text, false) => print_text(&listing(&entries)),
        (Format::Text, true) => print_text(&details(
            entries[0],
            syntaxes(args.game.as_deref().unwrap_or_default(), entries[0]),
        )),
    }
}

/// One line per game: the short syntax and the rule cut to fit [`COLUMNS`]
/// (at a word boundary, with "…").
fn listing(entries: &[&'static CatalogueEntry]) -> String {
    let mut text = String::from(
        "Games (a position is a list of components, e.g. heap sizes; * = `sprague values` works):\n\n",
    );
    let rule_width = COLUMNS - (2 + SYNTAX_COLUMN + 2 + 2);
    for entry in entries {
        let syntax = short_syntax(entry.syntax, SYNTAX_COLUMN);
        let padding = SYNTAX_COLUMN.saturating_sub(syntax.chars().count());
        let mark = if entry.has_values { '*' } else { ' ' };
        text.push_str(&format!(
            "{mark} {syntax}{}  {}\n",
            " ".repeat(padding),
            cut(entry.rule, rule_width)
        ));
    }
    for entry in partizan::ENTRIES {
        let syntax = short_syntax(entry.name, SYNTAX_COLUMN);
        let padding = SYNTAX_COLUMN.saturating_sub(syntax.chars().count());
        text.push_str(&format!(
            "P {syntax}{}  {}\n",
            " ".repeat(padding),
            cut(entry.rule, rule_width)
        ));
    }
    text.push_str(
        "\n`sprague games GAME` prints the full rule, an example and the other spellings. P: partizan.\n",
    );
    text
}

/// A partizan ruleset's JSON object: the keys of an impartial game's, `partizan: true`,
/// and (for one game) how positions and moves are written.
fn partizan_record(entry: &partizan::Entry, full: bool) -> serde_json::Value {
    let mut object = serde_json::json!({
        "name": entry.name,
        "syntax": entry.name,
        "example": entry.example,
        "rule": entry.rule,
        "values": false,
        "aliases": entry.aliases,
        "partizan": true,
    });
    if full {
        object["position_syntax"] = serde_json::Value::String(entry.position.to_string());
        object["move_syntax"] = serde_json::Value::String(entry.moves.to_string());
    }
    object
}

/// A partizan ruleset's CSV row.
fn partizan_csv(entry: &partizan::Entry) -> String {
    let fields = [entry.name, entry.name, entry.example, entry.rule];
    let quoted: Vec<String> = fields.iter().map(|field| csv_field(field)).collect();
    format!("{}\n", quoted.join(","))
}

/// Everything about one partizan ruleset, wrapped to [`COLUMNS`].
fn partizan_details(entry: &partizan::Entry) -> String {
    let fields = [
        ("syntax", entry.name.to_string()),
        ("rule", entry.rule.to_string()),
        ("example", entry.example.to_string()),
        ("position", entry.position.to_string()),
        ("moves", entry.moves.to_string()),
        (
            "values",
            "a partizan game: sprague analyze gives its canonical form (sprague cgt reads it)"
                .to_string(),
        ),
        (
            "aliases",
            if entry.aliases.is_empty() {
                "none".to_string()
            } else {
                entry.aliases.join(", ")
            },
        ),
    ];
    labelled(entry.name, &fields)
}

/// A title and labelled fields, each wrapped to [`COLUMNS`].
fn labelled(name: &str, fields: &[(&str, String)]) -> String {
    let mut text = format!("{name}\n\n");
    let label_width = 10;
    for (label, value) in fields {
        let lines = wrap(value, COLUMNS - 2 - label_width);
        for (index, line) in lines.iter().enumerate() {
            let label = if index == 0 {
                format!("{label}:")
            } else {
                String::new()
            };
            text.push_str(&format!("  {label:label_width$}{line}\n"));
        }
    }
    text
}

/// Everything about one game, wrapped to [`COLUMNS`].
fn details(entry: &'static CatalogueEntry, (position, moves): (String, String)) -> String {
    let aliases = aliases_of(entry.name);
    let values = if entry.has_values {
        format!(
            "yes: sprague values {} --to N (a one-heap family)",
            entry.syntax.split(' ').next().unwrap_or(entry.name)
        )
    } else {
        "no (not a one-heap family); use sprague analyze".to_string()
    };
    let fields = [
        ("syntax", entry.syntax.to_string()),
        ("rule", entry.rule.to_string()),
        ("example", entry.example.to_string()),
        ("position", position),
        ("moves", moves),
        ("values", values),
        (
            "aliases",
            if aliases.is_empty() {
                "none".to_string()
            } else {
                aliases.join(", ")
            },
        ),
    ];
    labelled(entry.name, &fields)
}

/// The syntax within `width` characters: the longest prefix ending before
/// " or " or " (" that fits, else the syntax cut with "…".
fn short_syntax(syntax: &str, width: usize) -> String {
    if syntax.chars().count() <= width {
        return syntax.to_string();
    }
    let shortest_break = [" or ", " ("]
        .iter()
        .filter_map(|separator| syntax.find(separator))
        .min();
    match shortest_break {
        Some(end) if syntax[..end].chars().count() <= width => syntax[..end].to_string(),
        _ => cut(syntax, width),
    }
}

/// `text` within `width` characters: cut at a word boundary with "…" when longer.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut line = String::new();
    for word in text.split(' ') {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed + 1 > width {
            break;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.is_empty() {
        // One word longer than the width: cut inside it.
        line = text.chars().take(width.saturating_sub(1)).collect();
    }
    let line = line.trim_end_matches([',', ':', ';']);
    format!("{line}…")
}

/// `text` in lines of at most `width` characters, broken between words
/// (a word longer than the width is split).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(word.drain(..width).collect());
        }
        let word: String = word.into_iter().collect();
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// A CSV field, quoted when it needs to be.
pub fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_and_wrap_stay_within_the_width() {
        assert_eq!(
            cut("take any positive number", 100),
            "take any positive number"
        );
        assert_eq!(cut("take any positive number", 15), "take any…");
        assert_eq!(cut("abcdefghij", 5), "abcd…");
        let lines = wrap("one two three four five six", 9);
        assert_eq!(lines, ["one two", "three", "four five", "six"]);
        assert!(wrap(&"x".repeat(25), 10)
            .iter()
            .all(|line| line.chars().count() <= 10));
    }

    #[test]
    fn short_syntax_drops_the_alternatives() {
        assert_eq!(
            short_syntax("octal:D0.D1D2... or a bare code such as 0.07 or 4.7", 24),
            "octal:D0.D1D2..."
        );
        assert_eq!(
            short_syntax("bash:M or bash:P..Q", 24),
            "bash:M or bash:P..Q"
        );
    }

    #[test]
    fn every_line_fits_in_100_columns() {
        let entries: Vec<_> = all_entries().collect();
        let mut text = listing(&entries);
        for entry in &entries {
            text.push_str(&details(entry, syntaxes(entry.name, entry)));
        }
        for entry in partizan::ENTRIES {
            text.push_str(&partizan_details(entry));
        }
        for line in text.lines() {
            assert!(line.chars().count() <= COLUMNS, "{line}");
        }
    }
}
