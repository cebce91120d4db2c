//! Floating-point guides for the exact methods: a dense simplex method (for
//! matrix games and, two-phase, for general programmes) and a Lemke–Howson
//! path in `f64`. They only *propose* a basis (which variables
//! are positive); the exact methods then solve that basis in exact
//! arithmetic ([`crate::exact_solve`]) and check every optimality or
//! equilibrium condition exactly, falling back to exact pivoting when the
//! check fails. No answer is ever taken from floating point. This is the
//! "guess in floating point, verify exactly" scheme of exact LP solvers such
//! as QSopt_ex (Applegate, Cook, Dash and Espinoza, "Exact solutions to
//! linear programming problems", Oper. Res. Letters 35, 2007).

use crate::error::StrategicError;
use crate::stop::StopCheck;

const EPS: f64 = 1e-9;

/// A dense `f64` tableau in dictionary form: row `i` reads
/// `basic[i] + sum_c data[i][c] * nonbasic[c] = data[i][d]`, so only the
/// nonbasic columns are stored (Chvátal, "Linear Programming", 1983, ch. 2).
/// Rows past `basic.len()` are objective rows.
struct FloatDictionary {
    d: usize,
    data: Vec<f64>,
    basic: Vec<usize>,
    nonbasic: Vec<usize>,
    /// `position[v]`: the nonbasic column of variable `v`, or `usize::MAX`.
    position: Vec<usize>,
}

impl FloatDictionary {
    fn new(rows: usize, d: usize, data: Vec<f64>, basic: Vec<usize>, nonbasic: Vec<usize>) -> Self {
        let vars = basic.len() + nonbasic.len();
        let mut position = vec![usize::MAX; vars];
        for (c, &v) in nonbasic.iter().enumerate() {
            position[v] = c;
        }
        debug_assert_eq!(data.len(), rows * (d + 1));
        FloatDictionary {
            d,
            data,
            basic,
            nonbasic,
            position,
        }
    }

    fn pivot(&mut self, r: usize, c: usize) {
        let w = self.d + 1;
        let p = self.data[r * w + c];
        let (before, rest) = self.data.split_at_mut(r * w);
        let (pivot_row, after) = rest.split_at_mut(w);
        for x in pivot_row.iter_mut() {
            *x /= p;
        }
        pivot_row[c] = 1.0 / p;
        for row in before.chunks_exact_mut(w).chain(after.chunks_exact_mut(w)) {
            let f = row[c];
            if f != 0.0 {
                for (x, y) in row.iter_mut().zip(pivot_row.iter()) {
                    *x -= f * y;
                }
                row[c] = -f / p;
            }
        }
        let entering = self.nonbasic[c];
        let leaving = self.basic[r];
        self.basic[r] = entering;
        self.nonbasic[c] = leaving;
        self.position[entering] = usize::MAX;
        self.position[leaving] = c;
    }

    fn ratio_row(&self, c: usize) -> Option<usize> {
        let w = self.d + 1;
        let mut best: Option<(usize, f64)> = None;
        for i in 0..self.basic.len() {
            let a = self.data[i * w + c];
            if a > EPS {
                let ratio = self.data[i * w + self.d] / a;
                match best {
                    Some((_, b)) if ratio >= b - 1e-12 * b.abs().max(1.0) => {}
                    _ => best = Some((i, ratio)),
                }
            }
        }
        best.map(|b| b.0)
    }
}

impl FloatDictionary {
    /// The coefficient of variable `v` in row `i` written as a tableau row
    /// (`basic[i]` has 1, the other basic variables 0).
    fn coefficient(&self, i: usize, v: usize) -> f64 {
        if self.basic[i] == v {
            1.0
        } else {
            match self.position[v] {
                usize::MAX => 0.0,
                c => self.data[i * (self.d + 1) + c],
            }
        }
    }

