//! Behaviour strategies (a probability distribution over the actions of each
//! information set), realisation plans, expected payoffs, and the exact
//! equilibrium check.
//!
//! A behaviour profile's realisation plan gives each sequence the product of
//! its action probabilities (Koller, Megiddo and von Stengel 1996); the
//! converse divides `x(h, a)` by `x(parent(h))` — by Kuhn's theorem (1953)
//! the two describe the same play under perfect recall.
//!
//! The equilibrium check ([`check_equilibrium`]) is written independently of
//! every solver: for each player p it computes the value of a best response
//! in one pass over the tree and one over p's sequences. Each node w adds
//! `r(w)·u_p(w)` (the probability that chance and the other players let play
//! reach w, times the payoff collected there) to p's sequence leading to w;
//! then, deepest sequences first, the value of a sequence is its own sum plus,
//! for each information set that follows it, the largest value among that
//! set's actions. Under perfect recall this is the best-response value
//! (the dynamic programme of von Stengel 1996, §4); the profile is an
//! equilibrium exactly when it equals every player's expected payoff. The
//! pass runs on machine rationals ([`crate::small_rational`]) and is repeated
//! on big rationals when a number does not fit, so it is exact either way.

use num_rational::BigRational;
use num_traits::{One, Zero};
use serde::Serialize;

use super::error::ExtensiveError;
use super::game::ExtensiveGame;
use super::sequences::Sequences;
use crate::exact_text::format_rational;
use crate::small_rational::{ExactField, SmallRational};

/// A behaviour profile: for every information set (chance sets included,
/// with their own probabilities), a probability for each action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BehaviourProfile {
    /// `probabilities[h][a]`: the probability of action a at set h.
    pub probabilities: Vec<Vec<BigRational>>,
}

impl BehaviourProfile {
    /// The profile in which every player plays each action of each set with
    /// equal probability (chance sets keep their probabilities).
    ///
    /// ```
    /// use sprague_strategic::extensive::{behaviour::BehaviourProfile, builtin::kuhn_poker};
    /// let b = BehaviourProfile::uniform(&kuhn_poker());
    /// assert_eq!(b.probabilities[1][0].to_string(), "1/2");
    /// ```
    pub fn uniform(game: &ExtensiveGame) -> Self {
        let probabilities = game
            .infosets
            .iter()
            .map(|h| {
                if h.player.is_none() {
                    h.probabilities.clone()
                } else {
                    let k = h.actions.len();
                    // 1/k is in lowest terms.
                    vec![BigRational::new_raw(1.into(), (k as i64).into()); k]
                }
            })
            .collect();
        BehaviourProfile { probabilities }
    }

    /// Checks the profile against the game: one probability per action,
    /// nonnegative, adding up to 1 at every set, chance sets unchanged.
    pub fn check(&self, game: &ExtensiveGame) -> Result<(), ExtensiveError> {
        if self.probabilities.len() != game.infosets.len() {
            return Err(ExtensiveError::Profile(format!(
                "the profile has {} information sets but the game has {}",
                self.probabilities.len(),
                game.infosets.len()
            )));
        }
        for (h, (p, set)) in self.probabilities.iter().zip(&game.infosets).enumerate() {
            if set.player.is_none() && *p != set.probabilities {
                return Err(ExtensiveError::Profile(format!(
                    "the profile changes chance's probabilities at \"{}\"",
                    sprague_textfile::quoted(&game.infoset_name(h))
                )));
            }
            super::game::check_probabilities(&set.actions, p).map_err(|m| {
                ExtensiveError::Profile(format!(
                    "at \"{}\": {m}",
                    sprague_textfile::quoted(&game.infoset_name(h))
                ))
            })?;
        }
        Ok(())
    }

    /// The realisation plan of player p: the probability of each of p's
    /// sequences (the product of p's action probabilities along it).
    pub fn realisation_plan(
        &self,
        game: &ExtensiveGame,
        seq: &Sequences,
        p: usize,
    ) -> Vec<BigRational> {
        let mut x = vec![BigRational::zero(); seq.count[p]];
        x[0] = BigRational::one();
        for s in order_by_depth(game, seq, p) {
            if s == 0 {
                continue;
            }
            let (h, a) = seq.owner[p][s];
            x[s] = &x[seq.parent[h]] * &self.probabilities[h][a];
        }
        x
    }

