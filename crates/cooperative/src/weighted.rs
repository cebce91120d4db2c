//! Weighted voting games `[q; w1, …, wn]`: a coalition wins (is worth 1) when
//! its total weight reaches the quota q, and loses (worth 0) otherwise.
//!
//! The Shapley–Shubik index (Shapley–Shubik 1954) and the Banzhaf index
//! (Banzhaf 1965) are computed by the generating-function method
//! (Mann–Shapley 1962, Brams–Affuso 1976) as a pseudo-polynomial dynamic
//! program, exactly:
//! 1. count, for every weight w < q and size k, the coalitions of N with
//!    weight ≤ w and k members, F[w][k] (one pass per player, O(n² q), where
//!    only sizes k that the lightest players can reach below q are kept);
//! 2. for each player i of weight a, the coalitions *without* i follow by
//!    inverting one step of the recursion F = F₋ᵢ + shift(F₋ᵢ):
//!    F₋ᵢ[w][k] = Σⱼ (−1)ʲ F[w − j a][k − j], only at the two weights needed;
//! 3. i is pivotal for a coalition S ∌ i exactly when q − a ≤ w(S) < q, so
//!    the number of such S of size k is F₋ᵢ[q−1][k] − F₋ᵢ[q−1−a][k], and
//!    φᵢ = Σₖ k!(n−k−1)!/n! · that number; the Banzhaf swings are the sum over k.
//!
//! The counts are below 2ⁿ, so for n ≤ 128 they are exact in wrapping `u128`
//! arithmetic (the alternating sums may wrap in between but their values are
//! exact modulo 2¹²⁸ and lie in range). Total time O(n² q), memory O(n q),
//! after dividing the weights by their greatest common divisor.

use num_bigint::BigInt;
use num_rational::BigRational;

use super::shapley::{shapley_weight_numerators, BanzhafIndex};
use super::{CoopError, TuGame, MAX_TABLE_PLAYERS};

/// The largest n²·q (table cells times passes) the exact dynamic program
/// accepts; above it the caller should use [`super::monte_carlo`].
pub const MAX_EXACT_WEIGHT_WORK: u128 = 20_000_000_000;

/// The largest table (n·q cells of 16 bytes, about 480 MB) the exact dynamic
/// program may allocate.
pub const MAX_EXACT_WEIGHT_CELLS: u128 = 30_000_000;

/// A weighted voting game `[quota; weights]`.
///
/// ```
/// use sprague_cooperative::WeightedVotingGame;
/// use sprague_strategic::exact_text::format_rational;
/// let game: WeightedVotingGame = "[51; 49, 48, 3]".parse().unwrap();
/// let phi: Vec<String> = game.shapley_shubik().unwrap().iter().map(format_rational).collect();
/// assert_eq!(phi, ["1/3", "1/3", "1/3"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightedVotingGame {
    quota: u64,
    weights: Vec<u64>,
}

impl WeightedVotingGame {
    /// The game `[quota; weights]`; the quota must be positive and at most the
    /// total weight.
    pub fn new(quota: u64, weights: Vec<u64>) -> Result<Self, CoopError> {
        if weights.is_empty() {
            return Err(CoopError::NoPlayers);
        }
        if quota == 0 {
            return Err(CoopError::ZeroQuota);
        }
        let total = weights
            .iter()
            .try_fold(0u64, |acc, &w| acc.checked_add(w))
            .ok_or_else(|| {
                CoopError::WeightedSyntax("the total weight overflows 64 bits".into())
            })?;
        if quota > total {
            return Err(CoopError::QuotaAboveTotal { quota, total });
        }
        Ok(WeightedVotingGame { quota, weights })
    }

    /// The quota q.
    pub fn quota(&self) -> u64 {
        self.quota
    }

    /// The weights w1, …, wn.
    pub fn weights(&self) -> &[u64] {
        &self.weights
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.weights.len()
    }

    /// Whether a coalition (given by its members) wins.
    pub fn wins(&self, members: impl IntoIterator<Item = usize>) -> bool {
        members.into_iter().map(|i| self.weights[i]).sum::<u64>() >= self.quota
    }

