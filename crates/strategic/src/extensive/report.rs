//! The records of the extensive-form questions, as the command line prints
//! them with `--format json` (keys documented in `docs/json.md`): behaviour
//! strategies per player and information set (labels and exact `"p/q"`
//! probabilities), the payoffs, and the independent best-response check of
//! every equilibrium reported ([`super::behaviour::check_equilibrium`]).
//!
//! [`solve_extensive_nash`] dispatches the methods: the sequence form
//! (Lemke's algorithm, [`super::lemke`]) or any normal-form method on the
//! reduced strategic form ([`super::reduced`]), whose mixed equilibria are
//! turned into behaviour strategies by Kuhn's theorem.

use serde::Serialize;

use super::behaviour::{check_equilibrium, expected_payoffs, BehaviourProfile, PlayerCheck};
use super::error::ExtensiveError;
use super::game::ExtensiveGame;
use super::lemke::lemke_equilibrium;
use super::reduced::{reduced_form, reduced_size};
use super::sequence_form::solve_zero_sum;
use crate::exact_text::format_rational;
use crate::nplayer::support_size_refusal;
use crate::report::{solve_nash, NashOptions};
use crate::support_enumeration::DEFAULT_SUPPORT_LIMIT;

/// How to find equilibria of an extensive game.
#[derive(Debug, Clone)]
pub enum ExtensiveMethod<'a> {
    /// Lemke's algorithm on the sequence form (two players): one equilibrium.
    SequenceForm,
    /// A normal-form method on the reduced strategic form.
    Reduced(NashOptions<'a>),
}

/// One information set's behaviour: its label and each action's probability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InfosetRecord {
    /// The set's label (or `player:number` when the file gives none).
    pub label: String,
    /// The set's number among the player's sets (Gambit's numbering).
    pub number: u64,
    /// The actions' labels.
    pub actions: Vec<String>,
    /// The probability of each action, exact.
    pub probabilities: Vec<String>,
}

/// One player's behaviour strategy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerBehaviour {
    /// The player's name.
    pub player: String,
    /// The player's information sets.
    pub information_sets: Vec<InfosetRecord>,
}

/// A behaviour profile with its payoffs and its check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BehaviourRecord {
    /// Per player, the behaviour strategy.
    pub strategies: Vec<PlayerBehaviour>,
    /// Per player, the expected payoff (exact).
    pub payoffs: Vec<String>,
    /// Per player, the payoff and the best-response value.
    pub check: Vec<PlayerCheck>,
    /// Whether every player's payoff equals its best-response value.
    pub verified: bool,
}

/// The record of `sprague nash GAME.efg --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExtensiveNashReport {
    /// The game's title.
    pub game: String,
    /// The players' names.
    pub players: Vec<String>,
    /// The method, in words.
    pub method: String,
    /// The equilibria found, as behaviour strategies.
    pub equilibria: Vec<BehaviourRecord>,
    /// Equilibria with irrational probabilities (games of three or more
    /// players), exactly, as mixed strategies of the reduced strategic form:
    /// they cannot be written `p/q`, so they are listed apart, each
    /// probability `a+b*sqrt(r)` (absent when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub irrational_equilibria: Vec<IrrationalReducedRecord>,
    /// A remark on the result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One reduced strategy played with positive probability in an irrational
/// equilibrium.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReducedStrategyProbability {
    /// The reduced strategy's name (one action per information set, `*` where
    /// the strategy never reaches it).
    pub strategy: String,
    /// Its probability, exactly (`p/q` or `a+b*sqrt(r)`).
    pub probability: String,
}

/// An equilibrium of the reduced strategic form with irrational
/// probabilities.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IrrationalReducedRecord {
    /// Per player, the reduced strategies played with positive probability.
    pub strategies: Vec<Vec<ReducedStrategyProbability>>,
    /// The expected payoffs, exactly.
    pub payoffs: Vec<String>,
}

/// The record of `sprague zerosum GAME.efg --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExtensiveZeroSumReport {
    /// The game's title.
    pub game: String,
    /// The players' names.
    pub players: Vec<String>,
    /// The method, in words.
    pub method: String,
    /// The value to the first player (exact).
    pub value: String,
    /// Optimal behaviour strategies and their check.
    pub optimal: BehaviourRecord,
}

/// The record of a behaviour profile of `game`, checked.
pub fn behaviour_record(
    game: &ExtensiveGame,
    profile: &BehaviourProfile,
) -> Result<BehaviourRecord, ExtensiveError> {
    let check = check_equilibrium(game, profile)?;
    let strategies = (0..game.num_players())
        .map(|p| PlayerBehaviour {
            player: game.players[p].clone(),
            information_sets: game
                .player_infosets(p)
                .into_iter()
                .map(|h| InfosetRecord {
                    label: game.infoset_name(h),
                    number: game.infosets[h].number,
                    actions: game.infosets[h].actions.clone(),
                    probabilities: profile.probabilities[h]
                        .iter()
                        .map(format_rational)
                        .collect(),
                })
                .collect(),
        })
        .collect();
    Ok(BehaviourRecord {
        strategies,
        payoffs: expected_payoffs(game, profile)
            .iter()
            .map(format_rational)
            .collect(),
        verified: check.iter().all(|c| c.best),
        check,
    })
}

