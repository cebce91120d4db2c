//! The confirming thread of `--threads 2`: the narrow rare/common sweep
//! *proposes* each value and goes on, a second thread confirms the proposals,
//! and a proposal found wrong rolls the sweep back (value speculation).
//!
//! For a heap n the narrow kernel (`kernel.rs`, `Engine::sparse_value_narrow`)
//! finds every common option value through the pairs with a rare position,
//! which gives c, the smallest common value that is no option. Then g(n) = c
//! unless a rare value below c is the option of no pair of two common heaps;
//! the scan of common pairs that settles this (`kernel::common_values_below`,
//! `kernel::scan_needed`) is about 45 % of a one-thread run of Grundy's game,
//! and it almost always confirms c: a heap with g(n) ≠ c is a new rare
//! position, and Grundy's game has none after heap 82,860 up to 2²⁴ at least.
//! So, once the last rare position lies well behind, the sweep writes g(n) = c
//! at once and goes on to n + 1, handing the proposal (n, c and the rare values
//! still unseen below c) to this module; the confirming thread runs the scans
//! of the proposals in order, reading only g(0..n). The sweep collects the
//! answers as they come; an answer g(n) ≠ c makes it discard every value
//! from n on, write the true g(n) and compute again from n + 1. The values
//! are those of one thread (tested against it, also with rollbacks forced).
//! This is value prediction (M. H. Lipasti & J. P. Shen, "Exceeding the
//! dataflow limit via value prediction", MICRO-29, 1996) at the level of a
//! whole heap, with a prediction that is right for all but finitely many
//! heaps in the games it serves.
//!
//! **The sweep never waits for the confirming thread**, which may have no core
//! on a busy machine: proposals go into a ring of [`CAPACITY`] slots, and when
//! the ring is full the sweep confirms the heap itself (no proposal). Where it
//! needs every value confirmed (a new rare value, a mask choice, a period
//! check, a wider table, the end of the run) it confirms the outstanding
//! proposals itself, newest first, while the other thread goes on from the
//! oldest, and uses whichever answer is there first (both are the same). Only
//! a rollback waits, for the confirming thread to leave the table before it
//! is rewritten: a rare event (Grundy's game to 2²⁴: one, when an early gap of
//! 2¹⁴ heaps between two rare positions made the sweep propose too soon; the
//! wait before proposing then doubles).
//!
//! The confirming thread idles by spinning for [`SPIN_TIME`], then parks until
//! the sweep posts a proposal and finds it asleep. When either thread lacks a
//! core of its own for a while (another process runs on the other one: the
//! confirming thread answers few proposals, or the sweep's CPU clock falls
//! behind the wall clock), the sweep stops proposing for a while
//! ([`PACING_WINDOW`]) and runs as one thread does, so that two threads never
//! cost much more than one.
//!
//! The one `unsafe` contract: the confirming thread reads the sweep's table
//! g(0..n) for a proposal of heap n through a pointer to a `Vec` whose
//! capacity is reserved for the whole run; the sweep appends at n and beyond,
//! rewrites values only after [`Confirmations::discard`] (which waits until
//! the confirming thread reads nothing), and ends the thread (the scope joins
//! it) before the table can move.

use std::collections::VecDeque;
use std::sync::atomic::{fence, AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::{Scope, Thread};
use std::time::{Duration, Instant};

use crossbeam_utils::CachePadded;

use crate::table::Value;

/// A proposed value of heap n and what confirming it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Proposal {
    /// c: the smallest common value that is not an option of a pair with a
    /// rare position (nor of a move leaving fewer than two heaps).
    pub common: u32,
    /// The rare values below c not yet seen among the options, as bits
    /// (value v is bit v mod 64 of word v / 64): g(n) = c if the common pairs
    /// give every one of them, otherwise the smallest they do not give.
    pub unseen_rare: [u64; 8],
}

