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
//! The helper reads the table below S while the sweep appends values at S and
//! beyond. The table is a `Vec` whose capacity is reserved for the whole run
//! before the helper starts, so appending never moves it; the sweep waits for
//! the helper's answer (or for it to finish when dropped) before anything else
//! can change the table. This is the one `unsafe` contract of the module
//! ([`FarMarks::start`]).

use std::ops::Range;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::thread::Scope;

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
    jobs: Option<Sender<Job>>,
    done: Receiver<Job>,
    pending: Option<BatchKey>,
    spare: Option<Job>,
}

impl FarMarks {
    /// Starts the helper thread in `scope`.
    pub fn spawn<'scope>(scope: &'scope Scope<'scope, '_>) -> Self {
        let (jobs, inbox) = channel::<Job>();
        let (outbox, done) = channel::<Job>();
        scope.spawn(move || {
            while let Some(mut job) = receive(&inbox) {
                mark(&mut job);
                if outbox.send(job).is_err() {
                    break;
                }
            }
        });
        Self {
            jobs: Some(jobs),
            done,
            pending: None,
            spare: Some(Job::empty()),
        }
    }

    /// A job to fill for the batch `key` (buffers reused), or `None` while one
    /// is pending.
    pub fn job(&mut self, key: BatchKey, near: usize) -> Option<Job> {
        if self.pending.is_some() {
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
        let key = job.key;
        match &self.jobs {
            Some(jobs) if job.prefix.is_some() && jobs.send(job).is_ok() => {
                self.pending = Some(key)
            }
            _ => {}
        }
    }

    /// The marks of batch `key`, if the helper made them: waits for the
    /// pending job; a job for another batch is dropped (its buffers kept).
    pub fn take(&mut self, key: BatchKey) -> Option<Job> {
        self.pending.take()?;
        let job = receive(&self.done)?;
        if job.key == key {
            Some(job)
        } else {
            self.spare = Some(job);
            None
        }
    }

    /// Gives a job's buffers back for the next batch.
    pub fn recycle(&mut self, job: Job) {
        self.spare = Some(job);
    }
}

impl Drop for FarMarks {
    /// Closes the channel and waits for a pending job, so that the helper no
    /// longer reads the table when the sweep goes on without it.
    fn drop(&mut self) {
        self.jobs = None;
        if self.pending.take().is_some() {
            let _ = self.done.recv();
        }
    }
}

/// The next message: a short spin first (the other side usually answers
/// within microseconds, and waking a parked thread costs more than that),
/// then a blocking wait. `None` once the other side is gone.
fn receive<M>(channel: &Receiver<M>) -> Option<M> {
    for _ in 0..SPINS {
        match channel.try_recv() {
            Ok(message) => return Some(message),
            Err(TryRecvError::Empty) => std::hint::spin_loop(),
            Err(TryRecvError::Disconnected) => return None,
        }
    }
    channel.recv().ok()
}

/// Polls of a channel before blocking on it.
const SPINS: usize = 1 << 16;

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
