//! The rare pairs and the first scan blocks of the *next* batch of heaps,
//! done by a helper thread while the sweep finishes the current batch
//! (`--threads 2` or more).
//!
//! In the narrow rare/common kernel (`kernel.rs`) a batch of L heaps starting
//! at S has its pairs with the rare positions r ≥ L marked at once, before its
//! first heap: the partners g(S + j − r) are then known. For the batch after,
//! starting at S + L with L′ heaps, the partners of the rare positions
//! r ≥ L + L′ lie below S, so they can be marked while the current batch is
//! being computed: a pipeline of two stages, the helper doing the far pairs
//! and the sweep the near pairs and the scan for rare values heap by heap.
//! The helper treats the far pairs as the single thread does (a third marked,
//! the others tested against each row's candidates,
//! [`crate::sweep::settle_rows`]), and also collects, for every heap of the
//! batch, the values of the first blocks of its scan of common pairs
//! (a, m − a) whose partners are known (a ≥ L + L′: every block but the one
//! of the smallest a), below a fixed bound (`HELPER_BITS_BOUND` in
//! `sweep.rs`); the sweep collects the remaining block, and the whole first
//! blocks itself for a heap whose smallest unseen common value lies above the
//! bound. That second kind of work balances the two threads: marking the far
//! pairs alone left about three quarters of a one-thread run on the sweep,
//! so two threads could not pass about 1.4 times one. The values are the same
//! as with one thread (the same marks and values, only made earlier, and the
//! same scan); tested against the single-threaded sweep.
//!
//! **The hand-off never makes the sweep wait for a helper without a core.**
//! Each job carries an epoch (the sweep's count of jobs posted). The helper
//! claims it, does it in steps of a few microseconds (a chunk of
//! [`POSITIONS_PER_STEP`] rare positions, the candidates, one heap's scan
//! blocks), counting its steps in a shared counter, and puts it back with
//! its epoch. When the sweep needs the batch it takes the job if it is
//! complete; if it is unclaimed it takes it back; if it is claimed, the sweep
//! spins only while the step counter moves, and once it has not moved for
//! [`STALL_TIME`] (the helper lost its core) or after [`MAX_WAIT`], it
//! cancels the job and does the batch itself, exactly as one thread does.
//! The helper sees the cancellation at its next step and drops the job; a
//! result that comes late is recognised by its epoch and only its buffers
//! are kept. The sweep only *tries* the lock (the helper holds it just to
//! move a job in or out), so it does not block even when the helper is
//! descheduled holding it. The idle helper spins for [`SPIN_TIME`], then
//! parks (`std::thread::park`; the sweep unparks it with each job). When the
//! sweep does more than one batch in eight itself, no job is posted for a
//! while ([`Pacing`]): on a busy machine two threads then cost what one
//! does. A batch is handed over only when it has enough far pairs
//! (`MIN_HELPER_POSITIONS` in `sweep.rs`). (The branch before this one
//! waited, condition variable and all, for a job the helper had claimed: on
//! a machine at load 2.3 the helper was descheduled mid-job and two threads
//! were 1.28× *slower* than one. The first version polled a channel 65,536
//! times before blocking, and was 20–85× slower on a busy machine.)
//!
//! The helper reads the table below S while the sweep appends values at S and
//! beyond. The table is a `Vec` whose capacity is reserved for the whole run
//! before the helper starts, so appending never moves it, and values are
//! never rewritten; a cancelled job may still read it for a step, so the
//! table must stay in place until the [`FarMarks`] is dropped, which stops
//! the helper and waits until it no longer reads. This is the one `unsafe`
//! contract of the module ([`FarMarks::start`]).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, TryLockError};
use std::thread::{Scope, Thread};
use std::time::{Duration, Instant};

