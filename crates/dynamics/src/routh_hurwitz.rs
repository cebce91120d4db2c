//! Exact stability of a linearisation: the characteristic polynomial of a
//! rational matrix (Faddeev–LeVerrier, e.g. Gantmacher, *The Theory of
//! Matrices*, vol. 1, ch. IV §4) and the signs of its roots' real parts by
//! the Routh–Hurwitz criterion (Routh 1877; Gantmacher vol. 2, ch. XV §6):
//! with no zero in the first column of the Routh array, the number of roots
//! with positive real part is the number of sign changes in that column.
//! Two exact shortcuts decide some singular cases: a negative coefficient
//! (of a monic polynomial) proves a root with positive real part, and zero
//! roots are divided out before the array is built, so a further root with
//! positive real part still proves instability.

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
    /// instability theorem). `positive` is their number when the Routh array
    /// counts them.
    Unstable {
        /// How many eigenvalues have positive real part, when known.
        positive: Option<usize>,
    },
    /// The linearisation does not decide (an eigenvalue may lie on the
    /// imaginary axis), or the exact test cannot tell.
    Undetermined {
        /// Why.
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
/// assert_eq!(classify(&[r(1), r(-1), r(2)]), Stability::Unstable { positive: Some(2) });
/// // λ² + 1: roots ±i, the linearisation decides nothing.
/// assert!(matches!(classify(&[r(1), r(0), r(1)]), Stability::Undetermined { .. }));
/// ```
pub fn classify(p: &[BigRational]) -> Stability {
    let zero_roots = p.iter().rev().take_while(|c| c.is_zero()).count();
    let reduced = &p[..p.len() - zero_roots];
    if reduced.len() <= 1 {
        // Every root is zero.
        return Stability::Undetermined {
            reason: "every eigenvalue is zero".into(),
        };
    }
    match routh_sign_changes(reduced) {
        Some(0) if zero_roots == 0 => Stability::AsymptoticallyStable,
        Some(0) => Stability::Undetermined {
            reason: format!(
                "{zero_roots} eigenvalue(s) are zero and the others have negative real part"
            ),
        },
        Some(k) => Stability::Unstable { positive: Some(k) },
        None if reduced.iter().any(Signed::is_negative) => Stability::Unstable { positive: None },
        None => Stability::Undetermined {
            reason: "the Routh array is singular: some eigenvalues may lie on the imaginary axis"
                .into(),
        },
    }
}

/// The sign changes of the first column of the Routh array of `p` (leading
/// coefficient positive), or `None` when a zero appears in that column.
fn routh_sign_changes(p: &[BigRational]) -> Option<usize> {
    let degree = p.len() - 1;
    let width = degree / 2 + 1;
    let row = |start: usize| -> Vec<BigRational> {
        (0..width)
            .map(|j| {
                p.get(start + 2 * j)
                    .cloned()
                    .unwrap_or_else(BigRational::zero)
            })
            .collect()
    };
    let mut upper = row(0);
    let mut lower = row(1);
    let mut first_column = vec![upper[0].clone()];
    for _ in 0..degree {
        if lower[0].is_zero() {
            return None;
        }
        first_column.push(lower[0].clone());
        let next: Vec<BigRational> = (0..width)
            .map(|j| {
                let a = upper.get(j + 1).cloned().unwrap_or_else(BigRational::zero);
                let b = lower.get(j + 1).cloned().unwrap_or_else(BigRational::zero);
                (&lower[0] * a - &upper[0] * b) / &lower[0]
            })
            .collect();
        upper = std::mem::replace(&mut lower, next);
    }
    Some(
        first_column
            .windows(2)
            .filter(|w| w[0].is_positive() != w[1].is_positive())
            .count(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(n: i64) -> BigRational {
        BigRational::from_integer(n.into())
    }

    /// The monic polynomial with the given integer roots.
    fn from_roots(roots: &[i64]) -> Vec<BigRational> {
        let mut p = vec![r(1)];
        for &root in roots {
            let mut next = vec![r(0); p.len() + 1];
            for (i, c) in p.iter().enumerate() {
                next[i] += c;
                next[i + 1] -= c * r(root);
            }
            p = next;
        }
        p
    }

    proptest! {
        /// Routh's theorem on polynomials with known real roots: the number
        /// of positive roots is the number of sign changes.
        #[test]
        fn counts_positive_roots(roots in proptest::collection::vec(-6i64..=6, 1..6)) {
            let p = from_roots(&roots);
            let positive = roots.iter().filter(|&&x| x > 0).count();
            let zero = roots.iter().filter(|&&x| x == 0).count();
            match classify(&p) {
                Stability::AsymptoticallyStable => prop_assert!(positive == 0 && zero == 0),
                Stability::Unstable { positive: Some(k) } => prop_assert_eq!(k, positive),
                Stability::Unstable { positive: None } => prop_assert!(positive > 0),
                Stability::Undetermined { .. } => prop_assert!(positive == 0 && zero > 0),
            }
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
