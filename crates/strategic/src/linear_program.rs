//! Exact linear programming: the two-phase simplex method over the rationals.
//!
//! Solves `max` or `min c·x` subject to linear constraints `a·x <= b`,
//! `a·x >= b` or `a·x = b`, with nonnegative or free variables, exactly.
//! The method is Dantzig's simplex method (Dantzig, "Linear Programming and
//! Extensions", 1963) in two phases (artificial variables first), on a
//! fraction-free integer tableau (module `tableau`) with Dantzig's
//! largest-coefficient entering rule and the lexicographic leaving rule
//! (Dantzig, Orden and Wolfe, 1955), which never cycles, so degenerate
//! programs terminate; Bland's rule (Bland, "New finite pivoting rules for
//! the simplex method", 1977) would do as well but needs more pivots.
//! The arithmetic runs on `i64`, `i128` and then big integers (see
//! [`crate::integer`]); results are [`BigRational`] in lowest terms.
//! [`LinearProgram::solve_guided`] first runs the simplex method in floating
//! point (module `float_guide`), solves its optimal basis exactly and accepts
//! it only with an exact optimality certificate (primal and dual
//! feasibility, equal objective values), the "guess, then verify" scheme of
//! QSopt_ex (Applegate, Cook, Dash and Espinoza, Oper. Res. Letters 35,
//! 2007); otherwise it pivots exactly as above. The certificate is
//! `IntegerProgram::certify_basis` (crate-internal), run in `i128` first and in big
//! integers when a number does not fit; callers whose programme is already
//! in machine integers (the sequence-form LP of
//! `extensive::machine_lp`) use it directly.
//!
//! ```
//! use sprague_strategic::linear_program::{LinearProgram, Relation, Sense, LpResult};
//! use num_rational::BigRational;
//! let r = |x: i64| BigRational::from_integer(x.into());
//! // max x + y  s.t.  x + 2y <= 4,  3x + y <= 6,  x, y >= 0  → (8/5, 6/5), value 14/5
//! let mut lp = LinearProgram::new(Sense::Maximize, vec![r(1), r(1)]);
//! lp.add_constraint(vec![r(1), r(2)], Relation::LessEqual, r(4)).unwrap();
//! lp.add_constraint(vec![r(3), r(1)], Relation::LessEqual, r(6)).unwrap();
//! match lp.solve() {
//!     LpResult::Optimal(s) => {
//!         assert_eq!(s.value, BigRational::new(14.into(), 5.into()));
//!         assert_eq!(s.x[0], BigRational::new(8.into(), 5.into()));
//!     }
//!     other => panic!("{other:?}"),
//! }
//! ```

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

use crate::error::StrategicError;
use crate::integer::{with_escalation, Int, Overflow};
use crate::rational::common_denominator;
use crate::tableau::Tableau;

/// Whether to maximise or minimise the objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sense {
    /// Maximise `c·x`.
    Maximize,
    /// Minimise `c·x`.
    Minimize,
}

/// The relation of one constraint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// `a·x <= b`.
    LessEqual,
    /// `a·x >= b`.
    GreaterEqual,
    /// `a·x = b`.
    Equal,
}

/// One constraint `a·x (<=|>=|=) b`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constraint {
    /// The coefficients `a`, one per variable.
    pub coefficients: Vec<BigRational>,
    /// The relation.
    pub relation: Relation,
    /// The right-hand side `b`.
    pub rhs: BigRational,
}

/// A linear program over exact rationals. Variables are nonnegative unless
/// marked free with [`LinearProgram::set_free`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinearProgram {
    sense: Sense,
    objective: Vec<BigRational>,
    constraints: Vec<Constraint>,
    free: Vec<bool>,
}

/// An optimal solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LpSolution {
    /// The optimal objective value.
    pub value: BigRational,
    /// An optimal point (a vertex of the feasible region when all variables
    /// are nonnegative).
    pub x: Vec<BigRational>,
    /// Optimal dual values, one per constraint: `value = Σ duals[i] * b[i]`,
    /// and `duals[i]` is the rate of change of the optimal value with `b[i]`.
    pub duals: Vec<BigRational>,
}

/// The outcome of solving a linear program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LpResult {
    /// An optimum exists.
    Optimal(LpSolution),
    /// No point satisfies the constraints.
    Infeasible,
    /// The objective is unbounded on the feasible region.
    Unbounded,
}

