//! Probers: strategies that open with a fixed test sequence and exploit an
//! opponent that does not retaliate, from the Axelrod library's `prober.py`
//! (Axelrod-Python/Axelrod 4.14): Hard Prober and Naive and Remorseful
//! Prober (Li et al. 2011, "Engineering design of strategies for winning
//! iterated prisoner's dilemma competitions", IEEE TCIAIG 3(4)), Detective
//! (Nicky Case's "The Evolution of Trust") and Prober 4 (the Prison 1998
//! collection). The classic table has Prober, Prober 2 and Prober 3.

use super::{boxed, cooperate_with, SeededRng, Strategy, StrategyInfo, View};
use crate::ipd::Action::{self, C, D};

fn detective(view: &View<'_>) -> Action {
    const OPENING: [Action; 4] = [C, D, C, C];
    match OPENING.get(view.turn()) {
        Some(&action) => action,
        None if !view.opponent[..OPENING.len()].contains(&D) => D,
        None => view.tit_for_tat(),
    }
}

fn hard_prober(view: &View<'_>) -> Action {
    const OPENING: [Action; 4] = [D, D, C, C];
    match OPENING.get(view.turn()) {
        Some(&action) => action,
        None if view.opponent[1..3] == [C, C] => D,
        None => view.tit_for_tat(),
    }
}

/// Prober 4: a fixed opening of 20 moves, counting the opponent's
/// defections that answer its own defections ("just") and its cooperations
/// ("unjust"); if the two counts differ by at most 2 it defects for good,
/// otherwise it cooperates five times and plays tit for tat.
#[derive(Default)]
struct Prober4 {
    just_defections: usize,
    unjust_defections: usize,
    defector: bool,
}

impl Strategy for Prober4 {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        const OPENING: [Action; 20] = [C, C, D, C, D, D, D, C, C, D, C, D, C, C, D, C, D, D, C, D];
        let n = view.turn();
        if let Some(&action) = OPENING.get(n) {
            if n > 0 && view.opponent[n - 1] == D {
                match view.own[n - 1] {
                    D => self.just_defections += 1,
                    C => self.unjust_defections += 1,
                }
            }
            return action;
        }
        if n == OPENING.len() {
            self.defector = self.just_defections.abs_diff(self.unjust_defections) <= 2;
        }
        if self.defector {
            D
        } else if n < OPENING.len() + 5 {
            C
        } else {
            view.tit_for_tat()
        }
    }
}

/// Naive Prober: tit for tat that answers a cooperation with a defection
/// with probability 0.1.
struct NaiveProber;

impl Strategy for NaiveProber {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match view.opponent_last() {
            None => C,
            Some(D) => D,
            Some(C) => cooperate_with(0.9, rng),
        }
    }
}

/// Remorseful Prober: Naive Prober that does not retaliate against a
/// defection answering its own probe.
#[derive(Default)]
struct RemorsefulProber {
    probing: bool,
}

impl Strategy for RemorsefulProber {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match view.opponent_last() {
            None => C,
            Some(D) if self.probing => {
                self.probing = false;
                C
            }
            Some(D) => D,
            Some(C) => {
                // The library draws a number here every time.
                self.probing = rng.next_f64() >= 0.9;
                if self.probing {
                    D
                } else {
                    C
                }
            }
        }
    }
}

/// The probers of `prober.py` not in the classic table.
pub(super) static PROBERS: &[StrategyInfo] = &[
    entry!("Detective", "Detective", [], false,
        "Plays C, D, C, C; defects for ever if the opponent did not defect in those four moves, otherwise plays tit for tat (Nicky Case 2017; axelrod prober.py).",
        rule!(detective)),
    entry!("Prober4", "Prober 4", [], false,
        "Plays a fixed opening of 20 moves; defects for ever if the opponent's defections answered its C and its D about equally often (within 2), otherwise cooperates five times and plays tit for tat (Prison 1998; axelrod prober.py).",
        || boxed(Prober4::default())),
    entry!("HardProber", "Hard Prober", [], false,
        "Plays D, D, C, C; defects for ever if the opponent cooperated on moves 2 and 3, otherwise plays tit for tat (Li et al. 2011; axelrod prober.py).",
        rule!(hard_prober)),
    entry!("NaiveProber", "Naive Prober", [], true,
        "Tit for tat that defects after a cooperation with probability 0.1 (Li et al. 2011; axelrod prober.py).",
        || boxed(NaiveProber)),
    entry!("RemorsefulProber", "Remorseful Prober", [], true,
        "Naive Prober (probes with probability 0.1) that does not retaliate when the opponent answers a probe with a defection (Li et al. 2011; axelrod prober.py).",
        || boxed(RemorsefulProber::default())),
];
