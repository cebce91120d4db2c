//! The face of `sprague-dynamics` (`sprague dynamics …`): each function runs
//! the library's method on a `NativeStrategic` game with the GIL released and
//! returns the JSON of the command line's `--format json`, built by the same
//! `sprague_dynamics::report` function.

use pyo3::prelude::*;
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
use sprague_strategic::exact_text::{parse_rational, rational_to_f64};
use sprague_strategic::stop::StopCheck;

use crate::interrupt::{interrupted, Interrupt};
use crate::strategic::{json, NativeStrategic};
use crate::{InvalidInput, TooLarge, Unsupported};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(dynamics_replicator, module)?)?;
    module.add_function(wrap_pyfunction!(dynamics_rest_points, module)?)?;
    module.add_function(wrap_pyfunction!(dynamics_ess, module)?)?;
    module.add_function(wrap_pyfunction!(dynamics_fictitious_play, module)?)?;
    module.add_function(wrap_pyfunction!(dynamics_best_response, module)?)?;
    module.add_function(wrap_pyfunction!(dynamics_regret_matching, module)?)?;
    module.add_function(wrap_pyfunction!(dynamics_moran, module)?)?;
    Ok(())
}

/// The Python exception of a dynamics error (`interrupt`: the run's stop flag).
fn to_python(error: DynamicsError, interrupt: Interrupt) -> PyErr {
    let message = error.to_string();
    match error {
        DynamicsError::Strategic(e) => crate::strategic::to_python(e),
        DynamicsError::Interrupted => interrupted(interrupt),
        DynamicsError::TooLarge { .. } => TooLarge::new_err(message),
        DynamicsError::NotSymmetric(_) | DynamicsError::NotTwoPlayer(_) => {
            Unsupported::new_err(message)
        }
        _ => InvalidInput::new_err(message),
    }
}

/// Runs `work` with the GIL released and a stop check that polls Python's signals,
/// then hands back its record as JSON text.
fn run(
    py: Python<'_>,
    work: impl FnOnce(StopCheck) -> Result<Value, DynamicsError> + Send,
) -> PyResult<String> {
    let interrupt = Interrupt::new();
    let answer = {
        let check = || interrupt.poll();
        py.detach(|| work(StopCheck::new(&check)))
    };
    match answer {
        Ok(value) => json(&value),
        Err(error) => Err(to_python(error, interrupt)),
    }
}

fn symmetric(game: &NativeStrategic) -> Result<SymmetricGame, DynamicsError> {
    SymmetricGame::from_game(game.game())
}

fn serialised(value: Result<Value, serde_json::Error>) -> Result<Value, DynamicsError> {
    value.map_err(|e| DynamicsError::Parameter(format!("could not write JSON: {e}")))
}

/// `sprague dynamics replicator`: `start` as the command line's `--start` text.
#[pyfunction]
#[pyo3(signature = (game, start = None, dt = 0.01, steps = 1000, record_every = 10, tolerance = None))]
fn dynamics_replicator(
    py: Python<'_>,
    game: &NativeStrategic,
    start: Option<String>,
    dt: f64,
    steps: usize,
    record_every: usize,
    tolerance: Option<f64>,
) -> PyResult<String> {
    run(py, |stop| {
        let game = symmetric(game)?;
        let options = TrajectoryOptions {
            dt,
            steps,
            record_every,
        };
        let (start, path) =
            report::replicator_run(&game, start.as_deref(), &options, tolerance, stop)?;
        Ok(report::replicator_record(
            &game, &start, dt, steps, tolerance, &path,
        ))
    })
}

/// `sprague dynamics rest-points`.
#[pyfunction]
fn dynamics_rest_points(py: Python<'_>, game: &NativeStrategic) -> PyResult<String> {
    run(py, |stop| {
        let game = symmetric(game)?;
        let found = rest_points(&game, stop)?;
        serialised(report::rest_points_record(&game, &found))
    })
}

/// `sprague dynamics ess`.
#[pyfunction]
fn dynamics_ess(py: Python<'_>, game: &NativeStrategic) -> PyResult<String> {
    run(py, |stop| {
        let game = symmetric(game)?;
        let found = all_ess(&game, stop)?;
        serialised(report::ess_record(&game, &found))
    })
}

