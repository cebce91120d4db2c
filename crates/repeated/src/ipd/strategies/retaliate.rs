//! Retaliators: strategies that defect while the opponent has exploited
//! them (played D against their C) more often than a small fraction of the
//! times they exploited the opponent, from the Axelrod library's
//! `retaliate.py` (Axelrod-Python/Axelrod 4.14; Owen Campbell's strategies,
//! see Knight et al. 2016, J. Open Research Software 4). The limited
//! versions stop after a fixed number of retaliations in a row.

use super::{boxed, SeededRng, Strategy, StrategyInfo, View};
use crate::ipd::Action::{self, C, D};

/// Counts of the rounds where it was exploited (C, D) and where it
/// exploited (D, C).
#[derive(Default)]
struct Exploitation {
    suffered: usize,
    inflicted: usize,
}

impl Exploitation {
    /// Counts the last round and says whether the opponent exploited it more
    /// often than `threshold` times the converse.
    fn outrageous(&mut self, view: &View<'_>, threshold: f64) -> bool {
        match (view.own.last(), view.opponent.last()) {
            (Some(C), Some(D)) => self.suffered += 1,
            (Some(D), Some(C)) => self.inflicted += 1,
            _ => {}
        }
        self.suffered as f64 > self.inflicted as f64 * threshold
    }
}

struct Retaliate {
    threshold: f64,
    counts: Exploitation,
}

impl Strategy for Retaliate {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if self.counts.outrageous(view, self.threshold) {
            D
        } else {
            C
        }
    }
}

struct LimitedRetaliate {
    threshold: f64,
    limit: usize,
    counts: Exploitation,
    retaliations: usize,
}

impl Strategy for LimitedRetaliate {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if !self.counts.outrageous(view, self.threshold) {
            self.retaliations = 0;
            return C;
        }
        if self.retaliations < self.limit {
            self.retaliations += 1;
            D
        } else {
            // The limit is reached: one cooperation, then retaliation again.
            self.retaliations = 0;
            C
        }
    }
}

fn retaliate(threshold: f64) -> Box<dyn Strategy> {
    boxed(Retaliate {
        threshold,
        counts: Exploitation::default(),
    })
}

fn limited(threshold: f64, limit: usize) -> Box<dyn Strategy> {
    boxed(LimitedRetaliate {
        threshold,
        limit,
        counts: Exploitation::default(),
        retaliations: 0,
    })
}

/// The strategies of `retaliate.py`.
pub(super) static RETALIATORS: &[StrategyInfo] = &[
    entry!("Retaliate", "Retaliate", [], false,
        "Cooperates, but defects while the opponent's D-against-C rounds exceed 10% of its own D-against-C rounds (Owen Campbell, axelrod retaliate.py).",
        || retaliate(0.1)),
    entry!("Retaliate2", "Retaliate 2", [], false,
        "Retaliate with a threshold of 8% (Owen Campbell, axelrod retaliate.py).",
        || retaliate(0.08)),
    entry!("Retaliate3", "Retaliate 3", [], false,
        "Retaliate with a threshold of 5% (Owen Campbell, axelrod retaliate.py).",
        || retaliate(0.05)),
    entry!("LimitedRetaliate", "Limited Retaliate", [], false,
        "Retaliate (threshold 10%) that cooperates once after 20 retaliations in a row (Owen Campbell, axelrod retaliate.py).",
        || limited(0.1, 20)),
    entry!("LimitedRetaliate2", "Limited Retaliate 2", [], false,
        "Retaliate (threshold 8%) that cooperates once after 15 retaliations in a row (Owen Campbell, axelrod retaliate.py).",
        || limited(0.08, 15)),
    entry!("LimitedRetaliate3", "Limited Retaliate 3", [], false,
        "Retaliate (threshold 5%) that cooperates once after 20 retaliations in a row (Owen Campbell, axelrod retaliate.py).",
        || limited(0.05, 20)),
];
