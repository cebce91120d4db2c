//! Grundy's game: split one heap into two non-empty heaps of different sizes.
//!
//! (P. M. Grundy 1939; *Winning Ways*, ch. 4.) Not an octal game: the
//! unequal-split rule has no octal code. No period is known; A. Flammenkamp
//! computed its values to heap 2^35 without finding one, so sprague reports
//! periods of this game only as observed, never proven.

use sprague_engine::HeapFamily;

/// Grundy's game.
///
/// ```
/// use sprague_engine::HeapFamily;
/// use sprague_games::GrundysGame;
/// let mut options = Vec::new();
/// GrundysGame.for_each_option(6, &mut |parts| options.push(parts.to_vec()));
/// assert_eq!(options, vec![vec![1, 5], vec![2, 4]]); // 3 + 3 is not allowed
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct GrundysGame;

impl HeapFamily for GrundysGame {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        for smaller in 1..heap.div_ceil(2) {
            visit(&[smaller, heap - smaller]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::sweep;

    /// OEIS A002188 (Sprague–Grundy values for Grundy's game), n = 0..=50.
    const A002188: [u64; 51] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0,
    ];

    #[test]
    fn values_match_oeis_and_the_seed_tutorial() {
        let values = sweep(&GrundysGame, 50, 0).unwrap();
        assert_eq!(values.computed(), A002188);
        // Seed 002 lists g(1..=5) = 0 0 1 0 2.
        assert_eq!(&values.computed()[1..=5], &[0, 0, 1, 0, 2]);
    }
}
