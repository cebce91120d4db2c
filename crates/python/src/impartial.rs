//! Impartial games from Python: the catalogue, value sequences, analysis,
//! and the structured position face (positions, every legal move, applying a
//! move, the perfect reply, the explanation) of `sprague-games`.
//!
//! Positions and moves cross the boundary as JSON text (the serde form of
//! [`sprague_games::Position`] and [`sprague_games::Move`], the same JSON as
//! the command line's `--format json`); the Python half turns them into
//! objects.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sprague_engine::check_allocation;
use sprague_games::every_sg::EverySgPlayable;
use sprague_games::misere::MiserePlayable;
use sprague_games::mixed_sum::MixedSum;
use sprague_games::play::{explain, options, perfect_reply_choosing};
use sprague_games::record::AnalysisRecord;
use sprague_games::{all_entries, parse_game, CatalogueGame, GameError, PlayableGame, Position};
use sprague_takebreak::record::{RecordError, ValuesRecord};
use sprague_takebreak::session::{self, values_config, Checkpointing, SessionError};
use sprague_takebreak::{Progress, Status, TakeBreak};

use crate::define::{Explorer, SumExplorer};
use crate::interrupt::Interrupt;
use crate::to_python;

/// The most values one call returns (8 bytes each in the list, more as Python ints).
const MAX_VALUES: u64 = 1 << 28;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(games, module)?)?;
    module.add_function(wrap_pyfunction!(table, module)?)?;
    module.add_function(wrap_pyfunction!(graph, module)?)?;
    module.add_function(wrap_pyfunction!(values, module)?)?;
    module.add_function(wrap_pyfunction!(plot, module)?)?;
    module.add_function(wrap_pyfunction!(survey, module)?)?;
    module.add_function(wrap_pyfunction!(survey_codes, module)?)?;
    module.add_function(wrap_pyfunction!(survey_part, module)?)?;
    module.add_function(wrap_pyfunction!(survey_assemble, module)?)?;
    module.add_class::<NativeGame>()?;
    module.add_class::<crate::define::DefinedCore>()?;
    module.add_function(wrap_pyfunction!(sum_games, module)?)?;
    Ok(())
}

/// Every game of the catalogue: name, syntax, example, rule, whether `values` works.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for entry in all_entries() {
        let game = PyDict::new(py);
        game.set_item("name", entry.name)?;
        game.set_item("syntax", entry.syntax)?;
        game.set_item("example", entry.example)?;
        game.set_item("rule", entry.rule)?;
        game.set_item("values", entry.has_values)?;
        game.set_item("aliases", sprague_games::catalogue::aliases_of(entry.name))?;
        list.append(game)?;
    }
    Ok(list)
}