    /// The lexicographic minimum-ratio rule (the same rule as the exact
    /// [`crate::tableau`]'s): among the rows of minimum ratio `rhs / a`
    /// (within a tolerance), the one whose row of coefficients of the
    /// initially basic variables `lex`, divided by `a`, is lexicographically
    /// smallest. Without it a degenerate game can make the path cycle.
    fn lexicographic_ratio_row(&self, c: usize, lex: &[usize]) -> Option<usize> {
        let w = self.d + 1;
        let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0);
        let mut best: Vec<usize> = Vec::new();
        let mut best_ratio = f64::INFINITY;
        for i in 0..self.basic.len() {
            let a = self.data[i * w + c];
            if a <= EPS {
                continue;
            }
            let ratio = self.data[i * w + self.d] / a;
            if best.is_empty() || (ratio < best_ratio && !close(ratio, best_ratio)) {
                best.clear();
                best.push(i);
                best_ratio = ratio;
            } else if close(ratio, best_ratio) {
                best.push(i);
                best_ratio = best_ratio.min(ratio);
            }
        }
        for &v in lex {
            if best.len() <= 1 {
                break;
            }
            let key = |i: usize| self.coefficient(i, v) / self.data[i * w + c];
            let min = best.iter().map(|&i| key(i)).fold(f64::INFINITY, f64::min);
            best.retain(|&i| close(key(i), min));
        }
        best.first().copied()
    }

    /// Bland's leaving rule: among the rows of minimum ratio (within a
    /// tolerance), the one whose basic variable has the smallest index.
    fn bland_row(&self, c: usize) -> Option<usize> {
        let w = self.d + 1;
        let ratio = |i: usize| self.data[i * w + self.d] / self.data[i * w + c];
        let rows = (0..self.basic.len()).filter(|&i| self.data[i * w + c] > EPS);
        let min = rows.clone().map(ratio).fold(f64::INFINITY, f64::min);
        rows.filter(|&i| ratio(i) <= min + 1e-12 * min.abs().max(1.0))
            .min_by_key(|&i| self.basic[i])
    }
}

/// Proposes an optimal basis of `max 1·w s.t. A w <= 1, w >= 0` for a
/// positive matrix: returns `(J, I)`, the columns with `w_j` basic and the
/// rows whose slack is nonbasic (tight), of equal size.
pub(crate) fn zero_sum_basis(a: &[Vec<f64>]) -> Option<(Vec<usize>, Vec<usize>)> {
    let m = a.len();
    let n = a.first()?.len();
    let w = n + 1;
    let mut data = vec![0.0; (m + 1) * w];
    for i in 0..m {
        data[i * w..i * w + n].copy_from_slice(&a[i]);
        data[i * w + n] = 1.0;
    }
    for j in 0..n {
        data[m * w + j] = -1.0;
    }
    let mut t = FloatDictionary::new(m + 1, n, data, (n..n + m).collect(), (0..n).collect());
    let limit = 50 * (m + n) + 1000;
    for _ in 0..limit {
        let obj = &t.data[m * w..m * w + n];
        let (c, v) =
            obj.iter().enumerate().fold(
                (usize::MAX, -EPS),
                |acc, (j, &v)| if v < acc.1 { (j, v) } else { acc },
            );
        if c == usize::MAX || v >= -EPS {
            let cols_j: Vec<usize> = t.basic.iter().copied().filter(|&b| b < n).collect();
            let mut tight: Vec<bool> = vec![true; m];
            for &b in &t.basic {
                if b >= n {
                    tight[b - n] = false;
                }
            }
            let rows_i: Vec<usize> = (0..m).filter(|&i| tight[i]).collect();
            return (cols_j.len() == rows_i.len()).then_some((cols_j, rows_i));
        }
        let r = t.ratio_row(c)?;
        t.pivot(r, c);
    }
    None
}

/// The end of a Lemke–Howson path: the supports `(I, J)` and the pivots.
pub(crate) type PathEnd = (Vec<usize>, Vec<usize>, usize);

