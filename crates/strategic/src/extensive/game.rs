//! The model of a finite extensive-form game (Kuhn, "Extensive games and the
//! problem of information", 1953): a rooted tree whose inner nodes belong to
//! a player or to chance, grouped into information sets (the nodes a player
//! cannot tell apart, all offering the same actions); chance moves have exact
//! rational probabilities; outcomes (exact rational payoffs, one per player)
//! may be attached to any node and are collected along the path of play, as
//! in Gambit.
//!
//! Nodes are stored in preorder (node 0 is the root and every child has a
//! larger index than its parent), so one pass over the vector visits parents
//! before children and no algorithm needs recursion.
//! The game serialises to JSON with serde (numbers as exact `"p/q"` text);
//! [`ExtensiveGame::from_json`] checks what it reads.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde::{Deserialize, Serialize};

use super::error::ExtensiveError;
use crate::exact_text::format_rational;

/// The largest number of nodes a game may have.
pub const MAX_NODES: usize = 5_000_000;

/// A finite extensive-form game.
///
/// ```
/// use sprague_strategic::extensive::builtin::kuhn_poker;
/// let kuhn = kuhn_poker();
/// assert_eq!(kuhn.players.len(), 2);
/// assert_eq!(kuhn.infosets.iter().filter(|h| h.player == Some(0)).count(), 6);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtensiveGame {
    /// The title.
    #[serde(default)]
    pub title: String,
    /// A free comment.
    #[serde(default)]
    pub comment: String,
    /// The players' names.
    pub players: Vec<String>,
    /// The outcomes (payoff vectors) that nodes refer to.
    #[serde(default)]
    pub outcomes: Vec<Outcome>,
    /// The information sets of the players and of chance.
    pub infosets: Vec<InfoSet>,
    /// The nodes in preorder; node 0 is the root.
    pub nodes: Vec<Node>,
}

/// An outcome: a label and one exact payoff per player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The label (may be empty).
    #[serde(default)]
    pub label: String,
    /// One payoff per player.
    #[serde(with = "rationals")]
    pub payoffs: Vec<BigRational>,
}

/// An information set: the nodes of one mover that the mover cannot tell
/// apart, with the actions available at all of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InfoSet {
    /// The player who moves (0-based), or `None` for chance.
    pub player: Option<usize>,
    /// The number of the set among the mover's sets (Gambit's numbering, from 1).
    pub number: u64,
    /// The label (may be empty).
    #[serde(default)]
    pub label: String,
    /// The actions' labels.
    pub actions: Vec<String>,
    /// For chance: the probability of each action (empty for players).
    #[serde(default, with = "rationals")]
    pub probabilities: Vec<BigRational>,
}

/// A node: its label, the information set it belongs to (`None` for a leaf),
/// its children (one per action of the set) and an optional outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    /// The label (may be empty).
    #[serde(default)]
    pub label: String,
    /// The information set (index into [`ExtensiveGame::infosets`]); `None` at a leaf.
    pub infoset: Option<usize>,
    /// The children, one per action, in the order of the set's actions.
    #[serde(default)]
    pub children: Vec<usize>,
    /// The outcome collected on reaching the node (index into [`ExtensiveGame::outcomes`]).
    #[serde(default)]
    pub outcome: Option<usize>,
}

