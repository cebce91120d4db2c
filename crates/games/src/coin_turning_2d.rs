//! Two-dimensional coin-turning games: coins on a board, heads or tails; a
//! move turns over a set of coins of which the south-east-most (largest row
//! and largest column) goes from heads to tails. As in one dimension, a board
//! is the sum of its heads: g(board) = XOR of g(x, y) over the heads.
//!
//! - **Acrostic Twins**: turn two coins in the same row or the same column;
//!   g(x, y) = x ⊕ y (rows and columns count from 0).
//! - **Tartan products** G₁ × G₂ of two 1-D games: a move turns the coins of
//!   A × B for a G₁-move A (rightmost x) and a G₂-move B (rightmost y).
//!   The **Tartan theorem** (*Winning Ways*, ch. 14; Ferguson, *Game Theory*,
//!   Part I, §5.4) says g(x, y) = g₁(x) ⊗ g₂(y), the nim product. Since ⊗
//!   distributes over ⊕, the move A × B changes the value by
//!   G₁(A) ⊗ G₂(B), where Gᵢ is the XOR of gᵢ over the set.
//!   Twins × Twins turns the four corners of a rectangle: g(x, y) = x ⊗ y;
//!   **Rugs** (Ruler × Ruler) turns every coin of a rectangle.
//!
//! Nim products come from `sprague_nimber::Nimber`.
//!
//! Syntax: the board as rows separated by `/`, top row first, each an H/T
//! string, e.g. `THT/TTH/HTT`. Row x (top to bottom) and column y (left to
//! right) count from the origin of their 1-D rule (0 for Acrostic Twins,
//! Twins, Mock Turtles and Turtles, 1 for Ruler and subtraction rules): the
//! analysis names a head `H@(x,y)`.
//!
//! Moves (`sprague play`, `moves`): the coins turned as `x,y` in those
//! coordinates, joined by `;`, the coin going from heads to tails (the
//! south-east-most) first and the others in decreasing order of row, then
//! column, e.g. `3,2;3,0;1,2;1,0` for the corners of a Twins × Twins
//! rectangle. Any order of the coins is read, with or without parentheses
//! (`(1,0);(3,2);(1,2);(3,0)`), as is the board the move leaves or `#k`.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};

use sprague_engine::{Game, Outcome};
use sprague_nimber::{MexSet, Nimber};

use crate::coin_turning::{parse_rule, CoinRule, CoinTurning};
use crate::error::GameError;
use crate::listing::check_listing;
use crate::playable::{
    find_move, normalise_notation, require_position, ComponentReport, Evaluation, MoveReport,
    PlayableGame, Report,
};
use crate::position::{Board as Drawing, Move, Position};

/// The largest side of a board analysed.
pub const SIDE_LIMIT: usize = 256;

/// The most winning moves listed.
pub const MOVE_LIMIT: usize = 200;

/// The nim product (Conway's field), via `sprague_nimber`.
///
/// ```
/// assert_eq!(sprague_games::coin_turning_2d::nim_product(2, 2), 3);
/// assert_eq!(sprague_games::coin_turning_2d::nim_product(16, 16), 24);
/// ```
pub fn nim_product(a: u64, b: u64) -> u64 {
    Nimber::new(a).nim_product(Nimber::new(b)).value()
}

/// A square of the board: (row x, column y), counted from the rule's origins.
pub type Cell = (usize, usize);

/// The rule of a 2-D game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardRule {
    /// Turn two coins in the same row or column.
    AcrosticTwins,
    /// The Tartan product of two 1-D rules (rows by the first, columns by the second).
    Tartan(CoinRule, CoinRule),
}

impl BoardRule {
    fn origins(&self) -> (usize, usize) {
        match self {
            BoardRule::AcrosticTwins => (0, 0),
            BoardRule::Tartan(rows, columns) => (rows.origin(), columns.origin()),
        }
    }

    /// g(x, y) by the theorem (x ⊕ y, or g₁(x) ⊗ g₂(y)), for x ≤ rows, y ≤ columns.
    pub fn values(&self, rows: usize, columns: usize) -> Vec<Vec<u64>> {
        match self {
            BoardRule::AcrosticTwins => (0..=rows)
                .map(|x| (0..=columns).map(|y| (x ^ y) as u64).collect())
                .collect(),
            BoardRule::Tartan(first, second) => {
                let g1 = first.values(rows);
                let g2 = second.values(columns);
                g1.iter()
                    .map(|&a| g2.iter().map(|&b| nim_product(a, b)).collect())
                    .collect()
            }
        }
    }

