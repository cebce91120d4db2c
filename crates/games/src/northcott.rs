//! Northcott's game: every row of a board holds one white and one black
//! piece; a player slides one piece of their own colour any number of squares
//! along its row, forwards or backwards, but not over or onto the other piece.
//!
//! Reduction (*Winning Ways*, ch. 2 "Northcott's game"; Ferguson, *Game
//! Theory*, Part I, §2.3): the game is partizan and a piece may retreat, but
//! a retreat is *reversible* — the opponent closes the gap again by the same
//! amount — so it never helps, and the game is Nim on the gaps: a row whose
//! pieces have g empty squares between them is a heap of g. The player to
//! move (of either colour) loses exactly when the XOR of the gaps is 0, and
//! wins by moving to XOR 0: closing a gap g to g ⊕ s < g or, where the piece
//! has room behind it, widening a gap to g ⊕ s > g (the opponent then faces a
//! XOR of 0 as well).
//!
//! Syntax: one word per row, `W` and `B` for the pieces and `.` for an empty
//! square, e.g. `W...B.` (a gap of 3).
//!
//! Moves (`sprague play`, `moves`): `ROW:FROM->TO`, rows and squares
//! numbered from 1 (e.g. `1:1->3` slides the piece on square 1 of row 1 to
//! square 3); with one row, `FROM->TO` is enough. The pieces moved are
//! White's, or Black's when the position's `player` is 2 (the moves listed
//! then carry the other player); a position without a player lists White's,
//! and the positions after them are Black's to move.

use crate::error::GameError;
use crate::listing::check_listing;
use crate::nim_reduction::{nim_report, NimPart};
use crate::playable::{find_move, normalise_notation, require_position, PlayableGame, Report};
use crate::position::{Board, Move, Position};

/// A row: its squares and where the white and black pieces stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Number of squares.
    pub length: usize,
    /// Square of the white piece (from 0).
    pub white: usize,
    /// Square of the black piece (from 0).
    pub black: usize,
}

impl Row {
    /// Empty squares between the two pieces.
    pub fn gap(&self) -> u64 {
        (self.white.abs_diff(self.black) - 1) as u64
    }

    /// The row written as `W...B.`.
    pub fn text(&self) -> String {
        (0..self.length)
            .map(|i| {
                if i == self.white {
                    'W'
                } else if i == self.black {
                    'B'
                } else {
                    '.'
                }
            })
            .collect()
    }
}

/// Reads a row such as `W...B.`.
///
/// # Errors
/// [`GameError::InvalidPosition`] unless the row has exactly one W, one B and otherwise dots.
///
/// ```
/// let row = sprague_games::northcott::parse_row(".W...B").unwrap();
/// assert_eq!(row.gap(), 3);
/// assert!(sprague_games::northcott::parse_row("W..W").is_err());
/// ```
pub fn parse_row(word: &str) -> Result<Row, GameError> {
    let error = |reason: &str| GameError::InvalidPosition {
        game: "northcott".into(),
        text: word.to_string(),
        reason: reason.to_string(),
    };
    let mut white = None;
    let mut black = None;
    let squares: Vec<char> = word.chars().collect();
    for (i, &c) in squares.iter().enumerate() {
        match c {
            'W' | 'w' if white.is_none() => white = Some(i),
            'B' | 'b' if black.is_none() => black = Some(i),
            '.' | '_' => {}
            'W' | 'w' | 'B' | 'b' => {
                return Err(error("a row holds exactly one W and one B, e.g. W...B."))
            }
            _ => {
                return Err(error(
                    "a row is written with W, B and '.' for empty squares, e.g. W...B.",
                ))
            }
        }
    }
    match (white, black) {
        (Some(white), Some(black)) => Ok(Row {
            length: squares.len(),
            white,
            black,
        }),
        _ => Err(error("a row holds exactly one W and one B, e.g. W...B.")),
    }
}

/// The rows written as `words`, each read by [`parse_row`].
fn parse_rows(words: &[String]) -> Result<Vec<Row>, GameError> {
    require_position(words, "northcott", "W...B. .B..W")?;
    words.iter().map(|word| parse_row(word)).collect()
}

