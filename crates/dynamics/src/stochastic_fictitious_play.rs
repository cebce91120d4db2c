//! Stochastic fictitious play with logit responses (Fudenberg and Kreps,
//! "Learning mixed equilibria", Games Econ. Behav. 5, 1993; Fudenberg and
//! Levine, *The Theory of Learning in Games*, 1998, ch. 4), **approximate**:
//! each round each player draws its strategy from the logit (softmax)
//! response σ(k) ∝ exp(u(k)/λ) to the empirical frequencies of the other's
//! past plays (uniform beliefs before the first round), where u(k) is the
//! expected payoff of strategy k and λ > 0 the noise. The probabilities
//! are floating-point numbers and the draws come from the seeded ChaCha
//! stream of [`sprague_strategic::seeded`]; the counts are exact integers.
//! Its frequencies approach a logit quantal response equilibrium
//! (McKelvey and Palfrey 1995) of the game as rounds grow (Hofbauer and
//! Sandholm, "On the global convergence of stochastic fictitious play",
//! Econometrica 70, 2002, for zero-sum and potential games).

use serde::Serialize;
use sprague_strategic::exact_text::rational_to_f64;
use sprague_strategic::seeded::SeededRng;
use sprague_strategic::stop::StopCheck;
use sprague_strategic::NormalFormGame;

use crate::error::DynamicsError;
use crate::fictitious_play::{check_rounds, shares, two_player};

/// The most rounds of one run.
pub const MAX_ROUNDS: u64 = 1_000_000_000;

/// The outcome of a run of stochastic fictitious play.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StochasticFictitiousPlay {
    /// Rounds played.
    pub rounds: u64,
    /// The noise λ.
    pub noise: f64,
    /// The seed of the random stream.
    pub seed: u64,
    /// How often each player played each strategy.
    pub counts: [Vec<u64>; 2],
    /// The empirical frequencies (approximate).
    pub frequencies: [Vec<f64>; 2],
    /// Each player's logit response to the final empirical frequencies.
    pub responses: [Vec<f64>; 2],
}

/// The logit response to the expected payoffs `u` with noise `noise`.
///
/// ```
/// use sprague_dynamics::stochastic_fictitious_play::logit;
/// let p = logit(&[1.0, 1.0], 0.5);
/// assert!((p[0] - 0.5).abs() < 1e-12);
/// ```
pub fn logit(u: &[f64], noise: f64) -> Vec<f64> {
    let high = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = u.iter().map(|v| ((v - high) / noise).exp()).collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

/// A draw from the distribution `p`.
fn draw(p: &[f64], rng: &mut SeededRng) -> usize {
    let mut x = rng.next_f64();
    for (k, pk) in p.iter().enumerate() {
        if x < *pk {
            return k;
        }
        x -= pk;
    }
    p.len() - 1
}

/// The expected payoffs of the rows of `m` against frequencies `f`.
fn expected(m: &[Vec<f64>], f: &[f64]) -> Vec<f64> {
    m.iter()
        .map(|row| row.iter().zip(f).map(|(a, b)| a * b).sum())
        .collect()
}

/// Plays stochastic fictitious play for `rounds` rounds with noise λ =
/// `noise` from the seeded stream `seed`; the stop check is asked every
/// 65536 rounds.
///
/// ```
/// use sprague_dynamics::stochastic_fictitious_play::stochastic_fictitious_play;
/// use sprague_strategic::examples::example;
/// use sprague_strategic::stop::StopCheck;
/// let pennies = example("matching-pennies").unwrap();
/// let run = stochastic_fictitious_play(&pennies, 20_000, 0.1, 1, StopCheck::never()).unwrap();
/// assert!((run.frequencies[0][0] - 0.5).abs() < 0.05);
/// ```
pub fn stochastic_fictitious_play(
    game: &NormalFormGame,
    rounds: u64,
    noise: f64,
    seed: u64,
    stop: StopCheck,
) -> Result<StochasticFictitiousPlay, DynamicsError> {
    let (a, b) = two_player(game)?;
    check_rounds(rounds, MAX_ROUNDS)?;
    if !(noise.is_finite() && noise > 0.0) {
        return Err(DynamicsError::Parameter(format!(
            "the noise must be a positive number, not {noise}"
        )));
    }
    let (m, n) = (a.len(), a[0].len());
    let row: Vec<Vec<f64>> = a
        .iter()
        .map(|r| r.iter().map(rational_to_f64).collect())
        .collect();
    let column: Vec<Vec<f64>> = (0..n)
        .map(|j| b.iter().map(|r| rational_to_f64(&r[j])).collect())
        .collect();
    let mut counts = [vec![0u64; m], vec![0u64; n]];
    let mut rng = SeededRng::new(seed, 0);
    let beliefs = |counts: &[u64], t: u64| -> Vec<f64> {
        if t == 0 {
            vec![1.0 / counts.len() as f64; counts.len()]
        } else {
            shares(counts, t)
        }
    };
    for t in 0..rounds {
        if t % 65536 == 65535 && stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        let p = logit(&expected(&row, &beliefs(&counts[1], t)), noise);
        let q = logit(&expected(&column, &beliefs(&counts[0], t)), noise);
        let (i, j) = (draw(&p, &mut rng), draw(&q, &mut rng));
        counts[0][i] += 1;
        counts[1][j] += 1;
    }
    let frequencies = [shares(&counts[0], rounds), shares(&counts[1], rounds)];
    let responses = [
        logit(&expected(&row, &frequencies[1]), noise),
        logit(&expected(&column, &frequencies[0]), noise),
    ];
    Ok(StochasticFictitiousPlay {
        rounds,
        noise,
        seed,
        counts,
        frequencies,
        responses,
    })
}
