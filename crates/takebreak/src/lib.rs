//! The take-and-break engine of sprague, for computations at research scale.
//!
//! - [`TakeBreak`]: octal codes (`0.77`), hexadecimal codes (`0.F`; bit 8
//!   leaves three heaps), Grundy's game, and rules written move by move
//!   (`rule:1-2:0-1;0:3`, with unequal splits `2u`, `3u` at any removal;
//!   [`rule::text`]).
//! - [`run`]: g(0..N) by the plain or the rare/common ("sparse space") sweep
//!   ([`sweep`]), values stored in the narrowest width ([`ValueTable`]),
//!   rare positions by value and, optionally, position parity ([`classes`]),
//!   periodicity proven on the way by the generalised Guy–Smith theorem
//!   ([`period`]), stoppable and resumable ([`checkpoint`]).
//! - [`session`]: the run control every face shares (resume, stop flag,
//!   progress, periodic and final checkpoints that never overwrite another
//!   file), and [`record`]: the answer of a `values` run as a serde record.
//! - [`survey`](mod@survey): every code with a given number of digits, classified, with
//!   games equal up to a shift of heap sizes grouped ([`equivalence`]).
//!
//! Hand-written rather than built on the generic `sprague_engine::sweep`
//! because the inner loops (pairs g(a) ⊕ g(m − a) over narrow integers, the
//! rare/common split) decide the speed of runs of hours, and because the
//! generic engine stores one `u64` per value.
//!
//! References: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, 2nd
//! ed., ch. 4 and its extras; R. K. Guy & C. A. B. Smith, "The G-values of
//! various games", Proc. Cambridge Philos. Soc. 52 (1956); A. Gangolli &
//! T. Plambeck, "A note on periodicity in some octal games", Int. J. Game
//! Theory 18 (1989); A. Flammenkamp, *Sprague–Grundy values of octal games*
//! (tables of periods, rare values of Grundy's game).

pub mod checkpoint;
pub mod classes;
mod confirmation;
pub mod equivalence;
mod far_marks;
mod kernel;
pub mod period;
pub mod record;
pub mod rule;
pub mod session;
pub mod survey;
pub mod sweep;
pub mod table;

pub use checkpoint::{read_checkpoint, write_checkpoint, CheckpointError};
pub use classes::RareClass;
pub use rule::{CodeError, Notation, RuleError, TakeBreak};
pub use survey::{survey, survey_codes, SurveyRow};
pub use sweep::{run, Config, Control, Method, Outcome, Progress, Stats, Status, SweepError};
pub use table::{TableRef, Value, ValueTable};
