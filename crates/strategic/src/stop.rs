//! Stopping a long solver from outside: a check the exhaustive methods ask
//! every so often, so that Ctrl-C on the command line, `KeyboardInterrupt` in
//! Python or a web request's time budget ends them within moments.
//!
//! A [`StopCheck`] wraps any `Fn() -> bool` (an atomic flag set by a signal
//! handler, a deadline, Python's signal check); the solvers (vertex
//! enumeration, support enumeration, the n-player search, Lemke–Howson from
//! every label) take it in their options, ask it through a `Poll` every
//! [`POLL_EVERY`] steps of their main loops, and answer
//! [`StrategicError::Interrupted`](crate::StrategicError::Interrupted) once it
//! says stop. The default check never stops.
//!
//! Solvers whose public functions take no options (the exact simplex method
//! behind [`crate::linear_program`], zero-sum games, mixed dominance, the
//! sequence-form Lemke path) ask the *thread's* check instead: a face wraps
//! the call in [`with_thread_stop`], the pivoting loops ask it at every
//! pivot and end early, and the face, seeing
//! [`thread_stopped`], discards what they answered ([`crate::zero_sum`] and
//! the sequence-form Lemke path answer `Interrupted` themselves).

use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

/// A stop check that can live in the thread's slot.
pub type SharedCheck = Arc<dyn Fn() -> bool + Send + Sync>;

thread_local! {
    static THREAD_CHECK: RefCell<Option<SharedCheck>> = const { RefCell::new(None) };
}

/// Runs `f` with `check` as this thread's stop check (the previous one is
/// restored afterwards, even if `f` panics).
///
/// ```
/// use std::sync::Arc;
/// use sprague_strategic::stop::{thread_stopped, with_thread_stop};
/// assert!(!thread_stopped());
/// assert!(with_thread_stop(Arc::new(|| true), thread_stopped));
/// assert!(!thread_stopped());
/// ```
pub fn with_thread_stop<R>(check: SharedCheck, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<SharedCheck>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            THREAD_CHECK.with(|slot| *slot.borrow_mut() = previous);
        }
    }
    let previous = THREAD_CHECK.with(|slot| slot.borrow_mut().replace(check));
    let _restore = Restore(previous);
    f()
}

/// Whether this thread's stop check (see [`with_thread_stop`]) says stop;
/// false when there is none. Pivoting loops ask it at every pivot: an exact
/// pivot updates a whole tableau of integers, so the question's cost (a
/// thread-local read and the check) is invisible, and slow big-integer
/// pivots still stop within moments.
pub fn thread_stopped() -> bool {
    let check = THREAD_CHECK.with(|slot| slot.borrow().clone());
    check.is_some_and(|check| check())
}

/// How many steps (bases popped, support pairs tried, …) a solver takes
/// between two questions: a step is a pivot or a small linear system, so the
/// check is asked thousands of times a second while its cost stays
/// invisible.
pub const POLL_EVERY: u32 = 64;

/// A question a solver asks every so often: stop now?
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use sprague_strategic::stop::StopCheck;
///
/// let flag = AtomicBool::new(false);
/// let check = || flag.load(Ordering::Relaxed);
/// let stop = StopCheck::new(&check);
/// assert!(!stop.stopped());
/// flag.store(true, Ordering::Relaxed);
/// assert!(stop.stopped());
/// assert!(!StopCheck::never().stopped());
/// ```
#[derive(Clone, Copy)]
pub struct StopCheck<'a>(&'a (dyn Fn() -> bool + Sync));

fn never() -> bool {
    false
}

impl<'a> StopCheck<'a> {
    /// A check that asks `check`.
    pub fn new(check: &'a (dyn Fn() -> bool + Sync)) -> Self {
        StopCheck(check)
    }

    /// The check that never stops.
    pub fn never() -> StopCheck<'static> {
        StopCheck(&never)
    }

    /// Whether to stop now.
    pub fn stopped(&self) -> bool {
        (self.0)()
    }

    /// A counter over this check for one loop.
    pub(crate) fn poll(self) -> Poll<'a> {
        Poll {
            check: self,
            steps: 0,
        }
    }
}

impl Default for StopCheck<'_> {
    fn default() -> Self {
        StopCheck::never()
    }
}

impl fmt::Debug for StopCheck<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StopCheck")
    }
}

/// A loop's counter: asks its check every [`POLL_EVERY`] steps.
pub(crate) struct Poll<'a> {
    check: StopCheck<'a>,
    steps: u32,
}

impl Poll<'_> {
    /// One more step; true when the check, asked now, says stop.
    pub(crate) fn step(&mut self) -> bool {
        self.steps = self.steps.wrapping_add(1);
        self.steps.is_multiple_of(POLL_EVERY) && self.check.stopped()
    }

    /// One more step, as a `Result` for `?`.
    pub(crate) fn step_or_stop(&mut self) -> Result<(), crate::StrategicError> {
        if self.step() {
            Err(crate::StrategicError::Interrupted)
        } else {
            Ok(())
        }
    }
}
