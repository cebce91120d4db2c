//! Misère play of any catalogue game: `misere:GAME`, the player who cannot
//! move wins.
//!
//! The answer comes from the first rule that applies (see
//! [`sprague_engine::misere`]): Bouton's Anti-Nim rule for Nim; the anti-SG
//! (SJ) theorem when its hypotheses hold on every reachable component;
//! otherwise an exact search of the sum with canonical positions, stopped when
//! it keeps more than [`MAX_SEARCHED`] positions or passes
//! [`MISERE_SEARCH_BUDGET`] (bounded by what it visits, not by the worst case of
//! the heaps: `misere:0.07 30 30` visits 87,891 of a bound of 6.6 million).
//! Octal and hexadecimal games answer larger sums through their misère
//! quotient ([`crate::misere_quotient`]). The report's method names the rule.

use std::collections::HashMap;

use sprague_engine::heap_family::describe_heap_move;
use sprague_engine::heap_misere::HeapMisereSearch;
use sprague_engine::misere::{anti_nim_outcome, anti_sg_applies, anti_sg_outcome, MisereSearch};
use sprague_engine::{Game, GrundySolver, HeapFamily, HeapGame, Heaps, Outcome};

use crate::catalogue::{parse_game, CatalogueGame, Request};
use crate::error::GameError;
use crate::playable::{ComponentReport, Ending, MoveReport, PlayableGame, Report};
use crate::position::{Move, Position};

/// The most positions an exact misère search may keep.
pub const MAX_SEARCHED: usize = 2_000_000;

/// The time the exact misère search of one answer may take (an interactive
/// answer never blocks for more than two seconds).
pub const MISERE_SEARCH_BUDGET: std::time::Duration = std::time::Duration::from_millis(1500);

/// The most component positions on which the anti-SG hypotheses are checked.
pub const MAX_CHECKED: usize = 20_000;

/// The misère version of a catalogue game.
///
/// ```
/// use sprague_games::parse_game;
/// let game = parse_game("misere:nim").unwrap();
/// let words: Vec<String> = ["1", "1", "1", "2"].iter().map(|w| w.to_string()).collect();
/// let report = game.analyze_words(&words).unwrap();
/// assert_eq!(report.outcome.letter(), "N");
/// assert!(report.method.starts_with("Anti-Nim"));
/// ```
pub struct MiserePlayable {
    inner: CatalogueGame,
}

impl MiserePlayable {
    /// The misère version of `inner` (a game built outside the catalogue, say).
    ///
    /// ```
    /// use sprague_games::{misere::MiserePlayable, parse_game, PlayableGame};
    /// let game = MiserePlayable::new(parse_game("kayles").unwrap());
    /// assert_eq!(game.description(), "misere:kayles");
    /// let report = game.analyze_words(&["1".to_string()]).unwrap();
    /// assert_eq!(report.outcome.letter(), "P"); // the last pin loses
    /// ```
    pub fn new(inner: CatalogueGame) -> Self {
        Self { inner }
    }
}

/// Builds `misere:GAME` from its request.
///
/// # Errors
/// The errors of the inner description, or [`GameError::InvalidParameter`] without one.
pub fn parse(request: &Request) -> Result<CatalogueGame, GameError> {
    let inner = parse_game(request.required_parameter("misere:GAME, e.g. misere:nim")?)?;
    Ok(misere_of(inner))
}

/// Misère play of any game: the game of `misere:GAME` for a game that has no catalogue
/// description (a user's game served by the web page).
///
/// ```
/// use sprague_games::{misere::misere_of, parse_game};
/// let game = misere_of(parse_game("nim").unwrap());
/// assert_eq!(game.description(), "misere:nim");
/// ```
pub fn misere_of(inner: CatalogueGame) -> CatalogueGame {
    Box::new(MiserePlayable { inner })
}

impl PlayableGame for MiserePlayable {
    fn components_commute(&self) -> bool {
        self.inner.components_commute()
    }

    fn heap_rules(&self) -> Option<&dyn HeapFamily> {
        self.inner.heap_rules()
    }