/// A proposal whose confirmation disagreed: g(heap) is `value`, not the
/// proposed common value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mismatch {
    pub heap: usize,
    pub value: u32,
}

/// Proposals the ring holds. 1,024 proposals of Grundy's game near 2²² are
/// about 0.3 ms of the confirming thread's work: enough to ride out a short
/// stall of either thread, little to redo at the points where every proposal
/// must be confirmed (about 65 of them in a run to 2²²).
pub(crate) const CAPACITY: usize = 1024;

/// Proposals posted together: the sweep publishes the ring's end, looks for
/// answers and retires proposals once per this many, so that the lines both
/// threads touch change hands once per group, not once per heap (`offer`
/// alone took 16 % of the sweep's time when it published every proposal).
const GROUP: u64 = 16;

/// How long the idle confirming thread spins before it parks.
pub(crate) const SPIN_TIME: Duration = Duration::from_micros(50);

/// Polls between two readings of the clock while spinning.
const SPINS_BETWEEN_CLOCKS: usize = 64;

/// Offers per window of the pacing (about 0.7 ms of the sweep's time near
/// 2²²). The sweep stops proposing for a pause after a window in which either
/// thread lacked a core (a busy machine: the scheduler hands out slices of
/// milliseconds): the confirming thread answered fewer than one in eight of
/// the offers, or the sweep's own thread ran less than three quarters of the
/// window's wall-clock time (measured by its CPU clock). On a quiet machine
/// neither happens: the thread answers about as many as were offered, and
/// the sweep runs all the time. Then two threads cost about what one does:
/// three runnable threads on two cores would slow the sweep itself.
const PACING_WINDOW: u64 = 2048;
/// The first pause, in heaps; each bad window doubles it, up to
/// [`PACING_PAUSE_MAX`]; [`PACING_GOOD_WINDOWS`] good windows in a row reset it.
const PACING_PAUSE: u64 = 1 << 15;
const PACING_PAUSE_MAX: u64 = 1 << 20;
const PACING_GOOD_WINDOWS: u32 = 32;
/// Windows shorter than this say nothing about the sweep's share of a core.
const PACING_MIN_WALL: Duration = Duration::from_micros(500);

/// The longest the parked thread sleeps before it looks again (a lost wake-up
/// costs no more than this).
const PARK_TIME: Duration = Duration::from_millis(2);

/// One slot of the ring. Written by the sweep only once the proposal it held
/// before is retired; the confirming thread copies it and then checks that it
/// was not retired meanwhile (a sequence lock on `Shared::retired`), so a
/// torn copy is never used. Atomics throughout, so that such a read is no
/// data race. One cache line a slot: the heap and c in one word, the unseen
/// rare values below [`SLOT_VALUES`] in seven (a proposal with c above that
/// is confirmed by the sweep itself).
#[derive(Debug, Default)]
#[repr(align(64))]
struct Slot {
    /// heap << 16 | c.
    head: AtomicU64,
    unseen_rare: [AtomicU64; SLOT_WORDS],
}

/// Words of unseen rare values a slot holds.
const SLOT_WORDS: usize = 7;

/// Proposals with c up to this fit a slot (their unseen rare values lie below c).
pub(crate) const SLOT_VALUES: u32 = 64 * SLOT_WORDS as u32;

/// The confirming thread takes a proposal only once this many after it are
/// posted: it then reads no line of the table the sweep is still writing
/// (its scans read the 64 values below the heap, and a value is a byte or two).
const LAG: u64 = 128;

/// The state both threads see, in three groups of cache lines: the ring, what
/// the sweep writes and what the confirming thread writes.
#[derive(Debug)]
struct Shared {
    slots: Box<[Slot]>,
    /// Per slot: the confirmed value of proposal s as `tag(s, value)`; another
    /// tag (or 0) means no answer yet.
    answers: Box<[AtomicU64]>,
    sweep: CachePadded<FromSweep>,
    confirmer: CachePadded<FromConfirmer>,
}

