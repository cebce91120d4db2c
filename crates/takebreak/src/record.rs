//! The record of a take-and-break `values` run, as every face gives it: the
//! command line's `sprague values GAME --format json` prints it, the Python
//! module returns its keys (documented in `docs/json.md`).
//!
//! One function, [`ValuesRecord::new`], builds it from a
//! [`RunRecord`]; the faces do not assemble the
//! keys themselves.

use serde::Serialize;
use sprague_engine::{check_allocation, MemoryError, Periodicity};
use thiserror::Error;

use crate::session::RunRecord;

/// A period of a value sequence, as the records give it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PeriodRecord {
    /// n₀: the first heap from which the values repeat.
    pub preperiod: u64,
    /// p: the length of the repeating block.
    pub period: u64,
    /// Whether a theorem guarantees the period for every heap.
    pub proven: bool,
    /// s in g(n + p) = g(n) + s: 0 for an ordinary period.
    pub saltus: u64,
    /// The theorem that proves it, by name.
    pub theorem: Option<String>,
    /// How many values were examined.
    pub examined: u64,
}

impl From<Periodicity> for PeriodRecord {
    /// The record of an ordinary period (saltus 0).
    ///
    /// ```
    /// use sprague_engine::Periodicity;
    /// use sprague_takebreak::record::PeriodRecord;
    /// let found = Periodicity { preperiod: 71, period: 12, proven: false, theorem: None, examined: 300 };
    /// assert_eq!(PeriodRecord::from(found).saltus, 0);
    /// ```
    fn from(found: Periodicity) -> Self {
        PeriodRecord {
            preperiod: found.preperiod,
            period: found.period,
            proven: found.proven,
            saltus: 0,
            theorem: found.theorem.map(|theorem| theorem.name()),
            examined: found.examined,
        }
    }
}

/// The answer of a take-and-break `values` run (the keys of `docs/json.md`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValuesRecord {
    /// The game's canonical description (`kayles`, `0.137`, `grundy`).
    pub game: String,
    /// The game's title.
    pub title: String,
    /// g(0..=to); absent from the JSON in a summary.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u64>>,
    /// The period found, proven or observed.
    pub period: Option<PeriodRecord>,
    /// The largest heap asked for.
    pub to: u64,
    /// Values computed, g(0..computed) (beyond `to` while proving a period).
    pub computed: u64,
    /// The method's name (`auto`, `plain`, `rare-common`, `naive`).
    pub method: String,
    /// How the run ended: `proven`, `complete`, `interrupted`, `out of time`.
    pub status: String,
    /// The largest value computed.
    pub max_value: u32,
    /// The mask of the rare class at the end of the run (0: none).
    pub rare_mask: u32,
    /// `None`, or t: the parity of the position n + t counts in the rare class.
    pub rare_position_parity: Option<u32>,
    /// Positions n ≥ 1 that are rare.
    pub rare_count: u64,
    /// The last rare position.
    pub last_rare: Option<u64>,
    /// Heaps whose value needed a whole scan of a move's common tuples.
    pub full_scans: u64,
    /// 64-bit FNV-1a of g(0..=to) as 4-byte values, in hexadecimal.
    pub checksum: Option<String>,
    /// Bytes per stored value (1, 2 or 4).
    pub bytes_per_value: usize,
    /// Seconds of the sweep.
    pub seconds: f64,
}

/// A record that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The list of values would not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// A value below `to` is unknown (the run stopped early and no period was proven).
    #[error("g({heap}) could not be computed: no period was proven and the table stops before it")]
    Incomplete {
        /// The first heap whose value is missing.
        heap: u64,
    },
}

