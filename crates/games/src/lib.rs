//! The catalogue of impartial games of sprague.
//!
//! Each game is one module: its rule, the theorem that describes it (with a
//! reference), its closed form where one exists, and tests of the closed form
//! against the generic solver of `sprague-engine`. [`catalogue`] turns a
//! description typed by a user (`kayles`, `bash:3`, `0.07`) into a game.

pub mod bash_game;
pub mod catalogue;
pub mod dawsons_kayles;
pub mod error;
pub mod grundys_game;
pub mod heap_analysis;
pub mod kayles;
pub mod laskers_nim;
pub mod nim;
pub mod octal;
pub mod playable;
pub mod subtraction;
pub mod take_break;

pub use bash_game::BashGame;
pub use catalogue::{parse_game, CatalogueEntry, CatalogueGame, Request, ENTRIES};
pub use error::GameError;
pub use grundys_game::GrundysGame;
pub use laskers_nim::LaskersNim;
pub use nim::Nim;
pub use octal::OctalGame;
pub use playable::{PlayableGame, Report};
pub use subtraction::SubtractionGame;
pub use take_break::TakeBreakPlayable;
