//! `POST /api/cgt` and the partizan rulesets of `POST /api/analyze` and `POST /api/play`:
//! the records of `sprague cgt` and of `sprague analyze RULESET` (built by
//! `sprague_partizan::report`, the command line's `--format json`), and one turn of
//! `sprague play RULESET` against the computer (`rules::play`). Searches ask the request's stop flag before each new
//! region, so the server's time budget ends them.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use serde::Deserialize;
use sprague_partizan::report::{self, CgtRecord, CompareRecord, PartizanRecord};
use sprague_partizan::rules::catalogue::{analyze_until, Analysis, Entry, Move};
use sprague_partizan::rules::domineering_outcome;
use sprague_partizan::rules::play::{best_move, find_move, Side};
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
        if matches!(error, GameError::Stopped) {
            return super::out_of_time("cgt");
        }
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
    // Every game the store builds asks the request's stop flag (sums and thermographs of
    // many hot games take long).
    store.stop_when(Arc::clone(&control.stop));
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
    // A Domineering board past canonical forms: its outcome class by search, within the budget.
    if let Some(board) = domineering_outcome::large_board(entry.name, &text) {
        return outcome_by_search(&board, false, control);
    }
    let mut store = GameStore::new();
    store.stop_when(Arc::clone(&control.stop));
    // A Domineering board whose canonical form takes longer than the library's budget gets
    // its outcome by search instead.
    let board = (entry.name == "domineering")
        .then(|| sprague_partizan::rules::domineering::Domineering::parse(&text).ok())
        .flatten();
    let started = std::time::Instant::now();
    let stop = || {
        control.stop.load(Ordering::Relaxed)
            || (board.is_some() && started.elapsed() > domineering_outcome::CANONICAL_BUDGET)
    };
    let analysed = analyze_until(&mut store, entry.name, &text, &stop);
    if let (Err(GameError::Stopped), Some(board)) = (&analysed, &board) {
        if !control.stop.load(Ordering::Relaxed) {
            return outcome_by_search(board, true, control);
        }
    }
    let analysis = analysed.map_err(|error| match error {
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    game: String,
    #[serde(deserialize_with = "super::words::position")]
    position: Vec<String>,
    #[serde(
        default,
        rename = "move",
        deserialize_with = "super::words::optional_move"
    )]
    played: Option<String>,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    first: Option<String>,
    #[serde(default)]
    turn: usize,
}

/// One move as the page shows it.
fn move_json(store: &mut GameStore, m: &Move) -> serde_json::Value {
    serde_json::json!({
        "move": m.notation, "description": m.description, "to": m.position,
        "value": store.display(m.value), "winning": m.winning,
    })
}

/// The game a partizan `play` request names, if it names a ruleset (read from the body
/// before the request's own type).
pub fn play_requested(body: &[u8]) -> Option<&'static Entry> {
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    let game = value.get("game")?.as_str()?;
    let words: Vec<String> = match value.get("position") {
        Some(serde_json::Value::Array(items)) => items
            .iter()
            .map(|item| {
                item.as_str()
                    .map_or_else(|| item.to_string(), str::to_string)
            })
            .collect(),
        _ => Vec::new(),
    };
    report::requested(game, &words)
}

