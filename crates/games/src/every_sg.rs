//! Every-SG play of any catalogue game: `every:GAME`. Each word of the
//! position is a component; on each turn the player moves in **every**
//! component that can still move, and the player who cannot move loses.
//! (A component whose moves split it, such as a Kayles row, stays one
//! component: a move in it is a move in one of its parts.)
//!
//! The theorem (see [`sprague_engine::every_sg`]): with the suspense number of
//! each component computed by "win slowly, lose quickly", the first player
//! wins exactly when the largest suspense is odd. (The tutorials' "win fast,
//! lose slowly" — remoteness — is refuted by search; see the engine module.)
//! The winning moves are the combined moves after which the largest suspense
//! is even; they are all
//! listed when there are at most [`MAX_COMBINED`] combined moves, and
//! otherwise the strategy's own move (fast where winning, slow where losing).

use sprague_engine::every_sg::{every_sg_outcome, Remoteness};
use sprague_engine::{Game, HeapFamily, HeapGame, Heaps};

use crate::catalogue::{parse_game, CatalogueGame, Request};
use crate::error::GameError;
use crate::misere::heap_state_bound;
use crate::playable::{heap_moves, ComponentReport, MoveReport, PlayableGame, Report};
use crate::position::{Board, Move, Position};

/// The most combined moves enumerated to list every winning one.
pub const MAX_COMBINED: u128 = 4096;

/// The most positions of one component whose remoteness is searched.
pub const MAX_COMPONENT_POSITIONS: u128 = 2_000_000;

/// The Every-SG version of a catalogue game.
///
/// ```
/// use sprague_games::parse_game;
/// let game = parse_game("every:bash:2").unwrap();
/// let words: Vec<String> = ["4", "5"].iter().map(|w| w.to_string()).collect();
/// let report = game.analyze_words(&words).unwrap();
/// // Suspense 3 (4 → 3 → 1 → 0, the winner stalls) and 2 (5 → 4 → 3 is lost: hurry,
/// // but 5 → 3 → 0 takes 2 moves): the largest, 3, is odd.
/// assert_eq!(report.outcome.letter(), "N");
/// ```
pub struct EverySgPlayable {
    inner: CatalogueGame,
}

/// Builds `every:GAME` from its request.
///
/// # Errors
/// The errors of the inner description, or [`GameError::InvalidParameter`] without one.
pub fn parse(request: &Request) -> Result<CatalogueGame, GameError> {
    let inner = parse_game(request.required_parameter("every:GAME, e.g. every:bash:3")?)?;
    Ok(every_sg_of(inner))
}

/// The Every-SG sum of any game: the game of `every:GAME` for a game that has no catalogue
/// description (a user's game served by the web page).
///
/// ```
/// use sprague_games::{every_sg::every_sg_of, parse_game};
/// let game = every_sg_of(parse_game("bash:3").unwrap());
/// assert_eq!(game.description(), "every:bash:3");
/// ```
pub fn every_sg_of(inner: CatalogueGame) -> CatalogueGame {
    Box::new(EverySgPlayable { inner })
}

impl EverySgPlayable {
    /// The Every-SG sum of `inner`'s components. Games that are not heap families
    /// (user-defined games, say) are analysed (their [`PlayableGame::analyze_every_sg`]);
    /// listing their combined moves is not offered.
    ///
    /// ```
    /// use sprague_games::{every_sg::EverySgPlayable, parse_game, PlayableGame};
    /// let game = EverySgPlayable::new(parse_game("bash:2").unwrap());
    /// assert_eq!(game.analyze_words(&["4".into(), "5".into()]).unwrap().outcome.letter(), "N");
    /// ```
    pub fn new(inner: CatalogueGame) -> Self {
        Self { inner }
    }
}

impl PlayableGame for EverySgPlayable {
    fn components_commute(&self) -> bool {
        self.inner.components_commute()
    }

    fn heap_rules(&self) -> Option<&dyn HeapFamily> {
        None // Every-SG moves in every component at once: not a heap game's moves
    }

    fn description(&self) -> String {
        format!("every:{}", self.inner.description())
    }

    fn title(&self) -> String {
        format!("Every-SG sum of {}", self.inner.title())
    }

    fn position_syntax(&self) -> String {
        "components of heaps, each a heap or heaps joined by + (e.g. 4 1+5)".to_string()
    }

