//! The iterated prisoner's dilemma: `ipd/match`, `ipd/tournament`, `ipd/moran` and
//! `ipd/strategies`, answered with the `sprague_repeated::ipd::records` the CLI prints.
//! Tournaments and Moran runs stop on the request's stop flag.

use std::sync::atomic::Ordering;

use serde::Deserialize;
use sprague_repeated::ipd::moran::{self, MoranConfig};
use sprague_repeated::ipd::player::players;
use sprague_repeated::ipd::records::{
    strategy_records, MatchRecord, MoranRecord, TournamentRecord,
};
use sprague_repeated::ipd::strategies::parametric::Files;
use sprague_repeated::ipd::tournament::{Tournament, TournamentConfig};
use sprague_repeated::ipd::{all_strategies, play_match, IpdError, MatchConfig, Player};

use super::{json, out_of_time, read, Control};
use crate::error::ApiError;

fn refused(error: IpdError) -> ApiError {
    ApiError::refused(error)
}

fn two_hundred() -> usize {
    200
}

/// Declares a request struct with the CLI's shared options of how matches are played
/// (`turns`, `prob_end`, `noise`, `seed`, `payoffs`, `allow_non_pd`) besides its own fields
/// (serde's `flatten` cannot be combined with `deny_unknown_fields`, so they are spelt out).
macro_rules! with_play {
    ($name:ident { $($(#[$attribute:meta])* $field:ident: $kind:ty,)* }) => {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $name {
            $($(#[$attribute])* $field: $kind,)*
            #[serde(default = "two_hundred")]
            turns: usize,
            prob_end: Option<f64>,
            #[serde(default)]
            noise: f64,
            #[serde(default)]
            seed: u64,
            #[serde(default = "super::strategic::standard_payoffs")]
            payoffs: String,
            #[serde(default)]
            allow_non_pd: bool,
        }

        impl $name {
            fn config(&self) -> Result<MatchConfig, ApiError> {
                MatchConfig::from_options(
                    self.turns,
                    self.prob_end,
                    self.noise,
                    &self.payoffs,
                    self.allow_non_pd,
                )
                .map_err(refused)
            }
        }
    };
}

/// The players of `names` (finite-state machines inline only: the server reads no files),
/// checked under the match configuration's payoffs.
fn strategies(names: &[String], config: &MatchConfig) -> Result<Vec<Player>, ApiError> {
    players(names, Files::Refuse, &config.payoffs).map_err(refused)
}

with_play!(MatchRequest {
    first: String,
    second: String,
});

/// `POST /api/ipd/match`.
pub fn match_endpoint(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: MatchRequest = read("ipd/match", body)?;
    let config = request.config()?;
    let both = strategies(&[request.first.clone(), request.second.clone()], &config)?;
    let result = play_match(&both[0], &both[1], &config, request.seed).map_err(refused)?;
    json(MatchRecord::new(&both[0], &both[1], &result))
}

fn ten() -> usize {
    10
}

with_play!(TournamentRequest {
    #[serde(default)]
    strategies: Vec<String>,
    #[serde(default = "ten")]
    repetitions: usize,
});

/// `POST /api/ipd/tournament`: on this request's worker thread, stopped by its stop flag.
pub fn tournament(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: TournamentRequest = read("ipd/tournament", body)?;
    let match_config = request.config()?;
    let players = if request.strategies.is_empty() {
        all_strategies().map(Player::from).collect()
    } else {
        strategies(&request.strategies, &match_config)?
    };
    let config = TournamentConfig {
        match_config,
        repetitions: request.repetitions,
        seed: request.seed,
        threads: 1,
    };
    let tournament = Tournament::new(&players, &config).map_err(refused)?;
    let stop = || control.stop.load(Ordering::Relaxed);
    let result = tournament
        .run(Some(&stop))
        .map_err(refused)?
        .ok_or_else(|| out_of_time("ipd/tournament"))?;
    json(TournamentRecord::new(&result, &config))
}

fn one() -> usize {
    1
}

fn ten_thousand() -> usize {
    10_000
}

with_play!(MoranRequest {
    strategies: Vec<String>,
    #[serde(default = "one")]
    runs: usize,
    #[serde(default = "ten_thousand")]
    max_steps: usize,
    #[serde(default)]
    mutation_rate: f64,
});

/// `POST /api/ipd/moran`: stopped by the request's stop flag.
pub fn moran_endpoint(body: &[u8], control: &Control) -> Result<serde_json::Value, ApiError> {
    let request: MoranRequest = read("ipd/moran", body)?;
    let match_config = request.config()?;
    let population = strategies(&request.strategies, &match_config)?;
    let config = MoranConfig {
        match_config,
        seed: request.seed,
        max_steps: request.max_steps,
        mutation_rate: request.mutation_rate,
    };
    let stop = || control.stop.load(Ordering::Relaxed);
    let outcome = moran::simulate(&population, &config, request.runs, Some(&stop))
        .map_err(refused)?
        .ok_or_else(|| out_of_time("ipd/moran"))?;
    json(MoranRecord::new(&outcome, request.runs))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Nothing {}

/// `POST /api/ipd/strategies`.
pub fn strategies_endpoint(body: &[u8], _control: &Control) -> Result<serde_json::Value, ApiError> {
    let _: Nothing = read("ipd/strategies", body)?;
    json(strategy_records())
}
