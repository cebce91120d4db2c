//! Surveys: every take-and-break code of a shape, classified.
//!
//! A pattern such as `0.??` or `4.???` stands for every octal code with those
//! digits (`?` is any digit 0–7). Each game is swept within a budget of values
//! and of time; its row says whether the period was proven (the generalised
//! Guy–Smith theorem, [`crate::period`]), with preperiod, period, largest value
//! and rare mask, or that it is still open within the budget.
//!
//! Equivalent games are grouped twice. `same_as` names the first earlier game
//! with the same status and the same computed values (same count, same
//! checksum). `equivalent_to` groups games **up to a shift of heap sizes**, as
//! the published tables do (*Winning Ways*, ch. 4, Table 6 and its game locator;
//! A. Flammenkamp's octal-game tables): g(n + k) = g_rep(n) for every n, proven
//! when both periods are proven, else observed on the computed values (see
//! [`crate::equivalence`]). Dawson's Kayles 0.07 and 0.4 join Dawson's chess
//! 0.137 with shifts 1 and 2; 0.42 joins 0.4 although its sweep stopped at
//! another length.

use std::time::{Duration, Instant};

use crate::equivalence::{group_by_shift, Evidence, KnownValues};
use crate::rule::{CodeError, TakeBreak};
use crate::sweep::{run, Config, Control, Status};

/// The default budget of a survey: at most 2^18 values per game while trying to prove its
/// period. A budget of values (not of seconds) makes the table the same on any machine, at
/// any load; every face (the command line's `survey`, the Python `sprague.survey`) uses it.
pub const DEFAULT_BUDGET: u64 = 1 << 18;

/// The longest time per game a survey takes (about 11 days); a survey with no time limit
/// (the default) runs with this one, which the budget of values always reaches first.
pub const MAX_TIME: Duration = Duration::from_secs(1_000_000);

/// The number of games surveyed at once for a request of `requested` threads: 0 means one
/// per core (the default of every face), and at most 64.
///
/// ```
/// use sprague_takebreak::survey::thread_count;
/// assert_eq!(thread_count(3), 3);
/// assert!(thread_count(0) >= 1);
/// assert_eq!(thread_count(1000), 64);
/// ```
pub fn thread_count(requested: usize) -> usize {
    match requested {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .clamp(1, 64)
}

/// How a game of a survey ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// No moves, or every value 0 (the player to move always loses).
    Trivial,
    /// The period is proven.
    Periodic,
    /// No period proven within the budget.
    Unsolved,
}

impl Verdict {
    /// The word used in tables.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Trivial => "trivial",
            Verdict::Periodic => "periodic",
            Verdict::Unsolved => "unsolved",
        }
    }
}

/// One game of a survey.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SurveyRow {
    /// The code.
    pub code: String,
    /// The verdict.
    pub verdict: Verdict,
    /// n₀, when proven.
    pub preperiod: Option<u64>,
    /// p, when proven.
    pub period: Option<u64>,
    /// The largest value computed.
    pub max_value: u32,
    /// The rare mask at the end (0: none).
    pub rare_mask: u32,
    /// `Some(t)`: the parity of the position n + t counts in the rare class.
    pub rare_position: Option<u32>,
    /// Values computed.
    pub computed: u64,
    /// The checksum of the values computed (for grouping equivalent games).
    pub checksum: u64,
    /// The first code of the group of games with the same values, if not this one.
    pub same_as: Option<String>,
    /// The representative of this game's group up to a shift of heap sizes, if not this game.
    pub equivalent_to: Option<EquivalentTo>,
    /// Time spent on the game.
    pub elapsed: Duration,
}

/// A game's place in its group of games equal up to a shift of heap sizes:
/// g(n + shift) = g_code(n) for every n ≥ 0 ([`Evidence::Proven`]) or for
/// n < `compared` ([`Evidence::ComputedRange`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EquivalentTo {
    /// The code of the group's representative (its values are a tail of every member's).
    pub code: String,
    /// k ≥ 0: a heap of n + k in this game plays like a heap of n in `code`.
    pub shift: u64,
    /// Proven for every heap, or observed on the computed values only.
    pub evidence: Evidence,
    /// How many values of the representative were compared.
    pub compared: u64,
}