    /// The number of moves whose south-east-most coin is (x, y), by formula
    /// (what [`BoardRule::for_each_move`] would visit).
    ///
    /// ```
    /// use sprague_games::coin_turning_2d::BoardGame;
    /// assert_eq!(BoardGame::acrostic_twins().rule.move_count(3, 2), 5);
    /// assert_eq!(BoardGame::rugs().rule.move_count(3, 2), 6);
    /// ```
    pub fn move_count(&self, x: usize, y: usize) -> u128 {
        match self {
            BoardRule::AcrosticTwins => (x + y) as u128,
            BoardRule::Tartan(first, second) => {
                first.move_count(x).saturating_mul(second.move_count(y))
            }
        }
    }

    /// Calls `visit` with the other coins of every move whose south-east-most coin is (x, y).
    pub fn for_each_move(&self, x: usize, y: usize, visit: &mut dyn FnMut(&[Cell])) {
        match self {
            BoardRule::AcrosticTwins => {
                for y2 in 0..y {
                    visit(&[(x, y2)]);
                }
                for x2 in 0..x {
                    visit(&[(x2, y)]);
                }
            }
            BoardRule::Tartan(first, second) => {
                let mut row_sets: Vec<Vec<usize>> = Vec::new();
                first.for_each_move(x, &mut |others| {
                    let mut set = others.to_vec();
                    set.push(x);
                    row_sets.push(set);
                });
                let mut column_sets: Vec<Vec<usize>> = Vec::new();
                second.for_each_move(y, &mut |others| {
                    let mut set = others.to_vec();
                    set.push(y);
                    column_sets.push(set);
                });
                let mut others = Vec::new();
                for a in &row_sets {
                    for b in &column_sets {
                        others.clear();
                        for &i in a {
                            for &j in b {
                                if (i, j) != (x, y) {
                                    others.push((i, j));
                                }
                            }
                        }
                        visit(&others);
                    }
                }
            }
        }
    }

    /// g(x, y) for x ≤ rows, y ≤ columns by the mex rule over the moves (no theorem).
    pub fn values_by_mex(&self, rows: usize, columns: usize) -> Vec<Vec<u64>> {
        let (ox, oy) = self.origins();
        let mut values = vec![vec![0u64; columns + 1]; rows + 1];
        let mut seen = MexSet::new();
        for x in ox..=rows {
            for y in oy..=columns {
                seen.clear();
                self.for_each_move(x, y, &mut |others| {
                    seen.insert(others.iter().fold(0, |t, &(i, j)| t ^ values[i][j]));
                });
                values[x][y] = seen.mex();
            }
        }
        values
    }
}

/// A board: rows of coins, `true` for heads.
pub type Board = Vec<Vec<bool>>;

/// Writes a board as `THT/TTH`.
pub fn board_text(board: &Board) -> String {
    let rows: Vec<String> = board
        .iter()
        .map(|row| row.iter().map(|&h| if h { 'H' } else { 'T' }).collect())
        .collect();
    rows.join("/")
}

/// Reads a board `THT/TTH/HTT` (rows of equal length).
///
/// # Errors
/// [`GameError::InvalidPosition`] for other letters, ragged rows or a board above the size limit.
///
/// ```
/// let board = sprague_games::coin_turning_2d::parse_board("TH/HT", "rugs").unwrap();
/// assert_eq!(board, vec![vec![false, true], vec![true, false]]);
/// assert!(sprague_games::coin_turning_2d::parse_board("TH/H", "rugs").is_err());
/// ```
pub fn parse_board(word: &str, game: &str) -> Result<Board, GameError> {
    let error = |reason: String| GameError::InvalidPosition {
        game: game.to_string(),
        text: word.to_string(),
        reason,
    };
    let board = word
        .split('/')
        .map(|row| {
            row.chars()
                .map(|c| match c {
                    'H' | 'h' => Ok(true),
                    'T' | 't' => Ok(false),
                    other => Err(error(format!(
                        "'{}' is not a coin: rows are H/T strings separated by '/', e.g. THT/TTH",
                        sprague_textfile::quoted(&other.to_string()),
                    ))),
                })
                .collect::<Result<Vec<bool>, GameError>>()
        })
        .collect::<Result<Board, GameError>>()?;
    let width = board[0].len();
    if width == 0 || board.iter().any(|row| row.len() != width) {
        return Err(error(
            "every row must have the same, non-zero number of coins, e.g. THT/TTH".into(),
        ));
    }
    if board.len() > SIDE_LIMIT || width > SIDE_LIMIT {
        return Err(error(format!(
            "the board is {}×{width}; boards are analysed up to {SIDE_LIMIT}×{SIDE_LIMIT}",
            board.len()
        )));
    }
    Ok(board)
}

