//! The catalogue of impartial games of sprague.
//!
//! Each game is one module: its rule, the theorem that describes it (with a
//! reference), its closed form where one exists, and tests of the closed form
//! against the generic solver of `sprague-engine`. [`catalogue`] turns a
//! description typed by a user (`kayles`, `bash:3`, `0.07`) into a game.
//!
//! **Your own game** enters the library the way the catalogue's games do: implement the
//! engine's `Game` trait (the options of a position, and how a position splits into
//! components) or `HeapFamily` (what one heap can become), and wrap it in
//! [`playable::GamePlayable`] or [`playable::HeapPlayable`] to get the face every front end
//! uses — positions, moves, analysis with every winning move, the explanation, the perfect
//! reply. `examples/own_game.rs` defines a new game in about thirty lines and gets its values,
//! sums, winning moves and play (`cargo run -p sprague-games --example own_game`); Python's
//! `sprague.define` builds the same face over a user's Python functions, and
//! `sprague.serve(game)` (through [`shared_game`]) plays it on the web page.

pub mod allbut;
pub mod bash_game;
pub mod catalogue;
pub mod chomp;
pub mod coin_turning;
pub mod coin_turning_2d;
pub mod count_to;
pub mod dawsons_kayles;
pub mod digraph;
pub mod dynamic_subtraction;
pub mod empty_divide;
pub mod error;
pub mod every_sg;
pub mod explicit;
pub mod extended_bash;
pub mod fibonacci_nim;
pub mod game_graph;
pub mod graph_input;
pub mod green_hackenbush;
pub mod grundys_game;
pub mod heap_analysis;
pub mod kayles;
pub mod laskers_nim;
pub mod listing;
pub mod misere;
pub mod misere_quotient;
pub mod mixed_sum;
pub mod moore;
pub mod nim;
pub mod nim_reduction;
pub mod nimble;
pub mod northcott;
pub mod octal;
pub mod play;
pub mod playable;
pub mod plot;
pub mod position;
pub mod quotient_report;
pub mod record;
pub mod shared_game;
pub mod sos;
pub mod staircase;
pub mod subtraction;
pub mod take_break;
pub mod thirty_one;
pub mod turning_turtles;
pub mod wythoff;

pub use bash_game::BashGame;
pub use catalogue::{all_entries, parse_game, CatalogueEntry, CatalogueGame, Request, ENTRIES};
pub use error::GameError;
pub use grundys_game::GrundysGame;
pub use laskers_nim::LaskersNim;
pub use nim::Nim;
pub use octal::OctalGame;
pub use playable::{PlayableGame, Report};
pub use position::{Board, Move, Position};
pub use subtraction::SubtractionGame;
pub use take_break::TakeBreakPlayable;
