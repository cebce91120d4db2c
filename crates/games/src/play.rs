//! Playing against a perfect opponent, and saying why: the value and outcome
//! of every option, the perfect reply, and the explanation of a value.
//!
//! Built on the face of [`PlayableGame`] (positions, every legal move, the
//! analysis), so every catalogue game gets them.
//!
//! **The perfect reply** ([`perfect_reply`]) chooses, in this order:
//! 1. a *winning* move — to a position lost for the player who must move
//!    there (a P-position of normal or misère play, an L-position of a
//!    win/lose/tie game); among several, the fastest win (smallest
//!    remoteness) when remoteness is known;
//! 2. a move that keeps a *draw* (to a D-position of a loopy game) or secures
//!    a *tie* (a T-position of a win/lose/tie game);
//! 3. from a lost position, the move that makes the opponent's win longest
//!    (largest remoteness: Steinhaus's "win quickly, lose slowly").
//!
//! Remoteness (C. A. B. Smith, "Graphs and composite games", JCT 1 (1966);
//! Winning Ways ch. 9) is taken from the analysis where the game's solver
//! gives it (win/lose/tie games) and otherwise computed by [`remoteness`], a
//! retrograde analysis of the positions reachable from the one played (at most
//! [`MAX_REMOTENESS_POSITIONS`] positions and [`REMOTENESS_BUDGET`] of time, so
//! an interactive answer never waits on it; it handles cycles, so in loopy
//! games the winner's moves make progress instead of circling); when the search
//! is larger, the reply says the ranking was skipped and why, and that it took
//! the first listed move among equals. One search serves every reply of a
//! listing ([`RemotenessTable`]): the positions after a move and after its
//! replies are all reachable from the position listed.
//!
//! **The explanation** ([`explain`]) of a one-component value lists the
//! options' values and their mex (the Sprague–Grundy function is the least
//! value not among the options' values); of a sum, the components' values and
//! their XOR (Sprague 1935, Grundy 1939); with the closed form or period rule
//! where the game names one ([`PlayableGame::value_rule`]).

use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

use sprague_engine::Outcome;

use crate::error::GameError;
use sprague_engine::heap_remoteness::{HeapRemoteness, HeapRemotenessError};
use sprague_engine::HeapFamily;

use crate::playable::{Ending, Evaluation, PlayableGame};
use crate::position::{Move, Position};

/// The most positions [`remoteness`] searches.
pub const MAX_REMOTENESS_POSITIONS: usize = 200_000;

/// The time one answer may spend on listing its moves and ranking them by remoteness
/// (a reply's search gets what the listing left of it): past it, the moves are not
/// ranked by remoteness and the answer says so (the value and the winning moves, which
/// the theory gives at once, are always answered).
pub const REMOTENESS_BUDGET: Duration = Duration::from_millis(60);

/// The remoteness of every position reachable from one position, or why the
/// search was skipped: shared by every reply of a listing.
#[derive(Debug, Clone)]
pub struct RemotenessTable {
    solved: Result<Solved, String>,
    commute: bool,
}

/// What a search solved: positions by their keys, or (heap games) sums of heaps
/// by their sorted sizes.
#[derive(Debug, Clone)]
enum Solved {
    Positions(HashMap<Key, (u64, bool)>),
    Heaps {
        solved: HashMap<Box<[u64]>, (u64, bool)>,
        movable: HashMap<u64, bool>,
    },
}

/// The heap sizes of a position, sorted, when every component is a heap size.
fn heap_key(position: &Position) -> Option<Box<[u64]>> {
    let mut heaps = position
        .components
        .iter()
        .flat_map(|c| c.split_whitespace())
        .map(|w| w.parse::<u64>().ok())
        .collect::<Option<Vec<u64>>>()?;
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    Some(heaps.into_boxed_slice())
}

/// The remoteness search of a heap game: every sum reachable from `root`.
fn heap_search(
    family: &dyn HeapFamily,
    misere: bool,
    root: &[u64],
    deadline: Instant,
) -> Result<Solved, String> {
    let mut search =
        HeapRemoteness::new(family, misere, MAX_REMOTENESS_POSITIONS).with_deadline(deadline);
    search.solve(root).map_err(|error| match error {
        HeapRemotenessError::TooLarge { limit } => {
            format!("the search needs more than {limit} positions")
        }
        other => other.to_string(),
    })?;
    let (solved, movable) = search.into_parts();
    Ok(Solved::Heaps { solved, movable })
}

