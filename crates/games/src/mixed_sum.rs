//! Sums of different games: a position names a position of each part, and a move
//! is a move in one part.
//!
//! Under normal play the Sprague–Grundy theorem (Sprague 1935, Grundy 1939;
//! *Winning Ways* ch. 2) gives the value of the sum as the XOR of the parts'
//! values, each part valued by its own game (closed forms, periods, searches);
//! a winning move is a move in one part to a position of value g ⊕ (the total).
//! Misère and Every-SG play of a sum are not decided by the parts' values: they
//! are searched exactly over the sum ([`crate::misere::misere_report`]-style search
//! by [`sprague_engine::misere::MisereSearch`], and
//! [`crate::every_sg::every_sg_report`]), on an [`ExplicitGraph`] of the parts'
//! components built first from the parts' own move lists.
//!
//! Syntax: the parts' positions in order, separated by the word `+`, e.g.
//! `3 4 + 2,5` for Kayles rows 3 and 4 plus a Wythoff queen at (2, 5).

use std::collections::HashMap;

use sprague_engine::misere::MisereSearch;
use sprague_engine::Outcome;

use crate::catalogue::CatalogueGame;
use crate::error::GameError;
use crate::explicit::{ExplicitGame, ExplicitGraph};
use crate::misere::{MAX_SEARCHED, MISERE_SEARCH_BUDGET};
use crate::playable::{ComponentReport, Ending, Evaluation, MoveReport, PlayableGame, Report};
use crate::position::{Board, Move, Position};

/// The word that separates the parts of a mixed sum's position.
pub const SEPARATOR: &str = "+";

/// The most component positions explored for a misère or Every-SG search of a sum.
pub const MAX_EXPLORED: usize = 200_000;

/// A sum of games of any kinds.
///
/// ```
/// use sprague_games::{mixed_sum::MixedSum, parse_game, PlayableGame};
/// let sum = MixedSum::new(vec![parse_game("kayles").unwrap(), parse_game("wythoff").unwrap()]).unwrap();
/// let words: Vec<String> = ["3", "+", "1,2"].iter().map(|w| w.to_string()).collect();
/// let report = sum.analyze_words(&words).unwrap();
/// assert_eq!(report.grundy, Some(3)); // Kayles 3 has value 3, Wythoff (1,2) is a P-position
/// ```
pub struct MixedSum {
    parts: Vec<CatalogueGame>,
}

