//! The iterated prisoner's dilemma from Python: strategies, matches,
//! tournaments (local, or one match at a time for a Dask cluster) and the
//! Moran process, on `sprague-repeated`.
//!
//! Answers cross as the JSON records of `sprague_repeated::ipd::records`,
//! the same the command line prints with `--format json`. Tournaments and
//! Moran runs release the GIL and poll for `KeyboardInterrupt` between
//! matches (see [`crate::interrupt`]). Players cross as texts or as Python
//! strategies ([`crate::python_strategy`]), which take the GIL for each turn.

use pyo3::prelude::*;
use sprague_repeated::ipd::moran::{self, MoranConfig};
use sprague_repeated::ipd::records::{
    strategy_records, MatchRecord, MoranRecord, TournamentRecord,
};
use sprague_repeated::ipd::strategies::parametric::Files;
use sprague_repeated::ipd::tournament::{Tournament, TournamentConfig, TournamentResult};
use sprague_repeated::ipd::{all_strategies, Player};
use sprague_repeated::ipd::{play_match, IpdError, MatchConfig, MatchSummary, Payoffs};

use crate::interrupt::{interrupted, Interrupt};
use crate::python_strategy::{players_of, Entry, Failures};

/// The most threads one tournament starts.
const MAX_THREADS: usize = 256;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(ipd_strategies, module)?)?;
    module.add_function(wrap_pyfunction!(ipd_match, module)?)?;
    module.add_function(wrap_pyfunction!(ipd_tournament, module)?)?;
    module.add_function(wrap_pyfunction!(ipd_tournament_pairings, module)?)?;
    module.add_function(wrap_pyfunction!(ipd_tournament_part, module)?)?;
    module.add_function(wrap_pyfunction!(ipd_tournament_assemble, module)?)?;
    module.add_function(wrap_pyfunction!(ipd_moran, module)?)?;
    module.add_class::<NativeTournament>()?;
    module.add_class::<crate::python_strategy::MatchRandom>()?;
    module.add_class::<crate::python_strategy::History>()?;
    module.add("IPD_MAX_POPULATION", moran::MAX_POPULATION)?;
    Ok(())
}

/// The Python exception of an IPD error, with the command line's sentence
/// (its option names turned into the keyword arguments).
pub(crate) fn to_python(error: IpdError) -> PyErr {
    let message = error
        .to_string()
        .replace("pass --allow-non-pd", "pass allow_non_pd=True")
        .replace(
            "`sprague ipd strategies` lists them all",
            "`sprague.ipd.strategies()` lists them all",
        );
    match error {
        IpdError::TooLarge(_) => crate::TooLarge::new_err(crate::python_message(message)),
        _ => crate::InvalidInput::new_err(message),
    }
}

fn json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value)
        .map_err(|error| crate::Error::new_err(format!("could not write JSON: {error}")))
}

/// How every match is played: the dict `sprague.ipd` builds (`_play`), one
/// argument of every native IPD function. Absent, the command line's defaults.
#[derive(Debug, Clone, Copy, FromPyObject)]
#[pyo3(from_item_all)]
pub(crate) struct Play {
    turns: usize,
    prob_end: Option<f64>,
    noise: f64,
    seed: u64,
    payoffs: (f64, f64, f64, f64),
    allow_non_pd: bool,
}

impl Default for Play {
    fn default() -> Self {
        Play {
            turns: 200,
            prob_end: None,
            noise: 0.0,
            seed: 0,
            payoffs: (3.0, 0.0, 5.0, 1.0),
            allow_non_pd: false,
        }
    }
}

/// The match configuration of `play`, checked as the command line checks it.
fn match_config(play: &Play) -> Result<MatchConfig, IpdError> {
    let Play {
        turns,
        prob_end,
        noise,
        payoffs,
        allow_non_pd,
        ..
    } = *play;
    let (r, s, t, p) = payoffs;
    MatchConfig::checked(turns, prob_end, noise, Payoffs { r, s, t, p }, allow_non_pd)
}