    fn move_syntax(&self) -> String {
        "a move in every component that can move, joined by commas, e.g. 4->3,5->2 (each as in the game itself)".to_string()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        if self.inner.heap_family().is_none() {
            let inner = self.inner.position(words)?;
            return Ok(Position {
                game: self.description(),
                ..inner
            });
        }
        crate::playable::require_position(words, &self.description(), "4 5")?;
        let groups = words
            .iter()
            .map(|word| Ok(parse_heaps(word)?.into_iter().filter(|&h| h > 0).collect()))
            .collect::<Result<Vec<Vec<u64>>, GameError>>()?;
        Ok(group_position(&self.description(), groups))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let family = self.family()?;
        let groups = position
            .components
            .iter()
            .map(|word| parse_heaps(word))
            .collect::<Result<Vec<Vec<u64>>, GameError>>()?;
        // The moves of each component that can move.
        let mut choices: Vec<(usize, Vec<Move>)> = Vec::new();
        for (index, group) in groups.iter().enumerate() {
            let parts = Position::new(
                self.inner.description(),
                group.iter().map(u64::to_string).collect(),
                Board::Heaps {
                    heaps: group.clone(),
                },
            );
            let moves = if group.is_empty() {
                Vec::new()
            } else {
                heap_moves(family, &parts)?
            };
            if !moves.is_empty() {
                choices.push((index, moves));
            }
        }
        if choices.is_empty() {
            return Ok(Vec::new());
        }
        let combined = choices.iter().fold(1u128, |product, (_, moves)| {
            product.saturating_mul(moves.len() as u128)
        });
        if combined > MAX_COMBINED {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "the position has {} combined moves (one in every component), more than the {MAX_COMBINED} listed",
                    if combined == u128::MAX { "too many".to_string() } else { combined.to_string() }
                ),
            });
        }
        let mut moves = Vec::new();
        let mut odometer = vec![0usize; choices.len()];
        loop {
            let mut after = groups.clone();
            let mut notations = Vec::new();
            let mut descriptions = Vec::new();
            for ((index, options), &pick) in choices.iter().zip(&odometer) {
                let chosen = &options[pick];
                after[*index] = chosen
                    .after
                    .components
                    .iter()
                    .filter_map(|w| w.parse().ok())
                    .filter(|&h: &u64| h > 0)
                    .collect();
                notations.push(chosen.notation.clone());
                descriptions.push(format!(
                    "in component {}: {}",
                    index + 1,
                    chosen.description
                ));
            }
            moves.push(Move {
                notation: notations.join(","),
                description: descriptions.join("; "),
                component: None,
                after: group_position(&self.description(), after),
            });
            let lengths: Vec<usize> = choices.iter().map(|(_, moves)| moves.len()).collect();
            if !next_combination(&mut odometer, &lengths) {
                break;
            }
        }
        Ok(moves)
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        self.inner.analyze_every_sg(words)
    }
}

impl EverySgPlayable {
    fn family(&self) -> Result<&dyn HeapFamily, GameError> {
        self.inner
            .heap_family()
            .ok_or_else(|| GameError::Unsupported {
                game: self.description(),
                what: "Every-SG play".to_string(),
                reason: "its position is not a sum of heaps".to_string(),
            })
    }
}

/// Steps `odometer` to the next combination of one index below `lengths[i]`
/// in each slot; false once every combination was visited.
fn next_combination(odometer: &mut [usize], lengths: &[usize]) -> bool {
    for (slot, length) in odometer.iter_mut().zip(lengths) {
        *slot += 1;
        if *slot < *length {
            return true;
        }
        *slot = 0;
    }
    false
}

/// A position of heap groups, each written `a+b` (`0` when empty).
fn group_position(description: &str, groups: Vec<Vec<u64>>) -> Position {
    // Each group as a multiset (sorted, no empty heaps), in its text and its board alike.
    let groups: Vec<Heaps> = groups.into_iter().map(Heaps::new).collect();
    Position::new(
        description,
        groups.iter().map(show_heaps).collect(),
        Board::HeapGroups {
            groups: groups.iter().map(|group| group.sizes().to_vec()).collect(),
        },
    )
}

/// Every-SG analysis of components of heaps of `family`: each component is
/// one heap or several written `a+b` (what a splitting move leaves).
///
/// # Errors
/// [`GameError::PositionTooLarge`] when a component has too many positions to search.
pub fn heap_every_sg_report(
    family: &dyn HeapFamily,
    components: &[Vec<u64>],
) -> Result<Report, GameError> {
    for parts in components {
        let bound = heap_state_bound(family, parts);
        let largest = parts.iter().copied().max().unwrap_or(0);
        let work = bound.saturating_mul(u128::from(largest) + 1);
        if work > MAX_COMPONENT_POSITIONS * 50 {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "the suspense numbers of the component {} need a search of {} positions and moves, more than the limit of {}; give smaller heaps",
                    show_heaps(&Heaps::new(parts.clone())),
                    if bound == u128::MAX { "too many to bound".to_string() } else { work.to_string() },
                    MAX_COMPONENT_POSITIONS * 50
                ),
            });
        }
    }
    let components: Vec<Heaps> = components
        .iter()
        .map(|parts| Heaps::new(parts.clone()))
        .collect();
    every_sg_report(&HeapGame::new(family), &components, &show_heaps)
}

