//! The answers of the solution concepts as serialisable records: what
//! `sprague coop … --format json` prints and what the Python module reads,
//! built here once for both (keys documented in
//! docs/repeated-and-cooperative.md). Exact numbers are text `"p/q"`.
//!
//! Fields are declared in alphabetical order, the order of the JSON objects.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;
use serde::Serialize;

use super::allocation::{self, CoreCheck, Sense};
use super::builtin::Builtin;
use super::characteristic::CharacteristicFunction;
use super::constraint_generation::{self, Options, MAX_GENERATION_PLAYERS};
use super::input::{too_large, GameInput};
use super::monte_carlo::{self, Estimate};
use super::nucleolus::{self as table_lp, CoreResult, LeastCore, Nucleolus};
use super::structured::{AirportGame, BankruptcyGame, GloveGame, SavingsGame};
use super::{BanzhafIndex, CoopError, TuGame, MAX_TABLE_PLAYERS};
use sprague_strategic::exact_text::format_rational;

fn strings(values: &[BigRational]) -> Vec<String> {
    values.iter().map(format_rational).collect()
}

/// The Shapley value of a game: exact, or estimated by Monte Carlo.
#[derive(Debug, Clone, PartialEq)]
pub enum ShapleyReport {
    /// Exact (a table, or a weighted voting game within the exact limits).
    Exact {
        /// The players' names.
        players: Vec<String>,
        /// One value per player.
        values: Vec<BigRational>,
    },
    /// Estimated from random orders.
    Estimate {
        /// The players' names.
        players: Vec<String>,
        /// One estimate per player.
        estimate: Vec<Estimate>,
        /// The number of random orders.
        samples: u64,
        /// Their seed.
        seed: u64,
    },
}

/// The exact Shapley value when `coop shapley` computes it exactly: for a
/// table, and for a weighted voting game within the exact limits when no
/// `monte_carlo` samples are asked for; `None` when it estimates instead.
///
/// ```
/// use sprague_cooperative::input::GameInput;
/// use sprague_cooperative::report::exact_shapley;
///
/// let game = GameInput::parse_inline("[3; 2, 1, 1]").unwrap().unwrap();
/// let values = exact_shapley(&game, None).unwrap().unwrap();
/// assert_eq!(values[0].to_string(), "2/3");
/// assert!(exact_shapley(&game, Some(1000)).is_none());
/// ```
pub fn exact_shapley(
    game: &GameInput,
    monte_carlo: Option<u64>,
) -> Option<Result<Vec<BigRational>, CoopError>> {
    match game {
        GameInput::Weighted(w) if monte_carlo.is_none() && w.exact_is_feasible() => {
            Some(w.shapley_shubik())
        }
        GameInput::Table(t) => Some(Ok(super::shapley(t))),
        GameInput::Builtin(b) if b.players() <= MAX_TABLE_PLAYERS => {
            Some(b.to_game().map(|t| super::shapley(&t)))
        }
        GameInput::Assignment(a) if a.players() <= MAX_TABLE_PLAYERS => {
            Some(game.table("Shapley value").map(|t| super::shapley(&t)))
        }
        GameInput::Weighted(_) | GameInput::Builtin(_) => None,
        GameInput::Assignment(a) => Some(Err(too_large("Shapley value", a.players()))),
    }
}

/// The Shapley value as `coop shapley` computes it: exact for tables and
/// weighted voting games within the exact limits ([`exact_shapley`]); a
/// Monte Carlo estimate when `monte_carlo` samples are asked of a weighted
/// voting game, for one beyond the exact limits (100 000 orders by default),
/// and for a built-in game too large for a table (10 000 by default).
pub fn shapley(
    game: &GameInput,
    monte_carlo: Option<u64>,
    seed: u64,
) -> Result<ShapleyReport, CoopError> {
    if let Some(samples) = monte_carlo {
        monte_carlo::check_samples(samples)?;
    }
    let players = game.names();
    if let Some(values) = exact_shapley(game, monte_carlo) {
        return Ok(ShapleyReport::Exact {
            players,
            values: values?,
        });
    }
    Ok(match game {
        GameInput::Weighted(w) => {
            let samples = monte_carlo.unwrap_or(100_000);
            ShapleyReport::Estimate {
                players,
                estimate: monte_carlo::shapley_shubik(w, samples, seed),
                samples,
                seed,
            }
        }
        GameInput::Builtin(b) => {
            let samples = monte_carlo.unwrap_or(10_000);
            ShapleyReport::Estimate {
                players,
                estimate: monte_carlo::shapley(b.players(), |m| b.worth_f64(m), samples, seed),
                samples,
                seed,
            }
        }
        // exact_shapley answers every table and assignment game.
        GameInput::Table(_) | GameInput::Assignment(_) => ShapleyReport::Exact {
            players,
            values: game.table("Shapley value").map(|t| super::shapley(&t))?,
        },
    })
}

