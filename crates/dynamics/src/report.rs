//! The records of `sprague dynamics … --format json`, built here so that the
//! command line, the web API and the Python module hand back the same JSON
//! from the same runs. Each `*_record` takes the game and the run's answer.

use num_rational::BigRational;
use serde_json::{json, Value};
use sprague_strategic::exact_text::{format_rational, parse_rational, rational_to_f64};
use sprague_strategic::stop::StopCheck;
use sprague_strategic::NormalFormGame;

use crate::best_response::BestResponsePath;
use crate::ess::Ess;
use crate::fictitious_play::FictitiousPlay;
use crate::moran::{FixationProbabilities, Simulation};
use crate::regret_matching::RegretMatching;
use crate::replicator::{trajectory, trajectory_adaptive, Trajectory, TrajectoryOptions};
use crate::rest_points::RestPoints;
use crate::stochastic_fictitious_play::StochasticFictitiousPlay;
use crate::{DynamicsError, SymmetricGame};

/// The method of a replicator trajectory, in words.
pub fn replicator_method(dt: f64, tolerance: Option<f64>) -> String {
    match tolerance {
        Some(tolerance) => {
            format!("Dormand-Prince 5(4), tolerance {tolerance:e}, adaptive (approximate)")
        }
        None => format!("RK4, fixed step {dt} (approximate)"),
    }
}

/// The replicator trajectory that `sprague dynamics replicator` and
/// `/api/dynamics/replicator` compute: from the start typed as `start` (exact
/// fractions, checked by [`replicator_start`]; `None` for its default), by the
/// adaptive Dormand–Prince method when `tolerance` is given, else by fixed steps.
/// Returns the exact start and the path.
///
/// # Errors
/// As [`exact_list`], [`replicator_start`] and the integrators.
///
/// ```
/// use sprague_dynamics::{replicator::TrajectoryOptions, report, SymmetricGame};
/// use sprague_strategic::{examples::example, stop::StopCheck};
/// let game = SymmetricGame::from_game(&example("hawk-dove").unwrap()).unwrap();
/// let options = TrajectoryOptions { dt: 0.01, steps: 100, record_every: 50 };
/// let (start, path) =
///     report::replicator_run(&game, Some("1/2,1/2"), &options, None, StopCheck::never()).unwrap();
/// assert_eq!(start.len(), 2);
/// assert!(!path.times.is_empty());
/// ```
pub fn replicator_run(
    game: &SymmetricGame,
    start: Option<&str>,
    options: &TrajectoryOptions,
    tolerance: Option<f64>,
    stop: StopCheck,
) -> Result<(Vec<BigRational>, Trajectory), DynamicsError> {
    let start = match start {
        Some(text) => Some(exact_list(text, "--start")?),
        None => None,
    };
    let start = replicator_start(game, start)?;
    let float_start: Vec<f64> = start.iter().map(rational_to_f64).collect();
    let matrix = game.float_matrix();
    let path = match tolerance {
        Some(tolerance) => trajectory_adaptive(&matrix, &float_start, options, tolerance, stop)?,
        None => trajectory(&matrix, &float_start, options, stop)?,
    };
    Ok((start, path))
}

/// The initial shares of a replicator trajectory: `start` checked (n non-negative
/// shares adding up to exactly 1), or by default proportional to 1, 2, …, n.
pub fn replicator_start(
    game: &SymmetricGame,
    start: Option<Vec<BigRational>>,
) -> Result<Vec<BigRational>, DynamicsError> {
    let n = game.size();
    let start = match start {
        Some(start) => start,
        None => {
            let total = BigRational::from_integer((n * (n + 1) / 2).into());
            (1..=n)
                .map(|i| BigRational::from_integer(i.into()) / &total)
                .collect()
        }
    };
    if start.len() != n
        || start.iter().any(|x| x < &BigRational::default())
        || start.iter().sum::<BigRational>() != BigRational::from_integer(1.into())
    {
        return Err(DynamicsError::Parameter(format!(
            "--start needs {n} non-negative shares adding up to exactly 1"
        )));
    }
    Ok(start)
}

