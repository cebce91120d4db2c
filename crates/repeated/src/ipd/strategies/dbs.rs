//! The Derived Belief Strategy (T.-C. Au and D. Nau, "Accident or intention:
//! that is the question (in the noisy iterated prisoner's dilemma)", AAMAS
//! 2006 — Au2006 in the Axelrod library's `dbs.py`): it learns the
//! opponent's rule (the probability of C after each outcome of the round
//! before last) from discounted frequencies, promotes a behaviour seen three
//! times in a row to a deterministic rule and demotes it after four
//! violations (symbolic noise detection), and chooses its move by a search
//! of depth 5 of the game tree against the learned rule, with the payoffs
//! 3, 0, 5, 1 (as the library, whatever the match's payoffs).

use std::collections::VecDeque;

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

const DISCOUNT: f64 = 0.75;
const PROMOTION: usize = 3;
const VIOLATION: usize = 4;
const REJECTION: usize = 3;
const DEPTH: usize = 5;

/// The four outcomes (own, opponent) in the library's order CC, CD, DC, DD.
fn outcome(own: Action, opponent: Action) -> usize {
    2 * usize::from(own == D) + usize::from(opponent == D)
}

fn cooperation(a: Action) -> u8 {
    u8::from(a == C)
}

/// Twice the smallest positive double, where the library's repeated
/// multiplication by α = 3/4 stops falling (1.5 times the smallest rounds,
/// to even, back to it).
const TINY: f64 = f64::from_bits(2);

/// The discount weights 1, α, α², … by repeated multiplication, as the
/// library computes them, until they reach [`TINY`]; every older
/// observation weighs [`TINY`].
fn discount_weights() -> Vec<f64> {
    let mut weights = vec![1.0];
    let mut weight: f64 = 1.0;
    while weight != TINY {
        weight *= DISCOUNT;
        weights.push(weight);
    }
    weights
}

/// `sum` plus [`TINY`] added `count` times one at a time, in floating point:
/// exact below 2⁻¹⁰²⁰ (where the spacing of doubles is at most TINY), one
/// at a time above (where it is soon absorbed).
fn add_tiny(mut sum: f64, mut count: usize) -> f64 {
    let exact_below = 4.0 * f64::MIN_POSITIVE;
    while count > 0 {
        if sum < exact_below {
            let room = ((exact_below - sum) / TINY) as usize;
            let steps = room.min(count);
            sum += steps as f64 * TINY;
            count -= steps;
            if count == 0 {
                break;
            }
        }
        let next = sum + TINY;
        if next == sum {
            break;
        }
        sum = next;
        count -= 1;
    }
    sum
}

/// The opponent's answers after one outcome: the prior, the recent
/// occurrences (the number of the learning step, whether it answered C),
/// and how many older ones — each weighing [`TINY`] — answered C and in all.
struct Observations {
    prior: u8,
    occurrences: VecDeque<(usize, bool)>,
    old_cooperations: usize,
    old: usize,
}

struct Dbs {
    /// Deterministic rules promoted from the opponent's behaviour.
    promoted: [Option<u8>; 4],
    /// The default rules (at first: C after CC and CD, D after DC and DD).
    default: [Option<u8>; 4],
    violations: [usize; 4],
    rejections: usize,
    /// The learned policy: the opponent's probability of C after each outcome.
    policy: [f64; 4],
    observations: [Observations; 4],
    /// Learning steps so far.
    steps: usize,
    weights: Vec<f64>,
}

impl Default for Dbs {
    fn default() -> Self {
        let observations = |prior| Observations {
            prior,
            occurrences: VecDeque::new(),
            old_cooperations: 0,
            old: 0,
        };
        Dbs {
            promoted: [None; 4],
            default: [Some(1), Some(1), Some(0), Some(0)],
            violations: [0; 4],
            rejections: 0,
            policy: [1.0, 1.0, 0.0, 0.0],
            observations: [
                observations(1),
                observations(1),
                observations(0),
                observations(0),
            ],
            steps: 0,
            weights: discount_weights(),
        }
    }
}

impl Dbs {
    /// Whether the opponent answered `key` with `answer` the last three
    /// times `key` occurred, with no other answer in between.
    fn should_promote(&self, key: usize, answer: Action) -> bool {
        let mut count = 0;
        for &(_, cooperated) in self.observations[key].occurrences.iter().rev() {
            if cooperated != (answer == C) {
                return false;
            }
            count += 1;
            if count >= PROMOTION {
                return true;
            }
        }
        false
    }

    /// The discounted frequency of C after `key`: the library's sums from
    /// the newest observation back (terms that are exactly 0 left out; the
    /// old ones, all weighing [`TINY`], added as it adds them).
    fn probability(&self, key: usize) -> f64 {
        let (mut g_sum, mut f_sum) = (0.0, 0.0);
        let observations = &self.observations[key];
        let (mut old_cooperations, mut old) = (observations.old_cooperations, observations.old);
        for &(step, cooperated) in observations.occurrences.iter().rev() {
            match self.weights.get(self.steps - step) {
                Some(&weight) => {
                    if cooperated {
                        g_sum += weight;
                    }
                    f_sum += weight;
                }
                None => {
                    old_cooperations += usize::from(cooperated);
                    old += 1;
                }
            }
        }
        match self.weights.get(self.steps) {
            Some(&weight) => {
                g_sum += weight * f64::from(observations.prior);
                f_sum += weight;
            }
            None => {
                old_cooperations += usize::from(observations.prior);
                old += 1;
            }
        }
        add_tiny(g_sum, old_cooperations) / add_tiny(f_sum, old)
    }

