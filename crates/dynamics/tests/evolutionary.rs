//! Independent checks of the evolutionary side: rest points against their
//! definition, ESS against the definition by an independent search, the
//! stability verdicts against simulated trajectories, RK4 against a
//! separately written Euler integration and a closed form, and the exact
//! Moran formula against the absorption probabilities of the birth–death
//! chain solved as a linear system.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;
use sprague_dynamics::ess::{all_ess, check_ess};
use sprague_dynamics::exact_linear::{solve, Solution};
use sprague_dynamics::moran::{fixation_from, fixation_probabilities, simulate, SimulationOptions};
use sprague_dynamics::replicator::{trajectory, trajectory_adaptive, TrajectoryOptions};
use sprague_dynamics::rest_points::rest_points;
use sprague_dynamics::routh_hurwitz::Stability;
use sprague_dynamics::SymmetricGame;
use sprague_strategic::examples::example;
use sprague_strategic::stop::StopCheck;

fn r(n: i64) -> BigRational {
    BigRational::from_integer(n.into())
}

fn q(p: i64, d: i64) -> BigRational {
    BigRational::new(p.into(), d.into())
}

fn game(rows: &[Vec<i64>]) -> SymmetricGame {
    SymmetricGame::new(
        rows.iter()
            .map(|row| row.iter().map(|&x| r(x)).collect())
            .collect(),
    )
    .unwrap()
}

/// x·Ay computed directly from the matrix.
fn bilinear(a: &[Vec<BigRational>], x: &[BigRational], y: &[BigRational]) -> BigRational {
    let mut total = BigRational::zero();
    for (xi, row) in x.iter().zip(a) {
        for (aij, yj) in row.iter().zip(y) {
            total += xi * aij * yj;
        }
    }
    total
}

/// Every point of the simplex of dimension n whose shares are multiples of
/// 1/d.
fn grid(n: usize, d: i64) -> Vec<Vec<BigRational>> {
    fn fill(n: usize, left: i64, d: i64, prefix: &mut Vec<i64>, out: &mut Vec<Vec<BigRational>>) {
        if prefix.len() == n - 1 {
            let mut point: Vec<BigRational> = prefix.iter().map(|&k| q(k, d)).collect();
            point.push(q(left, d));
            out.push(point);
            return;
        }
        for k in 0..=left {
            prefix.push(k);
            fill(n, left - k, d, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    fill(n, d, d, &mut Vec::new(), &mut out);
    out
}

/// The definition of an ESS checked against every grid point y ≠ x: either
/// x·Ax > y·Ax, or x·Ax = y·Ax and x·Ay > y·Ay.
fn resists_grid(a: &[Vec<BigRational>], x: &[BigRational], d: i64) -> bool {
    grid(x.len(), d)
        .iter()
        .filter(|y| y.as_slice() != x)
        .all(|y| {
            let (xx, yx) = (bilinear(a, x, x), bilinear(a, y, x));
            xx > yx || (xx == yx && bilinear(a, x, y) > bilinear(a, y, y))
        })
}

/// A mutant that invades x (a best reply y ≠ x with y·Ay ≥ x·Ay): a grid
/// point, or a point a small step from x in an integer direction z (entries
/// from −6 to 6, summing to 0). The steps find invaders off the grid: the
/// neutral direction (1, 0, −1, 0) of x = (6/25, 1/5, 14/25, 0) in the game
/// [[−2, −2, 3, 0], [1, 0, 1, 0], [−3, 2, 2, 0], [0, 0, 0, 0]] (z·Az = 0, so x
/// is neutrally stable, not an ESS) meets no point with denominator 12.
fn invader(a: &[Vec<BigRational>], x: &[BigRational], d: i64) -> Option<Vec<BigRational>> {
    let invades = |y: &Vec<BigRational>| {
        y.as_slice() != x
            && bilinear(a, y, x) == bilinear(a, x, x)
            && bilinear(a, y, y) >= bilinear(a, x, y)
    };
    if let Some(y) = grid(x.len(), d).into_iter().find(invades) {
        return Some(y);
    }
    integer_directions(x.len(), 6)
        .into_iter()
        .filter_map(|z| step_towards(x, &z))
        .find(invades)
}

/// Every integer vector with entries from −m to m summing to 0, but 0.
fn integer_directions(n: usize, m: i64) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (-m..=m).map(move |k| {
                    let mut next = prefix.clone();
                    next.push(k);
                    next
                })
            })
            .collect();
    }
    out.retain(|z| z.iter().sum::<i64>() == 0 && z.iter().any(|&k| k != 0));
    out
}

