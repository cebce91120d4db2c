//! The sweep: g(0), g(1), … of a take-and-break rule, by the plain method or
//! the rare/common ("sparse space") method, with periodicity proven on the way.
//!
//! **Plain sweep.** g(n) is the mex of the values of the options of n. For a
//! split of m = n − k tokens into two heaps the values are g(a) ⊕ g(m − a) for
//! a = 1..m/2; the inner loop reads the table forwards and backwards and, while
//! every value is below 64, ORs `1 << (g(a) ⊕ g(m − a))` into one 64-bit word (a
//! loop the compiler vectorises; an AVX2 build of the same loop is chosen at run
//! time where the processor has it), otherwise marks a byte array.
//!
//! **Rare/common sweep** (Dan Hoey's and Gangolli & Plambeck's "sparse space";
//! *Winning Ways*, 2nd ed., ch. 4 extras; A. Flammenkamp's computations of
//! Grundy's game and the octal games). Fix a mask M and call a value *rare* when
//! the parity of the bits of v ∧ M is even, *common* otherwise. Rare values form
//! a subgroup under ⊕, so common ⊕ common is rare and common ⊕ rare is common. In
//! games with sparse space almost every position has a common value, so:
//! 1. pair every *rare* position r with m − r (a few thousand pairs, not m/2):
//!    this finds every common value among the options;
//! 2. the smallest value c not yet seen is the answer if c is common;
//! 3. while c is rare, scan the remaining (common ⊕ common) pairs until c shows up
//!    (this is quick: common pairs produce rare values in abundance), then move c
//!    on; only a heap whose value is itself rare needs the whole scan.
//!
//! The mask is the non-zero M that makes the fewest positions rare. With cᵥ
//! the number of positions of value v, the rare count of M is
//! (N + Ŵ(M))/2 where Ŵ is the Walsh–Hadamard transform of c; so one transform
//! of the value counts ranks every mask at once. It is re-chosen as the counts
//! change (at powers of two and every 2¹⁶ values), and the method
//! [`Method::Auto`] uses the rare/common pass only while rare positions are
//! fewer than one in eight. Dawson's Kayles (0.07) has no sparse space and runs plainly.
//!
//! **Position parity and three heaps** (`general.rs`, [`crate::classes`]). The
//! class of a position may also count the parity of the position (A.
//! Flammenkamp's sparse space in the domain: 0.051 has 7 rare positions in
//! all), chosen with the mask from the counts of values at even and odd
//! positions; and moves leaving three heaps take their values from the sets
//! of pair values P(s), one bit set per s, which makes the three-heap sweep
//! quadratic instead of cubic. The module documentation of
//! [`crate::classes`] proves which option values the rare pass finds.
//!
//! While every value is below 512 (Grundy's game to heap 2²⁶ and beyond), the
//! rare/common pass runs the hand-written loops of `kernel.rs`: the rare
//! pairs of 64 consecutive heaps (32 when values pass 255) are marked together,
//! reading for each rare position the partners of all those heaps from one or
//! two cache lines; step 3 then looks only for the rare values below the
//! smallest unseen common value c that are still missing (g(n) = c once all
//! are found, which is the usual case), first by marking a few blocks of
//! common pairs, then by testing 32 pairs at a time against that set (AVX2).
//!
//! All methods give the same values (tested, with a checksum over long runs).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sprague_engine::{check_allocation, MemoryError, PeriodSearch, Periodicity};
use sprague_nimber::MexSet;
use thiserror::Error;

use crate::confirmation::{Confirmations, Mismatch, Proposal, Tally};
use crate::far_marks::{BatchKey, FarMarks};
mod general;

use crate::classes::{best_class, walsh_hadamard, RareClass};
use crate::kernel;
use crate::rule::TakeBreak;
use crate::table::{TableRef, Value, ValueTable};

/// How the values are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Rare/common where the game has sparse space, plain otherwise.
    #[default]
    Auto,
    /// The plain sweep over every option.
    Plain,
    /// The rare/common sweep wherever a class of rare positions exists; rules
    /// with three-heap splits always take their triples from pair sets.
    RareCommon,
    /// The generic reference: every option listed, mex by a set (slow; for tests).
    Naive,
}

impl Method {
    /// The method's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Plain => "plain",
            Method::RareCommon => "rare-common",
            Method::Naive => "naive",
        }
    }
}

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// Compute at least g(0..=to) (or stop earlier once a period is proven).
    pub to: u64,
    /// Go on to this heap while trying to prove a period (ignored below `to`).
    pub horizon: u64,
    /// Stop as soon as a period is proven.
    pub stop_when_proven: bool,
    /// The method.
    pub method: Method,
    /// Threads: with 2 or more, a helper thread marks the rare pairs of the
    /// next batch of heaps while the sweep computes the current one (the
    /// narrow rare/common kernel; see `far_marks.rs`). The values do not depend
    /// on it.
    pub threads: usize,
}

impl Config {
    /// g(0..=to) by the automatic method, stopping when a period is proven.
    pub fn up_to(to: u64) -> Self {
        Self {
            to,
            horizon: to,
            stop_when_proven: true,
            method: Method::Auto,
            threads: 1,
        }
    }
}

/// Progress of a running sweep.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Values computed so far (g(0..computed)).
    pub computed: u64,
    /// The last heap that will be computed unless a period is proven first.
    pub target: u64,
    /// The largest value so far.
    pub max_value: u32,
    /// The mask defining rare values (0: none chosen).
    pub rare_mask: u32,
    /// `Some(t)`: the parity of the position n + t counts too ([`RareClass`]).
    pub rare_position: Option<u32>,
    /// Positions ≥ 1 whose value is rare under the mask.
    pub rare_count: u64,
    /// Time since this run started.
    pub elapsed: Duration,
}

/// Hooks of a running sweep: a stop flag (Ctrl-C), a deadline, and a callback
/// called about ten times a second with the progress and the table so far (for
/// progress bars and checkpoints).
#[derive(Default)]
pub struct Control<'a> {
    /// Set to stop the sweep at the next value; the values so far are returned.
    pub stop: Option<&'a AtomicBool>,
    /// Stop (status [`Status::OutOfTime`]) after this instant.
    pub deadline: Option<Instant>,
    /// Called with the progress and a view of the table so far (e.g. for a checkpoint).
    #[allow(clippy::type_complexity)]
    pub tick: Option<Box<dyn FnMut(&Progress, TableRef<'_>) + 'a>>,
}

/// How a sweep ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// g(0..=to) computed (and the horizon reached) without a proven period.
    Complete,
    /// A period was proven; further values come from it.
    Proven,
    /// Stopped by the stop flag.
    Interrupted,
    /// Stopped by the deadline.
    OutOfTime,
}

impl Status {
    /// The status in words, as reports and JSON give it: `proven`,
    /// `complete`, `interrupted`, `out of time`.
    ///
    /// ```
    /// assert_eq!(sprague_takebreak::Status::OutOfTime.word(), "out of time");
    /// ```
    pub fn word(self) -> &'static str {
        match self {
            Status::Proven => "proven",
            Status::Complete => "complete",
            Status::Interrupted => "interrupted",
            Status::OutOfTime => "out of time",
        }
    }
}

/// Facts about the run, for reports and tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// The largest value computed.
    pub max_value: u32,
    /// The rare mask in use at the end (0: none).
    pub rare_mask: u32,
    /// `Some(t)`: the parity of the position n + t counts too ([`RareClass`]).
    pub rare_position: Option<u32>,
    /// Positions ≥ 1 with a rare value.
    pub rare_count: u64,
    /// The last position with a rare value.
    pub last_rare: Option<u64>,
    /// Heaps computed by the rare/common pass.
    pub sparse_heaps: u64,
    /// Heaps of those that needed the whole scan.
    pub full_scans: u64,
    /// Common pairs scanned by the rare/common pass while the candidate was rare.
    pub scanned_pairs: u64,
    /// Steps of the period search over the whole run (values compared and
    /// periods visited, [`PeriodSearch::work`]): linear in the values.
    pub period_search_work: u64,
    /// With `threads` ≥ 2: batches whose far pairs the helper thread marked.
    pub helper_batches: u64,
    /// With `threads` ≥ 2: batches handed to the helper but taken back
    /// unclaimed and marked by the sweep (the helper had no core: a busy machine).
    pub taken_back_batches: u64,
    /// With `threads` ≥ 2: proposed values confirmed by the confirming thread.
    pub confirmed_there: u64,
    /// With `threads` ≥ 2: proposed values the sweep confirmed itself (the
    /// ring was full, or every value was needed: a period check, say).
    pub confirmed_here: u64,
    /// With `threads` ≥ 2: proposals found wrong (the sweep went back).
    pub rollbacks: u64,
    /// With `threads` ≥ 2: times the sweep stopped proposing for a while
    /// because the confirming thread was far behind (it had no core).
    pub speculation_pauses: u64,
}

/// The result of a sweep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// g(0..len) as computed.
    pub table: ValueTable,
    /// The period found, proven or observed.
    pub periodicity: Option<Periodicity>,
    /// How the run ended.
    pub status: Status,
    /// Rare values, maximum, method statistics.
    pub stats: Stats,
}

impl Outcome {
    /// g(heap): from the table, or from a proven period beyond it.
    ///
    /// ```
    /// use sprague_takebreak::{run, Config, Control, TakeBreak};
    /// let kayles = TakeBreak::octal("0.77").unwrap();
    /// let outcome = run(&kayles, Config::up_to(1000), None, Control::default()).unwrap();
    /// let period = outcome.periodicity.unwrap();
    /// assert_eq!((period.preperiod, period.period, period.proven), (71, 12, true));
    /// assert_eq!(outcome.get(1_000_000_000_000), outcome.get(71 + (1_000_000_000_000 - 71) % 12));
    /// ```
    pub fn get(&self, heap: u64) -> Option<u32> {
        if let Some(value) = usize::try_from(heap).ok().and_then(|i| self.table.get(i)) {
            return Some(value);
        }
        match self.periodicity {
            Some(found) if found.proven => {
                let index = usize::try_from(found.representative(heap)).ok()?;
                self.table.get(index)
            }
            _ => None,
        }
    }