    fn misere_quotient_cache(&self) -> Option<crate::misere_quotient::KeptQuotient<'_>> {
        self.inner.misere_quotient_cache()
    }

    fn description(&self) -> String {
        format!("misere:{}", self.inner.description())
    }

    fn title(&self) -> String {
        format!("Misère {}", self.inner.title())
    }

    fn position_syntax(&self) -> String {
        self.inner.position_syntax()
    }

    fn move_syntax(&self) -> String {
        self.inner.move_syntax()
    }

    fn ending(&self) -> Ending {
        Ending::Misere
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(renamed(self.inner.position(words)?, &self.description()))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let inner = renamed(position.clone(), &self.inner.description());
        let description = self.description();
        Ok(self
            .inner
            .moves(&inner)?
            .into_iter()
            .map(|played| Move {
                after: renamed(played.after, &description),
                ..played
            })
            .collect())
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let inner = renamed(position.clone(), &self.inner.description());
        let played = self.inner.parse_move(&inner, text)?;
        Ok(Move {
            after: renamed(played.after, &self.description()),
            ..played
        })
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        self.inner.analyze_misere(words)
    }
}

/// `position` as a position of the game `description` (same components and board).
pub fn renamed(position: Position, description: &str) -> Position {
    Position {
        game: description.to_string(),
        ..position
    }
}

fn heap_text(heaps: &[u64]) -> String {
    let words: Vec<String> = heaps
        .iter()
        .filter(|&&h| h > 0)
        .map(u64::to_string)
        .collect();
    if words.is_empty() {
        "0".to_string()
    } else {
        words.join(" ")
    }
}

/// Misère Nim by Bouton's rule, with every winning move (each heap can only
/// go to 0, 1 or its normal-play target a ⊕ s, so those are all checked).
///
/// ```
/// use sprague_games::misere::anti_nim_report;
/// let report = anti_nim_report(&[1, 1, 1, 2]);
/// assert_eq!(report.winning_moves.len(), 1);
/// assert_eq!(report.winning_moves[0].to, "1 1 1"); // take the 2: an odd number of single tokens
/// ```
pub fn anti_nim_report(heaps: &[u64]) -> Report {
    let outcome = anti_nim_outcome(heaps);
    let total = heaps.iter().fold(0, |t, h| t ^ h);
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N {
        for (index, &heap) in heaps.iter().enumerate() {
            let mut targets = vec![0, 1, heap ^ total];
            targets.sort_unstable();
            targets.dedup();
            for target in targets.into_iter().filter(|&t| t < heap) {
                let mut after = heaps.to_vec();
                after[index] = target;
                if anti_nim_outcome(&after) == Outcome::P {
                    winning_moves.push(MoveReport {
                        component: Some(index),
                        description: sprague_engine::heap_family::describe_heap_move(
                            &Heaps::single(heap),
                            &Heaps::single(target),
                        ),
                        to: heap_text(&after),
                    });
                }
            }
        }
    }
    Report {
        outcome,
        grundy: None,
        components: heaps
            .iter()
            .map(|&heap| ComponentReport {
                position: heap.to_string(),
                grundy: Some(heap),
            })
            .collect(),
        winning_moves,
        method: "Anti-Nim rule (Bouton): the player to move wins iff all heaps ≤ 1 with nim-sum 0, or some heap > 1 with nim-sum ≠ 0".to_string(),
        remoteness: None,
    }
}

/// (n + 1)², saturating: a bound on the positions of games whose positions
/// are two numbers up to n (a heap and a last take, two boxes).
pub fn square_bound(n: u64) -> u128 {
    (u128::from(n) + 1).saturating_mul(u128::from(n) + 1)
}

/// Partitions p(0..=n), saturating.
fn partition_counts(n: usize) -> Vec<u128> {
    let mut counts = vec![0u128; n + 1];
    counts[0] = 1;
    for part in 1..=n {
        for total in part..=n {
            counts[total] = counts[total].saturating_add(counts[total - part]);
        }
    }
    counts
}

/// The most heap options examined when checking a family's moves.
pub const MAX_EXAMINED_OPTIONS: u64 = 5_000_000;

/// Whether some move of a heap of at most `largest` tokens splits it into
/// several non-empty heaps; `None` when that takes more than
/// [`MAX_EXAMINED_OPTIONS`] options to find out.
pub fn family_splits(family: &dyn HeapFamily, largest: u64) -> Option<bool> {
    let mut examined = 0u64;
    for heap in 1..=largest {
        let mut splits = false;
        family.for_each_option(heap, &mut |parts| {
            examined += 1;
            if parts.iter().filter(|&&p| p > 0).count() > 1 {
                splits = true;
            }
        });
        if splits {
            return Some(true);
        }
        if examined > MAX_EXAMINED_OPTIONS {
            return None;
        }
    }
    Some(false)
}

