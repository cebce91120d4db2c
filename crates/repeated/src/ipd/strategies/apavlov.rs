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

/// The frame both versions share: no class during the first six turns (they
/// play tit for tat); then every sixth turn the opponent's last six moves are
/// classified again — a pattern `classify` recognises replaces the class, else
/// the class found before stays, else the opponent counts as random.
fn classify_every_six(
    class: &mut Option<Class>,
    view: &View<'_>,
    classify: impl Fn(&[Action]) -> Option<Class>,
) -> Option<Class> {
    let n = view.turn();
    if n < 6 {
        return None;
    }
    if n.is_multiple_of(6) {
        let found = classify(&view.opponent[n - 6..]).or(*class);
        *class = Some(found.unwrap_or(Class::Random));
    }
    *class
}

/// The 2006 version: five classes by exact six-move patterns.
#[derive(Default)]
struct APavlov2006(Option<Class>);

impl Strategy for APavlov2006 {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        let last_is_d = view.opponent.last() == Some(&D);
        let Some(class) = classify_every_six(&mut self.0, view, |six| {
            // Later patterns win, as in the library's sequence of ifs.
            let mut class = None;
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
            class
        }) else {
            return if last_is_d { D } else { C };
        };
        match class {
            Class::Random | Class::AllD => D,
            Class::Stft if n % 6 <= 1 => C,
            Class::Stft if last_is_d => D,
            Class::PavlovD if n.is_multiple_of(6) => D,
            Class::Cooperative if last_is_d => D,
            _ => C,
        }
    }
}

/// The 2011 version: four classes by the number of defections in six moves.
#[derive(Default)]
struct APavlov2011(Option<Class>);

impl Strategy for APavlov2011 {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let last_is_d = view.opponent.last() == Some(&D);
        let Some(class) = classify_every_six(&mut self.0, view, |six| {
            match six.iter().filter(|&&a| a == D).count() {
                0 => Some(Class::Cooperative),
                3 => Some(Class::Stft),
                4.. => Some(Class::AllD),
                _ => None,
            }
        }) else {
            return if last_is_d { D } else { C };
        };
        match class {
            Class::Random | Class::AllD => D,
            Class::Stft => {
                if view.opponent.ends_with(&[D, D]) {
                    D
                } else {
                    C
                }
            }
            Class::Cooperative if last_is_d => D,
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
