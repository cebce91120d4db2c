//! Size checks shared by the games that list every move of a board position
//! (Wythoff, Chomp, Nimble, the coin-turning games, Northcott's game).

use crate::error::GameError;
use crate::playable::MAX_LISTED_MOVES;

/// The most words (components of after-positions) a listing writes: each
/// listed move carries the whole position after it.
pub const MAX_LISTED_WORDS: u128 = 20_000_000;

/// Fails with [`GameError::PositionTooLarge`] when `moves` moves, each
/// writing a position of `components` components, are too many to list.
pub fn check_listing(moves: u128, components: usize) -> Result<(), GameError> {
    if moves > MAX_LISTED_MOVES as u128 {
        return Err(GameError::PositionTooLarge {
            reason: format!(
                "the position has {moves} moves; the limit for listing them is {MAX_LISTED_MOVES}"
            ),
        });
    }
    let words = moves.saturating_mul(components as u128);
    if words > MAX_LISTED_WORDS {
        return Err(GameError::PositionTooLarge {
            reason: format!(
                "listing the {moves} moves would write {words} components of after-positions; the limit is {MAX_LISTED_WORDS}"
            ),
        });
    }
    Ok(())
}
