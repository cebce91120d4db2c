//! Round-robin tournaments (Axelrod 1980, 1984): every strategy meets every
//! strategy — itself included, as two copies — in a match, and the round
//! robin is repeated. As in the Axelrod library, a player's score in a
//! repetition is its payoff per turn averaged over its opponents *excluding
//! itself*, and players are ranked by the median of these scores over the
//! repetitions (ties keep the input order). Wins count the matches against
//! others in which a player scored strictly more; cooperation rates are over
//! all turns of its matches against others. The payoff matrix holds the mean
//! payoff per turn of row against column (the diagonal is self-play).
//!
//! Matches between two deterministic strategies without noise or random end
//! are played once and reused in every repetition. Matches run on several
//! threads; every match has its own random streams (see [`super::MatchRunner`]),
//! so results do not depend on the number of threads. An external strategy
//! that fails ends the tournament with its error (the other threads stop at
//! their next match).

use super::game_match::{MatchConfig, MatchRunner, MatchSummary};
use super::player::Player;
use super::IpdError;

/// How a tournament is played.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TournamentConfig {
    /// How each match is played.
    pub match_config: MatchConfig,
    /// How many times the round robin is played.
    pub repetitions: usize,
    /// The seed of all random draws.
    pub seed: u64,
    /// Worker threads (0: automatic — one for small tournaments, else as many
    /// as the machine has; never more than it has).
    pub threads: usize,
}

impl Default for TournamentConfig {
    fn default() -> Self {
        TournamentConfig {
            match_config: MatchConfig::default(),
            repetitions: 10,
            seed: 0,
            threads: 0,
        }
    }
}

/// The outcome of a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentResult {
    /// The players, in input order (indices below refer to this order).
    pub players: Vec<Player>,
    /// `scores[i][r]`: player i's payoff per turn averaged over its
    /// opponents (itself excluded) in repetition r.
    pub scores: Vec<Vec<f64>>,
    /// `median_scores[i]`: the median of `scores[i]`.
    pub median_scores: Vec<f64>,
    /// Player indices from first to last.
    pub ranking: Vec<usize>,
    /// `payoff_matrix[i][j]`: i's mean payoff per turn against j.
    pub payoff_matrix: Vec<Vec<f64>>,
    /// `wins[i][r]`: matches player i won in repetition r.
    pub wins: Vec<Vec<u32>>,
    /// The fraction of i's moves against others that were C.
    pub cooperation_rates: Vec<f64>,
}

/// The most players a tournament may have.
pub const MAX_PLAYERS: usize = 1000;

/// The most repetitions a tournament may have.
pub const MAX_REPETITIONS: usize = 1_000_000;

/// The most matches (pairings × repetitions) a tournament may have: each
/// needs a summary in memory until the results are assembled.
pub const MAX_MATCHES: u64 = 10_000_000;

/// A checked tournament, ready to play: its matches are numbered in a fixed
/// order (repetition by repetition, pairings (i, j) with i ≤ j in order;
/// matches between two deterministic strategies without noise or random end
/// only in repetition 0), and match `index` always uses the same random
/// streams, ((r·n + i)·n + j) under the seed, wherever and whenever it is
/// played. [`Tournament::run`] plays them all on threads;
/// [`Tournament::play`] plays one (on another machine, say) and
/// [`Tournament::assemble`] turns the summaries into the result, so a
/// tournament spread over a cluster equals the local one.
#[derive(Debug, Clone)]
pub struct Tournament {
    players: Vec<Player>,
    config: TournamentConfig,
    pairs: Vec<(usize, usize)>,
    /// (repetition, pair index) of every match.
    jobs: Vec<(usize, usize)>,
}

