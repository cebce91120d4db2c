//! `tree spe` is one bottom-up pass (issue 28): on centipede games of any
//! depth the subgame-perfect equilibrium is "take" everywhere, and the time
//! grows linearly with the depth.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use num_rational::BigRational;
use num_traits::{One, Zero};
use sprague_strategic::extensive::efg::read_efg;
use sprague_strategic::extensive::report::solve_subgame_perfect;

/// A centipede game of `depth` decision nodes as Gambit `.efg` text: the
/// players alternate; at stage `k` (0-based) taking pays the mover `k + 2`
/// and the other `k`; passing at the last stage pays both `depth`. Taking
/// beats passing at every stage (`k + 2 > k + 1`), so the only
/// subgame-perfect equilibrium takes everywhere.
fn centipede(depth: usize) -> String {
    let mut text = String::from("EFG 2 R \"Centipede\" { \"1\" \"2\" } \"\"\n");
    for k in 0..depth {
        let mover = k % 2;
        let (mine, other) = (k + 2, k);
        let payoffs = if mover == 0 {
            (mine, other)
        } else {
            (other, mine)
        };
        let _ = writeln!(
            text,
            "p \"\" {} {} \"\" {{ \"take\" \"pass\" }} 0",
            mover + 1,
            k / 2 + 1
        );
        let _ = writeln!(
            text,
            "t \"\" {} \"\" {{ {}, {} }}",
            k + 1,
            payoffs.0,
            payoffs.1
        );
    }
    let _ = writeln!(text, "t \"\" {} \"\" {{ {depth}, {depth} }}", depth + 1);
    text
}

fn solve(depth: usize) -> Duration {
    let text = centipede(depth);
    let started = Instant::now();
    let game = read_efg(&text).unwrap();
    let report = solve_subgame_perfect(&game).unwrap();
    let elapsed = started.elapsed();
    assert_eq!(report.subgames.len(), depth);
    assert_eq!(report.every_subgame_checked, Some(true));
    assert!(report.equilibrium.verified);
    elapsed
}

#[test]
fn a_centipede_takes_everywhere_and_names_subgames_by_their_root_node() {
    let game = read_efg(&centipede(5)).unwrap();
    let report = solve_subgame_perfect(&game).unwrap();
    // Decision nodes in preorder: 1, 3, 5, 7, 9 (each followed by its "take" leaf).
    let roots: Vec<usize> = report.subgames.iter().map(|s| s.root_node).collect();
    assert_eq!(roots, vec![1, 3, 5, 7, 9]);
    assert!(report
        .subgames
        .iter()
        .all(|s| s.method == "backward induction"));
    assert_eq!(report.every_subgame_checked, Some(true));
    let spe = sprague_strategic::extensive::subgame::subgame_perfect(&game).unwrap();
    for probabilities in &spe.profile.probabilities {
        assert_eq!(
            probabilities,
            &vec![BigRational::one(), BigRational::zero()]
        );
    }
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["subgames"][2]["root_node"], 5);
}

#[test]
fn a_centipede_of_depth_2000_is_solved_and_checked() {
    solve(2_000);
}

/// Linear time: ten times the depth costs less than thirty times the time.
/// Release only (`cargo test --release -p sprague-strategic --test spe_linear -- --ignored --nocapture`).
#[test]
#[ignore]
fn time_grows_linearly_with_the_depth() {
    let mut times = Vec::new();
    for depth in [1_000, 10_000, 100_000] {
        let t = solve(depth);
        eprintln!("centipede depth {depth}: {t:?}");
        times.push(t);
    }
    assert!(times[2] < times[1] * 30, "{times:?}");
}
