//! Stalker (the Axelrod library's `stalker.py`; Andre2013 in its
//! bibliography): driven only by its own average payoff per turn, compared
//! with R, P and (R + P)/2; defects on the last turn of a match of known
//! length.

use super::{boxed, cooperate_with, Final, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

#[derive(Default)]
struct Stalker {
    score: f64,
}

impl Strategy for Stalker {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n == 0 {
            return C;
        }
        let payoffs = view.payoffs;
        self.score += payoffs.score(view.own[n - 1], view.opponent[n - 1]).0;
        let average = self.score / n as f64;
        let wish = (payoffs.r + payoffs.p) / 2.0;
        if average > payoffs.r {
            D
        } else if (average > wish && average < payoffs.r) || average > 2.0 {
            C
        } else if average < 2.0 && average > 1.0 {
            D
        } else {
            cooperate_with(0.5, rng)
        }
    }
}

/// The Stalker module (`stalker.py`).
#[rustfmt::skip]
pub(super) static STALKER: &[StrategyInfo] = &[
    entry!("Stalker", "Stalker", [], true,
        "Cooperates first; with its average payoff a: defects if a > R, cooperates if (R + P)/2 < a < R or a > 2, defects if 1 < a < 2, else a random move; defects on the last turn.",
        || boxed(Final { inner: Stalker::default(), turns: 1 })),
];