    /// The behaviour profile of realisation plans `plans[p]` (one per
    /// player): `x(h, a) / x(parent(h))`, and where the parent is never
    /// played, equal probabilities (any choice is as good there).
    pub fn from_realisation_plans(
        game: &ExtensiveGame,
        seq: &Sequences,
        plans: &[Vec<BigRational>],
    ) -> Self {
        let mut b = BehaviourProfile::uniform(game);
        for (h, set) in game.infosets.iter().enumerate() {
            let Some(p) = set.player else { continue };
            let total = &plans[p][seq.parent[h]];
            if total.is_zero() {
                continue;
            }
            let small_total = SmallRational::from_rational(total);
            for a in 0..set.actions.len() {
                let x = &plans[p][seq.first[h] + a];
                b.probabilities[h][a] = match (SmallRational::from_rational(x), small_total) {
                    (Some(x), Some(t)) => x.div(&t).map(|q| q.to_rational()),
                    _ => None,
                }
                .unwrap_or_else(|| x / total);
            }
        }
        b
    }
}

impl BehaviourProfile {
    /// [`BehaviourProfile::from_realisation_plans`] for plans given by
    /// machine-integer numerators over one positive denominator per player
    /// (which cancels): `x(h, a) / x(parent(h))` reduced in `i128`, equal
    /// probabilities where the parent is never played. `None` if a parent's
    /// numerator is negative. The fast path of the sequence-form solvers.
    pub(crate) fn from_plan_numerators(
        game: &ExtensiveGame,
        seq: &Sequences,
        plans: [&[i128]; 2],
    ) -> Option<Self> {
        use crate::small_rational::lowest_terms_i128;
        let probabilities = game
            .infosets
            .iter()
            .enumerate()
            .map(|(h, set)| {
                let k = set.actions.len();
                let Some(p) = set.player else {
                    return Some(set.probabilities.clone());
                };
                let total = *plans.get(p)?.get(seq.parent[h])?;
                (0..k)
                    .map(|a| {
                        if total == 0 {
                            lowest_terms_i128(1, k as i128)
                        } else {
                            lowest_terms_i128(*plans[p].get(seq.first[h] + a)?, total)
                        }
                    })
                    .collect()
            })
            .collect::<Option<_>>()?;
        Some(BehaviourProfile { probabilities })
    }
}

/// Player p's sequences, each after its parent (by increasing length).
pub fn order_by_depth(game: &ExtensiveGame, seq: &Sequences, p: usize) -> Vec<usize> {
    let mut depth = vec![0usize; seq.count[p]];
    let mut order: Vec<usize> = (0..seq.count[p]).collect();
    // Sets are numbered so that a parent may come after its child; iterate to a fixed point.
    let sets = game.player_infosets(p);
    let mut changed = true;
    while changed {
        changed = false;
        for &h in &sets {
            for a in 0..game.infosets[h].actions.len() {
                let d = depth[seq.parent[h]] + 1;
                if depth[seq.first[h] + a] != d {
                    depth[seq.first[h] + a] = d;
                    changed = true;
                }
            }
        }
    }
    order.sort_by_key(|&s| depth[s]);
    order
}

/// The expected payoff of every player under the profile (outcomes at inner
/// nodes count too, weighted by the probability of reaching them).
///
/// ```
/// use sprague_strategic::extensive::{behaviour::{expected_payoffs, BehaviourProfile}, builtin::kuhn_poker};
/// let kuhn = kuhn_poker();
/// let v = expected_payoffs(&kuhn, &BehaviourProfile::uniform(&kuhn));
/// assert!(num_traits::Zero::is_zero(&(&v[0] + &v[1]))); // zero-sum
/// ```
pub fn expected_payoffs(game: &ExtensiveGame, profile: &BehaviourProfile) -> Vec<BigRational> {
    let numbers = Numbers::<BigRational>::new(game, profile).expect(BIG_NEVER_OVERFLOW);
    numbers.expected_payoffs(game).expect(BIG_NEVER_OVERFLOW)
}