/// Written by the sweep.
#[derive(Debug, Default)]
struct FromSweep {
    /// Proposals 0..published are in their slots.
    published: AtomicU64,
    /// Proposals below this need no answer any more (collected or discarded).
    retired: AtomicU64,
    /// Set before the sweep rewrites the table.
    pause: AtomicBool,
    /// No proposal will come: the thread ends.
    closed: AtomicBool,
}

/// Written by the confirming thread.
#[derive(Debug, Default)]
struct FromConfirmer {
    /// Whether the thread may be reading the table or a slot.
    active: AtomicBool,
    /// Whether the thread is (about to be) parked.
    sleeping: AtomicBool,
    /// Proposals it answered, and the pairs it scanned (brought up to date
    /// whenever it idles).
    answered: AtomicU64,
    scanned_pairs: AtomicU64,
}

/// The answer word of proposal `sequence`: the sequence number above the
/// value (values here are below 2¹⁶, sequence numbers below 2⁴⁸).
fn tag(sequence: u64, value: u32) -> u64 {
    ((sequence + 1) << 16) | u64::from(value & 0xffff)
}

/// The value in an answer word if it is proposal `sequence`'s.
fn untag(word: u64, sequence: u64) -> Option<u32> {
    (word >> 16 == sequence + 1).then_some((word & 0xffff) as u32)
}

impl Shared {
    fn new() -> Self {
        Self {
            slots: (0..CAPACITY).map(|_| Slot::default()).collect(),
            answers: (0..CAPACITY).map(|_| AtomicU64::new(0)).collect(),
            sweep: CachePadded::default(),
            confirmer: CachePadded::default(),
        }
    }

    fn answer(&self, sequence: u64) -> Option<u32> {
        let word = self.answers[sequence as usize % CAPACITY].load(Ordering::Acquire);
        untag(word, sequence)
    }

    /// Records proposal `sequence`'s answer. The tags of one slot grow with
    /// the sequence number, and a late answer to an older proposal (from the
    /// confirming thread, descheduled while the sweep answered it and reused
    /// the slot) must not replace a newer one: hence the maximum. Both
    /// threads' answers to one proposal are the same word.
    fn set_answer(&self, sequence: u64, value: u32) {
        self.answers[sequence as usize % CAPACITY]
            .fetch_max(tag(sequence, value), Ordering::Release);
    }

