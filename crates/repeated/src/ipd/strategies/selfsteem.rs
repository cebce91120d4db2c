//! SelfSteem (the Axelrod library's `selfsteem.py`; Andre2013 in its
//! bibliography): a mood following f(n) = sin(2πn/10) on turn n (from 0).

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

struct SelfSteem;

impl Strategy for SelfSteem {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let f = (2.0 * std::f64::consts::PI * view.turn() as f64 / 10.0).sin();
        if f > 0.95 {
            D
        } else if 0.95 > f.abs() && f.abs() > 0.3 {
            view.opponent.last().copied().unwrap_or(C)
        } else if 0.3 > f && f > -0.3 {
            cooperate_with(0.5, rng)
        } else {
            C
        }
    }
}

/// The SelfSteem module (`selfsteem.py`).
#[rustfmt::skip]
pub(super) static SELF_STEEM: &[StrategyInfo] = &[
    entry!("SelfSteem", "SelfSteem", [], true,
        "With f = sin(2πn/10) on turn n: defects when f > 0.95, plays tit for tat when 0.3 < |f| < 0.95, a random move when |f| < 0.3, and cooperates otherwise.",
        || boxed(SelfSteem)),
];
