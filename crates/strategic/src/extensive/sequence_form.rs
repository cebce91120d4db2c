//! The sequence form of a two-player extensive game with perfect recall
//! (Koller, Megiddo and von Stengel, "Efficient computation of equilibria
//! for extensive two-person games", GEB 14, 1996; von Stengel, "Efficient
//! computation of behavior strategies", GEB 14, 1996). A mixed strategy is
//! replaced by its realisation plan x, one probability per sequence, subject
//! to `E x = e, x ≥ 0` (x(∅) = 1, and at each set the actions' values add up
//! to the parent sequence's); the payoff of plans x, y is `xᵀ A y` with
//! `A[σ₁][σ₂]` the sum over the leaves reached by σ₁, σ₂ of chance's
//! probability times the payoff. Its size is linear in the tree.
//!
//! For zero-sum games the maximin plan is the linear programme
//! `max q₀ s.t. Fᵀ q − Aᵀ x ≤ 0, E x = e, x ≥ 0` (q free; the dual of the
//! opponent's best response); its dual is the second player's programme, so
//! the optimal duals of the first block of rows are that player's minimax
//! plan. It is solved exactly by [`crate::linear_program`], guided by the
//! floating-point simplex method whose basis is verified exactly. The general two-player
//! case (an equilibrium by Lemke's algorithm) is in [`super::lemke`].

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::behaviour::BehaviourProfile;
use super::error::ExtensiveError;
use super::game::ExtensiveGame;
use super::sequences::Sequences;
use crate::linear_program::{LinearProgram, LpResult, Relation, Sense};
use crate::small_rational::{ExactField, SmallRational};

/// The largest number of sequences (of both players together) the sequence
/// form is built for.
pub const MAX_SEQUENCES: usize = 20_000;

/// The most coefficients of one dense sequence-form linear programme.
pub const MAX_LP_ENTRIES: usize = 4_000_000;

/// The sequence form of a two-player game.
#[derive(Debug, Clone)]
pub struct SequenceForm {
    /// The sequences of the game.
    pub sequences: Sequences,
    /// The nonzero payoff entries `(σ₁, σ₂, [u₁, u₂])`: chance-weighted payoffs
    /// of the leaves that the pair reaches, summed.
    pub entries: Vec<(usize, usize, [BigRational; 2])>,
    /// `constraints[p]`: the rows of E (p = 0) or F (p = 1), each a list of
    /// (sequence, coefficient); row 0 is `x(∅) = 1`, row k the k-th set of p.
    pub constraints: [Vec<Vec<(usize, i64)>>; 2],
}

impl SequenceForm {
    /// Builds the sequence form, checking two players, perfect recall and the size.
    ///
    /// ```
    /// use sprague_strategic::extensive::{builtin::kuhn_poker, sequence_form::SequenceForm};
    /// let sf = SequenceForm::new(&kuhn_poker()).unwrap();
    /// assert_eq!(sf.constraints[0].len(), 7); // x(∅) = 1 and one row per set
    /// ```
    pub fn new(game: &ExtensiveGame) -> Result<Self, ExtensiveError> {
        let (sequences, constraints) = Self::structure(game)?;
        let entries = payoff_entries::<SmallRational>(game, &sequences)
            .or_else(|| payoff_entries::<BigRational>(game, &sequences))
            .expect("big rationals do not overflow");
        Ok(SequenceForm {
            sequences,
            entries,
            constraints,
        })
    }

    /// The sequences and the plan constraints E, F without the payoffs,
    /// checking two players, perfect recall and the size.
    #[allow(clippy::type_complexity)]
    pub(crate) fn structure(
        game: &ExtensiveGame,
    ) -> Result<(Sequences, [Vec<Vec<(usize, i64)>>; 2]), ExtensiveError> {
        if game.num_players() != 2 {
            return Err(ExtensiveError::NotTwoPlayer {
                method: "the sequence form".into(),
                players: game.num_players(),
            });
        }
        let sequences = Sequences::new(game)?;
        let total = sequences.count[0] + sequences.count[1];
        if total > MAX_SEQUENCES {
            return Err(ExtensiveError::TooLarge {
                what: "the sequence form".into(),
                count: format!("{total} sequences"),
                limit: format!("{MAX_SEQUENCES}"),
            });
        }
        let constraints = [0, 1].map(|p| {
            let mut rows = vec![vec![(0usize, 1i64)]];
            for h in game.player_infosets(p) {
                let mut row = vec![(sequences.parent[h], -1i64)];
                row.extend(
                    (0..game.infosets[h].actions.len()).map(|a| (sequences.first[h] + a, 1)),
                );
                rows.push(row);
            }
            rows
        });
        Ok((sequences, constraints))
    }
}

