//! Better and Better (the Axelrod library's `better_and_better.py`, from
//! PRISON 1998): ever less likely to defect as the match goes on.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;

struct BetterAndBetter;

impl Strategy for BetterAndBetter {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        cooperate_with((view.turn() + 1) as f64 / 1000.0, rng)
    }
}

/// The better-and-better module (`better_and_better.py`).
#[rustfmt::skip]
pub(super) static BETTER_AND_BETTER: &[StrategyInfo] = &[
    entry!("BetterAndBetter", "Better and Better", [], true,
        "Cooperates with probability n/1000 on turn n (PRISON 1998).",
        || boxed(BetterAndBetter)),
];
