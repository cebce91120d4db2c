//! The constraint-generation nucleolus against independent answers: the
//! exact LP over all coalitions (`nucleolus::nucleolus`, the reference for
//! small games) on random games, Kohlberg's criterion on every answer of
//! small games, and closed forms at larger sizes — Littlechild's sequential
//! rule for airport games, the Talmud rule for bankruptcy games (Aumann and
//! Maschler 1985), assignment and weighted voting games solved by hand.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use proptest::prelude::*;
use sprague_cooperative::assignment::AssignmentGame;
use sprague_cooperative::characteristic::CharacteristicFunction;
use sprague_cooperative::constraint_generation::{least_core, nucleolus, prenucleolus, Options};
use sprague_cooperative::kohlberg::is_nucleolus;
use sprague_cooperative::nucleolus as reference;
use sprague_cooperative::structured::{AirportGame, BankruptcyGame, SavingsGame};
use sprague_cooperative::{CoopError, TuGame, WeightedVotingGame};
use sprague_strategic::exact_text::{format_rational, parse_rational};

fn q(s: &str) -> BigRational {
    parse_rational(s).unwrap()
}

fn int(v: i64) -> BigRational {
    BigRational::from_integer(v.into())
}

fn strings(v: &[BigRational]) -> Vec<String> {
    v.iter().map(format_rational).collect()
}

fn table<G: CharacteristicFunction>(game: &G) -> TuGame {
    TuGame::from_fn(game.players(), |s| game.worth(s)).unwrap()
}

fn options() -> Options<'static> {
    Options::default()
}

/// Littlechild's rule for the nucleolus of the airport cost game
/// (S. C. Littlechild, "A simple expression for the nucleolus in a special
/// case", International Journal of Game Theory 3, 1974): with the costs
/// sorted c₁ ≤ … ≤ cₙ and the first i players' shares X already set, the
/// next group i+1..=k pays (c_k − X)/(k − i + 1) each, for the k < n that
/// minimises that ratio (one share too many: the rest of the players stand
/// for one more payer); the last player pays what is left.
fn littlechild(costs: &[BigRational]) -> Vec<BigRational> {
    let n = costs.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| costs[a].cmp(&costs[b]));
    let sorted: Vec<BigRational> = order.iter().map(|&i| costs[i].clone()).collect();
    let mut shares = vec![BigRational::zero(); n];
    let mut start = 0;
    let mut paid = BigRational::zero();
    while start + 1 < n {
        let (k, share) = (start..n - 1)
            .map(|k| {
                let ratio = (&sorted[k] - &paid) / int((k - start + 2) as i64);
                (k, ratio)
            })
            .min_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
            .unwrap();
        for slot in &mut shares[start..=k] {
            *slot = share.clone();
        }
        paid += &share * int((k - start + 1) as i64);
        start = k + 1;
    }
    shares[n - 1] = &sorted[n - 1] - &paid;
    let mut result = vec![BigRational::zero(); n];
    for (position, &player) in order.iter().enumerate() {
        result[player] = shares[position].clone();
    }
    result
}

/// The cost nucleolus of the airport game by constraint generation: cᵢ − yᵢ
/// for the nucleolus y of the savings game.
fn airport_nucleolus(costs: &[BigRational]) -> Vec<BigRational> {
    let savings = SavingsGame::new(AirportGame::new(costs).unwrap());
    let y = nucleolus(&savings, &options()).unwrap().allocation;
    costs.iter().zip(&y).map(|(c, y)| c - y).collect()
}

/// Constrained equal awards of `amount` on `claims` (water filling).
fn equal_awards(amount: &BigRational, claims: &[BigRational]) -> Vec<BigRational> {
    let mut order: Vec<usize> = (0..claims.len()).collect();
    order.sort_by(|&a, &b| claims[a].cmp(&claims[b]));
    let mut left = amount.clone();
    let mut awards = vec![BigRational::zero(); claims.len()];
    for (k, &i) in order.iter().enumerate() {
        let even = &left / int((claims.len() - k) as i64);
        let award = if claims[i] < even {
            claims[i].clone()
        } else {
            even
        };
        left -= &award;
        awards[i] = award;
    }
    awards
}

/// The Talmud rule (Aumann and Maschler, "Game theoretic analysis of a
/// bankruptcy problem from the Talmud", Journal of Economic Theory 36, 1985):
/// with half-claims h = d/2, constrained equal awards of E on h when
/// E ≤ Σh, else dᵢ minus the constrained equal awards of the losses Σd − E
/// on h. Aumann and Maschler prove it is the nucleolus of the game.
fn talmud(estate: &BigRational, claims: &[BigRational]) -> Vec<BigRational> {
    let half: Vec<BigRational> = claims.iter().map(|d| d / int(2)).collect();
    let total: BigRational = claims.iter().sum();
    if estate * int(2) <= total {
        equal_awards(estate, &half)
    } else {
        let losses = equal_awards(&(total - estate), &half);
        claims.iter().zip(losses).map(|(d, l)| d - l).collect()
    }
}