/// g(0..=to) of a one-heap game with its period (and whether a theorem
/// proves it) or its closed form.
///
/// Take-and-break games run through the library's run control
/// (`sprague_takebreak::session`, as the command line's `values`) with the GIL
/// released: checkpoints (`checkpoint`, `resume`, `force`,
/// `checkpoint_every` seconds), `progress` (a callable given a dict of the
/// progress fields, at most every [`PROGRESS_EVERY`], with the GIL held), and
/// `KeyboardInterrupt` (the checkpoint is written, then the exception
/// propagates). Other one-heap games sweep with the GIL released too and stop
/// on `KeyboardInterrupt` between values. Their answer has the keys of `sprague values --format json`
/// (`sprague_takebreak::record::ValuesRecord`) and `checkpoint`,
/// `checkpoint_error`; a final checkpoint that could not be written is a
/// `RuntimeWarning`, the values are returned all the same.
#[pyfunction]
#[pyo3(signature = (game, to, checkpoint = None, resume = false, force = false, checkpoint_every = 60.0, progress = None))]
#[allow(clippy::too_many_arguments)]
fn values<'py>(
    py: Python<'py>,
    game: &str,
    to: u64,
    checkpoint: Option<PathBuf>,
    resume: bool,
    force: bool,
    checkpoint_every: f64,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    if to >= MAX_VALUES {
        return Err(crate::TooLarge::new_err(format!(
            "g(0..={to}) is more values than one call returns (fewer than {MAX_VALUES}); use the command line's --summary for longer runs"
        )));
    }
    let bytes = (u128::from(to) + 1) * 8;
    check_allocation(bytes, &format!("g(0..={to})")).map_err(|e| to_python(e.into()))?;
    let game = parse_game(game).map_err(to_python)?;
    if let Some(rule) = game.take_break() {
        let plan = checkpoint_plan(checkpoint, resume, force, checkpoint_every)?;
        return take_break_values(py, game.as_ref(), rule, to, plan, progress);
    }
    if checkpoint.is_some() || resume {
        return Err(crate::Unsupported::new_err(format!(
            "checkpoint and resume are for take-and-break games (octal, hex, grundy), not {}",
            game.description()
        )));
    }
    sprague_games::playable::check_values_work(game.as_ref(), to, force).map_err(to_python)?;
    // The sweep asks Python for signals between values (at most every 100 ms), as the
    // take-and-break runs do: Ctrl-C stops it and raises KeyboardInterrupt.
    let interrupt = Interrupt::new();
    let values = py
        .detach(|| {
            game.values_observed(to, &mut |_| {
                if interrupt.poll() {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            })
        })
        .map_err(|error| match error {
            GameError::Sweep(sprague_engine::SweepError::Stopped) => {
                crate::interrupt::interrupted(interrupt)
            }
            other => to_python(other),
        })?;
    let table = (0..=to)
        .map(|heap| values.get(heap))
        .collect::<Option<Vec<u64>>>()
        .ok_or_else(|| {
            crate::TooLarge::new_err(format!(
                "g(0..={to}) could not be computed: no period was proven and the table stops before it"
            ))
        })?;
    let answer = PyDict::new(py);
    answer.set_item("game", game.description())?;
    answer.set_item("title", game.title())?;
    answer.set_item("values", table)?;
    let arithmetic = values.arithmetic_periodicity();
    match (arithmetic, values.periodicity()) {
        (Some(found), _) => {
            answer.set_item("preperiod", found.preperiod)?;
            answer.set_item("period", found.period)?;
            answer.set_item("saltus", found.saltus)?;
            answer.set_item("proven", found.proven)?;
            answer.set_item("theorem", found.theorem)?;
        }
        (None, Some(found)) => {
            answer.set_item("preperiod", found.preperiod)?;
            answer.set_item("period", found.period)?;
            answer.set_item("saltus", 0)?;
            answer.set_item("proven", found.proven)?;
            answer.set_item("theorem", found.theorem.map(|t| t.name()))?;
        }
        (None, None) => {
            answer.set_item("proven", false)?;
        }
    }
    let formula = game
        .heap_family()
        .and_then(|family| family.closed_form_formula());
    if formula.is_some() {
        answer.set_item("proven", true)?;
    }
    answer.set_item("closed_form", formula)?;
    Ok(answer)
}

/// How often at most `values` calls its `progress` callable.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// The checkpoint arguments of `values`, checked.
fn checkpoint_plan(
    checkpoint: Option<PathBuf>,
    resume: bool,
    force: bool,
    every: f64,
) -> PyResult<Option<Checkpointing>> {
    if !(every.is_finite() && every > 0.0 && every <= 1e9) {
        return Err(crate::InvalidInput::new_err(format!(
            "checkpoint_every must be a number of seconds above 0, not {every}"
        )));
    }
    match checkpoint {
        Some(path) => Ok(Some(Checkpointing {
            path,
            resume,
            force,
            every: Duration::from_secs_f64(every),
        })),
        None if resume => Err(crate::InvalidInput::new_err(
            "resume=True needs checkpoint=FILE naming the checkpoint to continue from",
        )),
        None if force => Err(crate::InvalidInput::new_err(
            "force=True needs checkpoint=FILE naming the file it may overwrite",
        )),
        None => Ok(None),
    }
}

/// The Python exception of a run that cannot start.
fn session_error(error: SessionError) -> PyErr {
    match error {
        SessionError::Sweep(error) => to_python(GameError::from(error)),
        other => crate::CheckpointError::new_err(other.to_string()),
    }
}

