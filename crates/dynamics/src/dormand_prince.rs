//! The Dormand–Prince 5(4) method with step-size control and dense output
//! (Dormand and Prince, "A family of embedded Runge–Kutta formulae", J.
//! Comput. Appl. Math. 6, 1980; the continuous extension of order 4 and the
//! step control of Hairer, Nørsett and Wanner, *Solving Ordinary
//! Differential Equations I*, 2nd ed., §II.4–II.6, as in their code
//! DOPRI5), **approximate**: floating point, the local error kept below a
//! mixed tolerance atol = rtol = `tolerance`, and the solution at requested
//! output times read from the interpolant, so the steps are chosen by the
//! error alone, not by the output grid.

use crate::error::DynamicsError;
use sprague_strategic::stop::StopCheck;

// The nodes c = (1/5, 3/10, 4/5, 8/9, 1, 1) are not needed: the field is autonomous.
const A21: f64 = 1.0 / 5.0;
const A3: [f64; 2] = [3.0 / 40.0, 9.0 / 40.0];
const A4: [f64; 3] = [44.0 / 45.0, -56.0 / 15.0, 32.0 / 9.0];
const A5: [f64; 4] = [
    19372.0 / 6561.0,
    -25360.0 / 2187.0,
    64448.0 / 6561.0,
    -212.0 / 729.0,
];
const A6: [f64; 5] = [
    9017.0 / 3168.0,
    -355.0 / 33.0,
    46732.0 / 5247.0,
    49.0 / 176.0,
    -5103.0 / 18656.0,
];
/// The fifth-order weights (k₂'s weight is 0), also the last stage's row.
const B: [f64; 6] = [
    35.0 / 384.0,
    0.0,
    500.0 / 1113.0,
    125.0 / 192.0,
    -2187.0 / 6784.0,
    11.0 / 84.0,
];
/// The fifth-order weights minus the embedded fourth-order ones (k₁ … k₇).
const E: [f64; 7] = [
    71.0 / 57600.0,
    0.0,
    -71.0 / 16695.0,
    71.0 / 1920.0,
    -17253.0 / 339200.0,
    22.0 / 525.0,
    -1.0 / 40.0,
];
/// The dense-output coefficients of DOPRI5 (k₁, k₃, k₄, k₅, k₆, k₇).
const D: [f64; 6] = [
    -12715105075.0 / 11282082432.0,
    87487479700.0 / 32700410799.0,
    -10690763975.0 / 1880347072.0,
    701980252875.0 / 199316789632.0,
    -1453857185.0 / 822651844.0,
    69997945.0 / 29380423.0,
];

/// The most steps (accepted or rejected) of one integration.
pub const MAX_STEPS: usize = 10_000_000;

/// A state vector: a fixed-size array (its loops are then compiled for its
/// length) or a `Vec`.
pub trait State: Clone + AsRef<[f64]> + AsMut<[f64]> {}

impl<const N: usize> State for [f64; N] {}

impl State for Vec<f64> {}

