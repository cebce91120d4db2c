//! Strategic-form games from Python: building, reading and writing games,
//! their Nash equilibria, zero-sum solutions and iterated dominance.
//!
//! Payoffs cross the boundary as exact decimal or `p/q` strings (the Python
//! half turns ints, `Fraction`s and floats into them); answers are the
//! records of [`sprague_strategic::report`] as JSON text, the same JSON as
//! `sprague nash|zerosum|dominance --format json`. The solvers run with the
//! GIL released.

use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyTuple};
use sprague_strategic::examples::{example, example_list, EXAMPLES};
use sprague_strategic::game::profile_count;
use sprague_strategic::input::{load_game, parse_game_text};
use sprague_strategic::nfg::{read_nfg, write_nfg};
use sprague_strategic::quadratic::QuadraticNumber;
use sprague_strategic::rational::{format_rational, parse_rational};
use sprague_strategic::report::{
    eliminate_dominated, nash_report, reduced_game, solve_nash, solve_zero_sum_game, NashFound,
    NashMethod, NashOptions,
};
use sprague_strategic::stop::StopCheck;
use sprague_strategic::{NormalFormGame, StrategicError};

use crate::fraction::SharedFractions;
use crate::interrupt::{interrupted, Interrupt};
use crate::{InvalidInput, TooLarge, UnknownGame, Unsupported};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(strategic_examples, module)?)?;
    module.add_function(wrap_pyfunction!(check_profiles, module)?)?;
    module.add_class::<NativeStrategic>()?;
    module.add_class::<NashAnswer>()?;
    Ok(())
}

/// The Python exception of a strategic-form error, with its one-sentence message.
pub(crate) fn to_python(error: StrategicError) -> PyErr {
    let message = error.to_string();
    match error {
        StrategicError::TooLarge { .. } => TooLarge::new_err(crate::python_message(message)),
        StrategicError::Dimension(_) | StrategicError::Nfg { .. }
            if message.contains("more than 100000000") =>
        {
            TooLarge::new_err(crate::python_message(message))
        }
        StrategicError::UnknownExample(..) => UnknownGame::new_err(message),
        StrategicError::NotTwoPlayer(_) | StrategicError::NotZeroSum { .. } => {
            Unsupported::new_err(message)
        }
        _ => InvalidInput::new_err(message),
    }
}

pub(crate) fn json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value)
        .map_err(|error| crate::Error::new_err(format!("could not write JSON: {error}")))
}

/// The built-in games: `(name, description)` pairs.
#[pyfunction]
fn strategic_examples() -> Vec<(&'static str, &'static str)> {
    EXAMPLES.to_vec()
}

/// Refuses a game with more than 10^8 strategy profiles (`TooLarge`),
/// before its payoffs are converted.
#[pyfunction]
fn check_profiles(counts: Vec<usize>) -> PyResult<usize> {
    profile_count(&counts).map_err(to_python)
}

/// An irrational number `a + b*sqrt(r)` as its exact parts (`a`, `b` as
/// `p/q` strings, `r` as an integer string).
type Parts = (String, String, String);

fn parts(x: &QuadraticNumber) -> Parts {
    (
        format_rational(&x.rational),
        format_rational(&x.coefficient),
        x.radicand.to_string(),
    )
}

/// The rows of a non-empty rectangular list of lists of Python `int`s
/// (not `bool`s) within 64 bits, or `None`.
fn integer_rows(x: &Bound<'_, PyAny>) -> Option<Vec<Vec<i64>>> {
    let rows = x.cast::<PyList>().ok()?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows.iter() {
        let row = row.cast_into::<PyList>().ok()?;
        let values = row
            .iter()
            .map(|v| {
                if v.is_exact_instance_of::<PyInt>() {
                    v.extract::<i64>().ok()
                } else {
                    None
                }
            })
            .collect::<Option<Vec<i64>>>()?;
        out.push(values);
    }
    let width = out.first()?.len();
    (width > 0 && out.iter().all(|r| r.len() == width)).then_some(out)
}

