//! Dominated strategies and their iterated elimination, for n-player games.
//!
//! A strategy `s` of player `i` is **strictly dominated** by `t` if `t` pays
//! `i` more than `s` against every profile of the others' (remaining)
//! strategies, and **weakly dominated** if `t` pays at least as much always
//! and more at least once. Domination by **mixed** strategies is decided by
//! an exact linear program (see e.g. Osborne & Rubinstein, "A Course in Game
//! Theory", 1994, Lemma 60.1 and §4.2): maximise the least margin `ε` of a
//! mixture over the other strategies; `s` is strictly dominated iff the
//! optimum is positive. For weak domination the sum of the margins is
//! maximised subject to every margin being nonnegative.
//!
//! Iterated elimination goes round by round; in each round every player in
//! turn removes its dominated strategies one at a time. With strict
//! dominance the order does not matter (the result is unique); with weak
//! dominance it can, and the order used is printed.

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::game::NormalFormGame;
use crate::linear_program::{LinearProgram, LpResult, Relation, Sense};

/// Strict or weak dominance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// Better against every profile of the others.
    Strict,
    /// At least as good against every profile and better against one.
    Weak,
}

/// What dominates a strategy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dominator {
    /// Another pure strategy (an index into the player's strategies).
    Pure(usize),
    /// A mixture of other strategies: `(strategy, probability)` pairs with
    /// positive probabilities.
    Mixed(Vec<(usize, BigRational)>),
}

/// One eliminated strategy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elimination {
    /// The round (1-based) in which it was eliminated.
    pub round: usize,
    /// The player (0-based).
    pub player: usize,
    /// The strategy (0-based index in the original game).
    pub strategy: usize,
    /// Strict or weak.
    pub strength: Strength,
    /// What dominates it (indices in the original game).
    pub by: Dominator,
}

/// The result of iterated elimination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IteratedElimination {
    /// The eliminations in order.
    pub steps: Vec<Elimination>,
    /// The strategies that survive, per player (original indices).
    pub remaining: Vec<Vec<usize>>,
}

/// Payoffs of player `i` for each of its remaining strategies against every
/// profile of the others' remaining strategies: `table[s][o]`.
fn payoff_table(
    game: &NormalFormGame,
    remaining: &[Vec<usize>],
    i: usize,
) -> Vec<Vec<BigRational>> {
    let n = game.num_players();
    let mut others: Vec<Vec<usize>> = vec![vec![0; n]];
    for (p, strategies) in remaining.iter().enumerate() {
        if p == i {
            continue;
        }
        let mut next = Vec::with_capacity(others.len() * strategies.len());
        for o in &others {
            for &s in strategies {
                let mut q = o.clone();
                q[p] = s;
                next.push(q);
            }
        }
        others = next;
    }
    remaining[i]
        .iter()
        .map(|&s| {
            others
                .iter()
                .map(|o| {
                    let mut q = o.clone();
                    q[i] = s;
                    game.payoff(&q, i).clone()
                })
                .collect()
        })
        .collect()
}

fn pure_dominator(table: &[Vec<BigRational>], s: usize, strength: Strength) -> Option<usize> {
    (0..table.len()).find(|&t| {
        t != s && {
            let better = table[t]
                .iter()
                .zip(&table[s])
                .filter(|(x, y)| x > y)
                .count();
            let worse = table[t].iter().zip(&table[s]).any(|(x, y)| x < y);
            match strength {
                Strength::Strict => better == table[s].len(),
                Strength::Weak => !worse && better > 0,
            }
        }
    })
}

fn mixed_dominator(
    table: &[Vec<BigRational>],
    s: usize,
    strength: Strength,
) -> Option<Vec<(usize, BigRational)>> {
    let others: Vec<usize> = (0..table.len()).filter(|&t| t != s).collect();
    if others.is_empty() {
        return None;
    }
    let k = others.len();
    let profiles = table[s].len();
    let one = BigRational::one;
    let zero = BigRational::zero;
    let lp = match strength {
        Strength::Strict => {
            // Variables: sigma (k), epsilon (free). max epsilon.
            let mut objective = vec![zero(); k + 1];
            objective[k] = one();
            let mut lp = LinearProgram::new(Sense::Maximize, objective);
            lp.set_free(k).ok()?;
            for o in 0..profiles {
                let mut row: Vec<BigRational> =
                    others.iter().map(|&t| table[t][o].clone()).collect();
                row.push(-one());
                lp.add_constraint(row, Relation::GreaterEqual, table[s][o].clone())
                    .ok()?;
            }
            let mut sum = vec![one(); k];
            sum.push(zero());
            lp.add_constraint(sum, Relation::Equal, one()).ok()?;
            // Keep the program bounded.
            let mut cap = vec![zero(); k];
            cap.push(one());
            lp.add_constraint(cap, Relation::LessEqual, one()).ok()?;
            lp
        }
        Strength::Weak => {
            let objective: Vec<BigRational> = others
                .iter()
                .map(|&t| table[t].iter().sum::<BigRational>())
                .collect();
            let mut lp = LinearProgram::new(Sense::Maximize, objective);
            for o in 0..profiles {
                let row: Vec<BigRational> = others.iter().map(|&t| table[t][o].clone()).collect();
                lp.add_constraint(row, Relation::GreaterEqual, table[s][o].clone())
                    .ok()?;
            }
            lp.add_constraint(vec![one(); k], Relation::Equal, one())
                .ok()?;
            lp
        }
    };
    let threshold = match strength {
        Strength::Strict => zero(),
        Strength::Weak => table[s].iter().sum::<BigRational>(),
    };
    match lp.solve() {
        LpResult::Optimal(sol) if sol.value > threshold => Some(
            others
                .iter()
                .zip(&sol.x)
                .filter(|(_, p)| !p.is_zero())
                .map(|(&t, p)| (t, p.clone()))
                .collect(),
        ),
        _ => None,
    }
}