impl RemotenessTable {
    /// Searches the positions reachable from `root` within [`MAX_REMOTENESS_POSITIONS`]
    /// and `budget`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sprague_games::{parse_game, play::RemotenessTable};
    /// let nim = parse_game("nim").unwrap();
    /// let position = nim.position(&["2".into(), "2".into()]).unwrap();
    /// let table = RemotenessTable::search(nim.as_ref(), &position, Duration::from_secs(1));
    /// assert_eq!(table.remoteness(&position), Some(4));
    /// ```
    pub fn search(game: &dyn PlayableGame, root: &Position, budget: Duration) -> Self {
        let deadline = Instant::now() + budget;
        let misere = match game.ending() {
            Ending::Normal => Some(false),
            Ending::Misere => Some(true),
            Ending::Scored => None,
        };
        let heaps = game.heap_rules().zip(misere).zip(heap_key(root));
        let solved = match heaps {
            Some(((family, misere), heaps)) => heap_search(family, misere, &heaps, deadline),
            None => retrograde(game, root, deadline)
                .map(Solved::Positions)
                .map_err(|error| match error {
                    GameError::PositionTooLarge { reason } => reason,
                    other => other.to_string(),
                }),
        };
        RemotenessTable {
            solved,
            commute: game.components_commute(),
        }
    }

    /// The remoteness of `position`, when the search reached and decided it.
    pub fn remoteness(&self, position: &Position) -> Option<u64> {
        match self.solved.as_ref().ok()? {
            Solved::Positions(solved) => solved.get(&key(position, self.commute)).map(|&(r, _)| r),
            Solved::Heaps { solved, movable } => {
                // The search's keys leave out the heaps without a move.
                let mut kept = Vec::new();
                for heap in heap_key(position)?.iter() {
                    if *movable.get(heap)? {
                        kept.push(*heap);
                    }
                }
                solved.get(kept.as_slice()).map(|&(r, _)| r)
            }
        }
    }

    /// Why the search was skipped, when it was.
    pub fn skipped(&self) -> Option<&str> {
        self.solved.as_ref().err().map(String::as_str)
    }
}

/// A legal move with what the engine says of the position it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionReport {
    /// The move.
    pub play: Move,
    /// The position after it, for the player who must move there.
    pub evaluation: Evaluation,
}

impl OptionReport {
    /// Whether the move wins: the player who must move next loses.
    pub fn winning(&self) -> bool {
        matches!(self.evaluation.outcome, Outcome::P | Outcome::L)
    }
}

/// Every legal move from `position`, with the outcome and value after it.
///
/// ```
/// use sprague_games::{parse_game, play::options};
/// let nim = parse_game("nim").unwrap();
/// let position = nim.position(&["3".into(), "4".into(), "5".into()]).unwrap();
/// let options = options(nim.as_ref(), &position).unwrap();
/// assert_eq!(options.len(), 12);
/// let winning: Vec<_> = options.iter().filter(|o| o.winning()).collect();
/// assert_eq!(winning.len(), 1);
/// assert_eq!(winning[0].play.notation, "3->1");
/// ```
///
/// # Errors
/// The errors of [`PlayableGame::moves`] and [`PlayableGame::evaluate_moves`].
pub fn options(
    game: &dyn PlayableGame,
    position: &Position,
) -> Result<Vec<OptionReport>, GameError> {
    let moves = game.moves(position)?;
    let evaluations = game.evaluate_moves(&moves)?;
    Ok(moves
        .into_iter()
        .zip(evaluations)
        .map(|(play, evaluation)| OptionReport { play, evaluation })
        .collect())
}

/// The perfect reply: the move and why it was chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The move.
    pub play: Move,
    /// The position after it, for the opponent.
    pub evaluation: Evaluation,
    /// Why, in one sentence.
    pub reason: String,
}

