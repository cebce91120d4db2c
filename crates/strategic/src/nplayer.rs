//! Mixed Nash equilibria of n-player games by support enumeration, exactly,
//! for the equilibria in which at most two players mix, or exactly three
//! mix over two strategies each.
//!
//! A support profile gives every player a non-empty support. Where at most
//! two players `a` and `b` have supports of more than one strategy, the
//! others play pure strategies `s`, and the equilibrium conditions are
//! those of the bimatrix game `G(s)` between `a` and `b` induced by fixing
//! `s` (linear, von Stengel, "Computing equilibria for two-person games",
//! Handbook of Game Theory 3, 2002) together with the best-reply conditions
//! of the pure players, `x^T D y <= 0` for every deviation (bilinear in the
//! two mixed strategies). So, for every pair of players and every pure
//! profile of the others (this covers every support profile with at most
//! two mixing players):
//!
//! 1. every extreme equilibrium of `G(s)` is found by vertex enumeration
//!    ([`crate::vertex_enumeration`]), with its maximal convex sets
//!    (cliques `conv X × conv Y`);
//! 2. through every extreme strategy `x` of `a`, the strategies `y` of `b`
//!    with `(x, y)` an equilibrium of `G(s)` form a polytope (its
//!    inequalities are linear once `x` is fixed), and so do those that also
//!    keep every pure player's strategy a best reply; its vertices are
//!    enumerated exactly (every choice of tight inequalities, a square
//!    rational system each) and reported, and likewise with the roles of
//!    `a` and `b` exchanged;
//! 3. a clique whose two sides both have several extreme strategies is
//!    wholly made of equilibria of the whole game when every pair of its
//!    extreme strategies is one (a bilinear function is largest at a pair of
//!    vertices of a product of polytopes). Otherwise the pure players'
//!    conditions cut it along a curved (quadric) surface, whose points need
//!    not be rational: the points on the sections of step 2 are reported and
//!    the result is marked incomplete.
//!
//! Where exactly three players mix, over two strategies each (the totally
//! mixed equilibria of a 2×2×2 game, for example), the three indifference
//! conditions are bilinear in the three probabilities; eliminating two of
//! them leaves one quadratic equation, whose roots are rational or
//! quadratic irrationals `a + b·√r` ([`crate::quadratic`]). Each root is
//! checked exactly (every pure deviation of every player, in `Q(√r)`);
//! irrational equilibria are reported apart, as they cannot be written
//! `p/q`. A profile whose equations have infinitely many solutions (a
//! curve of candidates) is counted as unsolved and marks the result
//! incomplete.
//!
//! The reported profiles are then the extreme points of convex sets of
//! equilibria that together hold every equilibrium of the searched support
//! profiles (unless step 3 or an unsolved profile marked the result
//! incomplete). With two players this is exactly the set of extreme
//! equilibria. Equilibria in which four or more players mix, or three with
//! a support of three or more strategies, solve larger polynomial systems
//! (McKelvey and McLennan, "The maximal number of regular totally mixed Nash
//! equilibria", Journal of Economic Theory 72, 1997) and are not searched:
//! the result counts their support profiles and is marked incomplete when
//! there are any.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::equilibrium::{bilinear, Equilibrium};
use crate::error::StrategicError;
use crate::game::{Matrix, MixedProfile, NormalFormGame};
use crate::pure::pure_equilibria;
use crate::quadratic::{quadratic_roots, QuadraticNumber};
use crate::stop::StopCheck;
use crate::support_enumeration::{binomial, solve_linear, Subsets, DEFAULT_SUPPORT_LIMIT};
use crate::vertex_enumeration::{all_equilibria_bimatrix, EnumerationOptions};

/// Options of [`nplayer_equilibria`].
#[derive(Debug, Clone, Copy)]
pub struct NPlayerOptions<'a> {
    /// Refuse games with more support profiles in which at most two players
    /// mix than this, and stop (with an error) once the vertex searches of
    /// the sections have tried more square systems than this in total.
    pub limit: u128,
    /// Run regardless of the limits (also those of the vertex enumerations).
    pub force: bool,
    /// Asked every so often; the search ends with
    /// [`StrategicError::Interrupted`] when it says stop.
    pub stop: StopCheck<'a>,
}

impl Default for NPlayerOptions<'_> {
    fn default() -> Self {
        NPlayerOptions {
            limit: DEFAULT_SUPPORT_LIMIT,
            force: false,
            stop: StopCheck::never(),
        }
    }
}

