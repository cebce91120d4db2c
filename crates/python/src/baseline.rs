//! The library's own work without Python, timed from Python: the same-run
//! baseline of the Python benchmark (`scripts/bench_python.py`).
//!
//! The benchmark's question is what a call from Python costs over the Rust
//! library doing the same work. Measured in another process, or earlier in
//! the run, the Rust figure drifts with this shared machine's load; measured
//! here, in the same process and interleaved with the Python calls, both
//! figures see the same machine. Each function repeats exactly the work of the
//! Rust benchmark that names it (`cargo bench -p sprague-strategic --bench
//! strategic`: solve and JSON record; `-p sprague-repeated --bench repeated`:
//! the tournament; `-p sprague-cooperative --bench power_indices`: the exact
//! Shapley–Shubik index), `repeat` times, and returns nothing: the caller times
//! the call. Private to the benchmark (the names start with an underscore).

use pyo3::prelude::*;
use sprague_cooperative::WeightedVotingGame;
use sprague_repeated::ipd::tournament::{self, TournamentConfig};
use sprague_repeated::ipd::{MatchConfig, Player};
use sprague_strategic::report::{nash_report, solve_nash, NashMethod, NashOptions};

use crate::strategic::NativeStrategic;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(_baseline_equilibria, module)?)?;
    module.add_function(wrap_pyfunction!(_baseline_tournament, module)?)?;
    module.add_function(wrap_pyfunction!(_baseline_shapley_shubik, module)?)?;
    Ok(())
}

/// All equilibria by vertex enumeration and their JSON record, `repeat` times
/// (the Rust benchmark's `enum10_report_median_s` work).
#[pyfunction]
fn _baseline_equilibria(py: Python<'_>, game: &NativeStrategic, repeat: usize) -> PyResult<()> {
    let options = NashOptions {
        method: NashMethod::Enum,
        ..NashOptions::default()
    };
    py.detach(|| {
        for _ in 0..repeat {
            let found = solve_nash(game.game(), &options)?;
            std::hint::black_box(serde_json::to_string(&nash_report(game.game(), &found)).ok());
        }
        Ok(())
    })
    .map_err(crate::strategic::to_python)
}

/// A round robin on one thread, `repeat` times (the Rust benchmark's
/// `tournament_20x200x5_1thread` work).
#[pyfunction]
fn _baseline_tournament(
    py: Python<'_>,
    names: Vec<String>,
    turns: usize,
    repetitions: usize,
    seed: u64,
    repeat: usize,
) -> PyResult<()> {
    let players = names
        .iter()
        .map(|n| Player::parse(n))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| crate::InvalidInput::new_err(e.to_string()))?;
    let config = TournamentConfig {
        match_config: MatchConfig {
            turns,
            ..MatchConfig::default()
        },
        repetitions,
        seed,
        threads: 1,
    };
    py.detach(|| {
        for _ in 0..repeat {
            std::hint::black_box(tournament::run(&players, &config)?);
        }
        Ok(())
    })
    .map_err(|e: sprague_repeated::ipd::IpdError| crate::InvalidInput::new_err(e.to_string()))
}

/// The exact Shapley–Shubik index of `[quota; weights]`, `repeat` times (the
/// Rust benchmark's `shapley_shubik_wvg20_exact` work).
#[pyfunction]
fn _baseline_shapley_shubik(
    py: Python<'_>,
    quota: u64,
    weights: Vec<u64>,
    repeat: usize,
) -> PyResult<()> {
    let game = WeightedVotingGame::new(quota, weights)
        .map_err(|e| crate::InvalidInput::new_err(e.to_string()))?;
    py.detach(|| {
        for _ in 0..repeat {
            std::hint::black_box(game.shapley_shubik()?);
        }
        Ok(())
    })
    .map_err(|e: sprague_cooperative::CoopError| crate::InvalidInput::new_err(e.to_string()))
}
