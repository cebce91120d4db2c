//! The reduced strategic (normal) form of an extensive game with perfect
//! recall: a player's reduced pure strategy chooses an action only at the
//! information sets its own earlier choices allow play to reach; pure
//! strategies that differ only at sets they make unreachable are one
//! reduced strategy (Dalkey 1953; Kuhn 1953; see von Stengel, "Efficient
//! computation of behavior strategies", GEB 14, 1996, §2). The number of
//! reduced strategies is computed before any is built (it can grow
//! exponentially with the tree), and large forms are refused.
//!
//! A reduced strategy is a set of sequences, so a mixed strategy over
//! reduced strategies has a realisation plan (`x(σ)` = the probability of
//! the strategies containing σ), and a behaviour strategy a mixed one (the
//! product of the chosen actions' probabilities): Kuhn's theorem both ways
//! ([`ReducedForm::behaviour_to_mixed`], [`ReducedForm::mixed_to_behaviour`]).
//!
//! Strategy names list the action chosen at each of the player's sets,
//! joined by `/`, `*` where the set is unreachable (`check/check/bet/*/call/*`).
//! The sets come in [`ExtensiveGame::player_infosets`] order: the order in
//! which they first appear in the file (its preorder, whatever their
//! numbers). Where a set's actions share a label, or one is empty, `*` or
//! contains `/`, each of that set's actions is written `label#k`, k its
//! position in the set from 1 (`{ "x" "x" }`: `x#1`, `x#2`), so names are
//! unique; sets with distinct plain labels keep their labels.

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::behaviour::BehaviourProfile;
use super::error::ExtensiveError;
use super::game::ExtensiveGame;
use super::sequences::Sequences;
use crate::game::NormalFormGame;

/// The most reduced strategies a player may have.
pub const MAX_STRATEGIES: u128 = 100_000;
/// The most strategy profiles of a reduced form.
pub const MAX_PROFILES: u128 = 2_000_000;

/// The reduced strategic form and how its strategies map to the tree.
#[derive(Debug, Clone)]
pub struct ReducedForm {
    /// The normal-form game.
    pub game: NormalFormGame,
    /// `strategies[p][k]`: for each of p's sets (in [`ExtensiveGame::player_infosets`]
    /// order) the action chosen, or `None` where the set is unreachable.
    pub strategies: Vec<Vec<Vec<Option<usize>>>>,
    /// The sequences of the game.
    pub sequences: Sequences,
}

/// The number of reduced strategies of each player (saturating), computed
/// without building them.
pub fn reduced_strategy_counts(game: &ExtensiveGame, seq: &Sequences) -> Vec<u128> {
    (0..game.num_players())
        .map(|p| {
            let mut count = vec![1u128; seq.count[p]];
            let mut following: Vec<Vec<usize>> = vec![Vec::new(); seq.count[p]];
            for h in game.player_infosets(p) {
                following[seq.parent[h]].push(h);
            }
            for s in super::behaviour::order_by_depth(game, seq, p)
                .into_iter()
                .rev()
            {
                let mut c: u128 = 1;
                for &h in &following[s] {
                    let k = game.infosets[h].actions.len();
                    let sum = (0..k).fold(0u128, |t, a| t.saturating_add(count[seq.first[h] + a]));
                    c = c.saturating_mul(sum);
                }
                count[s] = c;
            }
            count[0]
        })
        .collect()
}

