//! Grudgers: strategies that punish a defection for good or for a fixed
//! spell, from the Axelrod library's `grudger.py` (Axelrod-Python/Axelrod
//! 4.14): Soft Grudger (Li et al. 2011), Easy Go and Grudger Alternator
//! (the Prison 1998 collection), Spiteful CC (Mathieu & Delahaye 2015),
//! CAPRI (Murase & Baek 2020, "Seven rules to avoid the tragedy of the
//! commons", J. Theor. Biol. 497) and the library's own variants. Rules
//! re-implemented from the library's documentation and behaviour.

use super::{boxed, SeededRng, Strategy, StrategyInfo, View};
use crate::ipd::Action::{self, C, D};

/// A punishment of `d` defections and `c` cooperations once the opponent's
/// last `n` moves were defections (General Soft Grudger; with n = 1, d = 4,
/// c = 2, Soft Grudger).
struct SoftGrudger {
    n: usize,
    d: usize,
    c: usize,
    /// Moves of the punishment played so far, while punishing.
    punishing: Option<usize>,
}

impl SoftGrudger {
    fn new(n: usize, d: usize, c: usize) -> Self {
        SoftGrudger {
            n,
            d,
            c,
            punishing: None,
        }
    }
}

impl Strategy for SoftGrudger {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if let Some(step) = self.punishing {
            // The triggering move was the first D; `step` counts the rest.
            let action = if step + 1 < self.d { D } else { C };
            self.punishing = (step + 1 < self.d - 1 + self.c).then_some(step + 1);
            return action;
        }
        let recent = &view.opponent[view.turn().saturating_sub(self.n)..];
        if recent.len() == self.n && recent.iter().all(|&a| a == D) {
            self.punishing = Some(0);
            return D;
        }
        C
    }
}

/// Forgetful Grudger: a grudge of ten defections after each defection seen
/// while not holding one.
#[derive(Default)]
struct ForgetfulGrudger {
    grudge_moves: Option<usize>,
}

impl Strategy for ForgetfulGrudger {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        const MEMORY: usize = 10;
        if self.grudge_moves == Some(MEMORY) {
            self.grudge_moves = None;
        }
        if view.opponent_last() == Some(D) && self.grudge_moves.is_none() {
            self.grudge_moves = Some(0);
        }
        match &mut self.grudge_moves {
            Some(moves) => {
                *moves += 1;
                D
            }
            None => C,
        }
    }
}

/// CAPRI's cooperative histories: the last three rounds (oldest first) as
/// (own, opponent) after which it cooperates; it defects after any other
/// (missing rounds count as mutual cooperation).
const CAPRI_COOPERATES_AFTER: [[(Action, Action); 3]; 14] = [
    // C: cooperate at mutual cooperation.
    [(C, C), (C, C), (C, C)],
    // A: accept punishment after one's own mistaken defection.
    [(C, C), (C, C), (D, C)],
    [(C, C), (D, C), (C, D)],
    [(D, C), (C, D), (C, C)],
    [(C, D), (C, C), (C, C)],
    // P: punish a defection once, then return to cooperation.
    [(C, C), (C, D), (D, C)],
    [(C, D), (D, C), (C, C)],
    [(D, C), (C, C), (C, C)],
    // R: recover cooperation from mutual defection.
    [(D, D), (D, D), (D, C)],
    [(D, D), (D, C), (C, C)],
    [(D, D), (D, D), (C, D)],
    [(D, D), (C, D), (C, C)],
    [(D, D), (D, D), (C, C)],
    [(D, D), (C, C), (C, C)],
];

fn capri(view: &View<'_>) -> Action {
    let n = view.turn();
    let round = |back: usize| {
        if back <= n {
            (view.own[n - back], view.opponent[n - back])
        } else {
            (C, C)
        }
    };
    let last_three = [round(3), round(2), round(1)];
    if CAPRI_COOPERATES_AFTER.contains(&last_three) {
        C
    } else {
        D
    }
}

/// The grudgers of `grudger.py` not in the classic table.
pub(super) static GRUDGERS: &[StrategyInfo] = &[
    entry!("ForgetfulGrudger", "Forgetful Grudger", [], false,
        "Cooperates until the opponent defects, then defects ten times and forgets (Geraint Palmer, axelrod grudger.py).",
        || boxed(ForgetfulGrudger::default())),
    entry!("OppositeGrudger", "Opposite Grudger", [], false,
        "Defects until the opponent cooperates once, then cooperates for ever (Geraint Palmer, axelrod grudger.py).",
        rule!(|v| if v.opponent_cooperations() > 0 { C } else { D })),
    entry!("Aggravater", "Aggravater", [], false,
        "Grudger that defects on the first three moves (Thomas Campbell, axelrod grudger.py).",
        rule!(|v| if v.turn() < 3 || v.opponent_defections > 0 { D } else { C })),
    entry!("SoftGrudger", "Soft Grudger", ["SGRIM"], false,
        "Cooperates; punishes a defection with D, D, D, D, C, C, ignoring the opponent meanwhile (Li et al. 2011; axelrod grudger.py).",
        || boxed(SoftGrudger::new(1, 4, 2))),
    entry!("GrudgerAlternator", "GrudgerAlternator", [], false,
        "Cooperates until the opponent's first defection, then alternates D, C (Prison 1998; axelrod grudger.py).",
        rule!(|v| if v.opponent_defections > 0 && v.own.last() == Some(&C) { D } else { C })),
    entry!("EasyGo", "EasyGo", ["ReverseGrudger", "FoolMeForever"], false,
        "Defects until the opponent defects once, then cooperates for ever (Prison 1998; Li et al. 2011; axelrod grudger.py).",
        rule!(|v| if v.opponent_defections > 0 { C } else { D })),
    entry!("GeneralSoftGrudger", "General Soft Grudger", [], false,
        "Soft Grudger with its parameters: after n = 1 opponent defections in a row, d = 4 defections and c = 2 cooperations (J. Taylor Smith, axelrod grudger.py).",
        || boxed(SoftGrudger::new(1, 4, 2))),
    entry!("SpitefulCC", "SpitefulCC", [], false,
        "Cooperates twice, then plays grudger (Mathieu & Delahaye 2015; axelrod grudger.py).",
        rule!(|v| if v.turn() >= 2 && v.opponent_defections > 0 { D } else { C })),
    entry!("Capri", "CAPRI", [], false,
        "Memory-three rule: cooperates at mutual cooperation, accepts punishment for its own defection, punishes a defection once, recovers from mutual defection, and defects otherwise (Murase & Baek 2020; axelrod grudger.py).",
        rule!(capri)),
];
