//! Two-player zero-sum games: the value and optimal mixed strategies of both
//! players by linear programming (von Neumann's minimax theorem, 1928; the LP
//! formulation of Dantzig, "A proof of the equivalence of the programming
//! problem and the game problem", 1951), plus the pure maximin and minimax
//! and the saddle points.
//!
//! The payoff matrix `A` (row player's gains) is scaled to positive integers
//! `A' = L (A - min A) + 1`, and the column player's program
//! `max 1·w  s.t.  A' w <= 1, w >= 0` is solved by the exact simplex method
//! of [`crate::linear_program`] on a fraction-free tableau; its optimal dual
//! gives the row player's strategy. The value of `A'` is `1 / (1·w)`.
//!
//! ```
//! use sprague_strategic::zero_sum::solve_zero_sum;
//! use num_rational::BigRational;
//! let r = |x: i64| BigRational::from_integer(x.into());
//! // Matching pennies: value 0, (1/2, 1/2) for both.
//! let s = solve_zero_sum(&vec![vec![r(1), r(-1)], vec![r(-1), r(1)]]).unwrap();
//! assert_eq!(s.value, r(0));
//! assert_eq!(s.row_strategy[0], BigRational::new(1.into(), 2.into()));
//! ```

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::error::StrategicError;
use crate::exact_solve::solve_integer_system;
use crate::float_guide::zero_sum_basis;
use crate::game::Matrix;
use crate::integer::{with_escalation, Int, Overflow};
use crate::linear_program::run_simplex;
use crate::rational::common_denominator;
use crate::tableau::Tableau;

/// The solution of a zero-sum game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZeroSumSolution {
    /// The value of the game to the row player.
    pub value: BigRational,
    /// An optimal (maximin) mixed strategy of the row player.
    pub row_strategy: Vec<BigRational>,
    /// An optimal (minimax) mixed strategy of the column player.
    pub column_strategy: Vec<BigRational>,
    /// `max_i min_j a_ij`: what the row player can guarantee with a pure strategy.
    pub pure_maximin: BigRational,
    /// The row strategies attaining the pure maximin.
    pub maximin_rows: Vec<usize>,
    /// `min_j max_i a_ij`: what the column player can hold the row player to
    /// with a pure strategy.
    pub pure_minimax: BigRational,
    /// The column strategies attaining the pure minimax.
    pub minimax_columns: Vec<usize>,
    /// The saddle points `(i, j)`: `a_ij` is the least of its row and the
    /// greatest of its column (they exist iff pure maximin = pure minimax).
    pub saddle_points: Vec<(usize, usize)>,
}

/// The matrix scaled to positive integers: `A' = scale * (A - min) + 1`.
pub(crate) struct ScaledMatrix {
    pub data: Vec<Vec<BigInt>>,
    pub scale: BigInt,
    pub min: BigRational,
}

pub(crate) fn scale_positive(a: &Matrix) -> ScaledMatrix {
    let scale = common_denominator(a.iter().flatten());
    // Integers L * a_ij, computed without gcds.
    let ints: Vec<Vec<BigInt>> = a
        .iter()
        .map(|r| {
            r.iter()
                .map(|x| {
                    if x.denom() == &scale {
                        x.numer().clone()
                    } else {
                        x.numer() * (&scale / x.denom())
                    }
                })
                .collect()
        })
        .collect();
    let low = ints.iter().flatten().min().cloned().unwrap_or_default();
    let shift = BigInt::from(1) - &low;
    let data = ints
        .into_iter()
        .map(|r| r.into_iter().map(|x| x + &shift).collect())
        .collect();
    let min = BigRational::new(low, scale.clone());
    ScaledMatrix { data, scale, min }
}

fn check(a: &Matrix) -> Result<(usize, usize), StrategicError> {
    crate::game::matrix_shape(a, "the matrix")
}

/// Solves the zero-sum game with payoff matrix `a` (row player's gains).
///
/// The optimal basis is first proposed by a floating-point simplex method,
/// then solved exactly and certified exactly (primal and dual feasibility,
/// equal objectives); if the certificate fails, the exact simplex method
/// runs. The answer is exact either way.
pub fn solve_zero_sum(a: &Matrix) -> Result<ZeroSumSolution, StrategicError> {
    solve_zero_sum_with(a, false)
}