/// Comma-separated exact numbers (`what` names the option in the message).
pub fn exact_list(text: &str, what: &str) -> Result<Vec<BigRational>, DynamicsError> {
    text.split(',')
        .map(|t| {
            parse_rational(t).ok_or_else(|| {
                DynamicsError::Parameter(format!(
                    "{what}: {t:?} is not a number (integers, fractions p/q and decimals are accepted)"
                ))
            })
        })
        .collect()
}

/// `dynamics replicator`.
pub fn replicator_record(
    game: &SymmetricGame,
    start: &[BigRational],
    dt: f64,
    steps: usize,
    tolerance: Option<f64>,
    path: &Trajectory,
) -> Value {
    json!({
        "game": game.title(),
        "strategies": game.strategy_names(),
        "method": replicator_method(dt, tolerance),
        "start": start.iter().map(format_rational).collect::<Vec<_>>(),
        "dt": dt,
        "steps": steps,
        "times": path.times,
        "states": path.states().collect::<Vec<&[f64]>>(),
    })
}

/// `dynamics rest-points`.
pub fn rest_points_record(
    game: &SymmetricGame,
    found: &RestPoints,
) -> Result<Value, serde_json::Error> {
    let mut value = serde_json::to_value(found)?;
    value["game"] = json!(game.title());
    value["strategies"] = json!(game.strategy_names());
    Ok(value)
}

/// `dynamics ess`.
pub fn ess_record(game: &SymmetricGame, found: &[Ess]) -> Result<Value, serde_json::Error> {
    Ok(json!({
        "game": game.title(),
        "strategies": game.strategy_names(),
        "ess": serde_json::to_value(found)?,
    }))
}

/// `dynamics fictitious-play --noise λ`.
pub fn stochastic_fictitious_play_record(
    game: &NormalFormGame,
    run: &StochasticFictitiousPlay,
) -> Result<Value, serde_json::Error> {
    let mut value = serde_json::to_value(run)?;
    value["method"] = json!("stochastic fictitious play, logit responses (approximate)");
    value["players"] = json!(game.players());
    value["strategies"] = json!(game.strategies());
    Ok(value)
}

/// `dynamics fictitious-play`.
pub fn fictitious_play_record(
    game: &NormalFormGame,
    run: &FictitiousPlay,
) -> Result<Value, serde_json::Error> {
    let mut value = serde_json::to_value(run)?;
    value["method"] =
        json!("fictitious play, simultaneous, lowest-numbered best reply on ties (exact)");
    value["players"] = json!(game.players());
    value["strategies"] = json!(game.strategies());
    if let Value::Object(map) = &mut value {
        if run.history.is_empty() {
            map.remove("history");
        }
    }
    Ok(value)
}

/// `dynamics best-response`.
pub fn best_response_record(
    game: &NormalFormGame,
    path: &BestResponsePath,
) -> Result<Value, serde_json::Error> {
    let mut value = serde_json::to_value(path)?;
    value["players"] = json!(game.players());
    value["strategies"] = json!(game.strategies());
    Ok(value)
}

/// `dynamics regret-matching`.
pub fn regret_matching_record(
    game: &NormalFormGame,
    run: &RegretMatching,
) -> Result<Value, serde_json::Error> {
    let mut value = serde_json::to_value(run)?;
    value["players"] = json!(game.players());
    value["strategies"] = json!(game.strategies());
    Ok(value)
}

/// `dynamics moran` with two strategies: the exact fixation probabilities.
pub fn fixation_record(
    game: &SymmetricGame,
    p: &FixationProbabilities,
) -> Result<Value, serde_json::Error> {
    let mut value = serde_json::to_value(p)?;
    value["method"] = json!("exact formula (Nowak et al. 2004)");
    value["strategies"] = json!(game.strategy_names());
    Ok(value)
}

/// `dynamics moran --simulate`.
pub fn simulation_record(
    game: &SymmetricGame,
    sim: &Simulation,
) -> Result<Value, serde_json::Error> {
    let mut value = serde_json::to_value(sim)?;
    value["method"] = json!("simulation (approximate)");
    value["strategies"] = json!(game.strategy_names());
    Ok(value)
}
