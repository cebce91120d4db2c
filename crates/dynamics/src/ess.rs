//! Evolutionarily stable strategies (Maynard Smith and Price, "The logic of
//! animal conflict", Nature 246, 1973) of a symmetric game, all of them,
//! decided exactly.
//!
//! A state x is an ESS iff it is a symmetric Nash equilibrium and every
//! alternative best reply y ≠ x satisfies x·Ay > y·Ay. Writing z = y − x
//! (so z·Ax = 0 for a best reply), the condition reads zᵀAz < 0 for every
//! z ≠ 0 in the cone K = {z : Σz = 0, zⱼ = 0 off the best replies T, zⱼ ≥ 0
//! on T \ S} (S the support of x); this is Haigh's criterion ("Game theory
//! and evolution", Adv. Appl. Prob. 7, 1975) with the sign conditions that
//! make it exact when S ≠ T (Abakuks 1980; Bomze, "Detecting all
//! evolutionarily stable strategies", JOTA 75, 1992). It is decided in two
//! exact steps:
//!
//! 1. zᵀAz must be negative definite on the subspace L of the support
//!    (Σz = 0, z zero off S): Sylvester's criterion on its Gram matrix.
//! 2. Maximising over L leaves a quadratic form tᵀCt in the weights t ≥ 0
//!    of the other best replies (a Schur complement); it must be negative
//!    for every t ≥ 0, t ≠ 0: −C strictly copositive, decided by Hadeler's
//!    criterion ("On copositive matrices", Linear Algebra Appl. 49, 1983):
//!    a symmetric matrix whose principal submatrices of order k − 1 are
//!    strictly copositive is strictly copositive iff its determinant is
//!    positive or its adjugate has a negative entry.
//!
//! All ESS are found by support enumeration (Hofbauer and Sigmund,
//! *Evolutionary Games and Population Dynamics*, 1998, §6.4): an ESS is
//! the only candidate on its support, and the equal-payoff system of its
//! support is regular (otherwise a direction z in L with Az constant on S
//! would give zᵀAz = 0).

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde::Serialize;
use sprague_strategic::stop::StopCheck;

use crate::error::DynamicsError;
use crate::exact_linear::{determinant, multiply, solve, transpose, Solution};
use crate::rest_points::{equal_payoff_state, support_of, SupportSolution};
use crate::symmetric::SymmetricGame;

/// One evolutionarily stable strategy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ess {
    /// The strategies played with positive probability (0-based).
    pub support: Vec<usize>,
    /// The strategy, exactly.
    #[serde(serialize_with = "crate::serde_exact::rationals")]
    pub state: Vec<BigRational>,
    /// Its payoff against itself, x·Ax.
    #[serde(serialize_with = "crate::serde_exact::rational")]
    pub payoff: BigRational,
    /// Every pure best reply to it (a superset of the support).
    pub best_replies: Vec<usize>,
}

/// Every ESS of the game, by support enumeration (2ⁿ − 1 supports; the
/// stop check is asked at each).
///
/// ```
/// use sprague_dynamics::ess::all_ess;
/// use sprague_dynamics::symmetric::SymmetricGame;
/// use sprague_strategic::examples::example;
/// use sprague_strategic::stop::StopCheck;
/// let hd = SymmetricGame::from_game(&example("hawk-dove").unwrap()).unwrap();
/// let ess = all_ess(&hd, StopCheck::never()).unwrap();
/// assert_eq!(ess.len(), 1);
/// assert_eq!(ess[0].state[0].to_string(), "2/3"); // Hawk with probability V/C
/// ```
pub fn all_ess(game: &SymmetricGame, stop: StopCheck) -> Result<Vec<Ess>, DynamicsError> {
    let n = game.size();
    let mut masks: Vec<u32> = (1..1u32 << n).collect();
    masks.sort_by_key(|&m| (m.count_ones(), support_of(m, n)));
    let mut found = Vec::new();
    for mask in masks {
        if stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        let support = support_of(mask, n);
        let SupportSolution::Unique { x, .. } = equal_payoff_state(game, &support) else {
            continue;
        };
        if support.iter().all(|&i| x[i].is_positive()) {
            if let Some(ess) = check_ess(game, &x, stop)? {
                found.push(ess);
            }
        }
    }
    Ok(found)
}

