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
    for code in codes {
        TakeBreak::octal(code)?;
    }
    let threads = threads.clamp(1, 64);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut rows: Vec<Option<(SurveyRow, KnownValues)>> = vec![None; codes.len()];
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(code) = codes.get(index) else {
                    break;
                };
                let row = survey_one(code, budget, time);
                if let Ok(mut results) = results.lock() {
                    results.push((index, row));
                }
            });
        }
    });
    for (index, row) in results.into_inner().unwrap_or_default() {
        rows[index] = row;
    }
    let (mut rows, known): (Vec<SurveyRow>, Vec<KnownValues>) = rows.into_iter().flatten().unzip();
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
    Ok(rows)
}

/// One game of a survey: its row and its values (all computed, or one period
/// when proven) for grouping.
fn survey_one(code: &str, budget: u64, time: Duration) -> Option<(SurveyRow, KnownValues)> {
    let rule = TakeBreak::octal(code).ok()?;
    let started = Instant::now();
    let control = Control {
        deadline: Some(started + time),
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
    Some((row, KnownValues::new(outcome.table, period)))
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
