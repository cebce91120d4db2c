//! Wythoff's game: two heaps; a move takes any positive number from one heap,
//! or the same positive number from both.
//!
//! Theorem (W. A. Wythoff, "A modification of the game of Nim", *Nieuw Archief
//! voor Wiskunde* 7 (1907) 199–202): the P-positions are the pairs
//! (⌊kφ⌋, ⌊kφ²⌋) and their mirror images, k = 0, 1, 2, …, φ = (1+√5)/2. Both
//! numbers are computed exactly in integers: ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋ and
//! ⌊kφ²⌋ = ⌊kφ⌋ + k. The Sprague–Grundy values have no known closed form
//! (*Winning Ways*, ch. 3; A. Dress, A. Flammenkamp, N. Pink, "Additive
//! periodicity of the Sprague–Grundy function of certain Nim games", 1999);
//! they are computed by a table sweep that keeps, for every row, column and
//! diagonal, the set of values already seen (O(N³/64) word operations for an
//! N×N table).
//!
//! Moves (`sprague play`, `moves`): the queen's target square `a,b` (e.g.
//! `10,6` from `10,15`); in a sum of pairs `FROM->TO` (e.g. `10,15->10,6`),
//! or `a,b` alone when exactly one pair can reach it.

use std::fmt;

use sprague_engine::{Game, Outcome};

use crate::error::GameError;
use crate::game_graph::{sprague_grundy_graph, GameGraph};
use crate::listing::check_listing;
use crate::playable::{
    evaluate_sum_moves, find_move, normalise_notation, require_position, ComponentReport,
    Evaluation, MoveReport, PlayableGame, Report,
};
use crate::position::{Board, Move, Position};

/// The largest heap for which Sprague–Grundy values (sums, tables) are computed.
pub const TABLE_LIMIT: u64 = 2000;

/// The largest coordinate a game graph of Wythoff's game starts from: each
/// node lists its moves (a + b + min(a, b) of them) and is valued by search,
/// so the work grows with the cube (200,199 takes about 2 s).
pub const MAX_GRAPH_COORDINATE: u64 = 200;

/// A Wythoff position: two heaps, written `a,b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair(pub u64, pub u64);

impl fmt::Display for Pair {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{},{}", self.0, self.1)
    }
}

/// Wythoff's game as a [`Game`].
///
/// ```
/// use sprague_engine::GrundySolver;
/// use sprague_games::wythoff::{Pair, Wythoff};
/// let mut solver = GrundySolver::new(Wythoff);
/// assert_eq!(solver.grundy(&Pair(1, 2)), Ok(0));
/// assert_eq!(solver.grundy(&Pair(2, 2)), Ok(1));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Wythoff;

impl Game for Wythoff {
    type Position = Pair;

    fn options(&self, position: &Pair) -> Vec<Pair> {
        let Pair(a, b) = *position;
        let mut options = Vec::new();
        options.extend((0..a).map(|x| Pair(x, b)));
        options.extend((0..b).map(|y| Pair(a, y)));
        options.extend((1..=a.min(b)).map(|k| Pair(a - k, b - k)));
        options
    }

    fn describe_move(&self, from: &Pair, to: &Pair) -> String {
        describe(*from, *to)
    }

    fn grundy_closed_form(&self, position: &Pair) -> Option<u64> {
        // Only the zeros have a closed form; other values need the table.
        is_p_position(*position).then_some(0)
    }
}

fn describe(from: Pair, to: Pair) -> String {
    match (from.0 - to.0, from.1 - to.1) {
        (0, k) => format!("take {k} from the second heap of {from} (to {to})"),
        (k, 0) => format!("take {k} from the first heap of {from} (to {to})"),
        (k, _) => format!("take {k} from both heaps of {from} (to {to})"),
    }
}

