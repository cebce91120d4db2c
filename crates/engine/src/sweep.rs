//! Dense sweep of a one-heap family: g(0), g(1), …, g(N) in order.
//!
//! Every option of a heap of n tokens is a sum of smaller heaps, so
//! g(n) = mex{ g(a) ⊕ g(b) ⊕ … : n → a + b + … } can be computed from the
//! values already in the table. This is the simple O(N²) sweep for octal-style
//! families (each heap has O(n) options); the research-scale take-and-break
//! engine is separate. Closed forms, where a family has one, replace the mex.
//!
//! Periodicity is checked at doubling checkpoints while sweeping. Once a
//! theorem proves the period ([`crate::periodicity`]), the sweep stops and
//! every further value comes from the period, so `g(10^12)` of Kayles costs a
//! few hundred mex computations.

use sprague_nimber::MexSet;
use std::ops::ControlFlow;

use thiserror::Error;

use crate::heap_family::HeapFamily;
use crate::memory::{check_allocation, MemoryError};
use crate::period_search::PeriodSearch;
use crate::periodicity::{ArithmeticPeriodicity, Periodicity};

/// The sweep could not be done.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SweepError {
    /// The table would not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// The observer of [`sweep_observed`] asked the sweep to stop (Ctrl-C, a deadline).
    #[error("stopped before the end (interrupted)")]
    Stopped,
}

/// Bytes per stored value.
const VALUE_BYTES: u128 = std::mem::size_of::<u64>() as u128;

/// The first checkpoint at which periodicity is tested.
const FIRST_CHECKPOINT: u64 = 64;

/// Values of a one-heap family: a computed prefix and, if found, its period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Values {
    computed: Vec<u64>,
    periodicity: Option<Periodicity>,
    arithmetic: Option<ArithmeticPeriodicity>,
}

impl Values {
    /// Values computed elsewhere (e.g. by the take-and-break engine) with the period found.
    ///
    /// ```
    /// use sprague_engine::{Periodicity, Values};
    /// let period = Periodicity { preperiod: 0, period: 2, proven: true, theorem: None, examined: 4 };
    /// let values = Values::from_parts(vec![0, 1, 0, 1], Some(period));
    /// assert_eq!(values.get(1001), Some(1));
    /// ```
    pub fn from_parts(computed: Vec<u64>, periodicity: Option<Periodicity>) -> Self {
        Self {
            computed,
            periodicity,
            arithmetic: None,
        }
    }

    /// The values computed by the sweep, g(0..len).
    pub fn computed(&self) -> &[u64] {
        &self.computed
    }

    /// The period found, proven or observed.
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.periodicity
    }

    /// The arithmetic period found (g(n + p) = g(n) + s), for families whose
    /// values grow (all-but subtraction games); set by
    /// [`Values::with_arithmetic_periodicity`].
    pub fn arithmetic_periodicity(&self) -> Option<ArithmeticPeriodicity> {
        self.arithmetic
    }

    /// These values with an arithmetic period attached (values past the
    /// table come from it only when it is proven).
    pub fn with_arithmetic_periodicity(mut self, found: Option<ArithmeticPeriodicity>) -> Self {
        self.arithmetic = found;
        self
    }

    /// g(heap): from the table, or from a proven period beyond it.
    ///
    /// ```
    /// use sprague_engine::{sweep, HeapFamily, PeriodicityTheorem};
    /// struct TakeOneOrTwo;
    /// impl HeapFamily for TakeOneOrTwo {
    ///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
    ///         for take in 1..=2.min(heap) { visit(&[heap - take]); }
    ///     }
    ///     fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
    ///         Some(PeriodicityTheorem::SubtractionWindow { window: 2 })
    ///     }
    /// }
    /// let values = sweep(&TakeOneOrTwo, 10, 100).unwrap();
    /// assert_eq!(values.get(1_000_000_000_000), Some(1)); // 10^12 mod 3
    /// ```
    pub fn get(&self, heap: u64) -> Option<u64> {
        if let Ok(index) = usize::try_from(heap) {
            if let Some(&value) = self.computed.get(index) {
                return Some(value);
            }
        }
        match self.periodicity {
            Some(periodicity) if periodicity.proven => {
                let index = usize::try_from(periodicity.representative(heap)).ok()?;
                self.computed.get(index).copied()
            }
            _ => match self.arithmetic {
                Some(found) if found.proven => found.extend(&self.computed, heap),
                _ => None,
            },
        }
    }
}