/// The number of reduced strategies of each player, computed without
/// building them; the refusal of [`reduced_form`] when a player would have
/// more than [`MAX_STRATEGIES`] or the form more than [`MAX_PROFILES`]
/// profiles.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, reduced::reduced_size};
/// use sprague_strategic::extensive::sequences::Sequences;
/// let game = kuhn_poker();
/// assert_eq!(reduced_size(&game, &Sequences::new(&game).unwrap()).unwrap(), vec![27, 64]);
/// ```
pub fn reduced_size(game: &ExtensiveGame, seq: &Sequences) -> Result<Vec<usize>, ExtensiveError> {
    let counts = reduced_strategy_counts(game, seq);
    let hint = if game.num_players() == 2 {
        "; the sequence form (--method seqform) stays small"
    } else {
        ""
    };
    let profiles = counts.iter().fold(1u128, |t, &c| t.saturating_mul(c));
    if let Some(p) = counts.iter().position(|&c| c > MAX_STRATEGIES) {
        return Err(ExtensiveError::TooLarge {
            what: format!(
                "the reduced strategic form (player \"{}\" alone)",
                sprague_textfile::quoted(&game.players[p])
            ),
            count: format!("{} reduced strategies", show(counts[p])),
            limit: format!("{MAX_STRATEGIES}{hint}"),
        });
    }
    if profiles > MAX_PROFILES {
        return Err(ExtensiveError::TooLarge {
            what: "the reduced strategic form".into(),
            count: format!("{} strategy profiles", show(profiles)),
            limit: format!("{MAX_PROFILES}{hint}"),
        });
    }
    Ok(counts.iter().map(|&c| c as usize).collect())
}

/// Builds the reduced strategic form, refusing games with more than
/// [`MAX_STRATEGIES`] reduced strategies for a player or [`MAX_PROFILES`]
/// profiles (before building anything); needs perfect recall.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, reduced::reduced_form};
/// let r = reduced_form(&kuhn_poker()).unwrap();
/// assert_eq!(r.game.strategy_counts(), vec![27, 64]);
/// ```
pub fn reduced_form(game: &ExtensiveGame) -> Result<ReducedForm, ExtensiveError> {
    let seq = Sequences::new(game)?;
    let counts = reduced_size(game, &seq)?;
    let profiles: usize = counts.iter().product();
    let strategies: Vec<Vec<Vec<Option<usize>>>> = (0..game.num_players())
        .map(|p| enumerate(game, &seq, p))
        .collect();
    let payoffs = profile_payoffs(game, &seq, &strategies, profiles);
    let names = strategies
        .iter()
        .enumerate()
        .map(|(p, list)| strategy_names(game, p, list))
        .collect();
    let normal = NormalFormGame::new(game.title.clone(), game.players.clone(), names, payoffs)
        .map_err(|e| ExtensiveError::Solver(e.to_string()))?;
    Ok(ReducedForm {
        game: normal,
        strategies,
        sequences: seq,
    })
}

fn show(count: u128) -> String {
    if count == u128::MAX {
        "more than 10^38".into()
    } else {
        count.to_string()
    }
}

/// Player p's reduced strategies: sets in order of first appearance, each
/// either given an action (when its parent sequence is chosen) or left out.
fn enumerate(game: &ExtensiveGame, seq: &Sequences, p: usize) -> Vec<Vec<Option<usize>>> {
    let sets = game.player_infosets(p);
    let position: std::collections::HashMap<usize, usize> =
        sets.iter().enumerate().map(|(i, &h)| (h, i)).collect();
    let mut order: Vec<usize> = Vec::new();
    let mut seen = vec![false; game.infosets.len()];
    for node in &game.nodes {
        if let Some(h) = node.infoset {
            if game.infosets[h].player == Some(p) && !std::mem::replace(&mut seen[h], true) {
                order.push(h);
            }
        }
    }
    let mut partial: Vec<Vec<Option<usize>>> = vec![vec![None; sets.len()]];
    for h in order {
        let parent = seq.parent[h];
        let mut next = Vec::with_capacity(partial.len());
        for s in partial {
            let reachable = parent == 0 || {
                let (ph, pa) = seq.owner[p][parent];
                s[position[&ph]] == Some(pa)
            };
            if reachable {
                for a in 0..game.infosets[h].actions.len() {
                    let mut t = s.clone();
                    t[position[&h]] = Some(a);
                    next.push(t);
                }
            } else {
                next.push(s);
            }
        }
        partial = next;
    }
    partial
}

/// How an action of set `h` reads in strategy names: its label, or, when the
/// set's labels are not distinct or one is empty, `*` or contains `/`, the
/// label followed by `#` and the action's position in the set (from 1).
fn action_names(game: &ExtensiveGame, h: usize) -> Vec<String> {
    let actions = &game.infosets[h].actions;
    let distinct = actions
        .iter()
        .enumerate()
        .all(|(i, a)| !actions[..i].contains(a));
    let plain = distinct
        && actions
            .iter()
            .all(|a| !a.is_empty() && a != "*" && !a.contains('/'));
    if plain {
        actions.clone()
    } else {
        actions
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{a}#{}", i + 1))
            .collect()
    }
}

