//! The catalogue of impartial games.