    /// The game as a coalition table (at most [`MAX_TABLE_PLAYERS`] players).
    pub fn to_tu_game(&self) -> Result<TuGame, CoopError> {
        let n = self.players();
        if n > MAX_TABLE_PLAYERS {
            return Err(CoopError::TooManyPlayers(n));
        }
        TuGame::from_fn(n, |s| {
            let weight: u64 = (0..n)
                .filter(|i| s >> i & 1 == 1)
                .map(|i| self.weights[i])
                .sum();
            BigRational::from_integer(BigInt::from(u8::from(weight >= self.quota)))
        })
    }

    /// Whether the exact dynamic program is within [`MAX_EXACT_WEIGHT_WORK`],
    /// [`MAX_EXACT_WEIGHT_CELLS`] and n ≤ 128.
    pub fn exact_is_feasible(&self) -> bool {
        let reduced = self.reduced();
        if reduced.quota < self.quota {
            return reduced.exact_is_feasible();
        }
        let n = self.players() as u128;
        let q = self.quota as u128;
        n <= 128 && n * n * q <= MAX_EXACT_WEIGHT_WORK && n * q <= MAX_EXACT_WEIGHT_CELLS
    }

    /// The same game with the weights divided by their greatest common
    /// divisor g and the quota by g, rounded up (Σw ≥ q ⟺ Σw/g ≥ ⌈q/g⌉).
    fn reduced(&self) -> WeightedVotingGame {
        let g = self
            .weights
            .iter()
            .fold(0u64, |g, &w| num_integer::gcd(g, w));
        if g <= 1 {
            return self.clone();
        }
        WeightedVotingGame {
            quota: self.quota.div_ceil(g),
            weights: self.weights.iter().map(|w| w / g).collect(),
        }
    }

    /// `pivots[i][k]`: coalitions S ∌ i with |S| = k for which i is pivotal.
    fn pivot_counts(&self) -> Result<Vec<Vec<u128>>, CoopError> {
        let reduced = self.reduced();
        if reduced.quota < self.quota {
            return reduced.pivot_counts();
        }
        let n = self.players();
        if !self.exact_is_feasible() {
            return Err(CoopError::TooLarge(format!(
                "the exact index of {n} players with quota {} is too large for the dynamic program (n ≤ 128, n²·q ≤ {MAX_EXACT_WEIGHT_WORK} and n·q ≤ {MAX_EXACT_WEIGHT_CELLS}); use Monte Carlo",
                self.quota
            )));
        }
        let q = self.quota as usize;
        // Sizes above k_max cannot stay below the quota: even the k_max + 1
        // lightest players reach it.
        let mut light: Vec<usize> = self
            .weights
            .iter()
            .map(|&w| w as usize)
            .filter(|&w| w < q)
            .collect();
        light.sort_unstable();
        let mut k_max = 0;
        let mut lightest = 0usize;
        for &w in &light {
            if lightest + w >= q {
                break;
            }
            lightest += w;
            k_max += 1;
        }
        // table[k * q + w]: coalitions of size k and weight exactly w (< q).
        // Row k is only ever updated from row k − 1, so each update is a
        // contiguous, vectorisable loop.
        let mut table = vec![0u128; (k_max + 1) * q];
        table[0] = 1;
        let mut seen = 0usize;
        let mut reach = 0usize; // the largest weight reached so far, capped at q − 1
        for &weight in &self.weights {
            let a = weight as usize;
            if a >= q {
                continue; // such a player never stays below the quota
            }
            seen += 1;
            reach = (reach + a).min(q - 1);
            for k in (1..=seen.min(k_max)).rev() {
                let (lower, upper) = table.split_at_mut(k * q);
                let source = &lower[(k - 1) * q..(k - 1) * q + (reach - a + 1)];
                let target = &mut upper[a..=reach];
                for (t, s) in target.iter_mut().zip(source) {
                    *t = t.wrapping_add(*s);
                }
            }
        }
        // Cumulative over weight: F[k][w] = coalitions of size k and weight ≤ w.
        for row in table.chunks_mut(q) {
            for w in 1..q {
                row[w] = row[w].wrapping_add(row[w - 1]);
            }
        }
        let cumulative = |w: usize, k: usize| if k <= k_max { table[k * q + w] } else { 0 };
        // F without a player of weight a at weight w, size k.
        let without = |a: usize, w: usize, k: usize| -> u128 {
            let mut total = 0u128;
            let mut j = 0usize;
            loop {
                let value = cumulative(w - j * a, k - j);
                total = if j.is_multiple_of(2) {
                    total.wrapping_add(value)
                } else {
                    total.wrapping_sub(value)
                };
                j += 1;
                if j > k || a == 0 || j * a > w {
                    break;
                }
            }
            total
        };
        let mut result = Vec::with_capacity(n);
        for &weight in &self.weights {
            let a = (weight as usize).min(q);
            let mut counts = vec![0u128; n];
            if a > 0 {
                for (k, count) in counts.iter_mut().enumerate() {
                    let upper = without(a, q - 1, k);
                    let lower = if a < q { without(a, q - 1 - a, k) } else { 0 };
                    *count = upper.wrapping_sub(lower);
                }
            }
            result.push(counts);
        }
        Ok(result)
    }