/// Integrates y' = f(y) from `y0` at time 0 and returns y at each of the
/// increasing, non-negative `times`, one state after another (flat).
/// `field(y, out)` writes f(y) into `out`; `after_step(y)` may project an
/// accepted state (the replicator dynamics keeps Σy = 1) or refuse it; the
/// interpolated states between are combinations of accepted states and
/// stages, so a linear invariant such as Σy = 1 holds for them to rounding.
/// The last stage of a step is the first of the next (FSAL).
///
/// ```
/// use sprague_dynamics::dormand_prince::integrate;
/// use sprague_strategic::stop::StopCheck;
/// // y' = y from 1: eᵗ.
/// let ys = integrate(|y, out| out[0] = y[0], [1.0], &[0.0, 1.0, 2.0], 1e-10,
///     |_| Ok(()), StopCheck::never()).unwrap();
/// assert!((ys[2] - 2f64.exp()).abs() < 1e-8);
/// ```
pub fn integrate<S: State>(
    mut field: impl FnMut(&[f64], &mut [f64]),
    y0: S,
    times: &[f64],
    tolerance: f64,
    mut after_step: impl FnMut(&mut [f64]) -> Result<(), DynamicsError>,
    stop: StopCheck,
) -> Result<Vec<f64>, DynamicsError> {
    let n = y0.as_ref().len();
    let end = times.last().copied().unwrap_or(0.0);
    let mut out = Vec::with_capacity(times.len() * n);
    let mut y = y0;
    let mut k: [S; 7] = std::array::from_fn(|_| y.clone());
    let (mut stage, mut y_new) = (y.clone(), y.clone());
    let mut dense = vec![[0.0; 5]; n];
    field(y.as_ref(), k[0].as_mut());
    let mut t = 0.0;
    let mut h = (end / 100.0).clamp(1e-6, 0.1);
    let mut next = 0;
    while next < times.len() && times[next] <= 0.0 {
        out.extend_from_slice(y.as_ref());
        next += 1;
    }
    let mut steps = 0;
    while next < times.len() {
        steps += 1;
        if steps > MAX_STEPS {
            return Err(crate::error::too_large(
                "the number of adaptive steps",
                steps,
                MAX_STEPS,
            ));
        }
        if steps.is_multiple_of(1024) && stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        h = h.min(end - t).max(1e-12);
        // stage = y + h·Σⱼ row[j]·kⱼ, one stage at a time (vectorised over the components).
        let combine = |stage: &mut S, k: &[S; 7], row: &[f64]| {
            let stage = stage.as_mut();
            stage.copy_from_slice(y.as_ref());
            for (w, kj) in row.iter().zip(k.iter()) {
                let hw = h * w;
                for (v, kv) in stage.iter_mut().zip(kj.as_ref()) {
                    *v += hw * kv;
                }
            }
        };
        combine(&mut stage, &k, &[A21]);
        field(stage.as_ref(), k[1].as_mut());
        combine(&mut stage, &k, &A3);
        field(stage.as_ref(), k[2].as_mut());
        combine(&mut stage, &k, &A4);
        field(stage.as_ref(), k[3].as_mut());
        combine(&mut stage, &k, &A5);
        field(stage.as_ref(), k[4].as_mut());
        combine(&mut stage, &k, &A6);
        field(stage.as_ref(), k[5].as_mut());
        combine(&mut y_new, &k, &B);
        field(y_new.as_ref(), k[6].as_mut());
        // The embedded error estimate h·Σⱼ E[j]·kⱼ, kept in `stage` (free now).
        let estimate = stage.as_mut();
        estimate.fill(0.0);
        for (w, kj) in E.iter().zip(k.iter()) {
            let hw = h * w;
            for (v, kv) in estimate.iter_mut().zip(kj.as_ref()) {
                *v += hw * kv;
            }
        }
        let mut error = 0.0;
        for ((e, old), new) in estimate.iter().zip(y.as_ref()).zip(y_new.as_ref()) {
            let scale = tolerance + tolerance * old.abs().max(new.abs());
            error += (e / scale) * (e / scale);
        }
        let error = (error / n as f64).sqrt();
        if !error.is_finite() {
            return Err(DynamicsError::LeftSimplex {
                step: steps,
                value: f64::NAN,
            });
        }
        let factor = (0.9 * error.powf(-0.2)).clamp(0.2, 5.0);
        if error > 1.0 {
            h *= factor.min(1.0);
            continue;
        }
        let t_new = t + h;
        if next < times.len() && (times[next] <= t_new || t_new >= end) {
            for (i, r) in dense.iter_mut().enumerate() {
                let (y0, y1) = (y.as_ref()[i], y_new.as_ref()[i]);
                let kk = |j: usize| k[j].as_ref()[i];
                let difference = y1 - y0;
                let spline = h * kk(0) - difference;
                let d = D[0] * kk(0)
                    + D[1] * kk(2)
                    + D[2] * kk(3)
                    + D[3] * kk(4)
                    + D[4] * kk(5)
                    + D[5] * kk(6);
                *r = [
                    y0,
                    difference,
                    spline,
                    difference - h * kk(6) - spline,
                    h * d,
                ];
            }
        }
        while next < times.len() && (times[next] <= t_new || t_new >= end) {
            let theta = ((times[next] - t) / h).clamp(0.0, 1.0);
            let rest = 1.0 - theta;
            out.extend(
                dense
                    .iter()
                    .map(|r| r[0] + theta * (r[1] + rest * (r[2] + theta * (r[3] + rest * r[4])))),
            );
            next += 1;
        }
        after_step(y_new.as_mut())?;
        std::mem::swap(&mut y, &mut y_new);
        k.swap(0, 6);
        t = t_new;
        h *= factor;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harmonic_oscillator_at_many_times() {
        // y'' = −y from (0, 1): (sin t, cos t), read from the dense output.
        let times: Vec<f64> = (0..=300).map(|k| k as f64 * 0.01).collect();
        let ys = integrate(
            |y, out| {
                out[0] = y[1];
                out[1] = -y[0];
            },
            [0.0, 1.0],
            &times,
            1e-10,
            |_| Ok(()),
            StopCheck::never(),
        )
        .unwrap();
        for (t, y) in times.iter().zip(ys.chunks_exact(2)) {
            assert!((y[0] - t.sin()).abs() < 1e-8, "t = {t}");
            assert!((y[1] - t.cos()).abs() < 1e-8, "t = {t}");
        }
    }
}