/// x + t·z for the largest t ≤ 1/64 that stays in the simplex (half the
/// room there is), or `None` when z leaves it at once.
fn step_towards(x: &[BigRational], z: &[i64]) -> Option<Vec<BigRational>> {
    let mut t = q(1, 64);
    for (xi, &zi) in x.iter().zip(z) {
        if zi < 0 {
            let room = xi / r(-zi) / r(2);
            if room.is_zero() {
                return None;
            }
            if room < t {
                t = room;
            }
        }
    }
    Some(x.iter().zip(z).map(|(xi, &zi)| xi + &t * r(zi)).collect())
}

#[test]
fn hawk_dove_ess_is_v_over_c() {
    // Maynard Smith, "Evolution and the Theory of Games" (1982), ch. 2: the
    // mixed ESS of hawk-dove plays Hawk with probability V/C (here 4/6).
    let hd = SymmetricGame::from_game(&example("hawk-dove").unwrap()).unwrap();
    let ess = all_ess(&hd, StopCheck::never()).unwrap();
    assert_eq!(ess.len(), 1);
    assert_eq!(ess[0].state, vec![q(2, 3), q(1, 3)]);
    // General V < C: the ESS is V/C.
    for (v, c) in [(2, 3), (1, 5), (4, 10), (7, 8)] {
        let a: Vec<Vec<BigRational>> = vec![vec![q(v - c, 2), r(v)], vec![r(0), q(v, 2)]];
        let ess = all_ess(&SymmetricGame::new(a).unwrap(), StopCheck::never()).unwrap();
        assert_eq!(ess.len(), 1, "V = {v}, C = {c}");
        assert_eq!(ess[0].state[0], q(v, c));
    }
}

#[test]
fn known_games() {
    // Rock-paper-scissors with win a and loss b has an interior ESS iff
    // a > b (Hofbauer and Sigmund 1998, §7.7); zero-sum (a = b) has none.
    let good = game(&[vec![0, -1, 2], vec![2, 0, -1], vec![-1, 2, 0]]);
    let ess = all_ess(&good, StopCheck::never()).unwrap();
    assert_eq!(ess.len(), 1);
    assert_eq!(ess[0].state, vec![q(1, 3); 3]);
    let bad = game(&[vec![0, -2, 1], vec![1, 0, -2], vec![-2, 1, 0]]);
    assert!(all_ess(&bad, StopCheck::never()).unwrap().is_empty());
    let rps = SymmetricGame::from_game(&example("rock-paper-scissors").unwrap()).unwrap();
    assert!(all_ess(&rps, StopCheck::never()).unwrap().is_empty());
    // A coordination game: both pure strategies are ESS, the mixed one is not.
    let coordination = game(&[vec![2, 0], vec![0, 1]]);
    let ess = all_ess(&coordination, StopCheck::never()).unwrap();
    assert_eq!(ess.len(), 2);
    // A weak ESS case: a pure strategy with an alternative best reply that
    // does worse against itself (x·Ay > y·Ay): ESS though not strict.
    let weak = game(&[vec![1, 1], vec![1, 0]]);
    let ess = all_ess(&weak, StopCheck::never()).unwrap();
    assert_eq!(ess.len(), 1);
    assert_eq!(ess[0].best_replies, vec![0, 1]);
    // A pure strategy whose two alternative best replies leave the quadratic
    // form zᵀAz = −(t₂² + 4t₂t₃ + t₃²) on the cone t ≥ 0: indefinite on the
    // subspace, negative on the cone, so an ESS (Hadeler's criterion with
    // det ≤ 0 and a negative cofactor).
    let cone = game(&[vec![0, 0, 0], vec![0, -1, -2], vec![0, -2, -1]]);
    let ess = all_ess(&cone, StopCheck::never()).unwrap();
    assert!(ess
        .iter()
        .any(|e| e.state == vec![r(1), r(0), r(0)] && e.best_replies == vec![0, 1, 2]));
    assert!(resists_grid(cone.matrix(), &[r(1), r(0), r(0)], 12));
    // The same with −(t₂ − t₃)²: zero along t₂ = t₃, so y = (0, 1/2, 1/2) is a
    // neutral mutant and e₁ is not an ESS.
    let flat = game(&[vec![0, 0, 0], vec![0, -1, 1], vec![0, 1, -1]]);
    let x = [r(1), r(0), r(0)];
    assert!(check_ess(&flat, &x, StopCheck::never()).unwrap().is_none());
    assert_eq!(
        invader(flat.matrix(), &x, 2),
        Some(vec![r(0), q(1, 2), q(1, 2)])
    );
    // All payoffs equal: no ESS (every mutant is neutral).
    assert!(
        all_ess(&game(&[vec![1, 1], vec![1, 1]]), StopCheck::never())
            .unwrap()
            .is_empty()
    );
}

