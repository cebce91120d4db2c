//! Moore's Nimₖ: heaps of tokens; a move takes any positive numbers of
//! tokens from at least one and at most k heaps. The player who cannot move
//! loses. With k = 1 it is Nim. It is not a sum of one-heap games, so the
//! whole list of heaps is one position.
//!
//! Theorem (E. H. Moore, "A generalization of the game called Nim", *Annals
//! of Mathematics* 11 (1910); Ferguson, *Game Theory*, Part I, on Nim): write
//! the heaps in binary; the position is a P-position exactly when, for every
//! binary digit, the number of heaps with that digit set is divisible by k + 1.
//! The game has no Sprague–Grundy value here (only the outcome), so the
//! report says P or N and names the digit counts behind it.
//!
//! Moves (`sprague play`, `moves`): `I:T` takes T tokens from heap I (heaps
//! numbered from 1 in the order typed), several heaps separated by commas,
//! e.g. `1:3,2:1`; the heaps left (`2 5 5 7`, in the same order) or `#k` are
//! read too. Moves that leave the same heaps (taking from one or the other of
//! two equal heaps) are listed once, fewest heaps changed first.

use std::collections::HashSet;

use sprague_engine::{Game, Heaps, Outcome};

use crate::error::{quoted, GameError};
use crate::listing::check_listing;
use crate::playable::{
    find_move, normalise_notation, parse_heap, require_position, ComponentReport, Evaluation,
    MoveReport, PlayableGame, Report,
};
use crate::position::{Board, Move, Position};

/// The most options whose values are checked to list every winning move.
pub const MAX_LISTED_OPTIONS: u128 = 2_000_000;

/// Moore's Nimₖ.
///
/// ```
/// use sprague_engine::Heaps;
/// use sprague_games::moore::MooreNim;
/// let game = MooreNim::new(2).unwrap();
/// assert!(game.is_p_position(&Heaps::new(vec![1, 1, 1])));
/// assert!(game.is_p_position(&Heaps::new(vec![7, 7, 7])));
/// assert!(!game.is_p_position(&Heaps::new(vec![1, 2, 3])));
/// assert!(!game.is_p_position(&Heaps::new(vec![1, 1])));
/// assert!(MooreNim::new(0).is_err());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct MooreNim {
    k: u64,
}

impl MooreNim {
    /// Moore's Nimₖ with at most `k` heaps changed per move.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when k = 0.
    pub fn new(k: u64) -> Result<Self, GameError> {
        if k == 0 {
            return Err(GameError::InvalidParameter {
                description: "moore:0".to_string(),
                reason:
                    "k, the most heaps changed in one move, must be at least 1 (moore:1 is Nim)"
                        .to_string(),
            });
        }
        Ok(Self { k })
    }

    /// k.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// Moore's theorem: every binary digit is set in a multiple of k + 1 heaps.
    pub fn is_p_position(&self, heaps: &Heaps) -> bool {
        let modulus = u128::from(self.k) + 1;
        (0..64).all(|bit| {
            let count = heaps
                .sizes()
                .iter()
                .filter(|&&h| (h >> bit) & 1 == 1)
                .count();
            (count as u128).is_multiple_of(modulus)
        })
    }

    fn parse_heaps(&self, words: &[String]) -> Result<Heaps, GameError> {
        require_position(words, &self.description(), "2 5 6 7")?;
        let sizes = words
            .iter()
            .map(|word| parse_heap(word))
            .collect::<Result<Vec<u64>, GameError>>()?;
        Ok(Heaps::new(sizes))
    }

