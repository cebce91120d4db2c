//! Octal and hexadecimal codes and Grundy's game as catalogue games, computed
//! by the take-and-break engine of `sprague-takebreak` (rare/common sweeps,
//! narrow tables, the generalised Guy–Smith proof of periodicity).

use std::collections::HashMap;
use std::sync::Mutex;

use sprague_engine::{HeapFamily, Values};
use sprague_takebreak::{run, Config, Control, TakeBreak};

use crate::error::GameError;
use crate::game_graph::GameGraph;
use crate::heap_analysis::{
    analyze_heaps_with_table, check_option_count, heap_values_with_table, MAX_ENUMERATED_HEAP,
    PROOF_HORIZON,
};
use crate::misere::{heap_misere_report_shared, heap_state_bound, MISERE_SEARCH_BUDGET};
use crate::misere_quotient::{
    QuotientCache, QuotientReport, EXACT_SEARCH_FIRST, QUOTIENT_BUDGET, QUOTIENT_ONLY_BUDGET,
};
use crate::playable::{
    evaluate_sum_moves, parse_heap, require_position, Evaluation, HeapPlayable, PlayableGame,
    Report,
};
use crate::position::{Move, Position};
use sprague_engine::misere::MisereError;

/// The largest heap of a misère sum sent to the exact search when the quotient
/// cannot answer it (larger heaps could never be searched in time).
pub const MAX_MISERE_SEARCHED_HEAP: u64 = 1_000;

/// The time the first, short exact misère search of a sum may take before the
/// quotient is asked.
pub const QUICK_EXACT_SEARCH: std::time::Duration = std::time::Duration::from_millis(150);

/// A take-and-break rule as a [`PlayableGame`]: positions are heap sizes, values
/// come from the take-and-break engine.
///
/// ```
/// use sprague_games::{PlayableGame, TakeBreakPlayable};
/// use sprague_takebreak::TakeBreak;
/// let kayles = TakeBreakPlayable::new("kayles", "Kayles", TakeBreak::octal("0.77").unwrap());
/// let values = kayles.values(1000).unwrap();
/// assert_eq!(values.periodicity().unwrap().period, 12);
/// assert_eq!(kayles.analyze_words(&["2".into(), "3".into()]).unwrap().grundy, Some(2 ^ 3));
/// ```
pub struct TakeBreakPlayable {
    inner: HeapPlayable<TakeBreak>,
    rule: TakeBreak,
    quotient: QuotientCache,
    /// The positions the exact misère search decided, shared by later searches.
    misere_memo: Mutex<HashMap<Box<[u64]>, bool>>,
}

impl TakeBreakPlayable {
    /// The rule `rule`, described as `description` and titled `title`.
    pub fn new(description: impl Into<String>, title: impl Into<String>, rule: TakeBreak) -> Self {
        Self {
            inner: HeapPlayable::new(description, title, rule.clone()),
            rule,
            quotient: QuotientCache::new(),
            misere_memo: Mutex::new(HashMap::new()),
        }
    }

    /// The misère analysis of the sum of `heaps` through the game's misère quotient
    /// (computed on first use and kept with the game), or `None` when the quotient
    /// cannot be had for these heaps.
    ///
    /// ```
    /// use sprague_games::TakeBreakPlayable;
    /// use sprague_takebreak::TakeBreak;
    /// let kayles = TakeBreakPlayable::new("kayles", "Kayles", TakeBreak::octal("0.77").unwrap());
    /// let answer = kayles.misere_quotient_answer(&[20, 21, 22]).unwrap();
    /// assert!(answer.report.method.starts_with("misère quotient"));
    /// ```
    pub fn misere_quotient_answer(&self, heaps: &[u64]) -> Option<QuotientReport> {
        self.quotient.answer(&self.rule, heaps)
    }

    /// The misère analysis of `heaps` by the exact search within `budget`, starting
    /// from what earlier searches of this game decided.
    fn exact_misere(
        &self,
        heaps: &[u64],
        budget: std::time::Duration,
    ) -> Result<Report, GameError> {
        let mut memo = self
            .misere_memo
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        heap_misere_report_shared(&self.rule, heaps, budget, &mut memo)
    }
}

impl PlayableGame for TakeBreakPlayable {
    fn components_commute(&self) -> bool {
        true
    }

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