/// Whether the state `x` (a probability vector) is an ESS, decided
/// exactly; the record when it is.
///
/// ```
/// use sprague_dynamics::ess::check_ess;
/// use sprague_dynamics::symmetric::SymmetricGame;
/// use sprague_strategic::examples::example;
/// use sprague_strategic::stop::StopCheck;
/// use num_rational::BigRational;
/// let rps = SymmetricGame::from_game(&example("rock-paper-scissors").unwrap()).unwrap();
/// let third = BigRational::new(1.into(), 3.into());
/// // The equilibrium of zero-sum rock-paper-scissors is not an ESS: z·Az = 0.
/// assert!(check_ess(&rps, &[third.clone(), third.clone(), third], StopCheck::never())
///     .unwrap().is_none());
/// ```
pub fn check_ess(
    game: &SymmetricGame,
    x: &[BigRational],
    stop: StopCheck,
) -> Result<Option<Ess>, DynamicsError> {
    let n = game.size();
    if x.len() != n
        || x.iter().any(Signed::is_negative)
        || x.iter().sum::<BigRational>() != BigRational::one()
    {
        return Err(DynamicsError::Parameter(format!(
            "the state must be {n} non-negative shares adding up to 1"
        )));
    }
    let ax = game.payoffs_against(x);
    let payoff: BigRational = ax.iter().zip(x).map(|(v, xi)| v * xi).sum();
    if ax.iter().any(|v| v > &payoff) {
        return Ok(None);
    }
    let support: Vec<usize> = (0..n).filter(|&i| x[i].is_positive()).collect();
    let best_replies: Vec<usize> = (0..n).filter(|&i| ax[i] == payoff).collect();
    let others: Vec<usize> = best_replies
        .iter()
        .copied()
        .filter(|i| !support.contains(i))
        .collect();
    if !second_order_condition(game, &support, &others, stop)? {
        return Ok(None);
    }
    Ok(Some(Ess {
        support,
        state: x.to_vec(),
        payoff,
        best_replies,
    }))
}

/// The symmetric part (A + Aᵀ)/2 of the payoff matrix.
fn symmetric_part(game: &SymmetricGame) -> Vec<Vec<BigRational>> {
    let a = game.matrix();
    let half = BigRational::new(1.into(), 2.into());
    (0..a.len())
        .map(|i| {
            (0..a.len())
                .map(|j| (&a[i][j] + &a[j][i]) * &half)
                .collect()
        })
        .collect()
}

/// The columns eⱼ − e_base for j in `strategies`, as an n×k matrix.
fn differences(n: usize, base: usize, strategies: &[usize]) -> Vec<Vec<BigRational>> {
    (0..n)
        .map(|i| {
            strategies
                .iter()
                .map(|&j| {
                    let mut v = BigRational::zero();
                    if i == j {
                        v += BigRational::one();
                    }
                    if i == base {
                        v -= BigRational::one();
                    }
                    v
                })
                .collect()
        })
        .collect()
}

