//! Symmetric two-player games, the setting of evolutionary game theory: one
//! population, every individual plays the same strategy set, and the payoff
//! of strategy `i` against strategy `j` is `A[i][j]` (so the bimatrix game is
//! `(A, Aᵀ)`). See Hofbauer and Sigmund, *Evolutionary Games and Population
//! Dynamics* (Cambridge, 1998), ch. 6.

use num_rational::BigRational;
use num_traits::Zero;
use sprague_strategic::{Matrix, NormalFormGame};

use crate::error::DynamicsError;

/// The most strategies a symmetric game may have here (the exhaustive
/// methods look at every support: 2^16 of them).
pub const MAX_STRATEGIES: usize = 16;

/// A symmetric game given by the row player's payoff matrix `A`.
///
/// ```
/// use sprague_dynamics::symmetric::SymmetricGame;
/// use sprague_strategic::examples::example;
/// let game = SymmetricGame::from_game(&example("hawk-dove").unwrap()).unwrap();
/// assert_eq!(game.size(), 2);
/// assert_eq!(game.strategy_names(), ["Hawk", "Dove"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymmetricGame {
    title: String,
    names: Vec<String>,
    a: Matrix,
}

impl SymmetricGame {
    /// The symmetric game with payoff matrix `a` (square, at least 2×2, at
    /// most [`MAX_STRATEGIES`] strategies), strategies named 1, 2, ….
    pub fn new(a: Matrix) -> Result<Self, DynamicsError> {
        let n = a.len();
        if n < 2 {
            return Err(DynamicsError::TooFewStrategies(n));
        }
        if n > MAX_STRATEGIES {
            return Err(crate::error::too_large(
                "the number of strategies",
                n,
                MAX_STRATEGIES,
            ));
        }
        if let Some(i) = a.iter().position(|row| row.len() != n) {
            return Err(DynamicsError::NotSymmetric(format!(
                "row {} of the {n}x{n} payoff matrix has {} entries",
                i + 1,
                a[i].len()
            )));
        }
        Ok(SymmetricGame {
            title: String::new(),
            names: (1..=n).map(|i| i.to_string()).collect(),
            a,
        })
    }

    /// The symmetric game of a two-player game with square payoff matrices
    /// `(A, B)` and `B = Aᵀ`; strategy names are the row player's.
    pub fn from_game(game: &NormalFormGame) -> Result<Self, DynamicsError> {
        if game.num_players() != 2 {
            return Err(DynamicsError::NotTwoPlayer(game.num_players()));
        }
        let (a, b) = game.bimatrix()?;
        let (m, n) = (a.len(), a[0].len());
        if m != n {
            return Err(DynamicsError::NotSymmetric(format!(
                "the players have {m} and {n} strategies"
            )));
        }
        for i in 0..n {
            for j in 0..n {
                if b[i][j] != a[j][i] {
                    return Err(DynamicsError::NotSymmetric(format!(
                        "the column player's payoff in cell ({}, {}) is not the row player's in cell ({}, {})",
                        i + 1,
                        j + 1,
                        j + 1,
                        i + 1
                    )));
                }
            }
        }
        let mut symmetric = SymmetricGame::new(a)?;
        symmetric.title = game.title().to_string();
        symmetric.names = game.strategies()[0].clone();
        Ok(symmetric)
    }

    /// The number of strategies.
    pub fn size(&self) -> usize {
        self.a.len()
    }

    /// The payoff matrix `A`.
    pub fn matrix(&self) -> &Matrix {
        &self.a
    }

    /// The strategy names.
    pub fn strategy_names(&self) -> &[String] {
        &self.names
    }

    /// The title of the game it was read from (may be empty).
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The payoff vector `Ax`: the payoff of each pure strategy against the
    /// population state `x`.
    ///
    /// ```
    /// use sprague_dynamics::symmetric::SymmetricGame;
    /// use sprague_strategic::examples::example;
    /// use num_rational::BigRational;
    /// let hd = SymmetricGame::from_game(&example("hawk-dove").unwrap()).unwrap();
    /// let q = |p: i64, d: i64| BigRational::new(p.into(), d.into());
    /// let ax = hd.payoffs_against(&[q(2, 3), q(1, 3)]);
    /// assert_eq!(ax[0], ax[1]); // at the ESS every strategy earns the same
    /// ```
    pub fn payoffs_against(&self, x: &[BigRational]) -> Vec<BigRational> {
        self.a
            .iter()
            .map(|row| {
                row.iter()
                    .zip(x)
                    .filter(|(_, xj)| !xj.is_zero())
                    .map(|(aij, xj)| aij * xj)
                    .sum()
            })
            .collect()
    }

    /// The payoff `x·Ay` of state `x` against state `y`.
    pub fn payoff(&self, x: &[BigRational], y: &[BigRational]) -> BigRational {
        self.payoffs_against(y)
            .iter()
            .zip(x)
            .filter(|(_, xi)| !xi.is_zero())
            .map(|(v, xi)| v * xi)
            .sum()
    }

    /// The matrix as floats (for the approximate methods).
    pub fn float_matrix(&self) -> Vec<Vec<f64>> {
        self.a
            .iter()
            .map(|row| {
                row.iter()
                    .map(sprague_strategic::exact_text::rational_to_f64)
                    .collect()
            })
            .collect()
    }
}
