//! Subgame-perfect equilibria (Selten, "Spieltheoretische Behandlung eines
//! Oligopolmodells mit Nachfrageträgheit", 1965; "Reexamination of the
//! perfectness concept", IJGT 4, 1975): a profile that is a Nash equilibrium
//! of every subgame.
//!
//! A node roots a subgame when every information set that meets its subtree
//! lies inside it. Nodes are in preorder, so a subtree is an interval
//! `[v, end(v))` and one backward pass finds every subgame: `v` is a root
//! when the smallest and largest node of every set met below `v` stay in
//! the interval. Subgames are solved from the deepest up; each solved
//! subgame is replaced by a leaf paying its equilibrium payoffs. A subgame
//! in which one player moves is solved by a best response (backward
//! induction when play is of perfect information: every decision node is
//! then a subgame); one with two players by Lemke's algorithm on the
//! sequence form ([`super::lemke`]); one with more by support enumeration
//! on the reduced strategic form. Each solved subgame is checked by the
//! independent best-response pass ([`check_equilibrium`]) on the same
//! substituted game: the profile is an equilibrium of every subgame exactly
//! when it is one of each subgame with its proper subgames replaced by their
//! equilibrium payoffs (a deviation inside a proper subgame gains nothing
//! there, by induction from the deepest). So every node is visited a bounded
//! number of times: solving and checking are linear in the tree (one
//! bottom-up pass, no subgame walked again from its root).

use std::collections::HashMap;

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::Zero;

use super::behaviour::{best_response, check_equilibrium, expected_payoffs, BehaviourProfile};
use super::error::ExtensiveError;
use super::game::{ExtensiveGame, InfoSet, Node, Outcome};
use super::lemke::lemke_equilibrium;
use super::reduced::{reduced_form, reduced_size};
use super::sequences::Sequences;
use crate::nplayer::support_profile_counts;
use crate::report::{solve_nash, NashOptions};
use crate::support_enumeration::DEFAULT_SUPPORT_LIMIT;

/// The most node visits the check of every subgame may take; above it only
/// the whole game is checked. The check visits each node once (see the
/// module docs), so every game within [`super::game::MAX_NODES`] is checked.
pub const MAX_CHECK_WORK: usize = 20_000_000;

/// A subgame-perfect equilibrium.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubgamePerfect {
    /// The profile.
    pub profile: BehaviourProfile,
    /// The roots of the subgames (node indices, root first).
    pub roots: Vec<usize>,
    /// How each subgame was solved, in the order of `roots`.
    pub methods: Vec<&'static str>,
    /// Whether the profile passed the best-response check in every subgame
    /// (`Some(true)`), failed somewhere (`Some(false)`), or only the whole game was checked (`None`).
    pub every_subgame_checked: Option<bool>,
}

/// The end (one past the last node) of every node's subtree.
pub fn subtree_ends(game: &ExtensiveGame) -> Vec<usize> {
    let mut end: Vec<usize> = (1..=game.nodes.len()).collect();
    for v in (0..game.nodes.len()).rev() {
        if let Some(&last) = game.nodes[v].children.last() {
            end[v] = end[last];
        }
    }
    end
}

/// The roots of the subgames, in increasing order (the root 0 first);
/// leaves are not counted.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, subgame::subgame_roots};
/// assert_eq!(subgame_roots(&kuhn_poker()), vec![0]); // the deal hides the cards
/// ```
pub fn subgame_roots(game: &ExtensiveGame) -> Vec<usize> {
    let n = game.nodes.len();
    let mut first = vec![usize::MAX; game.infosets.len()];
    let mut last = vec![0usize; game.infosets.len()];
    for (v, node) in game.nodes.iter().enumerate() {
        if let Some(h) = node.infoset {
            if game.infosets[h].player.is_some() {
                first[h] = first[h].min(v);
                last[h] = v;
            }
        }
    }
    let end = subtree_ends(game);
    let mut lo: Vec<usize> = (0..n).collect();
    let mut hi: Vec<usize> = (0..n).collect();
    for v in (0..n).rev() {
        if let Some(h) = game.nodes[v].infoset {
            if game.infosets[h].player.is_some() {
                lo[v] = first[h];
                hi[v] = last[h];
            }
        }
        for &c in &game.nodes[v].children {
            lo[v] = lo[v].min(lo[c]);
            hi[v] = hi[v].max(hi[c]);
        }
    }
    (0..n)
        .filter(|&v| v == 0 || game.nodes[v].infoset.is_some())
        .filter(|&v| lo[v] >= v && hi[v] < end[v])
        .collect()
}