impl LinearProgram {
    /// A program with the given objective and no constraints yet.
    pub fn new(sense: Sense, objective: Vec<BigRational>) -> Self {
        let n = objective.len();
        LinearProgram {
            sense,
            objective,
            constraints: Vec::new(),
            free: vec![false; n],
        }
    }

    /// The number of variables.
    pub fn num_variables(&self) -> usize {
        self.objective.len()
    }

    /// The constraints added so far.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Adds the constraint `coefficients · x (relation) rhs`.
    pub fn add_constraint(
        &mut self,
        coefficients: Vec<BigRational>,
        relation: Relation,
        rhs: BigRational,
    ) -> Result<(), StrategicError> {
        if coefficients.len() != self.objective.len() {
            return Err(StrategicError::LinearProgram(format!(
                "a constraint has {} coefficients but the program has {} variables",
                coefficients.len(),
                self.objective.len()
            )));
        }
        self.constraints.push(Constraint {
            coefficients,
            relation,
            rhs,
        });
        Ok(())
    }

    /// Makes variable `j` free (unrestricted in sign).
    pub fn set_free(&mut self, j: usize) -> Result<(), StrategicError> {
        match self.free.get_mut(j) {
            Some(f) => {
                *f = true;
                Ok(())
            }
            None => Err(StrategicError::LinearProgram(format!(
                "variable {j} does not exist; the program has {} variables",
                self.objective.len()
            ))),
        }
    }

    /// Solves the program exactly.
    pub fn solve(&self) -> LpResult {
        self.solve_with(false)
    }

    /// Solves the program exactly, first by the floating-point simplex
    /// method whose optimal basis is then solved and verified exactly
    /// (primal feasibility, dual feasibility and equal objective values
    /// prove optimality), falling back to exact pivoting when the proposed
    /// basis fails a check. The answer is exact either way, but where the
    /// optimum is not unique it may be another optimal vertex than
    /// [`LinearProgram::solve`]'s.
    ///
    /// ```
    /// use sprague_strategic::linear_program::{LinearProgram, Relation, Sense, LpResult};
    /// use num_rational::BigRational;
    /// let r = |x: i64| BigRational::from_integer(x.into());
    /// let mut lp = LinearProgram::new(Sense::Maximize, vec![r(1), r(1)]);
    /// lp.add_constraint(vec![r(1), r(2)], Relation::LessEqual, r(4)).unwrap();
    /// lp.add_constraint(vec![r(3), r(1)], Relation::LessEqual, r(6)).unwrap();
    /// match lp.solve_guided() {
    ///     LpResult::Optimal(s) => assert_eq!(s.value, BigRational::new(14.into(), 5.into())),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    pub fn solve_guided(&self) -> LpResult {
        self.solve_with(true)
    }

    fn solve_with(&self, guided: bool) -> LpResult {
        // Columns of the standard form: every variable, plus a negative copy
        // of every free variable.
        let n = self.objective.len();
        let mut column_of: Vec<(usize, bool)> = (0..n).map(|j| (j, false)).collect();
        for (j, &f) in self.free.iter().enumerate() {
            if f {
                column_of.push((j, true));
            }
        }
        let expand = |v: &[BigRational]| -> Vec<BigRational> {
            column_of
                .iter()
                .map(|&(j, neg)| if neg { -&v[j] } else { v[j].clone() })
                .collect()
        };
        let mut rows = Vec::with_capacity(self.constraints.len());
        let mut rhs = Vec::with_capacity(self.constraints.len());
        let mut relations = Vec::with_capacity(self.constraints.len());
        let mut factors = Vec::with_capacity(self.constraints.len());
        for c in &self.constraints {
            let coefficients = expand(&c.coefficients);
            let l = common_denominator(coefficients.iter().chain(std::iter::once(&c.rhs)));
            let mut row: Vec<BigInt> = coefficients
                .iter()
                .map(|v| v.numer() * (&l / v.denom()))
                .collect();
            let mut b = c.rhs.numer() * (&l / c.rhs.denom());
            let mut relation = c.relation;
            let mut factor = BigRational::from_integer(l);
            if b.is_negative() {
                row.iter_mut().for_each(|x| *x = -&*x);
                b = -b;
                factor = -factor;
                relation = match relation {
                    Relation::LessEqual => Relation::GreaterEqual,
                    Relation::GreaterEqual => Relation::LessEqual,
                    Relation::Equal => Relation::Equal,
                };
            }
            rows.push(row);
            rhs.push(b);
            relations.push(relation);
            factors.push(factor);
        }
        let mut objective = expand(&self.objective);
        if self.sense == Sense::Minimize {
            objective.iter_mut().for_each(|x| *x = -&*x);
        }
        let lo = common_denominator(objective.iter());
        let obj: Vec<BigInt> = objective
            .iter()
            .map(|v| v.numer() * (&lo / v.denom()))
            .collect();
        let problem = Standard {
            rows: &rows,
            rhs: &rhs,
            relations: &relations,
            objective: &obj,
        };
        let certified = if guided {
            certified_from_float(&problem)
        } else {
            None
        };
        let core = certified.unwrap_or_else(|| {
            with_escalation(
                || simplex::<i64>(&problem),
                || simplex::<i128>(&problem),
                || simplex::<BigInt>(&problem),
            )
        });
        match core {
            Core::Infeasible => LpResult::Infeasible,
            Core::Unbounded => LpResult::Unbounded,
            Core::Optimal { x, duals, det } => {
                let mut values = vec![BigRational::zero(); n];
                for (k, &(j, neg)) in column_of.iter().enumerate() {
                    let v = BigRational::new(x[k].clone(), det.clone());
                    if neg {
                        values[j] -= v;
                    } else {
                        values[j] += v;
                    }
                }
                let value: BigRational =
                    self.objective.iter().zip(&values).map(|(c, x)| c * x).sum();
                let scale = BigRational::from_integer(lo);
                let sign = if self.sense == Sense::Minimize {
                    -BigRational::from_integer(1.into())
                } else {
                    BigRational::from_integer(1.into())
                };
                let duals = duals
                    .into_iter()
                    .zip(&factors)
                    .map(|(y, f)| BigRational::new(y, det.clone()) * f / &scale * &sign)
                    .collect();
                LpResult::Optimal(LpSolution {
                    value,
                    x: values,
                    duals,
                })
            }
        }
    }
}

