//! The Axelrod library's `mutual.py`: a random first move, then a rule of
//! the last round alone (after PRISON 1998).

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// A fair coin first, then `rule(own last, opponent's last)`.
struct CoinThen(fn(Action, Action) -> Action);

impl Strategy for CoinThen {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match (view.own.last(), view.opponent.last()) {
            (Some(&own), Some(&opponent)) => (self.0)(own, opponent),
            _ => cooperate_with(0.5, rng),
        }
    }
}

/// The mutual family (`mutual.py`).
#[rustfmt::skip]
pub(super) static MUTUAL: &[StrategyInfo] = &[
    entry!("Desperate", "Desperate", [], true,
        "A random first move, then cooperates only after mutual defection.",
        || boxed(CoinThen(|a, b| if (a, b) == (D, D) { C } else { D }))),
    entry!("Hopeless", "Hopeless", [], true,
        "A random first move, then defects only after mutual cooperation.",
        || boxed(CoinThen(|a, b| if (a, b) == (C, C) { D } else { C }))),
    entry!("Willing", "Willing", [], true,
        "A random first move, then defects only after mutual defection.",
        || boxed(CoinThen(|a, b| if (a, b) == (D, D) { D } else { C }))),
];
