//! TU games given by a rule instead of a table, as
//! [`CharacteristicFunction`]s with integer parameters (the rational
//! parameters scaled by their common denominator), so that games of 25
//! players are evaluated coalition by coalition and never stored:
//! - [`GloveGame`]: v(S) = min(#left owners, #right owners in S);
//! - [`AirportGame`]: the airport cost game c(S) = max_{i∈S} cᵢ
//!   (Littlechild and Owen, "A simple expression for the Shapley value in a
//!   special case", Management Science 20, 1973);
//! - [`BankruptcyGame`]: v(S) = max(0, E − Σ_{j∉S} dⱼ) (O'Neill 1982;
//!   Aumann and Maschler 1985);
//! - [`SavingsGame`]: the savings game s(S) = Σ_{i∈S} c({i}) − c(S) of a
//!   cost game c. The nucleolus of a cost game (the allocation minimising,
//!   lexicographically, the largest x(S) − c(S) over x with xᵢ ≤ c({i})) is
//!   cᵢ − yᵢ for the nucleolus y of its savings game, since
//!   x(S) − c(S) = s(S) − y(S) coalition by coalition.
//!
//! The incremental evaluation of a block of coalitions (sums of the low
//! members' parameters by one addition per coalition) is what makes the
//! scans over all 2ⁿ coalitions cheap.

use num_rational::BigRational;
use num_traits::Signed;

use super::characteristic::{bits, common_scale, scaled, CharacteristicFunction, MAX_SCALED_WORTH};
use super::{Coalition, CoopError};

fn too_large_parameters(what: &str) -> CoopError {
    CoopError::TooLarge(format!(
        "the {what} are too large for the exact computation at scale: scaled by their common denominator they must add up to at most 2^60"
    ))
}

/// Scales `values` to integers whose absolute values add up to at most
/// [`MAX_SCALED_WORTH`]; the scale d and the integers.
fn integer_parameters(values: &[BigRational], what: &str) -> Result<(u64, Vec<i64>), CoopError> {
    let d = common_scale(values.iter()).ok_or_else(|| too_large_parameters(what))?;
    let ints = scaled(values, d).ok_or_else(|| too_large_parameters(what))?;
    let total = ints
        .iter()
        .try_fold(0i64, |acc, v| acc.checked_add(v.checked_abs()?))
        .filter(|&t| t <= MAX_SCALED_WORTH);
    match total {
        Some(_) => Ok((d, ints)),
        None => Err(too_large_parameters(what)),
    }
}

fn ratio(value: i64, d: u64) -> BigRational {
    BigRational::new(value.into(), d.into())
}

/// Partial sums of the low players' parameters: `out[lo]` = Σ_{i∈lo} p[i].
fn low_sums(parameters: &[i64], low_bits: u32) -> Vec<i64> {
    let size = 1usize << low_bits;
    let mut sums = vec![0i64; size];
    for lo in 1..size {
        sums[lo] = sums[lo & (lo - 1)] + parameters[lo.trailing_zeros() as usize];
    }
    sums
}

/// The glove game: players 0..left own a left glove, the others a right one.
///
/// ```
/// use sprague_cooperative::characteristic::CharacteristicFunction;
/// use sprague_cooperative::structured::GloveGame;
/// let game = GloveGame::new(2, 1).unwrap();
/// assert_eq!(game.scaled_worth(0b111), Some(1));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GloveGame {
    left: usize,
    right: usize,
}

impl GloveGame {
    /// The glove game of `left` and `right` owners (at most 31 players).
    pub fn new(left: usize, right: usize) -> Result<Self, CoopError> {
        let n = left.saturating_add(right);
        if n == 0 {
            return Err(CoopError::NoPlayers);
        }
        if n > 31 {
            return Err(CoopError::TooManyPlayers(n));
        }
        Ok(GloveGame { left, right })
    }

    fn pairs(&self, coalition: Coalition) -> i64 {
        let mask = (1u32 << self.left) - 1;
        i64::from(
            (coalition & mask)
                .count_ones()
                .min((coalition & !mask).count_ones()),
        )
    }
}

impl CharacteristicFunction for GloveGame {
    fn players(&self) -> usize {
        self.left + self.right
    }
    fn worth(&self, coalition: Coalition) -> BigRational {
        BigRational::from_integer(self.pairs(coalition).into())
    }
    fn denominator(&self) -> Option<u64> {
        Some(1)
    }
    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        Some(self.pairs(coalition))
    }
}

/// The airport cost game c(S) = max_{i∈S} cᵢ.
///
/// ```
/// use sprague_cooperative::characteristic::CharacteristicFunction;
/// use sprague_cooperative::structured::AirportGame;
/// use sprague_strategic::exact_text::parse_rational;
/// let costs: Vec<_> = ["1", "5/2", "3"].iter().map(|c| parse_rational(c).unwrap()).collect();
/// let game = AirportGame::new(&costs).unwrap();
/// assert_eq!(game.worth(0b011).to_string(), "5/2");
/// assert_eq!(game.denominator(), Some(2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AirportGame {
    costs: Vec<i64>,
    denominator: u64,
}