/// [`solve_zero_sum`], with `exact_pivoting = true` skipping the
/// floating-point guide and running the exact simplex method throughout.
pub fn solve_zero_sum_with(
    a: &Matrix,
    exact_pivoting: bool,
) -> Result<ZeroSumSolution, StrategicError> {
    let (m, n) = check(a)?;
    let scaled = scale_positive(a);
    let guided = if exact_pivoting {
        None
    } else {
        certified_from_float(&scaled.data)
    };
    let (w, u, det) = match guided {
        Some(found) => found,
        None => with_escalation(
            || column_program::<i64>(&scaled.data),
            || column_program::<i128>(&scaled.data),
            || column_program::<BigInt>(&scaled.data),
        ),
    };
    // The simplex loop ends early when the thread's stop check says so.
    if crate::stop::thread_stopped() {
        return Err(StrategicError::Interrupted);
    }
    let sum_w: BigInt = w.iter().sum();
    let sum_u: BigInt = u.iter().sum();
    debug_assert_eq!(sum_w, sum_u);
    let column_strategy: Vec<BigRational> = w
        .iter()
        .map(|x| BigRational::new(x.clone(), sum_w.clone()))
        .collect();
    let row_strategy: Vec<BigRational> = u
        .iter()
        .map(|x| BigRational::new(x.clone(), sum_u.clone()))
        .collect();
    // value(A') = det / sum_w; value(A) = (value(A') - 1) / scale + min.
    let scaled_value = BigRational::new(det, sum_w);
    let value = (scaled_value - BigRational::one())
        / BigRational::from_integer(scaled.scale.clone())
        + &scaled.min;
    // Pure maximin, minimax and saddle points on the scaled integer matrix
    // (an increasing affine image of `a`, so the same argmins and argmaxes).
    let d = &scaled.data;
    let row_min: Vec<&BigInt> = d.iter().filter_map(|r| r.iter().min()).collect();
    let col_max: Vec<&BigInt> = (0..n)
        .filter_map(|j| (0..m).map(|i| &d[i][j]).max())
        .collect();
    let best_row = (0..m)
        .max_by(|&x, &y| row_min[x].cmp(row_min[y]))
        .unwrap_or(0);
    let best_col = (0..n)
        .min_by(|&x, &y| col_max[x].cmp(col_max[y]))
        .unwrap_or(0);
    let maximin_rows: Vec<usize> = (0..m)
        .filter(|&i| row_min[i] == row_min[best_row])
        .collect();
    let minimax_columns: Vec<usize> = (0..n)
        .filter(|&j| col_max[j] == col_max[best_col])
        .collect();
    let row_argmin = |i: usize| (0..n).find(|&j| &d[i][j] == row_min[i]).unwrap_or(0);
    let col_argmax = |j: usize| (0..m).find(|&i| &d[i][j] == col_max[j]).unwrap_or(0);
    let pure_maximin = a[best_row][row_argmin(best_row)].clone();
    let pure_minimax = a[col_argmax(best_col)][best_col].clone();
    let mut saddle_points = Vec::new();
    for i in 0..m {
        for j in 0..n {
            if &d[i][j] == row_min[i] && &d[i][j] == col_max[j] {
                saddle_points.push((i, j));
            }
        }
    }
    Ok(ZeroSumSolution {
        value,
        row_strategy,
        column_strategy,
        pure_maximin,
        maximin_rows,
        pure_minimax,
        minimax_columns,
        saddle_points,
    })
}

/// The matrix as `i64` entries if they all fit below `2^40`.
pub(crate) fn small_entries(a: &[Vec<BigInt>]) -> Option<Vec<Vec<i64>>> {
    a.iter()
        .map(|r| {
            r.iter()
                .map(|x| x.to_i64().filter(|v| v.abs() < 1 << 40))
                .collect()
        })
        .collect()
}

