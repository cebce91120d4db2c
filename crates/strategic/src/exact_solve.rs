//! Exact solution of square integer linear systems by p-adic lifting
//! (Dixon, "Exact solution of linear equations using p-adic expansions",
//! Numerische Mathematik 40, 1982), with rational reconstruction (Wang 1981;
//! von zur Gathen and Gerhard, "Modern Computer Algebra", §5.10).
//!
//! `M z = b` is solved modulo a prime `p < 2^31` once (an LU factorisation),
//! then the solution is lifted digit by digit to `p^s` with machine integers
//! only, `s` chosen from Hadamard's bound so that the rational solution is
//! determined, and reconstructed as numerators over one common denominator.
//! The result is then checked exactly (`M N = b D` in big integers), so a
//! returned solution is always right. Used to certify the bases that the
//! floating-point guides of [`crate::zero_sum`] and
//! [`crate::lemke_howson`] propose. Small sparse systems (the bases of the
//! sequence-form solvers) are solved instead by fraction-free elimination
//! and back substitution ([`solve_fraction_free`], Bareiss 1968) in machine
//! integers, escalating to big integers on overflow.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// Deterministic Miller–Rabin for 32-bit candidates.
fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let (mut d, mut r) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        r += 1;
    }
    'witness: for a in [2u64, 3, 5, 7] {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..r {
            x = x * x % n;
            if x == n - 1 {
                continue 'witness;
            }
        }
        return false;
    }
    true
}

fn pow_mod(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % m;
        }
        b = b * b % m;
        e >>= 1;
    }
    r
}

/// Barrett reduction modulo a prime `p < 2^31` of products below `2^62`.
struct Barrett {
    p: u64,
    mu: u64,
}

impl Barrett {
    fn new(p: u64) -> Self {
        Barrett {
            p,
            mu: ((1u128 << 64) / u128::from(p)) as u64,
        }
    }

    #[inline(always)]
    fn reduce(&self, x: u64) -> u64 {
        let q = ((u128::from(x) * u128::from(self.mu)) >> 64) as u64;
        let r = x - q * self.p;
        if r >= self.p {
            r - self.p
        } else {
            r
        }
    }
}

/// An LU factorisation of a square matrix modulo `p`.
struct LuMod {
    p: u64,
    k: usize,
    /// Row-major; L below the diagonal (unit diagonal), U on and above.
    lu: Vec<u64>,
    /// `perm[i]`: the original row in position `i`.
    perm: Vec<usize>,
    /// Inverses of the diagonal of U.
    inv_diag: Vec<u64>,
}

impl LuMod {
    fn new(m: &[Vec<i64>], p: u64) -> Option<LuMod> {
        let k = m.len();
        let mut lu: Vec<u64> = m
            .iter()
            .flat_map(|r| r.iter().map(|&x| x.rem_euclid(p as i64) as u64))
            .collect();
        let mut perm: Vec<usize> = (0..k).collect();
        for c in 0..k {
            let pivot = (c..k).find(|&r| lu[r * k + c] != 0)?;
            if pivot != c {
                for j in 0..k {
                    lu.swap(c * k + j, pivot * k + j);
                }
                perm.swap(c, pivot);
            }
            let inv = pow_mod(lu[c * k + c], p - 2, p);
            let barrett = Barrett::new(p);
            let (head, tail) = lu.split_at_mut((c + 1) * k);
            let pivot_row = &head[c * k..(c + 1) * k];
            for row in tail.chunks_exact_mut(k) {
                let f = row[c] * inv % p;
                row[c] = f;
                if f != 0 {
                    for (v, &u) in row[c + 1..].iter_mut().zip(&pivot_row[c + 1..]) {
                        let t = barrett.reduce(f * u);
                        *v = if *v >= t { *v - t } else { *v + p - t };
                    }
                }
            }
        }
        let inv_diag = (0..k).map(|i| pow_mod(lu[i * k + i], p - 2, p)).collect();
        Some(LuMod {
            p,
            k,
            lu,
            perm,
            inv_diag,
        })
    }