    /// The checksum of g(0..=to) (64-bit FNV-1a of each value as 4 bytes), from
    /// the table and, beyond it, the proven period; `None` if a value is missing.
    pub fn checksum_to(&self, to: u64) -> Option<u64> {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for heap in 0..=to {
            for byte in self.get(heap)?.to_le_bytes() {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        Some(hash)
    }
}

/// A sweep that cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SweepError {
    /// The table would not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// The heap is beyond what a table can index on this machine.
    #[error("heap {to} is beyond what a table of values can index on this machine")]
    TooLarge {
        /// The heap asked for.
        to: u64,
    },
}

/// Computes the values of `rule` (see the module documentation), continuing
/// from `start` (a table of g(0..len), e.g. from a checkpoint) if given.
///
/// # Errors
/// [`SweepError::Memory`] when the table would not fit in memory, checked
/// before the run and before the table widens.
///
/// ```
/// use sprague_takebreak::{run, Config, Control, Method, TakeBreak};
/// let grundy = TakeBreak::grundy();
/// let config = Config { method: Method::RareCommon, ..Config::up_to(20) };
/// let outcome = run(&grundy, config, None, Control::default()).unwrap();
/// assert_eq!(outcome.table.to_vec()[..8], [0, 0, 0, 1, 0, 2, 1, 0]);
/// ```
pub fn run(
    rule: &TakeBreak,
    config: Config,
    start: Option<ValueTable>,
    control: Control<'_>,
) -> Result<Outcome, SweepError> {
    run_with(rule, config, start, control, Speculation::AfterRareValues)
}

/// When the sweep with a confirming thread proposes values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Speculation {
    /// Once the last rare position lies far behind (see [`Engine::speculating`]).
    AfterRareValues,
    /// For every heap of the narrow kernel, also among the rare positions
    /// (tests: many proposals are then wrong and rolled back).
    #[cfg_attr(not(test), allow(dead_code))]
    Always,
}

fn run_with(
    rule: &TakeBreak,
    config: Config,
    start: Option<ValueTable>,
    control: Control<'_>,
    speculation: Speculation,
) -> Result<Outcome, SweepError> {
    let theorem = rule.theorem();
    let last = if theorem.is_some() && config.stop_when_proven {
        config.to.max(config.horizon)
    } else {
        config.to
    };
    let length = usize::try_from(last)
        .ok()
        .and_then(|last| last.checked_add(1))
        .ok_or(SweepError::TooLarge { to: last })?;
    let mut table = start.unwrap_or_default();
    if table.len() > length {
        table.truncate(length);
    }
    check_allocation(
        length as u128 * table.bytes_per_value() as u128,
        &format!(
            "computing g(0..={last}) ({} byte{} per value)",
            table.bytes_per_value(),
            if table.bytes_per_value() == 1 {
                ""
            } else {
                "s"
            }
        ),
    )?;
    let mut engine = Engine::new(rule, config, theorem, length, control, &table);
    engine.speculation = speculation;
    loop {
        let step = match &mut table {
            ValueTable::U8(values) => engine.extend(values),
            ValueTable::U16(values) => engine.extend(values),
            ValueTable::U32(values) => engine.extend(values),
        };
        match step {
            Step::Widen(value) => {
                let wider = if value > u32::from(u16::MAX) { 4 } else { 2 };
                check_allocation(
                    length as u128 * wider,
                    &format!("computing g(0..={last}) ({wider} bytes per value)"),
                )?;
                table.push(value);
                engine.pushed(table.len() - 1, value);
            }
            Step::Done(status) => {
                let (periodicity, status) = match engine.proven {
                    Some(found) => (Some(found), status),
                    None => match &table {
                        ValueTable::U8(values) => engine.final_period(values, status),
                        ValueTable::U16(values) => engine.final_period(values, status),
                        ValueTable::U32(values) => engine.final_period(values, status),
                    },
                };
                let status = match (status, periodicity) {
                    (Status::Complete, Some(found)) if found.proven => Status::Proven,
                    (status, _) => status,
                };
                return Ok(Outcome {
                    table,
                    periodicity,
                    status,
                    stats: engine.stats(),
                });
            }
        }
    }
}

/// `Interrupted` once the stop flag is set, `OutOfTime` past the deadline.
fn stop_status(control: &Control<'_>) -> Option<Status> {
    if control
        .stop
        .is_some_and(|stop| stop.load(Ordering::Relaxed))
    {
        return Some(Status::Interrupted);
    }
    if control
        .deadline
        .is_some_and(|deadline| Instant::now() > deadline)
    {
        return Some(Status::OutOfTime);
    }
    None
}

enum Step {
    /// A value does not fit in the table's width.
    Widen(u32),
    /// The run is over.
    Done(Status),
}

/// What the kernels give for a heap.
enum Answer {
    /// g(n).
    Final(u32),
    /// The narrow kernel's proposal, still to confirm (`confirm_proposal`).
    Proposed(Proposal),
}

/// The first heap count at which periodicity is tested.
const FIRST_CHECK: usize = 64;
/// How long the period search of a run stopped by Ctrl-C may take to
/// report the period observed in its values (the check of a
/// sweep stopped within a second or two takes a few milliseconds; 2³⁰ values
/// would take about a second).
const STOPPED_RUN_PERIOD_GRACE: Duration = Duration::from_millis(300);
/// Values between checks of the stop flag and the clock.
const TICK_VALUES: usize = 256;
/// Pairs scanned between checks of the candidate mex in the fallback scan.
const SCAN_BLOCK: usize = 64;
/// Pairs scanned between checks of the candidate mex in the narrow kernel.
const NARROW_SCAN_BLOCK: usize = 64;
/// Blocks remembered from one heap's fallback scan for the next. The narrow
/// kernel keeps none: in its stable scattered order they did not help (the
/// scan found the needed values after 4 % fewer pairs without them, 1,407
/// against 1,467 per heap in Grundy's game g(0..=2²²); times equal within
/// the noise).
const MAX_HOT_BLOCKS: usize = 32;
/// Blocks of the narrow kernel's candidate scan whose values below c are all
/// collected (as bits, `kernel::common_values_below`) before the vector
/// membership test takes over. 8 stays best with the bits: 12 and 16 gave
/// paired ratios 1.001 and 1.009 at 2²² (Grundy's game).
const COLLECTED_SCAN_BLOCKS: usize = 8;
/// The scans visit the blocks below this first (a power of two): pairs
/// (a, m − a) with a up to 65,536 (narrow kernel), whose partners lie among
/// the last 65,536 values, in the cache already (the rare pairs read there).
/// In Grundy's game near 2·10⁶ the needed values are found after as many
/// pairs as in a scattered order over every block (1,663 against 1,652 per
/// heap, every third heap of 2,000,000..2,003,000).
const NEAR_SCAN_BLOCKS: usize = 1024;
/// The heap from which [`Method::Auto`] computes three-heap splits from pair
/// sets (below it the plain sweep's few triples are quicker).
const THREE_HEAP_GENERAL_FROM: usize = 128;
/// Pairs per block of the vectorised scan when every value is below 64.
const SMALL_SCAN_BLOCK: usize = 256;

/// Heaps start..start + len, whose pairs with the rare positions from index
/// `near_count` up to half the first heap are marked (one row of `width` marks
/// per heap).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Batch {
    start: usize,
    len: usize,
    width: usize,
    generation: u64,
    /// The number of rare positions paired heap by heap: those near the
    /// heaps of the batch (below its length, or below the two batches'
    /// lengths when the helper thread marked it), whose partners were not all
    /// known when its marks were made.
    near_count: usize,
}

/// The helper thread is given a batch only when it has at least this many
/// far rare positions to pair (each with every heap of the batch): below,
/// the hand-off (a few microseconds) costs more than the marks (about a
/// nanosecond a pair).
const MIN_HELPER_POSITIONS: usize = 64;

/// How far beyond the last rare position the sweep begins to propose values
/// to the confirming thread (`confirmation.rs`), doubled by each rollback: a
/// wrong proposal costs a rollback of a ring's worth of heaps or so.
const SPECULATION_DISTANCE: usize = 1 << 14;

/// Marks per heap in a batch of the narrow kernel: 16 KiB of rows.
const BATCH_BYTES: usize = 1 << 14;

struct Engine<'r, 'c> {
    rule: &'r TakeBreak,
    config: Config,
    theorem: Option<sprague_engine::PeriodicityTheorem>,
    length: usize,
    control: Control<'c>,
    started: Instant,
    last_tick: Instant,
    next_check: usize,
    proven: Option<Periodicity>,
    /// The incremental period search, fed at each check.
    periods: PeriodSearch,
    /// Batches marked by the helper thread, and batches handed to it but
    /// taken back unclaimed (marked by the sweep).
    helper_batches: u64,
    taken_back_batches: u64,
    /// Number of positions ≥ 1 of each value.
    counts: Vec<u64>,
    /// Number of odd positions of each value.
    odd_counts: Vec<u64>,
    max_value: u32,
    /// The class of rare positions.
    class: RareClass,
    rare: Vec<u32>,
    /// The value at each rare position.
    rare_values: Vec<u32>,
    /// The same values as `u16` (meaningful while every value is below 65,536),
    /// for the narrow kernels.
    rare_values16: Vec<u16>,
    /// Marks of option values for the narrow kernels, one row of `batch.width`
    /// bytes per heap of the batch, rows contiguous (no padding: padded rows
    /// would fall into half of the cache sets and evict each other).
    marks: Vec<u8>,
    /// The heaps whose rare pairs are marked in `marks`.
    batch: Batch,
    /// Incremented whenever the rare list is rebuilt (a new mask).
    rare_generation: u64,
    last_rare: Option<u64>,
    next_mask_choice: usize,
    seen: Vec<u8>,
    sparse_heaps: u64,
    full_scans: u64,
    scanned_pairs: u64,
    /// Blocks of the fallback scan that found rare values for the last heap.
    hot_blocks: Vec<usize>,
    avx2: bool,
    /// The common values under the current mask, as bits.
    common_bits: CommonBits,
    /// The helper thread marking the next batch (with `threads` ≥ 2; with two,
    /// only while the sweep does not propose values).
    far: Option<FarMarks>,
    /// The thread confirming proposed values (`confirmation.rs`; `threads` ≥ 2).
    confirmations: Option<Confirmations>,
    speculation: Speculation,
    /// Rollbacks so far (in every extension; `Stats::rollbacks`).
    rolled_back: u32,
    /// Proposals answered there and here, and pacing pauses, of finished
    /// extensions (a wider table starts a new confirming thread).
    confirmed_there: u64,
    confirmed_here: u64,
    speculation_pauses: u64,
    /// The general pass (position parity, three-heap splits).
    general: general::General,
    /// The far rare positions of the current batch split into the half that
    /// is marked and the half that is tested (`kernel::settle_candidates`).
    sampled: Sampled,
    /// Per row of the batch: below which value the row's first unmarked
    /// common value is settled (`u16::MAX` when every pair was marked).
    settled_below: [u16; 64],
    /// The gather of the batch's near rare pairs, for the rare generation and
    /// count it was made for (one-byte tables).
    near_pairs: Option<(u64, usize, kernel::NearPairs)>,
}

