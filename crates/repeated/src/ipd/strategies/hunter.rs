//! Hunters: strategies that detect a simple opponent (always defecting,
//! always cooperating, alternating, cycling, playing a mathematical
//! constant's digits, or random) and then defect against it, from the
//! Axelrod library's `hunter.py` (Axelrod-Python/Axelrod 4.14; Karol
//! Langner's hunters, described in Knight et al. 2016, "An open framework
//! for the reproducible study of the iterated prisoner's dilemma", J. Open
//! Research Software 4). Rules re-implemented from the library's
//! documentation and behaviour.

use super::{boxed, SeededRng, Strategy, StrategyInfo, View};
use crate::ipd::Action::{self, C, D};

/// The shortest cycle of length `min_size..=12` (and at most half the
/// sequence) that `sequence` repeats from its start, as the library's
/// `detect_cycle`.
fn shortest_cycle(sequence: &[Action], min_size: usize) -> Option<&[Action]> {
    let longest = (sequence.len() / 2).min(12);
    (min_size..=longest)
        .find(|&size| (size..sequence.len()).all(|j| sequence[j] == sequence[j - size]))
        .map(|size| &sequence[..size])
}

/// Cycle Hunter: defects for good once the opponent's whole history repeats
/// a cycle of length 3 or more that contains both actions.
#[derive(Default)]
struct CycleHunter {
    found: bool,
}

impl Strategy for CycleHunter {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if !self.found {
            self.found = shortest_cycle(view.opponent, 3)
                .is_some_and(|cycle| cycle.contains(&C) && cycle.contains(&D));
        }
        if self.found {
            D
        } else {
            C
        }
    }
}

/// Eventual Cycle Hunter: every ten moves, looks for a cycle in the
/// opponent's history after its first ten moves, and defects until the next
/// check when one is found (never against an opponent that always
/// cooperated).
#[derive(Default)]
struct EventualCycleHunter {
    found: bool,
}

impl Strategy for EventualCycleHunter {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n < 10 || view.opponent_defections == 0 {
            return C;
        }
        if n.is_multiple_of(10) {
            self.found = shortest_cycle(&view.opponent[10..], 3).is_some();
        }
        if self.found {
            D
        } else {
            C
        }
    }
}

fn alternates(sequence: &[Action]) -> bool {
    sequence.windows(2).all(|w| w[0] != w[1])
}

/// Alternator Hunter: decides after six moves whether the opponent
/// alternates, and if so defects for good.
#[derive(Default)]
struct AlternatorHunter {
    found: bool,
}

impl Strategy for AlternatorHunter {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if view.turn() < 6 {
            return C;
        }
        if view.turn() == 6 {
            self.found = alternates(view.opponent);
        }
        if self.found {
            D
        } else {
            C
        }
    }
}

/// Math Constant Hunter: defects when the share of cooperations (both
/// players) in the first half, the middle half and the second half of the
/// match so far are within 0.2 of each other, as for the digits of an
/// irrational constant; only once the opponent played both actions.
fn math_constant_hunter(view: &View<'_>) -> Action {
    let n = view.turn();
    if n < 8 || view.opponent_defections == 0 || view.opponent_cooperations() == 0 {
        return C;
    }
    let ratio = |start: usize, end: usize| {
        let cooperations = view.opponent[start..end]
            .iter()
            .chain(&view.own[start..end])
            .filter(|&&a| a == C)
            .count();
        0.5 * cooperations as f64 / (end - start) as f64
    };
    let first = ratio(0, n / 2);
    let middle = ratio(n / 4, 3 * n / 4);
    let second = ratio(n / 2, n);
    if (first - middle).abs() < 0.2 && (first - second).abs() < 0.2 {
        D
    } else {
        C
    }
}

/// Random Hunter: after ten moves, defects when the opponent's answers to
/// its own C and its own D both look like coin flips (the share answered in
/// kind within 0.25 of one half, counted when it played that action more
/// than five times).
#[derive(Default)]
struct RandomHunter {
    cooperations_answered: usize,
    defections_answered: usize,
}

impl Strategy for RandomHunter {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n > 1 {
            match (view.own[n - 2], view.opponent[n - 1]) {
                (C, C) => self.cooperations_answered += 1,
                (D, D) => self.defections_answered += 1,
                _ => {}
            }
        }
        if n <= 10 {
            return C;
        }
        let mut shares = Vec::with_capacity(2);
        if view.own_cooperations() > 5 {
            shares.push(self.cooperations_answered as f64 / view.own_cooperations() as f64);
        }
        if view.own_defections > 5 {
            shares.push(self.defections_answered as f64 / view.own_defections as f64);
        }
        if !shares.is_empty() && shares.iter().all(|p| (p - 0.5).abs() < 0.25) {
            D
        } else {
            C
        }
    }
}

/// The hunters of `hunter.py`.
pub(super) static HUNTERS: &[StrategyInfo] = &[
    entry!("DefectorHunter", "Defector Hunter", [], false,
        "Cooperates, but defects from the fifth move on while the opponent has always defected (Karol Langner, axelrod hunter.py).",
        rule!(|v| if v.turn() >= 4 && v.opponent_cooperations() == 0 { D } else { C })),
    entry!("CooperatorHunter", "Cooperator Hunter", [], false,
        "Cooperates, but defects from the fifth move on while the opponent has always cooperated (Karol Langner, axelrod hunter.py).",
        rule!(|v| if v.turn() >= 4 && v.opponent_defections == 0 { D } else { C })),
    entry!("AlternatorHunter", "Alternator Hunter", [], false,
        "Cooperates, but defects for good if the opponent's first six moves alternate (Karol Langner, axelrod hunter.py).",
        || boxed(AlternatorHunter::default())),
    entry!("CycleHunter", "Cycle Hunter", [], false,
        "Cooperates until the opponent's whole history repeats a cycle of length 3 to 12 with both actions, then defects for good (Marc Harper, axelrod hunter.py).",
        || boxed(CycleHunter::default())),
    entry!("EventualCycleHunter", "Eventual Cycle Hunter", [], false,
        "Every ten moves looks for a cycle of length 3 to 12 in the opponent's history after its first ten moves, and defects while one was last found (Marc Harper, axelrod hunter.py).",
        || boxed(EventualCycleHunter::default())),
    entry!("MathConstantHunter", "Math Constant Hunter", [], false,
        "Defects when the cooperation rate of the first, middle and second halves of the match so far agree within 0.2, as for a constant's digits (Karol Langner, axelrod hunter.py).",
        rule!(math_constant_hunter)),
    entry!("RandomHunter", "Random Hunter", [], false,
        "After ten moves, defects when the opponent answers its C and its D in kind about half the time, as a random player does (Karol Langner, axelrod hunter.py).",
        || boxed(RandomHunter::default())),
];