    /// Solves `M z = r` modulo `p`. Products are below `2^62`, so up to 64
    /// of them are summed in a `u128` before one reduction.
    fn solve(&self, r: &[u64]) -> Vec<u64> {
        let (p, k) = (self.p, self.k);
        let p128 = u128::from(p);
        let mut y: Vec<u64> = self.perm.iter().map(|&i| r[i]).collect();
        for i in 0..k {
            let row = &self.lu[i * k..i * k + i];
            let s: u128 = row
                .iter()
                .zip(&y[..i])
                .map(|(&l, &v)| u128::from(l * v))
                .sum();
            let s = (s % p128) as u64;
            y[i] = (y[i] + p - s) % p;
        }
        for i in (0..k).rev() {
            let row = &self.lu[i * k + i + 1..(i + 1) * k];
            let s: u128 = row
                .iter()
                .zip(&y[i + 1..])
                .map(|(&u, &v)| u128::from(u * v))
                .sum();
            let s = (s % p128) as u64;
            y[i] = (y[i] + p - s) % p * self.inv_diag[i] % p;
        }
        y
    }
}

/// Rational reconstruction of `x mod modulus`: `(n, d)` with `n = d x` and
/// `|n|, d <= bound`, if it exists.
fn reconstruct(x: &BigInt, modulus: &BigInt, bound: &BigInt) -> Option<(BigInt, BigInt)> {
    let (mut r0, mut r1) = (modulus.clone(), x.mod_floor(modulus));
    let (mut t0, mut t1) = (BigInt::zero(), BigInt::one());
    while &r1 > bound {
        let q = &r0 / &r1;
        let r2 = &r0 - &q * &r1;
        r0 = std::mem::replace(&mut r1, r2);
        let t2 = &t0 - &q * &t1;
        t0 = std::mem::replace(&mut t1, t2);
    }
    if t1.is_zero() || t1.abs() > *bound {
        return None;
    }
    if t1.is_negative() {
        Some((-r1, -t1))
    } else {
        Some((r1, t1))
    }
}

/// Solves `M z = b` (or `M^T z = b` if `transposed`) exactly for a square
/// integer matrix with entries below `2^40` in absolute value. Returns the
/// numerators and the positive common denominator, or `None` if `M` is
/// singular (or the entries are too large for this method).
pub fn solve_integer_system(
    m: &[Vec<i64>],
    b: &[i64],
    transposed: bool,
) -> Option<(Vec<BigInt>, BigInt)> {
    let k = m.len();
    if k == 0 {
        return Some((Vec::new(), BigInt::one()));
    }
    let limit = 1i64 << 40;
    if m.iter().flatten().chain(b).any(|x| x.abs() >= limit)
        || m.iter().any(|r| r.len() != k)
        || b.len() != k
    {
        return None;
    }
    let matrix: Vec<Vec<i64>> = if transposed {
        (0..k).map(|i| (0..k).map(|j| m[j][i]).collect()).collect()
    } else {
        m.to_vec()
    };
    // Hadamard bound on numerators and denominator (rows of [M | b]).
    let mut bits = 0.0f64;
    for (row, &bi) in matrix.iter().zip(b) {
        let n2: f64 =
            row.iter().map(|&x| (x as f64).powi(2)).sum::<f64>() + (bi as f64).powi(2) + 1.0;
        bits += 0.5 * n2.log2();
    }
    let mut p = (1u64 << 31) - 1;
    let lu = loop {
        if let Some(lu) = LuMod::new(&matrix, p) {
            break lu;
        }
        // Singular modulo p: try a few more primes before concluding.
        loop {
            p -= 2;
            if is_prime(p) {
                break;
            }
        }
        if p < (1u64 << 31) - 2000 {
            return None;
        }
    };
    let steps = ((2.0 * bits + 8.0) / (p as f64).log2()).ceil() as usize + 2;
    let mut residual: Vec<i128> = b.iter().map(|&x| i128::from(x)).collect();
    let mut digits: Vec<Vec<u64>> = Vec::with_capacity(steps);
    let pi = i128::from(p as i64);
    for _ in 0..steps {
        let r: Vec<u64> = residual.iter().map(|x| x.rem_euclid(pi) as u64).collect();
        let x = lu.solve(&r);
        for i in 0..k {
            let s: i128 = matrix[i]
                .iter()
                .zip(&x)
                .map(|(&a, &d)| i128::from(a) * i128::from(d as i64))
                .sum();
            residual[i] = (residual[i] - s) / pi;
        }
        digits.push(x);
    }
    let big_p = BigInt::from(p);
    let modulus = num_traits::pow(big_p.clone(), steps);
    // bound = floor(sqrt(modulus / 2))
    let bound: BigInt = (&modulus / BigInt::from(2)).sqrt();
    let mut values: Vec<BigInt> = (0..k)
        .map(|i| {
            let mut v = BigInt::zero();
            for d in digits.iter().rev() {
                v = v * &big_p + d[i];
            }
            v
        })
        .collect();
    let mut den = BigInt::one();
    let half: BigInt = &modulus / BigInt::from(2);
    for v in values.iter_mut() {
        let mut y = (&*v * &den).mod_floor(&modulus);
        if y > half {
            y -= &modulus;
        }
        if y.abs() > bound {
            let (_, d) = reconstruct(&y, &modulus, &bound)?;
            den *= d;
        }
    }
    for v in values.iter_mut() {
        let mut y = (&*v * &den).mod_floor(&modulus);
        if y > half {
            y -= &modulus;
        }
        *v = y;
    }
    // Lowest terms and an exact check.
    let g = values.iter().fold(den.clone(), |g, v| g.gcd(v));
    if !g.is_one() && !g.is_zero() {
        for v in values.iter_mut() {
            *v = &*v / &g;
        }
        den = &den / &g;
    }
    for i in 0..k {
        let s: BigInt = matrix[i]
            .iter()
            .zip(&values)
            .filter(|(a, _)| **a != 0)
            .map(|(&a, v)| v * a)
            .sum();
        if s != &den * b[i] {
            return None;
        }
    }
    Some((values, den))
}