struct Standard<'a> {
    rows: &'a [Vec<BigInt>],
    rhs: &'a [BigInt],
    relations: &'a [Relation],
    objective: &'a [BigInt],
}

enum Core {
    Infeasible,
    Unbounded,
    Optimal {
        x: Vec<BigInt>,
        duals: Vec<BigInt>,
        det: BigInt,
    },
}

/// Bases up to this many rows are solved by fraction-free elimination; larger
/// ones by p-adic lifting.
const FRACTION_FREE_ROWS: usize = 200;

/// The optimal basis proposed by the floating-point simplex method
/// ([`crate::float_guide::lp_basis`]), solved exactly and accepted only with
/// an optimality certificate (see [`certify_basis`]); `None` if a check
/// fails or a number is too large for the fast path.
fn certified_from_float(p: &Standard<'_>) -> Option<Core> {
    use num_traits::ToPrimitive;
    let small = |v: &BigInt| v.to_i64().filter(|x| x.abs() < 1 << 40);
    let rows: Vec<Vec<i64>> = p
        .rows
        .iter()
        .map(|r| r.iter().map(small).collect::<Option<Vec<_>>>())
        .collect::<Option<_>>()?;
    let rhs: Vec<i64> = p.rhs.iter().map(small).collect::<Option<_>>()?;
    let objective: Vec<i64> = p.objective.iter().map(small).collect::<Option<_>>()?;
    let program = IntegerProgram {
        rows: &rows,
        rhs: &rhs,
        relations: p.relations,
        objective: &objective,
    };
    let basis = program.float_basis()?;
    // Machine integers first (small bases), big integers when a number does not fit.
    let machine = program.certify_basis::<i128>(&basis, solve_square_machine);
    let (x, dx, y, dy) = match machine {
        Ok(c) => {
            let c = c?;
            let big = |v: Vec<i128>| v.into_iter().map(BigInt::from).collect::<Vec<_>>();
            (big(c.x), BigInt::from(c.dx), big(c.y), BigInt::from(c.dy))
        }
        Err(Overflow) => {
            let c = program
                .certify_basis::<BigInt>(&basis, solve_square_big)
                .ok()??;
            (c.x, c.dx, c.y, c.dy)
        }
    };
    use num_integer::Integer;
    let d = dx.lcm(&dy);
    let (fx, fy) = (&d / &dx, &d / &dy);
    Some(Core::Optimal {
        x: x.into_iter().map(|v| v * &fx).collect(),
        duals: y.into_iter().map(|v| v * &fy).collect(),
        det: d,
    })
}

