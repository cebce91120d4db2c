//! Partizan games from Python (`sprague.partizan`): a short game's canonical
//! form in one process-wide `sprague_partizan::GameStore` (hash-consed, so equal
//! games are one id and comparisons, sums and thermographs are memoised across
//! calls), read from CGSuite's syntax or from a ruleset's position. The
//! pure-Python `sprague.partizan.Game` wraps `PartizanGame` with operators and
//! `fractions.Fraction` values.

use std::sync::{LazyLock, Mutex, MutexGuard};

use pyo3::prelude::*;
use sprague_partizan::rules::catalogue;
use sprague_partizan::{Comparison, GameError, GameId, GameStore};

use crate::InvalidInput;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PartizanGame>()?;
    module.add_function(wrap_pyfunction!(partizan_parse, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_ruleset, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_rulesets, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_analyze, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_reply, module)?)?;
    Ok(())
}

/// The one store of the process: ids are only meaningful in the store that made them.
static STORE: LazyLock<Mutex<GameStore>> = LazyLock::new(|| Mutex::new(GameStore::new()));

fn store() -> MutexGuard<'static, GameStore> {
    // The library does not panic on input; were the lock ever poisoned, it is taken
    // over rather than turned into a second panic across the Python boundary.
    STORE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn error(error: GameError) -> PyErr {
    InvalidInput::new_err(error.to_string())
}

/// A short partizan game in canonical form (an id in the process's store).
#[pyclass(module = "sprague._native", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PartizanGame {
    id: GameId,
}

fn of(id: GameId) -> PartizanGame {
    PartizanGame { id }
}

/// Reads a game in CGSuite's syntax (`"{1|-1} + ^"`, `"±2"`, `"1/2*"`).
#[pyfunction]
fn partizan_parse(text: &str) -> PyResult<PartizanGame> {
    store().parse(text).map(of).map_err(|e| {
        InvalidInput::new_err(format!(
            "{:?} is not a game: {}",
            text.chars().take(60).collect::<String>(),
            e
        ))
    })
}

/// The value of a position of a ruleset (`"domineering"`, `"....|...."`).
#[pyfunction]
fn partizan_ruleset(name: &str, position: &str) -> PyResult<PartizanGame> {
    let mut store = store();
    let analysis = analysed(&mut store, name, position)?;
    Ok(of(analysis.value))
}

/// A position of a ruleset read and analysed, errors as the other ruleset calls give them.
fn analysed(store: &mut GameStore, name: &str, position: &str) -> PyResult<catalogue::Analysis> {
    // The ruleset as the command line finds it: by name or alias, or `hackenbush` written in
    // colours for Blue-Red Hackenbush.
    let words: Vec<String> = position.split_whitespace().map(str::to_string).collect();
    let name = sprague_partizan::report::requested(name, &words).map_or(name, |entry| entry.name);
    catalogue::analyze(store, name, position).map_err(|e| match e {
        GameError::InvalidPosition(_) => InvalidInput::new_err(format!(
            "{:?} is not a {name} position: {}",
            position.chars().take(60).collect::<String>(),
            e.to_string().trim_start_matches("invalid position: ")
        )),
        other => error(other),
    })
}

/// `sprague analyze RULESET POSITION --format json`, the record `/api/analyze` answers
/// (`sprague_partizan::report::PartizanRecord`), as JSON text.
#[pyfunction]
fn partizan_analyze(name: &str, position: &str) -> PyResult<String> {
    let mut store = store();
    let analysis = analysed(&mut store, name, position)?;
    let record =
        sprague_partizan::report::PartizanRecord::new(&mut store, &analysis).map_err(error)?;
    serde_json::to_string(&record)
        .map_err(|e| crate::Error::new_err(format!("could not write JSON: {e}")))
}

/// A move as Python receives it: move, description, position after, value, winning.
type ChosenMove = (String, String, String, String, bool);

/// The computer's move for `side` (`left` or `right`) as `sprague play` and `/api/play`
/// choose it (`rules::play::best_move`): `(move, description, position after, value,
/// winning)`, or `None` when the side has no move.
#[pyfunction]
fn partizan_reply(name: &str, position: &str, side: &str) -> PyResult<Option<ChosenMove>> {
    use sprague_partizan::rules::play::{best_move, Side};
    let side = Side::parse(side).ok_or_else(|| {
        InvalidInput::new_err(format!(
            "side must be \"left\" or \"right\", not {:?}",
            side.chars().take(60).collect::<String>()
        ))
    })?;
    let mut store = store();
    let analysis = analysed(&mut store, name, position)?;
    let moves = match side {
        Side::Left => analysis.left,
        Side::Right => analysis.right,
    };
    Ok(best_move(&mut store, &moves, side).map(|index| {
        let chosen = &moves[index];
        (
            chosen.notation.clone(),
            chosen.description.clone(),
            chosen.position.clone(),
            store.display(chosen.value),
            chosen.winning,
        )
    }))
}

