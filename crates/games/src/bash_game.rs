//! The Bash game (巴什博弈): from one heap, take between 1 and M tokens.
//!
//! g(n) = n mod (M + 1) (*Winning Ways*, ch. 4; Ferguson, *Game Theory*,
//! Part I, §1.3): the second player answers a take of k with M + 1 − k. The
//! "take-away 21" game of the tutorials is Bash with M = 3 from 21 tokens, and
//! the "count to N" game (say a number 1..M higher than the last; first to
//! reach N wins) is the same game on a heap of N.

use sprague_engine::{HeapFamily, PeriodicityTheorem};

use crate::error::GameError;

/// Bash with a largest take of M ≥ 1.
///
/// ```
/// use sprague_engine::HeapFamily;
/// use sprague_games::BashGame;
/// let bash = BashGame::new(3).unwrap();
/// assert_eq!(bash.closed_form(21), Some(1)); // take 1 and win the take-away 21 game
/// assert!(BashGame::new(0).is_err());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct BashGame {
    largest_take: u64,
}

impl BashGame {
    /// Bash with largest take `largest_take`.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when `largest_take` is 0.
    pub fn new(largest_take: u64) -> Result<Self, GameError> {
        if largest_take == 0 {
            return Err(GameError::InvalidParameter {
                description: format!("bash:{largest_take}"),
                reason: "the largest take M must be at least 1".to_string(),
            });
        }
        Ok(Self { largest_take })
    }

    fn modulus(&self) -> u128 {
        u128::from(self.largest_take) + 1
    }

    /// M, the largest take.
    pub fn largest_take(&self) -> u64 {
        self.largest_take
    }
}

impl HeapFamily for BashGame {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for take in 1..=self.largest_take.min(heap) {
            visit(&[heap - take]);
        }
    }

    fn closed_form(&self, heap: u64) -> Option<u64> {
        // In u128 so that M = 2^64 − 1 (which is Nim) stays exact.
        let value = u128::from(heap) % self.modulus();
        u64::try_from(value).ok()
    }

    fn closed_form_rule(&self, heap: u64, value: u64) -> Option<String> {
        Some(format!(
            "g({heap}) = {heap} mod {} = {value}: the Bash game's closed form g(n) = n mod (M + 1)",
            self.modulus()
        ))
    }

    fn closed_form_formula(&self) -> Option<String> {
        Some(format!(
            "g(n) = n mod {} (the Bash game: n mod (M + 1))",
            self.modulus()
        ))
    }

    fn options_with_value(&self, heap: u64, target: u64) -> Option<Vec<Vec<u64>>> {
        // g(heap − k) = target for exactly the k ≡ heap − target (mod M + 1) with 1 ≤ k ≤ M.
        let modulus = self.modulus();
        let (heap_wide, target_wide) = (u128::from(heap), u128::from(target));
        if target_wide >= modulus {
            return Some(vec![]);
        }
        let take = (heap_wide % modulus + modulus - target_wide) % modulus;
        Some(if take >= 1 && take <= heap_wide {
            vec![vec![heap - take as u64]]
        } else {
            vec![]
        })
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        Some(PeriodicityTheorem::SubtractionWindow {
            window: self.largest_take,
        })
    }
}
