//! The rest points of the replicator dynamics ẋᵢ = xᵢ((Ax)ᵢ − x·Ax) of a
//! symmetric game, exactly, with their stability.
//!
//! A state x is a rest point iff every strategy in its support earns the
//! same payoff (Hofbauer and Sigmund 1998, §7.2): so for each support S the
//! rest points in the relative interior of the face of S solve the linear
//! system (Ax)ᵢ = c (i ∈ S), Σ xᵢ = 1, xⱼ = 0 (j ∉ S) with every xᵢ > 0 on S.
//! When that system is regular it has one solution, found in exact rational
//! arithmetic; when it is singular and consistent the face's rest points (if
//! any) are not isolated: the face is reported, its points are not listed.
//!
//! Stability comes from the Jacobian on the simplex (the last share
//! eliminated, xₙ = 1 − Σ the others), whose characteristic polynomial has
//! rational coefficients; [`crate::routh_hurwitz`] decides the signs of the
//! real parts of its roots where that can be done exactly.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde::Serialize;
use sprague_strategic::stop::StopCheck;

use crate::error::DynamicsError;
use crate::exact_linear::{solve, Solution};
use crate::routh_hurwitz::{characteristic_polynomial, classify, Stability};
use crate::symmetric::SymmetricGame;

/// How the equal-payoff system of one support came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SupportSolution {
    /// The system is regular: its solution `x` (a full-length vector, zero
    /// off the support; possibly with negative entries) and the common
    /// payoff `c`.
    Unique {
        /// The solution, zero off the support.
        x: Vec<BigRational>,
        /// The payoff every strategy of the support earns.
        payoff: BigRational,
    },
    /// The system is singular; `consistent` says whether it has solutions.
    Singular {
        /// Whether the system has (infinitely many) solutions.
        consistent: bool,
    },
}

/// Solves (Ax)ᵢ = c for i in `support`, Σ xᵢ = 1, x zero off the support.
///
/// ```
/// use sprague_dynamics::rest_points::{equal_payoff_state, SupportSolution};
/// use sprague_dynamics::symmetric::SymmetricGame;
/// use sprague_strategic::examples::example;
/// let hd = SymmetricGame::from_game(&example("hawk-dove").unwrap()).unwrap();
/// let SupportSolution::Unique { x, .. } = equal_payoff_state(&hd, &[0, 1]) else { panic!() };
/// assert_eq!(x[0].to_string(), "2/3");
/// ```
pub fn equal_payoff_state(game: &SymmetricGame, support: &[usize]) -> SupportSolution {
    let a = game.matrix();
    let k = support.len();
    let mut m = Vec::with_capacity(k + 1);
    for &i in support {
        let mut row: Vec<BigRational> = support.iter().map(|&j| a[i][j].clone()).collect();
        row.push(-BigRational::one());
        m.push(row);
    }
    let mut last = vec![BigRational::one(); k];
    last.push(BigRational::zero());
    m.push(last);
    let mut b = vec![BigRational::zero(); k];
    b.push(BigRational::one());
    match solve(&m, &b) {
        Solution::Unique(z) => {
            let mut x = vec![BigRational::zero(); game.size()];
            for (&i, v) in support.iter().zip(&z) {
                x[i] = v.clone();
            }
            SupportSolution::Unique {
                x,
                payoff: z[k].clone(),
            }
        }
        Solution::Singular { consistent } => SupportSolution::Singular { consistent },
    }
}

/// The strategies in the support `mask` (bit i for strategy i).
pub(crate) fn support_of(mask: u32, n: usize) -> Vec<usize> {
    (0..n).filter(|&i| mask >> i & 1 == 1).collect()
}

/// One isolated rest point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RestPoint {
    /// The strategies with positive share (0-based).
    pub support: Vec<usize>,
    /// The state, exactly.
    #[serde(serialize_with = "crate::serde_exact::rationals")]
    pub state: Vec<BigRational>,
    /// The mean payoff x·Ax (every strategy of the support earns it).
    #[serde(serialize_with = "crate::serde_exact::rational")]
    pub mean_payoff: BigRational,
    /// Whether the state is a symmetric Nash equilibrium (no strategy earns more).
    pub nash: bool,
    /// The characteristic polynomial of the Jacobian on the simplex, highest
    /// coefficient first.
    #[serde(serialize_with = "crate::serde_exact::rationals")]
    pub characteristic_polynomial: Vec<BigRational>,
    /// The stability the linearisation implies.
    pub stability: Stability,
}