/// The result of [`nplayer_equilibria`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NPlayerEquilibria {
    /// The equilibria found (see the module documentation), sorted
    /// descending by their strategies.
    pub equilibria: Vec<Equilibrium>,
    /// The number of support profiles searched: at most two players mix,
    /// or exactly three mix over two strategies each.
    pub searched_profiles: BigUint,
    /// The number of the other support profiles (not searched): four or
    /// more players mix, or three with one over three or more strategies.
    pub unsearched_profiles: BigUint,
    /// The number of convex sets of equilibria of induced two-player games
    /// that the pure players' conditions cut along a curved surface (only
    /// their points on sections through extreme strategies are reported).
    pub curved_sets: usize,
    /// Equilibria in which three players mix whose probabilities are
    /// irrational (roots of a quadratic equation), exactly.
    pub irrational: Vec<IrrationalEquilibrium>,
    /// Support profiles with three players mixing over two strategies each
    /// whose indifference equations have infinitely many solutions (or
    /// solutions this search does not decide): their equilibria are not listed.
    pub unsolved_profiles: usize,
}

/// An equilibrium whose probabilities are quadratic irrationals.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct IrrationalEquilibrium {
    /// One probability vector per player.
    pub strategies: Vec<Vec<QuadraticNumber>>,
    /// The expected payoffs.
    pub payoffs: Vec<QuadraticNumber>,
}

impl NPlayerEquilibria {
    /// Whether every equilibrium of the game is a convex combination of
    /// reported ones (rational or irrational) lying in a common convex set
    /// of equilibria: no support profile was left out or left unsolved and
    /// no convex set was cut by a curved surface.
    pub fn complete(&self) -> bool {
        self.unsearched_profiles.is_zero() && self.curved_sets == 0 && self.unsolved_profiles == 0
    }
}

/// The numbers of support profiles that are searched (at most two players
/// mix, or exactly three mix over two strategies each) and that are not,
/// for players with `counts` strategies.
///
/// ```
/// use num_bigint::BigUint;
/// use sprague_strategic::nplayer::support_profile_counts;
/// // 2x2x2: 27 profiles (3 supports each), all searched.
/// let (searched, unsearched) = support_profile_counts(&[2, 2, 2]);
/// assert_eq!((searched, unsearched), (BigUint::from(27u32), BigUint::from(0u32)));
/// // 3x2x2: 63 profiles; player 1 mixing over all three strategies while
/// // the others mix is the one profile not searched.
/// let (searched, unsearched) = support_profile_counts(&[3, 2, 2]);
/// assert_eq!((searched, unsearched), (BigUint::from(62u32), BigUint::from(1u32)));
/// ```
pub fn support_profile_counts(counts: &[usize]) -> (BigUint, BigUint) {
    // The coefficients of t^0, t^1, t^2 of the product of (pure + mixed t),
    // and of t^3 of the product of (pure + pairs t).
    let mut low = [BigUint::one(), BigUint::zero(), BigUint::zero()];
    let mut pairs_only = [
        BigUint::one(),
        BigUint::zero(),
        BigUint::zero(),
        BigUint::zero(),
    ];
    let mut total = BigUint::one();
    for &c in counts {
        let pure = BigUint::from(c);
        let all = (BigUint::one() << c) - BigUint::one();
        let mixed = &all - &pure;
        let pairs = BigUint::from(binomial(c, 2));
        low = [
            &low[0] * &pure,
            &low[1] * &pure + &low[0] * &mixed,
            &low[2] * &pure + &low[1] * &mixed,
        ];
        pairs_only = [
            &pairs_only[0] * &pure,
            &pairs_only[1] * &pure + &pairs_only[0] * &pairs,
            &pairs_only[2] * &pure + &pairs_only[1] * &pairs,
            &pairs_only[3] * &pure + &pairs_only[2] * &pairs,
        ];
        total *= all;
    }
    let searched: BigUint = low.iter().sum::<BigUint>() + &pairs_only[3];
    let unsearched = total - &searched;
    (searched, unsearched)
}

/// The refusal [`nplayer_equilibria`] gives (without `force`) to a game
/// with these strategy counts, `None` when it runs: the size check alone,
/// so that a game can be refused before it is built (the reduced
/// strategic form of an extensive game).
///
/// ```
/// use sprague_strategic::nplayer::support_size_refusal;
/// assert!(support_size_refusal(&[3, 2, 2], 2_000_000).is_none());
/// assert!(support_size_refusal(&[64, 2, 8, 512], 2_000_000).is_some());
/// ```
pub fn support_size_refusal(counts: &[usize], limit: u128) -> Option<StrategicError> {
    refusal(counts, &support_profile_counts(counts).0, limit)
}

fn refusal(counts: &[usize], searched_profiles: &BigUint, limit: u128) -> Option<StrategicError> {
    if *searched_profiles <= BigUint::from(limit) {
        return None;
    }
    let shape: Vec<String> = counts.iter().map(usize::to_string).collect();
    Some(StrategicError::TooLarge {
        method: format!("support enumeration of a {} game", shape.join("x")),
        what: "support profiles to search (at most two players mixing, or three over two strategies each)".into(),
        count: searched_profiles.to_string(),
        limit: limit.to_string(),
    })
}

