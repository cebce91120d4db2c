//! The finitely repeated prisoner's dilemma and why rational players defect
//! in every round (Luce–Raiffa 1957, §5.5; Selten 1978 for the argument in
//! general): with a known last round n, the last round is a one-shot
//! prisoner's dilemma, where D strictly dominates C (T > R and P > S), so
//! both defect whatever happened before. Then round n − 1 is followed by play
//! that does not depend on what happens in it, so it too is a one-shot
//! dilemma plus a constant, and so on back to round 1: the unique
//! subgame-perfect equilibrium is "defect in every round", with n·P each,
//! although both cooperating would give n·R > n·P. (Seed 004 tells the same
//! story for 100 rounds; an unknown horizon changes it — see [`crate::ipd`].)
//!
//! [`analyse`] carries out this backward induction exactly, round by round,
//! and checks each step's dominance inequalities with the continuation
//! payoffs added.

use num_rational::BigRational;
use num_traits::Zero;

use sprague_strategic::exact_text::format_rational;

/// Exact stage payoffs R, S, T, P.
#[derive(Debug, Clone, PartialEq)]
pub struct ExactPayoffs {
    /// Reward for mutual cooperation.
    pub r: BigRational,
    /// Sucker's payoff.
    pub s: BigRational,
    /// Temptation.
    pub t: BigRational,
    /// Punishment for mutual defection.
    pub p: BigRational,
}

impl Default for ExactPayoffs {
    fn default() -> Self {
        let int = |x: i64| BigRational::from_integer(x.into());
        ExactPayoffs {
            r: int(3),
            s: int(0),
            t: int(5),
            p: int(1),
        }
    }
}

/// One round of the backward induction.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundStep {
    /// The round (1-based).
    pub round: usize,
    /// The payoff each player collects from the following rounds in equilibrium.
    pub continuation: BigRational,
    /// Whether D strictly dominates C in this round given the continuation.
    pub defect_dominates: bool,
    /// One sentence with the numbers.
    pub reason: String,
}

/// The result of the backward induction.
#[derive(Debug, Clone, PartialEq)]
pub struct RepeatedPdAnalysis {
    /// The number of rounds.
    pub rounds: usize,
    /// The steps, from the last round back to the first.
    pub steps: Vec<RoundStep>,
    /// Whether "defect in every round" is the unique subgame-perfect equilibrium.
    pub always_defect: bool,
    /// Each player's total in equilibrium (n·P when always defecting).
    pub equilibrium_total: BigRational,
    /// Each player's total if both always cooperated (n·R).
    pub cooperative_total: BigRational,
}

