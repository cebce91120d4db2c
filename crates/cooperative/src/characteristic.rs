//! The characteristic function of a TU game as an abstraction: v(S) asked
//! coalition by coalition, so that a game given by a rule (weighted voting,
//! airport, bankruptcy, glove, assignment games) never has its 2ⁿ values
//! stored (von Neumann–Morgenstern 1944 define a TU game by its function v).
//!
//! [`CharacteristicFunction`] has an exact face ([`worth`]) and an integer
//! fast path: a game whose worths are all integers after multiplying by one
//! common denominator d (every game of the crate with rational parameters)
//! answers [`denominator`] with d and evaluates d·v(S) in `i64`, a block of
//! coalitions at a time ([`scaled_worth_block`]), which is what the
//! separation scans of [`crate::constraint_generation`] run on. The
//! nucleolus of d·v is d times the nucleolus of v, so nothing is lost.
//!
//! A game may also name its **essential coalitions** (Huberman 1980): a
//! family such that every other coalition S has a partition into members
//! T₁, …, T_r of the family with v(S) ≤ Σ v(Tⱼ). When the core is not
//! empty the nucleolus is determined by those coalitions alone (Huberman,
//! "The nucleolus and the essential coalitions", 1980); for assignment games
//! they are the singletons and the buyer–seller pairs (Solymosi and Raghavan,
//! "An algorithm for finding the nucleolus of assignment games", IJGT 23,
//! 1994).
//!
//! [`worth`]: CharacteristicFunction::worth
//! [`denominator`]: CharacteristicFunction::denominator
//! [`scaled_worth_block`]: CharacteristicFunction::scaled_worth_block

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive};

use super::{Coalition, TuGame, WeightedVotingGame};

/// The largest |d·v(S)| of the integer fast path (2⁶⁰), so that sums of a
/// few such numbers and their products with a 62-bit factor fit in `i128`.
pub const MAX_SCALED_WORTH: i64 = 1 << 60;

/// A TU game given by its characteristic function v, coalition by coalition
/// (a coalition is a bit set, bit i for player i; v(∅) = 0).
///
/// ```
/// use sprague_cooperative::characteristic::CharacteristicFunction;
/// use sprague_cooperative::WeightedVotingGame;
/// let game: WeightedVotingGame = "[3; 2, 1, 1]".parse().unwrap();
/// assert_eq!(game.players(), 3);
/// assert_eq!(game.denominator(), Some(1));
/// assert_eq!(game.scaled_worth(0b011), Some(1)); // weight 3 reaches the quota
/// assert_eq!(game.worth(0b110).to_string(), "0");
/// ```
pub trait CharacteristicFunction: Sync {
    /// The number of players n (coalitions are bit sets below 2ⁿ).
    fn players(&self) -> usize;

    /// The worth v(S), exactly.
    fn worth(&self, coalition: Coalition) -> BigRational;

    /// `Some(d)` when d·v(S) is an integer of absolute value at most
    /// [`MAX_SCALED_WORTH`] for every coalition S (then
    /// [`scaled_worth`](Self::scaled_worth) answers every coalition);
    /// `None` when only the exact [`worth`](Self::worth) is available.
    fn denominator(&self) -> Option<u64> {
        None
    }

    /// d·v(S) for the d of [`denominator`](Self::denominator); `None` when
    /// the game has no integer form.
    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        let d = self.denominator()?;
        let scaled = self.worth(coalition) * BigRational::from_integer(BigInt::from(d));
        if scaled.is_integer() {
            scaled.to_integer().to_i64()
        } else {
            None
        }
    }

    /// Fills `out[lo]` with d·v(S) for S = `high` | lo, every lo below
    /// 2^`low_bits` (`high` has no bit below `low_bits`; `out` has
    /// 2^`low_bits` entries); `None` when the game has no integer form.
    /// Games given by a rule override it with an incremental computation.
    fn scaled_worth_block(&self, high: Coalition, low_bits: u32, out: &mut [i64]) -> Option<()> {
        for (lo, slot) in out.iter_mut().enumerate().take(1 << low_bits) {
            *slot = self.scaled_worth(high | lo as Coalition)?;
        }
        Some(())
    }

    /// The essential coalitions (see the module documentation), when the
    /// game knows a small family of them and its core is not empty; `None`
    /// means every coalition counts.
    fn essential_coalitions(&self) -> Option<Vec<Coalition>> {
        None
    }
}

impl<G: CharacteristicFunction + ?Sized> CharacteristicFunction for &G {
    fn players(&self) -> usize {
        (**self).players()
    }
    fn worth(&self, coalition: Coalition) -> BigRational {
        (**self).worth(coalition)
    }
    fn denominator(&self) -> Option<u64> {
        (**self).denominator()
    }
    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        (**self).scaled_worth(coalition)
    }
    fn scaled_worth_block(&self, high: Coalition, low_bits: u32, out: &mut [i64]) -> Option<()> {
        (**self).scaled_worth_block(high, low_bits, out)
    }
    fn essential_coalitions(&self) -> Option<Vec<Coalition>> {
        (**self).essential_coalitions()
    }
}

