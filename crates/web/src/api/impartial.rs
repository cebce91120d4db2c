//! The impartial-game commands: `games`, `nimber`, `values`, `analyze`, `moves`, `play`,
//! `table`, `survey`. Each reads its body and calls the library's record builder
//! (`sprague_games::record`, `sprague_takebreak::record`), the same one as the CLI.

use serde::Deserialize;
use sprague_games::record::{catalogue_record, game_record, NimberRecord};

use super::{json, read, Control};
use crate::error::ApiError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesRequest {
    game: Option<String>,
}

/// `POST /api/games`.
pub fn games(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: GamesRequest = read("games", body)?;
    match request.game {
        Some(game) => game_record(&game).map_err(ApiError::refused),
        None => Ok(catalogue_record()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NimberRequest {
    expression: String,
}

/// `POST /api/nimber`.
pub fn nimber(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: NimberRequest = read("nimber", body)?;
    json(NimberRecord::evaluate(&request.expression).map_err(ApiError::refused)?)
}
