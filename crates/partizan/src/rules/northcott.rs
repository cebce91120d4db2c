//! Northcott's game as a partizan game: each row of a board holds a black piece
//! (Left's) and a white piece (Right's); a player slides one piece of their own
//! colour any number of squares along its row, towards the other piece or away
//! from it, but not onto or over it and not off the board.
//!
//! The game is *loopy* — a piece may retreat and come back, so a position can
//! repeat — and the generic [`Solver`](super::Solver), which builds canonical
//! forms of short games from their options, does not apply. Its value comes from
//! the reduction of *Winning Ways* (ch. 2 "Northcott's game"; also Ferguson,
//! *Game Theory*, Part I, §2.3): **a row with g empty squares between its pieces
//! equals the nimber `*g` in every sum with short games**, so a board is the
//! nimber of the XOR of its gaps. Proof sketch (written out in docs/partizan.md):
//! the player who wins `*g + X` follows that strategy and answers each retreat of
//! the opponent by advancing the same number of squares, which restores the gap;
//! the winner never needs to retreat (Bouton: from a XOR ≠ 0 some gap can be
//! *closed* to XOR 0), and every two turns the sum over rows of (gap + squares
//! behind the opponent's piece) does not grow and falls at each such reversal,
//! so play ends, with the winner of `*g + X` moving last. Hence the outcome is
//! that of Nim on the gaps: no draws, the second player wins (P) exactly when
//! the XOR is 0, and a move wins exactly when it leaves XOR 0 — closing a gap
//! or, where the piece has room behind it, widening one.
//!
//! Moves are listed with every advance first, so that the computer of `play`,
//! which takes the first winning move, never retreats (it ends the game).
//! The tests check the reduction by a retrograde analysis of the loopy game
//! graph of small boards (draws included) written in the test.

use crate::error::GameError;

/// The most squares of a row (so that every gap, and every XOR of gaps, is a
/// nimber the store holds).
pub const MAX_ROW: usize = 512;

/// The most squares of a board in all (every move is listed).
pub const MAX_SQUARES: usize = 8192;

/// One row: its length and the squares (from 0) of the black and the white piece.
///
/// ```
/// use sprague_partizan::rules::northcott::Row;
/// let row = Row::parse("B..W.").unwrap();
/// assert_eq!((row.length, row.black, row.white, row.gap()), (5, 0, 3, 2));
/// assert_eq!(row.to_string(), "B..W.");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    /// Number of squares.
    pub length: usize,
    /// The black piece's square (Left's).
    pub black: usize,
    /// The white piece's square (Right's).
    pub white: usize,
}

impl Row {
    /// Reads a row of `B`, `W` and `.`, with exactly one `B` and one `W`.
    ///
    /// # Errors
    /// [`GameError::InvalidPosition`] saying what is wrong.
    pub fn parse(word: &str) -> Result<Row, GameError> {
        let squares: Vec<char> = word.chars().collect();
        if squares.len() > MAX_ROW {
            return Err(GameError::InvalidPosition(format!(
                "a Northcott row has at most {MAX_ROW} squares"
            )));
        }
        let mut black = None;
        let mut white = None;
        for (i, c) in squares.iter().enumerate() {
            let slot = match c.to_ascii_uppercase() {
                'B' => &mut black,
                'W' => &mut white,
                '.' => continue,
                other => {
                    return Err(GameError::InvalidPosition(format!(
                        "a Northcott row is written with B, W and '.', not {other:?}"
                    )));
                }
            };
            if slot.replace(i).is_some() {
                return Err(GameError::InvalidPosition(format!(
                    "the row {word:?} has two pieces of one colour (one B and one W per row)"
                )));
            }
        }
        match (black, white) {
            (Some(black), Some(white)) => Ok(Row {
                length: squares.len(),
                black,
                white,
            }),
            _ => Err(GameError::InvalidPosition(format!(
                "the row {word:?} needs one black piece B and one white piece W"
            ))),
        }
    }

    /// The empty squares between the two pieces.
    pub fn gap(&self) -> usize {
        self.black.abs_diff(self.white) - 1
    }

    /// The squares the piece of `left` (black) or of Right (white) may slide to,
    /// advances (towards the other piece) first, nearest first, then retreats.
    pub fn destinations(&self, left: bool) -> Vec<usize> {
        let (mine, theirs) = if left {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        };
        if mine < theirs {
            (mine + 1..theirs).chain((0..mine).rev()).collect()
        } else {
            (theirs + 1..mine)
                .rev()
                .chain(mine + 1..self.length)
                .collect()
        }
    }
}

