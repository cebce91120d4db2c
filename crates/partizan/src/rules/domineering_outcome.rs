//! Outcome classes of Domineering boards by game-tree search, for boards far
//! beyond the reach of canonical forms (up to 128 squares, e.g. 11×11).
//!
//! The outcome class (L, R, P, N; Siegel, *Combinatorial Game Theory*, §I.1)
//! follows from two yes/no questions: does Left win moving first, and does
//! Right? Each is answered by a boolean alpha-beta (negamax) search: a
//! position is won for the player to move when some move leads to a position
//! lost for the opponent (Knuth and Moore, "An analysis of alpha-beta
//! pruning", 1975; with values in {win, loss} alpha-beta stops at the first
//! winning move). The search uses the techniques of the Domineering solvers:
//!
//! * **Bitboards** — the empty squares in a `u128`, once row by row and once
//!   column by column, so that both players' moves are "vertical pairs"
//!   `x & (x >> width)` in their own layout.
//! * **Transposition table** (Breuker, Uiterwijk and van den Herik, "Solving
//!   8×8 Domineering", *Theoretical Computer Science* 230, 2000): a fixed-size
//!   two-way table keyed by the board bits reduced by the symmetries that
//!   keep the roles (turning upside down, mirroring, both), holding the result
//!   for each player to move; on a collision the entry whose subtree took more
//!   nodes is kept ("two-deep, big subtree" replacement, their best scheme).
//! * **Safe moves and move-count bounds** (N. Bullock, "Domineering: Solving
//!   Large Combinatorial Search Spaces", *ICGA Journal* 25(2), 2002): a square
//!   with no empty neighbour in the opponent's direction can never be covered
//!   by the opponent, so vertical pairs of such squares in one column are moves
//!   the player keeps whatever the opponent does (*safe moves*, counted
//!   disjointly column by column). The number of moves a player can still make
//!   is at most `Σ ⌊run/2⌋` over the maximal runs of empty squares in the
//!   player's direction. The player to move wins when the moves they are
//!   guaranteed exceed the opponent's possible moves, and loses when their
//!   possible moves do not exceed the opponent's guaranteed ones; both cut the
//!   search without a move. Beyond the safe moves, the guaranteed count here
//!   adds a share of the *vulnerable* dominoes (a counting argument of this
//!   module, in the spirit of Bullock's vulnerable moves, not his exact
//!   formula): of `v` disjoint ones the player keeps `⌈v/3⌉` moving first (one
//!   opposing domino destroys at most two), of `w` in columns of one parity
//!   `⌈w/2⌉` (one opposing domino meets at most one).
//! * **Move ordering** (Bullock 2002; Uiterwijk, "11×11 Domineering is Solved:
//!   The First Player Wins", *Computers and Games* 2016): moves are tried in
//!   decreasing order of (own moves − opponent's moves) after the move, and a
//!   move that leaves safe squares for the mover first.
//!
//! Independent regions are not split (the outcome of a sum does not follow from
//! the outcomes of its parts); the canonical-form solver
//! ([`Solver`](super::Solver)) is the tool for sums of small regions.
//!
//! The search asks a watcher every [`POLL_EVERY`] nodes (with the nodes
//! searched so far, for progress); a [`ControlFlow::Break`] ends it with
//! [`GameError::Stopped`] — the pattern of
//! [`Solver::canonical_form_until`](super::Solver::canonical_form_until).
//!
//! ```
//! use sprague_partizan::Outcome;
//! use sprague_partizan::rules::domineering::Board;
//! use sprague_partizan::rules::domineering_outcome::OutcomeSolver;
//! let mut solver = OutcomeSolver::new();
//! let answer = solver.outcome(&Board::rectangle(5, 5).unwrap(), &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
//! assert_eq!(answer.outcome, Outcome::P); // 5×5 is a second-player win (Winning Ways, ch. 5)
//! ```

use super::domineering::Board;
use super::play::Side;
use crate::compare::Outcome;
use crate::error::GameError;
use std::ops::ControlFlow;

/// How often (in nodes) the search asks its watcher whether to go on.
pub const POLL_EVERY: u64 = 1 << 16;

/// Enhanced transposition cutoffs (probing every child in the table before
/// searching any) are tried on boards with at least this many empty squares.
const ETC_SQUARES: u32 = 28;

/// The history heuristic breaks ties of the static score; its counts are capped here.
const HISTORY_CAP: u64 = (1 << 31) - 1;

/// The default size of the transposition table: `2^21` two-way buckets (96 MiB).
pub const DEFAULT_TABLE_BITS: u32 = 21;

/// Which techniques the search uses (all on by default; the benchmark's
/// baseline turns them off).
///
/// ```
/// use sprague_partizan::rules::domineering_outcome::Techniques;
/// let plain = Techniques::plain();
/// assert!(!plain.transposition && !plain.bounds && !plain.ordering);
/// assert!(Techniques::default().transposition);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// The transposition table (with the symmetries).
    pub transposition: bool,
    /// Safe moves and move-count bounds.
    pub bounds: bool,
    /// Move ordering.
    pub ordering: bool,
    /// `log2` of the number of two-way buckets of the table.
    pub table_bits: u32,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques {
            transposition: true,
            bounds: true,
            ordering: true,
            table_bits: DEFAULT_TABLE_BITS,
        }
    }
}

