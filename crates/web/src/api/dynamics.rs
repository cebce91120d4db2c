//! `quotient` and the `dynamics/…` commands: the records of `sprague quotient GAME --format
//! json` (`sprague_games::quotient_report`) and of `sprague dynamics … --format json`
//! (`sprague_dynamics::report`), the functions the CLI and the Python module call. The
//! dynamics run under the request's stop check (its stop flag or its deadline), and so does
//! the genus computation; the quotient itself is bounded by its heaps and order (at most the
//! command line's defaults here).

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::Value;
use sprague_dynamics::best_response::best_response_dynamics;
use sprague_dynamics::ess::all_ess;
use sprague_dynamics::fictitious_play::{fictitious_play, FictitiousPlayOptions};
use sprague_dynamics::moran::{fixation_probabilities, simulate, SimulationOptions};
use sprague_dynamics::regret_matching::regret_matching;
use sprague_dynamics::replicator::TrajectoryOptions;
use sprague_dynamics::report;
use sprague_dynamics::rest_points::rest_points;
use sprague_dynamics::stochastic_fictitious_play::stochastic_fictitious_play;
use sprague_dynamics::{DynamicsError, SymmetricGame};
use sprague_games::quotient_report::{self, QuotientOptions, QuotientReportError};
use sprague_strategic::exact_text::{parse_rational, rational_to_f64};
use sprague_strategic::stop::StopCheck;
use sprague_strategic::NormalFormGame;

use super::strategic::game_of;
use super::{json, out_of_time, read, Control};
use crate::error::ApiError;

/// The most heaps of a quotient here (the command line's default).
pub const MAX_QUOTIENT_HEAPS: u64 = 1000;
/// The largest quotient order here (the command line's default).
pub const MAX_QUOTIENT_ORDER: usize = 1024;
/// The most heaps whose genus is computed here.
pub const MAX_GENUS_HEAPS: u64 = 64;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuotientRequest {
    game: String,
    #[serde(default = "default_heaps")]
    heaps: u64,
    genus: Option<u64>,
    #[serde(default = "default_order")]
    max_order: usize,
}

fn default_heaps() -> u64 {
    QuotientOptions::default().heaps
}

fn default_order() -> usize {
    QuotientOptions::default().max_order
}

fn quotient_refused(error: QuotientReportError) -> ApiError {
    match error {
        QuotientReportError::Stopped => out_of_time("quotient"),
        other => ApiError::refused(other),
    }
}

/// `POST /api/quotient`: the misère quotient of heaps 1..=heaps, or the genus symbols.
pub fn quotient(body: &[u8], control: &Control) -> Result<Value, ApiError> {
    let request: QuotientRequest = read("quotient", body)?;
    if let Some(to) = request.genus {
        if to > MAX_GENUS_HEAPS {
            return Err(ApiError::refused(format!(
                "this server computes the genus of at most {MAX_GENUS_HEAPS} heaps, not {to}; use the command line for more"
            )));
        }
        let record = quotient_report::genus(&request.game, to, Arc::clone(&control.stop))
            .map_err(quotient_refused)?;
        return json(record);
    }
    if request.heaps > MAX_QUOTIENT_HEAPS {
        return Err(ApiError::refused(format!(
            "this server computes quotients of at most {MAX_QUOTIENT_HEAPS} heaps, not {}; use the command line for more",
            request.heaps
        )));
    }
    if request.max_order > MAX_QUOTIENT_ORDER {
        return Err(ApiError::refused(format!(
            "max_order may be at most {MAX_QUOTIENT_ORDER} here, not {}",
            request.max_order
        )));
    }
    let options = QuotientOptions {
        heaps: request.heaps,
        max_order: request.max_order,
        ..QuotientOptions::default()
    };
    // A limit reached keeps the heaps before it: the record says why in `stopped`, as the
    // command line prints it before its error.
    let (record, _) =
        quotient_report::quotient(&request.game, options).map_err(quotient_refused)?;
    json(record)
}

/// A game of a dynamics body: exactly one of a built-in example's name, `.nfg` text, JSON
/// matrices or CSV, as `nash` reads it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameFields {
    game: Option<String>,
    nfg: Option<String>,
    matrices: Option<Value>,
    csv: Option<String>,
}

impl GameFields {
    fn read(&self) -> Result<NormalFormGame, ApiError> {
        game_of(
            self.game.as_deref(),
            self.nfg.as_deref(),
            self.matrices.as_ref(),
            self.csv.as_deref(),
        )
    }
}

