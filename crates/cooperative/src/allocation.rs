//! Allocations of v(N) and their excesses: e(S, x) = v(S) − x(S), how much
//! coalition S would gain by leaving the allocation x. An allocation is an
//! *imputation* when it is efficient (x(N) = v(N)) and individually rational
//! (xᵢ ≥ v({i})), and it lies in the *core* (Gillies 1959) when it is
//! efficient and no coalition has a positive excess.
//!
//! Checking a given allocation needs no optimisation: it is one pass over the
//! 2ⁿ coalitions. Finding a core point, the least core or the nucleolus
//! (which lexicographically minimises the sorted excesses, Schmeidler 1969)
//! needs linear programming and will be built on the crate's exact LP.

use num_rational::BigRational;
use num_traits::Zero;

use super::{Coalition, CoopError, TuGame};
use sprague_strategic::exact_text::format_rational;

/// The excess e(S, x) = v(S) − Σ_{i∈S} xᵢ.
pub fn excess(game: &TuGame, allocation: &[BigRational], coalition: Coalition) -> BigRational {
    let members: BigRational = (0..game.players())
        .filter(|i| coalition >> i & 1 == 1)
        .map(|i| &allocation[i])
        .sum();
    game.value(coalition) - members
}

/// The outcome of [`core_membership`].
#[derive(Debug, Clone, PartialEq)]
pub struct CoreCheck {
    /// Whether Σ xᵢ = v(N).
    pub efficient: bool,
    /// x(N) − v(N) (zero when efficient).
    pub surplus: BigRational,
    /// A coalition with the largest excess, and that excess.
    pub most_unhappy: (Coalition, BigRational),
}

impl CoreCheck {
    /// Whether the allocation is in the core: efficient and no coalition has
    /// a positive excess.
    pub fn in_core(&self) -> bool {
        self.efficient && self.most_unhappy.1 <= BigRational::zero()
    }
}

/// Checks whether `allocation` is in the core of `game`.
///
/// ```
/// use sprague_cooperative::{allocation::core_membership, builtin};
/// use sprague_strategic::exact_text::parse_rational;
/// // The glove game with one left and two right gloves has the single core
/// // point (1, 0, 0): the left glove's owner takes everything.
/// let game = builtin::glove(1, 2).unwrap();
/// let x = |v: [&str; 3]| v.map(|s| parse_rational(s).unwrap()).to_vec();
/// assert!(core_membership(&game, &x(["1", "0", "0"])).unwrap().in_core());
/// assert!(!core_membership(&game, &x(["2/3", "1/6", "1/6"])).unwrap().in_core());
/// ```
pub fn core_membership(game: &TuGame, allocation: &[BigRational]) -> Result<CoreCheck, CoopError> {
    if allocation.len() != game.players() {
        return Err(CoopError::Shape(format!(
            "the allocation has {} shares for {} players",
            allocation.len(),
            game.players()
        )));
    }
    let grand = (game.values().len() - 1) as Coalition;
    let surplus = -excess(game, allocation, grand);
    let mut most_unhappy = (0 as Coalition, BigRational::zero());
    for coalition in 1..grand {
        let e = excess(game, allocation, coalition);
        if e > most_unhappy.1 || most_unhappy.0 == 0 {
            most_unhappy = (coalition, e);
        }
    }
    if grand == 1 {
        most_unhappy = (grand, BigRational::zero());
    }
    Ok(CoreCheck {
        efficient: surplus.is_zero(),
        surplus,
        most_unhappy,
    })
}

/// Reads an allocation written as comma-separated exact numbers.
pub fn parse_allocation(text: &str) -> Result<Vec<BigRational>, CoopError> {
    text.split(',')
        .map(|part| {
            sprague_strategic::exact_text::parse_rational(part).ok_or_else(|| {
                CoopError::Shape(format!(
                    "\"{}\" in the allocation is not an exact number",
                    part.trim()
                ))
            })
        })
        .collect()
}

/// A one-sentence verdict for people.
pub fn describe(game: &TuGame, check: &CoreCheck) -> String {
    if !check.efficient {
        format!(
            "not in the core: the shares add up to {} more than v(N)",
            format_rational(&check.surplus)
        )
    } else if check.in_core() {
        "in the core: the shares add up to v(N) and no coalition can do better on its own"
            .to_string()
    } else {
        format!(
            "not in the core: coalition {} gets {} more on its own",
            game.label(check.most_unhappy.0),
            format_rational(&check.most_unhappy.1)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin;

    #[test]
    fn glove_core() {
        let game = builtin::glove(1, 2).unwrap();
        let check = core_membership(&game, &parse_allocation("1/2, 1/2, 0").unwrap()).unwrap();
        assert!(check.efficient && !check.in_core());
        assert_eq!(game.label(check.most_unhappy.0), "{L1,R2}");
        assert_eq!(format_rational(&check.most_unhappy.1), "1/2");
        let inefficient = core_membership(&game, &parse_allocation("1, 1, 0").unwrap()).unwrap();
        assert_eq!(format_rational(&inefficient.surplus), "1");
        assert!(describe(&game, &inefficient).contains("more than v(N)"));
        assert!(core_membership(&game, &parse_allocation("1, 0").unwrap()).is_err());
    }
}