/// Solves `M z = b` exactly for a square integer matrix by fraction-free
/// elimination (Bareiss, "Sylvester's identity and multistep
/// integer-preserving Gaussian elimination", Math. Comp. 22, 1968) and back
/// substitution of the numerators: `i64` entries with 128-bit
/// intermediates, then `i128`, then big integers on overflow, so the answer
/// is always exact.
/// Every entry of the elimination is a minor of `[M | b]` (the back
/// substitution forms products of two), so for the small, sparse systems of
/// the floating-point guides' bases this stays in machine integers and needs
/// no big-integer arithmetic until the result. Returns
/// the numerators and the positive common denominator (in lowest terms), or
/// `None` if `M` is singular.
///
/// ```
/// use sprague_strategic::exact_solve::solve_fraction_free;
/// // [[2,1],[1,3]] z = [1,1] -> z = (2/5, 1/5).
/// let (n, d) = solve_fraction_free(&[vec![2, 1], vec![1, 3]], &[1, 1]).unwrap();
/// assert_eq!((n[0].to_string(), n[1].to_string(), d.to_string()), ("2".into(), "1".into(), "5".into()));
/// ```
pub fn solve_fraction_free(m: &[Vec<i64>], b: &[i64]) -> Option<(Vec<BigInt>, BigInt)> {
    let k = m.len();
    if m.iter().any(|r| r.len() != k) || b.len() != k {
        return None;
    }
    crate::integer::with_escalation(
        || fraction_free_in::<i64>(m, b),
        || fraction_free_in::<i128>(m, b),
        || fraction_free_in::<BigInt>(m, b),
    )
}

/// [`eliminate`] in the integer type `T`, the result in lowest terms.
fn fraction_free_in<T: crate::integer::Int>(
    m: &[Vec<i64>],
    b: &[i64],
) -> Result<Option<(Vec<BigInt>, BigInt)>, crate::integer::Overflow> {
    let Some((values, den)) = eliminate::<T>(m, b)? else {
        return Ok(None);
    };
    let mut values: Vec<BigInt> = values.iter().map(|v| v.to_bigint()).collect();
    let mut den = den.to_bigint();
    let g = values.iter().fold(den.clone(), |g, v| g.gcd(v));
    if !g.is_one() && !g.is_zero() {
        for v in values.iter_mut() {
            *v = &*v / &g;
        }
        den = &den / &g;
    }
    Ok(Some((values, den)))
}

