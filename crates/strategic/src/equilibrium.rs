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
    if let Some(v) = bilinear_machine(x, m, y) {
        return v;
    }
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

/// The numerators of `v` over their least common denominator, and that
/// denominator, in `i128`; `None` if anything does not fit.
fn common_denominator_i128(v: &[BigRational]) -> Option<(Vec<i128>, i128)> {
    use num_integer::Integer;
    use num_traits::ToPrimitive;
    let mut d: i128 = 1;
    for p in v {
        let q = p.denom().to_i128()?;
        if d % q != 0 {
            d = (d / d.gcd(&q)).checked_mul(q)?;
        }
    }
    let numerators = v
        .iter()
        .map(|p| p.numer().to_i128()?.checked_mul(d / p.denom().to_i128()?))
        .collect::<Option<Vec<_>>>()?;
    Some((numerators, d))
}

/// [`bilinear_common_denominators`] in checked `i128` arithmetic (the
/// usual case for equilibria of games with small integer payoffs); `None`
/// on overflow or a non-integer entry of `M`.
fn bilinear_machine(x: &[BigRational], m: &Matrix, y: &[BigRational]) -> Option<BigRational> {
    use num_integer::Integer;
    use num_traits::{One, ToPrimitive};
    let (nx, dx) = common_denominator_i128(x)?;
    let (ny, dy) = common_denominator_i128(y)?;
    let mut total: i128 = 0;
    for (&xi, row) in nx.iter().zip(m) {
        if xi == 0 {
            continue;
        }
        let mut s: i128 = 0;
        for (a, &yj) in row.iter().zip(&ny) {
            if yj != 0 {
                if !a.denom().is_one() {
                    return None;
                }
                s = s.checked_add(a.numer().to_i128()?.checked_mul(yj)?)?;
            }
        }
        total = total.checked_add(xi.checked_mul(s)?)?;
    }
    let denominator = dx.checked_mul(dy)?;
    let g = total.gcd(&denominator);
    Some(BigRational::new_raw(
        BigInt::from(total / g),
        BigInt::from(denominator / g),
    ))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    #[test]
    fn machine_bilinear_matches_rationals() {
        let mut rng = SplitMix64::new(5);
        let mut draw = |max: u64| rng.below_or_equal(max) as i64;
        for size in [1usize, 2, 3, 6] {
            for scale in [10u64, 1_000_000, 1 << 40] {
                let m: Matrix = (0..size)
                    .map(|_| {
                        (0..size)
                            .map(|_| BigRational::from_integer((draw(2000) - 1000).into()))
                            .collect()
                    })
                    .collect();
                let mut vector = || -> Vec<BigRational> {
                    (0..size)
                        .map(|_| {
                            let n = draw(scale) - (scale / 3) as i64;
                            let d = draw(scale) + 1;
                            BigRational::new(n.into(), d.into())
                        })
                        .collect()
                };
                let (x, y) = (vector(), vector());
                let mut exact = BigRational::default();
                for (xi, row) in x.iter().zip(&m) {
                    for (a, yj) in row.iter().zip(&y) {
                        exact += xi * a * yj;
                    }
                }
                assert_eq!(bilinear(&x, &m, &y), exact);
                if let Some(fast) = bilinear_machine(&x, &m, &y) {
                    assert_eq!(fast, exact);
                }
            }
        }
    }
}
