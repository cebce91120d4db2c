//! The strategic-game commands: `nash`, `zerosum`, `dominance` (the game inline: a built-in
//! example's name, the text of a Gambit `.nfg`, JSON matrices or CSV — never a path) and
//! `tree/solve`, `tree/repeated-pd`. The answers are `sprague_strategic::report`,
//! `sprague_strategic::tree_report` and `sprague_repeated::finitely_repeated` records, as the
//! CLI prints them. `nash`, `zerosum`, `dominance` and `tree/solve` run under the request's
//! stop check (its stop flag or its deadline): the solvers' pivoting loops ask it, so the work
//! ends when the time budget does and frees its worker.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use serde::Deserialize;
use sprague_repeated::finitely_repeated::{repeated_pd, RepeatedPdRecord};
use sprague_strategic::examples::{example, example_list};
use sprague_strategic::input::parse_game_text;
use sprague_strategic::report::{
    eliminate_dominated, nash_report, solve_nash, solve_zero_sum_game, NashMethod, NashOptions,
};
use sprague_strategic::stop::{with_thread_stop, SharedCheck, StopCheck};
use sprague_strategic::tree_report::solve_tree_text;
use sprague_strategic::{NormalFormGame, StrategicError};

use super::{json, out_of_time, read, Control};
use crate::error::ApiError;

/// The request's stop check: its stop flag (raised when its time is up) or
/// its deadline passed.
fn stop_check(control: &Control) -> SharedCheck {
    let stop = Arc::clone(&control.stop);
    let deadline = control.deadline;
    Arc::new(move || stop.load(Ordering::Relaxed) || Instant::now() >= deadline)
}

