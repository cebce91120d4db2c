//! The tricky cooperator and defector of the Axelrod library's
//! `cooperator.py` and `defector.py` (Axelrod-Python/Axelrod 4.14; Karol
//! Langner's strategies, see Knight et al. 2016, J. Open Research Software
//! 4): an almost-always cooperator that defects against a trusting
//! opponent, and an almost-always defector that cooperates to lure one.

use super::StrategyInfo;
use crate::ipd::Action::{C, D};

/// The tricky cooperator and defector.
pub(super) static TRICKY: &[StrategyInfo] = &[
    entry!("TrickyCooperator", "Tricky Cooperator", [], false,
        "Cooperates, but from the fourth move on defects while the opponent has not defected in its last ten moves (Karol Langner, axelrod cooperator.py).",
        rule!(|v| {
            let n = v.turn();
            if n >= 3 && !v.opponent[n.saturating_sub(10)..].contains(&D) { D } else { C }
        })),
    entry!("TrickyDefector", "Tricky Defector", [], false,
        "Defects, but cooperates when the opponent, having cooperated at least once, defected on its last three moves (Karol Langner, axelrod defector.py).",
        rule!(|v| if v.opponent_cooperations() > 0 && v.opponent.ends_with(&[D, D, D]) { C } else { D })),
];
