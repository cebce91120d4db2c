//! One equilibrium of a two-player extensive game with perfect recall by
//! Lemke's algorithm on the sequence-form linear complementarity problem
//! (Lemke, "Bimatrix equilibrium points and mathematical programming",
//! Management Science 11, 1965; Koller, Megiddo and von Stengel, GEB 14,
//! 1996, §4).
//!
//! With realisation plans x, y and payoffs shifted so that every leaf pays
//! each player a negative amount (which changes no equilibrium), KMvS write
//! the equilibrium conditions as the LCP in z = (x, y, p, q) ≥ 0
//! `w_x = −A y − Eᵀp ≥ 0 ⊥ x`, `w_y = −Bᵀx − Fᵀq ≥ 0 ⊥ y`,
//! `w_p = E x − e ≥ 0 ⊥ p`, `w_q = F y − f ≥ 0 ⊥ q`: the plan constraints
//! relaxed to `≥` with nonnegative duals (the players' values, negated).
//! Negative payoffs are the condition under which Lemke's algorithm ends in a
//! solution (KMvS, §4). Lemke's algorithm adds an artificial variable z₀ with
//! covering vector 1 and pivots complementarily until z₀ leaves. Payoffs are
//! scaled to integers and pivoting is exact and fraction-free on the crate's
//! integer tableau (`i64`, then `i128`, then big integers), with the
//! lexicographic ratio test so degenerate games do not cycle. For speed the
//! path is first followed in floating point with the same rules; its end
//! basis is solved exactly — only the basic z variables, a square system of
//! half the size, by fraction-free elimination in machine integers for small
//! games and p-adic lifting for large ones ([`crate::exact_solve`]) — and
//! accepted only if the basis is complementary and every basic value (w and
//! z) is nonnegative, so the answer is exact either way. The plans found are
//! checked to satisfy `E x = e` and `F y = f` exactly.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use super::behaviour::BehaviourProfile;
use super::error::ExtensiveError;
use super::game::ExtensiveGame;
use super::sequence_form::{chance_and_accumulated, SequenceForm};
use super::sequences::Sequences;
use crate::integer::{with_escalation, Int, Overflow};
use crate::small_rational::{lowest_terms, lowest_terms_i128, ExactField, SmallRational};
use crate::tableau::Tableau;

/// The largest LCP (rows) Lemke's algorithm is run on: its dense tableau has
/// about `2·rows²` entries (3,000 rows: 144 MB of 8-byte integers).
pub const MAX_LCP_ROWS: usize = 3_000;

/// An equilibrium found by Lemke's algorithm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LemkeSolution {
    /// The equilibrium as behaviour strategies.
    pub profile: BehaviourProfile,
    /// The realisation plans of the two players.
    pub plans: [Vec<BigRational>; 2],
    /// The number of pivots.
    pub pivots: usize,
}

/// Finds one equilibrium of a two-player game with perfect recall by
/// Lemke's algorithm on the sequence form, exactly.
///
/// ```
/// use sprague_strategic::extensive::{builtin::beer_quiche, lemke::lemke_equilibrium,
///     behaviour::check_equilibrium};
/// let game = beer_quiche();
/// let s = lemke_equilibrium(&game).unwrap();
/// assert!(check_equilibrium(&game, &s.profile).unwrap().iter().all(|c| c.best));
/// ```
pub fn lemke_equilibrium(game: &ExtensiveGame) -> Result<LemkeSolution, ExtensiveError> {
    solve(game, true)
}

/// Lemke's algorithm by exact pivoting only, without the floating-point
/// guide: the reference the fast path is tested against.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, lemke::{lemke_equilibrium,
///     lemke_equilibrium_exact_pivoting}};
/// let kuhn = kuhn_poker();
/// assert_eq!(lemke_equilibrium_exact_pivoting(&kuhn).unwrap().plans,
///            lemke_equilibrium(&kuhn).unwrap().plans);
/// ```
#[doc(hidden)]
pub fn lemke_equilibrium_exact_pivoting(
    game: &ExtensiveGame,
) -> Result<LemkeSolution, ExtensiveError> {
    solve(game, false)
}