use crate::kernel;
use crate::sweep::{self, Sampled};
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
    /// With `Some`: the far pairs are those of `sampled`, a part marked and
    /// the others tested against each row's candidates, instead of `splits`.
    settle: Option<Settle>,
    /// The far rare positions split into marked and tested ones (kept from
    /// job to job: the split changes rarely). The sweep takes it with the
    /// rows: a row whose candidates were all given marks its tested pairs
    /// after all, and those must be the ones tested here.
    pub sampled: Sampled,
    /// With `Some(bound)`: the values below `bound` of the first scan blocks
    /// whose first heap is at least `near` are collected per heap.
    collect: Option<u32>,
    /// The tokens removed by each two-heap split of the rule.
    split_tokens: Vec<usize>,
    /// Whether the two heaps of a split must differ.
    unequal: bool,
    /// Whether the processor has AVX2 (for the vector loops).
    avx2: bool,
    /// `key.len` rows of `key.width` marks.
    pub rows: Vec<u8>,
    /// Per row: below which value its first unmarked common value is settled
    /// (`u16::MAX` when every pair was marked).
    pub settled_below: [u16; 64],
    /// Per heap of the batch, the values of its first scan blocks (empty
    /// unless collected).
    pub first_bits: Vec<FirstBits>,
    /// The number of the hand-off (the sweep's count of jobs posted).
    epoch: u64,
    /// The helper did every step (a job given up is dropped).
    complete: bool,
}

/// The far pairs of a full batch split into marked and tested ones
/// ([`crate::sweep::settle_rows`]).
#[derive(Debug, Clone, Copy)]
struct Settle {
    top: usize,
    /// The common values under the batch's mask, as bits.
    common: [u64; 8],
}

