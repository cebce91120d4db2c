//! Nash equilibria of bimatrix games by support enumeration: for every pair
//! of supports of equal size, solve the indifference equations exactly and
//! keep the solutions that are probability vectors with no better pure reply
//! (Mangasarian 1964; Dickhaut and Kaplan 1991; von Stengel, Handbook of Game
//! Theory 3, 2002, §2.4 for why equal sizes suffice for nondegenerate games).
//!
//! For nondegenerate games this finds exactly the equilibria that vertex
//! enumeration finds; for degenerate games it may miss some (as Nashpy's
//! support enumeration does). It is exact (rational Gaussian elimination) and
//! meant for small games and for cross-checking; n-player games with n ≥ 3
//! have polynomial, not linear, indifference equations and are not handled
//! here (their pure equilibria are, see [`crate::pure`]).

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::equilibrium::{is_bimatrix_nash, Equilibrium};
use crate::error::StrategicError;
use crate::game::Matrix;

/// The default limit on the number of support pairs.
pub const DEFAULT_SUPPORT_LIMIT: u128 = 2_000_000;

/// The number of support pairs of equal size, `sum_k C(m,k) C(n,k) = C(m+n, m) - 1`.
pub fn support_pair_count(m: usize, n: usize) -> u128 {
    let mut r: u128 = 1;
    for i in 0..m.min(n) {
        r = r.saturating_mul((m + n - i) as u128) / (i as u128 + 1);
    }
    r.saturating_sub(1)
}

/// Solves `M z = r` exactly; `None` if `M` is singular.
pub fn solve_linear(
    mut m: Vec<Vec<BigRational>>,
    mut r: Vec<BigRational>,
) -> Option<Vec<BigRational>> {
    let k = m.len();
    for col in 0..k {
        let pivot = (col..k).find(|&i| !m[i][col].is_zero())?;
        m.swap(col, pivot);
        r.swap(col, pivot);
        let inv = BigRational::one() / &m[col][col];
        for j in col..k {
            m[col][j] = &m[col][j] * &inv;
        }
        r[col] = &r[col] * &inv;
        for i in 0..k {
            if i != col && !m[i][col].is_zero() {
                let f = m[i][col].clone();
                for j in col..k {
                    let t = &f * &m[col][j];
                    m[i][j] -= t;
                }
                let t = &f * &r[col];
                r[i] -= t;
            }
        }
    }
    Some(r)
}

fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(k);
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            if n - i < k - cur.len() {
                break;
            }
            cur.push(i);
            rec(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    rec(0, n, k, &mut cur, &mut out);
    out
}

/// The strategy on `support` that makes the opponent (payoffs `m`, indexed
/// `[own][opponent]` after transposition as needed) indifferent among
/// `other_support`: solves `sum_i z_i m[i][j] = v` for `j` in
/// `other_support`, `sum z = 1`.
fn indifferent(
    payoff: impl Fn(usize, usize) -> BigRational,
    support: &[usize],
    other_support: &[usize],
    size: usize,
) -> Option<Vec<BigRational>> {
    let k = support.len();
    // Unknowns: z (k) and v.
    let mut rows = Vec::with_capacity(k + 1);
    let mut rhs = Vec::with_capacity(k + 1);
    for &j in other_support {
        let mut row: Vec<BigRational> = support.iter().map(|&i| payoff(i, j)).collect();
        row.push(-BigRational::one());
        rows.push(row);
        rhs.push(BigRational::zero());
    }
    let mut sum = vec![BigRational::one(); k];
    sum.push(BigRational::zero());
    rows.push(sum);
    rhs.push(BigRational::one());
    let solution = solve_linear(rows, rhs)?;
    let mut z = vec![BigRational::zero(); size];
    for (t, &i) in support.iter().enumerate() {
        if solution[t] < BigRational::zero() {
            return None;
        }
        z[i] = solution[t].clone();
    }
    Some(z)
}

/// All equilibria found by support enumeration over equal-size supports.
pub fn support_enumeration(
    a: &Matrix,
    b: &Matrix,
    limit: Option<u128>,
) -> Result<Vec<Equilibrium>, StrategicError> {
    let m = a.len();
    let n = a.first().map_or(0, Vec::len);
    if m == 0 {
        return Err(StrategicError::NoStrategies { player: 1 });
    }
    if n == 0 {
        return Err(StrategicError::NoStrategies { player: 2 });
    }
    let count = support_pair_count(m, n);
    if let Some(limit) = limit {
        if count > limit {
            return Err(StrategicError::TooLarge {
                method: format!("support enumeration of a {m}x{n} game"),
                what: "support pairs".into(),
                count: count.to_string(),
                limit: limit.to_string(),
            });
        }
    }
    let mut found = Vec::new();
    for k in 1..=m.min(n) {
        let rows = subsets(m, k);
        let cols = subsets(n, k);
        for i in &rows {
            for j in &cols {
                // x makes player 2 indifferent on J (payoffs B), y makes player 1 indifferent on I (A).
                let Some(x) = indifferent(|r, c| b[r][c].clone(), i, j, m) else {
                    continue;
                };
                let Some(y) = indifferent(|c, r| a[r][c].clone(), j, i, n) else {
                    continue;
                };
                if is_bimatrix_nash(a, b, &x, &y) {
                    let e = Equilibrium::bimatrix(a, b, x, y);
                    if !found.contains(&e) {
                        found.push(e);
                    }
                }
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::example;

    #[test]
    fn battle_of_the_sexes() {
        let (a, b) = example("battle-of-the-sexes").unwrap().bimatrix().unwrap();
        let eq = support_enumeration(&a, &b, None).unwrap();
        assert_eq!(eq.len(), 3);
        let q = |p: i64, d: i64| BigRational::new(p.into(), d.into());
        assert!(eq
            .iter()
            .any(|e| e.strategies == vec![vec![q(2, 3), q(1, 3)], vec![q(1, 3), q(2, 3)]]));
        assert_eq!(support_pair_count(2, 2), 5);
    }
}