/// Issue 28: a rest point whose Routh array is singular. The characteristic
/// polynomial λ³ + 1/27 was checked independently (the Jacobian of the
/// replicator field by Richardson-extrapolated central differences, exact
/// for a cubic field); it is (λ + 1/3)(λ² − λ/3 + 1/9), roots −1/3 and
/// 1/6 ± i√3/6: two eigenvalues with positive real part.
#[test]
fn singular_routh_array_rest_point_is_unstable() {
    let g = game(&[
        vec![1, 0, 1, 1],
        vec![1, 1, 1, 0],
        vec![1, 0, 1, 0],
        vec![0, 1, 1, 1],
    ]);
    let found = rest_points(&g, StopCheck::never()).unwrap();
    let third = q(1, 3);
    let point = found
        .points
        .iter()
        .find(|p| p.state == vec![third.clone(), third.clone(), r(0), third.clone()])
        .unwrap();
    assert_eq!(
        point.characteristic_polynomial,
        vec![r(1), r(0), r(0), q(1, 27)]
    );
    assert_eq!(
        point.stability,
        Stability::Unstable {
            positive: 2,
            imaginary_axis: 0
        }
    );
    // Rock-paper-scissors' centre: ±i/√3, on the imaginary axis.
    let rps = SymmetricGame::from_game(&example("rock-paper-scissors").unwrap()).unwrap();
    let found = rest_points(&rps, StopCheck::never()).unwrap();
    let centre = found.points.iter().find(|p| p.support.len() == 3).unwrap();
    assert!(matches!(
        centre.stability,
        Stability::Undetermined {
            imaginary_axis: 2,
            ..
        }
    ));
}