/// The players of `entries` (all registered strategies when empty): texts
/// read as the command line reads them and checked under the
/// configuration's payoffs, and Python strategies reporting to `failures`.
fn strategies(
    entries: Vec<Entry>,
    config: &MatchConfig,
    failures: &Failures,
) -> Result<Vec<Player>, IpdError> {
    if entries.is_empty() {
        return Ok(all_strategies().map(Player::from).collect());
    }
    players_of(entries, failures, |text| {
        let player = Player::parse_with(text, Files::Read)?;
        player.check_payoffs(&config.payoffs)?;
        Ok(player)
    })
}

/// Every strategy (JSON list: id, name, aliases, stochastic, description).
#[pyfunction]
fn ipd_strategies() -> PyResult<String> {
    json(&strategy_records())
}

/// One match (JSON as `sprague ipd match --format json`).
#[pyfunction]
#[pyo3(signature = (a, b, play = None))]
fn ipd_match(py: Python<'_>, a: Entry, b: Entry, play: Option<Play>) -> PyResult<String> {
    let play = play.unwrap_or_default();
    let config = match_config(&play).map_err(to_python)?;
    let failures = Failures::default();
    let both = strategies(vec![a, b], &config, &failures).map_err(to_python)?;
    let result = py
        .detach(|| play_match(&both[0], &both[1], &config, play.seed))
        .map_err(|error| failures.to_python(py, error))?;
    json(&MatchRecord::new(&both[0], &both[1], &result))
}

/// A finished tournament: its JSON record and its SVG plots.
#[pyclass(module = "sprague._native", frozen)]
pub(crate) struct NativeTournament {
    result: TournamentResult,
    config: TournamentConfig,
}

#[pymethods]
impl NativeTournament {
    /// The JSON of `sprague ipd tournament --format json`.
    fn record(&self) -> PyResult<String> {
        json(&TournamentRecord::new(&self.result, &self.config))
    }

    /// The box plot of the scores per turn (SVG text).
    fn box_plot(&self) -> String {
        sprague_repeated::ipd::plot::box_plot(&self.result)
    }

    /// The heat map of the payoff matrix (SVG text).
    fn payoff_heat_map(&self) -> String {
        sprague_repeated::ipd::plot::payoff_heat_map(&self.result)
    }
}

fn tournament_of(
    entries: Vec<Entry>,
    play: Option<Play>,
    repetitions: usize,
    threads: usize,
    failures: &Failures,
) -> Result<Tournament, IpdError> {
    let play = play.unwrap_or_default();
    let match_config = match_config(&play)?;
    let players = strategies(entries, &match_config, failures)?;
    let config = TournamentConfig {
        match_config,
        repetitions,
        seed: play.seed,
        threads,
    };
    Tournament::new(&players, &config)
}

/// The round robin of `names` (all strategies when empty), on `threads`
/// threads with the GIL released; `KeyboardInterrupt` stops it.
#[pyfunction]
#[pyo3(signature = (names, play = None, repetitions = 10, threads = 1))]
fn ipd_tournament(
    py: Python<'_>,
    names: Vec<Entry>,
    play: Option<Play>,
    repetitions: usize,
    threads: usize,
) -> PyResult<NativeTournament> {
    let failures = Failures::default();
    let tournament =
        tournament_of(names, play, repetitions, threads, &failures).map_err(to_python)?;
    if threads > MAX_THREADS {
        return Err(crate::InvalidInput::new_err(format!(
            "processes must be from 0 (all cores) to {MAX_THREADS}, not {threads}"
        )));
    }
    let interrupt = Interrupt::new();
    let result = py
        .detach(|| tournament.run(Some(&|| interrupt.poll())))
        .map_err(|error| failures.to_python(py, error))?;
    match result {
        Some(result) => Ok(NativeTournament {
            result,
            config: *tournament.config(),
        }),
        None => Err(interrupted(interrupt)),
    }
}

/// The pairing (i, j) of every match of the tournament, in match order: the
/// client groups matches by pairing and sends each group to a worker.
#[pyfunction]
#[pyo3(signature = (names, play = None, repetitions = 10))]
fn ipd_tournament_pairings(
    names: Vec<Entry>,
    play: Option<Play>,
    repetitions: usize,
) -> PyResult<Vec<(usize, usize)>> {
    let failures = Failures::default();
    let tournament = tournament_of(names, play, repetitions, 1, &failures).map_err(to_python)?;
    Ok((0..tournament.matches())
        .map(|index| tournament.pairing_of(index))
        .collect())
}