/// The far rare positions of a batch: one in `MARKED_EVERY` of those whose
/// partners are all common marked, the others tested; the rest marked.
#[derive(Debug, Default)]
struct Sampled {
    /// The rare generation and the bounds of the split (`Sampled::split`).
    key: (u64, [usize; 3]),
    marked_positions: Vec<u32>,
    marked_values: Vec<u16>,
    tested_positions: Vec<u32>,
    tested_values: Vec<u16>,
}

/// Below this many far rare positions a batch marks every pair: testing
/// would save too little.
const MIN_SAMPLED: usize = 256;

/// One far rare position in this many is marked, the others tested against
/// [`kernel::CANDIDATES`] candidates per row. In Grundy's game (1,273 rare
/// positions) a third marked leaves the true smallest common value among the
/// first 12 candidates for 99.7 % of the heaps; g(0..=2²¹), medians of 5:
/// 2.37 s, against 2.64 s for half marked and 8 candidates and 2.63 s for a
/// quarter and 16.
const MARKED_EVERY: usize = 3;

impl Sampled {
    /// Splits the rare positions `rare[near..far_end]` (and their values)
    /// with `bounds` = [near, testable_end, far_end]: one in `MARKED_EVERY`
    /// of `near..testable_end` and all of `testable_end..far_end` marked, the
    /// others tested; nothing to do if already split so.
    fn split(&mut self, generation: u64, rare: &[u32], values: &[u16], bounds: [usize; 3]) {
        let key = (generation, bounds);
        if self.key == key && !self.marked_positions.is_empty() {
            return;
        }
        self.key = key;
        self.marked_positions.clear();
        self.marked_values.clear();
        self.tested_positions.clear();
        self.tested_values.clear();
        let [near, testable_end, far_end] = bounds;
        for index in near..far_end {
            let tested = index < testable_end && (index - near) % MARKED_EVERY != 0;
            let (positions, list) = if tested {
                (&mut self.tested_positions, &mut self.tested_values)
            } else {
                (&mut self.marked_positions, &mut self.marked_values)
            };
            positions.push(rare[index]);
            list.push(values[index]);
        }
    }
}

impl<'r, 'c> Engine<'r, 'c> {
    fn new(
        rule: &'r TakeBreak,
        config: Config,
        theorem: Option<sprague_engine::PeriodicityTheorem>,
        length: usize,
        control: Control<'c>,
        table: &ValueTable,
    ) -> Self {
        let now = Instant::now();
        let mut engine = Self {
            rule,
            config,
            theorem,
            length,
            control,
            started: now,
            last_tick: now,
            next_check: FIRST_CHECK,
            proven: None,
            periods: PeriodSearch::new(),
            helper_batches: 0,
            taken_back_batches: 0,
            counts: Vec::new(),
            odd_counts: Vec::new(),
            max_value: 0,
            class: RareClass::NONE,
            rare: Vec::new(),
            rare_values: Vec::new(),
            rare_values16: Vec::new(),
            marks: Vec::new(),
            batch: Batch::default(),
            rare_generation: 0,
            last_rare: None,
            next_mask_choice: 16,
            seen: vec![0; 2],
            sparse_heaps: 0,
            full_scans: 0,
            scanned_pairs: 0,
            hot_blocks: Vec::new(),
            avx2: simd::has_avx2(),
            common_bits: CommonBits::default(),
            far: None,
            confirmations: None,
            speculation: Speculation::AfterRareValues,
            rolled_back: 0,
            confirmed_there: 0,
            confirmed_here: 0,
            speculation_pauses: 0,
            general: general::General::default(),
            sampled: Sampled::default(),
            settled_below: [u16::MAX; 64],
            near_pairs: None,
        };
        for index in 0..table.len() {
            let value = table.get(index).unwrap_or(0);
            engine.count(index, value);
        }
        let len = table.len();
        while engine.next_check <= len {
            engine.next_check *= 2;
        }
        while engine.next_mask_choice <= len {
            engine.next_mask_choice = next_mask_choice(engine.next_mask_choice);
        }
        if len > 1 {
            engine.choose_mask_from(table);
        }
        engine
    }

    fn stats(&self) -> Stats {
        Stats {
            max_value: self.max_value,
            rare_mask: self.class.mask,
            rare_position: self.class.position,
            rare_count: self.rare.len() as u64,
            last_rare: self.last_rare,
            sparse_heaps: self.sparse_heaps,
            full_scans: self.full_scans,
            scanned_pairs: self.scanned_pairs,
            period_search_work: self.periods.work(),
            helper_batches: self.helper_batches,
            taken_back_batches: self.taken_back_batches,
            confirmed_there: self.confirmed_there,
            confirmed_here: self.confirmed_here,
            rollbacks: u64::from(self.rolled_back),
            speculation_pauses: self.speculation_pauses,
        }
    }

    /// Records value `value` at position `index` in the counts (not the rare list).
    fn count(&mut self, index: usize, value: u32) {
        if value > self.max_value {
            self.max_value = value;
        }
        let needed = (value as usize + 1).next_power_of_two() * 2;
        if self.seen.len() < needed {
            self.seen.resize(needed, 0);
        }
        if index == 0 {
            return;
        }
        if self.counts.len() <= value as usize {
            self.counts.resize(value as usize + 1, 0);
            self.odd_counts.resize(value as usize + 1, 0);
        }
        self.counts[value as usize] += 1;
        self.odd_counts[value as usize] += (index & 1) as u64;
    }

    /// Records a value appended at `index` (after widening).
    fn pushed(&mut self, index: usize, value: u32) {
        self.count(index, value);
        if index > 0 && self.class.is_some() && self.class.is_rare(index, value) {
            self.rare.push(index as u32);
            self.rare_values.push(value);
            self.rare_values16.push(value as u16);
            self.last_rare = Some(index as u64);
        }
    }

    /// Chooses the class with the fewest rare positions (Walsh–Hadamard
    /// transforms of the value counts, see [`best_class`]) and rebuilds the
    /// rare list if it changed.
    fn choose_mask_from(&mut self, table: &ValueTable) {
        let class = best_class(&self.counts, &self.odd_counts, self.rule);
        if class != self.class || self.rare.is_empty() {
            self.set_class(
                class,
                (1..table.len()).map(|index| table.get(index).unwrap_or(0)),
            );
        }
    }

    fn choose_mask<T: Value>(&mut self, values: &[T]) {
        let class = best_class(&self.counts, &self.odd_counts, self.rule);
        if class != self.class {
            self.set_class(class, values.iter().skip(1).map(|value| value.get()));
        }
    }

    /// Uses `class` from now on: the rare list of g(1), g(2), … (`values`).
    fn set_class(&mut self, class: RareClass, values: impl Iterator<Item = u32>) {
        self.class = class;
        self.rare.clear();
        self.rare_values.clear();
        self.rare_values16.clear();
        self.rare_generation += 1;
        self.last_rare = None;
        if class.is_some() {
            for (index, value) in (1..).zip(values) {
                if class.is_rare(index, value) {
                    self.rare.push(index as u32);
                    self.rare_values.push(value);
                    self.rare_values16.push(value as u16);
                    self.last_rare = Some(index as u64);
                }
            }
        }
    }

