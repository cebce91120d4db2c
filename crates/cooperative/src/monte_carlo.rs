//! Monte Carlo estimates of the Shapley value for games too large for the
//! exact methods: sample uniformly random orders of the players and average
//! each player's marginal contribution (Mann–Shapley 1960, "Values of large
//! games"; Castro, Gómez and Tejada 2009). Each estimate comes with a 95%
//! normal-approximation confidence interval, mean ± 1.96·s/√m. The results
//! are **approximate** and labelled so; the random orders come from
//! [`sprague_strategic::seeded::SeededRng`], so a seed reproduces them exactly.

use super::{CoopError, WeightedVotingGame};
use sprague_strategic::seeded::SeededRng;

/// The most random orders an estimate takes (a billion: minutes of work on a large game;
/// the interval narrows only as 1/√m), so that a mistyped count is refused rather than
/// running for ever.
pub const MAX_SAMPLES: u64 = 1_000_000_000;

/// Checks a number of samples asked for before any is drawn.
///
/// # Errors
/// [`CoopError::TooLarge`] above [`MAX_SAMPLES`].
///
/// ```
/// use sprague_cooperative::monte_carlo::{check_samples, MAX_SAMPLES};
/// assert!(check_samples(MAX_SAMPLES).is_ok());
/// assert!(check_samples(u64::MAX).is_err());
/// ```
pub fn check_samples(samples: u64) -> Result<(), CoopError> {
    if samples > MAX_SAMPLES {
        return Err(CoopError::TooLarge(format!(
            "{samples} random orders are more than the {MAX_SAMPLES} a Monte Carlo estimate takes"
        )));
    }
    Ok(())
}

/// One player's estimated value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The sample mean of the marginal contributions.
    pub mean: f64,
    /// Half the width of the 95% confidence interval.
    pub half_width: f64,
}

/// Shapley value estimate of a game on n players whose worth is given by
/// `worth(members)` (a membership vector), from `samples` random orders.
pub fn shapley(
    n: usize,
    mut worth: impl FnMut(&[bool]) -> f64,
    samples: u64,
    seed: u64,
) -> Vec<Estimate> {
    let mut rng = SeededRng::new(seed, 0);
    let mut order: Vec<usize> = (0..n).collect();
    let mut members = vec![false; n];
    let mut sum = vec![0.0f64; n];
    let mut sum_sq = vec![0.0f64; n];
    for _ in 0..samples {
        rng.shuffle(&mut order);
        members.iter_mut().for_each(|m| *m = false);
        let mut before = worth(&members);
        for &i in &order {
            members[i] = true;
            let after = worth(&members);
            let marginal = after - before;
            sum[i] += marginal;
            sum_sq[i] += marginal * marginal;
            before = after;
        }
    }
    summarize(&sum, &sum_sq, samples)
}

/// Shapley–Shubik index estimate of a weighted voting game: in each random
/// order the pivotal player (the one whose arrival reaches the quota) scores 1.
pub fn shapley_shubik(game: &WeightedVotingGame, samples: u64, seed: u64) -> Vec<Estimate> {
    let n = game.players();
    let mut rng = SeededRng::new(seed, 0);
    let mut order: Vec<usize> = (0..n).collect();
    let mut pivots = vec![0.0f64; n];
    for _ in 0..samples {
        rng.shuffle(&mut order);
        let mut weight = 0u64;
        for &i in &order {
            weight += game.weights()[i];
            if weight >= game.quota() {
                pivots[i] += 1.0;
                break;
            }
        }
    }
    // For 0/1 contributions the sum of squares equals the sum.
    summarize(&pivots, &pivots, samples)
}

fn summarize(sum: &[f64], sum_sq: &[f64], samples: u64) -> Vec<Estimate> {
    let m = samples.max(1) as f64;
    sum.iter()
        .zip(sum_sq)
        .map(|(&s, &s2)| {
            let mean = s / m;
            let variance = if samples > 1 {
                ((s2 - m * mean * mean) / (m - 1.0)).max(0.0)
            } else {
                0.0
            };
            Estimate {
                mean,
                half_width: 1.96 * (variance / m).sqrt(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_strategic::exact_text::rational_to_f64;

    #[test]
    fn estimate_covers_the_exact_value() {
        let game: WeightedVotingGame = "[12; 4,4,4,2,2,1]".parse().unwrap();
        let exact = game.shapley_shubik().unwrap();
        let estimate = shapley_shubik(&game, 20_000, 1);
        for (e, x) in estimate.iter().zip(&exact) {
            let x = rational_to_f64(x);
            assert!(
                (e.mean - x).abs() <= e.half_width * 2.0 + 1e-9,
                "{e:?} vs {x}"
            );
        }
        assert_eq!(estimate, shapley_shubik(&game, 20_000, 1));
    }

    #[test]
    fn general_estimate_of_a_glove_game() {
        let worth = |m: &[bool]| {
            let left = m[..1].iter().filter(|&&b| b).count();
            let right = m[1..].iter().filter(|&&b| b).count();
            left.min(right) as f64
        };
        let estimate = shapley(3, worth, 10_000, 5);
        assert!((estimate[0].mean - 2.0 / 3.0).abs() < 0.03);
        let total: f64 = estimate.iter().map(|e| e.mean).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }
}