/// The least common denominator d of `values` when every d·v is an integer
/// of absolute value at most [`MAX_SCALED_WORTH`] and d fits in 62 bits.
///
/// ```
/// use num_rational::BigRational;
/// use sprague_cooperative::characteristic::common_scale;
/// let v = [BigRational::new(1.into(), 2.into()), BigRational::new(2.into(), 3.into())];
/// assert_eq!(common_scale(v.iter()), Some(6));
/// ```
pub fn common_scale<'a>(values: impl IntoIterator<Item = &'a BigRational> + Clone) -> Option<u64> {
    let mut d = BigInt::one();
    for v in values.clone() {
        d = d.lcm(v.denom());
        if d.bits() > 62 {
            return None;
        }
    }
    let limit = BigInt::from(MAX_SCALED_WORTH);
    for v in values {
        if (v.numer() * (&d / v.denom())).abs() > limit {
            return None;
        }
    }
    d.to_u64()
}

/// Scales `values` by `d` to integers (callers have checked they fit).
pub(crate) fn scaled(values: &[BigRational], d: u64) -> Option<Vec<i64>> {
    let d = BigInt::from(d);
    values
        .iter()
        .map(|v| (v.numer() * (&d / v.denom())).to_i64())
        .collect()
}

impl CharacteristicFunction for TuGame {
    fn players(&self) -> usize {
        TuGame::players(self)
    }

    fn worth(&self, coalition: Coalition) -> BigRational {
        self.value(coalition).clone()
    }

    /// The common denominator of the table (computed when it was built).
    fn denominator(&self) -> Option<u64> {
        self.common_denominator()
    }

    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        let d = self.common_denominator()?;
        let v = self.value(coalition);
        (v.numer() * (BigInt::from(d) / v.denom())).to_i64()
    }
}

impl CharacteristicFunction for WeightedVotingGame {
    fn players(&self) -> usize {
        WeightedVotingGame::players(self)
    }

    fn worth(&self, coalition: Coalition) -> BigRational {
        BigRational::from_integer(self.scaled_worth_of(coalition).into())
    }

    fn denominator(&self) -> Option<u64> {
        Some(1)
    }

    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        Some(self.scaled_worth_of(coalition))
    }

    /// The low members' weights are summed in `out` itself (one addition
    /// per coalition) and then compared with the quota; games whose total
    /// weight exceeds `i64::MAX` take the coalition-by-coalition path.
    fn scaled_worth_block(&self, high: Coalition, low_bits: u32, out: &mut [i64]) -> Option<()> {
        let weights = self.weights();
        let size = out.len().min(1 << low_bits);
        let total: u128 = weights.iter().map(|&w| u128::from(w)).sum();
        if total > i64::MAX as u128 {
            for (lo, slot) in out.iter_mut().enumerate().take(size) {
                *slot = self.scaled_worth_of(high | lo as Coalition);
            }
            return Some(());
        }
        // Every sum below is at most the total weight, so it fits in i64.
        let base: i64 = bits(high).map(|i| weights[i] as i64).sum();
        let quota = self.quota() as i64;
        out[0] = 0;
        for lo in 1..size {
            out[lo] = out[lo & (lo - 1)] + weights[lo.trailing_zeros() as usize] as i64;
        }
        for slot in out.iter_mut().take(size) {
            *slot = i64::from(base + *slot >= quota);
        }
        Some(())
    }
}

impl WeightedVotingGame {
    fn scaled_worth_of(&self, coalition: Coalition) -> i64 {
        let weights = self.weights();
        let weight: u128 = bits(coalition).map(|i| u128::from(weights[i])).sum();
        i64::from(weight >= u128::from(self.quota()))
    }
}

/// The members of a coalition, in increasing order.
pub(crate) fn bits(coalition: Coalition) -> impl Iterator<Item = usize> {
    let mut rest = coalition;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(i)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_agree_with_single_worths() {
        let game: WeightedVotingGame = "[7; 4, 3, 2, 2, 1]".parse().unwrap();
        let table = game.to_tu_game().unwrap();
        assert_eq!(CharacteristicFunction::denominator(&table), Some(1));
        let mut out = vec![0; 8];
        for high in [0u32, 0b01000, 0b10000, 0b11000] {
            game.scaled_worth_block(high, 3, &mut out).unwrap();
            for (lo, v) in out.iter().enumerate() {
                let s = high | lo as u32;
                assert_eq!(Some(*v), table.scaled_worth(s));
                assert_eq!(BigRational::from_integer((*v).into()), *table.value(s));
            }
        }
    }

    #[test]
    fn fractional_tables_scale() {
        let game = TuGame::from_fn(2, |s| BigRational::new(i64::from(s).into(), 6.into())).unwrap();
        assert_eq!(CharacteristicFunction::denominator(&game), Some(6));
        assert_eq!(game.scaled_worth(3), Some(3));
        let huge = TuGame::from_fn(1, |s| {
            BigRational::new(BigInt::from(s), BigInt::from(3).pow(60))
        })
        .unwrap();
        assert_eq!(CharacteristicFunction::denominator(&huge), None);
    }
}