impl Tournament {
    /// Checks the players (2 to [`MAX_PLAYERS`]) and the configuration
    /// (at most [`MAX_REPETITIONS`] and [`MAX_MATCHES`]; each defined under
    /// the payoffs) and numbers the matches.
    pub fn new(players: &[Player], config: &TournamentConfig) -> Result<Self, IpdError> {
        config.match_config.validate()?;
        for player in players {
            player.check_payoffs(&config.match_config.payoffs)?;
        }
        let n = players.len();
        if n < 2 {
            return Err(IpdError::Parameter(
                "a tournament needs at least two players".into(),
            ));
        }
        if n > MAX_PLAYERS {
            return Err(IpdError::TooLarge(format!(
                "a tournament may have at most {MAX_PLAYERS} players, not {n}"
            )));
        }
        if config.repetitions == 0 {
            return Err(IpdError::Parameter(
                "a tournament needs at least one repetition".into(),
            ));
        }
        if config.repetitions > MAX_REPETITIONS {
            return Err(IpdError::TooLarge(format!(
                "a tournament may have at most {MAX_REPETITIONS} repetitions, not {}",
                config.repetitions
            )));
        }
        let pairings = (n * (n + 1) / 2) as u64;
        let matches = pairings * config.repetitions as u64;
        if matches > MAX_MATCHES {
            return Err(IpdError::TooLarge(format!(
                "{n} players and {} repetitions make {matches} matches, more than the {MAX_MATCHES} a tournament may have",
                config.repetitions
            )));
        }
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| (i..n).map(move |j| (i, j))).collect();
        let mut jobs = Vec::new();
        for r in 0..config.repetitions {
            for (p, &(i, j)) in pairs.iter().enumerate() {
                if r == 0
                    || !config
                        .match_config
                        .is_deterministic(&players[i], &players[j])
                {
                    jobs.push((r, p));
                }
            }
        }
        Ok(Tournament {
            players: players.to_vec(),
            config: *config,
            pairs,
            jobs,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &TournamentConfig {
        &self.config
    }

    /// The players, in input order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The number of matches to play.
    pub fn matches(&self) -> usize {
        self.jobs.len()
    }

    /// The players (i, j) of match `index` (< [`Tournament::matches`]).
    pub fn pairing_of(&self, index: usize) -> (usize, usize) {
        self.pairs[self.jobs[index].1]
    }

    /// Plays match `index` on its own random streams: the same summary
    /// wherever, whenever and on whichever thread it is played (only an
    /// external strategy can fail).
    pub fn play(&self, index: usize, runner: &mut MatchRunner) -> Result<MatchSummary, IpdError> {
        self.play_until(index, runner, None)?
            .ok_or_else(|| IpdError::Parameter("the match stopped before its end".into()))
    }

    /// Plays match `index` like [`Tournament::play`], asking `stop` every few
    /// turns ([`MatchRunner::play_until`]); `None` when it stopped the match.
    pub fn play_until(
        &self,
        index: usize,
        runner: &mut MatchRunner,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Result<Option<MatchSummary>, IpdError> {
        let n = self.players.len();
        let (r, p) = self.jobs[index];
        let (i, j) = self.pairs[p];
        let stream = ((r * n + i) * n + j) as u64;
        runner.play_until(
            &self.players[i],
            &self.players[j],
            &self.config.match_config,
            self.config.seed,
            stream,
            stop,
        )
    }

    /// Plays every match, on the configured threads; `stop`, asked before
    /// every match and every few turns within one, ends the tournament early
    /// (the answer is then `Ok(None)`); the first failure of an external
    /// strategy ends it with that error.
    pub fn run(
        &self,
        stop: Option<&(dyn Fn() -> bool + Sync)>,
    ) -> Result<Option<TournamentResult>, IpdError> {
        let config = &self.config;
        // Automatic: one thread for small tournaments, where starting threads
        // costs more than it saves.
        let expected_turns = self.jobs.len() as f64
            * config
                .match_config
                .prob_end
                .map_or(config.match_config.turns as f64, |p| 1.0 / p);
        // Never more threads than processors: more would play no faster, and each
        // reserves a stack and a malloc arena, so under an address-space limit
        // (`ulimit -v`) 64 of them made an allocation fail, an abort.
        let processors = std::thread::available_parallelism().map_or(1, |t| t.get());
        let threads = match config.threads {
            0 if expected_turns < 2.0e6 => 1,
            0 => processors,
            t => t.min(processors),
        }
        .clamp(1, self.jobs.len().max(1));
        // A failure on one thread stops the others at their next turn check.
        let failed = std::sync::atomic::AtomicBool::new(false);
        let halt =
            || failed.load(std::sync::atomic::Ordering::Relaxed) || stop.is_some_and(|stop| stop());
        let play = |range: std::ops::Range<usize>| -> Result<Option<Vec<MatchSummary>>, IpdError> {
            let mut runner = MatchRunner::new();
            let mut summaries = Vec::with_capacity(range.len());
            for index in range {
                if halt() {
                    return Ok(None);
                }
                match self.play_until(index, &mut runner, Some(&halt)) {
                    Ok(Some(summary)) => summaries.push(summary),
                    Ok(None) => return Ok(None),
                    Err(error) => {
                        failed.store(true, std::sync::atomic::Ordering::Relaxed);
                        return Err(error);
                    }
                }
            }
            Ok(Some(summaries))
        };
        let summaries: Vec<MatchSummary> = if threads == 1 {
            match play(0..self.jobs.len())? {
                Some(summaries) => summaries,
                None => return Ok(None),
            }
        } else {
            let chunk_size = self.jobs.len().div_ceil(threads);
            let parts: Vec<Result<Option<Vec<MatchSummary>>, IpdError>> =
                std::thread::scope(|scope| {
                    // A chunk whose thread the system refuses (a process or address-space
                    // limit) is played on this thread in its turn.
                    let handles: Vec<_> = (0..self.jobs.len())
                        .step_by(chunk_size)
                        .map(|start| {
                            let end = (start + chunk_size).min(self.jobs.len());
                            std::thread::Builder::new()
                                .spawn_scoped(scope, move || play(start..end))
                                .map_err(|_| start..end)
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|handle| match handle {
                            Ok(h) => h
                                .join()
                                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                            Err(range) => play(range),
                        })
                        .collect()
                });
            // An error wins over a stop: the failure stopped the other threads.
            if let Some(Err(error)) = parts.iter().find(|part| part.is_err()) {
                return Err(error.clone());
            }
            let mut all = Vec::with_capacity(self.jobs.len());
            for part in parts {
                match part? {
                    Some(summaries) => all.extend(summaries),
                    None => return Ok(None),
                }
            }
            all
        };
        self.assemble(&summaries).map(Some)
    }

    /// The result of the summaries of every match, in match order.
    pub fn assemble(&self, summaries: &[MatchSummary]) -> Result<TournamentResult, IpdError> {
        if summaries.len() != self.jobs.len() {
            return Err(IpdError::Parameter(format!(
                "the tournament has {} matches, but {} summaries were given",
                self.jobs.len(),
                summaries.len()
            )));
        }
        let config = &self.config;
        let players = &self.players;
        let pairs = &self.pairs;
        let n = players.len();
        let mut by_job = vec![vec![None; pairs.len()]; config.repetitions];
        for (&(r, p), &summary) in self.jobs.iter().zip(summaries) {
            by_job[r][p] = Some(summary);
        }
        let mut payoff_sum = vec![vec![0.0f64; n]; n];
        let mut scores = vec![vec![0.0f64; config.repetitions]; n];
        let mut wins = vec![vec![0u32; config.repetitions]; n];
        let mut cooperations = vec![0usize; n];
        let mut turns_against_others = vec![0usize; n];
        for r in 0..config.repetitions {
            for (p, &(i, j)) in pairs.iter().enumerate() {
                let summary = by_job[r][p].or(by_job[0][p]).unwrap_or_default();
                let per_turn = |k: usize| summary.scores[k] / summary.turns.max(1) as f64;
                payoff_sum[i][j] += per_turn(0);
                if i == j {
                    continue;
                }
                payoff_sum[j][i] += per_turn(1);
                scores[i][r] += per_turn(0) / (n - 1) as f64;
                scores[j][r] += per_turn(1) / (n - 1) as f64;
                if summary.scores[0] > summary.scores[1] {
                    wins[i][r] += 1;
                } else if summary.scores[1] > summary.scores[0] {
                    wins[j][r] += 1;
                }
                cooperations[i] += summary.cooperations[0];
                cooperations[j] += summary.cooperations[1];
                turns_against_others[i] += summary.turns;
                turns_against_others[j] += summary.turns;
            }
        }
        let repetitions = config.repetitions as f64;
        let payoff_matrix = payoff_sum
            .into_iter()
            .map(|row| row.into_iter().map(|x| x / repetitions).collect())
            .collect();
        let median_scores: Vec<f64> = scores.iter().map(|s| median(s)).collect();
        let mut ranking: Vec<usize> = (0..n).collect();
        ranking.sort_by(|&a, &b| median_scores[b].total_cmp(&median_scores[a]));
        let cooperation_rates = cooperations
            .iter()
            .zip(&turns_against_others)
            .map(|(&c, &t)| c as f64 / t.max(1) as f64)
            .collect();
        Ok(TournamentResult {
            players: players.to_vec(),
            scores,
            median_scores,
            ranking,
            payoff_matrix,
            wins,
            cooperation_rates,
        })
    }
}

/// Plays the round robin of `players` (at least two).
///
/// ```
/// use sprague_repeated::ipd::{tournament, Player};
/// let players = ["TitForTat", "Grudger", "TitFor2Tats", "Defector"].map(|n| Player::parse(n).unwrap()).to_vec();
/// let config = tournament::TournamentConfig { repetitions: 2, ..Default::default() };
/// let result = tournament::run(&players, &config).unwrap();
/// assert_eq!(result.players[result.ranking[0]].id(), "TitForTat");
/// ```
pub fn run(players: &[Player], config: &TournamentConfig) -> Result<TournamentResult, IpdError> {
    let tournament = Tournament::new(players, config)?;
    tournament
        .run(None)?
        .ok_or_else(|| IpdError::Parameter("the tournament stopped before its end".into()))
}

/// The median of a non-empty list (mean of the two middle values when even).
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let m = sorted.len();
    if m == 0 {
        f64::NAN
    } else if m % 2 == 1 {
        sorted[m / 2]
    } else {
        (sorted[m / 2 - 1] + sorted[m / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::all_strategies;

    fn lookup(name: &str) -> Result<Player, IpdError> {
        Player::parse(name)
    }

    #[test]
    fn small_round_robin_by_hand() {
        // TFT, Defector, Cooperator over 10 turns. TFT: vs D 9, vs C 30 →
        // (0.9 + 3.0)/2 = 1.95; Defector: vs TFT 14, vs C 50 → (1.4 + 5)/2 = 3.2;
        // Cooperator: vs TFT 30, vs D 0 → 1.5.
        let players: Vec<_> = ["TitForTat", "Defector", "Cooperator"]
            .iter()
            .map(|n| lookup(n).unwrap())
            .collect();
        let config = TournamentConfig {
            match_config: MatchConfig {
                turns: 10,
                ..MatchConfig::default()
            },
            repetitions: 3,
            ..TournamentConfig::default()
        };
        let result = run(&players, &config).unwrap();
        assert_eq!(result.median_scores, vec![1.95, 3.2, 1.5]);
        assert_eq!(result.ranking, vec![1, 0, 2]);
        assert_eq!(result.wins[1], vec![2, 2, 2]);
        assert_eq!(result.payoff_matrix[0][0], 3.0);
        assert!((result.payoff_matrix[1][0] - 1.4).abs() < 1e-12);
        assert_eq!(result.cooperation_rates[2], 1.0);
    }

    #[test]
    fn seeded_results_do_not_depend_on_threads() {
        let players: Vec<_> = all_strategies().take(12).map(Player::from).collect();
        let mut config = TournamentConfig {
            match_config: MatchConfig {
                turns: 50,
                noise: 0.05,
                ..MatchConfig::default()
            },
            repetitions: 3,
            seed: 9,
            threads: 1,
        };
        let one = run(&players, &config).unwrap();
        config.threads = 3;
        assert_eq!(one, run(&players, &config).unwrap());
        config.seed = 10;
        assert_ne!(one.scores, run(&players, &config).unwrap().scores);
    }

    #[test]
    fn matches_played_one_by_one_in_any_order_assemble_to_the_same_result() {
        let players: Vec<_> = all_strategies().skip(5).take(8).map(Player::from).collect();
        let config = TournamentConfig {
            match_config: MatchConfig {
                turns: 30,
                noise: 0.1,
                ..MatchConfig::default()
            },
            repetitions: 3,
            seed: 4,
            threads: 2,
        };
        let tournament = Tournament::new(&players, &config).unwrap();
        let mut runner = MatchRunner::new();
        let mut summaries = vec![MatchSummary::default(); tournament.matches()];
        // Backwards, as a cluster might return them.
        for index in (0..tournament.matches()).rev() {
            summaries[index] = tournament.play(index, &mut runner).unwrap();
        }
        assert_eq!(
            tournament.assemble(&summaries).unwrap(),
            run(&players, &config).unwrap()
        );
        assert!(tournament.assemble(&summaries[1..]).is_err());
    }

    #[test]
    fn a_stop_ends_the_tournament_and_limits_refuse_huge_ones() {
        let players: Vec<_> = all_strategies().take(4).map(Player::from).collect();
        let config = TournamentConfig::default();
        let tournament = Tournament::new(&players, &config).unwrap();
        assert_eq!(tournament.run(Some(&|| true)), Ok(None));
        let huge = TournamentConfig {
            repetitions: MAX_REPETITIONS + 1,
            ..config
        };
        let message = Tournament::new(&players, &huge).unwrap_err().to_string();
        assert!(message.contains("at most 1000000 repetitions"), "{message}");
        let many = TournamentConfig {
            repetitions: 1_000_000,
            ..config
        };
        let all: Vec<_> = all_strategies().map(Player::from).collect();
        let message = Tournament::new(&all, &many).unwrap_err().to_string();
        assert!(message.contains("more than the 10000000"), "{message}");
    }
}
