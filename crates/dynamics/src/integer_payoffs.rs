//! Payoff matrices scaled to integers for the learning dynamics' fast exact
//! loops: multiplying a matrix by the least common multiple of its
//! denominators (a positive number) changes no comparison of payoffs and
//! scales every payoff difference by the same factor, so best replies and
//! regret proportions are those of the rational game.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};

use crate::error::DynamicsError;

/// A payoff matrix as `i64` entries times `1/scale`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntegerMatrix {
    /// The entries, row by row.
    pub entries: Vec<Vec<i64>>,
    /// The common denominator: the rational payoff is `entries[i][j] / scale`.
    pub scale: BigInt,
}

impl IntegerMatrix {
    /// Scales `matrix` (named `name` in the error) to integers; refuses
    /// entries beyond ±2^62 after scaling (so that sums of a billion
    /// rounds of them fit in 128 bits).
    ///
    /// ```
    /// use sprague_dynamics::integer_payoffs::IntegerMatrix;
    /// use num_rational::BigRational;
    /// let q = |p: i64, d: i64| BigRational::new(p.into(), d.into());
    /// let m = IntegerMatrix::new(&[vec![q(1, 2), q(1, 3)]], "A").unwrap();
    /// assert_eq!(m.entries, vec![vec![3, 2]]);
    /// assert_eq!(m.scale, 6.into());
    /// ```
    pub fn new(matrix: &[Vec<BigRational>], name: &str) -> Result<Self, DynamicsError> {
        let scale = matrix
            .iter()
            .flatten()
            .fold(BigInt::one(), |l, x| l.lcm(x.denom()));
        let limit = 1i64 << 62;
        let entries = matrix
            .iter()
            .map(|row| {
                row.iter()
                    .map(|x| {
                        (x.numer() * (&scale / x.denom()))
                            .to_i64()
                            .filter(|v| v.abs() <= limit)
                            .ok_or_else(|| {
                                DynamicsError::Parameter(format!(
                                    "the payoffs of {name}, over their common denominator {scale}, exceed 2^62 in absolute value; this method needs smaller numbers"
                                ))
                            })
                    })
                    .collect::<Result<Vec<i64>, DynamicsError>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(IntegerMatrix { entries, scale })
    }

    /// The transpose (same scale).
    pub fn transposed(&self) -> IntegerMatrix {
        let cols = self.entries.first().map_or(0, Vec::len);
        IntegerMatrix {
            entries: (0..cols)
                .map(|j| self.entries.iter().map(|r| r[j]).collect())
                .collect(),
            scale: self.scale.clone(),
        }
    }
}
