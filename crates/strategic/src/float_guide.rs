//! Floating-point guides for the exact methods: a dense simplex method and a
//! Lemke–Howson path in `f64`. They only *propose* a basis (which variables
//! are positive); the exact methods then solve that basis in exact
//! arithmetic ([`crate::exact_solve`]) and check every optimality or
//! equilibrium condition exactly, falling back to exact pivoting when the
//! check fails. No answer is ever taken from floating point. This is the
//! "guess in floating point, verify exactly" scheme of exact LP solvers such
//! as QSopt_ex (Applegate, Cook, Dash and Espinoza, "Exact solutions to
//! linear programming problems", Oper. Res. Letters 35, 2007).

const EPS: f64 = 1e-9;

/// A dense `f64` tableau: `rows × cols`, last column the right-hand side.
struct FloatTableau {
    cols: usize,
    data: Vec<f64>,
    basis: Vec<usize>,
}

impl FloatTableau {
    fn pivot(&mut self, r: usize, e: usize) {
        let cols = self.cols;
        let p = self.data[r * cols + e];
        for j in 0..cols {
            self.data[r * cols + j] /= p;
        }
        let (before, rest) = self.data.split_at_mut(r * cols);
        let (pivot_row, after) = rest.split_at_mut(cols);
        for row in before
            .chunks_exact_mut(cols)
            .chain(after.chunks_exact_mut(cols))
        {
            let f = row[e];
            if f != 0.0 {
                for (x, y) in row.iter_mut().zip(pivot_row.iter()) {
                    *x -= f * y;
                }
                row[e] = 0.0;
            }
        }
        if r < self.basis.len() {
            self.basis[r] = e;
        }
    }

    fn ratio_row(&self, e: usize, rows: usize) -> Option<usize> {
        let cols = self.cols;
        let mut best: Option<(usize, f64)> = None;
        for i in 0..rows {
            let a = self.data[i * cols + e];
            if a > EPS {
                let ratio = self.data[i * cols + cols - 1] / a;
                match best {
                    Some((_, b)) if ratio >= b - 1e-12 * b.abs().max(1.0) => {}
                    _ => best = Some((i, ratio)),
                }
            }
        }
        best.map(|b| b.0)
    }
}

/// Proposes an optimal basis of `max 1·w s.t. A w <= 1, w >= 0` for a
/// positive matrix: returns `(J, I)`, the columns with `w_j` basic and the
/// rows whose slack is nonbasic (tight), of equal size.
pub(crate) fn zero_sum_basis(a: &[Vec<f64>]) -> Option<(Vec<usize>, Vec<usize>)> {
    let m = a.len();
    let n = a.first()?.len();
    let cols = n + m + 1;
    let mut data = vec![0.0; (m + 1) * cols];
    for i in 0..m {
        data[i * cols..i * cols + n].copy_from_slice(&a[i]);
        data[i * cols + n + i] = 1.0;
        data[i * cols + cols - 1] = 1.0;
    }
    for j in 0..n {
        data[m * cols + j] = -1.0;
    }
    let mut t = FloatTableau {
        cols,
        data,
        basis: (n..n + m).collect(),
    };
    let limit = 50 * (m + n) + 1000;
    for _ in 0..limit {
        let obj = &t.data[m * cols..m * cols + n + m];
        let (e, v) =
            obj.iter().enumerate().fold(
                (usize::MAX, -EPS),
                |acc, (j, &v)| if v < acc.1 { (j, v) } else { acc },
            );
        if e == usize::MAX || v >= -EPS {
            let cols_j: Vec<usize> = t.basis.iter().copied().filter(|&b| b < n).collect();
            let mut tight: Vec<bool> = vec![true; m];
            for &b in &t.basis {
                if b >= n {
                    tight[b - n] = false;
                }
            }
            let rows_i: Vec<usize> = (0..m).filter(|&i| tight[i]).collect();
            return (cols_j.len() == rows_i.len()).then_some((cols_j, rows_i));
        }
        let r = t.ratio_row(e, m)?;
        t.pivot(r, e);
    }
    None
}

/// Follows the Lemke–Howson path for label `k` in floating point and
/// returns the supports `(I, J)` of the end point and the number of pivots.
pub(crate) fn lemke_howson_supports(
    a: &[Vec<f64>],
    b: &[Vec<f64>],
    k: usize,
) -> Option<(Vec<usize>, Vec<usize>, usize)> {
    let m = a.len();
    let n = a.first()?.len();
    let cols = m + n + 1;
    let mut pdata = vec![0.0; n * cols];
    for j in 0..n {
        for i in 0..m {
            pdata[j * cols + i] = b[i][j];
        }
        pdata[j * cols + m + j] = 1.0;
        pdata[j * cols + cols - 1] = 1.0;
    }
    let mut qdata = vec![0.0; m * cols];
    for i in 0..m {
        qdata[i * cols + i] = 1.0;
        qdata[i * cols + m..i * cols + m + n].copy_from_slice(&a[i]);
        qdata[i * cols + cols - 1] = 1.0;
    }
    let mut p = FloatTableau {
        cols,
        data: pdata,
        basis: (m..m + n).collect(),
    };
    let mut q = FloatTableau {
        cols,
        data: qdata,
        basis: (0..m).collect(),
    };
    let mut in_p = k < m;
    let mut entering = k;
    let limit = 20 * (m + n) * (m + n) + 1000;
    for pivots in 1..=limit {
        let (t, rows) = if in_p { (&mut p, n) } else { (&mut q, m) };
        let r = t.ratio_row(entering, rows)?;
        let leaving = t.basis[r];
        t.pivot(r, entering);
        if leaving == k {
            let support_x: Vec<usize> = p.basis.iter().copied().filter(|&v| v < m).collect();
            let support_y: Vec<usize> = q
                .basis
                .iter()
                .copied()
                .filter(|&v| v >= m)
                .map(|v| v - m)
                .collect();
            return Some((support_x, support_y, pivots));
        }
        entering = leaving;
        in_p = !in_p;
    }
    None
}
