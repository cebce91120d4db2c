//! Repeated games for sprague: games played again and again, by rational
//! players or by fixed strategies, and populations of strategies evolving.
//!
//! - [`finitely_repeated`]: the finitely repeated prisoner's dilemma, solved
//!   exactly by backward induction (defect in every round).
//! - [`ipd`]: the iterated prisoner's dilemma after Axelrod: strategies,
//!   matches with noise and probabilistic ends, round-robin tournaments, the
//!   Moran process, and SVG plots of the results.
//!
//! Exact numbers and their text form come from
//! [`sprague_strategic::exact_text`]; randomness from
//! [`sprague_strategic::seeded::SeededRng`], so a seed gives the same results
//! on every machine and with any number of threads. Perfect-information game
//! trees (the extensive form) are in [`sprague_strategic::game_tree`].

pub mod finitely_repeated;
pub mod ipd;