/// ⌊√n⌋ exactly.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = (n as f64).sqrt() as u128;
    while x * x > n {
        x -= 1;
    }
    while (x + 1) * (x + 1) <= n {
        x += 1;
    }
    x
}

/// The k-th P-position (⌊kφ⌋, ⌊kφ²⌋), exactly for k ≤ 2^62 ([`MAX_HEAP`]); a coordinate
/// past `u64::MAX` (5k² past `u128::MAX`, from k ≈ 2^62.8) is `u64::MAX`, so the
/// coordinates stay nondecreasing in k.
///
/// ```
/// use sprague_games::wythoff::p_position;
/// let first: Vec<(u64, u64)> = (0..5).map(p_position).collect();
/// assert_eq!(first, vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
/// assert_eq!(p_position(u64::MAX), (u64::MAX, u64::MAX));
/// ```
pub fn p_position(k: u64) -> (u64, u64) {
    let k128 = u128::from(k);
    let lower = k128
        .checked_mul(k128)
        .and_then(|square| square.checked_mul(5))
        .and_then(|five| u64::try_from((k128 + isqrt(five)) / 2).ok())
        .unwrap_or(u64::MAX);
    (lower, lower.saturating_add(k))
}

/// The largest heap of a Wythoff position: 2^62, so that every P-position the formulas
/// look at (⌊kφ²⌋ < 2.62·k) fits in 64 bits.
pub const MAX_HEAP: u64 = 1 << 62;

/// Whether (a, b) is a P-position, by Wythoff's formula.
///
/// ```
/// use sprague_games::wythoff::{is_p_position, Pair};
/// assert!(is_p_position(Pair(5, 3)));
/// assert!(!is_p_position(Pair(10, 15)));
/// ```
pub fn is_p_position(position: Pair) -> bool {
    let (a, b) = (position.0.min(position.1), position.0.max(position.1));
    let k = b - a;
    k < (1 << 62) && p_position(k) == (a, b)
}

