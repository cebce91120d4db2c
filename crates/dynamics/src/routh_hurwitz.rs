//! Exact stability of a linearisation: the characteristic polynomial of a
//! rational matrix (Faddeev–LeVerrier, e.g. Gantmacher, *The Theory of
//! Matrices*, vol. 1, ch. IV §4) and the exact count of its roots with
//! positive, zero and negative real part by Routh's theorem in its Cauchy
//! index form (Gantmacher vol. 2, ch. XV §3): for a real polynomial
//! `p(λ) = a₀λⁿ + a₁λⁿ⁻¹ + … + aₙ` with no root on the imaginary axis, the
//! number `k` of roots with positive real part satisfies
//!
//! ```text
//! n − 2k = I₋∞^{+∞} (a₁ωⁿ⁻¹ − a₃ωⁿ⁻³ + …) / (a₀ωⁿ − a₂ωⁿ⁻² + …),
//! ```
//!
//! a Cauchy index that a Sturm (signed remainder) sequence computes exactly
//! (Sturm's theorem generalised; Basu, Pollack and Roy, *Algorithms in Real
//! Algebraic Geometry*, Thm. 2.58). The two polynomials are the real and
//! imaginary parts of `p(iω)/iⁿ`, so the roots of `p` on the imaginary axis
//! are the common real roots of the two, counted with multiplicity through
//! their greatest common divisor and its square-free decomposition; they
//! cancel out of the index, and `n − m − 2k` is the index when `m` roots lie
//! on the axis. Unlike the Routh array, this never meets a singular case.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde::Serialize;

use crate::exact_linear::multiply;

/// What the eigenvalues of a linearisation say about a rest point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Stability {
    /// Every eigenvalue has negative real part: locally asymptotically
    /// stable (a hyperbolic sink).
    AsymptoticallyStable,
    /// Some eigenvalue has positive real part: unstable (Lyapunov's
    /// instability theorem).
    Unstable {
        /// How many eigenvalues (with multiplicity) have positive real part.
        positive: usize,
        /// How many eigenvalues (with multiplicity) lie on the imaginary
        /// axis, zero included.
        imaginary_axis: usize,
    },
    /// No eigenvalue has positive real part but some lie on the imaginary
    /// axis: the linearisation does not decide.
    Undetermined {
        /// How many eigenvalues (with multiplicity) lie on the imaginary
        /// axis, zero included.
        imaginary_axis: usize,
        /// Why, in words.
        reason: String,
    },
}

impl Stability {
    /// A short word for text output.
    pub fn word(&self) -> &'static str {
        match self {
            Stability::AsymptoticallyStable => "asymptotically stable",
            Stability::Unstable { .. } => "unstable",
            Stability::Undetermined { .. } => "undetermined",
        }
    }
}

/// How many roots of a polynomial (with multiplicity) lie in the open right
/// half-plane, on the imaginary axis (zero included) and in the open left
/// half-plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootCounts {
    /// Roots with positive real part.
    pub positive: usize,
    /// Roots with zero real part.
    pub imaginary_axis: usize,
    /// Of those, the roots equal to zero.
    pub zero: usize,
    /// Roots with negative real part.
    pub negative: usize,
}
/// The characteristic polynomial `det(λI − m)` of a square matrix, highest
/// coefficient first (monic: the first coefficient is 1).
///
/// ```
/// use sprague_dynamics::routh_hurwitz::characteristic_polynomial;
/// use num_rational::BigRational;
/// let r = |n: i64| BigRational::from_integer(n.into());
/// // [[0, 1], [-2, -3]] has eigenvalues -1 and -2: λ² + 3λ + 2.
/// let p = characteristic_polynomial(&[vec![r(0), r(1)], vec![r(-2), r(-3)]]);
/// assert_eq!(p, vec![r(1), r(3), r(2)]);
/// ```
pub fn characteristic_polynomial(m: &[Vec<BigRational>]) -> Vec<BigRational> {
    let n = m.len();
    let identity = |scale: &BigRational| -> Vec<Vec<BigRational>> {
        (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        if i == j {
                            scale.clone()
                        } else {
                            BigRational::zero()
                        }
                    })
                    .collect()
            })
            .collect()
    };
    let trace = |a: &[Vec<BigRational>]| -> BigRational { (0..n).map(|i| a[i][i].clone()).sum() };
    let mut coefficients = vec![BigRational::one()];
    let mut previous = identity(&BigRational::one());
    for k in 1..=n {
        let product = multiply(m, &previous);
        let c = -trace(&product) / BigRational::from_integer(k.into());
        coefficients.push(c.clone());
        previous = product;
        for (i, row) in previous.iter_mut().enumerate() {
            row[i] += &c;
        }
    }
    coefficients
}

