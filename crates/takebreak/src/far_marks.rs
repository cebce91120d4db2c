//! The rare pairs of the *next* batch of heaps, marked by a helper thread
//! while the sweep finishes the current batch (`--threads 2` or more).
//!
//! In the narrow rare/common kernel (`kernel.rs`) a batch of L heaps starting
//! at S has its pairs with the rare positions r ≥ L marked at once, before its
//! first heap: the partners g(S + j − r) are then known. For the batch after,
//! starting at S + L with L′ heaps, the partners of the rare positions
//! r ≥ L + L′ lie below S, so they can be marked while the current batch is
//! being computed: a pipeline of two stages, the helper marking the far pairs
//! (the larger part of the work for Grundy's game) and the sweep doing the
//! near pairs and the scan for rare values heap by heap. The values are the
//! same as with one thread (the marks are the same marks, only made earlier);
//! tested against the single-threaded sweep.
//!
//! **The hand-off** is one slot under a `std` mutex with two condition
//! variables; either side spins for at most [`SPIN_TIME`] (tens of
//! microseconds, about a batch) before blocking, so on a quiet machine neither
//! thread sleeps between batches, and on a busy one a thread without a core
//! is never waited for long. A job the helper has not claimed by the time the
//! sweep needs it is taken back and marked by the sweep (same marks), so the
//! sweep never waits for a thread that was not scheduled; when that happens
//! in more than one batch in eight, the helper is paused for a while
//! ([`Pacing`]): two threads then cost what one does. (The first version
//! polled a channel 65,536 times before blocking: on a busy machine each
//! hand-off spun away the other thread's time slice, and `--threads 2` was
//! 20–85× slower than one thread.)
//!
//! The helper reads the table below S while the sweep appends values at S and
//! beyond. The table is a `Vec` whose capacity is reserved for the whole run
//! before the helper starts, so appending never moves it; the sweep waits for
//! the helper's answer (or for it to finish when dropped) before anything else
//! can change the table. This is the one `unsafe` contract of the module
//! ([`FarMarks::start`]).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::Scope;
use std::time::{Duration, Instant};

use crate::kernel;
use crate::table::Value;

/// Which batch a set of marks is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BatchKey {
    /// The first heap.
    pub start: usize,
    /// The number of heaps.
    pub len: usize,
    /// Marks per heap (256 or 512).
    pub width: usize,
    /// The generation of the rare list (a new mask makes a new list).
    pub generation: u64,
}

/// The values g(0..len) of the sweep's table, as the helper sees them.
#[derive(Debug, Clone, Copy)]
enum Prefix {
    U8(*const u8, usize),
    U16(*const u16, usize),
}

// SAFETY: a `Prefix` is only built by `FarMarks::start`, whose caller promises
// that the values it points to stay in place and unchanged until the job comes
// back; reading them from another thread is then a plain shared read.
unsafe impl Send for Prefix {}

/// One batch's worth of work for the helper, and its result.
#[derive(Debug)]
pub(crate) struct Job {
    /// The batch marked.
    pub key: BatchKey,
    /// Rare positions below this are left to the sweep, heap by heap.
    pub near: usize,
    prefix: Option<Prefix>,
    /// For each split: the top (first heap minus the tokens removed) and the
    /// range of `positions` to pair.
    splits: Vec<(usize, Range<usize>)>,
    positions: Vec<u32>,
    values: Vec<u16>,
    /// `key.len` rows of `key.width` marks.
    pub rows: Vec<u8>,
}

impl Job {
    fn empty() -> Self {
        Self {
            key: BatchKey {
                start: 0,
                len: 0,
                width: 0,
                generation: 0,
            },
            near: 0,
            prefix: None,
            splits: Vec::new(),
            positions: Vec::new(),
            values: Vec::new(),
            rows: Vec::new(),
        }
    }

    /// Adds the pairs of the rare positions `positions` (with their values)
    /// with the heaps top + j of the batch.
    pub fn add_split(&mut self, top: usize, positions: &[u32], values: &[u16]) {
        let from = self.positions.len();
        self.positions.extend_from_slice(positions);
        self.values.extend_from_slice(values);
        self.splits.push((top, from..self.positions.len()));
    }
}

/// The helper thread and the batch it is marking.
#[derive(Debug)]
pub(crate) struct FarMarks {
    handoff: Arc<Handoff>,
    pending: Option<BatchKey>,
    spare: Option<Job>,
    /// Whether the helper pays, judged from the last batches ([`Pacing`]).
    pacing: Pacing,
}

