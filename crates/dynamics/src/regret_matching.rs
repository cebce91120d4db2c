//! Regret matching (Hart and Mas-Colell, "A simple adaptive procedure
//! leading to correlated equilibrium", Econometrica 68, 2000) in a
//! two-player game: seeded and stochastic, with exact bookkeeping.
//!
//! Each player keeps, for every pair of its strategies (j, k), the
//! cumulative gain D(j, k) it would have had by playing k in every round it
//! played j. Having played j last, it switches to k ≠ j with probability
//! D⁺(j, k) / (t·μ) and otherwise plays j again, where t is the number of
//! rounds so far and μ = (m − 1)·(max payoff − min payoff) + 1 (in the
//! integer payoff units of [`crate::integer_payoffs`]) keeps the
//! probabilities of switching below 1. The draws are exact: an integer below
//! t·μ from the seeded ChaCha stream of [`sprague_strategic::seeded`], so
//! the same seed gives the same run on every machine. The first round is
//! uniform.
//!
//! The theorem: the empirical distribution of play converges almost surely
//! to the set of correlated equilibria. The answer measures it exactly: each
//! player's largest conditional regret maxⱼ,ₖ D(j, k)/t (in payoff units),
//! the largest gain any player could get in the empirical joint
//! distribution by the rule "play k whenever told j" — 0 at a correlated
//! equilibrium.

use num_bigint::BigInt;
use num_rational::BigRational;
use serde::Serialize;
use sprague_strategic::seeded::SeededRng;
use sprague_strategic::stop::StopCheck;
use sprague_strategic::NormalFormGame;

use crate::error::{too_large, DynamicsError};
use crate::fictitious_play::{check_rounds, exact_shares, two_player};
use crate::integer_payoffs::IntegerMatrix;

/// The most rounds of one run.
pub const MAX_ROUNDS: u64 = 1_000_000_000;

/// The most strategies of a player (each keeps m² regrets).
pub const MAX_STRATEGIES: usize = 2000;

/// The outcome of a run of regret matching.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RegretMatching {
    /// Rounds played.
    pub rounds: u64,
    /// The seed of the random stream.
    pub seed: u64,
    /// How often each player played each strategy.
    pub counts: [Vec<u64>; 2],
    /// The empirical marginal frequencies, exactly.
    #[serde(serialize_with = "crate::serde_exact::rational_rows")]
    pub frequencies: Vec<Vec<BigRational>>,
    /// Each player's largest average conditional regret maxⱼ,ₖ D(j, k)/t,
    /// exactly, or 0 if none is positive (0 for both: the empirical joint
    /// distribution is a correlated equilibrium).
    #[serde(serialize_with = "crate::serde_exact::rationals")]
    pub conditional_regret: Vec<BigRational>,
}

/// One player's state.
struct Learner {
    /// payoff[k][o]: its payoff for strategy k against the other's o.
    payoff: Vec<Vec<i64>>,
    /// regret[j][k] = D(j, k).
    regret: Vec<Vec<i128>>,
    mu: u128,
    last: usize,
    counts: Vec<u64>,
}

impl Learner {
    fn new(payoff: Vec<Vec<i64>>) -> Self {
        let m = payoff.len();
        let high = payoff.iter().flatten().copied().max().unwrap_or(0);
        let low = payoff.iter().flatten().copied().min().unwrap_or(0);
        let range = (i128::from(high) - i128::from(low)) as u128;
        Learner {
            regret: vec![vec![0; m]; m],
            mu: (m as u128 - 1) * range + 1,
            last: 0,
            counts: vec![0; m],
            payoff,
        }
    }

    /// The strategy for round t + 1, after t rounds.
    fn choose(&self, t: u64, rng: &mut SeededRng) -> usize {
        let j = self.last;
        let draw = below_u128(rng, u128::from(t) * self.mu);
        let mut acc: u128 = 0;
        for (k, d) in self.regret[j].iter().enumerate() {
            if k != j && *d > 0 {
                acc += *d as u128;
                if draw < acc {
                    return k;
                }
            }
        }
        j
    }

    /// Plays `j` against the other's `other`.
    fn record(&mut self, j: usize, other: usize) {
        let got = i128::from(self.payoff[j][other]);
        for (d, row) in self.regret[j].iter_mut().zip(&self.payoff) {
            *d += i128::from(row[other]) - got;
        }
        self.counts[j] += 1;
        self.last = j;
    }

    /// maxⱼ,ₖ D(j, k)⁺ / (t·scale).
    fn conditional_regret(&self, t: u64, scale: &BigInt) -> BigRational {
        let worst = self
            .regret
            .iter()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0)
            .max(0);
        BigRational::new(BigInt::from(worst), BigInt::from(t) * scale)
    }
}

/// A uniform integer below `bound` (> 0).
fn below_u128(rng: &mut SeededRng, bound: u128) -> u128 {
    if let Ok(small) = u64::try_from(bound) {
        return u128::from(rng.below(small));
    }
    let zone = u128::MAX - (u128::MAX - bound + 1) % bound;
    loop {
        let x = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
        if x <= zone {
            return x % bound;
        }
    }
}

/// Plays regret matching for `rounds` rounds from the seeded stream `seed`;
/// the stop check is asked every 65536 rounds.
///
/// ```
/// use sprague_dynamics::regret_matching::regret_matching;
/// use sprague_strategic::examples::example;
/// use sprague_strategic::stop::StopCheck;
/// let rps = example("rock-paper-scissors").unwrap();
/// let run = regret_matching(&rps, 100_000, 7, StopCheck::never()).unwrap();
/// // The regrets vanish as t grows (Hart and Mas-Colell 2000).
/// assert!(sprague_strategic::exact_text::rational_to_f64(&run.conditional_regret[0]) < 0.05);
/// ```
pub fn regret_matching(
    game: &NormalFormGame,
    rounds: u64,
    seed: u64,
    stop: StopCheck,
) -> Result<RegretMatching, DynamicsError> {
    let (a, b) = two_player(game)?;
    check_rounds(rounds, MAX_ROUNDS)?;
    let (m, n) = (a.len(), a[0].len());
    if m.max(n) > MAX_STRATEGIES {
        return Err(too_large(
            "the number of strategies of a player",
            m.max(n),
            MAX_STRATEGIES,
        ));
    }
    let row = IntegerMatrix::new(&a, "the row player")?;
    let column = IntegerMatrix::new(&b, "the column player")?;
    let mut players = [
        Learner::new(row.entries.clone()),
        Learner::new(column.transposed().entries),
    ];
    let mut rng = SeededRng::new(seed, 0);
    for t in 0..rounds {
        if t % 65536 == 65535 && stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        let (i, j) = if t == 0 {
            (rng.below(m as u64) as usize, rng.below(n as u64) as usize)
        } else {
            (
                players[0].choose(t, &mut rng),
                players[1].choose(t, &mut rng),
            )
        };
        players[0].record(i, j);
        players[1].record(j, i);
    }
    let [first, second] = players;
    Ok(RegretMatching {
        rounds,
        seed,
        frequencies: vec![
            exact_shares(&first.counts, rounds),
            exact_shares(&second.counts, rounds),
        ],
        conditional_regret: vec![
            first.conditional_regret(rounds, &row.scale),
            second.conditional_regret(rounds, &column.scale),
        ],
        counts: [first.counts, second.counts],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_bounds_are_sampled_below_the_bound() {
        let mut rng = SeededRng::new(1, 0);
        let bound = (1u128 << 100) + 12345;
        for _ in 0..100 {
            assert!(below_u128(&mut rng, bound) < bound);
        }
    }
}