/// The values below `bound` (as bits: value v is bit v mod 64 of word
/// v / 64) given by the pairs of a heap's first scan blocks whose first heap
/// is at least the job's `near` (their partners all lie below the batch
/// being computed), and the number of those pairs; `bound` 0 when not
/// collected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct FirstBits {
    pub bits: [u64; 8],
    pub pairs: u64,
    pub bound: u32,
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
            settle: None,
            sampled: Sampled::default(),
            collect: None,
            split_tokens: Vec::new(),
            unequal: false,
            avx2: false,
            rows: Vec::new(),
            settled_below: [u16::MAX; 64],
            first_bits: Vec::new(),
            epoch: 0,
            complete: false,
        }
    }

    /// Pairs the far rare positions `bounds` = [near, testable_end, far_end]
    /// of `rare` (with the generation of the list and the values) with the
    /// heaps top + j of the batch as the sweep's one thread does: a part
    /// marked, the others tested against each row's candidates
    /// ([`crate::sweep::settle_rows`]; `common` the common values as bits).
    pub fn settle(
        &mut self,
        top: usize,
        common: [u64; 8],
        avx2: bool,
        (generation, rare, values): (u64, &[u32], &[u16]),
        bounds: [usize; 3],
    ) {
        self.sampled.split(generation, rare, values, bounds);
        self.settle = Some(Settle { top, common });
        self.avx2 = avx2;
    }

    /// Also collects, for each heap of the batch, the values below `bound` of
    /// its first scan blocks whose partners are known (see [`FirstBits`]);
    /// `splits` are the tokens removed by the rule's two-heap splits.
    pub fn collect_first_bits(&mut self, bound: u32, splits: &[usize], unequal: bool, avx2: bool) {
        self.collect = Some(bound);
        self.split_tokens.clear();
        self.split_tokens.extend_from_slice(splits);
        self.unequal = unequal;
        self.avx2 = avx2;
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

/// The helper thread and the job it is doing.
#[derive(Debug)]
pub(crate) struct FarMarks {
    handoff: Arc<Handoff>,
    /// The helper, to wake it (`unpark`) when a job is posted.
    helper: Thread,
    /// The epoch and batch of the job posted and not yet taken.
    pending: Option<(u64, BatchKey)>,
    /// The epoch of the last job posted (jobs are numbered from 1).
    epoch: u64,
    /// Buffers of jobs come back, for the next jobs.
    spare: Vec<Job>,
    /// Whether the helper pays, judged from the last batches ([`Pacing`]).
    pacing: Pacing,
    /// Time the sweep spent waiting for the helper's jobs, over the run.
    waited: Duration,
}

/// What the sweep and the helper share. The sweep posts a job (tagged with
/// an epoch) in `slot.posted`; the helper claims it, does it step by step
/// (counting the steps in `progress` and giving up at the next step once
/// `cancelled` reaches the job's epoch) and puts it in `slot.done`, setting
/// `finished` to its epoch when it is complete. The sweep never blocks on
/// the lock (it only tries it) and never waits for a helper that makes no
/// progress: a job unclaimed, or claimed but stalled, is cancelled and done
/// by the sweep itself, and the helper's late result is dropped by epoch.
#[derive(Debug, Default)]
struct Handoff {
    slot: Mutex<Slot>,
    /// The epoch of the job posted and not yet claimed (0: none).
    posted: AtomicU64,
    /// The epoch of the last job the helper completed.
    finished: AtomicU64,
    /// Jobs of this epoch and older are abandoned.
    cancelled: AtomicU64,
    /// Steps the helper has done (any job): the sweep's sign that it runs.
    progress: AtomicU64,
    /// The helper is at a job (it reads the table).
    busy: AtomicBool,
    /// The sweep is gone: the helper ends.
    closed: AtomicBool,
    /// The helper panicked: no job is posted any more.
    dead: AtomicBool,
    /// A pause before each job, to test a helper without a core.
    #[cfg(test)]
    delay: Duration,
}

#[derive(Debug, Default)]
struct Slot {
    posted: Option<Job>,
    /// Jobs the helper has finished or abandoned, for the sweep to take.
    done: Vec<Job>,
}

impl Handoff {
    fn lock(&self) -> MutexGuard<'_, Slot> {
        // A panic while holding the lock leaves plain data: go on with it.
        self.slot.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The sweep's access: the lock if it is free (the helper holds it only
    /// to move a job in or out, but may lose its core meanwhile).
    fn try_lock(&self) -> Option<MutexGuard<'_, Slot>> {
        match self.slot.try_lock() {
            Ok(slot) => Some(slot),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// The helper's loop: wait for a job (spinning briefly, then parked),
    /// claim it, do it, hand it back; until the sweep is gone.
    fn serve(&self) {
        let _idle = Idle(self);
        loop {
            spin_until(|| self.posted.load(Ordering::Acquire) != 0 || self.is_closed());
            while self.posted.load(Ordering::Acquire) == 0 && !self.is_closed() {
                std::thread::park();
            }
            if self.is_closed() {
                return;
            }
            // Busy before the last look at `closed` (both sequentially
            // consistent): the sweep's drop, which sets `closed` and then
            // waits while busy, sees one or the other.
            self.busy.store(true, Ordering::SeqCst);
            if self.is_closed() {
                return;
            }
            let claimed = {
                let mut slot = self.lock();
                self.posted.store(0, Ordering::Release);
                slot.posted.take()
            };
            let Some(mut job) = claimed else {
                // Taken back by the sweep first.
                self.busy.store(false, Ordering::SeqCst);
                continue;
            };
            #[cfg(test)]
            std::thread::sleep(self.delay);
            let epoch = job.epoch;
            job.complete = work(&mut job, &mut || {
                self.progress.fetch_add(1, Ordering::Relaxed);
                self.cancelled.load(Ordering::Acquire) < epoch && !self.is_closed()
            });
            let complete = job.complete;
            self.lock().done.push(job);
            if complete {
                self.finished.store(epoch, Ordering::Release);
            }
            self.busy.store(false, Ordering::SeqCst);
        }
    }

    fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }
}

/// Marks the helper idle when it leaves its loop, by a panic too (the
/// sweep's drop waits for an idle helper), and dead if by a panic.
struct Idle<'a>(&'a Handoff);

impl Drop for Idle<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.dead.store(true, Ordering::SeqCst);
        }
        self.0.busy.store(false, Ordering::SeqCst);
    }
}

/// Spins while `ready` is false, for at most [`SPIN_TIME`]: the other thread
/// usually answers within microseconds when it has a core of its own, and
/// waking a parked thread costs more than that. On a busy machine the other
/// thread may have no core: then this gives up soon and parks, leaving the
/// core to it.
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