    fn misere_quotient_cache(&self) -> Option<crate::misere_quotient::KeptQuotient<'_>> {
        Some((&self.rule, &self.quotient))
    }

    fn move_syntax(&self) -> String {
        self.inner.move_syntax()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        self.inner.position(words)
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        self.inner.moves(position)
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        self.inner.parse_move(position, text)
    }

    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        evaluate_sum_moves(self, moves)
    }

    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let heap = component.parse::<u64>().ok()?;
        let values = self.values(heap.min(MAX_ENUMERATED_HEAP)).ok()?;
        Some(match values.periodicity().filter(|found| found.proven) {
            Some(found) if heap >= found.preperiod + found.period => {
                let representative = found.representative(heap);
                format!(
                    "g({heap}) = g({representative}) = {grundy}, from the proven period {} (preperiod {}; {})",
                    found.period,
                    found.preperiod,
                    found.theorem.map_or("proven".to_string(), |t| t.name())
                )
            }
            _ => format!(
                "g({heap}) = {grundy}, by the mex of its options (the take-and-break sweep)"
            ),
        })
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &self.inner.description(), "3 4 5")?;
        let heaps = words
            .iter()
            .map(|word| parse_heap(word))
            .collect::<Result<Vec<u64>, GameError>>()?;
        // Refused before the sweep: the winning moves would enumerate every option.
        for &heap in &heaps {
            check_option_count(&self.rule, heap)?;
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let values = self.values(largest.min(MAX_ENUMERATED_HEAP))?;
        if values.get(largest).is_none() {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a heap of {largest} is beyond {MAX_ENUMERATED_HEAP}, and no period of this game is proven \
                     (use `sprague values` to compute further)"
                ),
            });
        }
        let analysis = analyze_heaps_with_table(&self.rule, &heaps, Some(values))?;
        Ok(Report::from_analysis(
            analysis.map_positions(|heaps| heaps.to_string()),
        ))
    }

    fn component_values(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &self.inner.description(), "3 4 5")?;
        let heaps = words
            .iter()
            .map(|word| parse_heap(word))
            .collect::<Result<Vec<u64>, GameError>>()?;
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let values = self.values(largest.min(MAX_ENUMERATED_HEAP))?;
        if values.get(largest).is_none() {
            // Beyond the table: the full analysis says why.
            return self.analyze_words(words);
        }
        let analysis = heap_values_with_table(&self.rule, &heaps, Some(values))?;
        Ok(Report::from_analysis(
            analysis.map_positions(|heaps| heaps.to_string()),
        ))
    }

    /// Small sums by the exact search (or the anti-SG rule), larger ones through the
    /// misère quotient when it can be had (kept between calls), else the exact search,
    /// which refuses what is too large.
    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let heaps: Option<Vec<u64>> = words.iter().map(|w| parse_heap(w).ok()).collect();
        if let Some(heaps) = heaps.filter(|heaps| !heaps.is_empty()) {
            if heap_state_bound(&self.rule, &heaps) > EXACT_SEARCH_FIRST {
                // The quotient computed so far when it covers the sum (the options of a
                // position `moves` lists, the replies of `play`); else a short exact search
                // (most sums visit far fewer positions than their bound), then the quotient
                // extended, then the exact search in full.
                if let Some(answer) = self.quotient.answer_computed(&heaps) {
                    return Ok(answer.report);
                }
                let largest = heaps.iter().copied().max().unwrap_or(0);
                if largest <= MAX_MISERE_SEARCHED_HEAP {
                    match self.exact_misere(&heaps, QUICK_EXACT_SEARCH) {
                        Err(GameError::Misere(MisereError::OutOfTime { .. })) => {}
                        answered => return answered,
                    }
                }
                let budget = if largest > MAX_MISERE_SEARCHED_HEAP {
                    QUOTIENT_ONLY_BUDGET
                } else {
                    QUOTIENT_BUDGET
                };
                if let Some(answer) = self.quotient.answer_within(&self.rule, &heaps, budget) {
                    return Ok(answer.report);
                }
                if largest > MAX_MISERE_SEARCHED_HEAP {
                    return Err(GameError::PositionTooLarge {
                        reason: format!(
                            "misère play of a heap of {largest} needs the game's misère quotient, which could not be \
                             computed and proven periodic that far (`sprague quotient {}` says how far it gets); \
                             the exact search takes heaps up to {MAX_MISERE_SEARCHED_HEAP}",
                            self.description()
                        ),
                    });
                }
            }
            return self.exact_misere(&heaps, MISERE_SEARCH_BUDGET);
        }
        self.inner.analyze_misere(words)
    }

    fn analyze_every_sg(&self, words: &[String]) -> Result<Report, GameError> {
        self.inner.analyze_every_sg(words)
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        self.inner.game_graph(words, node_limit)
    }

    /// The take-and-break engine, which reports no progress here (the faces run it through
    /// `sprague_takebreak::session` for progress and Ctrl-C).
    fn values_observed(
        &self,
        to: u64,
        observe: &mut dyn FnMut(u64) -> std::ops::ControlFlow<()>,
    ) -> Result<Values, GameError> {
        let _ = observe;
        self.values(to)
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

#[cfg(test)]
mod tests {
    use crate::{parse_game, GameError};

    /// Found by fuzzing (`fuzz/` game_description): listing the moves of a heap of 603603
    /// in a game that splits heaps in three enumerated ~10¹¹ options before any check.
    #[test]
    fn three_way_splits_of_a_huge_heap_are_refused_before_enumerating() {
        let game = parse_game("hex:0.F").unwrap();
        let position = game.position(&["603603".to_string()]).unwrap();
        let started = std::time::Instant::now();
        let refused = game.parse_move(&position, "#1");
        assert!(
            matches!(refused, Err(GameError::PositionTooLarge { .. })),
            "{refused:?}"
        );
        assert!(matches!(
            game.moves(&position),
            Err(GameError::PositionTooLarge { .. })
        ));
        assert!(matches!(
            game.analyze(&position),
            Err(GameError::PositionTooLarge { .. })
        ));
        assert!(started.elapsed().as_secs() < 2);
        // Small heaps still list every move: 0.F from 7 takes one and leaves 0..3 heaps.
        let small = game.position(&["7".to_string()]).unwrap();
        assert!(game.moves(&small).unwrap().len() > 5);
    }
}