    fn extend<T: Value>(&mut self, values: &mut Vec<T>) -> Step {
        // The whole run's capacity: appending never moves the table (which
        // the helper threads of `far_marks` and `confirmation` rely on).
        values.reserve(self.length.saturating_sub(values.len()));
        let narrow = !self.rule.split_two().is_empty()
            && self.rule.split_three().is_empty()
            && matches!(self.config.method, Method::Auto | Method::RareCommon);
        if self.config.threads < 2 || !narrow {
            return self.extend_values(values);
        }
        let rule = self.rule;
        let avx2 = self.avx2;
        let table = values.as_ptr();
        let (step, tally) = std::thread::scope(|scope| {
            self.far = FarMarks::spawn(scope);
            // SAFETY: `values` has the capacity of the whole run (reserved
            // above) and is neither moved nor freed before the scope ends;
            // `extend_values` writes g(0..n) before it offers heap n and
            // rewrites values only after `Confirmations::discard`.
            self.confirmations = unsafe {
                Confirmations::spawn(scope, table, move |g: &[T], n, proposal: &Proposal| {
                    confirm_proposal(rule, avx2, g, n, proposal)
                })
            };
            // A panic (in the tick callback, say) must drop the helpers too:
            // `self` outlives the scope, which would otherwise wait forever for
            // helpers waiting for work from the handles still held here.
            let step = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.extend_values(values)
            }));
            // Waits for a pending batch: the helper reads the table no more.
            if let Some(far) = self.far.take() {
                let (helped, taken_back) = far.shares();
                self.helper_batches += helped;
                self.taken_back_batches += taken_back;
            }
            let tally = self.confirmations.take().map(Confirmations::finish);
            (step, tally)
        });
        // The confirming thread has ended: its counts are final.
        if let Some(shares) = tally.as_ref().map(Tally::shares) {
            self.confirmed_there += shares.confirmed_there;
            self.confirmed_here += shares.confirmed_here;
            self.scanned_pairs += shares.scanned_pairs;
            self.speculation_pauses += shares.pauses;
        }
        step.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }

    /// Computes values until the table is full, a value needs a wider table
    /// or the run stops. With a confirming thread, values the narrow kernel
    /// proposes may be written before they are confirmed; every one is
    /// confirmed before this returns (or discarded with those after it), and
    /// before a mask choice, a period check or a progress report reads them.
    fn extend_values<T: Value>(&mut self, values: &mut Vec<T>) -> Step {
        let mut until_tick = TICK_VALUES;
        loop {
            while values.len() < self.length {
                let n = values.len();
                let value = match self.answer_of(values, n) {
                    Answer::Final(value) => value,
                    Answer::Proposed(proposal) => self.propose(values, n, &proposal),
                };
                let rare = self.class.is_some() && self.class.is_rare(n, value);
                // A wider table or a new rare position: on confirmed values only.
                if (value > T::LIMIT || rare) && !self.settle(values) {
                    continue;
                }
                if value > T::LIMIT {
                    return Step::Widen(value);
                }
                values.push(T::new(value));
                self.pushed(n, value);
                if !self.collect_answers(values) {
                    continue;
                }
                // A mask choice and a period check read confirmed values only.
                // A rollback there (of the heap just proposed) can leave the
                // table at the same length: the step is then taken on the
                // confirmed values, as one thread takes it (not skipped).
                if values.len() >= self.next_mask_choice {
                    if !self.settle(values) && values.len() < self.next_mask_choice {
                        continue;
                    }
                    self.next_mask_choice = next_mask_choice(self.next_mask_choice);
                    self.choose_mask(values);
                }
                if values.len() >= self.next_check {
                    if !self.settle(values) && values.len() < self.next_check {
                        continue;
                    }
                    if let Some(status) = self.check_period(values) {
                        return Step::Done(status);
                    }
                }
                until_tick -= 1;
                if until_tick == 0 {
                    until_tick = TICK_VALUES;
                    if let Some(status) = self.tick(values) {
                        // Stopped: the proposals confirmed (or discarded with
                        // what follows a wrong one), which takes at most a
                        // ring's worth of scans.
                        self.settle(values);
                        return Step::Done(status);
                    }
                }
            }
            if self.settle(values) {
                return Step::Done(Status::Complete);
            }
        }
    }

    /// g(n) from the narrow kernel's `proposal`: offered to the confirming
    /// thread (the proposed value is written for now) when the last rare
    /// position lies far enough behind, or confirmed here.
    fn propose<T: Value>(&mut self, values: &[T], n: usize, proposal: &Proposal) -> u32 {
        let speculate = proposal.common <= T::LIMIT && self.speculating(n);
        if let Some(confirmations) = self.confirmations.as_mut() {
            if speculate {
                if confirmations.offer(n, proposal) {
                    return proposal.common;
                }
                // The ring is full: the confirming thread is behind.
                self.confirmed_here += 1;
            }
        }
        let (value, scanned) = confirm_proposal(self.rule, self.avx2, values, n, proposal);
        self.scanned_pairs += scanned;
        if value != proposal.common {
            self.full_scans += 1;
        }
        value
    }

    /// Whether heap n's value may be proposed: the last rare position lies
    /// far behind (a proposal is wrong only at a new rare position, and
    /// Grundy's game has none after 82,860 up to 2²⁴ at least).
    fn speculating(&self, n: usize) -> bool {
        if self.speculation == Speculation::Always {
            return true;
        }
        let last = self.last_rare.map_or(0, |last| last as usize);
        // Each rollback of this sweep doubles the distance (a game whose rare
        // values go on soon stops proposing).
        let distance = SPECULATION_DISTANCE << self.rolled_back.min(12);
        n >= last.saturating_add(distance)
    }

    /// Collects the confirming thread's answers so far; `false` if one was
    /// wrong and the table was rolled back.
    fn collect_answers<T: Value>(&mut self, values: &mut Vec<T>) -> bool {
        let Some(confirmations) = self.confirmations.as_mut() else {
            return true;
        };
        if !confirmations.collect_due() {
            return true;
        }
        match confirmations.collect() {
            Ok(()) => true,
            Err(mismatch) => {
                self.roll_back(values, mismatch);
                false
            }
        }
    }

    /// Confirms every outstanding proposal (here where the confirming thread
    /// has not yet); `false` if one was wrong and the table was rolled back.
    fn settle<T: Value>(&mut self, values: &mut Vec<T>) -> bool {
        let Some(confirmations) = self.confirmations.as_mut() else {
            return true;
        };
        if !confirmations.is_pending() {
            return true;
        }
        let (rule, avx2) = (self.rule, self.avx2);
        let g = &values[..];
        let settled = confirmations.settle(
            |n, proposal| confirm_proposal(rule, avx2, &g[..n], n, proposal),
            &mut self.scanned_pairs,
        );
        match settled {
            Ok(()) => true,
            Err(mismatch) => {
                self.roll_back(values, mismatch);
                false
            }
        }
    }

    /// A proposal was wrong: g(heap) is `mismatch.value` (a new rare value).
    /// Every value from the heap on is discarded (and uncounted), the true
    /// one written, and everything made from the discarded values dropped:
    /// the outstanding proposals, the batch's marks, a helper's pending
    /// batch (a new rare generation).
    fn roll_back<T: Value>(&mut self, values: &mut Vec<T>, mismatch: Mismatch) {
        if let Some(confirmations) = self.confirmations.as_mut() {
            confirmations.discard();
        }
        if let Some(far) = self.far.as_mut() {
            far.cancel();
        }
        self.rolled_back = self.rolled_back.saturating_add(1);
        let heap = mismatch.heap;
        let discarded: Vec<u32> = values[heap..].iter().map(|value| value.get()).collect();
        for (index, value) in (heap..).zip(discarded) {
            self.uncount(index, value);
        }
        values.truncate(heap);
        self.max_value = self
            .counts
            .iter()
            .rposition(|&count| count > 0)
            .map_or(0, |value| value as u32);
        self.full_scans += 1;
        self.rare_generation += 1;
        self.batch = Batch::default();
        // The true value fits: it is below the proposed one.
        debug_assert!(mismatch.value <= T::LIMIT);
        values.push(T::new(mismatch.value));
        self.pushed(heap, mismatch.value);
    }

    /// Takes value `value` at position `index` out of the counts (a value
    /// rolled back; it was common, so not in the rare list).
    fn uncount(&mut self, index: usize, value: u32) {
        if index == 0 {
            return;
        }
        if let Some(count) = self.counts.get_mut(value as usize) {
            *count -= 1;
        }
        if let Some(count) = self.odd_counts.get_mut(value as usize) {
            *count -= (index & 1) as u64;
        }
    }

    /// Tests periodicity; `Some(Proven)` ends the run.
    fn check_period<T: Value>(&mut self, values: &[T]) -> Option<Status> {
        let len = values.len();
        // Test often enough that a period is proven soon after its values are in.
        self.next_check = len.saturating_add(len / 4).max(len + 1);
        let theorem = self.theorem?;
        if !self.config.stop_when_proven {
            return None;
        }
        let control = &self.control;
        let mut stopped = None;
        let found = self.periods.check(values, Some(theorem), &mut || {
            stopped = stop_status(control);
            stopped.is_some()
        });
        let found = match found {
            Ok(found) => found?,
            Err(_) => return stopped,
        };
        if found.proven {
            self.proven = Some(found);
            return Some(Status::Proven);
        }
        // Test again exactly when this period would be proven, if that is sooner.
        if let Ok(needed) = usize::try_from(theorem.values_needed(found.preperiod, found.period)) {
            if needed > len && needed < self.next_check {
                self.next_check = needed;
            }
        }
        None
    }

    /// The period of the values at the end of a run that proved none on the
    /// way: the search stops with the run's stop flag and deadline (the status
    /// becomes theirs); for a run stopped by Ctrl-C, after
    /// [`STOPPED_RUN_PERIOD_GRACE`], and for one out of time at its first
    /// poll (no period reported then).
    fn final_period<T: Value>(
        &mut self,
        values: &[T],
        status: Status,
    ) -> (Option<Periodicity>, Status) {
        let control = &self.control;
        let grace = Instant::now() + STOPPED_RUN_PERIOD_GRACE;
        let mut stopped = None;
        let found = self
            .periods
            .check(values, self.theorem, &mut || match status {
                Status::Complete | Status::Proven => {
                    stopped = stop_status(control);
                    stopped.is_some()
                }
                // Ctrl-C: the observed period is still worth a moment.
                Status::Interrupted => Instant::now() > grace,
                // A deadline is a budget: not a moment more.
                Status::OutOfTime => true,
            });
        match (found, stopped) {
            (Ok(found), _) => (found, status),
            (Err(_), Some(stopped)) => (None, stopped),
            (Err(_), None) => (None, status),
        }
    }

    fn tick<T: Value>(&mut self, values: &[T]) -> Option<Status> {
        if let Some(status) = stop_status(&self.control) {
            return Some(status);
        }
        let now = Instant::now();
        if now.duration_since(self.last_tick) >= Duration::from_millis(100) {
            self.last_tick = now;
            // Values still to confirm are not reported (nor checkpointed).
            let confirmed = self
                .confirmations
                .as_ref()
                .and_then(Confirmations::first_pending_heap)
                .unwrap_or(values.len());
            let values = &values[..confirmed];
            if let Some(tick) = self.control.tick.as_mut() {
                let progress = Progress {
                    computed: values.len() as u64,
                    target: self.length as u64 - 1,
                    max_value: self.max_value,
                    rare_mask: self.class.mask,
                    rare_position: self.class.position,
                    rare_count: self.rare.len() as u64,
                    elapsed: now.duration_since(self.started),
                };
                tick(&progress, T::table_ref(values));
            }
        }
        None
    }

    /// g(n), or for the narrow kernel possibly a proposal still to confirm.
    fn answer_of<T: Value>(&mut self, g: &[T], n: usize) -> Answer {
        let rule = self.rule;
        let class = self.class;
        let three = !rule.split_three().is_empty();
        if class.position.is_none() && !three {
            // Two-heap splits, classes by the value alone (Grundy's game).
            return match self.config.method {
                Method::Naive => Answer::Final(naive_value(rule, g, n)),
                _ if rule.split_two().is_empty() => Answer::Final(self.plain_value(g, n)),
                Method::Plain => Answer::Final(self.plain_value(g, n)),
                Method::RareCommon if self.class.mask != 0 => self.sparse_value(g, n),
                Method::Auto if self.class.mask != 0 && self.rare.len() * 8 < n => {
                    self.sparse_value(g, n)
                }
                _ => Answer::Final(self.plain_value(g, n)),
            };
        }
        let sparse = class.is_some() && self.rare.len() * 8 < n;
        let general = match self.config.method {
            Method::Naive => return Answer::Final(naive_value(rule, g, n)),
            Method::Plain => return Answer::Final(self.plain_value(g, n)),
            Method::RareCommon => class.is_some(),
            Method::Auto if three && n >= THREE_HEAP_GENERAL_FROM => sparse,
            Method::Auto if sparse => true,
            Method::Auto => return Answer::Final(self.plain_value(g, n)),
        };
        Answer::Final(match self.general_value(g, n, general) {
            Some(value) => value,
            None => self.plain_value(g, n),
        })
    }

    /// Marks the values of the moves that leave no heap or one heap.
    fn mark_takes<T: Value>(&mut self, g: &[T], n: usize) {
        for &removed in self.rule.take_all() {
            if removed == n {
                self.seen[0] = 1;
            }
        }
        for &removed in self.rule.take_one() {
            if removed < n {
                self.seen[g[n - removed].get() as usize] = 1;
            }
        }
    }

    fn plain_value<T: Value>(&mut self, g: &[T], n: usize) -> u32 {
        let rule = self.rule;
        if self.max_value < 64 && rule.split_three().is_empty() {
            // Every option value is below 64: one word of bits.
            let mut bits = take_bits(rule, g, n);
            for &removed in rule.split_two() {
                if n < removed + 2 {
                    continue;
                }
                let m = n - removed;
                let half = pair_half(rule, removed, m);
                bits |= simd::pair_bits(self.avx2, &g[1..=half], &g[m - half..m]);
            }
            return (!bits).trailing_zeros();
        }
        let size = self.seen.len();
        self.seen[..size].fill(0);
        self.mark_takes(g, n);
        for &removed in rule.split_two() {
            if n < removed + 2 {
                continue;
            }
            let m = n - removed;
            let half = pair_half(rule, removed, m);
            mark_pairs(&mut self.seen, &g[1..=half], &g[m - half..m]);
        }
        for &removed in rule.split_three() {
            if n < removed + 3 {
                continue;
            }
            let m = n - removed;
            let unequal = rule.unequal_three(removed);
            for first in 1..=m / 3 {
                let rest = m - first;
                let head = g[first].get();
                for second in first..=rest / 2 {
                    // Pairwise different heaps: first < second < third.
                    if unequal && (second == first || 2 * second == rest) {
                        continue;
                    }
                    let value = head ^ g[second].get() ^ g[rest - second].get();
                    self.seen[value as usize] = 1;
                }
            }
        }
        first_unseen(&self.seen, 0)
    }

    fn sparse_value<T: Value>(&mut self, g: &[T], n: usize) -> Answer {
        self.sparse_heaps += 1;
        if self.max_value < 64 {
            return Answer::Final(self.sparse_value_small(g, n));
        }
        if self.max_value < 256 {
            return self.sparse_value_narrow::<T, 256>(g, n);
        }
        if self.max_value < 512 {
            return self.sparse_value_narrow::<T, 512>(g, n);
        }
        let mask = self.class.mask;
        let size = self.seen.len();
        self.seen[..size].fill(0);
        self.mark_takes(g, n);
        // 1. Every pair with a rare heap: all common option values.
        for &removed in self.rule.split_two() {
            if n < removed + 2 {
                continue;
            }
            let unequal = self.rule.unequal_two(removed);
            let m = n - removed;
            let below = self.rare.partition_point(|&rare| (rare as usize) < m);
            // Grundy's game: the pair m/2 + m/2 is no move.
            let skip = if unequal && m.is_multiple_of(2) {
                self.rare[..below].binary_search(&((m / 2) as u32)).ok()
            } else {
                None
            };
            let (first, second) = match skip {
                Some(index) => (0..index, index + 1..below),
                None => (0..below, below..below),
            };
            for range in [first, second] {
                mark_rare_pairs(
                    &mut self.seen,
                    g,
                    m,
                    &self.rare[range.clone()],
                    &self.rare_values[range],
                );
            }
        }
        // 2. The smallest unseen value: final if common.
        let mut candidate = first_unseen(&self.seen, 0);
        if !is_rare(candidate, mask) {
            return Answer::Final(candidate);
        }
        // 3. Scan common pairs while the candidate is rare.
        for &removed in self.rule.split_two() {
            if n < removed + 2 {
                continue;
            }
            let m = n - removed;
            let half = pair_half(self.rule, removed, m);
            // First the blocks that produced rare values for the previous heap
            // (the values of neighbouring heaps are correlated, so the same
            // regions tend to produce them again), then every block in a
            // scattered order (an odd golden-ratio step modulo a power of two,
            // near blocks first, see `scan_order`): spread samples produce
            // the missing rare values sooner than a sweep from one end.
            let blocks = half.div_ceil(SCAN_BLOCK);
            let hot = std::mem::take(&mut self.hot_blocks);
            let mut found = None;
            for this in scan_order(&hot[..], blocks) {
                let from = 1 + this * SCAN_BLOCK;
                let to = (from + SCAN_BLOCK - 1).min(half);
                let count = to - from + 1;
                self.scanned_pairs += count as u64;
                mark_pairs(&mut self.seen, &g[from..=to], &g[m - to..m - to + count]);
                if self.seen[candidate as usize] != 0 {
                    if self.hot_blocks.len() < MAX_HOT_BLOCKS && !self.hot_blocks.contains(&this) {
                        self.hot_blocks.push(this);
                    }
                    candidate = first_unseen(&self.seen, candidate);
                    if !is_rare(candidate, mask) {
                        found = Some(candidate);
                        break;
                    }
                }
            }
            if let Some(value) = found {
                return Answer::Final(value);
            }
        }
        self.full_scans += 1;
        Answer::Final(candidate)
    }
}