/// The longest the idle helper spins before parking: about one batch of
/// Grundy's game near 2²⁰ (64 heaps at ≈ 0.5 µs).
const SPIN_TIME: Duration = Duration::from_micros(40);
/// Polls between two readings of the clock while spinning.
const SPINS_BETWEEN_CLOCKS: usize = 64;
/// The sweep waits for a job the helper is doing only while the helper makes
/// progress: a step (a chunk of rare positions, the candidates, one heap's
/// scan blocks) takes a few microseconds, so no step for this long means the
/// helper lost its core, and the sweep does the batch itself.
const STALL_TIME: Duration = Duration::from_micros(25);
/// The longest the sweep waits for a job even while the helper progresses
/// (many batches' worth: the helper's share is too large).
const MAX_WAIT: Duration = Duration::from_micros(400);
/// Rare positions per step of the helper's marking.
const POSITIONS_PER_STEP: usize = 128;

/// Whether the helper pays. A job the sweep has to do itself (unclaimed, or
/// claimed by a helper that stalled) means the helper had no core for a
/// while (another process is busy on the machine): then the hand-offs only
/// cost. As soon as more than [`PACING_MAX_TAKEN_BACK`] of a window of
/// [`PACING_WINDOW`] batches were done by the sweep, no job is posted for
/// [`PACING_PAUSE`] batches (the sweep does its batches itself, as with one
/// thread), then the helper is tried again; each bad window in a row doubles
/// the pause, up to [`PACING_MAX_PAUSE`], and a good window resets it.
#[derive(Debug, Default)]
struct Pacing {
    batches: u32,
    taken_back: u32,
    paused: u32,
    /// The pause after the next bad window (0: the shortest).
    pause: u32,
    /// Batches done by the helper, and batches handed over but done by the
    /// sweep, over the run.
    helped: u64,
    took_back: u64,
}

/// Batches over which the taken-back jobs are counted.
const PACING_WINDOW: u32 = 64;
/// More taken-back jobs than this in a window pause the helper.
const PACING_MAX_TAKEN_BACK: u32 = 8;
/// Batches without the helper after a bad window.
const PACING_PAUSE: u32 = 2048;
/// The longest pause, after bad windows in a row: about a third of a second
/// of Grundy's game near 2²² (a machine that has become quiet gets its
/// helper back that soon).
const PACING_MAX_PAUSE: u32 = 8_192;

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
        if self.taken_back > PACING_MAX_TAKEN_BACK {
            let pause = self.pause.clamp(PACING_PAUSE, PACING_MAX_PAUSE);
            self.paused = pause;
            self.pause = (pause * 2).min(PACING_MAX_PAUSE);
            self.batches = 0;
            self.taken_back = 0;
        } else if self.batches == PACING_WINDOW {
            self.pause = 0;
            self.batches = 0;
            self.taken_back = 0;
        }
    }
}