/// `POST /api/play` on a partizan ruleset: one stateless turn against the computer — your
/// move, then the computer's reply — as `sprague play RULESET --side SIDE` plays it; the
/// answer says your legal moves next, or who won. Without a move it opens the game: at turn
/// 0 with `first: "computer"` the computer moves first; otherwise nothing is played and the
/// answer lists your moves.
pub fn play(
    entry: &'static Entry,
    body: &[u8],
    control: &Control,
) -> Result<serde_json::Value, ApiError> {
    let request: PlayRequest = read("play", body)?;
    // Two moves are numbered after it: the number must not overflow.
    if request.turn > super::impartial::MAX_TURN {
        return Err(ApiError::refused(format!(
            "turn must be a number of moves from 0 to {}, not {}",
            super::impartial::MAX_TURN,
            request.turn
        )));
    }
    let you = match request.side.as_deref() {
        None => Side::Left,
        Some(text) => Side::parse(text).ok_or_else(|| {
            ApiError::refused(format!(
                "side must be \"left\" or \"right\", not {}",
                sprague_textfile::quoted(text)
            ))
        })?,
    };
    let computer_first = match request.first.as_deref() {
        None | Some("me") => false,
        Some("computer") => true,
        Some(other) => {
            return Err(ApiError::refused(format!(
                "first must be \"me\" or \"computer\", not {}",
                sprague_textfile::quoted(other)
            )))
        }
    };
    let stop = || control.stop.load(Ordering::Relaxed);
    let mut store = GameStore::new();
    store.stop_when(Arc::clone(&control.stop));
    let solve = |store: &mut GameStore, text: &str| {
        analyze_until(store, entry.name, text, &stop).map_err(|error| match error {
            GameError::Stopped => super::out_of_time("play"),
            GameError::InvalidPosition(_) | GameError::Parse(_) => ApiError::refused(format!(
                "'{}' is not a {} position: {}",
                sprague_textfile::quoted(text),
                entry.name,
                sentence(&error).trim_start_matches("invalid position: ")
            )),
            other => computing(other, control),
        })
    };
    let text = report::position_text(entry, &request.position).map_err(|error| {
        ApiError::refused(sentence(&error).trim_start_matches("invalid position: "))
    })?;
    let mut analysis = solve(&mut store, &text)?;
    let mut turns = Vec::new();
    let mut ply = request.turn;
    let mut over = None;
    let side_moves = |a: &Analysis, side: Side| match side {
        Side::Left => a.left.clone(),
        Side::Right => a.right.clone(),
    };
    // Your move, if given.
    if let Some(typed) = &request.played {
        let moves = side_moves(&analysis, you);
        let index = find_move(&moves, typed).ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "'{}' is not a move of {} in this {} position ({})",
                    sprague_textfile::quoted(typed),
                    you.name(),
                    sprague_textfile::quoted(&request.game),
                    entry.moves
                ),
            )
        })?;
        let played = &moves[index];
        ply += 1;
        turns.push(serde_json::json!({
            "turn": ply, "player": "you", "side": you.name(), "move": played.notation,
            "description": played.description, "to": played.position,
            "value": store.display(played.value), "winning": played.winning,
        }));
        let next = played.position.clone();
        analysis = solve(&mut store, &next)?;
    }
    // The computer's reply (none when the request only opens the game for you to move).
    let computer = you.other();
    let replies = side_moves(&analysis, computer);
    let computer_moves = request.played.is_some() || (computer_first && request.turn == 0);
    let choice = if computer_moves {
        best_move(&mut store, &replies, computer)
    } else if side_moves(&analysis, you).is_empty() {
        over = Some(serde_json::json!({
            "winner": "computer",
            "reason": format!("you ({}) have no move", you.name()),
        }));
        None
    } else {
        None
    };
    match choice {
        None if !computer_moves => {}
        None => {
            over = Some(serde_json::json!({
                "winner": "you",
                "reason": format!("the computer ({}) has no move", computer.name()),
            }));
        }
        Some(index) => {
            let reply = &replies[index];
            let value = store.display(reply.value);
            let reason = if reply.winning {
                format!(
                    "it leaves {value}, which {} wins moving second",
                    computer.name()
                )
            } else {
                format!("no move wins; it leaves {value}")
            };
            ply += 1;
            turns.push(serde_json::json!({
                "turn": ply, "player": "computer", "side": computer.name(),
                "move": reply.notation, "description": reply.description, "to": reply.position,
                "value": value, "winning": reply.winning, "reason": reason,
            }));
            let next = reply.position.clone();
            analysis = solve(&mut store, &next)?;
            if side_moves(&analysis, you).is_empty() {
                over = Some(serde_json::json!({
                    "winner": "computer",
                    "reason": format!("you ({}) have no move", you.name()),
                }));
            }
        }
    }
    let yours: Vec<serde_json::Value> = side_moves(&analysis, you)
        .iter()
        .map(|m| move_json(&mut store, m))
        .collect();
    Ok(serde_json::json!({
        "game": entry.name,
        "position": analysis.position,
        "canonical_form": store.display(analysis.value),
        "outcome": store.outcome(analysis.value).to_string(),
        "you": you.name(),
        "turns": turns,
        "over": over,
        "moves": if over.is_some() { Vec::new() } else { yours },
    }))
}

/// The outcome class of a Domineering board by search, within the request's budget (its
/// winning moves within two seconds); `out_of_time` when its canonical form was not found
/// within `domineering_outcome::CANONICAL_BUDGET`, else it is past the exact limits.
fn outcome_by_search(
    board: &sprague_partizan::rules::domineering::Board,
    out_of_time: bool,
    control: &Control,
) -> Result<serde_json::Value, ApiError> {
    let mut watch = |_nodes: u64| {
        if control.stop.load(Ordering::Relaxed) {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    };
    let record = if out_of_time {
        domineering_outcome::canonical_out_of_time
    } else {
        domineering_outcome::outcome_record
    };
    let record =
        record(board, &mut watch, std::time::Duration::from_secs(2)).map_err(
            |error| match error {
                GameError::Stopped => super::out_of_time("analyze"),
                other => computing(other, control),
            },
        )?;
    json(record)
}