/// Backward induction on the prisoner's dilemma repeated `rounds` times.
///
/// ```
/// use sprague_repeated::finitely_repeated::{analyse, ExactPayoffs};
/// let analysis = analyse(&ExactPayoffs::default(), 100);
/// assert!(analysis.always_defect);
/// assert_eq!(analysis.equilibrium_total.to_integer(), 100.into());
/// assert_eq!(analysis.cooperative_total.to_integer(), 300.into());
/// ```
pub fn analyse(payoffs: &ExactPayoffs, rounds: usize) -> RepeatedPdAnalysis {
    let ExactPayoffs { r, s, t, p } = payoffs;
    let mut continuation = BigRational::zero();
    let mut steps = Vec::with_capacity(rounds);
    let mut always_defect = true;
    for round in (1..=rounds).rev() {
        // Play after this round does not depend on it, so it adds the same
        // constant to every cell of this round's matrix.
        let (tc, rc, pc, sc) = (
            t + &continuation,
            r + &continuation,
            p + &continuation,
            s + &continuation,
        );
        let against_c = tc > rc;
        let against_d = pc > sc;
        let dominates = against_c && against_d;
        always_defect &= dominates;
        let later = if round == rounds {
            "it is the last round".to_string()
        } else {
            format!(
                "rounds {}..{} bring {} each whatever happens now",
                round + 1,
                rounds,
                format_rational(&continuation)
            )
        };
        let reason = if dominates {
            format!(
                "round {round}: {later}, so against C defecting gives {} > {} and against D {} > {}: both defect",
                format_rational(&tc),
                format_rational(&rc),
                format_rational(&pc),
                format_rational(&sc)
            )
        } else {
            format!(
                "round {round}: {later}, but D does not strictly dominate C (T + c = {} vs R + c = {}, P + c = {} vs S + c = {}), so these payoffs are not a prisoner's dilemma",
                format_rational(&tc),
                format_rational(&rc),
                format_rational(&pc),
                format_rational(&sc)
            )
        };
        steps.push(RoundStep {
            round,
            continuation: continuation.clone(),
            defect_dominates: dominates,
            reason,
        });
        continuation += p;
    }
    let n = BigRational::from_integer(rounds.into());
    RepeatedPdAnalysis {
        rounds,
        steps,
        always_defect,
        equilibrium_total: &n * p,
        cooperative_total: &n * r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_004_prisoners() {
        // Seed 004: confess (D) / deny (C), years in prison 8 / 0 / 15 / 1 as
        // negative payoffs R = −1, S = −15, T = 0, P = −8: 100 rounds, confess throughout.
        let int = |x: i64| BigRational::from_integer(x.into());
        let payoffs = ExactPayoffs {
            r: int(-1),
            s: int(-15),
            t: int(0),
            p: int(-8),
        };
        let analysis = analyse(&payoffs, 100);
        assert!(analysis.always_defect);
        assert_eq!(analysis.equilibrium_total, int(-800));
        assert_eq!(analysis.steps.len(), 100);
        assert_eq!(analysis.steps[0].round, 100);
        assert!(analysis.steps[1].reason.contains("round 99"));
    }

    #[test]
    fn not_a_dilemma() {
        let int = |x: i64| BigRational::from_integer(x.into());
        let payoffs = ExactPayoffs {
            r: int(5),
            s: int(0),
            t: int(3),
            p: int(1),
        };
        assert!(!analyse(&payoffs, 3).always_defect);
    }
}

/// The most rounds [`repeated_pd`] analyses.
pub const MAX_ROUNDS: usize = 1_000_000;

/// `sprague tree repeated-pd --format json` (keys in alphabetical order, as the CLI prints them).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RepeatedPdRecord {
    /// Whether "defect in every round" is the unique subgame-perfect equilibrium.
    pub always_defect: bool,
    /// Each player's total if both always cooperated, exact.
    pub cooperative_total: String,
    /// The equilibrium in words.
    pub equilibrium: &'static str,
    /// Each player's total in equilibrium, exact.
    pub equilibrium_total: String,
    /// The number of rounds.
    pub rounds: usize,
    /// The backward induction, one sentence per round from the last.
    pub steps: Vec<String>,
}

impl RepeatedPdRecord {
    /// The record of an analysis.
    pub fn new(analysis: &RepeatedPdAnalysis) -> Self {
        RepeatedPdRecord {
            always_defect: analysis.always_defect,
            cooperative_total: format_rational(&analysis.cooperative_total),
            equilibrium: if analysis.always_defect {
                "both defect in every round"
            } else {
                "not a prisoner's dilemma: defection is not dominant"
            },
            equilibrium_total: format_rational(&analysis.equilibrium_total),
            rounds: analysis.rounds,
            steps: analysis.steps.iter().map(|s| s.reason.clone()).collect(),
        }
    }
}

/// Reads the stage payoffs `R,S,T,P` (exact numbers) and the number of rounds (1 to
/// [`MAX_ROUNDS`]) as the faces take them, and analyses the repeated game.
///
/// ```
/// use sprague_repeated::finitely_repeated::repeated_pd;
/// let analysis = repeated_pd("-1,-15,0,-8", 3).unwrap();
/// assert!(analysis.always_defect);
/// assert!(repeated_pd("1,2,3", 3).is_err());
/// assert!(repeated_pd("3,0,5,1", 0).is_err());
/// ```
pub fn repeated_pd(
    payoffs: &str,
    rounds: usize,
) -> Result<RepeatedPdAnalysis, crate::ipd::IpdError> {
    use crate::ipd::IpdError;
    let numbers: Vec<_> = payoffs
        .split(',')
        .map(sprague_strategic::exact_text::parse_rational)
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| {
            IpdError::PayoffSyntax(format!(
                "\"{}\" has a part that is not an exact number",
                sprague_textfile::quoted(payoffs)
            ))
        })?;
    let [r, s, t, p]: [_; 4] = numbers.try_into().map_err(|_| {
        IpdError::PayoffSyntax(format!(
            "\"{}\" does not have four numbers",
            sprague_textfile::quoted(payoffs)
        ))
    })?;
    if rounds == 0 || rounds > MAX_ROUNDS {
        return Err(IpdError::Parameter(format!(
            "the number of rounds must be between 1 and {MAX_ROUNDS}, not {rounds}"
        )));
    }
    Ok(analyse(&ExactPayoffs { r, s, t, p }, rounds))
}
