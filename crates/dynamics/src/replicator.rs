//! Trajectories of the replicator dynamics ẋᵢ = xᵢ((Ax)ᵢ − x·Ax) of a
//! symmetric game (Taylor and Jonker, "Evolutionarily stable strategies and
//! game dynamics", Math. Biosci. 40, 1978; Hofbauer and Sigmund 1998, ch. 7),
//! **approximate**: integrated in floating point by the classical fourth-order
//! Runge–Kutta method with a fixed step (Hairer, Nørsett and Wanner, *Solving
//! Ordinary Differential Equations I*, §II.1), global error O(h⁴).
//!
//! [`trajectory_adaptive`] integrates instead by the Dormand–Prince 5(4)
//! method with step-size control ([`crate::dormand_prince`]) and reads the
//! states at the same output times from its dense output: the steps then
//! follow the error tolerance, not the output grid.
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

/// The most recorded shares (states times strategies), 80 MB of floats.
pub const MAX_RECORDED_SHARES: usize = 10_000_000;

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

/// A trajectory: the recorded times and states (stored flat, one state of
/// n shares after another; serialised as `times` and a list of `states`).
#[derive(Debug, Clone, PartialEq)]
pub struct Trajectory {
    /// The times of the recorded states.
    pub times: Vec<f64>,
    shares: Vec<f64>,
    strategies: usize,
}

impl Trajectory {
    /// The recorded states, in order of time.
    pub fn states(&self) -> std::slice::ChunksExact<'_, f64> {
        self.shares.chunks_exact(self.strategies)
    }

    /// The last recorded state.
    pub fn last(&self) -> &[f64] {
        &self.shares[self.shares.len() - self.strategies..]
    }
}

impl Serialize for Trajectory {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut record = s.serialize_struct("Trajectory", 2)?;
        record.serialize_field("times", &self.times)?;
        record.serialize_field("states", &self.states().collect::<Vec<&[f64]>>())?;
        record.end()
    }
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
    if recorded.saturating_mul(n) > MAX_RECORDED_SHARES {
        return Err(too_large(
            "the number of recorded shares (states times strategies)",
            recorded.saturating_mul(n),
            MAX_RECORDED_SHARES,
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
/// let last = path.last();
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
    let mut record = Recorder {
        times: Vec::with_capacity(recorded),
        shares: Vec::with_capacity(recorded * n),
        options: *options,
        stop,
    };
    record.times.push(0.0);
    record.shares.extend_from_slice(start);
    // Small games get a loop compiled for their size (unrolled, the n dot
    // products interleaved); larger ones the general loop.
    match n {
        2 => fixed::<2>(a, start, &mut record)?,
        3 => fixed::<3>(a, start, &mut record)?,
        4 => fixed::<4>(a, start, &mut record)?,
        5 => fixed::<5>(a, start, &mut record)?,
        6 => fixed::<6>(a, start, &mut record)?,
        7 => fixed::<7>(a, start, &mut record)?,
        8 => fixed::<8>(a, start, &mut record)?,
        9 => fixed::<9>(a, start, &mut record)?,
        10 => fixed::<10>(a, start, &mut record)?,
        11 => fixed::<11>(a, start, &mut record)?,
        12 => fixed::<12>(a, start, &mut record)?,
        _ => general(a, start, &mut record)?,
    }
    Ok(Trajectory {
        times: record.times,
        shares: record.shares,
        strategies: n,
    })
}

/// What every integration loop does after a step: stop when asked, check
/// the state, project it back onto the simplex, record it.
struct Recorder<'a> {
    times: Vec<f64>,
    shares: Vec<f64>,
    options: TrajectoryOptions,
    stop: StopCheck<'a>,
}

impl Recorder<'_> {
    #[inline]
    fn after_step(&mut self, step: usize, x: &mut [f64]) -> Result<(), DynamicsError> {
        if step.is_multiple_of(4096) && self.stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        project(x).map_err(|e| match e {
            DynamicsError::LeftSimplex { value, .. } => DynamicsError::LeftSimplex { step, value },
            other => other,
        })?;
        if step.is_multiple_of(self.options.record_every) || step == self.options.steps {
            self.times.push(step as f64 * self.options.dt);
            self.shares.extend_from_slice(x);
        }
        Ok(())
    }
}

