//! Size checks shared by the games that list every move of a board position
//! (Wythoff, Chomp, Nimble, the coin-turning games, Northcott's game).

use crate::error::GameError;
use crate::playable::MAX_LISTED_MOVES;

/// The most cells (heaps, rows, coins, … of the after-positions, added up) a
/// listing writes: each listed move carries the whole position after it.
pub const MAX_LISTED_CELLS: u128 = 5_000_000;

/// Fails with [`GameError::PositionTooLarge`] when `moves` moves, each
/// writing a position of `size` cells (components, rows or coins), are too
/// many to list.
pub fn check_listing(moves: u128, size: usize) -> Result<(), GameError> {
    if moves > MAX_LISTED_MOVES as u128 {
        return Err(GameError::PositionTooLarge {
            reason: format!(
                "the position has {moves} moves; the limit for listing them is {MAX_LISTED_MOVES}"
            ),
        });
    }
    let cells = moves.saturating_mul(size as u128);
    if cells > MAX_LISTED_CELLS {
        return Err(GameError::PositionTooLarge {
            reason: format!(
                "listing the {moves} moves would write {moves} positions of size {size} ({cells} cells); the limit is {MAX_LISTED_CELLS} cells"
            ),
        });
    }
    Ok(())
}