/// The JSON record of a Shapley value.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ShapleyRecord {
    /// `{"exact": true, "players", "shapley": ["p/q", …]}`.
    Exact {
        /// Always `true`.
        exact: bool,
        /// The players' names.
        players: Vec<String>,
        /// One exact value per player.
        shapley: Vec<String>,
    },
    /// The Monte Carlo estimate.
    Estimate {
        /// The 95% confidence interval of each player's value.
        confidence_95: Vec<[f64; 2]>,
        /// Always `false`.
        exact: bool,
        /// `"monte-carlo"`.
        method: &'static str,
        /// The players' names.
        players: Vec<String>,
        /// The number of random orders.
        samples: u64,
        /// Their seed.
        seed: u64,
        /// The estimated values.
        shapley: Vec<f64>,
    },
}

impl ShapleyReport {
    /// The JSON record.
    pub fn record(&self) -> ShapleyRecord {
        match self {
            ShapleyReport::Exact { players, values } => ShapleyRecord::Exact {
                exact: true,
                players: players.clone(),
                shapley: strings(values),
            },
            ShapleyReport::Estimate {
                players,
                estimate,
                samples,
                seed,
            } => ShapleyRecord::Estimate {
                confidence_95: estimate
                    .iter()
                    .map(|e| [e.mean - e.half_width, e.mean + e.half_width])
                    .collect(),
                exact: false,
                method: "monte-carlo",
                players: players.clone(),
                samples: *samples,
                seed: *seed,
                shapley: estimate.iter().map(|e| e.mean).collect(),
            },
        }
    }
}

/// The Banzhaf index of a game, with the swings of a weighted voting game.
#[derive(Debug, Clone, PartialEq)]
pub struct BanzhafReport {
    /// The players' names.
    pub players: Vec<String>,
    /// Raw and normalised.
    pub index: BanzhafIndex,
    /// Each player's swings (weighted voting games only).
    pub swings: Option<Vec<BigInt>>,
}

/// The Banzhaf index as `coop banzhaf` computes it (exact; refused for a
/// built-in game too large for a table).
pub fn banzhaf(game: &GameInput) -> Result<BanzhafReport, CoopError> {
    let (index, swings) = match game {
        GameInput::Weighted(w) => (w.banzhaf()?, Some(w.swings()?)),
        other => (super::banzhaf(&other.table("Banzhaf index")?), None),
    };
    Ok(BanzhafReport {
        players: game.names(),
        index,
        swings,
    })
}

/// The JSON record of a Banzhaf index.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BanzhafRecord {
    /// The normalised index (`None` when the raw values are all 0).
    pub banzhaf: Option<Vec<String>>,
    /// Always `true`.
    pub exact: bool,
    /// The players' names.
    pub players: Vec<String>,
    /// The raw values.
    pub raw: Vec<String>,
    /// Each player's swings (weighted voting games).
    pub swings: Option<Vec<String>>,
}

impl BanzhafReport {
    /// The JSON record.
    pub fn record(&self) -> BanzhafRecord {
        BanzhafRecord {
            banzhaf: self.index.normalized.as_deref().map(strings),
            exact: true,
            players: self.players.clone(),
            raw: strings(&self.index.raw),
            swings: self
                .swings
                .as_ref()
                .map(|s| s.iter().map(BigInt::to_string).collect()),
        }
    }
}

