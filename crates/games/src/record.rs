//! The answers of the impartial-game commands as serde records: the keys of the CLI's
//! `--format json` (documented in docs/json.md), built here once so that every face — the
//! `sprague` command line, the web server's JSON API (`sprague serve`) and the Python
//! module — prints the same JSON for the same request.
//!
//! Each record is built by one function from the command's arguments (the game, the
//! position, the bound, …); the faces only read their arguments and print or send it.

use serde::Serialize;

use crate::catalogue::{aliases_of, find_entry};
use crate::{all_entries, CatalogueEntry, GameError};

/// One catalogue entry, as `sprague games --format json` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    /// The game's name.
    pub name: &'static str,
    /// How a description of the game is written.
    pub syntax: &'static str,
    /// An example command.
    pub example: &'static str,
    /// The rule.
    pub rule: &'static str,
    /// Whether `values` works (a one-heap family).
    pub values: bool,
    /// Other spellings.
    pub aliases: Vec<&'static str>,
}

impl GameRecord {
    /// The record of a catalogue entry.
    ///
    /// ```
    /// let entry = sprague_games::catalogue::find_entry("kayles").unwrap();
    /// assert_eq!(sprague_games::record::GameRecord::of(entry).name, "kayles");
    /// ```
    pub fn of(entry: &'static CatalogueEntry) -> Self {
        GameRecord {
            name: entry.name,
            syntax: entry.syntax,
            example: entry.example,
            rule: entry.rule,
            values: entry.has_values,
            aliases: aliases_of(entry.name),
        }
    }
}

/// `sprague games --format json`: `{"games": [GameRecord, ...]}`.
///
/// ```
/// let listing = sprague_games::record::catalogue_record();
/// assert!(listing["games"].as_array().unwrap().len() > 30);
/// ```
pub fn catalogue_record() -> serde_json::Value {
    let games: Vec<GameRecord> = all_entries().map(GameRecord::of).collect();
    serde_json::json!({ "games": games })
}

/// `sprague games GAME --format json`: the game's [`GameRecord`] with `position_syntax` and
/// `move_syntax` (of the game as typed, e.g. `bash:3`, else of its example).
///
/// ```
/// let kayles = sprague_games::record::game_record("kayles").unwrap();
/// assert_eq!(kayles["name"], "kayles");
/// assert!(kayles["move_syntax"].is_string());
/// ```
pub fn game_record(typed: &str) -> Result<serde_json::Value, GameError> {
    let entry = find_entry(typed)?;
    let (position, moves) = syntaxes(typed, entry);
    let mut object = serde_json::json!(GameRecord::of(entry));
    object["position_syntax"] = serde_json::Value::String(position);
    object["move_syntax"] = serde_json::Value::String(moves);
    Ok(object)
}

/// How positions and moves of the game are written: of the game as typed (`bash:3`), else of
/// the game in the entry's example.
///
/// ```
/// let entry = sprague_games::catalogue::find_entry("nim").unwrap();
/// let (position, moves) = sprague_games::record::syntaxes("nim", entry);
/// assert!(!position.is_empty() && !moves.is_empty());
/// ```
pub fn syntaxes(typed: &str, entry: &CatalogueEntry) -> (String, String) {
    let example_game = entry
        .example
        .split_whitespace()
        .nth(2)
        .unwrap_or(entry.name);
    let game =
        crate::parse_game(typed).or_else(|_| crate::parse_game(example_game.trim_matches('\'')));
    match game {
        Ok(game) => (game.position_syntax(), game.move_syntax()),
        Err(_) => (
            "see the syntax".to_string(),
            "see `sprague moves`".to_string(),
        ),
    }
}

/// `sprague nimber EXPR --format json`: the value of a nim-arithmetic expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimberRecord {
    /// The value (below 2¹²⁸).
    pub value: u128,
    /// The value in decimal, as a string (for readers whose numbers are doubles).
    pub value_string: String,
    /// The value in hexadecimal, `0x…`.
    pub hexadecimal: String,
    /// The expression as given.
    pub expression: String,
}

impl NimberRecord {
    /// Evaluates `expression` with [`sprague_nimber::evaluate`].
    ///
    /// ```
    /// let record = sprague_games::record::NimberRecord::evaluate("16 * 16").unwrap();
    /// assert_eq!(record.value, 24);
    /// assert_eq!(record.hexadecimal, "0x18");
    /// ```
    pub fn evaluate(expression: &str) -> Result<Self, sprague_nimber::ExpressionError> {
        let value = sprague_nimber::evaluate(expression)?.value();
        Ok(NimberRecord {
            value,
            value_string: value.to_string(),
            hexadecimal: format!("{value:#x}"),
            expression: expression.to_string(),
        })
    }
}
