//! The cooperative-game commands `coop/shapley`, `coop/banzhaf`, `coop/core`,
//! `coop/least-core`, `coop/nucleolus`, `coop/in-core`: the game inline (`[q; w1, ..., wn]`,
//! a built-in `glove:L,R`, …, or a game file's text), read by `sprague_cooperative::input`
//! and answered with the `sprague_cooperative::report` records, as the CLI does.

use serde::Deserialize;
use sprague_cooperative::input::GameInput;
use sprague_cooperative::report::{
    self, CoreRecord, InCoreRecord, LeastCoreRecord, NucleolusRecord,
};
use std::sync::atomic::Ordering;

use sprague_cooperative::constraint_generation::Options;
use sprague_cooperative::{allocation, CoopError};
use sprague_strategic::stop::StopCheck;

use super::{json, read, Control};
use crate::error::ApiError;

/// The game of `spec`: an inline form, else the text of a game file.
fn load(spec: &str) -> Result<GameInput, ApiError> {
    let inline = GameInput::parse_inline(spec).map_err(ApiError::refused)?;
    match inline {
        Some(game) => Ok(game),
        None => GameInput::from_document(spec).map_err(ApiError::refused),
    }
}

fn refused(error: CoopError) -> ApiError {
    ApiError::refused(error)
}

/// The error of a least core or nucleolus: out of time when the request's
/// stop flag ended it, else the library's refusal.
fn stopped_or_refused(command: &str, error: CoopError) -> ApiError {
    match error {
        CoopError::Interrupted => super::out_of_time(command),
        other => refused(other),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValueRequest {
    game: String,
    monte_carlo: Option<u64>,
    #[serde(default)]
    seed: u64,
}

/// `POST /api/coop/shapley`.
pub fn shapley(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: ValueRequest = read("coop/shapley", body)?;
    let game = load(&request.game)?;
    json(
        report::shapley(&game, request.monte_carlo, request.seed)
            .map_err(refused)?
            .record(),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRequest {
    game: String,
}

/// `POST /api/coop/banzhaf`.
pub fn banzhaf(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: GameRequest = read("coop/banzhaf", body)?;
    json(
        report::banzhaf(&load(&request.game)?)
            .map_err(refused)?
            .record(),
    )
}

/// `POST /api/coop/core`.
pub fn core(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: GameRequest = read("coop/core", body)?;
    let game = load(&request.game)?;
    let result = with_stop(control, |options| report::core(&game, options));
    let result = result.map_err(|e| stopped_or_refused("coop/core", e))?;
    json(CoreRecord::new(&game, &result))
}

/// The options of a constraint-generation run: the request's stop flag.
fn with_stop<T>(control: &Control, solve: impl FnOnce(&Options) -> T) -> T {
    let check = || control.stop.load(Ordering::Relaxed);
    let options = Options {
        stop: StopCheck::new(&check),
        ..Options::default()
    };
    solve(&options)
}

/// `POST /api/coop/least-core`.
pub fn least_core(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: GameRequest = read("coop/least-core", body)?;
    let game = load(&request.game)?;
    let result = with_stop(control, |options| report::least_core(&game, options));
    let result = result.map_err(|e| stopped_or_refused("coop/least-core", e))?;
    json(LeastCoreRecord::new(&game, &result))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NucleolusRequest {
    game: String,
    #[serde(default)]
    pre: bool,
}

/// `POST /api/coop/nucleolus`.
pub fn nucleolus_endpoint(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: NucleolusRequest = read("coop/nucleolus", body)?;
    let game = load(&request.game)?;
    let result = with_stop(control, |options| {
        report::nucleolus(&game, request.pre, options)
    });
    json(NucleolusRecord::new(
        &game,
        &result.map_err(refused)?,
        request.pre,
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InCoreRequest {
    game: String,
    allocation: String,
}

/// `POST /api/coop/in-core`.
pub fn in_core(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: InCoreRequest = read("coop/in-core", body)?;
    let shares = allocation::parse_allocation(&request.allocation).map_err(refused)?;
    let (table, check) = report::in_core(&load(&request.game)?, &shares).map_err(refused)?;
    json(InCoreRecord::new(&table, &check))
}