/// The output times of `options`: k·dt for every recorded step k.
fn output_times(options: &TrajectoryOptions) -> Vec<f64> {
    (0..=options.steps)
        .filter(|&k| k.is_multiple_of(options.record_every) || k == options.steps)
        .map(|k| k as f64 * options.dt)
        .collect()
}

/// Integrates the replicator dynamics of `a` from `start` by the adaptive
/// Dormand–Prince 5(4) method with error tolerance `tolerance` (absolute and
/// relative), and returns the states at the times RK4 with `options` would
/// record (approximate). The stop check is asked every 1024 steps.
///
/// ```
/// use sprague_dynamics::replicator::{trajectory_adaptive, TrajectoryOptions};
/// use sprague_strategic::stop::StopCheck;
/// let a = vec![vec![-1.0, 4.0], vec![0.0, 2.0]];
/// let options = TrajectoryOptions { dt: 0.01, steps: 2000, record_every: 100 };
/// let path = trajectory_adaptive(&a, &[0.1, 0.9], &options, 1e-10, StopCheck::never()).unwrap();
/// assert_eq!(path.times.len(), 21);
/// assert!((path.last()[0] - 2.0 / 3.0).abs() < 1e-6);
/// ```
pub fn trajectory_adaptive(
    a: &[Vec<f64>],
    start: &[f64],
    options: &TrajectoryOptions,
    tolerance: f64,
    stop: StopCheck,
) -> Result<Trajectory, DynamicsError> {
    let n = a.len();
    check(n, start, options)?;
    if !(tolerance.is_finite() && (1e-14..=1e-2).contains(&tolerance)) {
        return Err(DynamicsError::Parameter(format!(
            "the tolerance must be between 1e-14 and 1e-2, not {tolerance}"
        )));
    }
    let times = output_times(options);
    let shares = adaptive_shares(a, start, &times, tolerance, stop).map_err(|e| match e {
        DynamicsError::LeftSimplex { value, .. } => DynamicsError::Parameter(format!(
            "the trajectory left the simplex (a share became {value:e}); use a smaller --tolerance"
        )),
        other => other,
    })?;
    Ok(Trajectory {
        times,
        shares,
        strategies: n,
    })
}

/// The states at `times`, by the adaptive method compiled for the size.
fn adaptive_shares(
    a: &[Vec<f64>],
    start: &[f64],
    times: &[f64],
    tolerance: f64,
    stop: StopCheck,
) -> Result<Vec<f64>, DynamicsError> {
    let n = a.len();
    Ok(match n {
        2 => adaptive_fixed::<2>(a, start, times, tolerance, stop)?,
        3 => adaptive_fixed::<3>(a, start, times, tolerance, stop)?,
        4 => adaptive_fixed::<4>(a, start, times, tolerance, stop)?,
        5 => adaptive_fixed::<5>(a, start, times, tolerance, stop)?,
        6 => adaptive_fixed::<6>(a, start, times, tolerance, stop)?,
        7 => adaptive_fixed::<7>(a, start, times, tolerance, stop)?,
        8 => adaptive_fixed::<8>(a, start, times, tolerance, stop)?,
        9 => adaptive_fixed::<9>(a, start, times, tolerance, stop)?,
        10 => adaptive_fixed::<10>(a, start, times, tolerance, stop)?,
        11 => adaptive_fixed::<11>(a, start, times, tolerance, stop)?,
        12 => adaptive_fixed::<12>(a, start, times, tolerance, stop)?,
        _ => {
            let mut ax = vec![0.0; n];
            crate::dormand_prince::integrate(
                |y, out| field(a, y, &mut ax, out),
                start.to_vec(),
                times,
                tolerance,
                project,
                stop,
            )?
        }
    })
}

/// Checks a state and projects it onto the simplex: the exact flow keeps
/// Σx = 1, rounding does not.
#[inline]
fn project(x: &mut [f64]) -> Result<(), DynamicsError> {
    let mut sum = 0.0;
    let mut low = f64::INFINITY;
    for v in x.iter() {
        sum += *v;
        low = low.min(*v);
    }
    if !(low >= -SIMPLEX_TOLERANCE && sum.is_finite()) {
        let bad = x
            .iter()
            .copied()
            .find(|v| !v.is_finite() || *v < -SIMPLEX_TOLERANCE)
            .unwrap_or(sum);
        return Err(DynamicsError::LeftSimplex {
            step: 0,
            value: bad,
        });
    }
    let scale = 1.0 / sum;
    for v in x.iter_mut() {
        *v *= scale;
    }
    Ok(())
}

