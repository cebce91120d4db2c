//! Impartial games defined by Python functions (`sprague.define`).
//!
//! Python is called only in an exploration phase: from the positions a query
//! names, every position reachable is visited by calling the user's `options`
//! (and `components`, `describe`, `format`), each Python object interned to a
//! dense id (Python's hash and equality decide identity; the object is kept)
//! and the option graph recorded in a [`sprague_games::explicit::ExplicitGraph`].
//! The graph is kept between calls, so a later query explores only what is new.
//! The engine then answers on the pure-Rust graph ([`ExplicitPlayable`]):
//! Sprague–Grundy values (Sprague 1935, Grundy 1939), the generalized function γ
//! when a cycle is found (Smith 1966; Fraenkel–Yesha 1986), misère and Every-SG
//! play. It never calls Python, so no error can be lost in it.
//!
//! Exploration checks what the functions give: an exception they raise
//! propagates with its traceback; a result that is not an iterable, an option
//! that is not hashable, more than [`MAX_OPTIONS`] options of one position, more
//! positions than the game's limit, `format` giving two positions one text or no
//! text, `components` splitting a component further — each is one
//! `sprague.Error` naming the position. Ctrl-C is polled every
//! [`SIGNAL_EVERY`] calls (`KeyboardInterrupt`).

use std::collections::HashSet;
use std::sync::{Arc, Mutex, RwLock};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use sprague_engine::LoopyValue;
use sprague_games::explicit::{ExplicitGraph, ExplicitPlayable};
use sprague_games::mixed_sum::SEPARATOR;
use sprague_games::PlayableGame;

use crate::callbacks::{
    count_call, exclusive, invalid, known_or_room, positions_returned, shown, Room,
};
use crate::impartial::NativeGame;

/// The most options one call of `options` (or parts of `components`) may give.
pub(crate) const MAX_OPTIONS: usize = 1_000_000;

/// The most positions a defined game explores unless its `limit` says otherwise
/// (each keeps its Python object, its text and its options: about 200–500 bytes).
pub(crate) const DEFAULT_LIMIT: usize = 2_000_000;

/// How many new positions pass between two checks that memory remains for more.
const MEMORY_CHECK_EVERY: usize = 1 << 16;

/// A generous size of one explored position (its Python object, text, id and options).
const BYTES_PER_POSITION: u128 = 1024;

/// How many user calls or listed options pass between two checks for Ctrl-C.
pub(crate) const SIGNAL_EVERY: usize = 1024;

/// What a game's position words need before the engine may answer: read
/// (typed text to known positions) and explored. Catalogue games need nothing.
pub(crate) trait Explorer: Send + Sync {
    /// The canonical words of `words`, every position reachable from them explored.
    fn prepare(&self, py: Python<'_>, words: &[String]) -> PyResult<Vec<String>>;
}

/// The Python objects of the explored positions.
struct Interner {
    ids: Py<PyDict>,
    objects: Vec<Py<PyAny>>,
    /// Positions listed as parts of a sum: each must be its own single component.
    parts: HashSet<u32>,
    calls: usize,
}

/// A game defined by Python functions, with its explored graph.
pub(crate) struct Defined {
    name: String,
    options: Py<PyAny>,
    components: Option<Py<PyAny>>,
    describe: Option<Py<PyAny>>,
    parse: Option<Py<PyAny>>,
    format: Option<Py<PyAny>>,
    limit: usize,
    interner: Mutex<Interner>,
    graph: Arc<RwLock<ExplicitGraph>>,
    game: Arc<ExplicitPlayable>,
}

impl Defined {
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Interner>> {
        exclusive(&self.interner, &self.name)
    }

    fn graph_error(&self) -> PyErr {
        crate::Error::new_err(format!(
            "{}: an earlier exploration failed midway; define the game again",
            self.name
        ))
    }

    /// Counts a call and checks for Ctrl-C every [`SIGNAL_EVERY`].
    fn tick(py: Python<'_>, interner: &mut Interner) -> PyResult<()> {
        count_call(py, &mut interner.calls)
    }

    /// The text of a new position, by `format` (default `repr`).
    fn word_of(&self, py: Python<'_>, object: &Bound<'_, PyAny>) -> PyResult<String> {
        let text = match &self.format {
            Some(format) => {
                let result = format.call1(py, (object,))?;
                let result = result.bind(py);
                let text = result.cast::<PyString>().map_err(|_| {
                    invalid(format!(
                        "format({}) returned {}, not a str: format must write each position as text",
                        shown(object),
                        shown(result)
                    ))
                })?;
                text.to_string()
            }
            None => object.repr()?.to_string(),
        };
        if text.trim().is_empty() || text.trim() == SEPARATOR || text.trim() != text {
            return Err(invalid(format!(
                "format({}) gave '{}': a position's text must be non-empty, without spaces at its ends, and not '{SEPARATOR}' (which separates the parts of sums)",
                shown(object),
                sprague_games::error::quoted(&text)
            )));
        }
        Ok(text)
    }