/// The probability of reaching each node, counting every mover's
/// probabilities except those of player `except` (if given).
pub fn reach_probabilities(
    game: &ExtensiveGame,
    profile: &BehaviourProfile,
    except: Option<usize>,
) -> Vec<BigRational> {
    let numbers = Numbers::<BigRational>::new(game, profile).expect(BIG_NEVER_OVERFLOW);
    numbers.reach(game, except).expect(BIG_NEVER_OVERFLOW)
}

/// Big rationals have no overflow; the generic routines below return `None`
/// only for machine rationals.
const BIG_NEVER_OVERFLOW: &str = "big rationals do not overflow";

/// The profile's probabilities and the outcomes' payoffs in one exact number
/// type `T` (machine rationals on the fast path, big rationals otherwise).
struct Numbers<T> {
    probabilities: Vec<Vec<T>>,
    payoffs: Vec<Vec<T>>,
}

impl<T: ExactField> Numbers<T> {
    /// The numbers of the profile and the game, or `None` if one does not fit in `T`.
    fn new(game: &ExtensiveGame, profile: &BehaviourProfile) -> Option<Self> {
        let convert =
            |v: &[BigRational]| v.iter().map(T::from_rational).collect::<Option<Vec<T>>>();
        Some(Numbers {
            probabilities: profile
                .probabilities
                .iter()
                .map(|p| convert(p))
                .collect::<Option<_>>()?,
            payoffs: game
                .outcomes
                .iter()
                .map(|o| convert(&o.payoffs))
                .collect::<Option<_>>()?,
        })
    }

    /// Reach probabilities as in [`reach_probabilities`].
    fn reach(&self, game: &ExtensiveGame, except: Option<usize>) -> Option<Vec<T>> {
        let mut reach = vec![T::zero_value(); game.nodes.len()];
        reach[0] = T::one_value();
        for v in 0..game.nodes.len() {
            let node = &game.nodes[v];
            let Some(h) = node.infoset else { continue };
            let own = except.is_some() && game.infosets[h].player == except;
            for (a, &c) in node.children.iter().enumerate() {
                reach[c] = if own {
                    reach[v].clone()
                } else {
                    reach[v].mul(&self.probabilities[h][a])?
                };
            }
        }
        Some(reach)
    }

    /// Expected payoffs as in [`expected_payoffs`].
    fn expected_payoffs(&self, game: &ExtensiveGame) -> Option<Vec<T>> {
        let reach = self.reach(game, None)?;
        let mut total = vec![T::zero_value(); game.num_players()];
        for (v, node) in game.nodes.iter().enumerate() {
            if let Some(o) = node.outcome {
                if reach[v].is_zero_value() {
                    continue;
                }
                for (t, u) in total.iter_mut().zip(&self.payoffs[o]) {
                    *t = t.add(&reach[v].mul(u)?)?;
                }
            }
        }
        Some(total)
    }

    /// The best-response value as in [`best_response_value`].
    fn best_response_value(&self, game: &ExtensiveGame, seq: &Sequences, p: usize) -> Option<T> {
        let reach = self.reach(game, Some(p))?;
        let mut value = vec![T::zero_value(); seq.count[p]];
        for (v, node) in game.nodes.iter().enumerate() {
            if let Some(o) = node.outcome {
                if reach[v].is_zero_value() {
                    continue;
                }
                let s = seq.at_node[v][p];
                value[s] = value[s].add(&reach[v].mul(&self.payoffs[o][p])?)?;
            }
        }
        let sets = game.player_infosets(p);
        let mut following: Vec<Vec<usize>> = vec![Vec::new(); seq.count[p]];
        for &h in &sets {
            following[seq.parent[h]].push(h);
        }
        for s in order_by_depth(game, seq, p).into_iter().rev() {
            let mut extra = T::zero_value();
            for &h in &following[s] {
                let k = game.infosets[h].actions.len();
                let mut best = T::zero_value();
                for a in 0..k {
                    let x = &value[seq.first[h] + a];
                    if a == 0 || *x > best {
                        best = x.clone();
                    }
                }
                extra = extra.add(&best)?;
            }
            value[s] = value[s].add(&extra)?;
        }
        Some(value.swap_remove(0))
    }

