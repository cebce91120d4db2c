//! Cooperative (TU) games from Python on `sprague-cooperative`: a game read
//! as the command line reads it (or built from a table of values, or a
//! weighted voting game), and its Shapley value, Banzhaf index, core, least
//! core and nucleolus.
//!
//! Answers cross as the JSON records of `sprague_cooperative::report` (exact
//! numbers as `"p/q"` text), the same the command line prints with
//! `--format json`; the Python half turns them into `Fraction`s.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList};
use sprague_cooperative::constraint_generation::Options;
use sprague_cooperative::input::GameInput;
use sprague_cooperative::{allocation, report};
use sprague_strategic::stop::StopCheck;

use crate::interrupt::{interrupted, Interrupt};
use sprague_cooperative::{CoopError, TuGame, WeightedVotingGame, MAX_TABLE_PLAYERS};
use sprague_strategic::exact_text::{format_rational, parse_rational};

use crate::fraction::FractionMaker;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<CoopGame>()?;
    Ok(())
}

/// The Python exception of a cooperative-game error, with the command line's sentence.
fn to_python(error: CoopError) -> PyErr {
    let message = error.to_string();
    match error {
        CoopError::TooManyPlayers(_) | CoopError::TooLarge(_) => {
            crate::TooLarge::new_err(crate::python_message(message))
        }
        CoopError::EmptyImputationSet { .. } => crate::Unsupported::new_err(message),
        CoopError::LinearProgram(_) => crate::Error::new_err(message),
        _ => crate::InvalidInput::new_err(message),
    }
}

/// The Python error of a cooperative computation: the `KeyboardInterrupt`
/// that stopped it, or the library's refusal.
fn interrupted_or(error: CoopError, interrupt: Interrupt) -> PyErr {
    match error {
        CoopError::Interrupted => interrupted(interrupt),
        other => to_python(other),
    }
}

/// Runs `solve` with the GIL released and options whose stop check asks
/// Python for signals; a `KeyboardInterrupt` comes back as itself.
fn with_stop<T: Send>(
    py: Python<'_>,
    solve: impl FnOnce(&Options<'_>) -> Result<T, CoopError> + Send,
) -> PyResult<T> {
    let interrupt = Interrupt::new();
    let found = py.detach(|| {
        let check = || interrupt.poll();
        let options = Options {
            stop: StopCheck::new(&check),
            ..Options::default()
        };
        solve(&options)
    });
    found.map_err(|e| interrupted_or(e, interrupt))
}

fn json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value)
        .map_err(|error| crate::Error::new_err(format!("could not write JSON: {error}")))
}

/// A TU game: a table of coalition values, a weighted voting game, or a
/// built-in game too large for a table.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct CoopGame {
    game: GameInput,
}

impl CoopGame {
    fn as_table(&self, what: &str) -> PyResult<TuGame> {
        self.game.table(what).map_err(to_python)
    }
}

#[pymethods]
impl CoopGame {
    /// The game written as the command line takes it: `[q; w1, ..., wn]`,
    /// `glove:L,R`, `airport:...`, `bankruptcy:E:...`, or the text of a game
    /// file (the JSON coalition table or `{"quota": q, "weights": [...]}`).
    #[staticmethod]
    fn parse(spec: &str) -> PyResult<Self> {
        let game = match GameInput::parse_inline(spec).map_err(to_python)? {
            Some(game) => game,
            None => {
                let body = spec.trim();
                if !(body.starts_with('{') || body.starts_with('[')) {
                    return Err(crate::InvalidInput::new_err(format!(
                        "\"{body}\" is not a game: give a coalition table (JSON), a weighted voting game [q; w1, ..., wn], or glove:L,R | airport:c1,c2,... | bankruptcy:E:d1,d2,..."
                    )));
                }
                GameInput::from_document(body).map_err(to_python)?
            }
        };
        Ok(CoopGame { game })
    }

    /// A table game from player names and the worth of every coalition
    /// (bit i for player i) as exact text.
    #[staticmethod]
    fn table(names: Vec<String>, values: Vec<String>) -> PyResult<Self> {
        let values = values
            .iter()
            .map(|text| {
                parse_rational(text).ok_or_else(|| {
                    crate::InvalidInput::new_err(format!("{text} is not an exact number"))
                })
            })
            .collect::<PyResult<Vec<_>>>()?;
        let game = TuGame::new(names, values).map_err(to_python)?;
        Ok(CoopGame {
            game: GameInput::Table(game),
        })
    }

