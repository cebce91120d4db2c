//! `sprague.define_heap`: a heap game given by a Python function `options(n)`.
//!
//! A take-and-break game is fixed by what one heap can become (*Winning Ways*, ch. 4):
//! each option of a heap of n tokens is a sum of smaller heaps. The user's function is
//! asked once per heap, in order, with the GIL held; its answers are checked (heap sizes
//! are non-negative integers smaller than n; at most [`MAX_OPTIONS_PER_HEAP`] options per
//! heap) and kept as an explicit table ([`TabulatedHeapFamily`]). Everything else runs on
//! that table in Rust, with the GIL released: the dense sweep with its period search
//! ([`sprague_engine::sweep_observed`]), the structured face of
//! [`sprague_games::playable::HeapPlayable`] (moves, replies, misère and Every-SG play) and
//! the misère quotient of Plambeck–Siegel ([`sprague_misere::MisereQuotient`]). The table
//! grows on demand when a later question needs larger heaps.
//!
//! A period seen in the values is *observed*. It is *proven* only when the game is declared
//! to be a rule with a periodicity theorem (`rule="0.77"`, `rule="subtraction:1,3,4"`):
//! every tabulated heap's options are then checked to be the rule's, and the rule's
//! theorem (Guy–Smith for octal codes, its generalisation for hexadecimal codes, the
//! window argument for subtraction games) proves the period. Likewise the misère
//! quotient's periodicity proof (Plambeck–Siegel's analogue of Guy–Smith) needs the shape
//! of an octal or hexadecimal code, so it is given for declared codes only.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString, PyTuple};
use sprague_engine::{
    canonical_options, check_allocation, sweep_observed, HeapFamily, HeapOptions,
    PeriodicityTheorem, SweepError, TableError, TabulatedHeapFamily, Values, MAX_OPTIONS_PER_HEAP,
};
use sprague_games::every_sg::EverySgPlayable;
use sprague_games::misere::MiserePlayable;
use sprague_games::playable::HeapPlayable;
use sprague_games::quotient_report::{
    check_quotient_options, quotient_limits, quotient_record, QuotientOptions, QuotientReportError,
};
use sprague_games::{parse_game, CatalogueGame};
use sprague_misere::MisereQuotient;
use sprague_takebreak::TakeBreak;

use crate::impartial::NativeGame;
use crate::interrupt::{interrupted, Interrupt};
use crate::{InvalidInput, TooLarge};

/// How far a declared rule's values are computed while its theorem looks for the period
/// (as for catalogue games: `sprague_games::heap_analysis::PROOF_HORIZON`).
const PROOF_HORIZON: u64 = sprague_games::heap_analysis::PROOF_HORIZON;

/// The largest heap of a position analysed, played or explained (the catalogue's limit
/// for a sweep without a proven period).
const MAX_PLAYED_HEAP: u64 = sprague_games::heap_analysis::MAX_SWEPT_HEAP;

/// The most values one `values` call returns (as `sprague.values`).
const MAX_VALUES: u64 = 1 << 28;

/// The most heaps asked before their options are added to the table.
const BATCH_HEAPS: usize = 4096;

/// The most parts (and options) gathered before they are added to the table.
const BATCH_PARTS: usize = 1 << 20;

/// How often at most `values` calls its `progress` callable.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<HeapDefinition>()?;
    Ok(())
}

/// The table shared by a definition and the games it hands out (normal, misère,
/// Every-SG play): they read it, the definition extends it.
#[derive(Clone, Default)]
struct SharedTable(Arc<RwLock<TabulatedHeapFamily>>);

impl HeapFamily for SharedTable {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        if let Ok(table) = self.0.read() {
            table.for_each_option(heap, visit);
        }
    }

    fn option_count_bound(&self, heap: u64) -> Option<u128> {
        self.0.read().ok()?.option_count_bound(heap)
    }
}

/// The table with the declared rule's periodicity theorem, for the sweep of `values`.
struct Declared<'a> {
    table: &'a TabulatedHeapFamily,
    theorem: Option<PeriodicityTheorem>,
}

impl HeapFamily for Declared<'_> {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        self.table.for_each_option(heap, visit);
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        self.theorem
    }

    fn option_count_bound(&self, heap: u64) -> Option<u128> {
        self.table.option_count_bound(heap)
    }
}