/// Computes g(0..=to) of `family`, going on to at least `horizon` values while
/// trying to prove a period; stops as soon as one is proven.
///
/// Values up to `to` are then available from [`Values::get`] (from the table or
/// the period); values past the table are available only when the period is proven.
///
/// # Errors
/// [`SweepError::Memory`] when the table would not fit in memory (checked
/// before each allocation).
///
/// ```
/// use sprague_engine::{sweep, HeapFamily};
/// struct Nim;
/// impl HeapFamily for Nim {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for left in 0..heap { visit(&[left]); }
///     }
/// }
/// let values = sweep(&Nim, 20, 0).unwrap();
/// assert_eq!(values.get(17), Some(17));
/// assert_eq!(values.periodicity(), None);
/// ```
pub fn sweep<F: HeapFamily + ?Sized>(
    family: &F,
    to: u64,
    horizon: u64,
) -> Result<Values, SweepError> {
    sweep_observed(family, to, horizon, &mut |_| ControlFlow::Continue(()))
}

/// [`sweep`], telling `observe` how many values are computed as it goes (for progress
/// lines, and to poll a stop flag): after every value whose options were enumerated, and
/// every 4096 values given by a closed form. `observe` returning `Break` stops the sweep.
///
/// # Errors
/// As [`sweep`]; [`SweepError::Stopped`] when `observe` stopped it.
///
/// ```
/// use std::ops::ControlFlow;
/// use sprague_engine::{sweep_observed, HeapFamily, SweepError};
/// struct Nim;
/// impl HeapFamily for Nim {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for left in 0..heap { visit(&[left]); }
///     }
/// }
/// let mut seen = 0;
/// let values = sweep_observed(&Nim, 20, 0, &mut |computed| {
///     seen = computed;
///     ControlFlow::Continue(())
/// });
/// assert_eq!((values.unwrap().get(20), seen), (Some(20), 21));
/// // Stopped at the tenth value (Ctrl-C, say).
/// let stopped = sweep_observed(&Nim, 20, 0, &mut |computed| {
///     if computed < 10 { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
/// });
/// assert_eq!(stopped, Err(SweepError::Stopped));
/// ```
pub fn sweep_observed<F: HeapFamily + ?Sized>(
    family: &F,
    to: u64,
    horizon: u64,
    observe: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Result<Values, SweepError> {
    let theorem = family.periodicity_theorem();
    let last = if theorem.is_some() {
        to.max(horizon)
    } else {
        to
    };
    if theorem.is_none() {
        // No period can end this sweep early: it will need the whole table, so the whole
        // table is checked now rather than after hours of doubling up to the memory limit.
        let what = format!("computing g(0..={last}) ({VALUE_BYTES} bytes per value)");
        check_allocation((u128::from(last) + 1) * VALUE_BYTES, &what)?;
    }
    let mut computed: Vec<u64> = Vec::new();
    let mut seen = MexSet::new();
    let mut checkpoint = FIRST_CHECKPOINT;
    let mut periodicity = None;
    let mut periods = PeriodSearch::new();
    let mut next = 0u64;
    while next <= last {
        let end = checkpoint.min(last);
        reserve(&mut computed, end, last)?;
        for heap in next..=end {
            let value = match family.closed_form(heap) {
                Some(value) => {
                    if heap.is_multiple_of(4096) && observe(heap).is_break() {
                        return Err(SweepError::Stopped);
                    }
                    value
                }
                None => {
                    let value = mex_of_options(family, heap, &computed, &mut seen);
                    if observe(heap + 1).is_break() {
                        return Err(SweepError::Stopped);
                    }
                    value
                }
            };
            computed.push(value);
        }
        next = end + 1;
        if theorem.is_some() || next > last {
            // Nothing can stop this sweep, so neither can the search.
            periodicity = periods
                .check(&computed, theorem, &mut || false)
                .unwrap_or(None);
            if periodicity.is_some_and(|found| found.proven) {
                break;
            }
        }
        checkpoint = checkpoint.saturating_mul(2);
    }
    Ok(Values {
        computed,
        periodicity,
        arithmetic: None,
    })
}

/// About how many options a sweep of g(0..=`last`) visits (a value given by a closed form
/// counts as one), from [`HeapFamily::option_count_bound`], so that a caller can size the
/// work before starting it; `None` when the family does not bound its options. Exact up to
/// 2^16 values; beyond, the sum over 4096 equal blocks of each block's length times the
/// bound at its end (an upper estimate, within a few parts in a thousand, for the bounds
/// that grow with the heap, as every family's do).
///
/// ```
/// use sprague_engine::{sweep_work, HeapFamily};
/// struct Nim;
/// impl HeapFamily for Nim {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for left in 0..heap { visit(&[left]); }
///     }
///     fn option_count_bound(&self, heap: u64) -> Option<u128> { Some(heap.into()) }
/// }
/// // 1 for the heap of 0 (a value costs one step even without options), then n options at n.
/// assert_eq!(sweep_work(&Nim, 100), Some(1 + 100 * 101 / 2));
/// let estimate = sweep_work(&Nim, 1 << 30).unwrap() as f64;
/// assert!((estimate / 2f64.powi(59) - 1.0).abs() < 0.001);
/// ```
pub fn sweep_work<F: HeapFamily + ?Sized>(family: &F, last: u64) -> Option<u128> {
    let cost = |heap: u64| -> Option<u128> {
        match family.closed_form(heap) {
            Some(_) => Some(1),
            None => family.option_count_bound(heap).map(|count| count.max(1)),
        }
    };
    const EXACT: u64 = 1 << 16;
    const BLOCKS: u64 = 4096;
    if last < EXACT {
        return (0..=last).try_fold(0u128, |total, heap| Some(total.saturating_add(cost(heap)?)));
    }
    let count = u128::from(last) + 1;
    let mut total = 0u128;
    let mut start = 0u128;
    for block in 1..=u128::from(BLOCKS) {
        let end = count * block / u128::from(BLOCKS);
        let last_of_block = u64::try_from(end - 1).unwrap_or(last);
        total = total.saturating_add(cost(last_of_block)?.saturating_mul(end - start));
        start = end;
    }
    Some(total)
}

/// Grows the table to hold g(0..=end), after checking memory.
fn reserve(computed: &mut Vec<u64>, end: u64, last: u64) -> Result<(), MemoryError> {
    let needed = (u128::from(end) + 1) * VALUE_BYTES;
    if check_allocation(needed, "").is_err() {
        // Report the whole request, not just this step of it.
        let what = format!("computing g(0..={last}) ({VALUE_BYTES} bytes per value)");
        return check_allocation((u128::from(last) + 1) * VALUE_BYTES, &what);
    }
    let wanted = usize::try_from(end + 1).unwrap_or(usize::MAX);
    computed.reserve(wanted.saturating_sub(computed.len()));
    Ok(())
}

/// mex of the values of the options of `heap`, from the values already computed.
fn mex_of_options<F: HeapFamily + ?Sized>(
    family: &F,
    heap: u64,
    computed: &[u64],
    seen: &mut MexSet,
) -> u64 {
    seen.clear();
    family.for_each_option(heap, &mut |parts| {
        let value = parts
            .iter()
            .map(|&part| computed[part as usize])
            .fold(0, |total, value| total ^ value);
        seen.insert(value);
    });
    seen.mex()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim: g(n) = n by the closed form, no periodicity theorem.
    struct Identity;
    impl HeapFamily for Identity {
        fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
            for smaller in 0..heap {
                visit(&[smaller]);
            }
        }
        fn closed_form(&self, heap: u64) -> Option<u64> {
            Some(heap)
        }
    }

    /// Found by the no-panic property test (`sprague values nim --to 18446744073709551615`):
    /// a sweep no period can end grew its table by doubling up to the memory limit before
    /// refusing; the whole table is checked first.
    #[test]
    fn a_sweep_without_a_theorem_is_sized_before_it_starts() {
        let started = std::time::Instant::now();
        assert!(sweep(&Identity, u64::MAX, 0).is_err());
        assert!(sweep(&Identity, u64::MAX / 16, 0).is_err());
        assert!(started.elapsed().as_secs() < 1);
        assert_eq!(sweep(&Identity, 20, 0).unwrap().get(20), Some(20));
    }
}
