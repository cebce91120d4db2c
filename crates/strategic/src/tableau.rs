//! A dense fraction-free tableau: the shared pivoting engine of the simplex
//! method, vertex enumeration and Lemke–Howson.
//!
//! The tableau stores integers `T` and one positive common denominator `det`
//! (the determinant of the current basis, up to sign, as in lrs and in
//! Bareiss elimination): the true entry is `T[i][j] / det`. A pivot on
//! `(r, e)` replaces every other row by `(p * T[i][j] - T[i][e] * T[r][j]) / det`
//! with `p = T[r][e]`, which is exact, and makes `p` the new denominator
//! (Edmonds, "Systems of distinct representatives and linear algebra", 1967;
//! Bareiss 1968). Row `r` is left unchanged. If `p` is negative every entry is
//! negated so that the denominator stays positive.

use crate::integer::{Int, Overflow};

/// A fraction-free tableau with `rows` rows and `cols` columns, the last column
/// being the right-hand side. `basis[i]` is the variable (column) basic in row
/// `i` for the first `basis.len()` rows; further rows (objective rows) have no
/// basic variable.
#[derive(Debug, Clone)]
pub(crate) struct Tableau<T> {
    pub cols: usize,
    pub data: Vec<T>,
    pub det: T,
    pub basis: Vec<usize>,
}

impl<T: Int> Tableau<T> {
    /// Builds a tableau from integer rows (all of length `cols`).
    pub fn new(rows: usize, cols: usize, data: Vec<T>, basis: Vec<usize>) -> Self {
        debug_assert_eq!(data.len(), rows * cols);
        debug_assert_eq!(data.len(), rows * cols);
        Tableau {
            cols,
            data,
            det: T::int_one(),
            basis,
        }
    }

    /// Entry `(i, j)`.
    #[inline]
    pub fn at(&self, i: usize, j: usize) -> &T {
        &self.data[i * self.cols + j]
    }

    /// The right-hand side of row `i`.
    #[inline]
    pub fn rhs(&self, i: usize) -> &T {
        &self.data[i * self.cols + self.cols - 1]
    }

    /// Pivots on `(r, e)`: the variable of column `e` enters the basis in row `r`.
    pub fn pivot(&mut self, r: usize, e: usize) -> Result<(), Overflow> {
        let cols = self.cols;
        let p = self.at(r, e).clone();
        debug_assert!(!p.is_zero_int());
        let divisor = T::divisor(&self.det);
        let (before, rest) = self.data.split_at_mut(r * cols);
        let (pivot_row, after) = rest.split_at_mut(cols);
        for row in before
            .chunks_exact_mut(cols)
            .chain(after.chunks_exact_mut(cols))
        {
            let f = row[e].clone();
            if f.is_zero_int() {
                if p != self.det {
                    for x in row.iter_mut() {
                        if !x.is_zero_int() {
                            *x = T::mul_div(&p, x, &divisor).ok_or(Overflow)?;
                        }
                    }
                }
            } else {
                for (x, y) in row.iter_mut().zip(pivot_row.iter()) {
                    if y.is_zero_int() {
                        if !x.is_zero_int() {
                            *x = T::mul_div(&p, x, &divisor).ok_or(Overflow)?;
                        }
                    } else {
                        *x = T::mul_sub_div(&p, x, &f, y, &divisor).ok_or(Overflow)?;
                    }
                }
            }
        }
        if p.is_negative_int() {
            for x in self.data.iter_mut() {
                *x = T::neg(x).ok_or(Overflow)?;
            }
            self.det = T::neg(&p).ok_or(Overflow)?;
        } else {
            self.det = p;
        }
        if r < self.basis.len() {
            self.basis[r] = e;
        }
        Ok(())
    }

    /// Minimum-ratio test over rows `0..basis.len()` for entering column `e`:
    /// the rows with a positive entry in column `e` whose ratio
    /// `rhs / entry` is smallest (all ties are returned).
    pub fn min_ratio_rows(&self, e: usize) -> Result<Vec<usize>, Overflow> {
        let mut best: Vec<usize> = Vec::new();
        self.min_ratio_rows_into(e, &mut best)?;
        Ok(best)
    }

    /// [`Tableau::min_ratio_rows`] into a reused buffer.
    pub fn min_ratio_rows_into(&self, e: usize, best: &mut Vec<usize>) -> Result<(), Overflow> {
        best.clear();
        for i in 0..self.basis.len() {
            let a = self.at(i, e);
            if !a.is_positive_int() {
                continue;
            }
            match best.first() {
                None => best.push(i),
                Some(&b) => {
                    // rhs_i / a_i  vs  rhs_b / a_b  <=>  rhs_i * a_b vs rhs_b * a_i
                    let ord = T::cmp_products(self.rhs(i), self.at(b, e), self.rhs(b), a)
                        .ok_or(Overflow)?;
                    match ord {
                        std::cmp::Ordering::Less => {
                            best.clear();
                            best.push(i);
                        }
                        std::cmp::Ordering::Equal => best.push(i),
                        std::cmp::Ordering::Greater => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// Breaks ties of a minimum-ratio test lexicographically: among `rows`,
    /// the one whose row `(rhs, T[i][c] for c in lex_cols) / T[i][e]` is
    /// lexicographically smallest. With `lex_cols` the columns of the initial
    /// identity basis this is the classical lexicographic rule, which never
    /// cycles and visits no basis twice.
    pub fn lexicographic_row(
        &self,
        rows: &[usize],
        e: usize,
        lex_cols: &[usize],
    ) -> Result<usize, Overflow> {
        let mut candidates: Vec<usize> = rows.to_vec();
        for &c in lex_cols {
            if candidates.len() <= 1 {
                break;
            }
            let mut best: Vec<usize> = Vec::new();
            for &i in &candidates {
                match best.first() {
                    None => best.push(i),
                    Some(&b) => {
                        let ord = T::cmp_products(
                            self.at(i, c),
                            self.at(b, e),
                            self.at(b, c),
                            self.at(i, e),
                        )
                        .ok_or(Overflow)?;
                        match ord {
                            std::cmp::Ordering::Less => {
                                best.clear();
                                best.push(i);
                            }
                            std::cmp::Ordering::Equal => best.push(i),
                            std::cmp::Ordering::Greater => {}
                        }
                    }
                }
            }
            candidates = best;
        }
        Ok(candidates[0])
    }
}
