//! Partizan games defined by Python functions (`sprague.partizan.define`).
//!
//! A short partizan game is `G = {G^L | G^R}`: its value is the canonical form
//! of the game whose options are the canonical forms of its positions' options
//! (Siegel, *Combinatorial Game Theory*, AMS 2013, §II.2; Winning Ways ch. 3).
//! Python is called only while exploring: from the positions a query names, every
//! position reachable is visited by calling the user's `left_options` and
//! `right_options`, each Python object interned to a dense id (Python's hash and
//! equality decide identity; the object is kept) and both option lists recorded
//! as ids. The values are then computed bottom-up — an explicit post-order walk,
//! no recursion whose depth grows with the game — in the process's
//! `sprague_partizan::GameStore` ([`crate::partizan::with_store`]: GIL released,
//! Ctrl-C watched), without any call to Python. Values found are kept with the
//! explored graph, so a later query explores and computes only what is new.
//!
//! Exploration checks what the functions give: an exception they raise
//! propagates with its traceback; a result that is not an iterable (or is a
//! string), an option that is not hashable, more than [`MAX_OPTIONS`] options of
//! one position, more positions than the game's limit — each is one
//! `sprague.Error` naming the position. A cycle of moves (a loopy game, which
//! has no canonical form of a short game) is found by the walk and named.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use sprague_partizan::rules::sum::{moves_of_sum, reply_in_sum, Component, SumMove};
use sprague_partizan::{GameError, GameId, GameStore};

use crate::callbacks::{
    count_call, exclusive, invalid, known_or_room, positions_returned, shown, Room,
};
use crate::define::SIGNAL_EVERY;
use crate::partizan::{error, of, parse_side, with_store, PartizanGame, Side};

/// The most positions a defined game explores unless its `limit` says otherwise.
pub(crate) const DEFAULT_LIMIT: usize = 2_000_000;

/// How many new positions pass between two checks that memory remains for more.
const MEMORY_CHECK_EVERY: usize = 1 << 16;

/// A generous size of one explored position (its Python object, its option ids, its value).
const BYTES_PER_POSITION: u128 = 512;

/// The explored option graph and the values found, in plain Rust (no Python objects),
/// so that the engine phase runs without the GIL.
#[derive(Default)]
struct Graph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    explored: Vec<bool>,
    values: Vec<Option<GameId>>,
}

impl Graph {
    fn len(&self) -> usize {
        self.left.len()
    }

    fn push(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.explored.push(false);
        self.values.push(None);
        (self.left.len() - 1) as u32
    }

    /// The `k`-th option of `id`, Left's first, then Right's.
    fn child(&self, id: u32, k: usize) -> Option<u32> {
        let (left, right) = (&self.left[id as usize], &self.right[id as usize]);
        left.get(k)
            .or_else(|| right.get(k.checked_sub(left.len())?))
            .copied()
    }
}

/// Why the values could not be computed.
enum Failure {
    /// A cycle of moves: its positions, the first repeated at the end.
    Cycle(Vec<u32>),
    /// The store refused (a game beyond its limits) or was stopped.
    Game(GameError),
}

/// The canonical forms of `roots` and of everything below them, bottom-up: each
/// position's value is `store.game(values of its left options, values of its right
/// options)`, computed once its options' values are known.
fn evaluate(graph: &mut Graph, store: &mut GameStore, roots: &[u32]) -> Result<(), Failure> {
    let zero = store.zero();
    // The positions on the walk's path (a grey set): meeting one again is a cycle.
    let mut on_path = vec![false; graph.len()];
    for &root in roots {
        if graph.values[root as usize].is_some() {
            continue;
        }
        // (position, how many of its children were looked at)
        let mut path: Vec<(u32, usize)> = vec![(root, 0)];
        on_path[root as usize] = true;
        while let Some(&mut (id, ref mut next)) = path.last_mut() {
            let child = graph.child(id, *next);
            match child {
                Some(child) => {
                    *next += 1;
                    if graph.values[child as usize].is_some() {
                        continue;
                    }
                    if on_path[child as usize] {
                        let start = path.iter().position(|&(p, _)| p == child).unwrap_or(0);
                        let mut cycle: Vec<u32> = path[start..].iter().map(|&(p, _)| p).collect();
                        cycle.push(child);
                        return Err(Failure::Cycle(cycle));
                    }
                    on_path[child as usize] = true;
                    path.push((child, 0));
                }
                None => {
                    let i = id as usize;
                    let value_of = |o: &u32| graph.values[*o as usize].unwrap_or(zero);
                    let left: Vec<GameId> = graph.left[i].iter().map(value_of).collect();
                    let right: Vec<GameId> = graph.right[i].iter().map(value_of).collect();
                    let value = store.game(&left, &right).map_err(Failure::Game)?;
                    graph.values[i] = Some(value);
                    on_path[i] = false;
                    path.pop();
                }
            }
        }
    }
    Ok(())
}