impl FarMarks {
    /// Starts the helper thread in `scope`; `None` when the system refuses a thread (a
    /// process or address-space limit): the sweep then runs alone.
    pub fn spawn<'scope>(scope: &'scope Scope<'scope, '_>) -> Option<Self> {
        let handoff = Arc::new(Handoff {
            #[cfg(test)]
            delay: tests::HELPER_DELAY.get(),
            ..Handoff::default()
        });
        let helper = Arc::clone(&handoff);
        let thread = std::thread::Builder::new()
            .spawn_scoped(scope, move || helper.serve())
            .ok()?;
        Some(Self {
            handoff,
            helper: thread.thread().clone(),
            pending: None,
            epoch: 0,
            spare: vec![Job::empty()],
            pacing: Pacing::default(),
            waited: Duration::ZERO,
        })
    }

    /// A job to fill for the batch `key` (buffers reused), or `None` while one
    /// is pending or while the helper does not pay.
    pub fn job(&mut self, key: BatchKey, near: usize) -> Option<Job> {
        #[cfg(test)]
        let paced = tests::TAKE_BACK_EVERY.get() == 0;
        #[cfg(not(test))]
        let paced = true;
        if self.pending.is_some()
            || self.handoff.dead.load(Ordering::Acquire)
            || (paced && !self.pacing.post())
        {
            return None;
        }
        let mut job = self.spare.pop().unwrap_or_else(Job::empty);
        job.key = key;
        job.near = near;
        job.prefix = None;
        job.complete = false;
        job.splits.clear();
        job.positions.clear();
        job.values.clear();
        job.settle = None;
        job.collect = None;
        job.settled_below = [u16::MAX; 64];
        job.first_bits.clear();
        Some(job)
    }

    /// Sends `job` to the helper, to read g(0..table.len()).
    ///
    /// # Safety
    /// Until `self` is dropped, the caller must not write to `table`'s
    /// elements, nor move or free them (appending to the `Vec` they belong to
    /// within its capacity is fine): the helper may go on reading them after
    /// the sweep has done the batch itself. Dropping `self` waits until the
    /// helper no longer reads.
    pub unsafe fn start<T: Value>(&mut self, mut job: Job, table: &[T]) {
        job.prefix = match (T::as_bytes(table), T::as_u16s(table)) {
            (Some(bytes), _) => Some(Prefix::U8(bytes.as_ptr(), bytes.len())),
            (None, Some(words)) => Some(Prefix::U16(words.as_ptr(), words.len())),
            _ => None,
        };
        if job.prefix.is_none() {
            self.spare.push(job);
            return;
        }
        let Some(mut slot) = self.handoff.try_lock() else {
            // The helper is moving a job: this batch is done by the sweep.
            self.spare.push(job);
            return;
        };
        self.spare.append(&mut slot.done);
        self.epoch += 1;
        job.epoch = self.epoch;
        self.pending = Some((self.epoch, job.key));
        slot.posted = Some(job);
        self.handoff.posted.store(self.epoch, Ordering::Release);
        drop(slot);
        self.helper.unpark();
    }

    /// The helper's job for batch `key`: `Some` when the helper completed
    /// it, waiting only while the helper makes progress (never for one
    /// without a core); `None` when the sweep is to do the batch itself (the
    /// job was unclaimed, stalled, or for another batch), the helper's job
    /// then cancelled and its result dropped when it comes.
    pub fn take(&mut self, key: BatchKey) -> Option<Job> {
        let (epoch, posted_key) = self.pending.take()?;
        if posted_key != key {
            // A new mask or a batch cut short: the job is of no use.
            self.handoff.cancelled.fetch_max(epoch, Ordering::AcqRel);
            return None;
        }
        #[cfg(test)]
        let forced = tests::TAKE_BACK_EVERY.get();
        #[cfg(not(test))]
        let forced = 0;
        if forced > 0 && epoch % forced == 0 {
            // (Not counted by the pacing, which would pause the helper.)
            self.handoff.cancelled.fetch_max(epoch, Ordering::AcqRel);
            self.pacing.took_back += 1;
            return None;
        }
        let started = Instant::now();
        let job = self.wait_for(epoch, forced > 0);
        self.waited += started.elapsed();
        if job.is_none() {
            // Unclaimed or stalled: the helper drops it at its next step.
            self.handoff.cancelled.fetch_max(epoch, Ordering::AcqRel);
        }
        self.pacing.record(job.is_none());
        job
    }

    /// The job `epoch` once complete, waiting only while the helper makes
    /// progress; `None` if it is unclaimed (then taken back) or stalled.
    /// With `patient` (tests), waits for it however long it takes.
    fn wait_for(&mut self, epoch: u64, patient: bool) -> Option<Job> {
        let started = Instant::now();
        let handoff = Arc::clone(&self.handoff);
        let (mut progress, mut progressed) = (handoff.progress.load(Ordering::Relaxed), started);
        loop {
            if !patient && handoff.posted.load(Ordering::Acquire) == epoch {
                // Not claimed: the helper had no core during a whole batch.
                if let Some(mut slot) = handoff.try_lock() {
                    if let Some(job) = slot.posted.take() {
                        handoff.posted.store(0, Ordering::Release);
                        self.spare.push(job);
                        return None;
                    }
                }
            }
            if handoff.finished.load(Ordering::Acquire) == epoch {
                if let Some(mut slot) = handoff.try_lock() {
                    let at = slot.done.iter().position(|job| job.epoch == epoch);
                    let job = at.map(|at| slot.done.swap_remove(at));
                    self.spare.append(&mut slot.done);
                    if job.is_some() {
                        return job;
                    }
                }
            }
            for _ in 0..SPINS_BETWEEN_CLOCKS {
                std::hint::spin_loop();
            }
            if patient {
                std::thread::yield_now();
                continue;
            }
            let now = Instant::now();
            let seen = handoff.progress.load(Ordering::Relaxed);
            if seen != progress {
                (progress, progressed) = (seen, now);
            } else if now - progressed >= STALL_TIME || now - started >= MAX_WAIT {
                return None;
            }
        }
    }

    /// Gives a job's buffers back for the next batch.
    pub fn recycle(&mut self, job: Job) {
        self.spare.push(job);
    }

    /// (batches done by the helper, batches handed over but done by the
    /// sweep, time the sweep waited for the helper).
    pub fn shares(&self) -> (u64, u64, Duration) {
        (self.pacing.helped, self.pacing.took_back, self.waited)
    }
}

