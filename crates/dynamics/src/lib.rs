//! Evolutionary and learning dynamics of strategic games for sprague, exact
//! where the answer is rational and labelled **approximate** where it is
//! numeric. Built on `sprague-strategic` (games, rationals, seeded streams,
//! stop checks) only.
//!
//! Evolutionary dynamics of a [`symmetric`] game:
//! [`rest_points`] (every rest point of the replicator dynamics, exactly, with
//! its stability from the exact characteristic polynomial and
//! [`routh_hurwitz`]), [`ess`] (every evolutionarily stable strategy,
//! decided exactly), [`replicator`] (trajectories by RK4 or the adaptive [`dormand_prince`] method, approximate) and
//! [`moran`] (exact fixation probabilities in two-strategy games, simulation
//! otherwise).
//!
//! Learning in two-player games: [`fictitious_play`] (exact, integer
//! counts), [`stochastic_fictitious_play`] (logit responses, approximate),
//! [`best_response`] (discrete best-response dynamics, exact) and
//! [`regret_matching`] (Hart and Mas-Colell, seeded, with exact regrets).
//!
//! Support: [`exact_linear`] (rational Gaussian elimination),
//! [`integer_payoffs`] (payoffs scaled to integers for the fast loops),
//! [`plot`] (SVG line charts) and [`error`].

// Index loops read best in the linear-algebra code of this crate.
#![allow(clippy::needless_range_loop)]

pub mod best_response;
pub mod dormand_prince;
pub mod error;
pub mod ess;
pub mod exact_linear;
pub mod fictitious_play;
pub mod integer_payoffs;
pub mod moran;
pub mod plot;
pub mod regret_matching;
pub mod replicator;
pub mod report;
pub mod rest_points;
pub mod routh_hurwitz;
pub(crate) mod serde_exact;
pub mod stochastic_fictitious_play;
pub mod symmetric;

pub use error::DynamicsError;
pub use symmetric::SymmetricGame;