impl AirportGame {
    /// The game of non-negative runway costs (at most 31 players).
    pub fn new(costs: &[BigRational]) -> Result<Self, CoopError> {
        check_players(costs.len())?;
        if costs.iter().any(Signed::is_negative) {
            return Err(CoopError::Builtin(
                "airport costs must be non-negative".into(),
            ));
        }
        let (denominator, costs) = integer_parameters(costs, "airport costs")?;
        Ok(AirportGame { costs, denominator })
    }

    fn cost(&self, coalition: Coalition) -> i64 {
        bits(coalition).map(|i| self.costs[i]).max().unwrap_or(0)
    }

    /// Each player's own cost cᵢ = c({i}).
    pub fn costs(&self) -> Vec<BigRational> {
        self.costs
            .iter()
            .map(|&c| ratio(c, self.denominator))
            .collect()
    }
}

fn check_players(n: usize) -> Result<(), CoopError> {
    if n == 0 {
        return Err(CoopError::NoPlayers);
    }
    if n > 31 {
        return Err(CoopError::TooManyPlayers(n));
    }
    Ok(())
}

impl CharacteristicFunction for AirportGame {
    fn players(&self) -> usize {
        self.costs.len()
    }
    fn worth(&self, coalition: Coalition) -> BigRational {
        ratio(self.cost(coalition), self.denominator)
    }
    fn denominator(&self) -> Option<u64> {
        Some(self.denominator)
    }
    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        Some(self.cost(coalition))
    }
    fn scaled_worth_block(&self, high: Coalition, low_bits: u32, out: &mut [i64]) -> Option<()> {
        let base = self.cost(high);
        out[0] = base;
        for lo in 1..out.len().min(1 << low_bits) {
            out[lo] = out[lo & (lo - 1)].max(self.costs[lo.trailing_zeros() as usize]);
        }
        Some(())
    }
}

/// The bankruptcy game v(S) = max(0, E − Σ_{j∉S} dⱼ) of an estate E and
/// claims dⱼ with E ≤ Σ dⱼ.
///
/// ```
/// use sprague_cooperative::characteristic::CharacteristicFunction;
/// use sprague_cooperative::structured::BankruptcyGame;
/// use num_rational::BigRational;
/// let r = |v: i64| BigRational::from_integer(v.into());
/// let game = BankruptcyGame::new(&r(200), &[r(100), r(200), r(300)]).unwrap();
/// assert_eq!(game.worth(0b110).to_string(), "100");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankruptcyGame {
    /// E − Σ dⱼ (≤ 0), scaled.
    offset: i64,
    claims: Vec<i64>,
    denominator: u64,
}

impl BankruptcyGame {
    /// The game of a non-negative estate and claims (at most 31 players).
    pub fn new(estate: &BigRational, claims: &[BigRational]) -> Result<Self, CoopError> {
        check_players(claims.len())?;
        if estate.is_negative() || claims.iter().any(Signed::is_negative) {
            return Err(CoopError::Builtin(
                "the estate and the claims must be non-negative".into(),
            ));
        }
        let mut all = claims.to_vec();
        all.push(estate.clone());
        let (denominator, mut ints) = integer_parameters(&all, "estate and claims")?;
        let estate = ints.pop().unwrap_or(0);
        let total: i64 = ints.iter().sum();
        if estate > total {
            return Err(CoopError::Builtin(
                "the estate exceeds the total claim, so there is no bankruptcy".into(),
            ));
        }
        Ok(BankruptcyGame {
            offset: estate - total,
            claims: ints,
            denominator,
        })
    }

    fn value(&self, coalition: Coalition) -> i64 {
        (self.offset + bits(coalition).map(|i| self.claims[i]).sum::<i64>()).max(0)
    }
}

impl CharacteristicFunction for BankruptcyGame {
    fn players(&self) -> usize {
        self.claims.len()
    }
    fn worth(&self, coalition: Coalition) -> BigRational {
        ratio(self.value(coalition), self.denominator)
    }
    fn denominator(&self) -> Option<u64> {
        Some(self.denominator)
    }
    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        Some(self.value(coalition))
    }
    fn scaled_worth_block(&self, high: Coalition, low_bits: u32, out: &mut [i64]) -> Option<()> {
        let base = self.offset + bits(high).map(|i| self.claims[i]).sum::<i64>();
        let sums = low_sums(&self.claims, low_bits);
        for (slot, s) in out.iter_mut().zip(sums) {
            *slot = (base + s).max(0);
        }
        Some(())
    }
}

/// The savings game s(S) = Σ_{i∈S} c({i}) − c(S) of a cost game c.
///
/// ```
/// use sprague_cooperative::characteristic::CharacteristicFunction;
/// use sprague_cooperative::structured::{AirportGame, SavingsGame};
/// use num_rational::BigRational;
/// let r = |v: i64| BigRational::from_integer(v.into());
/// let airport = AirportGame::new(&[r(1), r(2), r(3)]).unwrap();
/// let savings = SavingsGame::new(&airport);
/// assert_eq!(savings.worth(0b111).to_string(), "3"); // 1 + 2 + 3 − 3
/// ```
#[derive(Debug, Clone)]
pub struct SavingsGame<G> {
    cost: G,
    singletons: Vec<BigRational>,
    scaled_singletons: Option<Vec<i64>>,
}

