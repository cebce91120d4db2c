//! Partizan combinatorial game theory for sprague: exact canonical forms of
//! short games and the tools built on them.
//!
//! # Design
//!
//! A short partizan game has a unique *canonical form* (Siegel,
//! *Combinatorial Game Theory*, AMS 2013, §II.2; Berlekamp–Conway–Guy,
//! *Winning Ways*, ch. 3). [`GameStore`] is an arena that keeps every
//! canonical form it meets exactly once (hash-consing), so a game is a
//! [`GameId`] and equal games have equal ids. The store owns all memo tables
//! (comparisons per pair, sums, negations, stops, thermographs); the caller
//! owns the store, and there is no global state. Numbers are stored as exact
//! [`Dyadic`] values, never as option chains.
//!
//! Everything is hand-written rather than delegated to a computer-algebra
//! system, for exactness (all values are dyadic rationals with checked
//! arithmetic: an overflow is an error, never a wrong answer) and for speed
//! (ids instead of trees, memoised comparison, number avoidance, number
//! translation and nim-sum shortcuts; see [`arithmetic`]).
//!
//! Measured with `cargo bench -p sprague-partizan` on a 2-core AMD EPYC
//! shared with other builds: the canonical form of Domineering 4×4 in 1.3 ms,
//! 5×5 (value 0) in 0.27 s, 5×6 (value −3/2, 391,459 regions) in 6.9 s (since
//! a region and its transpose share one key: 356,382 regions, 6.0 s of CPU with
//! `--example domineering`; docs/partizan.md, "Speed", compares cgt-py); the
//! sum of 12 Hackenbush strings and switches in 0.14 ms against 4.1 s for a
//! naive tree implementation (no memo, no hash-consing), and of 500 in 0.27 s.
//! The outcome search of Domineering (`scripts/bench-domineering.sh`, load 4–8):
//! 8×8 (first player wins) in 709 s and 215,840,878 nodes, every m×n ≤ 8 in 946 s.
//!
//! # Modules
//!
//! * [`dyadic`] — exact numbers `m/2^k` ([`Dyadic`]), the simplest number between two.
//! * [`store`] — the arena ([`GameStore`], [`GameId`]).
//! * [`canonical`] — `{L | R}` simplified to canonical form ([`GameStore::game`]).
//! * [`compare`] — `≤`, [`Comparison`], [`Outcome`] classes `L`, `R`, `P`, `N`.
//! * [`arithmetic`] — sums and negatives.
//! * [`named`] — nimbers, ups, switches, tinies and minies.
//! * [`stops`] — left and right stops.
//! * [`thermograph`] — [`Thermograph`], mean, temperature.
//! * [`cooling`] — cooling `G_t` and heating `∫^t G`.
//! * [`atomic`] — atomic weight of all-small games.
//! * [`reduced`] — reduced canonical form (modulo infinitesimals).
//! * [`print`](mod@print) and [`parse`] — CGSuite's text syntax, both ways.
//! * `svg` (feature `svg`) — the thermograph drawn as an SVG picture.
//! * [`rules`] — the [`PartizanGame`](rules::PartizanGame) trait, its
//!   [`Solver`](rules::Solver) (transposition table, sums of components), and
//!   rulesets: [Domineering](rules::domineering), [Hackenbush](rules::hackenbush)
//!   (Blue-Red strings by sign expansion, Blue-Red-Green graphs),
//!   [Toads and Frogs](rules::toads), [Clobber](rules::clobber),
//!   [Konane](rules::konane),
//!   [Cutcake](rules::cutcake), [Col and Snort](rules::colouring); the
//!   [catalogue](rules::catalogue) names them for front ends, reads positions
//!   from text and lists every move with its value and whether it wins;
//!   [domineering_outcome](rules::domineering_outcome) finds the outcome class of
//!   Domineering boards beyond canonical forms (up to 128 squares) by alpha-beta
//!   search with a transposition table and Bullock's safe-move bounds.
//!
//! Limits, all reported as [`GameError`] values: numbers are `i64 / 2^62` at
//! most; nimbers up to `*511`; multiples of up up to `500·↑` by closed form;
//! games at most [`store::MAX_HEIGHT`] high; text at most 10,000 characters
//! nested 500 deep. Ids are only meaningful in the store that made them.
//!
//! ```
//! use sprague_partizan::{Dyadic, GameStore, Outcome};
//! let mut store = GameStore::new();
//! let g = store.parse("{2|-1} + ^ + *").unwrap();
//! assert_eq!(store.outcome(g), Outcome::N);
//! assert_eq!(store.mean(g).unwrap(), Dyadic::new(1, 1).unwrap());
//! assert_eq!(store.temperature(g).unwrap(), Dyadic::new(3, 1).unwrap());
//! let h = store.parse("{2|-1}").unwrap();
//! let r = store.rcf(g).unwrap();
//! assert_eq!(r, h);
//! ```

pub mod arithmetic;
pub mod atomic;
pub mod canonical;
pub mod compare;
pub mod cooling;
pub mod dyadic;
pub mod error;
pub mod named;
pub mod parse;
pub mod print;
pub mod reduced;
pub mod report;
pub mod rules;
pub mod stops;
pub mod store;
#[cfg(feature = "svg")]
pub mod svg;
pub mod thermograph;

pub use compare::{Comparison, Outcome};
pub use dyadic::Dyadic;
pub use error::{GameError, ParseError};
pub use store::{GameId, GameStore};
pub use thermograph::{Thermograph, Trajectory};