/// The basis systems of [`IntegerProgram::certify_basis`] in machine
/// integers: fraction-free elimination in `i64`, then `i128`, up to
/// [`FRACTION_FREE_ROWS`] rows; `Err(Overflow)` beyond either limit.
pub(crate) fn solve_square_machine(
    m: &[Vec<i64>],
    b: &[i64],
) -> Result<Option<(Vec<i128>, i128)>, Overflow> {
    if m.len() <= FRACTION_FREE_ROWS {
        crate::exact_solve::solve_fraction_free_machine(m, b)
    } else {
        Err(Overflow)
    }
}

/// The basis systems of [`IntegerProgram::certify_basis`] in big integers:
/// fraction-free elimination up to [`FRACTION_FREE_ROWS`] rows, p-adic
/// lifting above.
pub(crate) fn solve_square_big(
    m: &[Vec<i64>],
    b: &[i64],
) -> Result<Option<(Vec<BigInt>, BigInt)>, Overflow> {
    Ok(if m.len() <= FRACTION_FREE_ROWS {
        crate::exact_solve::solve_fraction_free(m, b)
    } else {
        crate::exact_solve::solve_integer_system(m, b, false)
    })
}

/// A linear programme `max c·x s.t. A x (<=|>=|=) b, x >= 0` with `b >= 0`
/// in machine integers (entries below `2^40` in absolute value, so that the
/// floating-point guide sees them exactly and the certificate's products
/// fit in `i128` for small bases).
pub(crate) struct IntegerProgram<'a> {
    /// The rows of A.
    pub rows: &'a [Vec<i64>],
    /// The right-hand sides b (nonnegative).
    pub rhs: &'a [i64],
    /// The relation of each row.
    pub relations: &'a [Relation],
    /// The objective c (maximised).
    pub objective: &'a [i64],
}

/// An optimal basic solution certified exactly: the values of the variables
/// are `x / dx` and the duals (one per row) `y / dy`, with `dx, dy > 0`.
pub(crate) struct Certified<T> {
    /// The numerators of the variables' values.
    pub x: Vec<T>,
    /// The positive denominator of `x`.
    pub dx: T,
    /// The numerators of the duals.
    pub y: Vec<T>,
    /// The positive denominator of `y`.
    pub dy: T,
}

