//! Built-in named games: the classics of CATALOGUE §5 and seed 004.
//!
//! * `prisoners-dilemma`: two prisoners, Confess or Deny; both confess: 8
//!   years each; one confesses: he goes free and the other gets 15 years;
//!   both deny: 1 year each. Payoffs are minus the years in prison.
//! * `boxed-pigs` (智猪博弈, seed 004): a big and a small pig, Press the lever
//!   or Wait at the trough. If the big pig presses (the small one waiting),
//!   they share the food 1/2 : 1/2; if the small pig presses, the big pig eats
//!   everything (1 : 0); nobody pressing gives 0 : 0. The seed does not give
//!   the cell where both press; we take it equal to "the small pig presses"
//!   (both run back and the big pig, already the faster eater, gets it all).
//!   Waiting is then never worse for the small pig, as the seed concludes.
//! * `boxed-pigs-modified` (seed 004, "智猪问题-改"): big pig presses: 3/4 :
//!   1/4; small pig presses: 1/2 : 1/2; both press as the small pig pressing;
//!   nobody: 0 : 0. Now both pigs want to press.
//! * `battle-of-the-sexes`: (2,1) on Opera, (1,2) on Football, 0 otherwise.
//! * `matching-pennies`, `rock-paper-scissors`: zero-sum.
//! * `stag-hunt`: Stag/Stag 4 each, a lone stag hunter 0, Hare always 3.
//! * `hawk-dove`: Maynard Smith and Price's contest ("The logic of animal
//!   conflict", Nature 246, 1973) with resource V = 4 and cost of a fight
//!   C = 6: Hawk against Hawk (V − C)/2 = −1, Hawk against Dove V = 4, Dove
//!   against Hawk 0, Dove against Dove V/2 = 2; symmetric, its evolutionarily
//!   stable strategy plays Hawk with probability V/C = 2/3.
//! * `von-stengel-degenerate`: the degenerate 3×2 game of von Stengel,
//!   "Computing equilibria for two-person games" (Handbook of Game Theory
//!   vol. 3, 2002), whose equilibria form a segment (a component).

use crate::game::NormalFormGame;
use num_rational::BigRational;
use num_traits::Zero;

/// The names and one-line descriptions of the built-in games.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "prisoners-dilemma",
        "Prisoner's dilemma: confess/deny, 8/0/15/1 years in prison",
    ),
    (
        "boxed-pigs",
        "Boxed pigs (seed 004): big and small pig, press or wait",
    ),
    (
        "boxed-pigs-modified",
        "Boxed pigs, modified rewards (seed 004): both pigs press",
    ),
    (
        "battle-of-the-sexes",
        "Battle of the sexes: (2,1)/(1,2), two pure and one mixed equilibrium",
    ),
    (
        "matching-pennies",
        "Matching pennies: zero-sum, value 0, 1/2 each",
    ),
    (
        "rock-paper-scissors",
        "Rock-paper-scissors: zero-sum, value 0, 1/3 each",
    ),
    ("stag-hunt", "Stag hunt: coordination with a safe option"),
    (
        "hawk-dove",
        "Hawk-dove (V = 4, C = 6): symmetric, ESS plays Hawk with probability 2/3",
    ),
    (
        "von-stengel-degenerate",
        "Von Stengel's degenerate 3x2 game with an equilibrium component",
    ),
];

/// The fraction p/d (for the built-in games and the unit tests).
pub(crate) fn q(p: i64, d: i64) -> BigRational {
    BigRational::new(p.into(), d.into())
}

fn two_by_two(cells: [[(BigRational, BigRational); 2]; 2]) -> NormalFormGame {
    let a: Vec<Vec<BigRational>> = cells
        .iter()
        .map(|r| r.iter().map(|c| c.0.clone()).collect())
        .collect();
    let b: Vec<Vec<BigRational>> = cells
        .iter()
        .map(|r| r.iter().map(|c| c.1.clone()).collect())
        .collect();
    match NormalFormGame::from_bimatrix(&a, &b) {
        Ok(g) => g,
        Err(e) => unreachable!("built-in games are well formed: {e}"),
    }
}