/// A 2-D coin-turning game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardGame {
    /// The catalogue description.
    pub description: String,
    /// The title.
    pub title: String,
    /// The rule.
    pub rule: BoardRule,
}

impl BoardGame {
    /// Acrostic Twins.
    pub fn acrostic_twins() -> Self {
        Self {
            description: "acrostic-twins".into(),
            title: "Acrostic Twins".into(),
            rule: BoardRule::AcrosticTwins,
        }
    }

    /// Rugs = Ruler × Ruler.
    pub fn rugs() -> Self {
        let ruler = CoinTurning::ruler().rule;
        Self {
            description: "rugs".into(),
            title: "Rugs (Ruler × Ruler)".into(),
            rule: BoardRule::Tartan(ruler.clone(), ruler),
        }
    }

    /// Twins × Twins: turn the four corners of a rectangle.
    pub fn twins_by_twins() -> Self {
        let twins = CoinTurning::twins().rule;
        Self {
            description: "twins-x-twins".into(),
            title: "Twins × Twins".into(),
            rule: BoardRule::Tartan(twins.clone(), twins),
        }
    }

    /// The Tartan product of two named 1-D games, e.g. `ruler*mock-turtles`.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] for an unknown factor.
    pub fn tartan(parameter: &str) -> Result<Self, GameError> {
        let (first, second) = parameter
            .split_once('*')
            .ok_or_else(|| GameError::InvalidParameter {
                description: format!("tartan:{parameter}"),
                reason: "write the two 1-D games as tartan:G1*G2, e.g. tartan:ruler*mock-turtles (G is mock-turtles, ruler, twins, turtles or a rule such as any1-3, run, sub1,2)".into(),
            })?;
        let factor = |name: &str| -> Result<(String, CoinRule), GameError> {
            let name = name.trim();
            let name = name.strip_prefix("coins:").unwrap_or(name);
            Ok(match name {
                "mock-turtles" => (name.into(), CoinTurning::mock_turtles().rule),
                "ruler" => (name.into(), CoinTurning::ruler().rule),
                "twins" => (name.into(), CoinTurning::twins().rule),
                "grunt" => (name.into(), CoinRule::Grunt),
                // Turning Turtles (turn the head and at most one coin to its left),
                // counted from 0 here: g(x) = x + 1.
                "turtles" | "turning-turtles" => {
                    ("turtles".into(), CoinRule::Any { min: 1, max: 2 })
                }
                other => (other.into(), parse_rule(other)?),
            })
        };
        let (name1, rule1) = factor(first)?;
        let (name2, rule2) = factor(second)?;
        Ok(Self {
            description: format!("tartan:{name1}*{name2}"),
            title: format!("Tartan product {name1} × {name2}"),
            rule: BoardRule::Tartan(rule1, rule2),
        })
    }
}