/// The perfect reply from `position` (see the module documentation for the
/// rule), or `None` when there is no legal move.
///
/// ```
/// use sprague_games::{parse_game, play::perfect_reply};
/// let nim = parse_game("nim").unwrap();
/// let position = nim.position(&["1".into(), "2".into()]).unwrap();
/// let reply = perfect_reply(nim.as_ref(), &position).unwrap().unwrap();
/// assert_eq!(reply.play.after.text(), "1 1");
/// ```
///
/// # Errors
/// The errors of [`options`].
pub fn perfect_reply(
    game: &dyn PlayableGame,
    position: &Position,
) -> Result<Option<Reply>, GameError> {
    perfect_reply_choosing(game, position, 0)
}

/// [`perfect_reply`], taking the `pick`-th (modulo their number) of equally
/// good moves, so that a seeded opponent varies its play.
///
/// # Errors
/// The errors of [`options`].
pub fn perfect_reply_choosing(
    game: &dyn PlayableGame,
    position: &Position,
    pick: u64,
) -> Result<Option<Reply>, GameError> {
    let started = Instant::now();
    let options = options(game, position)?;
    if options.is_empty() {
        return Ok(None);
    }
    // The ranking search gets what is left of the reply's budget after the listing (a
    // position with thousands of moves spends tens of milliseconds listing them).
    let budget = REMOTENESS_BUDGET.saturating_sub(started.elapsed());
    let table = options
        .iter()
        .any(|o| o.evaluation.remoteness.is_none())
        .then(|| RemotenessTable::search(game, position, budget));
    Ok(Some(choose_reply(options, pick, table.as_ref())))
}

/// [`perfect_reply_choosing`] with the remoteness taken from `table`, a search
/// from a position before this one (so that one search serves many replies).
///
/// # Errors
/// The errors of [`options`].
///
/// ```
/// use std::time::Duration;
/// use sprague_games::{parse_game, play::{perfect_reply_from, RemotenessTable}};
/// let nim = parse_game("nim").unwrap();
/// let root = nim.position(&["2".into(), "2".into()]).unwrap();
/// let table = RemotenessTable::search(nim.as_ref(), &root, Duration::from_secs(1));
/// let after = nim.position(&["1".into(), "2".into()]).unwrap();
/// let reply = perfect_reply_from(nim.as_ref(), &after, 0, &table).unwrap().unwrap();
/// assert_eq!(reply.play.after.text(), "1 1");
/// ```
pub fn perfect_reply_from(
    game: &dyn PlayableGame,
    position: &Position,
    pick: u64,
    table: &RemotenessTable,
) -> Result<Option<Reply>, GameError> {
    let options = options(game, position)?;
    if options.is_empty() {
        return Ok(None);
    }
    Ok(Some(choose_reply(options, pick, Some(table))))
}