    /// The id of `object`, interned (and named) if new.
    fn intern(
        &self,
        py: Python<'_>,
        interner: &mut Interner,
        object: &Bound<'_, PyAny>,
        found_by: &dyn Fn() -> String,
    ) -> PyResult<u32> {
        // Room for the next positions (their objects, texts and options), or a clear error.
        let room = Room {
            name: &self.name,
            api: "sprague.define",
            limit: self.limit,
            check_every: MEMORY_CHECK_EVERY,
            bytes_per_position: BYTES_PER_POSITION,
        };
        let ids = interner.ids.bind(py);
        if let Some(id) = known_or_room(py, ids, interner.objects.len(), object, &room, found_by)? {
            return Ok(id);
        }
        let text = self.word_of(py, object)?;
        let added = {
            let mut graph = self.graph.write().map_err(|_| self.graph_error())?;
            graph
                .add(&text, &text)
                .map(Some)
                .or_else(|_| Ok::<_, PyErr>(None))?
        };
        let Some(id) = added else {
            let graph = self.graph.read().map_err(|_| self.graph_error())?;
            let other = graph
                .id(&text)
                .map(|id| interner.objects[id as usize].clone_ref(py));
            let other = other
                .map(|o| shown(o.bind(py)))
                .unwrap_or_else(|| "another position".into());
            return Err(invalid(format!(
                "format gives the same text '{}' to two different positions, {} and {}: each position needs its own text",
                sprague_games::error::quoted(&text),
                other,
                shown(object)
            )));
        };
        ids.set_item(object, id)?;
        interner.objects.push(object.clone().unbind());
        Ok(id)
    }

    /// The positions a user function gave for `object`, checked.
    fn call_list<'py>(
        &self,
        py: Python<'py>,
        interner: &mut Interner,
        function: &Py<PyAny>,
        what: &str,
        object: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let result = function.call1(py, (object,))?.into_bound(py);
        positions_returned(object, what, result, SIGNAL_EVERY, &mut || {
            Self::tick(py, interner)
        })
    }

    /// Explores one position: its components, or its options.
    fn explore_one(&self, py: Python<'_>, interner: &mut Interner, id: u32) -> PyResult<Vec<u32>> {
        Self::tick(py, interner)?;
        let object = interner.objects[id as usize].clone_ref(py).into_bound(py);
        let mut found = Vec::new();
        if let Some(components) = &self.components {
            let parts = self.call_list(py, interner, components, "components", &object)?;
            let mut ids = Vec::with_capacity(parts.len());
            for part in &parts {
                let by = || format!("components({})", shown(&object));
                ids.push(self.intern(py, interner, part, &by)?);
            }
            if ids != [id] {
                if interner.parts.contains(&id) || ids.contains(&id) {
                    return Err(invalid(format!(
                        "components({}) splits it into {} parts, but it is itself a part of a sum (or one of its own parts): components must give positions that do not split further",
                        shown(&object),
                        ids.len()
                    )));
                }
                let graph_reads = self.graph.read().map_err(|_| self.graph_error())?;
                if let Some(&sum) = ids.iter().find(|&&p| graph_reads.is_sum(p)) {
                    return Err(invalid(format!(
                        "components({}) lists {}, which splits further: components must give positions that do not split",
                        shown(&object),
                        shown(interner.objects[sum as usize].bind(py))
                    )));
                }
                drop(graph_reads);
                interner.parts.extend(ids.iter().copied());
                found.extend(ids.iter().copied());
                self.graph
                    .write()
                    .map_err(|_| self.graph_error())?
                    .set_components(id, ids)
                    .map_err(crate::to_python)?;
                return Ok(found);
            }
        }
        let options = self.call_list(py, interner, &self.options, "options", &object)?;
        let mut ids: Vec<u32> = Vec::with_capacity(options.len());
        let mut descriptions = self.describe.as_ref().map(|_| Vec::new());
        for option in &options {
            let by = || format!("options({})", shown(&object));
            let option_id = self.intern(py, interner, option, &by)?;
            if ids.contains(&option_id) {
                continue;
            }
            ids.push(option_id);
            if let (Some(describe), Some(list)) = (&self.describe, descriptions.as_mut()) {
                Self::tick(py, interner)?;
                let text = describe.call1(py, (&object, option))?;
                let text = text.bind(py).cast::<PyString>().map_err(|_| {
                    invalid(format!(
                        "describe({}, {}) returned {}, not a str",
                        shown(&object),
                        shown(option),
                        shown(text.bind(py))
                    ))
                })?;
                list.push(text.to_string());
            }
        }
        found.extend(ids.iter().copied());
        self.graph
            .write()
            .map_err(|_| self.graph_error())?
            .set_options(id, ids, descriptions)
            .map_err(crate::to_python)?;
        Ok(found)
    }