    /// The exact Shapley–Shubik index: the probability that each player is
    /// pivotal when the players arrive in uniformly random order.
    pub fn shapley_shubik(&self) -> Result<Vec<BigRational>, CoopError> {
        let counts = self.pivot_counts()?;
        let (weights, n_factorial) = shapley_weight_numerators(self.players());
        Ok(counts
            .iter()
            .map(|row| {
                let total: BigInt = row
                    .iter()
                    .zip(&weights)
                    .map(|(&c, w)| BigInt::from(c) * w)
                    .sum();
                BigRational::new(total, n_factorial.clone())
            })
            .collect())
    }

    /// The number of swings of each player: winning coalitions that lose when
    /// the player leaves.
    pub fn swings(&self) -> Result<Vec<BigInt>, CoopError> {
        Ok(self
            .pivot_counts()?
            .iter()
            .map(|row| row.iter().map(|&c| BigInt::from(c)).sum())
            .collect())
    }

    /// The exact Banzhaf index (raw: swings / 2ⁿ⁻¹; normalised: swings / total).
    pub fn banzhaf(&self) -> Result<BanzhafIndex, CoopError> {
        let totals = self
            .swings()?
            .into_iter()
            .map(BigRational::from_integer)
            .collect();
        Ok(BanzhafIndex::from_totals(
            totals,
            BigInt::from(1u8) << (self.players() - 1),
        ))
    }
}

impl std::str::FromStr for WeightedVotingGame {
    type Err = CoopError;