impl Techniques {
    /// Plain alpha-beta: no table, no bounds, moves in board order.
    ///
    /// ```
    /// use sprague_partizan::rules::domineering_outcome::Techniques;
    /// assert!(!Techniques::plain().ordering);
    /// ```
    pub fn plain() -> Self {
        Techniques {
            transposition: false,
            bounds: false,
            ordering: false,
            table_bits: 0,
        }
    }
}

/// The outcome of a board and how it was found.
///
/// ```
/// use sprague_partizan::Outcome;
/// use sprague_partizan::rules::domineering::Board;
/// use sprague_partizan::rules::domineering_outcome::OutcomeSolver;
/// let a = OutcomeSolver::new().outcome(&Board::rectangle(2, 2).unwrap(), &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
/// assert!(a.left_first_wins && a.right_first_wins);
/// assert_eq!(a.outcome, Outcome::N);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomeAnswer {
    /// The outcome class.
    pub outcome: Outcome,
    /// Whether Left (vertical) wins moving first.
    pub left_first_wins: bool,
    /// Whether Right (horizontal) wins moving first.
    pub right_first_wins: bool,
    /// Nodes searched for both questions.
    pub nodes: u64,
}

/// A domino: its two squares `(row, column)`, top or left square first.
///
/// ```
/// use sprague_partizan::rules::domineering::Domineering;
/// use sprague_partizan::rules::play::Side;
/// use sprague_partizan::rules::domineering_outcome::OutcomeSolver;
/// let board = Domineering::parse("..|..").unwrap();
/// let moves = OutcomeSolver::new().winning_moves(&board, Side::Left, &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
/// assert_eq!(moves.len(), 2);
/// assert_eq!(moves[0].squares, [(0, 0), (1, 0)]);
/// assert_eq!(moves[0].to, "#.|#.");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domino {
    /// The two squares covered.
    pub squares: [(usize, usize); 2],
    /// The board after the move, in the board syntax.
    pub to: String,
}

/// One player's view of the board: the layout in which this player's dominoes
/// are vertical (row-major for Left, column-major for Right).
#[derive(Clone, Copy, Debug)]
struct Layout {
    height: u32,
    width: u32,
    /// The low `width` bits.
    row: u128,
    /// Squares not in the first column.
    not_first: u128,
    /// Squares not in the last column.
    not_last: u128,
    /// Squares in even columns.
    even: u128,
}

impl Layout {
    fn new(height: u32, width: u32) -> Layout {
        let row = low_bits(width);
        let mut not_first = 0u128;
        let mut not_last = 0u128;
        let even_row = (0..width).step_by(2).fold(0u128, |m, c| m | 1u128 << c);
        let mut even = 0u128;
        for r in 0..height {
            even |= even_row << (r * width);
            not_first |= (row & !1) << (r * width);
            not_last |= (row >> 1) << (r * width);
        }
        Layout {
            height,
            width,
            row,
            not_first,
            not_last,
            even,
        }
    }

    /// The top squares of this player's possible dominoes.
    fn slots(&self, x: u128) -> u128 {
        x & shr(x, self.width)
    }

    /// Squares with an empty neighbour to the left or right (in this layout).
    fn sideways(&self, x: u128) -> u128 {
        ((x >> 1) & self.not_last) | ((x << 1) & self.not_first)
    }

    /// The most disjoint dominoes among `slots` (greedy down each column,
    /// which is optimal on a path).
    fn disjoint(&self, slots: u128) -> u32 {
        let mut count = 0;
        let mut previous = 0u128;
        for r in 0..self.height.saturating_sub(1) {
            let taken = (slots >> (r * self.width)) & self.row & !previous;
            count += taken.count_ones();
            previous = taken;
        }
        count
    }

    /// The most moves this player can still make (`Σ ⌊run/2⌋` per column).
    fn most_moves(&self, x: u128) -> u32 {
        self.disjoint(self.slots(x))
    }

    /// The most disjoint dominoes among `slots` and the squares they cover.
    fn disjoint_cover(&self, slots: u128) -> (u32, u128) {
        let mut count = 0;
        let mut previous = 0u128;
        let mut covered = 0u128;
        for r in 0..self.height.saturating_sub(1) {
            let taken = (slots >> (r * self.width)) & self.row & !previous;
            count += taken.count_ones();
            covered |= taken << (r * self.width) | taken << ((r + 1) * self.width);
            previous = taken;
        }
        (count, covered)
    }

