//! Strategies of the iterated prisoner's dilemma written in Python, playing
//! in the library's matches, tournaments and Moran process as
//! [`ExternalStrategy`] values (the repeated crate knows nothing of Python).
//!
//! The Python half (`sprague.ipd`) describes each strategy by a dict: its
//! `id`, `name`, `stochastic`, `description` and `start`, a callable that
//! makes a fresh player for one match (a deep copy of the user's instance, as
//! the Axelrod library clones its players per match; Knight et al., J. Open
//! Research Software 4, 2016) and returns its turn function
//! `decide(own_history, opponent_history, rng) -> "C" | "D"`. Histories cross
//! as [`History`] objects, sequences of `"C"` and `"D"` (after noise, as
//! scored) that grow by one move a turn, so a turn costs the same however long
//! the match (a string made anew every turn made a match quadratic); `rng` is a
//! [`MatchRandom`] holding, for the length of the call, the player's own
//! seeded stream of the match, so a stochastic Python strategy is reproducible
//! from the seed and independent of threads. Every call takes the GIL
//! (`Python::attach`); the tournament itself runs with it released.
//!
//! A Python exception or an answer other than `"C"` or `"D"` ends the match
//! with [`IpdError::Strategy`]; the exception itself is kept in the call's
//! [`Failures`] so the face raises `sprague.StrategyError` chained to it
//! (`KeyboardInterrupt` and other non-`Exception`s are re-raised as they are).

use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PySlice, PySliceMethods, PyString};
use sprague_repeated::ipd::{
    Action, External, ExternalPlayer, ExternalStrategy, IpdError, Player, View,
};
use sprague_strategic::seeded::SeededRng;

/// The first Python exception raised by a strategy during one call of the
/// module (shared by all the call's strategies and threads).
#[derive(Clone, Default)]
pub(crate) struct Failures(Arc<Mutex<Option<PyErr>>>);

impl Failures {
    fn keep(&self, error: PyErr) {
        if let Ok(mut slot) = self.0.lock() {
            slot.get_or_insert(error);
        }
    }

    /// The Python exception of `error`: a strategy's own `KeyboardInterrupt`
    /// (or other non-`Exception`) as it was; otherwise `sprague.StrategyError`
    /// with the library's sentence, chained (`__cause__`) to the exception
    /// the strategy raised, if it raised one.
    pub(crate) fn to_python(&self, py: Python<'_>, error: IpdError) -> PyErr {
        let kept = self.0.lock().ok().and_then(|mut slot| slot.take());
        match (error, kept) {
            (_, Some(original)) if !original.is_instance_of::<PyException>(py) => original,
            (IpdError::Strategy { id, message }, kept) => {
                let raised = crate::StrategyError::new_err(format!("the strategy {id} {message}"));
                raised.set_cause(py, kept);
                raised
            }
            (other, _) => crate::repeated::to_python(other),
        }
    }
}

/// A Python strategy as the Python half describes it.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub(crate) struct PythonEntry {
    start: Py<PyAny>,
    id: String,
    name: String,
    stochastic: bool,
    description: String,
}

/// A player as it crosses from Python: a strategy's text (name, id, alias or
/// parameters) or a Python strategy.
#[derive(FromPyObject)]
pub(crate) enum Entry {
    /// Read by `Player::parse`.
    Text(String),
    /// A strategy written in Python.
    Python(PythonEntry),
}

/// Turns `entries` into players: the same Python object (by identity) gives
/// the same player; texts are read as the command line reads them.
pub(crate) fn players_of(
    entries: Vec<Entry>,
    failures: &Failures,
    read: impl Fn(&str) -> Result<Player, IpdError>,
) -> Result<Vec<Player>, IpdError> {
    let mut seen: Vec<(usize, Player)> = Vec::new();
    let mut players = Vec::with_capacity(entries.len());
    for entry in entries {
        let player = match entry {
            Entry::Text(text) => read(&text)?,
            Entry::Python(entry) => {
                let key = entry.start.as_ptr() as usize;
                match seen.iter().find(|(k, _)| *k == key) {
                    Some((_, player)) => player.clone(),
                    None => {
                        let player = Player::External(External(Arc::new(PythonStrategy {
                            entry,
                            failures: failures.clone(),
                        })));
                        seen.push((key, player.clone()));
                        player
                    }
                }
            }
        };
        players.push(player);
    }
    Ok(players)
}

struct PythonStrategy {
    entry: PythonEntry,
    failures: Failures,
}

/// The library's error for an exception `error` the strategy `id` raised
/// (`when`: "on turn 3", say); the exception is kept in `failures`.
fn raised(py: Python<'_>, error: PyErr, failures: &Failures, id: &str, when: &str) -> IpdError {
    let kind = error
        .get_type(py)
        .name()
        .map_or_else(|_| "an exception".to_string(), |name| name.to_string());
    let text = error.value(py).to_string();
    failures.keep(error);
    let said = if text.is_empty() {
        String::new()
    } else {
        format!(": {}", sprague_textfile::quoted(&text))
    };
    IpdError::Strategy {
        id: id.to_string(),
        message: format!("raised {kind}{said} {when}"),
    }
}

