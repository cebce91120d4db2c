//! Backstabbers: strategies that forgive three defections, defect after the
//! fourth, and defect on the last two moves of a match of known length,
//! from the Axelrod library's `backstabber.py` (Axelrod-Python/Axelrod
//! 4.14; original strategies by Thomas Campbell, see Knight et al. 2016,
//! J. Open Research Software 4).

use super::{boxed, Final, Rule, StrategyInfo, View};
use crate::ipd::Action::{self, C, D};

fn backstabber(view: &View<'_>) -> Action {
    if view.opponent_defections > 3 {
        D
    } else {
        C
    }
}

/// Double Crosser: against an opponent that cooperated on its first seven
/// moves, from move 8 to move 180 it plays tit for two tats; otherwise
/// Backstabber.
fn double_crosser(view: &View<'_>) -> Action {
    let round = view.turn() + 1;
    let trusted = !view.opponent[..view.turn().min(7)].contains(&D);
    if trusted && (8..=180).contains(&round) {
        if view.opponent.ends_with(&[D, D]) {
            D
        } else {
            C
        }
    } else {
        backstabber(view)
    }
}

/// The strategies of `backstabber.py`.
pub(super) static BACKSTABBERS: &[StrategyInfo] = &[
    entry!("BackStabber", "BackStabber", [], false,
        "Cooperates until the opponent's fourth defection, then defects for good; defects on the last two moves of a match of known length (Thomas Campbell, axelrod backstabber.py).",
        || boxed(Final { inner: Rule(backstabber), turns: 2 })),
    entry!("DoubleCrosser", "DoubleCrosser", [], false,
        "BackStabber, except that from move 8 to move 180 it plays tit for two tats if the opponent cooperated on its first seven moves; defects on the last two moves (Thomas Campbell, axelrod backstabber.py).",
        || boxed(Final { inner: Rule(double_crosser), turns: 2 })),
];