/// Runs `work` under the request's stop check; its record, or the library's refusal
/// (out of time when it was stopped).
fn run(
    command: &str,
    control: &Control,
    work: impl FnOnce(StopCheck) -> Result<Value, DynamicsError>,
) -> Result<Value, ApiError> {
    // The dynamics ask their stop check every few thousand rounds or steps: they are told to
    // stop a little before the server's own deadline (a second, or a third of the time left),
    // so a run too long for the budget ends itself and answers "out of time" (503) first.
    let stop = Arc::clone(&control.stop);
    let now = Instant::now();
    let left = control.deadline.saturating_duration_since(now);
    let deadline = control.deadline - (left / 3).min(Duration::from_secs(1));
    let check = move || stop.load(Ordering::Relaxed) || Instant::now() >= deadline;
    match work(StopCheck::new(&check)) {
        Ok(value) => Ok(value),
        Err(DynamicsError::Interrupted) => Err(out_of_time(command)),
        Err(error) => Err(ApiError::refused(error)),
    }
}

fn serialised(value: Result<Value, serde_json::Error>) -> Result<Value, DynamicsError> {
    value.map_err(|e| DynamicsError::Parameter(format!("could not write JSON: {e}")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplicatorRequest {
    game: Option<String>,
    nfg: Option<String>,
    matrices: Option<Value>,
    csv: Option<String>,
    start: Option<String>,
    #[serde(default = "default_dt")]
    dt: f64,
    tolerance: Option<f64>,
    #[serde(default = "default_steps")]
    steps: usize,
    #[serde(default = "default_record_every")]
    record_every: usize,
}

fn default_dt() -> f64 {
    0.01
}
fn default_steps() -> usize {
    1000
}
fn default_record_every() -> usize {
    10
}

/// `POST /api/dynamics/replicator`.
pub fn replicator(body: &[u8], control: &Control) -> Result<Value, ApiError> {
    let request: ReplicatorRequest = read("dynamics/replicator", body)?;
    let game = game_of(
        request.game.as_deref(),
        request.nfg.as_deref(),
        request.matrices.as_ref(),
        request.csv.as_deref(),
    )?;
    run("dynamics/replicator", control, |stop| {
        let game = SymmetricGame::from_game(&game)?;
        let options = TrajectoryOptions {
            dt: request.dt,
            steps: request.steps,
            record_every: request.record_every,
        };
        let (start, path) = report::replicator_run(
            &game,
            request.start.as_deref(),
            &options,
            request.tolerance,
            stop,
        )?;
        Ok(report::replicator_record(
            &game,
            &start,
            request.dt,
            request.steps,
            request.tolerance,
            &path,
        ))
    })
}

/// `POST /api/dynamics/rest-points`.
pub fn rest_points_endpoint(body: &[u8], control: &Control) -> Result<Value, ApiError> {
    let request: GameFields = read("dynamics/rest-points", body)?;
    let game = request.read()?;
    run("dynamics/rest-points", control, |stop| {
        let game = SymmetricGame::from_game(&game)?;
        let found = rest_points(&game, stop)?;
        serialised(report::rest_points_record(&game, &found))
    })
}

/// `POST /api/dynamics/ess`.
pub fn ess(body: &[u8], control: &Control) -> Result<Value, ApiError> {
    let request: GameFields = read("dynamics/ess", body)?;
    let game = request.read()?;
    run("dynamics/ess", control, |stop| {
        let game = SymmetricGame::from_game(&game)?;
        let found = all_ess(&game, stop)?;
        serialised(report::ess_record(&game, &found))
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FictitiousRequest {
    game: Option<String>,
    nfg: Option<String>,
    matrices: Option<Value>,
    csv: Option<String>,
    #[serde(default = "default_fictitious_rounds")]
    rounds: u64,
    noise: Option<f64>,
    #[serde(default)]
    seed: u64,
}

fn default_fictitious_rounds() -> u64 {
    1000
}

/// `POST /api/dynamics/fictitious-play`.
pub fn fictitious(body: &[u8], control: &Control) -> Result<Value, ApiError> {
    let request: FictitiousRequest = read("dynamics/fictitious-play", body)?;
    let game = game_of(
        request.game.as_deref(),
        request.nfg.as_deref(),
        request.matrices.as_ref(),
        request.csv.as_deref(),
    )?;
    run("dynamics/fictitious-play", control, |stop| {
        match request.noise {
            Some(noise) => {
                let found =
                    stochastic_fictitious_play(&game, request.rounds, noise, request.seed, stop)?;
                serialised(report::stochastic_fictitious_play_record(&game, &found))
            }
            None => {
                let options = FictitiousPlayOptions {
                    rounds: request.rounds,
                    record_every: 0,
                };
                let found = fictitious_play(&game, &options, stop)?;
                serialised(report::fictitious_play_record(&game, &found))
            }
        }
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BestResponseRequest {
    game: Option<String>,
    nfg: Option<String>,
    matrices: Option<Value>,
    csv: Option<String>,
    #[serde(default = "default_start")]
    start: String,
    #[serde(default = "default_max_steps")]
    max_steps: usize,
}

fn default_start() -> String {
    "1,1".to_string()
}
fn default_max_steps() -> usize {
    10_000
}

/// `POST /api/dynamics/best-response`.
pub fn best_response(body: &[u8], control: &Control) -> Result<Value, ApiError> {
    let request: BestResponseRequest = read("dynamics/best-response", body)?;
    let game = game_of(
        request.game.as_deref(),
        request.nfg.as_deref(),
        request.matrices.as_ref(),
        request.csv.as_deref(),
    )?;
    let start: Vec<usize> = request
        .start
        .split(',')
        .map(|t| {
            t.trim().parse::<usize>().map_err(|_| {
                ApiError::refused(format!("--start: {t:?} is not a non-negative integer"))
            })
        })
        .collect::<Result<_, _>>()?;
    if start.len() != 2 || start.contains(&0) {
        return Err(ApiError::refused(
            "--start needs two 1-based strategy numbers: row,column",
        ));
    }
    run("dynamics/best-response", control, |stop| {
        let path =
            best_response_dynamics(&game, [start[0] - 1, start[1] - 1], request.max_steps, stop)?;
        serialised(report::best_response_record(&game, &path))
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegretRequest {
    game: Option<String>,
    nfg: Option<String>,
    matrices: Option<Value>,
    csv: Option<String>,
    #[serde(default = "default_regret_rounds")]
    rounds: u64,
    #[serde(default)]
    seed: u64,
}

fn default_regret_rounds() -> u64 {
    10_000
}

/// `POST /api/dynamics/regret-matching`.
pub fn regret(body: &[u8], control: &Control) -> Result<Value, ApiError> {
    let request: RegretRequest = read("dynamics/regret-matching", body)?;
    let game = game_of(
        request.game.as_deref(),
        request.nfg.as_deref(),
        request.matrices.as_ref(),
        request.csv.as_deref(),
    )?;
    run("dynamics/regret-matching", control, |stop| {
        let found = regret_matching(&game, request.rounds, request.seed, stop)?;
        serialised(report::regret_matching_record(&game, &found))
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoranRequest {
    game: Option<String>,
    nfg: Option<String>,
    matrices: Option<Value>,
    csv: Option<String>,
    population: Option<usize>,
    #[serde(default = "default_intensity")]
    intensity: String,
    #[serde(default)]
    simulate: bool,
    initial: Option<Vec<usize>>,
    #[serde(default = "default_runs")]
    runs: u64,
    #[serde(default = "default_moran_steps")]
    max_steps: u64,
    #[serde(default)]
    seed: u64,
}

fn default_intensity() -> String {
    "1/10".to_string()
}
fn default_runs() -> u64 {
    1000
}
fn default_moran_steps() -> u64 {
    1_000_000
}

/// `POST /api/dynamics/moran`.
pub fn moran(body: &[u8], control: &Control) -> Result<Value, ApiError> {
    let request: MoranRequest = read("dynamics/moran", body)?;
    let game = game_of(
        request.game.as_deref(),
        request.nfg.as_deref(),
        request.matrices.as_ref(),
        request.csv.as_deref(),
    )?;
    run("dynamics/moran", control, |stop| {
        let game = SymmetricGame::from_game(&game)?;
        let intensity = &request.intensity;
        let w = parse_rational(intensity).ok_or_else(|| {
            DynamicsError::Parameter(format!(
                "--intensity: {intensity:?} is not a number between 0 and 1"
            ))
        })?;
        if game.size() == 2 && !request.simulate {
            let population = request.population.ok_or_else(|| {
                DynamicsError::Parameter("give the population size with --population N".into())
            })?;
            let p = fixation_probabilities(&game, population, &w)?;
            return serialised(report::fixation_record(&game, &p));
        }
        let initial =
            match (&request.initial, game.size(), request.population) {
                (Some(counts), _, _) => counts.clone(),
                (None, 2, Some(n)) if n >= 2 => vec![1, n - 1],
                _ => return Err(DynamicsError::Parameter(
                    "the simulation needs the initial counts, --initial c1,c2,… (one per strategy)"
                        .into(),
                )),
            };
        let options = SimulationOptions {
            initial,
            intensity: rational_to_f64(&w),
            runs: request.runs,
            max_steps: request.max_steps,
            seed: request.seed,
        };
        let sim = simulate(&game, &options, stop)?;
        serialised(report::simulation_record(&game, &sim))
    })
}