/// A component of heaps as one word: `5`, or `1+4` after a split, `0` when empty.
pub fn show_heaps(heaps: &Heaps) -> String {
    if heaps.sizes().is_empty() {
        return "0".to_string();
    }
    heaps
        .sizes()
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

/// Reads a component of heaps written `5` or `1+4`.
///
/// # Errors
/// [`GameError::InvalidHeap`] for a part that is not a heap size.
pub fn parse_heaps(word: &str) -> Result<Vec<u64>, GameError> {
    word.split('+').map(crate::playable::parse_heap).collect()
}

/// A component that can move (its index) and its options with their suspense.
type Choices<P> = (usize, Vec<(P, u64)>);

/// Every-SG analysis of the components `components` of `game`.
///
/// # Errors
/// [`GameError::Remoteness`] for a cycle or a search that is too large.
pub fn every_sg_report<G: Game>(
    game: &G,
    components: &[G::Position],
    show: &dyn Fn(&G::Position) -> String,
) -> Result<Report, GameError> {
    let mut solver = Remoteness::suspense(game, MAX_COMPONENT_POSITIONS as usize);
    let mut remoteness = Vec::with_capacity(components.len());
    for component in components {
        remoteness.push(solver.remoteness(component)?);
    }
    let outcome = every_sg_outcome(&remoteness);
    let largest = remoteness.iter().copied().max().unwrap_or(0);
    // The options of each component that can move, with their remoteness.
    let mut choices: Vec<Choices<G::Position>> = Vec::new();
    for (index, component) in components.iter().enumerate() {
        let options = game.options(component);
        if options.is_empty() {
            continue;
        }
        let mut valued = Vec::with_capacity(options.len());
        for option in options {
            let value = solver.remoteness(&option)?;
            valued.push((option, value));
        }
        choices.push((index, valued));
    }
    let mut winning_moves = Vec::new();
    let mut all_listed = true;
    if largest % 2 == 1 {
        let combined = choices.iter().fold(1u128, |product, (_, options)| {
            product.saturating_mul(options.len() as u128)
        });
        let selections: Vec<Vec<usize>> = if combined <= MAX_COMBINED {
            // Every combination, by an odometer.
            let mut all = Vec::new();
            let mut odometer = vec![0usize; choices.len()];
            loop {
                all.push(odometer.clone());
                let lengths: Vec<usize> =
                    choices.iter().map(|(_, options)| options.len()).collect();
                if !next_combination(&mut odometer, &lengths) {
                    break;
                }
            }
            all
        } else {
            all_listed = false;
            // The strategy: to suspense s − 1 in every component of suspense s.
            vec![choices
                .iter()
                .map(|(index, options)| {
                    options
                        .iter()
                        .position(|(_, value)| *value + 1 == remoteness[*index])
                        .unwrap_or(0)
                })
                .collect()]
        };
        for selection in selections {
            let after_largest = choices
                .iter()
                .zip(&selection)
                .map(|((_, options), &pick)| options[pick].1)
                .max()
                .unwrap_or(0);
            if after_largest % 2 == 1 {
                continue;
            }
            let mut after: Vec<String> = components.iter().map(show).collect();
            let mut words = Vec::new();
            for ((index, options), &pick) in choices.iter().zip(&selection) {
                let option = &options[pick].0;
                words.push(format!(
                    "component {}: {}",
                    index + 1,
                    game.describe_move(&components[*index], option)
                ));
                after[*index] = show(option);
            }
            winning_moves.push(MoveReport {
                component: None,
                description: words.join("; "),
                to: after.join(" "),
            });
        }
    }
    let mut method = "Every-SG theorem (Winning Ways ch. 9, continued conjunctive compounds): the player to move wins iff the largest suspense number of the components (win slowly, lose quickly) is odd".to_string();
    if !all_listed {
        method.push_str(
            "; too many combined moves to list all winning ones, so the strategy's move is shown",
        );
    }
    Ok(Report {
        outcome,
        grundy: None,
        components: components
            .iter()
            .zip(&remoteness)
            .map(|(c, r)| ComponentReport {
                position: format!("{} (suspense {r})", show(c)),
                grundy: None,
            })
            .collect(),
        winning_moves,
        method,
        remoteness: Some(largest),
    })
}