/// The rule a definition is declared to be.
struct Rule {
    game: CatalogueGame,
}

impl Rule {
    fn family(&self) -> Option<&dyn HeapFamily> {
        self.game.heap_family()
    }

    /// The take-and-break code, when the quotient's periodicity proof applies to it.
    fn code(&self) -> Option<&TakeBreak> {
        self.game.take_break().filter(|rule| !rule.unequal_split())
    }
}

/// A heap game defined by a Python function `options(n)`, tabulated on demand.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct HeapDefinition {
    options: Py<PyAny>,
    table: SharedTable,
    name: String,
    rule: Option<Rule>,
}

#[pymethods]
impl HeapDefinition {
    /// The definition of `options`, named `name`, declared to be the rule `rule` (a
    /// catalogue description of a one-heap game) if given.
    #[new]
    #[pyo3(signature = (options, name = None, rule = None))]
    fn new(
        options: Bound<'_, PyAny>,
        name: Option<String>,
        rule: Option<String>,
    ) -> PyResult<Self> {
        if !options.is_callable() {
            return Err(InvalidInput::new_err(format!(
                "define_heap needs a function options(n) giving the options of a heap of n, not {} ({})",
                short_repr(&options),
                type_name(&options)
            )));
        }
        let name = match name {
            Some(name) if name.trim().is_empty() || name.chars().any(char::is_whitespace) => {
                return Err(InvalidInput::new_err(format!(
                    "name must be one word without spaces, not {name:?}"
                )))
            }
            Some(name) => name,
            None => "heap-game".to_string(),
        };
        let rule = rule.map(|text| declared_rule(&text)).transpose()?;
        Ok(HeapDefinition {
            options: options.unbind(),
            table: SharedTable::default(),
            name,
            rule,
        })
    }

    /// The description of the game: `python:NAME`.
    fn description(&self) -> String {
        format!("python:{}", self.name)
    }

    /// The declared rule's description, if any.
    fn rule(&self) -> Option<String> {
        self.rule.as_ref().map(|rule| rule.game.description())
    }

    /// How many heaps are tabulated (heaps 0..this).
    fn tabulated(&self) -> u64 {
        self.table.0.read().map_or(0, |table| table.heaps())
    }

    /// The options of heap `heap` as tabulated (parts ascending, each option once).
    fn options_of(&self, py: Python<'_>, heap: u64) -> PyResult<Vec<Vec<u64>>> {
        self.cover(py, heap, None)?;
        let table = self.table.0.read().map_err(|_| poisoned())?;
        Ok(table.options(heap).unwrap_or_default())
    }

    /// Tabulates heaps through `heap` (asking `options` for each new one), for a position
    /// whose largest heap is `heap`.
    fn cover_position(&self, py: Python<'_>, heap: u64) -> PyResult<()> {
        if heap > MAX_PLAYED_HEAP {
            return Err(TooLarge::new_err(format!(
                "a heap of {heap} is beyond what a game defined in Python is analysed for \
                 (heaps up to {MAX_PLAYED_HEAP}; its values come from values(to))"
            )));
        }
        self.cover(py, heap, None)
    }

    /// The game under normal play.
    fn game(&self) -> NativeGame {
        NativeGame::from_playable(self.playable())
    }

    /// The game under misère play (the player who cannot move wins).
    fn misere_game(&self) -> NativeGame {
        NativeGame::from_playable(Box::new(MiserePlayable::new(self.playable())))
    }

    /// The game's Every-SG sums (a player moves in every component that can move).
    fn every_sg_game(&self) -> NativeGame {
        NativeGame::from_playable(Box::new(EverySgPlayable::new(self.playable())))
    }