/// A random integer game with 2 to 4 strategies.
fn small_game() -> impl Strategy<Value = Vec<Vec<i64>>> {
    (2usize..=4)
        .prop_flat_map(|n| proptest::collection::vec(proptest::collection::vec(-3i64..=3, n), n))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Rest points satisfy xᵢ((Ax)ᵢ − x·Ax) = 0 exactly, lie in the simplex,
    /// and are Nash exactly when no strategy earns more.
    #[test]
    fn rest_points_satisfy_the_definition(rows in small_game()) {
        let g = game(&rows);
        let found = rest_points(&g, StopCheck::never()).unwrap();
        // Every vertex is a rest point and is never singular.
        prop_assert!(found.points.iter().filter(|p| p.support.len() == 1).count() == rows.len());
        for p in &found.points {
            prop_assert_eq!(p.state.iter().sum::<BigRational>(), BigRational::one());
            prop_assert!(p.state.iter().all(|x| !x.is_negative()));
            let ax = g.payoffs_against(&p.state);
            let mean = bilinear(g.matrix(), &p.state, &p.state);
            prop_assert_eq!(&mean, &p.mean_payoff);
            for (xi, v) in p.state.iter().zip(&ax) {
                prop_assert!((xi * (v - &mean)).is_zero());
            }
            prop_assert_eq!(p.nash, ax.iter().all(|v| v <= &mean));
        }
    }

    /// Every ESS found resists every grid mutant (the definition, checked
    /// independently); every isolated symmetric Nash equilibrium not found
    /// has an invader (on the grid, or a small step from it in an integer
    /// direction); no ESS has another ESS among its best replies
    /// (Bishop and Cannings, J. Theor. Biol. 70, 1978).
    #[test]
    fn ess_agree_with_the_definition(rows in small_game()) {
        let g = game(&rows);
        let a = g.matrix();
        let ess = all_ess(&g, StopCheck::never()).unwrap();
        for e in &ess {
            prop_assert!(resists_grid(a, &e.state, 12), "claimed ESS {:?} is invaded", e.state);
            for other in &ess {
                if other.state != e.state {
                    prop_assert!(!other.support.iter().all(|i| e.best_replies.contains(i)));
                }
            }
        }
        let found = rest_points(&g, StopCheck::never()).unwrap();
        for p in found.points.iter().filter(|p| p.nash) {
            if !ess.iter().any(|e| e.state == p.state) {
                prop_assert!(check_ess(&g, &p.state, StopCheck::never()).unwrap().is_none());
                prop_assert!(invader(a, &p.state, 12).is_some(), "no invader of {:?}", p.state);
            }
        }
    }

    /// An asymptotically stable rest point attracts a trajectory started
    /// nearby (in the interior of its face's neighbourhood).
    #[test]
    fn stable_rest_points_attract(rows in small_game()) {
        let g = game(&rows);
        let a = g.float_matrix();
        let n = rows.len();
        let found = rest_points(&g, StopCheck::never()).unwrap();
        for p in found.points.iter().filter(|p| p.stability == Stability::AsymptoticallyStable) {
            let x: Vec<f64> = p.state.iter().map(sprague_strategic::exact_text::rational_to_f64).collect();
            let start: Vec<f64> = x.iter().map(|v| 0.99 * v + 0.01 / n as f64).collect();
            let options = TrajectoryOptions { dt: 0.01, steps: 20_000, record_every: 20_000 };
            let path = trajectory(&a, &start, &options, StopCheck::never()).unwrap();
            let end = path.last();
            let distance: f64 = end.iter().zip(&x).map(|(u, v)| (u - v).abs()).sum();
            prop_assert!(distance < 1e-3, "from {:?} the path ends at {:?}, not {:?}", start, end, x);
        }
    }
}

/// Explicit Euler with a tiny step, written separately from the library.
fn euler(a: &[Vec<f64>], start: &[f64], t: f64, h: f64) -> Vec<f64> {
    let mut x = start.to_vec();
    let steps = (t / h).round() as usize;
    for _ in 0..steps {
        let ax: Vec<f64> = a
            .iter()
            .map(|row| row.iter().zip(&x).map(|(p, q)| p * q).sum())
            .collect();
        let mean: f64 = ax.iter().zip(&x).map(|(p, q)| p * q).sum();
        x = x
            .iter()
            .zip(&ax)
            .map(|(xi, v)| xi + h * xi * (v - mean))
            .collect();
    }
    x
}

#[test]
fn rk4_agrees_with_a_fine_euler_integration() {
    let games: Vec<(Vec<Vec<f64>>, Vec<f64>)> = vec![
        (vec![vec![-1.0, 4.0], vec![0.0, 2.0]], vec![0.1, 0.9]),
        (
            vec![
                vec![0.0, -1.0, 1.0],
                vec![1.0, 0.0, -1.0],
                vec![-1.0, 1.0, 0.0],
            ],
            vec![0.2, 0.3, 0.5],
        ),
        (
            vec![
                vec![1.0, 3.0, -2.0],
                vec![0.5, 2.0, 1.0],
                vec![-1.0, 0.0, 2.5],
            ],
            vec![0.3, 0.3, 0.4],
        ),
    ];
    for (a, start) in &games {
        let options = TrajectoryOptions {
            dt: 0.01,
            steps: 200,
            record_every: 200,
        };
        let path = trajectory(a, start, &options, StopCheck::never()).unwrap();
        let rk4 = path.last();
        let reference = euler(a, start, 2.0, 1e-6);
        for (u, v) in rk4.iter().zip(&reference) {
            assert!((u - v).abs() < 1e-5, "{rk4:?} vs {reference:?}");
        }
        let adaptive = trajectory_adaptive(a, start, &options, 1e-10, StopCheck::never()).unwrap();
        for (u, v) in adaptive.last().iter().zip(&reference) {
            assert!(
                (u - v).abs() < 1e-5,
                "{:?} vs {reference:?}",
                adaptive.last()
            );
        }
    }
}