/// The column program solved by the floating-point simplex method, its
/// optimal basis solved exactly by p-adic lifting and checked exactly
/// (primal and dual feasibility and equal objective values prove
/// optimality). Same output as [`column_program`]; `None` if the proposed
/// basis is not optimal or the matrix is too large for the fast path.
fn certified_from_float(a: &[Vec<BigInt>]) -> Option<(Vec<BigInt>, Vec<BigInt>, BigInt)> {
    let small = small_entries(a)?;
    let float: Vec<Vec<f64>> = small
        .iter()
        .map(|r| r.iter().map(|&x| x as f64).collect())
        .collect();
    let (cols, rows) = zero_sum_basis(&float)?;
    let (m, n) = (a.len(), a[0].len());
    let sub: Vec<Vec<i64>> = rows
        .iter()
        .map(|&i| cols.iter().map(|&j| small[i][j]).collect())
        .collect();
    let ones = vec![1i64; cols.len()];
    let (nw, dw) = solve_integer_system(&sub, &ones, false)?;
    let (nu, du) = solve_integer_system(&sub, &ones, true)?;
    if nw.iter().chain(&nu).any(|x| x.is_negative()) {
        return None;
    }
    // Primal feasibility: A w <= 1 for every row.
    for row in &small {
        let s: BigInt = cols.iter().zip(&nw).map(|(&j, v)| v * row[j]).sum();
        if s > dw {
            return None;
        }
    }
    // Dual feasibility: u^T A >= 1 for every column.
    for j in 0..n {
        let s: BigInt = rows.iter().zip(&nu).map(|(&i, v)| v * small[i][j]).sum();
        if s < du {
            return None;
        }
    }
    // Equal objectives: sum(nw)/dw == sum(nu)/du.
    let sw: BigInt = nw.iter().sum();
    let su: BigInt = nu.iter().sum();
    if &sw * &du != &su * &dw || sw.is_zero() {
        return None;
    }
    let d = dw.lcm(&du);
    let (fw, fu) = (&d / &dw, &d / &du);
    let mut w = vec![BigInt::zero(); n];
    for (&j, v) in cols.iter().zip(&nw) {
        w[j] = v * &fw;
    }
    let mut u = vec![BigInt::zero(); m];
    for (&i, v) in rows.iter().zip(&nu) {
        u[i] = v * &fu;
    }
    Some((w, u, d))
}

/// `max 1·w s.t. A w <= 1, w >= 0` for a positive integer matrix: returns the
/// numerators of the optimal `w` and of the optimal dual `u`, and their
/// common denominator.
fn column_program<T: Int>(
    a: &[Vec<BigInt>],
) -> Result<(Vec<BigInt>, Vec<BigInt>, BigInt), Overflow> {
    let m = a.len();
    let n = a[0].len();
    let cols = n + m + 1;
    let mut data = vec![T::int_zero(); (m + 1) * cols];
    for (i, row) in a.iter().enumerate() {
        for (j, x) in row.iter().enumerate() {
            data[i * cols + j] = T::from_bigint(x).ok_or(Overflow)?;
        }
        data[i * cols + n + i] = T::int_one();
        data[i * cols + cols - 1] = T::int_one();
    }
    let minus_one = T::neg(&T::int_one()).ok_or(Overflow)?;
    for j in 0..n {
        data[m * cols + j] = minus_one.clone();
    }
    let basis: Vec<usize> = (n..n + m).collect();
    let mut tableau = Tableau::new(m + 1, cols, data, basis);
    let lex: Vec<usize> = (n..n + m).collect();
    // The program is bounded (A > 0) and feasible (w = 0).
    run_simplex(&mut tableau, m, n + m, &lex)?;
    let mut w = vec![<BigInt as Zero>::zero(); n];
    for i in 0..m {
        let b = tableau.basis[i];
        if b < n {
            w[b] = tableau.rhs(i).to_bigint();
        }
    }
    let u = (0..m).map(|i| tableau.at(m, n + i).to_bigint()).collect();
    Ok((w, u, tableau.det.to_bigint()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::q;

    fn mat(rows: &[&[i64]]) -> Matrix {
        rows.iter()
            .map(|r| {
                r.iter()
                    .map(|&x| BigRational::from_integer(x.into()))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn rock_paper_scissors() {
        let s = solve_zero_sum(&mat(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]])).unwrap();
        assert_eq!(s.value, q(0, 1));
        assert_eq!(s.row_strategy, vec![q(1, 3); 3]);
        assert_eq!(s.column_strategy, vec![q(1, 3); 3]);
        assert!(s.saddle_points.is_empty());
        assert_eq!(s.pure_maximin, q(-1, 1));
        assert_eq!(s.pure_minimax, q(1, 1));
    }

    #[test]
    fn textbook_morra_like() {
        // Williams, "The Compleat Strategyst" style 2x2: [[3,-1],[-2,1]]:
        // p = (3/7, 4/7), q = (2/7, 5/7), value 1/7.
        let s = solve_zero_sum(&mat(&[&[3, -1], &[-2, 1]])).unwrap();
        assert_eq!(s.value, q(1, 7));
        assert_eq!(s.row_strategy, vec![q(3, 7), q(4, 7)]);
        assert_eq!(s.column_strategy, vec![q(2, 7), q(5, 7)]);
    }

    #[test]
    fn saddle_point() {
        let s = solve_zero_sum(&mat(&[&[4, 2, 3], &[1, 0, 5]])).unwrap();
        assert_eq!(s.value, q(2, 1));
        assert_eq!(s.saddle_points, vec![(0, 1)]);
        assert_eq!(s.pure_maximin, s.pure_minimax);
    }
}