    /// Explores every position reachable from `roots`.
    fn explore(&self, py: Python<'_>, interner: &mut Interner, roots: &[u32]) -> PyResult<()> {
        let mut stack = self
            .graph
            .read()
            .map_err(|_| self.graph_error())?
            .unexplored_from(roots);
        while let Some(id) = stack.pop() {
            if self
                .graph
                .read()
                .map_err(|_| self.graph_error())?
                .is_explored(id)
            {
                continue;
            }
            let found = self.explore_one(py, interner, id)?;
            let graph = self.graph.read().map_err(|_| self.graph_error())?;
            stack.extend(found.into_iter().filter(|&f| !graph.is_explored(f)));
        }
        Ok(())
    }

    /// The position typed as `text`: an explored position written so, else what
    /// `parse` (default: `ast.literal_eval`, then the text itself) reads.
    fn read_text(&self, py: Python<'_>, interner: &mut Interner, text: &str) -> PyResult<u32> {
        if let Some(id) = self.graph.read().map_err(|_| self.graph_error())?.id(text) {
            return Ok(id);
        }
        let object = match &self.parse {
            Some(parse) => parse.call1(py, (text,))?.into_bound(py),
            None => {
                let literal = py.import("ast")?.call_method1("literal_eval", (text,));
                match literal {
                    Ok(object) => object,
                    Err(_) => PyString::new(py, text).into_any(),
                }
            }
        };
        let by = || format!("parse('{}')", sprague_games::error::quoted(text));
        let id = self.intern(py, interner, &object, &by)?;
        let written = self
            .graph
            .read()
            .map_err(|_| self.graph_error())?
            .key(id)
            .to_string();
        if written != text {
            self.check_round_trip(py, &object, &written)?;
        }
        Ok(id)
    }

    /// `parse(format(x))` must be x again, so that positions can be typed back.
    fn check_round_trip(
        &self,
        py: Python<'_>,
        object: &Bound<'_, PyAny>,
        written: &str,
    ) -> PyResult<()> {
        let back = match &self.parse {
            Some(parse) => parse.call1(py, (written,)).map(|b| b.into_bound(py)),
            None => py
                .import("ast")?
                .call_method1("literal_eval", (written,))
                .or_else(|_| Ok(PyString::new(py, written).into_any())),
        };
        let same = match &back {
            Ok(back) => back.eq(object).unwrap_or(false),
            Err(_) => false,
        };
        if same {
            return Ok(());
        }
        let read = match back {
            Ok(back) => format!("reads it as {}", shown(&back)),
            Err(error) => format!("raises {error}"),
        };
        Err(invalid(format!(
            "parse and format disagree: format({}) writes '{}', and parse {read}",
            shown(object),
            sprague_games::error::quoted(written)
        )))
    }
}

impl Explorer for Defined {
    fn prepare(&self, py: Python<'_>, words: &[String]) -> PyResult<Vec<String>> {
        let mut interner = self.lock()?;
        let ids = words
            .iter()
            .map(|word| self.read_text(py, &mut interner, word))
            .collect::<PyResult<Vec<u32>>>()?;
        self.explore(py, &mut interner, &ids)?;
        let graph = self.graph.read().map_err(|_| self.graph_error())?;
        Ok(ids.iter().map(|&id| graph.key(id).to_string()).collect())
    }
}

/// The explorer of a mixed sum: each part's words prepared by the part's explorer.
pub(crate) struct SumExplorer {
    pub(crate) parts: Vec<Option<Arc<dyn Explorer>>>,
}

impl Explorer for SumExplorer {
    fn prepare(&self, py: Python<'_>, words: &[String]) -> PyResult<Vec<String>> {
        let chunks: Vec<&[String]> = words.split(|w| w == SEPARATOR).collect();
        if chunks.len() != self.parts.len() {
            return Err(invalid(format!(
                "a position of this sum names a position of each of its {} parts, separated by the word {SEPARATOR}",
                self.parts.len()
            )));
        }
        let mut prepared = Vec::with_capacity(words.len());
        for (k, (chunk, explorer)) in chunks.iter().zip(&self.parts).enumerate() {
            if k > 0 {
                prepared.push(SEPARATOR.to_string());
            }
            match explorer {
                Some(explorer) => prepared.extend(explorer.prepare(py, chunk)?),
                None => prepared.extend(chunk.iter().cloned()),
            }
        }
        Ok(prepared)
    }
}

