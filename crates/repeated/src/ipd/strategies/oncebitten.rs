//! The Axelrod library's `oncebitten.py`: grudges that start after one or
//! two defections, one of which is forgotten after ten turns and one at
//! random.

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// Once Bitten: defects for ten turns after two consecutive defections.
#[derive(Default)]
struct OnceBitten {
    grudged: bool,
    grudge_memory: usize,
}

impl Strategy for OnceBitten {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        const MEMORY: usize = 10;
        if self.grudge_memory >= MEMORY {
            self.grudge_memory = 0;
            self.grudged = false;
        }
        if view.turn() < 2 {
            return C;
        }
        if self.grudged {
            self.grudge_memory += 1;
            return D;
        }
        if view.opponent.ends_with(&[D, D]) {
            self.grudged = true;
            return D;
        }
        C
    }
}

/// Forgetful Fool Me Once: counts the opponent's defections, forgets the
/// count with probability 0.05 each turn, defects while it exceeds one.
#[derive(Default)]
struct ForgetfulFoolMeOnce {
    defections: usize,
}

impl Strategy for ForgetfulFoolMeOnce {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let forget = rng.next_f64() < 0.05;
        let Some(&last) = view.opponent.last() else {
            return C;
        };
        if last == D {
            self.defections += 1;
        }
        if forget {
            self.defections = 0;
        }
        if self.defections > 1 {
            D
        } else {
            C
        }
    }
}

/// The once-bitten family (`oncebitten.py`).
#[rustfmt::skip]
pub(super) static ONCE_BITTEN: &[StrategyInfo] = &[
    entry!("OnceBitten", "Once Bitten", [], false,
        "Cooperates, but after two consecutive defections by the opponent defects for ten turns (a forgetful grudger).",
        || boxed(OnceBitten::default())),
    entry!("FoolMeOnce", "Fool Me Once", [], false,
        "Forgives the opponent's first defection, then defects for ever after a second.",
        rule!(|v| if v.opponent_defections > 1 { D } else { C })),
    entry!("ForgetfulFoolMeOnce", "Forgetful Fool Me Once", [], true,
        "Fool Me Once that forgets its count of the opponent's defections with probability 0.05 each turn.",
        || boxed(ForgetfulFoolMeOnce::default())),
];
