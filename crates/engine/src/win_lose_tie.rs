//! Win / lose / tie search with remoteness, for two-player games that are
//! not decided by "the last player to move wins": games that can end in a tie
//! (SOS, tic-tac-toe) or whose end positions say who won.
//!
//! The value of a position for the player to move is W (win), L (loss) or T
//! (tie), with its *remoteness*: the number of moves to the end of the game
//! under perfect play, where the winner wins as fast as possible and the loser
//! loses as slowly as possible (Berlekamp, Conway, Guy, *Winning Ways*, ch. 9,
//! "remoteness"; the W/L/T + remoteness convention of the GamesCrafters
//! "Gamesman" system, D. Garcia, Berkeley). With the values of the options
//! (each for the opponent, who moves next):
//!
//! - some option is L(r): the position is W(1 + the smallest such r);
//! - otherwise some option is T(r): T(1 + the smallest such r) (a tie is taken
//!   by the shortest route);
//! - otherwise every option is W(r): L(1 + the largest r).
//!
//! A position the game declares finished has the game's own value with
//! remoteness 0; a position with no moves that the game does not declare
//! finished is a loss (normal play). The search is a depth-first walk with an
//! explicit stack and a memo (a dense byte table when the game numbers its
//! positions, a hash map otherwise). A position with a move that ends the
//! game at once in the mover's favour is W1 without looking further (nothing
//! is better). Games may map symmetric positions to one dense index. The game
//! graph must be acyclic: a cycle is reported as an error.
//!
//! Overlap note: the every-SG work (`every_sg.rs`, another branch) computes a
//! normal-play remoteness; this module is the W/L/T generalisation and keeps
//! its own code so that the two can be merged independently.

use std::collections::{HashMap, HashSet};
use std::fmt::{self, Debug, Display};
use std::hash::Hash;

use thiserror::Error;

use crate::memory::{check_allocation, MemoryError};
use crate::outcome::Outcome;

/// A two-player game searched for W/L/T with remoteness.
///
/// ```
/// use sprague_engine::win_lose_tie::{TwoPlayerGame, WinLoseTieSolver};
/// use sprague_engine::Outcome;
///
/// /// Count to 10 by adding 1 or 2; whoever says 10 wins.
/// struct CountToTen;
/// impl TwoPlayerGame for CountToTen {
///     type Position = u32;
///     fn terminal(&self, total: &u32) -> Option<Outcome> {
///         (*total == 10).then_some(Outcome::L) // the player to move has lost
///     }
///     fn moves(&self, total: &u32) -> Vec<u32> {
///         (1..=2).map(|step| total + step).filter(|&next| next <= 10).collect()
///     }
/// }
/// let mut solver = WinLoseTieSolver::new(CountToTen);
/// let value = solver.solve(&0).unwrap();
/// assert_eq!((value.outcome, value.remoteness), (Outcome::W, 7));
/// ```
pub trait TwoPlayerGame {
    /// A position, including whose turn it is if that matters.
    type Position: Clone + Eq + Hash + Debug + Display;

    /// The value for the player to move when the game is over (W, L or T), or
    /// `None` while it goes on.
    fn terminal(&self, position: &Self::Position) -> Option<Outcome>;

    /// The positions one move away.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// Words for the move from `from` to `to`.
    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String {
        format!("{from} → {to}")
    }

    /// How many positions [`TwoPlayerGame::dense_index`] numbers, when the game
    /// numbers its positions densely and no game lasts more than 62 moves.
    fn dense_size(&self) -> Option<usize> {
        None
    }

    /// The number of a position below [`TwoPlayerGame::dense_size`].
    fn dense_index(&self, _position: &Self::Position) -> Option<usize> {
        None
    }
}

/// W, L or T for the player to move, and the moves to the end with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WltValue {
    /// W, L or T.
    pub outcome: Outcome,
    /// Moves to the end with perfect play (win fast, lose slow).
    pub remoteness: u32,
}

impl Display for WltValue {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}{}", self.outcome, self.remoteness)
    }
}

/// Why a W/L/T search failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WltError {
    /// The game graph has a cycle through the position named.
    #[error("the game has a cycle through {position}, so win/lose/tie search by depth-first memo does not apply")]
    Cycle {
        /// A position on the cycle.
        position: String,
    },
    /// The dense table would not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// The observer asked the search to stop (Ctrl-C, a server's time budget).
    #[error("the search was stopped before its answer was complete (interrupted, or out of time)")]
    Stopped,
}

