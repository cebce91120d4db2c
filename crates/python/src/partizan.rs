//! Partizan games from Python (`sprague.partizan`): a short game's canonical
//! form in one process-wide `sprague_partizan::GameStore` (hash-consed, so equal
//! games are one id and comparisons, sums and thermographs are memoised across
//! calls), read from CGSuite's syntax or from a ruleset's position. The
//! pure-Python `sprague.partizan.Game` wraps `PartizanGame` with operators and
//! `fractions.Fraction` values.
//!
//! Every use of the store runs with the GIL released ([`with_store`]): the work
//! runs on a worker thread (with a stack sized for the store's recursions, at
//! most [`sprague_partizan::store::MAX_HEIGHT`] deep) while the calling thread
//! asks Python for pending signals every [`POLL`]. A `KeyboardInterrupt` raises
//! the store's stop flag (`GameStore::stop_when`): the next game the store
//! builds ends the work with `GameError::Stopped`, and the interrupt is raised
//! in Python. Whatever the store holds stays valid: games are only ever added
//! whole, memo entries are written only for finished answers, so the store
//! answers as before after a stop.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use pyo3::prelude::*;
use sprague_partizan::rules::catalogue;
use sprague_partizan::rules::domineering_outcome;
use sprague_partizan::{Comparison, GameError, GameId, GameStore};

use crate::InvalidInput;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PartizanGame>()?;
    module.add_class::<crate::partizan_define::PartizanDefinedCore>()?;
    module.add_function(wrap_pyfunction!(partizan_parse, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_ruleset, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_rulesets, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_analyze, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_domineering_table, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_reply, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_sum, module)?)?;
    crate::partizan_sum::register(module)?;
    Ok(())
}

/// The stop flag of the process's store, raised by a `KeyboardInterrupt` and lowered
/// before each new piece of work.
static STOP: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));

/// The one store of the process: ids are only meaningful in the store that made them.
static STORE: LazyLock<Mutex<GameStore>> = LazyLock::new(|| {
    let mut store = GameStore::new();
    store.stop_when(Arc::clone(&STOP));
    Mutex::new(store)
});

/// How often the calling thread asks Python for pending signals while work runs.
pub(crate) const POLL: Duration = Duration::from_millis(50);

/// The oldest games whose canonical form is printed on the calling thread (±1 + … + ±9,
/// born on day 54, prints in 1,500 characters).
const QUICK_BIRTHDAY: u64 = 48;

/// How many times the caller yields to a new worker before it waits for it asleep.
const SPIN: usize = 64;

/// The worker thread's stack: the store's recursions are at most
/// `MAX_HEIGHT` (1,000) games deep; this is ample for each level's frames.
const WORKER_STACK: usize = 256 << 20;

/// A pending signal's exception (`KeyboardInterrupt`), if any.
fn pending_signal() -> Option<PyErr> {
    Python::attach(|py| py.check_signals()).err()
}

/// The store, locked for a new piece of work (its stop flag lowered); called with the GIL
/// released. While another thread holds it, pending signals are polled, so Ctrl-C ends the
/// wait too.
fn lock_store() -> Result<MutexGuard<'static, GameStore>, PyErr> {
    let guard = acquire_store()?;
    STOP.store(false, Ordering::SeqCst);
    Ok(guard)
}

fn acquire_store() -> Result<MutexGuard<'static, GameStore>, PyErr> {
    loop {
        match STORE.try_lock() {
            Ok(guard) => return Ok(guard),
            // The library does not panic on input; were the lock ever poisoned, it is
            // taken over rather than turned into a second panic across the boundary.
            Err(TryLockError::Poisoned(poisoned)) => return Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => {
                if let Some(error) = pending_signal() {
                    return Err(error);
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

/// Runs `work`, which is quick (a stored fact, a memoised comparison, a printed form),
/// on the process's store with the GIL released, on this thread: no worker to start, so
/// no thread switch on a busy machine (measured at a load average of 9 on two cores: a
/// worker call 0.1–0.16 ms, this 0.2 µs). Ctrl-C is polled only while waiting for the store.
pub(crate) fn quick<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut GameStore) -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        let mut guard = lock_store()?;
        Ok(work(&mut guard))
    })
}