/// Runs `solve` with the request's stop check as the thread's (the exact
/// simplex method, mixed dominance and the sequence-form path ask it at every
/// pivot); what a stopped solver answered is discarded: out of time.
fn within_budget<T>(
    command: &str,
    control: &Control,
    solve: impl FnOnce(&StopCheck<'_>) -> T,
) -> Result<T, ApiError> {
    let check = stop_check(control);
    let shared = Arc::clone(&check);
    let own = move || shared();
    let stop = StopCheck::new(&own);
    let answer = with_thread_stop(Arc::clone(&check), || solve(&stop));
    if check() {
        return Err(out_of_time(command));
    }
    Ok(answer)
}

/// A library's refusal, or out of time when it was interrupted.
fn refused_or_stopped(command: &str, error: StrategicError) -> ApiError {
    match error {
        StrategicError::Interrupted => out_of_time(command),
        other => ApiError::refused(other),
    }
}

/// A normal-form game in a body: exactly one of the four fields.
pub(super) fn game_of(
    game: Option<&str>,
    nfg: Option<&str>,
    matrices: Option<&serde_json::Value>,
    csv: Option<&str>,
) -> Result<NormalFormGame, ApiError> {
    let given = [
        game.is_some(),
        nfg.is_some(),
        matrices.is_some(),
        csv.is_some(),
    ];
    if given.iter().filter(|&&is| is).count() != 1 {
        return Err(ApiError::refused(
            "give the game as exactly one of game (a built-in example's name), nfg (a Gambit .nfg text), matrices (JSON) or csv",
        ));
    }
    let refused = |error: StrategicError| ApiError::refused(error);
    if let Some(name) = game {
        return example(name).ok_or_else(|| {
            refused(StrategicError::UnknownExample(
                name.to_string(),
                example_list(),
            ))
        });
    }
    if let Some(text) = nfg {
        return parse_game_text(text, Some("nfg")).map_err(refused);
    }
    if let Some(text) = csv {
        return parse_game_text(text, Some("csv")).map_err(refused);
    }
    let text = matrices.map(ToString::to_string).unwrap_or_default();
    parse_game_text(&text, Some("json")).map_err(refused)
}

/// `--method` of `nash`.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Method {
    #[default]
    Auto,
    Enum,
    Support,
    Pure,
    Lh,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NashRequest {
    game: Option<String>,
    nfg: Option<String>,
    matrices: Option<serde_json::Value>,
    csv: Option<String>,
    #[serde(default)]
    method: Method,
    #[serde(default = "first_label")]
    label: usize,
    #[serde(default)]
    all_labels: bool,
    #[serde(default)]
    exact_pivoting: bool,
}

fn first_label() -> usize {
    1
}

/// `POST /api/nash`.
pub fn nash(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: NashRequest = read("nash", body)?;
    let game = game_of(
        request.game.as_deref(),
        request.nfg.as_deref(),
        request.matrices.as_ref(),
        request.csv.as_deref(),
    )?;
    let found = within_budget("nash", control, |stop| {
        let options = NashOptions {
            method: match request.method {
                Method::Auto => NashMethod::Auto,
                Method::Enum => NashMethod::Enum,
                Method::Support => NashMethod::Support,
                Method::Pure => NashMethod::Pure,
                Method::Lh => NashMethod::LemkeHowson,
            },
            label: request.label,
            all_labels: request.all_labels,
            exact_pivoting: request.exact_pivoting,
            // The size limits stand: --force has no field here.
            force: false,
            stop: *stop,
        };
        solve_nash(&game, &options)
    })?
    .map_err(|error| refused_or_stopped("nash", error))?;
    json(nash_report(&game, &found))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ZeroSumRequest {
    game: Option<String>,
    nfg: Option<String>,
    matrices: Option<serde_json::Value>,
    csv: Option<String>,
    #[serde(default)]
    exact_pivoting: bool,
}

/// `POST /api/zerosum`.
pub fn zerosum(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: ZeroSumRequest = read("zerosum", body)?;
    let game = game_of(
        request.game.as_deref(),
        request.nfg.as_deref(),
        request.matrices.as_ref(),
        request.csv.as_deref(),
    )?;
    let (_, report) = within_budget("zerosum", control, |_| {
        solve_zero_sum_game(&game, request.exact_pivoting)
    })?
    .map_err(|error| refused_or_stopped("zerosum", error))?;
    json(report)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DominanceRequest {
    game: Option<String>,
    nfg: Option<String>,
    matrices: Option<serde_json::Value>,
    csv: Option<String>,
    #[serde(default)]
    weak: bool,
    #[serde(default)]
    mixed: bool,
}

/// `POST /api/dominance`.
pub fn dominance(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: DominanceRequest = read("dominance", body)?;
    let game = game_of(
        request.game.as_deref(),
        request.nfg.as_deref(),
        request.matrices.as_ref(),
        request.csv.as_deref(),
    )?;
    let (_, report) = within_budget("dominance", control, |_| {
        eliminate_dominated(&game, request.weak, request.mixed)
    })?;
    json(report)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TreeSolveRequest {
    tree: String,
}

/// `POST /api/tree/solve`: the tree's text inline.
pub fn tree_solve(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: TreeSolveRequest = read("tree/solve", body)?;
    let record = within_budget("tree/solve", control, |_| solve_tree_text(&request.tree))?;
    json(record.map_err(ApiError::refused)?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RepeatedPdRequest {
    #[serde(default = "ten_rounds")]
    rounds: usize,
    #[serde(default = "standard_payoffs")]
    payoffs: String,
}

fn ten_rounds() -> usize {
    10
}

/// The stage payoffs R,S,T,P of Axelrod's tournaments.
pub(crate) fn standard_payoffs() -> String {
    "3,0,5,1".to_string()
}

/// `POST /api/tree/repeated-pd`.
pub fn tree_repeated_pd(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: RepeatedPdRequest = read("tree/repeated-pd", body)?;
    let analysis = repeated_pd(&request.payoffs, request.rounds).map_err(ApiError::refused)?;
    json(RepeatedPdRecord::new(&analysis))
}