/// A `RuntimeWarning` in the caller's code.
fn warn(py: Python<'_>, message: &str) -> PyResult<()> {
    let text = std::ffi::CString::new(message.replace('\0', " "))
        .unwrap_or_else(|_| c"a checkpoint was not written".to_owned());
    PyErr::warn(
        py,
        &py.get_type::<pyo3::exceptions::PyRuntimeWarning>(),
        &text,
        2,
    )
}

/// The progress fields as a dict for a Python callable.
fn progress_dict<'py>(py: Python<'py>, progress: &Progress) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("computed", progress.computed)?;
    dict.set_item("target", progress.target)?;
    dict.set_item("max_value", progress.max_value)?;
    dict.set_item("rare_mask", progress.rare_mask)?;
    dict.set_item("rare_position", progress.rare_position)?;
    dict.set_item("rare_count", progress.rare_count)?;
    dict.set_item("elapsed", progress.elapsed.as_secs_f64())?;
    Ok(dict)
}

/// `values` of a take-and-break game, through the library's session.
fn take_break_values<'py>(
    py: Python<'py>,
    game: &dyn PlayableGame,
    rule: &TakeBreak,
    to: u64,
    plan: Option<Checkpointing>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let interrupt = Interrupt::new();
    let result = py.detach(|| {
        let mut last_call: Option<Instant> = None;
        let mut report = |now: &Progress| {
            if interrupt.poll() {
                return;
            }
            let Some(callback) = &progress else {
                return;
            };
            if last_call.is_some_and(|last| last.elapsed() < PROGRESS_EVERY) {
                return;
            }
            last_call = Some(Instant::now());
            let called = Python::attach(|py| -> PyResult<()> {
                callback.call1(py, (progress_dict(py, now)?,))?;
                Ok(())
            });
            if let Err(error) = called {
                interrupt.stop_with(error);
            }
        };
        let stop = interrupt.flag();
        session::run(rule, values_config(to), plan.as_ref(), stop, &mut report)
    });
    let record = result.map_err(session_error)?;
    if record.status() == Status::Interrupted {
        if let Some(error) = &record.checkpoint_error {
            warn(
                py,
                &format!(
                    "interrupted after g(0..{}); the checkpoint could not be written: {error}",
                    record.computed()
                ),
            )?;
        }
        return Err(interrupt
            .into_error()
            .unwrap_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted")));
    }
    let mut answer =
        ValuesRecord::new(&record, game.description(), game.title(), true).map_err(|error| {
            match error {
                RecordError::Memory(error) => to_python(error.into()),
                other => crate::TooLarge::new_err(crate::python_message(other.to_string())),
            }
        })?;
    let values = answer.values.take();
    let dict = py
        .import("json")?
        .call_method1("loads", (json(&answer)?,))?
        .cast_into::<PyDict>()?;
    dict.set_item("values", values)?;
    dict.set_item(
        "checkpoint",
        record
            .checkpoint
            .as_ref()
            .map(|path| path.display().to_string()),
    )?;
    let error = record.checkpoint_error.as_ref().map(ToString::to_string);
    if let Some(error) = &error {
        warn(
            py,
            &format!("the values are complete, but the final checkpoint was not written: {error}"),
        )?;
    }
    dict.set_item("checkpoint_error", error)?;
    Ok(dict)
}

/// Every octal code of the pattern(s), each within a value and time budget,
/// classified (see `sprague survey`); the GIL is released meanwhile. The defaults are the
/// command line's (the library's): a budget of 2^18 values per game, no time limit
/// (`seconds = None`), one game per core (`threads = 0`).
#[pyfunction]
#[pyo3(signature = (patterns, budget = sprague_takebreak::survey::DEFAULT_BUDGET, seconds = None, threads = 0))]
fn survey<'py>(
    py: Python<'py>,
    patterns: Vec<String>,
    budget: u64,
    seconds: Option<f64>,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    let time = survey_time(seconds)?;
    if threads > 64 {
        return Err(crate::InvalidInput::new_err(format!(
            "threads must be from 0 (one per core) to 64, not {threads}"
        )));
    }
    let codes = codes_of(&patterns)?;
    let rows = py
        .detach(|| sprague_takebreak::survey::survey_codes(&codes, budget, time, threads))
        .map_err(|e| to_python(GameError::from(e)))?;
    rows_list(py, rows)
}