impl Drop for FarMarks {
    /// Ends the helper, and waits until it no longer reads the table (it
    /// stops at its next step).
    fn drop(&mut self) {
        self.handoff.cancelled.store(u64::MAX, Ordering::SeqCst);
        self.handoff.closed.store(true, Ordering::SeqCst);
        self.helper.unpark();
        while self.handoff.busy.load(Ordering::SeqCst) {
            std::thread::yield_now();
        }
    }
}

/// The helper's work: the job's far pairs and first scan blocks, in steps;
/// `step` is called after each and says whether to go on. Whether the job
/// was completed.
fn work(job: &mut Job, step: &mut dyn FnMut() -> bool) -> bool {
    let Some(prefix) = job.prefix.take() else {
        return false;
    };
    // SAFETY: `FarMarks::start`'s caller keeps these values in place and
    // unchanged until the `FarMarks` is dropped, which waits for this.
    match prefix {
        Prefix::U8(values, len) => work_with(
            job,
            unsafe { std::slice::from_raw_parts(values, len) },
            step,
        ),
        Prefix::U16(values, len) => work_with(
            job,
            unsafe { std::slice::from_raw_parts(values, len) },
            step,
        ),
    }
}

fn work_with<T: Value>(job: &mut Job, g: &[T], step: &mut dyn FnMut() -> bool) -> bool {
    let marked = match job.key.width {
        256 => mark_rows::<T, 256, 64>(job, g, step),
        512 => mark_rows::<T, 512, 32>(job, g, step),
        _ => true,
    };
    marked && collect_first_bits(job, g, step)
}

/// The far pairs of the job in its rows of `N` marks (`L` rows in a full
/// batch); whether done (not stopped by `step`).
fn mark_rows<T: Value, const N: usize, const L: usize>(
    job: &mut Job,
    g: &[T],
    step: &mut dyn FnMut() -> bool,
) -> bool {
    let len = job.key.len;
    job.rows.clear();
    job.rows.resize(len * N, 0);
    job.settled_below = [u16::MAX; 64];
    let (rows, _) = job.rows.as_chunks_mut::<N>();
    if let Some(Settle { top, common }) = job.settle {
        let sampled = &job.sampled;
        match <&mut [[u8; N]; L]>::try_from(&mut rows[..]) {
            Ok(full) => {
                let Some(settled) =
                    sweep::settle_rows_in_steps(job.avx2, full, &common, g, top, sampled, step)
                else {
                    return false;
                };
                job.settled_below = settled;
            }
            // Not a full batch (the sweep never asks for it): every pair marked.
            Err(_) => {
                for (positions, values) in sampled.lists() {
                    if !mark_in_steps::<T, N>(rows, g, top, positions, values, step) {
                        return false;
                    }
                }
            }
        }
        return true;
    }
    for (top, range) in &job.splits {
        let (positions, values) = (&job.positions[range.clone()], &job.values[range.clone()]);
        if !mark_in_steps::<T, N>(rows, g, *top, positions, values, step) {
            return false;
        }
    }
    true
}

/// [`kernel::rare_pairs_batch`] by [`POSITIONS_PER_STEP`] positions at a
/// time; whether done.
pub(crate) fn mark_in_steps<T: Value, const N: usize>(
    rows: &mut [[u8; N]],
    g: &[T],
    top: usize,
    positions: &[u32],
    values: &[u16],
    step: &mut dyn FnMut() -> bool,
) -> bool {
    for (positions, values) in positions
        .chunks(POSITIONS_PER_STEP)
        .zip(values.chunks(POSITIONS_PER_STEP))
    {
        kernel::rare_pairs_batch::<T, N>(rows, g, top, positions, values);
        if !step() {
            return false;
        }
    }
    true
}

