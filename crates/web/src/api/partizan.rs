//! `POST /api/cgt` and the partizan rulesets of `POST /api/analyze`: the records of
//! `sprague cgt` and of `sprague analyze RULESET` (built by `sprague_partizan::report`, the
//! command line's `--format json`). Searches ask the request's stop flag before each new
//! region, so the server's time budget ends them.

use std::sync::atomic::Ordering;

use serde::Deserialize;
use sprague_partizan::report::{self, CgtRecord, CompareRecord, PartizanRecord};
use sprague_partizan::rules::catalogue::{analyze_until, Entry};
use sprague_partizan::{GameError, GameId, GameStore};

use super::{json, read, Control};
use crate::error::ApiError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CgtRequest {
    expression: String,
    #[serde(default)]
    compare: Option<String>,
}

/// A library error as the tail of one sentence.
fn sentence(error: &GameError) -> String {
    error.to_string().trim_end_matches('.').to_string()
}

fn computing(error: GameError, control: &Control) -> ApiError {
    if matches!(error, GameError::Stopped) || control.stop.load(Ordering::Relaxed) {
        return super::out_of_time("cgt");
    }
    ApiError::refused(format!(
        "the game is beyond what can be computed exactly: {}",
        sentence(&error)
    ))
}

fn parse(store: &mut GameStore, text: &str) -> Result<GameId, ApiError> {
    store.parse(text).map_err(|error| {
        ApiError::refused(format!(
            "'{}' is not a game: {}",
            sprague_textfile::quoted(text),
            sentence(&error)
        ))
    })
}

/// `POST /api/cgt`: the canonical form and facts of a game in CGSuite's syntax, or with
/// `compare` how it compares with another.
pub fn cgt(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: CgtRequest = read("cgt", body)?;
    let mut store = GameStore::new();
    let g = parse(&mut store, &request.expression)?;
    if let Some(other) = &request.compare {
        let h = parse(&mut store, other)?;
        let record =
            CompareRecord::new(&mut store, g, h).map_err(|error| computing(error, control))?;
        return json(record);
    }
    let record = CgtRecord::new(&mut store, &request.expression, g)
        .map_err(|error| computing(error, control))?;
    json(record)
}

/// The partizan ruleset an `analyze` request names, if any (as the command line decides).
pub fn requested(game: &str, position: &[String]) -> Option<&'static Entry> {
    report::requested(game, position)
}

/// `POST /api/analyze` on a partizan ruleset: value, outcome and each player's winning moves.
pub fn analyze(
    entry: &'static Entry,
    position: &[String],
    control: &Control,
) -> Result<serde_json::Value, ApiError> {
    let text = report::position_text(entry, position).map_err(|error| {
        ApiError::refused(sentence(&error).trim_start_matches("invalid position: "))
    })?;
    let mut store = GameStore::new();
    let stop = || control.stop.load(Ordering::Relaxed);
    let analysis =
        analyze_until(&mut store, entry.name, &text, &stop).map_err(|error| match error {
            GameError::Stopped => super::out_of_time("analyze"),
            GameError::InvalidPosition(_) | GameError::Parse(_) => ApiError::refused(format!(
                "'{}' is not a {} position: {}",
                sprague_textfile::quoted(&text),
                entry.name,
                sentence(&error).trim_start_matches("invalid position: ")
            )),
            GameError::TooLarge { .. } => ApiError::refused(format!(
                "'{}' is too large to solve exactly: {}",
                sprague_textfile::quoted(&text),
                sentence(&error)
            )),
            other => computing(other, control),
        })?;
    let record =
        PartizanRecord::new(&mut store, &analysis).map_err(|error| computing(error, control))?;
    json(record)
}
