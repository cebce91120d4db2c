//! Partizan rulesets in `sprague analyze` and `sprague games`: Domineering,
//! Blue-Red Hackenbush, Toads and Frogs, Clobber, Cutcake, Col and Snort, read
//! and solved by `sprague_partizan::rules::catalogue`. `analyze` tries them by
//! name before the impartial catalogue, so every impartial game behaves as
//! before; `hackenbush` stays Green Hackenbush unless its position is written
//! in colours (`BRB`, `0-1:b`), which Green Hackenbush never accepts.

use serde::Serialize;
use sprague_partizan::rules::catalogue::{self, Analysis, Entry, Move};
use sprague_partizan::GameStore;

use crate::commands::cgt::{computing, outcome_sentence, sentence};
use crate::error::CliError;
use crate::output::{print_json, print_text, Style};

/// The partizan ruleset a game name and position ask for, if any.
pub fn requested(game: &str, position: &[String]) -> Option<&'static Entry> {
    if let Some(entry) = catalogue::find(game) {
        return Some(entry);
    }
    let coloured = |word: &String| {
        word.contains(':')
            || (!word.is_empty()
                && word
                    .chars()
                    .all(|c| matches!(c.to_ascii_uppercase(), 'B' | 'R' | 'L')))
    };
    if game.eq_ignore_ascii_case("hackenbush")
        && !position.is_empty()
        && position.iter().all(coloured)
    {
        return catalogue::find("blue-red-hackenbush");
    }
    None
}

/// The position words as the ruleset reads them: cakes joined by `+`, strings and
/// edges by spaces; a board is one word.
fn position_text(entry: &Entry, position: &[String]) -> Result<String, CliError> {
    match entry.name {
        "cutcake" => Ok(position.join(" + ")),
        "blue-red-hackenbush" | "col" | "snort" => Ok(position.join(" ")),
        _ => match position {
            [one] => Ok(one.clone()),
            _ => Err(CliError::Usage(format!(
                "{} takes one position (a board such as {}), not {} words",
                entry.name,
                entry.example.rsplit(' ').next().unwrap_or_default(),
                position.len()
            ))),
        },
    }
}

/// Reads and analyses a position of a partizan ruleset.
pub fn analysis(
    store: &mut GameStore,
    entry: &'static Entry,
    position: &[String],
) -> Result<Analysis, CliError> {
    let text = position_text(entry, position)?;
    catalogue::analyze(store, entry.name, &text).map_err(|error| match error {
        sprague_partizan::GameError::InvalidPosition(_) | sprague_partizan::GameError::Parse(_) => {
            CliError::Usage(format!(
                "'{}' is not a {} position: {}",
                sprague_textfile::quote::quoted(&text),
                entry.name,
                sentence(&error).trim_start_matches("invalid position: ")
            ))
        }
        other => computing(other),
    })
}

/// One move in JSON.
#[derive(Debug, Serialize)]
pub struct MoveRecord {
    /// The move in the ruleset's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// In words.
    pub description: String,
    /// The position it leads to (the input syntax).
    pub to: String,
    /// That position's canonical form.
    pub value: String,
}

impl MoveRecord {
    fn new(store: &mut GameStore, m: &Move) -> MoveRecord {
        MoveRecord {
            notation: m.notation.clone(),
            description: m.description.clone(),
            to: m.position.clone(),
            value: store.display(m.value),
        }
    }
}

/// `sprague analyze RULESET POSITION --format json` for a partizan ruleset.
#[derive(Debug, Serialize)]
pub struct PartizanRecord {
    /// The ruleset's name.
    pub game: &'static str,
    /// The position as read.
    pub position: String,
    /// Its canonical form (CGSuite's syntax; `sprague cgt` reads it).
    pub canonical_form: String,
    /// L, R, P or N.
    pub outcome: String,
    /// The outcome in words.
    pub outcome_explanation: String,
    /// The mean value (exact).
    pub mean: String,
    /// The temperature (exact).
    pub temperature: String,
    /// How many moves Left has.
    pub left_moves: usize,
    /// How many moves Right has.
    pub right_moves: usize,
    /// Left's winning moves: to positions of value ≥ 0 (Left wins them moving second).
    pub left_winning_moves: Vec<MoveRecord>,
    /// Right's winning moves: to positions of value ≤ 0.
    pub right_winning_moves: Vec<MoveRecord>,
}

