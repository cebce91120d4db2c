//! Inverse (the Axelrod library's `inverse.py`, Karol Langner): defects with
//! probability 1/k when the opponent's last defection was k turns ago.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;

struct Inverse;

impl Strategy for Inverse {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match view.opponent.iter().rev().position(|&a| a == Action::D) {
            None => Action::C,
            Some(k) => cooperate_with(1.0 - 1.0 / (k + 1) as f64, rng),
        }
    }
}

/// The inverse module (`inverse.py`).
#[rustfmt::skip]
pub(super) static INVERSE: &[StrategyInfo] = &[
    entry!("Inverse", "Inverse", [], true,
        "Cooperates while the opponent never defected; otherwise defects with probability 1/k, k the number of turns since its last defection (1 for the last turn).",
        || boxed(Inverse)),
];
