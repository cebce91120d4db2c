//! The memory-one strategies of the Axelrod library's `memoryone.py` that
//! the classic table lacks: fixed four-vectors (P(C|CC), P(C|CD), P(C|DC),
//! P(C|DD)) after M. Nowak and K. Sigmund ("The evolution of stochastic
//! strategies in the prisoner's dilemma", Acta Applicandae Mathematicae 20,
//! 1990), and ALLCorALLD, which repeats its own last move.

use super::{boxed, cooperate_with, MemoryOne, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::C;

fn memory_one(four_vector: [f64; 4]) -> Box<dyn Strategy> {
    boxed(MemoryOne {
        initial: C,
        four_vector,
    })
}

/// ALLC or ALLD (Akin 2015's "Repeat"): C with probability 0.6 first, then
/// its own last move for ever.
struct AllCOrAllD;

impl Strategy for AllCOrAllD {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match view.own.last() {
            Some(&last) => last,
            None => cooperate_with(0.6, rng),
        }
    }
}

/// The memory-one family (`memoryone.py`).
#[rustfmt::skip]
pub(super) static MEMORY_ONE: &[StrategyInfo] = &[
    entry!("FirmButFair", "Firm But Fair", [], true,
        "Cooperates first, then with the four-vector (1, 0, 1, 2/3): cooperates except after being exploited, and after mutual defection with probability 2/3 (Frean 1994).",
        || memory_one([1.0, 0.0, 1.0, 2.0 / 3.0])),
    entry!("SoftJoss", "Soft Joss", [], true,
        "Tit for tat that answers a defection with D only with probability 0.9: four-vector (1, 0.1, 1, 0.1) (Prison 1998).",
        || memory_one([1.0, 1.0 - 0.9, 1.0, 1.0 - 0.9])),
    entry!("StochasticCooperator", "Stochastic Cooperator", [], true,
        "Cooperates first, then with the four-vector (0.935, 0.229, 0.266, 0.42) (Adami–Hintze 2013).",
        || memory_one([0.935, 0.229, 0.266, 0.42])),
    entry!("ALLCorALLD", "ALLCorALLD", ["Repeat"], true,
        "Cooperates first with probability 0.6, then repeats its own last move, so it is ALLC or ALLD after the first turn (Akin 2015).",
        || boxed(AllCOrAllD)),
];
