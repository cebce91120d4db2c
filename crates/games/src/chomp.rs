//! Chomp (D. Gale, "A curious Nim-type game", *Amer. Math. Monthly* 81
//! (1974) 876–879; F. Schuh 1952 in the divisor form): a chocolate bar with a
//! poisoned square at the bottom-left corner; a move eats a square and every
//! square above and to the right of it; whoever has to eat the poison loses.
//!
//! Positions are Young diagrams: row lengths λ₀ ≥ λ₁ ≥ … counted from the
//! poison row upwards. A move at (row r, column c) cuts every row i ≥ r to
//! min(λᵢ, c). The diagram of the poison alone has no move other than eating
//! the poison, so it is a P-position of normal play (the poison is never
//! eaten in this model).
//!
//! Strategy stealing (Gale): every rectangle but 1×1 is a first-player win —
//! if eating the top-right square lost, the winning reply would be available
//! as a first move. The argument gives no move; search finds them.
//!
//! Search: a diagram inside an m×n box is a non-increasing sequence of m
//! numbers in 0..=n, i.e. (via sᵢ = λ_{m−1−i} + i) an m-subset of
//! {0, …, m+n−1}; its rank in the combinatorial number system is a dense
//! index below C(m+n, m). Outcomes are kept in 2 bits per diagram, and the
//! depth-first walk (explicit stack) stops at the first P-option found.
//!
//! Moves (`sprague play`, `moves`): `r,c`, the square bitten at row r
//! (from the poison row up) and column c, both from 1 (the poison is 1,1 and
//! is never bitten); in a sum of boards `k:r,c` bites board k (from 1).
//!
//! An L-shaped diagram (one row and one column) is two Nim heaps: a row of
//! length a and a column of height h have the value (a − 1) ⊕ (h − 1).

use std::fmt;
use std::ops::ControlFlow;

use sprague_engine::{check_allocation, Game, GrundySolver, Outcome};

use crate::error::GameError;
use crate::game_graph::{sprague_grundy_graph, GameGraph};
use crate::listing::check_listing;
use crate::playable::{
    find_move, move_leaving, normalise_notation, require_position, ComponentReport, Evaluation,
    MoveReport, PlayableGame, Report,
};
use crate::position::{Board, Move, Position};

/// The most diagrams the dense search will number (2 bits each).
pub const STATE_LIMIT: u128 = 1 << 31;

/// The most diagrams per component when a sum of Chomp boards is analysed
/// by Sprague–Grundy values.
pub const SUM_STATE_LIMIT: u128 = 50_000;

/// A Chomp position: row lengths from the poison row up, non-increasing, no empty rows.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Diagram(pub Vec<u16>);

impl fmt::Display for Diagram {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(&first) = self.0.first() {
            if self.0.iter().all(|&row| row == first) {
                return write!(formatter, "{}x{}", self.0.len(), first);
            }
        }
        let words: Vec<String> = self.0.iter().map(u16::to_string).collect();
        formatter.write_str(&words.join(","))
    }
}

impl Diagram {
    /// The diagram after eating at (row, column) (0-based, from the poison).
    pub fn bite(&self, row: usize, column: u16) -> Diagram {
        let mut rows: Vec<u16> = self
            .0
            .iter()
            .enumerate()
            .map(|(i, &length)| if i >= row { length.min(column) } else { length })
            .collect();
        while rows.last() == Some(&0) {
            rows.pop();
        }
        Diagram(rows)
    }

    /// Every bite (row, column) other than the poison (0, 0).
    pub fn bites(&self) -> Vec<(usize, u16)> {
        let mut bites = Vec::new();
        for (row, &length) in self.0.iter().enumerate() {
            for column in 0..length {
                if row > 0 || column > 0 {
                    bites.push((row, column));
                }
            }
        }
        bites
    }

    /// The conjugate diagram (rows ↔ columns): the same game, transposed.
    ///
    /// ```
    /// use sprague_games::chomp::Diagram;
    /// assert_eq!(Diagram(vec![3, 1]).conjugate(), Diagram(vec![2, 1, 1]));
    /// ```
    pub fn conjugate(&self) -> Diagram {
        let width = self.0.first().copied().unwrap_or(0);
        Diagram(
            (0..width)
                .map(|column| self.0.iter().filter(|&&length| length > column).count() as u16)
                .collect(),
        )
    }

