//! The Moran process (P. A. P. Moran, "Random processes in genetics", Proc.
//! Cambridge Philos. Soc. 54, 1958) on a population of IPD players, as in
//! the Axelrod library's `MoranProcess` (birth–death): at every
//! step each individual plays a match against every other one; its fitness
//! is the sum of its payoffs per turn over these matches. One individual is chosen to reproduce with
//! probability proportional to fitness and one — uniformly among all N,
//! possibly the same — is replaced by a copy of it (which, with an optional
//! mutation rate μ, is instead one of the other initial strategies chosen
//! uniformly, as the library's default mutation). Without mutation the
//! process stops when one strategy has taken over (fixation) or after
//! `max_steps`; with mutation it always runs `max_steps` steps, and "fixated"
//! means the population is homogeneous at the end.
//!
//! Matches between deterministic strategies (no noise, fixed length) are
//! played once and remembered. Each run, step and pair has its own random
//! stream, so a seed reproduces every run exactly; [`run_many`] counts which
//! strategy fixates over independent runs.

use std::collections::HashMap;

use super::game_match::{MatchConfig, MatchRunner, MatchSummary};
use super::player::Player;
use super::IpdError;
use sprague_strategic::seeded::SeededRng;

/// How a Moran process is run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoranConfig {
    /// How each match is played.
    pub match_config: MatchConfig,
    /// The seed of all random draws.
    pub seed: u64,
    /// The largest number of birth–death steps of one run.
    pub max_steps: usize,
    /// The probability that a newborn mutates into one of the other
    /// strategies of the initial population (uniformly). With mutation the
    /// process does not stop at fixation; it runs `max_steps` steps.
    pub mutation_rate: f64,
}

impl Default for MoranConfig {
    fn default() -> Self {
        MoranConfig {
            match_config: MatchConfig::default(),
            seed: 0,
            max_steps: 10_000,
            mutation_rate: 0.0,
        }
    }
}

/// One run of the process.
#[derive(Debug, Clone, PartialEq)]
pub struct MoranRun {
    /// The distinct strategies of the initial population.
    pub strategies: Vec<Player>,
    /// `counts[t][s]`: individuals of strategy s after t steps (t = 0 is the start).
    pub counts: Vec<Vec<usize>>,
    /// The strategy that took over, if one did within `max_steps`.
    pub fixated: Option<usize>,
}

/// Fixation counts over many runs.
#[derive(Debug, Clone, PartialEq)]
pub struct MoranSummary {
    /// The distinct strategies of the initial population.
    pub strategies: Vec<Player>,
    /// How many runs each strategy won.
    pub fixations: Vec<usize>,
    /// Runs that had not fixated after `max_steps`.
    pub unfixed: usize,
    /// The number of steps of each run.
    pub steps: Vec<usize>,
}