/// Runs `work` on the process's store with the GIL released and Ctrl-C watched (see
/// the module's documentation). `Err` only for a signal's exception (`KeyboardInterrupt`),
/// raised even when the work finished before it saw the stop flag.
pub(crate) fn with_store<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut GameStore) -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        let mut guard = lock_store()?;
        let store: &mut GameStore = &mut guard;
        let (answer, interrupt) = std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let spawned = std::thread::Builder::new()
                .name("sprague-partizan".into())
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || {
                    let answer = work(store);
                    // The caller waits for this message or the channel's end.
                    let _ = done.send(());
                    answer
                });
            let Ok(handle) = spawned else {
                return (None, None);
            };
            // Most work is short: the caller yields its core to the worker a few times
            // before it sleeps, which spares a wake-up on a busy machine.
            for _ in 0..SPIN {
                if handle.is_finished() {
                    break;
                }
                std::thread::yield_now();
            }
            let mut interrupt = None;
            loop {
                match finished.recv_timeout(POLL) {
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                    Err(RecvTimeoutError::Timeout) => {
                        if interrupt.is_none() {
                            interrupt = pending_signal();
                            if interrupt.is_some() {
                                STOP.store(true, Ordering::SeqCst);
                            }
                        }
                    }
                }
            }
            let answer = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (Some(answer), interrupt)
        });
        STOP.store(false, Ordering::SeqCst);
        if let Some(error) = interrupt {
            return Err(error);
        }
        match answer {
            Some(answer) => Ok(answer),
            None => Err(crate::Error::new_err(
                "no worker thread could be started for the partizan computation",
            )),
        }
    })
}

/// A library error as Python's exception: a game beyond a limit is `TooLarge`, the rest
/// `InvalidInput`, each with the library's sentence.
pub(crate) fn error(error: GameError) -> PyErr {
    match error {
        GameError::TooLarge { .. } => crate::TooLarge::new_err(error.to_string()),
        other => InvalidInput::new_err(other.to_string()),
    }
}

/// A short partizan game in canonical form (an id in the process's store).
#[pyclass(module = "sprague._native", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PartizanGame {
    pub(crate) id: GameId,
}

pub(crate) fn of(id: GameId) -> PartizanGame {
    PartizanGame { id }
}

/// Reads a game in CGSuite's syntax (`"{1|-1} + ^"`, `"±2"`, `"1/2*"`).
#[pyfunction]
fn partizan_parse(py: Python<'_>, text: &str) -> PyResult<PartizanGame> {
    with_store(py, |store| store.parse(text))?
        .map(of)
        .map_err(|e| {
            InvalidInput::new_err(format!(
                "{:?} is not a game: {}",
                text.chars().take(60).collect::<String>(),
                e
            ))
        })
}

/// The sum of several games (one call, however many).
#[pyfunction]
fn partizan_sum(py: Python<'_>, games: Vec<PartizanGame>) -> PyResult<PartizanGame> {
    let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
    with_store(py, |store| store.sum_all(&ids))?
        .map(of)
        .map_err(error)
}

/// The value of a position of a ruleset (`"domineering"`, `"....|...."`).
#[pyfunction]
fn partizan_ruleset(py: Python<'_>, name: &str, position: &str) -> PyResult<PartizanGame> {
    let analysis = with_store(py, |store| analysed(store, name, position))??;
    Ok(of(analysis.value))
}

/// A position of a ruleset read and analysed, errors as the other ruleset calls give them.
pub(crate) fn analysed(
    store: &mut GameStore,
    name: &str,
    position: &str,
) -> PyResult<catalogue::Analysis> {
    analysed_until(store, name, position, &|| false)
}