fn solve(game: &ExtensiveGame, guided: bool) -> Result<LemkeSolution, ExtensiveError> {
    let (sequences, constraints) = SequenceForm::structure(game)?;
    let n1 = sequences.count[0];
    let n2 = sequences.count[1];
    let m1 = constraints[0].len();
    let m2 = constraints[1].len();
    let rows = n1 + n2 + m1 + m2;
    if rows > MAX_LCP_ROWS {
        return Err(ExtensiveError::TooLarge {
            what: "Lemke's algorithm on the sequence form".into(),
            count: format!("a tableau of {rows} rows"),
            limit: format!("{MAX_LCP_ROWS} rows"),
        });
    }
    let (a, b) = negative_integer_payoffs::<SmallRational>(game, &sequences)
        .or_else(|| negative_integer_payoffs::<BigRational>(game, &sequences))
        .expect("big rationals do not overflow");
    let lcp = Lcp {
        n1,
        n2,
        m1,
        m2,
        a,
        b,
        constraints: &constraints,
    };
    let certified = if guided {
        lcp.certified_from_float()
    } else {
        None
    };
    let run = match certified {
        Some(run) => run,
        None => with_escalation(
            || lcp.run::<i64>(),
            || lcp.run::<i128>(),
            || lcp.run::<BigInt>(),
        )?,
    };
    let plans = [run.z[..n1].to_vec(), run.z[n1..n1 + n2].to_vec()];
    let profile = run
        .numerators
        .as_ref()
        .and_then(|x| {
            BehaviourProfile::from_plan_numerators(game, &sequences, [&x[..n1], &x[n1..n1 + n2]])
        })
        .unwrap_or_else(|| BehaviourProfile::from_realisation_plans(game, &sequences, &plans));
    Ok(LemkeSolution {
        profile,
        plans,
        pivots: run.pivots,
    })
}

/// The payoff entries of both players, shifted so that every leaf pays less
/// than 0 and scaled to integers: `(σ₁, σ₂, a, b)`. Computed in the number
/// type `T`; `None` if a number does not fit.
#[allow(clippy::type_complexity)]
fn negative_integer_payoffs<T: ExactField>(
    game: &ExtensiveGame,
    sequences: &Sequences,
) -> Option<(Vec<(usize, usize, BigInt)>, Vec<(usize, usize, BigInt)>)> {
    let (chance, acc) = chance_and_accumulated::<T>(game)?;
    let leaves = game.leaves();
    let mut out = [Vec::new(), Vec::new()];
    for p in 0..2 {
        let mut top = T::zero_value();
        for (k, &v) in leaves.iter().enumerate() {
            if k == 0 || acc[2 * v + p] > top {
                top = acc[2 * v + p].clone();
            }
        }
        let top = top.add(&T::one_value())?;
        let mut terms: Vec<((usize, usize), T)> = Vec::with_capacity(leaves.len());
        for &v in &leaves {
            if chance[v].is_zero_value() {
                continue;
            }
            let key = (sequences.at_node[v][0], sequences.at_node[v][1]);
            terms.push((key, chance[v].mul(&acc[2 * v + p].sub(&top)?)?));
        }
        // Leaves reached by the same pair of sequences add up.
        terms.sort_by_key(|t| t.0);
        let mut keys: Vec<(usize, usize)> = Vec::with_capacity(terms.len());
        let mut values: Vec<T> = Vec::with_capacity(terms.len());
        for (key, term) in terms {
            if keys.last() == Some(&key) {
                let last = values.last_mut()?;
                *last = last.add(&term)?;
            } else {
                keys.push(key);
                values.push(term);
            }
        }
        let scaled = T::scale_to_integers(&values)?;
        out[p] = keys
            .into_iter()
            .zip(scaled)
            .map(|((i, j), x)| (i, j, x))
            .collect();
    }
    let [a, b] = out;
    Some((a, b))
}