    /// Reads `[q; w1, w2, …]` (the brackets are optional).
    fn from_str(text: &str) -> Result<Self, CoopError> {
        let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
        let (quota, weights) = inner.split_once(';').ok_or_else(|| {
            CoopError::WeightedSyntax(format!(
                "no ';' after the quota in \"{}\"",
                sprague_textfile::quoted(text.trim())
            ))
        })?;
        let number = |s: &str| {
            s.trim().parse::<u64>().map_err(|_| {
                CoopError::WeightedSyntax(format!(
                    "\"{}\" is not a non-negative integer",
                    sprague_textfile::quoted(s.trim())
                ))
            })
        };
        let quota = number(quota)?;
        let weights = weights
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(number)
            .collect::<Result<Vec<_>, _>>()?;
        WeightedVotingGame::new(quota, weights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{banzhaf, shapley};
    use proptest::prelude::*;
    use sprague_strategic::exact_text::format_rational;

    fn texts(values: &[BigRational]) -> Vec<String> {
        values.iter().map(format_rational).collect()
    }

    #[test]
    fn eec_council_1958() {
        // Council of the EEC, 1958: [12; 4,4,4,2,2,1] (France, Germany, Italy,
        // Belgium, Netherlands, Luxembourg). Shapley–Shubik 14/60, 14/60,
        // 14/60, 9/60, 9/60, 0 and normalised Banzhaf 5/21, 5/21, 5/21, 1/7,
        // 1/7, 0 — Felsenthal & Machover, The Measurement of Voting Power
        // (1998), and Brams, Game Theory and Politics (1975): Luxembourg is a
        // dummy.
        let game: WeightedVotingGame = "[12; 4,4,4,2,2,1]".parse().unwrap();
        assert_eq!(
            texts(&game.shapley_shubik().unwrap()),
            ["7/30", "7/30", "7/30", "3/20", "3/20", "0"]
        );
        let index = game.banzhaf().unwrap();
        assert_eq!(
            texts(&index.normalized.unwrap()),
            ["5/21", "5/21", "5/21", "1/7", "1/7", "0"]
        );
        assert_eq!(
            game.swings().unwrap(),
            [10, 10, 10, 6, 6, 0].map(BigInt::from)
        );
    }

    #[test]
    fn un_security_council() {
        // UN Security Council since 1965: 5 permanent members with veto and 10
        // others, 9 votes needed: [39; 7,7,7,7,7,1,...,1]. Shapley–Shubik
        // 421/2145 ≈ 0.1963 per permanent and 4/2145 ≈ 0.00186 per other
        // member (Shapley–Shubik 1954 computed the 11-member council; these
        // values: e.g. Straffin, Game Theory and Strategy (1993), ch. 32).
        let mut weights = vec![7u64; 5];
        weights.extend([1u64; 10]);
        let game = WeightedVotingGame::new(39, weights).unwrap();
        let phi = game.shapley_shubik().unwrap();
        assert_eq!(format_rational(&phi[0]), "421/2145");
        assert_eq!(format_rational(&phi[14]), "4/2145");
    }

    #[test]
    fn common_divisor_is_removed() {
        let big: WeightedVotingGame = "[1000001; 400000, 300000, 300000, 200000]".parse().unwrap();
        let small: WeightedVotingGame = "[11; 4, 3, 3, 2]".parse().unwrap();
        assert_eq!(big.reduced(), small);
        assert_eq!(
            big.shapley_shubik().unwrap(),
            small.shapley_shubik().unwrap()
        );
    }

    #[test]
    fn three_parties() {
        let game: WeightedVotingGame = "[51; 49, 48, 3]".parse().unwrap();
        assert_eq!(
            texts(&game.shapley_shubik().unwrap()),
            ["1/3", "1/3", "1/3"]
        );
    }

    #[test]
    fn bad_games() {
        assert_eq!(
            "[10; 3, 4]".parse::<WeightedVotingGame>(),
            Err(CoopError::QuotaAboveTotal {
                quota: 10,
                total: 7
            })
        );
        assert_eq!(
            "[0; 3]".parse::<WeightedVotingGame>(),
            Err(CoopError::ZeroQuota)
        );
        assert!(matches!(
            "[5 3, 4]".parse::<WeightedVotingGame>(),
            Err(CoopError::WeightedSyntax(_))
        ));
        assert!(matches!(
            "[5; 3, x]".parse::<WeightedVotingGame>(),
            Err(CoopError::WeightedSyntax(_))
        ));
    }

    #[test]
    fn hundred_players_fits_u128() {
        let weights: Vec<u64> = (0..100).map(|i| 1 + (i * 37 % 1000)).collect();
        let total: u64 = weights.iter().sum();
        let game = WeightedVotingGame::new(total / 2 + 1, weights).unwrap();
        let phi = game.shapley_shubik().unwrap();
        let sum: BigRational = phi.iter().sum();
        assert_eq!(sum, BigRational::from_integer(1.into()));
    }

    proptest! {
        #[test]
        fn dynamic_program_matches_the_table(
            weights in prop::collection::vec(0u64..12, 1..8),
            quota_fraction in 0.05f64..1.0,
        ) {
            let total: u64 = weights.iter().sum();
            prop_assume!(total > 0);
            let quota = ((total as f64 * quota_fraction).ceil() as u64).clamp(1, total);
            let game = WeightedVotingGame::new(quota, weights).unwrap();
            let table = game.to_tu_game().unwrap();
            prop_assert_eq!(game.shapley_shubik().unwrap(), shapley(&table));
            prop_assert_eq!(game.banzhaf().unwrap(), banzhaf(&table));
        }
    }
}
