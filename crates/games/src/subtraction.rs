//! Subtraction games: from one heap, take s tokens for some s in a finite set S.
//!
//! Every subtraction game with a finite set is ultimately periodic (*Winning
//! Ways*, ch. 4): g(n) depends only on g(n − 1), …, g(n − max S), so once a
//! window of max S values repeats, the sequence repeats forever. For example
//! S = {1, 3, 4} has period 7 with P-positions n ≡ 0, 2 (mod 7).

use sprague_engine::{HeapFamily, PeriodicityTheorem};

use crate::error::GameError;

/// The subtraction game of a finite set of positive takes.
///
/// ```
/// use sprague_games::SubtractionGame;
/// let game = SubtractionGame::new(vec![4, 1, 3]).unwrap();
/// assert_eq!(game.takes(), &[1, 3, 4]);
/// assert!(SubtractionGame::new(vec![]).is_err());
/// assert!(SubtractionGame::new(vec![0, 2]).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct SubtractionGame {
    takes: Vec<u64>,
}

impl SubtractionGame {
    /// The game with subtraction set `takes` (sorted, duplicates removed).
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] for an empty set or a take of 0.
    pub fn new(mut takes: Vec<u64>) -> Result<Self, GameError> {
        let description = || {
            let words: Vec<String> = takes.iter().map(u64::to_string).collect();
            format!("subtraction:{}", words.join(","))
        };
        if takes.is_empty() {
            return Err(GameError::InvalidParameter {
                description: description(),
                reason: "the subtraction set is empty; give positive takes, e.g. subtraction:1,3,4"
                    .to_string(),
            });
        }
        if takes.contains(&0) {
            return Err(GameError::InvalidParameter {
                description: description(),
                reason: "a take of 0 is not a move; every take must be at least 1".to_string(),
            });
        }
        takes.sort_unstable();
        takes.dedup();
        Ok(Self { takes })
    }

    /// The subtraction set, ascending.
    pub fn takes(&self) -> &[u64] {
        &self.takes
    }
}

impl HeapFamily for SubtractionGame {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for &take in self.takes.iter().take_while(|&&take| take <= heap) {
            visit(&[heap - take]);
        }
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        self.takes
            .last()
            .map(|&window| PeriodicityTheorem::SubtractionWindow { window })
    }
}
