//! Best-response dynamics in a two-player game, discrete and **exact**: the
//! players take turns (the row player first); the player to move keeps its
//! strategy if it is a best reply to the other's current strategy and
//! otherwise switches to its lowest-numbered best reply (the tie rule). The
//! state (profile, player to move) takes finitely many values, so the path
//! either reaches a pure Nash equilibrium — a profile where neither player
//! moves — or enters a cycle, found by remembering the states visited. In
//! a potential game every path ends at an equilibrium (Monderer and Shapley,
//! "Potential games", Games Econ. Behav. 14, 1996, Lemma 2.3); in matching
//! pennies it cycles through all four profiles.

use std::collections::HashMap;

use num_rational::BigRational;
use serde::Serialize;
use sprague_strategic::stop::StopCheck;
use sprague_strategic::NormalFormGame;

use crate::error::{too_large, DynamicsError};
use crate::fictitious_play::two_player;

/// The most turns of one path (each visited state is remembered: about 50
/// bytes a turn).
pub const MAX_STEPS: usize = 1_000_000;

/// How a path of best-response dynamics ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ending {
    /// Neither player wants to move: a pure Nash equilibrium.
    Equilibrium {
        /// The profile (row, column), 0-based.
        profile: [usize; 2],
    },
    /// The path returned to a state it had visited: the profiles of the cycle.
    Cycle {
        /// The profiles of the cycle in order, starting where it was entered.
        profiles: Vec<[usize; 2]>,
    },
    /// The step limit was reached first.
    StepLimit,
}

/// One move of the path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The player who moved (0 = row, 1 = column).
    pub player: usize,
    /// The strategy left.
    pub from: usize,
    /// The strategy taken.
    pub to: usize,
    /// The profile after the move.
    pub profile: [usize; 2],
}

/// A path of best-response dynamics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BestResponsePath {
    /// The starting profile.
    pub start: [usize; 2],
    /// The moves made (turns where the player kept its strategy are not listed).
    pub moves: Vec<Move>,
    /// How it ended.
    pub ending: Ending,
}

/// The best replies of the player whose payoffs against the other's
/// strategy are `payoffs`.
fn best_replies(payoffs: &[&BigRational]) -> Vec<usize> {
    let best = payoffs.iter().max().copied();
    (0..payoffs.len())
        .filter(|&k| Some(payoffs[k]) == best)
        .collect()
}

/// Runs best-response dynamics from `start` for at most `max_steps` turns.
///
/// ```
/// use sprague_dynamics::best_response::{best_response_dynamics, Ending};
/// use sprague_strategic::examples::example;
/// use sprague_strategic::stop::StopCheck;
/// let pd = example("prisoners-dilemma").unwrap();
/// let path = best_response_dynamics(&pd, [1, 1], 100, StopCheck::never()).unwrap();
/// assert_eq!(path.ending, Ending::Equilibrium { profile: [0, 0] }); // both confess
/// let pennies = example("matching-pennies").unwrap();
/// let path = best_response_dynamics(&pennies, [0, 0], 100, StopCheck::never()).unwrap();
/// assert!(matches!(path.ending, Ending::Cycle { ref profiles } if profiles.len() == 4));
/// ```
pub fn best_response_dynamics(
    game: &NormalFormGame,
    start: [usize; 2],
    max_steps: usize,
    stop: StopCheck,
) -> Result<BestResponsePath, DynamicsError> {
    let (a, b) = two_player(game)?;
    let (m, n) = (a.len(), a[0].len());
    if start[0] >= m || start[1] >= n {
        return Err(DynamicsError::Parameter(format!(
            "the start profile ({}, {}) is outside the {m}x{n} game",
            start[0] + 1,
            start[1] + 1
        )));
    }
    if max_steps > MAX_STEPS {
        return Err(too_large("the number of steps", max_steps, MAX_STEPS));
    }
    let mut profile = start;
    let mut moves = Vec::new();
    // The turn (index into `turns`) at which each (profile, mover) was seen.
    let mut seen: HashMap<([usize; 2], usize), usize> = HashMap::new();
    let mut turns: Vec<[usize; 2]> = Vec::new();
    let mut idle = 0;
    for turn in 0..max_steps {
        if turn % 1024 == 1023 && stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        let player = turn % 2;
        if let Some(&first) = seen.get(&(profile, player)) {
            let mut profiles: Vec<[usize; 2]> = Vec::new();
            for p in &turns[first..] {
                if profiles.last() != Some(p) {
                    profiles.push(*p);
                }
            }
            if profiles.len() > 1 && profiles.first() == profiles.last() {
                profiles.pop();
            }
            return Ok(BestResponsePath {
                start,
                moves,
                ending: Ending::Cycle { profiles },
            });
        }
        seen.insert((profile, player), turn);
        turns.push(profile);
        let replies = if player == 0 {
            best_replies(&a.iter().map(|row| &row[profile[1]]).collect::<Vec<_>>())
        } else {
            best_replies(&b[profile[0]].iter().collect::<Vec<_>>())
        };
        if replies.contains(&profile[player]) {
            idle += 1;
            if idle == 2 {
                return Ok(BestResponsePath {
                    start,
                    moves,
                    ending: Ending::Equilibrium { profile },
                });
            }
            continue;
        }
        idle = 0;
        let from = profile[player];
        profile[player] = replies[0];
        moves.push(Move {
            player,
            from,
            to: replies[0],
            profile,
        });
    }
    Ok(BestResponsePath {
        start,
        moves,
        ending: Ending::StepLimit,
    })
}