const UNKNOWN: u8 = 0;
const IN_PROGRESS: u8 = 0xFF;

fn pack(value: WltValue) -> u8 {
    let code = match value.outcome {
        Outcome::W | Outcome::N => 1,
        Outcome::L | Outcome::P => 2,
        _ => 3,
    };
    (code << 6) | (value.remoteness.min(62) as u8)
}

fn unpack(byte: u8) -> Option<WltValue> {
    let outcome = match byte >> 6 {
        1 => Outcome::W,
        2 => Outcome::L,
        3 if byte != IN_PROGRESS => Outcome::T,
        _ => return None,
    };
    Some(WltValue {
        outcome,
        remoteness: u32::from(byte & 0x3F),
    })
}

/// Combines option values (each for the opponent) into the value of the position.
fn combine(options: impl IntoIterator<Item = WltValue>) -> WltValue {
    let mut best_win: Option<u32> = None;
    let mut best_tie: Option<u32> = None;
    let mut longest_loss: Option<u32> = None;
    for value in options {
        match value.outcome {
            Outcome::L | Outcome::P => {
                best_win = Some(best_win.map_or(value.remoteness, |r| r.min(value.remoteness)))
            }
            Outcome::T | Outcome::D => {
                best_tie = Some(best_tie.map_or(value.remoteness, |r| r.min(value.remoteness)))
            }
            _ => {
                longest_loss =
                    Some(longest_loss.map_or(value.remoteness, |r| r.max(value.remoteness)))
            }
        }
    }
    match (best_win, best_tie, longest_loss) {
        (Some(r), _, _) => WltValue {
            outcome: Outcome::W,
            remoteness: r + 1,
        },
        (None, Some(r), _) => WltValue {
            outcome: Outcome::T,
            remoteness: r + 1,
        },
        (None, None, Some(r)) => WltValue {
            outcome: Outcome::L,
            remoteness: r + 1,
        },
        (None, None, None) => WltValue {
            outcome: Outcome::L,
            remoteness: 0,
        },
    }
}

/// W1 when one of `options` is a finished game lost by the player to move
/// there (the mover wins at once, and no value is better).
fn immediate_win<G: TwoPlayerGame>(game: &G, options: &[G::Position]) -> Option<WltValue> {
    options
        .iter()
        .any(|option| game.terminal(option) == Some(Outcome::L))
        .then_some(WltValue {
            outcome: Outcome::W,
            remoteness: 1,
        })
}

/// Memoised W/L/T search of a [`TwoPlayerGame`].
pub struct WinLoseTieSolver<G: TwoPlayerGame> {
    game: G,
    dense: Vec<u8>,
    memo: HashMap<G::Position, WltValue>,
}

impl<G: TwoPlayerGame> Debug for WinLoseTieSolver<G> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("WinLoseTieSolver")
            .field("solved", &self.solved_positions())
            .finish_non_exhaustive()
    }
}

struct Frame<P> {
    position: P,
    options: Vec<P>,
    index: usize,
    values: Vec<WltValue>,
}