    fn learn(&mut self, two_ago: usize, answer: Action) {
        self.steps += 1;
        let window = self.weights.len();
        let observations = &mut self.observations[two_ago];
        observations
            .occurrences
            .push_back((self.steps, answer == C));
        // Beyond the window an observation weighs TINY and only counts; the
        // last three are kept for promotion.
        while observations.occurrences.len() > PROMOTION {
            match observations.occurrences.front() {
                Some(&(step, cooperated)) if self.steps - step >= window => {
                    observations.old_cooperations += usize::from(cooperated);
                    observations.old += 1;
                    observations.occurrences.pop_front();
                }
                _ => break,
            }
        }
        if self.promoted[two_ago].is_none() && self.should_promote(two_ago, answer) {
            self.promoted[two_ago] = Some(cooperation(answer));
            self.violations[two_ago] = 0;
        }
        if let Some(rule) = self.promoted[two_ago] {
            if cooperation(answer) == rule {
                self.violations[two_ago] = 0;
            } else {
                self.violations[two_ago] += 1;
                if self.violations[two_ago] >= VIOLATION {
                    for key in 0..4 {
                        if let Some(rule) = self.promoted[key] {
                            self.default[key] = Some(rule);
                        }
                    }
                    self.promoted = [None; 4];
                    self.violations = [0; 4];
                    self.rejections = 0;
                }
            }
        }
        let plus_promoted = self.promoted[two_ago] == Some(cooperation(answer));
        let minus_default = self.default[two_ago] == Some(cooperation(answer.flip()));
        if minus_default {
            self.rejections += 1;
        }
        if self.rejections > REJECTION || (plus_promoted && minus_default) {
            self.default = [None; 4];
            self.rejections = 0;
        }
        for key in 0..4 {
            // Promoted rules first, then default rules override, then learned probabilities.
            self.policy[key] = match (self.default[key], self.promoted[key]) {
                (Some(rule), _) | (None, Some(rule)) => f64::from(rule),
                (None, None) => self.probability(key),
            };
        }
    }

    /// The values of C and D from the last outcome by the tree search.
    fn move_values(&self, last: usize) -> [f64; 2] {
        const VALUE: [f64; 4] = [3.0, 0.0, 5.0, 1.0];
        // det[o]: the value of a deterministic node of outcome o at the current depth.
        let mut det = VALUE;
        let chance =
            |det: &[f64; 4], own: usize, p: f64| p * det[2 * own] + (1.0 - p) * det[2 * own + 1];
        for _ in 1..DEPTH {
            let mut next = [0.0; 4];
            for (o, value) in next.iter_mut().enumerate() {
                let p = self.policy[o];
                let (c, d) = (chance(&det, 0, p), chance(&det, 1, p));
                *value = (if c >= d { c } else { d }) + VALUE[o];
            }
            det = next;
        }
        let p = self.policy[last];
        [
            chance(&det, 0, p) + VALUE[last],
            chance(&det, 1, p) + VALUE[last],
        ]
    }
}

impl Strategy for Dbs {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n == 0 {
            return C;
        }
        if n >= 2 {
            self.learn(
                outcome(view.own[n - 2], view.opponent[n - 2]),
                view.opponent[n - 1],
            );
        }
        let [c, d] = self.move_values(outcome(view.own[n - 1], view.opponent[n - 1]));
        if c >= d {
            C
        } else {
            D
        }
    }
}

/// The DBS module (`dbs.py`).
#[rustfmt::skip]
pub(super) static DBS: &[StrategyInfo] = &[
    entry!("DBS", "DBS", ["DerivedBeliefStrategy"], false,
        "Derived Belief Strategy: learns the opponent's probability of C after each outcome (discount 0.75), promotes behaviour seen three times in a row to a rule and demotes it after four violations, and chooses its move by a depth-5 tree search against that belief (Au–Nau 2006).",
        || boxed(Dbs::default())),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiny_additions_are_those_of_floating_point() {
        // One at a time, as the library adds them.
        let slow = |mut sum: f64, count: usize| {
            for _ in 0..count {
                sum += TINY;
            }
            sum
        };
        for start in [
            0.0,
            TINY,
            5.0 * TINY,
            f64::MIN_POSITIVE,
            2.0 * f64::MIN_POSITIVE - 3.0 * TINY,
            1e-300,
            1.0,
        ] {
            for count in [0, 1, 2, 7, 1000] {
                assert_eq!(
                    add_tiny(start, count).to_bits(),
                    slow(start, count).to_bits(),
                    "{start:e} + {count}"
                );
            }
        }
        let weights = discount_weights();
        assert_eq!((weights.len(), weights.last()), (2586, Some(&TINY)));
        assert_eq!(TINY * DISCOUNT, TINY);
    }
}
