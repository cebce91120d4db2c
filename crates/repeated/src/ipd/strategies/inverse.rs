//! Inverse (the Axelrod library's `inverse.py`, Karol Langner): defects with
//! probability 1/k when the opponent's last defection was k turns ago.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;

/// Remembers the turn of the opponent's last defection (constant work per turn).
#[derive(Default)]
struct Inverse {
    last_defection: Option<usize>,
}

impl Strategy for Inverse {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if view.opponent.last() == Some(&Action::D) {
            self.last_defection = Some(n - 1);
        }
        match self.last_defection {
            None => Action::C,
            Some(turn) => cooperate_with(1.0 - 1.0 / (n - turn) as f64, rng),
        }
    }
}

/// The inverse module (`inverse.py`).
#[rustfmt::skip]
pub(super) static INVERSE: &[StrategyInfo] = &[
    entry!("Inverse", "Inverse", [], true,
        "Cooperates while the opponent never defected; otherwise defects with probability 1/k, k the number of turns since its last defection (1 for the last turn).",
        || boxed(Inverse::default())),
];
