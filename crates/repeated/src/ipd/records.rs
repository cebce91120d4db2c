//! The answers of the IPD as serialisable records: what `sprague ipd …
//! --format json` prints and what the Python module reads, built here once
//! for both (keys are documented in docs/repeated-and-cooperative.md).
//!
//! Fields are declared in alphabetical order, the order of the JSON objects.

use serde::Serialize;

use super::game_match::MatchResult;
use super::moran::MoranOutcome;
use super::player::Player;
use super::strategies::all_strategies;
use super::tournament::{TournamentConfig, TournamentResult};

/// A strategy as `sprague ipd strategies --format json` lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StrategyRecord {
    /// Other names it is known by.
    pub aliases: &'static [&'static str],
    /// Its rule, in a sentence or two.
    pub description: &'static str,
    /// The name to pass.
    pub id: &'static str,
    /// The Axelrod library's name.
    pub name: &'static str,
    /// Whether it draws random numbers.
    pub stochastic: bool,
}

/// Every strategy, in the order of [`all_strategies`].
pub fn strategy_records() -> Vec<StrategyRecord> {
    all_strategies()
        .map(|s| StrategyRecord {
            aliases: s.aliases,
            description: s.description,
            id: s.id,
            name: s.name,
            stochastic: s.stochastic,
        })
        .collect()
}

/// One match, as `sprague ipd match --format json` prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchRecord {
    /// Both players' actions, turn by turn (`["C", "D"]`).
    pub actions: Vec<[char; 2]>,
    /// How often each player cooperated.
    pub cooperations: [usize; 2],
    /// The two strategies' ids.
    pub players: [String; 2],
    /// Both players' total payoffs.
    pub scores: [f64; 2],
    /// The number of turns played.
    pub turns: usize,
}

impl MatchRecord {
    /// The record of `result`, a match of `a` against `b`.
    pub fn new(a: &Player, b: &Player, result: &MatchResult) -> Self {
        MatchRecord {
            actions: result
                .actions
                .iter()
                .map(|(x, y)| [x.as_char(), y.as_char()])
                .collect(),
            cooperations: result.summary.cooperations,
            players: [a.id().to_string(), b.id().to_string()],
            scores: result.summary.scores,
            turns: result.summary.turns,
        }
    }
}

/// One row of a tournament's ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RankingRecord {
    /// The fraction of its moves against others that were C.
    pub cooperation_rate: f64,
    /// The median over the repetitions of its score per turn.
    pub median_score: f64,
    /// The Axelrod library's name (the canonical text of a strategy given by parameters).
    pub name: String,
    /// 1 for the first.
    pub rank: usize,
    /// The strategy's id.
    pub strategy: String,
    /// Matches won over all repetitions.
    pub wins: u32,
}

/// A tournament, as `sprague ipd tournament --format json` prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentRecord {
    /// The fraction of each player's moves against others that were C.
    pub cooperation_rates: Vec<f64>,
    /// The probability that an action is flipped.
    pub noise: f64,
    /// Mean payoff per turn of row against column.
    pub payoff_matrix: Vec<Vec<f64>>,
    /// The players' ids, in input order.
    pub players: Vec<String>,
    /// The probability of ending after each turn, if the length is random.
    pub prob_end: Option<f64>,
    /// The players from first to last.
    pub ranking: Vec<RankingRecord>,
    /// The number of repetitions.
    pub repetitions: usize,
    /// `scores[i][r]`: payoff per turn of player i in repetition r.
    pub scores: Vec<Vec<f64>>,
    /// The seed.
    pub seed: u64,
    /// The number of turns (`None` with a random length).
    pub turns: Option<usize>,
    /// `wins[i][r]`: matches player i won in repetition r.
    pub wins: Vec<Vec<u32>>,
}

