//! One Nash equilibrium of a bimatrix game by the Lemke–Howson algorithm
//! (Lemke and Howson, "Equilibrium points of bimatrix games", SIAM J. Appl.
//! Math. 12, 1964), in the complementary-pivoting form of von Stengel,
//! "Computing equilibria for two-person games" (Handbook of Game Theory 3,
//! 2002, §3.5), exactly.
//!
//! With positive payoffs `A`, `B` the two systems are
//! `B^T x + s = 1` (one row per column strategy) and `A y + r = 1` (one row
//! per row strategy), starting from the artificial equilibrium `x = y = 0`.
//! Label `k` is dropped by letting its variable enter; then the variable
//! with the label that just left enters the other system, and so on until
//! the leaving label is `k`. Ties in the minimum-ratio test are broken
//! lexicographically (von Stengel 2002, §3.7), so degenerate games do not
//! cycle. Tableaux are fraction-free integer tableaux (see
//! [`crate::integer`]); the result is exact.
//!
//! For speed, [`lemke_howson_bimatrix`] first follows the path in floating
//! point (module `float_guide`) and solves the end point's supports
//! exactly by p-adic lifting ([`crate::exact_solve`]), then checks exactly
//! that the result is an equilibrium (every label present). Only if that
//! check fails (degenerate or ill-conditioned games) does it pivot exactly
//! from the start; [`lemke_howson_exact`] always pivots exactly. Either way
//! the equilibrium returned is exact and checked.

use num_bigint::BigInt;
use num_rational::BigRational;

use crate::equilibrium::Equilibrium;
use crate::error::StrategicError;
use crate::exact_solve::solve_integer_system;
use crate::float_guide::lemke_howson_supports;
use crate::game::{Matrix, NormalFormGame};
use crate::integer::{with_escalation, Int, Overflow};
use crate::stop::StopCheck;
use crate::tableau::Tableau;
use crate::zero_sum::{scale_positive, small_entries};
use num_traits::{Signed, Zero};

/// The result of one Lemke–Howson run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LemkeHowsonResult {
    /// The equilibrium found.
    pub equilibrium: Equilibrium,
    /// The dropped label (0-based: rows `0..m`, then columns `m..m+n`).
    pub label: usize,
    /// The number of pivots on the path.
    pub pivots: usize,
    /// Whether the path was followed with exact pivoting (`true`) or in
    /// floating point with its end point solved and certified exactly
    /// (`false`; the equilibrium is exact either way).
    pub exact_pivoting: bool,
}

struct Run {
    x: Vec<BigInt>,
    y: Vec<BigInt>,
    pivots: usize,
}

/// The exact path; `Ok(Err(Interrupted))` when `stop` says so (asked at
/// every pivot: an exact pivot of a large tableau of big integers takes
/// milliseconds), `Err(Overflow)` when `T` is too narrow.
fn run<T: Int>(
    a: &[Vec<BigInt>],
    b: &[Vec<BigInt>],
    k: usize,
    stop: StopCheck<'_>,
) -> Result<Result<Run, StrategicError>, Overflow> {
    let m = a.len();
    let n = a[0].len();
    let cols = m + n + 1;
    // P: rows j, columns x_0..x_{m-1}, s_0..s_{n-1}, rhs.
    let mut pdata = vec![T::int_zero(); n * cols];
    for j in 0..n {
        for i in 0..m {
            pdata[j * cols + i] = T::from_bigint(&b[i][j]).ok_or(Overflow)?;
        }
        pdata[j * cols + m + j] = T::int_one();
        pdata[j * cols + cols - 1] = T::int_one();
    }
    // Q: rows i, columns r_0..r_{m-1}, y_0..y_{n-1}, rhs.
    let mut qdata = vec![T::int_zero(); m * cols];
    for i in 0..m {
        qdata[i * cols + i] = T::int_one();
        for j in 0..n {
            qdata[i * cols + m + j] = T::from_bigint(&a[i][j]).ok_or(Overflow)?;
        }
        qdata[i * cols + cols - 1] = T::int_one();
    }
    let mut p = Tableau::new(n, cols, pdata, (m..m + n).collect());
    let mut q = Tableau::new(m, cols, qdata, (0..m).collect());
    let p_lex: Vec<usize> = (m..m + n).collect();
    let q_lex: Vec<usize> = (0..m).collect();
    // Column index = label in both tableaux. Label k < m: x_k enters P.
    let mut in_p = k < m;
    let mut entering = k;
    let mut pivots = 0;
    loop {
        if stop.stopped() {
            return Ok(Err(StrategicError::Interrupted));
        }
        let (t, lex) = if in_p {
            (&mut p, &p_lex)
        } else {
            (&mut q, &q_lex)
        };
        let rows = t.min_ratio_rows(entering)?;
        // The polytopes are bounded, so some entry is positive.
        let r = match rows.len() {
            0 => return Err(Overflow),
            1 => rows[0],
            _ => t.lexicographic_row(&rows, entering, lex)?,
        };
        let leaving = t.basis[r];
        t.pivot(r, entering)?;
        pivots += 1;
        if leaving == k {
            break;
        }
        entering = leaving;
        in_p = !in_p;
    }
    let mut x = vec![BigInt::from(0); m];
    for (row, &v) in p.basis.iter().enumerate() {
        if v < m {
            x[v] = p.rhs(row).to_bigint();
        }
    }
    let mut y = vec![BigInt::from(0); n];
    for (row, &v) in q.basis.iter().enumerate() {
        if v >= m {
            y[v - m] = q.rhs(row).to_bigint();
        }
    }
    Ok(Ok(Run { x, y, pivots }))
}