/// The reply among `options` by the rule of the module documentation, their
/// remoteness completed from `table` where the analysis did not give it.
fn choose_reply(
    mut options: Vec<OptionReport>,
    pick: u64,
    table: Option<&RemotenessTable>,
) -> Reply {
    let mut skipped = None;
    if let Some(table) = table {
        // Too large a search ranks none of the moves rather than a part.
        skipped = table.skipped();
        if skipped.is_none() {
            for option in &mut options {
                if option.evaluation.remoteness.is_none() {
                    option.evaluation.remoteness = table.remoteness(&option.play.after);
                }
            }
        }
    }
    let unranked = |count: usize| {
        match skipped {
        Some(why) if count > 1 => format!(
            "; the moves were not ranked by remoteness ({why}), so this is the first listed of {count}"
        ),
        _ => String::new(),
    }
    };
    let value_words = |evaluation: &Evaluation| match evaluation.grundy {
        Some(value) => format!(" (value {value})"),
        None => String::new(),
    };
    let winning: Vec<&OptionReport> = options.iter().filter(|o| o.winning()).collect();
    if !winning.is_empty() {
        let best = fastest(&winning, pick);
        let lost = if best.evaluation.outcome == Outcome::L {
            "an L-position: the opponent loses whatever they do".to_string()
        } else {
            format!(
                "a P-position{}: every move from it leads to an N-position",
                value_words(&best.evaluation)
            )
        };
        let speed = match best.evaluation.remoteness {
            Some(0) => "; it is the last move of the game".to_string(),
            Some(r) if winning.len() > 1 => format!(
                "; the fastest of {} winning moves ({r} more {})",
                winning.len(),
                plural(r)
            ),
            Some(r) => format!("; the game ends within {r} more {}", plural(r)),
            None => unranked(winning.len()),
        };
        return Reply {
            play: best.play.clone(),
            evaluation: best.evaluation,
            reason: format!("it moves to {lost}{speed}"),
        };
    }
    let draws: Vec<&OptionReport> = options
        .iter()
        .filter(|o| matches!(o.evaluation.outcome, Outcome::D | Outcome::T))
        .collect();
    if !draws.is_empty() {
        let draw = draws[(pick % draws.len() as u64) as usize];
        let reason = if draw.evaluation.outcome == Outcome::D {
            "no move wins, and this one keeps the draw (a D-position: neither side can force a win)"
        } else {
            "no move wins, and this one secures a tie (a T-position)"
        };
        return Reply {
            play: draw.play.clone(),
            evaluation: draw.evaluation,
            reason: reason.to_string(),
        };
    }
    let all: Vec<&OptionReport> = options.iter().collect();
    let best = slowest(&all, pick);
    let reason = match best.evaluation.remoteness {
        Some(r) => format!(
            "every move leads to an N-position (the opponent wins with perfect play); this one makes the opponent's win longest: {r} more {}",
            plural(r)
        ),
        None => format!(
            "every move leads to an N-position (the opponent wins with perfect play); the moves were not ranked by remoteness ({}), so this is the first listed",
            skipped.unwrap_or("the search gave no remoteness")
        ),
    };
    Reply {
        play: best.play.clone(),
        evaluation: best.evaluation,
        reason,
    }
}

fn plural(moves: u64) -> &'static str {
    if moves == 1 {
        "move"
    } else {
        "moves"
    }
}

/// A winning option of the smallest known remoteness (`pick` chooses among equals).
fn fastest<'a>(winning: &[&'a OptionReport], pick: u64) -> &'a OptionReport {
    let key = |o: &OptionReport| o.evaluation.remoteness.unwrap_or(u64::MAX);
    let best = winning.iter().map(|o| key(o)).min().unwrap_or(u64::MAX);
    let equals: Vec<&OptionReport> = winning.iter().copied().filter(|o| key(o) == best).collect();
    equals[(pick % equals.len() as u64) as usize]
}

/// An option of the largest known remoteness (`pick` chooses among equals).
fn slowest<'a>(options: &[&'a OptionReport], pick: u64) -> &'a OptionReport {
    let key = |o: &OptionReport| o.evaluation.remoteness.unwrap_or(0);
    let best = options.iter().map(|o| key(o)).max().unwrap_or(0);
    let equals: Vec<&OptionReport> = options.iter().copied().filter(|o| key(o) == best).collect();
    equals[(pick % equals.len() as u64) as usize]
}

/// The remoteness of `position` (moves to the end with perfect play: the
/// winner hurries, the loser delays), by retrograde analysis.
///
/// ```
/// use sprague_games::{parse_game, play::remoteness};
/// let nim = parse_game("nim").unwrap();
/// let position = nim.position(&["2".into(), "2".into()]).unwrap();
/// assert_eq!(remoteness(nim.as_ref(), &position).unwrap(), 4); // 2 2 → 1 2 → 1 1 → 0 1 → 0 0
/// ```
///
/// # Errors
/// [`GameError::PositionTooLarge`] beyond [`MAX_REMOTENESS_POSITIONS`]
/// positions or two seconds; [`GameError::Unsupported`] for a drawn position (no end is forced).
pub fn remoteness(game: &dyn PlayableGame, position: &Position) -> Result<u64, GameError> {
    let solved = retrograde(game, position, Instant::now() + Duration::from_secs(2))?;
    solved
        .get(&key(position, game.components_commute()))
        .map(|&(r, _)| r)
        .ok_or_else(|| game.unsupported("remoteness of a drawn position"))
}