impl TournamentRecord {
    /// The record of `result`, played with `config`.
    pub fn new(result: &TournamentResult, config: &TournamentConfig) -> Self {
        let total_wins: Vec<u32> = result.wins.iter().map(|w| w.iter().sum()).collect();
        TournamentRecord {
            cooperation_rates: result.cooperation_rates.clone(),
            noise: config.match_config.noise,
            payoff_matrix: result.payoff_matrix.clone(),
            players: result.players.iter().map(|p| p.id().to_string()).collect(),
            prob_end: config.match_config.prob_end,
            ranking: result
                .ranking
                .iter()
                .enumerate()
                .map(|(rank, &i)| RankingRecord {
                    cooperation_rate: result.cooperation_rates[i],
                    median_score: result.median_scores[i],
                    name: result.players[i].name().to_string(),
                    rank: rank + 1,
                    strategy: result.players[i].id().to_string(),
                    wins: total_wins[i],
                })
                .collect(),
            repetitions: config.repetitions,
            scores: result.scores.clone(),
            seed: config.seed,
            turns: match config.match_config.prob_end {
                Some(_) => None,
                None => Some(config.match_config.turns),
            },
            wins: result.wins.clone(),
        }
    }
}

/// The first run of a Moran record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FirstRunRecord {
    /// The strategy that took over, if one did.
    pub fixated: Option<String>,
    /// Counts of each strategy after each step (the start first).
    pub populations: Vec<Vec<usize>>,
}

/// Moran runs, as `sprague ipd moran --format json` prints them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoranRecord {
    /// Run 0 in full.
    pub first_run: FirstRunRecord,
    /// How many runs each strategy took over.
    pub fixations: Vec<usize>,
    /// The number of runs.
    pub runs: usize,
    /// The number of steps of each run.
    pub steps: Vec<usize>,
    /// The distinct strategies' ids.
    pub strategies: Vec<String>,
    /// Runs that had not fixated.
    pub unfixed: usize,
}

impl MoranRecord {
    /// The record of `runs` runs.
    pub fn new(outcome: &MoranOutcome, runs: usize) -> Self {
        let first = &outcome.first;
        MoranRecord {
            first_run: FirstRunRecord {
                fixated: first.fixated.map(|s| first.strategies[s].id().to_string()),
                populations: first.counts.clone(),
            },
            fixations: outcome.summary.fixations.clone(),
            runs,
            steps: outcome.summary.steps.clone(),
            strategies: outcome
                .summary
                .strategies
                .iter()
                .map(|s| s.id().to_string())
                .collect(),
            unfixed: outcome.summary.unfixed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::{play_match, MatchConfig};

    fn lookup(name: &str) -> Result<Player, crate::ipd::IpdError> {
        Player::parse(name)
    }

    #[test]
    fn a_match_record_has_the_documented_keys_in_order() {
        let (tft, alld) = (lookup("TitForTat").unwrap(), lookup("Defector").unwrap());
        let config = MatchConfig {
            turns: 3,
            ..MatchConfig::default()
        };
        let record = MatchRecord::new(&tft, &alld, &play_match(&tft, &alld, &config, 0).unwrap());
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            r#"{"actions":[["C","D"],["D","D"],["D","D"]],"cooperations":[1,0],"players":["TitForTat","Defector"],"scores":[2.0,7.0],"turns":3}"#
        );
    }

    #[test]
    fn tournament_records_name_every_parameter() {
        let players: Vec<_> = ["TitForTat", "Defector", "Cooperator"]
            .iter()
            .map(|n| lookup(n).unwrap())
            .collect();
        let config = TournamentConfig {
            match_config: MatchConfig {
                turns: 10,
                ..MatchConfig::default()
            },
            repetitions: 2,
            ..TournamentConfig::default()
        };
        let result = crate::ipd::tournament::run(&players, &config).unwrap();
        let value = serde_json::to_value(TournamentRecord::new(&result, &config)).unwrap();
        let keys: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "cooperation_rates",
                "noise",
                "payoff_matrix",
                "players",
                "prob_end",
                "ranking",
                "repetitions",
                "scores",
                "seed",
                "turns",
                "wins"
            ]
        );
        assert_eq!(value["ranking"][0]["strategy"], "Defector");
        assert_eq!(value["ranking"][0]["median_score"], 3.2);
        assert_eq!(value["turns"], 10);
        assert_eq!(strategy_records().len(), all_strategies().count());
    }
}