/// The probability that chance lets play reach each node and the payoffs
/// collected on the way there, in the number type `T` (`None` on overflow):
/// `acc[v * n + p]` is player p's payoff collected on the way to node v, of
/// n players.
#[allow(clippy::type_complexity)]
pub(crate) fn chance_and_accumulated<T: ExactField>(
    game: &ExtensiveGame,
) -> Option<(Vec<T>, Vec<T>)> {
    let n = game.num_players();
    let chance = chance_reach_in::<T>(game)?;
    let mut acc: Vec<T> = vec![T::zero_value(); game.nodes.len() * n];
    for v in 0..game.nodes.len() {
        let node = &game.nodes[v];
        if let Some(o) = node.outcome {
            for (x, y) in acc[v * n..(v + 1) * n]
                .iter_mut()
                .zip(&game.outcomes[o].payoffs)
            {
                *x = x.add(&T::from_rational(y)?)?;
            }
        }
        for &c in &node.children {
            for p in 0..n {
                acc[c * n + p] = acc[v * n + p].clone();
            }
        }
    }
    Some((chance, acc))
}

/// The probability that chance lets play reach each node, in the number
/// type `T` (`None` on overflow).
fn chance_reach_in<T: ExactField>(game: &ExtensiveGame) -> Option<Vec<T>> {
    let mut chance = vec![T::one_value(); game.nodes.len()];
    for v in 0..game.nodes.len() {
        let node = &game.nodes[v];
        match node.infoset.map(|h| &game.infosets[h]) {
            Some(set) if set.player.is_none() => {
                for (a, &c) in node.children.iter().enumerate() {
                    chance[c] = chance[v].mul(&T::from_rational(&set.probabilities[a])?)?;
                }
            }
            _ => {
                for &c in &node.children {
                    chance[c] = chance[v].clone();
                }
            }
        }
    }
    Some(chance)
}

/// The nonzero payoff entries of the sequence form in the number type `T`,
/// as big rationals.
#[allow(clippy::type_complexity)]
fn payoff_entries<T: ExactField>(
    game: &ExtensiveGame,
    sequences: &Sequences,
) -> Option<Vec<(usize, usize, [BigRational; 2])>> {
    Some(
        payoff_entries_in::<T>(game, sequences)?
            .into_iter()
            .map(|(i, j, [a, b])| (i, j, [a.to_rational(), b.to_rational()]))
            .collect(),
    )
}

/// The nonzero payoff entries `(σ₁, σ₂, [u₁, u₂])` of the sequence form in
/// the number type `T` (`None` on overflow), sorted by `(σ₁, σ₂)`.
#[allow(clippy::type_complexity)]
pub(crate) fn payoff_entries_in<T: ExactField>(
    game: &ExtensiveGame,
    sequences: &Sequences,
) -> Option<Vec<(usize, usize, [T; 2])>> {
    let chance = chance_reach_in::<T>(game)?;
    let mut entries: Vec<(usize, usize, [T; 2])> = Vec::new();
    for (v, node) in game.nodes.iter().enumerate() {
        let Some(o) = node.outcome else { continue };
        if chance[v].is_zero_value() {
            continue;
        }
        let u = &game.outcomes[o].payoffs;
        let weighted = [
            chance[v].mul(&T::from_rational(&u[0])?)?,
            chance[v].mul(&T::from_rational(&u[1])?)?,
        ];
        entries.push((sequences.at_node[v][0], sequences.at_node[v][1], weighted));
    }
    // Leaves reached by the same pair of sequences add up.
    entries.sort_by_key(|a| (a.0, a.1));
    let mut merged: Vec<(usize, usize, [T; 2])> = Vec::with_capacity(entries.len());
    for (i, j, u) in entries {
        match merged.last_mut() {
            Some(last) if (last.0, last.1) == (i, j) => {
                for (x, y) in last.2.iter_mut().zip(&u) {
                    *x = x.add(y)?;
                }
            }
            _ => merged.push((i, j, u)),
        }
    }
    Some(merged)
}

/// The exact solution of a two-player zero-sum game by the sequence-form LP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZeroSumSolution {
    /// The value to the first player (its expected payoff under optimal play).
    pub value: BigRational,
    /// Optimal behaviour strategies of both players.
    pub profile: BehaviourProfile,
    /// The optimal realisation plans of the two players.
    pub plans: [Vec<BigRational>; 2],
}

/// Solves a two-player zero-sum (or constant-sum) game exactly by the
/// sequence-form linear programmes, one for each player.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, sequence_form::solve_zero_sum};
/// let s = solve_zero_sum(&kuhn_poker()).unwrap();
/// assert_eq!(s.value.to_string(), "-1/18");
/// ```
pub fn solve_zero_sum(game: &ExtensiveGame) -> Result<ZeroSumSolution, ExtensiveError> {
    game.zero_sum_constant()?;
    let (sequences, constraints) = SequenceForm::structure(game)?;
    check_programme_size(&sequences, &constraints)?;
    if let Some(s) = super::machine_lp::solve(game, &sequences, &constraints) {
        return Ok(s);
    }
    solve_structure_general(game, sequences, constraints)
}