    /// The confirming thread's loop: answer the published proposals in order,
    /// skipping those retired or answered by the sweep, until closed.
    fn serve<T: Value>(
        &self,
        table: TablePointer<T>,
        confirm: &impl Fn(&[T], usize, &Proposal) -> (u32, u64),
    ) {
        let (sweep, confirmer) = (&*self.sweep, &*self.confirmer);
        let _inactive = Inactive(self);
        let (mut answered, mut scanned_pairs) = (0, 0);
        let mut next = 0u64;
        let mut active = false;
        loop {
            if !active {
                confirmer.active.store(true, Ordering::SeqCst);
                active = true;
            }
            // After `active` is set (sequentially consistent on both sides):
            // either this sees the pause, or `discard` sees `active`.
            let paused = sweep.pause.load(Ordering::SeqCst);
            let published = sweep.published.load(Ordering::Acquire);
            next = next.max(sweep.retired.load(Ordering::Acquire));
            if sweep.closed.load(Ordering::Relaxed) {
                confirmer.answered.store(answered, Ordering::Relaxed);
                confirmer
                    .scanned_pairs
                    .store(scanned_pairs, Ordering::Relaxed);
                return;
            }
            // Proposals near the sweep are left until it is LAG further on
            // (or until it settles them itself).
            if paused || next + LAG >= published {
                confirmer.answered.store(answered, Ordering::Relaxed);
                confirmer
                    .scanned_pairs
                    .store(scanned_pairs, Ordering::Relaxed);
                confirmer.active.store(false, Ordering::SeqCst);
                active = false;
                if paused {
                    self.idle(|| !sweep.pause.load(Ordering::SeqCst));
                } else {
                    self.idle(|| sweep.published.load(Ordering::SeqCst) > next + LAG);
                }
                continue;
            }
            let sequence = next;
            next += 1;
            if self.answer(sequence).is_some() {
                continue;
            }
            let slot = &self.slots[sequence as usize % CAPACITY];
            let head = slot.head.load(Ordering::Relaxed);
            let heap = head >> 16;
            let proposal = Proposal {
                common: (head & 0xffff) as u32,
                unseen_rare: std::array::from_fn(|word| match slot.unseen_rare.get(word) {
                    Some(bits) => bits.load(Ordering::Relaxed),
                    None => 0,
                }),
            };
            fence(Ordering::Acquire);
            if sweep.retired.load(Ordering::Relaxed) > sequence {
                continue;
            }
            let Ok(heap) = usize::try_from(heap) else {
                continue;
            };
            // SAFETY: proposal `sequence` is not retired, so heap n = `heap`
            // was published after g(0..n) was written; those values stay in
            // place and unchanged while this thread is active (the module's
            // contract: `discard` waits for `active` to clear before the sweep
            // rewrites anything, and the table is not moved before the thread
            // ends).
            let g = unsafe { std::slice::from_raw_parts(table.0, heap) };
            let (value, scanned) = confirm(g, heap, &proposal);
            self.set_answer(sequence, value);
            answered += 1;
            scanned_pairs += scanned;
        }
    }

    /// Waits until `ready` (or the end): spins, then parks.
    fn idle(&self, ready: impl Fn() -> bool) {
        let started = Instant::now();
        loop {
            for _ in 0..SPINS_BETWEEN_CLOCKS {
                if ready() || self.sweep.closed.load(Ordering::Relaxed) {
                    return;
                }
                std::hint::spin_loop();
            }
            if started.elapsed() >= SPIN_TIME {
                break;
            }
        }
        let confirmer = &*self.confirmer;
        confirmer.sleeping.store(true, Ordering::SeqCst);
        if !ready() && !self.sweep.closed.load(Ordering::SeqCst) {
            std::thread::park_timeout(PARK_TIME);
        }
        confirmer.sleeping.store(false, Ordering::SeqCst);
    }
}

/// Clears `active` when the confirming thread ends, also by a panic (the
/// sweep would otherwise wait for it in `discard`).
struct Inactive<'a>(&'a Shared);

impl Drop for Inactive<'_> {
    fn drop(&mut self) {
        self.0.confirmer.active.store(false, Ordering::SeqCst);
        self.0.sweep.closed.store(true, Ordering::SeqCst);
    }
}

/// The sweep's table, as the confirming thread reads it.
struct TablePointer<T>(*const T);

// SAFETY: the pointer is only read through, under the module's contract
// (values in place and unchanged while read); `T: Value` is `Sync`.
unsafe impl<T: Value> Send for TablePointer<T> {}

/// Whether proposing pays: see [`PACING_WINDOW`].
#[derive(Debug, Clone, Copy)]
struct Pacing {
    /// Offers in the current window.
    window: u64,
    /// Offers still to refuse in the current pause.
    paused: u64,
    /// The next pause.
    pause: u64,
    /// Good windows in a row.
    good: u32,
    /// Proposals collected in the current window.
    collected: u64,
    /// When the window began, by the wall clock and by the sweep's thread's
    /// CPU clock (`None` where the system has none).
    began: Instant,
    began_cpu: Option<Duration>,
}

impl Pacing {
    fn new() -> Self {
        Self {
            window: 0,
            paused: 0,
            pause: PACING_PAUSE,
            good: 0,
            collected: 0,
            began: Instant::now(),
            began_cpu: thread_cpu_time(),
        }
    }