fn normalise(v: &[BigInt]) -> Vec<BigRational> {
    let total: BigInt = v.iter().sum();
    v.iter()
        .map(|c| BigRational::new(c.clone(), total.clone()))
        .collect()
}

/// Runs Lemke–Howson on the bimatrix game `(a, b)` dropping `label`
/// (0-based: rows `0..m`, then columns `m..m+n`).
pub fn lemke_howson_bimatrix(
    a: &Matrix,
    b: &Matrix,
    label: usize,
) -> Result<LemkeHowsonResult, StrategicError> {
    lemke_howson_bimatrix_with_stop(a, b, label, StopCheck::never())
}

/// [`lemke_howson_bimatrix`], asking `stop` every
/// [`crate::stop::POLL_EVERY`] pivots on the floating-point path and at
/// every pivot when pivoting exactly: [`StrategicError::Interrupted`] once it says stop.
pub fn lemke_howson_bimatrix_with_stop(
    a: &Matrix,
    b: &Matrix,
    label: usize,
    stop: StopCheck<'_>,
) -> Result<LemkeHowsonResult, StrategicError> {
    let m = a.len();
    let n = a.first().map_or(0, Vec::len);
    if m == 0 {
        return Err(StrategicError::NoStrategies { player: 1 });
    }
    if n == 0 {
        return Err(StrategicError::NoStrategies { player: 2 });
    }
    if label >= m + n {
        return Err(StrategicError::OutOfRange(format!(
            "label {} does not exist; labels run from 1 to {} (rows 1..{m}, then columns)",
            label + 1,
            m + n
        )));
    }
    let sa = scale_positive(a).data;
    let sb = scale_positive(b).data;
    if let Some(r) = certified_from_float(&sa, &sb, label, stop)? {
        let equilibrium = Equilibrium::bimatrix(a, b, normalise(&r.x), normalise(&r.y));
        return Ok(LemkeHowsonResult {
            equilibrium,
            label,
            pivots: r.pivots,
            exact_pivoting: false,
        });
    }
    exact_run(a, b, &sa, &sb, label, stop)
}

fn exact_run(
    a: &Matrix,
    b: &Matrix,
    sa: &[Vec<BigInt>],
    sb: &[Vec<BigInt>],
    label: usize,
    stop: StopCheck<'_>,
) -> Result<LemkeHowsonResult, StrategicError> {
    let r = with_escalation(
        || run::<i64>(sa, sb, label, stop),
        || run::<i128>(sa, sb, label, stop),
        || run::<BigInt>(sa, sb, label, stop),
    )?;
    let equilibrium = Equilibrium::bimatrix(a, b, normalise(&r.x), normalise(&r.y));
    Ok(LemkeHowsonResult {
        equilibrium,
        label,
        pivots: r.pivots,
        exact_pivoting: true,
    })
}

/// Lemke–Howson with exact (lexicographic, fraction-free) pivoting all the
/// way, without the floating-point guide.
pub fn lemke_howson_exact(
    a: &Matrix,
    b: &Matrix,
    label: usize,
) -> Result<LemkeHowsonResult, StrategicError> {
    lemke_howson_exact_with_stop(a, b, label, StopCheck::never())
}

/// [`lemke_howson_exact`], asking `stop` every [`crate::stop::POLL_EVERY`]
/// pivots.
pub fn lemke_howson_exact_with_stop(
    a: &Matrix,
    b: &Matrix,
    label: usize,
    stop: StopCheck<'_>,
) -> Result<LemkeHowsonResult, StrategicError> {
    let m = a.len();
    let n = a.first().map_or(0, Vec::len);
    if m == 0 || n == 0 || label >= m + n {
        return lemke_howson_bimatrix_with_stop(a, b, label, stop);
    }
    let sa = scale_positive(a).data;
    let sb = scale_positive(b).data;
    exact_run(a, b, &sa, &sb, label, stop)
}

/// The path followed in floating point; its end point's supports solved
/// exactly and checked to be a Nash equilibrium exactly (both strategies
/// nonnegative, every label present: `(A y)_i <= 1` with equality on the
/// support of `x`, `(B^T x)_j <= 1` with equality on the support of `y`).
fn certified_from_float(
    sa: &[Vec<BigInt>],
    sb: &[Vec<BigInt>],
    label: usize,
    stop: StopCheck<'_>,
) -> Result<Option<Run>, StrategicError> {
    let (Some(a), Some(b)) = (small_entries(sa), small_entries(sb)) else {
        return Ok(None);
    };
    let fa: Vec<Vec<f64>> = a
        .iter()
        .map(|r| r.iter().map(|&x| x as f64).collect())
        .collect();
    let fb: Vec<Vec<f64>> = b
        .iter()
        .map(|r| r.iter().map(|&x| x as f64).collect())
        .collect();
    let Some((rows, cols, pivots)) = lemke_howson_supports(&fa, &fb, label, stop)? else {
        return Ok(None);
    };
    Ok(certify_supports(&a, &b, &rows, &cols, pivots))
}