    /// One winning move by Moore's construction (from the highest binary digit
    /// down: fix each digit's count modulo k + 1 either by setting the digit in
    /// heaps already being lowered or by clearing it in fresh heaps, which then
    /// are lowered; at most k heaps are ever lowered). `None` at a P-position.
    ///
    /// ```
    /// use sprague_engine::Heaps;
    /// use sprague_games::moore::MooreNim;
    /// let game = MooreNim::new(2).unwrap();
    /// let after = game.constructed_winning_move(&Heaps::new(vec![2, 5, 6, 7])).unwrap();
    /// assert!(game.is_p_position(&after));
    /// ```
    pub fn constructed_winning_move(&self, heaps: &Heaps) -> Option<Heaps> {
        if self.is_p_position(heaps) {
            return None;
        }
        let sizes = heaps.sizes();
        let modulus = u128::from(self.k) + 1;
        // Heaps being lowered: index → the new value built so far.
        let mut lowered: Vec<(usize, u64)> = Vec::new();
        for bit in (0..64).rev() {
            let mask = 1u64 << bit;
            let is_lowered =
                |index: usize, lowered: &[(usize, u64)]| lowered.iter().any(|(i, _)| *i == index);
            let unchanged: Vec<usize> = (0..sizes.len())
                .filter(|&index| !is_lowered(index, &lowered))
                .collect();
            let set = unchanged
                .iter()
                .filter(|&&index| sizes[index] & mask != 0)
                .count() as u128;
            let remainder = set % modulus;
            if remainder == 0 {
                continue;
            }
            let wanted = (modulus - remainder) as usize;
            if lowered.len() >= wanted {
                for (_, value) in lowered.iter_mut().take(wanted) {
                    *value |= mask;
                }
            } else {
                // Clear this digit in `remainder` fresh heaps that have it.
                let fresh: Vec<usize> = unchanged
                    .iter()
                    .copied()
                    .filter(|&index| sizes[index] & mask != 0)
                    .take(remainder as usize)
                    .collect();
                for index in fresh {
                    let above = if bit == 63 {
                        0
                    } else {
                        sizes[index] >> (bit + 1) << (bit + 1)
                    };
                    lowered.push((index, above));
                }
            }
        }
        let mut after = sizes.to_vec();
        for (index, value) in lowered {
            after[index] = value;
        }
        Some(Heaps::new(after))
    }

    /// How many options a position has (an upper bound counting heaps of equal size apart).
    pub fn option_count(&self, heaps: &Heaps) -> u128 {
        // Σ over subsets of at most k heaps of the product of their sizes:
        // the coefficients of Π (1 + h·x) up to x^k.
        let k = usize::try_from(self.k).unwrap_or(usize::MAX);
        let mut coefficients: Vec<u128> = vec![1];
        for &heap in heaps.sizes() {
            let mut next = coefficients.clone();
            next.push(0);
            for (degree, &value) in coefficients.iter().enumerate() {
                next[degree + 1] =
                    next[degree + 1].saturating_add(value.saturating_mul(u128::from(heap)));
            }
            next.truncate(k.saturating_add(1));
            coefficients = next;
        }
        coefficients
            .iter()
            .skip(1)
            .fold(0u128, |total, &c| total.saturating_add(c))
    }
}

impl MooreNim {
    /// The heap sizes of the position written as `words`, in order.
    fn sizes(&self, words: &[String]) -> Result<Vec<u64>, GameError> {
        require_position(words, &self.description(), "2 5 6 7")?;
        words.iter().map(|word| parse_heap(word)).collect()
    }

    /// The position of the heaps `sizes`, in order.
    fn heaps_position(&self, sizes: &[u64]) -> Position {
        Position::new(
            self.description(),
            sizes.iter().map(u64::to_string).collect(),
            Board::Heaps {
                heaps: sizes.to_vec(),
            },
        )
    }

