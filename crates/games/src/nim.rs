//! Nim: from one heap, take any positive number of tokens.
//!
//! Bouton's theorem (C. L. Bouton, "Nim, a game with a complete mathematical
//! theory", Annals of Math. 3, 1901): a position is a P-position exactly when
//! the nim-sum (XOR) of the heaps is 0; g(n) = n. The winning move reduces a
//! heap a to a ⊕ s, where s is the nim-sum, whenever that is smaller than a.

use sprague_engine::HeapFamily;

/// Nim, one heap at a time.
///
/// ```
/// use sprague_engine::HeapFamily;
/// use sprague_games::Nim;
/// assert_eq!(Nim.closed_form(12), Some(12));
/// assert_eq!(Nim.options_with_value(12, 5), Some(vec![vec![5]]));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Nim;

impl HeapFamily for Nim {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for left in (0..heap).rev() {
            visit(&[left]);
        }
    }

    fn closed_form(&self, heap: u64) -> Option<u64> {
        Some(heap)
    }

    fn closed_form_rule(&self, heap: u64, value: u64) -> Option<String> {
        Some(format!(
            "g({heap}) = {value}: in Nim a heap's value is its size, g(n) = n"
        ))
    }

    fn closed_form_formula(&self) -> Option<String> {
        Some("g(n) = n (Bouton 1901: a Nim heap's value is its size)".to_string())
    }

    fn options_with_value(&self, heap: u64, target: u64) -> Option<Vec<Vec<u64>>> {
        Some(if target < heap {
            vec![vec![target]]
        } else {
            vec![]
        })
    }
}