/// The Python objects of the explored positions and the graph.
struct Explored {
    ids: Py<PyDict>,
    objects: Vec<Py<PyAny>>,
    graph: Graph,
    calls: usize,
}

/// A partizan game defined by Python functions, with what was explored of it.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct PartizanDefinedCore {
    name: String,
    left: Py<PyAny>,
    right: Py<PyAny>,
    limit: usize,
    state: Mutex<Explored>,
}

/// A move as Python receives it from `analyze`: `(side, component, option, value after,
/// winning)`.
type MoveOut = (String, usize, Py<PyAny>, PartizanGame, bool);

/// A reply as Python receives it: `(component, option, value after, winning)`.
type ReplyOut = (usize, Py<PyAny>, PartizanGame, bool);

/// Left's and Right's options as Python objects.
type OptionsOut = (Vec<Py<PyAny>>, Vec<Py<PyAny>>);

impl PartizanDefinedCore {
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Explored>> {
        exclusive(&self.state, &self.name)
    }

    /// Counts a call and checks for Ctrl-C every [`SIGNAL_EVERY`].
    fn tick(py: Python<'_>, state: &mut Explored) -> PyResult<()> {
        count_call(py, &mut state.calls)
    }

    /// The id of `object`, interned if new.
    fn intern(
        &self,
        py: Python<'_>,
        state: &mut Explored,
        object: &Bound<'_, PyAny>,
        found_by: &dyn Fn() -> String,
    ) -> PyResult<u32> {
        let room = Room {
            name: &self.name,
            api: "sprague.partizan.define",
            limit: self.limit,
            check_every: MEMORY_CHECK_EVERY,
            bytes_per_position: BYTES_PER_POSITION,
        };
        let ids = state.ids.bind(py);
        if let Some(id) = known_or_room(py, ids, state.objects.len(), object, &room, found_by)? {
            return Ok(id);
        }
        let id = state.graph.push();
        ids.set_item(object, id)?;
        state.objects.push(object.clone().unbind());
        Ok(id)
    }

