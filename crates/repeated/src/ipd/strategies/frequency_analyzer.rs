//! FrequencyAnalyzer (the Axelrod library's `frequency_analyzer.py`, Ian
//! Miller): tit for tat for 30 turns while it records, for every pattern of
//! the last two rounds (opponent's move, own move, opponent's, own), what
//! the opponent played next; afterwards it defects after a recorded pattern
//! when the opponent's cooperations after it are at most a quarter of the
//! turns played so far.

use std::collections::HashMap;

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// The pattern of rounds t and t + 1: (opponent, own, opponent, own).
type Pattern = [Action; 4];

#[derive(Default)]
struct FrequencyAnalyzer {
    /// (cooperations, all) of the opponent's moves after each pattern.
    table: HashMap<Pattern, (usize, usize)>,
    current: Option<Pattern>,
}

impl Strategy for FrequencyAnalyzer {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        let (own, opponent) = (view.own, view.opponent);
        if n > 5 {
            let last = [opponent[n - 3], own[n - 3], opponent[n - 2], own[n - 2]];
            self.current = Some([opponent[n - 2], own[n - 2], opponent[n - 1], own[n - 1]]);
            let entry = self.table.entry(last).or_insert((0, 0));
            entry.0 += usize::from(opponent[n - 1] == C);
            entry.1 += 1;
        }
        let known = self.current.and_then(|pattern| self.table.get(&pattern));
        match known {
            Some(&(cooperations, _)) if n >= 30 => {
                if cooperations as f64 / n as f64 > 0.25 {
                    C
                } else {
                    D
                }
            }
            _ => opponent.last().copied().unwrap_or(C),
        }
    }
}

/// The frequency-analyzer module (`frequency_analyzer.py`).
#[rustfmt::skip]
pub(super) static FREQUENCY_ANALYZER: &[StrategyInfo] = &[
    entry!("FrequencyAnalyzer", "FrequencyAnalyzer", [], false,
        "Tit for tat for 30 turns while recording what the opponent plays after each pattern of the last two rounds; then cooperates after a known pattern only if the opponent's cooperations after it exceed a quarter of the turns so far",
        || boxed(FrequencyAnalyzer::default())),
];
