//! Variants of tit for tat from the Axelrod library's `titfortat.py`
//! (Axelrod-Python/Axelrod 4.14): Beaufils, Delahaye & Mathieu's original
//! Gradual (1996, "Our meeting with gradual", Proc. ALIFE V), Contrite tit
//! for tat (Axelrod & Wu 1995), Marinoff's Burn Both Ends (1992), the
//! LessWrong 2011 tournament's Alexei, Eugine Nier and Michaelos, and the
//! library's own parametrised and randomised variants. Rules re-implemented
//! from the library's documentation and behaviour.

use super::{boxed, cooperate_with, Final, Rule, SeededRng, Strategy, StrategyInfo, View};
use crate::ipd::Action::{self, C, D};

/// Gradual as published (Beaufils et al. 1996): the n-th punishment is n
/// defections followed by two cooperations, during which the opponent's
/// moves are ignored.
#[derive(Default)]
struct OriginalGradual {
    calming: bool,
    punishing: bool,
    punished: usize,
    punishments: usize,
}

impl Strategy for OriginalGradual {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if self.calming {
            self.calming = false;
            return C;
        }
        if self.punishing {
            if self.punished < self.punishments {
                self.punished += 1;
                return D;
            }
            // The punishment is over: the first of the two calming moves.
            self.punishing = false;
            self.calming = true;
            self.punished = 0;
            return C;
        }
        if view.opponent_last() == Some(D) {
            self.punishing = true;
            self.punished = 1;
            self.punishments += 1;
            return D;
        }
        C
    }
}

/// Contrite tit for tat: tit for tat that remembers what it meant to play;
/// when noise turned its intended C into a D against a cooperating opponent
/// it becomes contrite and accepts the retaliation.
#[derive(Default)]
struct ContriteTitForTat {
    contrite: bool,
    /// The action it chose last turn, before any noise.
    intended: Option<Action>,
}

impl ContriteTitForTat {
    fn decide(&mut self, view: &View<'_>) -> Action {
        let (Some(&own), Some(&opponent)) = (view.own.last(), view.opponent.last()) else {
            return C;
        };
        if self.contrite && own == C {
            self.contrite = false;
            return C;
        }
        let noisy = self.intended != Some(own);
        if noisy && own == D && opponent == C {
            self.contrite = true;
        }
        opponent
    }
}

impl Strategy for ContriteTitForTat {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let action = self.decide(view);
        self.intended = Some(action);
        action
    }
}

/// Michaelos: tit for tat, except that after its own defection answered by
/// a cooperation it cooperates or defects for good, even odds.
#[derive(Default)]
struct Michaelos {
    defector: bool,
}

impl Strategy for Michaelos {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let (Some(&own), Some(&opponent)) = (view.own.last(), view.opponent.last()) else {
            return C;
        };
        if self.defector {
            return D;
        }
        if own == D && opponent == C {
            let action = cooperate_with(0.5, rng);
            self.defector = action == D;
            return action;
        }
        opponent
    }
}

/// N tits for M tats: N defections each time the opponent's last M moves
/// are all defections.
struct NTitsForMTats {
    n: usize,
    m: usize,
    retaliations_left: usize,
}

impl Strategy for NTitsForMTats {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let recent = &view.opponent[view.turn().saturating_sub(self.m)..];
        if recent.len() == self.m && recent.iter().all(|&a| a == D) {
            self.retaliations_left = self.n;
        }
        if self.retaliations_left > 0 {
            self.retaliations_left -= 1;
            return D;
        }
        C
    }
}

/// Random tit for tat: after an opening C, alternates between copying the
/// opponent's last move and a coin flip, starting with a copy.
#[derive(Default)]
struct RandomTitForTat {
    copied: bool,
}

impl Strategy for RandomTitForTat {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let Some(last) = view.opponent_last() else {
            return C;
        };
        self.copied = !self.copied;
        if self.copied {
            last
        } else {
            cooperate_with(0.5, rng)
        }
    }
}

/// Burn Both Ends: tit for tat that answers a cooperation with a
/// cooperation only nine times in ten.
struct BurnBothEnds;