/// [`solve_fraction_free`] in machine integers only: the numerators and the
/// positive common denominator (`|det M|`, not reduced) in `i128`, the
/// elimination run in `i64` and then in `i128`; `Err(Overflow)` if a number
/// does not fit even there, `Ok(None)` if `M` is singular. The fast path of
/// the certificates of [`crate::linear_program`], which need no big integer.
pub(crate) fn solve_fraction_free_machine(
    m: &[Vec<i64>],
    b: &[i64],
) -> Result<Option<(Vec<i128>, i128)>, crate::integer::Overflow> {
    match eliminate::<i64>(m, b) {
        Ok(r) => Ok(r.map(|(v, d)| (v.into_iter().map(i128::from).collect(), i128::from(d)))),
        Err(_) => eliminate::<i128>(m, b),
    }
}

/// Fraction-free elimination of `[M | b]` in the integer type `T`: the
/// solution's numerators over the positive denominator `|det M|` (not
/// reduced), or `None` if `M` is singular. One-step Bareiss elimination
/// (Bareiss 1968) below the pivots, the sparsest row taking each pivot (less
/// fill-in), so every entry is a minor of `[M | b]`; then back substitution
/// of the numerators `D·z` (`D` the last pivot, `±det M`), each an exact
/// division by its row's pivot since `D·z` is integral (Cramer's rule).
fn eliminate<T: crate::integer::Int>(
    m: &[Vec<i64>],
    b: &[i64],
) -> Result<Option<(Vec<T>, T)>, crate::integer::Overflow> {
    use crate::integer::Overflow;
    let k = m.len();
    let w = k + 1;
    let mut a: Vec<T> = Vec::with_capacity(k * w);
    for (row, &bi) in m.iter().zip(b) {
        a.extend(row.iter().map(|&x| T::from_i64(x)));
        a.push(T::from_i64(bi));
    }
    let neg = |x: &T| T::neg(x).ok_or(Overflow);
    let mut prev = T::int_one();
    for c in 0..k {
        let Some(r) = (c..k)
            .filter(|&r| !a[r * w + c].is_zero_int())
            .min_by_key(|&r| (c..w).filter(|&j| !a[r * w + j].is_zero_int()).count())
        else {
            return Ok(None);
        };
        if r != c {
            for j in c..w {
                a.swap(r * w + j, c * w + j);
            }
        }
        let pivot = a[c * w + c].clone();
        // (p·x − f·y) / prev, with the signs moved so that the divisor is positive.
        let (p, divisor) = if prev.is_negative_int() {
            (neg(&pivot)?, T::divisor(&neg(&prev)?))
        } else {
            (pivot.clone(), T::divisor(&prev))
        };
        let flip = prev.is_negative_int();
        let (head, tail) = a.split_at_mut((c + 1) * w);
        let pivot_row = &head[c * w..];
        for row in tail.chunks_exact_mut(w) {
            let f = if flip { neg(&row[c])? } else { row[c].clone() };
            if f.is_zero_int() {
                if pivot != prev {
                    for x in row[c + 1..].iter_mut().filter(|x| !x.is_zero_int()) {
                        *x = T::mul_div(&p, x, &divisor).ok_or(Overflow)?;
                    }
                }
            } else {
                for (x, y) in row[c + 1..].iter_mut().zip(&pivot_row[c + 1..]) {
                    *x = if y.is_zero_int() {
                        if x.is_zero_int() {
                            continue;
                        }
                        T::mul_div(&p, x, &divisor)
                    } else {
                        T::mul_sub_div(&p, x, &f, y, &divisor)
                    }
                    .ok_or(Overflow)?;
                }
                row[c] = T::int_zero();
            }
        }
        prev = pivot;
    }
    // Back substitution of y = D·z: a_ii y_i = D·b_i − Σ_{j>i} a_ij y_j.
    let d = prev;
    let mut y = vec![T::int_zero(); k];
    for i in (0..k).rev() {
        let mut s = T::mul_add(&d, &a[i * w + k], &T::int_zero()).ok_or(Overflow)?;
        for j in i + 1..k {
            let aij = &a[i * w + j];
            if !aij.is_zero_int() && !y[j].is_zero_int() {
                s = T::mul_add(&neg(aij)?, &y[j], &s).ok_or(Overflow)?;
            }
        }
        let mut pivot = a[i * w + i].clone();
        if pivot.is_negative_int() {
            s = neg(&s)?;
            pivot = neg(&pivot)?;
        }
        y[i] = T::mul_div(&s, &T::int_one(), &T::divisor(&pivot)).ok_or(Overflow)?;
    }
    if d.is_negative_int() {
        for v in y.iter_mut() {
            *v = neg(v)?;
        }
        return Ok(Some((y, neg(&d)?)));
    }
    Ok(Some((y, d)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_system() {
        // [[2,1],[1,3]] z = [1,1] -> z = (2/5, 1/5).
        let (n, d) = solve_integer_system(&[vec![2, 1], vec![1, 3]], &[1, 1], false).unwrap();
        assert_eq!(d, BigInt::from(5));
        assert_eq!(n, vec![BigInt::from(2), BigInt::from(1)]);
        let (n, d) = solve_integer_system(&[vec![2, 1], vec![0, 3]], &[1, 1], true).unwrap();
        // [[2,0],[1,3]] z = [1,1] -> z = (1/2, 1/6).
        assert_eq!(d, BigInt::from(6));
        assert_eq!(n, vec![BigInt::from(3), BigInt::from(1)]);
        assert!(solve_integer_system(&[vec![1, 2], vec![2, 4]], &[1, 1], false).is_none());
        assert!(solve_fraction_free(&[vec![1, 2], vec![2, 4]], &[1, 1]).is_none());
    }

    #[test]
    fn fraction_free_equals_p_adic() {
        // Random sparse systems (entries of both signs), solved both ways.
        let mut rng = crate::random::SplitMix64::new(11);
        for k in [1usize, 2, 5, 12, 30] {
            for _ in 0..5 {
                let m: Vec<Vec<i64>> = (0..k)
                    .map(|_| {
                        (0..k)
                            .map(|_| {
                                if rng.below_or_equal(2) == 0 {
                                    rng.below_or_equal(40) as i64 - 20
                                } else {
                                    0
                                }
                            })
                            .collect()
                    })
                    .collect();
                let b: Vec<i64> = (0..k).map(|_| rng.below_or_equal(6) as i64 - 3).collect();
                let lifted = solve_integer_system(&m, &b, false);
                let direct = solve_fraction_free(&m, &b);
                assert_eq!(lifted, direct, "k = {k}, m = {m:?}, b = {b:?}");
                // The machine-integer path, where it fits, gives the same
                // fractions (numerators over |det M|, not reduced).
                match solve_fraction_free_machine(&m, &b) {
                    Ok(Some((n, d))) => {
                        let (dn, dd) = direct.clone().expect("nonsingular both ways");
                        for (x, y) in n.iter().zip(&dn) {
                            assert_eq!(BigInt::from(*x) * &dd, y * BigInt::from(d));
                        }
                    }
                    Ok(None) => assert!(direct.is_none()),
                    Err(_) => {}
                }
            }
        }
    }

    #[test]
    fn random_systems_check_exactly() {
        let mut rng = crate::random::SplitMix64::new(7);
        for k in [1usize, 3, 10, 40] {
            let m: Vec<Vec<i64>> = (0..k)
                .map(|_| (0..k).map(|_| rng.below_or_equal(1000) as i64).collect())
                .collect();
            let b = vec![1i64; k];
            if let Some((n, d)) = solve_integer_system(&m, &b, false) {
                for i in 0..k {
                    let s: BigInt = m[i].iter().zip(&n).map(|(&a, v)| v * a).sum();
                    assert_eq!(s, &d * b[i]);
                }
            }
        }
    }
}