/// The JSON record of `coop core`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CoreRecord {
    /// Whether the core is empty.
    pub core_empty: bool,
    /// The least-core ε (`None` for one player).
    pub least_core_epsilon: Option<String>,
    /// The players' names.
    pub players: Vec<String>,
    /// A core point, if the core is not empty.
    pub point: Option<Vec<String>>,
}

impl CoreRecord {
    /// The record of `result`, the core of `game`.
    pub fn new(game: &GameInput, result: &CoreResult) -> Self {
        CoreRecord {
            core_empty: result.is_empty(),
            least_core_epsilon: result.least_core.epsilon.as_ref().map(format_rational),
            players: game.names(),
            point: result.point.as_deref().map(strings),
        }
    }
}

/// The core as `coop core` computes it: from the least core of
/// [`least_core`] (same methods, so up to 25 players for games given by a
/// rule; the airport game as a cost game), empty exactly when its ε is
/// positive, and otherwise the least core's point, which is then a core point.
///
/// ```
/// use sprague_cooperative::constraint_generation::Options;
/// use sprague_cooperative::input::GameInput;
/// use sprague_cooperative::report::core;
/// let game = GameInput::parse_inline("[2; 1, 1, 1]").unwrap().unwrap();
/// assert!(core(&game, &Options::default()).unwrap().is_empty());
/// ```
pub fn core(game: &GameInput, options: &Options) -> Result<CoreResult, CoopError> {
    let least_core = least_core(game, options)?;
    let point = match &least_core.epsilon {
        Some(e) if e.is_positive() => None,
        _ => Some(least_core.point.clone()),
    };
    Ok(CoreResult { point, least_core })
}

/// The JSON record of `coop least-core`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LeastCoreRecord {
    /// The least-core ε (`None` for one player).
    pub epsilon: Option<String>,
    /// How it was computed: `"all-coalitions"` or `"constraint-generation"`.
    pub method: &'static str,
    /// The players' names.
    pub players: Vec<String>,
    /// A point of the least core.
    pub point: Vec<String>,
}

impl LeastCoreRecord {
    /// The record of `result`, the least core of `game`.
    pub fn new(game: &GameInput, result: &LeastCore) -> Self {
        LeastCoreRecord {
            epsilon: result.epsilon.as_ref().map(format_rational),
            method: method(game),
            players: game.names(),
            point: strings(&result.point),
        }
    }
}

/// The largest table solved by the LP over all its coalitions
/// ([`crate::nucleolus`]); larger tables and every game given by a rule go
/// to [`crate::constraint_generation`].
pub const ALL_COALITIONS_PLAYERS: usize = 16;

/// How [`least_core`] and [`nucleolus`] solve `game`: `"all-coalitions"`
/// (a table of at most [`ALL_COALITIONS_PLAYERS`] players) or
/// `"constraint-generation"`.
pub fn method(game: &GameInput) -> &'static str {
    match game {
        GameInput::Table(t) if t.players() <= ALL_COALITIONS_PLAYERS => "all-coalitions",
        _ => "constraint-generation",
    }
}

fn check_generation_size(game: &GameInput) -> Result<(), CoopError> {
    let n = game.players();
    if n > MAX_GENERATION_PLAYERS {
        return Err(CoopError::TooLarge(format!(
            "the exact core, least core and nucleolus take at most {MAX_GENERATION_PLAYERS} players, not {n}"
        )));
    }
    Ok(())
}

/// Solves `game` by `solve`, which answers the game given by a rule; an
/// airport game is solved through its savings game and `back` turns the
/// answer into cost shares (cᵢ − yᵢ).
fn by_rule<T>(
    game: &GameInput,
    solve: &dyn Fn(&dyn CharacteristicFunction) -> Result<T, CoopError>,
    back: &dyn Fn(T, &[BigRational]) -> T,
) -> Result<T, CoopError> {
    check_generation_size(game)?;
    match game {
        GameInput::Table(t) => solve(t),
        GameInput::Weighted(w) => solve(w),
        GameInput::Assignment(a) => solve(a),
        GameInput::Builtin(Builtin::Glove { left, right }) => {
            solve(&GloveGame::new(*left, *right)?)
        }
        GameInput::Builtin(Builtin::Bankruptcy { estate, claims }) => {
            solve(&BankruptcyGame::new(estate, claims)?)
        }
        GameInput::Builtin(Builtin::Airport { costs }) => {
            let savings = SavingsGame::new(AirportGame::new(costs)?);
            Ok(back(solve(&savings)?, costs))
        }
    }
}

