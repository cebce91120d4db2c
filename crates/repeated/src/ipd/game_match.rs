//! One match of the iterated prisoner's dilemma.
//!
//! Each turn both strategies choose simultaneously from what they have seen;
//! then, with probability `noise` each, an action is flipped (as in the
//! Axelrod library, the flipped action is what both players see and what is
//! scored). The match lasts a fixed number of turns known to the players, or
//! — with a probabilistic end p — a geometric number of turns
//! ⌈ln(1−u)/ln(1−p)⌉ (u uniform), unknown to them.
//!
//! Random numbers: for match `stream` under `seed`, ChaCha stream 4·stream is
//! the match's (length and noise), 4·stream+1 the first player's and
//! 4·stream+2 the second player's.

use super::player::{External, Player};
use super::strategies::View;
use super::{Action, IpdError, Payoffs};
use sprague_strategic::seeded::SeededRng;

/// The largest number of turns a match may have (also the cap of a sampled
/// probabilistic length).
pub const MAX_TURNS: usize = 10_000_000;

/// How a match is played.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchConfig {
    /// The number of turns (ignored when `prob_end` is set).
    pub turns: usize,
    /// The probability that the match ends after each turn, if the length
    /// is random.
    pub prob_end: Option<f64>,
    /// The probability that each action is flipped.
    pub noise: f64,
    /// The stage game.
    pub payoffs: Payoffs,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            turns: 200,
            prob_end: None,
            noise: 0.0,
            payoffs: Payoffs::default(),
        }
    }
}

impl MatchConfig {
    /// The configuration the faces build from their options: the stage payoffs as text
    /// `R,S,T,P`, checked to be a prisoner's dilemma unless `allow_non_pd`, and the ranges
    /// checked by [`MatchConfig::validate`].
    ///
    /// ```
    /// use sprague_repeated::ipd::MatchConfig;
    /// let config = MatchConfig::from_options(10, None, 0.0, "3,0,5,1", false).unwrap();
    /// assert_eq!(config.turns, 10);
    /// assert!(MatchConfig::from_options(10, None, 0.0, "1,1,1,1", false).is_err());
    /// assert!(MatchConfig::from_options(10, None, 2.0, "3,0,5,1", false).is_err());
    /// ```
    pub fn from_options(
        turns: usize,
        prob_end: Option<f64>,
        noise: f64,
        payoffs: &str,
        allow_non_pd: bool,
    ) -> Result<Self, IpdError> {
        MatchConfig::checked(turns, prob_end, noise, payoffs.parse()?, allow_non_pd)
    }

    /// [`MatchConfig::from_options`] with the payoffs already read (the
    /// Python module's face): the same checks.
    ///
    /// ```
    /// use sprague_repeated::ipd::{MatchConfig, Payoffs};
    /// let pd = Payoffs { r: 3.0, s: 0.0, t: 5.0, p: 1.0 };
    /// assert!(MatchConfig::checked(200, None, 0.0, pd, false).is_ok());
    /// let flat = Payoffs { r: 1.0, s: 1.0, t: 1.0, p: 1.0 };
    /// assert!(MatchConfig::checked(200, None, 0.0, flat, false).is_err());
    /// assert!(MatchConfig::checked(200, None, 0.0, flat, true).is_ok());
    /// ```
    pub fn checked(
        turns: usize,
        prob_end: Option<f64>,
        noise: f64,
        payoffs: Payoffs,
        allow_non_pd: bool,
    ) -> Result<Self, IpdError> {
        if !allow_non_pd {
            payoffs.check_prisoners_dilemma()?;
        }
        let config = MatchConfig {
            turns,
            prob_end,
            noise,
            payoffs,
        };
        config.validate()?;
        Ok(config)
    }

    /// Checks the ranges of the parameters.
    pub fn validate(&self) -> Result<(), IpdError> {
        if !(0.0..=1.0).contains(&self.noise) {
            return Err(IpdError::Parameter(format!(
                "the noise must be between 0 and 1, not {}",
                self.noise
            )));
        }
        match self.prob_end {
            Some(p) if !(p > 0.0 && p <= 1.0) => Err(IpdError::Parameter(format!(
                "the probability of ending must be in (0, 1], not {p}"
            ))),
            None if self.turns == 0 || self.turns > MAX_TURNS => Err(IpdError::Parameter(format!(
                "the number of turns must be between 1 and {MAX_TURNS}, not {}",
                self.turns
            ))),
            _ => Ok(()),
        }
    }

    /// Whether every match between the two strategies is the same.
    pub fn is_deterministic(&self, a: &Player, b: &Player) -> bool {
        self.noise == 0.0 && self.prob_end.is_none() && !a.stochastic() && !b.stochastic()
    }
}

/// The totals of a match.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MatchSummary {
    /// The number of turns played.
    pub turns: usize,
    /// Both players' total payoffs.
    pub scores: [f64; 2],
    /// How often each player cooperated.
    pub cooperations: [usize; 2],
}

/// A full match record.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult {
    /// Both players' actions, turn by turn.
    pub actions: Vec<(Action, Action)>,
    /// The totals.
    pub summary: MatchSummary,
}