impl Engine<'_, '_> {
    /// [`Engine::sparse_value`] when every value is below 64: the seen values
    /// are one 64-bit word and the scan is the vectorised pair loop.
    fn sparse_value_small<T: Value>(&mut self, g: &[T], n: usize) -> u32 {
        let mask = self.class.mask;
        let mut bits = take_bits(self.rule, g, n);
        for &removed in self.rule.split_two() {
            if n < removed + 2 {
                continue;
            }
            let unequal = self.rule.unequal_two(removed);
            let m = n - removed;
            let window = &g[..m];
            let below = self.rare.partition_point(|&rare| (rare as usize) < m);
            for (&position, &value) in self.rare[..below].iter().zip(&self.rare_values[..below]) {
                let position = position as usize;
                if unequal && 2 * position == m {
                    continue;
                }
                bits |= 1u64 << ((value ^ window[m - position].get()) & 63);
            }
        }
        let mut candidate = (!bits).trailing_zeros();
        if !is_rare(candidate, mask) {
            return candidate;
        }
        for &removed in self.rule.split_two() {
            if n < removed + 2 {
                continue;
            }
            let m = n - removed;
            let half = pair_half(self.rule, removed, m);
            let mut from = 1;
            while from <= half {
                let to = (from + SMALL_SCAN_BLOCK - 1).min(half);
                let count = to - from + 1;
                self.scanned_pairs += count as u64;
                bits |= simd::pair_bits(self.avx2, &g[from..=to], &g[m - to..m - to + count]);
                from = to + 1;
                candidate = (!bits).trailing_zeros();
                if !is_rare(candidate, mask) {
                    return candidate;
                }
            }
        }
        self.full_scans += 1;
        candidate
    }
}

impl Engine<'_, '_> {
    /// [`Engine::sparse_value`] when every value is below `N` (256 or 512
    /// marks; every xor of two values is then below `N` too): the hand-written
    /// loops of `kernel.rs`.
    fn sparse_value_narrow<T: Value, const N: usize>(&mut self, g: &[T], n: usize) -> Answer {
        let mask = self.class.mask;
        let rule = self.rule;
        let avx2 = self.avx2;
        let batch = self.batch;
        if batch.width != N
            || batch.generation != self.rare_generation
            || n < batch.start
            || n >= batch.start + batch.len
        {
            self.start_batch::<T, N>(g, n);
        }
        let batch = self.batch;
        let row = (n - batch.start) * N;
        let Ok(seen) = <&mut [u8; N]>::try_from(&mut self.marks[row..row + N]) else {
            unreachable!("rows hold N marks")
        };
        for &removed in rule.take_all() {
            if removed == n {
                seen[0] = 1;
            }
        }
        for &removed in rule.take_one() {
            if removed < n {
                seen[g[n - removed].get() as usize & (N - 1)] = 1;
            }
        }
        // 1. Every pair with a rare heap: all common option values. Those with
        // a rare position in the batch's far range are marked already; those
        // with a near one are gathered as bits where they can be.
        let mut found = [0u64; 8];
        for &removed in rule.split_two() {
            if n < removed + 2 {
                continue;
            }
            let m = n - removed;
            let unequal = rule.unequal_two(removed);
            let rare = &self.rare;
            // Past twice the last rare position, every rare position but the
            // near ones is in the batch's far range: no search per heap.
            let below = count_below(rare, m);
            let near = batch.near_count.min(below);
            let far_end = if batch.start >= removed {
                let top = batch.start - removed;
                count_below(&rare[..below], top.div_ceil(2))
            } else {
                near
            }
            .max(near);
            for (index, mut range) in [0..near, far_end..below].into_iter().enumerate() {
                // Grundy's game: the pair m/2 + m/2 is no move.
                let skip = if unequal && m.is_multiple_of(2) {
                    rare[range.clone()]
                        .binary_search(&((m / 2) as u32))
                        .ok()
                        .map(|index| range.start + index)
                } else {
                    None
                };
                // The first near positions as bits, where a gather fits them.
                let near_range = index == 0;
                if near_range && skip.is_none() {
                    let gather = self.near_pairs.as_ref();
                    let generation = self.rare_generation;
                    if let Some((count, bits)) =
                        gathered_near_pairs(gather, generation, avx2, g, m, range.end)
                    {
                        or_bits(&mut found, bits);
                        range.start = count;
                    }
                }
                let (first, second) = match skip {
                    Some(index) => (range.start..index, index + 1..range.end),
                    None => (range.clone(), range.end..range.end),
                };
                for part in [first, second] {
                    kernel::rare_pairs(seen, g, m, &rare[part.clone()], &self.rare_values16[part]);
                }
            }
        }
        // 2. The smallest unseen common value c, and the rare values below it
        // not yet seen: g(n) = c once they are all found among the common ⊕
        // common pairs, otherwise the smallest of them not found.
        let (mut common, mut unseen_rare) =
            unseen_rare_below_common(seen, &found, self.common_bits.for_mask(mask));
        if common >= u32::from(self.settled_below[n - batch.start]) {
            // Every tested candidate was given: mark the tested pairs after all
            // (only batches of a rule with one two-heap split test pairs).
            let sampled = &self.sampled;
            for &removed in rule.split_two() {
                kernel::rare_pairs(
                    seen,
                    g,
                    n - removed,
                    &sampled.tested_positions,
                    &sampled.tested_values,
                );
            }
            (common, unseen_rare) =
                unseen_rare_below_common(seen, &found, self.common_bits.for_mask(mask));
        }
        // 3. The scan of common pairs (`confirm_proposal`), here or by the
        // confirming thread.
        let proposal = Proposal {
            common,
            unseen_rare,
        };
        // (Not `== [0; 8]`, which calls `memcmp`: 1.2 % of the sweep's time.)
        if unseen_rare.iter().fold(0, |any, &word| any | word) == 0 {
            Answer::Final(common)
        } else {
            Answer::Proposed(proposal)
        }
    }