fn cost_shares(costs: &[BigRational], savings: &[BigRational]) -> Vec<BigRational> {
    costs.iter().zip(savings).map(|(c, y)| c - y).collect()
}

/// The least core as `coop least-core` computes it: by the LP over all
/// coalitions for a table of at most [`ALL_COALITIONS_PLAYERS`] players,
/// else by constraint generation (up to 25 players). The airport game is a
/// cost game: its least core is that of its savings game, and the point is
/// given as cost shares.
///
/// ```
/// use sprague_cooperative::constraint_generation::Options;
/// use sprague_cooperative::input::GameInput;
/// use sprague_cooperative::report::least_core;
/// let game = GameInput::parse_inline("[2; 1, 1, 1]").unwrap().unwrap();
/// let found = least_core(&game, &Options::default()).unwrap();
/// assert_eq!(found.epsilon.unwrap().to_string(), "1/3");
/// ```
pub fn least_core(game: &GameInput, options: &Options) -> Result<LeastCore, CoopError> {
    if let GameInput::Table(t) = game {
        if t.players() <= ALL_COALITIONS_PLAYERS {
            return table_lp::least_core(t);
        }
    }
    by_rule(
        game,
        &|g| constraint_generation::least_core(g, options),
        &|found: LeastCore, costs| LeastCore {
            point: cost_shares(costs, &found.point),
            ..found
        },
    )
}

/// The nucleolus (or with `pre` the prenucleolus) as `coop nucleolus`
/// computes it, chosen as in [`least_core`]; for the airport cost game the
/// cost nucleolus (cᵢ − yᵢ for the nucleolus y of the savings game).
///
/// ```
/// use sprague_cooperative::constraint_generation::Options;
/// use sprague_cooperative::input::GameInput;
/// use sprague_cooperative::report::nucleolus;
/// let game = GameInput::parse_inline("airport:1,2,3").unwrap().unwrap();
/// let found = nucleolus(&game, false, &Options::default()).unwrap();
/// let shares: Vec<String> = found.allocation.iter().map(|v| v.to_string()).collect();
/// assert_eq!(shares, ["1/2", "3/4", "7/4"]);
/// ```
pub fn nucleolus(game: &GameInput, pre: bool, options: &Options) -> Result<Nucleolus, CoopError> {
    if let GameInput::Table(t) = game {
        if t.players() <= ALL_COALITIONS_PLAYERS {
            return if pre {
                table_lp::prenucleolus(t)
            } else {
                table_lp::nucleolus(t)
            };
        }
    }
    by_rule(
        game,
        &|g| {
            if pre {
                constraint_generation::prenucleolus(g, options)
            } else {
                constraint_generation::nucleolus(g, options)
            }
        },
        &|found: Nucleolus, costs| Nucleolus {
            allocation: cost_shares(costs, &found.allocation),
            ..found
        },
    )
}

/// The JSON record of `coop nucleolus` (with `--pre`, the key `prenucleolus`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NucleolusRecord {
    /// Always `true`.
    pub exact: bool,
    /// The largest excess of each round.
    pub levels: Vec<String>,
    /// The linear programs solved.
    pub lp_solves: usize,
    /// How it was computed: `"all-coalitions"` or `"constraint-generation"`.
    pub method: &'static str,
    /// The nucleolus.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nucleolus: Option<Vec<String>>,
    /// The players' names.
    pub players: Vec<String>,
    /// The prenucleolus.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prenucleolus: Option<Vec<String>>,
    /// The scans over all coalitions (constraint generation; 0 otherwise).
    pub scans: usize,
}

impl NucleolusRecord {
    /// The record of `result`, the nucleolus of `game` (the prenucleolus when `pre`).
    pub fn new(game: &GameInput, result: &Nucleolus, pre: bool) -> Self {
        let allocation = strings(&result.allocation);
        let (nucleolus, prenucleolus) = if pre {
            (None, Some(allocation))
        } else {
            (Some(allocation), None)
        };
        NucleolusRecord {
            exact: true,
            levels: strings(&result.levels),
            lp_solves: result.lp_solves,
            method: method(game),
            nucleolus,
            players: game.names(),
            prenucleolus,
            scans: result.scans,
        }
    }
}

