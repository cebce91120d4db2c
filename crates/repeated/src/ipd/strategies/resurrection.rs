//! Resurrection strategies: tit for tat that breaks out of a run of five
//! identical moves of its own, from the Axelrod library's `resurrection.py`
//! (Axelrod-Python/Axelrod 4.14; from Eckhart Arnold's CoopSim, the
//! library's `Eckhart2015`, <https://github.com/jecki/CoopSim/>).

use super::StrategyInfo;
use crate::ipd::Action::{C, D};

/// The strategies of `resurrection.py`.
pub(super) static RESURRECTION: &[StrategyInfo] = &[
    entry!("Resurrection", "Resurrection", [], false,
        "Tit for tat, but defects after five defections of its own in a row (Eckhart Arnold's CoopSim; axelrod resurrection.py).",
        rule!(|v| if v.own.ends_with(&[D; 5]) { D } else { v.tit_for_tat() })),
    entry!("DoubleResurrection", "DoubleResurrection", [], false,
        "Tit for tat, but defects after five cooperations of its own in a row and cooperates after five defections in a row (Eckhart Arnold's CoopSim; axelrod resurrection.py).",
        rule!(|v| {
            if v.own.ends_with(&[C; 5]) { D } else if v.own.ends_with(&[D; 5]) { C } else { v.tit_for_tat() }
        })),
];