/// The unique v' such that (v, v') is a P-position (every number is in exactly one Wythoff pair).
fn partner(value: u64) -> u64 {
    if value == 0 {
        return 0;
    }
    // ⌊kφ⌋ is strictly increasing in k: binary search for k with ⌊kφ⌋ = value.
    let (mut low, mut high) = (0u64, value);
    while low < high {
        let middle = low + (high - low) / 2;
        if p_position(middle).0 < value {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    if p_position(low).0 == value {
        return p_position(low).1;
    }
    // Otherwise value = ⌊kφ²⌋ for some k.
    let (mut low, mut high) = (0u64, value);
    while low < high {
        let middle = low + (high - low) / 2;
        if p_position(middle).1 < value {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    p_position(low).0
}

/// Every move from `position` to a P-position, by the formula (no search).
///
/// ```
/// use sprague_games::wythoff::{winning_moves, Pair};
/// assert_eq!(winning_moves(Pair(4, 4)), vec![Pair(0, 0)]);
/// assert_eq!(winning_moves(Pair(3, 6)), vec![Pair(3, 5)]);
/// ```
pub fn winning_moves(position: Pair) -> Vec<Pair> {
    let Pair(a, b) = position;
    let mut moves = Vec::new();
    let to_b = partner(a);
    if to_b < b {
        moves.push(Pair(a, to_b));
    }
    let to_a = partner(b);
    if to_a < a {
        moves.push(Pair(to_a, b));
    }
    let difference = a.abs_diff(b);
    if difference < (1 << 62) {
        let (low, high) = p_position(difference);
        let target = if a <= b {
            Pair(low, high)
        } else {
            Pair(high, low)
        };
        if target.0 < a && !moves.contains(&target) {
            moves.push(target);
        }
    }
    moves
}

/// The Sprague–Grundy values g(x, y) for 0 ≤ x, y ≤ `to`, row by row.
///
/// # Errors
/// [`GameError::PositionTooLarge`] when `to` exceeds [`TABLE_LIMIT`].
///
/// ```
/// let table = sprague_games::wythoff::grundy_table(3).unwrap();
/// assert_eq!(table[2], vec![2, 0, 1, 5]);
/// ```
pub fn grundy_table(to: u64) -> Result<Vec<Vec<u64>>, GameError> {
    if to > TABLE_LIMIT {
        return Err(GameError::PositionTooLarge {
            reason: format!(
                "a Wythoff table up to {to} has {} entries; the limit is heaps up to {TABLE_LIMIT}",
                (u128::from(to) + 1)
                    .checked_pow(2)
                    .map_or_else(|| "2^128".to_string(), |count| count.to_string())
            ),
        });
    }
    let n = to as usize + 1;
    // Values are below x + y + 1 ≤ 2n: bitsets of 2n bits.
    let words = (2 * n).div_ceil(64) + 1;
    let mut columns = vec![vec![0u64; words]; n];
    let mut diagonals = vec![vec![0u64; words]; 2 * n];
    let mut table = vec![vec![0u64; n]; n];
    let set = |bits: &mut Vec<u64>, value: u64| bits[(value / 64) as usize] |= 1 << (value % 64);
    for (x, values) in table.iter_mut().enumerate() {
        let mut row = vec![0u64; words];
        for y in 0..n {
            let diagonal = n + y - x;
            let mut value = 0;
            for word in 0..words {
                let union = row[word] | columns[y][word] | diagonals[diagonal][word];
                if union != u64::MAX {
                    value = word as u64 * 64 + u64::from((!union).trailing_zeros());
                    break;
                }
            }
            values[y] = value;
            set(&mut row, value);
            set(&mut columns[y], value);
            set(&mut diagonals[diagonal], value);
        }
    }
    Ok(table)
}

/// Reads `a,b` (two heap sizes).
///
/// # Errors
/// [`GameError::InvalidPosition`] for anything else.
pub fn parse_pair(word: &str) -> Result<Pair, GameError> {
    let error = |reason: &str| GameError::InvalidPosition {
        game: "wythoff".into(),
        text: word.to_string(),
        reason: reason.to_string(),
    };
    let (a, b) = word
        .split_once(',')
        .ok_or_else(|| error("write the two heaps as a,b (e.g. 3,5)"))?;
    let number = |text: &str| {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|&heap| heap <= MAX_HEAP)
            .ok_or_else(|| error("both heaps must be whole numbers from 0 to 2^62, e.g. 3,5"))
    };
    Ok(Pair(number(a)?, number(b)?))
}

/// The pairs written as `words`, each read by [`parse_pair`].
fn parse_pairs(words: &[String]) -> Result<Vec<Pair>, GameError> {
    require_position(words, "wythoff", "3,5")?;
    words.iter().map(|word| parse_pair(word)).collect()
}

/// The position of the queens `pairs`, with its board.
fn pairs_position(pairs: &[Pair]) -> Position {
    Position::new(
        "wythoff",
        pairs.iter().map(ToString::to_string).collect(),
        Board::Pairs {
            pairs: pairs.iter().map(|p| [p.0, p.1]).collect(),
        },
    )
}

/// Wythoff's game for the command line: one pair is decided by the formula
/// (any size); sums use the value table.
#[derive(Debug, Clone, Copy, Default)]
pub struct WythoffPlayable;

impl PlayableGame for WythoffPlayable {
    fn components_commute(&self) -> bool {
        true
    }

    fn description(&self) -> String {
        "wythoff".into()
    }

    fn title(&self) -> String {
        "Wythoff's game".into()
    }

    fn position_syntax(&self) -> String {
        "pairs of heaps a,b, e.g. 3,5 (several pairs make a sum)".into()
    }

    fn move_syntax(&self) -> String {
        "the queen's target square a,b (e.g. 10,6); in a sum of pairs FROM->TO (e.g. 10,15->10,6), or a,b when only one pair can reach it"
            .into()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(pairs_position(&parse_pairs(words)?))
    }

    /// Every move of every distinct pair (equal pairs have the same moves;
    /// the first of them is moved): to the left, down, then diagonally.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let pairs = parse_pairs(&position.components)?;
        let distinct = |index: usize| !pairs[..index].contains(&pairs[index]);
        let count: u128 = (0..pairs.len())
            .filter(|&index| distinct(index))
            .map(|index| {
                let Pair(a, b) = pairs[index];
                u128::from(a) + u128::from(b) + u128::from(a.min(b))
            })
            .sum();
        check_listing(count, pairs.len())?;
        let single = pairs.len() == 1;
        let mut moves = Vec::with_capacity(count as usize);
        for (index, &pair) in pairs.iter().enumerate() {
            if !distinct(index) {
                continue;
            }
            for option in Wythoff.options(&pair) {
                let mut after = pairs.clone();
                after[index] = option;
                moves.push(Move {
                    notation: if single {
                        option.to_string()
                    } else {
                        format!("{pair}->{option}")
                    },
                    description: describe(pair, option),
                    component: Some(index),
                    after: pairs_position(&after),
                });
            }
        }
        Ok(moves)
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let moves = self.moves(position)?;
        let wanted = normalise_notation(text);
        let illegal = |reason: String| GameError::IllegalMove {
            text: crate::error::quoted(text),
            position: position.text(),
            reason,
        };
        if let [component] = position.components.as_slice() {
            // FROM->TO names the only pair: the same as TO.
            if let Some((from, to)) = wanted.split_once("->") {
                if parse_pair(from).ok() == parse_pair(component).ok() {
                    return find_move(self, position, moves, to);
                }
            }
        } else if !wanted.contains("->") && !wanted.starts_with('#') {
            if let Ok(target) = parse_pair(&wanted) {
                let target = target.to_string();
                let reaching: Vec<&Move> = moves
                    .iter()
                    .filter(|m| m.notation.split_once("->").map(|(_, to)| to) == Some(&target))
                    .collect();
                return match reaching.as_slice() {
                    [only] => Ok((*only).clone()),
                    [] => Err(illegal(format!(
                        "no pair can move to {target}; moves are written {}",
                        self.move_syntax()
                    ))),
                    [first, ..] => Err(illegal(format!(
                        "{} pairs can move to {target}: write FROM->TO, e.g. {}",
                        reaching.len(),
                        first.notation
                    ))),
                };
            }
        }
        find_move(self, position, moves, text)
    }

    /// From the value table (one sweep for all the after-positions) where the
    /// heaps are within [`TABLE_LIMIT`]; a single pair beyond it by
    /// Wythoff's formula (outcome only).
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        let largest = moves
            .iter()
            .flat_map(|m| m.after.components.iter())
            .filter_map(|word| parse_pair(word).ok())
            .map(|p| p.0.max(p.1))
            .max()
            .unwrap_or(0);
        if largest > TABLE_LIMIT && moves.iter().all(|m| m.after.components.len() == 1) {
            return moves
                .iter()
                .map(|m| {
                    let pair = parse_pair(&m.after.components[0])?;
                    let p = is_p_position(pair);
                    Ok(Evaluation {
                        outcome: if p { Outcome::P } else { Outcome::N },
                        grundy: p.then_some(0),
                        remoteness: None,
                    })
                })
                .collect();
        }
        evaluate_sum_moves(self, moves)
    }

    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let Pair(a, b) = parse_pair(component).ok()?;
        let k = a.abs_diff(b);
        if k >= 1 << 62 {
            return None;
        }
        let (low, high) = p_position(k);
        Some(if is_p_position(Pair(a, b)) {
            format!(
                "{{{a}, {b}}} = {{⌊{k}φ⌋, ⌊{k}φ²⌋}} with k = |a − b| = {k}: a P-position by Wythoff's theorem, so g = 0"
            )
        } else {
            format!(
                "the P-position whose heaps differ by {k} is ({low},{high}) = (⌊{k}φ⌋, ⌊{k}φ²⌋) (Wythoff's theorem), not ({a},{b}), so g ≠ 0; g({a},{b}) = {grundy} is the mex over its row, column and diagonal"
            )
        })
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, "wythoff", "3,5")?;
        let pairs = words
            .iter()
            .map(|word| parse_pair(word))
            .collect::<Result<Vec<Pair>, GameError>>()?;
        if let [pair] = pairs.as_slice() {
            let p = is_p_position(*pair);
            let moves = if p { Vec::new() } else { winning_moves(*pair) };
            let small = pair.0.max(pair.1) <= TABLE_LIMIT;
            let grundy = if small {
                let table = grundy_table(pair.0.max(pair.1))?;
                Some(table[pair.0 as usize][pair.1 as usize])
            } else {
                p.then_some(0)
            };
            return Ok(Report {
                outcome: if p { Outcome::P } else { Outcome::N },
                grundy,
                components: vec![ComponentReport {
                    position: pair.to_string(),
                    grundy,
                }],
                winning_moves: moves
                    .into_iter()
                    .map(|to| MoveReport {
                        component: None,
                        description: describe(*pair, to),
                        to: to.to_string(),
                    })
                    .collect(),
                method: format!(
                    "Wythoff's theorem: the P-positions are (⌊kφ⌋, ⌊kφ²⌋){}",
                    if small {
                        "; the SG value by the table sweep (mex over row, column and diagonal)"
                    } else {
                        "; SG values beyond the table limit are not computed"
                    }
                ),
                remoteness: None,
            });
        }
        let largest = pairs.iter().map(|p| p.0.max(p.1)).max().unwrap_or(0);
        if largest > TABLE_LIMIT {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a sum of Wythoff pairs needs SG values; the heap {largest} is above the table limit {TABLE_LIMIT}"
                ),
            });
        }
        let table = grundy_table(largest)?;
        let value = |p: Pair| table[p.0 as usize][p.1 as usize];
        let total = pairs.iter().fold(0, |t, &p| t ^ value(p));
        let mut winning = Vec::new();
        if total != 0 {
            for (index, &pair) in pairs.iter().enumerate() {
                let target = value(pair) ^ total;
                for option in Wythoff.options(&pair) {
                    if value(option) == target {
                        let mut after = pairs.clone();
                        after[index] = option;
                        let words: Vec<String> = after.iter().map(ToString::to_string).collect();
                        winning.push(MoveReport {
                            component: Some(index),
                            description: describe(pair, option),
                            to: words.join(" "),
                        });
                    }
                }
            }
        }
        Ok(Report {
            outcome: Outcome::from_grundy(total),
            grundy: Some(total),
            components: pairs
                .iter()
                .map(|&p| ComponentReport {
                    position: p.to_string(),
                    grundy: Some(value(p)),
                })
                .collect(),
            winning_moves: winning,
            method: "Sprague–Grundy theorem over the Wythoff value table (mex over row, column and diagonal)".into(),
            remoteness: None,
        })
    }

    fn values_observed(
        &self,
        _to: u64,
        _observe: &mut dyn FnMut(u64) -> std::ops::ControlFlow<()>,
    ) -> Result<sprague_engine::Values, GameError> {
        Err(GameError::Unsupported {
            game: "wythoff".into(),
            what: "`sprague values`".into(),
            reason: "it is a two-heap game; `sprague table wythoff --to N` prints g(a,b)".into(),
        })
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        require_position(words, "wythoff", "3,5")?;
        let pairs = words
            .iter()
            .map(|word| parse_pair(word))
            .collect::<Result<Vec<Pair>, GameError>>()?;
        if let Some(Pair(a, b)) = pairs.iter().find(|p| p.0.max(p.1) > MAX_GRAPH_COORDINATE) {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a game graph of Wythoff's game starts from coordinates of at most {MAX_GRAPH_COORDINATE} (each node lists all its moves and is valued by search), not {a},{b}; `sprague analyze wythoff` values larger positions"
                ),
            });
        }
        sprague_grundy_graph(&Wythoff, pairs, node_limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::GrundySolver;

    #[test]
    fn formula_p_positions_equal_search_for_all_pairs_up_to_60() {
        let mut search = GrundySolver::by_search(Wythoff);
        for a in 0..=60 {
            for b in 0..=60 {
                let by_search = search.grundy(&Pair(a, b)).unwrap() == 0;
                assert_eq!(is_p_position(Pair(a, b)), by_search, "({a},{b})");
            }
        }
    }

    #[test]
    fn table_equals_search_up_to_40() {
        let table = grundy_table(40).unwrap();
        let mut search = GrundySolver::by_search(Wythoff);
        for a in 0..=40u64 {
            for b in 0..=40u64 {
                assert_eq!(
                    table[a as usize][b as usize],
                    search.grundy(&Pair(a, b)).unwrap()
                );
            }
        }
    }

    #[test]
    fn winning_moves_by_formula_equal_moves_to_zero_up_to_50() {
        let table = grundy_table(50).unwrap();
        for a in 0..=50u64 {
            for b in 0..=50u64 {
                let mut expected: Vec<Pair> = Wythoff
                    .options(&Pair(a, b))
                    .into_iter()
                    .filter(|o| table[o.0 as usize][o.1 as usize] == 0)
                    .collect();
                let mut found = winning_moves(Pair(a, b));
                if table[a as usize][b as usize] == 0 {
                    assert!(found.is_empty() || !is_p_position(Pair(a, b)));
                    continue;
                }
                expected.sort();
                found.sort();
                assert_eq!(found, expected, "({a},{b})");
            }
        }
    }

    /// Seed 002: with three heaps (take from one heap, or the same number from
    /// all three) the game is Nim, because subtracting k from three heaps flips
    /// the lowest set bit of k in all three, so the nim-sum changes. Checked:
    /// the P-positions are exactly the triples of nim-sum 0 (heaps ≤ 12).
    #[test]
    fn seed_claim_three_heap_wythoff_has_the_p_positions_of_nim() {
        struct ThreeHeaps;
        impl Game for ThreeHeaps {
            type Position = Pair3;
            fn options(&self, p: &Pair3) -> Vec<Pair3> {
                let [a, b, c] = p.0;
                let mut options = Vec::new();
                options.extend((0..a).map(|x| Pair3([x, b, c])));
                options.extend((0..b).map(|y| Pair3([a, y, c])));
                options.extend((0..c).map(|z| Pair3([a, b, z])));
                options.extend((1..=a.min(b).min(c)).map(|k| Pair3([a - k, b - k, c - k])));
                options
            }
        }
        #[derive(Clone, PartialEq, Eq, Hash, Debug)]
        struct Pair3([u64; 3]);
        impl fmt::Display for Pair3 {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{:?}", self.0)
            }
        }
        let mut solver = GrundySolver::by_search(ThreeHeaps);
        for a in 0..=12 {
            for b in 0..=12 {
                for c in 0..=12 {
                    let p = solver.grundy(&Pair3([a, b, c])).unwrap() == 0;
                    assert_eq!(p, a ^ b ^ c == 0, "({a},{b},{c})");
                }
            }
        }
    }

    #[test]
    fn huge_pairs_are_decided_by_the_formula() {
        let (a, b) = p_position(1_000_000_000_000);
        assert!(is_p_position(Pair(a, b)));
        assert!(!is_p_position(Pair(a, b + 1)));
        assert_eq!(winning_moves(Pair(a, b + 1)), vec![Pair(a, b)]);
    }
}
