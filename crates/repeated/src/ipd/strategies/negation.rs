//! Negation (the Axelrod library's `negation.py`; PD2017 in its
//! bibliography): a random first move, then the opposite of the opponent's
//! last move.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;

struct Negation;

impl Strategy for Negation {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match view.opponent.last() {
            Some(&last) => last.flip(),
            None => cooperate_with(0.5, rng),
        }
    }
}

/// The negation module (`negation.py`).
#[rustfmt::skip]
pub(super) static NEGATION: &[StrategyInfo] = &[
    entry!("Negation", "Negation", [], true,
        "A random first move, then the opposite of the opponent's last move.",
        || boxed(Negation)),
];
