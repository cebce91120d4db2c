//! VeryBad (the Axelrod library's `verybad.py`; Andre2013 in its
//! bibliography): follows the opponent's majority.

use super::StrategyInfo;
use crate::ipd::Action::{C, D};

/// The VeryBad module (`verybad.py`).
#[rustfmt::skip]
pub(super) static VERY_BAD: &[StrategyInfo] = &[
    entry!("VeryBad", "VeryBad", [], false,
        "Cooperates three times; then cooperates if the opponent cooperated more than half the time, defects if less, and copies its last move at exactly half.",
        rule!(|v| {
            let n = v.turn();
            if n < 3 {
                return C;
            }
            let twice = 2 * v.opponent_cooperations();
            if twice > n { C } else if twice < n { D } else { v.opponent[n - 1] }
        })),
];