impl MixedSum {
    /// The sum of `parts` (at least one).
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] without parts.
    pub fn new(parts: Vec<CatalogueGame>) -> Result<Self, GameError> {
        if parts.is_empty() {
            return Err(GameError::InvalidParameter {
                description: "sum".into(),
                reason: "a sum needs at least one game".into(),
            });
        }
        Ok(Self { parts })
    }

    /// The parts' words of a position (split at [`SEPARATOR`]).
    ///
    /// # Errors
    /// [`GameError::InvalidPosition`] unless there is one non-empty run of words per part.
    pub fn split<'w>(&self, words: &'w [String]) -> Result<Vec<&'w [String]>, GameError> {
        let chunks: Vec<&[String]> = words.split(|w| w == SEPARATOR).collect();
        if chunks.len() != self.parts.len() || chunks.iter().any(|c| c.is_empty()) {
            return Err(GameError::InvalidPosition {
                game: self.description(),
                text: words.join(" "),
                reason: format!(
                    "write a position of each of the {} parts, separated by the word {SEPARATOR}, e.g. {}",
                    self.parts.len(),
                    self.parts
                        .iter()
                        .map(|p| p.description())
                        .collect::<Vec<_>>()
                        .join(&format!(" {SEPARATOR} "))
                ),
            });
        }
        Ok(chunks)
    }

    fn join(chunks: &[Vec<String>]) -> Vec<String> {
        let mut words = Vec::new();
        for (k, chunk) in chunks.iter().enumerate() {
            if k > 0 {
                words.push(SEPARATOR.to_string());
            }
            words.extend(chunk.iter().cloned());
        }
        words
    }

    /// The position of part `k` written as `words`.
    fn part_position(&self, k: usize, words: &[String]) -> Result<Position, GameError> {
        self.parts[k].position(words)
    }

    /// Part `k`'s value at `words`, or an error naming the part without one.
    fn part_value(&self, k: usize, report: &Report) -> Result<u64, GameError> {
        report.grundy.ok_or_else(|| GameError::Unsupported {
            game: self.description(),
            what: "normal-play values".into(),
            reason: format!(
                "part {} ({}) has no Sprague–Grundy value here (outcome {}); a sum needs each part's value",
                k + 1,
                self.parts[k].description(),
                report.outcome.letter()
            ),
        })
    }

    /// The explicit graph of the components reachable from the position's parts,
    /// each component keyed by its part, for the exact searches.
    fn explore(&self, chunks: &[&[String]]) -> Result<(ExplicitGraph, Vec<u32>), GameError> {
        let mut graph = ExplicitGraph::new();
        let mut roots = Vec::new();
        let mut todo: Vec<(usize, Vec<String>, u32)> = Vec::new();
        let node = |graph: &mut ExplicitGraph,
                    todo: &mut Vec<(usize, Vec<String>, u32)>,
                    k: usize,
                    words: Vec<String>|
         -> Result<u32, GameError> {
            let label = words.join(" ");
            let key = format!("{}\u{1f}{label}", k + 1);
            if let Some(id) = graph.id(&key) {
                return Ok(id);
            }
            if graph.len() >= MAX_EXPLORED {
                return Err(GameError::PositionTooLarge {
                    reason: format!(
                        "an exact search of this sum needs more than {MAX_EXPLORED} component positions"
                    ),
                });
            }
            let id = graph.add(&key, &label)?;
            todo.push((k, words, id));
            Ok(id)
        };
        // Components of a part: each word when the part's components commute, else the whole.
        let split = |k: usize, words: &[String]| -> Vec<Vec<String>> {
            if self.parts[k].components_commute() {
                words.iter().map(|w| vec![w.clone()]).collect()
            } else {
                vec![words.to_vec()]
            }
        };
        for (k, chunk) in chunks.iter().enumerate() {
            for component in split(k, chunk) {
                roots.push(node(&mut graph, &mut todo, k, component)?);
            }
        }
        while let Some((k, words, id)) = todo.pop() {
            let position = self.part_position(k, &words)?;
            let mut options = Vec::new();
            let mut descriptions = Vec::new();
            for played in self.parts[k].moves(&position)? {
                let parts = split(k, &played.after.components);
                let option = if parts.len() == 1 {
                    node(&mut graph, &mut todo, k, parts[0].clone())?
                } else {
                    let key = format!(
                        "{}\u{1f}\u{1e}{}",
                        k + 1,
                        played.after.components.join("\u{1e}")
                    );
                    let sum = match graph.id(&key) {
                        Some(id) => id,
                        None => graph.add(&key, &played.after.components.join(" "))?,
                    };
                    let ids = parts
                        .into_iter()
                        .map(|p| node(&mut graph, &mut todo, k, p))
                        .collect::<Result<Vec<u32>, GameError>>()?;
                    graph.set_components(sum, ids)?;
                    sum
                };
                if !options.contains(&option) {
                    options.push(option);
                    descriptions.push(played.description);
                }
            }
            graph.set_options(id, options, Some(descriptions))?;
        }
        Ok((graph, roots))
    }

    /// The components (ids in `graph`) of a position's parts.
    fn component_ids(
        &self,
        graph: &ExplicitGraph,
        words: &[String],
    ) -> Result<Vec<u32>, GameError> {
        let chunks = self.split(words)?;
        let mut ids = Vec::new();
        for (k, chunk) in chunks.iter().enumerate() {
            let components: Vec<String> = if self.parts[k].components_commute() {
                chunk.to_vec()
            } else {
                vec![chunk.join(" ")]
            };
            for label in components {
                let key = format!("{}\u{1f}{label}", k + 1);
                let id = graph.id(&key).ok_or_else(|| GameError::InvalidPosition {
                    game: self.description(),
                    text: label.clone(),
                    reason: "a move left a position outside the explored graph".into(),
                })?;
                ids.push(id);
            }
        }
        Ok(ids)
    }
}