/// Equilibria of an extensive game by the method asked for, each checked.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, report::{solve_extensive_nash, ExtensiveMethod}};
/// let r = solve_extensive_nash(&kuhn_poker(), &ExtensiveMethod::SequenceForm).unwrap();
/// assert_eq!(r.equilibria[0].payoffs[0], "-1/18");
/// assert!(r.equilibria[0].verified);
/// ```
pub fn solve_extensive_nash(
    game: &ExtensiveGame,
    method: &ExtensiveMethod<'_>,
) -> Result<ExtensiveNashReport, ExtensiveError> {
    let mut irrational_equilibria = Vec::new();
    let (method_text, profiles, note) = match method {
        ExtensiveMethod::SequenceForm => {
            let s = lemke_equilibrium(game)?;
            (
                format!(
                    "Lemke's algorithm on the sequence form (Koller, Megiddo and von Stengel 1996), exact, {} pivots",
                    s.pivots
                ),
                vec![s.profile],
                None,
            )
        }
        ExtensiveMethod::Reduced(options) => {
            let support = match options.method {
                crate::report::NashMethod::Auto => game.num_players() > 2,
                m => m == crate::report::NashMethod::Support && game.num_players() > 2,
            };
            if support && !options.force {
                // Support enumeration's refusal, before the form is built.
                let counts = reduced_size(game, &super::sequences::Sequences::new(game)?)?;
                if let Some(e) = support_size_refusal(&counts, DEFAULT_SUPPORT_LIMIT) {
                    return Err(ExtensiveError::Invalid(e.to_string()));
                }
            }
            let reduced = reduced_form(game)?;
            let found = solve_nash(&reduced.game, options).map_err(|e| match e {
                crate::StrategicError::TooLarge { .. }
                | crate::StrategicError::OutOfMemory { .. }
                | crate::StrategicError::NeedsMemory { .. }
                | crate::StrategicError::NotTwoPlayer(_) => ExtensiveError::Invalid(e.to_string()),
                crate::StrategicError::Interrupted => ExtensiveError::Interrupted,
                other => ExtensiveError::Solver(other.to_string()),
            })?;
            let mut profiles: Vec<BehaviourProfile> = Vec::new();
            for e in &found.equilibria {
                let b = reduced.mixed_to_behaviour(game, &e.strategies);
                if !profiles.contains(&b) {
                    profiles.push(b);
                }
            }
            for e in found.nplayer.iter().flat_map(|n| &n.irrational) {
                irrational_equilibria.push(IrrationalReducedRecord {
                    strategies: e
                        .strategies
                        .iter()
                        .zip(reduced.game.strategies())
                        .map(|(probabilities, names)| {
                            probabilities
                                .iter()
                                .zip(names)
                                .filter(|(p, _)| !p.is_zero())
                                .map(|(p, name)| ReducedStrategyProbability {
                                    strategy: name.clone(),
                                    probability: p.to_string(),
                                })
                                .collect()
                        })
                        .collect(),
                    payoffs: e.payoffs.iter().map(ToString::to_string).collect(),
                });
            }
            let counts = reduced.game.strategy_counts();
            let mut note = format!(
                "the reduced strategic form has {} reduced strategies; {} mixed equilibria give {} distinct behaviour profiles",
                counts.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" × "),
                found.equilibria.len(),
                profiles.len()
            );
            if let Some(n) = &found.note {
                note.push_str("; ");
                note.push_str(n);
            }
            (
                format!("{} on the reduced strategic form", found.method),
                profiles,
                Some(note),
            )
        }
    };
    let equilibria = profiles
        .iter()
        .map(|b| behaviour_record(game, b))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ExtensiveNashReport {
        game: game.title.clone(),
        players: game.players.clone(),
        method: method_text,
        equilibria,
        irrational_equilibria,
        note,
    })
}

/// Value and optimal behaviour strategies of a two-player zero-sum game by
/// the sequence-form linear programmes, checked.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, report::solve_extensive_zero_sum};
/// let r = solve_extensive_zero_sum(&kuhn_poker()).unwrap();
/// assert_eq!(r.value, "-1/18");
/// assert!(r.optimal.verified);
/// ```
pub fn solve_extensive_zero_sum(
    game: &ExtensiveGame,
) -> Result<ExtensiveZeroSumReport, ExtensiveError> {
    let s = solve_zero_sum(game)?;
    Ok(ExtensiveZeroSumReport {
        game: game.title.clone(),
        players: game.players.clone(),
        method: "sequence-form linear programmes (Koller, Megiddo and von Stengel 1996), exact simplex method".into(),
        value: format_rational(&s.value),
        optimal: behaviour_record(game, &s.profile)?,
    })
}