fn integer(a: &[Vec<i64>], b: &[Vec<i64>]) -> NormalFormGame {
    match NormalFormGame::from_integer_bimatrix(a, b) {
        Ok(g) => g,
        Err(e) => unreachable!("built-in games are well formed: {e}"),
    }
}

fn negate(a: &[Vec<i64>]) -> Vec<Vec<i64>> {
    a.iter().map(|r| r.iter().map(|x| -x).collect()).collect()
}

/// The built-in game called `name`, or `None`.
///
/// ```
/// use sprague_strategic::examples::example;
/// let pd = example("prisoners-dilemma").unwrap();
/// assert_eq!(pd.strategies()[0], vec!["Confess", "Deny"]);
/// ```
pub fn example(name: &str) -> Option<NormalFormGame> {
    let z = BigRational::zero;
    let game = match name {
        "prisoners-dilemma" | "pd" => {
            integer(&[vec![-8, 0], vec![-15, -1]], &[vec![-8, -15], vec![0, -1]])
                .with_title("Prisoner's dilemma (payoffs: minus years in prison)")
                .with_players(&["Prisoner 1", "Prisoner 2"])
                .with_strategy_names(0, &["Confess", "Deny"])
                .with_strategy_names(1, &["Confess", "Deny"])
        }
        "boxed-pigs" => two_by_two([
            [(q(1, 1), z()), (q(1, 2), q(1, 2))],
            [(q(1, 1), z()), (z(), z())],
        ])
        .with_title("Boxed pigs (seed 004)"),
        "boxed-pigs-modified" => two_by_two([
            [(q(1, 2), q(1, 2)), (q(3, 4), q(1, 4))],
            [(q(1, 2), q(1, 2)), (z(), z())],
        ])
        .with_title("Boxed pigs, modified (seed 004)"),
        "battle-of-the-sexes" | "bos" => {
            integer(&[vec![2, 0], vec![0, 1]], &[vec![1, 0], vec![0, 2]])
                .with_title("Battle of the sexes")
                .with_strategy_names(0, &["Opera", "Football"])
                .with_strategy_names(1, &["Opera", "Football"])
        }
        "matching-pennies" => {
            let a = vec![vec![1, -1], vec![-1, 1]];
            integer(&a, &negate(&a))
                .with_title("Matching pennies")
                .with_strategy_names(0, &["Heads", "Tails"])
                .with_strategy_names(1, &["Heads", "Tails"])
        }
        "rock-paper-scissors" | "rps" => {
            let a = vec![vec![0, -1, 1], vec![1, 0, -1], vec![-1, 1, 0]];
            integer(&a, &negate(&a))
                .with_title("Rock-paper-scissors")
                .with_strategy_names(0, &["Rock", "Paper", "Scissors"])
                .with_strategy_names(1, &["Rock", "Paper", "Scissors"])
        }
        "stag-hunt" => integer(&[vec![4, 0], vec![3, 3]], &[vec![4, 3], vec![0, 3]])
            .with_title("Stag hunt")
            .with_strategy_names(0, &["Stag", "Hare"])
            .with_strategy_names(1, &["Stag", "Hare"]),
        "hawk-dove" => integer(&[vec![-1, 4], vec![0, 2]], &[vec![-1, 0], vec![4, 2]])
            .with_title("Hawk-dove (V = 4, C = 6)")
            .with_strategy_names(0, &["Hawk", "Dove"])
            .with_strategy_names(1, &["Hawk", "Dove"]),
        "von-stengel-degenerate" => integer(
            &[vec![3, 3], vec![2, 5], vec![0, 6]],
            &[vec![3, 3], vec![2, 6], vec![3, 1]],
        )
        .with_title("Von Stengel's degenerate 3x2 game (Handbook of Game Theory 3, ch. 45)")
        .with_strategy_names(0, &["T", "M", "B"])
        .with_strategy_names(1, &["l", "r"]),
        _ => return None,
    };
    let game = if name.starts_with("boxed-pigs") {
        game.with_players(&["Big pig", "Small pig"])
            .with_strategy_names(0, &["Press", "Wait"])
            .with_strategy_names(1, &["Press", "Wait"])
    } else {
        game
    };
    Some(game)
}

/// The names of the built-in games, comma-separated (for error messages).
pub fn example_list() -> String {
    EXAMPLES.iter().map(|e| e.0).collect::<Vec<_>>().join(", ")
}