impl IntegerProgram<'_> {
    /// The optimal basis proposed by the floating-point simplex method
    /// ([`crate::float_guide::lp_basis`]): the basic variable of every row,
    /// variables numbered `0..n` and then one slack per inequality row.
    pub(crate) fn float_basis(&self) -> Option<Vec<usize>> {
        use crate::float_guide::{lp_basis, RowKind};
        let kinds: Vec<RowKind> = self
            .relations
            .iter()
            .map(|r| match r {
                Relation::LessEqual => RowKind::LessEqual,
                Relation::GreaterEqual => RowKind::GreaterEqual,
                Relation::Equal => RowKind::Equal,
            })
            .collect();
        let to_f64 = |v: &[i64]| v.iter().map(|&x| x as f64).collect::<Vec<f64>>();
        let float_rows: Vec<Vec<f64>> = self.rows.iter().map(|r| to_f64(r)).collect();
        lp_basis(
            &float_rows,
            &to_f64(self.rhs),
            &kinds,
            &to_f64(self.objective),
        )
    }

    /// Solves `basis` exactly in the integer type `T` for the primal values
    /// `B x = b` and the duals `Bᵀ y = c_B` (only the rows whose slack is
    /// nonbasic: a square system in the basic columns of A), and accepts it
    /// only if `x_B ≥ 0` (basic slacks included), every reduced cost
    /// `c_j − yᵀ A_j` is at most 0 (slack columns included, which fixes the
    /// duals' signs) and `c·x = b·y`: weak duality then proves `x` optimal
    /// and `y` dual optimal. `Ok(None)` if a check fails; `Err(Overflow)` if
    /// a number does not fit in `T`.
    pub(crate) fn certify_basis<T: Int>(
        &self,
        basis: &[usize],
        solve: impl Fn(&[Vec<i64>], &[i64]) -> Result<Option<(Vec<T>, T)>, Overflow>,
    ) -> Result<Option<Certified<T>>, Overflow> {
        let (rows, rhs, objective) = (self.rows, self.rhs, self.objective);
        let m = rows.len();
        let n = objective.len();
        // Slack k belongs to row slack_row[k] with sign +1 (<=) or -1 (>=).
        let slack_row: Vec<(usize, i64)> = self
            .relations
            .iter()
            .enumerate()
            .filter_map(|(i, r)| match r {
                Relation::LessEqual => Some((i, 1)),
                Relation::GreaterEqual => Some((i, -1)),
                Relation::Equal => None,
            })
            .collect();
        if basis.len() != m || basis.iter().any(|&v| v >= n + slack_row.len()) {
            return Ok(None);
        }
        // Rows whose slack is basic drop out (their dual is 0, the slack
        // takes up the difference): the basic columns S and the other rows T
        // form a square system A[T, S] x_S = b_T, and A[T, S]ᵀ y_T = c_S.
        let mut slack_basic = vec![false; m];
        let mut structural: Vec<usize> = Vec::new();
        for &v in basis {
            if v < n {
                structural.push(v);
            } else {
                slack_basic[slack_row[v - n].0] = true;
            }
        }
        let tight: Vec<usize> = (0..m).filter(|&i| !slack_basic[i]).collect();
        if tight.len() != structural.len() {
            return Ok(None);
        }
        let k = tight.len();
        let b: Vec<Vec<i64>> = tight
            .iter()
            .map(|&i| structural.iter().map(|&j| rows[i][j]).collect())
            .collect();
        let bt: Vec<i64> = tight.iter().map(|&i| rhs[i]).collect();
        let Some((xs, dx)) = solve(&b, &bt)? else {
            return Ok(None);
        };
        if xs.iter().any(|v| v.is_negative_int()) {
            return Ok(None);
        }
        let transposed: Vec<Vec<i64>> = (0..k).map(|i| (0..k).map(|j| b[j][i]).collect()).collect();
        let cs: Vec<i64> = structural.iter().map(|&j| objective[j]).collect();
        let Some((yt, dy)) = solve(&transposed, &cs)? else {
            return Ok(None);
        };
        let mut y = vec![T::int_zero(); m];
        for (a, &i) in tight.iter().enumerate() {
            y[i] = yt[a].clone();
        }
        let mut x = vec![T::int_zero(); n];
        for (a, &j) in structural.iter().enumerate() {
            x[j] = xs[a].clone();
        }
        // Primal feasibility of the rows left out: the basic slacks are ≥ 0,
        // slack · dx = sign·(b·dx − a·x) with a·x over the structural columns.
        for &(i, sign) in &slack_row {
            if !slack_basic[i] {
                continue;
            }
            let minus_bdx = T::mul_add(
                &dx,
                &T::from_i64(rhs[i].checked_neg().ok_or(Overflow)?),
                &T::int_zero(),
            )
            .ok_or(Overflow)?;
            let ax_minus_bdx = dot(structural.iter().map(|&j| (&x[j], rows[i][j])), minus_bdx)?;
            // sign·(b·dx − a·x) ≥ 0  ⇔  sign·(a·x − b·dx) ≤ 0.
            if (sign > 0 && ax_minus_bdx.is_positive_int())
                || (sign < 0 && ax_minus_bdx.is_negative_int())
            {
                return Ok(None);
            }
        }
        // Reduced costs, times dy: Σ_i y_i a_ij − c_j dy ≥ 0; slacks: sign·y_i ≥ 0.
        for j in 0..n {
            let minus_cdy = T::mul_add(
                &dy,
                &T::from_i64(objective[j].checked_neg().ok_or(Overflow)?),
                &T::int_zero(),
            )
            .ok_or(Overflow)?;
            let s = dot(tight.iter().map(|&i| (&y[i], rows[i][j])), minus_cdy)?;
            if s.is_negative_int() {
                return Ok(None);
            }
        }
        if slack_row.iter().any(|&(i, sign)| {
            (sign > 0 && y[i].is_negative_int()) || (sign < 0 && y[i].is_positive_int())
        }) {
            return Ok(None);
        }
        // Equal objectives: (c·x) dy = (b·y) dx.
        let primal = dot(x.iter().zip(objective.iter().copied()), T::int_zero())?;
        let dual = dot(y.iter().zip(rhs.iter().copied()), T::int_zero())?;
        if T::cmp_products(&primal, &dy, &dual, &dx).ok_or(Overflow)? != std::cmp::Ordering::Equal {
            return Ok(None);
        }
        Ok(Some(Certified { x, dx, y, dy }))
    }
}