impl PartizanRecord {
    /// The record of an analysis.
    pub fn new(store: &mut GameStore, a: &Analysis) -> Result<PartizanRecord, CliError> {
        let outcome = store.outcome(a.value);
        let mean = store.mean(a.value).map_err(computing)?;
        let temperature = store.temperature(a.value).map_err(computing)?;
        let winning = |store: &mut GameStore, moves: &[Move]| {
            moves
                .iter()
                .filter(|m| m.winning)
                .map(|m| MoveRecord::new(store, m))
                .collect()
        };
        Ok(PartizanRecord {
            game: a.entry.name,
            position: a.position.clone(),
            canonical_form: store.display(a.value),
            outcome: outcome.to_string(),
            outcome_explanation: outcome_sentence(outcome).to_string(),
            mean: mean.to_string(),
            temperature: temperature.to_string(),
            left_moves: a.left.len(),
            right_moves: a.right.len(),
            left_winning_moves: winning(store, &a.left),
            right_winning_moves: winning(store, &a.right),
        })
    }

    fn text(&self, entry: &Entry) -> String {
        let mut text = format!(
            "{}, position {}\n\n",
            title(entry.name),
            if self.position.is_empty() {
                "(empty)"
            } else {
                &self.position
            }
        );
        text.push_str(&format!("Value: {}\n", self.canonical_form));
        text.push_str(&format!(
            "Outcome: {} — {}.\n",
            self.outcome, self.outcome_explanation
        ));
        text.push_str(&format!(
            "Mean {}, temperature {}.\n",
            self.mean, self.temperature
        ));
        for (player, total, moves) in [
            ("Left", self.left_moves, &self.left_winning_moves),
            ("Right", self.right_moves, &self.right_winning_moves),
        ] {
            let plural = if total == 1 { "move" } else { "moves" };
            if moves.is_empty() {
                text.push_str(&format!(
                    "\n{player} ({total} {plural}): no winning move{}.\n",
                    if total == 0 {
                        ""
                    } else {
                        ", every move leaves a position the opponent wins moving first"
                    }
                ));
                continue;
            }
            text.push_str(&format!(
                "\n{player} ({total} {plural}), winning moves ({}):\n",
                moves.len()
            ));
            let width = moves
                .iter()
                .map(|m| m.notation.chars().count())
                .max()
                .unwrap_or(0);
            for m in moves {
                let pad = width - m.notation.chars().count();
                text.push_str(&format!(
                    "  {}{}  {}  →  {}  (value {})\n",
                    m.notation,
                    " ".repeat(pad),
                    m.description,
                    if m.to.is_empty() { "(empty)" } else { &m.to },
                    m.value
                ));
            }
        }
        text
    }
}

/// The ruleset's name as a title: `toads-and-frogs` → `Toads and Frogs`.
pub fn title(name: &str) -> String {
    match name {
        "blue-red-hackenbush" => "Blue-Red Hackenbush".to_string(),
        "toads-and-frogs" => "Toads and Frogs".to_string(),
        other => {
            let mut chars = other.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

/// `sprague analyze` of a partizan ruleset.
pub fn run_analyze(
    entry: &'static Entry,
    position: &[String],
    format: Style,
) -> Result<(), CliError> {
    let mut store = GameStore::new();
    let a = analysis(&mut store, entry, position)?;
    let record = PartizanRecord::new(&mut store, &a)?;
    match format {
        Style::Json => print_json(&record),
        Style::Text => print_text(&record.text(entry)),
    }
}