/// Whether the anti-SG hypotheses hold for every heap of at most `largest`
/// tokens: no move splits a heap, and every heap of value 0 with a move has a
/// move to value 1. `None` when the check is too large.
///
/// ```
/// use sprague_games::{misere::heap_anti_sg_applies, BashGame, kayles::kayles};
/// assert_eq!(heap_anti_sg_applies(&BashGame::new(3).unwrap(), 100_000), Some(true));
/// assert_eq!(heap_anti_sg_applies(&kayles(), 10), Some(false));
/// ```
pub fn heap_anti_sg_applies(family: &dyn HeapFamily, largest: u64) -> Option<bool> {
    if family_splits(family, largest)? {
        return Some(false);
    }
    let values = sprague_engine::sweep(family, largest, 0).ok()?;
    let mut examined = 0u64;
    for heap in 1..=largest {
        if values.get(heap)? != 0 {
            continue;
        }
        let mut has_move = false;
        let mut has_one = false;
        family.for_each_option(heap, &mut |parts| {
            examined += 1;
            has_move = true;
            let value = parts
                .iter()
                .filter(|&&p| p > 0)
                .map(|&p| values.get(p).unwrap_or(u64::MAX))
                .fold(0, |t, v| t ^ v);
            if value == 1 {
                has_one = true;
            }
        });
        if has_move && !has_one {
            return Some(false);
        }
        if examined > MAX_EXAMINED_OPTIONS {
            return None;
        }
    }
    Some(true)
}

/// An upper bound on the positions reachable from a sum of heaps: the
/// product of (h + 1) when no move splits a heap, otherwise the number of
/// multisets of heaps with at most as many tokens (Σ p(t) for t ≤ total).
pub fn heap_state_bound(family: &dyn HeapFamily, heaps: &[u64]) -> u128 {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if family_splits(family, largest) == Some(false) {
        return heaps.iter().fold(1u128, |product, &h| {
            product.saturating_mul(u128::from(h) + 1)
        });
    }
    let tokens: u128 = heaps.iter().map(|&h| u128::from(h)).sum();
    if tokens > 400 {
        return u128::MAX;
    }
    partition_counts(tokens as usize)
        .iter()
        .fold(0u128, |sum, &p| sum.saturating_add(p))
}

/// Misère analysis of a sum of heaps of `family`.
///
/// # Errors
/// [`GameError::PositionTooLarge`] when the exact search would be too large.
pub fn heap_misere_report(family: &dyn HeapFamily, heaps: &[u64]) -> Result<Report, GameError> {
    heap_misere_report_within(family, heaps, MISERE_SEARCH_BUDGET)
}

/// [`heap_misere_report`] with the exact search given `budget` of time.
///
/// # Errors
/// As [`heap_misere_report`]; [`GameError::Misere`] when the search passes `budget`.
pub fn heap_misere_report_within(
    family: &dyn HeapFamily,
    heaps: &[u64],
    budget: std::time::Duration,
) -> Result<Report, GameError> {
    heap_misere_report_shared(family, heaps, budget, &mut HashMap::new())
}

/// [`heap_misere_report_within`] starting from the positions `memo` decided in earlier
/// searches of the same family (and leaving this search's in it): the options that
/// `moves` values one by one share one search. A memo past [`MAX_SEARCHED`] positions
/// is emptied first.
///
/// # Errors
/// As [`heap_misere_report_within`].
pub fn heap_misere_report_shared(
    family: &dyn HeapFamily,
    heaps: &[u64],
    budget: std::time::Duration,
    memo: &mut HashMap<Box<[u64]>, bool>,
) -> Result<Report, GameError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let applies = heap_anti_sg_applies(family, largest).unwrap_or(false);
    if !applies {
        if memo.len() > MAX_SEARCHED / 2 {
            memo.clear();
        }
        let mut search = HeapMisereSearch::new(family, MAX_SEARCHED)
            .with_memo(std::mem::take(memo))
            .with_deadline(std::time::Instant::now() + budget);
        let report = heap_exact_report(family, heaps, &mut search);
        *memo = search.into_memo();
        return report;
    }
    let bound = heap_state_bound(family, heaps);
    let components: Vec<Heaps> = heaps.iter().map(|&h| Heaps::single(h)).collect();
    misere_report_within(
        &HeapGame::new(family),
        &components,
        (Some(applies), Some(bound)),
        budget,
    )
}