/// [`analysed`], also stopping (`GameError::Stopped`) when `out_of_time` says so.
fn analysed_until(
    store: &mut GameStore,
    name: &str,
    position: &str,
    out_of_time: &(dyn Fn() -> bool + Sync),
) -> PyResult<catalogue::Analysis> {
    // The ruleset as the command line finds it: by name or alias, or `hackenbush` written in
    // colours for Blue-Red Hackenbush.
    let words: Vec<String> = position.split_whitespace().map(str::to_string).collect();
    let name = sprague_partizan::report::requested(name, &words).map_or(name, |entry| entry.name);
    let stopped = || STOP.load(Ordering::Relaxed) || out_of_time();
    catalogue::analyze_until(store, name, position, &stopped).map_err(|e| match e {
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
fn partizan_analyze(py: Python<'_>, name: &str, position: &str) -> PyResult<String> {
    // A Domineering board past canonical forms: its outcome class by search (Ctrl-C stops it).
    let words: Vec<String> = position.split_whitespace().map(str::to_string).collect();
    let resolved = sprague_partizan::report::requested(name, &words).map_or(name, |e| e.name);
    if let Some(board) = domineering_outcome::large_board(resolved, position) {
        return outcome_json(py, &board, false);
    }
    // A Domineering board whose canonical form takes longer than the library's budget gets
    // its outcome by search instead, as on the command line and the web.
    let board = (resolved == "domineering")
        .then(|| sprague_partizan::rules::domineering::Domineering::parse(position).ok())
        .flatten();
    let started = std::time::Instant::now();
    let out_of_time =
        || board.is_some() && started.elapsed() > domineering_outcome::CANONICAL_BUDGET;
    let record = with_store(py, |store| -> PyResult<_> {
        match analysed_until(store, name, position, &out_of_time) {
            Ok(analysis) => sprague_partizan::report::PartizanRecord::new(store, &analysis)
                .map(Some)
                .map_err(error),
            Err(_) if out_of_time() && !STOP.load(Ordering::Relaxed) => Ok(None),
            Err(other) => Err(other),
        }
    })??;
    match (record, &board) {
        (Some(record), _) => serde_json::to_string(&record)
            .map_err(|e| crate::Error::new_err(format!("could not write JSON: {e}"))),
        (None, Some(board)) => outcome_json(py, board, true),
        (None, None) => Err(crate::Error::new_err(
            "the analysis stopped without a board",
        )),
    }
}

/// The outcome record of a Domineering board by search as JSON text (Ctrl-C stops it):
/// `out_of_time` when its canonical form was not found within the budget, else it is past
/// the exact limits.
fn outcome_json(
    py: Python<'_>,
    board: &sprague_partizan::rules::domineering::Board,
    out_of_time: bool,
) -> PyResult<String> {
    let record = with_store(py, |_store| {
        let mut watch = |_nodes: u64| {
            if STOP.load(Ordering::Relaxed) {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        };
        let record = if out_of_time {
            domineering_outcome::canonical_out_of_time
        } else {
            domineering_outcome::outcome_record
        };
        record(board, &mut watch, std::time::Duration::from_secs(2))
    })?
    .map_err(error)?;
    serde_json::to_string(&record)
        .map_err(|e| crate::Error::new_err(format!("could not write JSON: {e}")))
}

/// `sprague table domineering --to TO [--budget SECONDS] --format json`: the outcome class
/// of every m×n Domineering board with m, n ≤ `to` by the outcome search, as JSON text
/// (`domineering_outcome::RectangleTable`); Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (to=8, budget=None))]
fn partizan_domineering_table(py: Python<'_>, to: usize, budget: Option<f64>) -> PyResult<String> {
    let most = domineering_outcome::MAX_TABLE_SIDE;
    if !(1..=most).contains(&to) {
        return Err(InvalidInput::new_err(format!(
            "to is a side from 1 to {most} (the boards are m×n with m, n ≤ to), not {to}"
        )));
    }
    let budget = match budget {
        Some(seconds) if !(seconds.is_finite() && seconds > 0.0) => {
            return Err(InvalidInput::new_err(format!(
                "budget is a positive number of seconds, not {seconds}"
            )));
        }
        Some(seconds) => Some(std::time::Duration::from_secs_f64(seconds.min(1e9))),
        None => None,
    };
    let boards = with_store(py, |_store| {
        domineering_outcome::rectangle_table(
            to,
            budget,
            &mut |_, _, _| {
                if STOP.load(Ordering::Relaxed) {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            },
            &mut |_| (),
        )
    })?
    .map_err(error)?;
    let record = domineering_outcome::RectangleTable {
        game: "domineering",
        to,
        boards,
    };
    serde_json::to_string(&record)
        .map_err(|e| crate::Error::new_err(format!("could not write JSON: {e}")))
}

/// A move as Python receives it: move, description, position after, value, winning.
type ChosenMove = (String, String, String, String, bool);

/// The computer's move for `side` (`left` or `right`) as `sprague play` and `/api/play`
/// choose it (`rules::play::best_move`): `(move, description, position after, value,
/// winning)`, or `None` when the side has no move.
#[pyfunction]
fn partizan_reply(
    py: Python<'_>,
    name: &str,
    position: &str,
    side: &str,
) -> PyResult<Option<ChosenMove>> {
    use sprague_partizan::rules::play::best_move;
    let side = parse_side(side)?;
    with_store(py, |store| -> PyResult<_> {
        let analysis = analysed(store, name, position)?;
        let moves = match side {
            Side::Left => analysis.left,
            Side::Right => analysis.right,
        };
        Ok(best_move(store, &moves, side).map(|index| {
            let chosen = &moves[index];
            (
                chosen.notation.clone(),
                chosen.description.clone(),
                chosen.position.clone(),
                store.display(chosen.value),
                chosen.winning,
            )
        }))
    })?
}

pub(crate) use sprague_partizan::rules::play::Side;

/// `left` or `right`, else one sentence.
pub(crate) fn parse_side(side: &str) -> PyResult<Side> {
    Side::parse(side).ok_or_else(|| {
        InvalidInput::new_err(format!(
            "side must be \"left\" or \"right\", not {:?}",
            side.chars().take(60).collect::<String>()
        ))
    })
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

/// A thermograph as Python receives it: left wall, right wall, mast, temperature.
type Walls = (Vec<(String, String)>, Vec<(String, String)>, String, String);

#[pymethods]
impl PartizanGame {
    /// The canonical form in CGSuite's syntax. Games born by day [`QUICK_BIRTHDAY`] are
    /// printed on the calling thread; older ones (whose texts may run to megabytes: sums of
    /// switches) on a worker, so Ctrl-C stops the printing.
    #[getter]
    fn canonical_form(&self, py: Python<'_>) -> PyResult<String> {
        let id = self.id;
        let text = quick(py, |store| {
            (store.birthday(id) <= QUICK_BIRTHDAY).then(|| store.display(id))
        })?;
        match text {
            Some(text) => Ok(text),
            None => with_store(py, |store| store.display(id)),
        }
    }

    /// The game's value if it is a number (exact, `"3/4"`), else `None`.
    #[getter]
    fn number(&self, py: Python<'_>) -> PyResult<Option<String>> {
        quick(py, |store| store.as_number(self.id).map(|x| x.to_string()))
    }

    /// `L`, `R`, `P` or `N`.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<String> {
        quick(py, |store| store.outcome(self.id).to_string())
    }

    /// The outcome in words, as the command line says it.
    #[getter]
    fn outcome_explanation(&self, py: Python<'_>) -> PyResult<String> {
        quick(py, |store| {
            sprague_partizan::report::outcome_sentence(store.outcome(self.id)).to_string()
        })
    }

    /// The birthday.
    #[getter]
    fn birthday(&self, py: Python<'_>) -> PyResult<u64> {
        quick(py, |store| store.birthday(self.id))
    }

    /// The left stop, exact (`"3/4"`).
    #[getter]
    fn left_stop(&self, py: Python<'_>) -> PyResult<String> {
        quick(py, |store| store.left_stop(self.id).to_string())
    }

    /// The right stop, exact.
    #[getter]
    fn right_stop(&self, py: Python<'_>) -> PyResult<String> {
        quick(py, |store| store.right_stop(self.id).to_string())
    }

    /// The mean, exact.
    #[getter]
    fn mean(&self, py: Python<'_>) -> PyResult<String> {
        with_store(py, |store| store.mean(self.id))?
            .map(|m| m.to_string())
            .map_err(error)
    }

    /// The temperature, exact.
    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<String> {
        with_store(py, |store| store.temperature(self.id))?
            .map(|t| t.to_string())
            .map_err(error)
    }

    /// The thermograph: `(left wall, right wall, mast, temperature)`, walls as
    /// `(t, value)` breakpoints from `t = -1`, all exact strings.
    fn thermograph(&self, py: Python<'_>) -> PyResult<Walls> {
        let th = with_store(py, |store| store.thermograph(self.id))?.map_err(error)?;
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

    /// The thermograph drawn as an SVG picture (`sprague cgt --svg`'s drawing).
    fn thermograph_svg(&self, py: Python<'_>) -> PyResult<String> {
        let (title, th) = with_store(py, |store| {
            store
                .thermograph(self.id)
                .map(|th| (store.display(self.id), th))
        })?
        .map_err(error)?;
        sprague_partizan::svg::thermograph_svg(&title, &th)
            .map_err(|e| crate::Error::new_err(e.to_string()))
    }

    /// The atomic weight of an all-small game; `None` for any other game.
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Option<PartizanGame>> {
        match with_store(py, |store| store.atomic_weight(self.id))? {
            Ok(w) => Ok(Some(of(w))),
            Err(GameError::Undefined(_)) => Ok(None),
            Err(other) => Err(error(other)),
        }
    }

    /// The reduced canonical form.
    fn reduced(&self, py: Python<'_>) -> PyResult<PartizanGame> {
        with_store(py, |store| store.rcf(self.id))?
            .map(of)
            .map_err(error)
    }

    /// Left's options in canonical form.
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<PartizanGame>> {
        quick(py, |store| {
            store.left_options(self.id).into_iter().map(of).collect()
        })
    }

    /// Right's options in canonical form.
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<PartizanGame>> {
        quick(py, |store| {
            store.right_options(self.id).into_iter().map(of).collect()
        })
    }

    /// Whether `self ≤ other`.
    fn leq(&self, py: Python<'_>, other: &PartizanGame) -> PyResult<bool> {
        quick(py, |store| store.leq(self.id, other.id))
    }

    /// `>`, `<`, `=` or `‖`.
    fn compare(&self, py: Python<'_>, other: &PartizanGame) -> PyResult<&'static str> {
        quick(py, |store| match store.compare(self.id, other.id) {
            Comparison::Greater => ">",
            Comparison::Less => "<",
            Comparison::Equal => "=",
            Comparison::Confused => "‖",
        })
    }

    /// The sum `self + other`.
    fn add(&self, py: Python<'_>, other: &PartizanGame) -> PyResult<PartizanGame> {
        with_store(py, |store| store.sum(self.id, other.id))?
            .map(of)
            .map_err(error)
    }

    /// The difference `self - other`.
    fn sub(&self, py: Python<'_>, other: &PartizanGame) -> PyResult<PartizanGame> {
        with_store(py, |store| store.sub(self.id, other.id))?
            .map(of)
            .map_err(error)
    }

    /// The negative `-self`.
    fn neg(&self, py: Python<'_>) -> PyResult<PartizanGame> {
        quick(py, |store| of(store.neg(self.id)))
    }
}
