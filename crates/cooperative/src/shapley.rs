//! The exact Shapley value (Shapley 1953) and Banzhaf value (Banzhaf 1965) of a
//! game given by its table.
//!
//! Shapley's permutation formula φᵢ = (1/n!) Σ_π [v(Pᵢ^π ∪ {i}) − v(Pᵢ^π)]
//! is evaluated in its subset form
//! φᵢ = Σ_{S ∌ i} |S|! (n−|S|−1)! / n! · [v(S ∪ {i}) − v(S)]:
//! the marginal contributions are first summed by coalition size in exact
//! integers (values scaled by the common denominator; `i128` when they fit,
//! big integers otherwise), so only n² rational operations remain.
//! Time O(n 2ⁿ), memory O(n²) beyond the table.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use super::TuGame;

/// Sums of marginal contributions `sums[i][k]` = Σ over coalitions S ∌ i with
/// |S| = k of v(S ∪ {i}) − v(S), in units of 1/`denominator`.
struct MarginalSums {
    sums: Vec<Vec<BigInt>>,
    denominator: BigInt,
}

fn marginal_sums(game: &TuGame) -> MarginalSums {
    let n = game.players();
    let denominator = game
        .values()
        .iter()
        .fold(BigInt::one(), |acc, v| acc.lcm(v.denom()));
    let scaled: Vec<BigInt> = game
        .values()
        .iter()
        .map(|v| v.numer() * (&denominator / v.denom()))
        .collect();
    let limit = BigInt::from(1i64 << 62);
    let small: Option<Vec<i128>> = scaled
        .iter()
        .map(|v| {
            if v.magnitude() < limit.magnitude() {
                v.to_i128()
            } else {
                None
            }
        })
        .collect();
    let sums = match small {
        Some(values) => {
            let mut acc = vec![vec![0i128; n]; n];
            for mask in 0..values.len() {
                let k = (mask as u32).count_ones() as usize;
                let base = values[mask];
                for (i, row) in acc.iter_mut().enumerate() {
                    if mask >> i & 1 == 0 {
                        row[k] += values[mask | 1 << i] - base;
                    }
                }
            }
            acc.into_iter()
                .map(|row| row.into_iter().map(BigInt::from).collect())
                .collect()
        }
        None => {
            let mut acc = vec![vec![BigInt::zero(); n]; n];
            for mask in 0..scaled.len() {
                let k = (mask as u32).count_ones() as usize;
                for (i, row) in acc.iter_mut().enumerate() {
                    if mask >> i & 1 == 0 {
                        row[k] += &scaled[mask | 1 << i] - &scaled[mask];
                    }
                }
            }
            acc
        }
    };
    MarginalSums { sums, denominator }
}

/// `k! (n−k−1)!` for k = 0..n, the numerators of the Shapley weights over n!.
pub(crate) fn shapley_weight_numerators(n: usize) -> (Vec<BigInt>, BigInt) {
    let mut factorial = vec![BigInt::one(); n + 1];
    for i in 1..=n {
        factorial[i] = &factorial[i - 1] * BigInt::from(i);
    }
    let weights = (0..n)
        .map(|k| &factorial[k] * &factorial[n - k - 1])
        .collect();
    (weights, factorial[n].clone())
}

/// The exact Shapley value of `game`, one share per player; the shares add
/// up to v(N) (efficiency).
///
/// ```
/// use sprague_cooperative::{builtin, shapley};
/// use sprague_strategic::exact_text::format_rational;
/// // One left glove (player 1), two right gloves: a pair is worth 1.
/// let game = builtin::glove(1, 2).unwrap();
/// let phi: Vec<String> = shapley(&game).iter().map(format_rational).collect();
/// assert_eq!(phi, ["2/3", "1/6", "1/6"]);
/// ```
pub fn shapley(game: &TuGame) -> Vec<BigRational> {
    let n = game.players();
    let MarginalSums { sums, denominator } = marginal_sums(game);
    let (weights, n_factorial) = shapley_weight_numerators(n);
    let scale = n_factorial * denominator;
    sums.iter()
        .map(|row| {
            let total: BigInt = row.iter().zip(&weights).map(|(s, w)| s * w).sum();
            BigRational::new(total, scale.clone())
        })
        .collect()
}

/// The Banzhaf value of a game: raw (each player's marginal contributions
/// averaged over the 2ⁿ⁻¹ coalitions without it) and normalised (shares of
/// the total, when the total is not 0).
#[derive(Debug, Clone, PartialEq)]
pub struct BanzhafIndex {
    /// Σ_{S ∌ i} [v(S ∪ {i}) − v(S)] / 2ⁿ⁻¹ (for simple games: the number of
    /// swings over 2ⁿ⁻¹, Penrose–Banzhaf).
    pub raw: Vec<BigRational>,
    /// The raw values divided by their sum (Banzhaf's normalised index), or
    /// `None` when they sum to 0.
    pub normalized: Option<Vec<BigRational>>,
}

impl BanzhafIndex {
    pub(crate) fn from_totals(totals: Vec<BigRational>, coalitions_without: BigInt) -> Self {
        let sum: BigRational = totals.iter().sum();
        let normalized = if sum.is_zero() {
            None
        } else {
            Some(totals.iter().map(|t| t / &sum).collect())
        };
        let raw = totals
            .into_iter()
            .map(|t| t / BigRational::from_integer(coalitions_without.clone()))
            .collect();
        BanzhafIndex { raw, normalized }
    }
}

