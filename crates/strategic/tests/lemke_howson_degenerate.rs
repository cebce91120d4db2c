//! Lemke–Howson on large degenerate games (issue 28): payoffs in 0..=3 make
//! many ties, so the path must break them by the lexicographic rule to end.
//! Each equilibrium is checked here by an independent exact best-response
//! test (every strategy played with positive probability earns the best
//! payoff against the other's strategy), not by the crate's own check.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use sprague_strategic::lemke_howson::{lemke_howson_bimatrix, lemke_howson_bimatrix_with_stop};
use sprague_strategic::random::random_bimatrix;
use sprague_strategic::stop::StopCheck;
use sprague_strategic::StrategicError;

fn rational(x: i64) -> BigRational {
    BigRational::from_integer(x.into())
}

fn to_rational(m: &[Vec<i64>]) -> Vec<Vec<BigRational>> {
    m.iter()
        .map(|r| r.iter().map(|&x| rational(x)).collect())
        .collect()
}

/// Whether `(x, y)` is a Nash equilibrium of `(a, b)`: both are probability
/// vectors and every pure strategy in a support is a best response.
fn best_responses(a: &[Vec<i64>], b: &[Vec<i64>], x: &[BigRational], y: &[BigRational]) -> bool {
    let (m, n) = (a.len(), a[0].len());
    let distribution = |p: &[BigRational]| {
        p.iter().all(|v| !v.is_negative())
            && p.iter().fold(BigRational::zero(), |s, v| s + v) == rational(1)
    };
    if x.len() != m || y.len() != n || !distribution(x) || !distribution(y) {
        return false;
    }
    let row_payoff: Vec<BigRational> = (0..m)
        .map(|i| (0..n).fold(BigRational::zero(), |s, j| s + &y[j] * rational(a[i][j])))
        .collect();
    let column_payoff: Vec<BigRational> = (0..n)
        .map(|j| (0..m).fold(BigRational::zero(), |s, i| s + &x[i] * rational(b[i][j])))
        .collect();
    let best_row = row_payoff.iter().max().cloned().unwrap_or_default();
    let best_column = column_payoff.iter().max().cloned().unwrap_or_default();
    (0..m).all(|i| x[i].is_zero() || row_payoff[i] == best_row)
        && (0..n).all(|j| y[j].is_zero() || column_payoff[j] == best_column)
}

fn solve_and_check(size_m: usize, size_n: usize, seed: u64, label: usize) {
    let (a, b) = random_bimatrix(size_m, size_n, 3, seed);
    let started = Instant::now();
    let r = lemke_howson_bimatrix(&to_rational(&a), &to_rational(&b), label).unwrap();
    let s = &r.equilibrium.strategies;
    assert!(
        best_responses(&a, &b, &s[0], &s[1]),
        "{size_m}x{size_n} seed {seed} label {label}: not an equilibrium"
    );
    eprintln!(
        "{size_m}x{size_n} seed {seed} label {label}: {} pivots, exact pivoting {}, {:?}",
        r.pivots,
        r.exact_pivoting,
        started.elapsed()
    );
}

/// Twenty seeded degenerate games of 50 to 200 strategies a side.
#[test]
fn twenty_degenerate_games_end_in_equilibria() {
    for k in 0..20u64 {
        let m = 50 + (k as usize * 37) % 151;
        let n = 50 + (k as usize * 53 + 11) % 151;
        solve_and_check(m, n, 2800 + k, (k as usize * 7) % (m + n));
    }
}

/// The path polls its stop check: a check that says stop at once ends it
/// with `Interrupted`, and one raised by another thread after 50 ms ends
/// it within moments.
#[test]
fn the_path_stops_when_asked() {
    // A path of 16,098 pivots (seed 2813 of the test above).
    let (a, b) = random_bimatrix(78, 146, 3, 2813);
    let (ra, rb) = (to_rational(&a), to_rational(&b));
    let always = || true;
    let r = lemke_howson_bimatrix_with_stop(&ra, &rb, 91, StopCheck::new(&always));
    assert!(matches!(r, Err(StrategicError::Interrupted)));
    let flag = AtomicBool::new(false);
    let check = || flag.load(Ordering::Relaxed);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, Ordering::Relaxed);
        });
        let started = Instant::now();
        let r = sprague_strategic::lemke_howson::lemke_howson_exact_with_stop(
            &ra,
            &rb,
            91,
            StopCheck::new(&check),
        );
        assert!(matches!(r, Err(StrategicError::Interrupted)), "{r:?}");
        assert!(started.elapsed() < Duration::from_secs(2));
    });
}