    /// Begins a window afresh (after a pause).
    fn restart(&mut self) {
        self.window = 0;
        self.collected = 0;
        self.began = Instant::now();
        self.began_cpu = thread_cpu_time();
    }

    /// Closes a window: whether to pause (then `paused` is set).
    fn end_window(&mut self) -> bool {
        let (now, now_cpu) = (Instant::now(), thread_cpu_time());
        let wall = now.duration_since(self.began);
        let ran = match (self.began_cpu, now_cpu) {
            (Some(before), Some(after)) => after.saturating_sub(before),
            _ => wall,
        };
        let answered = std::mem::take(&mut self.collected);
        self.window = 0;
        self.began = now;
        self.began_cpu = now_cpu;
        let thread_starved = answered < PACING_WINDOW / 8;
        let sweep_starved = wall >= PACING_MIN_WALL && ran * 4 < wall * 3;
        if thread_starved || sweep_starved {
            self.good = 0;
            self.paused = self.pause;
            self.pause = (self.pause * 2).min(PACING_PAUSE_MAX);
            return true;
        }
        self.good += 1;
        if self.good >= PACING_GOOD_WINDOWS {
            self.pause = PACING_PAUSE;
        }
        false
    }
}

/// The CPU time of the calling thread so far.
fn thread_cpu_time() -> Option<Duration> {
    cpu_time::ThreadTime::try_now()
        .ok()
        .map(|time| time.as_duration())
}

/// A proposal the sweep has not collected yet.
#[derive(Debug, Clone, Copy)]
struct Pending {
    sequence: u64,
    heap: usize,
    proposal: Proposal,
}

/// The sweep's side: the ring of proposals and the confirming thread.
#[derive(Debug)]
pub(crate) struct Confirmations {
    shared: Arc<Shared>,
    thread: Thread,
    /// Proposals not yet collected, oldest first (at most [`CAPACITY`]).
    pending: VecDeque<Pending>,
    next_sequence: u64,
    /// Proposals 0..published are visible to the confirming thread.
    published: u64,
    /// Offers (made or refused) since the last collection.
    since_collect: u64,
    pacing: Pacing,
    /// Pauses the pacing made.
    pauses: u64,
    /// Proposals answered by the sweep itself.
    answered_here: u64,
    rollbacks: u64,
}

/// What the two threads did: (proposals answered by the confirming thread,
/// proposals answered by the sweep, rollbacks, pairs the confirming thread
/// scanned).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Shares {
    pub confirmed_there: u64,
    pub confirmed_here: u64,
    pub rollbacks: u64,
    pub scanned_pairs: u64,
    /// Pauses of the pacing (the confirming thread had no core).
    pub pauses: u64,
}

