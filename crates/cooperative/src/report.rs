//! The answers of the solution concepts as serialisable records: what
//! `sprague coop … --format json` prints and what the Python module reads,
//! built here once for both (keys documented in
//! docs/repeated-and-cooperative.md). Exact numbers are text `"p/q"`.
//!
//! Fields are declared in alphabetical order, the order of the JSON objects.

use num_bigint::BigInt;
use num_rational::BigRational;
use serde::Serialize;

use super::allocation::CoreCheck;
use super::input::{too_large, GameInput};
use super::monte_carlo::{self, Estimate};
use super::nucleolus::{CoreResult, LeastCore, Nucleolus};
use super::{BanzhafIndex, CoopError, TuGame};
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
        GameInput::Weighted(_) | GameInput::Large(_) => None,
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
        GameInput::Large(b) => {
            let samples = monte_carlo.unwrap_or(10_000);
            ShapleyReport::Estimate {
                players,
                estimate: monte_carlo::shapley(b.players(), |m| b.worth_f64(m), samples, seed),
                samples,
                seed,
            }
        }
        // exact_shapley answers every table.
        GameInput::Table(t) => ShapleyReport::Exact {
            players,
            values: super::shapley(t),
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
        GameInput::Table(t) => (super::banzhaf(t), None),
        GameInput::Large(b) => return Err(too_large("Banzhaf index", b.players())),
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
    pub fn new(game: &TuGame, result: &CoreResult) -> Self {
        CoreRecord {
            core_empty: result.is_empty(),
            least_core_epsilon: result.least_core.epsilon.as_ref().map(format_rational),
            players: game.names().to_vec(),
            point: result.point.as_deref().map(strings),
        }
    }
}

/// The JSON record of `coop least-core`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LeastCoreRecord {
    /// The least-core ε (`None` for one player).
    pub epsilon: Option<String>,
    /// The players' names.
    pub players: Vec<String>,
    /// A point of the least core.
    pub point: Vec<String>,
}

impl LeastCoreRecord {
    /// The record of `result`, the least core of `game`.
    pub fn new(game: &TuGame, result: &LeastCore) -> Self {
        LeastCoreRecord {
            epsilon: result.epsilon.as_ref().map(format_rational),
            players: game.names().to_vec(),
            point: strings(&result.point),
        }
    }
}

/// The JSON record of `coop nucleolus` (with `--pre`, the key `prenucleolus`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NucleolusRecord {
    /// Always `true`.
    pub exact: bool,
    /// The largest excess of each round.
    pub levels: Vec<String>,
    /// The nucleolus.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nucleolus: Option<Vec<String>>,
    /// The players' names.
    pub players: Vec<String>,
    /// The prenucleolus.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prenucleolus: Option<Vec<String>>,
}

impl NucleolusRecord {
    /// The record of `result`, the nucleolus of `game` (the prenucleolus when `pre`).
    pub fn new(game: &TuGame, result: &Nucleolus, pre: bool) -> Self {
        let allocation = strings(&result.allocation);
        let (nucleolus, prenucleolus) = if pre {
            (None, Some(allocation))
        } else {
            (Some(allocation), None)
        };
        NucleolusRecord {
            exact: true,
            levels: strings(&result.levels),
            nucleolus,
            players: game.names().to_vec(),
            prenucleolus,
        }
    }
}

/// The JSON record of `coop in-core`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InCoreRecord {
    /// Whether the shares add up to v(N).
    pub efficient: bool,
    /// Whether the allocation is in the core.
    pub in_core: bool,
    /// The largest excess v(S) − x(S).
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
    use crate::nucleolus;

    fn game(spec: &str) -> GameInput {
        GameInput::parse_inline(spec).unwrap().unwrap()
    }

    #[test]
    fn records_serialise_with_the_documented_keys() {
        let talmud = game("bankruptcy:200:100,200,300")
            .table("nucleolus")
            .unwrap();
        let n = nucleolus::nucleolus(&talmud).unwrap();
        assert_eq!(
            serde_json::to_string(&NucleolusRecord::new(&talmud, &n, false)).unwrap(),
            r#"{"exact":true,"levels":["-50","-75"],"nucleolus":["50","75","75"],"players":["1","2","3"]}"#
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