/// The names of player p's reduced strategies: the chosen actions at the
/// player's sets in [`ExtensiveGame::player_infosets`] order (the order of
/// first appearance in the file), joined by `/`, `*` where a set is
/// unreachable; see [`action_names`] for repeated labels. Should two names
/// still agree (labels containing `/` can make the join ambiguous), each
/// of them is followed by ` (k)`, k the strategy's position from 1.
fn strategy_names(game: &ExtensiveGame, p: usize, list: &[Vec<Option<usize>>]) -> Vec<String> {
    let sets = game.player_infosets(p);
    let labels: Vec<Vec<String>> = sets.iter().map(|&h| action_names(game, h)).collect();
    let mut names: Vec<String> = list
        .iter()
        .map(|s| {
            labels
                .iter()
                .zip(s)
                .map(|(l, a)| a.map_or("*", |a| l[a].as_str()))
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    loop {
        let mut count: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for n in &names {
            *count.entry(n.as_str()).or_default() += 1;
        }
        let repeated: Vec<bool> = names.iter().map(|n| count[n.as_str()] > 1).collect();
        if !repeated.contains(&true) {
            return names;
        }
        for (k, (n, r)) in names.iter_mut().zip(repeated).enumerate() {
            if r {
                n.push_str(&format!(" ({})", k + 1));
            }
        }
    }
}

/// The payoff vector of every profile (first player's strategy fastest):
/// each node with an outcome adds its chance-weighted payoffs to every
/// profile whose strategies all contain the node's sequences.
fn profile_payoffs(
    game: &ExtensiveGame,
    seq: &Sequences,
    strategies: &[Vec<Vec<Option<usize>>>],
    profiles: usize,
) -> Vec<Vec<BigRational>> {
    let n = game.num_players();
    let containing: Vec<Vec<Vec<usize>>> = (0..n)
        .map(|p| {
            let sets = game.player_infosets(p);
            let mut with = vec![Vec::new(); seq.count[p]];
            for (k, s) in strategies[p].iter().enumerate() {
                with[0].push(k);
                for (&h, a) in sets.iter().zip(s) {
                    if let Some(a) = a {
                        with[seq.first[h] + a].push(k);
                    }
                }
            }
            with
        })
        .collect();
    let mut stride = vec![1usize; n];
    for p in 1..n {
        stride[p] = stride[p - 1] * strategies[p - 1].len();
    }
    let mut payoffs = vec![vec![BigRational::zero(); n]; profiles];
    let chance = game.chance_reach();
    for (v, node) in game.nodes.iter().enumerate() {
        let Some(o) = node.outcome else { continue };
        if chance[v].is_zero() {
            continue;
        }
        let weighted: Vec<BigRational> = game.outcomes[o]
            .payoffs
            .iter()
            .map(|u| u * &chance[v])
            .collect();
        let lists: Vec<&Vec<usize>> = (0..n).map(|p| &containing[p][seq.at_node[v][p]]).collect();
        if lists.iter().any(|l| l.is_empty()) {
            continue;
        }
        let mut digit = vec![0usize; n];
        loop {
            let index: usize = (0..n).map(|p| lists[p][digit[p]] * stride[p]).sum();
            for (x, u) in payoffs[index].iter_mut().zip(&weighted) {
                *x += u;
            }
            let mut p = 0;
            while p < n {
                digit[p] += 1;
                if digit[p] < lists[p].len() {
                    break;
                }
                digit[p] = 0;
                p += 1;
            }
            if p == n {
                break;
            }
        }
    }
    payoffs
}

impl ReducedForm {
    /// Kuhn's theorem, behaviour to mixed: each reduced strategy gets the
    /// product of the probabilities of its chosen actions.
    pub fn behaviour_to_mixed(
        &self,
        game: &ExtensiveGame,
        profile: &BehaviourProfile,
    ) -> Vec<Vec<BigRational>> {
        (0..game.num_players())
            .map(|p| {
                let sets = game.player_infosets(p);
                self.strategies[p]
                    .iter()
                    .map(|s| {
                        sets.iter()
                            .zip(s)
                            .filter_map(|(&h, a)| a.map(|a| profile.probabilities[h][a].clone()))
                            .fold(BigRational::one(), |t, q| t * q)
                    })
                    .collect()
            })
            .collect()
    }

    /// The realisation plan of a mixed strategy of player p over reduced
    /// strategies: `x(σ)` is the probability of the strategies containing σ.
    pub fn mixed_to_realisation_plan(
        &self,
        game: &ExtensiveGame,
        p: usize,
        mixed: &[BigRational],
    ) -> Vec<BigRational> {
        let sets = game.player_infosets(p);
        let mut x = vec![BigRational::zero(); self.sequences.count[p]];
        for (s, q) in self.strategies[p].iter().zip(mixed) {
            x[0] += q;
            for (&h, a) in sets.iter().zip(s) {
                if let Some(a) = a {
                    x[self.sequences.first[h] + a] += q;
                }
            }
        }
        x
    }

    /// Kuhn's theorem, mixed to behaviour: the realisation plans of the
    /// mixed strategies turned into action probabilities.
    pub fn mixed_to_behaviour(
        &self,
        game: &ExtensiveGame,
        mixed: &[Vec<BigRational>],
    ) -> BehaviourProfile {
        let plans: Vec<Vec<BigRational>> = (0..game.num_players())
            .map(|p| self.mixed_to_realisation_plan(game, p, &mixed[p]))
            .collect();
        BehaviourProfile::from_realisation_plans(game, &self.sequences, &plans)
    }
}

/// The most profile-times-node steps of the reduced form of a game without
/// perfect recall (each profile's payoffs take one pass over the tree).
pub const MAX_PROFILE_STEPS: u128 = 200_000_000;

/// The reduced strategic form of any game, with or without perfect recall.
/// With perfect recall it is [`reduced_form`]'s; without, every pure
/// strategy is enumerated (refused above [`MAX_STRATEGIES`] for a player),
/// restricted to the player's sets that its own choices let play reach, and
/// strategies with the same restriction merged; payoffs take one pass over
/// the tree per profile (refused above [`MAX_PROFILE_STEPS`] steps). Under
/// imperfect recall mixed and behaviour strategies are not equivalent (Kuhn
/// 1953), so the answer stays in the strategic form.
///
/// ```
/// use sprague_strategic::extensive::{efg::read_efg, reduced::reduced_normal_form};
/// // A player who forgets its first move: 2 first moves × 2 second moves.
/// let game = read_efg(r#"EFG 2 R "forgetful" { "A" "B" } ""
/// p "" 1 1 "first" { "L" "R" } 0
/// p "" 1 2 "second" { "l" "r" } 0
/// t "" 1 "" { 1, 0 }
/// t "" 2 "" { 0, 0 }
/// p "" 1 2 0
/// t "" 2
/// t "" 1
/// "#).unwrap();
/// assert_eq!(reduced_normal_form(&game).unwrap().strategy_counts(), vec![4, 1]);
/// ```
pub fn reduced_normal_form(game: &ExtensiveGame) -> Result<NormalFormGame, ExtensiveError> {
    if Sequences::new(game).is_ok() {
        return Ok(reduced_form(game)?.game);
    }
    let n = game.num_players();
    let mut strategies = Vec::with_capacity(n);
    for p in 0..n {
        let sets = game.player_infosets(p);
        let total = sets.iter().fold(1u128, |t, &h| {
            t.saturating_mul(game.infosets[h].actions.len() as u128)
        });
        if total > MAX_STRATEGIES {
            return Err(ExtensiveError::TooLarge {
                what: format!(
                    "the strategic form (player \"{}\" alone)",
                    sprague_textfile::quoted(&game.players[p])
                ),
                count: format!("{} pure strategies", show(total)),
                limit: format!("{MAX_STRATEGIES}"),
            });
        }
        strategies.push(merged_pure_strategies(game, p, &sets, total as usize));
    }
    let profiles = strategies
        .iter()
        .fold(1u128, |t, s| t.saturating_mul(s.len() as u128));
    let steps = profiles.saturating_mul(game.nodes.len() as u128);
    if profiles > MAX_PROFILES || steps > MAX_PROFILE_STEPS {
        return Err(ExtensiveError::TooLarge {
            what: "the strategic form of a game without perfect recall".into(),
            count: format!(
                "{} profiles of {} nodes each",
                show(profiles),
                game.nodes.len()
            ),
            limit: format!("{MAX_PROFILES} profiles and {MAX_PROFILE_STEPS} steps"),
        });
    }
    let mut payoffs = Vec::with_capacity(profiles as usize);
    let mut digit = vec![0usize; n];
    for _ in 0..profiles {
        let choice: Vec<&Vec<Option<usize>>> = (0..n).map(|p| &strategies[p][digit[p]]).collect();
        payoffs.push(pure_profile_payoffs(game, &choice));
        for p in 0..n {
            digit[p] += 1;
            if digit[p] < strategies[p].len() {
                break;
            }
            digit[p] = 0;
        }
    }
    let names = strategies
        .iter()
        .enumerate()
        .map(|(p, list)| strategy_names(game, p, list))
        .collect();
    NormalFormGame::new(game.title.clone(), game.players.clone(), names, payoffs)
        .map_err(|e| ExtensiveError::Solver(e.to_string()))
}

/// Player p's pure strategies restricted to the sets their own choices let
/// play reach, duplicates merged, in order of first appearance.
fn merged_pure_strategies(
    game: &ExtensiveGame,
    p: usize,
    sets: &[usize],
    total: usize,
) -> Vec<Vec<Option<usize>>> {
    let position: std::collections::HashMap<usize, usize> =
        sets.iter().enumerate().map(|(i, &h)| (h, i)).collect();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut choice = vec![0usize; sets.len()];
    for _ in 0..total {
        let mut reach = vec![false; game.nodes.len()];
        reach[0] = true;
        let mut restricted: Vec<Option<usize>> = vec![None; sets.len()];
        for v in 0..game.nodes.len() {
            let node = &game.nodes[v];
            let Some(h) = node.infoset else { continue };
            if !reach[v] {
                continue;
            }
            let own = game.infosets[h].player == Some(p);
            if own {
                restricted[position[&h]] = Some(choice[position[&h]]);
            }
            for (a, &c) in node.children.iter().enumerate() {
                reach[c] = !own || a == choice[position[&h]];
            }
        }
        if seen.insert(restricted.clone()) {
            out.push(restricted);
        }
        for (i, &h) in sets.iter().enumerate() {
            choice[i] += 1;
            if choice[i] < game.infosets[h].actions.len() {
                break;
            }
            choice[i] = 0;
        }
    }
    out
}

/// The payoffs of a profile of pure (restricted) strategies: one pass over the tree.
fn pure_profile_payoffs(game: &ExtensiveGame, choice: &[&Vec<Option<usize>>]) -> Vec<BigRational> {
    let n = game.num_players();
    let position: Vec<usize> = {
        let mut position = vec![0usize; game.infosets.len()];
        for p in 0..n {
            for (i, h) in game.player_infosets(p).into_iter().enumerate() {
                position[h] = i;
            }
        }
        position
    };
    let mut reach = vec![BigRational::zero(); game.nodes.len()];
    reach[0] = BigRational::one();
    let mut total = vec![BigRational::zero(); n];
    for v in 0..game.nodes.len() {
        if reach[v].is_zero() {
            continue;
        }
        let node = &game.nodes[v];
        if let Some(o) = node.outcome {
            for (t, u) in total.iter_mut().zip(&game.outcomes[o].payoffs) {
                *t += &reach[v] * u;
            }
        }
        let Some(h) = node.infoset else { continue };
        let set = &game.infosets[h];
        match set.player {
            None => {
                for (a, &c) in node.children.iter().enumerate() {
                    reach[c] = &reach[v] * &set.probabilities[a];
                }
            }
            Some(p) => {
                let a = choice[p][position[h]].unwrap_or(0);
                reach[node.children[a]] = reach[v].clone();
            }
        }
    }
    total
}