    /// The number of moves to distinct heaps that a listing is checked
    /// against, by formula: an upper bound in which heaps of equal size are
    /// lowered as a multiset (a class of m heaps of size s lowers j ≤ m of
    /// them in C(s − 1 + j, j) ways; the classes combine as the coefficients
    /// of a product of polynomials, up to degree k). When a lower bound (the
    /// Σ s one-heap moves, plus one move to empty heaps for each further heap
    /// lowered) is already beyond what a listing may write
    /// ([`crate::listing::check_listing`]'s limits), that lower bound is returned instead, so
    /// the count costs at most about [`crate::listing::MAX_LISTED_CELLS`] steps.
    ///
    /// ```
    /// use sprague_games::moore::MooreNim;
    /// // Nim (k = 1) on 3 3: heap 3 → 0, 1 or 2 (either heap).
    /// assert_eq!(MooreNim::new(1).unwrap().distinct_move_bound(&[3, 3]), 3);
    /// // k = 2 on 2 2: one heap (2 ways) or both (to {0,0}, {0,1}, {1,1}).
    /// assert_eq!(MooreNim::new(2).unwrap().distinct_move_bound(&[2, 2]), 5);
    /// ```
    pub fn distinct_move_bound(&self, sizes: &[u64]) -> u128 {
        let classes = classes(sizes);
        let nonzero = classes
            .iter()
            .map(|(_, indices)| indices.len())
            .sum::<usize>();
        let degree = usize::try_from(self.k).unwrap_or(usize::MAX).min(nonzero);
        let floor = classes
            .iter()
            .fold(degree.saturating_sub(1) as u128, |t, &(size, _)| {
                t.saturating_add(u128::from(size))
            });
        if check_listing(floor, sizes.len()).is_err() {
            return floor;
        }
        let mut coefficients: Vec<u128> = vec![1];
        for (size, indices) in &classes {
            let most = indices.len().min(degree);
            let mut ways = vec![1u128];
            for j in 1..=most {
                let previous = ways[j - 1];
                ways.push(previous.saturating_mul(u128::from(*size) - 1 + j as u128) / j as u128);
            }
            let mut next = vec![0u128; (coefficients.len() + most).min(degree + 1)];
            for (a, &left) in coefficients.iter().enumerate() {
                for (b, &right) in ways.iter().enumerate() {
                    if a + b < next.len() {
                        next[a + b] = next[a + b].saturating_add(left.saturating_mul(right));
                    }
                }
            }
            coefficients = next;
        }
        coefficients
            .iter()
            .skip(1)
            .fold(0u128, |total, &c| total.saturating_add(c))
    }

    /// The counts of heaps with each binary digit set, from the highest
    /// digit down, and the same counts modulo k + 1: Moore's rule in numbers.
    pub fn digit_counts(&self, sizes: &[u64]) -> String {
        let highest = sizes
            .iter()
            .map(|&h| 64 - h.leading_zeros())
            .max()
            .unwrap_or(0);
        if highest == 0 {
            return "every heap is empty".to_string();
        }
        let modulus = u128::from(self.k) + 1;
        let counts: Vec<u128> = (0..highest)
            .rev()
            .map(|bit| sizes.iter().filter(|&&h| (h >> bit) & 1 == 1).count() as u128)
            .collect();
        let digits: Vec<String> = (0..highest).rev().map(|bit| format!("2^{bit}")).collect();
        let words: Vec<String> = counts.iter().map(u128::to_string).collect();
        let residues: Vec<String> = counts.iter().map(|c| (c % modulus).to_string()).collect();
        format!(
            "heaps with the digits {} set: {}; modulo {modulus}: {}",
            digits.join(", "),
            words.join(", "),
            residues.join(", ")
        )
    }