/// The job's [`FirstBits`] per heap, when asked for; whether done.
fn collect_first_bits<T: Value>(job: &mut Job, g: &[T], step: &mut dyn FnMut() -> bool) -> bool {
    job.first_bits.clear();
    let Some(bound) = job.collect else {
        return true;
    };
    let from = job.near;
    for n in job.key.start..job.key.start + job.key.len {
        // The blocks collected pair a ≥ near with m − a ≤ n − near, known
        // when n < g.len() + near (the batch is at most `near` heaps past
        // the table: true by construction) and a ≤ n / 2 below g.len().
        let known = n < g.len() + from && n / 2 < g.len();
        job.first_bits.push(if known {
            let (pairs, bits) = sweep::first_blocks_bits(
                job.avx2,
                g,
                &job.split_tokens,
                job.unequal,
                n,
                bound,
                |block| sweep::block_first(block) >= from,
            );
            FirstBits { bits, pairs, bound }
        } else {
            FirstBits::default()
        });
        if !step() {
            return false;
        }
    }
    true
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// A pause the next helper spawned from this thread makes before
        /// each job (a helper without a core, for tests).
        pub(crate) static HELPER_DELAY: Cell<Duration> = const { Cell::new(Duration::ZERO) };
        /// With k > 0, the sweep on this thread does every k-th job itself
        /// as if the helper had stalled, waits for the others however long
        /// they take, and posts every job (to test batches of both kinds in
        /// turn, whatever the load).
        pub(crate) static TAKE_BACK_EVERY: Cell<u64> = const { Cell::new(0) };
    }

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

    /// The job's marks made on this thread.
    fn marks_here(g: &[u8]) -> Vec<u8> {
        let (mut job, _) = job(g);
        job.prefix = Some(Prefix::U8(g.as_ptr(), g.len()));
        assert!(work(&mut job, &mut || true));
        job.rows
    }

    /// Waits (in a test) until the helper has completed the job posted last.
    fn wait_until_finished(far: &FarMarks) {
        while far.handoff.finished.load(Ordering::Acquire) != far.epoch {
            std::thread::yield_now();
        }
    }

    #[test]
    fn the_helpers_marks_are_the_marks_made_here() {
        let g = table();
        let here = marks_here(&g);
        assert!(here.iter().any(|&mark| mark != 0));
        let by_helper = std::thread::scope(|scope| {
            let mut far = FarMarks::spawn(scope).expect("a helper thread");
            let (posted, key) = job(&g);
            unsafe { far.start(posted, &g) };
            wait_until_finished(&far);
            let rows = far.take(key).expect("a completed job").rows;
            let (helped, taken_back, _) = far.shares();
            assert_eq!((helped, taken_back), (1, 0));
            rows
        });
        assert_eq!(here, by_helper);
    }

    #[test]
    fn a_job_nobody_claims_is_taken_back() {
        let g = table();
        // A hand-off without a helper thread: the job stays unclaimed.
        let mut far = FarMarks {
            handoff: Arc::new(Handoff::default()),
            helper: std::thread::current(),
            pending: None,
            epoch: 0,
            spare: Vec::new(),
            pacing: Pacing::default(),
            waited: Duration::ZERO,
        };
        let (posted, key) = job(&g);
        unsafe { far.start(posted, &g) };
        assert!(far.take(key).is_none());
        let (helped, taken_back, _) = far.shares();
        assert_eq!((helped, taken_back), (0, 1));
        // Its buffers are reused.
        assert_eq!(far.spare.len(), 1);
    }

    #[test]
    fn a_claimed_job_whose_helper_stalls_is_not_waited_for() {
        let g = table();
        HELPER_DELAY.set(Duration::from_millis(300));
        std::thread::scope(|scope| {
            let mut far = FarMarks::spawn(scope).expect("a helper thread");
            HELPER_DELAY.set(Duration::ZERO);
            let (posted, key) = job(&g);
            unsafe { far.start(posted, &g) };
            // Claimed, then the helper sleeps before its first step.
            while far.handoff.posted.load(Ordering::Acquire) != 0 {
                std::thread::yield_now();
            }
            let asked = Instant::now();
            assert!(far.take(key).is_none(), "the sweep does the batch itself");
            assert!(
                asked.elapsed() < Duration::from_millis(150),
                "{:?}",
                asked.elapsed()
            );
            let (helped, taken_back, waited) = far.shares();
            assert_eq!((helped, taken_back), (0, 1));
            assert!(waited < Duration::from_millis(150));
            // The next job (new epoch) is done by the helper once it wakes;
            // the abandoned one is dropped, not taken for it.
            let (posted, key) = job(&g);
            let mut posted = posted;
            posted.key.start += 64;
            let key = BatchKey {
                start: key.start + 64,
                ..key
            };
            unsafe { far.start(posted, &g) };
            wait_until_finished(&far);
            let done = far.take(key).expect("the second job");
            assert_eq!(done.key, key);
            assert_eq!(far.shares().0, 1);
        });
    }

    #[test]
    fn the_first_blocks_split_between_helper_and_sweep_give_every_value() {
        // Pseudo-random values; the helper sees the table up to the current
        // batch (64 heaps before the job's), as in the sweep: reading beyond
        // it would panic.
        let g: Vec<u8> = (0..100_000u32)
            .map(|n| (n.wrapping_mul(2_654_435_761) >> 24) as u8)
            .collect();
        let avx2 = sweep::has_avx2();
        let start = 90_000;
        let mut job = Job::empty();
        job.key = BatchKey {
            start,
            len: 64,
            width: 256,
            generation: 1,
        };
        job.near = 128;
        job.collect_first_bits(160, &[0], true, avx2);
        assert!(collect_first_bits(&mut job, &g[..start - 64], &mut || true));
        assert_eq!(job.first_bits.len(), 64);
        for (n, first) in (start..).zip(&job.first_bits) {
            let all = sweep::first_blocks_bits(avx2, &g, &[0], true, n, 160, |_| true);
            let own = sweep::first_blocks_bits(avx2, &g, &[0], true, n, 160, |block| {
                sweep::block_first(block) < 128
            });
            assert_eq!(first.bound, 160);
            assert!(first.pairs > 0 && own.0 > 0, "heap {n}: both have blocks");
            assert_eq!(first.pairs + own.0, all.0, "heap {n}");
            let union: Vec<u64> = first.bits.iter().zip(own.1).map(|(a, b)| a | b).collect();
            assert_eq!(union, all.1, "heap {n}");
            // Below the bound only, and something found.
            assert!(all.1[3..].iter().all(|&word| word == 0));
            assert_eq!(all.1[2] >> 32, 0);
            assert!(all.1[0] != 0);
        }
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
        // One job in four taken back: the ninth (batch 32) pauses the helper.
        for batch in 0..=32 {
            assert!(pacing.post());
            pacing.record(batch % 4 == 0);
        }
        for _ in 0..PACING_PAUSE {
            assert!(!pacing.post());
        }
        assert!(pacing.post());
        // A second bad window in a row: twice the pause.
        for _ in 0..=PACING_MAX_TAKEN_BACK {
            pacing.record(true);
        }
        for _ in 0..2 * PACING_PAUSE {
            assert!(!pacing.post());
        }
        assert!(pacing.post());
        // A good window resets the pause; the helper stays on meanwhile.
        for batch in 0..PACING_WINDOW {
            pacing.record(batch == 0);
            assert!(pacing.post());
        }
        for _ in 0..=PACING_MAX_TAKEN_BACK {
            pacing.record(true);
        }
        for _ in 0..PACING_PAUSE {
            assert!(!pacing.post());
        }
        assert!(pacing.post());
        // Never longer than the longest pause.
        for _ in 0..8 {
            for _ in 0..=PACING_MAX_TAKEN_BACK {
                pacing.record(true);
            }
            assert!(pacing.paused <= PACING_MAX_PAUSE);
            pacing.paused = 0;
        }
        assert_eq!(pacing.pause, PACING_MAX_PAUSE);
    }
}
