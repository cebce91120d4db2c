//! The cyclers of the Axelrod library's `cycler.py` that the classic table
//! lacks (Mittal and Deb, "Optimal strategies of the iterated prisoner's
//! dilemma problem for multiple conflicting objectives", IEEE Trans.
//! Evolutionary Computation 13, 2009): a fixed sequence repeated for ever,
//! and AntiCycler, whose sequence has no cycle.

use super::{boxed, Cycler, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// C, D, D, then runs of one, two, three, … C each closed by a D:
/// C D D  C D  C C D  C C C D …
#[derive(Default)]
struct AntiCycler {
    run: usize,
    played: usize,
}

impl Strategy for AntiCycler {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if let Some(&first) = [C, D, D].get(view.turn()) {
            return first;
        }
        if self.played < self.run + 1 {
            self.played += 1;
            C
        } else {
            self.run += 1;
            self.played = 0;
            D
        }
    }
}

/// The cycler family (`cycler.py`).
#[rustfmt::skip]
pub(super) static CYCLER: &[StrategyInfo] = &[
    entry!("AntiCycler", "AntiCycler", [], false,
        "Plays C, D, D, then C, D, C, C, D, C, C, C, D, …: runs of C one longer each time, so its sequence never cycles.",
        || boxed(AntiCycler::default())),
    entry!("CyclerCCCD", "Cycler CCCD", [], false,
        "Plays C, C, C, D repeatedly.", || boxed(Cycler(&[C, C, C, D]))),
    entry!("CyclerCCCDCD", "Cycler CCCDCD", [], false,
        "Plays C, C, C, D, C, D repeatedly.", || boxed(Cycler(&[C, C, C, D, C, D]))),
    entry!("CyclerDC", "Cycler DC", [], false,
        "Plays D, C repeatedly.", || boxed(Cycler(&[D, C]))),
];
