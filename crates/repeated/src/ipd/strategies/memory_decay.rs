//! Memory Decay (the Axelrod library's class `MemoryDecay` in
//! `axelrod/strategies/meta.py`, Axelrod-Python/Axelrod, seen at commit
//! 9af08c22; a "meta" player whose team is tit for tat alone, so it is a
//! rule of its own and registered here, unlike the library's teams).
//!
//! From the library's description and rules (no code copied): the player
//! remembers every move of the opponent (each turn it adds the opponent's
//! last move to its memory). For its first 15 turns it plays tit for tat.
//! From then on, each turn: with probability 0.03 one remembered move,
//! chosen uniformly, is altered (C becomes D and D becomes C); then with
//! probability 0.1 one remembered move, chosen uniformly, is deleted; then
//! the remembered moves are scored C = 1 and D = −2 (the "net cooperation
//! score"), and the player defects when the sum is below 0, cooperates
//! otherwise. Alterations and deletions are permanent. The draws are made
//! in the library's order (a uniform u ≤ p for the alteration, the index,
//! u ≤ p for the deletion, the index), from this crate's streams.

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// The library's defaults: the probabilities of deleting and of altering a
/// remembered move each turn, the scores of a remembered D and C, and the
/// turns of tit for tat at the start.
struct MemoryDecay {
    p_delete: f64,
    p_alter: f64,
    loss: i64,
    gain: i64,
    start_turns: usize,
    memory: Vec<Action>,
}

impl Default for MemoryDecay {
    fn default() -> Self {
        MemoryDecay {
            p_delete: 0.1,
            p_alter: 0.03,
            loss: -2,
            gain: 1,
            start_turns: 15,
            memory: Vec::new(),
        }
    }
}

impl Strategy for MemoryDecay {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        if let Some(&last) = view.opponent.last() {
            self.memory.push(last);
        }
        if view.turn() < self.start_turns {
            return view.tit_for_tat();
        }
        if rng.next_f64() <= self.p_alter && !self.memory.is_empty() {
            let i = rng.below(self.memory.len() as u64) as usize;
            self.memory[i] = self.memory[i].flip();
        }
        if rng.next_f64() <= self.p_delete && !self.memory.is_empty() {
            let i = rng.below(self.memory.len() as u64) as usize;
            self.memory.remove(i);
        }
        let score: i64 = self
            .memory
            .iter()
            .map(|&a| if a == C { self.gain } else { self.loss })
            .sum();
        if score < 0 {
            D
        } else {
            C
        }
    }
}

/// Memory Decay (`meta.py`).
#[rustfmt::skip]
pub(super) static MEMORY_DECAY: &[StrategyInfo] = &[
    entry!("MemoryDecay", "Memory Decay", [], true,
        "Tit for tat for 15 turns while remembering the opponent's moves; then each turn alters one remembered move with probability 0.03 and forgets one with probability 0.1 (uniformly chosen), and defects when the remembered moves score below 0 with C = 1, D = −2.",
        || boxed(MemoryDecay::default())),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::Payoffs;

    /// The moves of `player` against an opponent playing `opponent` (a
    /// string of C and D) whatever happens, with the random stream `seed`.
    fn against(mut player: MemoryDecay, opponent: &str, seed: u64) -> String {
        let theirs: Vec<Action> = opponent
            .chars()
            .map(|c| if c == 'C' { C } else { D })
            .collect();
        let payoffs = Payoffs::default();
        let mut rng = SeededRng::new(seed, 1);
        let mut own = Vec::new();
        for n in 0..theirs.len() {
            let count = |moves: &[Action]| moves.iter().filter(|&&x| x == D).count();
            let view = View {
                own: &own,
                opponent: &theirs[..n],
                own_defections: count(&own),
                opponent_defections: count(&theirs[..n]),
                payoffs: &payoffs,
                length: Some(theirs.len()),
            };
            own.push(player.play(&view, &mut rng));
        }
        own.iter().map(|a| a.as_char()).collect()
    }

    fn without_decay() -> MemoryDecay {
        MemoryDecay {
            p_delete: 0.0,
            p_alter: 0.0,
            ..MemoryDecay::default()
        }
    }

    /// By hand: in 18 turns at most 3 moves are altered and the memory
    /// keeps at least 14 moves, so against Cooperator the score is at least
    /// 14 − 3·3 > 0 (always C), against Defector at most 3 − 2·11 < 0 (tit
    /// for tat's C, then D), whatever the draws.
    #[test]
    fn against_constant_opponents() {
        for seed in 0..40 {
            assert_eq!(
                against(MemoryDecay::default(), &"C".repeat(18), seed),
                "C".repeat(18)
            );
            assert_eq!(
                against(MemoryDecay::default(), &"D".repeat(18), seed),
                format!("C{}", "D".repeat(17))
            );
        }
    }

    /// By hand, without decay: against ten Cs and then Ds, tit for tat
    /// answers C eleven times and D four times; on turn 16 the memory holds
    /// 10 C and 5 D, scoring 10 − 10 = 0, not below 0: C (where tit for
    /// tat would defect); then 10 − 12 < 0 and lower: D.
    #[test]
    fn net_cooperation_score_after_fifteen_turns() {
        let opponent = format!("{}{}", "C".repeat(10), "D".repeat(8));
        assert_eq!(against(without_decay(), &opponent, 0), "CCCCCCCCCCCDDDDCDD");
        // One D at the start is outweighed by 14 Cs: 14 − 2 = 12.
        let opponent = format!("D{}", "C".repeat(17));
        assert_eq!(
            against(without_decay(), &opponent, 0),
            format!("CD{}", "C".repeat(16))
        );
    }

    /// By hand: against five Ds and then Cs the memory on turn 16 holds 5 D
    /// and 10 C (score 0). Deleting a C (probability 10/15) makes it −1, a
    /// D +2; altering a C makes it −3, a D +3. So with certain deletion
    /// (or certain alteration) the player defects on turn 16 with
    /// probability 2/3; with the library's probabilities, with probability
    /// 2/3 · (1 − 0.97 · 0.9) = 0.0846667 (an alteration followed by a
    /// deletion keeps the sign of the alteration's score ±3).
    #[test]
    fn decay_probabilities_on_turn_sixteen() {
        let opponent = format!("{}{}", "D".repeat(5), "C".repeat(11));
        let defections = |make: &dyn Fn() -> MemoryDecay, samples: u64| -> f64 {
            let hits = (0..samples)
                .filter(|&seed| against(make(), &opponent, seed).ends_with('D'))
                .count();
            hits as f64 / samples as f64
        };
        let delete = || MemoryDecay {
            p_delete: 1.0,
            p_alter: 0.0,
            ..MemoryDecay::default()
        };
        let alter = || MemoryDecay {
            p_delete: 0.0,
            p_alter: 1.0,
            ..MemoryDecay::default()
        };
        // Four standard errors: √(p(1 − p)/n).
        let n = 3000;
        let sd = (2.0 / 9.0 / n as f64).sqrt();
        assert!((defections(&delete, n) - 2.0 / 3.0).abs() < 4.0 * sd);
        assert!((defections(&alter, n) - 2.0 / 3.0).abs() < 4.0 * sd);
        let n = 20_000;
        let p = 2.0 / 3.0 * (1.0 - 0.97 * 0.9);
        let sd = (p * (1.0 - p) / n as f64).sqrt();
        assert!((defections(&MemoryDecay::default, n) - p).abs() < 4.0 * sd);
    }
}