    /// The move lowering heap `index` to `new` for each pair of `changes`
    /// (indices from 0, in increasing order).
    fn heaps_move(&self, sizes: &[u64], changes: &[(usize, u64)]) -> Move {
        let mut after = sizes.to_vec();
        let mut notation = Vec::new();
        let mut parts = Vec::new();
        for &(index, new) in changes {
            let taken = sizes[index] - new;
            after[index] = new;
            notation.push(format!("{}:{taken}", index + 1));
            parts.push(format!(
                "{taken} from heap {} ({} → {new})",
                index + 1,
                sizes[index]
            ));
        }
        let description = match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("take {} and {last}", rest.join(", "))
            }
            _ => format!("take {}", parts.join("")),
        };
        Move {
            notation: notation.join(","),
            description,
            component: None,
            after: self.heaps_position(&after),
        }
    }

    /// The changes of a move written `I:T,I:T` (heaps from 1), checked.
    fn notation_changes(&self, sizes: &[u64], text: &str) -> Result<Vec<(usize, u64)>, String> {
        let syntax = "write a move as I:T (take T tokens from heap I), several heaps separated by commas, e.g. 1:3,2:1";
        let mut changes: Vec<(usize, u64)> = Vec::new();
        for part in text.split(',') {
            let (heap, taken) = part.split_once(':').ok_or_else(|| syntax.to_string())?;
            let (Ok(heap), Ok(taken)) = (heap.parse::<usize>(), taken.parse::<u64>()) else {
                return Err(syntax.to_string());
            };
            let Some(&size) = heap.checked_sub(1).and_then(|index| sizes.get(index)) else {
                return Err(format!(
                    "heaps are numbered from 1 to {}, and there is no heap {heap}",
                    sizes.len()
                ));
            };
            if taken == 0 || taken > size {
                return Err(format!(
                    "heap {heap} has {size} tokens, so a move takes from 1 to {size} of them"
                ));
            }
            if changes.iter().any(|&(index, _)| index == heap - 1) {
                return Err(format!("heap {heap} is named twice"));
            }
            changes.push((heap - 1, size - taken));
        }
        self.check_change_count(changes.len())?;
        changes.sort_unstable();
        Ok(changes)
    }

    /// The changes that turn `sizes` into the heaps written `text` (same
    /// order), checked; `None` when `text` is not that many heap sizes.
    fn after_changes(
        &self,
        sizes: &[u64],
        text: &str,
    ) -> Option<Result<Vec<(usize, u64)>, String>> {
        let after = text
            .split_whitespace()
            .map(|word| word.parse::<u64>().ok())
            .collect::<Option<Vec<u64>>>()?;
        if after.len() != sizes.len() {
            return None;
        }
        let changes: Vec<(usize, u64)> = (0..sizes.len())
            .filter(|&index| after[index] != sizes[index])
            .map(|index| (index, after[index]))
            .collect();
        if let Some(&(index, new)) = changes.iter().find(|&&(index, new)| new > sizes[index]) {
            return Some(Err(format!(
                "heap {} would grow from {} to {new}, but a move only takes tokens",
                index + 1,
                sizes[index]
            )));
        }
        Some(self.check_change_count(changes.len()).map(|()| changes))
    }

    fn check_change_count(&self, count: usize) -> Result<(), String> {
        if count == 0 {
            Err("a move takes from at least one heap".to_string())
        } else if count as u128 > u128::from(self.k) {
            Err(format!(
                "a move takes from at most {} heaps (k = {}), not {count}",
                self.k, self.k
            ))
        } else {
            Ok(())
        }
    }
}

/// The nonempty heaps grouped by size, in the order of first appearance:
/// (size, the indices of the heaps of that size).
fn classes(sizes: &[u64]) -> Vec<(u64, Vec<usize>)> {
    let mut classes: Vec<(u64, Vec<usize>)> = Vec::new();
    let mut class_of = std::collections::HashMap::new();
    for (index, &size) in sizes.iter().enumerate() {
        if size == 0 {
            continue;
        }
        let class = *class_of.entry(size).or_insert_with(|| {
            classes.push((size, Vec::new()));
            classes.len() - 1
        });
        classes[class].1.push(index);
    }
    classes
}

/// Every way to lower at most `remaining` more heaps after `chosen`: the
/// next heap of the last class (to at most the last value, so that equal
/// heaps are lowered as a multiset) or the first heap of a later class.
fn lower_more(
    classes: &[(u64, Vec<usize>)],
    last: Option<(usize, usize, u64)>,
    remaining: u64,
    chosen: &mut Vec<(usize, u64)>,
    out: &mut Vec<Vec<(usize, u64)>>,
) {
    if remaining == 0 {
        return;
    }
    if let Some((class, slot, value)) = last {
        if let Some(&index) = classes[class].1.get(slot + 1) {
            for new in 0..=value {
                chosen.push((index, new));
                out.push(chosen.clone());
                lower_more(
                    classes,
                    Some((class, slot + 1, new)),
                    remaining - 1,
                    chosen,
                    out,
                );
                chosen.pop();
            }
        }
    }
    let first = last.map_or(0, |(class, _, _)| class + 1);
    for (class, (size, indices)) in classes.iter().enumerate().skip(first) {
        for new in 0..*size {
            chosen.push((indices[0], new));
            out.push(chosen.clone());
            lower_more(classes, Some((class, 0, new)), remaining - 1, chosen, out);
            chosen.pop();
        }
    }
}