    /// The moves this player can make whatever the opponent does, moving first
    /// and moving second. Safe moves (dominoes on squares the opponent can never
    /// cover) count in full. Of `v` further disjoint (vulnerable) dominoes the
    /// player keeps at least `⌈v/3⌉` moving first and `⌊v/3⌋` moving second
    /// (each round the player uses one and the opponent destroys at most two
    /// with one domino); of `w` vulnerable dominoes in columns of one parity,
    /// which one opposing domino never meets twice, `⌈w/2⌉` and `⌊w/2⌋`.
    fn guaranteed(&self, x: u128) -> (u32, u32) {
        let unreachable = x & !self.sideways(x);
        let (safe, covered) = self.disjoint_cover(self.slots(unreachable));
        let rest = self.slots(x & !covered);
        let all = self.disjoint(rest);
        let even = self.disjoint(rest & self.even);
        let odd = self.disjoint(rest & !self.even);
        let one_parity = even.max(odd);
        (
            safe + all.div_ceil(3).max(one_parity.div_ceil(2)),
            safe + (all / 3).max(one_parity / 2),
        )
    }
}

/// The low `n` bits set.
fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// `x >> k`, zero when `k ≥ 128`.
fn shr(x: u128, k: u32) -> u128 {
    x.checked_shr(k).unwrap_or(0)
}

/// A transposition-table entry: the key, and per player to move 0 (unknown),
/// 1 (loss) or 2 (win) in bits 0–1 (Left) and 2–3 (Right); bits 8– the log2 of
/// the nodes its subtree took.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: [u64; 2],
    data: u32,
}

impl Entry {
    fn result(&self, side: usize) -> Option<bool> {
        match (self.data >> (2 * side)) & 3 {
            1 => Some(false),
            2 => Some(true),
            _ => None,
        }
    }

    fn work(&self) -> u32 {
        self.data >> 8
    }
}

/// The board being searched: the two layouts, the masks of every move, and the
/// symmetry data.
#[derive(Clone, Debug)]
struct Geometry {
    rows: u32,
    cols: u32,
    layouts: [Layout; 2],
    /// For player `p` and the top square `i` of a domino in `p`'s layout: the
    /// squares it covers in `p`'s layout and in the other layout.
    covers: [Vec<(u128, u128)>; 2],
}

impl Geometry {
    fn new(rows: u32, cols: u32) -> Geometry {
        let layouts = [Layout::new(rows, cols), Layout::new(cols, rows)];
        let transposed = |r: u32, c: u32| c * rows + r;
        let n = (rows * cols) as usize;
        let mut left = vec![(0, 0); n];
        let mut right = vec![(0, 0); n];
        for r in 0..rows {
            for c in 0..cols {
                if r + 1 < rows {
                    let i = (r * cols + c) as usize;
                    left[i] = (
                        1u128 << i | 1u128 << (i as u32 + cols),
                        1u128 << transposed(r, c) | 1u128 << transposed(r + 1, c),
                    );
                }
                if c + 1 < cols {
                    let j = transposed(r, c) as usize;
                    right[j] = (
                        1u128 << j | 1u128 << (j as u32 + rows),
                        1u128 << (r * cols + c) | 1u128 << (r * cols + c + 1),
                    );
                }
            }
        }
        Geometry {
            rows,
            cols,
            layouts,
            covers: [left, right],
        }
    }

    /// The least of the board's images under the symmetries keeping the roles.
    fn key(&self, x: u128) -> u128 {
        let n = self.rows * self.cols;
        if n == 0 {
            return 0;
        }
        let layout = &self.layouts[0];
        let mut upside_down = 0u128;
        for r in 0..self.rows {
            let row = (x >> (r * self.cols)) & layout.row;
            upside_down |= row << ((self.rows - 1 - r) * self.cols);
        }
        let half_turn = |y: u128| y.reverse_bits() >> (128 - n);
        x.min(upside_down)
            .min(half_turn(x))
            .min(half_turn(upside_down))
    }

    /// The `(row, column)` of square `i` of `side`'s layout.
    fn square(&self, side: usize, i: u32) -> (usize, usize) {
        if side == 0 {
            ((i / self.cols) as usize, (i % self.cols) as usize)
        } else {
            ((i % self.rows) as usize, (i / self.rows) as usize)
        }
    }
}

/// The outcome search with its transposition table (reused across calls on
/// boards of the same size; cleared when the size changes).
///
/// ```
/// use sprague_partizan::rules::domineering::Board;
/// use sprague_partizan::rules::play::Side;
/// use sprague_partizan::rules::domineering_outcome::OutcomeSolver;
/// let mut solver = OutcomeSolver::new();
/// let go_on = &mut |_| std::ops::ControlFlow::Continue(());
/// // 2×3 is {2|-1/2} (Winning Ways): whoever starts wins.
/// let board = Board::rectangle(2, 3).unwrap();
/// assert!(solver.wins_moving_first(&board, Side::Left, go_on).unwrap());
/// assert!(solver.wins_moving_first(&board, Side::Right, go_on).unwrap());
/// ```
pub struct OutcomeSolver {
    techniques: Techniques,
    table: Vec<Entry>,
    geometry: Option<Geometry>,
    nodes: u64,
    next_poll: u64,
    /// History heuristic (Schaeffer 1989): per player and move, how much the
    /// move has refuted so far.
    history: [[u64; 128]; 2],
}