    /// The weighted voting game `[quota; weights]` when the quota is a Python
    /// `int` and the weights a list of them, each from 0 below 2^64; `None`
    /// otherwise (the caller's checks then give the message). The fast path
    /// of `weighted_voting`: the type checks cost less here than in Python.
    #[staticmethod]
    fn weighted_from_ints(quota: &Bound<'_, PyAny>, weights: &Bound<'_, PyAny>) -> Option<Self> {
        let whole = |x: &Bound<'_, PyAny>| {
            if x.is_exact_instance_of::<PyInt>() {
                x.extract::<u64>().ok()
            } else {
                None
            }
        };
        let list = weights.cast::<PyList>().ok()?;
        let weights = list
            .iter()
            .map(|w| whole(&w))
            .collect::<Option<Vec<u64>>>()?;
        let game = WeightedVotingGame::new(whole(quota)?, weights).ok()?;
        Some(CoopGame {
            game: GameInput::Weighted(game),
        })
    }

    /// The weighted voting game `[quota; weights]`.
    #[staticmethod]
    fn weighted(quota: u64, weights: Vec<u64>) -> PyResult<Self> {
        let game = WeightedVotingGame::new(quota, weights).map_err(to_python)?;
        Ok(CoopGame {
            game: GameInput::Weighted(game),
        })
    }

    /// Refuses more players than a table of all coalitions may have.
    #[staticmethod]
    fn check_players(n: usize) -> PyResult<()> {
        if n == 0 {
            return Err(to_python(CoopError::NoPlayers));
        }
        if n > MAX_TABLE_PLAYERS {
            return Err(to_python(CoopError::TooManyPlayers(n)));
        }
        Ok(())
    }

    /// The players' names.
    fn names(&self) -> Vec<String> {
        self.game.names()
    }

    /// What kind of game this is, in a few words.
    fn describe(&self) -> String {
        match &self.game {
            GameInput::Table(_) => "a table of coalition values".to_string(),
            GameInput::Weighted(w) => format!(
                "weighted voting [{}; {}]",
                w.quota(),
                w.weights()
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            GameInput::Builtin(_) => "a built-in game".to_string(),
            GameInput::Assignment(a) => format!(
                "an assignment game of {} buyers and {} sellers",
                a.buyers(),
                a.sellers()
            ),
        }
    }

    /// The worth of coalition `mask` (bit i for player i), as exact text.
    fn worth(&self, mask: u64) -> PyResult<String> {
        let table = self.as_table("coalition value")?;
        if mask >= 1u64 << table.players() {
            return Err(crate::InvalidInput::new_err(format!(
                "the game has {} players, so there is no coalition {mask:#b}",
                table.players()
            )));
        }
        Ok(format_rational(table.value(mask as u32)))
    }

    /// The exact Shapley value as `{player: Fraction}` (keys from `players`,
    /// in order), or `None` when the command line would estimate it (the
    /// caller then asks [`CoopGame::shapley`] for the estimate's record).
    fn shapley_exact<'py>(
        &self,
        py: Python<'py>,
        players: Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        match py.detach(|| report::exact_shapley(&self.game, None)) {
            None => Ok(None),
            Some(values) => {
                let values = values.map_err(to_python)?;
                Ok(Some(FractionMaker::new(py)?.by_key(&players, &values)?))
            }
        }
    }

    /// The Shapley value (JSON as `sprague coop shapley --format json`).
    #[pyo3(signature = (monte_carlo = None, seed = 0))]
    fn shapley(&self, py: Python<'_>, monte_carlo: Option<u64>, seed: u64) -> PyResult<String> {
        let found = py
            .detach(|| report::shapley(&self.game, monte_carlo, seed))
            .map_err(to_python)?;
        json(&found.record())
    }

    /// The Banzhaf index (JSON as `sprague coop banzhaf --format json`).
    fn banzhaf(&self, py: Python<'_>) -> PyResult<String> {
        let found = py
            .detach(|| report::banzhaf(&self.game))
            .map_err(to_python)?;
        json(&found.record())
    }

    /// The core (JSON as `sprague coop core --format json`).
    fn core(&self, py: Python<'_>) -> PyResult<String> {
        let found = with_stop(py, |options| report::core(&self.game, options))?;
        json(&report::CoreRecord::new(&self.game, &found))
    }

    /// The least core (JSON as `sprague coop least-core --format json`).
    fn least_core(&self, py: Python<'_>) -> PyResult<String> {
        let found = with_stop(py, |options| report::least_core(&self.game, options))?;
        json(&report::LeastCoreRecord::new(&self.game, &found))
    }

    /// The nucleolus or prenucleolus (JSON as `sprague coop nucleolus [--pre] --format json`).
    #[pyo3(signature = (pre = false))]
    fn nucleolus(&self, py: Python<'_>, pre: bool) -> PyResult<String> {
        let found = with_stop(py, |options| report::nucleolus(&self.game, pre, options))?;
        json(&report::NucleolusRecord::new(&self.game, &found, pre))
    }

    /// The core test of an allocation given as exact text, one share per
    /// player (JSON as `sprague coop in-core --format json`).
    fn in_core(&self, shares: Vec<String>) -> PyResult<String> {
        let shares = allocation::parse_allocation(&shares.join(",")).map_err(to_python)?;
        let (table, check) = report::in_core(&self.game, &shares).map_err(to_python)?;
        json(&report::InCoreRecord::new(&table, &check))
    }
}