    /// Number of diagrams inside this one's bounding box: C(rows + columns, rows).
    pub fn box_states(&self) -> u128 {
        let rows = self.0.len() as u128;
        let columns = u128::from(self.0.first().copied().unwrap_or(0));
        binomial(rows + columns, rows)
    }
}

fn binomial(n: u128, k: u128) -> u128 {
    let k = k.min(n.saturating_sub(k));
    let mut result: u128 = 1;
    for i in 0..k {
        result = result.saturating_mul(n - i) / (i + 1);
        if result > u128::from(u64::MAX) {
            return u128::MAX;
        }
    }
    result
}

fn describe_bite(row: usize, column: u16) -> String {
    format!(
        "eat the square at row {}, column {} (and everything above and to the right)",
        row + 1,
        column + 1
    )
}

/// Chomp as a [`Game`] (used for sums and as the brute-force reference).
///
/// ```
/// use sprague_engine::GrundySolver;
/// use sprague_games::chomp::{Chomp, Diagram};
/// let mut solver = GrundySolver::new(Chomp);
/// assert_eq!(solver.grundy(&Diagram(vec![1])), Ok(0)); // only the poison left
/// assert_eq!(solver.grundy(&Diagram(vec![2, 2])), Ok(2));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Chomp;

impl Game for Chomp {
    type Position = Diagram;

    fn options(&self, position: &Diagram) -> Vec<Diagram> {
        position
            .bites()
            .into_iter()
            .map(|(row, column)| position.bite(row, column))
            .collect()
    }

    fn describe_move(&self, from: &Diagram, to: &Diagram) -> String {
        match from
            .bites()
            .into_iter()
            .find(|&(row, column)| &from.bite(row, column) == to)
        {
            Some((row, column)) => describe_bite(row, column),
            None => format!("{from} → {to}"),
        }
    }
}

/// Outcomes of Chomp diagrams inside a fixed box, by dense search.
#[derive(Debug)]
pub struct ChompSolver {
    rows: usize,
    columns: usize,
    binomials: Vec<Vec<u64>>,
    /// 2 bits per diagram: 0 unknown, 1 P, 2 N.
    table: Vec<u8>,
}

const UNKNOWN: u8 = 0;
const P: u8 = 1;
const N: u8 = 2;

