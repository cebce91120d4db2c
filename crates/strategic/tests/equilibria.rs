//! Integration tests of the equilibrium methods on known games.

use num_rational::BigRational;
use sprague_strategic::equilibrium::is_bimatrix_nash;
use sprague_strategic::examples::example;
use sprague_strategic::nfg::read_nfg;
use sprague_strategic::vertex_enumeration::all_equilibria;

fn q(p: i64, d: i64) -> BigRational {
    BigRational::new(p.into(), d.into())
}

#[test]
fn von_stengel_75_equilibria() {
    let game = read_nfg(include_str!("data/stengel.nfg")).unwrap();
    let all = all_equilibria(&game, Default::default()).unwrap();
    assert_eq!(all.equilibria.len(), 75);
    assert!(!all.degenerate);
    let (a, b) = game.bimatrix().unwrap();
    for e in &all.equilibria {
        assert!(is_bimatrix_nash(&a, &b, &e.strategies[0], &e.strategies[1]));
    }
}

#[test]
fn gambit_outcome_file() {
    let game = read_nfg(include_str!("data/2x2.nfg")).unwrap();
    let all = all_equilibria(&game, Default::default()).unwrap();
    assert_eq!(all.equilibria.len(), 1);
    // A = [[2,0],[0,1]], B = [[0,1],[1,0]]: x = (1/2,1/2), y = (1/3,2/3).
    assert_eq!(
        all.equilibria[0].strategies,
        vec![vec![q(1, 2), q(1, 2)], vec![q(1, 3), q(2, 3)]]
    );
}

#[test]
fn rock_paper_scissors_thirds() {
    let all = all_equilibria(&example("rock-paper-scissors").unwrap(), Default::default()).unwrap();
    assert_eq!(all.equilibria.len(), 1);
    assert_eq!(all.equilibria[0].strategies, vec![vec![q(1, 3); 3]; 2]);
    assert_eq!(all.equilibria[0].payoffs, vec![q(0, 1), q(0, 1)]);
}

#[test]
fn battle_of_the_sexes_three() {
    let all = all_equilibria(&example("battle-of-the-sexes").unwrap(), Default::default()).unwrap();
    let s: Vec<_> = all
        .equilibria
        .iter()
        .map(|e| e.strategies.clone())
        .collect();
    assert_eq!(s.len(), 3);
    assert!(s.contains(&vec![vec![q(2, 3), q(1, 3)], vec![q(1, 3), q(2, 3)]]));
    assert!(s.contains(&vec![vec![q(1, 1), q(0, 1)], vec![q(1, 1), q(0, 1)]]));
    assert!(s.contains(&vec![vec![q(0, 1), q(1, 1)], vec![q(0, 1), q(1, 1)]]));
}

#[test]
fn von_stengel_degenerate_component() {
    // Handbook of Game Theory 3, ch. 45 (von Stengel 2002), the degenerate
    // 3x2 game: T is a best reply to y = (y1, 1-y1) for y1 >= 2/3, and player 2
    // is indifferent against T, so {T} x conv{(1,0), (2/3,1/3)} is a component;
    // the other equilibrium is ((0,1/3,2/3), (1/3,2/3)).
    let game = example("von-stengel-degenerate").unwrap();
    let all = all_equilibria(&game, Default::default()).unwrap();
    assert!(all.degenerate);
    let t = vec![q(1, 1), q(0, 1), q(0, 1)];
    let comp = all
        .cliques
        .iter()
        .find(|c| c.rows.len() == 1 && all.row_vertices[c.rows[0]] == t)
        .expect("the component through T");
    let mut ys: Vec<_> = comp
        .columns
        .iter()
        .map(|&c| all.column_vertices[c].clone())
        .collect();
    ys.sort();
    assert_eq!(ys, vec![vec![q(2, 3), q(1, 3)], vec![q(1, 1), q(0, 1)]]);
    assert!(all
        .equilibria
        .iter()
        .any(|e| e.strategies == vec![vec![q(0, 1), q(1, 3), q(2, 3)], vec![q(1, 3), q(2, 3)]]));
    assert_eq!(all.equilibria.len(), 3);
    assert_eq!(all.cliques.len(), 2);
}

#[test]
fn boxed_pigs() {
    let all = all_equilibria(&example("boxed-pigs").unwrap(), Default::default()).unwrap();
    assert!(all.degenerate);
    let (a, b) = example("boxed-pigs").unwrap().bimatrix().unwrap();
    for e in &all.equilibria {
        assert!(is_bimatrix_nash(&a, &b, &e.strategies[0], &e.strategies[1]));
    }
}

#[test]
fn textbook_zero_sum_odd_or_even() {
    let game =
        sprague_strategic::matrix_io::read_csv(include_str!("data/odd_or_even.csv")).unwrap();
    let s = sprague_strategic::zero_sum::solve_zero_sum(&game.zero_sum_matrix().unwrap()).unwrap();
    assert_eq!(s.value, q(1, 12));
    assert_eq!(s.row_strategy, vec![q(7, 12), q(5, 12)]);
    assert_eq!(s.column_strategy, vec![q(7, 12), q(5, 12)]);
}