/// A game defined by Python functions: the explorer and the engine's face.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct DefinedCore {
    inner: Arc<Defined>,
}

#[pymethods]
impl DefinedCore {
    #[new]
    #[pyo3(signature = (options, name = None, components = None, describe = None, parse = None, format = None, acyclic = false, limit = DEFAULT_LIMIT))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        options: Py<PyAny>,
        name: Option<String>,
        components: Option<Py<PyAny>>,
        describe: Option<Py<PyAny>>,
        parse: Option<Py<PyAny>>,
        format: Option<Py<PyAny>>,
        acyclic: bool,
        limit: usize,
    ) -> PyResult<Self> {
        for (what, function) in [
            ("options", Some(&options)),
            ("components", components.as_ref()),
            ("describe", describe.as_ref()),
            ("parse", parse.as_ref()),
            ("format", format.as_ref()),
        ] {
            if let Some(function) = function {
                if !function.bind(py).is_callable() {
                    return Err(invalid(format!(
                        "{what} must be a function, not {}",
                        shown(function.bind(py))
                    )));
                }
            }
        }
        if limit == 0 {
            return Err(invalid("limit must be at least 1 position".into()));
        }
        let name = name.unwrap_or_else(|| "defined".to_string());
        let title = format!("{name} (a game defined in Python)");
        let graph = Arc::new(RwLock::new(ExplicitGraph::new()));
        let game = Arc::new(ExplicitPlayable::new(
            graph.clone(),
            name.clone(),
            title,
            acyclic,
        ));
        Ok(DefinedCore {
            inner: Arc::new(Defined {
                name,
                options,
                components,
                describe,
                parse,
                format,
                limit,
                interner: Mutex::new(Interner {
                    ids: PyDict::new(py).unbind(),
                    objects: Vec::new(),
                    parts: HashSet::new(),
                    calls: 0,
                }),
                graph,
                game,
            }),
        })
    }

    /// The game's structured face (moves, analysis, reply, …).
    fn native(&self) -> NativeGame {
        let game: Arc<dyn PlayableGame> = self.inner.game.clone();
        let explorer: Arc<dyn Explorer> = self.inner.clone();
        NativeGame::with_explorer(game, Some(explorer))
    }

    /// The text of the position `object`, everything reachable from it explored.
    fn word(&self, py: Python<'_>, object: &Bound<'_, PyAny>) -> PyResult<String> {
        let inner = &self.inner;
        let mut interner = inner.lock()?;
        let id = inner.intern(py, &mut interner, object, &|| "the position given".into())?;
        inner.explore(py, &mut interner, &[id])?;
        let graph = inner.graph.read().map_err(|_| inner.graph_error())?;
        Ok(graph.key(id).to_string())
    }

    /// The Python object of the position written `word`.
    fn object(&self, py: Python<'_>, word: &str) -> PyResult<Py<PyAny>> {
        let inner = &self.inner;
        let interner = inner.lock()?;
        let id = inner
            .graph
            .read()
            .map_err(|_| inner.graph_error())?
            .id(word)
            .ok_or_else(|| {
                invalid(format!(
                    "'{}' is no explored position of {}",
                    sprague_games::error::quoted(word),
                    inner.name
                ))
            })?;
        Ok(interner.objects[id as usize].clone_ref(py))
    }

    /// γ of each position (words already prepared): an int, or the text ∞(K).
    fn values(&self, py: Python<'_>, words: Vec<String>) -> PyResult<Vec<Py<PyAny>>> {
        let words = self.inner.prepare(py, &words)?;
        let game = self.inner.game.clone();
        let values = py
            .detach(|| game.loopy_values(&words))
            .map_err(crate::to_python)?;
        values
            .into_iter()
            .map(|value| match value {
                LoopyValue::Finite(g) => Ok(g.into_pyobject(py)?.into_any().unbind()),
                infinite => Ok(infinite.to_string().into_pyobject(py)?.into_any().unbind()),
            })
            .collect()
    }

    /// How many positions are explored (named) so far.
    fn explored(&self) -> PyResult<usize> {
        Ok(self
            .inner
            .graph
            .read()
            .map_err(|_| self.inner.graph_error())?
            .len())
    }

    /// A cycle reachable from the positions (their texts, the first repeated), or None.
    fn cycle(&self, py: Python<'_>, words: Vec<String>) -> PyResult<Option<Vec<String>>> {
        let words = self.inner.prepare(py, &words)?;
        let graph = self
            .inner
            .graph
            .read()
            .map_err(|_| self.inner.graph_error())?;
        let ids: Vec<u32> = words.iter().filter_map(|w| graph.id(w)).collect();
        Ok(graph.cycle_from(&ids))
    }
}