/// The codes matching `pattern`: `?` is any octal digit.
///
/// # Errors
/// [`CodeError`] when the pattern is not a code with `?` digits.
///
/// ```
/// use sprague_takebreak::survey::codes;
/// assert_eq!(codes("0.?").unwrap().len(), 8);
/// assert_eq!(codes("4.??").unwrap().len(), 64);
/// ```
pub fn codes(pattern: &str) -> Result<Vec<String>, CodeError> {
    let invalid = |reason: &str| CodeError {
        kind: "octal",
        code: pattern.to_string(),
        reason: reason.to_string(),
    };
    if pattern.trim().to_lowercase().starts_with("hex:") {
        return Err(invalid(
            "surveys take octal patterns such as 0.?? or 4.???; hexadecimal codes are analysed one at a time (sprague values hex:CODE)",
        ));
    }
    let pattern = pattern
        .trim()
        .strip_prefix("octal:")
        .unwrap_or(pattern.trim());
    let wild = pattern.matches('?').count();
    if wild > 5 {
        return Err(invalid("at most 5 '?' digits (32,768 games) per survey"));
    }
    if !pattern.contains('.') {
        return Err(invalid(
            "a survey pattern is a code with '?' digits, e.g. 0.?? or 4.???",
        ));
    }
    let mut codes = Vec::new();
    for number in 0..8usize.pow(wild as u32) {
        let mut rest = number;
        let mut digits = vec![0usize; wild];
        for digit in digits.iter_mut().rev() {
            *digit = rest % 8;
            rest /= 8;
        }
        let mut next = digits.into_iter();
        let code: String = pattern
            .chars()
            .map(|character| match character {
                '?' => char::from(b'0' + next.next().unwrap_or(0) as u8),
                other => other,
            })
            .collect();
        TakeBreak::octal(&code)?;
        codes.push(code);
    }
    Ok(codes)
}

/// Surveys every code matching `pattern`, each within `budget` values and
/// `time` seconds, on `threads` threads; rows in code order.
///
/// # Errors
/// [`CodeError`] for a pattern that is not a code with `?` digits.
///
/// ```
/// use std::time::Duration;
/// use sprague_takebreak::survey::{survey, Verdict};
/// let rows = survey("0.?7", 4096, Duration::from_secs(5), 1).unwrap();
/// let dawson = rows.iter().find(|row| row.code == "0.07").unwrap();
/// assert_eq!((dawson.verdict, dawson.preperiod, dawson.period), (Verdict::Periodic, Some(53), Some(34)));
/// ```
pub fn survey(
    pattern: &str,
    budget: u64,
    time: Duration,
    threads: usize,
) -> Result<Vec<SurveyRow>, CodeError> {
    survey_codes(&codes(pattern)?, budget, time, threads)
}

/// Surveys the octal `codes` given (e.g. games of different families or digit
/// counts, to group them together), like [`survey`]; rows in the order given.
/// `threads` as [`thread_count`] reads it (0: one per core).
///
/// # Errors
/// [`CodeError`] for a code that is not an octal code.
///
/// ```
/// use std::time::Duration;
/// use sprague_takebreak::survey::survey_codes;
/// let codes = ["0.07", "0.137", "0.4"].map(String::from);
/// let rows = survey_codes(&codes, 4096, Duration::from_secs(5), 1).unwrap();
/// let dawson = rows[0].equivalent_to.as_ref().unwrap();
/// assert_eq!((dawson.code.as_str(), dawson.shift), ("0.137", 1));
/// assert_eq!(rows[2].equivalent_to.as_ref().map(|found| found.shift), Some(2));
/// ```
pub fn survey_codes(
    codes: &[String],
    budget: u64,
    time: Duration,
    threads: usize,
) -> Result<Vec<SurveyRow>, CodeError> {
    survey_codes_observed(codes, budget, time, threads, &|_| {})
}

/// How far a survey is, for progress lines: games finished of the total, the game a
/// worker has started or is running, and the values computed of the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SurveyProgress<'a> {
    /// Games finished.
    pub done: usize,
    /// Games in the survey.
    pub total: usize,
    /// The code a worker has started or is running.
    pub current: &'a str,
    /// Values computed so far, summed over the games: each running game's (at most the
    /// budget), and the whole budget of each finished game (one proven periodic or out of
    /// time early counts whole), so that the count reaches [`SurveyProgress::values_total`].
    pub values: u64,
    /// The budget times the games (saturating).
    pub values_total: u64,
}