/// Follows the Lemke–Howson path for label `k` in floating point and
/// returns the supports `(I, J)` of the end point and the number of pivots.
/// Variables are numbered by their labels in both systems: in
/// `B^T x + s = 1`, `x_i` is `i` and `s_j` is `m + j`; in `A y + r = 1`,
/// `r_i` is `i` and `y_j` is `m + j`. Ties of the ratio test are broken by
/// the lexicographic rule, as in exact pivoting, so a degenerate game does
/// not make the path cycle. `Ok(None)` when floating point cannot follow the
/// path (the caller pivots exactly); [`StrategicError::Interrupted`] when
/// `stop` says so (asked every [`crate::stop::POLL_EVERY`] pivots).
pub(crate) fn lemke_howson_supports(
    a: &[Vec<f64>],
    b: &[Vec<f64>],
    k: usize,
    stop: StopCheck<'_>,
) -> Result<Option<PathEnd>, StrategicError> {
    let m = a.len();
    let Some(n) = a.first().map(Vec::len) else {
        return Ok(None);
    };
    // P: n rows, nonbasic x_0..x_{m-1}.
    let mut pdata = vec![0.0; n * (m + 1)];
    for j in 0..n {
        for i in 0..m {
            pdata[j * (m + 1) + i] = b[i][j];
        }
        pdata[j * (m + 1) + m] = 1.0;
    }
    // Q: m rows, nonbasic y_0..y_{n-1} (variables m..m+n).
    let mut qdata = vec![0.0; m * (n + 1)];
    for i in 0..m {
        qdata[i * (n + 1)..i * (n + 1) + n].copy_from_slice(&a[i]);
        qdata[i * (n + 1) + n] = 1.0;
    }
    let mut p = FloatDictionary::new(n, m, pdata, (m..m + n).collect(), (0..m).collect());
    let mut q = FloatDictionary::new(m, n, qdata, (0..m).collect(), (m..m + n).collect());
    let mut in_p = k < m;
    let mut entering = k;
    let p_lex: Vec<usize> = (m..m + n).collect();
    let q_lex: Vec<usize> = (0..m).collect();
    let limit = 20 * (m + n) * (m + n) + 1000;
    let mut poll = stop.poll();
    for pivots in 1..=limit {
        if poll.step() {
            return Err(StrategicError::Interrupted);
        }
        let (t, lex) = if in_p {
            (&mut p, &p_lex)
        } else {
            (&mut q, &q_lex)
        };
        let Some(&c) = t.position.get(entering) else {
            return Ok(None);
        };
        if c == usize::MAX {
            return Ok(None);
        }
        let Some(r) = t.lexicographic_ratio_row(c, lex) else {
            return Ok(None);
        };
        let leaving = t.basic[r];
        t.pivot(r, c);
        if leaving == k {
            let support_x: Vec<usize> = p.basic.iter().copied().filter(|&v| v < m).collect();
            let support_y: Vec<usize> = q
                .basic
                .iter()
                .copied()
                .filter(|&v| v >= m)
                .map(|v| v - m)
                .collect();
            return Ok(Some((support_x, support_y, pivots)));
        }
        entering = leaving;
        in_p = !in_p;
    }
    Ok(None)
}

/// The size of the right-hand-side perturbation of [`lp_basis`].
const PERTURBATION: f64 = 1e-7;

/// The kind of one constraint row of [`lp_basis`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowKind {
    /// `a·x <= b` (slack `+s`).
    LessEqual,
    /// `a·x >= b` (surplus `−s`).
    GreaterEqual,
    /// `a·x = b` (no slack).
    Equal,
}

