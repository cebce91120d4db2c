//! Fictitious play (Brown, "Iterative solution of games by fictitious play",
//! 1951) in a two-player game, **exact**: in every round each player plays a
//! best reply to the empirical frequencies of the other's past plays
//! (simultaneous updating, as in Fudenberg and Levine, *The Theory of
//! Learning in Games*, 1998, ch. 2), the lowest-numbered best reply on ties
//! (so the first round, with no past plays, is strategy 1 for both).
//!
//! The beliefs are integer play counts, and each player keeps the integer
//! payoff of every strategy against the other's counts (payoffs scaled to
//! integers by [`crate::integer_payoffs`]), updated by one column of the
//! matrix per round: a round costs O(m + n) integer operations and no
//! comparison is ever rounded. In zero-sum games the empirical frequencies
//! converge to the equilibrium set (Robinson, "An iterative method of solving
//! a game", Annals of Mathematics 54, 1951); the answer reports how far the
//! empirical profile is from equilibrium, exactly: each player's largest
//! gain from deviating (ε).

use num_rational::BigRational;
use num_traits::Zero;
use serde::Serialize;
use sprague_strategic::stop::StopCheck;
use sprague_strategic::{Matrix, NormalFormGame};

use crate::error::{too_large, DynamicsError};
use crate::integer_payoffs::IntegerMatrix;

/// The most rounds of one run.
pub const MAX_ROUNDS: u64 = 10_000_000_000;

/// The most recorded frequency snapshots.
pub const MAX_RECORDED: u64 = 1_000_000;

/// The most recorded frequencies (snapshots times the strategies of both
/// players), 80 MB of floats.
pub const MAX_RECORDED_SHARES: u64 = 10_000_000;

/// How to run fictitious play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FictitiousPlayOptions {
    /// The number of rounds.
    pub rounds: u64,
    /// Record the empirical frequencies every k rounds (0: never).
    pub record_every: u64,
}

/// One recorded moment: the round and both players' empirical frequencies.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Snapshot {
    /// Rounds played so far.
    pub round: u64,
    /// Each player's empirical frequencies (approximate, for plots).
    pub frequencies: [Vec<f64>; 2],
}

/// The outcome of a run of fictitious play.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FictitiousPlay {
    /// Rounds played.
    pub rounds: u64,
    /// How often each player played each strategy.
    pub counts: [Vec<u64>; 2],
    /// The empirical mixed strategies, exactly (count / rounds).
    #[serde(serialize_with = "crate::serde_exact::rational_rows")]
    pub frequencies: Vec<Vec<BigRational>>,
    /// Each player's largest gain from deviating from the empirical profile
    /// (0 exactly at a Nash equilibrium).
    #[serde(serialize_with = "crate::serde_exact::rationals")]
    pub epsilon: Vec<BigRational>,
    /// The strategies played in the last round.
    pub last_plays: [usize; 2],
    /// The recorded snapshots (empty unless asked for).
    pub history: Vec<Snapshot>,
}

/// The two payoff matrices of a two-player game.
pub(crate) fn two_player(game: &NormalFormGame) -> Result<(Matrix, Matrix), DynamicsError> {
    if game.num_players() != 2 {
        return Err(DynamicsError::NotTwoPlayer(game.num_players()));
    }
    Ok(game.bimatrix()?)
}

/// The index of the largest entry, the first on ties.
#[inline]
pub(crate) fn first_argmax(values: &[i128]) -> usize {
    let mut best = 0;
    for (i, v) in values.iter().enumerate().skip(1) {
        if *v > values[best] {
            best = i;
        }
    }
    best
}

