//! Fibonacci Nim (斐波那契博弈): one heap of n tokens; the first move takes
//! any positive number but not all, and afterwards each player takes at least
//! one and at most twice what the opponent just took. Whoever takes the last
//! token wins.
//!
//! Theorem (M. J. Whinihan, "Fibonacci Nim", *Fibonacci Quarterly* 1 (1963);
//! *Winning Ways*; the tutorials, seeds 002 and 003): write n as its Zeckendorf sum of non-consecutive
//! Fibonacci numbers. With at most L tokens allowed, the player to move wins
//! exactly when the smallest Zeckendorf term of n is at most L, by taking it
//! (or any sum of the smallest terms whose remainder's smallest term exceeds
//! twice the take). So the opening position is a P-position exactly when n is
//! a Fibonacci number. Positions are written as in
//! [`crate::dynamic_subtraction`]: `n`, or `n,t` after the opponent took t;
//! moves as the number of tokens taken, e.g. `3`.

use crate::dynamic_subtraction::{parse_position, LimitedTakeGame, TakeRule};
use crate::error::GameError;
use crate::playable::{Evaluation, PlayableGame, Report};
use crate::position::{Move, Position};

const GAME: LimitedTakeGame = LimitedTakeGame {
    rule: TakeRule::AtMostTwiceLast,
};

/// The Zeckendorf terms of n, smallest first (non-consecutive Fibonacci
/// numbers 1, 2, 3, 5, 8, … summing to n; empty for 0).
///
/// ```
/// use sprague_games::fibonacci_nim::zeckendorf;
/// assert_eq!(zeckendorf(10), vec![2, 8]);
/// assert_eq!(zeckendorf(100), vec![3, 8, 89]);
/// assert_eq!(zeckendorf(0), Vec::<u64>::new());
/// ```
pub fn zeckendorf(n: u64) -> Vec<u64> {
    let mut fibonacci = vec![1u64, 2];
    while let Some(next) =
        fibonacci[fibonacci.len() - 1].checked_add(fibonacci[fibonacci.len() - 2])
    {
        if next > n {
            break;
        }
        fibonacci.push(next);
    }
    let mut terms = Vec::new();
    let mut rest = n;
    for &term in fibonacci.iter().rev() {
        if term <= rest {
            terms.push(term);
            rest -= term;
        }
    }
    terms.reverse();
    terms
}

/// Whether n is a Fibonacci number (1, 2, 3, 5, 8, …).
///
/// ```
/// assert!(sprague_games::fibonacci_nim::is_fibonacci(21));
/// assert!(!sprague_games::fibonacci_nim::is_fibonacci(20));
/// ```
pub fn is_fibonacci(n: u64) -> bool {
    zeckendorf(n).len() == 1
}

/// Fibonacci Nim as a [`PlayableGame`].
///
/// ```
/// use sprague_games::{fibonacci_nim::FibonacciNim, PlayableGame};
/// let report = FibonacciNim.analyze_words(&["10".to_string()]).unwrap();
/// assert_eq!(report.outcome.letter(), "N");
/// assert!(report.winning_moves[0].description.starts_with("take 2,"));
/// assert_eq!(FibonacciNim.analyze_words(&["13".to_string()]).unwrap().outcome.letter(), "P");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct FibonacciNim;

impl PlayableGame for FibonacciNim {
    fn description(&self) -> String {
        "fibonacci".to_string()
    }

    fn title(&self) -> String {
        "Fibonacci Nim (take at most twice the opponent's last take)".to_string()
    }

    fn position_syntax(&self) -> String {
        "n (the heap, before the first move) or n,t (after the opponent took t)".to_string()
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let position = parse_position("fibonacci", words)?;
        crate::misere::misere_report(
            &LimitedTakeGame {
                rule: TakeRule::AtMostTwiceLast,
            },
            &[position],
            None,
            Some(crate::misere::square_bound(position.heap)),
        )
    }

    fn move_syntax(&self) -> String {
        "the number of tokens taken, e.g. 3".to_string()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(GAME.position_of("fibonacci", &parse_position("fibonacci", words)?))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        GAME.moves_of(
            "fibonacci",
            &parse_position("fibonacci", &position.components)?,
        )
    }

    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        GAME.evaluate("fibonacci", moves)
    }

    fn value_rule(&self, component: &str, grundy: u64) -> Option<String> {
        GAME.rule(component, grundy)
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let position = parse_position("fibonacci", words)?;
        Ok(LimitedTakeGame {
            rule: TakeRule::AtMostTwiceLast,
        }
        .report(
            position,
            "Fibonacci Nim theorem (Whinihan 1963): the player to move wins iff the smallest Zeckendorf term of the heap is at most the limit",
        ))
    }
}
