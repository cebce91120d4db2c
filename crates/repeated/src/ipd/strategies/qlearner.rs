//! Q-learners (the Axelrod library's `qlearner.py`, after C. J. C. H.
//! Watkins and P. Dayan, "Q-learning", Machine Learning 8, 1992): the state
//! is the opponent's last twelve moves and its number of cooperations; after
//! each turn the value of the previous state and action moves towards the
//! payoff plus the discounted value of the new state,
//! Q(s, a) ← (1 − α)Q(s, a) + α(r + γV(s′)), V(s) = maxₐ Q(s, a); the
//! action is the greedy one (C on ties) with probability 0.9 and a fair coin
//! otherwise. The first "previous action" and the opponent's are coin flips.

use std::collections::HashMap;

use super::{boxed, cooperate_with, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// The opponent's last twelve moves (length and bits) and its cooperations.
type State = (usize, u16, usize);

struct QLearner {
    learning_rate: f64,
    discount_rate: f64,
    /// Q values of (C, D) by state; `None` is the state before the first turn.
    q: HashMap<Option<State>, [f64; 2]>,
    v: HashMap<Option<State>, f64>,
    previous_state: Option<State>,
    previous_action: Action,
}

impl QLearner {
    fn new(learning_rate: f64, discount_rate: f64) -> Self {
        QLearner {
            learning_rate,
            discount_rate,
            q: HashMap::from([(None, [0.0, 0.0])]),
            v: HashMap::from([(None, 0.0)]),
            previous_state: None,
            previous_action: C,
        }
    }
}

fn index(a: Action) -> usize {
    usize::from(a == D)
}

impl Strategy for QLearner {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        const MEMORY: usize = 12;
        if view.turn() == 0 {
            self.previous_action = cooperate_with(0.5, rng);
        }
        let recent = &view.opponent[view.turn().saturating_sub(MEMORY)..];
        let bits = recent.iter().fold(0u16, |b, &a| 2 * b + u16::from(a == D));
        let state = Some((recent.len(), bits, view.opponent_cooperations()));
        let opponent_last = match view.opponent.last() {
            Some(&a) => a,
            None => cooperate_with(0.5, rng),
        };
        let reward = view.payoffs.score(self.previous_action, opponent_last).0;
        self.q.entry(state).or_insert([0.0, 0.0]);
        let next_value = *self.v.entry(state).or_insert(0.0);
        let previous = self.previous_state;
        let q = self.q.entry(previous).or_insert([0.0, 0.0]);
        let a = index(self.previous_action);
        q[a] = (1.0 - self.learning_rate) * q[a]
            + self.learning_rate * (reward + self.discount_rate * next_value);
        let best = q[0].max(q[1]);
        self.v.insert(previous, best);
        let action = if rng.next_f64() < 0.9 {
            let values = self.q[&state];
            if values[1] > values[0] {
                D
            } else {
                C
            }
        } else {
            cooperate_with(0.5, rng)
        };
        self.previous_state = state;
        self.previous_action = action;
        action
    }
}

/// The Q-learner family (`qlearner.py`): learning rate α and discount γ.
#[rustfmt::skip]
pub(super) static QLEARNER: &[StrategyInfo] = &[
    entry!("RiskyQLearner", "Risky QLearner", [], true,
        "Q-learner with learning rate 0.9 and discount 0.9 (quick to conclude, looks ahead).",
        || boxed(QLearner::new(0.9, 0.9))),
    entry!("ArrogantQLearner", "Arrogant QLearner", [], true,
        "Q-learner with learning rate 0.9 and discount 0.1.",
        || boxed(QLearner::new(0.9, 0.1))),
    entry!("HesitantQLearner", "Hesitant QLearner", [], true,
        "Q-learner with learning rate 0.1 and discount 0.9.",
        || boxed(QLearner::new(0.1, 0.9))),
    entry!("CautiousQLearner", "Cautious QLearner", [], true,
        "Q-learner with learning rate 0.1 and discount 0.1.",
        || boxed(QLearner::new(0.1, 0.1))),
];