    /// g(0..=to) with the period found: a dict with the keys of `sprague.values` for
    /// catalogue games (`game`, `title`, `values`, `preperiod`, `period`, `saltus`,
    /// `proven`, `theorem`, `examined`, `computed`, `to`, `method`, `seconds`).
    #[pyo3(signature = (to, progress = None))]
    fn values<'py>(
        &self,
        py: Python<'py>,
        to: u64,
        progress: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        if to >= MAX_VALUES {
            return Err(TooLarge::new_err(format!(
                "g(0..={to}) is more values than one call returns (fewer than {MAX_VALUES})"
            )));
        }
        check_allocation((u128::from(to) + 1) * 8, &format!("g(0..={to})"))
            .map_err(|error| crate::to_python(error.into()))?;
        let started = Instant::now();
        let theorem = self
            .rule
            .as_ref()
            .and_then(|rule| rule.family()?.periodicity_theorem());
        let values = self.sweep_until_proven(py, to, theorem, progress.as_ref())?;
        let table = (0..=to)
            .map(|heap| values.get(heap))
            .collect::<Option<Vec<u64>>>()
            .ok_or_else(|| TooLarge::new_err(format!("g(0..={to}) could not be computed")))?;
        let answer = PyDict::new(py);
        answer.set_item("game", self.description())?;
        answer.set_item("title", self.title())?;
        answer.set_item("values", table)?;
        answer.set_item("to", to)?;
        answer.set_item("computed", values.computed().len())?;
        answer.set_item("saltus", 0)?;
        answer.set_item("proven", false)?;
        match values.periodicity() {
            Some(found) => {
                answer.set_item("preperiod", found.preperiod)?;
                answer.set_item("period", found.period)?;
                answer.set_item("proven", found.proven)?;
                answer.set_item("examined", found.examined)?;
                answer.set_item("theorem", found.theorem.map(|t| t.name()))?;
                answer.set_item("method", self.method(found.proven))?;
            }
            None => answer.set_item("method", "dense sweep of the tabulated options")?,
        }
        answer.set_item("seconds", started.elapsed().as_secs_f64())?;
        Ok(answer)
    }

    /// The misère quotient of heaps 1..=`heaps`: the JSON of `sprague quotient --format
    /// json`. For a declared octal or hexadecimal code it is computed from the code (whose
    /// options are checked to be the function's on every heap it used) and carries the
    /// periodicity proof; otherwise it is computed from the table, without a proof.
    #[pyo3(signature = (heaps = 1000, max_order = 1024, max_outcomes = None))]
    fn quotient(
        &self,
        py: Python<'_>,
        heaps: u64,
        max_order: usize,
        max_outcomes: Option<usize>,
    ) -> PyResult<String> {
        let options = QuotientOptions {
            heaps,
            max_order,
            max_outcomes: max_outcomes.unwrap_or(QuotientOptions::default().max_outcomes),
        };
        check_quotient_options(options).map_err(quotient_error)?;
        let description = self.description();
        let interrupt = Interrupt::new();
        let mut observe = |_| {
            if interrupt.poll() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let result = match self.rule.as_ref().and_then(Rule::code) {
            Some(code) => {
                let mut quotient =
                    MisereQuotient::take_break(code.clone()).with_limits(quotient_limits(options));
                let computed = py
                    .detach(|| quotient_record(&mut quotient, description, options, &mut observe));
                if let Ok((record, _)) = &computed {
                    // The code stood for the function on every heap the quotient used.
                    self.cover(py, record.heaps_computed, None)?;
                }
                computed
            }
            None => {
                self.cover(py, heaps, None)?;
                let shared = self.table.clone();
                py.detach(|| {
                    let table = shared.0.read().map_err(|_| {
                        QuotientReportError::Usage("the table was poisoned".to_string())
                    })?;
                    let mut quotient =
                        MisereQuotient::new(&*table).with_limits(quotient_limits(options));
                    quotient_record(&mut quotient, description, options, &mut observe)
                })
            }
        };
        match result {
            Ok((record, _)) => crate::strategic::json(&record),
            Err(QuotientReportError::Stopped) => Err(interrupted(interrupt)),
            Err(other) => Err(quotient_error(other)),
        }
    }
}

impl HeapDefinition {
    fn title(&self) -> String {
        match &self.rule {
            Some(rule) => format!(
                "{} (defined in Python, declared {})",
                self.name,
                rule.game.description()
            ),
            None => format!("{} (defined in Python)", self.name),
        }
    }

    fn method(&self, proven: bool) -> String {
        match (&self.rule, proven) {
            (Some(rule), true) => format!(
                "dense sweep of the tabulated options, checked to be those of {}, whose theorem proves the period",
                rule.game.description()
            ),
            _ => "dense sweep of the tabulated options; the period is observed in the values computed, not proven".to_string(),
        }
    }

