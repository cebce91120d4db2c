//! Momentum (the Axelrod library's `momentum.py`, Dong Won Moon): trust as
//! an exponential moving average of the opponent's cooperations, as in the
//! momentum method of optimisation; the parameters are the library's.

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

struct Momentum {
    momentum: f64,
}

impl Strategy for Momentum {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        const ALPHA: f64 = 0.9914655399877477;
        const THRESHOLD: f64 = 0.9676595613724907;
        let Some(&last) = view.opponent.last() else {
            return C;
        };
        let value = if last == C { 1.0 } else { 0.0 };
        self.momentum = ALPHA * self.momentum + (1.0 - ALPHA) * value;
        if self.momentum >= THRESHOLD {
            C
        } else {
            D
        }
    }
}

/// The momentum module (`momentum.py`).
#[rustfmt::skip]
pub(super) static MOMENTUM: &[StrategyInfo] = &[
    entry!("Momentum", "Momentum", [], false,
        "Momentum m = 1 at first, m ← αm + (1 − α)·[opponent cooperated] after each turn (α ≈ 0.99147); cooperates while m ≥ 0.96766.",
        || boxed(Momentum { momentum: 1.0 })),
];