/// The codes of the patterns, each once, in order (at most 4096).
#[pyfunction]
fn survey_codes(patterns: Vec<String>) -> PyResult<Vec<String>> {
    codes_of(&patterns)
}

/// One code surveyed on its own (e.g. on a Dask worker), as bytes for [`survey_assemble`].
#[pyfunction]
#[pyo3(signature = (code, budget = sprague_takebreak::survey::DEFAULT_BUDGET, seconds = None))]
fn survey_part(py: Python<'_>, code: &str, budget: u64, seconds: Option<f64>) -> PyResult<Vec<u8>> {
    let time = survey_time(seconds)?;
    let part = py
        .detach(|| sprague_takebreak::survey::survey_part(code, budget, time))
        .map_err(|e| to_python(GameError::from(e)))?;
    Ok(part.to_bytes())
}

/// The survey rows of parts made by [`survey_part`], grouped as a local survey groups them.
#[pyfunction]
fn survey_assemble(py: Python<'_>, parts: Vec<Vec<u8>>) -> PyResult<Bound<'_, PyList>> {
    let parts = parts
        .iter()
        .map(|bytes| sprague_takebreak::survey::SurveyPart::from_bytes(bytes))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| crate::InvalidInput::new_err(error.to_string()))?;
    rows_list(py, sprague_takebreak::survey::assemble(parts))
}

/// The time per game: `None` for no limit (the library's longest, [`MAX_TIME`]).
///
/// [`MAX_TIME`]: sprague_takebreak::survey::MAX_TIME
fn survey_time(seconds: Option<f64>) -> PyResult<Duration> {
    let longest = sprague_takebreak::survey::MAX_TIME;
    match seconds {
        None => Ok(longest),
        Some(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= longest.as_secs_f64() => {
            Ok(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => Err(crate::InvalidInput::new_err(format!(
            "seconds must be a number of seconds above 0 and at most {} (11 days), or None for no limit, not {seconds}",
            longest.as_secs()
        ))),
    }
}

fn codes_of(patterns: &[String]) -> PyResult<Vec<String>> {
    let mut codes = Vec::new();
    for pattern in patterns {
        let found =
            sprague_takebreak::survey::codes(pattern).map_err(|e| to_python(GameError::from(e)))?;
        for code in found {
            if !codes.contains(&code) {
                codes.push(code);
            }
            if codes.len() > 4096 {
                return Err(crate::TooLarge::new_err(
                    "the patterns name more than 4096 codes, the most a survey takes",
                ));
            }
        }
    }
    Ok(codes)
}

fn rows_list(
    py: Python<'_>,
    rows: Vec<sprague_takebreak::survey::SurveyRow>,
) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for row in rows {
        let item = PyDict::new(py);
        item.set_item("code", &row.code)?;
        item.set_item("status", row.verdict.word())?;
        item.set_item("preperiod", row.preperiod)?;
        item.set_item("period", row.period)?;
        item.set_item("max_value", row.max_value)?;
        item.set_item("computed", row.computed)?;
        item.set_item("checksum", format!("{:016x}", row.checksum))?;
        item.set_item("same_as", row.same_as)?;
        match row.equivalent_to {
            Some(found) => {
                item.set_item("group", found.code)?;
                item.set_item("shift", found.shift)?;
            }
            None => {
                item.set_item("group", py.None())?;
                item.set_item("shift", py.None())?;
            }
        }
        item.set_item("seconds", row.elapsed.as_secs_f64())?;
        list.append(item)?;
    }
    Ok(list)
}

/// A game with its structured face; positions and moves are JSON text. Games
/// defined in Python carry an explorer: every position a method is given is
/// read and explored (calling the user's functions) before the engine answers.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct NativeGame {
    game: Arc<dyn PlayableGame>,
    explorer: Option<Arc<dyn Explorer>>,
}

fn read_position(text: &str) -> PyResult<Position> {
    serde_json::from_str(text).map_err(|error| {
        crate::InvalidInput::new_err(format!(
            "not a position (JSON as `position` gives it): {error}"
        ))
    })
}

fn json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value)
        .map_err(|error| crate::Error::new_err(format!("could not write JSON: {error}")))
}

