//! The normal-form (strategic-form) game: n players, finite strategy sets and
//! exact rational payoffs for every pure-strategy profile.
//!
//! Profiles are stored in Gambit's order (von Neumann–Morgenstern normal
//! form as in the Gambit `.nfg` format): the first player's strategy changes
//! fastest. Two-player games are also available as a pair of payoff matrices
//! (a bimatrix game `(A, B)`, rows for player 1, columns for player 2).

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::error::StrategicError;

/// A payoff matrix: `matrix[i][j]` for row `i` and column `j`.
pub type Matrix = Vec<Vec<BigRational>>;

/// A mixed strategy profile: one probability vector per player.
pub type MixedProfile = Vec<Vec<BigRational>>;

/// An n-player game in normal form with exact payoffs.
///
/// ```
/// use sprague_strategic::game::NormalFormGame;
/// let game = NormalFormGame::from_integer_bimatrix(
///     &[vec![3, 0], vec![5, 1]],
///     &[vec![3, 5], vec![0, 1]],
/// ).unwrap();
/// assert_eq!(game.num_players(), 2);
/// assert_eq!(game.payoff(&[1, 0], 1).to_string(), "0");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormalFormGame {
    title: String,
    players: Vec<String>,
    strategies: Vec<Vec<String>>,
    /// `payoffs[index(profile) * n + player]`.
    payoffs: Vec<BigRational>,
}

impl NormalFormGame {
    /// Builds a game from its players, their strategy names and the payoffs:
    /// `payoffs[k]` lists every player's payoff in the `k`-th profile (first
    /// player's strategy changing fastest).
    pub fn new(
        title: impl Into<String>,
        players: Vec<String>,
        strategies: Vec<Vec<String>>,
        payoffs: Vec<Vec<BigRational>>,
    ) -> Result<Self, StrategicError> {
        if players.is_empty() {
            return Err(StrategicError::NoPlayers);
        }
        if strategies.len() != players.len() {
            return Err(StrategicError::Dimension(format!(
                "{} players but strategy lists for {}",
                players.len(),
                strategies.len()
            )));
        }
        for (i, s) in strategies.iter().enumerate() {
            if s.is_empty() {
                return Err(StrategicError::NoStrategies { player: i + 1 });
            }
        }
        let count = profile_count(&strategies.iter().map(Vec::len).collect::<Vec<_>>())?;
        if payoffs.len() != count {
            return Err(StrategicError::Dimension(format!(
                "the game has {count} strategy profiles but {} payoff vectors were given",
                payoffs.len()
            )));
        }
        let n = players.len();
        let mut flat = Vec::with_capacity(count * n);
        for (k, p) in payoffs.into_iter().enumerate() {
            if p.len() != n {
                return Err(StrategicError::Dimension(format!(
                    "profile {} has {} payoffs but the game has {n} players",
                    k + 1,
                    p.len()
                )));
            }
            flat.extend(p);
        }
        Ok(NormalFormGame {
            title: title.into(),
            players,
            strategies,
            payoffs: flat,
        })
    }

    /// A two-player game from the payoff matrices `a` (row player) and `b`
    /// (column player), with default names.
    pub fn from_bimatrix(a: &Matrix, b: &Matrix) -> Result<Self, StrategicError> {
        let (m, n) = matrix_shape(a, "the first matrix")?;
        if b.len() != m || b.iter().any(|r| r.len() != n) {
            return Err(StrategicError::Dimension(format!(
                "the first matrix is {m}x{n} but the second is not"
            )));
        }
        let mut payoffs = Vec::with_capacity(m * n);
        for j in 0..n {
            for i in 0..m {
                payoffs.push(vec![a[i][j].clone(), b[i][j].clone()]);
            }
        }
        NormalFormGame::new(
            "",
            vec!["Player 1".into(), "Player 2".into()],
            vec![
                (1..=m).map(|i| i.to_string()).collect(),
                (1..=n).map(|j| j.to_string()).collect(),
            ],
            payoffs,
        )
    }

    /// A two-player game from integer matrices.
    pub fn from_integer_bimatrix(a: &[Vec<i64>], b: &[Vec<i64>]) -> Result<Self, StrategicError> {
        let conv = |m: &[Vec<i64>]| -> Matrix {
            m.iter()
                .map(|r| {
                    r.iter()
                        .map(|&x| BigRational::from_integer(x.into()))
                        .collect()
                })
                .collect()
        };
        NormalFormGame::from_bimatrix(&conv(a), &conv(b))
    }