/// The adaptive integration with the field compiled for `N` strategies.
fn adaptive_fixed<const N: usize>(
    a: &[Vec<f64>],
    start: &[f64],
    times: &[f64],
    tolerance: f64,
    stop: StopCheck,
) -> Result<Vec<f64>, DynamicsError> {
    let m = columns::<N>(a);
    let mut y0 = [0.0; N];
    y0.copy_from_slice(start);
    crate::dormand_prince::integrate(
        |y, out| {
            let mut x = [0.0; N];
            x.copy_from_slice(y);
            out.copy_from_slice(&fixed_field(&m, &x));
        },
        y0,
        times,
        tolerance,
        project,
        stop,
    )
}

/// The replicator field for a game of `N` strategies known at compile time;
/// `columns[j]` is the j-th column of the payoff matrix, so that Ax is
/// accumulated one column at a time (N independent sums, vectorised).
#[inline(always)]
fn fixed_field<const N: usize>(columns: &[[f64; N]; N], x: &[f64; N]) -> [f64; N] {
    let mut ax = [0.0; N];
    for j in 0..N {
        let xj = x[j];
        for i in 0..N {
            ax[i] += columns[j][i] * xj;
        }
    }
    let mut mean = 0.0;
    for i in 0..N {
        mean += ax[i] * x[i];
    }
    let mut out = [0.0; N];
    for i in 0..N {
        out[i] = x[i] * (ax[i] - mean);
    }
    out
}

/// The columns of a payoff matrix of `N` strategies.
fn columns<const N: usize>(a: &[Vec<f64>]) -> [[f64; N]; N] {
    let mut m = [[0.0; N]; N];
    for (i, row) in a.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            m[j][i] = *v;
        }
    }
    m
}

/// RK4 for a game of `N` strategies known at compile time.
fn fixed<const N: usize>(
    a: &[Vec<f64>],
    start: &[f64],
    record: &mut Recorder,
) -> Result<(), DynamicsError> {
    let m = columns::<N>(a);
    let mut x = [0.0; N];
    x.copy_from_slice(start);
    let h = record.options.dt;
    let shifted = |x: &[f64; N], s: f64, k: &[f64; N]| -> [f64; N] {
        let mut y = [0.0; N];
        for i in 0..N {
            y[i] = x[i] + s * k[i];
        }
        y
    };
    for step in 1..=record.options.steps {
        let k1 = fixed_field(&m, &x);
        let k2 = fixed_field(&m, &shifted(&x, 0.5 * h, &k1));
        let k3 = fixed_field(&m, &shifted(&x, 0.5 * h, &k2));
        let k4 = fixed_field(&m, &shifted(&x, h, &k3));
        for i in 0..N {
            x[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        }
        record.after_step(step, &mut x)?;
    }
    Ok(())
}

/// RK4 for any number of strategies.
fn general(a: &[Vec<f64>], start: &[f64], record: &mut Recorder) -> Result<(), DynamicsError> {
    let n = a.len();
    let h = record.options.dt;
    let mut x = start.to_vec();
    let (mut ax, mut k1, mut k2, mut k3, mut k4, mut y) = (
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
        vec![0.0; n],
    );
    for step in 1..=record.options.steps {
        field(a, &x, &mut ax, &mut k1);
        axpy(&x, 0.5 * h, &k1, &mut y);
        field(a, &y, &mut ax, &mut k2);
        axpy(&x, 0.5 * h, &k2, &mut y);
        field(a, &y, &mut ax, &mut k3);
        axpy(&x, h, &k3, &mut y);
        field(a, &y, &mut ax, &mut k4);
        for ((((xi, a1), a2), a3), a4) in x.iter_mut().zip(&k1).zip(&k2).zip(&k3).zip(&k4) {
            *xi += h / 6.0 * (a1 + 2.0 * a2 + 2.0 * a3 + a4);
        }
        record.after_step(step, &mut x)?;
    }
    Ok(())
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