impl PlayableGame for MixedSum {
    fn description(&self) -> String {
        self.parts
            .iter()
            .map(|p| p.description())
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn title(&self) -> String {
        let titles: Vec<String> = self.parts.iter().map(|p| p.title()).collect();
        format!("Sum of {}", titles.join(" and "))
    }

    fn position_syntax(&self) -> String {
        let syntaxes: Vec<String> = self.parts.iter().map(|p| p.position_syntax()).collect();
        format!(
            "a position of each part, separated by the word {SEPARATOR}: {}",
            syntaxes.join(&format!(" {SEPARATOR} "))
        )
    }

    fn move_syntax(&self) -> String {
        "a move of one part, as that part writes it (K:MOVE for part K when parts share a notation), the position left, or #k".into()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        let chunks = self.split(words)?;
        let mut parts = Vec::with_capacity(chunks.len());
        for (k, chunk) in chunks.iter().enumerate() {
            parts.push(self.part_position(k, chunk)?.components);
        }
        let words = Self::join(&parts);
        Ok(Position::new(
            self.description(),
            words.clone(),
            Board::Words { words },
        ))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let chunks = self.split(&position.components)?;
        let owned: Vec<Vec<String>> = chunks.iter().map(|c| c.to_vec()).collect();
        let mut moves: Vec<(usize, Move)> = Vec::new();
        let mut offset = 0;
        for (k, chunk) in chunks.iter().enumerate() {
            let part = self.part_position(k, chunk)?;
            for played in self.parts[k].moves(&part)? {
                let mut after = owned.clone();
                after[k] = played.after.components.clone();
                let words = Self::join(&after);
                moves.push((
                    k,
                    Move {
                        notation: played.notation,
                        description: format!(
                            "in part {} ({}): {}",
                            k + 1,
                            self.parts[k].description(),
                            played.description
                        ),
                        component: played.component.map(|c| c + offset),
                        after: Position::new(
                            self.description(),
                            words.clone(),
                            Board::Words { words },
                        ),
                    },
                ));
            }
            offset += chunk.len() + 1;
        }
        // A notation that two parts share is prefixed with the part's number.
        let mut parts_of: HashMap<String, Vec<usize>> = HashMap::new();
        for (k, played) in &moves {
            parts_of
                .entry(played.notation.clone())
                .or_default()
                .push(*k);
        }
        Ok(moves
            .into_iter()
            .map(|(k, mut played)| {
                if parts_of[&played.notation].iter().any(|&other| other != k) {
                    played.notation = format!("{}:{}", k + 1, played.notation);
                }
                played
            })
            .collect())
    }

    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        // Each distinct part position is valued once, by its own game, in one batch per part.
        let mut distinct: Vec<Vec<Vec<String>>> = vec![Vec::new(); self.parts.len()];
        let mut split_moves = Vec::with_capacity(moves.len());
        for played in moves {
            let chunks = self.split(&played.after.components)?;
            for (k, chunk) in chunks.iter().enumerate() {
                if !distinct[k].iter().any(|seen| seen.as_slice() == *chunk) {
                    distinct[k].push(chunk.to_vec());
                }
            }
            split_moves.push(chunks);
        }
        let mut values: Vec<HashMap<Vec<String>, Evaluation>> = Vec::new();
        for (k, positions) in distinct.into_iter().enumerate() {
            let fake: Vec<Move> = positions
                .iter()
                .map(|words| {
                    Ok(Move {
                        notation: String::new(),
                        description: String::new(),
                        component: None,
                        after: self.part_position(k, words)?,
                    })
                })
                .collect::<Result<_, GameError>>()?;
            let evaluations = self.parts[k].evaluate_moves(&fake)?;
            values.push(positions.into_iter().zip(evaluations).collect());
        }
        split_moves
            .iter()
            .map(|chunks| {
                let mut total = 0;
                for (k, chunk) in chunks.iter().enumerate() {
                    let evaluation =
                        *values[k]
                            .get(*chunk)
                            .ok_or_else(|| GameError::InvalidPosition {
                                game: self.description(),
                                text: chunk.join(" "),
                                reason: "a part's position was not valued".into(),
                            })?;
                    total ^= evaluation.grundy.ok_or_else(|| GameError::Unsupported {
                        game: self.description(),
                        what: "normal-play values".into(),
                        reason: format!(
                            "part {} ({}) has no Sprague–Grundy value at {} (outcome {})",
                            k + 1,
                            self.parts[k].description(),
                            chunk.join(" "),
                            evaluation.outcome.letter()
                        ),
                    })?;
                }
                Ok(Evaluation {
                    outcome: Outcome::from_grundy(total),
                    grundy: Some(total),
                    remoteness: None,
                })
            })
            .collect()
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let chunks = self.split(words)?;
        let mut reports = Vec::with_capacity(chunks.len());
        let mut values = Vec::with_capacity(chunks.len());
        for (k, chunk) in chunks.iter().enumerate() {
            let report = self.parts[k].analyze_words(chunk)?;
            values.push(self.part_value(k, &report)?);
            reports.push(report);
        }
        let total = values.iter().fold(0, |t, v| t ^ v);
        let mut winning_moves = Vec::new();
        if total != 0 {
            let position = self.position(words)?;
            let moves = self.moves(&position)?;
            let evaluations = self.evaluate_moves(&moves)?;
            for (played, evaluation) in moves.into_iter().zip(evaluations) {
                if evaluation.grundy == Some(0) {
                    winning_moves.push(MoveReport {
                        component: played.component,
                        description: played.description,
                        to: played.after.text(),
                    });
                }
            }
        }
        let parts: Vec<String> = values.iter().map(u64::to_string).collect();
        Ok(Report {
            outcome: Outcome::from_grundy(total),
            grundy: Some(total),
            components: reports
                .into_iter()
                .flat_map(|report| report.components)
                .collect::<Vec<ComponentReport>>(),
            winning_moves,
            method: format!(
                "Sprague–Grundy theorem: the value of a sum is the XOR of its parts' values, each by its own game ({} = {total})",
                parts.join(" ⊕ ")
            ),
            remoteness: None,
        })
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let chunks = self.split(words)?;
        let (graph, roots) = self.explore(&chunks)?;
        let game = ExplicitGame::new(&graph);
        let mut search = MisereSearch::new(game, MAX_SEARCHED)
            .with_deadline(std::time::Instant::now() + MISERE_SEARCH_BUDGET);
        let vertices = |ids: &[u32]| ids.iter().map(|&id| game.vertex(id)).collect::<Vec<_>>();
        let wins = search.next_player_wins(&vertices(&roots))?;
        let mut winning_moves = Vec::new();
        if wins {
            let position = self.position(words)?;
            for played in self.moves(&position)? {
                let after = self.component_ids(&graph, &played.after.components)?;
                if !search.next_player_wins(&vertices(&after))? {
                    winning_moves.push(MoveReport {
                        component: played.component,
                        description: played.description,
                        to: played.after.text(),
                    });
                }
            }
        }
        Ok(Report {
            outcome: if wins { Outcome::N } else { Outcome::P },
            grundy: None,
            components: roots
                .iter()
                .map(|&id| ComponentReport {
                    position: graph.label(id).to_string(),
                    grundy: None,
                })
                .collect(),
            winning_moves,
            method: format!(
                "exact misère search of the sum over its parts' moves ({} canonical positions: components sorted, finished ones dropped)",
                search.explored()
            ),
            remoteness: None,
        })
    }