    /// Starts a batch of heaps at `n`: clears their rows of marks and marks the
    /// pairs of every heap of the batch with the rare positions r that are at
    /// least the batch's length (so that g(m − r) is known for every heap m of
    /// the batch) and below half the batch's first heap (so that r is below m
    /// and never the equal half of m). For each such r the partners
    /// g(start − r..start − r + len) are contiguous: one pass over a few cache
    /// lines serves every heap of the batch, where heap-by-heap pairing reads a
    /// line per pair.
    fn start_batch<T: Value, const N: usize>(&mut self, g: &[T], n: usize) {
        let len = (BATCH_BYTES / N).min(self.length - n).max(1);
        let key = BatchKey {
            start: n,
            len,
            width: N,
            generation: self.rare_generation,
        };
        let ready = self.far.as_mut().and_then(|far| far.take(key));
        let near = ready.as_ref().map_or(len, |job| job.near);
        self.batch = Batch {
            start: n,
            len,
            width: N,
            generation: self.rare_generation,
            near_count: count_below(&self.rare, near),
        };
        self.gather_near_pairs();
        self.settled_below = [u16::MAX; 64];
        match ready {
            Some(mut job) => {
                // The helper's rows become the batch's rows.
                std::mem::swap(&mut self.marks, &mut job.rows);
                if let Some(far) = self.far.as_mut() {
                    far.recycle(job);
                }
            }
            None => self.mark_far_pairs::<T, N>(g, n, len),
        }
        self.start_next_batch::<T, N>(g, n + len, len);
    }

    /// Makes the gather of the batch's first near rare positions (those up to
    /// [`kernel::NearPairs::REACH`], at most 32: all of them with one
    /// thread, where the near ones are below 64), unless the one at hand was
    /// made for the same positions.
    fn gather_near_pairs(&mut self) {
        let near = &self.rare[..self.batch.near_count];
        let count = near
            .partition_point(|&position| position <= kernel::NearPairs::REACH)
            .min(32);
        let generation = self.rare_generation;
        if self
            .near_pairs
            .as_ref()
            .is_some_and(|gather| (gather.0, gather.1) == (generation, count))
        {
            return;
        }
        self.near_pairs = kernel::NearPairs::new(&near[..count], &self.rare_values16[..count])
            .map(|gather| (generation, count, gather));
    }

    /// Marks the rows of the batch of `len` heaps at `n` with the rare
    /// positions from the batch's length to half its first heap (see
    /// [`Engine::start_batch`]).
    fn mark_far_pairs<T: Value, const N: usize>(&mut self, g: &[T], n: usize, len: usize) {
        if self.marks.len() < len * N {
            self.marks.resize(len * N, 0);
        }
        let (rows, _) = self.marks[..len * N].as_chunks_mut::<N>();
        rows.fill([0; N]);
        let near = self.batch.near_count;
        if self.settle_far_pairs::<T, N>(g, n, len) {
            return;
        }
        let (rows, _) = self.marks[..len * N].as_chunks_mut::<N>();
        for (top, far_end) in far_ranges(self.rule, &self.rare, n) {
            if far_end > near {
                kernel::rare_pairs_batch::<T, N>(
                    rows,
                    g,
                    top,
                    &self.rare[near..far_end],
                    &self.rare_values16[near..far_end],
                );
            }
        }
    }

    /// The far pairs of a full batch with one two-heap split and many far
    /// rare positions: a third marked, the others (those whose partners are
    /// all common) tested against each row's first unmarked common values
    /// (`kernel::settle_candidates`). Whether it was done (otherwise nothing
    /// was marked).
    fn settle_far_pairs<T: Value, const N: usize>(
        &mut self,
        g: &[T],
        n: usize,
        len: usize,
    ) -> bool {
        match N {
            256 => self.settle_far_rows::<T, 256, 64>(g, n, len),
            512 => self.settle_far_rows::<T, 512, 32>(g, n, len),
            _ => false,
        }
    }

    /// [`Engine::settle_far_pairs`] for batches of `L` rows of `N` marks.
    fn settle_far_rows<T: Value, const N: usize, const L: usize>(
        &mut self,
        g: &[T],
        n: usize,
        len: usize,
    ) -> bool {
        let near = self.batch.near_count;
        let common = *self.common_bits.for_mask(self.class.mask);
        let [_] = self.rule.split_two() else {
            return false;
        };
        let mut ranges = far_ranges(self.rule, &self.rare, n);
        let Some((top, far_end)) = ranges.next() else {
            return false;
        };
        // A pair is tested only if every partner is common (above the last
        // rare position): it gives no rare value.
        let last_rare = self.rare.last().map_or(0, |&last| last as usize);
        // Not `clamp(near, far_end)`: a batch close to the start of the
        // table can have fewer far than near rare positions (far_end < near),
        // and `Ord::clamp` panics when its bounds are inverted.
        let testable_end = count_below(&self.rare, top.saturating_sub(last_rare))
            .min(far_end)
            .max(near);
        if len != L
            || !self.avx2
            || common[..N / 64].iter().all(|&bits| bits == 0)
            || testable_end < near + MIN_SAMPLED
        {
            return false;
        }
        self.sampled.split(
            self.rare_generation,
            &self.rare,
            &self.rare_values16,
            [near, testable_end, far_end],
        );
        let Ok(rows) = <&mut [[u8; N]; L]>::try_from(self.marks[..L * N].as_chunks_mut().0) else {
            unreachable!("L rows of N marks")
        };
        let sampled = &self.sampled;
        kernel::rare_pairs_batch(
            &mut rows[..],
            g,
            top,
            &sampled.marked_positions,
            &sampled.marked_values,
        );
        match kernel::settle_candidates(
            self.avx2,
            rows,
            &common,
            g,
            top,
            &sampled.tested_positions,
            &sampled.tested_values,
        ) {
            Some(bounds) => self.settled_below = bounds,
            None => kernel::rare_pairs_batch(
                &mut rows[..],
                g,
                top,
                &sampled.tested_positions,
                &sampled.tested_values,
            ),
        }
        true
    }

    /// With a helper thread: sends it the far pairs of the batch after this
    /// one, starting at `next` (this batch has `len` heaps). Those pairs
    /// involve rare positions of at least `len` + the next batch's length, so
    /// their partners are below the current heap: known, and never written
    /// again.
    fn start_next_batch<T: Value, const N: usize>(&mut self, g: &[T], next: usize, len: usize) {
        // With two threads, the second confirms proposals while the sweep
        // makes them: no third share of work for two cores.
        if self.config.threads < 3 && self.confirmations.is_some() && self.speculating(next) {
            return;
        }
        let Some(far) = self.far.as_mut() else {
            return;
        };
        if next >= self.length {
            return;
        }
        let next_len = (BATCH_BYTES / N).min(self.length - next).max(1);
        let key = BatchKey {
            start: next,
            len: next_len,
            width: N,
            generation: self.rare_generation,
        };
        let near = len + next_len;
        let near_count = count_below(&self.rare, near);
        let far_pairs: usize = far_ranges(self.rule, &self.rare, next)
            .map(|(_, far_end)| far_end.saturating_sub(near_count))
            .sum();
        // A small job costs more to hand over than to mark here.
        if far_pairs < MIN_HELPER_POSITIONS {
            return;
        }
        let Some(mut job) = far.job(key, near) else {
            return;
        };
        for (top, far_end) in far_ranges(self.rule, &self.rare, next) {
            if far_end > near_count {
                job.add_split(
                    top,
                    &self.rare[near_count..far_end],
                    &self.rare_values16[near_count..far_end],
                );
            }
        }
        // SAFETY: `g` is the table so far (the current heap is `g.len()`),
        // whose `Vec` has the capacity of the whole run (reserved in
        // `extend`), so appending never moves it, and values are never
        // rewritten; the job is taken back (or the helper dropped, which
        // waits for it) before the table can change otherwise: at the next
        // batch, or when `extend` returns.
        unsafe { far.start(job, g) };
    }
}

/// For each split of `removed` tokens into two heaps, with the batch's first
/// heap `start`: the top (start − removed) and the number of rare positions
/// below half of it (those whose partners in the batch are all to their right).
fn far_ranges<'a>(
    rule: &'a TakeBreak,
    rare: &'a [u32],
    start: usize,
) -> impl Iterator<Item = (usize, usize)> + 'a {
    rule.split_two()
        .iter()
        .filter(move |&&removed| start >= removed + 2)
        .map(move |&removed| {
            let top = start - removed;
            (top, count_below(rare, top.div_ceil(2)))
        })
}

#[cfg(test)]
/// Whether the processor has AVX2 (for the vector loops).
pub(crate) fn has_avx2() -> bool {
    simd::has_avx2()
}

/// Marks value ⊕ g(m − position) for each rare position and its value.
#[inline]
fn mark_rare_pairs<T: Value>(
    seen: &mut [u8],
    g: &[T],
    m: usize,
    positions: &[u32],
    values: &[u32],
) {
    let last = seen.len() - 1; // seen.len() is a power of two above every xor
    let g = &g[..m];
    for (&position, &value) in positions.iter().zip(values) {
        let other = g[m - position as usize].get();
        seen[(value ^ other) as usize & last] = 1;
    }
}

/// Marks g(lo[i]) ⊕ g(hi[len − 1 − i]) for every i (pairs a, m − a).
#[inline]
fn mark_pairs<T: Value>(seen: &mut [u8], lo: &[T], hi: &[T]) {
    if T::BYTES == 1 {
        // One-byte values: every xor is below 256, and a fixed-size array
        // needs no bounds check in the loop.
        if let Some(bytes) = seen.get_mut(..256) {
            if let Ok(bytes) = <&mut [u8; 256]>::try_from(bytes) {
                for (low, high) in lo.iter().zip(hi.iter().rev()) {
                    bytes[((low.get() ^ high.get()) & 255) as usize] = 1;
                }
                return;
            }
        }
    }
    let last = seen.len() - 1; // seen.len() is a power of two above every xor
    for (low, high) in lo.iter().zip(hi.iter().rev()) {
        seen[(low.get() ^ high.get()) as usize & last] = 1;
    }
}

/// The first index ≥ `from` whose byte is 0 (the table is sized so one exists).
fn first_unseen(seen: &[u8], from: u32) -> u32 {
    let from = from as usize;
    seen[from..]
        .iter()
        .position(|&mark| mark == 0)
        .map_or(seen.len(), |offset| from + offset) as u32
}

/// Whether `value` is rare under `mask`: an even number of masked bits.
#[inline]
pub fn is_rare(value: u32, mask: u32) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