impl NativeGame {
    /// The face of any [`PlayableGame`]: how games defined outside the catalogue
    /// (a user's Python functions, sums of games) reach Python the way catalogue games do.
    pub(crate) fn from_playable(game: CatalogueGame) -> Self {
        Self::with_explorer(Arc::from(game), None)
    }

    /// The game, shared (the web server of `sprague.serve` plays the same object); a game
    /// defined in Python comes with its explorer, which reads and explores each position the
    /// server is given before the engine answers.
    pub(crate) fn shared(&self) -> Arc<dyn PlayableGame> {
        match &self.explorer {
            None => Arc::clone(&self.game),
            Some(explorer) => Arc::new(crate::serve::Explored::new(
                Arc::clone(&self.game),
                Arc::clone(explorer),
            )),
        }
    }

    /// The face of `game`, whose positions `explorer` prepares first (when given).
    pub(crate) fn with_explorer(
        game: Arc<dyn PlayableGame>,
        explorer: Option<Arc<dyn Explorer>>,
    ) -> Self {
        NativeGame { game, explorer }
    }

    /// The words read and explored by the game's explorer, if it has one.
    fn prepare(&self, py: Python<'_>, words: Vec<String>) -> PyResult<Vec<String>> {
        match &self.explorer {
            Some(explorer) => explorer.prepare(py, &words),
            None => Ok(words),
        }
    }

    /// A position from its JSON, its components prepared.
    fn prepared(&self, py: Python<'_>, text: &str) -> PyResult<Position> {
        let mut position = read_position(text)?;
        if self.explorer.is_some() {
            position.components = self.prepare(py, position.components)?;
        }
        Ok(position)
    }
}

/// The sum of games: a position names a position of each, separated by the word `+`.
#[pyfunction]
fn sum_games(parts: Vec<PyRef<'_, NativeGame>>) -> PyResult<NativeGame> {
    let games: Vec<CatalogueGame> = parts
        .iter()
        .map(|part| Box::new(part.game.clone()) as CatalogueGame)
        .collect();
    let explorers: Vec<Option<Arc<dyn Explorer>>> =
        parts.iter().map(|part| part.explorer.clone()).collect();
    let game = MixedSum::new(games).map_err(to_python)?;
    let explorer: Option<Arc<dyn Explorer>> = if explorers.iter().any(Option::is_some) {
        Some(Arc::new(SumExplorer { parts: explorers }))
    } else {
        None
    };
    Ok(NativeGame::with_explorer(Arc::new(game), explorer))
}

#[pymethods]
impl NativeGame {
    /// The game of a description such as `kayles`, `bash:3` or `misere:nim`.
    #[new]
    fn new(description: &str) -> PyResult<Self> {
        Ok(Self::from_playable(
            parse_game(description).map_err(to_python)?,
        ))
    }

    /// The same game under misère play (the player who cannot move wins).
    fn misere(&self) -> NativeGame {
        let inner: CatalogueGame = Box::new(self.game.clone());
        NativeGame::with_explorer(Arc::new(MiserePlayable::new(inner)), self.explorer.clone())
    }

    /// The Every-SG sum of the game's components (a player moves in every component that can).
    fn every_sg(&self) -> NativeGame {
        let inner: CatalogueGame = Box::new(self.game.clone());
        NativeGame::with_explorer(Arc::new(EverySgPlayable::new(inner)), self.explorer.clone())
    }

    fn description(&self) -> String {
        self.game.description()
    }

    fn title(&self) -> String {
        self.game.title()
    }

    fn position_syntax(&self) -> String {
        self.game.position_syntax()
    }

    fn move_syntax(&self) -> String {
        self.game.move_syntax()
    }