/// `sprague dynamics fictitious-play` (`noise`: stochastic fictitious play).
#[pyfunction]
#[pyo3(signature = (game, rounds = 1000, noise = None, seed = 0))]
fn dynamics_fictitious_play(
    py: Python<'_>,
    game: &NativeStrategic,
    rounds: u64,
    noise: Option<f64>,
    seed: u64,
) -> PyResult<String> {
    run(py, |stop| {
        let game = game.game();
        match noise {
            Some(noise) => {
                let run = stochastic_fictitious_play(game, rounds, noise, seed, stop)?;
                serialised(report::stochastic_fictitious_play_record(game, &run))
            }
            None => {
                let options = FictitiousPlayOptions {
                    rounds,
                    record_every: 0,
                };
                let run = fictitious_play(game, &options, stop)?;
                serialised(report::fictitious_play_record(game, &run))
            }
        }
    })
}

/// `sprague dynamics best-response`: `start` is (row, column), 1-based as `--start`.
#[pyfunction]
#[pyo3(signature = (game, start = (1, 1), max_steps = 10_000))]
fn dynamics_best_response(
    py: Python<'_>,
    game: &NativeStrategic,
    start: (usize, usize),
    max_steps: usize,
) -> PyResult<String> {
    if start.0 == 0 || start.1 == 0 {
        return Err(InvalidInput::new_err(
            "--start needs two 1-based strategy numbers: row,column",
        ));
    }
    run(py, |stop| {
        let game = game.game();
        let path = best_response_dynamics(game, [start.0 - 1, start.1 - 1], max_steps, stop)?;
        serialised(report::best_response_record(game, &path))
    })
}

/// `sprague dynamics regret-matching`.
#[pyfunction]
#[pyo3(signature = (game, rounds = 10_000, seed = 0))]
fn dynamics_regret_matching(
    py: Python<'_>,
    game: &NativeStrategic,
    rounds: u64,
    seed: u64,
) -> PyResult<String> {
    run(py, |stop| {
        let game = game.game();
        let found = regret_matching(game, rounds, seed, stop)?;
        serialised(report::regret_matching_record(game, &found))
    })
}

/// `sprague dynamics moran`: exact fixation probabilities (two strategies, not
/// `simulate`), else a simulation, with the command line's defaults and messages.
#[pyfunction]
#[pyo3(signature = (game, population = None, intensity = "1/10", simulate_ = false, initial = None, runs = 1000, max_steps = 1_000_000, seed = 0))]
#[allow(clippy::too_many_arguments)]
fn dynamics_moran(
    py: Python<'_>,
    game: &NativeStrategic,
    population: Option<usize>,
    intensity: &str,
    simulate_: bool,
    initial: Option<Vec<usize>>,
    runs: u64,
    max_steps: u64,
    seed: u64,
) -> PyResult<String> {
    run(py, |stop| {
        let game = symmetric(game)?;
        let w = parse_rational(intensity).ok_or_else(|| {
            DynamicsError::Parameter(format!(
                "--intensity: {intensity:?} is not a number between 0 and 1"
            ))
        })?;
        if game.size() == 2 && !simulate_ {
            let population = population.ok_or_else(|| {
                DynamicsError::Parameter("give the population size with --population N".into())
            })?;
            let p = fixation_probabilities(&game, population, &w)?;
            return serialised(report::fixation_record(&game, &p));
        }
        let initial =
            match (initial, game.size(), population) {
                (Some(counts), _, _) => counts,
                (None, 2, Some(n)) if n >= 2 => vec![1, n - 1],
                _ => return Err(DynamicsError::Parameter(
                    "the simulation needs the initial counts, --initial c1,c2,… (one per strategy)"
                        .into(),
                )),
            };
        let options = SimulationOptions {
            initial,
            intensity: rational_to_f64(&w),
            runs,
            max_steps,
            seed,
        };
        let sim = simulate(&game, &options, stop)?;
        serialised(report::simulation_record(&game, &sim))
    })
}
