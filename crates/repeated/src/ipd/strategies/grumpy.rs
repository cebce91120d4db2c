//! Grumpy (the Axelrod library's `grumpy.py`, Jason Young): grumpiness is
//! the opponent's defections minus its cooperations; the player turns
//! grumpy (defects) above 10 and nice again (cooperates) below −10.

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

struct Grumpy {
    grumpy: bool,
}

impl Strategy for Grumpy {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let grumpiness = view.opponent_defections as i64 - view.opponent_cooperations() as i64;
        if self.grumpy && grumpiness < -10 {
            self.grumpy = false;
        } else if !self.grumpy && grumpiness > 10 {
            self.grumpy = true;
        }
        if self.grumpy {
            D
        } else {
            C
        }
    }
}

/// The grumpy module (`grumpy.py`).
#[rustfmt::skip]
pub(super) static GRUMPY: &[StrategyInfo] = &[
    entry!("Grumpy", "Grumpy", [], false,
        "Starts nice; turns grumpy (defects) once the opponent's defections exceed its cooperations by more than 10, and nice again once they fall more than 10 below.",
        || boxed(Grumpy { grumpy: false })),
];