impl Game for MooreNim {
    type Position = Heaps;

    fn options(&self, position: &Heaps) -> Vec<Heaps> {
        let sizes = position.sizes();
        let most = usize::try_from(self.k)
            .unwrap_or(usize::MAX)
            .min(sizes.len());
        let mut seen = HashSet::new();
        // Every set of 1..=k heap indices, in lexicographic order (explicit state, no recursion).
        for count in 1..=most {
            let mut chosen: Vec<usize> = (0..count).collect();
            loop {
                // Every way to lower each chosen heap: an odometer over new sizes 0..size.
                if chosen.iter().all(|&index| sizes[index] > 0) {
                    let mut lowered: Vec<u64> = vec![0; count];
                    loop {
                        let mut next = sizes.to_vec();
                        for (slot, &index) in chosen.iter().enumerate() {
                            next[index] = lowered[slot];
                        }
                        seen.insert(Heaps::new(next));
                        let mut slot = 0;
                        while slot < count {
                            lowered[slot] += 1;
                            if lowered[slot] < sizes[chosen[slot]] {
                                break;
                            }
                            lowered[slot] = 0;
                            slot += 1;
                        }
                        if slot == count {
                            break;
                        }
                    }
                }
                // The next combination of `count` indices out of sizes.len().
                let mut slot = count;
                while slot > 0 && chosen[slot - 1] == sizes.len() - count + slot - 1 {
                    slot -= 1;
                }
                if slot == 0 {
                    break;
                }
                chosen[slot - 1] += 1;
                for later in slot..count {
                    chosen[later] = chosen[later - 1] + 1;
                }
            }
        }
        seen.into_iter().collect()
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> String {
        describe_multi_move(from, to)
    }
}

/// Words for a move that lowers several heaps: "5 → 2, 6 → 1".
fn describe_multi_move(from: &Heaps, to: &Heaps) -> String {
    // Match the heaps of `to` to those of `from`: both sorted, `to` has each
    // changed heap lowered; pair greedily from the largest.
    let mut before: Vec<u64> = from.sizes().to_vec();
    let mut after: Vec<u64> = to.sizes().to_vec();
    // Remove heaps that are unchanged (present in both).
    let mut unchanged_before = Vec::new();
    for &size in from.sizes() {
        if let Some(position) = after.iter().position(|&a| a == size) {
            after.remove(position);
            unchanged_before.push(size);
        }
    }
    for size in unchanged_before {
        if let Some(position) = before.iter().position(|&b| b == size) {
            before.remove(position);
        }
    }
    after.resize(before.len(), 0);
    after.sort_unstable();
    let parts: Vec<String> = before
        .iter()
        .zip(&after)
        .map(|(b, a)| format!("heap {b} → {a}"))
        .collect();
    parts.join(", ")
}

impl PlayableGame for MooreNim {
    fn components_commute(&self) -> bool {
        true
    }