impl ValuesRecord {
    /// The record of `run` for the game described as `game` and titled
    /// `title`; with `values`, the list g(0..=to) (from the table and, beyond
    /// it, the proven period), else a summary without it.
    ///
    /// # Errors
    /// [`RecordError::Memory`] when the list would not fit in memory,
    /// [`RecordError::Incomplete`] when a value of the list is unknown.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use sprague_takebreak::record::ValuesRecord;
    /// use sprague_takebreak::session::{run, values_config};
    /// use sprague_takebreak::TakeBreak;
    /// let kayles = TakeBreak::octal("0.77").unwrap();
    /// let run = run(&kayles, values_config(100), None, &AtomicBool::new(false), &mut |_| {}).unwrap();
    /// let record = ValuesRecord::new(&run, "kayles", "Kayles", true).unwrap();
    /// assert_eq!(record.values.as_ref().map(Vec::len), Some(101));
    /// assert_eq!((record.status.as_str(), record.max_value), ("proven", 8));
    /// assert_eq!(record.period.unwrap().period, 12);
    /// ```
    pub fn new(
        run: &RunRecord,
        game: impl Into<String>,
        title: impl Into<String>,
        values: bool,
    ) -> Result<Self, RecordError> {
        let to = run.config.to;
        let outcome = &run.outcome;
        let values = if values {
            let bytes = (u128::from(to) + 1) * std::mem::size_of::<u64>() as u128;
            check_allocation(bytes, &format!("printing g(0..={to})"))?;
            Some(
                (0..=to)
                    .map(|heap| {
                        outcome
                            .get(heap)
                            .map(u64::from)
                            .ok_or(RecordError::Incomplete { heap })
                    })
                    .collect::<Result<Vec<u64>, RecordError>>()?,
            )
        } else {
            None
        };
        let stats = outcome.stats;
        Ok(ValuesRecord {
            game: game.into(),
            title: title.into(),
            values,
            period: outcome.periodicity.map(PeriodRecord::from),
            to,
            computed: run.computed(),
            method: run.config.method.name().to_string(),
            status: outcome.status.word().to_string(),
            max_value: stats.max_value,
            rare_mask: stats.rare_mask,
            rare_position_parity: stats.rare_position,
            rare_count: stats.rare_count,
            last_rare: stats.last_rare,
            full_scans: stats.full_scans,
            checksum: run.checksum().map(|hash| format!("{hash:016x}")),
            bytes_per_value: outcome.table.bytes_per_value(),
            seconds: run.seconds,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{run, values_config};
    use crate::TakeBreak;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn the_json_keys_are_those_of_the_command_line() {
        let rule = TakeBreak::octal("0.051").unwrap();
        let done = run(
            &rule,
            values_config(5),
            None,
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
        let record = ValuesRecord::new(&done, "0.051", "Octal game 0.051", true).unwrap();
        let json = serde_json::to_value(&record).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = vec![
            "game",
            "title",
            "values",
            "period",
            "to",
            "computed",
            "method",
            "status",
            "max_value",
            "rare_mask",
            "rare_position_parity",
            "rare_count",
            "last_rare",
            "full_scans",
            "checksum",
            "bytes_per_value",
            "seconds",
        ];
        let mut found = keys.clone();
        found.sort_unstable();
        expected.sort_unstable();
        assert_eq!(found, expected);
        // The example of docs/json.md.
        assert_eq!(json["values"], serde_json::json!([0, 0, 1, 1, 1, 0]));
        assert_eq!(json["period"]["preperiod"], 48);
        assert_eq!(json["period"]["period"], 48);
        assert_eq!(json["status"], "proven");
        assert_eq!(json["rare_mask"], 7);
        assert_eq!(json["rare_position_parity"], 0);
        assert_eq!(json["checksum"], "091ce6a63d05f954");
        let summary = ValuesRecord::new(&done, "0.051", "Octal game 0.051", false).unwrap();
        assert!(serde_json::to_value(&summary)
            .unwrap()
            .get("values")
            .is_none());
    }

    #[test]
    fn a_value_beyond_the_table_without_a_period_is_incomplete() {
        // Grundy's game has no periodicity theorem; a stopped run ends early.
        let stopped = run(
            &TakeBreak::grundy(),
            values_config(10_000),
            None,
            &AtomicBool::new(true),
            &mut |_| {},
        )
        .unwrap();
        let heap = stopped.computed();
        assert_eq!(
            ValuesRecord::new(&stopped, "grundy", "Grundy's game", true),
            Err(RecordError::Incomplete { heap })
        );
    }
}

/// One game of `sprague survey PATTERN... --format json` (the output is the list of rows).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SurveyRowRecord {
    /// The octal code.
    pub code: String,
    /// `trivial`, `periodic`, `unsolved`, … (the verdict's word).
    pub status: String,
    /// The preperiod, when a period was found.
    pub preperiod: Option<u64>,
    /// The period, when one was found.
    pub period: Option<u64>,
    /// The largest value computed.
    pub max_value: u32,
    /// The rare class's mask at the end.
    pub rare_mask: u32,
    /// `null`, or t: the parity of the position n + t counts in the rare class.
    pub rare_position_parity: Option<u32>,
    /// Values computed.
    pub computed: u64,
    /// An earlier code of the survey with identical values.
    pub same_as: Option<String>,
    /// Seconds spent on the game.
    pub seconds: f64,
    /// The representative of the game's group up to a shift (the game itself if it represents it).
    pub group: String,
    /// k: g(n + k) = g_group(n); 0 for the representative.
    pub shift: u64,
    /// "proven", "computed range", or null for the representative.
    pub equivalence: Option<&'static str>,
    /// Values of the representative compared; null for the representative.
    pub compared: Option<u64>,
}

impl SurveyRowRecord {
    /// The record of a survey row.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sprague_takebreak::record::SurveyRowRecord;
    /// let rows = sprague_takebreak::survey_codes(&["0.07".to_string()], 1 << 12, Duration::from_secs(5), 1).unwrap();
    /// let record = SurveyRowRecord::of(&rows[0]);
    /// // Dawson's Kayles: period 34 (Guy and Smith 1956).
    /// assert_eq!(record.period, Some(34));
    /// assert_eq!(record.group, "0.07");
    /// ```
    pub fn of(row: &crate::SurveyRow) -> Self {
        SurveyRowRecord {
            code: row.code.clone(),
            status: row.verdict.word().to_string(),
            preperiod: row.preperiod,
            period: row.period,
            max_value: row.max_value,
            rare_mask: row.rare_mask,
            rare_position_parity: row.rare_position,
            computed: row.computed,
            same_as: row.same_as.clone(),
            seconds: row.elapsed.as_secs_f64(),
            group: row
                .equivalent_to
                .as_ref()
                .map_or_else(|| row.code.clone(), |found| found.code.clone()),
            shift: row.equivalent_to.as_ref().map_or(0, |found| found.shift),
            equivalence: row
                .equivalent_to
                .as_ref()
                .map(|found| found.evidence.word()),
            compared: row.equivalent_to.as_ref().map(|found| found.compared),
        }
    }
}

/// The codes of a survey's patterns (`0.??`, plain codes), in order, each game once (`0.070`
/// in `0.???` and `0.07` in `0.??` are the same game).
///
/// ```
/// let codes = sprague_takebreak::record::survey_code_list(&["0.?".to_string(), "0.70".to_string()]).unwrap();
/// assert_eq!(codes.len(), 8);
/// ```
pub fn survey_code_list(patterns: &[String]) -> Result<Vec<String>, crate::CodeError> {
    let mut codes: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for pattern in patterns {
        for code in crate::survey::codes(pattern)? {
            let rule = crate::TakeBreak::octal(&code)?;
            if seen.insert(rule.to_string()) {
                codes.push(code);
            }
        }
    }
    Ok(codes)
}
