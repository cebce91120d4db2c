//! The Axelrod library's `memorytwo.py`: strategies of both players' last
//! two moves. AON2 and Delayed AON1 are the all-or-none sixteen-vectors of
//! C. Hilbe, L. A. Martinez-Vaquero, K. Chatterjee and M. A. Nowak
//! ("Memory-n strategies of direct reciprocity", PNAS 114, 2017), indexed
//! (own two moves, opponent's two moves) oldest first, C before D; MEM2
//! (Li–Kendall 2014) switches between tit for tat, tit for two tats and
//! always defect.

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// A deterministic sixteen-vector with C, C as the first two moves.
struct MemoryTwo([bool; 16]);

impl Strategy for MemoryTwo {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n < 2 {
            return C;
        }
        let bit = |a: Action| usize::from(a == D);
        let key = 8 * bit(view.own[n - 2])
            + 4 * bit(view.own[n - 1])
            + 2 * bit(view.opponent[n - 2])
            + bit(view.opponent[n - 1]);
        if self.0[key] {
            C
        } else {
            D
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    TitForTat,
    TitForTwoTats,
    Defector,
}

/// MEM2: every two turns (from the third) looks at the last two rounds:
/// both CC → tit for tat; CD and DC → tit for two tats; otherwise always
/// defect, which after its second choice it keeps for ever.
struct Mem2 {
    mode: Mode,
    shift_counter: usize,
    defector_count: usize,
}

impl Strategy for Mem2 {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        self.shift_counter = self.shift_counter.saturating_sub(1);
        if self.shift_counter == 0 && self.defector_count < 2 {
            self.shift_counter = 2;
            let rounds: Vec<(Action, Action)> = view.own[n.saturating_sub(2)..]
                .iter()
                .copied()
                .zip(view.opponent[n.saturating_sub(2)..].iter().copied())
                .collect();
            let all = |round: (Action, Action)| rounds.iter().all(|&r| r == round);
            let has = |round: (Action, Action)| rounds.contains(&round);
            self.mode = if !rounds.is_empty() && all((C, C)) {
                Mode::TitForTat
            } else if rounds.iter().all(|&r| r == (C, D) || r == (D, C))
                && has((C, D))
                && has((D, C))
            {
                Mode::TitForTwoTats
            } else {
                self.defector_count += 1;
                Mode::Defector
            };
        }
        match self.mode {
            Mode::TitForTat => view.opponent.last().copied().unwrap_or(C),
            Mode::TitForTwoTats => {
                if view.opponent.ends_with(&[D, D]) {
                    D
                } else {
                    C
                }
            }
            Mode::Defector => D,
        }
    }
}

/// The memory-two family (`memorytwo.py`).
#[rustfmt::skip]
pub(super) static MEMORY_TWO: &[StrategyInfo] = &[
    entry!("AON2", "AON2", [], false,
        "All-or-none memory-two strategy: cooperates first twice, then only after the states (CC, CC), (CD, CD), (DC, DC), (DD, DD) of its own and the opponent's last two moves (Hilbe et al. 2017).",
        || boxed(MemoryTwo([true, false, false, false, false, true, false, false, false, false, true, false, false, false, false, true]))),
    entry!("DelayedAON1", "Delayed AON1", [], false,
        "Delayed all-or-none memory-two strategy: cooperates first twice, then only after (CC, CC), (CD, CD), (CD, DD), (DD, CD), (DC, DC) and (DD, DD) (Hilbe et al. 2017).",
        || boxed(MemoryTwo([true, false, false, false, false, true, false, true, false, false, true, false, false, true, false, true]))),
    entry!("MEM2", "MEM2", [], false,
        "Starts as tit for tat; every two turns switches by the last two rounds: both mutual cooperation → tit for tat, CD and DC → tit for two tats, otherwise always defect, which it keeps after choosing it twice (Li–Kendall 2014).",
        || boxed(Mem2 { mode: Mode::TitForTat, shift_counter: 3, defector_count: 0 })),
];
