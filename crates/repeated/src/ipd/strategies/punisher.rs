//! Punishers: strategies whose punishment depends on how much the opponent
//! has defected, from the Axelrod library's `punisher.py`
//! (Axelrod-Python/Axelrod 4.14): Geraint Palmer's Punisher and Inverse
//! Punisher (see Knight et al. 2016, J. Open Research Software 4), and the
//! Level Punishers of Eckhart Arnold's CoopSim (the library's `Eckhart2015`,
//! <https://github.com/jecki/CoopSim/>).

use super::{boxed, SeededRng, Strategy, StrategyInfo, View};
use crate::ipd::Action::{self, C, D};

/// Punisher and Inverse Punisher: after a defection, the triggering
/// defection and ⌊20·k/n⌋ more, where k counts the opponent's defections
/// (Punisher) or cooperations (Inverse Punisher, at least 1 more) among its
/// n moves.
struct Punisher {
    inverse: bool,
    grudge_length: usize,
    grudge_moves: usize,
    grudged: bool,
}

impl Punisher {
    fn new(inverse: bool) -> Self {
        Punisher {
            inverse,
            grudge_length: 1,
            grudge_moves: 1,
            grudged: false,
        }
    }
}

impl Strategy for Punisher {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if self.grudge_moves >= self.grudge_length {
            self.grudge_moves = 0;
            self.grudged = false;
        }
        if self.grudged {
            self.grudge_moves += 1;
            return D;
        }
        if view.opponent_last() == Some(D) {
            let counted = if self.inverse {
                view.opponent_cooperations()
            } else {
                view.opponent_defections
            };
            self.grudge_length = 20 * counted / view.turn();
            if self.inverse {
                self.grudge_length = self.grudge_length.max(1);
            }
            self.grudged = true;
            return D;
        }
        C
    }
}

fn defection_rate(view: &View<'_>) -> f64 {
    view.opponent_defections as f64 / view.turn() as f64
}

fn level_punisher(view: &View<'_>) -> Action {
    if view.turn() >= 10 && defection_rate(view) > 0.2 {
        D
    } else {
        C
    }
}

fn tricky_level_punisher(view: &View<'_>) -> Action {
    let n = view.turn();
    if n == 0 {
        return C;
    }
    let rate = defection_rate(view);
    let limits = [(10, 0.2), (50, 0.1), (100, 0.05)];
    if limits
        .iter()
        .any(|&(turns, limit)| n < turns && rate > limit)
    {
        D
    } else {
        C
    }
}

/// The strategies of `punisher.py`.
pub(super) static PUNISHERS: &[StrategyInfo] = &[
    entry!("Punisher", "Punisher", [], false,
        "Cooperates; after a defection, defects 1 + ⌊20·d/n⌋ times (the opponent's defections d over its n moves), the opponent's moves ignored meanwhile (Geraint Palmer, axelrod punisher.py).",
        || boxed(Punisher::new(false))),
    entry!("InversePunisher", "Inverse Punisher", [], false,
        "Cooperates; after a defection, defects 1 + max(1, ⌊20·c/n⌋) times (the opponent's cooperations c over its n moves) (Geraint Palmer, axelrod punisher.py).",
        || boxed(Punisher::new(true))),
    entry!("LevelPunisher", "Level Punisher", [], false,
        "Cooperates for ten moves, then defects while the opponent's defection rate is above 20% (Eckhart Arnold's CoopSim; axelrod punisher.py).",
        rule!(level_punisher)),
    entry!("TrickyLevelPunisher", "Tricky Level Punisher", [], false,
        "Defects when the opponent's defection rate is above 20% in the first 10 moves, 10% in the first 50 or 5% in the first 100; cooperates otherwise and after move 100 (Eckhart Arnold's CoopSim; axelrod punisher.py).",
        rule!(tricky_level_punisher)),
];
