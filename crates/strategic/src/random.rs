//! Reproducible random games for tests and benchmarks: a SplitMix64 stream
//! (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014) turned into integer payoff matrices.

use num_rational::BigRational;

use crate::game::Matrix;

/// The SplitMix64 generator.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..=max` (with negligible bias).
    pub fn below_or_equal(&mut self, max: u64) -> u64 {
        self.next_u64() % (max + 1)
    }
}

/// An `m × n` matrix of integers uniform in `0..=max`.
pub fn random_integer_matrix(rng: &mut SplitMix64, m: usize, n: usize, max: u64) -> Vec<Vec<i64>> {
    (0..m)
        .map(|_| (0..n).map(|_| rng.below_or_equal(max) as i64).collect())
        .collect()
}

/// An integer matrix as exact rationals.
pub fn to_rational(m: &[Vec<i64>]) -> Matrix {
    m.iter()
        .map(|r| {
            r.iter()
                .map(|&x| BigRational::from_integer(x.into()))
                .collect()
        })
        .collect()
}

/// A random bimatrix game `(A, B)` with payoffs in `0..=max`, from `seed`.
pub fn random_bimatrix(m: usize, n: usize, max: u64, seed: u64) -> (Vec<Vec<i64>>, Vec<Vec<i64>>) {
    let mut rng = SplitMix64::new(seed);
    let a = random_integer_matrix(&mut rng, m, n, max);
    let b = random_integer_matrix(&mut rng, m, n, max);
    (a, b)
}