/// `Σ v_i · c_i + start`, checked.
fn dot<'v, T: Int + 'v>(
    terms: impl Iterator<Item = (&'v T, i64)>,
    start: T,
) -> Result<T, Overflow> {
    let mut acc = start;
    for (v, c) in terms {
        if c != 0 && !v.is_zero_int() {
            acc = T::mul_add(v, &T::from_i64(c), &acc).ok_or(Overflow)?;
        }
    }
    Ok(acc)
}

fn convert<T: Int>(v: &BigInt) -> Result<T, Overflow> {
    T::from_bigint(v).ok_or(Overflow)
}

/// Runs simplex iterations on `tableau` with objective row `obj_row`, never
/// letting columns `>= forbidden_from` (but `< cols - 1`) enter. Returns
/// `Ok(false)` if unbounded, or early when the thread's stop check says so
/// (asked at every pivot; the caller then
/// discards the tableau, see [`crate::stop::with_thread_stop`]).
pub(crate) fn run_simplex<T: Int>(
    tableau: &mut Tableau<T>,
    obj_row: usize,
    forbidden_from: usize,
    lex_cols: &[usize],
) -> Result<bool, Overflow> {
    loop {
        if crate::stop::thread_stopped() {
            return Ok(false);
        }
        // Dantzig's rule: the most negative reduced cost.
        let mut entering: Option<usize> = None;
        for j in 0..forbidden_from {
            let v = tableau.at(obj_row, j);
            if v.is_negative_int() {
                match entering {
                    None => entering = Some(j),
                    Some(e) => {
                        if v < tableau.at(obj_row, e) {
                            entering = Some(j);
                        }
                    }
                }
            }
        }
        let Some(e) = entering else {
            return Ok(true);
        };
        let rows = tableau.min_ratio_rows(e)?;
        if rows.is_empty() {
            return Ok(false);
        }
        let r = if rows.len() == 1 {
            rows[0]
        } else {
            tableau.lexicographic_row(&rows, e, lex_cols)?
        };
        tableau.pivot(r, e)?;
    }
}

fn simplex<T: Int>(p: &Standard<'_>) -> Result<Core, Overflow> {
    let m = p.rows.len();
    let n = p.objective.len();
    let slack_count = p
        .relations
        .iter()
        .filter(|r| **r != Relation::Equal)
        .count();
    let art_count = p
        .relations
        .iter()
        .filter(|r| **r != Relation::LessEqual)
        .count();
    let art_start = n + slack_count;
    let cols = n + slack_count + art_count + 1;
    // Rows 0..m are constraints, row m the phase-2 objective, row m+1 phase 1.
    let total_rows = m + 2;
    let mut data = vec![T::int_zero(); total_rows * cols];
    let mut basis = Vec::with_capacity(m);
    let mut unit_col = Vec::with_capacity(m);
    let (mut s, mut a) = (n, art_start);
    for i in 0..m {
        for j in 0..n {
            data[i * cols + j] = convert(&p.rows[i][j])?;
        }
        data[i * cols + cols - 1] = convert(&p.rhs[i])?;
        match p.relations[i] {
            Relation::LessEqual => {
                data[i * cols + s] = T::int_one();
                basis.push(s);
                unit_col.push(s);
                s += 1;
            }
            Relation::GreaterEqual => {
                data[i * cols + s] = T::neg(&T::int_one()).ok_or(Overflow)?;
                s += 1;
                data[i * cols + a] = T::int_one();
                basis.push(a);
                unit_col.push(a);
                a += 1;
            }
            Relation::Equal => {
                data[i * cols + a] = T::int_one();
                basis.push(a);
                unit_col.push(a);
                a += 1;
            }
        }
    }
    for j in 0..n {
        data[m * cols + j] = T::neg(&convert(&p.objective[j])?).ok_or(Overflow)?;
    }
    // Phase 1 objective: maximise -(sum of artificials); its row, with the
    // basic artificials eliminated, is minus the sum of their rows.
    for i in 0..m {
        if p.relations[i] != Relation::LessEqual {
            for j in 0..cols {
                if j >= art_start && j < cols - 1 {
                    continue;
                }
                let v = &data[i * cols + j];
                if !v.is_zero_int() {
                    let minus = T::neg(v).ok_or(Overflow)?;
                    let cur = data[(m + 1) * cols + j].clone();
                    data[(m + 1) * cols + j] =
                        T::mul_add(&minus, &T::int_one(), &cur).ok_or(Overflow)?;
                }
            }
        }
    }
    let mut tableau = Tableau::new(total_rows, cols, data, basis);
    if art_count > 0 {
        run_simplex(&mut tableau, m + 1, art_start, &unit_col)?;
        if !tableau.rhs(m + 1).is_zero_int() {
            return Ok(Core::Infeasible);
        }
        // Drive basic artificials (at level zero) out of the basis.
        for i in 0..m {
            if tableau.basis[i] >= art_start {
                if let Some(j) = (0..art_start).find(|&j| !tableau.at(i, j).is_zero_int()) {
                    tableau.pivot(i, j)?;
                }
            }
        }
    }
    if !run_simplex(&mut tableau, m, art_start, &unit_col)? {
        return Ok(Core::Unbounded);
    }
    let mut x = vec![<BigInt as Zero>::zero(); n];
    for i in 0..m {
        let b = tableau.basis[i];
        if b < n {
            x[b] = tableau.rhs(i).to_bigint();
        }
    }
    let duals = unit_col
        .iter()
        .map(|&c| tableau.at(m, c).to_bigint())
        .collect();
    Ok(Core::Optimal {
        x,
        duals,
        det: tableau.det.to_bigint(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: i64) -> BigRational {
        BigRational::from_integer(x.into())
    }

    fn optimal(lp: &LinearProgram) -> LpSolution {
        match lp.solve() {
            LpResult::Optimal(s) => s,
            other => panic!("expected an optimum, got {other:?}"),
        }
    }

    #[test]
    fn guided_solution_is_certified_and_equal() {
        // The textbook programme below: the floating-point basis is certified
        // (not a fallback) and gives the exact optimum.
        let rows: Vec<Vec<BigInt>> = [[2, 3, 1], [4, 1, 2], [3, 4, 2]]
            .iter()
            .map(|r| r.iter().map(|&x| BigInt::from(x)).collect())
            .collect();
        let rhs: Vec<BigInt> = [5, 11, 8].iter().map(|&x| BigInt::from(x)).collect();
        let objective: Vec<BigInt> = [5, 4, 3].iter().map(|&x| BigInt::from(x)).collect();
        let relations = [Relation::LessEqual; 3];
        let problem = Standard {
            rows: &rows,
            rhs: &rhs,
            relations: &relations,
            objective: &objective,
        };
        match certified_from_float(&problem) {
            Some(Core::Optimal { x, duals, det }) => {
                let value = |v: &[BigInt]| -> Vec<BigRational> {
                    v.iter()
                        .map(|a| BigRational::new(a.clone(), det.clone()))
                        .collect()
                };
                assert_eq!(value(&x), vec![r(2), r(0), r(1)]);
                // Chvátal's optimal dictionary: duals (1, 0, 1).
                assert_eq!(value(&duals), vec![r(1), r(0), r(1)]);
            }
            _ => panic!("the floating-point basis was not certified"),
        }
        // With equalities, >= rows and free variables, solve_guided equals solve.
        let mut lp = LinearProgram::new(Sense::Minimize, vec![r(1), r(-1), r(2)]);
        lp.add_constraint(vec![r(1), r(1), r(1)], Relation::Equal, r(2))
            .unwrap();
        lp.add_constraint(vec![r(1), r(-1), r(0)], Relation::GreaterEqual, r(-4))
            .unwrap();
        lp.add_constraint(vec![r(0), r(1), r(3)], Relation::LessEqual, r(5))
            .unwrap();
        lp.set_free(1).unwrap();
        assert_eq!(lp.solve_guided(), lp.solve());
    }

    #[test]
    fn textbook_maximum() {
        // Chvátal, Linear Programming (1983), ch. 2: max 5x1+4x2+3x3,
        // 2x1+3x2+x3<=5, 4x1+x2+2x3<=11, 3x1+4x2+2x3<=8: optimum 13 at (2,0,1).
        let mut lp = LinearProgram::new(Sense::Maximize, vec![r(5), r(4), r(3)]);
        lp.add_constraint(vec![r(2), r(3), r(1)], Relation::LessEqual, r(5))
            .unwrap();
        lp.add_constraint(vec![r(4), r(1), r(2)], Relation::LessEqual, r(11))
            .unwrap();
        lp.add_constraint(vec![r(3), r(4), r(2)], Relation::LessEqual, r(8))
            .unwrap();
        let s = optimal(&lp);
        assert_eq!(s.value, r(13));
        assert_eq!(s.x, vec![r(2), r(0), r(1)]);
        let dual_value: BigRational = s.duals.iter().zip([5, 11, 8]).map(|(y, b)| y * r(b)).sum();
        assert_eq!(dual_value, r(13));
    }

    #[test]
    fn minimum_with_equalities_and_free_variables() {
        // min x - y s.t. x + y = 2, x - y >= -4, y <= 5 with y free: y = 3, x = -1.
        let mut lp = LinearProgram::new(Sense::Minimize, vec![r(1), r(-1)]);
        lp.add_constraint(vec![r(1), r(1)], Relation::Equal, r(2))
            .unwrap();
        lp.add_constraint(vec![r(1), r(-1)], Relation::GreaterEqual, r(-4))
            .unwrap();
        lp.add_constraint(vec![r(0), r(1)], Relation::LessEqual, r(5))
            .unwrap();
        lp.set_free(0).unwrap();
        lp.set_free(1).unwrap();
        let s = optimal(&lp);
        assert_eq!(s.value, r(-4));
        assert_eq!(s.x, vec![r(-1), r(3)]);
        let dual_value: BigRational = s.duals.iter().zip([2, -4, 5]).map(|(y, b)| y * r(b)).sum();
        assert_eq!(dual_value, r(-4));
    }

    #[test]
    fn infeasible_and_unbounded() {
        let mut lp = LinearProgram::new(Sense::Maximize, vec![r(1)]);
        lp.add_constraint(vec![r(1)], Relation::GreaterEqual, r(3))
            .unwrap();
        assert_eq!(lp.solve(), LpResult::Unbounded);
        lp.add_constraint(vec![r(1)], Relation::LessEqual, r(2))
            .unwrap();
        assert_eq!(lp.solve(), LpResult::Infeasible);
        assert!(lp
            .add_constraint(vec![r(1), r(2)], Relation::LessEqual, r(2))
            .is_err());
    }

    #[test]
    fn degenerate_program_terminates() {
        // Beale's cycling example (1955) cycles under the textbook rule
        // without anti-cycling; optimum 1/20.
        let q = |p: i64, d: i64| BigRational::new(p.into(), d.into());
        let mut lp = LinearProgram::new(Sense::Maximize, vec![q(3, 4), r(-150), q(1, 50), r(-6)]);
        lp.add_constraint(
            vec![q(1, 4), r(-60), q(-1, 25), r(9)],
            Relation::LessEqual,
            r(0),
        )
        .unwrap();
        lp.add_constraint(
            vec![q(1, 2), r(-90), q(-1, 50), r(3)],
            Relation::LessEqual,
            r(0),
        )
        .unwrap();
        lp.add_constraint(vec![r(0), r(0), r(1), r(0)], Relation::LessEqual, r(1))
            .unwrap();
        let s = optimal(&lp);
        assert_eq!(s.value, q(1, 20));
    }

    #[test]
    fn redundant_equalities() {
        let mut lp = LinearProgram::new(Sense::Maximize, vec![r(1), r(1)]);
        lp.add_constraint(vec![r(1), r(1)], Relation::Equal, r(1))
            .unwrap();
        lp.add_constraint(vec![r(2), r(2)], Relation::Equal, r(2))
            .unwrap();
        let s = optimal(&lp);
        assert_eq!(s.value, r(1));
    }
}
