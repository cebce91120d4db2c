//! What a user's Python functions give, checked the same way for every defined game
//! (`sprague.define`, `sprague.partizan.define`): positions must be hashable, option
//! functions must return an iterable of positions (not a text, at most [`MAX_OPTIONS`]),
//! exploration sizes the memory it is about to use, and every message quotes the
//! offending object by its `repr`, bounded.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::define::MAX_OPTIONS;

/// A `sprague.InvalidInput` with `message`.
pub(crate) fn invalid(message: String) -> PyErr {
    crate::InvalidInput::new_err(message)
}

/// `object` by its `repr`, quoted and bounded for a message.
pub(crate) fn shown(object: &Bound<'_, PyAny>) -> String {
    let text = object
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "<an object whose repr fails>".into());
    sprague_games::error::quoted(&text)
}

/// An error saying that `object` (given by `found_by()`) is not hashable, if it is not;
/// any other exception of its `__hash__` as raised.
pub(crate) fn require_hashable(
    py: Python<'_>,
    object: &Bound<'_, PyAny>,
    found_by: &dyn Fn() -> String,
) -> PyResult<()> {
    match object.hash() {
        Ok(_) => Ok(()),
        Err(error) if error.is_instance_of::<PyTypeError>(py) => Err(invalid(format!(
            "{} gave {}, which is not hashable ({}): positions must be hashable values such as int, str, tuple or frozenset",
            found_by(),
            shown(object),
            object.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))),
        Err(error) => Err(error),
    }
}

/// The bounds a defined game puts on new positions.
pub(crate) struct Room<'a> {
    /// The game's name, for messages.
    pub(crate) name: &'a str,
    /// The call whose `limit=` raises the limit (`sprague.define`, …).
    pub(crate) api: &'a str,
    /// The most positions explored.
    pub(crate) limit: usize,
    /// How often (in new positions) memory is checked.
    pub(crate) check_every: usize,
    /// The memory one position takes.
    pub(crate) bytes_per_position: u128,
}

/// What interning `object` into a defined game's dictionary `ids` (object → id, `count`
/// entries) finds: its id when it is known; otherwise `None` once it is checked that a new
/// position may be added — hashable, within `room`'s limit and memory. The caller then
/// adds it (the two games keep different graphs).
pub(crate) fn known_or_room(
    py: Python<'_>,
    ids: &Bound<'_, PyDict>,
    count: usize,
    object: &Bound<'_, PyAny>,
    room: &Room<'_>,
    found_by: &dyn Fn() -> String,
) -> PyResult<Option<u32>> {
    require_hashable(py, object, found_by)?;
    if let Some(id) = ids.get_item(object)? {
        return id.extract::<u32>().map(Some);
    }
    if count >= room.limit {
        return Err(crate::TooLarge::new_err(format!(
            "{} reaches more than {} positions (found by {}); pass a larger limit= to {} to explore further (each position keeps its Python object)",
            room.name,
            room.limit,
            found_by(),
            room.api
        )));
    }
    check_memory(count, room.check_every, room.bytes_per_position, room.name)?;
    Ok(None)
}

/// Every `check_every` new positions (at `count`), a check that memory remains for the next
/// `check_every` of `bytes_per_position` each: a clear error instead of an abort.
pub(crate) fn check_memory(
    count: usize,
    check_every: usize,
    bytes_per_position: u128,
    name: &str,
) -> PyResult<()> {
    if count == 0 || !count.is_multiple_of(check_every) {
        return Ok(());
    }
    sprague_engine::check_allocation(
        (check_every as u128) * bytes_per_position,
        &format!("{check_every} positions more of {name}"),
    )
    .map_err(|error| crate::to_python(error.into()))
}

/// The items of what `what(object)` returned, checked: an iterable (not a text) of at most
/// [`MAX_OPTIONS`] positions; `tick` is called every `tick_every` items (Ctrl-C).
pub(crate) fn positions_returned<'py>(
    object: &Bound<'py, PyAny>,
    what: &str,
    result: Bound<'py, PyAny>,
    tick_every: usize,
    tick: &mut dyn FnMut() -> PyResult<()>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if result.is_instance_of::<PyString>() || result.is_instance_of::<PyBytes>() {
        return Err(invalid(format!(
            "{what}({}) returned the text {}: return an iterable of positions (a list, tuple, set or generator)",
            shown(object),
            shown(&result)
        )));
    }
    let iterator = result.try_iter().map_err(|_| {
        invalid(format!(
            "{what}({}) returned {}, which is not an iterable of positions: return a list, tuple, set or generator",
            shown(object),
            shown(&result)
        ))
    })?;
    let mut items = Vec::new();
    for item in iterator {
        items.push(item?);
        if items.len() > MAX_OPTIONS {
            return Err(crate::TooLarge::new_err(format!(
                "{what}({}) gave more than {MAX_OPTIONS} positions (an endless generator?); a position may have at most {MAX_OPTIONS} options",
                shown(object)
            )));
        }
        if items.len().is_multiple_of(tick_every) {
            tick()?;
        }
    }
    Ok(items)
}

/// Counts a call of a user's function in `calls` and asks Python for pending signals every
/// [`crate::define::SIGNAL_EVERY`] calls (Ctrl-C during an exploration).
pub(crate) fn count_call(py: Python<'_>, calls: &mut usize) -> PyResult<()> {
    *calls += 1;
    if calls.is_multiple_of(crate::define::SIGNAL_EVERY) {
        py.check_signals()?;
    }
    Ok(())
}

/// The exploration state of the game `name`, or a `sprague.Error` when it is in use: a
/// function of the game asked the game itself (re-entry), or another thread explores it.
pub(crate) fn exclusive<'a, T>(
    state: &'a std::sync::Mutex<T>,
    name: &str,
) -> PyResult<std::sync::MutexGuard<'a, T>> {
    state.try_lock().map_err(|_| {
        crate::Error::new_err(format!(
            "{name} is being explored already: a function of the game asked the game itself, or another thread is using it"
        ))
    })
}