impl PythonStrategy {
    fn failed(&self, py: Python<'_>, error: PyErr, when: &str) -> IpdError {
        raised(py, error, &self.failures, &self.entry.id, when)
    }
}

impl ExternalStrategy for PythonStrategy {
    fn id(&self) -> &str {
        &self.entry.id
    }
    fn name(&self) -> &str {
        &self.entry.name
    }
    fn stochastic(&self) -> bool {
        self.entry.stochastic
    }
    fn description(&self) -> &str {
        &self.entry.description
    }
    fn enclose(&self, play: &mut dyn FnMut()) {
        // Each turn's `Python::attach` is then a re-entrant, cheap one; the
        // interpreter still hands the GIL to other threads while the
        // strategy's bytecode runs.
        Python::attach(|_| play());
    }

    fn start(&self) -> Result<Box<dyn ExternalPlayer>, IpdError> {
        Python::attach(|py| {
            let decide = self
                .entry
                .start
                .call0(py)
                .map_err(|error| self.failed(py, error, "when copied for a match"))?;
            let rng = Py::new(
                py,
                MatchRandom {
                    stream: Mutex::new(None),
                },
            )
            .map_err(|error| self.failed(py, error, "when its random stream was made"))?;
            let history = |py| Py::new(py, History::default());
            let (own, opponent) = history(py)
                .and_then(|own| Ok((own, history(py)?)))
                .map_err(|error| self.failed(py, error, "when its histories were made"))?;
            Ok(Box::new(PythonPlayer {
                strategy: self.clone_handle(),
                decide,
                rng,
                own,
                opponent,
            }) as Box<dyn ExternalPlayer>)
        })
    }
}

impl PythonStrategy {
    fn clone_handle(&self) -> Handle {
        Handle {
            id: self.entry.id.clone(),
            failures: self.failures.clone(),
        }
    }
}

/// What a player needs of its strategy to report a failure.
struct Handle {
    id: String,
    failures: Failures,
}

/// One Python strategy's player in one match.
struct PythonPlayer {
    strategy: Handle,
    decide: Py<PyAny>,
    rng: Py<MatchRandom>,
    own: Py<History>,
    opponent: Py<History>,
}

impl PythonPlayer {
    fn failure(&self, message: String) -> IpdError {
        IpdError::Strategy {
            id: self.strategy.id.clone(),
            message,
        }
    }

    fn answer(&self, answer: &Bound<'_, PyAny>, turn: usize) -> Result<Action, IpdError> {
        if let Ok(text) = answer.cast::<PyString>() {
            match text.to_cow().as_deref() {
                Ok("C") => return Ok(Action::C),
                Ok("D") => return Ok(Action::D),
                _ => {}
            }
        }
        let shown = answer
            .repr()
            .map_or_else(|_| "an object".to_string(), |r| r.to_string());
        let kind = answer
            .get_type()
            .name()
            .map_or_else(|_| "object".to_string(), |n| n.to_string());
        Err(self.failure(format!(
            "answered {} ({kind}) on turn {turn}; a strategy answers \"C\" or \"D\"",
            sprague_textfile::quoted(&shown)
        )))
    }
}

impl ExternalPlayer for PythonPlayer {
    fn decide(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Result<Action, IpdError> {
        let turn = view.turn() + 1;
        Python::attach(|py| {
            let (own, opponent) = (self.own.bind(py), self.opponent.bind(py));
            own.get().extend(view.own);
            opponent.get().extend(view.opponent);
            let random = self.rng.bind(py);
            random.get().lend(rng.clone());
            let called = self.decide.call1(py, (own, opponent, random));
            if let Some(stream) = random.get().take_back() {
                *rng = stream;
            }
            match called {
                Ok(answer) => self.answer(answer.bind(py), turn),
                Err(error) => Err(raised(
                    py,
                    error,
                    &self.strategy.failures,
                    &self.strategy.id,
                    &format!("on turn {turn}"),
                )),
            }
        })
    }
}

/// The random stream a Python strategy draws from during its turn: the
/// player's own seeded stream of the match (ChaCha8, the library's
/// `SeededRng`), so the same seed gives the same draws on every machine and
/// thread. Valid only during the call of `strategy`.
#[pyclass(module = "sprague._native", frozen, name = "MatchRandom")]
pub(crate) struct MatchRandom {
    stream: Mutex<Option<SeededRng>>,
}

impl MatchRandom {
    fn lend(&self, stream: SeededRng) {
        if let Ok(mut slot) = self.stream.lock() {
            *slot = Some(stream);
        }
    }

    fn take_back(&self) -> Option<SeededRng> {
        self.stream.lock().ok().and_then(|mut slot| slot.take())
    }

    fn draw<T>(&self, f: impl FnOnce(&mut SeededRng) -> T) -> PyResult<T> {
        let mut slot = self
            .stream
            .lock()
            .map_err(|_| crate::Error::new_err("the random stream is unusable"))?;
        match slot.as_mut() {
            Some(stream) => Ok(f(stream)),
            None => Err(crate::InvalidInput::new_err(
                "a match's random stream can be drawn from only during the strategy's turn",
            )),
        }
    }
}

#[pymethods]
impl MatchRandom {
    /// A number uniform in [0, 1).
    fn random(&self) -> PyResult<f64> {
        self.draw(SeededRng::next_f64)
    }

