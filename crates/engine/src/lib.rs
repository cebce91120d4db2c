//! The impartial-game engine of sprague.
