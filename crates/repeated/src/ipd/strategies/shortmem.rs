//! ShortMem (the Axelrod library's `shortmem.py`; Andre2013 in its
//! bibliography): looks at the opponent's last ten moves.

use super::StrategyInfo;
use crate::ipd::Action::{C, D};

/// The ShortMem module (`shortmem.py`).
#[rustfmt::skip]
pub(super) static SHORT_MEM: &[StrategyInfo] = &[
    entry!("ShortMem", "ShortMem", [], false,
        "Cooperates for 11 turns; then, of the opponent's last ten moves, cooperates if C outnumbers D by 3 or more, defects if D outnumbers C by 3 or more, else tit for tat.",
        rule!(|v| {
            let n = v.turn();
            if n <= 10 {
                return C;
            }
            let cooperations = v.opponent[n - 10..].iter().filter(|&&a| a == C).count() as i64;
            let defections = 10 - cooperations;
            if cooperations - defections >= 3 { C } else if defections - cooperations >= 3 { D } else { v.opponent[n - 1] }
        })),
];