impl std::fmt::Debug for OutcomeSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutcomeSolver")
            .field("techniques", &self.techniques)
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl Default for OutcomeSolver {
    fn default() -> Self {
        OutcomeSolver::new()
    }
}

/// The watcher's type: called with the nodes searched so far.
pub type Watch<'a> = &'a mut dyn FnMut(u64) -> ControlFlow<()>;

impl OutcomeSolver {
    /// A solver with every technique and the default table size.
    ///
    /// ```
    /// use sprague_partizan::rules::domineering_outcome::OutcomeSolver;
    /// assert_eq!(OutcomeSolver::new().nodes(), 0);
    /// ```
    pub fn new() -> OutcomeSolver {
        OutcomeSolver::with_techniques(Techniques::default())
    }

    /// A solver using only the given techniques (a table of at most
    /// `2^table_bits` two-way buckets, at most `2^26`; fewer on small boards).
    ///
    /// ```
    /// use sprague_partizan::Outcome;
    /// use sprague_partizan::rules::domineering::Board;
    /// use sprague_partizan::rules::domineering_outcome::{OutcomeSolver, Techniques};
    /// let mut plain = OutcomeSolver::with_techniques(Techniques::plain());
    /// let a = plain.outcome(&Board::rectangle(3, 3).unwrap(), &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
    /// assert_eq!(a.outcome, Outcome::N);
    /// ```
    pub fn with_techniques(techniques: Techniques) -> OutcomeSolver {
        let bits = techniques.table_bits.min(26);
        OutcomeSolver {
            techniques: Techniques {
                table_bits: bits,
                ..techniques
            },
            table: Vec::new(),
            geometry: None,
            nodes: 0,
            next_poll: POLL_EVERY,
            history: [[0; 128]; 2],
        }
    }

