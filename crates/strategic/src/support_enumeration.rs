//! Nash equilibria of bimatrix games by support enumeration (Mangasarian
//! 1964; Dickhaut and Kaplan 1991; von Stengel, "Computing equilibria for
//! two-person games", Handbook of Game Theory 3, 2002, §2.4), extended to
//! supports of unequal sizes so that it is complete for degenerate games too.
//!
//! For every support `I` of the row player and every set `J` of `|I|` column
//! strategies, the indifference equations (every column of `J` pays the same
//! against `x`, `x` sums to 1 on `I`) are solved exactly; a nonnegative
//! solution against which every column of `J` is a best reply is a vertex of
//! the row player's best-response polytope (von Stengel 2002, §3.1: a vertex
//! is the unique point with its support and best replies, so `|I|`
//! independent best replies pin it down). The same is done for the column
//! player, and every pair of vertices each supported on best replies to the
//! other is an extreme equilibrium. In a nondegenerate game the pairs have
//! `J = supp y`, which is the classical equal-size support enumeration; in a
//! degenerate game an equilibrium's supports may differ in size and
//! equilibria may form continua, whose extreme points this reports — the
//! same set as [`crate::vertex_enumeration`], which also groups them into
//! maximal convex sets. Degeneracy (a strategy with more pure best replies
//! than its support has strategies) is decided on the vertices as well.
//!
//! Exact (rational Gaussian elimination) and meant for small games and for
//! cross-checking. Games with three or more players are handled by
//! [`crate::nplayer`].

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::equilibrium::Equilibrium;
use crate::error::StrategicError;
use crate::game::Matrix;
use crate::stop::StopCheck;

/// The default limit on the number of support pairs.
pub const DEFAULT_SUPPORT_LIMIT: u128 = 2_000_000;

/// The binomial coefficient `C(n, k)`, saturating at `u128::MAX`.
///
/// ```
/// use sprague_strategic::support_enumeration::binomial;
/// assert_eq!(binomial(5, 2), 10);
/// assert_eq!(binomial(2, 3), 0);
/// ```
pub fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let mut r: u128 = 1;
    for i in 0..k.min(n - k) {
        r = r.saturating_mul((n - i) as u128) / (i as u128 + 1);
    }
    r
}

/// The number of support pairs of equal size, `sum_k C(m,k) C(n,k) = C(m+n, m) - 1`
/// (the number of square systems each player's vertex search solves).
///
/// ```
/// use sprague_strategic::support_enumeration::support_pair_count;
/// assert_eq!(support_pair_count(2, 2), 5);
/// ```
pub fn support_pair_count(m: usize, n: usize) -> u128 {
    binomial(m + n, m).saturating_sub(1)
}

/// The `k`-element subsets of `0..n` in lexicographic order, one at a time.
pub(crate) struct Subsets {
    n: usize,
    current: Option<Vec<usize>>,
}

impl Subsets {
    pub(crate) fn new(n: usize, k: usize) -> Self {
        Subsets {
            n,
            current: (k <= n).then(|| (0..k).collect()),
        }
    }
}

impl Iterator for Subsets {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let out = self.current.clone()?;
        let (n, k) = (self.n, out.len());
        let mut next = out.clone();
        // The last position that can still move right.
        match (0..k).rev().find(|&t| next[t] < n - k + t) {
            Some(t) => {
                next[t] += 1;
                for u in t + 1..k {
                    next[u] = next[u - 1] + 1;
                }
                self.current = Some(next);
            }
            None => self.current = None,
        }
        Some(out)
    }
}

/// Solves `M z = r` exactly; `None` if `M` is singular.
///
/// ```
/// use num_rational::BigRational;
/// use sprague_strategic::support_enumeration::solve_linear;
/// let r = |x: i64| BigRational::from_integer(x.into());
/// let z = solve_linear(vec![vec![r(2), r(1)], vec![r(1), r(3)]], vec![r(1), r(1)]).unwrap();
/// assert_eq!(z, vec![BigRational::new(2.into(), 5.into()), BigRational::new(1.into(), 5.into())]);
/// ```
pub fn solve_linear(
    mut m: Vec<Vec<BigRational>>,
    mut r: Vec<BigRational>,
) -> Option<Vec<BigRational>> {
    let k = m.len();
    for col in 0..k {
        let pivot = (col..k).find(|&i| !m[i][col].is_zero())?;
        m.swap(col, pivot);
        r.swap(col, pivot);
        let inv = BigRational::one() / &m[col][col];
        for j in col..k {
            m[col][j] = &m[col][j] * &inv;
        }
        r[col] = &r[col] * &inv;
        for i in 0..k {
            if i != col && !m[i][col].is_zero() {
                let f = m[i][col].clone();
                for j in col..k {
                    let t = &f * &m[col][j];
                    m[i][j] -= t;
                }
                let t = &f * &r[col];
                r[i] -= t;
            }
        }
    }
    Some(r)
}