impl PlayableGame for BoardGame {
    fn description(&self) -> String {
        self.description.clone()
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn position_syntax(&self) -> String {
        "rows of H/T separated by '/', top row first, e.g. THT/TTH/HTT".into()
    }

    fn move_syntax(&self) -> String {
        let (ox, oy) = self.rule.origins();
        format!(
            "the coins turned as ROW,COLUMN (rows from {ox} at the top, columns from {oy} at the left), the one going from heads to tails first, joined by ';', e.g. {}",
            self.example_move()
        )
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(self.board_position(&self.parse_words(words)?))
    }

    /// For each head from the south-east corner back, every move of the rule
    /// with it as the south-east-most coin (counted by formula first).
    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let board = self.parse_words(&position.components)?;
        let (ox, oy) = self.rule.origins();
        let heads = heads(&board, (ox, oy));
        let count = heads.iter().fold(0u128, |total, &(x, y)| {
            total.saturating_add(self.rule.move_count(x, y))
        });
        check_listing(count, board.len() * board[0].len())?;
        let mut moves = Vec::with_capacity(count as usize);
        for &(x, y) in heads.iter().rev() {
            self.rule.for_each_move(x, y, &mut |others| {
                let mut after = board.clone();
                after[x - ox][y - oy] = false;
                for &(i, j) in others {
                    after[i - ox][j - oy] = !after[i - ox][j - oy];
                }
                moves.push(Move {
                    notation: move_notation((x, y), others),
                    description: describe_move((x, y), others),
                    component: None,
                    after: self.board_position(&after),
                });
            });
        }
        Ok(moves)
    }

    /// The coins in any order (parentheses allowed), the board left, or `#k`.
    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let moves = self.moves(position)?;
        if let Some(mut cells) = parse_cells(&normalise_notation(text)) {
            cells.sort_unstable_by(|a, b| b.cmp(a));
            if let Some((&head, others)) = cells.split_first() {
                let notation = move_notation(head, others);
                if let Some(found) = moves.iter().find(|m| m.notation == notation) {
                    return Ok(found.clone());
                }
            }
        } else if let Ok(board) = parse_board(text.trim(), &self.description) {
            let written = board_text(&board);
            if let Some(found) = moves
                .iter()
                .find(|m| m.after.components == [written.clone()])
            {
                return Ok(found.clone());
            }
        }
        find_move(self, position, moves, text)
    }

    /// The value after each move by the theorem: the XOR of g(x, y) over
    /// the heads left (one table of g for the board's size).
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        let (ox, oy) = self.rule.origins();
        let mut tables: HashMap<(usize, usize), Vec<Vec<u64>>> = HashMap::new();
        moves
            .iter()
            .map(|played| {
                let board = self.parse_words(&played.after.components)?;
                let (rows, columns) = (board.len(), board[0].len());
                let values = match tables.entry((rows, columns)) {
                    Entry::Occupied(known) => known.into_mut(),
                    Entry::Vacant(entry) => {
                        self.check_size(rows, columns)?;
                        entry.insert(self.rule.values(rows - 1 + ox, columns - 1 + oy))
                    }
                };
                let grundy = heads(&board, (ox, oy))
                    .iter()
                    .fold(0, |total, &(x, y)| total ^ values[x][y]);
                Ok(Evaluation {
                    outcome: Outcome::from_grundy(grundy),
                    grundy: Some(grundy),
                    remoteness: None,
                })
            })
            .collect()
    }

    /// For a head of the analysis (`H@(x,y)`): x ⊕ y for Acrostic Twins, the
    /// nim product g₁(x) ⊗ g₂(y) of the Tartan theorem with its factors.
    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        let (x, y) = parse_head(component)?;
        match &self.rule {
            BoardRule::AcrosticTwins => ((x ^ y) as u64 == grundy).then(|| {
                format!("coin ({x}, {y}): g = x ⊕ y = {x} ⊕ {y} = {grundy} (Acrostic Twins)")
            }),
            BoardRule::Tartan(first, second) => {
                let g1 = one_d_value(first, x)?;
                let g2 = one_d_value(second, y)?;
                (nim_product(g1, g2) == grundy).then(|| {
                    format!(
                        "coin ({x}, {y}): g = g₁({x}) ⊗ g₂({y}) = {g1} ⊗ {g2} = {grundy} (Tartan theorem: the nim product of the values of a head at {x} in {first} and at {y} in {second})"
                    )
                })
            }
        }
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &self.description, "THT/TTH/HTT")?;
        let board = parse_board(&words.concat(), &self.description)?;
        let (ox, oy) = self.rule.origins();
        let (rows, columns) = (board.len(), board[0].len());
        self.check_size(rows, columns)?;
        let values = self.rule.values(rows - 1 + ox, columns - 1 + oy);
        let heads: Vec<(usize, usize)> = (0..rows)
            .flat_map(|i| (0..columns).map(move |j| (i, j)))
            .filter(|&(i, j)| board[i][j])
            .map(|(i, j)| (i + ox, j + oy))
            .collect();
        let total = heads.iter().fold(0, |t, &(x, y)| t ^ values[x][y]);
        let mut winning = Vec::new();
        if total != 0 {
            for &(x, y) in &heads {
                if winning.len() >= MOVE_LIMIT {
                    break;
                }
                let wanted = values[x][y] ^ total;
                self.for_each_move_with_value(x, y, &values, wanted, &mut |others| {
                    if winning.len() >= MOVE_LIMIT {
                        return;
                    }
                    let mut after = board.clone();
                    after[x - ox][y - oy] = false;
                    let mut turned: Vec<String> = Vec::new();
                    for &(i, j) in others {
                        after[i - ox][j - oy] = !after[i - ox][j - oy];
                        turned.push(format!("({i},{j})"));
                    }
                    turned.push(format!("({x},{y})"));
                    winning.push(MoveReport {
                        component: None,
                        description: format!("turn {}", turned.join(" ")),
                        to: board_text(&after),
                    });
                });
            }
        }
        let theorem = match &self.rule {
            BoardRule::AcrosticTwins => "Acrostic Twins: g(x,y) = x ⊕ y".to_string(),
            BoardRule::Tartan(a, b) => format!(
                "Tartan theorem: g(x,y) = g₁(x) ⊗ g₂(y) (nim product) for the 1-D rules {a} × {b}"
            ),
        };
        Ok(Report {
            outcome: Outcome::from_grundy(total),
            grundy: Some(total),
            components: heads
                .iter()
                .map(|&(x, y)| ComponentReport {
                    position: format!("H@({x},{y})"),
                    grundy: Some(values[x][y]),
                })
                .collect(),
            winning_moves: winning,
            method: format!("{theorem}; a board is the sum of its heads (XOR)"),
            remoteness: None,
        })
    }
}

