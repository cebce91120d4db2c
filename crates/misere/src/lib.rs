//! Misère play of heap games at research scale.
//!
//! Normal play of a sum is the XOR of its components' Grundy values; misère play
//! has no such rule in general. Two theories answer it for many games:
//!
//! - **Misère quotients** (T. E. Plambeck, "Taming the wild in impartial
//!   combinatorial games", *INTEGERS* 5 (2005) #G05; T. E. Plambeck and A. N.
//!   Siegel, "Misère quotients for impartial games", *J. Combin. Theory Ser. A*
//!   115 (2008)): the sums of a game's heaps, identified when no sum tells them
//!   apart, form a commutative monoid with a marked subset (the P-portion).
//!   [`quotient`] computes the partial quotients heap by heap, proves each one
//!   exactly ([`verify`]) and proves the map for all heaps by periodicity.
//! - **Genus symbols** (J. H. Conway, *On Numbers and Games*, ch. 12; *Winning
//!   Ways*, ch. 13): [`genus`], with tameness and the misère-Nim rule for sums
//!   of tame games.
//!
//! [`survey`] summarises one code's quotient within a budget (the misère
//! column of `sprague survey --misere`).
//!
//! [`monoid`] holds the finite bipartite monoids both build on; [`play`] answers
//! sums (outcome and winning moves) through a proven quotient.

pub mod certificate;
pub mod genus;
mod learn;
pub mod monoid;
pub mod play;
pub mod presentation;
pub mod quotient;
pub mod survey;
pub mod verify;

pub use certificate::{CertificateError, QuotientCertificate};
pub use monoid::{BipartiteMonoid, Element};
pub use play::{QuotientAnswer, QuotientMove};
pub use presentation::Presentation;
pub use quotient::{MisereQuotient, PeriodProof, QuotientError, QuotientLimits};