/// Lemke's path in floating point in revised form: only the inverse of the
/// basis B⁻¹ (the tableau's w columns) and the basic values are kept; the
/// entering column is computed from the sparse LCP column when needed.
/// Same rules as the exact path (z₀'s row among ties, else the
/// lexicographic rule on the columns of the initial basis).
struct FloatPath {
    n: usize,
    /// Row-major `n × n`.
    binv: Vec<f64>,
    values: Vec<f64>,
    basis: Vec<usize>,
    /// The entries of z_j's column of `[I | −M]`.
    z_columns: Vec<Vec<(usize, f64)>>,
    nonzero: Vec<usize>,
}

impl FloatPath {
    fn new(rows: &[(Vec<(usize, i64)>, i64)]) -> Self {
        let n = rows.len();
        let mut binv = vec![0f64; n * n];
        for i in 0..n {
            binv[i * n + i] = 1.0;
        }
        let mut z_columns = vec![Vec::new(); n];
        for (i, (coefficients, _)) in rows.iter().enumerate() {
            for &(j, c) in coefficients {
                z_columns[j].push((i, -(c as f64)));
            }
        }
        FloatPath {
            n,
            binv,
            values: rows.iter().map(|r| r.1 as f64).collect(),
            basis: (0..n).collect(),
            z_columns,
            nonzero: Vec::with_capacity(n),
        }
    }

    /// The tableau column of variable `v` (w: `v < n`, z: `n ≤ v < 2n`, z₀:
    /// `2n`), written into `d`.
    fn column_into(&self, v: usize, d: &mut Vec<f64>) {
        let n = self.n;
        d.clear();
        d.extend((0..n).map(|i| {
            let row = &self.binv[i * n..(i + 1) * n];
            if v < n {
                row[v]
            } else if v < 2 * n {
                self.z_columns[v - n].iter().map(|&(k, c)| row[k] * c).sum()
            } else {
                -row.iter().sum::<f64>()
            }
        }));
    }

    /// The leaving row for entering column `d` (`candidates` is scratch space).
    fn ratio_row(&self, d: &[f64], z0: usize, candidates: &mut Vec<usize>) -> Option<usize> {
        let n = self.n;
        candidates.clear();
        candidates.extend((0..n).filter(|&i| d[i] > EPS));
        let ratio = |i: usize| self.values[i] / d[i];
        let min = candidates
            .iter()
            .map(|&i| ratio(i))
            .fold(f64::INFINITY, f64::min);
        candidates.retain(|&i| ratio(i) <= min + EPS);
        if let Some(&i) = candidates.iter().find(|&&i| self.basis[i] == z0) {
            return Some(i);
        }
        for c in 0..n {
            if candidates.len() <= 1 {
                break;
            }
            let lex = |i: usize| self.binv[i * n + c] / d[i];
            let min = candidates
                .iter()
                .map(|&i| lex(i))
                .fold(f64::INFINITY, f64::min);
            candidates.retain(|&i| lex(i) <= min + EPS);
        }
        candidates.first().copied()
    }

    /// Pivots variable `v` with column `d` into row `r`, updating only the
    /// columns where row r of B⁻¹ is nonzero.
    fn pivot(&mut self, r: usize, v: usize, d: &[f64]) {
        let n = self.n;
        let p = d[r];
        for x in &mut self.binv[r * n..(r + 1) * n] {
            *x /= p;
        }
        self.values[r] /= p;
        self.nonzero.clear();
        let row_r = &self.binv[r * n..(r + 1) * n];
        self.nonzero.extend((0..n).filter(|&c| row_r[c] != 0.0));
        let (before, rest) = self.binv.split_at_mut(r * n);
        let (pivot_row, after) = rest.split_at_mut(n);
        let value_r = self.values[r];
        for (i, row) in before.chunks_exact_mut(n).enumerate().chain(
            after
                .chunks_exact_mut(n)
                .enumerate()
                .map(|(k, row)| (k + r + 1, row)),
        ) {
            let f = d[i];
            if f == 0.0 {
                continue;
            }
            for &c in &self.nonzero {
                row[c] -= f * pivot_row[c];
            }
            self.values[i] -= f * value_r;
        }
        self.basis[r] = v;
    }
}