impl std::fmt::Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text: String = (0..self.length)
            .map(|i| match i {
                _ if i == self.black => 'B',
                _ if i == self.white => 'W',
                _ => '.',
            })
            .collect();
        f.write_str(&text)
    }
}

/// A board: its rows.
pub type Board = Vec<Row>;

/// Reads a board: one word per row, separated by spaces or `|`.
///
/// ```
/// use sprague_partizan::rules::northcott::{parse, write};
/// let board = parse("B..W .BW|W.B").unwrap();
/// assert_eq!(write(&board), "B..W .BW W.B");
/// assert!(parse("B..B").is_err());
/// ```
///
/// # Errors
/// [`GameError::InvalidPosition`] for an empty board, a row that cannot be read,
/// or a board past [`MAX_SQUARES`].
pub fn parse(text: &str) -> Result<Board, GameError> {
    let board = text
        .split([' ', '|', '\t', '\n'])
        .filter(|w| !w.is_empty())
        .map(Row::parse)
        .collect::<Result<Board, _>>()?;
    if board.is_empty() {
        return Err(GameError::InvalidPosition(
            "a Northcott board needs at least one row, e.g. 'B..W .WB'".to_string(),
        ));
    }
    if board.iter().map(|r| r.length).sum::<usize>() > MAX_SQUARES {
        return Err(GameError::InvalidPosition(format!(
            "a Northcott board has at most {MAX_SQUARES} squares in all"
        )));
    }
    Ok(board)
}

/// The board as it is typed.
pub fn write(board: &[Row]) -> String {
    let rows: Vec<String> = board.iter().map(Row::to_string).collect();
    rows.join(" ")
}

/// The XOR of the gaps: the board equals the nimber `*nim_sum` (see the module doc).
///
/// ```
/// use sprague_partizan::rules::northcott::{nim_sum, parse};
/// assert_eq!(nim_sum(&parse("B...W W.B").unwrap()), 3 ^ 1);
/// ```
pub fn nim_sum(board: &[Row]) -> u64 {
    board.iter().fold(0, |x, row| x ^ row.gap() as u64)
}

/// A move of one player: notation, words, and the board after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    /// `ROW:FROM->TO`, rows and squares numbered from 1.
    pub notation: String,
    /// The move in words.
    pub description: String,
    /// The board after the move.
    pub board: Board,
}

/// Every move of Left (`left`, the black pieces) or Right (the white ones): all
/// advances first (row by row), then all retreats.
///
/// ```
/// use sprague_partizan::rules::northcott::{parse, slides};
/// let board = parse("B.W.").unwrap();
/// let left = slides(&board, true);
/// assert_eq!(left.len(), 1); // B advances to square 2
/// assert_eq!(left[0].notation, "1:1->2");
/// let right = slides(&board, false);
/// assert_eq!(right.len(), 2); // W advances to square 2 or retreats to square 4
/// assert_eq!(right[1].notation, "1:3->4");
/// ```
pub fn slides(board: &[Row], left: bool) -> Vec<Slide> {
    let mut advances = Vec::new();
    let mut retreats = Vec::new();
    for (index, row) in board.iter().enumerate() {
        let from = if left { row.black } else { row.white };
        for to in row.destinations(left) {
            let mut next = *row;
            if left {
                next.black = to;
            } else {
                next.white = to;
            }
            let advance = next.gap() < row.gap();
            let squares = from.abs_diff(to);
            let plural = if squares == 1 { "" } else { "s" };
            let description = format!(
                "in row {}, slide the {} piece {squares} square{plural} {} (gap {} → {})",
                index + 1,
                if left { "black" } else { "white" },
                if advance {
                    "towards the other"
                } else {
                    "away from the other (a retreat)"
                },
                row.gap(),
                next.gap()
            );
            let mut after = board.to_vec();
            after[index] = next;
            let slide = Slide {
                notation: format!("{}:{}->{}", index + 1, from + 1, to + 1),
                description,
                board: after,
            };
            if advance {
                advances.push(slide);
            } else {
                retreats.push(slide);
            }
        }
    }
    advances.extend(retreats);
    advances
}