fn mix(mut x: u64) -> u64 {
    // SplitMix64's finaliser: spreads (run, step, pair) over the stream space.
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The most individuals a population may have.
pub const MAX_POPULATION: usize = 1000;

/// The most runs [`run_many`] and [`simulate`] do.
pub const MAX_RUNS: usize = 1_000_000;

/// The most steps of one run (its populations are kept, step by step).
pub const MAX_STEPS: usize = 1_000_000;

/// Runs the process once from `population` (one entry per individual; a
/// strategy may appear several times). `run` selects independent streams.
pub fn run_once(
    population: &[Player],
    config: &MoranConfig,
    run: u64,
) -> Result<MoranRun, IpdError> {
    run_until(population, config, run, None)
        .map(|run| run.unwrap_or_else(|| unreachable!("no stop was given")))
}

/// Checks the configuration and the population size.
fn check(population: &[Player], config: &MoranConfig) -> Result<(), IpdError> {
    config.match_config.validate()?;
    if population.len() > MAX_POPULATION {
        return Err(IpdError::TooLarge(format!(
            "a Moran process may have at most {MAX_POPULATION} individuals, not {}",
            population.len()
        )));
    }
    if config.max_steps > MAX_STEPS {
        return Err(IpdError::TooLarge(format!(
            "a Moran run may have at most {MAX_STEPS} steps, not {}",
            config.max_steps
        )));
    }
    if !(0.0..=1.0).contains(&config.mutation_rate) {
        return Err(IpdError::Parameter(format!(
            "the mutation rate must be between 0 and 1, not {}",
            config.mutation_rate
        )));
    }
    if population.len() < 2 {
        return Err(IpdError::Parameter(
            "a Moran process needs at least two individuals".into(),
        ));
    }
    Ok(())
}

/// [`run_once`], asking `stop` before every step; `None` when it said stop.
pub fn run_until(
    population: &[Player],
    config: &MoranConfig,
    run: u64,
    stop: Option<&dyn Fn() -> bool>,
) -> Result<Option<MoranRun>, IpdError> {
    check(population, config)?;
    let mut strategies: Vec<Player> = Vec::new();
    let mut individuals: Vec<usize> = Vec::with_capacity(population.len());
    for player in population {
        let index = match strategies.iter().position(|s| s.id() == player.id()) {
            Some(index) => index,
            None => {
                strategies.push(player.clone());
                strategies.len() - 1
            }
        };
        individuals.push(index);
    }
    let k = strategies.len();
    let count = |individuals: &[usize]| {
        let mut counts = vec![0usize; k];
        individuals.iter().for_each(|&s| counts[s] += 1);
        counts
    };
    let mut counts = vec![count(&individuals)];
    let mut cache: HashMap<(usize, usize), [f64; 2]> = HashMap::new();
    let mut runner = MatchRunner::new();
    let mut rng = SeededRng::new(config.seed, mix(run ^ 0x4D4F_5241_4E00_0000));
    let n = individuals.len();
    let mut fitness = vec![0.0f64; n];
    for step in 0..config.max_steps {
        let fixed = counts
            .last()
            .is_some_and(|c| c.iter().filter(|&&x| x > 0).count() == 1);
        if fixed && (config.mutation_rate == 0.0 || k == 1) {
            break;
        }
        if stop.is_some_and(|stop| stop()) {
            return Ok(None);
        }
        fitness.iter_mut().for_each(|f| *f = 0.0);
        for a in 0..n {
            for b in a + 1..n {
                let (sa, sb) = (individuals[a], individuals[b]);
                let (ia, ib) = (&strategies[sa], &strategies[sb]);
                let per_turn = |s: MatchSummary| s.scores.map(|x| x / s.turns.max(1) as f64);
                let deterministic = config.match_config.is_deterministic(ia, ib);
                let scores = match cache.get(&(sa, sb)) {
                    Some(&scores) if deterministic => scores,
                    _ => {
                        let stream = if deterministic {
                            0
                        } else {
                            mix(mix(mix(run) ^ step as u64) ^ (a * n + b) as u64)
                        };
                        let Some(summary) = runner.play_until(
                            ia,
                            ib,
                            &config.match_config,
                            config.seed,
                            stream,
                            stop,
                        )?
                        else {
                            return Ok(None);
                        };
                        let scores = per_turn(summary);
                        if deterministic {
                            cache.insert((sa, sb), scores);
                        }
                        scores
                    }
                };
                fitness[a] += scores[0];
                fitness[b] += scores[1];
            }
        }
        let total: f64 = fitness.iter().sum();
        let parent = if total > 0.0 {
            let target = rng.next_f64() * total;
            let mut cumulative = 0.0;
            fitness
                .iter()
                .position(|&f| {
                    cumulative += f;
                    cumulative >= target
                })
                .unwrap_or(n - 1)
        } else {
            rng.below(n as u64) as usize
        };
        let dead = rng.below(n as u64) as usize;
        let mut child = individuals[parent];
        if config.mutation_rate > 0.0 && k > 1 && rng.bernoulli(config.mutation_rate) {
            // One of the k − 1 other strategies, uniformly.
            let other = rng.below(k as u64 - 1) as usize;
            child = if other >= child { other + 1 } else { other };
        }
        individuals[dead] = child;
        counts.push(count(&individuals));
    }
    let last = counts.last().cloned().unwrap_or_default();
    let alive: Vec<usize> = (0..k).filter(|&s| last[s] > 0).collect();
    let fixated = if alive.len() == 1 {
        Some(alive[0])
    } else {
        None
    };
    Ok(Some(MoranRun {
        strategies,
        counts,
        fixated,
    }))
}

/// Runs the process `runs` times (run r uses streams derived from r) and
/// counts the fixations.
///
/// ```
/// use sprague_repeated::ipd::{moran, Player};
/// let population = ["TitForTat", "Defector", "Cooperator"].map(|n| Player::parse(n).unwrap());
/// let summary = moran::run_many(&population, &moran::MoranConfig::default(), 20).unwrap();
/// assert_eq!(summary.fixations.iter().sum::<usize>() + summary.unfixed, 20);
/// ```
pub fn run_many(
    population: &[Player],
    config: &MoranConfig,
    runs: usize,
) -> Result<MoranSummary, IpdError> {
    simulate(population, config, runs, None).map(|outcome| {
        outcome
            .unwrap_or_else(|| unreachable!("no stop was given"))
            .summary
    })
}

/// The fixation counts of [`run_many`] with the first run kept whole.
#[derive(Debug, Clone, PartialEq)]
pub struct MoranOutcome {
    /// The fixation counts over all runs.
    pub summary: MoranSummary,
    /// Run 0, with the population after every step.
    pub first: MoranRun,
}

/// [`run_many`] keeping run 0 whole, asking `stop` before every step;
/// `None` when it said stop.
pub fn simulate(
    population: &[Player],
    config: &MoranConfig,
    runs: usize,
    stop: Option<&dyn Fn() -> bool>,
) -> Result<Option<MoranOutcome>, IpdError> {
    simulate_observed(population, config, runs, stop, &mut |_| {})
}

/// [`simulate`], telling `observe` the number of runs finished after each run (for
/// progress lines).
///
/// # Errors
/// As [`simulate`].
pub fn simulate_observed(
    population: &[Player],
    config: &MoranConfig,
    runs: usize,
    stop: Option<&dyn Fn() -> bool>,
    observe: &mut dyn FnMut(usize),
) -> Result<Option<MoranOutcome>, IpdError> {
    if runs == 0 {
        return Err(IpdError::Parameter("at least one run is needed".into()));
    }
    if runs > MAX_RUNS {
        return Err(IpdError::TooLarge(format!(
            "at most {MAX_RUNS} runs are done at once, not {runs}"
        )));
    }
    let mut first: Option<MoranRun> = None;
    let mut summary: Option<MoranSummary> = None;
    for r in 0..runs {
        let Some(run) = run_until(population, config, r as u64, stop)? else {
            return Ok(None);
        };
        let s = summary.get_or_insert_with(|| MoranSummary {
            strategies: run.strategies.clone(),
            fixations: vec![0; run.strategies.len()],
            unfixed: 0,
            steps: Vec::with_capacity(runs),
        });
        match run.fixated {
            Some(winner) => s.fixations[winner] += 1,
            None => s.unfixed += 1,
        }
        s.steps.push(run.counts.len() - 1);
        if r == 0 {
            first = Some(run);
        }
        observe(r + 1);
    }
    Ok(summary
        .zip(first)
        .map(|(summary, first)| MoranOutcome { summary, first }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup(name: &str) -> Result<Player, IpdError> {
        Player::parse(name)
    }

    #[test]
    fn defectors_take_over_cooperators() {
        // Against unconditional cooperators a defector always has the
        // higher fitness, and no cooperator can ever be born from it … but
        // cooperators can still win by drift; check the run is seeded and ends.
        let population = [
            lookup("Defector").unwrap(),
            lookup("Cooperator").unwrap(),
            lookup("Cooperator").unwrap(),
        ];
        let config = MoranConfig::default();
        let a = run_once(&population, &config, 0).unwrap();
        assert_eq!(a, run_once(&population, &config, 0).unwrap());
        assert!(a.fixated.is_some());
        let summary = run_many(&population, &config, 200).unwrap();
        assert_eq!(summary.unfixed, 0);
        // Defector fixes far more often than its initial share 1/3.
        assert!(summary.fixations[0] > 100, "{summary:?}");
    }

    #[test]
    fn mutation_keeps_the_process_going() {
        let population = [lookup("Defector").unwrap(), lookup("Cooperator").unwrap()];
        let config = MoranConfig {
            mutation_rate: 0.2,
            max_steps: 50,
            ..MoranConfig::default()
        };
        let run = run_once(&population, &config, 3).unwrap();
        assert_eq!(run.counts.len(), 51);
        let bad = MoranConfig {
            mutation_rate: 1.5,
            ..config
        };
        assert!(run_once(&population, &bad, 0).is_err());
    }

    #[test]
    fn simulate_keeps_the_first_run_stops_and_refuses_huge_requests() {
        let population = [lookup("TitForTat").unwrap(), lookup("Defector").unwrap()];
        let config = MoranConfig {
            match_config: MatchConfig {
                turns: 20,
                ..MatchConfig::default()
            },
            ..MoranConfig::default()
        };
        let outcome = simulate(&population, &config, 4, None).unwrap().unwrap();
        assert_eq!(outcome.first, run_once(&population, &config, 0).unwrap());
        assert_eq!(outcome.summary, run_many(&population, &config, 4).unwrap());
        assert_eq!(simulate(&population, &config, 4, Some(&|| true)), Ok(None));
        let message = simulate(&population, &config, MAX_RUNS + 1, None)
            .unwrap_err()
            .to_string();
        assert!(message.contains("at most 1000000 runs"), "{message}");
        let long = MoranConfig {
            max_steps: MAX_STEPS + 1,
            ..config
        };
        assert!(matches!(
            run_once(&population, &long, 0),
            Err(IpdError::TooLarge(_))
        ));
        let crowd = vec![population[0].clone(); MAX_POPULATION + 1];
        assert!(matches!(
            run_once(&crowd, &config, 0),
            Err(IpdError::TooLarge(_))
        ));
    }

    #[test]
    fn homogeneous_population_is_fixed_at_once() {
        let tft = lookup("TitForTat").unwrap();
        let run = run_once(&[tft.clone(), tft], &MoranConfig::default(), 0).unwrap();
        assert_eq!(run.counts.len(), 1);
        assert_eq!(run.fixated, Some(0));
    }
}