impl Strategy for BurnBothEnds {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match view.opponent_last() {
            None => C,
            Some(C) => cooperate_with(0.9, rng),
            Some(D) => D,
        }
    }
}

/// Dynamic two tits for tat: after a defection in the opponent's last two
/// moves, cooperates with the opponent's overall cooperation rate.
struct DynamicTwoTitsForTat;

impl Strategy for DynamicTwoTitsForTat {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n == 0 || !view.opponent[n.saturating_sub(2)..].contains(&D) {
            return C;
        }
        cooperate_with(view.opponent_cooperations() as f64 / n as f64, rng)
    }
}

fn final_defection<S: Strategy + 'static>(inner: S) -> Box<dyn Strategy> {
    boxed(Final { inner, turns: 1 })
}

fn slow_tit_for_two_tats(view: &View<'_>) -> Action {
    let n = view.turn();
    if n < 2 {
        C
    } else if view.opponent[n - 1] == view.opponent[n - 2] {
        view.opponent[n - 1]
    } else {
        view.own[n - 1]
    }
}

/// The tit-for-tat variants of `titfortat.py` not in the classic table.
pub(super) static TIT_FOR_TAT_VARIANTS: &[StrategyInfo] = &[
    entry!("OriginalGradual", "Original Gradual", [], false,
        "Gradual as published: the n-th defection of the opponent is punished by n defections, then two cooperations, the opponent's moves being ignored meanwhile (Beaufils, Delahaye & Mathieu 1996; axelrod titfortat.py).",
        || boxed(OriginalGradual::default())),
    entry!("ContriteTitForTat", "Contrite Tit For Tat", ["CTFT"], false,
        "Tit for tat that, when noise turned its cooperation into a defection against a cooperator, accepts the retaliation until it has cooperated again (Axelrod & Wu 1995; axelrod titfortat.py).",
        || boxed(ContriteTitForTat::default())),
    entry!("SlowTitForTwoTats2", "Slow Tit For Two Tats 2", [], false,
        "Cooperates twice; then copies the opponent when its last two moves agree, otherwise repeats its own last move (Prison 1998; axelrod titfortat.py).",
        rule!(slow_tit_for_two_tats)),
    entry!("Alexei", "Alexei", [], false,
        "Tit for tat that defects on the last move of a match of known length (LessWrong 2011; axelrod titfortat.py).",
        || final_defection(Rule(|v| v.tit_for_tat()))),
    entry!("EugineNier", "EugineNier", [], false,
        "Tit for tat that defects for good once the opponent has defected five times, and on the last move (LessWrong 2011; axelrod titfortat.py).",
        || final_defection(Rule(|v| {
            if v.turn() > 0 && v.opponent_defections >= 5 { D } else { v.tit_for_tat() }
        }))),
    entry!("Michaelos", "Michaelos", [], true,
        "Tit for tat, but after its own defection answered by a cooperation, cooperates or defects for good with even odds; defects on the last move (LessWrong 2011; axelrod titfortat.py).",
        || final_defection(Michaelos::default())),
    entry!("NTitsForMTats", "N Tit(s) For M Tat(s)", [], false,
        "Defects three times whenever the opponent's last two moves were defections (N = 3, M = 2; Marc Harper, axelrod titfortat.py).",
        || boxed(NTitsForMTats { n: 3, m: 2, retaliations_left: 0 })),
    entry!("RandomTitForTat", "Random Tit for Tat", [], true,
        "Cooperates first, then alternates between copying the opponent's last move and cooperating with probability 1/2 (Zachary M. Taylor, axelrod titfortat.py).",
        || boxed(RandomTitForTat::default())),
    entry!("BurnBothEnds", "Burn Both Ends", ["BBE"], true,
        "Tit for tat that answers a cooperation with a cooperation only with probability 0.9 (Marinoff 1992; axelrod titfortat.py).",
        || boxed(BurnBothEnds)),
    entry!("DynamicTwoTitsForTat", "Dynamic Two Tits For Tat", [], true,
        "Cooperates unless the opponent defected in the last two moves; then cooperates with the opponent's overall cooperation rate (Grant Garrett-Grossman, axelrod titfortat.py).",
        || boxed(DynamicTwoTitsForTat)),
];