    fn analyze_every_sg(&self, words: &[String]) -> Result<Report, GameError> {
        let chunks = self.split(words)?;
        let (graph, roots) = self.explore(&chunks)?;
        let game = ExplicitGame::new(&graph);
        let components: Vec<_> = roots.iter().map(|&id| game.vertex(id)).collect();
        crate::every_sg::every_sg_report(&game, &components, &|v| v.label.to_string())
    }

    fn ending(&self) -> Ending {
        Ending::Normal
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_game;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    /// Brute force: the outcome of a sum of Kayles rows and Nim heaps (all as
    /// one multiset of (kind, size)), normal or misère, by plain recursion.
    fn brute(
        kayles: &[u64],
        nim: &[u64],
        misere: bool,
        memo: &mut HashMap<(Vec<u64>, Vec<u64>), bool>,
    ) -> bool {
        let mut k: Vec<u64> = kayles.iter().copied().filter(|&r| r > 0).collect();
        let mut n: Vec<u64> = nim.iter().copied().filter(|&h| h > 0).collect();
        k.sort_unstable();
        n.sort_unstable();
        if let Some(&known) = memo.get(&(k.clone(), n.clone())) {
            return known;
        }
        let mut any_move = false;
        let mut wins = false;
        for i in 0..k.len() {
            for take in 1..=2.min(k[i]) {
                for left in 0..=(k[i] - take) {
                    any_move = true;
                    let mut next = k.clone();
                    next[i] = left;
                    next.push(k[i] - take - left);
                    if !brute(&next, &n, misere, memo) {
                        wins = true;
                    }
                }
            }
        }
        for i in 0..n.len() {
            for left in 0..n[i] {
                any_move = true;
                let mut next = n.clone();
                next[i] = left;
                if !brute(&k, &next, misere, memo) {
                    wins = true;
                }
            }
        }
        let result = if any_move { wins } else { misere };
        memo.insert((k, n), result);
        result
    }

    #[test]
    fn kayles_plus_nim_matches_brute_force() {
        let sum = MixedSum::new(vec![
            parse_game("kayles").unwrap(),
            parse_game("nim").unwrap(),
        ])
        .unwrap();
        let misere = crate::misere::MiserePlayable::new(Box::new(
            MixedSum::new(vec![
                parse_game("kayles").unwrap(),
                parse_game("nim").unwrap(),
            ])
            .unwrap(),
        ));
        let mut normal_memo = HashMap::new();
        let mut misere_memo = HashMap::new();
        for a in 0..6u64 {
            for b in 0..4u64 {
                for c in 1..4u64 {
                    let text = format!("{a} {b} + {c}");
                    let report = sum.analyze_words(&words(&text)).unwrap();
                    let wins = brute(&[a, b], &[c], false, &mut normal_memo);
                    assert_eq!(report.outcome == Outcome::N, wins, "{text}");
                    for winning in &report.winning_moves {
                        let (k, n) = winning.to.split_once(" + ").unwrap();
                        let k: Vec<u64> = k.split(' ').map(|w| w.parse().unwrap()).collect();
                        let n: Vec<u64> = n.split(' ').map(|w| w.parse().unwrap()).collect();
                        assert!(
                            !brute(&k, &n, false, &mut normal_memo),
                            "{text} → {}",
                            winning.to
                        );
                    }
                    let misere_report = misere.analyze_words(&words(&text)).unwrap();
                    let misere_wins = brute(&[a, b], &[c], true, &mut misere_memo);
                    assert_eq!(
                        misere_report.outcome == Outcome::N,
                        misere_wins,
                        "misère {text}"
                    );
                    for winning in &misere_report.winning_moves {
                        let (k, n) = winning.to.split_once(" + ").unwrap();
                        let k: Vec<u64> = k.split(' ').map(|w| w.parse().unwrap()).collect();
                        let n: Vec<u64> = n.split(' ').map(|w| w.parse().unwrap()).collect();
                        assert!(
                            !brute(&k, &n, true, &mut misere_memo),
                            "misère {text} → {}",
                            winning.to
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn moves_and_positions_are_checked() {
        let sum =
            MixedSum::new(vec![parse_game("nim").unwrap(), parse_game("nim").unwrap()]).unwrap();
        assert!(sum.position(&words("3 4")).is_err());
        assert!(sum.position(&words("3 + ")).is_err());
        let position = sum.position(&words("2 + 1")).unwrap();
        let moves = sum.moves(&position).unwrap();
        let notations: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
        assert_eq!(notations, vec!["2->1", "2->0", "1->0"]);
        assert_eq!(moves[2].after.text(), "2 + 0");
        assert_eq!(moves[2].component, Some(2));
        let evaluations = sum.evaluate_moves(&moves).unwrap();
        let values: Vec<Option<u64>> = evaluations.iter().map(|e| e.grundy).collect();
        assert_eq!(values, vec![Some(0), Some(1), Some(2)]);
        // Parts that share a notation: prefixed by the part's number.
        let position = sum.position(&words("2 + 2")).unwrap();
        let moves = sum.moves(&position).unwrap();
        let notations: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
        assert_eq!(notations, vec!["1:2->1", "1:2->0", "2:2->1", "2:2->0"]);
        let chosen = sum.parse_move(&position, "2:2->0").unwrap();
        assert_eq!(chosen.after.text(), "2 + 0");
        assert!(MixedSum::new(vec![]).is_err());
    }
}
