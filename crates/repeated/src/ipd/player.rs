//! A player of matches, tournaments and the Moran process: a registered
//! strategy of the library's table ([`StrategyInfo`], by name), a strategy
//! the user defined by parameters ([`CustomStrategy`], see
//! [`super::strategies::parametric`]) or a strategy played by code outside
//! the library ([`ExternalStrategy`]: the Python module's classes, keeping
//! this crate free of Python). [`Player::parse`] is the one entry point every
//! face (command line, web server, Python module) reads a strategy's text
//! through.
//!
//! Every match plays fresh players ([`Player::start`]), as the Axelrod
//! library clones its players before each match (Knight et al. 2016), so a
//! match's result depends only on the two strategies, the configuration and
//! the match's random streams — not on the matches played before it.

use std::fmt;
use std::sync::Arc;

use sprague_strategic::seeded::SeededRng;

use super::strategies::parametric::{parse_parametric, CustomStrategy, Files};
use super::strategies::{lookup, Strategy, StrategyInfo, View};
use super::{Action, IpdError, Payoffs};

/// A strategy whose rule lives outside the library (a Python class, say):
/// it names itself and starts a fresh [`ExternalPlayer`] for every match.
pub trait ExternalStrategy: Send + Sync {
    /// The id (distinct strategies should have distinct ids: the Moran
    /// process tells strategies apart by id).
    fn id(&self) -> &str;
    /// The display name.
    fn name(&self) -> &str;
    /// Whether the strategy draws random numbers (a match between two
    /// deterministic strategies without noise is played once per tournament).
    fn stochastic(&self) -> bool;
    /// The rule in a sentence or two.
    fn description(&self) -> &str;
    /// A fresh player for one match; an error ends the match (and the
    /// tournament or process it belongs to).
    fn start(&self) -> Result<Box<dyn ExternalPlayer>, IpdError>;
    /// Runs `play`, a whole match of this strategy's players, in the
    /// strategy's context: the Python face holds the GIL for it, so a match
    /// takes the lock once instead of every turn (threads contending for it
    /// turn by turn were 17 times slower than one thread). By default it just
    /// runs it.
    fn enclose(&self, play: &mut dyn FnMut()) {
        play();
    }
}

/// One external strategy's player in one match.
pub trait ExternalPlayer {
    /// The action for the next turn, or the error that ends the match
    /// ([`IpdError::Strategy`]).
    fn decide(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Result<Action, IpdError>;
}

/// A shared [`ExternalStrategy`]: two are equal when they are the same object.
#[derive(Clone)]
pub struct External(pub Arc<dyn ExternalStrategy>);

impl fmt::Debug for External {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("External").field(&self.0.id()).finish()
    }
}

impl PartialEq for External {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// A strategy that can play: named, given by parameters, or external.
#[derive(Debug, Clone, PartialEq)]
pub enum Player {
    /// A registered strategy.
    Named(&'static StrategyInfo),
    /// A strategy given by parameters.
    Custom(Arc<CustomStrategy>),
    /// A strategy played by code outside the library.
    External(External),
}

/// A player in one match: the library's own strategies cannot fail, external
/// ones can.
pub enum Agent {
    /// A strategy of the library.
    Native(Box<dyn Strategy>),
    /// An external strategy's player.
    External(Box<dyn ExternalPlayer>),
}

impl Agent {
    /// The action for the next turn.
    pub fn act(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Result<Action, IpdError> {
        match self {
            Agent::Native(strategy) => Ok(strategy.play(view, rng)),
            Agent::External(player) => player.decide(view, rng),
        }
    }
}

impl From<&'static StrategyInfo> for Player {
    fn from(info: &'static StrategyInfo) -> Self {
        Player::Named(info)
    }
}

impl Player {
    /// Reads a strategy: a name, id or alias of a registered strategy, or a
    /// parametric text (`memoryone:…`, `zd:…`, `lookup:…`, `fsm:…`, whose
    /// `fsm:FILE` is read from disk).
    ///
    /// ```
    /// use sprague_repeated::ipd::Player;
    /// assert_eq!(Player::parse("tit for tat").unwrap().id(), "TitForTat");
    /// let tft = Player::parse("memoryone:1,0,1,0").unwrap();
    /// assert_eq!(tft.id(), "memoryone:1,0,1,0,C");
    /// assert!(!tft.stochastic());
    /// assert!(Player::parse("memoryone:1,0").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Player, IpdError> {
        Player::parse_with(text, Files::Read)
    }

    /// [`Player::parse`] saying whether `fsm:FILE` may be read (the web
    /// server refuses file names).
    pub fn parse_with(text: &str, files: Files) -> Result<Player, IpdError> {
        match parse_parametric(text, files)? {
            Some(custom) => Ok(Player::Custom(Arc::new(custom))),
            None => lookup(text).map(Player::Named),
        }
    }

    /// The id: the library's class name, or the canonical parametric text.
    pub fn id(&self) -> &str {
        match self {
            Player::Named(info) => info.id,
            Player::Custom(custom) => custom.id(),
            Player::External(external) => external.0.id(),
        }
    }

    /// The display name: the library's name, or the canonical text.
    pub fn name(&self) -> &str {
        match self {
            Player::Named(info) => info.name,
            Player::Custom(custom) => custom.id(),
            Player::External(external) => external.0.name(),
        }
    }

    /// Whether the strategy draws random numbers.
    pub fn stochastic(&self) -> bool {
        match self {
            Player::Named(info) => info.stochastic,
            Player::Custom(custom) => custom.stochastic(),
            Player::External(external) => external.0.stochastic(),
        }
    }

    /// The rule in a sentence or two.
    pub fn description(&self) -> &str {
        match self {
            Player::Named(info) => info.description,
            Player::Custom(custom) => custom.description(),
            Player::External(external) => external.0.description(),
        }
    }

    /// A fresh player for one match (an external strategy's may fail to start).
    ///
    /// ```
    /// use sprague_repeated::ipd::Player;
    /// assert!(Player::parse("TitForTat").unwrap().start().is_ok());
    /// ```
    pub fn start(&self) -> Result<Agent, IpdError> {
        match self {
            Player::Named(info) => Ok(Agent::Native(info.make())),
            Player::Custom(custom) => Ok(Agent::Native(custom.make())),
            Player::External(external) => external.0.start().map(Agent::External),
        }
    }

    /// Checks that the strategy is defined with these payoffs (a
    /// zero-determinant strategy given by parameters may not be).
    pub fn check_payoffs(&self, payoffs: &Payoffs) -> Result<(), IpdError> {
        match self {
            Player::Named(_) | Player::External(_) => Ok(()),
            Player::Custom(custom) => custom.check_payoffs(payoffs),
        }
    }
}

/// Reads every text with [`Player::parse_with`] and checks each under
/// `payoffs`.
///
/// ```
/// use sprague_repeated::ipd::{player::players, Payoffs};
/// use sprague_repeated::ipd::strategies::parametric::Files;
/// let texts = ["TitForTat".to_string(), "zd:1/9,1/2,1".to_string()];
/// assert_eq!(players(&texts, Files::Refuse, &Payoffs::default()).unwrap().len(), 2);
/// ```
pub fn players(texts: &[String], files: Files, payoffs: &Payoffs) -> Result<Vec<Player>, IpdError> {
    texts
        .iter()
        .map(|text| {
            let player = Player::parse_with(text, files)?;
            player.check_payoffs(payoffs)?;
            Ok(player)
        })
        .collect()
}
