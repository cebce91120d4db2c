//! Adaptors (the Axelrod library's `adaptor.py`, after C. Hauert and H. G.
//! Schuster — Hauert2002 in the library's bibliography; parameters trained by
//! Marc Harper): an internal state s, 0 at first, moved by a fixed amount
//! after each outcome (CC, CD, DC, DD); the player cooperates with
//! probability 0.99 while −1 ≤ s ≤ 1 (Heaviside steps, H(0) = 1) and 0.01
//! otherwise.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;

struct Adaptor {
    delta: [f64; 4],
    state: f64,
}

/// numpy's heaviside(x, 1).
fn heaviside(x: f64) -> f64 {
    if x < 0.0 {
        0.0
    } else {
        1.0
    }
}

impl Strategy for Adaptor {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        const ERROR: f64 = 0.01;
        if let (Some(&own), Some(&opponent)) = (view.own.last(), view.opponent.last()) {
            self.state +=
                self.delta[2 * usize::from(own == Action::D) + usize::from(opponent == Action::D)];
        }
        let p = ERROR
            + (1.0 - 2.0 * ERROR) * (heaviside(self.state + 1.0) - heaviside(self.state - 1.0));
        cooperate_with(p, rng)
    }
}

/// The adaptor family (`adaptor.py`); the increments are the library's
/// trained parameters.
#[rustfmt::skip]
pub(super) static ADAPTOR: &[StrategyInfo] = &[
    entry!("AdaptorBrief", "AdaptorBrief", [], true,
        "Adaptor trained on short matches: increments (0, −1.001505, 0.992107, −0.638734) after CC, CD, DC, DD.",
        || boxed(Adaptor { delta: [0.0, -1.001505, 0.992107, -0.638734], state: 0.0 })),
    entry!("AdaptorLong", "AdaptorLong", [], true,
        "Adaptor trained on long matches: increments (0, 1.888159, 1.858883, −0.995703) after CC, CD, DC, DD.",
        || boxed(Adaptor { delta: [0.0, 1.888159, 1.858883, -0.995703], state: 0.0 })),
];