/// The dominated strategies of every player in `game` (one pass, no
/// iteration), each with its dominator.
pub fn dominated_strategies(
    game: &NormalFormGame,
    strength: Strength,
    mixed: bool,
) -> Vec<Elimination> {
    let remaining: Vec<Vec<usize>> = game
        .strategy_counts()
        .iter()
        .map(|&c| (0..c).collect())
        .collect();
    let mut found = Vec::new();
    for i in 0..game.num_players() {
        let table = payoff_table(game, &remaining, i);
        for s in 0..table.len() {
            if let Some(by) = find_dominator(&table, s, strength, mixed) {
                found.push(Elimination {
                    round: 1,
                    player: i,
                    strategy: s,
                    strength,
                    by,
                });
            }
        }
    }
    found
}

fn find_dominator(
    table: &[Vec<BigRational>],
    s: usize,
    strength: Strength,
    mixed: bool,
) -> Option<Dominator> {
    if let Some(t) = pure_dominator(table, s, strength) {
        return Some(Dominator::Pure(t));
    }
    if mixed && table.len() > 2 {
        return mixed_dominator(table, s, strength).map(Dominator::Mixed);
    }
    None
}

/// Iterated elimination of dominated strategies (pure dominators, and
/// mixed ones if `mixed`), with the order and the reasons.
///
/// ```
/// use sprague_strategic::{examples::example, dominance::{iterated_elimination, Strength}};
/// let pd = example("prisoners-dilemma").unwrap();
/// let result = iterated_elimination(&pd, Strength::Strict, false);
/// assert_eq!(result.remaining, vec![vec![0], vec![0]]); // both confess
/// ```
pub fn iterated_elimination(
    game: &NormalFormGame,
    strength: Strength,
    mixed: bool,
) -> IteratedElimination {
    let mut remaining: Vec<Vec<usize>> = game
        .strategy_counts()
        .iter()
        .map(|&c| (0..c).collect())
        .collect();
    let mut steps = Vec::new();
    let mut round = 0;
    loop {
        round += 1;
        let mut changed = false;
        for i in 0..game.num_players() {
            loop {
                if remaining[i].len() <= 1 {
                    break;
                }
                let table = payoff_table(game, &remaining, i);
                let hit = (0..table.len())
                    .find_map(|s| find_dominator(&table, s, strength, mixed).map(|d| (s, d)));
                let Some((s, d)) = hit else { break };
                let by = match d {
                    Dominator::Pure(t) => Dominator::Pure(remaining[i][t]),
                    Dominator::Mixed(v) => {
                        Dominator::Mixed(v.into_iter().map(|(t, p)| (remaining[i][t], p)).collect())
                    }
                };
                steps.push(Elimination {
                    round,
                    player: i,
                    strategy: remaining[i][s],
                    strength,
                    by,
                });
                remaining[i].remove(s);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    IteratedElimination { steps, remaining }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::example;
    use crate::examples::q;

    #[test]
    fn prisoners_dilemma_strict() {
        let pd = example("prisoners-dilemma").unwrap();
        let d = dominated_strategies(&pd, Strength::Strict, false);
        assert_eq!(d.len(), 2);
        assert!(d
            .iter()
            .all(|e| e.strategy == 1 && e.by == Dominator::Pure(0)));
    }

    #[test]
    fn boxed_pigs_weak() {
        let pigs = example("boxed-pigs").unwrap();
        let r = iterated_elimination(&pigs, Strength::Weak, false);
        // The big pig's Wait is weakly dominated by Press; then the small pig waits.
        assert_eq!(r.steps[0].player, 0);
        assert_eq!(r.remaining, vec![vec![0], vec![1]]);
        let strict = iterated_elimination(&pigs, Strength::Strict, false);
        assert!(strict.steps.is_empty());
    }

    #[test]
    fn mixed_domination() {
        // Row 3 (1,1) is dominated by 1/2 row 1 + 1/2 row 2 = (3/2, 3/2) but by no pure row.
        let g = NormalFormGame::from_integer_bimatrix(
            &[vec![3, 0], vec![0, 3], vec![1, 1]],
            &[vec![0, 0], vec![0, 0], vec![0, 0]],
        )
        .unwrap();
        assert!(dominated_strategies(&g, Strength::Strict, false)
            .iter()
            .all(|e| e.player != 0));
        let d = dominated_strategies(&g, Strength::Strict, true);
        let row = d.iter().find(|e| e.player == 0).unwrap();
        assert_eq!(row.strategy, 2);
        match &row.by {
            Dominator::Mixed(v) => {
                let total: BigRational = v.iter().map(|x| x.1.clone()).sum();
                assert_eq!(total, q(1, 1));
            }
            other => panic!("{other:?}"),
        }
    }
}