/// Advances `profile` to the next pure profile of the players `others`
/// (mixed radix, first player fastest); `false` after the last.
fn next_profile(profile: &mut [usize], others: &[usize], counts: &[usize]) -> bool {
    let Some(&p) = others.iter().find(|&&p| profile[p] + 1 < counts[p]) else {
        return false;
    };
    for &q in others.iter().take_while(|&&q| q != p) {
        profile[q] = 0;
    }
    profile[p] += 1;
    true
}

/// Every equilibrium of an n-player game in which at most two players mix,
/// as extreme points of convex sets of equilibria, and every isolated one
/// in which three players mix over two strategies each, exactly (see the
/// module documentation for what is and is not searched).
///
/// ```
/// use sprague_strategic::nfg::read_nfg;
/// use sprague_strategic::nplayer::{nplayer_equilibria, NPlayerOptions};
/// // Matching pennies between players 1 and 2; player 3 has one strategy.
/// let game = read_nfg(r#"NFG 1 R "" { "1" "2" "3" } { 2 2 1 }
/// 1 -1 0  -1 1 0  -1 1 0  1 -1 0"#).unwrap();
/// let found = nplayer_equilibria(&game, NPlayerOptions::default()).unwrap();
/// assert_eq!(found.equilibria.len(), 1);
/// assert_eq!(found.equilibria[0].strategies[0][0].to_string(), "1/2");
/// assert!(found.complete());
/// ```
pub fn nplayer_equilibria(
    game: &NormalFormGame,
    options: NPlayerOptions<'_>,
) -> Result<NPlayerEquilibria, StrategicError> {
    let counts = game.strategy_counts();
    let n = counts.len();
    let (searched_profiles, unsearched_profiles) = support_profile_counts(&counts);
    if !options.force {
        if let Some(refusal) = refusal(&counts, &searched_profiles, options.limit) {
            return Err(refusal);
        }
    }
    let mut found: BTreeSet<MixedProfile> = pure_equilibria(game)
        .iter()
        .map(|p| game.pure_as_mixed(p))
        .collect();
    let mut curved_sets = 0;
    let mut budget = options.limit;
    for a in 0..n {
        for b in a + 1..n {
            let others: Vec<usize> = (0..n).filter(|&p| p != a && p != b).collect();
            let mut profile = vec![0; n];
            loop {
                if options.stop.stopped() {
                    return Err(StrategicError::Interrupted);
                }
                let induced = Induced::new(game, a, b, &others, &profile);
                curved_sets += induced.search(options, &mut budget, &mut found)?;
                if !next_profile(&mut profile, &others, &counts) {
                    break;
                }
            }
        }
    }
    let (irrational, unsolved_profiles) = three_mixer_search(game, &mut found, options.stop)?;
    let equilibria = found
        .into_iter()
        .rev()
        .map(|strategies| {
            debug_assert!(game.is_nash(&strategies));
            let payoffs = (0..n)
                .map(|i| game.expected_payoff(&strategies, i))
                .collect();
            Equilibrium {
                strategies,
                payoffs,
            }
        })
        .collect();
    Ok(NPlayerEquilibria {
        equilibria,
        searched_profiles,
        unsearched_profiles,
        curved_sets,
        irrational,
        unsolved_profiles,
    })
}

/// Every support profile with exactly three players mixing over two
/// strategies each ([`ThreeMixers`]): adds the rational equilibria to
/// `found`; returns the irrational ones and the number of unsolved profiles.
fn three_mixer_search(
    game: &NormalFormGame,
    found: &mut BTreeSet<MixedProfile>,
    stop: StopCheck<'_>,
) -> Result<(Vec<IrrationalEquilibrium>, usize), StrategicError> {
    let mut poll = stop.poll();
    let counts = game.strategy_counts();
    let n = counts.len();
    let mut irrational = BTreeSet::new();
    let mut unsolved = 0;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                let others: Vec<usize> = (0..n).filter(|&p| p != a && p != b && p != c).collect();
                let mut profile = vec![0; n];
                loop {
                    for sa in Subsets::new(counts[a], 2) {
                        for sb in Subsets::new(counts[b], 2) {
                            for sc in Subsets::new(counts[c], 2) {
                                poll.step_or_stop()?;
                                let three = ThreeMixers {
                                    game,
                                    players: [a, b, c],
                                    supports: [&sa, &sb, &sc],
                                    base: &profile,
                                };
                                match three.solve() {
                                    None => unsolved += 1,
                                    Some(points) => {
                                        for point in points {
                                            three.record(point, found, &mut irrational);
                                        }
                                    }
                                }
                            }
                        }
                    }
                    if !next_profile(&mut profile, &others, &counts) {
                        break;
                    }
                }
            }
        }
    }
    Ok((irrational.into_iter().collect(), unsolved))
}

/// The two-player game between `a` and `b` with the other players fixed to
/// a pure profile, and the pure players' deviation gains.
struct Induced<'g> {
    game: &'g NormalFormGame,
    a: usize,
    b: usize,
    profile: Vec<usize>,
    /// Payoffs of `a` and `b`, indexed `[strategy of a][strategy of b]`.
    pay_a: Matrix,
    pay_b: Matrix,
    /// For every pure player and every other strategy of it, its gain
    /// from deviating, `[strategy of a][strategy of b]`.
    gains: Vec<Matrix>,
}

