//! Lasker's Nim: take any positive number of tokens from a heap, or split a
//! heap into two non-empty heaps.
//!
//! (E. Lasker 1931; *Winning Ways*, ch. 4.) Closed form: g(4k + 1) = 4k + 1,
//! g(4k + 2) = 4k + 2, g(4k + 3) = 4k + 4, g(4k + 4) = 4k + 3, g(0) = 0.

use sprague_engine::HeapFamily;

/// Lasker's Nim.
///
/// ```
/// use sprague_engine::HeapFamily;
/// use sprague_games::LaskersNim;
/// let values: Vec<u64> = (0..=8).map(|n| LaskersNim.closed_form(n).unwrap()).collect();
/// assert_eq!(values, vec![0, 1, 2, 4, 3, 5, 6, 8, 7]);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct LaskersNim;

impl HeapFamily for LaskersNim {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for left in (0..heap).rev() {
            visit(&[left]);
        }
        for smaller in 1..=heap / 2 {
            visit(&[smaller, heap - smaller]);
        }
    }

    fn closed_form(&self, heap: u64) -> Option<u64> {
        Some(match heap % 4 {
            // g(2^64 − 1) = 2^64 does not fit: no closed form for that one heap.
            3 => heap.checked_add(1)?,
            0 if heap > 0 => heap - 1,
            _ => heap,
        })
    }

    fn closed_form_rule(&self, heap: u64, value: u64) -> Option<String> {
        let case = match heap % 4 {
            3 => "g(4k+3) = 4k+4",
            0 if heap > 0 => "g(4k+4) = 4k+3",
            _ => "g(4k+1) = 4k+1 and g(4k+2) = 4k+2",
        };
        Some(format!(
            "g({heap}) = {value}: Lasker's Nim closed form, {case}"
        ))
    }

    fn closed_form_formula(&self) -> Option<String> {
        Some("g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3 (Lasker's Nim; Winning Ways ch. 15)".to_string())
    }
}