impl BoardGame {
    /// The board written as `words` (one word; words typed apart are joined).
    fn parse_words(&self, words: &[String]) -> Result<Board, GameError> {
        require_position(words, &self.description, "THT/TTH/HTT")?;
        parse_board(&words.concat(), &self.description)
    }

    /// The position of `board`: one component, its canonical text.
    fn board_position(&self, board: &Board) -> Position {
        let text = board_text(board);
        let rows = text.split('/').map(str::to_string).collect();
        Position::new(
            self.description.clone(),
            vec![text],
            Drawing::CoinBoards {
                boards: vec![rows],
                first: {
                    let (rows, columns) = self.rule.origins();
                    [rows as u64, columns as u64]
                },
            },
        )
    }

    /// Fails with [`GameError::PositionTooLarge`] for boards whose values
    /// take too long (a factor turning 3 or more coins beyond 64×64).
    fn check_size(&self, rows: usize, columns: usize) -> Result<(), GameError> {
        if let BoardRule::Tartan(first, second) = &self.rule {
            let side = rows.max(columns);
            if (wide(first) || wide(second)) && side > WIDE_SIDE_LIMIT {
                return Err(GameError::PositionTooLarge {
                    reason: format!(
                        "the board is {rows}×{columns}; with a factor turning 3 or more coins, boards are analysed up to {WIDE_SIDE_LIMIT}×{WIDE_SIDE_LIMIT}"
                    ),
                });
            }
        }
        Ok(())
    }

    /// A move of the rule with at least two coins, for the move syntax.
    fn example_move(&self) -> String {
        let (ox, oy) = self.rule.origins();
        let head = (ox + 3, oy + 2);
        let mut example = None;
        self.rule.for_each_move(head.0, head.1, &mut |others| {
            if example.is_none() && !others.is_empty() {
                let mut others = others.to_vec();
                others.sort_unstable_by(|a, b| b.cmp(a));
                example = Some(move_notation(head, &others));
            }
        });
        example.unwrap_or_else(|| move_notation(head, &[]))
    }
}

/// The largest side of a board analysed when a Tartan factor turns 3 or more coins.
const WIDE_SIDE_LIMIT: usize = 64;

/// Whether a 1-D rule turns 3 or more coins (its values take longer).
fn wide(rule: &CoinRule) -> bool {
    matches!(rule, CoinRule::Any { max, .. } if *max >= 3)
}