    /// Every player's expected payoff and best-response value.
    fn payoffs_and_best_responses(
        &self,
        game: &ExtensiveGame,
        seq: &Sequences,
    ) -> Option<Vec<(BigRational, BigRational)>> {
        let payoffs = self.expected_payoffs(game)?;
        (0..game.num_players())
            .map(|p| {
                let br = self.best_response_value(game, seq, p)?;
                Some((payoffs[p].to_rational(), br.to_rational()))
            })
            .collect()
    }
}

/// One player's part of the equilibrium check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerCheck {
    /// The player's expected payoff under the profile (`"p/q"`).
    pub payoff: String,
    /// The value of a best response to the others' strategies (`"p/q"`).
    pub best_response: String,
    /// Whether the two are equal.
    pub best: bool,
}

/// The best-response value of player p against the others' strategies in
/// the profile (needs perfect recall; see the module documentation).
pub fn best_response_value(
    game: &ExtensiveGame,
    seq: &Sequences,
    profile: &BehaviourProfile,
    p: usize,
) -> BigRational {
    Numbers::<BigRational>::new(game, profile)
        .and_then(|n| n.best_response_value(game, seq, p))
        .expect(BIG_NEVER_OVERFLOW)
}

/// A pure best response of player p to the others' strategies in the
/// profile, by the same pass as [`best_response_value`]: at every set of p
/// the first action of largest value. Returns the profile with p's
/// strategy replaced by it (needs perfect recall).
pub fn best_response(
    game: &ExtensiveGame,
    seq: &Sequences,
    profile: &BehaviourProfile,
    p: usize,
) -> BehaviourProfile {
    let reach = reach_probabilities(game, profile, Some(p));
    let mut value = vec![BigRational::zero(); seq.count[p]];
    for (v, node) in game.nodes.iter().enumerate() {
        if let Some(o) = node.outcome {
            value[seq.at_node[v][p]] += &reach[v] * &game.outcomes[o].payoffs[p];
        }
    }
    let mut following: Vec<Vec<usize>> = vec![Vec::new(); seq.count[p]];
    for h in game.player_infosets(p) {
        following[seq.parent[h]].push(h);
    }
    let mut result = profile.clone();
    for s in order_by_depth(game, seq, p).into_iter().rev() {
        let mut extra = BigRational::zero();
        for &h in &following[s] {
            let k = game.infosets[h].actions.len();
            let mut best = 0;
            for a in 1..k {
                if value[seq.first[h] + a] > value[seq.first[h] + best] {
                    best = a;
                }
            }
            extra += &value[seq.first[h] + best];
            result.probabilities[h] = (0..k)
                .map(|a| {
                    if a == best {
                        BigRational::one()
                    } else {
                        BigRational::zero()
                    }
                })
                .collect();
        }
        value[s] += extra;
    }
    result
}

/// Checks exactly that the profile is a Nash equilibrium: every player's
/// expected payoff equals its best-response value. Needs perfect recall.
///
/// ```
/// use sprague_strategic::extensive::{behaviour::{check_equilibrium, BehaviourProfile}, builtin::kuhn_poker};
/// let kuhn = kuhn_poker();
/// let checks = check_equilibrium(&kuhn, &BehaviourProfile::uniform(&kuhn)).unwrap();
/// assert!(!checks.iter().all(|c| c.best)); // playing at random is not an equilibrium
/// ```
pub fn check_equilibrium(
    game: &ExtensiveGame,
    profile: &BehaviourProfile,
) -> Result<Vec<PlayerCheck>, ExtensiveError> {
    let seq = Sequences::new(game)?;
    profile.check(game)?;
    // Machine rationals first; big rationals if a number does not fit.
    let values = Numbers::<SmallRational>::new(game, profile)
        .and_then(|n| n.payoffs_and_best_responses(game, &seq))
        .or_else(|| {
            Numbers::<BigRational>::new(game, profile)
                .and_then(|n| n.payoffs_and_best_responses(game, &seq))
        })
        .expect(BIG_NEVER_OVERFLOW);
    Ok(values
        .into_iter()
        .map(|(payoff, br)| PlayerCheck {
            payoff: format_rational(&payoff),
            best: br == payoff,
            best_response: format_rational(&br),
        })
        .collect())
}
