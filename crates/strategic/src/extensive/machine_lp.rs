//! The sequence-form linear programme of a two-player zero-sum game
//! (Koller, Megiddo and von Stengel, GEB 14, 1996; see
//! [`super::sequence_form`]) built and certified in machine integers: the
//! fast path of [`super::sequence_form::solve_zero_sum`].
//!
//! The programme `max q₀ s.t. Fᵀ q − Aᵀ x ≤ 0, E x = e, x ≥ 0` (q free) is
//! written directly as `i64` rows, each row of `Aᵀ` scaled by the least
//! common multiple of its denominators, exactly as
//! [`crate::linear_program::LinearProgram`] scales the big-rational
//! programme, so the floating-point simplex method proposes the same basis.
//! The basis is then solved and certified optimal in `i128` (primal and dual
//! feasibility and equal objective values, the "guess, then verify" scheme of
//! QSopt_ex: Applegate, Cook, Dash and Espinoza, Oper. Res. Letters 35,
//! 2007) by [`crate::linear_program::IntegerProgram::certify_basis`], whose
//! square systems are solved by fraction-free elimination in `i64`/`i128`
//! ([`crate::exact_solve::solve_fraction_free_machine`]). The optimal plans,
//! the value and the behaviour strategies (`x(h, a) / x(parent(h))`, equal
//! probabilities where the parent is never played) are formed from the
//! integer numerators; only the final numbers become big rationals. A basis
//! too large for machine integers (or for elimination: above 200 rows) is
//! certified again in big integers, with p-adic lifting for large systems.
//! A coefficient that does not fit or a failed check returns `None`, and the
//! caller solves the big-rational programme instead (whose exact simplex
//! method then runs), so the answer is exact either way and equal to that
//! path's when this one succeeds.

use num_bigint::BigInt;
use num_rational::BigRational;

use super::behaviour::BehaviourProfile;
use super::game::ExtensiveGame;
use super::sequence_form::{payoff_entries_in, ZeroSumSolution};
use super::sequences::Sequences;
use crate::integer::Overflow;
use crate::linear_program::{
    solve_square_big, solve_square_machine, Certified, IntegerProgram, Relation,
};
use crate::small_rational::{gcd, lowest_terms_i128, SmallRational};

/// Coefficients must stay below this in absolute value (the floating-point
/// guide then sees them exactly, as on the big-rational path).
const ENTRY_LIMIT: u64 = 1 << 40;

/// Constraint rows of one player: `(sequence, coefficient)` lists.
type PlanRows = Vec<Vec<(usize, i64)>>;

/// Solves the zero-sum game's sequence-form programme in machine integers;
/// `None` whenever this path cannot (see the module documentation).
pub(crate) fn solve(
    game: &ExtensiveGame,
    sequences: &Sequences,
    constraints: &[PlanRows; 2],
) -> Option<ZeroSumSolution> {
    let mut programme = Programme::new(game, sequences, constraints)?;
    let (rows, rhs, relations, objective) = programme.rows_and_objective()?;
    let program = IntegerProgram {
        rows: &rows,
        rhs: &rhs,
        relations: &relations,
        objective: &objective,
    };
    let basis = program.float_basis()?;
    match program.certify_basis::<i128>(&basis, solve_square_machine) {
        Ok(certified) => machine_solution(game, sequences, &programme, certified?),
        // Too large for machine integers: the same basis in big integers
        // (the floating-point guide is not run twice).
        Err(Overflow) => {
            let certified = program
                .certify_basis::<BigInt>(&basis, solve_square_big)
                .ok()??;
            Some(big_solution(game, sequences, &programme, certified))
        }
    }
}

