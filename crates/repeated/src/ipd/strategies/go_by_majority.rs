//! Go by majority with a finite memory, from the Axelrod library's
//! `gobymajority.py` (Axelrod-Python/Axelrod 4.14; the rule is Axelrod's
//! 1984 "go by majority", *The Evolution of Cooperation*): cooperate when
//! the opponent cooperated more often than it defected over its last k
//! moves; the soft version also cooperates on a tie, the hard one defects.
//! The unbounded versions are `SoftGoByMajority` and `HardGoByMajority` of
//! the classic table.

use super::{Rule, StrategyInfo, View};
use crate::ipd::Action::{self, C, D};

/// The majority rule over the opponent's last `memory` moves.
fn go_by_majority(view: &View<'_>, memory: usize, soft: bool) -> Action {
    let recent = &view.opponent[view.turn().saturating_sub(memory)..];
    let defections = recent.iter().filter(|&&a| a == D).count();
    let cooperations = recent.len() - defections;
    if cooperations > defections || (soft && cooperations == defections) {
        C
    } else {
        D
    }
}

macro_rules! majority {
    ($id:literal, $name:literal, $memory:literal, $soft:literal, $description:literal) => {
        entry!($id, $name, [], false, $description, || super::boxed(Rule(
            |v| go_by_majority(v, $memory, $soft)
        )))
    };
}

/// The go-by-majority strategies with a memory of 5, 10, 20 and 40 moves.
pub(super) static GO_BY_MAJORITY: &[StrategyInfo] = &[
    majority!("GoByMajority5", "Soft Go By Majority: 5", 5, true,
        "Cooperates unless the opponent defected more often than it cooperated in its last 5 moves (axelrod gobymajority.py; Axelrod 1984)."),
    majority!("GoByMajority10", "Soft Go By Majority: 10", 10, true,
        "Cooperates unless the opponent defected more often than it cooperated in its last 10 moves (axelrod gobymajority.py; Axelrod 1984)."),
    majority!("GoByMajority20", "Soft Go By Majority: 20", 20, true,
        "Cooperates unless the opponent defected more often than it cooperated in its last 20 moves (axelrod gobymajority.py; Axelrod 1984)."),
    majority!("GoByMajority40", "Soft Go By Majority: 40", 40, true,
        "Cooperates unless the opponent defected more often than it cooperated in its last 40 moves (axelrod gobymajority.py; Axelrod 1984)."),
    majority!("HardGoByMajority5", "Hard Go By Majority: 5", 5, false,
        "Cooperates only when the opponent cooperated more often than it defected in its last 5 moves, so defects first (axelrod gobymajority.py; Axelrod 1984)."),
    majority!("HardGoByMajority10", "Hard Go By Majority: 10", 10, false,
        "Cooperates only when the opponent cooperated more often than it defected in its last 10 moves, so defects first (axelrod gobymajority.py; Axelrod 1984)."),
    majority!("HardGoByMajority20", "Hard Go By Majority: 20", 20, false,
        "Cooperates only when the opponent cooperated more often than it defected in its last 20 moves, so defects first (axelrod gobymajority.py; Axelrod 1984)."),
    majority!("HardGoByMajority40", "Hard Go By Majority: 40", 40, false,
        "Cooperates only when the opponent cooperated more often than it defected in its last 40 moves, so defects first (axelrod gobymajority.py; Axelrod 1984)."),
];