/// Plays fictitious play for `options.rounds` rounds; the stop check is
/// asked every 65536 rounds.
///
/// ```
/// use sprague_dynamics::fictitious_play::{fictitious_play, FictitiousPlayOptions};
/// use sprague_strategic::examples::example;
/// use sprague_strategic::stop::StopCheck;
/// let pennies = example("matching-pennies").unwrap();
/// let options = FictitiousPlayOptions { rounds: 10_000, record_every: 0 };
/// let run = fictitious_play(&pennies, &options, StopCheck::never()).unwrap();
/// // Robinson (1951): the frequencies approach (1/2, 1/2).
/// let heads = run.counts[0][0] as f64 / 10_000.0;
/// assert!((heads - 0.5).abs() < 0.02);
/// ```
pub fn fictitious_play(
    game: &NormalFormGame,
    options: &FictitiousPlayOptions,
    stop: StopCheck,
) -> Result<FictitiousPlay, DynamicsError> {
    let (a, b) = two_player(game)?;
    check_rounds(options.rounds, MAX_ROUNDS)?;
    let recorded = options
        .rounds
        .checked_div(options.record_every)
        .unwrap_or(0);
    if recorded > MAX_RECORDED {
        return Err(too_large(
            "the number of recorded snapshots (rounds / record-every)",
            recorded,
            MAX_RECORDED,
        ));
    }
    let (m, n) = (a.len(), a[0].len());
    let recorded_shares = recorded.saturating_mul((m + n) as u64);
    if recorded_shares > MAX_RECORDED_SHARES {
        return Err(too_large(
            "the number of recorded frequencies (snapshots times strategies)",
            recorded_shares,
            MAX_RECORDED_SHARES,
        ));
    }
    let row = IntegerMatrix::new(&a, "the row player")?;
    let column = IntegerMatrix::new(&b, "the column player")?.transposed();
    let mut counts = [vec![0u64; m], vec![0u64; n]];
    // payoff[0][i] = Σⱼ A[i][j]·counts[1][j]; payoff[1][j] = Σᵢ B[i][j]·counts[0][i].
    let mut payoff = [vec![0i128; m], vec![0i128; n]];
    let mut history = Vec::with_capacity(recorded as usize);
    let mut last_plays = [0, 0];
    for round in 1..=options.rounds {
        if round.is_multiple_of(65536) && stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        let i = first_argmax(&payoff[0]);
        let j = first_argmax(&payoff[1]);
        counts[0][i] += 1;
        counts[1][j] += 1;
        for (p, r) in payoff[0].iter_mut().zip(&row.entries) {
            *p += i128::from(r[j]);
        }
        for (p, c) in payoff[1].iter_mut().zip(&column.entries) {
            *p += i128::from(c[i]);
        }
        last_plays = [i, j];
        if options.record_every > 0 && round.is_multiple_of(options.record_every) {
            history.push(Snapshot {
                round,
                frequencies: [shares(&counts[0], round), shares(&counts[1], round)],
            });
        }
    }
    let frequencies = vec![
        exact_shares(&counts[0], options.rounds),
        exact_shares(&counts[1], options.rounds),
    ];
    let epsilon = deviation_gains(&a, &b, &frequencies);
    Ok(FictitiousPlay {
        rounds: options.rounds,
        counts,
        frequencies,
        epsilon,
        last_plays,
        history,
    })
}

/// Refuses zero rounds and more than `limit`.
pub(crate) fn check_rounds(rounds: u64, limit: u64) -> Result<(), DynamicsError> {
    if rounds == 0 {
        Err(DynamicsError::Parameter(
            "the number of rounds must be at least 1".into(),
        ))
    } else if rounds > limit {
        Err(too_large("the number of rounds", rounds, limit))
    } else {
        Ok(())
    }
}

/// Counts as float shares of `total`.
pub(crate) fn shares(counts: &[u64], total: u64) -> Vec<f64> {
    counts.iter().map(|&c| c as f64 / total as f64).collect()
}

/// Counts as exact shares of `total`.
pub(crate) fn exact_shares(counts: &[u64], total: u64) -> Vec<BigRational> {
    counts
        .iter()
        .map(|&c| BigRational::new(c.into(), total.into()))
        .collect()
}

/// Each player's largest gain from a pure deviation from the mixed profile
/// `(p, q)` in the bimatrix game `(a, b)`, exactly.
///
/// ```
/// use sprague_dynamics::fictitious_play::deviation_gains;
/// use num_rational::BigRational;
/// let r = |n: i64| BigRational::from_integer(n.into());
/// let a = vec![vec![r(1), r(-1)], vec![r(-1), r(1)]];
/// let b = vec![vec![r(-1), r(1)], vec![r(1), r(-1)]];
/// let half = BigRational::new(1.into(), 2.into());
/// let gains = deviation_gains(&a, &b, &[vec![half.clone(), half.clone()], vec![r(1), r(0)]]);
/// assert_eq!(gains, vec![r(1), r(0)]);
/// ```
pub fn deviation_gains(
    a: &[Vec<BigRational>],
    b: &[Vec<BigRational>],
    profile: &[Vec<BigRational>],
) -> Vec<BigRational> {
    let (p, q) = (&profile[0], &profile[1]);
    let aq: Vec<BigRational> = a
        .iter()
        .map(|row| row.iter().zip(q).map(|(x, y)| x * y).sum())
        .collect();
    let pb: Vec<BigRational> = (0..q.len())
        .map(|j| b.iter().zip(p).map(|(row, x)| &row[j] * x).sum())
        .collect();
    let gain = |values: &[BigRational], mix: &[BigRational]| -> BigRational {
        let current: BigRational = values.iter().zip(mix).map(|(v, x)| v * x).sum();
        let best = values
            .iter()
            .max()
            .cloned()
            .unwrap_or_else(BigRational::zero);
        best - current
    };
    vec![gain(&aq, p), gain(&pb, q)]
}