/// The core test of a given allocation, as `coop in-core` does it: on the
/// game's table of all coalitions (at most [`MAX_TABLE_PLAYERS`]
/// players), the airport game read as the cost game it is (no coalition may
/// pay more than its own cost), every other game as a worth game. Returns the
/// table with the check.
///
/// ```
/// use sprague_cooperative::input::GameInput;
/// use sprague_cooperative::report::in_core;
/// use sprague_strategic::exact_text::parse_rational;
/// let airport = GameInput::parse_inline("airport:1,2,3").unwrap().unwrap();
/// let x: Vec<_> = ["1", "1", "1"].iter().map(|s| parse_rational(s).unwrap()).collect();
/// assert!(in_core(&airport, &x).unwrap().1.in_core());
/// ```
pub fn in_core(
    game: &GameInput,
    allocation: &[BigRational],
) -> Result<(TuGame, CoreCheck), CoopError> {
    let table = game.table("core test")?;
    let sense = if game.is_cost_game() {
        Sense::Cost
    } else {
        Sense::Worth
    };
    let check = allocation::core_membership_as(&table, allocation, sense)?;
    Ok((table, check))
}

/// The JSON record of `coop in-core`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InCoreRecord {
    /// `"worth"`, or `"cost"` for a cost game (the airport game).
    pub game_kind: &'static str,
    /// Whether the shares add up to v(N).
    pub efficient: bool,
    /// Whether the allocation is in the core.
    pub in_core: bool,
    /// The largest excess v(S) − x(S) (of a cost game: x(S) − c(S)).
    pub max_excess: String,
    /// A coalition with that excess, e.g. `{A,C}`.
    pub most_unhappy_coalition: String,
    /// The players' names.
    pub players: Vec<String>,
    /// x(N) − v(N).
    pub surplus: String,
}

impl InCoreRecord {
    /// The record of `check`, a core test in `game`.
    pub fn new(game: &TuGame, check: &CoreCheck) -> Self {
        InCoreRecord {
            game_kind: match check.sense {
                Sense::Worth => "worth",
                Sense::Cost => "cost",
            },
            efficient: check.efficient,
            in_core: check.in_core(),
            max_excess: format_rational(&check.most_unhappy.1),
            most_unhappy_coalition: game.label(check.most_unhappy.0),
            players: game.names().to_vec(),
            surplus: format_rational(&check.surplus),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spec: &str) -> GameInput {
        GameInput::parse_inline(spec).unwrap().unwrap()
    }

    #[test]
    fn records_serialise_with_the_documented_keys() {
        let talmud = game("bankruptcy:200:100,200,300");
        let n = nucleolus(&talmud, false, &Options::default()).unwrap();
        assert_eq!(
            serde_json::to_string(&NucleolusRecord::new(&talmud, &n, false)).unwrap(),
            r#"{"exact":true,"levels":["-50","-75"],"lp_solves":2,"method":"constraint-generation","nucleolus":["50","75","75"],"players":["1","2","3"],"scans":2}"#
        );
        let shapley = shapley(&game("glove:1,2"), None, 0).unwrap().record();
        assert_eq!(
            serde_json::to_string(&shapley).unwrap(),
            r#"{"exact":true,"players":["L1","R1","R2"],"shapley":["2/3","1/6","1/6"]}"#
        );
        let estimate = shapley_of("[51; 49, 48, 3]", Some(100));
        assert_eq!(estimate["exact"], false);
        assert_eq!(estimate["method"], "monte-carlo");
        let banzhaf = banzhaf(&game("[3; 2, 1, 1]")).unwrap().record();
        assert_eq!(
            banzhaf.swings,
            Some(vec!["3".into(), "1".into(), "1".into()])
        );
        assert!(super::banzhaf(&game("glove:15,15")).is_err());
    }

    fn shapley_of(spec: &str, samples: Option<u64>) -> serde_json::Value {
        serde_json::to_value(shapley(&game(spec), samples, 1).unwrap().record()).unwrap()
    }
}