struct Lcp<'a> {
    n1: usize,
    n2: usize,
    m1: usize,
    m2: usize,
    a: Vec<(usize, usize, BigInt)>,
    b: Vec<(usize, usize, BigInt)>,
    constraints: &'a [Vec<Vec<(usize, i64)>>; 2],
}

struct Run {
    z: Vec<BigRational>,
    pivots: usize,
    /// The plans' numerators over one positive denominator, when the fast
    /// path certified them in machine integers.
    numerators: Option<Vec<i128>>,
}

/// Tolerance of the floating-point guide.
const EPS: f64 = 1e-9;

/// Bases up to this many rows are solved by fraction-free elimination in
/// machine integers; larger ones by p-adic lifting.
const FRACTION_FREE_ROWS: usize = 200;

impl Lcp<'_> {
    /// Follows Lemke's path in floating point (the same rules, ties by the
    /// smallest row) and returns the final basis, or `None` if the path does
    /// not end within `50·n` pivots.
    fn float_basis(&self, rows: &[(Vec<(usize, i64)>, i64)]) -> Option<(Vec<usize>, usize)> {
        let n = rows.len();
        let z0 = 2 * n;
        let mut path = FloatPath::new(rows);
        let most_negative = rows.iter().map(|r| r.1).min()?;
        let first = (0..n).rev().find(|&i| rows[i].1 == most_negative)?;
        let mut leaving = path.basis[first];
        let mut d = Vec::with_capacity(n);
        let mut candidates = Vec::with_capacity(n);
        path.column_into(z0, &mut d);
        path.pivot(first, z0, &d);
        for pivots in 2..50 * n + 100 {
            let entering = if leaving < n {
                leaving + n
            } else {
                leaving - n
            };
            path.column_into(entering, &mut d);
            let r = path.ratio_row(&d, z0, &mut candidates)?;
            leaving = path.basis[r];
            path.pivot(r, entering, &d);
            if leaving == z0 {
                return Some((path.basis, pivots));
            }
        }
        None
    }

    /// The floating-point path's end basis solved exactly and checked: no
    /// complementary pair both basic, every basic value (z and w) nonnegative,
    /// the plans exact; then (w, z) solves the LCP. `None` sends the caller
    /// to exact pivoting.
    fn certified_from_float(&self) -> Option<Run> {
        let rows = self.small_rows()?;
        let n = rows.len();
        let (basis, pivots) = self.float_basis(&rows)?;
        let mut is_basic = vec![false; 2 * n];
        for &v in &basis {
            if v >= 2 * n || std::mem::replace(&mut is_basic[v], true) {
                return None;
            }
        }
        if (0..n).any(|i| is_basic[i] && is_basic[i + n]) {
            return None;
        }
        // Row i reads w_i = q̄_i + Σ_j c_ij z_j. In a complementary basis the
        // basic z_j (j in J) are exactly those whose w_j is nonbasic (0), so
        // z_J solves the square system −Σ_{j∈J} c_ij z_j = q̄_i (i in J),
        // half the size of the basis; the basic w_i follow and must be ≥ 0.
        let basic_z: Vec<usize> = (0..n).filter(|&j| is_basic[n + j]).collect();
        let mut index_in_j = vec![usize::MAX; n];
        for (a, &j) in basic_z.iter().enumerate() {
            index_in_j[j] = a;
        }
        let k = basic_z.len();
        let mut matrix = vec![vec![0i64; k]; k];
        for (a, &i) in basic_z.iter().enumerate() {
            for &(j, c) in &rows[i].0 {
                if index_in_j[j] != usize::MAX {
                    let at = &mut matrix[a][index_in_j[j]];
                    *at = at.checked_sub(c)?;
                }
            }
        }
        let rhs: Vec<i64> = basic_z.iter().map(|&i| rows[i].1).collect();
        // Machine integers first; big integers when a number does not fit.
        let machine = if k <= FRACTION_FREE_ROWS {
            crate::exact_solve::solve_fraction_free_machine(&matrix, &rhs)
        } else {
            Err(Overflow)
        };
        if let Ok(solved) = machine {
            let (values, denominator) = solved?;
            if let Ok(run) =
                self.certify_machine(&rows, &basic_z, &index_in_j, &values, denominator)
            {
                return run.map(|(z, numerators)| Run {
                    z,
                    pivots,
                    numerators: Some(numerators),
                });
            }
        }
        let (values, denominator) = if k <= FRACTION_FREE_ROWS {
            crate::exact_solve::solve_fraction_free(&matrix, &rhs)?
        } else {
            crate::exact_solve::solve_integer_system(&matrix, &rhs, false)?
        };
        if values.iter().any(|v| v.is_negative()) {
            return None;
        }
        for (i, (coefficients, q)) in rows.iter().enumerate() {
            if index_in_j[i] != usize::MAX {
                continue;
            }
            let mut w = &denominator * *q;
            for &(j, c) in coefficients {
                if index_in_j[j] != usize::MAX {
                    w += &values[index_in_j[j]] * c;
                }
            }
            if w.is_negative() {
                return None;
            }
        }
        let mut numerators = vec![BigInt::zero(); self.n1 + self.n2];
        for (a, &j) in basic_z.iter().enumerate() {
            if j < self.n1 + self.n2 {
                numerators[j] = values[a].clone();
            }
        }
        if !self.plans_exact_integer(&numerators, &denominator) {
            return None;
        }
        let z = numerators
            .into_iter()
            .map(|x| lowest_terms(x, denominator.clone()))
            .collect();
        Some(Run {
            z,
            pivots,
            numerators: None,
        })
    }

    /// The checks of [`Lcp::certified_from_float`] in `i128` on the basic z
    /// values `values / denominator` (`denominator > 0`): every value and
    /// every basic w nonnegative, the plans exact. `Ok(Some((plans,
    /// numerators)))` if they hold, `Ok(None)` if a check fails, `Err(Overflow)` if a number does
    /// not fit (the caller then repeats them in big integers).
    #[allow(clippy::type_complexity)]
    fn certify_machine(
        &self,
        rows: &[(Vec<(usize, i64)>, i64)],
        basic_z: &[usize],
        index_in_j: &[usize],
        values: &[i128],
        denominator: i128,
    ) -> Result<Option<(Vec<BigRational>, Vec<i128>)>, Overflow> {
        if values.iter().any(|&v| v < 0) {
            return Ok(None);
        }
        for (i, (coefficients, q)) in rows.iter().enumerate() {
            if index_in_j[i] != usize::MAX {
                continue;
            }
            let mut w = denominator.checked_mul(i128::from(*q)).ok_or(Overflow)?;
            for &(j, c) in coefficients {
                if index_in_j[j] != usize::MAX {
                    let term = values[index_in_j[j]]
                        .checked_mul(i128::from(c))
                        .ok_or(Overflow)?;
                    w = w.checked_add(term).ok_or(Overflow)?;
                }
            }
            if w < 0 {
                return Ok(None);
            }
        }
        let mut numerators = vec![0i128; self.n1 + self.n2];
        for (a, &j) in basic_z.iter().enumerate() {
            if j < self.n1 + self.n2 {
                numerators[j] = values[a];
            }
        }
        // E x = e d and F y = f d exactly.
        let offset = [0, self.n1];
        for p in 0..2 {
            for (r, row) in self.constraints[p].iter().enumerate() {
                let mut sum = 0i128;
                for &(s, c) in row {
                    let term = numerators[offset[p] + s]
                        .checked_mul(i128::from(c))
                        .ok_or(Overflow)?;
                    sum = sum.checked_add(term).ok_or(Overflow)?;
                }
                if sum != if r == 0 { denominator } else { 0 } {
                    return Ok(None);
                }
            }
        }
        let z = numerators
            .iter()
            .map(|&x| lowest_terms_i128(x, denominator))
            .collect::<Option<Vec<_>>>();
        Ok(z.map(|z| (z, numerators)))
    }

    /// Whether numerators `x` over the common denominator `d` start with
    /// realisation plans: `E x = e d` and `F y = f d` exactly.
    fn plans_exact_integer(&self, x: &[BigInt], d: &BigInt) -> bool {
        let offset = [0, self.n1];
        (0..2).all(|p| {
            self.constraints[p].iter().enumerate().all(|(r, row)| {
                let sum: BigInt = row.iter().map(|&(s, c)| &x[offset[p] + s] * c).sum();
                if r == 0 {
                    sum == *d
                } else {
                    sum.is_zero()
                }
            })
        })
    }

    /// The rows of [`Lcp::rows`] with `i64` coefficients below `2^40`, or
    /// `None` if a coefficient is larger (the fast path then does not apply).
    #[allow(clippy::type_complexity)]
    fn small_rows(&self) -> Option<Vec<(Vec<(usize, i64)>, i64)>> {
        use num_traits::ToPrimitive;
        self.rows()
            .into_iter()
            .map(|(coefficients, rhs)| {
                let small = coefficients
                    .into_iter()
                    .map(|(j, c)| c.to_i64().filter(|v| v.abs() < 1 << 40).map(|v| (j, v)))
                    .collect::<Option<Vec<_>>>()?;
                Some((small, rhs))
            })
            .collect()
    }

    /// Whether `z` starts with realisation plans: `E x = e` and `F y = f` exactly.
    fn plans_exact(&self, z: &[BigRational]) -> bool {
        let offset = [0, self.n1];
        (0..2).all(|p| {
            self.constraints[p].iter().enumerate().all(|(r, row)| {
                let sum: BigRational = row
                    .iter()
                    .map(|&(s, c)| &z[offset[p] + s] * BigRational::from_integer(c.into()))
                    .sum();
                sum == if r == 0 {
                    BigRational::one()
                } else {
                    BigRational::zero()
                }
            })
        })
    }

    /// The rows of `M` and `q̄`, each row a list of (column of z, coefficient),
    /// with z = (x, y, p, q):
    /// `w_x = −A y − Eᵀp`, `w_y = −Bᵀx − Fᵀq`, `w_p = E x − e`, `w_q = F y − f`.
    #[allow(clippy::type_complexity)]
    fn rows(&self) -> Vec<(Vec<(usize, BigInt)>, i64)> {
        let (n1, n2, m1, m2) = (self.n1, self.n2, self.m1, self.m2);
        let (x0, y0, p0, q0) = (0, n1, n1 + n2, n1 + n2 + m1);
        let mut rows: Vec<(Vec<(usize, BigInt)>, i64)> = vec![(Vec::new(), 0); n1 + n2 + m1 + m2];
        for (i, j, v) in &self.a {
            rows[x0 + i].0.push((y0 + j, -v));
        }
        for (i, j, v) in &self.b {
            rows[y0 + j].0.push((x0 + i, -v));
        }
        for (r, row) in self.constraints[0].iter().enumerate() {
            for &(s, c) in row {
                rows[x0 + s].0.push((p0 + r, (-c).into()));
                rows[p0 + r].0.push((x0 + s, c.into()));
            }
        }
        for (r, row) in self.constraints[1].iter().enumerate() {
            for &(s, c) in row {
                rows[y0 + s].0.push((q0 + r, (-c).into()));
                rows[q0 + r].0.push((y0 + s, c.into()));
            }
        }
        rows[p0].1 = -1;
        rows[q0].1 = -1;
        rows
    }

    /// Lemke's algorithm on `I w − M z − 1 z₀ = q̄`. Columns: w (N), z (N), z₀, right-hand side.
    fn run<T: Int>(&self) -> Result<Result<Run, ExtensiveError>, Overflow> {
        let rows = self.rows();
        let n = rows.len();
        let cols = 2 * n + 2;
        let z0 = 2 * n;
        let mut data = vec![T::int_zero(); n * cols];
        for (i, (coefficients, rhs)) in rows.iter().enumerate() {
            data[i * cols + i] = T::int_one();
            for (j, c) in coefficients {
                let at = &mut data[i * cols + n + j];
                let sum = at.to_bigint() - c;
                *at = T::from_bigint(&sum).ok_or(Overflow)?;
            }
            data[i * cols + z0] = T::from_bigint(&BigInt::from(-1)).ok_or(Overflow)?;
            data[i * cols + cols - 1] = T::from_bigint(&BigInt::from(*rhs)).ok_or(Overflow)?;
        }
        let mut t = Tableau::new(n, cols, data, (0..n).collect());
        let lex: Vec<usize> = (0..n).collect();
        // z₀ enters where q̄ is most negative (ties: the lexicographic rule, the last row).
        let most_negative = rows.iter().map(|r| r.1).min().unwrap_or(0);
        if most_negative >= 0 {
            return Ok(Err(ExtensiveError::Solver(
                "the sequence-form LCP has the trivial solution, which cannot happen".into(),
            )));
        }
        let first = (0..n)
            .rev()
            .find(|&i| rows[i].1 == most_negative)
            .unwrap_or(0);
        let mut leaving = t.basis[first];
        t.pivot(first, z0)?;
        let mut pivots = 1;
        let complement = |v: usize| if v < n { v + n } else { v - n };
        loop {
            if crate::stop::thread_stopped() {
                return Ok(Err(ExtensiveError::Interrupted));
            }
            let entering = complement(leaving);
            let candidates = t.min_ratio_rows(entering)?;
            let r = match candidates.len() {
                0 => {
                    return Ok(Err(ExtensiveError::Solver(format!(
                    "Lemke's algorithm ended on a ray after {pivots} pivots without an equilibrium"
                ))))
                }
                1 => candidates[0],
                _ => match candidates.iter().find(|&&i| t.basis[i] == z0) {
                    Some(&i) => i,
                    None => t.lexicographic_row(&candidates, entering, &lex)?,
                },
            };
            leaving = t.basis[r];
            t.pivot(r, entering)?;
            pivots += 1;
            if leaving == z0 {
                break;
            }
        }
        let det = t.det.to_bigint();
        let mut z = vec![BigRational::zero(); self.n1 + self.n2];
        for (row, &v) in t.basis.iter().enumerate() {
            if v >= n && v < n + self.n1 + self.n2 {
                z[v - n] = BigRational::new(t.rhs(row).to_bigint(), det.clone());
            }
        }
        if z.iter().any(|v| v.is_negative()) || !self.plans_exact(&z) {
            return Ok(Err(ExtensiveError::Solver(
                "Lemke's algorithm ended at a point that is not a pair of realisation plans".into(),
            )));
        }
        Ok(Ok(Run {
            z,
            pivots,
            numerators: None,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extensive::builtin::{beer_quiche, kuhn_poker};

    /// The floating-point path's basis is certified on the built-in games
    /// (the fast path is taken, not the fallback) and equals exact pivoting.
    #[test]
    fn float_basis_is_certified_on_builtin_games() {
        for game in [kuhn_poker(), beer_quiche()] {
            let (sequences, constraints) = SequenceForm::structure(&game).unwrap();
            let (a, b) = negative_integer_payoffs::<SmallRational>(&game, &sequences).unwrap();
            let lcp = Lcp {
                n1: sequences.count[0],
                n2: sequences.count[1],
                m1: constraints[0].len(),
                m2: constraints[1].len(),
                a,
                b,
                constraints: &constraints,
            };
            let fast = lcp.certified_from_float().expect("certified");
            let exact = lcp.run::<i64>().unwrap().unwrap();
            assert_eq!(fast.z, exact.z);
        }
    }
}