#[test]
fn rk4_agrees_with_the_logistic_closed_form() {
    // A = [[1, 1], [0, 0]]: the first strategy earns 1 more whatever the
    // state, so ẋ = x(1 − x) and x(t) = x₀eᵗ / (1 − x₀ + x₀eᵗ).
    let a = vec![vec![1.0, 1.0], vec![0.0, 0.0]];
    let options = TrajectoryOptions {
        dt: 0.001,
        steps: 3000,
        record_every: 1000,
    };
    let path = trajectory(&a, &[0.2, 0.8], &options, StopCheck::never()).unwrap();
    for (t, x) in path.times.iter().zip(path.states()) {
        let exact = 0.2 * t.exp() / (0.8 + 0.2 * t.exp());
        assert!((x[0] - exact).abs() < 1e-12, "t = {t}: {} vs {exact}", x[0]);
    }
    // The adaptive method between its steps (dense output) at every 0.01.
    let options = TrajectoryOptions {
        dt: 0.01,
        steps: 500,
        record_every: 1,
    };
    let path = trajectory_adaptive(&a, &[0.2, 0.8], &options, 1e-10, StopCheck::never()).unwrap();
    assert_eq!(path.times.len(), 501);
    for (t, x) in path.times.iter().zip(path.states()) {
        let exact = 0.2 * t.exp() / (0.8 + 0.2 * t.exp());
        // The tolerance bounds the local error; the global one is larger.
        assert!((x[0] - exact).abs() < 1e-8, "t = {t}: {} vs {exact}", x[0]);
    }
}

/// The fixation probabilities of the birth–death chain from every state,
/// by solving the absorption equations xᵢ = T⁺ᵢxᵢ₊₁ + T⁻ᵢxᵢ₋₁ + (1 − T⁺ᵢ − T⁻ᵢ)xᵢ,
/// x₀ = 0, x_N = 1, as an exact linear system (no product formula).
fn chain_absorption(a: &[Vec<BigRational>], n: usize, w: &BigRational) -> Vec<BigRational> {
    let big = |k: usize| BigRational::from_integer(k.into());
    let size = n - 1;
    let mut m = vec![vec![BigRational::zero(); size]; size];
    let mut b = vec![BigRational::zero(); size];
    for i in 1..n {
        let pa = (&a[0][0] * big(i - 1) + &a[0][1] * big(n - i)) / big(n - 1);
        let pb = (&a[1][0] * big(i) + &a[1][1] * big(n - i - 1)) / big(n - 1);
        let f = BigRational::one() - w + w * pa;
        let g = BigRational::one() - w + w * pb;
        let total = big(i) * &f + big(n - i) * &g;
        let up = big(i) * &f / &total * big(n - i) / big(n);
        let down = big(n - i) * &g / &total * big(i) / big(n);
        let row = i - 1;
        m[row][row] = &up + &down;
        if i + 1 < n {
            m[row][row + 1] = -up.clone();
        } else {
            b[row] = up.clone();
        }
        if i > 1 {
            m[row][row - 1] = -down;
        }
    }
    match solve(&m, &b) {
        Solution::Unique(x) => x,
        Solution::Singular { .. } => panic!("the absorption system is regular"),
    }
}

#[test]
fn moran_formula_matches_the_birth_death_chain() {
    let games = [
        game(&[vec![3, 0], vec![5, 1]]),
        game(&[vec![4, 0], vec![3, 3]]),
        game(&[vec![-1, 4], vec![0, 2]]),
        game(&[vec![1, 2], vec![2, 1]]),
    ];
    for g in &games {
        for n in [2usize, 3, 5, 8, 13] {
            for w in [r(0), q(1, 10), q(1, 4), q(1, 2)] {
                let chain = chain_absorption(g.matrix(), n, &w);
                let p = fixation_probabilities(g, n, &w).unwrap();
                assert_eq!(p.first_invades, chain[0], "N = {n}, w = {w}");
                assert_eq!(p.second_invades, BigRational::one() - &chain[n - 2]);
                for i in 1..n {
                    assert_eq!(fixation_from(g, n, &w, i).unwrap(), chain[i - 1]);
                }
            }
        }
    }
}