/// The heads of `board` in the rule's coordinates, row by row.
fn heads(board: &Board, (ox, oy): (usize, usize)) -> Vec<Cell> {
    board
        .iter()
        .enumerate()
        .flat_map(|(i, row)| {
            row.iter()
                .enumerate()
                .filter(|&(_, &head)| head)
                .map(move |(j, _)| (i + ox, j + oy))
        })
        .collect()
}

/// `x,y;i,j;…`: the head first, then the other coins in decreasing order.
fn move_notation(head: Cell, others: &[Cell]) -> String {
    let mut others = others.to_vec();
    others.sort_unstable_by(|a, b| b.cmp(a));
    std::iter::once(head)
        .chain(others)
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(";")
}

/// "turn the head at (3, 2) and the coins at (3, 0), (1, 2)".
fn describe_move(head: Cell, others: &[Cell]) -> String {
    let mut others = others.to_vec();
    others.sort_unstable_by(|a, b| b.cmp(a));
    let (x, y) = head;
    let cells: Vec<String> = others.iter().map(|(i, j)| format!("({i}, {j})")).collect();
    match cells.len() {
        0 => format!("turn the head at ({x}, {y})"),
        1 => format!("turn the head at ({x}, {y}) and the coin at {}", cells[0]),
        _ => format!(
            "turn the head at ({x}, {y}) and the coins at {}",
            cells.join(", ")
        ),
    }
}

/// Coins written `x,y;i,j` (normalised, parentheses allowed), or `None`.
fn parse_cells(text: &str) -> Option<Vec<Cell>> {
    text.split(';')
        .map(|part| {
            let part = part.trim_start_matches('(').trim_end_matches(')');
            let (x, y) = part.split_once(',')?;
            Some((x.parse().ok()?, y.parse().ok()?))
        })
        .collect()
}

