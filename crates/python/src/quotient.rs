//! The face of `sprague quotient`: the misère quotient, genus symbols and the
//! misère column of a survey, as the JSON of `--format json`, built by the same
//! `sprague_games::quotient_report` functions the command line calls.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use pyo3::prelude::*;
use sprague_games::quotient_report::{self, QuotientOptions, QuotientReportError};

use crate::strategic::json;
use crate::InvalidInput;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(misere_quotient, module)?)?;
    module.add_function(wrap_pyfunction!(misere_genus, module)?)?;
    module.add_function(wrap_pyfunction!(misere_survey, module)?)?;
    Ok(())
}

fn to_python(error: QuotientReportError) -> PyErr {
    match error {
        QuotientReportError::Usage(message) => InvalidInput::new_err(message),
        QuotientReportError::Game(e) => crate::to_python(e),
        QuotientReportError::Stopped => {
            pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted")
        }
    }
}

/// `sprague quotient GAME --heaps N`: the record; a step that fails leaves the
/// heaps before it in the record, with `stopped` saying why (the command line
/// prints that record, then the error).
#[pyfunction]
#[pyo3(signature = (game, heaps = 1000, max_order = 1024, max_outcomes = None))]
fn misere_quotient(
    py: Python<'_>,
    game: &str,
    heaps: u64,
    max_order: usize,
    max_outcomes: Option<usize>,
) -> PyResult<String> {
    let options = QuotientOptions {
        heaps,
        max_order,
        max_outcomes: max_outcomes.unwrap_or(QuotientOptions::default().max_outcomes),
    };
    let (record, _) = py
        .detach(|| quotient_report::quotient(game, options))
        .map_err(to_python)?;
    json(&record)
}

/// `sprague quotient GAME --genus N`: the genus symbols of heaps 1..=N (bounded
/// by the library's limit of positions).
#[pyfunction]
fn misere_genus(py: Python<'_>, game: &str, to: u64) -> PyResult<String> {
    let stop = Arc::new(AtomicBool::new(false));
    let record = py
        .detach(|| quotient_report::genus(game, to, stop))
        .map_err(to_python)?;
    json(&record)
}

/// `sprague quotient PATTERN --survey --heaps N`: one row per octal code.
#[pyfunction]
#[pyo3(signature = (pattern, heaps = 1000, max_order = 1024))]
fn misere_survey(py: Python<'_>, pattern: &str, heaps: u64, max_order: usize) -> PyResult<String> {
    let rows = py
        .detach(|| quotient_report::survey(pattern, heaps, max_order))
        .map_err(to_python)?;
    json(&rows)
}