    /// The position written as `words`, checked, as JSON.
    fn position(&self, py: Python<'_>, words: Vec<String>) -> PyResult<String> {
        let words = self.prepare(py, words)?;
        json(&self.game.position(&words).map_err(to_python)?)
    }

    /// A position given as JSON, checked by parsing its components again.
    fn check(&self, py: Python<'_>, position: &str) -> PyResult<String> {
        let given = self.prepared(py, position)?;
        let mut checked = self.game.position(&given.components).map_err(to_python)?;
        checked.player = given.player;
        json(&checked)
    }

    /// Every legal move with the outcome, value and remoteness after it (JSON list).
    fn moves(&self, py: Python<'_>, position: &str) -> PyResult<String> {
        let position = self.prepared(py, position)?;
        let listed = py
            .detach(|| options(self.game.as_ref(), &position))
            .map_err(to_python)?;
        let rows: Vec<serde_json::Value> = listed
            .iter()
            .map(|option| {
                serde_json::json!({
                    "notation": option.play.notation,
                    "description": option.play.description,
                    "component": option.play.component,
                    "after": option.play.after,
                    "grundy": option.evaluation.grundy,
                    "outcome": option.evaluation.outcome.letter(),
                    "remoteness": option.evaluation.remoteness,
                    "winning": option.winning(),
                })
            })
            .collect();
        json(&rows)
    }

    /// The move written `text` from `position` (JSON of the move).
    fn play(&self, py: Python<'_>, position: &str, text: &str) -> PyResult<String> {
        let position = self.prepared(py, position)?;
        json(&self.game.parse_move(&position, text).map_err(to_python)?)
    }

    /// The perfect reply (JSON: move, reason, outcome after), or `None` without a move.
    #[pyo3(signature = (position, pick = 0))]
    fn reply(&self, py: Python<'_>, position: &str, pick: u64) -> PyResult<Option<String>> {
        let position = self.prepared(py, position)?;
        let reply = py
            .detach(|| perfect_reply_choosing(self.game.as_ref(), &position, pick))
            .map_err(to_python)?;
        reply
            .map(|reply| {
                json(&serde_json::json!({
                    "move": reply.play,
                    "reason": reply.reason,
                    "grundy": reply.evaluation.grundy,
                    "outcome": reply.evaluation.outcome.letter(),
                    "remoteness": reply.evaluation.remoteness,
                }))
            })
            .transpose()
    }

    /// Why the position has its value (JSON: outcome, grundy, option_values, lines).
    fn explain(&self, py: Python<'_>, position: &str) -> PyResult<String> {
        let position = self.prepared(py, position)?;
        let why = py
            .detach(|| explain(self.game.as_ref(), &position))
            .map_err(to_python)?;
        json(&serde_json::json!({
            "outcome": why.outcome.letter(),
            "grundy": why.grundy,
            "option_values": why.option_values,
            "lines": why.lines,
        }))
    }

    /// `sprague analyze --exhaustive`: a misère sum of heaps by the exact search without the
    /// interactive budget (JSON of the analysis); Ctrl-C stops it.
    fn analyze_exhaustive(&self, py: Python<'_>, position: &str) -> PyResult<String> {
        let position = read_position(position)?;
        let game = self.game.as_ref();
        if game.heap_rules().is_none() || game.ending() != sprague_games::playable::Ending::Misere {
            return Err(crate::Unsupported::new_err(format!(
                "exhaustive=True is for misère sums of heap games (e.g. misere:0.07), not {}",
                game.description()
            )));
        }
        let heaps = position
            .components
            .iter()
            .map(|word| sprague_games::playable::parse_heap(word))
            .collect::<Result<Vec<u64>, _>>()
            .map_err(to_python)?;
        let interrupt = Interrupt::new();
        let report = py
            .detach(|| {
                let family = game
                    .heap_rules()
                    .ok_or_else(|| game.unsupported("misère search"))?;
                sprague_games::misere::heap_misere_report_exhaustive(family, &heaps, &mut |_| {
                    if interrupt.poll() {
                        std::ops::ControlFlow::Break(())
                    } else {
                        std::ops::ControlFlow::Continue(())
                    }
                })
            })
            .map_err(|error| match error {
                GameError::Misere(sprague_engine::misere::MisereError::Stopped { .. }) => {
                    crate::interrupt::interrupted(interrupt)
                }
                other => to_python(other),
            })?;
        let rules = vec![None; report.components.len()];
        json(&AnalysisRecord::new(game, &report, &rules))
    }

