//! The impartial-game engine of sprague.
//!
//! A game is described once, by its moves ([`Game`]); the engine turns that
//! description into Sprague–Grundy values ([`GrundySolver`]), outcomes
//! ([`Outcome`]) and every winning move of a sum ([`analyze`]). One-heap
//! families whose options are sums of smaller heaps (take-and-break games)
//! implement [`HeapFamily`] and get a dense sweep of g(0..N) ([`sweep()`]) with
//! periodicity detection and proof ([`periodicity`]); a family known only by
//! a function's answers is kept as an explicit table ([`TabulatedHeapFamily`]).
//!
//! Reference: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for Your
//! Mathematical Plays*, 2nd ed., vol. 1, ch. 3–4 (2001).

pub mod analysis;
pub mod every_sg;
pub mod game;
pub mod grundy;
pub mod heap_family;
pub mod heap_misere;
pub mod heap_remoteness;
pub mod heap_sums;
pub mod loopy;
pub mod memory;
pub mod misere;
pub mod outcome;
pub mod period_search;
pub mod periodicity;
pub mod sweep;
pub mod tabulated;
pub mod win_lose_tie;

pub use analysis::{analyze, Analysis, ComponentValue, WinningMove};
pub use game::Game;
pub use grundy::{CycleError, GrundySolver};
pub use heap_family::{HeapFamily, HeapGame, Heaps};
pub use loopy::{generalized_grundy, retrograde_outcomes, GeneralizedGrundy, LoopyValue};
pub use memory::{check_allocation, MemoryError};
pub use outcome::Outcome;
pub use period_search::{PeriodSearch, Stopped};
pub use periodicity::{find_arithmetic_period, ArithmeticPeriodicity};
pub use periodicity::{find_period, find_period_naive, Periodicity, PeriodicityTheorem};
pub use sweep::{sweep, sweep_observed, sweep_work, SweepError, Values};
pub use tabulated::{
    canonical_options, HeapOptions, TableError, TabulatedHeapFamily, MAX_OPTIONS_PER_HEAP,
};
pub use win_lose_tie::{TwoPlayerGame, WinLoseTieSolver, WltError, WltValue};
