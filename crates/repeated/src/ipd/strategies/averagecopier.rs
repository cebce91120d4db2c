//! The Axelrod library's `averagecopier.py` (Geraint Palmer): cooperate with
//! the opponent's cooperation rate so far.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;

/// The opponent's rate after a first move that is C with probability `first`.
struct AverageCopier {
    first: f64,
}

impl Strategy for AverageCopier {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let p = match view.turn() {
            0 => self.first,
            n => view.opponent_cooperations() as f64 / n as f64,
        };
        cooperate_with(p, rng)
    }
}

/// The average-copier family (`averagecopier.py`).
#[rustfmt::skip]
pub(super) static AVERAGE_COPIER: &[StrategyInfo] = &[
    entry!("AverageCopier", "Average Copier", [], true,
        "A random first move, then cooperates with probability equal to the opponent's cooperation rate so far.",
        || boxed(AverageCopier { first: 0.5 })),
    entry!("NiceAverageCopier", "Nice Average Copier", [], true,
        "Cooperates first, then with probability equal to the opponent's cooperation rate so far.",
        || boxed(AverageCopier { first: 1.0 })),
];