/// The one job between the sweep and the helper: posted by the sweep,
/// claimed and marked by the helper (or taken back by the sweep, which then
/// marks it itself, when the helper has not claimed it by the time the sweep
/// needs it), and handed back done. A mutex and two condition variables (std);
/// the atomics only let either side spin briefly without taking the lock.
#[derive(Debug, Default)]
struct Handoff {
    slot: Mutex<Slot>,
    /// Signalled when a job is posted or the sweep is gone.
    for_helper: Condvar,
    /// Signalled when a job is done.
    for_sweep: Condvar,
    /// A job is posted and not yet claimed.
    posted: AtomicBool,
    /// A job is done and not yet taken.
    finished: AtomicBool,
}

#[derive(Debug, Default)]
struct Slot {
    posted: Option<Job>,
    done: Option<Job>,
    /// The helper is marking a job.
    working: bool,
    /// The sweep is gone: the helper ends.
    closed: bool,
    /// The helper panicked (its job is lost; the scope reports the panic).
    dead: bool,
    helper_waiting: bool,
    sweep_waiting: bool,
}

impl Handoff {
    fn lock(&self) -> MutexGuard<'_, Slot> {
        // A panic while holding the lock leaves plain data: go on with it.
        self.slot.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The helper's loop: claim, mark, hand back; until the sweep is gone.
    fn serve(&self) {
        loop {
            spin_until(|| self.posted.load(Ordering::Acquire));
            let mut slot = self.lock();
            let mut job = loop {
                if let Some(job) = slot.posted.take() {
                    self.posted.store(false, Ordering::Release);
                    slot.working = true;
                    break job;
                }
                if slot.closed {
                    return;
                }
                slot.helper_waiting = true;
                slot = self
                    .for_helper
                    .wait(slot)
                    .unwrap_or_else(PoisonError::into_inner);
                slot.helper_waiting = false;
            };
            drop(slot);
            let alive = Mourner(self);
            mark(&mut job);
            std::mem::forget(alive);
            let mut slot = self.lock();
            slot.done = Some(job);
            slot.working = false;
            self.finished.store(true, Ordering::Release);
            let wake = slot.sweep_waiting;
            drop(slot);
            if wake {
                self.for_sweep.notify_one();
            }
        }
    }

    /// Lets the sweep go on without the helper if `mark` panics.
    fn mourn(&self) {
        let mut slot = self.lock();
        slot.working = false;
        slot.dead = true;
        let wake = slot.sweep_waiting;
        drop(slot);
        if wake {
            self.for_sweep.notify_one();
        }
    }

    fn post(&self, job: Job) {
        let mut slot = self.lock();
        slot.posted = Some(job);
        self.posted.store(true, Ordering::Release);
        let wake = slot.helper_waiting;
        drop(slot);
        if wake {
            self.for_helper.notify_one();
        }
    }

    /// The posted job: back unclaimed (`Err`, for the sweep to mark) or done
    /// by the helper (`Ok`), waiting for it if the helper is at work; `None`
    /// if the helper died with it.
    fn take(&self) -> Option<Result<Job, Job>> {
        let mut slot = self.lock();
        if let Some(job) = slot.posted.take() {
            self.posted.store(false, Ordering::Release);
            return Some(Err(job));
        }
        if slot.working {
            drop(slot);
            spin_until(|| self.finished.load(Ordering::Acquire));
            slot = self.lock();
        }
        loop {
            if let Some(job) = slot.done.take() {
                self.finished.store(false, Ordering::Release);
                return Some(Ok(job));
            }
            if slot.dead {
                return None;
            }
            slot.sweep_waiting = true;
            slot = self
                .for_sweep
                .wait(slot)
                .unwrap_or_else(PoisonError::into_inner);
            slot.sweep_waiting = false;
        }
    }

    /// Ends the helper: no job will come.
    fn close(&self) {
        let mut slot = self.lock();
        slot.closed = true;
        let wake = slot.helper_waiting;
        drop(slot);
        if wake {
            self.for_helper.notify_one();
        }
    }
}

/// Dropped only while the helper unwinds from a panic in `mark`.
struct Mourner<'a>(&'a Handoff);

impl Drop for Mourner<'_> {
    fn drop(&mut self) {
        self.0.mourn();
    }
}

/// Spins while `ready` is false, for at most [`SPIN_TIME`]: the other thread
/// usually answers within microseconds when it has a core of its own, and
/// waking a thread blocked on a condition variable costs more than that. On
/// a busy machine the other thread may have no core: then this gives up soon
/// and blocks, leaving the core to it.
fn spin_until(ready: impl Fn() -> bool) {
    let started = Instant::now();
    loop {
        for _ in 0..SPINS_BETWEEN_CLOCKS {
            if ready() {
                return;
            }
            std::hint::spin_loop();
        }
        if started.elapsed() >= SPIN_TIME {
            return;
        }
    }
}

/// The longest a side spins before blocking: about one batch of Grundy's
/// game near 2²⁰ (64 heaps at ≈ 0.5 µs).
const SPIN_TIME: Duration = Duration::from_micros(40);
/// Polls between two readings of the clock while spinning.
const SPINS_BETWEEN_CLOCKS: usize = 64;