/// The position of the rows `rows`, with its board and `player` to move.
fn rows_position(rows: &[Row], player: Option<u8>) -> Position {
    let texts: Vec<String> = rows.iter().map(Row::text).collect();
    Position {
        player,
        ..Position::new(
            "northcott",
            texts.clone(),
            Board::Strips {
                strips: texts,
                legend: "W the white piece, B the black piece, `.` an empty square; squares numbered from 1".into(),
                first: 1,
            },
        )
    }
}

/// Northcott's game for the command line (the reduction to Nim on the gaps).
#[derive(Debug, Clone, Copy, Default)]
pub struct NorthcottPlayable;

impl PlayableGame for NorthcottPlayable {
    fn components_commute(&self) -> bool {
        true
    }

    fn description(&self) -> String {
        "northcott".into()
    }

    fn title(&self) -> String {
        "Northcott's game".into()
    }

    fn position_syntax(&self) -> String {
        "one word per row: W, B and '.' for empty squares, e.g. W...B. .B..W".into()
    }

    fn move_syntax(&self) -> String {
        "ROW:FROM->TO, rows and squares numbered from 1 (e.g. 1:1->3); FROM->TO with one row".into()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(rows_position(&parse_rows(words)?, None))
    }

    /// Every slide of the mover's piece (White's, or Black's when `player`
    /// is 2) in every row: towards the other piece first, nearest first,
    /// then the retreats.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let rows = parse_rows(&position.components)?;
        let black = position.player == Some(2);
        // A position without a player is White's to move; the positions after
        // White's moves are Black's (so a reply to a listed move is Black's).
        let next = match position.player {
            Some(2) => Some(1),
            _ => Some(2),
        };
        let targets = |row: &Row| -> Vec<usize> {
            let (mine, other) = if black {
                (row.black, row.white)
            } else {
                (row.white, row.black)
            };
            if mine < other {
                ((mine + 1)..other).chain((0..mine).rev()).collect()
            } else {
                ((other + 1)..mine)
                    .rev()
                    .chain((mine + 1)..row.length)
                    .collect()
            }
        };
        let count: u128 = rows
            .iter()
            .map(|row| {
                let (mine, other) = if black {
                    (row.black, row.white)
                } else {
                    (row.white, row.black)
                };
                if mine < other {
                    other as u128 - 1
                } else {
                    (row.length - other - 2) as u128
                }
            })
            .sum();
        check_listing(count, rows.iter().map(|row| row.length).sum())?;
        let colour = if black { "Black" } else { "White" };
        let mut moves = Vec::with_capacity(count as usize);
        for (index, row) in rows.iter().enumerate() {
            let mine = if black { row.black } else { row.white };
            for to in targets(row) {
                let mut after = rows.clone();
                if black {
                    after[index].black = to;
                } else {
                    after[index].white = to;
                }
                let gap = after[index].gap();
                let way = if gap < row.gap() {
                    "advance"
                } else {
                    "retreat"
                };
                moves.push(Move {
                    notation: format!("{}:{}->{}", index + 1, mine + 1, to + 1),
                    description: format!(
                        "in row {}, {way} {colour} from square {} to square {} (gap {} → {gap})",
                        index + 1,
                        mine + 1,
                        to + 1,
                        row.gap()
                    ),
                    component: Some(index),
                    after: rows_position(&after, next),
                });
            }
        }
        Ok(moves)
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let moves = self.moves(position)?;
        let wanted = normalise_notation(text);
        if position.components.len() == 1 && !wanted.contains(':') {
            let notation = format!("1:{wanted}");
            if let Some(found) = moves.iter().find(|m| m.notation == notation) {
                return Ok(found.clone());
            }
        }
        find_move(self, position, moves, text)
    }

    /// For a row of the analysis (`row i … (gap g)`).
    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let gap = component
            .rsplit_once("(gap ")?
            .1
            .strip_suffix(')')?
            .parse::<u64>()
            .ok()?;
        (gap == grundy).then(|| {
            format!("{component}: a gap of {gap} empty squares is a Nim heap of {gap} (retreats are reversible, so they never help), so g = {grundy}")
        })
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, "northcott", "W...B. .B..W")?;
        let rows = words
            .iter()
            .map(|word| parse_row(word))
            .collect::<Result<Vec<Row>, GameError>>()?;
        let parts: Vec<NimPart> = rows
            .iter()
            .enumerate()
            .map(|(i, row)| NimPart {
                label: format!("row {} {} (gap {})", i + 1, row.text(), row.gap()),
                heap: row.gap(),
            })
            .collect();
        Ok(nim_report(
            &parts,
            "Northcott's game is Nim on the gaps between the pieces (retreats are reversible, so they never help); Bouton's theorem",
            |index, to| {
                let row = &rows[index];
                let gap = row.gap();
                // Shown as White's move; Black moves the same way from the other side.
                let towards_black = row.white < row.black;
                let room_behind = if towards_black {
                    row.white
                } else {
                    row.length - 1 - row.white
                } as u64;
                let (shift, way) = if to < gap {
                    (gap - to, "towards the other")
                } else if to - gap <= room_behind {
                    (to - gap, "away from the other (a retreat)")
                } else {
                    return None;
                };
                let mut after = row.clone();
                let forwards = (to < gap) == towards_black;
                if forwards {
                    after.white += shift as usize;
                } else {
                    after.white -= shift as usize;
                }
                let texts: Vec<String> = rows
                    .iter()
                    .enumerate()
                    .map(|(i, r)| if i == index { after.text() } else { r.text() })
                    .collect();
                Some((
                    format!(
                        "in row {}, move your piece {shift} square{} {way} (gap {gap} → {to}; shown as White's move)",
                        index + 1,
                        if shift == 1 { "" } else { "s" },
                    ),
                    texts.join(" "),
                ))
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_are_nim_heaps() {
        let report = NorthcottPlayable
            .analyze_words(&["W...B.".into(), ".B..W".into(), "WB".into()])
            .unwrap();
        assert_eq!(report.grundy, Some(3 ^ 2));
        assert_eq!(report.winning_moves.len(), 1);
        assert_eq!(report.winning_moves[0].to, ".W..B. .B..W WB");
    }

    /// The real game — partizan, with retreats, so possibly endless — by
    /// retrograde analysis of (rows, player to move): the player to move loses
    /// exactly when the XOR of the gaps is 0, and no position is a draw.
    #[test]
    fn nim_on_the_gaps_equals_retrograde_analysis_of_the_partizan_game() {
        use sprague_engine::{retrograde_outcomes, Outcome};
        let rows_of_length = |length: usize| -> Vec<Row> {
            let mut rows = Vec::new();
            for white in 0..length {
                for black in 0..length {
                    if white != black {
                        rows.push(Row {
                            length,
                            white,
                            black,
                        });
                    }
                }
            }
            rows
        };
        for (first, second) in [(4, 4), (5, 4), (5, 5), (6, 3)] {
            let a = rows_of_length(first);
            let b = rows_of_length(second);
            // State: (row of the first kind, row of the second kind, white to move?).
            let index =
                |i: usize, j: usize, white: bool| (i * b.len() + j) * 2 + usize::from(white);
            let find = |rows: &[Row], row: &Row| rows.iter().position(|r| r == row).unwrap();
            let slides = |row: &Row, white: bool| -> Vec<Row> {
                let (mine, other) = if white {
                    (row.white, row.black)
                } else {
                    (row.black, row.white)
                };
                (0..row.length)
                    .filter(|&to| to != mine && (to < other) == (mine < other) && to != other)
                    .map(|to| {
                        let mut next = row.clone();
                        if white {
                            next.white = to
                        } else {
                            next.black = to
                        }
                        next
                    })
                    .collect()
            };
            let mut followers = vec![Vec::new(); a.len() * b.len() * 2];
            for (i, ra) in a.iter().enumerate() {
                for (j, rb) in b.iter().enumerate() {
                    for white in [false, true] {
                        let list = &mut followers[index(i, j, white)];
                        for next in slides(ra, white) {
                            list.push(index(find(&a, &next), j, !white));
                        }
                        for next in slides(rb, white) {
                            list.push(index(i, find(&b, &next), !white));
                        }
                    }
                }
            }
            let outcomes = retrograde_outcomes(&followers);
            for (i, ra) in a.iter().enumerate() {
                for (j, rb) in b.iter().enumerate() {
                    for white in [false, true] {
                        let expected = if ra.gap() ^ rb.gap() == 0 {
                            Outcome::P
                        } else {
                            Outcome::N
                        };
                        assert_eq!(
                            outcomes[index(i, j, white)],
                            expected,
                            "{} {}",
                            ra.text(),
                            rb.text()
                        );
                    }
                }
            }
        }
    }
}
