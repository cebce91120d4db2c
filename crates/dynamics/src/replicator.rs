//! Trajectories of the replicator dynamics ẋᵢ = xᵢ((Ax)ᵢ − x·Ax) of a
//! symmetric game (Taylor and Jonker, "Evolutionarily stable strategies and
//! game dynamics", Math. Biosci. 40, 1978; Hofbauer and Sigmund 1998, ch. 7),
//! **approximate**: integrated in floating point by the classical fourth-order
//! Runge–Kutta method with a fixed step (Hairer, Nørsett and Wanner, *Solving
//! Ordinary Differential Equations I*, §II.1), global error O(h⁴).
//!
//! The exact questions about the dynamics — where it rests and whether those
//! rest points are stable — are answered in exact arithmetic by
//! [`crate::rest_points`].

use serde::Serialize;
use sprague_strategic::stop::StopCheck;

use crate::error::{too_large, DynamicsError};

/// The most integration steps of one trajectory.
pub const MAX_STEPS: usize = 100_000_000;

/// The most states a trajectory may record (its memory is this times the
/// number of strategies).
pub const MAX_RECORDED: usize = 1_000_000;

/// How far a share may leave [0, 1] before the integration is stopped as
/// unstable. (The sum is projected back to 1 after every step: the exact
/// flow keeps it there, rounding errors would let it drift.)
const SIMPLEX_TOLERANCE: f64 = 1e-9;

/// How to integrate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrajectoryOptions {
    /// The step h (positive, finite, at most 1).
    pub dt: f64,
    /// The number of steps.
    pub steps: usize,
    /// Record every k-th state (the first and last are always recorded).
    pub record_every: usize,
}

impl Default for TrajectoryOptions {
    fn default() -> Self {
        TrajectoryOptions {
            dt: 0.01,
            steps: 1000,
            record_every: 1,
        }
    }
}

/// A trajectory: the recorded times and states.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trajectory {
    /// The times of the recorded states.
    pub times: Vec<f64>,
    /// The recorded states (population shares).
    pub states: Vec<Vec<f64>>,
}

/// The replicator vector field of `a` at `x`, written into `out`; `ax` is
/// scratch space of the same length.
pub fn field(a: &[Vec<f64>], x: &[f64], ax: &mut [f64], out: &mut [f64]) {
    let mut mean = 0.0;
    for ((v, row), xi) in ax.iter_mut().zip(a).zip(x) {
        *v = row.iter().zip(x).map(|(aij, xj)| aij * xj).sum();
        mean += *v * xi;
    }
    for ((o, v), xi) in out.iter_mut().zip(ax.iter()).zip(x) {
        *o = xi * (v - mean);
    }
}

/// Checks the options and the start, and returns the number of states
/// that will be recorded.
fn check(n: usize, start: &[f64], options: &TrajectoryOptions) -> Result<usize, DynamicsError> {
    if start.len() != n {
        return Err(DynamicsError::Parameter(format!(
            "the start has {} shares but the game has {n} strategies",
            start.len()
        )));
    }
    let sum: f64 = start.iter().sum();
    if start.iter().any(|x| !x.is_finite() || *x < 0.0) || (sum - 1.0).abs() > 1e-9 {
        return Err(DynamicsError::Parameter(
            "the start must be non-negative shares adding up to 1".into(),
        ));
    }
    if !(options.dt.is_finite() && options.dt > 0.0 && options.dt <= 1.0) {
        return Err(DynamicsError::Parameter(format!(
            "the step --dt must be positive and at most 1, not {}",
            options.dt
        )));
    }
    if options.steps > MAX_STEPS {
        return Err(too_large("the number of steps", options.steps, MAX_STEPS));
    }
    if options.record_every == 0 {
        return Err(DynamicsError::Parameter(
            "record every k-th state needs k at least 1".into(),
        ));
    }
    let recorded = options.steps / options.record_every + 2;
    if recorded > MAX_RECORDED {
        return Err(too_large(
            "the number of recorded states (steps / record-every)",
            recorded,
            MAX_RECORDED,
        ));
    }
    Ok(recorded)
}