    fn playable(&self) -> CatalogueGame {
        Box::new(HeapPlayable::new(
            self.description(),
            self.title(),
            self.table.clone(),
        ))
    }

    /// The values to `to`; with a theorem, tabulating and sweeping at doubling limits up to
    /// `max(to, PROOF_HORIZON)` until it proves the period.
    fn sweep_until_proven(
        &self,
        py: Python<'_>,
        to: u64,
        theorem: Option<PeriodicityTheorem>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Values> {
        let last = if theorem.is_some() {
            to.max(PROOF_HORIZON)
        } else {
            to
        };
        let mut limit = if theorem.is_some() {
            last.min(64)
        } else {
            last
        };
        loop {
            self.cover(py, limit, progress)?;
            let values = self.sweep(py, limit, theorem)?;
            let proven = values.periodicity().is_some_and(|found| found.proven);
            if proven || limit >= last {
                return Ok(values);
            }
            limit = limit.saturating_mul(2).min(last);
        }
    }

    /// The sweep of g(0..=limit) on the table, with the GIL released.
    fn sweep(
        &self,
        py: Python<'_>,
        limit: u64,
        theorem: Option<PeriodicityTheorem>,
    ) -> PyResult<Values> {
        let interrupt = Interrupt::new();
        let shared = self.table.clone();
        let result = py.detach(|| {
            let table = shared.0.read().map_err(|_| SweepError::Stopped)?;
            let family = Declared {
                table: &table,
                theorem,
            };
            sweep_observed(&family, limit, 0, &mut |_| {
                if interrupt.poll() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        });
        result.map_err(|error| match error {
            SweepError::Stopped => interrupted(interrupt),
            SweepError::Memory(error) => crate::to_python(error.into()),
        })
    }

    /// Tabulates every heap through `heap`, asking `options` for each one not yet in the
    /// table (and checking it against the declared rule). The answers are gathered in
    /// batches (at most [`BATCH_HEAPS`] heaps or [`BATCH_PARTS`] parts) added to the table
    /// at once.
    fn cover(
        &self,
        py: Python<'_>,
        heap: u64,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let started = Instant::now();
        let mut last_call = Instant::now();
        let mut batch: Vec<HeapOptions> = Vec::new();
        loop {
            let first = self.tabulated();
            if first > heap {
                return Ok(());
            }
            batch.clear();
            let asked = self.ask_batch(py, first, heap, &mut batch, &mut |py, next| {
                if let Some(callback) = progress {
                    if last_call.elapsed() >= PROGRESS_EVERY {
                        last_call = Instant::now();
                        let dict = PyDict::new(py);
                        dict.set_item("computed", next)?;
                        dict.set_item("target", heap + 1)?;
                        dict.set_item("elapsed", started.elapsed().as_secs_f64())?;
                        callback.call1((dict,))?;
                    }
                }
                Ok(())
            });
            // The heaps asked before a failure are kept.
            self.push_batch(py, first, &batch)?;
            asked?;
        }
    }

    /// Asks `options` for heaps `first`, `first + 1`, … up to `last` into `batch`, at most
    /// [`BATCH_HEAPS`] heaps or [`BATCH_PARTS`] parts; `tell` is called before each heap.
    fn ask_batch(
        &self,
        py: Python<'_>,
        first: u64,
        last: u64,
        batch: &mut Vec<HeapOptions>,
        tell: &mut dyn FnMut(Python<'_>, u64) -> PyResult<()>,
    ) -> PyResult<()> {
        let mut parts = 0;
        let mut next = first;
        while next <= last && batch.len() < BATCH_HEAPS && parts < BATCH_PARTS {
            py.check_signals()?;
            tell(py, next)?;
            let options = self.ask(py, next)?;
            if let Some(rule) = &self.rule {
                check_declared(rule, next, &options)?;
            }
            parts += options.parts() + options.len();
            batch.push(options);
            next += 1;
        }
        Ok(())
    }

    /// Adds the options of heaps `first`, `first + 1`, … to the table (those another
    /// thread has not added meanwhile). The lock is taken with the GIL released: a sweep
    /// holding it may be waiting for the GIL to poll for Ctrl-C.
    fn push_batch(&self, py: Python<'_>, first: u64, batch: &[HeapOptions]) -> PyResult<()> {
        let shared = self.table.clone();
        py.detach(|| -> Result<(), TableError> {
            let Ok(mut table) = shared.0.write() else {
                return Ok(());
            };
            for (heap, options) in (first..).zip(batch) {
                if table.heaps() == heap {
                    table.push_options(options)?;
                }
            }
            Ok(())
        })
        .map_err(table_error)
    }

    /// The options of heap `heap` as the function gives them, checked.
    fn ask(&self, py: Python<'_>, heap: u64) -> PyResult<HeapOptions> {
        let answer = self
            .options
            .call1(py, (heap,))
            .map_err(|error| raised(py, heap, error))?;
        let answer = answer.bind(py);
        let items = answer.try_iter().map_err(|_| {
            InvalidInput::new_err(format!(
                "options({heap}) returned {} ({}), not an iterable of options (tuples of heap sizes)",
                short_repr(answer),
                type_name(answer)
            ))
        })?;
        let mut options = HeapOptions::new();
        if let Ok(listed) = answer.len() {
            // A list or tuple says how long it is: room for options of two parts each.
            let listed = listed.min(MAX_OPTIONS_PER_HEAP);
            options.reserve(listed, 2 * listed);
        }
        for item in items {
            let item = item.map_err(|error| raised(py, heap, error))?;
            push_option(py, heap, &item, &mut options)?;
            if options.len() > MAX_OPTIONS_PER_HEAP {
                return Err(TooLarge::new_err(format!(
                    "options({heap}) gave more than {MAX_OPTIONS_PER_HEAP} options, the most one heap may have"
                )));
            }
        }
        Ok(options)
    }
}

/// The rule of `rule=`: a one-heap game of the catalogue.
fn declared_rule(text: &str) -> PyResult<Rule> {
    let game = parse_game(text).map_err(crate::to_python)?;
    if game.heap_family().is_none() {
        return Err(InvalidInput::new_err(format!(
            "rule must be a one-heap game whose options the function's can be checked against \
             (an octal or hexadecimal code such as 0.77, kayles, dawsons-kayles, subtraction:1,3,4, grundy, …); \
             {} is not one",
            game.description()
        )));
    }
    Ok(Rule { game })
}

/// Fails unless `options` (heap `heap`'s, from the function) are the declared rule's.
fn check_declared(rule: &Rule, heap: u64, options: &HeapOptions) -> PyResult<()> {
    let Some(family) = rule.family() else {
        return Ok(());
    };
    let expected: BTreeSet<Vec<u64>> = canonical_options(family, heap).into_iter().collect();
    let given: BTreeSet<Vec<u64>> = options
        .iter()
        .map(|option: &[u64]| {
            let mut parts: Vec<u64> = option.iter().copied().filter(|&p| p > 0).collect();
            parts.sort_unstable();
            parts
        })
        .collect();
    if expected == given {
        return Ok(());
    }
    let show = |option: &Vec<u64>| match option.as_slice() {
        [] => "() (nothing left)".to_string(),
        [one] => format!("({one},)"),
        parts => format!(
            "({})",
            parts
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let difference = match expected.difference(&given).next() {
        Some(missing) => format!("the rule's option {} is missing", show(missing)),
        None => match given.difference(&expected).next() {
            Some(extra) => format!("{} is not an option of the rule", show(extra)),
            None => "they differ".to_string(),
        },
    };
    Err(InvalidInput::new_err(format!(
        "options({heap}) are not those of the declared rule {} at heap {heap}: {difference} \
         (options({heap}) gives {} options, the rule {})",
        rule.game.description(),
        given.len(),
        expected.len()
    )))
}

/// Lists the option `item` of heap `heap` (a heap size or an iterable of heap sizes).
fn push_option(
    py: Python<'_>,
    heap: u64,
    item: &Bound<'_, PyAny>,
    options: &mut HeapOptions,
) -> PyResult<()> {
    if let Ok(tuple) = item.cast::<PyTuple>() {
        for part in tuple.iter() {
            options.push_part(heap_size(heap, item, &part)?);
        }
        options.end_option();
        return Ok(());
    }
    if item.is_instance_of::<PyInt>() {
        options.push_option(&[heap_size(heap, item, item)?]);
        return Ok(());
    }
    let not_an_option = || {
        InvalidInput::new_err(format!(
            "options({heap}) gave {}, which is not an option: give a tuple of heap sizes \
             (e.g. (2, 3), or () when nothing is left) or one heap size",
            short_repr(item)
        ))
    };
    if item.is_instance_of::<PyString>() || item.is_instance_of::<PyFloat>() {
        return Err(not_an_option());
    }
    let parts = item.try_iter().map_err(|_| not_an_option())?;
    for part in parts {
        let part = part.map_err(|error| raised(py, heap, error))?;
        options.push_part(heap_size(heap, item, &part)?);
    }
    options.end_option();
    Ok(())
}

/// One heap size of an option of `heap`: a non-negative integer smaller than `heap`.
fn heap_size(heap: u64, option: &Bound<'_, PyAny>, part: &Bound<'_, PyAny>) -> PyResult<u64> {
    // The common case first: a plain int in range.
    if part.is_exact_instance_of::<PyInt>() {
        if let Ok(size) = part.extract::<u64>() {
            if size < heap {
                return Ok(size);
            }
        }
    }
    let is_integer = part.is_instance_of::<PyInt>() && !part.is_instance_of::<PyBool>();
    let is_index = !is_integer
        && !part.is_instance_of::<PyBool>()
        && !part.is_instance_of::<PyFloat>()
        && part.hasattr("__index__").unwrap_or(false);
    if !(is_integer || is_index) {
        return Err(InvalidInput::new_err(format!(
            "options({heap}) gave the option {}, whose part {} is not a heap size (a non-negative integer)",
            short_repr(option),
            short_repr(part)
        )));
    }
    let size = match part.extract::<u64>() {
        Ok(size) => size,
        Err(_) => {
            let negative = part.lt(0).unwrap_or(false);
            let what = if negative {
                "negative"
            } else {
                "far too large"
            };
            return Err(InvalidInput::new_err(format!(
                "options({heap}) gave the option {}, which leaves a heap of {}: heap sizes are non-negative integers ({what})",
                short_repr(option),
                short_repr(part)
            )));
        }
    };
    if size >= heap {
        return Err(InvalidInput::new_err(format!(
            "options({heap}) gave the option {}, which leaves a heap of {size}; every heap an option \
             leaves must be smaller than {heap} (a move turns a heap into smaller ones)",
            short_repr(option)
        )));
    }
    Ok(size)
}

/// The exception `options` raised while giving heap `heap`'s options: the user's own
/// exception, propagated with its traceback, with a note naming the heap (PEP 678, where the
/// interpreter has `add_note`) — the same rule as `sprague.define`.
fn raised(py: Python<'_>, heap: u64, error: PyErr) -> PyErr {
    if error.is_instance_of::<PyException>(py) {
        let note = format!("raised by options({heap}) while sprague tabulated heap {heap}");
        // Before Python 3.11 there is no add_note; the exception goes on unchanged.
        let _ = error.value(py).call_method1("add_note", (note,));
    }
    error
}

fn table_error(error: TableError) -> PyErr {
    match error {
        TableError::PartTooLarge { .. } => InvalidInput::new_err(error.to_string()),
        TableError::Memory(error) => crate::to_python(error.into()),
        other => TooLarge::new_err(other.to_string()),
    }
}

fn quotient_error(error: QuotientReportError) -> PyErr {
    match error {
        QuotientReportError::Usage(message) => InvalidInput::new_err(message),
        QuotientReportError::Game(error) => crate::to_python(error),
        QuotientReportError::Stopped => {
            pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted")
        }
    }
}

fn poisoned() -> PyErr {
    crate::Error::new_err("the table of options was left unusable by an earlier failure")
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an object".to_string(), |name| name.to_string())
}

/// `repr(value)`, cut to 60 characters.
fn short_repr(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .repr()
        .map_or_else(|_| "an object".to_string(), |repr| repr.to_string());
    if text.chars().count() > 60 {
        let cut: String = text.chars().take(57).collect();
        format!("{cut}...")
    } else {
        text
    }
}
