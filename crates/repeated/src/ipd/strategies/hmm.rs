//! Hidden-Markov-model strategies (the Axelrod library's `hmm.py`, Marc
//! Harper; M. Harper et al., "Reinforcement learning produces dominant
//! strategies for the Iterated Prisoner's Dilemma", PLoS ONE 12(12), 2017):
//! a stochastic finite-state machine. After the first move the hidden state
//! moves by the transition matrix of the opponent's last action (a row with
//! a 1 moves without a draw), and the player cooperates with the new state's
//! emission probability.

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::C;

/// A static model: transitions after C and after D, emissions, initial state and move.
struct Model {
    after_c: &'static [[f64; 5]; 5],
    after_d: &'static [[f64; 5]; 5],
    emissions: [f64; 5],
    initial_action: Action,
}

struct HmmPlayer {
    model: &'static Model,
    state: usize,
}

/// The index drawn from the distribution `row` (the first index whose
/// cumulative probability exceeds a uniform draw), without a draw when a
/// row has a 1.
fn draw(row: &[f64; 5], rng: &mut SeededRng) -> usize {
    if let Some(certain) = row.iter().position(|&p| p == 1.0) {
        return certain;
    }
    let u = rng.next_f64();
    let mut cumulative = 0.0;
    for (i, &p) in row.iter().enumerate() {
        cumulative += p;
        if u < cumulative {
            return i;
        }
    }
    row.iter().rposition(|&p| p > 0.0).unwrap_or(0)
}

impl Strategy for HmmPlayer {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let Some(&last) = view.opponent.last() else {
            return self.model.initial_action;
        };
        let matrix = if last == C {
            self.model.after_c
        } else {
            self.model.after_d
        };
        self.state = draw(&matrix[self.state], rng);
        cooperate_with(self.model.emissions[self.state], rng)
    }
}

/// EvolvedHMM5's parameters as the library gives them (`hmm.py`).
static EVOLVED_HMM5: Model = Model {
    after_c: &[
        [1.0, 0.0, 0.0, 0.0, 0.0],
        [0.0, 1.0, 0.0, 0.0, 0.0],
        [0.0, 1.0, 0.0, 0.0, 0.0],
        [0.631, 0.0, 0.0, 0.369, 0.0],
        [0.143, 0.018, 0.118, 0.0, 0.721],
    ],
    after_d: &[
        [0.0, 1.0, 0.0, 0.0, 0.0],
        [0.0, 0.487, 0.513, 0.0, 0.0],
        [0.0, 0.0, 0.0, 0.590, 0.410],
        [1.0, 0.0, 0.0, 0.0, 0.0],
        [0.0, 0.287, 0.456, 0.146, 0.111],
    ],
    emissions: [1.0, 0.0, 0.0, 1.0, 0.111],
    initial_action: C,
};

/// The hidden-Markov-model family (`hmm.py`).
#[rustfmt::skip]
pub(super) static HMM: &[StrategyInfo] = &[
    entry!("EvolvedHMM5", "Evolved HMM 5", [], true,
        "A five-state hidden Markov model trained by an evolutionary algorithm: initial state 3 (of 0–4), cooperates first (Harper et al. 2017; library hmm.py).",
        || boxed(HmmPlayer { model: &EVOLVED_HMM5, state: 3 })),
];