    /// The nodes searched since the solver was made.
    ///
    /// ```
    /// use sprague_partizan::rules::domineering::Board;
    /// use sprague_partizan::rules::play::Side;
    /// use sprague_partizan::rules::domineering_outcome::OutcomeSolver;
    /// let mut s = OutcomeSolver::new();
    /// s.wins_moving_first(&Board::rectangle(3, 3).unwrap(), Side::Left, &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
    /// assert!(s.nodes() > 0);
    /// ```
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The outcome class of a board: both questions answered.
    ///
    /// ```
    /// use sprague_partizan::Outcome;
    /// use sprague_partizan::rules::domineering::Domineering;
    /// use sprague_partizan::rules::domineering_outcome::OutcomeSolver;
    /// let go_on = &mut |_| std::ops::ControlFlow::Continue(());
    /// let tall = Domineering::parse(".|.|.").unwrap();
    /// assert_eq!(OutcomeSolver::new().outcome(&tall, go_on).unwrap().outcome, Outcome::L);
    /// let stop = &mut |_| std::ops::ControlFlow::Break(());
    /// let big = sprague_partizan::rules::domineering::Board::rectangle(8, 8).unwrap();
    /// assert!(OutcomeSolver::new().outcome(&big, stop).is_err());
    /// ```
    pub fn outcome(&mut self, board: &Board, watch: Watch<'_>) -> Result<OutcomeAnswer, GameError> {
        let before = self.nodes;
        let left_first_wins = self.wins_moving_first(board, Side::Left, watch)?;
        let right_first_wins = self.wins_moving_first(board, Side::Right, watch)?;
        let outcome = match (left_first_wins, right_first_wins) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        };
        Ok(OutcomeAnswer {
            outcome,
            left_first_wins,
            right_first_wins,
            nodes: self.nodes - before,
        })
    }

    /// Whether `side` wins moving first on `board`.
    ///
    /// ```
    /// use sprague_partizan::rules::domineering::Domineering;
    /// use sprague_partizan::rules::play::Side;
    /// use sprague_partizan::rules::domineering_outcome::OutcomeSolver;
    /// let row = Domineering::parse("...").unwrap();
    /// let go_on = &mut |_| std::ops::ControlFlow::Continue(());
    /// assert!(!OutcomeSolver::new().wins_moving_first(&row, Side::Left, go_on).unwrap());
    /// ```
    pub fn wins_moving_first(
        &mut self,
        board: &Board,
        side: Side,
        watch: Watch<'_>,
    ) -> Result<bool, GameError> {
        let mut position = self.prepare(board);
        let mut p = side_index(side);
        if p == 1 && board.rows() == board.cols() {
            // Right first on a square board is Left first on its transpose (same
            // geometry, so the table's entries serve both).
            position.swap(0, 1);
            p = 0;
        }
        self.wins(position, p, watch)
    }

    /// Every move of `side` that wins (leaves a position the opponent loses
    /// moving first), in board order.
    ///
    /// ```
    /// use sprague_partizan::rules::domineering::Domineering;
    /// use sprague_partizan::rules::play::Side;
    /// use sprague_partizan::rules::domineering_outcome::OutcomeSolver;
    /// let board = Domineering::parse("...|...").unwrap();
    /// let go_on = &mut |_| std::ops::ControlFlow::Continue(());
    /// let right = OutcomeSolver::new().winning_moves(&board, Side::Right, go_on).unwrap();
    /// assert_eq!(right.len(), 4); // every move leaves Left one move, Right two
    /// ```
    pub fn winning_moves(
        &mut self,
        board: &Board,
        side: Side,
        watch: Watch<'_>,
    ) -> Result<Vec<Domino>, GameError> {
        let position = self.prepare(board);
        let p = side_index(side);
        let mut found = Vec::new();
        let geometry = self
            .geometry
            .clone()
            .ok_or(GameError::Undefined("no board"))?;
        let mut slots = geometry.layouts[p].slots(position[p]);
        let mut moves = Vec::new();
        while slots != 0 {
            let i = slots.trailing_zeros();
            slots &= slots - 1;
            let a = geometry.square(p, i);
            let b = if p == 0 {
                (a.0 + 1, a.1)
            } else {
                (a.0, a.1 + 1)
            };
            moves.push((a, b, apply(&geometry, position, p, i)));
        }
        moves.sort_by_key(|m| m.0);
        for (a, b, child) in moves {
            if !self.wins(child, 1 - p, watch)? {
                found.push(Domino {
                    squares: [a, b],
                    to: text(&geometry, child[0]),
                });
            }
        }
        Ok(found)
    }

    /// The position of `board` (row-major and column-major bits), with the
    /// geometry (and a cleared table) for its size.
    fn prepare(&mut self, board: &Board) -> [u128; 2] {
        let (rows, cols) = (board.rows() as u32, board.cols() as u32);
        let same = self
            .geometry
            .as_ref()
            .is_some_and(|g| g.rows == rows && g.cols == cols);
        if !same {
            self.geometry = Some(Geometry::new(rows, cols));
            if self.techniques.transposition {
                // A table in proportion to the board: small boards need no 96 MiB.
                let bits = self.techniques.table_bits.min(8 + rows * cols / 4);
                self.table.clear();
                self.table.resize(2usize << bits, Entry::default());
            }
        }
        let mut position = [0u128; 2];
        for r in 0..rows {
            for c in 0..cols {
                if board.is_empty(r as usize, c as usize) {
                    position[0] |= 1u128 << (r * cols + c);
                    position[1] |= 1u128 << (c * rows + r);
                }
            }
        }
        position
    }

    fn probe(&self, key: u128, p: usize) -> Option<bool> {
        let b = self.bucket(key);
        let k = split(key);
        self.table[b..b + 2]
            .iter()
            .find(|e| e.key == k && e.data != 0)
            .and_then(|e| e.result(p))
    }

    fn store(&mut self, key: u128, p: usize, win: bool, work: u64) {
        let b = self.bucket(key);
        let k = split(key);
        let code = if win { 2u32 } else { 1 } << (2 * p);
        let log = 64 - work.leading_zeros();
        if let Some(e) = self.table[b..b + 2]
            .iter_mut()
            .find(|e| e.key == k && e.data != 0)
        {
            e.data = (e.data & 0xF) | code | (log.max(e.work()) << 8);
            return;
        }
        let fresh = Entry {
            key: k,
            data: code | (log << 8),
        };
        if log >= self.table[b].work() {
            self.table[b + 1] = self.table[b];
            self.table[b] = fresh;
        } else {
            self.table[b + 1] = fresh;
        }
    }

    fn bucket(&self, key: u128) -> usize {
        let [lo, hi] = split(key);
        let h = (lo ^ hi.rotate_left(31) ^ (hi >> 17)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let buckets = self.table.len() / 2;
        let bits = buckets.trailing_zeros();
        ((h >> (64 - bits.max(1))) as usize & (buckets - 1)) * 2
    }

    /// Whether player `p` (0 Left, 1 Right) wins moving first from `position`.
    fn wins(&mut self, position: [u128; 2], p: usize, watch: Watch<'_>) -> Result<bool, GameError> {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_EVERY;
            if watch(self.nodes).is_break() {
                return Err(GameError::Stopped);
            }
        }
        let geometry = self
            .geometry
            .as_ref()
            .ok_or(GameError::Undefined("no board"))?;
        let (mine, theirs) = (&geometry.layouts[p], &geometry.layouts[1 - p]);
        let slots = mine.slots(position[p]);
        if slots == 0 {
            return Ok(false);
        }
        if self.techniques.bounds {
            if mine.guaranteed(position[p]).0 > theirs.most_moves(position[1 - p]) {
                return Ok(true);
            }
            if mine.most_moves(position[p]) <= theirs.guaranteed(position[1 - p]).1 {
                return Ok(false);
            }
        }
        let key = if self.techniques.transposition {
            let key = geometry.key(position[0]);
            if let Some(known) = self.probe(key, p) {
                return Ok(known);
            }
            Some(key)
        } else {
            None
        };
        let mut moves = [(0i64, 0u8); 128];
        let count = match self.ordered(position, p, slots, &mut moves) {
            Some(count) => count,
            None => return Ok(true),
        };
        if let Some(key) = key
            && position[0].count_ones() >= ETC_SQUARES
            && self.any_child_lost(position, p, &moves[..count])
        {
            self.store(key, p, true, 1);
            return Ok(true);
        }
        let before = self.nodes;
        let mut win = false;
        for &(_, i) in &moves[..count] {
            let geometry = self
                .geometry
                .as_ref()
                .ok_or(GameError::Undefined("no board"))?;
            let child = apply(geometry, position, p, u32::from(i));
            if !self.wins(child, 1 - p, watch)? {
                win = true;
                let weight = u64::from(position[0].count_ones());
                self.history[p][usize::from(i)] += weight * weight;
                break;
            }
        }
        if let Some(key) = key {
            let work = self.nodes - before;
            self.store(key, p, win, work);
        }
        Ok(win)
    }

    /// The moves of `p` (top squares in `p`'s layout) into `out`, best first, and
    /// how many; `None` when a move leaves the opponent lost by the bounds alone
    /// (the mover wins without search).
    fn ordered(
        &self,
        position: [u128; 2],
        p: usize,
        mut slots: u128,
        out: &mut [(i64, u8); 128],
    ) -> Option<usize> {
        let geometry = self.geometry.as_ref()?;
        let (mine, theirs) = (&geometry.layouts[p], &geometry.layouts[1 - p]);
        let mut count = 0;
        while slots != 0 {
            let i = slots.trailing_zeros();
            slots &= slots - 1;
            let score = if self.techniques.ordering {
                let child = apply(geometry, position, p, i);
                let their_slots = theirs.slots(child[1 - p]);
                if their_slots == 0 {
                    return None;
                }
                if self.techniques.bounds
                    && theirs.disjoint(their_slots) <= mine.guaranteed(child[p]).1
                {
                    return None;
                }
                let own = mine.slots(child[p]).count_ones() as i32;
                let other = their_slots.count_ones() as i32;
                let safe = (child[p] & !mine.sideways(child[p])).count_ones() as i32;
                let static_score = 2 * (own - other) + safe;
                (i64::from(static_score) << 32)
                    + self.history[p][i as usize].min(HISTORY_CAP) as i64
            } else {
                0
            };
            out[count] = (score, i as u8);
            count += 1;
        }
        if self.techniques.ordering {
            out[..count].sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));
        }
        Some(count)
    }

    /// Enhanced transposition cutoff: whether the table already knows a move
    /// leading to a position the opponent loses moving first.
    fn any_child_lost(&self, position: [u128; 2], p: usize, moves: &[(i64, u8)]) -> bool {
        let Some(geometry) = self.geometry.as_ref() else {
            return false;
        };
        moves.iter().any(|&(_, i)| {
            let child = apply(geometry, position, p, u32::from(i));
            self.probe(geometry.key(child[0]), 1 - p) == Some(false)
        })
    }
}

