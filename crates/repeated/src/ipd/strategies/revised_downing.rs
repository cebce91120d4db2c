//! Revised Downing (the Axelrod library's `revised_downing.py`, from the
//! Fortran source of Axelrod's second tournament, K59R by Leslie Downing;
//! R. Axelrod, "More effective choice in the prisoner's dilemma", J. Conflict
//! Resolution 24, 1980): estimates the opponent's chances of cooperating
//! after its own C (good) and after its own D (bad) and plays what pays.

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

struct RevisedDowning {
    good: f64,
    bad: f64,
    nice_after_c: usize,
    nice_after_d: usize,
    total_c: usize,
    total_d: usize,
}

impl Strategy for RevisedDowning {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n == 0 {
            return C;
        }
        if n >= 2 {
            let opponent_cooperated = view.opponent[n - 1] == C;
            if view.own[n - 2] == D {
                self.nice_after_d += usize::from(opponent_cooperated);
                self.total_d += 1;
                self.bad = self.nice_after_d as f64 / self.total_d as f64;
            } else {
                self.nice_after_c += usize::from(opponent_cooperated);
                self.total_c += 1;
                self.good = self.nice_after_c as f64 / self.total_c as f64;
            }
        }
        let c = 6.0 * self.good - 8.0 * self.bad - 2.0;
        let alt = 4.0 * self.good - 5.0 * self.bad - 1.0;
        if c >= 0.0 && c >= alt {
            C
        } else if (0.0 <= c && c < alt) || alt >= 0.0 {
            view.own[n - 1].flip()
        } else {
            D
        }
    }
}

/// The revised-Downing module (`revised_downing.py`).
#[rustfmt::skip]
pub(super) static REVISED_DOWNING: &[StrategyInfo] = &[
    entry!("RevisedDowning", "Revised Downing", [], false,
        "Downing's second-tournament revision: from the opponent's cooperation rates after its own C (good, 1 at first) and D (bad, 0) cooperates if 6·good − 8·bad − 2 ≥ max(0, 4·good − 5·bad − 1), alternates if either is non-negative, else defects (Axelrod 1980).",
        || boxed(RevisedDowning { good: 1.0, bad: 0.0, nice_after_c: 0, nice_after_d: 0, total_c: 0, total_d: 0 })),
];