#[test]
fn airport_games_follow_littlechilds_rule() {
    // By hand (savings game of costs 1, 2, 3): y = (1/2, 5/4, 5/4), so the
    // costs are (1/2, 3/4, 7/4).
    let costs = [q("1"), q("2"), q("3")];
    assert_eq!(strings(&littlechild(&costs)), ["1/2", "3/4", "7/4"]);
    assert_eq!(strings(&airport_nucleolus(&costs)), ["1/2", "3/4", "7/4"]);
    // Eighteen players with unsorted, repeated and fractional costs.
    let costs: Vec<BigRational> = (0..18)
        .map(|i| BigRational::new(((i * 37) % 23 + 1).into(), ((i % 3) + 1).into()))
        .collect();
    assert_eq!(airport_nucleolus(&costs), littlechild(&costs));
}

#[test]
fn bankruptcy_games_follow_the_talmud_rule() {
    let claims = [q("100"), q("200"), q("300")];
    for (estate, expected) in [
        ("100", ["100/3", "100/3", "100/3"]),
        ("200", ["50", "75", "75"]),
        ("300", ["50", "100", "150"]),
    ] {
        assert_eq!(strings(&talmud(&q(estate), &claims)), expected);
    }
    let claims: Vec<BigRational> = (0..18).map(|i| int((i * 53) % 41 + 3)).collect();
    let total: BigRational = claims.iter().sum();
    for fraction in ["1/7", "1/2", "5/6"] {
        let estate = &total * q(fraction);
        let game = BankruptcyGame::new(&estate, &claims).unwrap();
        let nu = nucleolus(&game, &options()).unwrap();
        assert_eq!(nu.allocation, talmud(&estate, &claims), "estate {estate}");
    }
}

#[test]
fn assignment_games_by_hand() {
    // Two buyers, one seller; surpluses 5 and 3. The core is
    // {(u, 0, 5 − u) : 0 ≤ u ≤ 2}; the nucleolus balances −u (buyer 1 alone)
    // against u − 2 (buyer 2 with the seller): u = 1.
    let game: AssignmentGame = "5;3".parse().unwrap();
    let nu = nucleolus(&game, &options()).unwrap();
    assert_eq!(strings(&nu.allocation), ["1", "0", "4"]);
    assert!(is_nucleolus(&game, &nu.allocation, true).unwrap());
    // One buyer, one seller: the surplus is split equally.
    let pair: AssignmentGame = "10".parse().unwrap();
    assert_eq!(
        strings(&nucleolus(&pair, &options()).unwrap().allocation),
        ["5", "5"]
    );
}

#[test]
fn assignment_games_agree_with_the_full_lp() {
    for text in [
        "3,5,1;4,1,2",
        "5,8,2;7,9,6;2,3,0",
        "1,2;3,4;5,6;7,9",
        "6,1,3,2;2,7,1,4",
    ] {
        let game: AssignmentGame = text.parse().unwrap();
        let found = nucleolus(&game, &options()).unwrap().allocation;
        let full = table(&game);
        assert_eq!(
            found,
            reference::nucleolus(&full).unwrap().allocation,
            "{text}"
        );
        assert!(is_nucleolus(&full, &found, true).unwrap());
    }
}

#[test]
fn weighted_voting_games_by_hand() {
    // A veto player takes everything: the core is {(1, 0, 0)}.
    let veto: WeightedVotingGame = "[3; 2, 1, 1]".parse().unwrap();
    assert_eq!(
        strings(&nucleolus(&veto, &options()).unwrap().allocation),
        ["1", "0", "0"]
    );
    // Symmetric majority: equal shares, least-core ε = 1/3.
    let majority: WeightedVotingGame = "[3; 1, 1, 1, 1, 1]".parse().unwrap();
    assert_eq!(
        strings(&nucleolus(&majority, &options()).unwrap().allocation),
        ["1/5"; 5]
    );
    // [2; 1, 1, 1]: ε = 1/3 (each pair wins: x(S) ≥ 2/3 at best).
    let three: WeightedVotingGame = "[2; 1, 1, 1]".parse().unwrap();
    assert_eq!(
        least_core(&three, &options()).unwrap().epsilon,
        Some(q("1/3"))
    );
    // A dummy (weight 1 never swings in [6; 3, 3, 1]) gets 0; the two vetoes halve.
    let dummy: WeightedVotingGame = "[6; 3, 3, 1]".parse().unwrap();
    assert_eq!(
        strings(&nucleolus(&dummy, &options()).unwrap().allocation),
        ["1/2", "1/2", "0"]
    );
    // Larger: Kohlberg's criterion on [28; 1, …, 10] and agreement with the table method.
    let ten: WeightedVotingGame = "[28; 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]".parse().unwrap();
    let nu = nucleolus(&ten, &options()).unwrap().allocation;
    assert!(is_nucleolus(&ten, &nu, true).unwrap());
    assert_eq!(
        nu,
        reference::nucleolus(&ten.to_tu_game().unwrap())
            .unwrap()
            .allocation
    );
}