/// The rulesets: `(name, aliases, rule, position syntax, move syntax, example)`.
#[pyfunction]
fn partizan_rulesets() -> Vec<(String, Vec<String>, String, String, String, String)> {
    catalogue::ENTRIES
        .iter()
        .map(|e| {
            (
                e.name.to_string(),
                e.aliases.iter().map(|a| a.to_string()).collect(),
                e.rule.to_string(),
                e.position.to_string(),
                e.moves.to_string(),
                e.example.to_string(),
            )
        })
        .collect()
}

#[pymethods]
impl PartizanGame {
    /// The canonical form in CGSuite's syntax.
    #[getter]
    fn canonical_form(&self) -> String {
        store().display(self.id)
    }

    /// `L`, `R`, `P` or `N`.
    #[getter]
    fn outcome(&self) -> String {
        store().outcome(self.id).to_string()
    }

    /// The birthday.
    #[getter]
    fn birthday(&self) -> u64 {
        store().birthday(self.id)
    }

    /// The left stop, exact (`"3/4"`).
    #[getter]
    fn left_stop(&self) -> String {
        store().left_stop(self.id).to_string()
    }

    /// The right stop, exact.
    #[getter]
    fn right_stop(&self) -> String {
        store().right_stop(self.id).to_string()
    }

    /// The mean, exact.
    #[getter]
    fn mean(&self) -> PyResult<String> {
        store().mean(self.id).map(|m| m.to_string()).map_err(error)
    }

    /// The temperature, exact.
    #[getter]
    fn temperature(&self) -> PyResult<String> {
        store()
            .temperature(self.id)
            .map(|t| t.to_string())
            .map_err(error)
    }

    /// The thermograph: `(left wall, right wall, mast, temperature)`, walls as
    /// `(t, value)` breakpoints from `t = -1`, all exact strings.
    #[allow(clippy::type_complexity)]
    fn thermograph(
        &self,
    ) -> PyResult<(Vec<(String, String)>, Vec<(String, String)>, String, String)> {
        let th = store().thermograph(self.id).map_err(error)?;
        let wall = |points: Vec<(sprague_partizan::Dyadic, sprague_partizan::Dyadic)>| {
            points
                .into_iter()
                .map(|(t, v)| (t.to_string(), v.to_string()))
                .collect()
        };
        Ok((
            wall(th.left_wall().breakpoints()),
            wall(th.right_wall().breakpoints()),
            th.mast().to_string(),
            th.temperature().to_string(),
        ))
    }

    /// The atomic weight of an all-small game; `None` for any other game.
    fn atomic_weight(&self) -> PyResult<Option<PartizanGame>> {
        match store().atomic_weight(self.id) {
            Ok(w) => Ok(Some(of(w))),
            Err(GameError::Undefined(_)) => Ok(None),
            Err(other) => Err(error(other)),
        }
    }

    /// The reduced canonical form.
    fn reduced(&self) -> PyResult<PartizanGame> {
        store().rcf(self.id).map(of).map_err(error)
    }

    /// Left's options in canonical form.
    fn left_options(&self) -> Vec<PartizanGame> {
        store().left_options(self.id).into_iter().map(of).collect()
    }

    /// Right's options in canonical form.
    fn right_options(&self) -> Vec<PartizanGame> {
        store().right_options(self.id).into_iter().map(of).collect()
    }

    /// Whether `self ≤ other`.
    fn leq(&self, other: &PartizanGame) -> bool {
        store().leq(self.id, other.id)
    }

    /// `>`, `<`, `=` or `‖`.
    fn compare(&self, other: &PartizanGame) -> &'static str {
        match store().compare(self.id, other.id) {
            Comparison::Greater => ">",
            Comparison::Less => "<",
            Comparison::Equal => "=",
            Comparison::Confused => "‖",
        }
    }

    /// The sum `self + other`.
    fn add(&self, other: &PartizanGame) -> PyResult<PartizanGame> {
        store().sum(self.id, other.id).map(of).map_err(error)
    }

    /// The difference `self - other`.
    fn sub(&self, other: &PartizanGame) -> PyResult<PartizanGame> {
        store().sub(self.id, other.id).map(of).map_err(error)
    }

    /// The negative `-self`.
    fn neg(&self) -> PartizanGame {
        of(store().neg(self.id))
    }
}