/// The solution from a basis certified in `i128`.
fn machine_solution(
    game: &ExtensiveGame,
    sequences: &Sequences,
    programme: &Programme<'_>,
    certified: Certified<i128>,
) -> Option<ZeroSumSolution> {
    let (n_own, n_q) = (programme.n_own, programme.n_q);
    // The first player's plan: x / dx; the value: q₀ = q₀⁺ − q₀⁻.
    let x: Vec<i128> = certified.x[..n_own].to_vec();
    let q0 = certified.x[n_own].checked_sub(certified.x[n_own + n_q])?;
    let value = lowest_terms_i128(q0, certified.dx)?;
    // The second player's plan: the duals of the scaled rows, times the scale.
    let y: Vec<i128> = certified.y[..programme.scale.len()]
        .iter()
        .zip(&programme.scale)
        .map(|(&v, &l)| v.checked_mul(i128::from(l)))
        .collect::<Option<_>>()?;
    let plans = [plan(&x, certified.dx)?, plan(&y, certified.dy)?];
    let profile = BehaviourProfile::from_plan_numerators(game, sequences, [&x, &y])?;
    Some(ZeroSumSolution {
        value,
        profile,
        plans,
    })
}

/// The solution from a basis certified in big integers.
fn big_solution(
    game: &ExtensiveGame,
    sequences: &Sequences,
    programme: &Programme<'_>,
    certified: Certified<BigInt>,
) -> ZeroSumSolution {
    let (n_own, n_q) = (programme.n_own, programme.n_q);
    let Certified { x, dx, y, dy } = certified;
    let value = BigRational::new(&x[n_own] - &x[n_own + n_q], dx.clone());
    let x: Vec<BigRational> = x[..n_own]
        .iter()
        .map(|v| BigRational::new(v.clone(), dx.clone()))
        .collect();
    let y: Vec<BigRational> = y[..programme.scale.len()]
        .iter()
        .zip(&programme.scale)
        .map(|(v, &l)| BigRational::new(v * l, dy.clone()))
        .collect();
    let plans = [x, y];
    let profile = BehaviourProfile::from_realisation_plans(game, sequences, &plans);
    ZeroSumSolution {
        value,
        profile,
        plans,
    }
}

/// The parts of the programme: the sizes, the payoff rows `−Aᵀ` (one per
/// sequence of the second player, in machine rationals) and the plan
/// constraints.
struct Programme<'a> {
    n_own: usize,
    n_q: usize,
    /// `payoff_rows[s]`: `(σ₁, u₁)` for the second player's sequence s.
    payoff_rows: Vec<Vec<(usize, SmallRational)>>,
    constraints: &'a [PlanRows; 2],
    /// The factor each row of `Fᵀ q − Aᵀ x ≤ 0` was multiplied by.
    scale: Vec<i64>,
}

impl<'a> Programme<'a> {
    fn new(
        game: &ExtensiveGame,
        sequences: &Sequences,
        constraints: &'a [PlanRows; 2],
    ) -> Option<Self> {
        let entries = payoff_entries_in::<SmallRational>(game, sequences)?;
        let mut payoff_rows = vec![Vec::new(); sequences.count[1]];
        for (i, j, [u, _]) in entries {
            payoff_rows[j].push((i, u));
        }
        Some(Programme {
            n_own: sequences.count[0],
            n_q: constraints[1].len(),
            payoff_rows,
            constraints,
            scale: Vec::new(),
        })
    }