/// A position's identity in the search: its components (as a multiset when the
/// game's components commute) and whose turn it is (Northcott's game moves by colour).
type Key = (Vec<String>, Option<u8>);

fn key(position: &Position, commute: bool) -> Key {
    let mut components = position.components.clone();
    if commute {
        components.sort_unstable();
    }
    (components, position.player)
}

/// Retrograde analysis of every position reachable from `root` (at most
/// [`MAX_REMOTENESS_POSITIONS`]): for each decided position, its remoteness
/// and whether the player to move wins. Ends are scored by [`Ending`]; a
/// loss is propagated as a win (1 + the fastest loss among the options), and
/// a position all of whose options are wins for the opponent is lost (1 +
/// the slowest); positions left undecided are draws (a cycle no one can be
/// forced out of, or ties). Processing positions in increasing remoteness
/// (a queue) makes the first win found the fastest and the last option
/// decided the slowest.
fn retrograde(
    game: &dyn PlayableGame,
    root: &Position,
    deadline: Instant,
) -> Result<HashMap<Key, (u64, bool)>, GameError> {
    let commute = game.components_commute();
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut positions: Vec<Position> = vec![root.clone()];
    let mut children: Vec<Vec<usize>> = Vec::new();
    index.insert(key(root, commute), 0);
    let mut next = 0;
    while next < positions.len() {
        // Every expansion asks the clock: one position of a game with thousands of moves
        // (Moore's Nim of six heaps) costs a millisecond, so a coarser check overshoots.
        if Instant::now() > deadline {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "the search from {} passed its time budget after {} positions",
                    root.text(),
                    positions.len()
                ),
            });
        }
        let moves = game.moves(&positions[next])?;
        let mut followers = Vec::with_capacity(moves.len());
        for played in moves {
            let found = key(&played.after, commute);
            let at = match index.get(&found) {
                Some(&at) => at,
                None => {
                    if positions.len() >= MAX_REMOTENESS_POSITIONS {
                        return Err(GameError::PositionTooLarge {
                            reason: format!(
                                "the search from {} needs more than {MAX_REMOTENESS_POSITIONS} positions",
                                root.text()
                            ),
                        });
                    }
                    index.insert(found, positions.len());
                    positions.push(played.after);
                    positions.len() - 1
                }
            };
            followers.push(at);
        }
        children.push(followers);
        next += 1;
    }
    let count = positions.len();
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (parent, followers) in children.iter().enumerate() {
        for &child in followers {
            parents[child].push(parent);
        }
    }
    let mut remaining: Vec<usize> = children.iter().map(Vec::len).collect();
    let mut solved: Vec<Option<(u64, bool)>> = vec![None; count];
    let mut queue = std::collections::VecDeque::new();
    for (at, followers) in children.iter().enumerate() {
        if followers.is_empty() {
            let wins = match game.ending() {
                Ending::Normal => Some(false),
                Ending::Misere => Some(true),
                Ending::Scored => match game.analyze(&positions[at])?.outcome {
                    Outcome::P | Outcome::L => Some(false),
                    Outcome::N | Outcome::W => Some(true),
                    Outcome::D | Outcome::T => None,
                },
            };
            if let Some(wins) = wins {
                solved[at] = Some((0, wins));
                queue.push_back(at);
            }
        }
    }
    while let Some(at) = queue.pop_front() {
        let (r, wins) = solved[at].expect("queued positions are solved");
        for &parent in &parents[at] {
            if solved[parent].is_some() {
                continue;
            }
            if !wins {
                solved[parent] = Some((r + 1, true));
                queue.push_back(parent);
            } else {
                remaining[parent] -= 1;
                if remaining[parent] == 0 {
                    solved[parent] = Some((r + 1, false));
                    queue.push_back(parent);
                }
            }
        }
    }
    Ok(positions
        .iter()
        .zip(solved)
        .filter_map(|(position, value)| Some((key(position, commute), value?)))
        .collect())
}

/// Why a position has its value and outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The value, where the game has one.
    pub grundy: Option<u64>,
    /// The options' values, for a position of one component (the mex is `grundy`).
    pub option_values: Option<Vec<u64>>,
    /// The explanation, one sentence a line.
    pub lines: Vec<String>,
}

