//! The core, the least core and the nucleolus of a TU game, exactly, by a
//! sequence of linear programs solved with the crate's exact simplex method
//! ([`sprague_strategic::linear_program`]).
//!
//! **Excesses.** For an allocation x the excess of a coalition S is
//! e(S, x) = v(S) − x(S). The *core* (Gillies 1959) is the set of efficient
//! x (x(N) = v(N)) with no positive excess; the *ε-core* allows excesses up
//! to ε, and the *least core* (Maschler, Peleg and Shapley 1979) is the
//! non-empty ε-core with the smallest ε, found by the linear program
//!
//! ```text
//! minimise t   subject to   x(S) + t ≥ v(S) for every proper non-empty S,   x(N) = v(N).
//! ```
//!
//! The core is non-empty exactly when that minimum ε₁ is at most 0, and then
//! any optimal x is a core point (Bondareva 1963 and Shapley 1967 give the
//! dual view: balancedness).
//!
//! **Nucleolus** (Schmeidler 1969): the imputation (efficient and
//! individually rational, xᵢ ≥ v({i})) whose excesses, sorted in decreasing
//! order, are lexicographically smallest. The *prenucleolus* is the same over
//! all efficient vectors. Both are computed by the sequential LP method
//! (Kopelowitz 1967; Maschler, Peleg and Shapley 1979; Kohlberg 1971 for the
//! characterisation): round k minimises the largest excess t among the
//! coalitions not yet fixed, subject to the equations of the fixed ones, then
//! fixes more coalitions and repeats.
//!
//! **Which coalitions are fixed.** A coalition may be fixed only when its
//! excess equals the round's optimum tₖ on the *whole* optimal face, not
//! merely at the optimal point the solver happened to return; fixing every
//! coalition that is tight at one optimum is the classic mistake that gives
//! wrong "nucleoli" (Guajardo and Jörnsten, "Common mistakes in computing the
//! nucleolus", European Journal of Operational Research 241, 2015). Here each
//! round is solved in its dual form
//!
//! ```text
//! maximise Σ_S y_S v(S) + Σ_F z_F b_F + Σ_i λ_i v({i})
//! subject to Σ_{S∋i} y_S + Σ_{F∋i} z_F + λ_i = 0 for every player i,  Σ_S y_S = 1,
//!            y ≥ 0, λ ≥ 0 (imputations only), z free,
//! ```
//!
//! whose optimal dual values are the primal optimum (x, t). By complementary
//! slackness a coalition with y_S > 0 in an optimal dual solution is tight in
//! *every* primal optimum, so fixing exactly those (and the players with
//! λᵢ > 0 at xᵢ = v({i})) is sound. Since Σ y_S = 1, at least one such S lies
//! outside the span of the coalitions already fixed, so the rank of the fixed
//! family grows every round and there are at most n − 1 rounds. Coalitions
//! whose indicator vector falls in the span of the fixed ones have a constant
//! excess on the remaining set and are dropped from later rounds (Maschler,
//! Peleg and Shapley 1979). The process ends when the fixed coalitions
//! span ℝⁿ: the last optimum is then the unique point left, the nucleolus.
//! Coalitions that are tight on the whole face but have y_S = 0 in the
//! solution found are simply fixed in a later round at the same level.
//!
//! Each LP has n + 1 equality rows and one column per open coalition, so a
//! round costs a few dozen pivots on an (n + 3)-row tableau; the span tests
//! use an integer basis of the orthogonal complement of the fixed family.
//! Games with more than [`MAX_LP_COALITIONS`] proper coalitions are refused.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::{Coalition, CoopError, TuGame};
use sprague_strategic::exact_text::format_rational;
use sprague_strategic::linear_program::{LinearProgram, LpResult, Relation, Sense};

/// The largest number of proper non-empty coalitions (2ⁿ − 2) for which the
/// exact LP sequence is attempted: 2¹⁶ − 2, i.e. 16 players.
pub const MAX_LP_COALITIONS: usize = (1 << 16) - 2;

/// The least core: its ε and one point of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeastCore {
    /// The smallest ε for which some efficient x has x(S) ≥ v(S) − ε for all
    /// proper non-empty S; `None` for a one-player game, which has no such
    /// coalition.
    pub epsilon: Option<BigRational>,
    /// A point of the least core.
    pub point: Vec<BigRational>,
}