impl ChompSolver {
    /// A solver for diagrams inside `rows` × `columns`.
    ///
    /// # Errors
    /// [`GameError::PositionTooLarge`] above [`STATE_LIMIT`] diagrams (the size
    /// and the limit are said before anything is allocated);
    /// [`GameError::Memory`] when the table does not fit.
    pub fn new(rows: usize, columns: usize) -> Result<Self, GameError> {
        let states = binomial((rows + columns) as u128, rows as u128);
        if states > STATE_LIMIT {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a Chomp board of {rows}×{columns} has {} diagrams to search; the limit is {STATE_LIMIT}",
                    if states == u128::MAX { "more than 2^64".to_string() } else { states.to_string() }
                ),
            });
        }
        if (rows + columns + 1) as u128 * (rows + 2) as u128 > 1 << 24 {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a Chomp board of {rows} rows (longest row {columns}) is too tall to number; transpose it (its conjugate is the same game) or keep rows + columns small"
                ),
            });
        }
        check_allocation(states.div_ceil(4), "the Chomp outcome table")?;
        let total = rows + columns + 1;
        let mut binomials = vec![vec![0u64; rows + 2]; total];
        for n in 0..total {
            for k in 0..=(rows + 1) {
                binomials[n][k] = if k == 0 {
                    1
                } else if n == 0 {
                    0
                } else {
                    binomials[n - 1][k - 1].saturating_add(binomials[n - 1][k])
                };
            }
        }
        Ok(Self {
            rows,
            columns,
            binomials,
            table: vec![0; states.div_ceil(4) as usize],
        })
    }

    fn rank(&self, rows: &[u16]) -> usize {
        let m = self.rows;
        let mut rank = 0u64;
        for i in 0..m {
            let length = rows.get(m - 1 - i).copied().unwrap_or(0) as usize;
            rank += self.binomials[length + i][i + 1];
        }
        rank as usize
    }

    fn get(&self, index: usize) -> u8 {
        (self.table[index / 4] >> ((index % 4) * 2)) & 3
    }

    fn set(&mut self, index: usize, value: u8) {
        self.table[index / 4] |= value << ((index % 4) * 2);
    }

    fn fits(&self, diagram: &Diagram) -> bool {
        diagram.0.len() <= self.rows && diagram.0.iter().all(|&l| l as usize <= self.columns)
    }

    /// Whether the player to move wins `diagram` (which must fit in the box).
    ///
    /// ```
    /// use sprague_games::chomp::{ChompSolver, Diagram};
    /// let mut solver = ChompSolver::new(4, 7).unwrap();
    /// assert!(solver.is_n(&Diagram(vec![7, 7, 7, 7])));
    /// assert!(!solver.is_n(&Diagram(vec![2, 1]))); // the L of two arms of length 1
    /// ```
    pub fn is_n(&mut self, diagram: &Diagram) -> bool {
        self.is_n_observed(diagram, &mut |_| ControlFlow::Continue(()))
            .unwrap_or(false)
    }

    /// [`ChompSolver::is_n`], telling `observe` every 4096 diagrams solved how many this
    /// search has solved (of at most the box's diagrams), for progress lines.
    pub fn is_n_observed(
        &mut self,
        diagram: &Diagram,
        observe: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> Option<bool> {
        debug_assert!(self.fits(diagram));
        let mut solved = 0u64;
        let root = self.rank(&diagram.0);
        if self.get(root) != UNKNOWN {
            return Some(self.get(root) == N);
        }
        struct Frame {
            rows: Vec<u16>,
            index: usize,
            bites: Vec<(usize, u16)>,
            next: usize,
        }
        let make = |rows: Vec<u16>, index: usize| {
            let bites = Diagram(rows.clone()).bites();
            Frame {
                rows,
                index,
                bites,
                next: 0,
            }
        };
        let mut stack = vec![make(diagram.0.clone(), root)];
        let mut scratch: Vec<u16> = Vec::with_capacity(self.rows);
        while let Some(top) = stack.last_mut() {
            let mut push = None;
            let mut result = None;
            while top.next < top.bites.len() {
                let (row, column) = top.bites[top.next];
                top.next += 1;
                scratch.clear();
                scratch.extend(top.rows.iter().enumerate().map(|(i, &l)| {
                    if i >= row {
                        l.min(column)
                    } else {
                        l
                    }
                }));
                while scratch.last() == Some(&0) {
                    scratch.pop();
                }
                let child = self.rank(&scratch);
                match self.get(child) {
                    P => {
                        result = Some(N);
                        break;
                    }
                    N => continue,
                    _ => {
                        // Re-examine this bite when the child is known.
                        top.next -= 1;
                        push = Some((scratch.clone(), child));
                        break;
                    }
                }
            }
            if let Some((rows, index)) = push {
                stack.push(make(rows, index));
                continue;
            }
            let value = result.unwrap_or(P);
            let index = top.index;
            self.set(index, value);
            solved += 1;
            if solved.is_multiple_of(4096) && observe(solved).is_break() {
                return None;
            }
            stack.pop();
        }
        Some(self.get(root) == N)
    }

    /// Every bite from `diagram` that leaves a P-position.
    pub fn winning_bites(&mut self, diagram: &Diagram) -> Vec<(usize, u16)> {
        diagram
            .bites()
            .into_iter()
            .filter(|&(row, column)| !self.is_n(&diagram.bite(row, column)))
            .collect()
    }
}