/// The non-zero mask with the fewest rare positions for the value counts
/// `counts` (0 when every value is 0), by a Walsh–Hadamard transform.
///
/// ```
/// use sprague_takebreak::sweep::best_mask;
/// // Values 1 and 3 are common, 0 and 2 are rare under mask 1.
/// assert_eq!(best_mask(&[1, 50, 2, 40]), 1);
/// ```
pub fn best_mask(counts: &[u64]) -> u32 {
    if counts.len() <= 1 {
        return 0;
    }
    let size = counts.len().next_power_of_two();
    let mut transform: Vec<i64> = counts.iter().map(|&count| count as i64).collect();
    transform.resize(size, 0);
    walsh_hadamard(&mut transform);
    // transform[M] = rare − common; the fewest rare is the smallest transform.
    (1..size)
        .min_by_key(|&mask| (transform[mask], mask))
        .map_or(0, |mask| mask as u32)
}

/// The last smaller heap a of the two-heap splits a + (m − a) of `m` tokens
/// left after removing `removed`: m/2, or (m − 1)/2 when the rule wants the
/// heaps unequal (Grundy's game: the pair m/2 + m/2 is no move).
fn pair_half(rule: &TakeBreak, removed: usize, m: usize) -> usize {
    if rule.unequal_two(removed) {
        (m - 1) / 2
    } else {
        m / 2
    }
}

/// The values of the moves of heap `n` that leave no heap or one heap, as
/// bits (for rules whose values are all below 64).
fn take_bits<T: Value>(rule: &TakeBreak, g: &[T], n: usize) -> u64 {
    let mut bits = 0u64;
    for &removed in rule.take_all() {
        if removed == n {
            bits |= 1;
        }
    }
    for &removed in rule.take_one() {
        if removed < n {
            bits |= 1u64 << g[n - removed].get();
        }
    }
    bits
}

/// The number of (sorted) rare positions below `bound`: all of them, without
/// a search, once the last is below it.
fn count_below(rare: &[u32], bound: usize) -> usize {
    match rare.last() {
        Some(&last) if (last as usize) < bound => rare.len(),
        _ => rare.partition_point(|&rare| (rare as usize) < bound),
    }
}

/// The values below 512 that are common under a mask, as bits (cached: the
/// mask changes rarely).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct CommonBits {
    mask: u32,
    bits: [u64; 8],
}

impl CommonBits {
    fn for_mask(&mut self, mask: u32) -> &[u64; 8] {
        if self.mask != mask {
            self.mask = mask;
            self.bits = [0; 8];
            for value in 0..512u32 {
                if !is_rare(value, mask) {
                    self.bits[value as usize / 64] |= 1 << (value % 64);
                }
            }
        }
        &self.bits
    }
}

/// The values of heap `m`'s pairs with the first rare positions as bits, and
/// how many positions they are, when `gather` was made for them in this rare
/// `generation` and they lie among the first `near` (all below `m`); `None`
/// otherwise (then every pair goes through the scalar loop).
fn gathered_near_pairs<T: Value>(
    gather: Option<&(u64, usize, kernel::NearPairs)>,
    generation: u64,
    avx2: bool,
    g: &[T],
    m: usize,
    near: usize,
) -> Option<(usize, [u64; 8])> {
    let (made_for, count, gather) = gather?;
    if *made_for != generation || *count > near {
        return None;
    }
    Some((*count, gather.bits(avx2, T::as_bytes(g)?, m)?))
}

/// Adds the values of `bits` to `found` (both as bits: value v is bit v mod
/// 64 of word v / 64).
fn or_bits(found: &mut [u64; 8], bits: [u64; 8]) {
    for (found, bits) in found.iter_mut().zip(bits) {
        *found |= bits;
    }
}

/// The smallest common value neither marked in `seen` nor in `found` (the
/// row's length if none), and the rare values below it in neither, as bits.
fn unseen_rare_below_common(seen: &[u8], found: &[u64; 8], common: &[u64; 8]) -> (u32, [u64; 8]) {
    let mut unseen = [0u64; 8];
    let smallest = unseen_below_common(seen, found, common, |first, bits| {
        unseen[first as usize / 64] = bits;
    });
    (smallest, unseen)
}

/// Step 3 of the narrow kernel: g(n) from the proposal of steps 1–2, and the
/// common pairs scanned. The first blocks of common pairs in the scan order
/// collect their values below c as bits: the many easy rare values, without a
/// branch or a store per pair. The other blocks go through the vector
/// membership test of `kernel::scan_needed`, which stops when every unseen
/// rare value below c is found (then g(n) = c); otherwise g(n) is the
/// smallest not found. Reads only g(0..n): the sweep's own thread runs it, or
/// the confirming thread (`confirmation.rs`).
pub(crate) fn confirm_proposal<T: Value>(
    rule: &TakeBreak,
    avx2: bool,
    g: &[T],
    n: usize,
    proposal: &Proposal,
) -> (u32, u64) {
    let common = proposal.common;
    let scans = rule
        .split_two()
        .iter()
        .filter(|&&removed| n >= removed + 2)
        .map(|&removed| {
            let m = n - removed;
            let half = pair_half(rule, removed, m);
            (m, half, half.div_ceil(NARROW_SCAN_BLOCK))
        });
    let mut scanned = 0;
    let mut collected = [0u64; 8];
    for (m, half, blocks) in scans.clone() {
        let pairs = kernel::PairBlocks {
            g,
            m,
            half,
            block: NARROW_SCAN_BLOCK,
        };
        let order = scan_order(&[], blocks).take(COLLECTED_SCAN_BLOCKS);
        let (count, values) = kernel::common_values_below(avx2, pairs, order, common);
        scanned += count;
        or_bits(&mut collected, values);
    }
    // The values collected lie below c: c stays the smallest unseen common
    // value, and the needed values are the unseen rare ones not collected.
    let mut needed = kernel::Needed::default();
    for (word, (&unseen, &collected)) in (0u32..).zip(proposal.unseen_rare.iter().zip(&collected)) {
        let mut bits = unseen & !collected;
        while bits != 0 {
            needed.insert(word * 64 + bits.trailing_zeros());
            bits &= bits - 1;
        }
    }
    for (m, half, blocks) in scans {
        if needed.is_empty() {
            break;
        }
        let pairs = kernel::PairBlocks {
            g,
            m,
            half,
            block: NARROW_SCAN_BLOCK,
        };
        let order = scan_order(&[], blocks).skipping(COLLECTED_SCAN_BLOCKS);
        scanned += kernel::scan_needed(avx2, &mut needed, pairs, order);
    }
    (needed.min().unwrap_or(common), scanned)
}

/// The smallest common value neither marked in `seen` nor in `found` (the
/// row's length if none); calls `rare` with the rare values below it in
/// neither, as the first value of a 64-value word and the word's bits.
/// `found` and `common` hold values as bits (value v is bit v mod 64 of word
/// v / 64); `seen` is 256 or 512 marks long.
#[inline]
fn unseen_below_common(
    seen: &[u8],
    found: &[u64; 8],
    common: &[u64; 8],
    mut rare: impl FnMut(u32, u64),
) -> u32 {
    let words = seen.chunks_exact(64).zip(found).zip(common);
    for (word, ((chunk, &found), &common)) in (0u32..).zip(words) {
        let unseen = kernel::unmarked_bits(chunk) & !found;
        let unseen_common = unseen & common;
        let below = match unseen_common {
            0 => u64::MAX,
            bits => (1u64 << bits.trailing_zeros()) - 1,
        };
        let unseen_rare = unseen & !common & below;
        if unseen_rare != 0 {
            rare(word * 64, unseen_rare);
        }
        if unseen_common != 0 {
            return word * 64 + unseen_common.trailing_zeros();
        }
    }
    seen.len() as u32
}

/// The order in which scan blocks are visited: the blocks found productive for
/// the previous heap first (those still in range), then the blocks below
/// [`NEAR_SCAN_BLOCKS`] in a scattered order, then the others in another.
fn scan_order(hot: &[usize], blocks: usize) -> ScanOrder<'_> {
    ScanOrder {
        hot: hot.iter(),
        blocks,
        near: scatter_step(blocks.min(NEAR_SCAN_BLOCKS)),
        far: scatter_step(blocks),
        index: 0,
    }
}

/// A scattered order of the blocks below a power of two, `mask + 1`:
/// index i visits block (i · `step`) mod (`mask` + 1), `step` odd (so every
/// block once); blocks beyond the heap's are skipped. The order depends on
/// the power of two only, so heaps whose block counts differ (by one every
/// 128 heaps) visit their blocks in the same order, whose lines stay in the
/// cache.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ScatterStep {
    mask: usize,
    step: usize,
}

impl ScatterStep {
    /// The block visited at `index`.
    fn block(self, index: usize) -> usize {
        index.wrapping_mul(self.step) & self.mask
    }
}

/// The iterator of [`scan_order`] (a named type, small enough to inline into
/// the vector scan loops).
#[derive(Debug, Clone)]
struct ScanOrder<'h> {
    hot: std::slice::Iter<'h, usize>,
    blocks: usize,
    /// The order of the blocks below the near universe (`near.mask + 1`).
    near: ScatterStep,
    /// The order of every block; those below the near universe are skipped.
    far: ScatterStep,
    /// Indices up to `near.mask` are near ones, then far ones.
    index: usize,
}

impl ScanOrder<'_> {
    /// The order without its first `count` blocks.
    fn skipping(mut self, count: usize) -> Self {
        let near_left = (self.near.mask + 1).saturating_sub(self.index);
        if self.hot.len() == 0 && self.blocks > self.near.mask && count <= near_left {
            // Every near block is the heap's: each index gives one.
            self.index += count;
            return self;
        }
        for _ in 0..count {
            self.next();
        }
        self
    }
}

impl Iterator for ScanOrder<'_> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        for &hot in self.hot.by_ref() {
            if hot < self.blocks {
                return Some(hot);
            }
        }
        while self.index <= self.near.mask {
            let this = self.near.block(self.index);
            self.index += 1;
            if this < self.blocks {
                return Some(this);
            }
        }
        // Then the far indices: every block again, the near ones skipped
        // (none left when the near universe holds every block).
        let near_universe = self.near.mask + 1;
        while self.far.mask >= near_universe && self.index - near_universe <= self.far.mask {
            let this = self.far.block(self.index - near_universe);
            self.index += 1;
            if this >= near_universe && this < self.blocks {
                return Some(this);
            }
        }
        None
    }
}

/// The scattered order for `blocks` blocks: the next power of two, and the
/// odd number nearest 0.618 times it (a golden-ratio step jumps far).
fn scatter_step(blocks: usize) -> ScatterStep {
    let universe = blocks.max(1).next_power_of_two();
    ScatterStep {
        mask: universe - 1,
        step: (universe as f64 * 0.618) as usize | 1,
    }
}