/// The strategy on `support` that makes the opponent (payoffs `m`, indexed
/// `[own][opponent]` after transposition as needed) indifferent among
/// `other_support`: solves `sum_i z_i m[i][j] = v` for `j` in
/// `other_support`, `sum z = 1`.
fn indifferent(
    payoff: &impl Fn(usize, usize) -> BigRational,
    support: &[usize],
    other_support: &[usize],
    size: usize,
) -> Option<Vec<BigRational>> {
    let k = support.len();
    // Unknowns: z (k) and v.
    let mut rows = Vec::with_capacity(k + 1);
    let mut rhs = Vec::with_capacity(k + 1);
    for &j in other_support {
        let mut row: Vec<BigRational> = support.iter().map(|&i| payoff(i, j)).collect();
        row.push(-BigRational::one());
        rows.push(row);
        rhs.push(BigRational::zero());
    }
    let mut sum = vec![BigRational::one(); k];
    sum.push(BigRational::zero());
    rows.push(sum);
    rhs.push(BigRational::one());
    let solution = solve_linear(rows, rhs)?;
    let mut z = vec![BigRational::zero(); size];
    for (t, &i) in support.iter().enumerate() {
        if solution[t] < BigRational::zero() {
            return None;
        }
        z[i] = solution[t].clone();
    }
    Some(z)
}

/// The result of [`support_enumeration`]: every extreme equilibrium and
/// whether the game is degenerate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SupportEquilibria {
    /// The extreme equilibria, in the order of [`crate::vertex_enumeration`]
    /// (row strategies descending, then column strategies descending).
    pub equilibria: Vec<Equilibrium>,
    /// Whether some mixed strategy with a support of size `k` has more than
    /// `k` pure best replies (decided on the vertices, which suffices).
    pub degenerate: bool,
}

/// A strategy that is the unique solution of its indifference system: its
/// support and its opponent's pure best replies.
struct Vertex {
    strategy: Vec<BigRational>,
    support: Vec<bool>,
    replies: Vec<bool>,
}

/// Every strategy of one player that solves a square indifference system
/// (support `I`, `|I|` of the opponent's strategies `J` made indifferent) and
/// leaves every strategy of `J` a best reply; `opponent(i, j)` is the
/// opponent's payoff when this player plays `i` and the opponent `j`.
/// Returns the distinct vertices (sorted descending) and whether one of them
/// has more best replies than its support has strategies.
fn vertices(
    opponent: impl Fn(usize, usize) -> BigRational,
    own: usize,
    other: usize,
    stop: StopCheck<'_>,
) -> Result<(Vec<Vertex>, bool), StrategicError> {
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    let mut degenerate = false;
    let mut poll = stop.poll();
    for k in 1..=own.min(other) {
        for i in Subsets::new(own, k) {
            for j in Subsets::new(other, k) {
                poll.step_or_stop()?;
                let Some(z) = indifferent(&opponent, &i, &j, own) else {
                    continue;
                };
                let payoffs: Vec<BigRational> = (0..other)
                    .map(|c| (0..own).map(|r| &z[r] * opponent(r, c)).sum())
                    .collect();
                let Some(best) = payoffs.iter().max() else {
                    continue;
                };
                if j.iter().any(|&c| &payoffs[c] != best) || !seen.insert(z.clone()) {
                    continue;
                }
                let replies: Vec<bool> = payoffs.iter().map(|p| p == best).collect();
                let support: Vec<bool> = z.iter().map(|p| !p.is_zero()).collect();
                let count = |v: &[bool]| v.iter().filter(|&&t| t).count();
                degenerate |= count(&replies) > count(&support);
                found.push(Vertex {
                    strategy: z,
                    support,
                    replies,
                });
            }
        }
    }
    found.sort_by(|s, t| t.strategy.cmp(&s.strategy));
    Ok((found, degenerate))
}

