//! Outcome classes of positions.
//!
//! Under normal play a position is a P-position (the Previous player, who just
//! moved, wins) exactly when its Sprague–Grundy value is 0, and an N-position
//! (the Next player wins) otherwise (*Winning Ways*, ch. 2). Loopy games add
//! draws (D); general two-player games with ties are described as a Win, Loss
//! or Tie for the player to move.

use std::fmt;

/// Who wins a position with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player wins: the player to move loses.
    P,
    /// The next player (to move) wins.
    N,
    /// A draw: neither player can force a win (loopy games).
    D,
    /// The player to move wins (games that can end in a tie).
    W,
    /// The player to move loses (games that can end in a tie).
    L,
    /// A tie with best play (games that can end in a tie).
    T,
}

impl Outcome {
    /// The normal-play outcome of a position with Sprague–Grundy value `grundy`.
    ///
    /// ```
    /// use sprague_engine::Outcome;
    /// assert_eq!(Outcome::from_grundy(0), Outcome::P);
    /// assert_eq!(Outcome::from_grundy(5), Outcome::N);
    /// ```
    pub fn from_grundy(grundy: u64) -> Self {
        if grundy == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The one-letter name used in text and JSON output.
    ///
    /// ```
    /// assert_eq!(sprague_engine::Outcome::N.letter(), "N");
    /// ```
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
            Outcome::W => "W",
            Outcome::L => "L",
            Outcome::T => "T",
        }
    }

    /// A sentence saying who wins.
    ///
    /// ```
    /// assert_eq!(sprague_engine::Outcome::P.explanation(), "the player to move loses");
    /// ```
    pub fn explanation(self) -> &'static str {
        match self {
            Outcome::P | Outcome::L => "the player to move loses",
            Outcome::N | Outcome::W => "the player to move wins",
            Outcome::D => "neither player can force a win (draw)",
            Outcome::T => "the game ends in a tie with best play",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.letter())
    }
}