    fn description(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn title(&self) -> String {
        format!("Moore's Nim (k = {})", self.k)
    }

    fn position_syntax(&self) -> String {
        "heap sizes, e.g. 3 5 6 7".to_string()
    }

    fn move_syntax(&self) -> String {
        format!(
            "I:T, taking T tokens from heap I (heaps numbered from 1), for at most {} heaps separated by commas, e.g. 1:3,2:1; or the heaps left",
            self.k
        )
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(self.heaps_position(&self.sizes(words)?))
    }

    /// Every way to lower at least one and at most k heaps, each distinct
    /// set of heaps left once, fewest heaps changed first (counted first).
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let sizes = self.sizes(&position.components)?;
        check_listing(self.distinct_move_bound(&sizes), sizes.len())?;
        let classes = classes(&sizes);
        let mut changes = Vec::new();
        lower_more(&classes, None, self.k, &mut Vec::new(), &mut changes);
        for change in &mut changes {
            change.sort_unstable();
        }
        changes.sort_by(|a, b| {
            a.len().cmp(&b.len()).then_with(|| {
                let taken = |c: &[(usize, u64)]| -> Vec<(usize, u64)> {
                    c.iter().map(|&(i, new)| (i, sizes[i] - new)).collect()
                };
                taken(a).cmp(&taken(b))
            })
        });
        let mut seen = HashSet::new();
        let mut moves = Vec::new();
        for change in changes {
            let mut after = sizes.clone();
            for &(index, new) in &change {
                after[index] = new;
            }
            if seen.insert(Heaps::new(after)) {
                moves.push(self.heaps_move(&sizes, &change));
            }
        }
        Ok(moves)
    }

    /// `I:T,…` and the heaps left are read without listing the moves; `#k`
    /// and anything else by [`find_move`].
    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let sizes = self.sizes(&position.components)?;
        let illegal = |reason: String| GameError::IllegalMove {
            text: quoted(text),
            position: position.text(),
            reason,
        };
        let wanted = normalise_notation(text);
        let changes = if wanted.contains(':') {
            Some(self.notation_changes(&sizes, &wanted))
        } else {
            self.after_changes(&sizes, text)
        };
        match changes {
            Some(Ok(changes)) => Ok(self.heaps_move(&sizes, &changes)),
            Some(Err(reason)) => Err(illegal(reason)),
            None => find_move(self, position, self.moves(position)?, text),
        }
    }

    /// The outcome after each move by Moore's theorem (no value: `grundy` is `None`).
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        moves
            .iter()
            .map(|played| {
                let sizes = self.sizes(&played.after.components)?;
                Ok(Evaluation {
                    outcome: if self.is_p_position(&Heaps::new(sizes)) {
                        Outcome::P
                    } else {
                        Outcome::N
                    },
                    grundy: None,
                    remoteness: None,
                })
            })
            .collect()
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let position = self.parse_heaps(words)?;
        let bound = position.sizes().iter().fold(1u128, |product, &h| {
            product.saturating_mul(u128::from(h) + 1)
        });
        crate::misere::misere_report(self, &[position], None, Some(bound))
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let heaps = self.parse_heaps(words)?;
        let p_position = self.is_p_position(&heaps);
        let mut method = format!(
            "Moore's theorem: P iff every binary digit is set in a multiple of {} heaps; {}",
            u128::from(self.k) + 1,
            self.digit_counts(heaps.sizes())
        );
        let mut winning_moves = Vec::new();
        if !p_position {
            let count = self.option_count(&heaps);
            if count <= MAX_LISTED_OPTIONS {
                let mut options = self.options(&heaps);
                options.sort();
                for option in options.into_iter().filter(|o| self.is_p_position(o)) {
                    winning_moves.push(MoveReport {
                        component: None,
                        description: describe_multi_move(&heaps, &option),
                        to: option.to_string(),
                    });
                }
            } else if let Some(option) = self.constructed_winning_move(&heaps) {
                method.push_str(&format!(
                    "; the {count} moves are too many to list every winning one (limit {MAX_LISTED_OPTIONS}), so one is shown, by Moore's construction"
                ));
                winning_moves.push(MoveReport {
                    component: None,
                    description: describe_multi_move(&heaps, &option),
                    to: option.to_string(),
                });
            }
        }
        Ok(Report {
            outcome: if p_position { Outcome::P } else { Outcome::N },
            grundy: None,
            components: vec![ComponentReport {
                position: heaps.to_string(),
                grundy: None,
            }],
            winning_moves,
            method,
            remoteness: None,
        })
    }
}
