//! Gradual Killer (the Axelrod library's `gradualkiller.py`, from PRISON
//! 1998), designed to stop Gradual beating tit for tat.

use super::StrategyInfo;
use crate::ipd::Action::{C, D};

/// The gradual-killer module (`gradualkiller.py`).
#[rustfmt::skip]
pub(super) static GRADUAL_KILLER: &[StrategyInfo] = &[
    entry!("GradualKiller", "Gradual Killer", [], false,
        "Plays D five times and C twice, then defects for ever if the opponent defected on moves 6 and 7, else cooperates for ever (PRISON 1998).",
        rule!(|v| match [D, D, D, D, D, C, C].get(v.turn()) {
            Some(&opening) => opening,
            None => if v.opponent[5..7] == [D, D] { D } else { C },
        })),
];
