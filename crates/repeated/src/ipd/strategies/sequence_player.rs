//! The Axelrod library's `sequence_player.py`: moves read off the
//! Thue–Morse sequence t(n) = parity of the number of ones in n's binary
//! expansion (A. Thue 1912; M. Morse 1921; OEIS A010060), n = 0, 1, 2, …,
//! which is cube-free and so has no cycle. ThueMorse plays C for 1 and D for
//! 0; ThueMorseInverse the other way round.

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// The n-th term of the Thue–Morse sequence.
fn thue_morse(n: usize) -> bool {
    n.count_ones() % 2 == 1
}

struct ThueMorse {
    one: Action,
}

impl Strategy for ThueMorse {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if thue_morse(view.turn()) {
            self.one
        } else {
            self.one.flip()
        }
    }
}

/// The sequence-player family (`sequence_player.py`).
#[rustfmt::skip]
pub(super) static SEQUENCE_PLAYER: &[StrategyInfo] = &[
    entry!("ThueMorse", "ThueMorse", [], false,
        "Plays the Thue–Morse sequence 0, 1, 1, 0, 1, 0, 0, 1, … with 1 as C and 0 as D (Geraint Palmer, library sequence_player.py).",
        || boxed(ThueMorse { one: C })),
    entry!("ThueMorseInverse", "ThueMorseInverse", [], false,
        "Plays the Thue–Morse sequence with 0 as C and 1 as D.",
        || boxed(ThueMorse { one: D })),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_terms_are_oeis_a010060() {
        // OEIS A010060: 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0.
        let terms: Vec<u8> = (0..16).map(|n| u8::from(thue_morse(n))).collect();
        assert_eq!(terms, [0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0]);
    }
}