/// The stability that the roots of the monic polynomial `p` (the
/// characteristic polynomial of a linearisation) imply.
///
/// ```
/// use sprague_dynamics::routh_hurwitz::{classify, Stability};
/// use num_rational::BigRational;
/// let r = |n: i64| BigRational::from_integer(n.into());
/// assert_eq!(classify(&[r(1), r(3), r(2)]), Stability::AsymptoticallyStable);
/// assert_eq!(
///     classify(&[r(1), r(-1), r(2)]),
///     Stability::Unstable { positive: 2, imaginary_axis: 0 }
/// );
/// // λ² + 1: roots ±i, the linearisation decides nothing.
/// assert!(matches!(
///     classify(&[r(1), r(0), r(1)]),
///     Stability::Undetermined { imaginary_axis: 2, .. }
/// ));
/// // λ³ + 1/27: roots −1/3 and 1/6 ± i√3/6 (a singular Routh array).
/// let p = [r(1), r(0), r(0), BigRational::new(1.into(), 27.into())];
/// assert_eq!(classify(&p), Stability::Unstable { positive: 2, imaginary_axis: 0 });
/// ```
pub fn classify(p: &[BigRational]) -> Stability {
    let counts = root_counts(p);
    if counts.positive > 0 {
        return Stability::Unstable {
            positive: counts.positive,
            imaginary_axis: counts.imaginary_axis,
        };
    }
    if counts.imaginary_axis == 0 {
        return Stability::AsymptoticallyStable;
    }
    let m = counts.imaginary_axis;
    let others = if counts.negative > 0 {
        " and the others have negative real part"
    } else {
        ""
    };
    let reason = match (counts.zero, m) {
        (z, _) if z == m && counts.negative == 0 => "every eigenvalue is zero".to_string(),
        (1, 1) => format!("1 eigenvalue is zero{others}"),
        (z, _) if z == m => format!("{z} eigenvalues are zero{others}"),
        (0, _) => format!("{m} eigenvalues lie on the imaginary axis{others}"),
        (z, _) => format!("{m} eigenvalues lie on the imaginary axis ({z} of them zero){others}"),
    };
    Stability::Undetermined {
        imaginary_axis: m,
        reason,
    }
}

