//! Cooperative games for sprague: games with transferable utility (TU
//! games), a set of players N = {0, …, n−1} and a characteristic function v
//! giving every coalition S ⊆ N its worth v(S), with v(∅) = 0 (von
//! Neumann–Morgenstern 1944).
//!
//! What is here:
//! - [`TuGame`]: a game given by the table of all 2ⁿ coalition values, read
//!   from JSON ([`TuGame::from_json`]) or built in: the glove game, the
//!   airport (cost) game of Littlechild–Owen (1973) and the bankruptcy game of
//!   O'Neill (1982) — see [`builtin`].
//! - [`WeightedVotingGame`]: `[q; w1, …, wn]`, where a coalition wins (worth 1)
//!   when its weight reaches the quota q.
//! - The **Shapley value** (Shapley 1953), exactly, by the subset form of the
//!   permutation formula ([`shapley`]); for weighted voting games the
//!   **Shapley–Shubik index** (Shapley–Shubik 1954) by the pseudo-polynomial
//!   generating-function dynamic program (Brams–Affuso 1976, Mann–Shapley
//!   1962) in exact integers ([`WeightedVotingGame::shapley_shubik`]); and a
//!   Monte Carlo estimate with confidence intervals for games too large for
//!   either ([`monte_carlo`]).
//! - The **Banzhaf index** (Banzhaf 1965; Penrose 1946), raw and normalised.
//! - Excesses and a **core membership test** for a given allocation
//!   ([`allocation`]).
//!
//! - A **core point** or a proof that the core is empty, the **least core**
//!   and the **nucleolus** and prenucleolus, exactly, by a sequence of linear
//!   programs on the exact simplex method of
//!   [`sprague_strategic::linear_program`] ([`nucleolus`]).
//!
//! - The same concepts for games of up to 25 players given by a function
//!   ([`characteristic::CharacteristicFunction`]: tables, weighted voting,
//!   the rules of [`structured`], [`assignment`] games), by constraint
//!   generation ([`constraint_generation`]), and Kohlberg's criterion as an
//!   independent check of a nucleolus ([`kohlberg`]).
//!
//! - [`input`]: a game in any form the faces take (inline or a file's text);
//!   [`report`]: every answer as the serialisable record the command line
//!   prints with `--format json` and the Python module reads.
//!
//! All exact results are [`num_rational::BigRational`]s, read and printed
//! by [`sprague_strategic::exact_text`]; Monte Carlo estimates draw from
//! [`sprague_strategic::seeded::SeededRng`].

pub mod allocation;
pub mod assignment;
pub mod builtin;
pub mod characteristic;
pub mod constraint_generation;
mod game;
pub mod input;
pub mod kohlberg;
pub mod monte_carlo;
pub mod nucleolus;
pub mod report;
mod shapley;
pub mod structured;
mod weighted;

pub use game::{Coalition, TuGame, MAX_TABLE_PLAYERS};
pub use shapley::{banzhaf, shapley, BanzhafIndex};
pub use weighted::{WeightedVotingGame, MAX_EXACT_WEIGHT_CELLS, MAX_EXACT_WEIGHT_WORK};

use thiserror::Error;

/// Everything that can be wrong with a cooperative game given as input.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CoopError {
    /// The JSON text could not be parsed.
    #[error("the game is not valid JSON: {0}")]
    Json(String),
    /// The JSON document does not have the expected shape.
    #[error("{0}")]
    Shape(String),
    /// A coalition of the table has no value.
    #[error(
        "coalition {} has no value; every coalition must be given (the empty one may be left out)",
        sprague_textfile::quoted(.0)
    )]
    MissingCoalition(String),
    /// A coalition was given twice.
    #[error("coalition {} is given twice", sprague_textfile::quoted(.0))]
    DuplicateCoalition(String),
    /// A coalition names a player that is not in the game.
    #[error("coalition \"{}\" names the unknown player \"{}\"", sprague_textfile::quoted(.coalition), sprague_textfile::quoted(.player))]
    UnknownPlayer {
        /// The coalition key as written.
        coalition: String,
        /// The unknown name.
        player: String,
    },
    /// v(∅) is not 0.
    #[error("the empty coalition must be worth 0, not {0}")]
    EmptyCoalitionNotZero(String),
    /// A value is not a number.
    #[error("the value of coalition \"{}\" is not an exact number: {}", sprague_textfile::quoted(.coalition), sprague_textfile::quoted(.value))]
    BadValue {
        /// The coalition.
        coalition: String,
        /// The offending value as written.
        value: String,
    },
    /// Too many players for a full table.
    #[error("{0} players is too many for a table of all coalitions (at most {MAX_TABLE_PLAYERS}); use a weighted voting game or Monte Carlo")]
    TooManyPlayers(usize),
    /// A game with no players.
    #[error("a game needs at least one player")]
    NoPlayers,
    /// The weighted voting game text could not be read.
    #[error("a weighted voting game is written [q; w1, w2, ...] with non-negative integer weights and quota: {0}")]
    WeightedSyntax(String),
    /// The quota exceeds the total weight.
    #[error("the quota {quota} is above the total weight {total}, so no coalition can win")]
    QuotaAboveTotal {
        /// The quota.
        quota: u64,
        /// The total weight.
        total: u64,
    },
    /// The quota is zero.
    #[error("the quota must be positive (with quota 0 the empty coalition would win)")]
    ZeroQuota,
    /// A built-in game was given bad parameters.
    #[error("{0}")]
    Builtin(String),
    /// The imputation set is empty, so the nucleolus is undefined.
    #[error("the singletons are worth {singletons} together, more than v(N) = {grand}, so there is no imputation and no nucleolus; the prenucleolus exists: pass --pre (pre=True from Python)")]
    EmptyImputationSet {
        /// Σ v({i}).
        singletons: String,
        /// v(N).
        grand: String,
    },
    /// The linear-programming solver failed unexpectedly.
    #[error("the linear program failed: {0}")]
    LinearProgram(String),
    /// The exact computation would be too large.
    #[error("{0}")]
    TooLarge(String),
    /// The computation was stopped from outside (Ctrl-C, a time budget).
    #[error("the computation was interrupted")]
    Interrupted,
}
