//! Calculator (the Axelrod library's `calculator.py`, from PRISON 1998):
//! plays as First by Joss for twenty turns, then defects for ever if the
//! opponent's moves so far form a cycle (of length at most 12, repeated at
//! least twice), and plays tit for tat otherwise.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// Whether `history` is a repetition of its first i moves for some
/// 1 ≤ i ≤ min(len/2, 12) (the library's `detect_cycle`).
pub(super) fn has_cycle(history: &[Action]) -> bool {
    (1..=(history.len() / 2).min(12)).any(|i| {
        history
            .iter()
            .enumerate()
            .all(|(j, &a)| a == history[j % i])
    })
}

#[derive(Default)]
struct Calculator {
    cycle: bool,
}

impl Strategy for Calculator {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n == 20 {
            self.cycle = has_cycle(view.opponent);
        }
        if n >= 20 {
            return if self.cycle || view.opponent.last() == Some(&D) {
                D
            } else {
                C
            };
        }
        // First by Joss: C first, then C with probability 0.9 after a C.
        match view.opponent.last() {
            None => C,
            Some(&C) => cooperate_with(0.9, rng),
            Some(&D) => D,
        }
    }
}

/// The calculator module (`calculator.py`).
#[rustfmt::skip]
pub(super) static CALCULATOR: &[StrategyInfo] = &[
    entry!("Calculator", "Calculator", [], true,
        "First by Joss for 20 turns; then always defects if the opponent's moves form a cycle, else tit for tat (PRISON 1998).",
        || boxed(Calculator::default())),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_are_repetitions_of_a_prefix() {
        assert!(has_cycle(&[C, D, C, D, C]));
        assert!(has_cycle(&[D, D]));
        assert!(!has_cycle(&[C, C, D, C, C, C]));
        assert!(!has_cycle(&[C]));
    }
}
