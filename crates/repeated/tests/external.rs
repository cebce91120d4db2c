//! External strategies (the Python module's face) play beside the library's
//! own: an external tit for tat scores exactly as the registered one, a
//! stochastic external strategy draws from its own seeded stream (so the
//! results do not depend on the threads), and a failure ends the match and
//! the tournament with the strategy's error.

use std::sync::Arc;

use sprague_repeated::ipd::tournament::{Tournament, TournamentConfig};
use sprague_repeated::ipd::{
    play_match, Action, External, ExternalPlayer, ExternalStrategy, IpdError, MatchConfig, Player,
    View,
};
use sprague_strategic::seeded::SeededRng;

/// Tit for tat, or (with `random`) cooperation with probability 1/2, or a
/// failure on turn `fail_on`.
struct Rule {
    id: &'static str,
    random: bool,
    fail_on: Option<usize>,
}

struct Playing {
    random: bool,
    fail_on: Option<usize>,
}

impl ExternalPlayer for Playing {
    fn decide(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Result<Action, IpdError> {
        if self.fail_on == Some(view.turn()) {
            return Err(IpdError::Strategy {
                id: "Failing".into(),
                message: format!("failed on turn {}", view.turn() + 1),
            });
        }
        if self.random {
            return Ok(if rng.next_f64() < 0.5 {
                Action::C
            } else {
                Action::D
            });
        }
        Ok(view.opponent.last().copied().unwrap_or(Action::C))
    }
}

impl ExternalStrategy for Rule {
    fn id(&self) -> &str {
        self.id
    }
    fn name(&self) -> &str {
        self.id
    }
    fn stochastic(&self) -> bool {
        self.random
    }
    fn description(&self) -> &str {
        "a test rule"
    }
    fn start(&self) -> Result<Box<dyn ExternalPlayer>, IpdError> {
        Ok(Box::new(Playing {
            random: self.random,
            fail_on: self.fail_on,
        }))
    }
}

fn external(id: &'static str, random: bool, fail_on: Option<usize>) -> Player {
    Player::External(External(Arc::new(Rule {
        id,
        random,
        fail_on,
    })))
}

fn named(names: &[&str]) -> Vec<Player> {
    names.iter().map(|n| Player::parse(n).unwrap()).collect()
}

#[test]
fn an_external_tit_for_tat_plays_as_the_registered_one() {
    let config = MatchConfig {
        turns: 50,
        noise: 0.1,
        ..MatchConfig::default()
    };
    let ours = external("MyTitForTat", false, None);
    for opponent in named(&["Defector", "Random", "Joss", "Grudger"]) {
        let native = play_match(&named(&["TitForTat"])[0], &opponent, &config, 3).unwrap();
        let external = play_match(&ours, &opponent, &config, 3).unwrap();
        assert_eq!(native, external);
    }
}

#[test]
fn tournaments_with_external_strategies_do_not_depend_on_threads() {
    let mut players = named(&["TitForTat", "Defector", "Random", "Pavlov"]);
    players.push(external("MyTitForTat", false, None));
    players.push(external("Coin", true, None));
    let mut config = TournamentConfig {
        match_config: MatchConfig {
            turns: 40,
            noise: 0.05,
            ..MatchConfig::default()
        },
        repetitions: 4,
        seed: 5,
        threads: 1,
    };
    let one = Tournament::new(&players, &config)
        .unwrap()
        .run(None)
        .unwrap();
    config.threads = 2;
    let two = Tournament::new(&players, &config)
        .unwrap()
        .run(None)
        .unwrap();
    assert!(one.is_some());
    assert_eq!(one, two);
}

#[test]
fn a_failing_external_strategy_ends_the_tournament_with_its_error() {
    let mut players = named(&["TitForTat", "Defector"]);
    players.push(external("Failing", false, Some(7)));
    for threads in [1, 2] {
        let config = TournamentConfig {
            repetitions: 3,
            threads,
            ..TournamentConfig::default()
        };
        let error = Tournament::new(&players, &config)
            .unwrap()
            .run(None)
            .unwrap_err();
        assert_eq!(error.to_string(), "the strategy Failing failed on turn 8");
    }
    let failing = play_match(&players[2], &players[0], &MatchConfig::default(), 0);
    assert!(matches!(failing, Err(IpdError::Strategy { .. })));
}