/// The answer to "is the core empty, and if not, where is a point of it?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoreResult {
    /// A core point, or `None` when the core is empty.
    pub point: Option<Vec<BigRational>>,
    /// The least core, whose ε is the smallest relaxation of the core
    /// constraints that is feasible (ε ≤ 0 exactly when the core is non-empty).
    pub least_core: LeastCore,
}

impl CoreResult {
    /// Whether the core is empty.
    pub fn is_empty(&self) -> bool {
        self.point.is_none()
    }
}

/// The nucleolus (or prenucleolus) and how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nucleolus {
    /// The allocation.
    pub allocation: Vec<BigRational>,
    /// The optimal largest excess tₖ of each round, non-increasing
    /// (t₁ ≥ t₂ ≥ …; t₁ is the least-core ε for the prenucleolus). A level
    /// repeats when a coalition whose excess is constant on the optimal face
    /// had zero dual weight and is fixed one round later.
    pub levels: Vec<BigRational>,
    /// The number of linear programs solved.
    pub lp_solves: usize,
    /// The separation scans over the coalitions (0 when every coalition is a
    /// column of every LP, as in [`nucleolus`]).
    pub scans: usize,
}

fn check_size(game: &TuGame) -> Result<(), CoopError> {
    let coalitions = game.values().len() - 2;
    if game.players() > 1 && coalitions > MAX_LP_COALITIONS {
        return Err(CoopError::TooLarge(format!(
            "the game has {coalitions} proper coalitions, more than the {MAX_LP_COALITIONS} (16 players) the exact sequence of linear programs accepts"
        )));
    }
    Ok(())
}

/// The least core of `game`: the smallest ε and a point of it.
///
/// ```
/// use sprague_cooperative::{nucleolus::least_core, TuGame};
/// use sprague_strategic::exact_text::format_rational;
/// // Three-player majority game: the core is empty, ε = 1/3.
/// use sprague_strategic::exact_text::BigRational;
/// let game = TuGame::from_fn(3, |s| BigRational::from_integer(u8::from(s.count_ones() >= 2).into())).unwrap();
/// let lc = least_core(&game).unwrap();
/// assert_eq!(format_rational(lc.epsilon.as_ref().unwrap()), "1/3");
/// ```
pub fn least_core(game: &TuGame) -> Result<LeastCore, CoopError> {
    check_size(game)?;
    let n = game.players();
    if n == 1 {
        return Ok(LeastCore {
            epsilon: None,
            point: vec![game.grand_coalition_value().clone()],
        });
    }
    let mut solver = Sequence::new(game, false)?;
    let round = solver.round()?;
    Ok(LeastCore {
        epsilon: Some(round.level),
        point: round.x,
    })
}

/// Whether the core of `game` is empty, a point of it when it is not, and
/// the least core either way.
pub fn core(game: &TuGame) -> Result<CoreResult, CoopError> {
    let least_core = least_core(game)?;
    let point = match &least_core.epsilon {
        Some(e) if e.is_positive() => None,
        _ => Some(least_core.point.clone()),
    };
    Ok(CoreResult { point, least_core })
}

/// The nucleolus of `game` (Schmeidler 1969), exactly.
///
/// Fails with [`CoopError::EmptyImputationSet`] when Σ v({i}) > v(N).
///
/// ```
/// use sprague_cooperative::{builtin, nucleolus::nucleolus};
/// use sprague_strategic::exact_text::format_rational;
/// let game = builtin::glove(2, 1).unwrap();
/// let nu: Vec<String> = nucleolus(&game).unwrap().allocation.iter().map(format_rational).collect();
/// assert_eq!(nu, ["0", "0", "1"]);
/// ```
pub fn nucleolus(game: &TuGame) -> Result<Nucleolus, CoopError> {
    check_size(game)?;
    let n = game.players();
    let lower: BigRational = (0..n).map(|i| game.value(1 << i)).sum();
    if &lower > game.grand_coalition_value() {
        return Err(CoopError::EmptyImputationSet {
            singletons: format_rational(&lower),
            grand: format_rational(game.grand_coalition_value()),
        });
    }
    Sequence::new(game, true)?.run()
}

/// The prenucleolus of `game` (the nucleolus over all efficient vectors),
/// exactly. It equals the nucleolus for zero-monotonic games.
pub fn prenucleolus(game: &TuGame) -> Result<Nucleolus, CoopError> {
    check_size(game)?;
    Sequence::new(game, false)?.run()
}