impl Confirmations {
    /// Starts the confirming thread in `scope`, to read the table that
    /// begins at `table` and answer proposals with `confirm` (heap n's table
    /// g(0..n), n, the proposal → g(n) and the pairs scanned); `None` when the
    /// system refuses a thread: the sweep then runs alone.
    ///
    /// # Safety
    /// `table` points to the buffer of a `Vec` with the capacity of the whole
    /// run. Until the scope ends, the caller must not move or free it, must
    /// write g(0..n) before posting a proposal for heap n ([`Confirmations::offer`])
    /// and must not rewrite a value except after [`Confirmations::discard`]
    /// and before the next offer.
    pub unsafe fn spawn<'scope, T, F>(
        scope: &'scope Scope<'scope, '_>,
        table: *const T,
        confirm: F,
    ) -> Option<Self>
    where
        T: Value,
        F: Fn(&[T], usize, &Proposal) -> (u32, u64) + Send + 'scope,
    {
        let shared = Arc::new(Shared::new());
        let theirs = Arc::clone(&shared);
        let table = TablePointer(table);
        let handle = std::thread::Builder::new()
            .name("sprague-confirm".into())
            .spawn_scoped(scope, move || {
                let table = table;
                theirs.serve(table, &confirm);
            })
            .ok()?;
        Some(Self {
            shared,
            thread: handle.thread().clone(),
            pending: VecDeque::with_capacity(CAPACITY),
            next_sequence: 0,
            published: 0,
            since_collect: 0,
            pacing: Pacing::new(),
            pauses: 0,
            answered_here: 0,
            rollbacks: 0,
        })
    }

    /// Whether proposals are outstanding.
    pub fn is_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The first heap whose value is not confirmed yet, if any.
    pub fn first_pending_heap(&self) -> Option<usize> {
        self.pending.front().map(|pending| pending.heap)
    }

    /// Posts heap `heap`'s proposal (visible to the confirming thread with
    /// its group of [`GROUP`]); `false` (nothing posted) when the ring is full
    /// or the confirming thread is gone: the sweep confirms it itself.
    pub fn offer(&mut self, heap: usize, proposal: &Proposal) -> bool {
        let sweep = &*self.shared.sweep;
        self.since_collect += 1;
        if self.pacing.paused > 0 {
            self.pacing.paused -= 1;
            if self.pacing.paused == 0 {
                self.pacing.restart();
            }
            return false;
        }
        self.pacing.window += 1;
        if self.pacing.window == PACING_WINDOW && self.pacing.end_window() {
            self.pauses += 1;
            // What is posted may still be answered there meanwhile.
            self.publish();
            return false;
        }
        let fits = proposal.common < SLOT_VALUES && heap < 1 << 48;
        if !fits || self.pending.len() >= CAPACITY || sweep.closed.load(Ordering::Relaxed) {
            // The thread is behind: let it see every proposal.
            if self.published < self.next_sequence {
                self.publish();
            }
            return false;
        }
        let sequence = self.next_sequence;
        self.next_sequence += 1;
        // The slot's last proposal is retired (the ring holds at most
        // CAPACITY); the fence orders that retirement before these writes for
        // a reader that sees them (the sequence lock in `serve`).
        fence(Ordering::Release);
        let slot = &self.shared.slots[sequence as usize % CAPACITY];
        slot.head.store(
            ((heap as u64) << 16) | u64::from(proposal.common),
            Ordering::Relaxed,
        );
        for (word, &bits) in slot.unseen_rare.iter().zip(&proposal.unseen_rare) {
            word.store(bits, Ordering::Relaxed);
        }
        self.pending.push_back(Pending {
            sequence,
            heap,
            proposal: *proposal,
        });
        if self.next_sequence - self.published >= GROUP {
            self.publish();
        }
        true
    }

    /// Makes every proposal visible to the confirming thread, lets it go on
    /// after a pause, and wakes it if it sleeps.
    ///
    /// Not a sequentially consistent store: that would wait for every store
    /// before it (two cache lines a proposal) at each group. So the thread
    /// may, rarely, park just as a group comes and miss it; it then looks
    /// again after [`PARK_TIME`].
    fn publish(&mut self) {
        let (sweep, confirmer) = (&*self.shared.sweep, &*self.shared.confirmer);
        if sweep.pause.load(Ordering::Relaxed) {
            sweep.pause.store(false, Ordering::SeqCst);
        }
        self.published = self.next_sequence;
        sweep.published.store(self.published, Ordering::Release);
        if confirmer.sleeping.load(Ordering::Relaxed) {
            self.thread.unpark();
        }
    }

    /// Collects the answers there are, oldest first (the sweep calls this
    /// once a group): `Err` at the first that disagrees with its proposal
    /// (the proposals after it are left for [`Confirmations::discard`]).
    pub fn collect(&mut self) -> Result<(), Mismatch> {
        self.collect_answers(true)
    }

    /// [`Confirmations::collect`]; `paced`: the answers count for the pacing
    /// (not those of a settlement, which the sweep gave itself).
    fn collect_answers(&mut self, paced: bool) -> Result<(), Mismatch> {
        self.since_collect = 0;
        let mut result = Ok(());
        let mut retired = None;
        while let Some(&front) = self.pending.front() {
            let Some(value) = self.shared.answer(front.sequence) else {
                break;
            };
            self.pending.pop_front();
            self.pacing.collected += u64::from(paced);
            retired = Some(front.sequence + 1);
            if value != front.proposal.common {
                result = Err(Mismatch {
                    heap: front.heap,
                    value,
                });
                break;
            }
        }
        if let Some(retired) = retired {
            self.shared.sweep.retired.store(retired, Ordering::Release);
        }
        result
    }

    /// Whether the sweep should collect answers now: once a group of offers,
    /// made or refused.
    pub fn collect_due(&self) -> bool {
        self.since_collect >= GROUP && !self.pending.is_empty()
    }

    /// Answers every outstanding proposal, with `confirm` here where the
    /// confirming thread has not (newest first, so that the two threads meet
    /// rather than do the same heaps), and collects them: `Err` at the first
    /// that disagrees.
    pub fn settle(
        &mut self,
        mut confirm: impl FnMut(usize, &Proposal) -> (u32, u64),
        scanned_pairs: &mut u64,
    ) -> Result<(), Mismatch> {
        self.publish();
        loop {
            for index in (0..self.pending.len()).rev() {
                let pending = self.pending[index];
                if self.shared.answer(pending.sequence).is_none() {
                    let (value, scanned) = confirm(pending.heap, &pending.proposal);
                    *scanned_pairs += scanned;
                    self.answered_here += 1;
                    self.shared.set_answer(pending.sequence, value);
                }
            }
            // Every proposal has its answer now (answers are never replaced by
            // older ones), so this collects them all, or stops at a wrong one;
            // the loop is only a guard.
            self.collect_answers(false)?;
            if self.pending.is_empty() {
                return Ok(());
            }
        }
    }

    /// Retires every outstanding proposal and returns once the confirming
    /// thread reads neither the table nor a slot: the sweep may then rewrite
    /// values (until its next offer, which lets the thread go on).
    pub fn discard(&mut self) {
        let (sweep, confirmer) = (&*self.shared.sweep, &*self.shared.confirmer);
        self.rollbacks += 1;
        sweep.pause.store(true, Ordering::SeqCst);
        let started = Instant::now();
        while confirmer.active.load(Ordering::SeqCst) {
            // The thread leaves within one proposal when it has a core; when
            // it has none, give it ours.
            if started.elapsed() < SPIN_TIME {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        self.pending.clear();
        sweep.retired.store(self.next_sequence, Ordering::SeqCst);
    }

    /// Ends the confirming thread (as dropping does) and keeps what is needed
    /// to count who did what once the scope has joined it.
    pub fn finish(self) -> Tally {
        Tally {
            shared: Arc::clone(&self.shared),
            confirmed_here: self.answered_here,
            rollbacks: self.rollbacks,
            pauses: self.pauses,
        }
    }

    /// Who did what so far (the confirming thread's counts as of its last
    /// idle moment).
    #[cfg(test)]
    pub fn shares(&self) -> Shares {
        Tally {
            shared: Arc::clone(&self.shared),
            confirmed_here: self.answered_here,
            rollbacks: self.rollbacks,
            pauses: self.pauses,
        }
        .shares()
    }
}

/// The counts of a finished [`Confirmations`].
#[derive(Debug)]
pub(crate) struct Tally {
    shared: Arc<Shared>,
    confirmed_here: u64,
    rollbacks: u64,
    pauses: u64,
}

impl Tally {
    /// Who did what: exact once the confirming thread has ended (a proposal
    /// both threads answered counts on both sides).
    pub fn shares(&self) -> Shares {
        let confirmer = &*self.shared.confirmer;
        Shares {
            confirmed_there: confirmer.answered.load(Ordering::Relaxed),
            confirmed_here: self.confirmed_here,
            rollbacks: self.rollbacks,
            scanned_pairs: confirmer.scanned_pairs.load(Ordering::Relaxed),
            pauses: self.pauses,
        }
    }
}

impl Drop for Confirmations {
    /// Ends the confirming thread (the scope joins it).
    fn drop(&mut self) {
        self.shared.sweep.closed.store(true, Ordering::SeqCst);
        self.thread.unpark();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proposal(common: u32) -> Proposal {
        Proposal {
            common,
            unseen_rare: [1, 0, 0, 0, 0, 0, 0, 0],
        }
    }

    /// Proposal n is c = n mod 7; the confirming closure answers c, except at
    /// the heaps of `wrong`, where it answers c + 1 (a stand-in for a new rare
    /// value), after `delay` per proposal.
    fn run_ring(
        heaps: usize,
        wrong: &[usize],
        delay: Duration,
        check: impl FnOnce(&mut Confirmations, &[u8]),
    ) {
        let table: Vec<u8> = (0..heaps).map(|n| (n % 7) as u8).collect();
        let pointer = table.as_ptr();
        std::thread::scope(|scope| {
            let answer = |g: &[u8], n: usize, proposal: &Proposal| {
                std::thread::sleep(delay);
                assert_eq!(g.len(), n, "the thread reads g(0..n)");
                let value = proposal.common + u32::from(wrong.contains(&n));
                (value, 1)
            };
            // SAFETY: `table` is neither moved nor written while the scope runs.
            let mut ring = unsafe { Confirmations::spawn(scope, pointer, answer) }.unwrap();
            check(&mut ring, &table);
        });
    }

    #[test]
    fn answers_come_back_in_order_and_a_wrong_one_stops_the_collection() {
        run_ring(5_000, &[3_210], Duration::ZERO, |ring, table| {
            // 900 proposals: they fit the ring without collecting.
            for (n, &value) in table.iter().enumerate().take(3_900).skip(3_000) {
                assert!(ring.offer(n, &proposal(u32::from(value))));
            }
            let mut scanned = 0;
            let here = |n: usize, proposal: &Proposal| (proposal.common + u32::from(n == 3_210), 1);
            let settled = ring.settle(here, &mut scanned);
            assert_eq!(
                settled,
                Err(Mismatch {
                    heap: 3_210,
                    value: u32::from(table[3_210]) + 1
                })
            );
            // Everything after the wrong proposal is dropped, and the thread
            // goes on with new proposals afterwards.
            ring.discard();
            assert!(!ring.is_pending());
            assert!(ring.offer(4_000, &proposal(u32::from(table[4_000]))));
            assert_eq!(ring.settle(here, &mut scanned), Ok(()));
            let shares = ring.shares();
            assert_eq!(shares.rollbacks, 1);
            assert_eq!(shares.pauses, 0);
        });
    }

    #[test]
    fn a_thread_without_a_core_pauses_the_proposals() {
        // The confirming thread answers one proposal per 20 ms (as if it had no
        // core): after a window of offers with almost no answer, the next offers
        // are refused, and settling answers the rest here.
        run_ring(8_000, &[], Duration::from_millis(20), |ring, table| {
            let mut refused_after_window = false;
            for (n, &value) in table.iter().enumerate().skip(1) {
                let offered = ring.offer(n, &proposal(u32::from(value)));
                if n > PACING_WINDOW as usize && !offered {
                    refused_after_window = true;
                }
                if ring.collect_due() {
                    assert_eq!(ring.collect(), Ok(()));
                }
            }
            assert!(refused_after_window);
            assert!(ring.shares().pauses >= 1, "{:?}", ring.shares());
            let mut scanned = 0;
            let here = |_: usize, proposal: &Proposal| (proposal.common, 1);
            assert_eq!(ring.settle(here, &mut scanned), Ok(()));
            assert!(!ring.is_pending());
        });
    }
}