impl ExtensiveGame {
    /// Checks that the game is a well-formed tree: children after their
    /// parent, every node but the root with one parent, one child per
    /// action, chance probabilities between 0 and 1 adding up to 1, one
    /// payoff per player in every outcome, and every reference in range.
    ///
    /// ```
    /// use sprague_strategic::extensive::builtin::kuhn_poker;
    /// let mut kuhn = kuhn_poker();
    /// assert!(kuhn.check().is_ok());
    /// kuhn.nodes[0].children.pop();
    /// assert!(kuhn.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), ExtensiveError> {
        let bad = |s: String| Err(ExtensiveError::Invalid(s));
        if self.players.is_empty() {
            return bad("the game has no players; a game needs at least one".into());
        }
        if self.nodes.is_empty() {
            return bad("the game has no nodes".into());
        }
        if self.nodes.len() > MAX_NODES {
            return Err(ExtensiveError::TooLarge {
                what: "the game".into(),
                count: format!("{} nodes", super::error::grouped(self.nodes.len())),
                limit: format!("{} nodes", super::error::grouped(MAX_NODES)),
            });
        }
        for (k, o) in self.outcomes.iter().enumerate() {
            if o.payoffs.len() != self.players.len() {
                return bad(format!(
                    "outcome {} (\"{}\") has {} payoffs for {} players",
                    k + 1,
                    sprague_textfile::quoted(&o.label),
                    o.payoffs.len(),
                    self.players.len()
                ));
            }
        }
        for (k, h) in self.infosets.iter().enumerate() {
            self.check_infoset(k, h)?;
        }
        let mut has_parent = vec![false; self.nodes.len()];
        for (v, node) in self.nodes.iter().enumerate() {
            if node.outcome.is_some_and(|o| o >= self.outcomes.len()) {
                return bad(format!("node {} refers to an unknown outcome", v + 1));
            }
            let actions = match node.infoset {
                None => 0,
                Some(h) if h < self.infosets.len() => self.infosets[h].actions.len(),
                Some(_) => {
                    return bad(format!(
                        "node {} refers to an unknown information set",
                        v + 1
                    ))
                }
            };
            if node.children.len() != actions {
                return bad(format!(
                    "node {} has {} children but its information set offers {} actions",
                    v + 1,
                    node.children.len(),
                    actions
                ));
            }
            for &c in &node.children {
                if c <= v || c >= self.nodes.len() {
                    return bad(format!(
                        "node {} has a child {} that is not a later node (nodes are listed in preorder)",
                        v + 1,
                        c + 1
                    ));
                }
                if std::mem::replace(&mut has_parent[c], true) {
                    return bad(format!("node {} has two parents", c + 1));
                }
            }
        }
        if let Some(v) = (1..self.nodes.len()).find(|&v| !has_parent[v]) {
            return bad(format!(
                "node {} is not reachable from the root (it has no parent)",
                v + 1
            ));
        }
        Ok(())
    }

    fn check_infoset(&self, k: usize, h: &InfoSet) -> Result<(), ExtensiveError> {
        let bad = |s: String| Err(ExtensiveError::Invalid(s));
        if h.actions.is_empty() {
            return bad(format!("information set {} has no actions", k + 1));
        }
        match h.player {
            Some(p) if p >= self.players.len() => bad(format!(
                "information set {} belongs to player {}, but the game has {} players",
                k + 1,
                p + 1,
                self.players.len()
            )),
            Some(_) if !h.probabilities.is_empty() => bad(format!(
                "information set {} belongs to a player but has chance probabilities",
                k + 1
            )),
            Some(_) => Ok(()),
            None => check_probabilities(&h.actions, &h.probabilities).map_err(|m| {
                ExtensiveError::Invalid(format!("chance information set {}: {m}", h.number))
            }),
        }
    }

    /// Reads a game from its JSON form (the serde form of this struct) and checks it.
    pub fn from_json(text: &str) -> Result<Self, ExtensiveError> {
        let game: ExtensiveGame =
            serde_json::from_str(text).map_err(|e| ExtensiveError::Json(e.to_string()))?;
        game.check()?;
        Ok(game)
    }

    /// The JSON form of the game.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// The parent of every node (`None` for the root).
    pub fn parents(&self) -> Vec<Option<(usize, usize)>> {
        let mut parent = vec![None; self.nodes.len()];
        for (v, node) in self.nodes.iter().enumerate() {
            for (a, &c) in node.children.iter().enumerate() {
                parent[c] = Some((v, a));
            }
        }
        parent
    }

    /// The mover of a node: `Some(Some(p))` for player p, `Some(None)` for
    /// chance, `None` at a leaf.
    pub fn mover(&self, v: usize) -> Option<Option<usize>> {
        self.nodes[v].infoset.map(|h| self.infosets[h].player)
    }

    /// The leaves (nodes without children).
    pub fn leaves(&self) -> Vec<usize> {
        (0..self.nodes.len())
            .filter(|&v| self.nodes[v].infoset.is_none())
            .collect()
    }

    /// The payoffs collected on the way to every node (the sum of the
    /// outcomes on the path from the root, the node's own included).
    pub fn accumulated_payoffs(&self) -> Vec<Vec<BigRational>> {
        let n = self.players.len();
        let mut acc = vec![Vec::new(); self.nodes.len()];
        acc[0] = vec![BigRational::zero(); n];
        for v in 0..self.nodes.len() {
            if let Some(o) = self.nodes[v].outcome {
                for (x, y) in acc[v].iter_mut().zip(&self.outcomes[o].payoffs) {
                    *x += y;
                }
            }
            for &c in &self.nodes[v].children {
                acc[c] = acc[v].clone();
            }
        }
        acc
    }

    /// The probability that chance alone lets play reach every node.
    pub fn chance_reach(&self) -> Vec<BigRational> {
        let mut reach = vec![BigRational::one(); self.nodes.len()];
        for v in 0..self.nodes.len() {
            let node = &self.nodes[v];
            let h = node.infoset.map(|h| &self.infosets[h]);
            for (a, &c) in node.children.iter().enumerate() {
                reach[c] = match h {
                    Some(set) if set.player.is_none() => &reach[v] * &set.probabilities[a],
                    _ => reach[v].clone(),
                };
            }
        }
        reach
    }

    /// The moves from the root to node `v`, as text (`"root"` for the root).
    pub fn path_text(&self, v: usize) -> String {
        let parent = self.parents();
        let mut moves = Vec::new();
        let mut at = v;
        while let Some((p, a)) = parent[at] {
            let h = &self.infosets[self.nodes[p].infoset.unwrap_or(0)];
            moves.push(h.actions[a].clone());
            at = p;
        }
        if moves.is_empty() {
            return "root".into();
        }
        moves.reverse();
        moves.join(" → ")
    }

    /// The name of an information set for messages: its label, or the
    /// player's name and its number when the label is empty.
    pub fn infoset_name(&self, h: usize) -> String {
        let set = &self.infosets[h];
        if !set.label.is_empty() {
            return set.label.clone();
        }
        match set.player {
            Some(p) => format!("{}:{}", self.players[p], set.number),
            None => format!("chance:{}", set.number),
        }
    }

    /// The indices of the information sets of player `p`, in order.
    pub fn player_infosets(&self, p: usize) -> Vec<usize> {
        (0..self.infosets.len())
            .filter(|&h| self.infosets[h].player == Some(p))
            .collect()
    }

    /// Whether every information set holds one node (perfect information).
    pub fn is_perfect_information(&self) -> bool {
        let mut count = vec![0usize; self.infosets.len()];
        for node in &self.nodes {
            if let Some(h) = node.infoset {
                count[h] += 1;
            }
        }
        self.infosets
            .iter()
            .zip(&count)
            .all(|(set, &c)| set.player.is_none() || c <= 1)
    }

    /// Checks that the game has two players whose payoffs add up to the same
    /// constant at every leaf (zero-sum up to a constant); returns the constant.
    pub fn zero_sum_constant(&self) -> Result<BigRational, ExtensiveError> {
        if self.players.len() != 2 {
            return Err(ExtensiveError::NotTwoPlayer {
                method: "a zero-sum method".into(),
                players: self.players.len(),
            });
        }
        // Machine rationals first; the big-rational pass below names the
        // first leaf that breaks the rule, or runs when a number does not fit.
        if let Some(c) = self.constant_sum_small() {
            return Ok(c);
        }
        let acc = self.accumulated_payoffs();
        let mut constant: Option<BigRational> = None;
        for v in self.leaves() {
            let sum = &acc[v][0] + &acc[v][1];
            match &constant {
                None => constant = Some(sum),
                Some(c) if *c != sum => {
                    return Err(ExtensiveError::NotZeroSum {
                        path: sprague_textfile::quoted(&self.path_text(v)),
                        payoffs: format!(
                            "({}, {})",
                            format_rational(&acc[v][0]),
                            format_rational(&acc[v][1])
                        ),
                        constant: format_rational(c),
                    })
                }
                Some(_) => {}
            }
        }
        Ok(constant.unwrap_or_else(BigRational::zero))
    }

    /// The constant of a two-player constant-sum game computed in machine
    /// rationals; `None` if a number does not fit or the sums differ.
    fn constant_sum_small(&self) -> Option<BigRational> {
        use crate::small_rational::{ExactField, SmallRational};
        let zero = SmallRational::zero_value();
        let mut acc = vec![[zero, zero]; self.nodes.len()];
        let mut constant: Option<SmallRational> = None;
        for (v, node) in self.nodes.iter().enumerate() {
            let mut here = acc[v];
            if let Some(o) = node.outcome {
                for (x, y) in here.iter_mut().zip(&self.outcomes[o].payoffs) {
                    *x = x.add(&SmallRational::from_rational(y)?)?;
                }
            }
            if node.infoset.is_none() {
                let sum = here[0].add(&here[1])?;
                match constant {
                    None => constant = Some(sum),
                    Some(c) if c != sum => return None,
                    Some(_) => {}
                }
            }
            for &c in &node.children {
                acc[c] = here;
            }
        }
        Some(constant.map_or_else(BigRational::zero, |c| c.to_rational()))
    }
}

