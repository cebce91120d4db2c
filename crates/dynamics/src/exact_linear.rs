//! Exact linear algebra over the rationals for the small systems of the
//! dynamics: Gaussian elimination with exact pivots (any non-zero pivot is
//! exact, so no pivoting strategy is needed for accuracy), the solution of a
//! square system or the report that it is singular, and determinants.
//! See e.g. Golub and Van Loan, *Matrix Computations*, §3.2.

use num_rational::BigRational;
use num_traits::{One, Zero};

/// The answer of [`solve`]: the unique solution, or a singular system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solution {
    /// The system has exactly this solution.
    Unique(Vec<BigRational>),
    /// The matrix is singular; `consistent` says whether solutions exist
    /// (then infinitely many).
    Singular {
        /// Whether the system has solutions at all.
        consistent: bool,
    },
}

/// Solves `m · x = b` exactly (`m` square).
///
/// ```
/// use sprague_dynamics::exact_linear::{solve, Solution};
/// use num_rational::BigRational;
/// let r = |n: i64| BigRational::from_integer(n.into());
/// let m = vec![vec![r(2), r(1)], vec![r(1), r(3)]];
/// let Solution::Unique(x) = solve(&m, &[r(3), r(4)]) else { panic!() };
/// assert_eq!(x, vec![r(1), r(1)]);
/// ```
pub fn solve(m: &[Vec<BigRational>], b: &[BigRational]) -> Solution {
    let n = m.len();
    let mut rows: Vec<Vec<BigRational>> = m
        .iter()
        .zip(b)
        .map(|(row, bi)| {
            let mut r = row.clone();
            r.push(bi.clone());
            r
        })
        .collect();
    let mut pivot_row = 0;
    let mut pivot_columns = Vec::with_capacity(n);
    for col in 0..n {
        let Some(p) = (pivot_row..n).find(|&r| !rows[r][col].is_zero()) else {
            continue;
        };
        rows.swap(pivot_row, p);
        eliminate(&mut rows, pivot_row, col);
        pivot_columns.push(col);
        pivot_row += 1;
    }
    if pivot_row < n {
        let consistent = rows[pivot_row..].iter().all(|r| r[n].is_zero());
        return Solution::Singular { consistent };
    }
    Solution::Unique(rows.into_iter().map(|r| r[n].clone()).collect())
}

/// Makes `rows[p][col]` one and clears column `col` in every other row.
fn eliminate(rows: &mut [Vec<BigRational>], p: usize, col: usize) {
    let inverse = BigRational::one() / &rows[p][col];
    for v in rows[p].iter_mut().skip(col) {
        *v *= &inverse;
    }
    let pivot = rows[p].clone();
    for (r, row) in rows.iter_mut().enumerate() {
        if r == p || row[col].is_zero() {
            continue;
        }
        let factor = row[col].clone();
        for (v, q) in row.iter_mut().zip(&pivot).skip(col) {
            if !q.is_zero() {
                *v -= &factor * q;
            }
        }
    }
}

/// The determinant of a square matrix, exactly.
///
/// ```
/// use sprague_dynamics::exact_linear::determinant;
/// use num_rational::BigRational;
/// let r = |n: i64| BigRational::from_integer(n.into());
/// assert_eq!(determinant(&[vec![r(2), r(1)], vec![r(1), r(3)]]), r(5));
/// assert_eq!(determinant(&[]), r(1));
/// ```
pub fn determinant(m: &[Vec<BigRational>]) -> BigRational {
    let n = m.len();
    let mut rows = m.to_vec();
    let mut det = BigRational::one();
    for col in 0..n {
        let Some(p) = (col..n).find(|&r| !rows[r][col].is_zero()) else {
            return BigRational::zero();
        };
        if p != col {
            rows.swap(p, col);
            det = -det;
        }
        let pivot = rows[col][col].clone();
        det *= &pivot;
        for r in col + 1..n {
            if rows[r][col].is_zero() {
                continue;
            }
            let factor = &rows[r][col] / &pivot;
            for c in col..n {
                let delta = &factor * &rows[col][c];
                rows[r][c] -= delta;
            }
        }
    }
    det
}

/// The matrix product `a · b`.
pub fn multiply(a: &[Vec<BigRational>], b: &[Vec<BigRational>]) -> Vec<Vec<BigRational>> {
    let inner = b.len();
    let cols = b.first().map_or(0, Vec::len);
    a.iter()
        .map(|row| {
            (0..cols)
                .map(|j| {
                    (0..inner)
                        .filter(|&k| !row[k].is_zero() && !b[k][j].is_zero())
                        .map(|k| &row[k] * &b[k][j])
                        .sum()
                })
                .collect()
        })
        .collect()
}

/// The transpose of a matrix with `cols` columns.
pub fn transpose(a: &[Vec<BigRational>], cols: usize) -> Vec<Vec<BigRational>> {
    (0..cols)
        .map(|j| a.iter().map(|row| row[j].clone()).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64) -> BigRational {
        BigRational::from_integer(n.into())
    }

    #[test]
    fn singular_systems_are_told_apart() {
        let m = vec![vec![r(1), r(2)], vec![r(2), r(4)]];
        assert_eq!(
            solve(&m, &[r(1), r(2)]),
            Solution::Singular { consistent: true }
        );
        assert_eq!(
            solve(&m, &[r(1), r(3)]),
            Solution::Singular { consistent: false }
        );
        assert_eq!(determinant(&m), r(0));
    }

    #[test]
    fn solution_satisfies_the_system() {
        let m = vec![
            vec![r(0), r(2), r(1)],
            vec![r(3), r(-1), r(2)],
            vec![r(1), r(1), r(1)],
        ];
        let b = [r(1), r(-2), r(5)];
        let Solution::Unique(x) = solve(&m, &b) else {
            panic!("the matrix is regular (det {})", determinant(&m))
        };
        for (row, bi) in m.iter().zip(&b) {
            let lhs: BigRational = row.iter().zip(&x).map(|(a, b)| a * b).sum();
            assert_eq!(&lhs, bi);
        }
    }
}