    /// The analysis of a position: the record of `sprague analyze --format json`, built by the
    /// same library function ([`sprague_games::record::analysis`]).
    fn analyze(&self, py: Python<'_>, position: &str) -> PyResult<String> {
        let position = self.prepared(py, position)?;
        // Long searches (Chomp, SOS) poll for Ctrl-C as they go.
        let interrupt = Interrupt::new();
        let (report, rules) = py
            .detach(|| {
                sprague_games::record::analysis_observed(
                    self.game.as_ref(),
                    &position,
                    &mut |_, _| {
                        if interrupt.poll() {
                            std::ops::ControlFlow::Break(())
                        } else {
                            std::ops::ControlFlow::Continue(())
                        }
                    },
                )
            })
            .map_err(|error| match error {
                GameError::Stopped | GameError::Search(sprague_engine::WltError::Stopped) => {
                    crate::interrupt::interrupted(interrupt)
                }
                other => to_python(other),
            })?;
        json(&AnalysisRecord::new(self.game.as_ref(), &report, &rules))
    }
}

/// `sprague table GAME --to N --format json`: the table g(a, b) of a two-heap game
/// with its P-positions, or the γ of every vertex of a digraph (`record::table_record`,
/// as the command line and the web API build it).
#[pyfunction]
#[pyo3(signature = (game, to = 15))]
fn table(py: Python<'_>, game: &str, to: u64) -> PyResult<String> {
    let record = py
        .detach(|| sprague_games::record::table_record(game, to))
        .map_err(crate::to_python)?;
    crate::strategic::json(&record)
}

/// `sprague graph GAME POSITION... --max-nodes N --format json`: the game graph from a
/// position, breadth-first, at most `max_nodes` positions (`record::graph_record`).
#[pyfunction]
#[pyo3(signature = (game, position, max_nodes = 200))]
fn graph(py: Python<'_>, game: &str, position: Vec<String>, max_nodes: usize) -> PyResult<String> {
    let record = py
        .detach(|| sprague_games::record::graph_record(game, &position, max_nodes))
        .map_err(crate::to_python)?;
    crate::strategic::json(&record)
}

/// `sprague plot GAME --to N --kind K`: the SVG and the JSON of what it shows
/// ([`sprague_games::plot`], the drawing the command line writes); Ctrl-C stops the values.
#[pyfunction]
#[pyo3(signature = (game, to = 10_000, kind = "values", force = false))]
fn plot(
    py: Python<'_>,
    game: &str,
    to: u64,
    kind: &str,
    force: bool,
) -> PyResult<(String, String)> {
    use sprague_games::plot::{plot, PlotError, PlotKind};
    let kind = PlotKind::parse(kind).ok_or_else(|| {
        crate::InvalidInput::new_err(format!(
            "kind must be \"values\" or \"rare-count\", not {}",
            sprague_textfile::quoted(kind)
        ))
    })?;
    let game = parse_game(game).map_err(to_python)?;
    let interrupt = Interrupt::new();
    let drawn = py
        .detach(|| {
            plot(game.as_ref(), to, kind, force, &mut |_| {
                if interrupt.poll() {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            })
        })
        .map_err(|error| match error {
            PlotError::Game(error) => to_python(error),
            PlotError::Stopped => crate::interrupt::interrupted(interrupt),
            PlotError::Incomplete { .. } => crate::TooLarge::new_err(error.to_string()),
            PlotError::NotOneHeap { .. } | PlotError::RareCountNeedsTakeBreak { .. } => {
                crate::Unsupported::new_err(error.to_string())
            }
            PlotError::Drawing(_) => crate::Error::new_err(error.to_string()),
        })?;
    Ok((drawn.svg, json(&drawn.summary)?))
}