/// The exact Banzhaf value of `game`.
pub fn banzhaf(game: &TuGame) -> BanzhafIndex {
    let n = game.players();
    let MarginalSums { sums, denominator } = marginal_sums(game);
    let totals = sums
        .iter()
        .map(|row| BigRational::new(row.iter().sum(), denominator.clone()))
        .collect();
    BanzhafIndex::from_totals(totals, BigInt::one() << (n - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin;
    use proptest::prelude::*;
    use sprague_strategic::exact_text::format_rational;

    fn texts(values: &[BigRational]) -> Vec<String> {
        values.iter().map(format_rational).collect()
    }

    #[test]
    fn glove_game() {
        // 1 left glove, 2 right gloves: (2/3, 1/6, 1/6) (e.g. Maschler, Solan
        // and Zamir, Game Theory, 2013, Example 18.?; any textbook).
        assert_eq!(
            texts(&shapley(&builtin::glove(1, 2).unwrap())),
            ["2/3", "1/6", "1/6"]
        );
    }

    #[test]
    fn airport_game_matches_littlechild_owen() {
        // Littlechild–Owen (1973): with costs sorted c1 ≤ … ≤ cn,
        // φ_i = Σ_{j ≤ i} (c_j − c_{j−1}) / (n − j + 1).
        let costs = [1u64, 3, 3, 7, 10];
        let game = builtin::airport(
            &costs
                .iter()
                .map(|&c| BigRational::from_integer(c.into()))
                .collect::<Vec<_>>(),
        )
        .unwrap();
        let phi = shapley(&game);
        let n = costs.len();
        for (i, phi_i) in phi.iter().enumerate() {
            let mut expected = BigRational::zero();
            for j in 0..=i {
                let previous = if j == 0 { 0 } else { costs[j - 1] };
                expected +=
                    BigRational::new(BigInt::from(costs[j] - previous), BigInt::from(n - j));
            }
            assert_eq!(phi_i, &expected, "player {i}");
        }
    }

    #[test]
    fn bankruptcy_game_is_the_random_arrival_rule() {
        // Estate 200, claims 100, 200, 300: random arrival (= Shapley of
        // O'Neill's game) gives (100/3, 250/3, 250/3); estate 100 splits equally.
        let claims: Vec<BigRational> = [100, 200, 300]
            .iter()
            .map(|&c| BigRational::from_integer(BigInt::from(c)))
            .collect();
        let game = builtin::bankruptcy(&BigRational::from_integer(200.into()), &claims).unwrap();
        assert_eq!(texts(&shapley(&game)), ["100/3", "250/3", "250/3"]);
        let game = builtin::bankruptcy(&BigRational::from_integer(100.into()), &claims).unwrap();
        assert_eq!(texts(&shapley(&game)), ["100/3", "100/3", "100/3"]);
    }

    #[test]
    fn banzhaf_of_majority() {
        let game = TuGame::from_fn(3, |s| {
            BigRational::from_integer(BigInt::from(u8::from(s.count_ones() >= 2)))
        })
        .unwrap();
        let index = banzhaf(&game);
        assert_eq!(texts(&index.raw), ["1/2", "1/2", "1/2"]);
        assert_eq!(texts(&index.normalized.unwrap()), ["1/3", "1/3", "1/3"]);
    }

    #[test]
    fn big_values_take_the_big_integer_path() {
        let huge = BigRational::from_integer(BigInt::from(10u32).pow(30));
        let game = TuGame::from_fn(2, |s| {
            if s == 3 {
                huge.clone()
            } else {
                BigRational::zero()
            }
        })
        .unwrap();
        let half = &huge / BigRational::from_integer(2.into());
        assert_eq!(shapley(&game), vec![half.clone(), half]);
    }

    fn random_game() -> impl Strategy<Value = TuGame> {
        (1usize..=5).prop_flat_map(|n| {
            prop::collection::vec((-20i64..20, 1i64..4), 1 << n).prop_map(move |raw| {
                TuGame::from_fn(n, |s| {
                    if s == 0 {
                        BigRational::zero()
                    } else {
                        let (p, q) = raw[s as usize];
                        BigRational::new(p.into(), q.into())
                    }
                })
                .unwrap()
            })
        })
    }

    proptest! {
        #[test]
        fn efficiency(game in random_game()) {
            let total: BigRational = shapley(&game).iter().sum();
            prop_assert_eq!(&total, game.grand_coalition_value());
        }

        #[test]
        fn dummy_and_symmetry(game in random_game()) {
            // Make player 0 a dummy worth 2 and players 1, 2 symmetric by
            // rebuilding the game from the values of coalitions without 0.
            let n = game.players();
            let symmetric = |s: u32| -> u32 {
                // swap bits 1 and 2 when both exist
                if n >= 3 { let b1 = s >> 1 & 1; let b2 = s >> 2 & 1; (s & !0b110) | b1 << 2 | b2 << 1 } else { s }
            };
            let derived = TuGame::from_fn(n, |s| {
                let base = |t: u32| game.value(t & !1).clone();
                let sym = (base(s) + base(symmetric(s))) / BigRational::from_integer(2.into());
                sym + if s & 1 == 1 { BigRational::from_integer(2.into()) } else { BigRational::zero() }
            }).unwrap();
            let phi = shapley(&derived);
            prop_assert_eq!(&phi[0], &BigRational::from_integer(2.into()));
            if n >= 3 { prop_assert_eq!(&phi[1], &phi[2]); }
        }
    }
}
