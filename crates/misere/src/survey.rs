//! The misère column of a survey: for one octal code, the misère quotient
//! (Plambeck–Siegel 2008, computed and proven by [`crate::quotient`]) within a
//! budget of heaps and limits, summarised as the order proven, the order
//! reached with no period yet, or the order reached and the heap where the
//! computation stops, with the reason.
//!
//! A code whose quotient stops is not thereby proven wild: the sentence says
//! which limit stopped it (order, exact outcomes, check states), and the order
//! reached is the proven order of the partial quotient of the heaps before.

use std::time::Instant;

use serde::Serialize;
use sprague_takebreak::TakeBreak;

use crate::quotient::{MisereQuotient, QuotientError, QuotientLimits};

/// The limits of one code of a survey: small enough that a two-digit survey
/// (`0.??`, 64 codes) ends in minutes, large enough for Kayles' quotient
/// (whose split at heap 27 needs between 2·10⁵ and 3·10⁵ exact outcomes).
pub const SURVEY_LIMITS: QuotientLimits = QuotientLimits {
    max_order: 256,
    max_states: 200_000,
    max_outcomes: 400_000,
};

/// The default number of heaps of a survey's misère column.
pub const SURVEY_HEAPS: u64 = 200;

/// The most heaps a survey's misère column may ask for (the heap map and the
/// option images of every heap are kept).
pub const MAX_SURVEY_HEAPS: u64 = 100_000;

/// How a code's quotient ended within the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MisereStatus {
    /// The heap map is proven periodic: the order is the whole game's.
    Proven,
    /// Every heap up to the budget was added, with no period proven.
    Computed,
    /// A limit stopped the computation at `stopped_at`.
    Stopped,
}

/// One code's misère column.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MisereColumn {
    /// Proven, computed or stopped.
    pub status: MisereStatus,
    /// The order of the last quotient proven (of heaps 1..=`heaps`).
    pub order: usize,
    /// The size of its P-portion.
    pub p_portion: usize,
    /// The heaps computed (`n` of Q_n).
    pub heaps: u64,
    /// n₀ and p of the periodicity proof (status `proven`).
    pub preperiod: Option<u64>,
    /// The period.
    pub period: Option<u64>,
    /// The heap at which the computation stopped (status `stopped`).
    pub stopped_at: Option<u64>,
    /// Why it stopped: the error's sentence.
    pub reason: Option<String>,
    /// Wall-clock seconds spent.
    pub seconds: f64,
}

impl MisereColumn {
    /// The short form of the text table: `40 proven (period 12 from 71)`,
    /// `24 to heap 100`, `24 to heap 24, stops at 25 (outcomes)`.
    ///
    /// ```
    /// use sprague_misere::survey::misere_column;
    /// use sprague_misere::survey::SURVEY_LIMITS;
    /// let kayles = misere_column("0.77", 200, SURVEY_LIMITS).unwrap();
    /// assert_eq!(kayles.short(), "40 proven (period 12 from 71)");
    /// ```
    pub fn short(&self) -> String {
        match self.status {
            MisereStatus::Proven => format!(
                "{} proven (period {} from {})",
                self.order,
                self.period.unwrap_or(0),
                self.preperiod.unwrap_or(0)
            ),
            MisereStatus::Computed => format!("{} to heap {}", self.order, self.heaps),
            MisereStatus::Stopped => format!(
                "{} to heap {}, stops at {} ({})",
                self.order,
                self.heaps,
                self.stopped_at.unwrap_or(self.heaps + 1),
                self.reason_word()
            ),
        }
    }

    /// One word for the limit that stopped the computation.
    fn reason_word(&self) -> &'static str {
        let reason = self.reason.as_deref().unwrap_or("");
        if reason.contains("past the limit") {
            "order"
        } else if reason.contains("exact outcomes") {
            "outcomes"
        } else if reason.contains("states") {
            "check states"
        } else if reason.contains("powers") {
            "powers"
        } else {
            "split"
        }
    }
}

/// The misère column of octal code `code`: its quotient computed to `heaps`
/// heaps at most (fewer once periodicity is proven) within `limits`.
///
/// ```
/// use sprague_misere::survey::{misere_column, MisereStatus, SURVEY_LIMITS};
/// // 0.75: a quotient of order 8.
/// let column = misere_column("0.75", 100, SURVEY_LIMITS).unwrap();
/// assert_eq!(column.status, MisereStatus::Proven);
/// assert_eq!(column.order, 8);
/// ```
///
/// # Errors
/// The code's parse error when `code` is not an octal or hexadecimal code.
pub fn misere_column(
    code: &str,
    heaps: u64,
    limits: QuotientLimits,
) -> Result<MisereColumn, sprague_takebreak::CodeError> {
    let rule = TakeBreak::octal(code)?;
    let started = Instant::now();
    let mut quotient = MisereQuotient::take_break(rule).with_limits(limits);
    let stopped = quotient.extend_to(heaps).err();
    let proof = quotient.proof();
    let status = match (&stopped, proof) {
        (Some(_), _) => MisereStatus::Stopped,
        (None, Some(_)) => MisereStatus::Proven,
        (None, None) => MisereStatus::Computed,
    };
    Ok(MisereColumn {
        status,
        order: quotient.monoid().order(),
        p_portion: quotient.monoid().p_portion().len(),
        heaps: quotient.heaps(),
        preperiod: proof.map(|p| p.preperiod),
        period: proof.map(|p| p.period),
        stopped_at: stopped.as_ref().map(QuotientError::heap),
        reason: stopped.map(|e| e.to_string()),
        seconds: started.elapsed().as_secs_f64(),
    })
}