/// Integrates the replicator dynamics of the payoff matrix `a` from
/// `start` by RK4 (approximate). The stop check is asked every 4096 steps.
///
/// ```
/// use sprague_dynamics::replicator::{trajectory, TrajectoryOptions};
/// use sprague_strategic::stop::StopCheck;
/// // Hawk-dove (V = 4, C = 6): shares approach the ESS, 2/3 Hawk.
/// let a = vec![vec![-1.0, 4.0], vec![0.0, 2.0]];
/// let options = TrajectoryOptions { dt: 0.01, steps: 2000, record_every: 100 };
/// let path = trajectory(&a, &[0.1, 0.9], &options, StopCheck::never()).unwrap();
/// let last = path.states.last().unwrap();
/// assert!((last[0] - 2.0 / 3.0).abs() < 1e-6);
/// ```
pub fn trajectory(
    a: &[Vec<f64>],
    start: &[f64],
    options: &TrajectoryOptions,
    stop: StopCheck,
) -> Result<Trajectory, DynamicsError> {
    let n = a.len();
    let recorded = check(n, start, options)?;
    let h = options.dt;
    let mut x = start.to_vec();
    let mut times = Vec::with_capacity(recorded);
    let mut states = Vec::with_capacity(recorded);
    times.push(0.0);
    states.push(x.clone());
    let (mut ax, mut k1, mut k2, mut k3, mut k4, mut y) = (
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
    );
    for step in 1..=options.steps {
        if step % 4096 == 0 && stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        field(a, &x, &mut ax, &mut k1);
        axpy(&x, 0.5 * h, &k1, &mut y);
        field(a, &y, &mut ax, &mut k2);
        axpy(&x, 0.5 * h, &k2, &mut y);
        field(a, &y, &mut ax, &mut k3);
        axpy(&x, h, &k3, &mut y);
        field(a, &y, &mut ax, &mut k4);
        let mut sum = 0.0;
        for i in 0..n {
            x[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
            sum += x[i];
        }
        if let Some(&bad) = x
            .iter()
            .find(|v| !v.is_finite() || **v < -SIMPLEX_TOLERANCE || **v > 1.0 + SIMPLEX_TOLERANCE)
        {
            return Err(DynamicsError::LeftSimplex { step, value: bad });
        }
        // The exact flow keeps Σx = 1; rounding does not, so project back.
        for v in x.iter_mut() {
            *v /= sum;
        }
        if step % options.record_every == 0 || step == options.steps {
            times.push(step as f64 * h);
            states.push(x.clone());
        }
    }
    Ok(Trajectory { times, states })
}

/// y = x + s·k.
fn axpy(x: &[f64], s: f64, k: &[f64], y: &mut [f64]) {
    for ((yi, xi), ki) in y.iter_mut().zip(x).zip(k) {
        *yi = xi + s * ki;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_bad_options() {
        let a = vec![vec![0.0, 1.0], vec![1.0, 0.0]];
        let run = |start: &[f64], dt: f64, steps: usize, every: usize| {
            let options = TrajectoryOptions {
                dt,
                steps,
                record_every: every,
            };
            trajectory(&a, start, &options, StopCheck::never())
        };
        assert!(run(&[0.5, 0.6], 0.01, 10, 1).is_err());
        assert!(run(&[0.5], 0.01, 10, 1).is_err());
        assert!(run(&[0.5, 0.5], 0.0, 10, 1).is_err());
        assert!(run(&[0.5, 0.5], f64::NAN, 10, 1).is_err());
        assert!(run(&[0.5, 0.5], 0.01, MAX_STEPS + 1, 1000).is_err());
        assert!(run(&[0.5, 0.5], 0.01, 10_000_000, 1).is_err());
        assert!(run(&[0.5, 0.5], 0.01, 10, 0).is_err());
        let ok = run(&[0.5, 0.5], 0.01, 10, 3).unwrap();
        assert_eq!(ok.times.len(), 5); // 0, 3, 6, 9 and the last, 10
    }
}