/// Reads a Chomp diagram: `RxC` (a rectangle of R rows and C columns) or row
/// lengths from the poison row up, e.g. `5,5,3,1`.
///
/// # Errors
/// [`GameError::InvalidPosition`] for rows that grow, empty rows, or other text.
///
/// ```
/// use sprague_games::chomp::{parse_diagram, Diagram};
/// assert_eq!(parse_diagram("2x3").unwrap(), Diagram(vec![3, 3]));
/// assert_eq!(parse_diagram("4,2,2").unwrap(), Diagram(vec![4, 2, 2]));
/// assert!(parse_diagram("2,4").is_err());
/// ```
pub fn parse_diagram(word: &str) -> Result<Diagram, GameError> {
    let error = |reason: String| GameError::InvalidPosition {
        game: "chomp".into(),
        text: word.to_string(),
        reason,
    };
    let number = |text: &str, what: &str| -> Result<u16, GameError> {
        text.trim()
            .parse::<u16>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                error(format!(
                    "{what} must be a whole number from 1 to 65535, not '{}'",
                    crate::error::quoted(text.trim())
                ))
            })
    };
    let lower = word.trim().to_lowercase();
    if let Some((rows, columns)) = lower.split_once(['x', '×']) {
        let rows = number(rows, "the number of rows")?;
        let columns = number(columns, "the number of columns")?;
        let states = binomial(u128::from(rows) + u128::from(columns), u128::from(rows));
        if states > STATE_LIMIT && u32::from(rows) * u32::from(columns) > 1 << 24 {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a Chomp board of {rows}×{columns} has {} diagrams to search; the limit is {STATE_LIMIT}",
                    if states == u128::MAX { "more than 2^64".to_string() } else { states.to_string() }
                ),
            });
        }
        return Ok(Diagram(vec![columns; rows as usize]));
    }
    let rows = lower
        .split(',')
        .map(|part| number(part, "every row length"))
        .collect::<Result<Vec<u16>, GameError>>()?;
    if rows.len() > usize::from(u16::MAX) {
        return Err(error(format!(
            "{} rows; a diagram has at most {} rows",
            rows.len(),
            u16::MAX
        )));
    }
    if rows.windows(2).any(|pair| pair[1] > pair[0]) {
        return Err(error(
            "not a Young diagram: row lengths (from the poison row up) must not increase, e.g. 5,5,3,1".into(),
        ));
    }
    Ok(Diagram(rows))
}

/// The diagrams written as `words`, each read by [`parse_diagram`].
fn parse_diagrams(words: &[String]) -> Result<Vec<Diagram>, GameError> {
    require_position(words, "chomp", "4x7")?;
    words.iter().map(|word| parse_diagram(word)).collect()
}

/// The position of the boards `diagrams`, in canonical form, with its board.
fn diagrams_position(diagrams: &[Diagram]) -> Position {
    Position::new(
        "chomp",
        diagrams.iter().map(ToString::to_string).collect(),
        Board::Diagrams {
            diagrams: diagrams.iter().map(|d| d.0.clone()).collect(),
        },
    )
}

/// The arms of an L-shaped diagram (one row and one column): the row's
/// length and the column's height, or `None` for other shapes.
fn l_shape(diagram: &Diagram) -> Option<(u16, usize)> {
    let (&first, rest) = diagram.0.split_first()?;
    rest.iter()
        .all(|&row| row == 1)
        .then_some((first, diagram.0.len()))
}

/// Chomp for the command line.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChompPlayable;

