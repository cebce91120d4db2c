//! Strategic games for sprague: normal-form games, equilibria, zero-sum games,
//! repeated games and tournaments, cooperative games. Independent of the
//! impartial-game crates.

pub mod cooperative;
pub mod exact_text;
pub mod game_tree;
pub mod ipd;
pub mod repeated;
pub mod seeded;