/// One subgame of a subgame-perfect equilibrium: where it starts and how it was solved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SubgameRecord {
    /// The subgame's root: its node's number in preorder (the order of the
    /// nodes in a `.efg` file), from 1 for the root of the game.
    pub root_node: usize,
    /// The method that solved it.
    pub method: String,
}

/// The record of `sprague tree spe GAME --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SubgamePerfectReport {
    /// The game's title.
    pub game: String,
    /// The players' names.
    pub players: Vec<String>,
    /// The subgames, the whole game first.
    pub subgames: Vec<SubgameRecord>,
    /// The subgame-perfect equilibrium, checked in the whole game.
    pub equilibrium: BehaviourRecord,
    /// Whether the best-response check passed in every subgame (`null`: only
    /// the whole game was checked, the tree being too large).
    pub every_subgame_checked: Option<bool>,
}

/// A subgame-perfect equilibrium and its record.
///
/// ```
/// use sprague_strategic::extensive::{builtin::beer_quiche, report::solve_subgame_perfect};
/// let r = solve_subgame_perfect(&beer_quiche()).unwrap();
/// assert_eq!(r.subgames.len(), 1);
/// assert!(r.equilibrium.verified);
/// ```
pub fn solve_subgame_perfect(game: &ExtensiveGame) -> Result<SubgamePerfectReport, ExtensiveError> {
    let spe = super::subgame::subgame_perfect(game)?;
    Ok(SubgamePerfectReport {
        game: game.title.clone(),
        players: game.players.clone(),
        subgames: spe
            .roots
            .iter()
            .zip(&spe.methods)
            .map(|(&v, m)| SubgameRecord {
                root_node: v + 1,
                method: m.to_string(),
            })
            .collect(),
        equilibrium: behaviour_record(game, &spe.profile)?,
        every_subgame_checked: spe.every_subgame_checked,
    })
}

/// What a game is: its size and the properties the methods depend on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The game's title.
    pub game: String,
    /// The players' names.
    pub players: Vec<String>,
    /// The number of nodes.
    pub nodes: usize,
    /// The number of leaves.
    pub leaves: usize,
    /// The number of chance nodes.
    pub chance_nodes: usize,
    /// Per player, the number of information sets.
    pub information_sets: Vec<usize>,
    /// Whether every information set holds one node.
    pub perfect_information: bool,
    /// Whether every player has perfect recall.
    pub perfect_recall: bool,
    /// Why not, when a player forgets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imperfect_recall: Option<String>,
    /// Whether the game has two players whose payoffs add up to a constant.
    pub zero_sum: bool,
    /// Per player, the number of sequences (perfect recall only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sequences: Option<Vec<usize>>,
    /// Per player, the number of reduced pure strategies (perfect recall only; exact text).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduced_strategies: Option<Vec<String>>,
    /// The number of subgames (the whole game included).
    pub subgames: usize,
}

/// Describes a game.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, report::describe_game};
/// let info = describe_game(&kuhn_poker());
/// assert!(info.perfect_recall && info.zero_sum && !info.perfect_information);
/// assert_eq!(info.reduced_strategies, Some(vec!["27".to_string(), "64".to_string()]));
/// ```
pub fn describe_game(game: &ExtensiveGame) -> GameInfo {
    let recall = super::sequences::Sequences::new(game);
    let (sequences, reduced) = match &recall {
        Ok(seq) => (
            Some(seq.count.clone()),
            Some(
                super::reduced::reduced_strategy_counts(game, seq)
                    .iter()
                    .map(|&c| {
                        if c == u128::MAX {
                            "more than 10^38".to_string()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect(),
            ),
        ),
        Err(_) => (None, None),
    };
    GameInfo {
        game: game.title.clone(),
        players: game.players.clone(),
        nodes: game.nodes.len(),
        leaves: game.leaves().len(),
        chance_nodes: (0..game.nodes.len())
            .filter(|&v| game.mover(v) == Some(None))
            .count(),
        information_sets: (0..game.num_players())
            .map(|p| game.player_infosets(p).len())
            .collect(),
        perfect_information: game.is_perfect_information(),
        perfect_recall: recall.is_ok(),
        imperfect_recall: recall.err().map(|e| e.to_string()),
        zero_sum: game.zero_sum_constant().is_ok(),
        sequences,
        reduced_strategies: reduced,
        subgames: super::subgame::subgame_roots(game).len(),
    }
}