/// The position after `p` places the domino with top square `i` (in `p`'s layout).
fn apply(geometry: &Geometry, position: [u128; 2], p: usize, i: u32) -> [u128; 2] {
    let (own, other) = geometry.covers[p][i as usize];
    let mut child = position;
    child[p] &= !own;
    child[1 - p] &= !other;
    child
}

/// The board text of row-major bits.
fn text(geometry: &Geometry, x: u128) -> String {
    let mut out = String::new();
    for r in 0..geometry.rows {
        if r > 0 {
            out.push('|');
        }
        for c in 0..geometry.cols {
            out.push(if x >> (r * geometry.cols + c) & 1 == 1 {
                '.'
            } else {
                '#'
            });
        }
    }
    out
}

fn split(key: u128) -> [u64; 2] {
    [key as u64, (key >> 64) as u64]
}

fn side_index(side: Side) -> usize {
    match side {
        Side::Left => 0,
        Side::Right => 1,
    }
}

/// A winning move in an [`OutcomeRecord`]: the notation of `sprague analyze`
/// (`row,column` of the top or left square, from 1) and the board after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WinningDomino {
    /// `row,column` of the domino's top (Left) or left (Right) square, from 1.
    pub notation: String,
    /// The board after the move.
    pub to: String,
}

/// The answer of `sprague analyze domineering BOARD` when the canonical form is
/// out of reach: the outcome class by search, and the winning moves when they
/// were found within the budget.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct OutcomeRecord {
    /// Always `domineering`.
    pub game: &'static str,
    /// The board as read.
    pub position: String,
    /// Always `null`: the canonical form was not computed.
    pub canonical_form: Option<String>,
    /// L, R, P or N.
    pub outcome: String,
    /// The outcome in words.
    pub outcome_explanation: String,
    /// Whether Left (vertical) wins moving first.
    pub left_first_wins: bool,
    /// Whether Right (horizontal) wins moving first.
    pub right_first_wins: bool,
    /// Nodes searched for the outcome.
    pub nodes: u64,
    /// Seconds the outcome search took.
    pub seconds: f64,
    /// Left's winning moves, `null` when skipped.
    pub left_winning_moves: Option<Vec<WinningDomino>>,
    /// Right's winning moves, `null` when skipped.
    pub right_winning_moves: Option<Vec<WinningDomino>>,
    /// What was left out and why (`null` when nothing was).
    pub skipped: Option<String>,
}