/// The equilibria a method found, with the game they belong to.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct NashAnswer {
    game: Py<NativeStrategic>,
    found: NashFound,
}

#[pymethods]
impl NashAnswer {
    /// The JSON record (`sprague nash --format json`).
    fn record(&self) -> PyResult<String> {
        json(&nash_report(&self.game.get().game, &self.found))
    }
}

/// The parts of an answer as Python objects, exact numbers as `Fraction`s
/// (each distinct one built once): `(method, degenerate, complete, note,
/// equilibria, cliques, components, searched, unsearched, irrational_texts)`
/// with `equilibria` a list of `(strategies, payoffs)`, `cliques` (vertex
/// enumeration) of `(row_strategies, column_strategies)`, the support profile
/// counts of the n-player search as text, and the irrational equilibria's
/// numbers as `a+b*sqrt(r)` texts.
fn answer_parts<'py>(py: Python<'py>, found: &NashFound) -> PyResult<Bound<'py, PyTuple>> {
    let mut fractions = SharedFractions::new(py)?;
    let equilibria = found
        .equilibria
        .iter()
        .map(|e| Ok((fractions.lists(&e.strategies)?, fractions.list(&e.payoffs)?)))
        .collect::<PyResult<Vec<_>>>()?;
    let cliques = found
        .all
        .as_ref()
        .map(|all| {
            all.cliques
                .iter()
                .map(|c| {
                    let rows: Vec<_> = c
                        .rows
                        .iter()
                        .map(|&r| &all.row_vertices[r])
                        .cloned()
                        .collect();
                    let columns: Vec<_> = c
                        .columns
                        .iter()
                        .map(|&k| &all.column_vertices[k])
                        .cloned()
                        .collect();
                    Ok((fractions.lists(&rows)?, fractions.lists(&columns)?))
                })
                .collect::<PyResult<Vec<_>>>()
        })
        .transpose()?;
    let nplayer = found.nplayer.as_ref();
    let texts = |v: &[QuadraticNumber]| v.iter().map(ToString::to_string).collect::<Vec<_>>();
    let irrational: Vec<(Vec<Vec<String>>, Vec<String>)> = nplayer
        .iter()
        .flat_map(|n| &n.irrational)
        .map(|e| {
            (
                e.strategies.iter().map(|s| texts(s)).collect(),
                texts(&e.payoffs),
            )
        })
        .collect();
    (
        found.method,
        found.degenerate,
        found.complete,
        found.note.clone(),
        equilibria,
        cliques,
        found.all.as_ref().map(|all| all.components.clone()),
        nplayer.map(|n| n.searched_profiles.to_string()),
        nplayer.map(|n| n.unsearched_profiles.to_string()),
        irrational,
    )
        .into_pyobject(py)
}

/// A normal-form game with exact payoffs.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct NativeStrategic {
    game: NormalFormGame,
}

impl NativeStrategic {
    /// The game.
    pub(crate) fn game(&self) -> &NormalFormGame {
        &self.game
    }
}

