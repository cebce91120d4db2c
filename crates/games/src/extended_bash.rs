//! Extended Bash: from one heap, take between P and Q tokens (1 ≤ P ≤ Q); a
//! heap of fewer than P tokens is dead.
//!
//! Theorem (the extended Bash game of the tutorials; a subtraction game with
//! S = {P, …, Q}, *Winning Ways*, ch. 4): g(n) = ⌊(n mod (P + Q)) / P⌋. The
//! second player answers a take of k with P + Q − k, so the P-positions are
//! the n with n mod (P + Q) < P. With P = 1 this is the Bash game.

use sprague_engine::{HeapFamily, PeriodicityTheorem};

use crate::error::GameError;

/// The subtraction game S = {P, P + 1, …, Q}.
///
/// ```
/// use sprague_engine::HeapFamily;
/// use sprague_games::extended_bash::ExtendedBash;
/// let game = ExtendedBash::new(2, 5).unwrap();
/// // P + Q = 7: heaps 0, 1, 7, 8, 14, 15 … are P-positions.
/// let p: Vec<u64> = (0..16).filter(|&n| game.closed_form(n) == Some(0)).collect();
/// assert_eq!(p, vec![0, 1, 7, 8, 14, 15]);
/// assert!(ExtendedBash::new(3, 2).is_err());
/// assert!(ExtendedBash::new(0, 2).is_err());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ExtendedBash {
    smallest: u64,
    largest: u64,
}

impl ExtendedBash {
    /// The game taking between `smallest` (P) and `largest` (Q) tokens.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when P = 0 or P > Q.
    pub fn new(smallest: u64, largest: u64) -> Result<Self, GameError> {
        let invalid = |reason: &str| GameError::InvalidParameter {
            description: format!("bash:{smallest}..{largest}"),
            reason: reason.to_string(),
        };
        if smallest == 0 {
            return Err(invalid("the smallest take P must be at least 1"));
        }
        if smallest > largest {
            return Err(invalid(
                "the smallest take P must not exceed the largest take Q (write bash:P..Q with P ≤ Q)",
            ));
        }
        Ok(Self { smallest, largest })
    }

    /// P, the smallest take.
    pub fn smallest_take(&self) -> u64 {
        self.smallest
    }

    /// Q, the largest take.
    pub fn largest_take(&self) -> u64 {
        self.largest
    }
}

impl HeapFamily for ExtendedBash {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        if heap < self.smallest {
            return;
        }
        for take in self.smallest..=self.largest.min(heap) {
            visit(&[heap - take]);
        }
    }

    fn closed_form(&self, heap: u64) -> Option<u64> {
        let cycle = u128::from(self.smallest) + u128::from(self.largest);
        u64::try_from((u128::from(heap) % cycle) / u128::from(self.smallest)).ok()
    }

    fn closed_form_rule(&self, heap: u64, value: u64) -> Option<String> {
        Some(format!(
            "g({heap}) = ⌊({heap} mod {}) / {}⌋ = {value}: the closed form g(n) = ⌊(n mod (P + Q)) / P⌋ of taking P to Q",
            u128::from(self.smallest) + u128::from(self.largest),
            self.smallest
        ))
    }

    fn closed_form_formula(&self) -> Option<String> {
        Some(format!(
            "g(n) = ⌊(n mod {}) / {}⌋ (taking P to Q: ⌊(n mod (P + Q)) / P⌋)",
            u128::from(self.smallest) + u128::from(self.largest),
            self.smallest
        ))
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        Some(PeriodicityTheorem::SubtractionWindow {
            window: self.largest,
        })
    }
}