/// The sorted (decreasing) excess vector of `allocation` over the proper
/// non-empty coalitions, for lexicographic comparisons (`Vec`'s `Ord`).
///
/// Fails when the allocation does not have one share per player.
pub fn sorted_excesses(
    game: &TuGame,
    allocation: &[BigRational],
) -> Result<Vec<BigRational>, CoopError> {
    if allocation.len() != game.players() {
        return Err(CoopError::Shape(format!(
            "the allocation has {} shares for {} players",
            allocation.len(),
            game.players()
        )));
    }
    let size = game.values().len();
    let mut sums = vec![BigRational::zero(); size];
    for s in 1..size {
        let low = s.trailing_zeros() as usize;
        sums[s] = &sums[s & (s - 1)] + &allocation[low];
    }
    let mut e: Vec<BigRational> = (1..size.saturating_sub(1))
        .map(|s| game.value(s as Coalition) - &sums[s])
        .collect();
    e.sort_by(|a, b| b.cmp(a));
    Ok(e)
}

/// One round's optimum.
pub(crate) struct Round {
    /// The optimal largest excess t.
    pub(crate) level: BigRational,
    /// The primal optimum x.
    pub(crate) x: Vec<BigRational>,
    /// y_S for each open coalition, in the order of the columns.
    pub(crate) y: Vec<BigRational>,
    /// λᵢ (empty for the prenucleolus).
    pub(crate) lambda: Vec<BigRational>,
}

/// The state of the sequential LP method.
struct Sequence<'a> {
    game: &'a TuGame,
    n: usize,
    imputation: bool,
    /// Fixed, linearly independent coalitions and their values x(S).
    fixed: Vec<(Coalition, BigRational)>,
    /// Integer basis of the vectors orthogonal to every fixed coalition.
    complement: Vec<Vec<i64>>,
    /// Coalitions outside the span of the fixed family.
    open: Vec<Coalition>,
    lp_solves: usize,
}

impl<'a> Sequence<'a> {
    fn new(game: &'a TuGame, imputation: bool) -> Result<Self, CoopError> {
        let n = game.players();
        let grand = (game.values().len() - 1) as Coalition;
        let mut sequence = Sequence {
            game,
            n,
            imputation,
            fixed: vec![(grand, game.grand_coalition_value().clone())],
            complement: Vec::new(),
            open: Vec::new(),
            lp_solves: 0,
        };
        sequence.update_complement()?;
        sequence.open = (1..grand).filter(|&s| !sequence.in_span(s)).collect();
        Ok(sequence)
    }

    fn in_span(&self, s: Coalition) -> bool {
        self.complement.iter().all(|w| {
            (0..self.n)
                .filter(|i| s >> i & 1 == 1)
                .map(|i| w[i])
                .sum::<i64>()
                == 0
        })
    }

    fn update_complement(&mut self) -> Result<(), CoopError> {
        let family: Vec<Coalition> = self.fixed.iter().map(|(s, _)| *s).collect();
        self.complement = orthogonal_complement(self.n, &family)?;
        Ok(())
    }

    fn fix(&mut self, s: Coalition, value: BigRational) -> Result<(), CoopError> {
        if !self.in_span(s) {
            self.fixed.push((s, value));
            self.update_complement()?;
        }
        Ok(())
    }

    /// Solves the current round in dual form.
    fn round(&mut self) -> Result<Round, CoopError> {
        self.lp_solves += 1;
        let singletons: Vec<BigRational> = if self.imputation {
            (0..self.n)
                .map(|i| self.game.value(1 << i).clone())
                .collect()
        } else {
            Vec::new()
        };
        let worths: Vec<BigRational> = self
            .open
            .iter()
            .map(|&s| self.game.value(s).clone())
            .collect();
        solve_round(
            self.n,
            &self.open,
            &worths,
            &self.fixed,
            &singletons,
            self.lp_solves,
        )
    }