/// Checks chance probabilities: one per action, each between 0 and 1, adding
/// up to 1; the error says which rule is broken.
pub fn check_probabilities(actions: &[String], p: &[BigRational]) -> Result<(), String> {
    if p.len() != actions.len() {
        return Err(format!(
            "{} probabilities are given for {} actions",
            p.len(),
            actions.len()
        ));
    }
    // Machine rationals first (the usual case); the big-rational pass
    // below runs when a number does not fit, and words the error.
    if small_probabilities_valid(p) {
        return Ok(());
    }
    if let Some(k) = p
        .iter()
        .position(|x| x.is_negative() || *x > BigRational::one())
    {
        return Err(format!(
            "the probability {} of action \"{}\" is not between 0 and 1",
            format_rational(&p[k]),
            sprague_textfile::quoted(&actions[k])
        ));
    }
    let total: BigRational = p.iter().sum();
    if !total.is_one() {
        return Err(format!(
            "the probabilities add up to {}, not 1",
            format_rational(&total)
        ));
    }
    Ok(())
}

/// Whether the probabilities all fit in machine rationals, lie between 0
/// and 1 and add up to 1.
fn small_probabilities_valid(p: &[BigRational]) -> bool {
    use crate::small_rational::{ExactField, SmallRational};
    let (zero, one) = (SmallRational::zero_value(), SmallRational::one_value());
    let mut total = zero;
    for x in p {
        let Some(x) = SmallRational::from_rational(x) else {
            return false;
        };
        if x < zero || x > one {
            return false;
        }
        match total.add(&x) {
            Some(t) => total = t,
            None => return false,
        }
    }
    total == one
}

/// Serde for vectors of exact rationals as `"p/q"` text (numbers are also read).
pub(crate) mod rationals {
    use num_rational::BigRational;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    use crate::exact_text::{format_rational, rational_from_json};

    pub fn serialize<S: Serializer>(v: &[BigRational], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(format_rational))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<BigRational>, D::Error> {
        let values = Vec::<serde_json::Value>::deserialize(d)?;
        values
            .iter()
            .map(|v| {
                rational_from_json(v)
                    .ok_or_else(|| D::Error::custom(format!("{v} is not an exact number")))
            })
            .collect()
    }
}