    /// The rows, right-hand sides, relations and objective over the columns
    /// `x` (the first player's sequences), `q⁺` and `q⁻` (the free `q`
    /// split in two, as [`crate::linear_program::LinearProgram`] does).
    #[allow(clippy::type_complexity)]
    fn rows_and_objective(&mut self) -> Option<(Vec<Vec<i64>>, Vec<i64>, Vec<Relation>, Vec<i64>)> {
        let (n_own, n_q) = (self.n_own, self.n_q);
        let columns = n_own + 2 * n_q;
        let own_rows = &self.constraints[0];
        let m = self.payoff_rows.len() + own_rows.len();
        let mut rows = Vec::with_capacity(m);
        // Fᵀ: the (set row, coefficient) pairs of each second-player sequence.
        let mut f_transposed: PlanRows = vec![Vec::new(); self.payoff_rows.len()];
        for (r, row) in self.constraints[1].iter().enumerate() {
            for &(s, c) in row {
                f_transposed[s].push((r, c));
            }
        }
        self.scale.clear();
        for (payoffs, f) in self.payoff_rows.iter().zip(&f_transposed) {
            let mut l: i64 = 1;
            for (_, u) in payoffs {
                let d = u.denom();
                l = (l / gcd(l as u128, d as u128) as i64).checked_mul(d)?;
            }
            let mut row = vec![0i64; columns];
            for &(r, c) in f {
                let v = c.checked_mul(l)?;
                row[n_own + r] = row[n_own + r].checked_add(v)?;
                row[n_own + n_q + r] = row[n_own + n_q + r].checked_sub(v)?;
            }
            for &(i, u) in payoffs {
                let v = u.numer().checked_mul(l / u.denom())?;
                row[i] = row[i].checked_sub(v)?;
            }
            if row.iter().any(|x| x.unsigned_abs() >= ENTRY_LIMIT) {
                return None;
            }
            rows.push(row);
            self.scale.push(l);
        }
        let mut rhs = vec![0i64; rows.len()];
        for (r, row) in own_rows.iter().enumerate() {
            let mut coefficients = vec![0i64; columns];
            for &(s, c) in row {
                coefficients[s] = c;
            }
            rows.push(coefficients);
            rhs.push(i64::from(r == 0));
        }
        let mut relations = vec![Relation::LessEqual; self.payoff_rows.len()];
        relations.resize(m, Relation::Equal);
        let mut objective = vec![0i64; columns];
        objective[n_own] = 1;
        objective[n_own + n_q] = -1;
        Some((rows, rhs, relations, objective))
    }
}

/// The plan `numerators / d` as big rationals.
fn plan(numerators: &[i128], d: i128) -> Option<Vec<BigRational>> {
    numerators
        .iter()
        .map(|&n| lowest_terms_i128(n, d))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extensive::builtin::kuhn_poker;
    use crate::extensive::sequence_form::{solve_zero_sum_general, SequenceForm};

    fn machine(game: &ExtensiveGame) -> Option<ZeroSumSolution> {
        let (sequences, constraints) = SequenceForm::structure(game).unwrap();
        solve(game, &sequences, &constraints)
    }

    fn q(p: i64, d: i64) -> BigRational {
        BigRational::new(p.into(), d.into())
    }

    #[test]
    fn kuhn_poker_takes_the_machine_path() {
        // Kuhn (1950): the value of his poker game to the first player is −1/18.
        let kuhn = kuhn_poker();
        let fast = machine(&kuhn).expect("the machine path certifies Kuhn poker");
        assert_eq!(fast.value, q(-1, 18));
        assert_eq!(fast, solve_zero_sum_general(&kuhn).unwrap());
    }

    #[test]
    fn rational_constant_sum_payoffs_are_scaled_back() {
        // u₁ ↦ (2/3)·u₁ + 5 and u₂ = 1/7 − u₁: a constant-sum game whose
        // rows have denominators; the value is (2/3)(−1/18) + 5 = 134/27 and
        // the optimal strategies are those of the original game.
        let mut game = kuhn_poker();
        for o in &mut game.outcomes {
            let u = &o.payoffs[0] * q(2, 3) + q(5, 1);
            o.payoffs = vec![u.clone(), q(1, 7) - u];
        }
        let fast = machine(&game).expect("the machine path certifies the game");
        assert_eq!(fast.value, q(134, 27));
        assert_eq!(fast, solve_zero_sum_general(&game).unwrap());
        let original = machine(&kuhn_poker()).unwrap();
        assert_eq!(fast.plans, original.plans);
    }

    #[test]
    fn payoffs_too_large_for_the_guide_fall_back() {
        // A coefficient of 2^41 is refused by the machine path; the general
        // path still solves the game exactly (value scaled by 2^41).
        let mut game = kuhn_poker();
        let big = q(1i64 << 41, 1);
        for o in &mut game.outcomes {
            let u = &o.payoffs[0] * &big;
            o.payoffs = vec![u.clone(), -u];
        }
        assert!(machine(&game).is_none());
        let s = crate::extensive::sequence_form::solve_zero_sum(&game).unwrap();
        assert_eq!(s.value, q(-1, 18) * big);
    }
}
