//! Mixed-strategy equilibria as results: a profile and its payoffs.

use num_bigint::BigInt;
use num_rational::BigRational;

use crate::game::{Matrix, MixedProfile};

/// A Nash equilibrium: one probability vector per player (in the order of
/// the game's strategies) and every player's expected payoff.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Equilibrium {
    /// The mixed strategies, one vector per player.
    pub strategies: MixedProfile,
    /// The expected payoffs, one per player.
    pub payoffs: Vec<BigRational>,
}

/// `x^T M y` exactly.
pub fn bilinear(x: &[BigRational], m: &Matrix, y: &[BigRational]) -> BigRational {
    if let Some(v) = bilinear_common_denominators(x, m, y) {
        return v;
    }
    let mut total = BigRational::default();
    for (xi, row) in x.iter().zip(m) {
        if *xi == BigRational::default() {
            continue;
        }
        let mut s = BigRational::default();
        for (a, yj) in row.iter().zip(y) {
            if *yj != BigRational::default() {
                s += a * yj;
            }
        }
        total += xi * s;
    }
    total
}

/// `x^T M y` for an integer matrix, computed over the common denominators
/// of `x` and `y` with one final reduction (much faster than summing
/// rationals); `None` if `M` has a non-integer entry.
fn bilinear_common_denominators(
    x: &[BigRational],
    m: &Matrix,
    y: &[BigRational],
) -> Option<BigRational> {
    use num_integer::Integer;
    use num_traits::{One, Zero};
    if m.iter().flatten().any(|v| !v.denom().is_one()) {
        return None;
    }
    let lcm = |v: &[BigRational]| {
        v.iter().fold(BigInt::one(), |l, p| {
            if p.is_zero() {
                l
            } else {
                l.lcm(p.denom())
            }
        })
    };
    let (dx, dy) = (lcm(x), lcm(y));
    let nx: Vec<BigInt> = x.iter().map(|p| p.numer() * (&dx / p.denom())).collect();
    let ny: Vec<BigInt> = y.iter().map(|p| p.numer() * (&dy / p.denom())).collect();
    let mut total = BigInt::zero();
    for (xi, row) in nx.iter().zip(m) {
        if xi.is_zero() {
            continue;
        }
        let mut s = BigInt::zero();
        for (a, yj) in row.iter().zip(&ny) {
            if !yj.is_zero() && !a.is_zero() {
                s += a.numer() * yj;
            }
        }
        total += xi * s;
    }
    Some(BigRational::new(total, dx * dy))
}

impl Equilibrium {
    /// The equilibrium `(x, y)` of the bimatrix game `(a, b)` with its payoffs.
    pub fn bimatrix(a: &Matrix, b: &Matrix, x: Vec<BigRational>, y: Vec<BigRational>) -> Self {
        let payoffs = vec![bilinear(&x, a, &y), bilinear(&x, b, &y)];
        Equilibrium {
            strategies: vec![x, y],
            payoffs,
        }
    }
}

/// Whether `(x, y)` is a Nash equilibrium of `(a, b)`, checked exactly: both
/// are probability vectors and no pure strategy does better than the
/// equilibrium payoff.
pub fn is_bimatrix_nash(a: &Matrix, b: &Matrix, x: &[BigRational], y: &[BigRational]) -> bool {
    let zero = BigRational::default();
    let one = BigRational::from_integer(1.into());
    let prob =
        |v: &[BigRational]| v.iter().all(|p| *p >= zero) && v.iter().sum::<BigRational>() == one;
    if !prob(x) || !prob(y) || a.len() != x.len() || a.first().map(Vec::len) != Some(y.len()) {
        return false;
    }
    let u = bilinear(x, a, y);
    let v = bilinear(x, b, y);
    let row_ok = a
        .iter()
        .all(|row| row.iter().zip(y).map(|(p, q)| p * q).sum::<BigRational>() <= u);
    let col_ok = (0..y.len()).all(|j| {
        x.iter()
            .zip(b)
            .map(|(p, row)| p * &row[j])
            .sum::<BigRational>()
            <= v
    });
    row_ok && col_ok
}
