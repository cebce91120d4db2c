//! The Axelrod library's `mathematicalconstants.py` (`CotoDeRatio`): after
//! cooperating first (and defecting while the opponent never has), the
//! player steers the ratio of all cooperations to all defections (both
//! players') towards a constant — the golden ratio, π or e — defecting when
//! the ratio is above it.

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

struct Ratio(f64);

impl Strategy for Ratio {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if view.turn() == 0 {
            return C;
        }
        if view.opponent_defections == 0 {
            return D;
        }
        let cooperations = view.opponent_cooperations() + view.own_cooperations();
        let defections = view.opponent_defections + view.own_defections;
        if cooperations as f64 / defections as f64 > self.0 {
            D
        } else {
            C
        }
    }
}

/// The mathematical-constant family (`mathematicalconstants.py`).
#[rustfmt::skip]
pub(super) static MATHEMATICAL_CONSTANTS: &[StrategyInfo] = &[
    entry!("Golden", "$\\phi$", ["GoldenRatio"], false,
        "Cooperates first; defects while the opponent has never defected, and whenever the ratio of both players' cooperations to their defections exceeds the golden ratio (1 + √5)/2.",
        || boxed(Ratio((1.0 + 5f64.sqrt()) / 2.0))),
    entry!("Pi", "$\\pi$", [], false,
        "Cooperates first; defects while the opponent has never defected, and whenever the ratio of both players' cooperations to their defections exceeds π.",
        || boxed(Ratio(std::f64::consts::PI))),
    entry!("e", "$e$", ["EulerNumber"], false,
        "Cooperates first; defects while the opponent has never defected, and whenever the ratio of both players' cooperations to their defections exceeds e.",
        || boxed(Ratio(std::f64::consts::E))),
];