/// The subgame at `root` as a game of its own, with the subgames rooted at
/// the nodes of `solved` replaced by leaves paying their values; returns the
/// game and, for each of its sets, the set of `game` it copies.
fn extract(
    game: &ExtensiveGame,
    root: usize,
    end: &[usize],
    solved: &HashMap<usize, Vec<BigRational>>,
) -> (ExtensiveGame, Vec<usize>) {
    let mut new_index: HashMap<usize, usize> = HashMap::new();
    let mut set_index: HashMap<usize, usize> = HashMap::new();
    let mut outcome_index: HashMap<usize, usize> = HashMap::new();
    let mut sub = ExtensiveGame {
        title: game.title.clone(),
        comment: String::new(),
        players: game.players.clone(),
        outcomes: Vec::new(),
        infosets: Vec::new(),
        nodes: Vec::new(),
    };
    let mut origin = Vec::new();
    let mut v = root;
    while v < end[root] {
        let node = &game.nodes[v];
        let id = sub.nodes.len();
        new_index.insert(v, id);
        if v != root {
            if let Some(value) = solved.get(&v) {
                sub.outcomes.push(Outcome {
                    label: format!("subgame at node {}", v + 1),
                    payoffs: value.clone(),
                });
                sub.nodes.push(Node {
                    label: node.label.clone(),
                    infoset: None,
                    children: Vec::new(),
                    outcome: Some(sub.outcomes.len() - 1),
                });
                v = end[v];
                continue;
            }
        }
        let infoset = node.infoset.map(|h| {
            *set_index.entry(h).or_insert_with(|| {
                sub.infosets.push(InfoSet {
                    ..game.infosets[h].clone()
                });
                origin.push(h);
                sub.infosets.len() - 1
            })
        });
        let outcome = node.outcome.map(|o| {
            *outcome_index.entry(o).or_insert_with(|| {
                sub.outcomes.push(game.outcomes[o].clone());
                sub.outcomes.len() - 1
            })
        });
        sub.nodes.push(Node {
            label: node.label.clone(),
            infoset,
            children: Vec::new(),
            outcome,
        });
        v += 1;
    }
    for (old, &new) in &new_index {
        if sub.nodes[new].infoset.is_some() {
            sub.nodes[new].children = game.nodes[*old]
                .children
                .iter()
                .map(|c| new_index[c])
                .collect();
        }
    }
    (sub, origin)
}