/// The number of roots (with multiplicity) of `p` (highest coefficient
/// first, not all zero) with positive, zero and negative real part.
///
/// ```
/// use sprague_dynamics::routh_hurwitz::{root_counts, RootCounts};
/// use num_rational::BigRational;
/// let r = |n: i64| BigRational::from_integer(n.into());
/// // λ(λ² + 1)(λ − 2) = λ⁴ − 2λ³ + λ² − 2λ.
/// let counts = root_counts(&[r(1), r(-2), r(1), r(-2), r(0)]);
/// assert_eq!(counts, RootCounts { positive: 1, imaginary_axis: 3, zero: 1, negative: 0 });
/// ```
pub fn root_counts(p: &[BigRational]) -> RootCounts {
    // Leading zeros do not change the roots.
    let start = p.iter().position(|c| !c.is_zero()).unwrap_or(p.len());
    let p = &p[start..];
    let n = p.len().saturating_sub(1);
    let zero = p.iter().rev().take_while(|c| c.is_zero()).count().min(n);
    // p(iω)/iⁿ = even(ω) − i·odd(ω), ascending coefficients.
    let mut even = vec![BigRational::zero(); n + 1];
    let mut odd = vec![BigRational::zero(); n + 1];
    for (k, a) in p.iter().enumerate() {
        let sign_negative = !(k / 2).is_multiple_of(2);
        let c = if sign_negative { -a.clone() } else { a.clone() };
        if k.is_multiple_of(2) {
            even[n - k] = c;
        } else {
            odd[n - k] = c;
        }
    }
    let even = trim(even);
    let odd = trim(odd);
    let imaginary_axis = real_roots_with_multiplicity(&gcd(&even, &odd));
    let index = cauchy_index(&odd, &even);
    // n − m − 2k = index.
    let twice_positive = n as i64 - imaginary_axis as i64 - index;
    debug_assert!(twice_positive >= 0 && twice_positive % 2 == 0);
    let positive = (twice_positive.max(0) / 2) as usize;
    RootCounts {
        positive,
        imaginary_axis,
        zero,
        negative: n.saturating_sub(positive + imaginary_axis),
    }
}

// Polynomials below are ascending (constant first) without trailing zeros;
// the zero polynomial is empty.

fn trim(mut p: Vec<BigRational>) -> Vec<BigRational> {
    while p.last().is_some_and(Zero::is_zero) {
        p.pop();
    }
    p
}

/// The remainder of `a` divided by `b` (`b` not zero).
fn remainder(a: &[BigRational], b: &[BigRational]) -> Vec<BigRational> {
    let mut r = a.to_vec();
    let Some(lead) = b.last() else {
        return r;
    };
    while r.len() >= b.len() {
        let Some(top) = r.last() else { break };
        let factor = top / lead;
        let shift = r.len() - b.len();
        for (i, c) in b.iter().enumerate() {
            r[shift + i] -= &factor * c;
        }
        r.pop();
        r = trim(r);
    }
    r
}

/// `p` divided by the absolute value of its leading coefficient (signs kept).
fn normalised(p: Vec<BigRational>) -> Vec<BigRational> {
    match p.last().map(Signed::abs) {
        Some(lead) if !lead.is_one() => p.into_iter().map(|c| c / &lead).collect(),
        _ => p,
    }
}

/// The monic greatest common divisor (empty when both are zero).
fn gcd(a: &[BigRational], b: &[BigRational]) -> Vec<BigRational> {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    while !b.is_empty() {
        let r = normalised(remainder(&a, &b));
        a = std::mem::replace(&mut b, r);
    }
    match a.last().cloned() {
        Some(lead) => a.into_iter().map(|c| c / &lead).collect(),
        None => a,
    }
}

fn derivative(p: &[BigRational]) -> Vec<BigRational> {
    p.iter()
        .enumerate()
        .skip(1)
        .map(|(i, c)| c * BigRational::from_integer(i.into()))
        .collect()
}

/// The Cauchy index of `q/p` over the real line: the signed remainder
/// sequence's sign variations at −∞ minus those at +∞ (zero when `p` is).
fn cauchy_index(q: &[BigRational], p: &[BigRational]) -> i64 {
    if p.is_empty() {
        return 0;
    }
    // Signs at +∞ and −∞ of each member of the sequence.
    let mut at_plus = Vec::new();
    let mut at_minus = Vec::new();
    let mut record = |f: &[BigRational]| {
        if let Some(lead) = f.last() {
            let s = lead.is_positive();
            at_plus.push(s);
            at_minus.push(if f.len().is_multiple_of(2) { !s } else { s });
        }
    };
    let (mut a, mut b) = (normalised(p.to_vec()), normalised(q.to_vec()));
    record(&a);
    while !b.is_empty() {
        record(&b);
        let r: Vec<BigRational> = remainder(&a, &b).into_iter().map(|c| -c).collect();
        a = std::mem::replace(&mut b, normalised(r));
    }
    let variations = |signs: &[bool]| signs.windows(2).filter(|w| w[0] != w[1]).count() as i64;
    variations(&at_minus) - variations(&at_plus)
}