#[pymethods]
impl NativeStrategic {
    /// A game from its title, players, strategy names and payoffs:
    /// `payoffs[k]` lists every player's payoff in the `k`-th profile
    /// (Gambit order: the first player's strategy changes fastest), each an
    /// integer, `p/q` or a decimal.
    #[new]
    fn new(
        title: String,
        players: Vec<String>,
        strategies: Vec<Vec<String>>,
        payoffs: Vec<Vec<String>>,
    ) -> PyResult<Self> {
        let counts: Vec<usize> = strategies.iter().map(Vec::len).collect();
        if players.len() == counts.len() && counts.iter().all(|&c| c > 0) {
            profile_count(&counts).map_err(to_python)?;
        }
        let payoffs = payoffs
            .iter()
            .map(|profile| {
                profile
                    .iter()
                    .map(|x| parse_rational(x))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(to_python)?;
        let game = NormalFormGame::new(title, players, strategies, payoffs).map_err(to_python)?;
        Ok(NativeStrategic { game })
    }

    /// The bimatrix game of two integer matrices of the same shape (the fast
    /// path of `Game.from_arrays` for integer payoffs; the Python half checks
    /// the shape first, so its messages stay those of the general path).
    #[staticmethod]
    fn bimatrix(a: Vec<Vec<i64>>, b: Vec<Vec<i64>>) -> PyResult<Self> {
        let counts = [a.len(), a.first().map_or(0, Vec::len)];
        if counts.iter().all(|&c| c > 0) {
            profile_count(&counts).map_err(to_python)?;
        }
        let game = NormalFormGame::from_integer_bimatrix(&a, &b).map_err(to_python)?;
        Ok(NativeStrategic { game })
    }

    /// The bimatrix game of `a` and `b` when both are non-empty rectangular
    /// lists of lists of Python `int`s of the same shape, each within 64
    /// bits; `None` otherwise (the caller's general path then reads the
    /// entries and gives its messages). The type checks cost less here than
    /// in Python.
    #[staticmethod]
    fn bimatrix_from_ints(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> Option<Self> {
        let a = integer_rows(a)?;
        let b = integer_rows(b)?;
        if b.len() != a.len() || b[0].len() != a[0].len() {
            return None;
        }
        profile_count(&[a.len(), a[0].len()]).ok()?;
        let game = NormalFormGame::from_integer_bimatrix(&a, &b).ok()?;
        Some(NativeStrategic { game })
    }

    /// The game named by a command-line game spec: a built-in example or a
    /// `.nfg`, CSV or JSON file.
    #[staticmethod]
    fn load(py: Python<'_>, spec: &str) -> PyResult<Self> {
        let game = py.detach(|| load_game(spec)).map_err(to_python)?;
        Ok(NativeStrategic { game })
    }

    /// A built-in example.
    #[staticmethod]
    fn example(name: &str) -> PyResult<Self> {
        match example(name) {
            Some(game) => Ok(NativeStrategic { game }),
            None => Err(to_python(StrategicError::UnknownExample(
                name.to_string(),
                example_list(),
            ))),
        }
    }

    /// A game from the text of a Gambit `.nfg` file.
    #[staticmethod]
    fn from_nfg(py: Python<'_>, text: &str) -> PyResult<Self> {
        let game = py.detach(|| read_nfg(text)).map_err(to_python)?;
        Ok(NativeStrategic { game })
    }

    /// A game from text in the format of `extension` (`nfg`, `csv`, `json`),
    /// or guessed from the content.
    #[staticmethod]
    #[pyo3(signature = (text, extension = None))]
    fn parse(py: Python<'_>, text: &str, extension: Option<&str>) -> PyResult<Self> {
        let game = py
            .detach(|| parse_game_text(text, extension))
            .map_err(to_python)?;
        Ok(NativeStrategic { game })
    }

    fn title(&self) -> String {
        self.game.title().to_string()
    }

    fn players(&self) -> Vec<String> {
        self.game.players().to_vec()
    }

    fn strategies(&self) -> Vec<Vec<String>> {
        self.game.strategies().to_vec()
    }

    /// Every profile's payoffs in Gambit order, as exact strings.
    fn payoffs(&self) -> Vec<Vec<String>> {
        (0..self.game.num_profiles())
            .map(|k| {
                self.game
                    .payoffs_at(k)
                    .iter()
                    .map(format_rational)
                    .collect()
            })
            .collect()
    }

    /// The game as a Gambit `.nfg` file (payoff version).
    fn write_nfg(&self) -> String {
        write_nfg(&self.game)
    }

    /// The same game with another title, player names or strategy names
    /// (each `None` keeps the old ones).
    #[pyo3(signature = (title = None, players = None, strategies = None))]
    fn renamed(
        &self,
        title: Option<String>,
        players: Option<Vec<String>>,
        strategies: Option<Vec<Vec<String>>>,
    ) -> PyResult<Self> {
        let game = NormalFormGame::new(
            title.unwrap_or_else(|| self.game.title().to_string()),
            players.unwrap_or_else(|| self.game.players().to_vec()),
            strategies.unwrap_or_else(|| self.game.strategies().to_vec()),
            (0..self.game.num_profiles())
                .map(|k| self.game.payoffs_at(k).to_vec())
                .collect(),
        )
        .map_err(to_python)?;
        Ok(NativeStrategic { game })
    }

    /// The Nash equilibria: the answer (its JSON record, that of `sprague
    /// nash --format json`, made when asked for), its parts as Python objects
    /// with exact numbers as `Fraction`s ([`answer_parts`]), and the exact
    /// parts of the irrational equilibria: per equilibrium, per player the
    /// `(a, b, r)` of each probability, then the payoffs'.
    #[allow(clippy::type_complexity)]
    #[pyo3(signature = (method = "auto", label = 1, all_labels = false, exact_pivoting = false, force = false))]
    fn equilibria<'py>(
        slf: &Bound<'py, Self>,
        method: &str,
        label: usize,
        all_labels: bool,
        exact_pivoting: bool,
        force: bool,
    ) -> PyResult<(
        NashAnswer,
        Bound<'py, PyTuple>,
        Vec<(Vec<Vec<Parts>>, Vec<Parts>)>,
    )> {
        let py = slf.py();
        let method = match method {
            "auto" => NashMethod::Auto,
            "enum" => NashMethod::Enum,
            "support" => NashMethod::Support,
            "pure" => NashMethod::Pure,
            "lemke-howson" | "lh" => NashMethod::LemkeHowson,
            other => {
                return Err(InvalidInput::new_err(format!(
                    "unknown method {other:?}; expected auto, enum, support, pure or lemke-howson"
                )))
            }
        };
        let interrupt = Interrupt::new();
        let check = || interrupt.poll();
        let options = NashOptions {
            method,
            label,
            all_labels,
            exact_pivoting,
            force,
            stop: StopCheck::new(&check),
        };
        let game = &slf.get().game;
        let found = match py.detach(|| solve_nash(game, &options)) {
            Ok(found) => found,
            Err(StrategicError::Interrupted) => return Err(interrupted(interrupt)),
            Err(error) => return Err(to_python(error)),
        };
        let irrational = found
            .nplayer
            .iter()
            .flat_map(|n| &n.irrational)
            .map(|e| {
                (
                    e.strategies
                        .iter()
                        .map(|s| s.iter().map(parts).collect())
                        .collect(),
                    e.payoffs.iter().map(parts).collect(),
                )
            })
            .collect();
        let parts = answer_parts(py, &found)?;
        let answer = NashAnswer {
            game: slf.clone().unbind(),
            found,
        };
        Ok((answer, parts, irrational))
    }

    /// The value and optimal strategies (JSON of `sprague zerosum --format json`).
    #[pyo3(signature = (exact_pivoting = false))]
    fn zero_sum(&self, py: Python<'_>, exact_pivoting: bool) -> PyResult<String> {
        let (_, report) = py
            .detach(|| solve_zero_sum_game(&self.game, exact_pivoting))
            .map_err(to_python)?;
        json(&report)
    }

    /// Iterated elimination (JSON of `sprague dominance --format json`) and
    /// the reduced game.
    #[pyo3(signature = (weak = false, mixed = false))]
    fn dominance(&self, py: Python<'_>, weak: bool, mixed: bool) -> PyResult<(String, Self)> {
        let (result, report) = py.detach(|| eliminate_dominated(&self.game, weak, mixed));
        let reduced = reduced_game(&self.game, &result.remaining).map_err(to_python)?;
        Ok((json(&report)?, NativeStrategic { game: reduced }))
    }
}