/// The outcome of `board` by search ([`OutcomeSolver`]), then the winning
/// moves of both players if they are found within `moves_budget` (each
/// player's moves are skipped otherwise). `watch` sees the nodes searched and
/// may stop the search ([`GameError::Stopped`]).
///
/// ```
/// use sprague_partizan::rules::domineering::Board;
/// use sprague_partizan::rules::domineering_outcome::outcome_record;
/// let board = Board::rectangle(4, 4).unwrap();
/// let r = outcome_record(&board, &mut |_| std::ops::ControlFlow::Continue(()), std::time::Duration::from_secs(2)).unwrap();
/// assert_eq!(r.outcome, "N");
/// assert!(r.left_winning_moves.is_some_and(|m| !m.is_empty()));
/// ```
pub fn outcome_record(
    board: &Board,
    watch: Watch<'_>,
    moves_budget: std::time::Duration,
) -> Result<OutcomeRecord, GameError> {
    outcome_record_because(
        board,
        watch,
        moves_budget,
        "the board is beyond the exact limits",
    )
}

/// How long the front ends let the canonical form of a Domineering board within
/// [`CANONICAL_SQUARES`] run before they answer its outcome class by search instead
/// ([`canonical_out_of_time`]): an interactive answer does not block longer.
pub const CANONICAL_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

/// [`outcome_record`] for a board whose canonical form was not found within
/// [`CANONICAL_BUDGET`] (5×6 takes seconds): the outcome by search, and `skipped` says why
/// the canonical form is missing.
///
/// ```
/// use sprague_partizan::rules::domineering::Board;
/// use sprague_partizan::rules::domineering_outcome::canonical_out_of_time;
/// let board = Board::rectangle(5, 6).unwrap();
/// let r = canonical_out_of_time(&board, &mut |_| std::ops::ControlFlow::Continue(()), std::time::Duration::from_secs(2)).unwrap();
/// assert_eq!(r.outcome, "R");
/// assert!(r.skipped.unwrap().contains("not found within 2 s"));
/// ```
pub fn canonical_out_of_time(
    board: &Board,
    watch: Watch<'_>,
    moves_budget: std::time::Duration,
) -> Result<OutcomeRecord, GameError> {
    let why = format!("not found within {} s", CANONICAL_BUDGET.as_secs());
    outcome_record_because(board, watch, moves_budget, &why)
}

fn outcome_record_because(
    board: &Board,
    watch: Watch<'_>,
    moves_budget: std::time::Duration,
    why: &str,
) -> Result<OutcomeRecord, GameError> {
    let started = std::time::Instant::now();
    let mut solver = OutcomeSolver::new();
    let answer = solver.outcome(board, watch)?;
    let seconds = started.elapsed().as_secs_f64();
    let deadline = std::time::Instant::now() + moves_budget;
    let mut moves_of = |side: Side, solver: &mut OutcomeSolver| {
        let mut timed = |nodes: u64| {
            if std::time::Instant::now() > deadline {
                return ControlFlow::Break(());
            }
            watch(nodes)
        };
        solver.winning_moves(board, side, &mut timed)
    };
    let mut skipped = Vec::new();
    let mut listed = |side: Side, solver: &mut OutcomeSolver| -> Result<_, GameError> {
        match moves_of(side, solver) {
            Ok(moves) => Ok(Some(
                moves
                    .into_iter()
                    .map(|m| WinningDomino {
                        notation: format!("{},{}", m.squares[0].0 + 1, m.squares[0].1 + 1),
                        to: m.to,
                    })
                    .collect(),
            )),
            Err(GameError::Stopped) if std::time::Instant::now() > deadline => {
                skipped.push(format!("{side:?}"));
                Ok(None)
            }
            Err(other) => Err(other),
        }
    };
    let left = listed(Side::Left, &mut solver)?;
    let right = listed(Side::Right, &mut solver)?;
    let skipped = (!skipped.is_empty()).then(|| {
        format!(
            "the canonical form ({why}); the winning moves of {} (not found within {:.1} s)",
            skipped.join(" and "),
            moves_budget.as_secs_f64()
        )
    });
    Ok(OutcomeRecord {
        game: "domineering",
        position: board.to_string(),
        canonical_form: None,
        outcome: answer.outcome.to_string(),
        outcome_explanation: crate::report::outcome_sentence(answer.outcome).to_string(),
        left_first_wins: answer.left_first_wins,
        right_first_wins: answer.right_first_wins,
        nodes: answer.nodes,
        seconds,
        left_winning_moves: left,
        right_winning_moves: right,
        skipped: Some(skipped.unwrap_or_else(|| format!("the canonical form ({why})"))),
    })
}

