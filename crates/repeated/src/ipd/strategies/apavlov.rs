//! Adaptive Pavlov (the Axelrod library's `apavlov.py`, after J. Li,
//! "How to design a strategy to win an IPD tournament", in *The Iterated
//! Prisoners' Dilemma: 20 Years On*, 2007, and Li et al. 2011): tit for tat
//! for six turns, then every six turns the opponent's last six moves
//! classify it, and the player answers the class.

use super::{boxed, Strategy, StrategyInfo, View};
use crate::ipd::Action;
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

#[derive(Clone, Copy, PartialEq)]
enum Class {
    Cooperative,
    AllD,
    Stft,
    PavlovD,
    Random,
}

/// The 2006 version: five classes by exact six-move patterns.
#[derive(Default)]
struct APavlov2006(Option<Class>);

impl Strategy for APavlov2006 {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        let last_is_d = view.opponent.last() == Some(&D);
        if n < 6 {
            return if last_is_d { D } else { C };
        }
        if n.is_multiple_of(6) {
            let six = &view.opponent[n - 6..];
            // Later patterns win, as in the library's sequence of ifs.
            let mut class = self.0;
            if six == [C; 6] {
                class = Some(Class::Cooperative);
            }
            if six == [D; 6] {
                class = Some(Class::AllD);
            }
            if six == [D, C, D, C, D, C] {
                class = Some(Class::Stft);
            }
            if six == [D, D, C, D, D, C] {
                class = Some(Class::PavlovD);
            }
            self.0 = Some(class.unwrap_or(Class::Random));
        }
        match self.0 {
            Some(Class::Random | Class::AllD) => D,
            Some(Class::Stft) if n % 6 <= 1 => C,
            Some(Class::Stft) if last_is_d => D,
            Some(Class::PavlovD) if n.is_multiple_of(6) => D,
            Some(Class::Cooperative) if last_is_d => D,
            _ => C,
        }
    }
}

/// The 2011 version: four classes by the number of defections in six moves.
#[derive(Default)]
struct APavlov2011(Option<Class>);

impl Strategy for APavlov2011 {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        let last_is_d = view.opponent.last() == Some(&D);
        if n < 6 {
            return if last_is_d { D } else { C };
        }
        if n.is_multiple_of(6) {
            let six = &view.opponent[n - 6..];
            let defections = six.iter().filter(|&&a| a == D).count();
            let mut class = self.0;
            if defections == 0 {
                class = Some(Class::Cooperative);
            }
            if defections >= 4 {
                class = Some(Class::AllD);
            }
            if defections == 3 {
                class = Some(Class::Stft);
            }
            self.0 = Some(class.unwrap_or(Class::Random));
        }
        match self.0 {
            Some(Class::Random | Class::AllD) => D,
            Some(Class::Stft) => {
                if view.opponent.ends_with(&[D, D]) {
                    D
                } else {
                    C
                }
            }
            Some(Class::Cooperative) if last_is_d => D,
            _ => C,
        }
    }
}

/// The adaptive Pavlov family (`apavlov.py`).
#[rustfmt::skip]
pub(super) static APAVLOV: &[StrategyInfo] = &[
    entry!("APavlov2006", "Adaptive Pavlov 2006", [], false,
        "Tit for tat for six turns; then every six turns classifies the opponent (cooperative, always-defect, suspicious tit for tat, Pavlov-D or random) from its last six moves and answers the class (Li 2007).",
        || boxed(APavlov2006::default())),
    entry!("APavlov2011", "Adaptive Pavlov 2011", [], false,
        "Tit for tat for six turns; then every six turns classifies the opponent by its defections in the last six moves (0: cooperative, 3: suspicious tit for tat, 4 or more: always-defect, else random) and answers the class (Li et al. 2011).",
        || boxed(APavlov2011::default())),
];