/// All extreme Nash equilibria of the bimatrix game `(a, b)` by support
/// enumeration, supports of any sizes, exactly; refused above `limit`
/// support pairs (`None`: no limit).
///
/// Each player's candidate strategies are the solutions of the square
/// systems "support `I`, indifference over `|I|` opponent strategies `J`,
/// which are best replies": these are exactly the vertices of the player's
/// best-response polytope (a vertex is determined by its support and its
/// best replies, and `|I|` independent best replies can be chosen among
/// those). An equilibrium is a pair of candidates, each supported on best
/// replies to the other. So the result is every extreme equilibrium, the
/// same set as [`crate::vertex_enumeration`] finds, also for degenerate
/// games, where supports of equilibria may differ in size and equilibria
/// form continua (whose extreme points are reported).
///
/// ```
/// use sprague_strategic::{examples::example, support_enumeration::support_enumeration};
/// // von Stengel's degenerate 3x2 game: T against a segment of column strategies.
/// let (a, b) = example("von-stengel-degenerate").unwrap().bimatrix().unwrap();
/// let found = support_enumeration(&a, &b, None).unwrap();
/// assert!(found.degenerate);
/// assert_eq!(found.equilibria.len(), 3);
/// ```
pub fn support_enumeration(
    a: &Matrix,
    b: &Matrix,
    limit: Option<u128>,
) -> Result<SupportEquilibria, StrategicError> {
    support_enumeration_until(a, b, limit, StopCheck::never())
}

/// [`support_enumeration`], asking `stop` every so often
/// ([`StrategicError::Interrupted`] when it says stop).
pub fn support_enumeration_until(
    a: &Matrix,
    b: &Matrix,
    limit: Option<u128>,
    stop: StopCheck<'_>,
) -> Result<SupportEquilibria, StrategicError> {
    let m = a.len();
    let n = a.first().map_or(0, Vec::len);
    if m == 0 {
        return Err(StrategicError::NoStrategies { player: 1 });
    }
    if n == 0 {
        return Err(StrategicError::NoStrategies { player: 2 });
    }
    let count = support_pair_count(m, n);
    if let Some(limit) = limit {
        if count > limit {
            return Err(StrategicError::TooLarge {
                method: format!("support enumeration of a {m}x{n} game"),
                what: "support pairs".into(),
                count: count.to_string(),
                limit: limit.to_string(),
            });
        }
    }
    // x makes player 2 indifferent (payoffs B), y makes player 1 indifferent (A).
    let (xs, row_degenerate) = vertices(|r, c| b[r][c].clone(), m, n, stop)?;
    let (ys, column_degenerate) = vertices(|c, r| a[r][c].clone(), n, m, stop)?;
    let within =
        |support: &[bool], replies: &[bool]| support.iter().zip(replies).all(|(&s, &r)| !s || r);
    let mut equilibria = Vec::new();
    for x in &xs {
        for y in &ys {
            if within(&x.support, &y.replies) && within(&y.support, &x.replies) {
                equilibria.push(Equilibrium::bimatrix(
                    a,
                    b,
                    x.strategy.clone(),
                    y.strategy.clone(),
                ));
            }
        }
    }
    Ok(SupportEquilibria {
        equilibria,
        degenerate: row_degenerate || column_degenerate,
    })
}

/// The limit on the upper-bound-theorem count of vertices up to which
/// [`degeneracy`] decides.
pub const DEGENERACY_VERTEX_LIMIT: u128 = 1_000_000;

/// Whether the bimatrix game `(a, b)` is degenerate (some mixed strategy
/// with a support of size `k` has more than `k` pure best replies), decided
/// by vertex enumeration of the best-response polytopes
/// ([`crate::vertex_enumeration`]: degenerate iff a vertex has more labels
/// than the dimension); `None` when the polytopes may have more than
/// [`DEGENERACY_VERTEX_LIMIT`] vertices (upper bound theorem), where
/// deciding would take too long, or the game is otherwise too large.
///
/// ```
/// use sprague_strategic::{examples::example, support_enumeration::degeneracy};
/// let (a, b) = example("von-stengel-degenerate").unwrap().bimatrix().unwrap();
/// assert_eq!(degeneracy(&a, &b), Some(true));
/// let (a, b) = example("battle-of-the-sexes").unwrap().bimatrix().unwrap();
/// assert_eq!(degeneracy(&a, &b), Some(false));
/// ```
pub fn degeneracy(a: &Matrix, b: &Matrix) -> Option<bool> {
    let options = crate::vertex_enumeration::EnumerationOptions {
        vertex_limit: DEGENERACY_VERTEX_LIMIT,
        ..Default::default()
    };
    crate::vertex_enumeration::all_equilibria_bimatrix(a, b, options)
        .ok()
        .map(|all| all.degenerate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::example;

    #[test]
    fn battle_of_the_sexes() {
        let (a, b) = example("battle-of-the-sexes").unwrap().bimatrix().unwrap();
        let found = support_enumeration(&a, &b, None).unwrap();
        let eq = found.equilibria;
        assert_eq!(eq.len(), 3);
        assert!(!found.degenerate);
        let q = |p: i64, d: i64| BigRational::new(p.into(), d.into());
        assert!(eq
            .iter()
            .any(|e| e.strategies == vec![vec![q(2, 3), q(1, 3)], vec![q(1, 3), q(2, 3)]]));
        assert_eq!(support_pair_count(2, 2), 5);
    }
}