/// How many turns a match plays between two questions to its stop flag.
pub const STOP_POLL_TURNS: usize = 1024;

/// Plays matches reusing its history buffers (no allocation per turn).
#[derive(Debug, Default)]
pub struct MatchRunner {
    first: Vec<Action>,
    second: Vec<Action>,
}

impl MatchRunner {
    /// A runner with empty buffers.
    pub fn new() -> Self {
        MatchRunner::default()
    }

    /// Plays `a` against `b`; the actions stay readable through
    /// [`MatchRunner::actions`] until the next match. Only an external
    /// strategy can fail ([`IpdError::Strategy`]).
    pub fn play(
        &mut self,
        a: &Player,
        b: &Player,
        config: &MatchConfig,
        seed: u64,
        stream: u64,
    ) -> Result<MatchSummary, IpdError> {
        self.play_until(a, b, config, seed, stream, None)?
            .ok_or_else(|| IpdError::Parameter("the match stopped before its end".into()))
    }

    /// Plays `a` against `b` like [`MatchRunner::play`], asking `stop` every
    /// [`STOP_POLL_TURNS`] turns: a long match (some strategies' turns cost
    /// time proportional to the history) ends early, without a summary, when
    /// it answers `true`. An external strategy's failure ends it with the
    /// error.
    ///
    /// ```
    /// use sprague_repeated::ipd::{MatchConfig, MatchRunner, Player};
    /// let tft = Player::parse("TitForTat").unwrap();
    /// let config = MatchConfig { turns: 100_000, ..MatchConfig::default() };
    /// let mut runner = MatchRunner::new();
    /// assert!(runner.play_until(&tft, &tft, &config, 0, 0, Some(&|| true)).unwrap().is_none());
    /// let played = runner.play_until(&tft, &tft, &config, 0, 0, Some(&|| false)).unwrap();
    /// assert_eq!(played.map(|s| s.turns), Some(100_000));
    /// ```
    pub fn play_until(
        &mut self,
        a: &Player,
        b: &Player,
        config: &MatchConfig,
        seed: u64,
        stream: u64,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Result<Option<MatchSummary>, IpdError> {
        let externals: Vec<&External> = [a, b]
            .into_iter()
            .filter_map(|player| match player {
                Player::External(external) => Some(external),
                _ => None,
            })
            .collect();
        if externals.is_empty() {
            return self.play_turns(a, b, config, seed, stream, stop);
        }
        // The whole match inside the external strategies' context (the Python
        // face takes the GIL once per match, not once per turn).
        let mut played = None;
        enclosed(&externals, &mut || {
            played = Some(self.play_turns(a, b, config, seed, stream, stop));
        });
        played.unwrap_or_else(|| {
            Err(IpdError::Strategy {
                id: externals[0].0.id().to_string(),
                message: "did not let its match be played".into(),
            })
        })
    }

    fn play_turns(
        &mut self,
        a: &Player,
        b: &Player,
        config: &MatchConfig,
        seed: u64,
        stream: u64,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Result<Option<MatchSummary>, IpdError> {
        let mut match_rng = SeededRng::new(seed, stream.wrapping_mul(4));
        let mut rng_a = SeededRng::new(seed, stream.wrapping_mul(4) + 1);
        let mut rng_b = SeededRng::new(seed, stream.wrapping_mul(4) + 2);
        let (turns, known) = match config.prob_end {
            None => (config.turns, Some(config.turns)),
            Some(p) if p >= 1.0 => (1, None),
            Some(p) => {
                let u = match_rng.next_f64();
                let length = ((1.0 - u).ln() / (1.0 - p).ln()).ceil();
                ((length.max(1.0) as usize).min(MAX_TURNS), None)
            }
        };
        let mut player_a = a.start()?;
        let mut player_b = b.start()?;
        self.first.clear();
        self.second.clear();
        self.first.reserve(turns);
        self.second.reserve(turns);
        let mut defections = [0usize; 2];
        let mut scores = [0.0f64; 2];
        for turn in 0..turns {
            if turn % STOP_POLL_TURNS == STOP_POLL_TURNS - 1 && stop.is_some_and(|stop| stop()) {
                return Ok(None);
            }
            let view_a = View {
                own: &self.first,
                opponent: &self.second,
                own_defections: defections[0],
                opponent_defections: defections[1],
                payoffs: &config.payoffs,
                length: known,
            };
            let mut action_a = player_a.act(&view_a, &mut rng_a)?;
            let view_b = View {
                own: &self.second,
                opponent: &self.first,
                own_defections: defections[1],
                opponent_defections: defections[0],
                payoffs: &config.payoffs,
                length: known,
            };
            let mut action_b = player_b.act(&view_b, &mut rng_b)?;
            if config.noise > 0.0 {
                if match_rng.bernoulli(config.noise) {
                    action_a = action_a.flip();
                }
                if match_rng.bernoulli(config.noise) {
                    action_b = action_b.flip();
                }
            }
            let (score_a, score_b) = config.payoffs.score(action_a, action_b);
            scores[0] += score_a;
            scores[1] += score_b;
            defections[0] += usize::from(action_a == Action::D);
            defections[1] += usize::from(action_b == Action::D);
            self.first.push(action_a);
            self.second.push(action_b);
        }
        Ok(Some(MatchSummary {
            turns,
            scores,
            cooperations: [turns - defections[0], turns - defections[1]],
        }))
    }

    /// The actions of the last match played.
    pub fn actions(&self) -> impl Iterator<Item = (Action, Action)> + '_ {
        self.first.iter().copied().zip(self.second.iter().copied())
    }
}

/// Runs `play` inside the context of every strategy of `externals`, nested.
fn enclosed(externals: &[&External], play: &mut dyn FnMut()) {
    match externals.split_first() {
        None => play(),
        Some((first, rest)) => first.0.enclose(&mut || enclosed(rest, play)),
    }
}

/// Plays one match and returns its full record (only an external strategy
/// can fail).
///
/// ```
/// use sprague_repeated::ipd::{play_match, MatchConfig, Player};
/// let tft = Player::parse("TitForTat").unwrap();
/// let alld = Player::parse("Defector").unwrap();
/// let config = MatchConfig { turns: 10, ..MatchConfig::default() };
/// let result = play_match(&tft, &alld, &config, 0).unwrap();
/// assert_eq!(result.summary.scores, [9.0, 14.0]);
/// ```
pub fn play_match(
    a: &Player,
    b: &Player,
    config: &MatchConfig,
    seed: u64,
) -> Result<MatchResult, IpdError> {
    let mut runner = MatchRunner::new();
    let summary = runner.play(a, b, config, seed, 0)?;
    Ok(MatchResult {
        actions: runner.actions().collect(),
        summary,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Action::{C, D};

    fn run(a: &str, b: &str, turns: usize) -> MatchResult {
        let config = MatchConfig {
            turns,
            ..MatchConfig::default()
        };
        play_match(
            &Player::parse(a).unwrap(),
            &Player::parse(b).unwrap(),
            &config,
            1,
        )
        .unwrap()
    }

    fn moves(result: &MatchResult, player: usize) -> String {
        result
            .actions
            .iter()
            .map(|&(a, b)| if player == 0 { a } else { b }.as_char())
            .collect()
    }

    #[test]
    fn tit_for_tat_against_defector() {
        // Turn 1: S=0 vs T=5; turns 2..10: P=1 each. 0+9 = 9 and 5+9 = 14.
        let result = run("TitForTat", "Defector", 10);
        assert_eq!(result.summary.scores, [9.0, 14.0]);
        assert_eq!(moves(&result, 0), "CDDDDDDDDD");
    }

    #[test]
    fn hand_computed_sequences() {
        assert_eq!(moves(&run("Alternator", "TitForTat", 6), 1), "CCDCDC");
        assert_eq!(
            moves(&run("SuspiciousTitForTat", "TitForTat", 5), 0),
            "DCDCD"
        );
        // Prober exploits a cooperator from move 4 on.
        assert_eq!(moves(&run("Prober", "Cooperator", 6), 0), "DCCDDD");
        // Prober against tit for tat: TFT punishes the opening D, so tit for tat.
        assert_eq!(moves(&run("Prober", "TitForTat", 5), 0), "DCCCC");
        // Gradual against Alternator (C, D, C, D, …).
        assert_eq!(moves(&run("Gradual", "Alternator", 10), 0), "CCDCCCDDDC");
        // Tester against a cooperator: D, C, C then alternate.
        assert_eq!(moves(&run("Tester", "Cooperator", 7), 0), "DCCDCDC");
        // Pavlov against a defector: C, D, C, D, ….
        assert_eq!(moves(&run("Pavlov", "Defector", 5), 0), "CDCDC");
        // Shubik: retaliations of length 1, 2, 3 against an alternator.
        assert_eq!(moves(&run("Shubik", "Alternator", 12), 0), "CCDCDDCCDDDC");
        // Davis: 10 cooperations, then grudger.
        assert_eq!(moves(&run("Davis", "Alternator", 12), 0), "CCCCCCCCCCDD");
        // Handshake with itself cooperates after C, D.
        assert_eq!(moves(&run("Handshake", "Handshake", 5), 0), "CDCCC");
        // Stein and Rapoport defects on the last two of a known length.
        assert_eq!(
            moves(&run("SteinAndRapoport", "Cooperator", 8), 0),
            "CCCCCCDD"
        );
    }

    #[test]
    fn noise_and_probabilistic_end_are_seeded() {
        let tft = Player::parse("TitForTat").unwrap();
        let tft = &tft;
        let config = MatchConfig {
            noise: 0.1,
            prob_end: Some(0.05),
            ..MatchConfig::default()
        };
        let first = play_match(tft, tft, &config, 42).unwrap();
        assert_eq!(first, play_match(tft, tft, &config, 42).unwrap());
        assert!(
            first.actions.contains(&(D, C))
                || first.actions.contains(&(C, D))
                || first.actions.len() < 5
        );
        assert!(config.validate().is_ok());
        assert!(MatchConfig {
            noise: 2.0,
            ..config
        }
        .validate()
        .is_err());
    }
}