/// zᵀAz < 0 for every z ≠ 0 in the cone of the module documentation.
fn second_order_condition(
    game: &SymmetricGame,
    support: &[usize],
    others: &[usize],
    stop: StopCheck,
) -> Result<bool, DynamicsError> {
    let n = game.size();
    let m = symmetric_part(game);
    let base = support[0];
    let p = differences(n, base, &support[1..]);
    let d = differences(n, base, others);
    let mp = multiply(&m, &p);
    let h = multiply(&transpose(&p, support.len() - 1), &mp);
    if !negative_definite(&h) {
        return Ok(false);
    }
    if others.is_empty() {
        return Ok(true);
    }
    let dt = transpose(&d, others.len());
    let mut c = multiply(&dt, &multiply(&m, &d));
    if !h.is_empty() {
        // C = DᵀMD − Gᵀ · H⁻¹ · G with G = PᵀMD, one column of H⁻¹G at a time.
        let g = multiply(&transpose(&mp, h.len()), &d);
        let gt = multiply(&dt, &mp);
        for col in 0..others.len() {
            let rhs: Vec<BigRational> = g.iter().map(|row| row[col].clone()).collect();
            let Solution::Unique(y) = solve(&h, &rhs) else {
                unreachable!("a negative definite matrix is regular");
            };
            for (row, gt_row) in gt.iter().enumerate() {
                let correction: BigRational = gt_row.iter().zip(&y).map(|(a, b)| a * b).sum();
                c[row][col] -= correction;
            }
        }
    }
    let negated: Vec<Vec<BigRational>> = c
        .iter()
        .map(|row| row.iter().map(|v| -v).collect())
        .collect();
    strictly_copositive(&negated, stop)
}

/// Sylvester's criterion for negative definiteness of a symmetric matrix:
/// the leading principal minors alternate in sign, the first negative.
fn negative_definite(h: &[Vec<BigRational>]) -> bool {
    (1..=h.len()).all(|k| {
        let minor: Vec<Vec<BigRational>> = h[..k].iter().map(|r| r[..k].to_vec()).collect();
        let det = determinant(&minor);
        if k % 2 == 1 {
            det.is_negative()
        } else {
            det.is_positive()
        }
    })
}

/// Whether the symmetric matrix `q` is strictly copositive (tᵀqt > 0 for
/// every t ≥ 0, t ≠ 0), by Hadeler's criterion on every principal
/// submatrix, smallest first.
pub fn strictly_copositive(q: &[Vec<BigRational>], stop: StopCheck) -> Result<bool, DynamicsError> {
    let k = q.len();
    if k > 20 {
        return Err(crate::error::too_large(
            "the number of alternative best replies",
            k,
            20,
        ));
    }
    let mut masks: Vec<u32> = (1..1u32 << k).collect();
    masks.sort_by_key(|m| m.count_ones());
    for mask in masks {
        if stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        let index = support_of(mask, k);
        let sub: Vec<Vec<BigRational>> = index
            .iter()
            .map(|&i| index.iter().map(|&j| q[i][j].clone()).collect())
            .collect();
        if !determinant(&sub).is_positive() && !adjugate_has_negative_entry(&sub) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether some cofactor of the symmetric matrix `m` (an entry of its
/// adjugate) is negative. The adjugate of a 1×1 matrix is (1).
fn adjugate_has_negative_entry(m: &[Vec<BigRational>]) -> bool {
    let k = m.len();
    if k == 1 {
        return false;
    }
    (0..k).any(|i| {
        (i..k).any(|j| {
            let minor: Vec<Vec<BigRational>> = (0..k)
                .filter(|&r| r != j)
                .map(|r| {
                    (0..k)
                        .filter(|&c| c != i)
                        .map(|c| m[r][c].clone())
                        .collect()
                })
                .collect();
            let cofactor = determinant(&minor);
            if (i + j) % 2 == 0 {
                cofactor.is_negative()
            } else {
                cofactor.is_positive()
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64) -> BigRational {
        BigRational::from_integer(n.into())
    }

    #[test]
    fn copositivity_of_two_by_two_matches_the_closed_form() {
        // [[a, b], [b, c]] with a, c > 0 is strictly copositive iff b > −√(ac).
        for a in 1..4 {
            for c in 1..4 {
                for b in -5..5 {
                    let q = vec![vec![r(a), r(b)], vec![r(b), r(c)]];
                    let expected = b >= 0 || b * b < a * c;
                    assert_eq!(
                        strictly_copositive(&q, StopCheck::never()).unwrap(),
                        expected,
                        "a={a} b={b} c={c}"
                    );
                }
            }
        }
    }
}
