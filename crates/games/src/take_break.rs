//! Octal and hexadecimal codes and Grundy's game as catalogue games, computed
//! by the take-and-break engine of `sprague-takebreak` (rare/common sweeps,
//! narrow tables, the generalised Guy–Smith proof of periodicity).

use sprague_engine::{HeapFamily, Values};
use sprague_takebreak::{run, Config, Control, TakeBreak};

use crate::error::GameError;
use crate::heap_analysis::PROOF_HORIZON;
use crate::playable::{HeapPlayable, PlayableGame, Report};

/// A take-and-break rule as a [`PlayableGame`]: positions are heap sizes, values
/// come from the take-and-break engine.
///
/// ```
/// use sprague_games::{PlayableGame, TakeBreakPlayable};
/// use sprague_takebreak::TakeBreak;
/// let kayles = TakeBreakPlayable::new("kayles", "Kayles", TakeBreak::octal("0.77").unwrap());
/// let values = kayles.values(1000).unwrap();
/// assert_eq!(values.periodicity().unwrap().period, 12);
/// assert_eq!(kayles.analyze(&["2".into(), "3".into()]).unwrap().grundy, Some(2 ^ 3));
/// ```
pub struct TakeBreakPlayable {
    inner: HeapPlayable<TakeBreak>,
    rule: TakeBreak,
}

impl TakeBreakPlayable {
    /// The rule `rule`, described as `description` and titled `title`.
    pub fn new(description: impl Into<String>, title: impl Into<String>, rule: TakeBreak) -> Self {
        Self {
            inner: HeapPlayable::new(description, title, rule.clone()),
            rule,
        }
    }
}

impl PlayableGame for TakeBreakPlayable {
    fn description(&self) -> String {
        self.inner.description()
    }

    fn title(&self) -> String {
        self.inner.title()
    }

    fn position_syntax(&self) -> String {
        self.inner.position_syntax()
    }

    fn heap_family(&self) -> Option<&dyn HeapFamily> {
        Some(&self.rule)
    }

    fn take_break(&self) -> Option<&TakeBreak> {
        Some(&self.rule)
    }

    fn analyze(&self, words: &[String]) -> Result<Report, GameError> {
        self.inner.analyze(words)
    }

    fn values(&self, to: u64) -> Result<Values, GameError> {
        let config = Config {
            horizon: to.max(PROOF_HORIZON),
            ..Config::up_to(to)
        };
        let outcome = run(&self.rule, config, None, Control::default())?;
        Ok(Values::from_parts(
            outcome.table.to_u64_vec(),
            outcome.periodicity,
        ))
    }
}
