//! Forgivers: strategies that tolerate an opponent defecting at most one
//! move in ten, from the Axelrod library's `forgiver.py`
//! (Axelrod-Python/Axelrod 4.14; Thomas Campbell's strategies, see Knight et
//! al. 2016, J. Open Research Software 4).

use super::StrategyInfo;
use crate::ipd::Action::{C, D};

/// The strategies of `forgiver.py`.
pub(super) static FORGIVERS: &[StrategyInfo] = &[
    entry!("Forgiver", "Forgiver", [], false,
        "Cooperates while the opponent has defected on at most 10% of its moves, defects otherwise (Thomas Campbell, axelrod forgiver.py).",
        rule!(|v| if 10 * v.opponent_defections > v.turn() { D } else { C })),
    entry!("ForgivingTitForTat", "Forgiving Tit For Tat", [], false,
        "Cooperates while the opponent has defected on at most 10% of its moves, plays tit for tat otherwise (Thomas Campbell, axelrod forgiver.py).",
        rule!(|v| if 10 * v.opponent_defections > v.turn() { v.tit_for_tat() } else { C })),
];
