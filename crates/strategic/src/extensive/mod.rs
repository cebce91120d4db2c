//! Finite extensive-form games with imperfect information and chance (Kuhn
//! 1953): the model ([`game`]), Gambit `.efg` files ([`efg`]), sequences and
//! perfect recall ([`sequences`]) and built-in games ([`builtin`]).

pub mod behaviour;
pub mod builtin;
pub mod efg;
pub mod error;
pub mod game;
pub mod input;
pub mod lemke;
pub(crate) mod machine_lp;
pub mod reduced;
pub mod report;
pub mod sequence_form;
pub mod sequences;
pub mod subgame;

pub use error::ExtensiveError;
pub use game::ExtensiveGame;