fn next_mask_choice(current: usize) -> usize {
    if current < 1 << 16 {
        current * 2
    } else {
        current + (1 << 16)
    }
}

/// The reference: every option listed by [`sprague_engine::HeapFamily`], mex by a set.
fn naive_value<T: Value>(rule: &TakeBreak, g: &[T], n: usize) -> u32 {
    use sprague_engine::HeapFamily;
    let mut seen = MexSet::new();
    rule.for_each_option(n as u64, &mut |parts| {
        let value = parts.iter().fold(0u64, |total, &part| {
            total ^ u64::from(g[part as usize].get())
        });
        seen.insert(value);
    });
    seen.mex() as u32
}

mod simd {
    //! The pair loop `OR of 1 << (g(a) ⊕ g(m − a))`, compiled twice: for the
    //! baseline target and with AVX2 (variable shifts per lane), chosen at run time.

    use crate::table::Value;

    /// Whether the processor has AVX2.
    pub fn has_avx2() -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            std::arch::is_x86_feature_detected!("avx2")
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    }

    #[inline(always)]
    fn pair_bits_generic<T: Value>(lo: &[T], hi: &[T]) -> u64 {
        let mut bits = 0u64;
        for (low, high) in lo.iter().zip(hi.iter().rev()) {
            bits |= 1u64 << ((low.get() ^ high.get()) & 63);
        }
        bits
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn pair_bits_avx2<T: Value>(lo: &[T], hi: &[T]) -> u64 {
        pair_bits_generic(lo, hi)
    }

    /// OR of `1 << (lo[i] ⊕ hi[len − 1 − i])` (every value below 64).
    #[inline]
    pub fn pair_bits<T: Value>(avx2: bool, lo: &[T], hi: &[T]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if avx2 {
            // SAFETY: `avx2` is true only when `has_avx2()` found the feature on
            // this processor, which is all `pair_bits_avx2` requires.
            return unsafe { pair_bits_avx2(lo, hi) };
        }
        let _ = avx2;
        pair_bits_generic(lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(rule: &TakeBreak, to: u64, method: Method) -> Vec<u32> {
        let config = Config {
            to,
            horizon: to,
            stop_when_proven: false,
            method,
            threads: 1,
        };
        run(rule, config, None, Control::default())
            .unwrap()
            .table
            .to_vec()
    }

    #[test]
    fn the_scan_order_visits_every_block_once_near_ones_first() {
        for blocks in [0usize, 1, 2, 3, 7, 100, 1023, 1024, 1025, 3000, 4096, 5000] {
            let order: Vec<usize> = scan_order(&[], blocks).collect();
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..blocks).collect::<Vec<_>>(), "{blocks} blocks");
            let near = blocks.min(NEAR_SCAN_BLOCKS);
            assert!(order[..near].iter().all(|&block| block < NEAR_SCAN_BLOCKS));
            for count in [0, 1, 8, 40] {
                let skipped: Vec<usize> = scan_order(&[], blocks).skipping(count).collect();
                assert_eq!(
                    skipped,
                    order[count.min(blocks)..],
                    "{blocks} blocks, {count} skipped"
                );
            }
        }
        // Hot blocks come first, those beyond the heap's dropped.
        let hot = [5, 2000, 9];
        let order: Vec<usize> = scan_order(&hot, 1500).take(3).collect();
        assert_eq!(order[..2], [5, 9]);
    }

    #[test]
    fn methods_agree_on_grundys_game() {
        let grundy = TakeBreak::grundy();
        let naive = values(&grundy, 600, Method::Naive);
        for method in [Method::Plain, Method::RareCommon, Method::Auto] {
            assert_eq!(values(&grundy, 600, method), naive, "{method:?}");
        }
    }

    #[test]
    fn a_helper_thread_gives_the_same_values() {
        // Grundy's game: most rare positions are in the far range from a few
        // thousand heaps on, so the helper marks most pairs (545 of the 625
        // batches to 40,000); the mask is re-chosen at powers of two (a new
        // generation drops the helper's batch). The second run resumes from a
        // two-byte table.
        let grundy = TakeBreak::grundy();
        let one = Config {
            stop_when_proven: false,
            ..Config::up_to(40_000)
        };
        let single = run(&grundy, one, None, Control::default()).unwrap();
        let two = Config { threads: 2, ..one };
        let helped = run(&grundy, two, None, Control::default()).unwrap();
        assert_eq!(helped.table, single.table);
        // Batches were handed over (marked by the helper, or taken back when
        // it had no core); none with one thread.
        assert!(helped.stats.helper_batches + helped.stats.taken_back_batches > 0);
        assert_eq!(
            single.stats.helper_batches + single.stats.taken_back_batches,
            0
        );
        let one = Config {
            stop_when_proven: false,
            ..Config::up_to(20_000)
        };
        let single = run(&grundy, one, None, Control::default())
            .unwrap()
            .table
            .to_vec();
        let start = ValueTable::U16(single[..5_000].iter().map(|&value| value as u16).collect());
        let two = Config { threads: 2, ..one };
        let helped = run(&grundy, two, Some(start), Control::default()).unwrap();
        assert_eq!(helped.table.bytes_per_value(), 2);
        assert_eq!(helped.table.to_vec(), single);
    }

    #[test]
    fn a_confirming_thread_gives_the_same_values() {
        // Grundy's game: the last rare position is 82,860. The sweep
        // proposes values once 2^14 heaps have passed without a new one, and
        // a new rare value after that rolls it back and doubles the wait: it
        // proposes from 82,860 + 2^15 = 115,628 on at the latest, and no
        // proposal after that is wrong.
        let grundy = TakeBreak::grundy();
        let one = Config {
            stop_when_proven: false,
            ..Config::up_to(140_000)
        };
        let single = run(&grundy, one, None, Control::default()).unwrap();
        let two = Config { threads: 2, ..one };
        let confirmed = run(&grundy, two, None, Control::default()).unwrap();
        assert_eq!(confirmed.table, single.table);
        let stats = &confirmed.stats;
        assert!(
            stats.confirmed_there + stats.confirmed_here > 10_000,
            "{stats:?}"
        );
        assert!(stats.rollbacks <= 2, "{stats:?}");
        assert_eq!(
            single.stats.confirmed_there + single.stats.confirmed_here,
            0
        );
    }

    #[test]
    fn wrong_proposals_are_rolled_back() {
        // Proposing at every heap of the narrow kernel, also among the rare
        // positions: each rare value there is a wrong proposal, found by the
        // confirming thread or by the sweep, and rolled back. Grundy's game
        // (one-byte values, 256 marks per heap) and 0.6 (values past 255: a
        // wider table and 512 marks per heap), from the start and resumed;
        // with two threads, and with three (the far-marks helper's pending
        // batch is then dropped at each rollback).
        for (rule, to) in [
            (TakeBreak::grundy(), 20_000),
            (TakeBreak::octal("0.6").unwrap(), 14_000),
        ] {
            let one = Config {
                stop_when_proven: false,
                ..Config::up_to(to)
            };
            let single = run(&rule, one, None, Control::default()).unwrap();
            let values = single.table.to_vec();
            for threads in [2, 3] {
                let config = Config { threads, ..one };
                let always = Speculation::Always;
                let rolled = run_with(&rule, config, None, Control::default(), always).unwrap();
                let code = rule.identity();
                assert_eq!(rolled.table, single.table, "{code}, {threads} threads");
                assert!(rolled.stats.rollbacks > 0, "{:?}", rolled.stats);
                assert_eq!(rolled.stats.max_value, single.stats.max_value);
                assert_eq!(rolled.stats.rare_count, single.stats.rare_count);
                let start = ValueTable::U16(
                    values[..to as usize / 3]
                        .iter()
                        .map(|&value| value as u16)
                        .collect(),
                );
                let resumed =
                    run_with(&rule, config, Some(start), Control::default(), always).unwrap();
                assert_eq!(resumed.table.to_vec(), values, "{code}, {threads} threads");
            }
        }
    }

    /// Rollbacks at scale, for a release build and a machine busy or quiet:
    /// `SPRAGUE_STRESS_ROUNDS=20 cargo test --release -p sprague-takebreak
    /// --lib stress_rollbacks -- --ignored`.
    #[test]
    #[ignore = "minutes in a debug build; run by hand in release"]
    fn stress_rollbacks() {
        let rounds: usize = std::env::var("SPRAGUE_STRESS_ROUNDS")
            .ok()
            .and_then(|text| text.parse().ok())
            .unwrap_or(3);
        let games = [
            (TakeBreak::grundy(), 400_000),
            (TakeBreak::octal("0.6").unwrap(), 150_000),
        ];
        let singles: Vec<_> = games
            .iter()
            .map(|(rule, to)| {
                let one = Config {
                    stop_when_proven: false,
                    ..Config::up_to(*to)
                };
                (one, run(rule, one, None, Control::default()).unwrap())
            })
            .collect();
        for round in 0..rounds {
            for ((rule, _), (one, single)) in games.iter().zip(&singles) {
                for threads in [2, 3] {
                    for speculation in [Speculation::Always, Speculation::AfterRareValues] {
                        let config = Config { threads, ..*one };
                        let outcome =
                            run_with(rule, config, None, Control::default(), speculation).unwrap();
                        assert_eq!(
                            outcome.table,
                            single.table,
                            "round {round}, {}, {threads} threads, {speculation:?}",
                            rule.identity()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_panic_in_the_sweep_with_a_helper_thread_propagates() {
        // The tick callback panics (as `eprintln!` does when stderr is gone)
        // while the helper thread waits for a batch: the panic must reach the
        // caller, not leave the scope waiting for the helper forever.
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let result = std::panic::catch_unwind(|| {
                let config = Config {
                    threads: 2,
                    stop_when_proven: false,
                    ..Config::up_to(10_000_000)
                };
                let control = Control {
                    tick: Some(Box::new(|_: &Progress, _: TableRef<'_>| panic!("tick"))),
                    ..Control::default()
                };
                run(&TakeBreak::grundy(), config, None, control).map(|outcome| outcome.status)
            });
            let _ = sender.send(result.is_err());
        });
        let panicked = receiver
            .recv_timeout(Duration::from_secs(60))
            .expect("the run hung after a panic in the sweep");
        assert!(panicked);
    }

    #[test]
    fn methods_agree_on_a_hexadecimal_code() {
        let hex = TakeBreak::hexadecimal("0.F8").unwrap();
        let naive = values(&hex, 150, Method::Naive);
        assert_eq!(values(&hex, 150, Method::Auto), naive);
    }
}