/// Whether the helper pays. A job the sweep has to take back unclaimed means
/// the helper had no core during a whole batch (another process is busy on
/// the machine): then the hand-offs only cost. After [`PACING_WINDOW`]
/// batches with more than [`PACING_MAX_TAKEN_BACK`] taken back, no job is
/// posted for [`PACING_PAUSE`] batches (the sweep marks its batches itself,
/// as with one thread), then the helper is tried again.
#[derive(Debug, Default)]
struct Pacing {
    batches: u32,
    taken_back: u32,
    paused: u32,
    /// Batches marked by the helper and taken back, over the run (for tests).
    helped: u64,
    took_back: u64,
}

/// Batches over which the taken-back jobs are counted.
const PACING_WINDOW: u32 = 64;
/// More taken-back jobs than this in a window pause the helper.
const PACING_MAX_TAKEN_BACK: u32 = 8;
/// Batches without the helper after a bad window.
const PACING_PAUSE: u32 = 2048;

impl Pacing {
    /// Whether to post the next job.
    fn post(&mut self) -> bool {
        if self.paused > 0 {
            self.paused -= 1;
            return false;
        }
        true
    }

    /// Records a posted job's fate.
    fn record(&mut self, taken_back: bool) {
        self.batches += 1;
        if taken_back {
            self.taken_back += 1;
            self.took_back += 1;
        } else {
            self.helped += 1;
        }
        if self.batches == PACING_WINDOW {
            if self.taken_back > PACING_MAX_TAKEN_BACK {
                self.paused = PACING_PAUSE;
            }
            self.batches = 0;
            self.taken_back = 0;
        }
    }
}

impl FarMarks {
    /// Starts the helper thread in `scope`; `None` when the system refuses a thread (a
    /// process or address-space limit): the sweep then runs alone.
    pub fn spawn<'scope>(scope: &'scope Scope<'scope, '_>) -> Option<Self> {
        let handoff = Arc::new(Handoff::default());
        let helper = Arc::clone(&handoff);
        std::thread::Builder::new()
            .spawn_scoped(scope, move || helper.serve())
            .ok()?;
        Some(Self {
            handoff,
            pending: None,
            spare: Some(Job::empty()),
            pacing: Pacing::default(),
        })
    }

    /// A job to fill for the batch `key` (buffers reused), or `None` while one
    /// is pending or while the helper does not pay.
    pub fn job(&mut self, key: BatchKey, near: usize) -> Option<Job> {
        if self.pending.is_some() || !self.pacing.post() {
            return None;
        }
        let mut job = self.spare.take().unwrap_or_else(Job::empty);
        job.key = key;
        job.near = near;
        job.prefix = None;
        job.splits.clear();
        job.positions.clear();
        job.values.clear();
        Some(job)
    }

    /// Sends `job` to the helper, to read g(0..table.len()).
    ///
    /// # Safety
    /// Until [`FarMarks::take`] has returned this job, or `self` is dropped,
    /// the caller must not write to `table`'s elements, nor move or free them
    /// (appending to the `Vec` they belong to within its capacity is fine).
    pub unsafe fn start<T: Value>(&mut self, mut job: Job, table: &[T]) {
        job.prefix = match (T::as_bytes(table), T::as_u16s(table)) {
            (Some(bytes), _) => Some(Prefix::U8(bytes.as_ptr(), bytes.len())),
            (None, Some(words)) => Some(Prefix::U16(words.as_ptr(), words.len())),
            _ => None,
        };
        if job.prefix.is_some() {
            self.pending = Some(job.key);
            self.handoff.post(job);
        } else {
            self.spare = Some(job);
        }
    }

    /// The marks of batch `key`: made by the helper (waiting for it if it is
    /// at work), or here if the helper has not begun them. A job for another
    /// batch is dropped (its buffers kept).
    pub fn take(&mut self, key: BatchKey) -> Option<Job> {
        let pending = self.pending.take()?;
        let (mut job, taken_back) = match self.handoff.take()? {
            Ok(job) => (job, false),
            Err(job) => (job, true),
        };
        self.pacing.record(taken_back);
        if pending != key {
            self.spare = Some(job);
            return None;
        }
        if taken_back {
            mark(&mut job);
        }
        Some(job)
    }

    /// Drops the pending job, if any (waiting for the helper if it is at
    /// work on it): the values it reads are about to change.
    pub fn cancel(&mut self) {
        if self.pending.take().is_some() {
            if let Some(Ok(job) | Err(job)) = self.handoff.take() {
                self.spare = Some(job);
            }
        }
    }

    /// Gives a job's buffers back for the next batch.
    pub fn recycle(&mut self, job: Job) {
        self.spare = Some(job);
    }

    /// (batches marked by the helper, batches taken back and marked by the sweep).
    pub fn shares(&self) -> (u64, u64) {
        (self.pacing.helped, self.pacing.took_back)
    }
}