/// The most positions [`heap_misere_report_exhaustive`] keeps (its memory is checked too).
pub const EXHAUSTIVE_POSITIONS: usize = 200_000_000;

/// The exact misère search of a sum of heaps without the interactive time budget (the
/// command line's `analyze --exhaustive`, Python's `exhaustive=True`): bounded only by the
/// positions it visits — as many as the memory the process may use holds (about 48 bytes
/// and 8 per heap each), at most [`EXHAUSTIVE_POSITIONS`] — and told to `progress` as it
/// goes (`ControlFlow::Break` stops it: `MisereError::Stopped`). A sum the budgeted search refuses, such as misère Dawson's Kayles 25 + 26 + 27
/// (about 1.2·10⁶ positions), is answered this way.
///
/// # Errors
/// [`GameError::Misere`] when the positions it needs pass the limit; memory errors.
///
/// ```
/// use sprague_games::misere::heap_misere_report_exhaustive;
/// use sprague_takebreak::TakeBreak;
/// let dawson = TakeBreak::octal("0.07").unwrap();
/// let go_on = &mut |_| std::ops::ControlFlow::Continue(());
/// let report = heap_misere_report_exhaustive(&dawson, &[5, 9], go_on).unwrap();
/// assert_eq!(report.outcome.letter(), "N");
/// ```
pub fn heap_misere_report_exhaustive(
    family: &dyn HeapFamily,
    heaps: &[u64],
    progress: &mut dyn FnMut(usize) -> std::ops::ControlFlow<()>,
) -> Result<Report, GameError> {
    let per_position = 48 + 8 * heaps.len() as u128;
    let affordable = sprague_engine::memory::available_bytes() / per_position;
    let limit = usize::try_from(affordable)
        .unwrap_or(usize::MAX)
        .clamp(1, EXHAUSTIVE_POSITIONS);
    let mut search = HeapMisereSearch::new(family, limit).with_progress(progress);
    heap_exact_report(family, heaps, &mut search)
}

/// The exact misère search of a sum of heaps ([`HeapMisereSearch`]): the outcome
/// and every winning move (equal heaps moved once).
fn heap_exact_report(
    family: &dyn HeapFamily,
    heaps: &[u64],
    search: &mut HeapMisereSearch<'_>,
) -> Result<Report, GameError> {
    let wins = search.next_player_wins(heaps)?;
    let mut winning_moves = Vec::new();
    if wins {
        for (index, &heap) in heaps.iter().enumerate() {
            if heaps[..index].contains(&heap) {
                continue; // an equal heap earlier has the same moves
            }
            let mut options: Vec<Vec<u64>> = Vec::new();
            family.for_each_option(heap, &mut |parts| {
                let parts: Vec<u64> = parts.iter().copied().filter(|&h| h > 0).collect();
                if !options.contains(&parts) {
                    options.push(parts);
                }
            });
            for parts in options {
                let mut after: Vec<u64> = Vec::with_capacity(heaps.len() + parts.len());
                for (i, &h) in heaps.iter().enumerate() {
                    if i == index {
                        after.extend_from_slice(&parts);
                    } else if h > 0 {
                        after.push(h);
                    }
                }
                if !search.next_player_wins(&after)? {
                    winning_moves.push(MoveReport {
                        component: Some(index),
                        description: describe_heap_move(&Heaps::single(heap), &Heaps::new(parts)),
                        to: heap_text(&after),
                    });
                }
            }
        }
    }
    Ok(Report {
        outcome: if wins { Outcome::N } else { Outcome::P },
        grundy: None,
        components: heaps
            .iter()
            .map(|h| ComponentReport {
                position: h.to_string(),
                grundy: None,
            })
            .collect(),
        winning_moves,
        method: format!(
            "exact misère search of the sum ({} canonical positions decided by this game's searches so far: heaps sorted, heaps without a move dropped); the anti-SG theorem's hypotheses do not hold here",
            search.explored()
        ),
        remoteness: None,
    })
}