#[test]
fn moran_simulation_estimates_the_exact_value() {
    let g = game(&[vec![3, 0], vec![5, 1]]);
    let exact = fixation_probabilities(&g, 10, &q(1, 5)).unwrap();
    let p = sprague_strategic::exact_text::rational_to_f64(&exact.first_invades);
    let runs = 20_000;
    let options = SimulationOptions {
        initial: vec![1, 9],
        intensity: 0.2,
        runs,
        max_steps: 1_000_000,
        seed: 42,
    };
    let sim = simulate(&g, &options, StopCheck::never()).unwrap();
    let estimate = sim.frequencies[0];
    let sigma = (p * (1.0 - p) / runs as f64).sqrt();
    assert!(
        (estimate - p).abs() < 5.0 * sigma,
        "estimate {estimate}, exact {p}"
    );
    assert_eq!(sim.unfixed, 0);
}

#[test]
fn moran_refuses_bad_requests() {
    let g = game(&[vec![3, 0], vec![5, 1]]);
    assert!(fixation_probabilities(&g, 1, &q(1, 2)).is_err());
    assert!(fixation_probabilities(&g, 10, &q(3, 2)).is_err());
    assert!(fixation_probabilities(&g, 10, &r(-1)).is_err());
    assert!(fixation_probabilities(&g, 1_000_000, &q(1, 2)).is_err());
    let negative = game(&[vec![-8, 0], vec![-15, -1]]);
    assert!(fixation_probabilities(&negative, 10, &q(1, 2)).is_err());
    let rps = SymmetricGame::from_game(&example("rock-paper-scissors").unwrap()).unwrap();
    assert!(fixation_probabilities(&rps, 10, &q(1, 2)).is_err());
    let options = SimulationOptions {
        initial: vec![1, 1],
        intensity: 0.5,
        runs: 0,
        max_steps: 10,
        seed: 0,
    };
    assert!(simulate(&rps, &options, StopCheck::never()).is_err());
}

#[test]
fn symmetric_games_are_checked() {
    assert!(SymmetricGame::from_game(&example("matching-pennies").unwrap()).is_err());
    assert!(SymmetricGame::from_game(&example("von-stengel-degenerate").unwrap()).is_err());
    assert!(SymmetricGame::new(vec![vec![r(1)]]).is_err());
    assert!(SymmetricGame::new(vec![vec![r(1), r(2)], vec![r(1)]]).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Two strategies, A = [[a, b], [c, d]], against the closed forms
    /// (Weibull, *Evolutionary Game Theory*, 1995, §2.1 and §3.1): the rest
    /// points are the vertices and, when a − c and d − b have the same
    /// strict sign, x* = (d − b)/(a − b − c + d); the first pure strategy
    /// is an ESS iff a > c or (a = c and b > d), the second iff d > b or
    /// (d = b and c > a), and x* iff a < c and d < b.
    #[test]
    fn two_strategy_games_match_the_closed_forms(a in -4i64..=4, b in -4i64..=4, c in -4i64..=4, d in -4i64..=4) {
        let g = game(&[vec![a, b], vec![c, d]]);
        let found = rest_points(&g, StopCheck::never()).unwrap();
        let interior: Vec<&BigRational> = found
            .points
            .iter()
            .filter(|p| p.support.len() == 2)
            .map(|p| &p.state[0])
            .collect();
        let (p, q) = (a - c, d - b);
        if (p > 0 && q > 0) || (p < 0 && q < 0) {
            let expected = q_of(q, p + q);
            prop_assert_eq!(interior, vec![&expected]);
        } else if p == 0 && q == 0 {
            prop_assert_eq!(&found.singular_faces, &vec![vec![0, 1]]);
        } else {
            prop_assert!(interior.is_empty());
        }
        let ess: Vec<Vec<BigRational>> = all_ess(&g, StopCheck::never())
            .unwrap()
            .into_iter()
            .map(|e| e.state)
            .collect();
        let mut expected = Vec::new();
        if a > c || (a == c && b > d) {
            expected.push(vec![r(1), r(0)]);
        }
        if d > b || (d == b && c > a) {
            expected.push(vec![r(0), r(1)]);
        }
        if p < 0 && q < 0 {
            expected.push(vec![q_of(q, p + q), q_of(p, p + q)]);
        }
        prop_assert_eq!(ess, expected);
    }
}

/// [`q`] under another name, for the test above whose variables shadow it.
fn q_of(p: i64, d: i64) -> BigRational {
    q(p, d)
}