/// [`solve_zero_sum`] without the machine-integer fast path
/// (module `machine_lp`): the programme is built in big rationals and
/// solved by [`LinearProgram::solve_guided`]. The fast path gives the same
/// answer when it succeeds (it proposes the same basis and certifies it the
/// same way); this is its reference and its fallback.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, sequence_form::{solve_zero_sum, solve_zero_sum_general}};
/// let kuhn = kuhn_poker();
/// assert_eq!(solve_zero_sum_general(&kuhn).unwrap(), solve_zero_sum(&kuhn).unwrap());
/// ```
pub fn solve_zero_sum_general(game: &ExtensiveGame) -> Result<ZeroSumSolution, ExtensiveError> {
    game.zero_sum_constant()?;
    let (sequences, constraints) = SequenceForm::structure(game)?;
    check_programme_size(&sequences, &constraints)?;
    solve_structure_general(game, sequences, constraints)
}

/// Refuses programmes with more than [`MAX_LP_ENTRIES`] coefficients.
fn check_programme_size(
    sequences: &Sequences,
    constraints: &[Vec<Vec<(usize, i64)>>; 2],
) -> Result<(), ExtensiveError> {
    for p in 0..2 {
        let rows = sequences.count[1 - p] + constraints[p].len();
        let columns = sequences.count[p] + constraints[1 - p].len();
        if rows.saturating_mul(columns) > MAX_LP_ENTRIES {
            return Err(ExtensiveError::TooLarge {
                what: "the sequence-form linear programme".into(),
                count: format!("{rows} × {columns} coefficients"),
                limit: format!("{MAX_LP_ENTRIES}"),
            });
        }
    }
    Ok(())
}

/// The big-rational programme of [`solve_zero_sum_general`].
fn solve_structure_general(
    game: &ExtensiveGame,
    sequences: Sequences,
    constraints: [Vec<Vec<(usize, i64)>>; 2],
) -> Result<ZeroSumSolution, ExtensiveError> {
    let entries = payoff_entries::<SmallRational>(game, &sequences)
        .or_else(|| payoff_entries::<BigRational>(game, &sequences))
        .expect("big rationals do not overflow");
    let sf = SequenceForm {
        sequences,
        entries,
        constraints,
    };
    // One programme: its optimal duals on the rows `Fᵀ q − Aᵀ x ≤ 0` are the
    // second player's minimax plan (`F y = f` from the free q, and
    // `Eᵀ p ≥ A y` from x ≥ 0: the dual is that player's programme).
    let (value, x, y) = maximin_plan(&sf, 0)?;
    let plans = [x, y];
    let profile = BehaviourProfile::from_realisation_plans(game, &sf.sequences, &plans);
    Ok(ZeroSumSolution {
        value,
        profile,
        plans,
    })
}

/// Player p's maximin realisation plan and its guaranteed payoff:
/// `max q₀` over plans x of p and free q (one per row of the opponent's
/// constraints) with `Fᵀ q ≤ Aᵀ x` (p's payoffs); with the optimal duals
/// of those rows, the opponent's minimax plan.
#[allow(clippy::type_complexity)]
fn maximin_plan(
    sf: &SequenceForm,
    p: usize,
) -> Result<(BigRational, Vec<BigRational>, Vec<BigRational>), ExtensiveError> {
    let o = 1 - p;
    let n_own = sf.sequences.count[p];
    let n_other = sf.sequences.count[o];
    let own_rows = &sf.constraints[p];
    let other_rows = &sf.constraints[o];
    let vars = n_own + other_rows.len();
    let mut objective = vec![BigRational::zero(); vars];
    objective[n_own] = BigRational::one();
    let mut lp = LinearProgram::new(Sense::Maximize, objective);
    // Fᵀ q − Aᵀ x ≤ 0: one row per opponent sequence.
    let mut rows = vec![vec![BigRational::zero(); vars]; n_other];
    for (r, row) in other_rows.iter().enumerate() {
        for &(s, c) in row {
            rows[s][n_own + r] += BigRational::from_integer(c.into());
        }
    }
    for (i, j, u) in &sf.entries {
        let (mine, theirs) = if p == 0 { (*i, *j) } else { (*j, *i) };
        rows[theirs][mine] -= &u[p];
    }
    let lp_error = |e: crate::StrategicError| ExtensiveError::Solver(e.to_string());
    for row in rows {
        lp.add_constraint(row, Relation::LessEqual, BigRational::zero())
            .map_err(lp_error)?;
    }
    for (r, row) in own_rows.iter().enumerate() {
        let mut coefficients = vec![BigRational::zero(); vars];
        for &(s, c) in row {
            coefficients[s] = BigRational::from_integer(c.into());
        }
        let rhs = if r == 0 {
            BigRational::one()
        } else {
            BigRational::zero()
        };
        lp.add_constraint(coefficients, Relation::Equal, rhs)
            .map_err(lp_error)?;
    }
    for r in 0..other_rows.len() {
        lp.set_free(n_own + r).map_err(lp_error)?;
    }
    match lp.solve_guided() {
        LpResult::Optimal(s) => Ok((
            s.value,
            s.x[..n_own].to_vec(),
            s.duals[..n_other].to_vec(),
        )),
        other => Err(ExtensiveError::Solver(format!(
            "the sequence-form linear programme of player {} ended {:?}, which cannot happen for a finite game",
            p + 1,
            match other {
                LpResult::Infeasible => "infeasible",
                _ => "unbounded",
            }
        ))),
    }
}