/// Why `position` has its value: the mex of the options' values for one
/// component, the XOR of the components' values for a sum, the rule of a
/// closed form or period where one gave it, and what the outcome means.
///
/// ```
/// use sprague_games::{parse_game, play::explain};
/// let kayles = parse_game("kayles").unwrap();
/// let position = kayles.position(&["7".into()]).unwrap();
/// let why = explain(kayles.as_ref(), &position).unwrap();
/// assert_eq!(why.grundy, Some(2));
/// assert_eq!(why.option_values, Some(vec![0, 1, 3, 4, 5]));
/// ```
///
/// # Errors
/// The errors of [`PlayableGame::analyze`] (a position too large to list its
/// moves is explained from the analysis alone).
pub fn explain(game: &dyn PlayableGame, position: &Position) -> Result<Explanation, GameError> {
    let report = game.analyze(position)?;
    let mut lines = Vec::new();
    let listed = options(game, position);
    let mut option_values = None;
    match (&listed, report.components.as_slice(), report.grundy) {
        (Ok(options), [_], Some(value))
            if options.iter().all(|o| o.evaluation.grundy.is_some()) =>
        {
            let values: BTreeSet<u64> =
                options.iter().filter_map(|o| o.evaluation.grundy).collect();
            let words: Vec<String> = values.iter().map(u64::to_string).collect();
            lines.push(if values.is_empty() {
                format!(
                    "no move is possible, so the value is the mex of the empty set: {value} = g"
                )
            } else {
                format!(
                    "options' values {{{}}} → the smallest value not among them is {value} = g",
                    words.join(", ")
                )
            });
            option_values = Some(values.into_iter().collect());
        }
        _ => {}
    }
    let formula = game
        .heap_family()
        .and_then(|family| family.closed_form_formula());
    match formula {
        Some(formula) if report.components.len() > 1 => {
            lines.push(format!("each heap's value by the closed form {formula}"));
        }
        _ => {
            for component in &report.components {
                if let Some(value) = component.grundy {
                    if let Some(rule) = game.value_rule(&component.position, value) {
                        if !lines.contains(&rule) {
                            lines.push(rule);
                        }
                    }
                }
            }
        }
    }
    if report.components.len() > 1 {
        if let Some(total) = report.grundy {
            let values: Vec<String> = report
                .components
                .iter()
                .map(|c| c.grundy.map_or("?".to_string(), |v| v.to_string()))
                .collect();
            lines.push(format!(
                "the value of a sum is the XOR of its components' values (Sprague–Grundy theorem): {} = {total}",
                values.join(" ⊕ ")
            ));
        }
    }
    lines.push(outcome_sentence(&report.outcome, listed.as_ref().ok()));
    if option_values.is_none() && report.grundy.is_none() {
        // No value to explain by a mex or a XOR: the method that decided the outcome.
        lines.push(format!("by: {}", report.method));
    }
    Ok(Explanation {
        outcome: report.outcome,
        grundy: report.grundy,
        option_values,
        lines,
    })
}

fn outcome_sentence(outcome: &Outcome, options: Option<&Vec<OptionReport>>) -> String {
    let count = options.map(Vec::len);
    match (outcome, count) {
        (Outcome::P, Some(0)) => "P-position: the player to move has no move and loses".to_string(),
        (Outcome::P, Some(n)) => format!(
            "P-position: every one of the {n} moves leads to an N-position, from which the opponent wins"
        ),
        (Outcome::P, None) => "P-position: every move leads to an N-position".to_string(),
        (Outcome::N, _) => {
            let winning = options.map_or(0, |o| o.iter().filter(|o| o.winning()).count());
            let total = count.unwrap_or(0);
            if winning == 1 {
                format!("N-position: 1 of the {total} moves leads to a P-position, and the player to move wins by it")
            } else if winning > 1 {
                format!("N-position: {winning} of the {total} moves lead to a P-position, and the player to move wins by any of them")
            } else {
                "N-position: the player to move wins".to_string()
            }
        }
        (other, _) => format!("{other}: {}", other.explanation()),
    }
}