    /// The options one side's function gives for `object`, interned (each once).
    fn options_of(
        &self,
        py: Python<'_>,
        state: &mut Explored,
        function: &Py<PyAny>,
        what: &str,
        object: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<u32>> {
        Self::tick(py, state)?;
        let result = function.call1(py, (object,))?.into_bound(py);
        let items = positions_returned(object, what, result, SIGNAL_EVERY, &mut || {
            Self::tick(py, state)
        })?;
        let mut ids = Vec::with_capacity(items.len());
        let mut seen = std::collections::HashSet::with_capacity(items.len());
        for item in items {
            let by = || format!("{what}({})", shown(object));
            let id = self.intern(py, state, &item, &by)?;
            if seen.insert(id) {
                ids.push(id);
            }
        }
        Ok(ids)
    }

    /// Explores every position reachable from `roots`; a position is marked explored
    /// only once both its option lists are recorded, so an exception midway leaves the
    /// graph whole (the position is asked again next time). The walk goes on through
    /// explored positions whose value is not known yet (an earlier exploration may have
    /// stopped below them) and stops at valued ones (everything below them is explored).
    fn explore(&self, py: Python<'_>, state: &mut Explored, roots: &[u32]) -> PyResult<()> {
        let mut visited = vec![false; state.graph.len()];
        let mut stack: Vec<u32> = roots.to_vec();
        while let Some(id) = stack.pop() {
            let i = id as usize;
            if visited.len() <= i {
                visited.resize(state.graph.len(), false);
            }
            if visited[i] || state.graph.values[i].is_some() {
                continue;
            }
            visited[i] = true;
            if !state.graph.explored[i] {
                let object = state.objects[i].clone_ref(py).into_bound(py);
                let left = self.options_of(py, state, &self.left, "left_options", &object)?;
                let right = self.options_of(py, state, &self.right, "right_options", &object)?;
                let graph = &mut state.graph;
                graph.left[i] = left;
                graph.right[i] = right;
                graph.explored[i] = true;
            }
            let graph = &state.graph;
            stack.extend(
                graph.left[i]
                    .iter()
                    .chain(graph.right[i].iter())
                    .filter(|&&o| graph.values[o as usize].is_none()),
            );
        }
        Ok(())
    }

    /// The ids of `positions`, everything reachable explored.
    fn prepare(
        &self,
        py: Python<'_>,
        state: &mut Explored,
        positions: &[Bound<'_, PyAny>],
    ) -> PyResult<Vec<u32>> {
        let ids = positions
            .iter()
            .map(|p| self.intern(py, state, p, &|| "the position given".into()))
            .collect::<PyResult<Vec<u32>>>()?;
        self.explore(py, state, &ids)?;
        Ok(ids)
    }

    /// The error of a failed evaluation: a cycle named by its positions and moves.
    fn failure(&self, py: Python<'_>, state: &Explored, failure: Failure) -> PyErr {
        match failure {
            Failure::Game(e) => error(e),
            Failure::Cycle(cycle) => {
                let mut text = String::new();
                for (k, &p) in cycle.iter().enumerate() {
                    if k > 0 {
                        let from = cycle[k - 1] as usize;
                        let side = if state.graph.left[from].contains(&p) {
                            "Left"
                        } else {
                            "Right"
                        };
                        text.push_str(&format!(" →({side}) "));
                    }
                    text.push_str(&shown(state.objects[p as usize].bind(py)));
                    if text.chars().count() > 400 {
                        text.push_str(" …");
                        break;
                    }
                }
                invalid(format!(
                    "{} has a cycle of moves, so it is not a short game: {text}; sprague.partizan computes short (loop-free) games only",
                    self.name
                ))
            }
        }
    }

    /// The values of `ids` (explored), computed where new.
    fn values_of(
        &self,
        py: Python<'_>,
        state: &mut Explored,
        ids: &[u32],
    ) -> PyResult<Vec<GameId>> {
        let graph = &mut state.graph;
        let evaluated = with_store(py, |store| evaluate(graph, store, ids))?;
        if let Err(failure) = evaluated {
            return Err(self.failure(py, state, failure));
        }
        ids.iter()
            .map(|&id| {
                state.graph.values[id as usize].ok_or_else(|| {
                    crate::Error::new_err(format!("{}: a value was not computed", self.name))
                })
            })
            .collect()
    }
}

/// The sum's components as the library's moves-of-a-sum takes them: each position's value
/// and its options' values (all valued by `values_of` before; one missing is an internal
/// error, never a silent 0).
fn components(graph: &Graph, ids: &[u32], values: &[GameId]) -> Result<Vec<Component>, GameError> {
    let value_of =
        |o: &u32| graph.values[*o as usize].ok_or(GameError::Undefined("an option was not valued"));
    ids.iter()
        .zip(values)
        .map(|(&id, &value)| {
            Ok(Component {
                value,
                left: graph.left[id as usize]
                    .iter()
                    .map(value_of)
                    .collect::<Result<_, _>>()?,
                right: graph.right[id as usize]
                    .iter()
                    .map(value_of)
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect()
}

/// The option's id in the explored graph for a move of the sum.
fn option_id(graph: &Graph, ids: &[u32], m: &SumMove) -> u32 {
    let id = ids[m.component] as usize;
    match m.side {
        Side::Left => graph.left[id][m.option],
        Side::Right => graph.right[id][m.option],
    }
}

#[pymethods]
impl PartizanDefinedCore {
    #[new]
    #[pyo3(signature = (left_options, right_options, name = None, limit = DEFAULT_LIMIT))]
    fn new(
        py: Python<'_>,
        left_options: Py<PyAny>,
        right_options: Py<PyAny>,
        name: Option<String>,
        limit: usize,
    ) -> PyResult<Self> {
        for (what, function) in [
            ("left_options", &left_options),
            ("right_options", &right_options),
        ] {
            if !function.bind(py).is_callable() {
                return Err(invalid(format!(
                    "{what} must be a function, not {}",
                    shown(function.bind(py))
                )));
            }
        }
        if limit == 0 {
            return Err(invalid("limit must be at least 1 position".into()));
        }
        Ok(PartizanDefinedCore {
            name: name.unwrap_or_else(|| "the defined game".to_string()),
            left: left_options,
            right: right_options,
            limit,
            state: Mutex::new(Explored {
                ids: PyDict::new(py).unbind(),
                objects: Vec::new(),
                graph: Graph::default(),
                calls: 0,
            }),
        })
    }

    /// The canonical form of each position.
    fn values(
        &self,
        py: Python<'_>,
        positions: Vec<Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PartizanGame>> {
        let mut state = self.lock()?;
        let ids = self.prepare(py, &mut state, &positions)?;
        Ok(self
            .values_of(py, &mut state, &ids)?
            .into_iter()
            .map(of)
            .collect())
    }

    /// The value of the sum of the positions and every move of each side in it:
    /// `(value, [(side, component, option, value after, winning)])`, options as Python objects.
    fn analyze(
        &self,
        py: Python<'_>,
        positions: Vec<Bound<'_, PyAny>>,
    ) -> PyResult<(PartizanGame, Vec<MoveOut>)> {
        let mut state = self.lock()?;
        let ids = self.prepare(py, &mut state, &positions)?;
        let values = self.values_of(py, &mut state, &ids)?;
        let graph = &state.graph;
        let (total, moves) = with_store(py, |store| {
            let parts = components(graph, &ids, &values)?;
            moves_of_sum(store, &parts)
        })?
        .map_err(error)?;
        let moves = moves
            .iter()
            .map(|m| {
                (
                    m.side.name().to_lowercase(),
                    m.component,
                    state.objects[option_id(graph, &ids, m) as usize].clone_ref(py),
                    of(m.value),
                    m.winning,
                )
            })
            .collect();
        Ok((of(total), moves))
    }

    /// The perfect move of `side` in the sum of the positions, chosen as `sprague play`
    /// chooses a ruleset's (`rules::play::best_move`: a winning move when there is one,
    /// else one no other beats): `(component, option, value after, winning)`, or `None`.
    fn reply(
        &self,
        py: Python<'_>,
        positions: Vec<Bound<'_, PyAny>>,
        side: &str,
    ) -> PyResult<Option<ReplyOut>> {
        let side = parse_side(side)?;
        let mut state = self.lock()?;
        let ids = self.prepare(py, &mut state, &positions)?;
        let values = self.values_of(py, &mut state, &ids)?;
        let graph = &state.graph;
        let chosen = with_store(py, |store| {
            let parts = components(graph, &ids, &values)?;
            reply_in_sum(store, &parts, side)
        })?
        .map_err(error)?;
        Ok(chosen.map(|m| {
            (
                m.component,
                state.objects[option_id(graph, &ids, &m) as usize].clone_ref(py),
                of(m.value),
                m.winning,
            )
        }))
    }

    /// Left's and Right's options of a position (its Python objects), explored.
    fn options(&self, py: Python<'_>, position: Bound<'_, PyAny>) -> PyResult<OptionsOut> {
        let mut state = self.lock()?;
        let ids = self.prepare(py, &mut state, &[position])?;
        let i = ids[0] as usize;
        let objects = |list: &[u32]| {
            list.iter()
                .map(|&o| state.objects[o as usize].clone_ref(py))
                .collect()
        };
        Ok((
            objects(&state.graph.left[i]),
            objects(&state.graph.right[i]),
        ))
    }

    /// How many positions are known (explored or met as options) so far.
    fn explored(&self) -> PyResult<usize> {
        Ok(self.lock()?.objects.len())
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }
}
