//! The Axelrod library's `worse_and_worse.py` (strategies from the PRISON
//! project, 1998): cooperation probabilities that fall with the turn number
//! or with the opponent's share of defections.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::C;

/// C with probability `f(view)` every turn.
struct Chance(fn(&View<'_>) -> f64);

impl Strategy for Chance {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        cooperate_with((self.0)(view), rng)
    }
}

fn round(view: &View<'_>) -> f64 {
    (view.turn() + 1) as f64
}

/// The worse-and-worse family (`worse_and_worse.py`).
#[rustfmt::skip]
pub(super) static WORSE_AND_WORSE: &[StrategyInfo] = &[
    entry!("WorseAndWorse", "Worse and Worse", [], true,
        "Defects with probability n/1000 on turn n (PRISON 1998).",
        || boxed(Chance(|v| 1.0 - round(v) / 1000.0))),
    entry!("KnowledgeableWorseAndWorse", "Knowledgeable Worse and Worse", [], true,
        "Defects with probability n/N on turn n of a match of known length N (never when the length is unknown).",
        || boxed(Chance(|v| match v.length {
            Some(length) => 1.0 - round(v) / length as f64,
            None => 1.0,
        }))),
    entry!("WorseAndWorse2", "Worse and Worse 2", [], true,
        "Tit for tat for 20 turns, then cooperates with probability 20/n on turn n (PRISON 1998).",
        || boxed(Chance(|v| match v.turn() {
            0 => 1.0,
            1..=19 => if v.opponent[v.turn() - 1] == C { 1.0 } else { 0.0 },
            _ => 20.0 / round(v),
        }))),
    entry!("WorseAndWorse3", "Worse and Worse 3", [], true,
        "Cooperates first, then with probability 1 − (opponent's defections)/(n − 1) on turn n (PRISON 1998).",
        || boxed(Chance(|v| match v.turn() {
            0 => 1.0,
            n => 1.0 - v.opponent_defections as f64 / n as f64,
        }))),
];