/// One equilibrium of a (substituted) subgame, and how it was found.
fn solve_one(sub: &ExtensiveGame) -> Result<(BehaviourProfile, &'static str), ExtensiveError> {
    let movers: Vec<usize> = (0..sub.num_players())
        .filter(|&p| sub.infosets.iter().any(|h| h.player == Some(p)))
        .collect();
    let uniform = BehaviourProfile::uniform(sub);
    match movers.len() {
        0 => Ok((uniform, "no decisions")),
        1 => {
            let seq = Sequences::new(sub)?;
            let method = if sub.is_perfect_information() {
                "backward induction"
            } else {
                "best response (one player moves)"
            };
            Ok((best_response(sub, &seq, &uniform, movers[0]), method))
        }
        _ if sub.num_players() == 2 => Ok((
            lemke_equilibrium(sub)?.profile,
            "Lemke's algorithm on the sequence form",
        )),
        _ => {
            // Sized before anything is built: the reduced form's own limits,
            // then those of support enumeration on it.
            let counts = reduced_size(sub, &Sequences::new(sub)?)?;
            let searched = support_profile_counts(&counts).0;
            if searched > BigUint::from(DEFAULT_SUPPORT_LIMIT) {
                let shape: Vec<String> = counts.iter().map(usize::to_string).collect();
                return Err(ExtensiveError::TooLarge {
                    what: format!(
                        "support enumeration on the reduced strategic form ({}) of a subgame with {} players",
                        shape.join("x"),
                        sub.num_players()
                    ),
                    count: format!("{} support profiles", about(&searched)),
                    limit: format!(
                        "{} support profiles",
                        super::error::grouped(DEFAULT_SUPPORT_LIMIT as usize)
                    ),
                });
            }
            let reduced = reduced_form(sub)?;
            let found =
                solve_nash(&reduced.game, &NashOptions::default()).map_err(|e| match e {
                    crate::StrategicError::TooLarge { .. } => ExtensiveError::Invalid(format!(
                        "a subgame with {} players is too large for support enumeration: {e}",
                        sub.num_players()
                    )),
                    other => ExtensiveError::Solver(other.to_string()),
                })?;
            let e = found.equilibria.first().ok_or_else(|| {
                ExtensiveError::Solver(
                    "support enumeration on the reduced form of a subgame found no equilibrium with rational probabilities".into(),
                )
            })?;
            Ok((
                reduced.mixed_to_behaviour(sub, &e.strategies),
                "support enumeration on the reduced strategic form",
            ))
        }
    }
}

/// A large count as a refusal writes it: in full up to 15 digits, else
/// about its first three digits and power of ten (`about 3.95·10^153`).
fn about(n: &BigUint) -> String {
    let digits = n.to_string();
    if digits.len() <= 15 {
        return digits;
    }
    format!(
        "about {}.{}·10^{}",
        &digits[..1],
        &digits[1..3],
        digits.len() - 1
    )
}

/// A subgame-perfect equilibrium, found bottom up and checked in every
/// subgame. Needs perfect recall.
///
/// ```
/// use sprague_strategic::extensive::{builtin::beer_quiche, subgame::subgame_perfect};
/// let spe = subgame_perfect(&beer_quiche()).unwrap();
/// assert_eq!(spe.roots, vec![0]);
/// assert_eq!(spe.every_subgame_checked, Some(true));
/// ```
pub fn subgame_perfect(game: &ExtensiveGame) -> Result<SubgamePerfect, ExtensiveError> {
    Sequences::new(game)?;
    let roots = subgame_roots(game);
    let end = subtree_ends(game);
    let mut profile = BehaviourProfile::uniform(game);
    let mut solved: HashMap<usize, Vec<BigRational>> = HashMap::new();
    let mut methods = vec![""; roots.len()];
    let mut work = 0usize;
    let mut all_checked = true;
    for (k, &root) in roots.iter().enumerate().rev() {
        let (sub, origin) = extract(game, root, &end, &solved);
        let (sub_profile, method) = solve_one(&sub)?;
        work += sub.nodes.len();
        if work <= MAX_CHECK_WORK {
            all_checked &= check_equilibrium(&sub, &sub_profile)?
                .iter()
                .all(|c| c.best);
        }
        for (h, &old) in origin.iter().enumerate() {
            if game.infosets[old].player.is_some() {
                profile.probabilities[old] = sub_profile.probabilities[h].clone();
            }
        }
        solved.insert(root, expected_payoffs(&sub, &sub_profile));
        methods[k] = method;
    }
    let every_subgame_checked = (work <= MAX_CHECK_WORK).then_some(all_checked);
    if profile
        .probabilities
        .iter()
        .any(|p| p.iter().all(Zero::is_zero))
    {
        return Err(ExtensiveError::Solver(
            "a set was left without a strategy".into(),
        ));
    }
    Ok(SubgamePerfect {
        profile,
        roots,
        methods,
        every_subgame_checked,
    })
}