/// One board of a table of rectangles ([`rectangle_table`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RectangleOutcome {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// L, R, P or N; `null` when the board was stopped by its time budget.
    pub outcome: Option<String>,
    /// Whether Left (vertical) wins moving first (`null` if not found).
    pub left_first_wins: Option<bool>,
    /// Whether Right (horizontal) wins moving first (`null` if not found).
    pub right_first_wins: Option<bool>,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

/// The largest side of [`rectangle_table`] the front ends accept (an 11×11 board has 121
/// squares; a bitboard holds 128).
pub const MAX_TABLE_SIDE: usize = 11;

/// The record of `sprague table domineering --format json` and Python's
/// `partizan.domineering_table`: every board of [`rectangle_table`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RectangleTable {
    /// Always `domineering`.
    pub game: &'static str,
    /// The largest side.
    pub to: usize,
    /// The boards, row by row.
    pub boards: Vec<RectangleOutcome>,
}

/// The outcome of every `m × n` rectangle with `1 ≤ m, n ≤ max`, row by row,
/// each board given at most `budget` (`None`: no limit; a board out of time
/// gets no outcome). `watch` sees `(rows, cols, nodes)` and may stop the whole
/// table ([`GameError::Stopped`]); `done` is told of each board when solved.
///
/// ```
/// use sprague_partizan::rules::domineering_outcome::rectangle_table;
/// let t = rectangle_table(3, None, &mut |_, _, _| std::ops::ControlFlow::Continue(()), &mut |_| ()).unwrap();
/// assert_eq!(t.len(), 9);
/// assert_eq!(t[4].outcome.as_deref(), Some("N")); // 2×2
/// ```
pub fn rectangle_table(
    max: usize,
    budget: Option<std::time::Duration>,
    watch: &mut dyn FnMut(usize, usize, u64) -> ControlFlow<()>,
    done: &mut dyn FnMut(&RectangleOutcome),
) -> Result<Vec<RectangleOutcome>, GameError> {
    let mut solver = OutcomeSolver::new();
    let mut out = Vec::new();
    for rows in 1..=max {
        for cols in 1..=max {
            let board = Board::rectangle(rows, cols)?;
            let started = std::time::Instant::now();
            let before = solver.nodes();
            let mut timed_out = false;
            let result = solver.outcome(&board, &mut |nodes| {
                if budget.is_some_and(|b| started.elapsed() > b) {
                    timed_out = true;
                    return ControlFlow::Break(());
                }
                watch(rows, cols, nodes - before)
            });
            let answer = match result {
                Ok(answer) => Some(answer),
                Err(GameError::Stopped) if timed_out => None,
                Err(other) => return Err(other),
            };
            let entry = RectangleOutcome {
                rows,
                cols,
                outcome: answer.map(|a| a.outcome.to_string()),
                left_first_wins: answer.map(|a| a.left_first_wins),
                right_first_wins: answer.map(|a| a.right_first_wins),
                nodes: solver.nodes() - before,
                seconds: started.elapsed().as_secs_f64(),
            };
            done(&entry);
            out.push(entry);
        }
    }
    Ok(out)
}

/// The most empty squares of a board whose canonical form the front ends
/// compute (Domineering 5×6 takes seconds and 391,459 regions; see
/// [`catalogue::MAX_REGIONS`](super::catalogue::MAX_REGIONS)); larger boards get
/// the outcome by search.
pub const CANONICAL_SQUARES: usize = 30;

/// Whether a board has more than [`CANONICAL_SQUARES`] empty squares.
///
/// ```
/// use sprague_partizan::rules::domineering::Board;
/// use sprague_partizan::rules::domineering_outcome::beyond_canonical;
/// assert!(!beyond_canonical(&Board::rectangle(5, 6).unwrap()));
/// assert!(beyond_canonical(&Board::rectangle(8, 8).unwrap()));
/// ```
pub fn beyond_canonical(board: &Board) -> bool {
    let empty = (0..board.rows())
        .flat_map(|r| (0..board.cols()).map(move |c| (r, c)))
        .filter(|&(r, c)| board.is_empty(r, c))
        .count();
    empty > CANONICAL_SQUARES
}

/// The board of a request for the ruleset `name` at `text` when it is a Domineering board
/// beyond [`CANONICAL_SQUARES`]: every front end (`sprague analyze`, `/api/analyze`,
/// Python's `partizan.analyze`) then answers [`outcome_record`] instead of a canonical form.
///
/// ```
/// use sprague_partizan::rules::domineering_outcome::large_board;
/// assert!(large_board("domineering", "........|........|........|........|........").is_some());
/// assert!(large_board("domineering", "....|....").is_none());
/// assert!(large_board("clobber", "xoxoxoxo|oxoxoxox|xoxoxoxo|oxoxoxox|xoxoxoxo").is_none());
/// ```
pub fn large_board(name: &str, text: &str) -> Option<Board> {
    if name != "domineering" {
        return None;
    }
    let board = super::domineering::Domineering::parse(text).ok()?;
    beyond_canonical(&board).then_some(board)
}
