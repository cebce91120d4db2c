//! The Bush–Mosteller reinforcement learner (R. R. Bush and F. Mosteller,
//! *Stochastic Models for Learning*, 1955; as an IPD player in L. R. Izquierdo
//! et al. 2008 — Luis2008 in the Axelrod library's `bush_mosteller.py`):
//! the probabilities of C and D (1/2 each at first) move towards the action
//! just played when its payoff beat the aspiration level and away from it
//! otherwise, at learning rate 1/2.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;

struct BushMosteller {
    cooperate: f64,
    defect: f64,
}

impl Strategy for BushMosteller {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        const RATE: f64 = 0.5;
        // The library fixes the aspiration level at construction from the
        // standard payoffs: max(R, P, S, T)/3 = 5/3.
        const ASPIRATION: f64 = 5.0 / 3.0;
        if let (Some(&own), Some(&opponent)) = (view.own.last(), view.opponent.last()) {
            let payoffs = view.payoffs;
            let best = payoffs.r.max(payoffs.p).max(payoffs.s).max(payoffs.t);
            let payoff = payoffs.score(own, opponent).0;
            let stimulus = ((payoff - ASPIRATION) / (best - ASPIRATION).abs()).max(-1.0);
            let p = if own == Action::C {
                &mut self.cooperate
            } else {
                &mut self.defect
            };
            if stimulus >= 0.0 {
                *p += RATE * stimulus * (1.0 - *p);
            } else {
                *p += RATE * stimulus * *p;
            }
        }
        cooperate_with(self.cooperate / (self.cooperate + self.defect), rng)
    }
}

/// The Bush–Mosteller module (`bush_mosteller.py`).
#[rustfmt::skip]
pub(super) static BUSH_MOSTELLER: &[StrategyInfo] = &[
    entry!("BushMosteller", "Bush Mosteller", [], true,
        "Reinforcement learner: the weights of C and D (1/2 each) move by half the stimulus (payoff − 5/3, scaled) towards the action played when it paid more than the aspiration 5/3, away from it otherwise; cooperates with the weight of C over their sum (Bush–Mosteller 1955; Izquierdo et al. 2008).",
        || boxed(BushMosteller { cooperate: 0.5, defect: 0.5 })),
];