    fn run(&mut self) -> Result<Nucleolus, CoopError> {
        let mut levels = Vec::new();
        let mut allocation = vec![self.game.grand_coalition_value().clone()];
        while !self.complement.is_empty() {
            let round = self.round()?;
            let positive: Vec<Coalition> = self
                .open
                .iter()
                .zip(&round.y)
                .filter(|(_, y)| y.is_positive())
                .map(|(&s, _)| s)
                .collect();
            for s in positive {
                let value = self.game.value(s) - &round.level;
                self.fix(s, value)?;
            }
            for (i, l) in round.lambda.iter().enumerate() {
                if l.is_positive() {
                    self.fix(1 << i, self.game.value(1 << i).clone())?;
                }
            }
            let open = std::mem::take(&mut self.open);
            self.open = open.into_iter().filter(|&s| !self.in_span(s)).collect();
            levels.push(round.level);
            allocation = round.x;
        }
        Ok(Nucleolus {
            allocation,
            levels,
            lp_solves: self.lp_solves,
            scans: 0,
        })
    }
}

/// An integer basis of the vectors orthogonal to every coalition of
/// `family` (as indicator vectors in ℝⁿ), by reduced row echelon form over
/// the rationals; a coalition lies in the span of `family` exactly when it is
/// orthogonal to every vector of the basis.
// Index loops read best in this row reduction (allowed crate-wide in
// sprague-strategic, where this code used to live).
#[allow(clippy::needless_range_loop)]
pub(crate) fn orthogonal_complement(
    n: usize,
    family: &[Coalition],
) -> Result<Vec<Vec<i64>>, CoopError> {
    let mut rows: Vec<Vec<BigRational>> = family
        .iter()
        .map(|s| {
            (0..n)
                .map(|i| BigRational::from_integer(BigInt::from(s >> i & 1)))
                .collect()
        })
        .collect();
    let mut pivots: Vec<usize> = Vec::new();
    let mut r = 0;
    for c in 0..n {
        if r == rows.len() {
            break;
        }
        let Some(p) = (r..rows.len()).find(|&i| !rows[i][c].is_zero()) else {
            continue;
        };
        rows.swap(r, p);
        let inv = rows[r][c].recip();
        for v in rows[r].iter_mut() {
            *v *= &inv;
        }
        for i in 0..rows.len() {
            if i != r && !rows[i][c].is_zero() {
                let f = rows[i][c].clone();
                for j in 0..n {
                    let d = &f * &rows[r][j];
                    rows[i][j] -= d;
                }
            }
        }
        pivots.push(c);
        r += 1;
    }
    let mut complement = Vec::new();
    for f in (0..n).filter(|c| !pivots.contains(c)) {
        let mut w = vec![BigRational::zero(); n];
        w[f] = BigRational::one();
        for (row, &p) in pivots.iter().enumerate() {
            w[p] = -rows[row][f].clone();
        }
        let lcm = w.iter().fold(BigInt::one(), |acc, v| acc.lcm(v.denom()));
        let integers: Option<Vec<i64>> = w
            .iter()
            .map(|v| (v.numer() * (&lcm / v.denom())).to_i64())
            .collect();
        complement.push(integers.ok_or_else(|| {
            CoopError::TooLarge(
                "the span test of the fixed coalitions overflowed 64-bit integers".into(),
            )
        })?);
    }
    Ok(complement)
}

