//! Doubler (the Axelrod library's `doubler.py`, from PRISON 1998).

use super::StrategyInfo;
use crate::ipd::Action::{C, D};

/// The doubler module (`doubler.py`).
#[rustfmt::skip]
pub(super) static DOUBLER: &[StrategyInfo] = &[
    entry!("Doubler", "Doubler", [], false,
        "Cooperates except after an opponent's defection when the opponent's cooperations are at most twice its defections (PRISON 1998).",
        rule!(|v| if v.opponent.last() == Some(&D) && v.opponent_cooperations() <= 2 * v.opponent_defections { D } else { C })),
];