/// Proposes an optimal basis of `max c·x s.t. A x (<=|>=|=) b, x >= 0`
/// (with `b >= 0`) by the two-phase simplex method in floating point:
/// Dantzig's rule, switching to Bland's smallest-index rule (entering and
/// leaving) after a run of pivots that do not raise the objective. Variables are numbered `0..n` (the columns of A) and
/// then one slack per inequality row, in row order. Returns the basic
/// variable of every row, or `None` (infeasible or unbounded as far as
/// floating point can tell, an artificial variable left basic, or no end
/// within the pivot limit); the caller verifies the basis exactly.
pub(crate) fn lp_basis(
    a: &[Vec<f64>],
    b: &[f64],
    kinds: &[RowKind],
    c: &[f64],
) -> Option<Vec<usize>> {
    let m = a.len();
    let n = c.len();
    let slacks = kinds.iter().filter(|k| **k != RowKind::Equal).count();
    // Nonbasic at the start: the columns of A and the surpluses of >= rows;
    // basic: the slacks of <= rows and an artificial for every other row.
    let mut nonbasic: Vec<usize> = (0..n).collect();
    let mut basic = Vec::with_capacity(m);
    let mut artificial = n + slacks;
    let mut slack = n;
    let mut surplus_column = vec![usize::MAX; m];
    for (i, kind) in kinds.iter().enumerate() {
        match kind {
            RowKind::LessEqual => {
                basic.push(slack);
                slack += 1;
            }
            RowKind::GreaterEqual => {
                surplus_column[i] = nonbasic.len();
                nonbasic.push(slack);
                slack += 1;
                basic.push(artificial);
                artificial += 1;
            }
            RowKind::Equal => {
                basic.push(artificial);
                artificial += 1;
            }
        }
    }
    let first_artificial = n + slacks;
    let d = nonbasic.len();
    let w = d + 1;
    // Rows 0..m: constraints; row m: phase 2 objective; row m + 1: phase 1.
    let mut data = vec![0.0; (m + 2) * w];
    for i in 0..m {
        data[i * w..i * w + n].copy_from_slice(&a[i]);
        if surplus_column[i] != usize::MAX {
            data[i * w + surplus_column[i]] = -1.0;
        }
        // A tiny distinct perturbation of every right-hand side breaks the
        // degeneracy of rows with b = 0 (Charnes 1952; Wolfe 1963), so that
        // pivots make progress; the exact check uses the true b.
        data[i * w + d] = b[i] + PERTURBATION * (1.0 + (i as f64 * 0.618_033_988_75).fract());
        if kinds[i] != RowKind::LessEqual {
            for j in 0..w {
                data[(m + 1) * w + j] -= data[i * w + j];
            }
        }
    }
    for j in 0..n {
        data[m * w + j] = -c[j];
    }
    let mut t = FloatDictionary::new(m + 2, d, data, basic, nonbasic);
    let limit = 50 * (m + n) + 1000;
    let mut pivots = 0;
    for objective in [m + 1, m] {
        let mut degenerate_run = 0;
        loop {
            pivots += 1;
            if pivots > limit {
                return None;
            }
            let row = &t.data[objective * w..objective * w + d];
            let allowed = |c: usize| t.nonbasic[c] < first_artificial;
            let entering = if degenerate_run < 50 {
                (0..d)
                    .filter(|&c| allowed(c) && row[c] < -EPS)
                    .min_by(|&x, &y| row[x].total_cmp(&row[y]))
            } else {
                (0..d)
                    .filter(|&c| allowed(c) && row[c] < -EPS)
                    .min_by_key(|&c| t.nonbasic[c])
            };
            let Some(e) = entering else { break };
            let bland = degenerate_run >= 50;
            let r = if bland {
                t.bland_row(e)?
            } else {
                t.ratio_row(e)?
            };
            let before = t.data[objective * w + d];
            t.pivot(r, e);
            // A pivot that does not raise the objective counts as degenerate.
            if t.data[objective * w + d] > before + 1e-9 * before.abs().max(1.0) {
                degenerate_run = 0;
            } else {
                degenerate_run += 1;
            }
        }
        if objective == m + 1 {
            if t.data[(m + 1) * w + d].abs() > 1e-7 + PERTURBATION * 2.0 * m as f64 {
                return None;
            }
            // Drive artificials left basic (at level zero) out of the basis.
            for r in 0..m {
                if t.basic[r] >= first_artificial {
                    let e = (0..d).find(|&c| {
                        t.nonbasic[c] < first_artificial && t.data[r * w + c].abs() > 1e-7
                    })?;
                    t.pivot(r, e);
                }
            }
        }
    }
    Some(t.basic)
}