/// Solves one round of the sequential LP method in dual form over the
/// coalitions `open` of worths `worths` (the fixed coalitions with their values x(F) = b_F,
/// and, when `singletons` is not empty, the imputation bounds
/// xᵢ ≥ `singletons[i]`); `solves` numbers the round in an error.
pub(crate) fn solve_round(
    n: usize,
    open: &[Coalition],
    worths: &[BigRational],
    fixed: &[(Coalition, BigRational)],
    singletons: &[BigRational],
    solves: usize,
) -> Result<Round, CoopError> {
    let open_count = open.len();
    let fixed_count = fixed.len();
    let lambdas = singletons.len();
    let columns = open_count + fixed_count + lambdas;
    let zero = BigRational::zero();
    let one = BigRational::one();
    let mut objective = Vec::with_capacity(columns);
    objective.extend(worths.iter().cloned());
    objective.extend(fixed.iter().map(|(_, b)| b.clone()));
    objective.extend(singletons.iter().cloned());
    let mut lp = LinearProgram::new(Sense::Maximize, objective);
    let member = |s: Coalition, i: usize| if s >> i & 1 == 1 { &one } else { &zero };
    let lp_error = |e: sprague_strategic::StrategicError| CoopError::LinearProgram(e.to_string());
    for i in 0..n {
        let mut row = Vec::with_capacity(columns);
        row.extend(open.iter().map(|&s| member(s, i).clone()));
        row.extend(fixed.iter().map(|&(s, _)| member(s, i).clone()));
        row.extend((0..lambdas).map(|j| if i == j { one.clone() } else { zero.clone() }));
        lp.add_constraint(row, Relation::Equal, zero.clone())
            .map_err(lp_error)?;
    }
    let mut row = vec![one.clone(); open_count];
    row.resize(columns, zero.clone());
    lp.add_constraint(row, Relation::Equal, one.clone())
        .map_err(lp_error)?;
    for j in open_count..open_count + fixed_count {
        lp.set_free(j).map_err(lp_error)?;
    }
    match lp.solve() {
        LpResult::Optimal(solution) => {
            let mut y = solution.x;
            let lambda = y.split_off(open_count + fixed_count);
            y.truncate(open_count);
            let mut duals = solution.duals;
            let level = duals.pop().unwrap_or_default();
            Ok(Round {
                level,
                x: duals,
                y,
                lambda,
            })
        }
        other => Err(CoopError::LinearProgram(format!(
            "round {solves} of the nucleolus computation ended {}",
            match other {
                LpResult::Infeasible => "infeasible",
                _ => "unbounded",
            }
        ))),
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

    fn strings(v: &[BigRational]) -> Vec<String> {
        v.iter().map(format_rational).collect()
    }

    fn table(n: usize, values: &[i64]) -> TuGame {
        TuGame::from_fn(n, |s| BigRational::from_integer(values[s as usize].into())).unwrap()
    }

    #[test]
    fn talmud_bankruptcy_games() {
        // Aumann and Maschler (1985): the nucleolus of the bankruptcy game is
        // the Talmud's division (Mishna, Ketubot 93a) for estates 100, 200, 300
        // and claims 100, 200, 300.
        let claims = [q("100"), q("200"), q("300")];
        for (estate, expected) in [
            ("100", ["100/3", "100/3", "100/3"]),
            ("200", ["50", "75", "75"]),
            ("300", ["50", "100", "150"]),
        ] {
            let game = builtin::bankruptcy(&q(estate), &claims).unwrap();
            assert_eq!(strings(&nucleolus(&game).unwrap().allocation), expected);
        }
    }

    #[test]
    fn glove_games() {
        // One left glove, two right gloves: the core is {(1, 0, 0)}, so the
        // nucleolus is (1, 0, 0).
        let game = builtin::glove(1, 2).unwrap();
        assert_eq!(
            strings(&nucleolus(&game).unwrap().allocation),
            ["1", "0", "0"]
        );
        let core = core(&game).unwrap();
        assert_eq!(strings(core.point.as_ref().unwrap()), ["1", "0", "0"]);
        assert_eq!(
            format_rational(core.least_core.epsilon.as_ref().unwrap()),
            "0"
        );
        // Two and two: symmetric, (1/2, 1/2, 1/2, 1/2).
        let game = builtin::glove(2, 2).unwrap();
        assert_eq!(
            strings(&nucleolus(&game).unwrap().allocation),
            ["1/2", "1/2", "1/2", "1/2"]
        );
    }

    #[test]
    fn majority_game_has_an_empty_core() {
        let game = table(3, &[0, 0, 0, 1, 0, 1, 1, 1]);
        let core = core(&game).unwrap();
        assert!(core.is_empty());
        assert_eq!(
            format_rational(core.least_core.epsilon.as_ref().unwrap()),
            "1/3"
        );
        assert_eq!(strings(&core.least_core.point), ["1/3", "1/3", "1/3"]);
        assert_eq!(
            strings(&nucleolus(&game).unwrap().allocation),
            ["1/3", "1/3", "1/3"]
        );
    }

    #[test]
    fn textbook_three_player_games() {
        // The three-player game of Ferguson's "Game Theory" notes (Part IV;
        // the attribution is that of the coopgame crate's tests, not checked
        // against the notes): v(1) = −1, v(2) = 0, v(3) = 1, v(12) = 3,
        // v(13) = 4, v(23) = 2, v(N) = 5. By hand: adding the three pair
        // constraints x(S) ≥ v(S) − t gives 2·5 ≥ 9 − 3t, so t ≥ −1/3, and
        // the three equalities give (8/3, 2/3, 5/3). Table by bit set.
        let game = table(3, &[0, -1, 0, 3, 1, 4, 2, 5]);
        let nu = nucleolus(&game).unwrap();
        assert_eq!(strings(&nu.allocation), ["8/3", "2/3", "5/3"]);
        assert_eq!(format_rational(&nu.levels[0]), "-1/3");
        // Peleg and Sudhölter, "Introduction to the Theory of Cooperative
        // Games" (2nd ed., 2007), Example 5.5.12: v(12) = 10, v(N) = 2, all else
        // 0: prenucleolus (3, 3, −4) but nucleolus (1, 1, 0).
        let game = table(3, &[0, 0, 0, 10, 0, 0, 0, 2]);
        assert_eq!(
            strings(&prenucleolus(&game).unwrap().allocation),
            ["3", "3", "-4"]
        );
        assert_eq!(
            strings(&nucleolus(&game).unwrap().allocation),
            ["1", "1", "0"]
        );
    }

    #[test]
    fn four_player_example_of_the_r_package_coopgame() {
        // CoopGame (R, Staudacher et al.), manual page of `nucleolus`:
        // nucleolus(c(0,0,0,0,5,5,8,9,10,8,13,15,16,17,21)) = (3.5, 4.5, 5.5, 7.5),
        // values in lexicographic order of the coalitions.
        let lex = [
            0b0001, 0b0010, 0b0100, 0b1000, 0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100, 0b0111,
            0b1011, 0b1101, 0b1110, 0b1111,
        ];
        let worth = [0, 0, 0, 0, 5, 5, 8, 9, 10, 8, 13, 15, 16, 17, 21];
        let mut values = [0i64; 16];
        for (s, v) in lex.iter().zip(worth) {
            values[*s as usize] = v;
        }
        let game = table(4, &values);
        assert_eq!(
            strings(&nucleolus(&game).unwrap().allocation),
            ["7/2", "9/2", "11/2", "15/2"]
        );
    }

    #[test]
    fn degenerate_games() {
        let one = table(1, &[0, 7]);
        assert_eq!(strings(&nucleolus(&one).unwrap().allocation), ["7"]);
        assert_eq!(least_core(&one).unwrap().epsilon, None);
        let empty = table(2, &[0, 2, 2, 3]);
        let refusal = nucleolus(&empty).unwrap_err();
        assert!(matches!(refusal, CoopError::EmptyImputationSet { .. }));
        // The refusal names the way out on both faces (issue 28).
        assert_eq!(
            refusal.to_string(),
            "the singletons are worth 4 together, more than v(N) = 3, so there is no imputation and no nucleolus; the prenucleolus exists: pass --pre (pre=True from Python)"
        );
        assert_eq!(
            strings(&prenucleolus(&empty).unwrap().allocation),
            ["3/2", "3/2"]
        );
        let additive = table(2, &[0, 1, 2, 3]);
        assert_eq!(
            strings(&nucleolus(&additive).unwrap().allocation),
            ["1", "2"]
        );
    }

    #[test]
    fn a_coalition_tight_at_one_optimum_only_is_not_fixed() {
        // v(12) = 3, v(N) = 4, all else 0. The least core (ε = −1/2) is the
        // segment x3 = 1/2, x1 + x2 = 7/2, x1, x2 ≥ 1/2; at either end a
        // singleton is tight, but not on the whole segment. Fixing every
        // coalition tight at the vertex the simplex method returns (the
        // mistake Guajardo and Jörnsten describe) would give (1/2, 3, 1/2) or
        // (3, 1/2, 1/2); the nucleolus is the midpoint. Also checked against
        // the definition by brute force over a grid of imputations.
        let game = table(3, &[0, 0, 0, 3, 0, 0, 0, 4]);
        let lc = least_core(&game).unwrap();
        assert_eq!(format_rational(lc.epsilon.as_ref().unwrap()), "-1/2");
        let nu = nucleolus(&game).unwrap();
        assert_eq!(strings(&nu.allocation), ["7/4", "7/4", "1/2"]);
        assert_eq!(strings(&nu.levels), ["-1/2", "-7/4"]);
        let nu = nucleolus(&game).unwrap().allocation;
        let best = sorted_excesses(&game, &nu).unwrap();
        // Compare with every imputation on a grid of step 1/12.
        for a in 0..=48 {
            for b in 0..=48 - a {
                let x = vec![
                    BigRational::new(a.into(), 12.into()),
                    BigRational::new(b.into(), 12.into()),
                    BigRational::new((48 - a - b).into(), 12.into()),
                ];
                assert!(
                    sorted_excesses(&game, &x).unwrap() >= best,
                    "{x:?} beats {nu:?}"
                );
            }
        }
    }
}