impl<G: TwoPlayerGame> WinLoseTieSolver<G> {
    /// A solver with a hash-map memo (dense games get their table on first use).
    pub fn new(game: G) -> Self {
        Self {
            game,
            dense: Vec::new(),
            memo: HashMap::new(),
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many non-terminal positions have been solved.
    pub fn solved_positions(&self) -> usize {
        self.memo.len() + self.dense.iter().filter(|&&b| b != UNKNOWN).count()
    }

    fn ensure_dense(&mut self) -> Result<(), WltError> {
        if let (true, Some(size)) = (self.dense.is_empty(), self.game.dense_size()) {
            check_allocation(size as u128, "the win/lose/tie table")?;
            self.dense = vec![UNKNOWN; size];
        }
        Ok(())
    }

    fn lookup(&self, position: &G::Position) -> Option<WltValue> {
        if let Some(value) = self.game.terminal(position) {
            return Some(WltValue {
                outcome: value,
                remoteness: 0,
            });
        }
        match self.game.dense_index(position) {
            Some(index) if !self.dense.is_empty() => unpack(self.dense[index]),
            _ => self.memo.get(position).copied(),
        }
    }

    fn store(&mut self, position: G::Position, value: WltValue) {
        match self.game.dense_index(&position) {
            Some(index) if !self.dense.is_empty() => self.dense[index] = pack(value),
            _ => {
                self.memo.insert(position, value);
            }
        }
    }

    /// The value of `position` for the player to move.
    ///
    /// # Errors
    /// [`WltError::Cycle`] when a cycle is reachable; [`WltError::Memory`]
    /// when the game's dense table does not fit.
    pub fn solve(&mut self, position: &G::Position) -> Result<WltValue, WltError> {
        self.solve_observed(position, &mut |_, _| std::ops::ControlFlow::Continue(()))
    }

    /// [`WinLoseTieSolver::solve`], telling `observe` every 4096 positions solved how many
    /// this search has solved, and the most it can (the game's dense table size, when it
    /// numbers its positions), for progress lines; `ControlFlow::Break` stops the search
    /// ([`WltError::Stopped`]; what was solved is kept, the positions in progress are
    /// forgotten).
    ///
    /// # Errors
    /// As [`WinLoseTieSolver::solve`], and [`WltError::Stopped`].
    pub fn solve_observed(
        &mut self,
        position: &G::Position,
        observe: &mut dyn FnMut(u64, Option<u128>) -> std::ops::ControlFlow<()>,
    ) -> Result<WltValue, WltError> {
        let total = self.game.dense_size().map(|size| size as u128);
        let mut solved = 0u64;
        let stopped = std::cell::Cell::new(false);
        let mut count = |solved: &mut u64| {
            *solved += 1;
            if solved.is_multiple_of(4096) && observe(*solved, total).is_break() {
                stopped.set(true);
            }
        };
        self.ensure_dense()?;
        if let Some(value) = self.lookup(position) {
            return Ok(value);
        }
        let mut on_stack: HashSet<G::Position> = HashSet::new();
        let mut stack = vec![self.frame(position.clone(), &mut on_stack)];
        loop {
            if stopped.get() {
                for frame in &stack {
                    self.forget_in_progress(&frame.position);
                }
                return Err(WltError::Stopped);
            }
            let Some(top) = stack.last_mut() else { break };
            if top.index < top.options.len() {
                let child = top.options[top.index].clone();
                if let Some(value) = self.lookup(&child) {
                    top.values.push(value);
                    top.index += 1;
                    continue;
                }
                let in_progress = match self.game.dense_index(&child) {
                    Some(index) if !self.dense.is_empty() => self.dense[index] == IN_PROGRESS,
                    _ => on_stack.contains(&child),
                };
                if in_progress {
                    return Err(WltError::Cycle {
                        position: child.to_string(),
                    });
                }
                top.index += 1;
                let frame = self.frame(child, &mut on_stack);
                if let Some(value) = immediate_win(&self.game, &frame.options) {
                    // A move that ends the game in the mover's favour: W1, the best there is.
                    on_stack.remove(&frame.position);
                    self.store(frame.position, value);
                    count(&mut solved);
                    if let Some(parent) = stack.last_mut() {
                        parent.values.push(value);
                    }
                    continue;
                }
                stack.push(frame);
            } else {
                let Some(frame) = stack.pop() else { break };
                let value = combine(frame.values.iter().copied());
                on_stack.remove(&frame.position);
                self.store(frame.position, value);
                count(&mut solved);
                if let Some(parent) = stack.last_mut() {
                    parent.values.push(value);
                }
            }
        }
        self.lookup(position).ok_or_else(|| WltError::Cycle {
            position: position.to_string(),
        })
    }

    /// A position left in progress by a stopped search: unknown again.
    fn forget_in_progress(&mut self, position: &G::Position) {
        if let Some(index) = self.game.dense_index(position) {
            if !self.dense.is_empty() && self.dense[index] == IN_PROGRESS {
                self.dense[index] = UNKNOWN;
            }
        }
    }

    fn frame(
        &mut self,
        position: G::Position,
        on_stack: &mut HashSet<G::Position>,
    ) -> Frame<G::Position> {
        match self.game.dense_index(&position) {
            Some(index) if !self.dense.is_empty() => self.dense[index] = IN_PROGRESS,
            _ => {
                on_stack.insert(position.clone());
            }
        }
        Frame {
            options: self.game.moves(&position),
            position,
            index: 0,
            values: Vec::new(),
        }
    }

    /// Every move from `position` with the value it leaves for the opponent.
    ///
    /// # Errors
    /// As [`WinLoseTieSolver::solve`].
    pub fn move_values(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<(G::Position, WltValue)>, WltError> {
        if self.game.terminal(position).is_some() {
            return Ok(Vec::new());
        }
        let mut answer = Vec::new();
        for option in self.game.moves(position) {
            let value = self.solve(&option)?;
            answer.push((option, value));
        }
        Ok(answer)
    }

    /// The moves that achieve the value of `position`: to an opponent's L of
    /// the right remoteness for a W, to a T for a T, the slowest loss for an L.
    ///
    /// # Errors
    /// As [`WinLoseTieSolver::solve`].
    pub fn best_moves(
        &mut self,
        position: &G::Position,
    ) -> Result<Vec<(G::Position, WltValue)>, WltError> {
        let value = self.solve(position)?;
        Ok(self
            .move_values(position)?
            .into_iter()
            .filter(|(_, option)| {
                let wanted = match value.outcome {
                    Outcome::W => Outcome::L,
                    Outcome::L => Outcome::W,
                    other => other,
                };
                option.outcome == wanted && option.remoteness + 1 == value.remoteness
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tic-tac-toe: 9 cells in base 3 (0 empty, 1 X, 2 O), X moves first.
    struct TicTacToe;

    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];

    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Board([u8; 9]);

    impl Display for Board {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for cell in self.0 {
                f.write_str(["_", "X", "O"][cell as usize])?;
            }
            Ok(())
        }
    }

    impl TwoPlayerGame for TicTacToe {
        type Position = Board;
        fn terminal(&self, board: &Board) -> Option<Outcome> {
            let won = LINES.iter().any(|line| {
                let a = board.0[line[0]];
                a != 0 && line.iter().all(|&i| board.0[i] == a)
            });
            if won {
                Some(Outcome::L)
            } else if board.0.iter().all(|&c| c != 0) {
                Some(Outcome::T)
            } else {
                None
            }
        }
        fn moves(&self, board: &Board) -> Vec<Board> {
            let placed = board.0.iter().filter(|&&c| c != 0).count();
            let mark = if placed % 2 == 0 { 1 } else { 2 };
            (0..9)
                .filter(|&i| board.0[i] == 0)
                .map(|i| {
                    let mut next = board.clone();
                    next.0[i] = mark;
                    next
                })
                .collect()
        }
        fn dense_size(&self) -> Option<usize> {
            Some(3usize.pow(9))
        }
        fn dense_index(&self, board: &Board) -> Option<usize> {
            Some(board.0.iter().fold(0, |code, &c| code * 3 + c as usize))
        }
    }

    #[test]
    fn tic_tac_toe_is_a_tie_in_nine() {
        let mut solver = WinLoseTieSolver::new(TicTacToe);
        let value = solver.solve(&Board([0; 9])).unwrap();
        assert_eq!(value.outcome, Outcome::T);
        assert_eq!(value.remoteness, 9);
        // Every first move ties.
        let moves = solver.best_moves(&Board([0; 9])).unwrap();
        assert_eq!(moves.len(), 9);
        // X to move with two in a row wins at once.
        let value = solver.solve(&Board([1, 1, 0, 2, 2, 0, 0, 0, 0])).unwrap();
        assert_eq!((value.outcome, value.remoteness), (Outcome::W, 1));
    }

    #[test]
    fn cycles_are_reported() {
        struct Loop;
        impl TwoPlayerGame for Loop {
            type Position = u8;
            fn terminal(&self, _: &u8) -> Option<Outcome> {
                None
            }
            fn moves(&self, p: &u8) -> Vec<u8> {
                vec![(p + 1) % 3]
            }
        }
        assert!(matches!(
            WinLoseTieSolver::new(Loop).solve(&0),
            Err(WltError::Cycle { .. })
        ));
    }

    #[test]
    fn combine_prefers_fast_wins_and_slow_losses() {
        let v = |outcome, remoteness| WltValue {
            outcome,
            remoteness,
        };
        assert_eq!(
            combine([v(Outcome::L, 4), v(Outcome::L, 2), v(Outcome::T, 0)]),
            v(Outcome::W, 3)
        );
        assert_eq!(
            combine([v(Outcome::W, 4), v(Outcome::W, 2)]),
            v(Outcome::L, 5)
        );
        assert_eq!(
            combine([v(Outcome::W, 4), v(Outcome::T, 2)]),
            v(Outcome::T, 3)
        );
    }
}
