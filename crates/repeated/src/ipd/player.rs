//! A player of matches, tournaments and the Moran process: a registered
//! strategy of the library's table ([`StrategyInfo`], by name) or a strategy
//! the user defined by parameters ([`CustomStrategy`], see
//! [`super::strategies::parametric`]). [`Player::parse`] is the one entry
//! point every face (command line, web server, Python module) reads a
//! strategy's text through.

use std::sync::Arc;

use super::strategies::parametric::{parse_parametric, CustomStrategy, Files};
use super::strategies::{lookup, Strategy, StrategyInfo};
use super::{IpdError, Payoffs};

/// A strategy that can play: named or given by parameters.
#[derive(Debug, Clone, PartialEq)]
pub enum Player {
    /// A registered strategy.
    Named(&'static StrategyInfo),
    /// A strategy given by parameters.
    Custom(Arc<CustomStrategy>),
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
        }
    }

    /// The display name: the library's name, or the canonical text.
    pub fn name(&self) -> &str {
        match self {
            Player::Named(info) => info.name,
            Player::Custom(custom) => custom.id(),
        }
    }

    /// Whether the strategy draws random numbers.
    pub fn stochastic(&self) -> bool {
        match self {
            Player::Named(info) => info.stochastic,
            Player::Custom(custom) => custom.stochastic(),
        }
    }

    /// The rule in a sentence or two.
    pub fn description(&self) -> &str {
        match self {
            Player::Named(info) => info.description,
            Player::Custom(custom) => custom.description(),
        }
    }

    /// A fresh player for one match.
    pub fn make(&self) -> Box<dyn Strategy> {
        match self {
            Player::Named(info) => info.make(),
            Player::Custom(custom) => custom.make(),
        }
    }

    /// Checks that the strategy is defined with these payoffs (a
    /// zero-determinant strategy given by parameters may not be).
    pub fn check_payoffs(&self, payoffs: &Payoffs) -> Result<(), IpdError> {
        match self {
            Player::Named(_) => Ok(()),
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
