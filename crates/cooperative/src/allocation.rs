//! Allocations of v(N) and their excesses: e(S, x) = v(S) − x(S), how much
//! coalition S would gain by leaving the allocation x. An allocation is an
//! *imputation* when it is efficient (x(N) = v(N)) and individually rational
//! (xᵢ ≥ v({i})), and it lies in the *core* (Gillies 1959) when it is
//! efficient and no coalition has a positive excess.
//!
//! For a *cost game* c (the airport game) the senses turn round: an allocation
//! of c(N) is in the core when no coalition pays more than its own cost,
//! x(S) ≤ c(S), and a coalition's grievance is x(S) − c(S).
//!
//! Checking a given allocation needs no optimisation: it is one pass over the
//! 2ⁿ coalitions. Finding a core point, the least core or the nucleolus
//! (which lexicographically minimises the sorted excesses, Schmeidler 1969)
//! needs linear programming and will be built on the crate's exact LP.

use num_rational::BigRational;
use num_traits::{Signed, Zero};

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

/// Whether a game's table holds worths (what a coalition can get) or costs
/// (what a coalition would pay on its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sense {
    /// v(S) is what S can get: the core asks x(S) ≥ v(S).
    Worth,
    /// c(S) is what S would pay alone: the core asks x(S) ≤ c(S).
    Cost,
}

/// The outcome of [`core_membership`].
#[derive(Debug, Clone, PartialEq)]
pub struct CoreCheck {
    /// Whether the table holds worths or costs.
    pub sense: Sense,
    /// Whether Σ xᵢ = v(N).
    pub efficient: bool,
    /// x(N) − v(N) (zero when efficient).
    pub surplus: BigRational,
    /// A coalition with the largest grievance, and that grievance: the excess
    /// v(S) − x(S) of a worth game, x(S) − c(S) of a cost game.
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
    core_membership_as(game, allocation, Sense::Worth)
}

/// Checks whether `allocation` is in the core of `game` read in the given
/// sense: for [`Sense::Cost`], whether it shares c(N) so that no coalition
/// pays more than its own cost.
///
/// ```
/// use sprague_cooperative::allocation::{core_membership_as, Sense};
/// use sprague_cooperative::builtin;
/// use sprague_strategic::exact_text::parse_rational;
/// // Runways costing 1, 2 and 3: paying (1, 1, 1) overcharges no coalition.
/// let costs: Vec<_> = ["1", "2", "3"].iter().map(|c| parse_rational(c).unwrap()).collect();
/// let airport = builtin::airport(&costs).unwrap();
/// let x = |v: [&str; 3]| v.map(|s| parse_rational(s).unwrap()).to_vec();
/// assert!(core_membership_as(&airport, &x(["1", "1", "1"]), Sense::Cost).unwrap().in_core());
/// // (2, 0, 1): player 1 pays 2 for a runway that costs it 1 alone.
/// let check = core_membership_as(&airport, &x(["2", "0", "1"]), Sense::Cost).unwrap();
/// assert!(!check.in_core());
/// assert_eq!(airport.label(check.most_unhappy.0), "{1}");
/// ```
pub fn core_membership_as(
    game: &TuGame,
    allocation: &[BigRational],
    sense: Sense,
) -> Result<CoreCheck, CoopError> {
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
        let e = match sense {
            Sense::Worth => excess(game, allocation, coalition),
            Sense::Cost => -excess(game, allocation, coalition),
        };
        if e > most_unhappy.1 || most_unhappy.0 == 0 {
            most_unhappy = (coalition, e);
        }
    }
    if grand == 1 {
        most_unhappy = (grand, BigRational::zero());
    }
    Ok(CoreCheck {
        sense,
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
                    sprague_textfile::quoted(part.trim())
                ))
            })
        })
        .collect()
}

/// A one-sentence verdict for people.
pub fn describe(game: &TuGame, check: &CoreCheck) -> String {
    let total = match check.sense {
        Sense::Worth => "v(N)",
        Sense::Cost => "c(N)",
    };
    if !check.efficient {
        let (amount, direction) = if check.surplus.is_positive() {
            (check.surplus.clone(), "more")
        } else {
            (-check.surplus.clone(), "less")
        };
        format!(
            "not in the core: the shares add up to {} {direction} than {total}",
            format_rational(&amount)
        )
    } else if check.in_core() {
        match check.sense {
            Sense::Worth => format!(
                "in the core: the shares add up to {total} and no coalition can do better on its own"
            ),
            Sense::Cost => format!(
                "in the core: the shares add up to {total} and no coalition pays more than its own cost"
            ),
        }
    } else {
        let coalition = game.label(check.most_unhappy.0);
        let amount = format_rational(&check.most_unhappy.1);
        match check.sense {
            Sense::Worth => {
                format!("not in the core: coalition {coalition} gets {amount} more on its own")
            }
            Sense::Cost => format!(
                "not in the core: coalition {coalition} pays {amount} more than its own cost"
            ),
        }
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