/// The end point of a path with these supports solved exactly, if it is an
/// equilibrium.
fn certify_supports(
    a: &[Vec<i64>],
    b: &[Vec<i64>],
    rows: &[usize],
    cols: &[usize],
    pivots: usize,
) -> Option<Run> {
    if rows.len() != cols.len() || rows.is_empty() {
        return None;
    }
    let sub_a: Vec<Vec<i64>> = rows
        .iter()
        .map(|&i| cols.iter().map(|&j| a[i][j]).collect())
        .collect();
    let sub_b: Vec<Vec<i64>> = rows
        .iter()
        .map(|&i| cols.iter().map(|&j| b[i][j]).collect())
        .collect();
    let ones = vec![1i64; rows.len()];
    let (ny, dy) = solve_integer_system(&sub_a, &ones, false)?;
    let (nx, dx) = solve_integer_system(&sub_b, &ones, true)?;
    if nx.iter().chain(&ny).any(|v| v.is_negative()) {
        return None;
    }
    for row in a {
        let s: BigInt = cols.iter().zip(&ny).map(|(&j, v)| v * row[j]).sum();
        if s > dy {
            return None;
        }
    }
    for j in 0..b[0].len() {
        let s: BigInt = rows.iter().zip(&nx).map(|(&i, v)| v * b[i][j]).sum();
        if s > dx {
            return None;
        }
    }
    let mut x = vec![BigInt::from(0); a.len()];
    for (&i, v) in rows.iter().zip(nx) {
        x[i] = v;
    }
    let mut y = vec![BigInt::from(0); a[0].len()];
    for (&j, v) in cols.iter().zip(ny) {
        y[j] = v;
    }
    if x.iter().all(|v| v.is_zero()) || y.iter().all(|v| v.is_zero()) {
        return None;
    }
    Some(Run { x, y, pivots })
}

/// Runs Lemke–Howson on a two-player game dropping `label` (0-based).
///
/// ```
/// use sprague_strategic::{examples::example, lemke_howson::lemke_howson};
/// let rps = example("rock-paper-scissors").unwrap();
/// let r = lemke_howson(&rps, 0).unwrap();
/// assert_eq!(r.equilibrium.strategies[0][0].to_string(), "1/3");
/// ```
pub fn lemke_howson(
    game: &NormalFormGame,
    label: usize,
) -> Result<LemkeHowsonResult, StrategicError> {
    lemke_howson_with_stop(game, label, StopCheck::never())
}

/// [`lemke_howson`], asking `stop` every [`crate::stop::POLL_EVERY`] pivots.
pub fn lemke_howson_with_stop(
    game: &NormalFormGame,
    label: usize,
    stop: StopCheck<'_>,
) -> Result<LemkeHowsonResult, StrategicError> {
    let (a, b) = game.bimatrix()?;
    lemke_howson_bimatrix_with_stop(&a, &b, label, stop)
}

/// Runs Lemke–Howson from every label; returns one result per label (the
/// same equilibrium may be reached from several labels).
pub fn lemke_howson_all_labels(
    game: &NormalFormGame,
) -> Result<Vec<LemkeHowsonResult>, StrategicError> {
    lemke_howson_all_labels_with_stop(game, StopCheck::never())
}

/// [`lemke_howson_all_labels`], asking `stop` every
/// [`crate::stop::POLL_EVERY`] pivots of every path.
pub fn lemke_howson_all_labels_with_stop(
    game: &NormalFormGame,
    stop: StopCheck<'_>,
) -> Result<Vec<LemkeHowsonResult>, StrategicError> {
    let (a, b) = game.bimatrix()?;
    let total = a.len() + a.first().map_or(0, Vec::len);
    (0..total)
        .map(|k| lemke_howson_bimatrix_with_stop(&a, &b, k, stop))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equilibrium::is_bimatrix_nash;
    use crate::examples::{example, EXAMPLES};

    #[test]
    fn every_example_every_label() {
        for (name, _) in EXAMPLES {
            let g = example(name).unwrap();
            let (a, b) = g.bimatrix().unwrap();
            for r in lemke_howson_all_labels(&g).unwrap() {
                let s = &r.equilibrium.strategies;
                assert!(
                    is_bimatrix_nash(&a, &b, &s[0], &s[1]),
                    "{name} label {}",
                    r.label
                );
            }
        }
    }

    #[test]
    fn bad_label() {
        let g = example("matching-pennies").unwrap();
        assert!(lemke_howson(&g, 4).is_err());
    }
}