impl<G: CharacteristicFunction> SavingsGame<G> {
    /// The savings game of the cost game `cost`.
    pub fn new(cost: G) -> Self {
        let n = cost.players();
        let singletons: Vec<BigRational> = (0..n).map(|i| cost.worth(1 << i)).collect();
        let scaled_singletons = cost.denominator().and_then(|_| {
            let ints: Option<Vec<i64>> = (0..n).map(|i| cost.scaled_worth(1 << i)).collect();
            ints.filter(|v| {
                v.iter()
                    .try_fold(0i64, |acc, x| acc.checked_add(x.checked_abs()?))
                    .is_some_and(|t| t <= MAX_SCALED_WORTH)
            })
        });
        SavingsGame {
            cost,
            singletons,
            scaled_singletons,
        }
    }

    /// The cost game.
    pub fn cost_game(&self) -> &G {
        &self.cost
    }

    /// c({i}) for each player.
    pub fn singleton_costs(&self) -> &[BigRational] {
        &self.singletons
    }
}

impl<G: CharacteristicFunction> CharacteristicFunction for SavingsGame<G> {
    fn players(&self) -> usize {
        self.cost.players()
    }
    fn worth(&self, coalition: Coalition) -> BigRational {
        let own: BigRational = bits(coalition).map(|i| &self.singletons[i]).sum();
        own - self.cost.worth(coalition)
    }
    fn denominator(&self) -> Option<u64> {
        self.scaled_singletons.as_ref()?;
        self.cost.denominator()
    }
    fn scaled_worth(&self, coalition: Coalition) -> Option<i64> {
        let own: i64 = bits(coalition)
            .map(|i| self.scaled_singletons.as_ref().map(|s| s[i]))
            .sum::<Option<i64>>()?;
        Some(own - self.cost.scaled_worth(coalition)?)
    }
    fn scaled_worth_block(&self, high: Coalition, low_bits: u32, out: &mut [i64]) -> Option<()> {
        let singles = self.scaled_singletons.as_ref()?;
        self.cost.scaled_worth_block(high, low_bits, out)?;
        let base: i64 = bits(high).map(|i| singles[i]).sum();
        let sums = low_sums(singles, low_bits);
        for (slot, s) in out.iter_mut().zip(sums) {
            *slot = base + s - *slot;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin;
    use sprague_strategic::exact_text::parse_rational;

    fn q(s: &str) -> BigRational {
        parse_rational(s).unwrap()
    }

    fn check_against<G: CharacteristicFunction>(game: &G, table: &crate::TuGame) {
        let n = game.players();
        for s in 0..(1u32 << n) {
            assert_eq!(&game.worth(s), table.value(s), "coalition {s:b}");
        }
        let d = game.denominator().unwrap();
        let low = (n as u32).min(3);
        let mut out = vec![0; 1 << low];
        for high in (0..(1u32 << n)).step_by(1 << low) {
            game.scaled_worth_block(high, low, &mut out).unwrap();
            for (lo, v) in out.iter().enumerate() {
                let s = high | lo as u32;
                assert_eq!(BigRational::new((*v).into(), d.into()), *table.value(s));
                assert_eq!(game.scaled_worth(s), Some(*v));
            }
        }
    }

    #[test]
    fn rules_agree_with_the_tables_of_builtin() {
        let costs = [q("3/2"), q("1"), q("4"), q("1/3"), q("4")];
        check_against(
            &AirportGame::new(&costs).unwrap(),
            &builtin::airport(&costs).unwrap(),
        );
        let claims = [q("100"), q("200"), q("300"), q("5/2")];
        for estate in ["0", "100", "401/2", "602.5"] {
            check_against(
                &BankruptcyGame::new(&q(estate), &claims).unwrap(),
                &builtin::bankruptcy(&q(estate), &claims).unwrap(),
            );
        }
        check_against(
            &GloveGame::new(2, 3).unwrap(),
            &builtin::glove(2, 3).unwrap(),
        );
    }

    #[test]
    fn savings_of_the_airport_game() {
        let costs = [q("3/2"), q("1"), q("4"), q("1/3")];
        let airport = AirportGame::new(&costs).unwrap();
        let table = crate::TuGame::from_fn(4, |s| {
            let own: BigRational = bits(s).map(|i| costs[i].clone()).sum();
            own - airport.worth(s)
        })
        .unwrap();
        check_against(&SavingsGame::new(&airport), &table);
    }

    #[test]
    fn bad_parameters_are_refused() {
        assert!(AirportGame::new(&[q("-1")]).is_err());
        assert!(BankruptcyGame::new(&q("10"), &[q("1"), q("2")]).is_err());
        let huge = q("1152921504606846977"); // 2^60 + 1
        assert!(matches!(
            AirportGame::new(&[huge]),
            Err(CoopError::TooLarge(_))
        ));
        assert!(GloveGame::new(20, 20).is_err());
    }
}