    /// The zero-sum game with row player's payoffs `a` (column player gets `-a`).
    pub fn from_zero_sum(a: &Matrix) -> Result<Self, StrategicError> {
        let b: Matrix = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
        NormalFormGame::from_bimatrix(a, &b)
    }

    /// Replaces the title.
    pub fn with_title(mut self, title: impl Into<String>) -> Self {
        self.title = title.into();
        self
    }

    /// Replaces the player names (must be one per player).
    pub fn with_players(mut self, players: &[&str]) -> Self {
        if players.len() == self.players.len() {
            self.players = players.iter().map(|s| s.to_string()).collect();
        }
        self
    }

    /// Replaces the strategy names of `player` (must be one per strategy).
    pub fn with_strategy_names(mut self, player: usize, names: &[&str]) -> Self {
        if player < self.strategies.len() && names.len() == self.strategies[player].len() {
            self.strategies[player] = names.iter().map(|s| s.to_string()).collect();
        }
        self
    }

    /// The title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The player names.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The strategy names of every player.
    pub fn strategies(&self) -> &[Vec<String>] {
        &self.strategies
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// The number of strategies of each player.
    pub fn strategy_counts(&self) -> Vec<usize> {
        self.strategies.iter().map(Vec::len).collect()
    }

    /// The number of pure-strategy profiles.
    pub fn num_profiles(&self) -> usize {
        self.payoffs.len() / self.players.len()
    }

    /// The index of a profile in Gambit order (first player fastest).
    pub fn profile_index(&self, profile: &[usize]) -> usize {
        let mut index = 0;
        let mut stride = 1;
        for (s, strategies) in profile.iter().zip(&self.strategies) {
            index += s * stride;
            stride *= strategies.len();
        }
        index
    }

    /// The profile with the given index.
    pub fn profile_at(&self, mut index: usize) -> Vec<usize> {
        self.strategies
            .iter()
            .map(|s| {
                let k = index % s.len();
                index /= s.len();
                k
            })
            .collect()
    }

    /// The payoff of `player` in the pure profile `profile`.
    pub fn payoff(&self, profile: &[usize], player: usize) -> &BigRational {
        &self.payoffs[self.profile_index(profile) * self.players.len() + player]
    }

    /// All payoffs of the profile with index `index`.
    pub fn payoffs_at(&self, index: usize) -> &[BigRational] {
        let n = self.players.len();
        &self.payoffs[index * n..(index + 1) * n]
    }

    /// The payoff matrices `(A, B)` of a two-player game.
    pub fn bimatrix(&self) -> Result<(Matrix, Matrix), StrategicError> {
        if self.num_players() != 2 {
            return Err(StrategicError::NotTwoPlayer(self.num_players()));
        }
        let (m, n) = (self.strategies[0].len(), self.strategies[1].len());
        let mut a = vec![vec![BigRational::zero(); n]; m];
        let mut b = vec![vec![BigRational::zero(); n]; m];
        for i in 0..m {
            for j in 0..n {
                a[i][j] = self.payoff(&[i, j], 0).clone();
                b[i][j] = self.payoff(&[i, j], 1).clone();
            }
        }
        Ok((a, b))
    }

    /// The payoff matrix of the row player if the game is two-player and
    /// constant-sum (`A + B` constant); the column player's payoff is then
    /// that constant minus `A`.
    pub fn zero_sum_matrix(&self) -> Result<Matrix, StrategicError> {
        let (a, b) = self.bimatrix()?;
        let c = &a[0][0] + &b[0][0];
        for (i, (ra, rb)) in a.iter().zip(&b).enumerate() {
            for (j, (x, y)) in ra.iter().zip(rb).enumerate() {
                if x + y != c {
                    return Err(StrategicError::NotZeroSum {
                        row: i + 1,
                        column: j + 1,
                    });
                }
            }
        }
        Ok(a)
    }

    /// The expected payoff of `player` under the mixed profile `profile`.
    pub fn expected_payoff(&self, profile: &MixedProfile, player: usize) -> BigRational {
        let n = self.players.len();
        let mut total = BigRational::zero();
        for k in 0..self.num_profiles() {
            let pure = self.profile_at(k);
            let mut p = BigRational::one();
            for (i, &s) in pure.iter().enumerate() {
                if profile[i][s].is_zero() {
                    p = BigRational::zero();
                    break;
                }
                p *= &profile[i][s];
            }
            if !p.is_zero() {
                total += p * &self.payoffs[k * n + player];
            }
        }
        total
    }

    /// The expected payoff of `player` when it plays pure strategy `s` and
    /// the others follow `profile`.
    pub fn deviation_payoff(&self, profile: &MixedProfile, player: usize, s: usize) -> BigRational {
        let mut changed = profile.clone();
        changed[player] = (0..self.strategies[player].len())
            .map(|k| {
                if k == s {
                    BigRational::one()
                } else {
                    BigRational::zero()
                }
            })
            .collect();
        self.expected_payoff(&changed, player)
    }

    /// Whether `profile` is a Nash equilibrium, checked exactly: every
    /// component is a probability vector and no player gains by a pure
    /// deviation.
    pub fn is_nash(&self, profile: &MixedProfile) -> bool {
        if profile.len() != self.num_players() {
            return false;
        }
        for (i, p) in profile.iter().enumerate() {
            if p.len() != self.strategies[i].len()
                || p.iter().any(|x| x < &BigRational::zero())
                || p.iter().sum::<BigRational>() != BigRational::one()
            {
                return false;
            }
        }
        (0..self.num_players()).all(|i| {
            let u = self.expected_payoff(profile, i);
            (0..self.strategies[i].len()).all(|s| self.deviation_payoff(profile, i, s) <= u)
        })
    }

    /// The pure profile as a mixed profile of unit vectors.
    pub fn pure_as_mixed(&self, profile: &[usize]) -> MixedProfile {
        profile
            .iter()
            .zip(&self.strategies)
            .map(|(&s, names)| {
                (0..names.len())
                    .map(|k| {
                        if k == s {
                            BigRational::one()
                        } else {
                            BigRational::zero()
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// The number of profiles of a game whose players have `counts`
/// strategies, refusing more than 10^8.
pub fn profile_count(counts: &[usize]) -> Result<usize, StrategicError> {
    let mut total: usize = 1;
    for &c in counts {
        total = total
            .checked_mul(c)
            .filter(|&t| t <= 100_000_000)
            .ok_or_else(|| {
                StrategicError::Dimension(
                    "the game has more than 100000000 strategy profiles".into(),
                )
            })?;
    }
    Ok(total)
}

/// The rows and columns of a payoff matrix (`name` in the error message):
/// at least one of each, every row as long as the first.
pub(crate) fn matrix_shape(a: &Matrix, name: &str) -> Result<(usize, usize), StrategicError> {
    let m = a.len();
    if m == 0 {
        return Err(StrategicError::NoStrategies { player: 1 });
    }
    let n = a[0].len();
    if n == 0 {
        return Err(StrategicError::NoStrategies { player: 2 });
    }
    if a.iter().any(|r| r.len() != n) {
        return Err(StrategicError::Dimension(format!(
            "the rows of {name} have different lengths"
        )));
    }
    Ok((m, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_order_is_gambit_order() {
        let g = NormalFormGame::from_integer_bimatrix(
            &[vec![1, 2], vec![3, 4]],
            &[vec![5, 6], vec![7, 8]],
        )
        .unwrap();
        assert_eq!(g.profile_at(1), vec![1, 0]);
        assert_eq!(g.payoff(&[1, 0], 0), &BigRational::from_integer(3.into()));
        assert_eq!(g.payoff(&[0, 1], 1), &BigRational::from_integer(6.into()));
        let (a, b) = g.bimatrix().unwrap();
        assert_eq!(a[1][1], BigRational::from_integer(4.into()));
        assert_eq!(b[1][0], BigRational::from_integer(7.into()));
    }

    #[test]
    fn rejects_empty() {
        assert!(NormalFormGame::from_bimatrix(&vec![], &vec![]).is_err());
        assert!(NormalFormGame::from_bimatrix(&vec![vec![]], &vec![vec![]]).is_err());
    }
}