/// The number of real roots of `p` counted with multiplicity (a root of
/// multiplicity m is a simple root of each of p, gcd(p, p′), … up to the
/// m-th such divisor, which Sturm's theorem counts).
fn real_roots_with_multiplicity(p: &[BigRational]) -> usize {
    let mut total = 0;
    let mut f = p.to_vec();
    while f.len() > 1 {
        let d = derivative(&f);
        total += cauchy_index(&d, &f).max(0) as usize;
        f = gcd(&f, &d);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(n: i64) -> BigRational {
        BigRational::from_integer(n.into())
    }

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    /// The product of two polynomials, highest coefficient first.
    fn times(a: &[BigRational], b: &[BigRational]) -> Vec<BigRational> {
        let mut out = vec![r(0); a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                out[i + j] += x * y;
            }
        }
        out
    }

    /// The monic polynomial with the given integer roots.
    fn from_roots(roots: &[i64]) -> Vec<BigRational> {
        roots
            .iter()
            .fold(vec![r(1)], |p, &root| times(&p, &[r(1), r(-root)]))
    }

    /// Roots with (positive, zero, negative) real part of x² + bx + c, by
    /// Vieta: the roots sum to −b and multiply to c.
    fn quadratic_signs(b: &BigRational, c: &BigRational) -> (usize, usize, usize) {
        if c.is_negative() {
            (1, 0, 1)
        } else if c.is_zero() {
            // Roots 0 and −b.
            if b.is_negative() {
                (1, 1, 0)
            } else if b.is_zero() {
                (0, 2, 0)
            } else {
                (0, 1, 1)
            }
        } else if b.is_negative() {
            // Both real parts have the sign of −b (real roots of equal sign
            // or a conjugate pair with real part −b/2).
            (2, 0, 0)
        } else if b.is_zero() {
            (0, 2, 0)
        } else {
            (0, 0, 2)
        }
    }

    #[test]
    fn the_issue_polynomial_is_unstable() {
        // λ³ + 1/27 = (λ + 1/3)(λ² − λ/3 + 1/9): roots −1/3, 1/6 ± i√3/6.
        let p = [r(1), r(0), r(0), q(1, 27)];
        assert_eq!(
            root_counts(&p),
            RootCounts {
                positive: 2,
                imaginary_axis: 0,
                zero: 0,
                negative: 1
            }
        );
        assert_eq!(
            times(&[r(1), q(1, 3)], &[r(1), q(-1, 3), q(1, 9)]),
            p.to_vec()
        );
    }

    #[test]
    fn singular_routh_arrays() {
        // λ⁴ + 2λ² + 1 = (λ² + 1)²: ±i twice each.
        let c = root_counts(&[r(1), r(0), r(2), r(0), r(1)]);
        assert_eq!((c.positive, c.imaginary_axis, c.negative), (0, 4, 0));
        // λ⁴ − 1 = (λ − 1)(λ + 1)(λ² + 1).
        let c = root_counts(&[r(1), r(0), r(0), r(0), r(-1)]);
        assert_eq!((c.positive, c.imaginary_axis, c.negative), (1, 2, 1));
        // λ⁵ + λ⁴ + 2λ³ + 2λ² + λ + 1 = (λ + 1)(λ² + 1)²: a whole zero row.
        let c = root_counts(&[r(1), r(1), r(2), r(2), r(1), r(1)]);
        assert_eq!((c.positive, c.imaginary_axis, c.negative), (0, 4, 1));
        assert!(matches!(
            classify(&[r(1), r(1), r(2), r(2), r(1), r(1)]),
            Stability::Undetermined {
                imaginary_axis: 4,
                ..
            }
        ));
        // λ³: every eigenvalue zero.
        assert_eq!(
            classify(&[r(1), r(0), r(0), r(0)]),
            Stability::Undetermined {
                imaginary_axis: 3,
                reason: "every eigenvalue is zero".into()
            }
        );
    }

    fn factor() -> impl Strategy<Value = Vec<(i64, i64, i64)>> {
        // (kind, numerator, denominator-ish): kind 0 a linear factor, else a
        // quadratic x² + bx + c with b = n/d, c = m/d.
        proptest::collection::vec((0i64..3, -4i64..=4, -4i64..=4), 1..5)
    }

    proptest! {
        /// Polynomials built from chosen rational roots and quadratic
        /// factors x² + bx + c (pure imaginary pairs and repeated roots
        /// included): the counts match the factors' known signs.
        #[test]
        fn counts_match_known_factors(factors in factor(), d in 1i64..4, repeat in 0usize..2) {
            let mut p = vec![r(1)];
            let mut expected = (0, 0, 0);
            let mut factors = factors;
            if repeat == 1 {
                factors.push(factors[0]);
            }
            for &(kind, u, v) in &factors {
                let (f, (pos, imag, neg)) = if kind == 0 {
                    let root = q(u, d);
                    let signs = if root.is_positive() { (1, 0, 0) }
                        else if root.is_zero() { (0, 1, 0) } else { (0, 0, 1) };
                    (vec![r(1), -root], signs)
                } else {
                    let (b, c) = (q(u, d), q(v * v.signum() * if kind == 2 { 1 } else { -1 }, d));
                    let signs = quadratic_signs(&b, &c);
                    (vec![r(1), b, c], signs)
                };
                p = times(&p, &f);
                expected = (expected.0 + pos, expected.1 + imag, expected.2 + neg);
            }
            let counts = root_counts(&p);
            prop_assert_eq!((counts.positive, counts.imaginary_axis, counts.negative), expected);
            match classify(&p) {
                Stability::AsymptoticallyStable => prop_assert!(expected.0 == 0 && expected.1 == 0),
                Stability::Unstable { positive, imaginary_axis } => {
                    prop_assert_eq!((positive, imaginary_axis), (expected.0, expected.1));
                    prop_assert!(positive > 0);
                }
                Stability::Undetermined { imaginary_axis, .. } => {
                    prop_assert!(expected.0 == 0 && imaginary_axis == expected.1 && imaginary_axis > 0);
                }
            }
        }

        /// Polynomials with known integer roots (repeats likely).
        #[test]
        fn counts_real_roots(roots in proptest::collection::vec(-6i64..=6, 1..7)) {
            let p = from_roots(&roots);
            let c = root_counts(&p);
            prop_assert_eq!(c.positive, roots.iter().filter(|&&x| x > 0).count());
            prop_assert_eq!(c.zero, roots.iter().filter(|&&x| x == 0).count());
            prop_assert_eq!(c.imaginary_axis, c.zero);
            prop_assert_eq!(c.negative, roots.iter().filter(|&&x| x < 0).count());
        }

        /// The characteristic polynomial of a triangular matrix has its
        /// diagonal as roots.
        #[test]
        fn triangular_matrix(diagonal in proptest::collection::vec(-5i64..=5, 1..5), above in -3i64..=3) {
            let n = diagonal.len();
            let m: Vec<Vec<BigRational>> = (0..n).map(|i| (0..n).map(|j| {
                if i == j { r(diagonal[i]) } else if j > i { r(above) } else { r(0) }
            }).collect()).collect();
            prop_assert_eq!(characteristic_polynomial(&m), from_roots(&diagonal));
        }
    }
}