    /// `"C"` with probability `p`, else `"D"`; draws only when 0 < p < 1
    /// (as the Axelrod library's `random_choice`).
    #[pyo3(signature = (p = 0.5))]
    fn random_choice(&self, p: f64) -> PyResult<&'static str> {
        if !(0.0..=1.0).contains(&p) {
            return Err(crate::InvalidInput::new_err(format!(
                "a probability is between 0 and 1, not {p}"
            )));
        }
        self.draw(|stream| if stream.bernoulli(p) { "C" } else { "D" })
    }

    /// A whole number from `low` to `high`, both included.
    fn randint(&self, low: i64, high: i64) -> PyResult<i64> {
        if high < low {
            return Err(crate::InvalidInput::new_err(format!(
                "randint needs low ≤ high, not {low} > {high}"
            )));
        }
        let span = (high as i128 - low as i128 + 1) as u128;
        if span > u64::MAX as u128 {
            return self.draw(|stream| stream.next_u64() as i64);
        }
        self.draw(|stream| (low as i128 + stream.below(span as u64) as i128) as i64)
    }
}

/// A player's history in a match: the moves as played (after noise), `"C"`
/// or `"D"` each, growing by one move a turn. A read-only sequence: `len`,
/// indexing (a move), slicing (a string), iteration, `in`, `count`, equality
/// with a string, `str()` for the whole string, and the counts
/// `cooperations` and `defections`.
#[pyclass(module = "sprague._native", frozen, name = "History")]
#[derive(Default)]
pub(crate) struct History {
    moves: Mutex<Moves>,
}

/// The moves and how many were D (so the counts cost nothing per turn).
#[derive(Default)]
struct Moves {
    text: String,
    defections: usize,
}

impl History {
    /// Appends the moves of `actions` not yet in the history.
    fn extend(&self, actions: &[Action]) {
        if let Ok(mut moves) = self.moves.lock() {
            let known = moves.text.len().min(actions.len());
            for action in &actions[known..] {
                moves.text.push(action.as_char());
                moves.defections += usize::from(*action == Action::D);
            }
        }
    }

    fn read<T>(&self, f: impl FnOnce(&Moves) -> T) -> PyResult<T> {
        let moves = self
            .moves
            .lock()
            .map_err(|_| crate::Error::new_err("the history is unusable"))?;
        Ok(f(&moves))
    }
}

#[pymethods]
impl History {
    fn __len__(&self) -> PyResult<usize> {
        self.read(|moves| moves.text.len())
    }

    fn __str__(&self) -> PyResult<String> {
        self.read(|moves| moves.text.clone())
    }

    fn __repr__(&self) -> PyResult<String> {
        self.read(|moves| format!("History({:?})", moves.text))
    }

    /// A move (`history[-1]`) or a string of moves (`history[-3:]`), in time
    /// proportional to what is returned.
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let length = self.__len__()? as isize;
        let picked: String = if let Ok(slice) = index.cast::<PySlice>() {
            let range = slice.indices(length)?;
            self.read(|moves| {
                let bytes = moves.text.as_bytes();
                (0..range.slicelength)
                    .map(|k| bytes[(range.start + k as isize * range.step) as usize] as char)
                    .collect()
            })?
        } else {
            let k: isize = index.extract()?;
            let at = if k < 0 { k + length } else { k };
            if !(0..length).contains(&at) {
                return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                    "history index {k} out of range for {length} moves"
                )));
            }
            self.read(|moves| moves.text[at as usize..at as usize + 1].to_string())?
        };
        Ok(PyString::new(py, &picked).into_any().unbind())
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let moves = PyString::new(py, &self.__str__()?);
        Ok(moves.try_iter()?.into_any().unbind())
    }

    fn __contains__(&self, item: &str) -> PyResult<bool> {
        self.read(|moves| moves.text.contains(item))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let moves = self.__str__()?;
        if let Ok(history) = other.cast::<History>() {
            return Ok(history.get().__str__()? == moves);
        }
        Ok(other.extract::<String>().is_ok_and(|text| text == moves))
    }

    /// How often `item` (`"C"`, `"D"` or a string of moves) occurs, without overlaps.
    fn count(&self, item: &str) -> PyResult<usize> {
        self.read(|moves| match item {
            "" => moves.text.len() + 1,
            "D" => moves.defections,
            "C" => moves.text.len() - moves.defections,
            _ => moves.text.matches(item).count(),
        })
    }

    /// How many moves were C (kept as the history grows).
    #[getter]
    fn cooperations(&self) -> PyResult<usize> {
        self.read(|moves| moves.text.len() - moves.defections)
    }

    /// How many moves were D (kept as the history grows).
    #[getter]
    fn defections(&self) -> PyResult<usize> {
        self.read(|moves| moves.defections)
    }
}