fn transpose(m: &Matrix) -> Matrix {
    let columns = m.first().map_or(0, Vec::len);
    (0..columns)
        .map(|j| m.iter().map(|row| row[j].clone()).collect())
        .collect()
}

impl<'g> Induced<'g> {
    fn new(
        game: &'g NormalFormGame,
        a: usize,
        b: usize,
        others: &[usize],
        profile: &[usize],
    ) -> Self {
        let counts = game.strategy_counts();
        let mut full = profile.to_vec();
        let mut matrix = |player: usize, deviation: Option<(usize, usize)>| -> Matrix {
            (0..counts[a])
                .map(|i| {
                    (0..counts[b])
                        .map(|j| {
                            full[a] = i;
                            full[b] = j;
                            match deviation {
                                None => game.payoff(&full, player).clone(),
                                Some((p, t)) => {
                                    let stay = game.payoff(&full, p).clone();
                                    full[p] = t;
                                    let gain = game.payoff(&full, p) - stay;
                                    full[p] = profile[p];
                                    gain
                                }
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let pay_a = matrix(a, None);
        let pay_b = matrix(b, None);
        let mut gains = Vec::new();
        for &p in others {
            for t in (0..counts[p]).filter(|&t| t != profile[p]) {
                gains.push(matrix(p, Some((p, t))));
            }
        }
        Induced {
            game,
            a,
            b,
            profile: profile.to_vec(),
            pay_a,
            pay_b,
            gains,
        }
    }

    /// The full mixed profile with `x` for `a` and `y` for `b`.
    fn profile_with(&self, x: Vec<BigRational>, y: Vec<BigRational>) -> MixedProfile {
        let mut mixed = self.game.pure_as_mixed(&self.profile);
        mixed[self.a] = x;
        mixed[self.b] = y;
        mixed
    }

    /// Whether every pure player keeps its strategy a best reply to `(x, y)`.
    fn pure_players_content(&self, x: &[BigRational], y: &[BigRational]) -> bool {
        self.gains
            .iter()
            .all(|g| bilinear(x, g, y) <= BigRational::zero())
    }

    /// Adds the equilibria of this induced game to `found` (steps 1 to 3 of
    /// the module documentation); returns the number of cliques cut by a
    /// curved surface.
    fn search(
        &self,
        options: NPlayerOptions<'_>,
        budget: &mut u128,
        found: &mut BTreeSet<MixedProfile>,
    ) -> Result<usize, StrategicError> {
        let all = all_equilibria_bimatrix(
            &self.pay_a,
            &self.pay_b,
            EnumerationOptions {
                force: options.force,
                stop: options.stop,
                ..Default::default()
            },
        )?;
        // Sections through the extreme strategies of b: strategies x of a.
        for y in &all.column_vertices {
            for x in section(&self.pay_a, &self.pay_b, &self.gains, y, options, budget)? {
                found.insert(self.profile_with(x, y.clone()));
            }
        }
        // Sections through the extreme strategies of a: strategies y of b.
        let (ta, tb) = (transpose(&self.pay_a), transpose(&self.pay_b));
        let gains: Vec<Matrix> = self.gains.iter().map(transpose).collect();
        for x in &all.row_vertices {
            for y in section(&tb, &ta, &gains, x, options, budget)? {
                found.insert(self.profile_with(x.clone(), y));
            }
        }
        let curved = all
            .cliques
            .iter()
            .filter(|c| {
                c.rows.len() > 1
                    && c.columns.len() > 1
                    && !c.rows.iter().all(|&r| {
                        c.columns.iter().all(|&k| {
                            self.pure_players_content(&all.row_vertices[r], &all.column_vertices[k])
                        })
                    })
            })
            .count();
        Ok(curved)
    }
}

/// Three players `players` mixing over the two strategies `supports` each,
/// the others playing `base`: the indifference equations are bilinear,
/// `E1(y, z) = E2(x, z) = E3(x, y) = 0` in the probabilities `x, y, z` of
/// the first strategy of each support. Solving `E1` for `z` and `E3` for
/// `x` (both linear once `y` is known) turns `E2` into a quadratic equation
/// in `y`; the values of `y` where a solved-for coefficient vanishes are
/// treated one by one.
struct ThreeMixers<'g, 's> {
    game: &'g NormalFormGame,
    players: [usize; 3],
    supports: [&'s [usize]; 3],
    base: &'s [usize],
}

/// `constant + slope·y`.
type Linear = (BigRational, BigRational);

/// A candidate value of `x` or `z` once `y` is fixed.
enum Value {
    Fixed(BigRational),
    Free,
    Impossible,
}

fn in_open_unit_interval(v: &QuadraticNumber) -> bool {
    let one = QuadraticNumber::from(BigRational::one());
    v.sign() == Ordering::Greater && (one - v.clone()).sign() == Ordering::Greater
}

impl ThreeMixers<'_, '_> {
    /// The payoff of `player` in the pure profile with the mixers on the
    /// given support positions and `player` on `own` (if given).
    fn pure_payoff(&self, player: usize, at: [usize; 3], own: Option<usize>) -> BigRational {
        let mut profile = self.base.to_vec();
        for k in 0..3 {
            profile[self.players[k]] = self.supports[k][at[k]];
        }
        if let Some(s) = own {
            profile[player] = s;
        }
        self.game.payoff(&profile, player).clone()
    }

    /// `(a, b, c, d)` with the indifference of mixer `k` between its two
    /// strategies reading `a + b s + c t + d s t = 0`, `s` and `t` the
    /// first-strategy probabilities of the other two mixers in order.
    fn coefficients(&self, k: usize) -> [BigRational; 4] {
        let player = self.players[k];
        let (u, v) = match k {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        let delta = |j: usize, l: usize| {
            let mut at = [0; 3];
            at[u] = j;
            at[v] = l;
            at[k] = 0;
            let first = self.pure_payoff(player, at, None);
            at[k] = 1;
            first - self.pure_payoff(player, at, None)
        };
        let (d00, d01, d10, d11) = (delta(0, 0), delta(0, 1), delta(1, 0), delta(1, 1));
        [d11.clone(), &d01 - &d11, &d10 - &d11, d00 - d01 - d10 + d11]
    }

    /// The solutions `(x, y, z)` in the open unit cube, or `None` when there
    /// are infinitely many (or their number is not decided here).
    fn solve(&self) -> Option<Vec<[QuadraticNumber; 3]>> {
        let [a1, b1, c1, d1] = self.coefficients(0);
        let [a2, b2, c2, d2] = self.coefficients(1);
        let [a3, b3, c3, d3] = self.coefficients(2);
        // E1: z M1(y) + L1(y) = 0; E3: x M3(y) + L3(y) = 0.
        let m1: Linear = (c1, d1);
        let l1: Linear = (a1, b1);
        let m3: Linear = (b3, d3);
        let l3: Linear = (a3, c3);
        let e2 = [a2, b2, c2, d2];
        let is_zero = |p: &Linear| p.0.is_zero() && p.1.is_zero();
        let roots = |p: &Linear| -> Vec<BigRational> {
            if p.1.is_zero() {
                Vec::new()
            } else {
                vec![-&p.0 / &p.1]
            }
        };
        let mut special: Vec<BigRational> = Vec::new();
        let mut points = Vec::new();
        if is_zero(&m1) || is_zero(&m3) {
            // Every solution has L1(y) = 0 (resp. L3(y) = 0, or both).
            let mut forced: Option<Vec<BigRational>> = None;
            for (m, l) in [(&m1, &l1), (&m3, &l3)] {
                if is_zero(m) {
                    if is_zero(l) {
                        return None;
                    }
                    let ys = roots(l);
                    forced = Some(match forced {
                        None => ys,
                        Some(before) => before.into_iter().filter(|y| ys.contains(y)).collect(),
                    });
                }
            }
            special = forced.unwrap_or_default();
        } else {
            // P(y) = a2 M1 M3 - b2 L3 M1 - c2 L1 M3 + d2 L3 L1, times nothing
            // that vanishes where M1 M3 does not.
            let times = |p: &Linear, q: &Linear, f: &BigRational| -> [BigRational; 3] {
                [
                    f * &p.0 * &q.0,
                    f * (&p.0 * &q.1 + &p.1 * &q.0),
                    f * &p.1 * &q.1,
                ]
            };
            let terms = [
                times(&m1, &m3, &e2[0]),
                times(&l3, &m1, &-&e2[1]),
                times(&l1, &m3, &-&e2[2]),
                times(&l3, &l1, &e2[3]),
            ];
            let coefficient = |d: usize| terms.iter().map(|t| t[d].clone()).sum::<BigRational>();
            let ys = quadratic_roots(&coefficient(2), &coefficient(1), &coefficient(0))?;
            let at = |p: &Linear, y: &QuadraticNumber| {
                QuadraticNumber::from(p.0.clone()) + QuadraticNumber::from(p.1.clone()) * y.clone()
            };
            for y in ys {
                let (m1y, m3y) = (at(&m1, &y), at(&m3, &y));
                if m1y.is_zero() || m3y.is_zero() {
                    continue;
                }
                let z = -(at(&l1, &y) / m1y);
                let x = -(at(&l3, &y) / m3y);
                points.push([x, y, z]);
            }
            special.extend(roots(&m1));
            special.extend(roots(&m3));
            special.sort();
            special.dedup();
        }
        for y in special {
            let yq = QuadraticNumber::from(y.clone());
            if !in_open_unit_interval(&yq) {
                continue;
            }
            let value = |m: &Linear, l: &Linear| {
                let (mv, lv) = (&m.0 + &m.1 * &y, &l.0 + &l.1 * &y);
                match (mv.is_zero(), lv.is_zero()) {
                    (false, _) => Value::Fixed(-lv / mv),
                    (true, true) => Value::Free,
                    (true, false) => Value::Impossible,
                }
            };
            let inside = |v: &BigRational| in_open_unit_interval(&QuadraticNumber::from(v.clone()));
            // E2 = a2 + b2 x + c2 z + d2 x z.
            let (x, z) = match (value(&m3, &l3), value(&m1, &l1)) {
                (Value::Impossible, _) | (_, Value::Impossible) => continue,
                (Value::Fixed(x), Value::Fixed(z)) => {
                    let e = &e2[0] + &e2[1] * &x + &e2[2] * &z + &e2[3] * &x * &z;
                    if !e.is_zero() {
                        continue;
                    }
                    (x, z)
                }
                (Value::Fixed(x), Value::Free) => {
                    if !inside(&x) {
                        continue;
                    }
                    let (k0, k1) = (&e2[0] + &e2[1] * &x, &e2[2] + &e2[3] * &x);
                    match (k1.is_zero(), k0.is_zero()) {
                        (false, _) => (x, -k0 / k1),
                        (true, true) => return None,
                        (true, false) => continue,
                    }
                }
                (Value::Free, Value::Fixed(z)) => {
                    if !inside(&z) {
                        continue;
                    }
                    let (k0, k1) = (&e2[0] + &e2[2] * &z, &e2[1] + &e2[3] * &z);
                    match (k1.is_zero(), k0.is_zero()) {
                        (false, _) => (-k0 / k1, z),
                        (true, true) => return None,
                        (true, false) => continue,
                    }
                }
                (Value::Free, Value::Free) => {
                    if e2[1..].iter().all(Zero::is_zero) && !e2[0].is_zero() {
                        continue;
                    }
                    return None;
                }
            };
            points.push([QuadraticNumber::from(x), yq, QuadraticNumber::from(z)]);
        }
        points.retain(|p| p.iter().all(in_open_unit_interval));
        Some(points)
    }

    /// The mixed profile of `point`, exactly.
    fn profile(&self, point: &[QuadraticNumber; 3]) -> Vec<Vec<QuadraticNumber>> {
        let zero = || QuadraticNumber::from(BigRational::zero());
        let one = || QuadraticNumber::from(BigRational::one());
        let counts = self.game.strategy_counts();
        let mut profile: Vec<Vec<QuadraticNumber>> = self
            .base
            .iter()
            .zip(&counts)
            .map(|(&s, &c)| {
                (0..c)
                    .map(|t| if t == s { one() } else { zero() })
                    .collect()
            })
            .collect();
        for k in 0..3 {
            let p = &mut profile[self.players[k]];
            p.iter_mut().for_each(|v| *v = zero());
            p[self.supports[k][0]] = point[k].clone();
            p[self.supports[k][1]] = one() - point[k].clone();
        }
        profile
    }

    /// The expected payoff of `player` playing `own` against `point`.
    fn payoff(&self, point: &[QuadraticNumber; 3], player: usize, own: usize) -> QuadraticNumber {
        let one = QuadraticNumber::from(BigRational::one());
        let mut total = QuadraticNumber::from(BigRational::zero());
        for bits in 0..8usize {
            let at = [bits & 1, bits >> 1 & 1, bits >> 2 & 1];
            let mut weight = one.clone();
            let mut skip = false;
            for k in 0..3 {
                if self.players[k] == player {
                    skip |= at[k] == 1;
                } else if at[k] == 0 {
                    weight = weight * point[k].clone();
                } else {
                    weight = weight * (one.clone() - point[k].clone());
                }
            }
            if !skip {
                let u = QuadraticNumber::from(self.pure_payoff(player, at, Some(own)));
                total = total + weight * u;
            }
        }
        total
    }

    /// Checks `point` exactly (no player gains by a pure deviation) and adds
    /// it to the rational or the irrational equilibria.
    fn record(
        &self,
        point: [QuadraticNumber; 3],
        found: &mut BTreeSet<MixedProfile>,
        irrational: &mut BTreeSet<IrrationalEquilibrium>,
    ) {
        let counts = self.game.strategy_counts();
        let mut payoffs = Vec::with_capacity(counts.len());
        for (player, &c) in counts.iter().enumerate() {
            let own = match self.players.iter().position(|&p| p == player) {
                Some(k) => self.supports[k][0],
                None => self.base[player],
            };
            let value = self.payoff(&point, player, own);
            if (0..c).any(|s| {
                (self.payoff(&point, player, s) - value.clone()).sign() == Ordering::Greater
            }) {
                return;
            }
            payoffs.push(value);
        }
        let strategies = self.profile(&point);
        let rational: Option<MixedProfile> = strategies
            .iter()
            .map(|s| s.iter().map(QuadraticNumber::to_rational).collect())
            .collect();
        match rational {
            Some(profile) => {
                found.insert(profile);
            }
            None => {
                irrational.insert(IrrationalEquilibrium {
                    strategies,
                    payoffs,
                });
            }
        }
    }
}

/// A linear constraint `coefficients · z (= or <=) rhs`.
type Row = (Vec<BigRational>, BigRational);

/// The strategies `z` of player Z such that `(z, f)` is an equilibrium of the
/// two-player game with Z's payoffs `own[z][f]` and F's payoffs
/// `fixed[z][f]`, and no deviation gain `g[z][f]` of a pure player is
/// positive: the vertices of that polytope, as probability vectors.
fn section(
    own: &Matrix,
    fixed: &Matrix,
    gains: &[Matrix],
    f: &[BigRational],
    options: NPlayerOptions<'_>,
    budget: &mut u128,
) -> Result<Vec<Vec<BigRational>>, StrategicError> {
    let against_f = |m: &Matrix, z: usize| -> BigRational {
        m[z].iter()
            .zip(f)
            .filter(|(_, p)| !p.is_zero())
            .map(|(u, p)| u * p)
            .sum()
    };
    // The variables: Z's best replies to f.
    let payoffs: Vec<BigRational> = (0..own.len()).map(|z| against_f(own, z)).collect();
    let Some(best) = payoffs.iter().max() else {
        return Ok(Vec::new());
    };
    let vars: Vec<usize> = (0..own.len()).filter(|&z| &payoffs[z] == best).collect();
    let d = vars.len();
    // F's payoff from its strategy k against z, as coefficients on vars.
    let f_payoff =
        |k: usize| -> Vec<BigRational> { vars.iter().map(|&z| fixed[z][k].clone()).collect() };
    let difference = |u: Vec<BigRational>, v: &[BigRational]| -> Vec<BigRational> {
        u.into_iter().zip(v).map(|(p, q)| p - q).collect()
    };
    let support: Vec<usize> = (0..f.len()).filter(|&k| !f[k].is_zero()).collect();
    let Some(&first) = support.first() else {
        return Ok(Vec::new());
    };
    let reference = f_payoff(first);
    let mut equalities: Vec<Row> = vec![(vec![BigRational::one(); d], BigRational::one())];
    let mut inequalities: Vec<Row> = Vec::new();
    for k in 0..f.len() {
        if k == first {
            continue;
        }
        let row = (difference(f_payoff(k), &reference), BigRational::zero());
        if f[k].is_zero() {
            inequalities.push(row);
        } else {
            equalities.push(row);
        }
    }
    for g in gains {
        let row: Vec<BigRational> = vars.iter().map(|&z| against_f(g, z)).collect();
        inequalities.push((row, BigRational::zero()));
    }
    for t in 0..d {
        let mut row = vec![BigRational::zero(); d];
        row[t] = -BigRational::one();
        inequalities.push((row, BigRational::zero()));
    }
    let points = polytope_vertices(d, equalities, inequalities, options, budget)?;
    Ok(points
        .into_iter()
        .map(|point| {
            let mut z = vec![BigRational::zero(); own.len()];
            for (t, &v) in vars.iter().enumerate() {
                z[v] = point[t].clone();
            }
            z
        })
        .collect())
}

/// Linearly independent rows with the same solutions as `rows` (Gaussian
/// elimination); `None` if the system has no solution.
fn independent_rows(mut rows: Vec<Row>, d: usize) -> Option<Vec<Row>> {
    let mut rank = 0;
    for col in 0..d {
        let Some(pivot) = (rank..rows.len()).find(|&i| !rows[i].0[col].is_zero()) else {
            continue;
        };
        rows.swap(rank, pivot);
        for i in 0..rows.len() {
            if i != rank && !rows[i].0[col].is_zero() {
                let factor = &rows[i].0[col] / &rows[rank].0[col];
                for j in col..d {
                    let t = &factor * &rows[rank].0[j];
                    rows[i].0[j] -= t;
                }
                let t = &factor * &rows[rank].1;
                rows[i].1 -= t;
            }
        }
        rank += 1;
    }
    // Rows past the rank are all zero on the left: consistent iff zero on the right.
    if rows[rank..].iter().any(|(_, r)| !r.is_zero()) {
        return None;
    }
    rows.truncate(rank);
    Some(rows)
}

/// The vertices of `{z in R^d : E z = e, G z <= g}` (bounded), exactly:
/// every choice of `d - rank E` inequalities made tight that gives a
/// nonsingular square system with a feasible solution. The number of
/// choices is taken from `budget` (unless forced).
fn polytope_vertices(
    d: usize,
    equalities: Vec<Row>,
    mut inequalities: Vec<Row>,
    options: NPlayerOptions<'_>,
    budget: &mut u128,
) -> Result<Vec<Vec<BigRational>>, StrategicError> {
    let Some(equalities) = independent_rows(equalities, d) else {
        return Ok(Vec::new());
    };
    // A zero row is never part of a nonsingular system: keep it only as a
    // feasibility test. Repeated rows give the same systems.
    if inequalities
        .iter()
        .any(|(row, r)| row.iter().all(Zero::is_zero) && *r < BigRational::zero())
    {
        return Ok(Vec::new());
    }
    inequalities.retain(|(row, _)| !row.iter().all(Zero::is_zero));
    inequalities.sort();
    inequalities.dedup();
    let tight = d - equalities.len();
    let count = binomial(inequalities.len(), tight);
    if !options.force {
        if count > *budget {
            return Err(StrategicError::TooLarge {
                method: "support enumeration (the vertex searches of the sections of the equilibrium set)".into(),
                what: "square systems".into(),
                count: format!("more than {}", options.limit),
                limit: options.limit.to_string(),
            });
        }
        *budget -= count;
    }
    let mut vertices = BTreeSet::new();
    let mut poll = options.stop.poll();
    for chosen in Subsets::new(inequalities.len(), tight) {
        poll.step_or_stop()?;
        let (matrix, rhs): (Vec<_>, Vec<_>) = equalities
            .iter()
            .chain(chosen.iter().map(|&k| &inequalities[k]))
            .cloned()
            .unzip();
        let Some(z) = solve_linear(matrix, rhs) else {
            continue;
        };
        let feasible = inequalities
            .iter()
            .all(|(row, r)| row.iter().zip(&z).map(|(p, q)| p * q).sum::<BigRational>() <= *r);
        if feasible {
            vertices.insert(z);
        }
    }
    Ok(vertices.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::q;
    use crate::nfg::read_nfg;

    #[test]
    fn counts_of_support_profiles() {
        // 3x2x2: supports 7, 3, 3 -> 63 profiles; all three mix: 4 * 1 * 1,
        // of which 3 with two strategies for player 1.
        let (s, u) = support_profile_counts(&[3, 2, 2]);
        assert_eq!((s, u), (BigUint::from(62u32), BigUint::from(1u32)));
        // 2x2x2x2: 81 profiles; k players mixing: C(4, k) 2^(4-k), so 16 + 32
        // + 24 with at most two, 8 with three (searched), 1 with four.
        let (s, u) = support_profile_counts(&[2, 2, 2, 2]);
        assert_eq!((s, u), (BigUint::from(80u32), BigUint::from(1u32)));
        let (s, u) = support_profile_counts(&[4, 5]);
        assert_eq!((s, u), (BigUint::from(15u32 * 31), BigUint::zero()));
    }

    #[test]
    fn a_segment_cut_by_a_third_player() {
        // Player 1 is indifferent between its strategies, player 2 has one
        // strategy, player 3 earns 3 x1 from strategy 1 and 1 from strategy
        // 2. Equilibria: player 3 on strategy 1 with x1 in [1/3, 1], on
        // strategy 2 with x1 in [0, 1/3], mixing with x1 = 1/3. Found both as
        // sections cut by the pure player 3 (pair 1, 2) and as equilibria of
        // the game between players 1 and 3.
        let game = read_nfg(
            r#"NFG 1 R "" { "1" "2" "3" } { 2 1 2 }
0 0 3  0 0 0  0 0 1  0 0 1"#,
        )
        .unwrap();
        let found = nplayer_equilibria(&game, NPlayerOptions::default()).unwrap();
        let xs: Vec<(Vec<BigRational>, Vec<BigRational>)> = found
            .equilibria
            .iter()
            .map(|e| (e.strategies[0].clone(), e.strategies[2].clone()))
            .collect();
        let e1 = vec![q(1, 1), q(0, 1)];
        let e2 = vec![q(0, 1), q(1, 1)];
        assert!(xs.contains(&(e1.clone(), e1.clone())));
        assert!(xs.contains(&(vec![q(1, 3), q(2, 3)], e1.clone())));
        // Player 3 on strategy 2 needs x1 <= 1/3.
        assert!(xs.contains(&(e2.clone(), e2.clone())));
        assert!(xs.contains(&(vec![q(1, 3), q(2, 3)], e2.clone())));
        assert_eq!(xs.len(), 4, "{xs:?}");
        assert!(found.complete());
    }

    #[test]
    fn vertex_search_stops_at_its_budget() {
        // The unit square: 4 vertices, C(4, 2) = 6 square systems.
        let r = |x: i64| BigRational::from_integer(x.into());
        let rows = vec![
            (vec![r(1), r(0)], r(1)),
            (vec![r(0), r(1)], r(1)),
            (vec![r(-1), r(0)], r(0)),
            (vec![r(0), r(-1)], r(0)),
        ];
        let options = NPlayerOptions::default();
        let mut budget = 6;
        let square = polytope_vertices(2, Vec::new(), rows.clone(), options, &mut budget);
        assert_eq!(square.unwrap().len(), 4);
        assert_eq!(budget, 0);
        let refused = polytope_vertices(2, Vec::new(), rows, options, &mut budget);
        assert!(matches!(refused, Err(StrategicError::TooLarge { .. })));
    }
}
