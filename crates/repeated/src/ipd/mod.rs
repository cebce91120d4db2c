//! The iterated prisoner's dilemma (IPD): strategies, matches, round-robin
//! tournaments and the Moran process, after Axelrod's computer tournaments
//! (R. Axelrod, *The Evolution of Cooperation*, 1984; "Effective choice in the
//! prisoner's dilemma", J. Conflict Resolution 24, 1980) and the Axelrod
//! Python library (Knight et al., "An open framework for the reproducible
//! study of the iterated prisoner's dilemma", J. Open Research Software 4,
//! 2016), whose strategy names and rules are followed (see [`strategies`]).
//!
//! - [`Payoffs`]: the stage game (R, S, T, P), default (3, 0, 5, 1), checked
//!   to be a prisoner's dilemma (T > R > P > S and 2R > T + S).
//! - [`play_match`]: one match of a fixed number of turns or with a
//!   probabilistic end, with noise (each action flipped with a probability).
//! - [`tournament::run`]: the round robin with repetitions, ranking by median
//!   score per turn, score matrix, cooperation rates and wins.
//! - [`moran`]: the Moran process (Moran 1958) with fixation counts.
//! - [`plot`]: SVG box plot of scores and payoff heat map.
//!
//! Randomness comes from [`sprague_strategic::seeded::SeededRng`] with one
//! ChaCha stream per player per match, so the same seed gives the same
//! results on every machine and with any number of threads.

mod game_match;
pub mod moran;
pub mod player;
pub mod plot;
pub mod records;
pub mod strategies;
pub mod tournament;

pub use game_match::{
    play_match, MatchConfig, MatchResult, MatchRunner, MatchSummary, STOP_POLL_TURNS,
};
pub use player::{Agent, External, ExternalPlayer, ExternalStrategy, Player};
pub use strategies::{all_strategies, lookup, Strategy, StrategyInfo, View};

use thiserror::Error;

/// A move of the prisoner's dilemma.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Cooperate.
    C,
    /// Defect.
    D,
}

impl Action {
    /// The other action.
    pub fn flip(self) -> Action {
        match self {
            Action::C => Action::D,
            Action::D => Action::C,
        }
    }

    /// `'C'` or `'D'`.
    pub fn as_char(self) -> char {
        match self {
            Action::C => 'C',
            Action::D => 'D',
        }
    }
}

/// Everything that can be wrong with an IPD request.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum IpdError {
    /// No strategy has this name.
    #[error("unknown strategy \"{}\"{}", sprague_textfile::quoted(.name), suggestion(.close))]
    UnknownStrategy {
        /// The name as given.
        name: String,
        /// Close names, best first.
        close: Vec<String>,
    },
    /// The payoffs are not a prisoner's dilemma.
    #[error("the payoffs R={r}, S={s}, T={t}, P={p} are not a prisoner's dilemma because {failed} fails (pass --allow-non-pd to use them anyway)")]
    NotPrisonersDilemma {
        /// Reward.
        r: f64,
        /// Sucker's payoff.
        s: f64,
        /// Temptation.
        t: f64,
        /// Punishment.
        p: f64,
        /// The inequality that fails.
        failed: &'static str,
    },
    /// Payoffs written wrongly.
    #[error("payoffs are written R,S,T,P as four numbers, e.g. 3,0,5,1: {0}")]
    PayoffSyntax(String),
    /// A parameter is out of range.
    #[error("{0}")]
    Parameter(String),
    /// A request larger than the limits (players, repetitions, runs, steps).
    #[error("{0}")]
    TooLarge(String),
    /// An external strategy (a Python class, say) failed or answered
    /// something other than C or D.
    #[error("the strategy {id} {message}")]
    Strategy {
        /// The strategy's id.
        id: String,
        /// What went wrong, e.g. `raised ValueError: … on turn 3`.
        message: String,
    },
}

fn suggestion(close: &[String]) -> String {
    match close {
        [] => "; `sprague ipd strategies` lists them all".to_string(),
        [one] => format!("; did you mean {one}?"),
        many => format!("; did you mean one of {}?", many.join(", ")),
    }
}

/// The payoffs of the stage game: R (both cooperate), S (cooperate against a
/// defector), T (defect against a cooperator), P (both defect).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Payoffs {
    /// Reward for mutual cooperation.
    pub r: f64,
    /// Sucker's payoff.
    pub s: f64,
    /// Temptation to defect.
    pub t: f64,
    /// Punishment for mutual defection.
    pub p: f64,
}

impl Default for Payoffs {
    fn default() -> Self {
        Payoffs {
            r: 3.0,
            s: 0.0,
            t: 5.0,
            p: 1.0,
        }
    }
}

impl Payoffs {
    /// The payoffs of both players when they play `a` and `b`.
    #[inline]
    pub fn score(&self, a: Action, b: Action) -> (f64, f64) {
        match (a, b) {
            (Action::C, Action::C) => (self.r, self.r),
            (Action::C, Action::D) => (self.s, self.t),
            (Action::D, Action::C) => (self.t, self.s),
            (Action::D, Action::D) => (self.p, self.p),
        }
    }

    /// Checks T > R > P > S and 2R > T + S, naming the first that fails.
    ///
    /// ```
    /// use sprague_repeated::ipd::Payoffs;
    /// assert!(Payoffs::default().check_prisoners_dilemma().is_ok());
    /// let bad = Payoffs { r: 3.0, s: 0.0, t: 7.0, p: 1.0 };
    /// assert!(bad.check_prisoners_dilemma().unwrap_err().to_string().contains("2R > T + S"));
    /// ```
    pub fn check_prisoners_dilemma(&self) -> Result<(), IpdError> {
        let Payoffs { r, s, t, p } = *self;
        let failed = if [r, s, t, p].iter().any(|x| !x.is_finite()) {
            Some("that all four are finite numbers")
        } else if t <= r {
            Some("T > R")
        } else if r <= p {
            Some("R > P")
        } else if p <= s {
            Some("P > S")
        } else if 2.0 * r <= t + s {
            Some("2R > T + S")
        } else {
            None
        };
        match failed {
            Some(failed) => Err(IpdError::NotPrisonersDilemma { r, s, t, p, failed }),
            None => Ok(()),
        }
    }
}

impl std::str::FromStr for Payoffs {
    type Err = IpdError;

    /// Reads `R,S,T,P`, e.g. `3,0,5,1`.
    fn from_str(text: &str) -> Result<Self, IpdError> {
        let numbers: Vec<f64> = text
            .split(',')
            .map(|part| part.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| {
                IpdError::PayoffSyntax(format!(
                    "\"{}\" has a part that is not a number",
                    sprague_textfile::quoted(text)
                ))
            })?;
        match numbers[..] {
            [r, s, t, p] if numbers.iter().all(|x| x.is_finite()) => Ok(Payoffs { r, s, t, p }),
            _ => Err(IpdError::PayoffSyntax(format!(
                "\"{}\" does not have four finite numbers",
                sprague_textfile::quoted(text)
            ))),
        }
    }
}