/// A match summary as it crosses to and from a worker: (turns, score of the
/// first, of the second, cooperations of the first, of the second).
type Summary = (usize, f64, f64, usize, usize);

/// Plays the matches `indices` of the tournament (e.g. on a Dask worker),
/// each on its own random streams, so the result does not depend on where.
#[pyfunction]
#[pyo3(signature = (names, indices, play = None, repetitions = 10))]
fn ipd_tournament_part(
    py: Python<'_>,
    names: Vec<Entry>,
    indices: Vec<usize>,
    play: Option<Play>,
    repetitions: usize,
) -> PyResult<Vec<Summary>> {
    let failures = Failures::default();
    let tournament = tournament_of(names, play, repetitions, 1, &failures).map_err(to_python)?;
    if let Some(&bad) = indices.iter().find(|&&i| i >= tournament.matches()) {
        return Err(crate::InvalidInput::new_err(format!(
            "the tournament has {} matches, so there is no match {bad}",
            tournament.matches()
        )));
    }
    let interrupt = Interrupt::new();
    let summaries = py.detach(|| {
        let mut runner = sprague_repeated::ipd::MatchRunner::new();
        let mut out = Vec::with_capacity(indices.len());
        for &index in &indices {
            if interrupt.poll() {
                return Ok(None);
            }
            let Some(s) = tournament.play_until(index, &mut runner, Some(&|| interrupt.poll()))?
            else {
                return Ok(None);
            };
            out.push((
                s.turns,
                s.scores[0],
                s.scores[1],
                s.cooperations[0],
                s.cooperations[1],
            ));
        }
        Ok(Some(out))
    });
    summaries
        .map_err(|error| failures.to_python(py, error))?
        .ok_or_else(|| interrupted(interrupt))
}

/// The tournament assembled from the summaries of all its matches, in match order.
#[pyfunction]
#[pyo3(signature = (names, summaries, play = None, repetitions = 10))]
fn ipd_tournament_assemble(
    names: Vec<Entry>,
    summaries: Vec<Summary>,
    play: Option<Play>,
    repetitions: usize,
) -> PyResult<NativeTournament> {
    let failures = Failures::default();
    let tournament = tournament_of(names, play, repetitions, 1, &failures).map_err(to_python)?;
    let summaries: Vec<MatchSummary> = summaries
        .into_iter()
        .map(|(turns, a, b, ca, cb)| MatchSummary {
            turns,
            scores: [a, b],
            cooperations: [ca, cb],
        })
        .collect();
    let result = tournament.assemble(&summaries).map_err(to_python)?;
    Ok(NativeTournament {
        result,
        config: *tournament.config(),
    })
}

/// The Moran process from `population`, `runs` times (JSON as `sprague ipd
/// moran --format json`), with the GIL released; `KeyboardInterrupt` stops it.
#[pyfunction]
#[pyo3(signature = (population, play = None, runs = 1, max_steps = 10_000, mutation_rate = 0.0))]
fn ipd_moran(
    py: Python<'_>,
    population: Vec<Entry>,
    play: Option<Play>,
    runs: usize,
    max_steps: usize,
    mutation_rate: f64,
) -> PyResult<String> {
    let play = play.unwrap_or_default();
    let match_config = match_config(&play).map_err(to_python)?;
    let failures = Failures::default();
    let population = if population.is_empty() {
        Vec::new()
    } else {
        strategies(population, &match_config, &failures).map_err(to_python)?
    };
    let config = MoranConfig {
        match_config,
        seed: play.seed,
        max_steps,
        mutation_rate,
    };
    let interrupt = Interrupt::new();
    let outcome = py
        .detach(|| moran::simulate(&population, &config, runs, Some(&|| interrupt.poll())))
        .map_err(|error| failures.to_python(py, error))?;
    match outcome {
        Some(outcome) => json(&MoranRecord::new(&outcome, runs)),
        None => Err(interrupted(interrupt)),
    }
}