/// Misère analysis of the sum of `components` of `game`: the anti-SG rule
/// when its hypotheses hold (`hypotheses` when the caller has checked them,
/// otherwise checked here on the reachable components), otherwise an exact
/// search, stopped past [`MAX_SEARCHED`] positions or [`MISERE_SEARCH_BUDGET`]
/// (`bound`, an upper bound on the positions, only decides whether the anti-SG
/// hypotheses are checked).
///
/// # Errors
/// [`GameError::Misere`] for a search that is too large or too long, or a cycle.
pub fn misere_report<G: Game>(
    game: &G,
    components: &[G::Position],
    hypotheses: Option<bool>,
    bound: Option<u128>,
) -> Result<Report, GameError> {
    misere_report_within(game, components, (hypotheses, bound), MISERE_SEARCH_BUDGET)
}

/// [`misere_report`] with the exact search given `budget` of time; `known` is the
/// pair (hypotheses, bound) of [`misere_report`].
///
/// # Errors
/// As [`misere_report`].
pub fn misere_report_within<G: Game>(
    game: &G,
    components: &[G::Position],
    known: (Option<bool>, Option<u128>),
    budget: std::time::Duration,
) -> Result<Report, GameError> {
    let (hypotheses, bound) = known;
    let mut solver = GrundySolver::new(game);
    let describe = |position: &[G::Position]| {
        let words: Vec<String> = position
            .iter()
            .map(ToString::to_string)
            .filter(|w| w != "0")
            .collect();
        if words.is_empty() {
            "0".to_string()
        } else {
            words.join(" ")
        }
    };
    let applies = match (hypotheses, bound) {
        (Some(known), _) => known,
        // Too many positions to check the hypotheses on all of them.
        (None, Some(bound)) if bound > MAX_CHECKED as u128 => false,
        (None, _) => anti_sg_applies(&mut solver, components, MAX_CHECKED)?,
    };
    if applies {
        let mut values = Vec::with_capacity(components.len());
        for component in components {
            values.push(solver.grundy(component)?);
        }
        let outcome = anti_sg_outcome(&values);
        let mut winning_moves = Vec::new();
        if outcome == Outcome::N {
            for (index, component) in components.iter().enumerate() {
                if components[..index].contains(component) {
                    continue; // an equal component earlier has the same moves
                }
                for option in game.options(component) {
                    let mut after_values = values.clone();
                    after_values[index] = solver.grundy(&option)?;
                    if anti_sg_outcome(&after_values) == Outcome::P {
                        let mut after = components.to_vec();
                        after[index] = option.clone();
                        winning_moves.push(MoveReport {
                            component: Some(index),
                            description: game.describe_move(component, &option),
                            to: describe(&after),
                        });
                    }
                }
            }
        }
        return Ok(Report {
            outcome,
            grundy: None,
            components: components
                .iter()
                .zip(&values)
                .map(|(c, &g)| ComponentReport {
                    position: c.to_string(),
                    grundy: Some(g),
                })
                .collect(),
            winning_moves,
            method: "anti-SG (SJ) theorem on the components' Sprague–Grundy values (its hypotheses — no move splits a component, every non-terminal value-0 position has a value-1 option — checked on every reachable component): the player to move wins iff all values ≤ 1 with XOR 0, or some value > 1 with XOR ≠ 0".to_string(),
            remoteness: None,
        });
    }
    // Bounded by what it visits (at most MAX_SEARCHED positions, within the time
    // budget), not by the worst case of the heaps: most sums visit far fewer.
    let mut search =
        MisereSearch::new(game, MAX_SEARCHED).with_deadline(std::time::Instant::now() + budget);
    let wins = search.next_player_wins(components)?;
    let mut winning_moves = Vec::new();
    if wins {
        for (index, component) in components.iter().enumerate() {
            if components[..index].contains(component) {
                continue; // an equal component earlier has the same moves
            }
            for option in game.options(component) {
                let mut after = components.to_vec();
                after[index] = option.clone();
                if !search.next_player_wins(&after)? {
                    winning_moves.push(MoveReport {
                        component: Some(index),
                        description: game.describe_move(component, &option),
                        to: describe(&after),
                    });
                }
            }
        }
    }
    Ok(Report {
        outcome: if wins { Outcome::N } else { Outcome::P },
        grundy: None,
        components: components
            .iter()
            .map(|c| ComponentReport {
                position: c.to_string(),
                grundy: None,
            })
            .collect(),
        winning_moves,
        method: format!(
            "exact misère search of the sum ({} canonical positions: components sorted, finished ones dropped); the anti-SG theorem's hypotheses do not hold here",
            search.explored()
        ),
        remoteness: None,
    })
}