/// Every rest point of the replicator dynamics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RestPoints {
    /// The isolated rest points, by support (smaller supports first).
    pub points: Vec<RestPoint>,
    /// Supports whose equal-payoff system is singular but consistent: any
    /// rest points inside these faces are not isolated and are not listed.
    pub singular_faces: Vec<Vec<usize>>,
}

/// The rest points of the replicator dynamics, one support at a time
/// (2ⁿ − 1 supports; the stop check is asked at each).
///
/// ```
/// use sprague_dynamics::rest_points::rest_points;
/// use sprague_dynamics::symmetric::SymmetricGame;
/// use sprague_strategic::examples::example;
/// use sprague_strategic::stop::StopCheck;
/// let hd = SymmetricGame::from_game(&example("hawk-dove").unwrap()).unwrap();
/// let found = rest_points(&hd, StopCheck::never()).unwrap();
/// assert_eq!(found.points.len(), 3); // all Hawk, all Dove, and 2/3 Hawk
/// let mixed = &found.points[2];
/// assert_eq!(mixed.stability.word(), "asymptotically stable");
/// ```
pub fn rest_points(game: &SymmetricGame, stop: StopCheck) -> Result<RestPoints, DynamicsError> {
    let n = game.size();
    let mut masks: Vec<u32> = (1..1u32 << n).collect();
    masks.sort_by_key(|&m| (m.count_ones(), support_of(m, n)));
    let mut found = RestPoints {
        points: Vec::new(),
        singular_faces: Vec::new(),
    };
    for mask in masks {
        if stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        let support = support_of(mask, n);
        match equal_payoff_state(game, &support) {
            SupportSolution::Unique { x, payoff } => {
                if support.iter().all(|&i| x[i].is_positive()) {
                    found.points.push(describe(game, support, x, payoff));
                }
            }
            SupportSolution::Singular { consistent: true } => found.singular_faces.push(support),
            SupportSolution::Singular { consistent: false } => {}
        }
    }
    Ok(found)
}

/// The record of the rest point `x` with support `support`.
fn describe(
    game: &SymmetricGame,
    support: Vec<usize>,
    x: Vec<BigRational>,
    payoff: BigRational,
) -> RestPoint {
    let nash = game.payoffs_against(&x).iter().all(|v| v <= &payoff);
    let polynomial = characteristic_polynomial(&jacobian(game, &x));
    RestPoint {
        support,
        stability: classify(&polynomial),
        characteristic_polynomial: polynomial,
        state: x,
        mean_payoff: payoff,
        nash,
    }
}

/// The Jacobian of the replicator dynamics at `x` in the coordinates
/// x₁, …, xₙ₋₁ of the simplex (xₙ = 1 − Σ the others): an (n−1)×(n−1) matrix.
///
/// ```
/// use sprague_dynamics::rest_points::jacobian;
/// use sprague_dynamics::symmetric::SymmetricGame;
/// use sprague_strategic::examples::example;
/// use num_rational::BigRational;
/// let hd = SymmetricGame::from_game(&example("hawk-dove").unwrap()).unwrap();
/// let q = |p: i64, d: i64| BigRational::new(p.into(), d.into());
/// // ẋ = x(1−x)(2 − 3x) for the share x of Hawks: slope −2/3 at x = 2/3.
/// assert_eq!(jacobian(&hd, &[q(2, 3), q(1, 3)]), vec![vec![q(-2, 3)]]);
/// ```
pub fn jacobian(game: &SymmetricGame, x: &[BigRational]) -> Vec<Vec<BigRational>> {
    let a = game.matrix();
    let n = game.size();
    let ax = game.payoffs_against(x);
    let atx: Vec<BigRational> = (0..n)
        .map(|j| (0..n).map(|i| &a[i][j] * &x[i]).sum())
        .collect();
    let mean: BigRational = ax.iter().zip(x).map(|(v, xi)| v * xi).sum();
    let full = |i: usize, j: usize| -> BigRational {
        let mut d = &x[i] * (&a[i][j] - &ax[j] - &atx[j]);
        if i == j {
            d += &ax[i] - &mean;
        }
        d
    };
    (0..n - 1)
        .map(|i| (0..n - 1).map(|j| full(i, j) - full(i, n - 1)).collect())
        .collect()
}