impl ChompPlayable {
    /// The analysis of `words`; one board's search tells `observe` the diagrams solved.
    fn analyze_observed_words(
        &self,
        words: &[String],
        observe: &mut dyn FnMut(u64, Option<u128>) -> ControlFlow<()>,
    ) -> Result<Report, GameError> {
        require_position(words, "chomp", "4x7")?;
        let diagrams = words
            .iter()
            .map(|word| parse_diagram(word))
            .collect::<Result<Vec<Diagram>, GameError>>()?;
        if let [diagram] = diagrams.as_slice() {
            // Search the flatter of the diagram and its conjugate (the same game transposed).
            let transposed = diagram.0.len() > diagram.0[0] as usize;
            let searched = if transposed {
                diagram.conjugate()
            } else {
                diagram.clone()
            };
            let mut solver = ChompSolver::new(searched.0.len(), searched.0[0] as usize)?;
            let total = Some(searched.box_states());
            let n = solver
                .is_n_observed(&searched, &mut |solved| observe(solved, total))
                .ok_or(GameError::Stopped)?;
            let bites: Vec<(usize, u16)> = if n {
                solver
                    .winning_bites(&searched)
                    .into_iter()
                    .map(|(row, column)| {
                        if transposed {
                            (column as usize, row as u16)
                        } else {
                            (row, column)
                        }
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let rectangle = diagram.0.iter().all(|&l| l == diagram.0[0]);
            let stealing = if rectangle && diagram.0 != [1] {
                " (strategy stealing: every rectangle but 1×1 is N — confirmed)"
            } else {
                ""
            };
            return Ok(Report {
                outcome: if n { Outcome::N } else { Outcome::P },
                grundy: None,
                components: vec![ComponentReport {
                    position: diagram.to_string(),
                    grundy: None,
                }],
                winning_moves: bites
                    .into_iter()
                    .map(|(row, column)| MoveReport {
                        component: None,
                        description: describe_bite(row, column),
                        to: diagram.bite(row, column).to_string(),
                    })
                    .collect(),
                method: format!(
                    "search over all {} diagrams of the {}×{} box (outcomes in 2 bits per diagram){stealing}",
                    diagram.box_states(),
                    diagram.0.len(),
                    diagram.0[0]
                ),
                remoteness: None,
            });
        }
        if let Some(large) = diagrams.iter().find(|d| d.box_states() > SUM_STATE_LIMIT) {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a sum of Chomp boards needs Sprague–Grundy values; {large} has {} diagrams, the limit per board is {SUM_STATE_LIMIT}",
                    large.box_states()
                ),
            });
        }
        let mut solver = GrundySolver::new(Chomp);
        let analysis = sprague_engine::analyze(&mut solver, &diagrams)?;
        Ok(Report::from_analysis(
            analysis.map_positions(|d| d.to_string()),
        ))
    }
}

impl PlayableGame for ChompPlayable {
    fn components_commute(&self) -> bool {
        true
    }

    fn description(&self) -> String {
        "chomp".into()
    }

    fn title(&self) -> String {
        "Chomp".into()
    }

    fn position_syntax(&self) -> String {
        "RxC for a rectangle (e.g. 4x7) or row lengths from the poison row up (e.g. 5,5,3,1)".into()
    }

    fn move_syntax(&self) -> String {
        "r,c: the square bitten, row r from the poison row up and column c, both from 1 (e.g. 2,3; the poison 1,1 is not a move); in a sum of boards k:r,c bites board k (e.g. 2:1,3)"
            .into()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(diagrams_position(&parse_diagrams(words)?))
    }

