//! Kohlberg's criterion: a check that an allocation *is* the nucleolus (or
//! prenucleolus), independent of how it was found.
//!
//! For an efficient x let α₁ > α₂ > … be the distinct excesses
//! e(S, x) = v(S) − x(S) over the proper non-empty coalitions and
//! D_k = {S : e(S, x) ≥ α_k}. Kohlberg ("On the nucleolus of a
//! characteristic function game", SIAM J. Appl. Math. 20, 1971) proved that
//! x is the prenucleolus exactly when every D_k is *balanced* (weights
//! δ_S > 0 with Σ_{S∈D_k} δ_S 1_S = 1_N), and that an imputation x is the
//! nucleolus exactly when every D_k ∪ B₀ is balanced with positive weights
//! on D_k and non-negative ones on B₀ = {{i} : xᵢ = v({i})} (the form of
//! Kohlberg's criterion for the nucleolus in Peleg and Sudhölter,
//! "Introduction to the Theory of Cooperative Games", 2nd ed., 2007,
//! chapter 5).
//!
//! Only the levels up to the first k where D_k spans ℝⁿ need checking
//! (Benedek, Fliege and Nguyen, Mathematical Programming 190, 2021, whose
//! verification step is this): if D₁, …, D_k are balanced and span ℝⁿ,
//! any y at least as good lexicographically has y(S) = x(S) on every
//! S ∈ D_k level by level (balancedness forces the non-negative changes
//! to vanish), so y = x; and if x is the nucleolus every level is balanced.
//!
//! Each balancedness test is one exact LP (feasibility of
//! δ_S ≥ 1 on D_k, δ ≥ 0 on B₀, Σ δ_S 1_S = μ 1_N). The excesses of all
//! 2ⁿ coalitions are computed, so the check is for small games
//! (at most [`MAX_KOHLBERG_PLAYERS`] players).

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::characteristic::{bits, CharacteristicFunction};
use super::nucleolus::orthogonal_complement;
use super::{Coalition, CoopError};
use sprague_strategic::linear_program::{LinearProgram, LpResult, Relation, Sense};

/// The most players [`is_nucleolus`] accepts (it evaluates all 2ⁿ excesses).
pub const MAX_KOHLBERG_PLAYERS: usize = 16;

/// The most coalitions one balancedness LP may have.
const MAX_LEVEL_COALITIONS: usize = 20_000;

/// Whether `x` is the nucleolus of `game` (`imputation`) or its
/// prenucleolus (not `imputation`), by Kohlberg's criterion.
///
/// ```
/// use sprague_cooperative::kohlberg::is_nucleolus;
/// use sprague_cooperative::WeightedVotingGame;
/// use num_rational::BigRational;
/// let game: WeightedVotingGame = "[2; 1, 1, 1]".parse().unwrap();
/// let third = BigRational::new(1.into(), 3.into());
/// assert!(is_nucleolus(&game, &vec![third.clone(); 3], true).unwrap());
/// let other = [BigRational::new(1.into(), 2.into()), BigRational::new(1.into(), 2.into()), BigRational::zero()];
/// # use num_traits::Zero;
/// assert!(!is_nucleolus(&game, &other, true).unwrap());
/// ```
pub fn is_nucleolus<G: CharacteristicFunction + ?Sized>(
    game: &G,
    x: &[BigRational],
    imputation: bool,
) -> Result<bool, CoopError> {
    let n = game.players();
    if n > MAX_KOHLBERG_PLAYERS {
        return Err(CoopError::TooLarge(format!(
            "Kohlberg's criterion is checked for at most {MAX_KOHLBERG_PLAYERS} players, not {n}"
        )));
    }
    if x.len() != n {
        return Err(CoopError::Shape(format!(
            "the allocation has {} shares for {n} players",
            x.len()
        )));
    }
    let grand: Coalition = ((1u64 << n) - 1) as Coalition;
    let share = |s: Coalition| bits(s).map(|i| &x[i]).sum::<BigRational>();
    if share(grand) != game.worth(grand) {
        return Ok(false);
    }
    let mut b0 = Vec::new();
    if imputation {
        for (i, share) in x.iter().enumerate() {
            let v = game.worth(1 << i);
            if *share < v {
                return Ok(false);
            }
            if *share == v {
                b0.push(1 << i);
            }
        }
    }
    if n == 1 {
        return Ok(true);
    }
    let mut excesses: Vec<(BigRational, Coalition)> =
        (1..grand).map(|s| (game.worth(s) - share(s), s)).collect();
    excesses.sort_by(|a, b| b.cmp(a));
    let mut upto = 0;
    while upto < excesses.len() {
        let level = excesses[upto].0.clone();
        while upto < excesses.len() && excesses[upto].0 == level {
            upto += 1;
        }
        let family: Vec<Coalition> = excesses[..upto].iter().map(|(_, s)| *s).collect();
        if family.len() > MAX_LEVEL_COALITIONS {
            return Err(CoopError::TooLarge(format!(
                "Kohlberg's criterion would need a linear program over {} coalitions",
                family.len()
            )));
        }
        if !balanced(n, &family, &b0)? {
            return Ok(false);
        }
        if orthogonal_complement(n, &family)?.is_empty() {
            return Ok(true);
        }
    }
    Ok(true)
}

/// Whether weights δ_S ≥ 1 on `family` and δ ≥ 0 on `optional` give
/// Σ δ_S 1_S = μ 1_N for some μ.
fn balanced(n: usize, family: &[Coalition], optional: &[Coalition]) -> Result<bool, CoopError> {
    let columns: Vec<Coalition> = family.iter().chain(optional).copied().collect();
    let m = columns.len();
    let zero = BigRational::zero();
    let one = BigRational::one();
    let mut lp = LinearProgram::new(Sense::Minimize, vec![zero.clone(); m + 1]);
    let lp_error = |e: sprague_strategic::StrategicError| CoopError::LinearProgram(e.to_string());
    for i in 0..n {
        let mut row: Vec<BigRational> = columns
            .iter()
            .map(|s| {
                if s >> i & 1 == 1 {
                    one.clone()
                } else {
                    zero.clone()
                }
            })
            .collect();
        row.push(-one.clone());
        lp.add_constraint(row, Relation::Equal, zero.clone())
            .map_err(lp_error)?;
    }
    for k in 0..family.len() {
        let mut row = vec![zero.clone(); m + 1];
        row[k] = one.clone();
        lp.add_constraint(row, Relation::GreaterEqual, one.clone())
            .map_err(lp_error)?;
    }
    Ok(matches!(lp.solve(), LpResult::Optimal(_)))
}