impl Drop for FarMarks {
    /// Takes back or waits for a pending job, so that the helper no longer
    /// reads the table when the sweep goes on without it, and ends the helper.
    fn drop(&mut self) {
        if self.pending.take().is_some() {
            let _ = self.handoff.take();
        }
        self.handoff.close();
    }
}

/// The helper's work: every pair of the job, marked in its rows.
fn mark(job: &mut Job) {
    let Some(prefix) = job.prefix.take() else {
        return;
    };
    // SAFETY: `FarMarks::start`'s caller keeps these values in place and
    // unchanged until the job is back.
    match prefix {
        Prefix::U8(values, len) => {
            mark_with(job, unsafe { std::slice::from_raw_parts(values, len) })
        }
        Prefix::U16(values, len) => {
            mark_with(job, unsafe { std::slice::from_raw_parts(values, len) })
        }
    }
}

fn mark_with<T: Value>(job: &mut Job, g: &[T]) {
    match job.key.width {
        256 => mark_rows::<T, 256>(job, g),
        512 => mark_rows::<T, 512>(job, g),
        _ => {}
    }
}

fn mark_rows<T: Value, const N: usize>(job: &mut Job, g: &[T]) {
    let len = job.key.len;
    job.rows.clear();
    job.rows.resize(len * N, 0);
    let (rows, _) = job.rows.as_chunks_mut::<N>();
    for (top, range) in &job.splits {
        kernel::rare_pairs_batch::<T, N>(
            rows,
            g,
            *top,
            &job.positions[range.clone()],
            &job.values[range.clone()],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job marking the pairs of heaps 200..264 with rare positions 70..90.
    fn job(g: &[u8]) -> (Job, BatchKey) {
        let key = BatchKey {
            start: 200,
            len: 64,
            width: 256,
            generation: 1,
        };
        let mut job = Job::empty();
        job.key = key;
        job.near = 64;
        let positions: Vec<u32> = (70..90).collect();
        let values: Vec<u16> = positions
            .iter()
            .map(|&r| u16::from(g[r as usize]))
            .collect();
        job.add_split(199, &positions, &values);
        (job, key)
    }

    fn table() -> Vec<u8> {
        (0..200u32).map(|n| (n * 37 % 29) as u8).collect()
    }

    #[test]
    fn a_job_taken_back_gets_the_same_marks_as_the_helpers() {
        let g = table();
        // No helper: the job is taken back unclaimed and marked by the sweep.
        let alone = Arc::new(Handoff::default());
        let mut far = FarMarks {
            handoff: alone,
            pending: None,
            spare: None,
            pacing: Pacing::default(),
        };
        let (posted, key) = job(&g);
        unsafe { far.start(posted, &g) };
        let by_sweep = far.take(key).unwrap().rows;
        assert_eq!(far.shares(), (0, 1));
        // With the helper, waiting for it.
        let by_helper = std::thread::scope(|scope| {
            let mut far = FarMarks::spawn(scope).expect("a helper thread");
            // Let the helper claim it before the sweep comes back.
            let (posted, key) = job(&g);
            unsafe { far.start(posted, &g) };
            while far.handoff.posted.load(Ordering::Acquire) {
                std::thread::yield_now();
            }
            let rows = far.take(key).unwrap().rows;
            assert_eq!(far.shares(), (1, 0));
            rows
        });
        assert_eq!(by_sweep, by_helper);
        assert!(by_sweep.iter().any(|&mark| mark != 0));
    }

    #[test]
    fn a_job_for_another_batch_is_dropped() {
        let g = table();
        std::thread::scope(|scope| {
            let mut far = FarMarks::spawn(scope).expect("a helper thread");
            let (posted, key) = job(&g);
            unsafe { far.start(posted, &g) };
            let other = BatchKey {
                generation: 2,
                ..key
            };
            assert!(far.take(other).is_none());
            // The buffers come back for the next job.
            assert!(far.job(key, 64).is_some());
        });
    }

    #[test]
    fn many_jobs_taken_back_pause_the_helper_then_it_is_tried_again() {
        let mut pacing = Pacing::default();
        for batch in 0..PACING_WINDOW {
            assert!(pacing.post());
            pacing.record(batch % 4 == 0);
        }
        // 16 of 64 taken back: paused.
        for _ in 0..PACING_PAUSE {
            assert!(!pacing.post());
        }
        assert!(pacing.post());
        // A window with few taken back keeps it on.
        for batch in 0..PACING_WINDOW {
            pacing.record(batch == 0);
        }
        assert!(pacing.post());
    }
}