    /// Every bite of every board, row by row from the poison row, each row
    /// from the left.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let diagrams = parse_diagrams(&position.components)?;
        let squares = |d: &Diagram| d.0.iter().map(|&l| u128::from(l)).sum::<u128>();
        let count: u128 = diagrams.iter().map(|d| squares(d) - 1).sum();
        let rows: usize = diagrams.iter().map(|d| d.0.len()).sum();
        check_listing(count, rows)?;
        let single = diagrams.len() == 1;
        let mut moves = Vec::with_capacity(count as usize);
        for (index, diagram) in diagrams.iter().enumerate() {
            for (row, column) in diagram.bites() {
                let mut after = diagrams.clone();
                after[index] = diagram.bite(row, column);
                let square = format!("{},{}", row + 1, column + 1);
                moves.push(Move {
                    notation: if single {
                        square
                    } else {
                        format!("{}:{square}", index + 1)
                    },
                    description: if single {
                        describe_bite(row, column)
                    } else {
                        format!("board {}: {}", index + 1, describe_bite(row, column))
                    },
                    component: Some(index),
                    after: diagrams_position(&after),
                });
            }
        }
        Ok(moves)
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let moves = self.moves(position)?;
        let wanted = normalise_notation(text);
        let boards = position.components.len();
        let (board, square) = match wanted.split_once(':') {
            Some((board, square)) => (Some(board), square),
            None => (None, wanted.as_str()),
        };
        let notation = match board {
            Some("1") if boards == 1 => square.to_string(),
            _ => wanted.clone(),
        };
        if let Some(found) = moves.iter().find(|m| m.notation == notation) {
            return Ok(found.clone());
        }
        if let Some(found) = move_leaving(&moves, text) {
            return Ok(found);
        }
        let illegal = |reason: String| GameError::IllegalMove {
            text: crate::error::quoted(text),
            position: position.text(),
            reason,
        };
        let is_square = square
            .split_once(',')
            .is_some_and(|(r, c)| r.parse::<u64>().is_ok() && c.parse::<u64>().is_ok());
        if is_square && square == "1,1" {
            return Err(illegal(format!(
                "the poison square 1,1 is never bitten; moves are written {}",
                self.move_syntax()
            )));
        }
        if is_square && board.is_none() && boards > 1 {
            return Err(illegal(format!(
                "the position has {boards} boards: write k:r,c to bite board k, e.g. 1:{square}"
            )));
        }
        if is_square {
            // A square, not a position left (`3,1` is also a diagram): say why it is no bite.
            let named = board.map_or(Some(0), |k| {
                k.parse::<usize>().ok().and_then(|k| k.checked_sub(1))
            });
            return Err(illegal(match named.and_then(|k| position.components.get(k)) {
                Some(diagram) => format!(
                    "{diagram} has no square at row {}, column {} (rows and columns count from 1 at the poison)",
                    square.split(',').next().unwrap_or_default(),
                    square.split(',').nth(1).unwrap_or_default()
                ),
                None => format!(
                    "there is no board {}: the position has {boards}",
                    board.unwrap_or_default()
                ),
            }));
        }
        find_move(self, position, moves, text)
    }

    /// One dense search over the box of the after-positions of a single
    /// board (outcomes only, as its analysis); Sprague–Grundy values of
    /// every distinct board for sums.
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        let afters = moves
            .iter()
            .map(|m| parse_diagrams(&m.after.components))
            .collect::<Result<Vec<Vec<Diagram>>, GameError>>()?;
        if afters.iter().all(|after| after.len() == 1) {
            let rows = afters.iter().map(|a| a[0].0.len()).max().unwrap_or(0);
            let columns = afters.iter().map(|a| a[0].0[0] as usize).max().unwrap_or(0);
            let transposed = rows > columns;
            let mut solver = if transposed {
                ChompSolver::new(columns, rows)?
            } else {
                ChompSolver::new(rows, columns)?
            };
            return Ok(afters
                .iter()
                .map(|after| {
                    let n = if transposed {
                        solver.is_n(&after[0].conjugate())
                    } else {
                        solver.is_n(&after[0])
                    };
                    Evaluation {
                        outcome: if n { Outcome::N } else { Outcome::P },
                        grundy: None,
                        remoteness: None,
                    }
                })
                .collect());
        }
        let mut distinct: Vec<&Diagram> = afters.iter().flatten().collect();
        distinct.sort();
        distinct.dedup();
        if let Some(large) = distinct.iter().find(|d| d.box_states() > SUM_STATE_LIMIT) {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a sum of Chomp boards needs Sprague–Grundy values; {large} has {} diagrams, the limit per board is {SUM_STATE_LIMIT}",
                    large.box_states()
                ),
            });
        }
        let mut solver = GrundySolver::new(Chomp);
        afters
            .iter()
            .map(|after| {
                let mut total = 0;
                for diagram in after {
                    total ^= solver.grundy(diagram)?;
                }
                Ok(Evaluation {
                    outcome: Outcome::from_grundy(total),
                    grundy: Some(total),
                    remoteness: None,
                })
            })
            .collect()
    }

    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let (row, height) = l_shape(&parse_diagram(component).ok()?)?;
        let (a, h) = (u64::from(row) - 1, height as u64 - 1);
        (a ^ h == grundy).then(|| {
            format!(
                "{component} is an L (a row of {row}, a column of {height}): two Nim heaps of {a} and {h} beside the poison, so g = {a} ⊕ {h} = {grundy}"
            )
        })
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        self.analyze_observed_words(words, &mut |_, _| ControlFlow::Continue(()))
    }

    /// One board's search tells `observe` the diagrams solved, of its box's diagrams.
    fn analyze_observed(
        &self,
        position: &Position,
        observe: &mut dyn FnMut(u64, Option<u128>) -> ControlFlow<()>,
    ) -> Result<Report, GameError> {
        self.analyze_observed_words(&position.components, observe)
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        require_position(words, "chomp", "2x3")?;
        let diagrams = words
            .iter()
            .map(|word| parse_diagram(word))
            .collect::<Result<Vec<Diagram>, GameError>>()?;
        if let Some(large) = diagrams.iter().find(|d| d.box_states() > SUM_STATE_LIMIT) {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "{large} has {} diagrams; graphs are drawn for boards up to {SUM_STATE_LIMIT}",
                    large.box_states()
                ),
            });
        }
        sprague_grundy_graph(&Chomp, diagrams, node_limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every Young diagram inside rows × columns.
    fn all_diagrams(rows: usize, columns: u16) -> Vec<Diagram> {
        let mut result = vec![Diagram(vec![])];
        let mut frontier = vec![Vec::<u16>::new()];
        while let Some(prefix) = frontier.pop() {
            if prefix.len() == rows {
                continue;
            }
            let limit = prefix.last().copied().unwrap_or(columns);
            for length in 1..=limit {
                let mut next = prefix.clone();
                next.push(length);
                result.push(Diagram(next.clone()));
                frontier.push(next);
            }
        }
        result
    }

    #[test]
    fn dense_search_equals_generic_search_on_every_diagram_in_5x5() {
        let mut dense = ChompSolver::new(5, 5).unwrap();
        let mut generic = GrundySolver::by_search(Chomp);
        for diagram in all_diagrams(5, 5) {
            if diagram.0.is_empty() {
                continue;
            }
            assert_eq!(
                dense.is_n(&diagram),
                generic.grundy(&diagram).unwrap() != 0,
                "{diagram}"
            );
        }
    }

    #[test]
    fn every_rectangle_but_1x1_is_a_first_player_win_up_to_8x8() {
        let mut solver = ChompSolver::new(8, 8).unwrap();
        for rows in 1..=8usize {
            for columns in 1..=8u16 {
                let board = Diagram(vec![columns; rows]);
                assert_eq!(solver.is_n(&board), (rows, columns) != (1, 1), "{board}");
            }
        }
    }

    #[test]
    fn squares_are_won_by_the_bite_at_2_2() {
        // Leaves the symmetric L; the unique winning move on a square.
        let mut solver = ChompSolver::new(6, 6).unwrap();
        assert_eq!(solver.winning_bites(&Diagram(vec![6; 6])), vec![(1, 1)]);
    }

    #[test]
    fn two_row_p_positions_are_a_b_with_a_equal_b_plus_1() {
        // Known: the two-row P-positions are (b+1, b).
        let mut solver = ChompSolver::new(2, 12).unwrap();
        for a in 1..=12u16 {
            for b in 1..=a {
                assert_eq!(!solver.is_n(&Diagram(vec![a, b])), a == b + 1, "{a},{b}");
            }
        }
    }

    #[test]
    fn tall_boards_are_searched_transposed() {
        let report = ChompPlayable
            .analyze_words(&["9,1,1,1,1,1".to_string()])
            .unwrap();
        let transposed = ChompPlayable
            .analyze_words(&["6,1,1,1,1,1,1,1,1".to_string()])
            .unwrap();
        assert_eq!(report.outcome, transposed.outcome);
        let tall = ChompPlayable.analyze_words(&["5x2".to_string()]).unwrap();
        let mut generic = GrundySolver::by_search(Chomp);
        for winning in &tall.winning_moves {
            assert_eq!(
                generic.grundy(&parse_diagram(&winning.to).unwrap()),
                Ok(0),
                "{}",
                winning.description
            );
        }
        assert!(!tall.winning_moves.is_empty());
        assert!(ChompPlayable.analyze_words(&["500x1".to_string()]).is_ok());
    }

    #[test]
    fn too_large_boards_say_their_size_and_the_limit() {
        let error = ChompSolver::new(40, 40).unwrap_err().to_string();
        assert!(
            error.contains("40×40") && error.contains("limit"),
            "{error}"
        );
    }
}
