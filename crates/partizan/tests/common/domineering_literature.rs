//! Published results on Domineering rectangles, for the tests and the
//! benchmark of the outcome search (included by both with `#[path]`).
//!
//! Boards are m rows × n columns, Left = Vertical (places vertical dominoes).
//! Most papers state only who wins when **Vertical moves first**; by
//! transposition (rotate the board, swap the roles), Horizontal moving first
//! on m×n is Vertical moving first on n×m, so the outcome class of m×n is
//! known when both m×n and n×m are covered.
//!
//! Sources (each statement below cites one):
//! * [U13] J. W. H. M. Uiterwijk, "Perfectly solving Domineering boards",
//!   Computer Games Workshop (CGW 2013), Communications in Computer and
//!   Information Science 408 (2014) 97–121, abstract (as indexed by the search tool;
//!   [U14] extends it): (1) every m×3 board
//!   (m > 1) is a win for Vertical moving first; (2) every 2k×n board with
//!   n = 3, 5, 7, 9, 11 is a win for Vertical moving first; (3) every 3×n
//!   board (n > 3) is a win for Horizontal (Vertical moving first loses);
//!   (4) every m×2k board for m = 5, 9 and every m×4k board for m = 3, 7, 11
//!   is a win for Horizontal (Vertical moving first loses).
//! * [U14] J. W. H. M. Uiterwijk, third article on safe moves in perfectly solving
//!   Domineering boards, ICGA Journal 37(4) (2014), doi:10.3233/ICG-2014-37403,
//!   abstract: every 2k×n board for n = 3, 5, 7, 9, 11, and every 2k×13 board with
//!   k ≥ 3, is a win for Vertical (moving first); every m×2k board for m = 5, 9, 13,
//!   every m×2k board for m = 3, 7 with k ≥ 2, and every 11×2k board with k ≥ 6, is a win
//!   for Horizontal (Vertical moving first loses).
//! * [U16] J. W. H. M. Uiterwijk, "11×11 Domineering is solved: the first
//!   player wins", Computers and Games 2016, LNCS 10068, 129–136, abstract:
//!   the first player wins 11×11 whoever starts; with Vertical starting,
//!   8×15, 11×9, 12×8, 12×15, 14×8 and 17×6 are won by Vertical, 6×17, 8×12,
//!   9×11 and 11×10 by Horizontal.
//! * [BUH00] D. M. Breuker, J. W. H. M. Uiterwijk, H. J. van den Herik,
//!   "Solving 8×8 Domineering", Theoretical Computer Science 230 (2000)
//!   195–206, abstract: 8×8 is a first-player win.
//! * [LMR02] M. Lachmann, C. Moore, I. Rapaport, "Who wins Domineering on
//!   rectangular boards?", More Games of No Chance (MSRI Publications 42,
//!   2002), introduction: 2×2 is a first-player win; and Conway's 5×5
//!   second-player win, as they and [BUH00] cite it.
//! * 1×n and m×1 strips: one player has no move at all (no citation needed:
//!   Vertical has no move on one row, Horizontal none on one column).

#![allow(dead_code)]

/// Whether Vertical (Left) wins moving first on the `rows × cols` board, if a
/// source above says so.
pub fn vertical_first_wins(rows: usize, cols: usize) -> Option<bool> {
    let (m, n) = (rows, cols);
    if m == 1 {
        return Some(false); // Vertical has no move on one row
    }
    if n == 1 {
        return Some(m >= 2); // Horizontal has no move; Vertical moves iff m ≥ 2
    }
    match (m, n) {
        (8, 8) | (11, 11) | (2, 2) => return Some(true), // [BUH00], [U16], [LMR02]
        (5, 5) => return Some(false),                    // Conway, via [LMR02]/[BUH00]
        (8, 15) | (11, 9) | (12, 8) | (12, 15) | (14, 8) | (17, 6) => return Some(true), // [U16]
        (6, 17) | (8, 12) | (9, 11) | (11, 10) => return Some(false), // [U16]
        _ => {}
    }
    if n == 3 {
        return Some(true); // [U13] (1), m > 1
    }
    if m % 2 == 0 && matches!(n, 3 | 5 | 7 | 9 | 11) {
        return Some(true); // [U13] (2)
    }
    if m == 3 && n > 3 {
        return Some(false); // [U13] (3)
    }
    if matches!(m, 5 | 9) && n % 2 == 0 {
        return Some(false); // [U13] (4)
    }
    if matches!(m, 3 | 7 | 11) && n % 4 == 0 {
        return Some(false); // [U13] (4)
    }
    if m % 2 == 0 && n == 13 && m >= 6 {
        return Some(true); // [U14]
    }
    if n % 2 == 0 && (m == 13 || (matches!(m, 3 | 7) && n >= 4) || (m == 11 && n >= 12)) {
        return Some(false); // [U14]
    }
    None
}

/// Whether Horizontal (Right) wins moving first on `rows × cols`: Vertical
/// moving first on the transposed board.
pub fn horizontal_first_wins(rows: usize, cols: usize) -> Option<bool> {
    vertical_first_wins(cols, rows)
}
