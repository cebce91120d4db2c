//! Stopping long computations on `KeyboardInterrupt`.
//!
//! A long computation runs with the GIL released (`Python::detach`), so other
//! Python threads go on. Python's signal handlers only run when the
//! interpreter checks for signals, so the computation's progress callback
//! calls [`Interrupt::poll`], which at most every [`POLL`] takes the GIL
//! back for a moment and asks `Python::check_signals`; a pending
//! `KeyboardInterrupt` sets the stop flag the engine watches, and
//! [`Interrupt::into_error`] hands the exception back once the engine has
//! stopped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pyo3::prelude::*;

/// How often a running computation asks Python whether a signal arrived.
pub(crate) const POLL: Duration = Duration::from_millis(100);

/// The stop flag of one computation and the exception that set it.
pub(crate) struct Interrupt {
    stop: AtomicBool,
    error: Mutex<Option<PyErr>>,
    last: Mutex<Instant>,
}

impl Interrupt {
    pub(crate) fn new() -> Self {
        Interrupt {
            stop: AtomicBool::new(false),
            error: Mutex::new(None),
            last: Mutex::new(Instant::now()),
        }
    }

    /// The flag the engine watches.
    pub(crate) fn flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Checks for a pending signal (at most every [`POLL`]); true once the
    /// computation should stop.
    pub(crate) fn poll(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let due = match self.last.lock() {
            Ok(mut last) if last.elapsed() >= POLL => {
                *last = Instant::now();
                true
            }
            _ => false,
        };
        if due {
            if let Err(error) = Python::attach(|py| py.check_signals()) {
                if let Ok(mut slot) = self.error.lock() {
                    *slot = Some(error);
                }
                self.stop.store(true, Ordering::SeqCst);
            }
        }
        self.stop.load(Ordering::Relaxed)
    }

    /// Stops the computation because of `error` (raised by a progress
    /// callback, say); [`Interrupt::into_error`] hands it back.
    pub(crate) fn stop_with(&self, error: PyErr) {
        if let Ok(mut slot) = self.error.lock() {
            slot.get_or_insert(error);
        }
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The exception that stopped the computation, if a signal did.
    pub(crate) fn into_error(self) -> Option<PyErr> {
        self.error.into_inner().ok().flatten()
    }
}

/// The exception of a computation that `interrupt` stopped: the one a
/// signal raised, else a plain `KeyboardInterrupt`.
pub(crate) fn interrupted(interrupt: Interrupt) -> PyErr {
    interrupt
        .into_error()
        .unwrap_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"))
}