/// The coordinates of a head as the analysis names it, `H@(x,y)`.
fn parse_head(component: &str) -> Option<Cell> {
    let cell = parse_cells(&normalise_notation(component.strip_prefix("H@")?))?;
    match cell.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// g(x) of a head at x in a 1-D rule: the closed form, else the mex
/// recursion for x up to [`WIDE_SIDE_LIMIT`] (larger ones are not named).
fn one_d_value(rule: &CoinRule, x: usize) -> Option<u64> {
    rule.closed_form(x as u64)
        .or_else(|| (x <= WIDE_SIDE_LIMIT + rule.origin()).then(|| rule.values(x)[x]))
}

impl BoardGame {
    /// Moves at (x, y) whose other coins have XOR value `wanted`; for Tartan
    /// products, by matching G₁(A) ⊗ G₂(B) instead of trying every A × B.
    fn for_each_move_with_value(
        &self,
        x: usize,
        y: usize,
        values: &[Vec<u64>],
        wanted: u64,
        visit: &mut dyn FnMut(&[Cell]),
    ) {
        match &self.rule {
            BoardRule::AcrosticTwins => self.rule.for_each_move(x, y, &mut |others| {
                if others.iter().fold(0, |t, &(i, j)| t ^ values[i][j]) == wanted {
                    visit(others);
                }
            }),
            BoardRule::Tartan(first, second) => {
                let g1 = first.values(x);
                let g2 = second.values(y);
                let mut by_value_1: BTreeMap<u64, Vec<Vec<usize>>> = BTreeMap::new();
                first.for_each_move(x, &mut |others| {
                    let mut set = others.to_vec();
                    set.push(x);
                    let value = set.iter().fold(0, |t, &i| t ^ g1[i]);
                    by_value_1.entry(value).or_default().push(set);
                });
                let mut by_value_2: BTreeMap<u64, Vec<Vec<usize>>> = BTreeMap::new();
                second.for_each_move(y, &mut |others| {
                    let mut set = others.to_vec();
                    set.push(y);
                    let value = set.iter().fold(0, |t, &j| t ^ g2[j]);
                    by_value_2.entry(value).or_default().push(set);
                });
                // The move A × B leaves total ⊕ G₁(A) ⊗ G₂(B); we need G₁(A) ⊗ G₂(B) = wanted ⊕ g(x,y).
                let target = wanted ^ values[x][y];
                let mut others = Vec::new();
                for (&v1, sets1) in &by_value_1 {
                    for (&v2, sets2) in &by_value_2 {
                        if nim_product(v1, v2) != target {
                            continue;
                        }
                        for a in sets1 {
                            for b in sets2 {
                                others.clear();
                                for &i in a {
                                    for &j in b {
                                        if (i, j) != (x, y) {
                                            others.push((i, j));
                                        }
                                    }
                                }
                                visit(&others);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A whole board as a [`Game`] (the brute-force reference); positions are board texts.
#[derive(Debug, Clone)]
pub struct WholeBoard<'a>(pub &'a BoardRule);

impl Game for WholeBoard<'_> {
    type Position = String;

    fn options(&self, text: &String) -> Vec<String> {
        let Ok(board) = parse_board(text, "board") else {
            return Vec::new();
        };
        let (ox, oy) = self.0.origins();
        let mut options = Vec::new();
        for i in 0..board.len() {
            for j in 0..board[0].len() {
                if !board[i][j] {
                    continue;
                }
                self.0.for_each_move(i + ox, j + oy, &mut |others| {
                    let mut next = board.clone();
                    next[i][j] = false;
                    for &(a, b) in others {
                        next[a - ox][b - oy] = !next[a - ox][b - oy];
                    }
                    options.push(board_text(&next));
                });
            }
        }
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::GrundySolver;

    fn rules() -> Vec<BoardRule> {
        let mock = CoinRule::Any { min: 1, max: 3 };
        let ruler = CoinRule::Run { min: 1, max: None };
        let twins = CoinRule::Any { min: 2, max: 2 };
        vec![
            BoardRule::AcrosticTwins,
            BoardRule::Tartan(twins.clone(), twins.clone()),
            BoardRule::Tartan(ruler.clone(), ruler.clone()),
            BoardRule::Tartan(ruler.clone(), mock.clone()),
            BoardRule::Tartan(mock.clone(), twins.clone()),
            BoardRule::Tartan(CoinRule::Subtraction(vec![1, 2]), ruler),
        ]
    }

    #[test]
    fn tartan_theorem_equals_the_mex_rule_on_8_by_8() {
        for rule in rules() {
            assert_eq!(rule.values(8, 8), rule.values_by_mex(8, 8), "{rule:?}");
        }
    }

    #[test]
    fn twins_by_twins_is_the_nim_product_table_of_the_seed() {
        let values = BoardRule::Tartan(
            CoinRule::Any { min: 2, max: 2 },
            CoinRule::Any { min: 2, max: 2 },
        )
        .values(3, 3);
        assert_eq!(
            values,
            vec![
                vec![0, 0, 0, 0],
                vec![0, 1, 2, 3],
                vec![0, 2, 3, 1],
                vec![0, 3, 1, 2]
            ]
        );
    }

    #[test]
    fn a_board_is_the_xor_of_its_heads_by_brute_force_on_3_by_3() {
        for rule in rules() {
            let (ox, oy) = rule.origins();
            let values = rule.values(2 + ox, 2 + oy);
            let mut solver = GrundySolver::by_search(WholeBoard(&rule));
            for mask in 0..(1u32 << 9) {
                let board: Board = (0..3)
                    .map(|i| (0..3).map(|j| mask >> (3 * i + j) & 1 == 1).collect())
                    .collect();
                let xor = (0..3)
                    .flat_map(|i| (0..3).map(move |j| (i, j)))
                    .filter(|&(i, j)| board[i][j])
                    .fold(0, |t, (i, j)| t ^ values[i + ox][j + oy]);
                assert_eq!(solver.grundy(&board_text(&board)), Ok(xor), "{rule:?}");
            }
        }
    }

    #[test]
    fn winning_moves_lead_to_zero() {
        for game in [
            BoardGame::rugs(),
            BoardGame::acrostic_twins(),
            BoardGame::twins_by_twins(),
        ] {
            let report = game.analyze_words(&["THTH/HHTT/TTHH".to_string()]).unwrap();
            let mut solver = GrundySolver::by_search(WholeBoard(&game.rule));
            if report.grundy != Some(0) {
                assert!(!report.winning_moves.is_empty(), "{}", game.title);
            }
            for winning in report.winning_moves.iter().take(5) {
                assert_eq!(solver.grundy(&winning.to), Ok(0), "{}", winning.description);
            }
        }
    }
}
