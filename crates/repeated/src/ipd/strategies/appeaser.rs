//! Appeaser (the Axelrod library's `appeaser.py`, Jochen Müller): tries to
//! guess what the opponent wants, switching its move whenever the opponent
//! defects.

use super::StrategyInfo;
use crate::ipd::Action::{C, D};

/// The appeaser module (`appeaser.py`).
#[rustfmt::skip]
pub(super) static APPEASER: &[StrategyInfo] = &[
    entry!("Appeaser", "Appeaser", [], false,
        "Cooperates first; switches between C and D each time the opponent defects, otherwise repeats its last move.",
        rule!(|v| match (v.own.last(), v.opponent.last()) {
            (Some(&own), Some(&D)) => own.flip(),
            (Some(&own), _) => own,
            _ => C,
        })),
];