#[test]
fn kohlberg_rejects_other_allocations() {
    let game: WeightedVotingGame = "[28; 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]".parse().unwrap();
    let nu = nucleolus(&game, &options()).unwrap().allocation;
    let mut moved = nu.clone();
    let step = q("1/1000");
    moved[0] += &step;
    moved[9] -= &step;
    assert!(!is_nucleolus(&game, &moved, true).unwrap());
    let uneven = vec![q("1/10"); 9];
    assert!(matches!(
        is_nucleolus(&game, &uneven, true),
        Err(CoopError::Shape(_))
    ));
}

/// A random game of n players from integer values, some made fractional.
fn random_game(n: usize, values: &[i64], denominator: i64) -> TuGame {
    TuGame::from_fn(n, |s| {
        if s == 0 {
            int(0)
        } else {
            BigRational::new(values[s as usize % values.len()].into(), denominator.into())
        }
    })
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 120 } else { 500 }))]

    #[test]
    fn agrees_with_the_lp_over_all_coalitions(
        n in 2usize..=6,
        values in prop::collection::vec(-6i64..=20, 64),
        denominator in prop::sample::select(vec![1i64, 1, 2, 3, 7]),
    ) {
        let game = random_game(n, &values, denominator);
        let options = options();
        let pre = prenucleolus(&game, &options).unwrap();
        prop_assert_eq!(&pre.allocation, &reference::prenucleolus(&game).unwrap().allocation);
        prop_assert!(is_nucleolus(&game, &pre.allocation, false).unwrap());
        let lc = least_core(&game, &options).unwrap();
        prop_assert_eq!(lc.epsilon, reference::least_core(&game).unwrap().epsilon);
        match (nucleolus(&game, &options), reference::nucleolus(&game)) {
            (Ok(found), Ok(expected)) => {
                prop_assert_eq!(&found.allocation, &expected.allocation);
                prop_assert!(is_nucleolus(&game, &found.allocation, true).unwrap());
                prop_assert!(found.levels.windows(2).all(|w| w[0] >= w[1]));
            }
            (Err(CoopError::EmptyImputationSet { .. }), Err(CoopError::EmptyImputationSet { .. })) => {}
            (a, b) => prop_assert!(false, "{:?} vs {:?}", a, b),
        }
    }

    #[test]
    fn airport_nucleoli_follow_littlechild(costs in prop::collection::vec(0i64..=30, 1..=7)) {
        let costs: Vec<BigRational> = costs.into_iter().map(int).collect();
        prop_assert_eq!(airport_nucleolus(&costs), littlechild(&costs));
    }

    #[test]
    fn bankruptcy_nucleoli_follow_the_talmud(
        claims in prop::collection::vec(1i64..=40, 2..=7),
        share in 0u32..=12,
    ) {
        let claims: Vec<BigRational> = claims.into_iter().map(int).collect();
        let total: BigRational = claims.iter().sum();
        let estate = total * BigRational::new(share.into(), 12.into());
        let game = BankruptcyGame::new(&estate, &claims).unwrap();
        let nu = nucleolus(&game, &options()).unwrap().allocation;
        prop_assert_eq!(&nu, &talmud(&estate, &claims));
        prop_assert!(nu.iter().all(|v| !v.is_negative()));
    }

    #[test]
    fn assignment_nucleoli_pass_kohlberg(
        buyers in 1usize..=3,
        sellers in 1usize..=3,
        entries in prop::collection::vec(0i64..=9, 9),
    ) {
        let rows: Vec<Vec<BigRational>> = (0..buyers)
            .map(|b| (0..sellers).map(|s| int(entries[b * 3 + s])).collect())
            .collect();
        let game = AssignmentGame::new(&rows).unwrap();
        let nu = nucleolus(&game, &options()).unwrap().allocation;
        let full = table(&game);
        prop_assert!(is_nucleolus(&full, &nu, true).unwrap());
        prop_assert_eq!(&nu, &reference::nucleolus(&full).unwrap().allocation);
    }
}

/// Twenty-five players, against the closed forms (seconds in an optimised
/// build; ignored in debug builds: `cargo test --release` runs them).
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn twenty_five_players_follow_the_closed_forms() {
    let costs: Vec<BigRational> = (1..=25).map(|i| int(3 * i)).collect();
    assert_eq!(airport_nucleolus(&costs), littlechild(&costs));
    let claims: Vec<BigRational> = (1..=25).map(|i| int(7 * i)).collect();
    for estate in [int(500), int(2000)] {
        let game = BankruptcyGame::new(&estate, &claims).unwrap();
        let nu = nucleolus(&game, &options()).unwrap();
        assert_eq!(nu.allocation, talmud(&estate, &claims));
    }
}
