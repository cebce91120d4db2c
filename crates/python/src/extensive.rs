//! Extensive-form games from Python: reading Gambit `.efg` files, JSON trees
//! and the built-ins (Kuhn poker, beer–quiche), their description, Nash
//! equilibria (the sequence form's Lemke algorithm, or any normal-form
//! method on the reduced strategic form), the zero-sum value by the
//! sequence-form LP and subgame-perfect equilibria.
//!
//! Answers are the records of [`sprague_strategic::extensive::report`] as
//! JSON text — the same JSON as `sprague nash GAME.efg`, `sprague zerosum
//! GAME.efg`, `sprague tree spe` and `sprague tree info` with
//! `--format json`; the Python half (`sprague.extensive`) reads them with
//! exact `Fraction`s. The solvers run with the GIL released and stop on
//! `KeyboardInterrupt`.

use pyo3::prelude::*;
use sprague_strategic::extensive::efg::{read_efg, write_efg};
use sprague_strategic::extensive::input::load_extensive;
use sprague_strategic::extensive::report::{
    describe_game, solve_extensive_nash, solve_extensive_zero_sum, solve_subgame_perfect,
    ExtensiveMethod,
};
use sprague_strategic::extensive::{ExtensiveError, ExtensiveGame};
use sprague_strategic::report::{NashMethod, NashOptions};
use sprague_strategic::stop::StopCheck;

use crate::interrupt::{interrupted, Interrupt};
use crate::{InvalidInput, TooLarge, UnknownGame, Unsupported};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<NativeExtensive>()?;
    Ok(())
}

/// The Python exception of an extensive-form error, with its one-sentence message.
fn to_python(error: ExtensiveError) -> PyErr {
    let message = error.to_string();
    match error {
        ExtensiveError::TooLarge { .. } => TooLarge::new_err(crate::python_message(message)),
        ExtensiveError::Invalid(_) if message.contains("memory") || message.contains("--force") => {
            TooLarge::new_err(crate::python_message(message))
        }
        ExtensiveError::NotTwoPlayer { .. }
        | ExtensiveError::NotZeroSum { .. }
        | ExtensiveError::ImperfectRecall(_) => Unsupported::new_err(message),
        ExtensiveError::Solver(_) => crate::Error::new_err(message),
        _ => InvalidInput::new_err(message),
    }
}

fn json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value)
        .map_err(|error| crate::Error::new_err(format!("could not write JSON: {error}")))
}

/// Runs `solve` with the GIL released and a stop check that asks Python
/// for signals; a `KeyboardInterrupt` comes back as itself.
fn solve<T: Send>(
    py: Python<'_>,
    solve: impl FnOnce(StopCheck<'_>) -> Result<T, ExtensiveError> + Send,
) -> PyResult<T> {
    let interrupt = Interrupt::new();
    let check = || interrupt.poll();
    match py.detach(|| solve(StopCheck::new(&check))) {
        Ok(answer) => Ok(answer),
        Err(ExtensiveError::Interrupted) => Err(interrupted(interrupt)),
        Err(error) => Err(to_python(error)),
    }
}

/// An extensive-form game.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct NativeExtensive {
    game: ExtensiveGame,
}

#[pymethods]
impl NativeExtensive {
    /// The game named by a command-line spec: a built-in (`kuhn-poker`,
    /// `beer-quiche`) or a `.efg` or JSON tree file.
    #[staticmethod]
    fn load(py: Python<'_>, spec: &str) -> PyResult<Self> {
        match py.detach(|| load_extensive(spec)).map_err(to_python)? {
            Some(game) => Ok(NativeExtensive { game }),
            None => Err(UnknownGame::new_err(format!(
                "{spec:?} is neither a built-in extensive game (kuhn-poker, beer-quiche) nor a .efg or JSON game-tree file"
            ))),
        }
    }

    /// A game from the text of a Gambit `.efg` file.
    #[staticmethod]
    fn from_efg(py: Python<'_>, text: &str) -> PyResult<Self> {
        let game = py.detach(|| read_efg(text)).map_err(to_python)?;
        Ok(NativeExtensive { game })
    }

    /// A game from its JSON tree (the format of docs/extensive.md).
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<Self> {
        let game = py
            .detach(|| ExtensiveGame::from_json(text))
            .map_err(to_python)?;
        Ok(NativeExtensive { game })
    }

    /// The game as a Gambit `.efg` file.
    fn to_efg(&self) -> String {
        write_efg(&self.game)
    }

    /// The description (JSON of `sprague tree info --format json`).
    fn info(&self) -> PyResult<String> {
        json(&describe_game(&self.game))
    }

    /// Nash equilibria in behaviour strategies (JSON of `sprague nash
    /// GAME.efg --format json`): `seqform` (Lemke on the sequence form, two
    /// players, one equilibrium) or a method on the reduced strategic form
    /// (`auto`, `enum`, `support`, `pure`, `lemke-howson`).
    #[pyo3(signature = (method = "seqform", force = false))]
    fn nash(&self, py: Python<'_>, method: &str, force: bool) -> PyResult<String> {
        let reduced = match method {
            "seqform" => None,
            "auto" => Some(NashMethod::Auto),
            "enum" => Some(NashMethod::Enum),
            "support" => Some(NashMethod::Support),
            "pure" => Some(NashMethod::Pure),
            "lemke-howson" | "lh" => Some(NashMethod::LemkeHowson),
            other => {
                return Err(InvalidInput::new_err(format!(
                    "unknown method {other:?}; expected seqform, auto, enum, support, pure or lemke-howson"
                )))
            }
        };
        let game = &self.game;
        let report = solve(py, |stop| {
            let method = match reduced {
                None => ExtensiveMethod::SequenceForm,
                Some(method) => ExtensiveMethod::Reduced(NashOptions {
                    method,
                    force,
                    stop,
                    ..NashOptions::default()
                }),
            };
            solve_extensive_nash(game, &method)
        })?;
        json(&report)
    }

    /// The value and optimal behaviour strategies of a two-player zero-sum
    /// game by the sequence-form LP (JSON of `sprague zerosum GAME.efg`).
    fn zero_sum(&self, py: Python<'_>) -> PyResult<String> {
        let game = &self.game;
        let report = solve(py, |_| solve_extensive_zero_sum(game))?;
        json(&report)
    }

    /// A subgame-perfect equilibrium, solved bottom up (JSON of `sprague
    /// tree spe --format json`).
    fn subgame_perfect(&self, py: Python<'_>) -> PyResult<String> {
        let game = &self.game;
        let report = solve(py, |_| solve_subgame_perfect(game))?;
        json(&report)
    }
}