/// [`survey_codes`], telling `observe` (from the worker threads) each time a game starts
/// and, about ten times a second, how far the running games are (the take-and-break
/// engine's tick), so that a progress line moves within a game too.
///
/// # Errors
/// As [`survey_codes`].
///
/// ```
/// use std::sync::Mutex;
/// use std::time::Duration;
/// use sprague_takebreak::survey::survey_codes_observed;
/// let codes = ["0.07", "0.137"].map(String::from);
/// let seen = Mutex::new(Vec::new());
/// let last = Mutex::new(0);
/// survey_codes_observed(&codes, 4096, Duration::from_secs(5), 1, &|progress| {
///     seen.lock().unwrap().push((progress.done, progress.current.to_string()));
///     assert!(progress.values <= progress.values_total);
///     *last.lock().unwrap() = progress.values;
/// })
/// .unwrap();
/// let mut seen = seen.into_inner().unwrap();
/// seen.dedup();
/// assert_eq!(seen, [(0, "0.07".to_string()), (1, "0.137".to_string())]);
/// // Observed as the second game starts: the first counts its whole budget.
/// assert!(last.into_inner().unwrap() >= 4096);
/// ```
pub fn survey_codes_observed(
    codes: &[String],
    budget: u64,
    time: Duration,
    threads: usize,
    observe: &(dyn Fn(SurveyProgress<'_>) + Sync),
) -> Result<Vec<SurveyRow>, CodeError> {
    for code in codes {
        TakeBreak::octal(code)?;
    }
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
    let threads = thread_count(threads);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let values = AtomicU64::new(0);
    let values_total = (codes.len() as u64).saturating_mul(budget);
    let credit = |delta: u64| {
        let _ = values.fetch_update(Relaxed, Relaxed, |v| Some(v.saturating_add(delta)));
    };
    let mut parts: Vec<Option<SurveyPart>> = vec![None; codes.len()];
    let results = std::sync::Mutex::new(Vec::new());
    let work = || loop {
        let index = next.fetch_add(1, Relaxed);
        let Some(code) = codes.get(index) else {
            break;
        };
        let progress = || SurveyProgress {
            done: done.load(Relaxed),
            total: codes.len(),
            current: code,
            values: values.load(Relaxed),
            values_total,
        };
        observe(progress());
        // The values of this game counted so far (at most the budget).
        let mut credited = 0u64;
        let part = survey_one(code, budget, time, &mut |computed| {
            let now = computed.min(budget);
            if now > credited {
                credit(now - credited);
                credited = now;
            }
            observe(progress());
        });
        credit(budget - credited);
        done.fetch_add(1, Relaxed);
        if let Ok(mut results) = results.lock() {
            results.push((index, part));
        }
    };
    std::thread::scope(|scope| {
        // Helpers where the system grants threads (a refused one is one helper fewer);
        // this thread works too, so the survey is done whatever is refused.
        for _ in 1..threads {
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
    for (index, part) in results.into_inner().unwrap_or_default() {
        parts[index] = part;
    }
    Ok(assemble(parts.into_iter().flatten().collect()))
}

/// One game of a survey computed on its own — on another thread, process or
/// machine (the Python module fans a survey out over a Dask cluster) — to be
/// grouped with the others by [`assemble`]. [`SurveyPart::to_bytes`] and
/// [`SurveyPart::from_bytes`] carry it between processes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SurveyPart {
    row: SurveyRow,
    known: KnownValues,
}

/// Surveys one code within `budget` values and `time`, for [`assemble`].
///
/// # Errors
/// [`CodeError`] for a code that is not an octal code.
///
/// ```
/// use std::time::Duration;
/// use sprague_takebreak::survey::{assemble, survey_part, SurveyPart};
/// let parts: Vec<SurveyPart> = ["0.07", "0.137"]
///     .iter()
///     .map(|code| survey_part(code, 4096, Duration::from_secs(5)).unwrap())
///     .map(|part| SurveyPart::from_bytes(&part.to_bytes()).unwrap())
///     .collect();
/// let rows = assemble(parts);
/// assert_eq!(rows[0].equivalent_to.as_ref().map(|found| found.shift), Some(1));
/// ```
pub fn survey_part(code: &str, budget: u64, time: Duration) -> Result<SurveyPart, CodeError> {
    TakeBreak::octal(code)?;
    survey_one(code, budget, time, &mut |_| {}).ok_or_else(|| CodeError {
        kind: "octal",
        code: code.to_string(),
        reason: "the take-and-break engine could not run it".to_string(),
    })
}

/// The rows of a survey from its parts, in their order, with the games of
/// equal values (`same_as`) and the groups up to a shift of heap sizes
/// (`equivalent_to`) marked.
pub fn assemble(parts: Vec<SurveyPart>) -> Vec<SurveyRow> {
    let (mut rows, known): (Vec<SurveyRow>, Vec<KnownValues>) =
        parts.into_iter().map(|part| (part.row, part.known)).unzip();
    group_equivalent(&mut rows);
    let groups = group_by_shift(&known);
    let representatives: Vec<String> = rows.iter().map(|row| row.code.clone()).collect();
    for (row, found) in rows.iter_mut().zip(groups) {
        row.equivalent_to = found.map(|found| EquivalentTo {
            code: representatives[found.representative].clone(),
            shift: found.shift,
            evidence: found.evidence,
            compared: found.compared,
        });
    }
    rows
}

/// A survey part that cannot be read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a survey part of this version of sprague: {0}")]
pub struct PartError(String);

/// The first bytes of an encoded [`SurveyPart`].
const PART_MAGIC: &[u8] = b"sprague survey part 1\0";

impl SurveyPart {
    /// The row of the game (without its groups, which [`assemble`] finds).
    pub fn row(&self) -> &SurveyRow {
        &self.row
    }

    /// The part as bytes: a header, the row, the values kept, a CRC-32.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = PART_MAGIC.to_vec();
        let row = &self.row;
        put_u64(&mut out, row.code.len() as u64);
        out.extend_from_slice(row.code.as_bytes());
        out.push(match row.verdict {
            Verdict::Trivial => 0,
            Verdict::Periodic => 1,
            Verdict::Unsolved => 2,
        });
        put_option(&mut out, row.preperiod);
        put_option(&mut out, row.period);
        put_u64(&mut out, u64::from(row.max_value));
        put_u64(&mut out, u64::from(row.rare_mask));
        put_option(&mut out, row.rare_position.map(u64::from));
        put_u64(&mut out, row.computed);
        put_u64(&mut out, row.checksum);
        put_u64(
            &mut out,
            u64::try_from(row.elapsed.as_nanos()).unwrap_or(u64::MAX),
        );
        put_u64(&mut out, self.known.computed());
        let period = self.known.period();
        put_option(&mut out, period.map(|found| found.preperiod));
        put_option(&mut out, period.map(|found| found.period));
        let values = self.known.stored().to_vec();
        put_u64(&mut out, values.len() as u64);
        for value in values {
            out.extend_from_slice(&value.to_le_bytes());
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a part written by [`SurveyPart::to_bytes`].
    ///
    /// # Errors
    /// [`PartError`] for bytes that are not a whole, uncorrupted part.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, PartError> {
        let error = |what: &str| PartError(what.to_string());
        let (body, crc) = bytes
            .split_last_chunk::<4>()
            .ok_or_else(|| error("too short"))?;
        if crc32fast::hash(body) != u32::from_le_bytes(*crc) {
            return Err(error("its checksum does not match (truncated or altered)"));
        }
        let mut reader = Reader(
            body.strip_prefix(PART_MAGIC)
                .ok_or_else(|| error("no header"))?,
        );
        let code_length = reader.length(1)?;
        let code = String::from_utf8(reader.take(code_length)?.to_vec())
            .map_err(|_| error("the code is not text"))?;
        let verdict = match reader.take(1)?[0] {
            0 => Verdict::Trivial,
            1 => Verdict::Periodic,
            2 => Verdict::Unsolved,
            _ => return Err(error("unknown verdict")),
        };
        let preperiod = reader.option()?;
        let period = reader.option()?;
        let small = |value: u64| u32::try_from(value).map_err(|_| error("a value out of range"));
        let max_value = small(reader.u64()?)?;
        let rare_mask = small(reader.u64()?)?;
        let rare_position = reader.option()?.map(small).transpose()?;
        let computed = reader.u64()?;
        let checksum = reader.u64()?;
        let elapsed = Duration::from_nanos(reader.u64()?);
        let known_computed = reader.u64()?;
        let known_period = match (reader.option()?, reader.option()?) {
            (Some(preperiod), Some(period)) => Some(sprague_engine::Periodicity {
                preperiod,
                period,
                proven: true,
                theorem: None,
                examined: known_computed,
            }),
            (None, None) => None,
            _ => return Err(error("half a period")),
        };
        let count = reader.length(4)?;
        let mut values = crate::table::ValueTable::U32(Vec::with_capacity(count));
        for chunk in reader.take(count * 4)?.chunks_exact(4) {
            let value = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            values.push(value);
        }
        if !reader.0.is_empty() {
            return Err(error("bytes left over"));
        }
        let known = KnownValues::from_parts(values, known_computed, known_period)
            .ok_or_else(|| error("its values and period do not fit together"))?;
        let row = SurveyRow {
            code,
            verdict,
            preperiod,
            period,
            max_value,
            rare_mask,
            rare_position,
            computed,
            checksum,
            same_as: None,
            equivalent_to: None,
            elapsed,
        };
        Ok(SurveyPart { row, known })
    }
}

fn put_u64(out: &mut Vec<u8>, value: u64) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn put_option(out: &mut Vec<u8>, value: Option<u64>) {
    match value {
        Some(value) => {
            out.push(1);
            put_u64(out, value);
        }
        None => out.push(0),
    }
}

/// Reads an encoded part from the front, never past its end.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, count: usize) -> Result<&[u8], PartError> {
        if count > self.0.len() {
            return Err(PartError("truncated".to_string()));
        }
        let (taken, rest) = self.0.split_at(count);
        self.0 = rest;
        Ok(taken)
    }

    fn u64(&mut self) -> Result<u64, PartError> {
        let bytes = self.take(8)?;
        let mut word = [0u8; 8];
        word.copy_from_slice(bytes);
        Ok(u64::from_le_bytes(word))
    }

    /// A count of items of `size` bytes each, checked against the bytes left.
    fn length(&mut self, size: usize) -> Result<usize, PartError> {
        let count = usize::try_from(self.u64()?)
            .map_err(|_| PartError("a length out of range".to_string()))?;
        if count
            .checked_mul(size)
            .is_none_or(|bytes| bytes > self.0.len())
        {
            return Err(PartError("a length past the end".to_string()));
        }
        Ok(count)
    }

    fn option(&mut self) -> Result<Option<u64>, PartError> {
        match self.take(1)?[0] {
            0 => Ok(None),
            1 => self.u64().map(Some),
            _ => Err(PartError("a malformed optional number".to_string())),
        }
    }
}

/// One game of a survey: its row and its values (all computed, or one period
/// when proven) for grouping.
fn survey_one(
    code: &str,
    budget: u64,
    time: Duration,
    tick: &mut dyn FnMut(u64),
) -> Option<SurveyPart> {
    let rule = TakeBreak::octal(code).ok()?;
    let started = Instant::now();
    let control = Control {
        // A time too long to add to the clock is no deadline.
        deadline: started.checked_add(time),
        tick: Some(Box::new(|progress, _| tick(progress.computed))),
        ..Control::default()
    };
    let outcome = run(&rule, Config::up_to(budget), None, control).ok()?;
    let proven = outcome.periodicity.filter(|found| found.proven);
    let verdict = if outcome.stats.max_value == 0 && proven.is_some() {
        Verdict::Trivial
    } else if proven.is_some() && outcome.status != Status::OutOfTime {
        Verdict::Periodic
    } else {
        Verdict::Unsolved
    };
    let row = SurveyRow {
        code: rule.to_string(),
        verdict,
        preperiod: proven.map(|found| found.preperiod),
        period: proven.map(|found| found.period),
        max_value: outcome.stats.max_value,
        rare_mask: outcome.stats.rare_mask,
        rare_position: outcome.stats.rare_position,
        computed: outcome.table.len() as u64,
        checksum: outcome.table.checksum(),
        same_as: None,
        equivalent_to: None,
        elapsed: started.elapsed(),
    };
    let period = proven.filter(|_| verdict != Verdict::Unsolved);
    Some(SurveyPart {
        row,
        known: KnownValues::new(outcome.table, period),
    })
}

/// Marks games whose values agree (same period and same computed values) with an earlier one.
fn group_equivalent(rows: &mut [SurveyRow]) {
    for index in 1..rows.len() {
        let key = |row: &SurveyRow| {
            (
                row.verdict,
                row.preperiod,
                row.period,
                row.computed,
                row.checksum,
            )
        };
        let this = key(&rows[index]);
        if let Some(first) = rows[..index]
            .iter()
            .find(|row| row.same_as.is_none() && key(row) == this)
        {
            rows[index].same_as = Some(first.code.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn progress_moves_within_a_game() {
        // 0.6 has no known period (0.16, tried first, is periodic from heap 105,351,
        // proven at 509,622 values in 0.06 s by a release build): with a budget of 2^22
        // values it runs to its deadline, and the engine's tick (about ten a second)
        // reports the values computed so far.
        let codes = ["0.6".to_string()];
        let seen = std::sync::Mutex::new(Vec::new());
        survey_codes_observed(&codes, 1 << 22, Duration::from_millis(800), 1, &|p| {
            seen.lock()
                .unwrap()
                .push((p.done, p.values, p.values_total));
        })
        .unwrap();
        let seen = seen.into_inner().unwrap();
        assert!(
            seen.iter()
                .any(|&(done, values, _)| done == 0 && values > 0 && values < 1 << 22),
            "no observation within the game: {seen:?}"
        );
        assert!(
            seen.windows(2).all(|pair| pair[0].1 <= pair[1].1),
            "{seen:?}"
        );
        assert!(seen
            .iter()
            .all(|&(_, values, total)| values <= total && total == 1 << 22));
    }

    fn parts(codes: &[&str]) -> Vec<SurveyPart> {
        codes
            .iter()
            .map(|code| survey_part(code, 4096, Duration::from_secs(10)).unwrap())
            .collect()
    }

    /// Rows without the time each took, which differs between runs.
    fn timeless(mut rows: Vec<SurveyRow>) -> Vec<SurveyRow> {
        for row in &mut rows {
            row.elapsed = Duration::ZERO;
        }
        rows
    }

    #[test]
    fn parts_travel_as_bytes_and_assemble_to_the_local_survey() {
        // Periodic, trivial, grouped by a shift (0.07 ~ 0.137 ~ 0.4) and unsolved
        // within the budget (0.16's period starts past 4096).
        let codes = [
            "0.137", "0.07", "0.4", "0.42", "0.77", "0.5", "0.16", "0.07",
        ];
        let travelled: Vec<SurveyPart> = parts(&codes)
            .iter()
            .map(|part| SurveyPart::from_bytes(&part.to_bytes()).unwrap())
            .collect();
        for (part, again) in parts(&codes).iter().zip(&travelled) {
            assert_eq!(part.row.code, again.row.code);
            assert_eq!(part.known.computed(), again.known.computed());
            assert_eq!(
                part.known.period().map(|p| (p.preperiod, p.period)),
                again.known.period().map(|p| (p.preperiod, p.period))
            );
        }
        let local =
            survey_codes(&codes.map(String::from), 4096, Duration::from_secs(10), 2).unwrap();
        assert_eq!(timeless(assemble(travelled)), timeless(local));
    }

    #[test]
    fn damaged_parts_are_refused() {
        let bytes = parts(&["0.07"])[0].to_bytes();
        for cut in [0, 1, 10, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                SurveyPart::from_bytes(&bytes[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        for at in [0, 30, bytes.len() / 2, bytes.len() - 5] {
            let mut altered = bytes.clone();
            altered[at] ^= 0x40;
            assert!(SurveyPart::from_bytes(&altered).is_err(), "byte {at}");
        }
    }

    proptest! {
        #[test]
        fn any_bytes_are_read_or_refused_without_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = SurveyPart::from_bytes(&bytes);
            // With a valid checksum and header, the body is still checked field by field.
            let mut framed = PART_MAGIC.to_vec();
            framed.extend_from_slice(&bytes);
            let crc = crc32fast::hash(&framed);
            framed.extend_from_slice(&crc.to_le_bytes());
            let _ = SurveyPart::from_bytes(&framed);
        }
    }
}
