//! Finite extensive-form games of perfect information and their solution by
//! backward induction (Zermelo 1913; Kuhn 1953; subgame perfection: Selten
//! 1965/1975): working from the leaves up, each player at each of its nodes
//! picks a move that maximises its own payoff given the choices already made
//! below, and chance nodes take expected values. The result is a
//! subgame-perfect equilibrium; it is the unique one when no player is ever
//! indifferent between two moves.
//!
//! Trees are read from three formats (documented in
//! `docs/repeated-and-cooperative.md`):
//! - nested JSON: `{"players": [..], "root": NODE}` where a NODE is
//!   `{"player": P, "moves": [{"label": L, "node": NODE}, ..]}`,
//!   `{"chance": [{"label": L, "probability": "1/2", "node": NODE}, ..]}` or
//!   `{"payoffs": [..]}`;
//! - flat JSON with named nodes, `{"players": [..], "root": ID, "nodes": {ID:
//!   NODE, ..}}` where moves point to node ids (checked to form a tree);
//! - Gambit's `.efg` format (version 2, `EFG 2 R`), restricted to perfect
//!   information: every information set holds a single node.
//!
//! Payoffs and probabilities are exact rationals. Nothing here recurses on
//! the call stack: deep trees are fine.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::{One, Zero};
use thiserror::Error;

use crate::efg_tokens::{Token, Tokens};
use crate::exact_text::{format_rational, parse_rational, rational_from_json};

/// Everything that can be wrong with a tree given as input.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum TreeError {
    /// The text is not valid JSON.
    #[error("the tree is not valid JSON: {0}")]
    Json(String),
    /// The document or a node has the wrong shape.
    #[error("{0}")]
    Shape(String),
    /// The nodes do not form a tree.
    #[error("the nodes do not form a tree: {0}")]
    NotATree(String),
    /// The Gambit file could not be read.
    #[error("line {line} of the .efg file: {message}")]
    Efg {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// An information set holds more than one node.
    #[error("the game is not of perfect information: information set {infoset} of player {player} holds more than one node, and backward induction needs every node to be its own information set")]
    ImperfectInformation {
        /// The player.
        player: String,
        /// The information set number.
        infoset: u64,
    },
}

/// A node id: an index into [`GameTree::nodes`]; children always have larger
/// ids than their parent.
pub type NodeId = usize;

/// What happens at a node.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// A player (index into [`GameTree::players`]) chooses a move.
    Decision {
        /// The player to move.
        player: usize,
        /// The moves: labels and the nodes they lead to.
        moves: Vec<(String, NodeId)>,
    },
    /// Nature chooses a move with the given probabilities.
    Chance {
        /// The moves: labels, probabilities and nodes.
        moves: Vec<(String, BigRational, NodeId)>,
    },
    /// The game ends.
    Terminal,
}

/// A node: its kind, an optional name, and payoffs collected on reaching it
/// (a terminal node's payoffs, or an outcome attached to an inner node).
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The node's name (may be empty).
    pub name: String,
    /// What happens here.
    pub kind: NodeKind,
    /// Payoffs received at this node, one per player (empty: none).
    pub payoffs: Vec<BigRational>,
}

/// A finite game tree of perfect information.
#[derive(Debug, Clone, PartialEq)]
pub struct GameTree {
    /// The players' names.
    pub players: Vec<String>,
    /// The nodes; node 0 is the root.
    pub nodes: Vec<Node>,
}

/// A subgame-perfect equilibrium found by backward induction.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// `values[v]`: the payoffs of the subgame at node v under the equilibrium.
    pub values: Vec<Vec<BigRational>>,
    /// `choice[v]`: the move index chosen at decision node v.
    pub choice: Vec<Option<usize>>,
    /// Decision nodes where the mover is indifferent between several best moves.
    pub ties: Vec<NodeId>,
}

impl Solution {
    /// The equilibrium payoffs of the whole game.
    pub fn payoffs(&self) -> &[BigRational] {
        &self.values[0]
    }

    /// Whether the subgame-perfect equilibrium is unique (no ties anywhere).
    pub fn is_unique(&self) -> bool {
        self.ties.is_empty()
    }
}

impl GameTree {
    /// Solves the tree by backward induction (ties broken towards the first
    /// best move).
    ///
    /// ```
    /// use sprague_strategic::game_tree::GameTree;
    /// // Entry game: the entrant (E) stays Out (0, 2) or goes In; then the
    /// // incumbent (I) Fights (-1, -1) or Accommodates (1, 1).
    /// let tree = GameTree::from_json(r#"{"players": ["E", "I"], "root":
    ///   {"player": "E", "moves": [
    ///     {"label": "Out", "node": {"payoffs": [0, 2]}},
    ///     {"label": "In", "node": {"player": "I", "moves": [
    ///         {"label": "Fight", "node": {"payoffs": [-1, -1]}},
    ///         {"label": "Accommodate", "node": {"payoffs": [1, 1]}}]}}]}}"#).unwrap();
    /// let solution = tree.solve();
    /// assert_eq!(tree.equilibrium_path(&solution), ["In", "Accommodate"]);
    /// ```
    pub fn solve(&self) -> Solution {
        let n = self.nodes.len();
        let players = self.players.len();
        let mut values: Vec<Vec<BigRational>> = vec![Vec::new(); n];
        let mut choice = vec![None; n];
        let mut ties = Vec::new();
        for v in (0..n).rev() {
            let node = &self.nodes[v];
            let mut value = match &node.kind {
                NodeKind::Terminal => vec![BigRational::zero(); players],
                NodeKind::Decision { player, moves } => {
                    let mut best = 0;
                    for (k, (_, child)) in moves.iter().enumerate().skip(1) {
                        if values[*child][*player] > values[moves[best].1][*player] {
                            best = k;
                        }
                    }
                    let best_value = &values[moves[best].1][*player];
                    if moves
                        .iter()
                        .filter(|(_, child)| &values[*child][*player] == best_value)
                        .count()
                        > 1
                    {
                        ties.push(v);
                    }
                    choice[v] = Some(best);
                    values[moves[best].1].clone()
                }
                NodeKind::Chance { moves } => {
                    let mut expected = vec![BigRational::zero(); players];
                    for (_, probability, child) in moves {
                        for (e, x) in expected.iter_mut().zip(&values[*child]) {
                            *e += probability * x;
                        }
                    }
                    expected
                }
            };
            for (x, extra) in value.iter_mut().zip(&node.payoffs) {
                *x += extra;
            }
            values[v] = value;
        }
        ties.reverse();
        Solution {
            values,
            choice,
            ties,
        }
    }

    /// The moves along the equilibrium path from the root (chance nodes are
    /// followed along their most likely move and shown as `chance:LABEL`).
    pub fn equilibrium_path(&self, solution: &Solution) -> Vec<String> {
        let mut path = Vec::new();
        let mut v = 0;
        loop {
            match &self.nodes[v].kind {
                NodeKind::Terminal => return path,
                NodeKind::Decision { moves, .. } => {
                    let k = solution.choice[v].unwrap_or(0);
                    path.push(moves[k].0.clone());
                    v = moves[k].1;
                }
                NodeKind::Chance { moves } => {
                    let Some((label, _, child)) = moves.iter().max_by(|a, b| a.1.cmp(&b.1)) else {
                        return path;
                    };
                    path.push(format!("chance:{label}"));
                    v = *child;
                }
            }
        }
    }

    /// A human-readable path to node `v` from the root (move labels joined by `/`).
    pub fn node_path(&self, v: NodeId) -> String {
        let mut parent = vec![usize::MAX; self.nodes.len()];
        let mut label = vec![String::new(); self.nodes.len()];
        for (u, node) in self.nodes.iter().enumerate() {
            match &node.kind {
                NodeKind::Decision { moves, .. } => moves.iter().for_each(|(l, c)| {
                    parent[*c] = u;
                    label[*c] = l.clone();
                }),
                NodeKind::Chance { moves } => moves.iter().for_each(|(l, _, c)| {
                    parent[*c] = u;
                    label[*c] = l.clone();
                }),
                NodeKind::Terminal => {}
            }
        }
        let mut parts = Vec::new();
        let mut u = v;
        while u != 0 && u < self.nodes.len() {
            parts.push(label[u].clone());
            u = parent[u];
        }
        parts.reverse();
        if parts.is_empty() {
            "(root)".into()
        } else {
            parts.join("/")
        }
    }

    fn check(&self) -> Result<(), TreeError> {
        if self.players.is_empty() {
            return Err(TreeError::Shape(
                "a game tree needs at least one player".into(),
            ));
        }
        for (v, node) in self.nodes.iter().enumerate() {
            if !node.payoffs.is_empty() && node.payoffs.len() != self.players.len() {
                return Err(TreeError::Shape(format!(
                    "node {} has {} payoffs for {} players",
                    sprague_textfile::quoted(&self.node_path(v)),
                    node.payoffs.len(),
                    self.players.len()
                )));
            }
            match &node.kind {
                NodeKind::Decision { moves, .. } if moves.is_empty() => {
                    return Err(TreeError::Shape(format!(
                        "decision node {} has no moves",
                        sprague_textfile::quoted(&self.node_path(v))
                    )))
                }
                NodeKind::Chance { moves } => {
                    let total: BigRational = moves.iter().map(|m| &m.1).sum();
                    if moves.is_empty()
                        || !total.is_one()
                        || moves.iter().any(|m| m.1 < BigRational::zero())
                    {
                        return Err(TreeError::Shape(format!(
                            "the probabilities at chance node {} must be non-negative and add up to 1, not {}",
                            sprague_textfile::quoted(&self.node_path(v)),
                            format_rational(&total)
                        )));
                    }
                }
                NodeKind::Terminal if node.payoffs.is_empty() => {
                    return Err(TreeError::Shape(format!(
                        "leaf {} has no payoffs",
                        sprague_textfile::quoted(&self.node_path(v))
                    )))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Reads either JSON format (nested, or flat with `"nodes"`).
    pub fn from_json(text: &str) -> Result<Self, TreeError> {
        let document: serde_json::Value =
            serde_json::from_str(text).map_err(|e| TreeError::Json(e.to_string()))?;
        let players: Vec<String> = document
            .get("players")
            .and_then(|p| p.as_array())
            .ok_or_else(|| TreeError::Shape("the tree needs \"players\": a list of names".into()))?
            .iter()
            .map(|p| p.as_str().map_or_else(|| p.to_string(), str::to_string))
            .collect();
        let payoffs_of = |node: &serde_json::Value| -> Result<Vec<BigRational>, TreeError> {
            match node.get("payoffs") {
                None => Ok(Vec::new()),
                Some(serde_json::Value::Array(items)) => items
                    .iter()
                    .map(|x| {
                        rational_from_json(x).ok_or_else(|| {
                            TreeError::Shape(format!(
                                "payoff {} is not an exact number",
                                sprague_textfile::quoted(&x.to_string())
                            ))
                        })
                    })
                    .collect(),
                Some(other) => Err(TreeError::Shape(format!(
                    "payoffs must be a list, not {}",
                    sprague_textfile::quoted(&other.to_string())
                ))),
            }
        };
        let root = document
            .get("root")
            .ok_or_else(|| TreeError::Shape("the tree needs a \"root\"".into()))?;
        let flat = document.get("nodes");
        let mut nodes: Vec<Node> = Vec::new();
        // Work list of (JSON node, id it gets, flat id for cycle reports).
        match flat {
            None => {
                let mut stack: Vec<(&serde_json::Value, NodeId)> = vec![(root, 0)];
                nodes.push(placeholder());
                while let Some((json, id)) = stack.pop() {
                    let (player, edges) = edges_of(json, &players)?;
                    nodes[id] = build(json, player, &edges, &mut nodes.len(), payoffs_of(json)?)?;
                    let first = nodes.len();
                    for (k, (_, _, child)) in edges.iter().enumerate() {
                        nodes.push(placeholder());
                        stack.push((child, first + k));
                    }
                }
            }
            Some(table) => {
                let table = table.as_object().ok_or_else(|| {
                    TreeError::Shape("\"nodes\" must be an object from node ids to nodes".into())
                })?;
                let root_id = root.as_str().ok_or_else(|| {
                    TreeError::Shape("with \"nodes\", \"root\" is the id of the root node".into())
                })?;
                let mut assigned: HashMap<&str, NodeId> = HashMap::new();
                let mut stack: Vec<(&str, NodeId)> = vec![(root_id, 0)];
                nodes.push(placeholder());
                assigned.insert(root_id, 0);
                while let Some((name, id)) = stack.pop() {
                    let json = table.get(name).ok_or_else(|| {
                        TreeError::NotATree(format!(
                            "node \"{}\" is referred to but not defined",
                            sprague_textfile::quoted(name)
                        ))
                    })?;
                    let (player, edges) = edges_of(json, &players)?;
                    let mut node =
                        build(json, player, &edges, &mut nodes.len(), payoffs_of(json)?)?;
                    node.name = name.to_string();
                    nodes[id] = node;
                    let first = nodes.len();
                    for (k, (_, _, child)) in edges.iter().enumerate() {
                        let child_name = child.as_str().ok_or_else(|| {
                            TreeError::Shape(format!(
                                "in node \"{}\", a move's \"node\" must be a node id",
                                sprague_textfile::quoted(name)
                            ))
                        })?;
                        if assigned.insert(child_name, first + k).is_some() {
                            return Err(TreeError::NotATree(if child_name == root_id {
                                format!(
                                    "node \"{}\" is the root but also a child of \"{}\" (a cycle)",
                                    sprague_textfile::quoted(child_name),
                                    sprague_textfile::quoted(name)
                                )
                            } else {
                                format!(
                                    "node \"{}\" has more than one parent (or lies on a cycle)",
                                    sprague_textfile::quoted(child_name)
                                )
                            }));
                        }
                        nodes.push(placeholder());
                        stack.push((child_name, first + k));
                    }
                }
                if let Some(unreached) = table.keys().find(|k| !assigned.contains_key(k.as_str())) {
                    return Err(TreeError::NotATree(format!(
                        "node \"{}\" cannot be reached from the root",
                        sprague_textfile::quoted(unreached)
                    )));
                }
            }
        }
        let tree = GameTree { players, nodes };
        tree.check()?;
        Ok(tree)
    }

    /// Reads a Gambit `.efg` file of perfect information.
    pub fn from_efg(text: &str) -> Result<Self, TreeError> {
        let mut p = Parser {
            tokens: Tokens::new(text),
        };
        let read = Self::parse_efg(&mut p);
        // A quoted string left open ends the tokens early: that is the error.
        match p.tokens.unclosed() {
            Some(line) => Err(TreeError::Efg {
                line,
                message: "a quoted string is not closed".into(),
            }),
            None => read,
        }
    }

    /// Reads the tree from the tokens (scanned only as far as the first error).
    fn parse_efg(p: &mut Parser<'_>) -> Result<Self, TreeError> {
        let header = p.word()?;
        if header.0 != "EFG" {
            return Err(p.error_at(header.1, "an .efg file starts with EFG 2 R"));
        }
        let version = p.word()?;
        if version.0 != "2" {
            return Err(p.error_at(version.1, "only version 2 of the .efg format is read"));
        }
        let kind = p.word()?;
        if kind.0 != "R" {
            return Err(p.error_at(kind.1, "only EFG 2 R (rational or decimal payoffs) is read"));
        }
        let _title = p.string()?;
        p.expect("{")?;
        let mut players = Vec::new();
        while !p.peek_is("}") {
            players.push(p.string()?.0);
        }
        p.expect("}")?;
        if p.peek_string() {
            let _comment = p.string()?;
        }
        let mut nodes: Vec<Node> = Vec::new();
        let mut outcomes: HashMap<u64, Vec<BigRational>> = HashMap::new();
        let mut infosets: HashMap<(usize, u64), Vec<String>> = HashMap::new();
        let mut chance_sets: HashMap<u64, Vec<(String, BigRational)>> = HashMap::new();
        // Stack of (parent id, children still to read).
        let mut open: Vec<(NodeId, usize)> = Vec::new();
        let mut children: Vec<Vec<NodeId>> = Vec::new();
        while let Some((kind, line)) = p.next_word() {
            let id = nodes.len();
            if let Some((parent, remaining)) = open.last_mut() {
                children[*parent].push(id);
                *remaining -= 1;
            } else if id > 0 {
                return Err(p.error_at(
                    line,
                    "there is a node after the tree is complete (more than one root)",
                ));
            }
            let name = p.string()?.0;
            let (node_kind, count) = match kind.as_str() {
                "p" => {
                    let player = p.number::<usize>()?;
                    if player == 0 || player > players.len() {
                        return Err(p.error_at(line, &format!("player {player} does not exist")));
                    }
                    let infoset = p.number::<u64>()?;
                    let key = (player - 1, infoset);
                    let moves = if p.peek_string() {
                        let _infoset_name = p.string()?;
                        p.expect("{")?;
                        let mut labels = Vec::new();
                        while !p.peek_is("}") {
                            labels.push(p.string()?.0);
                        }
                        p.expect("}")?;
                        if infosets.insert(key, labels.clone()).is_some() {
                            return Err(TreeError::ImperfectInformation {
                                player: players[player - 1].clone(),
                                infoset,
                            });
                        }
                        labels
                    } else {
                        return Err(TreeError::ImperfectInformation {
                            player: players[player - 1].clone(),
                            infoset,
                        });
                    };
                    let count = moves.len();
                    (
                        NodeKind::Decision {
                            player: player - 1,
                            moves: moves.into_iter().map(|m| (m, 0)).collect(),
                        },
                        count,
                    )
                }
                "c" => {
                    let infoset = p.number::<u64>()?;
                    let moves = if p.peek_string() {
                        let _infoset_name = p.string()?;
                        p.expect("{")?;
                        let mut moves = Vec::new();
                        while !p.peek_is("}") {
                            let label = p.string()?.0;
                            let probability = p.rational()?;
                            moves.push((label, probability));
                        }
                        p.expect("}")?;
                        chance_sets.insert(infoset, moves.clone());
                        moves
                    } else {
                        chance_sets.get(&infoset).cloned().ok_or_else(|| {
                            p.error_at(
                                line,
                                &format!(
                                    "chance information set {infoset} is used before it is defined"
                                ),
                            )
                        })?
                    };
                    let count = moves.len();
                    (
                        NodeKind::Chance {
                            moves: moves.into_iter().map(|(l, q)| (l, q, 0)).collect(),
                        },
                        count,
                    )
                }
                "t" => (NodeKind::Terminal, 0),
                other => {
                    return Err(p.error_at(
                        line,
                        &format!(
                            "a node starts with p, c or t, not \"{}\"",
                            sprague_textfile::quoted(other)
                        ),
                    ))
                }
            };
            let outcome = p.number::<u64>()?;
            let mut payoffs = Vec::new();
            if p.peek_string() {
                let _outcome_name = p.string()?;
                p.expect("{")?;
                while !p.peek_is("}") {
                    payoffs.push(p.rational()?);
                    if p.peek_is(",") {
                        p.expect(",")?;
                    }
                }
                p.expect("}")?;
                if outcome != 0 {
                    outcomes.insert(outcome, payoffs.clone());
                }
            } else if outcome != 0 {
                payoffs = outcomes.get(&outcome).cloned().ok_or_else(|| {
                    p.error_at(
                        line,
                        &format!("outcome {outcome} is used before its payoffs are given"),
                    )
                })?;
            }
            if payoffs.is_empty() && matches!(node_kind, NodeKind::Terminal) {
                // Gambit: a leaf without an outcome pays everyone 0.
                payoffs = vec![BigRational::zero(); players.len()];
            }
            if payoffs.len() != players.len() && !payoffs.is_empty() {
                return Err(p.error_at(
                    line,
                    &format!(
                        "{} payoffs are given for {} players",
                        payoffs.len(),
                        players.len()
                    ),
                ));
            }
            nodes.push(Node {
                name,
                kind: node_kind,
                payoffs,
            });
            children.push(Vec::new());
            while open.last().is_some_and(|&(_, remaining)| remaining == 0) {
                open.pop();
            }
            if count > 0 {
                open.push((id, count));
            }
        }
        if nodes.is_empty() {
            return Err(TreeError::Shape("the .efg file has no nodes".into()));
        }
        if let Some(&(parent, remaining)) = open.last() {
            return Err(TreeError::NotATree(format!(
                "node {} (\"{}\") is missing {remaining} of its children at the end of the file",
                parent + 1,
                sprague_textfile::quoted(&nodes[parent].name)
            )));
        }
        for (v, kids) in children.iter().enumerate() {
            match &mut nodes[v].kind {
                NodeKind::Decision { moves, .. } => {
                    moves.iter_mut().zip(kids).for_each(|(m, &c)| m.1 = c)
                }
                NodeKind::Chance { moves } => {
                    moves.iter_mut().zip(kids).for_each(|(m, &c)| m.2 = c)
                }
                NodeKind::Terminal => {}
            }
        }
        let tree = GameTree { players, nodes };
        tree.check()?;
        Ok(tree)
    }

    /// Reads a tree in any supported format: `.efg` text (starting with
    /// `EFG`) or JSON.
    pub fn parse(text: &str) -> Result<Self, TreeError> {
        if text.trim_start().starts_with("EFG") {
            GameTree::from_efg(text)
        } else {
            GameTree::from_json(text)
        }
    }
}

/// The player a JSON node names: a name, or a number from 1.
fn player_index(players: &[String], value: &serde_json::Value) -> Result<usize, TreeError> {
    if let Some(name) = value.as_str() {
        if let Some(i) = players.iter().position(|p| p == name) {
            return Ok(i);
        }
    }
    if let Some(k) = value.as_u64() {
        if (1..=players.len() as u64).contains(&k) {
            return Ok(k as usize - 1);
        }
    }
    Err(TreeError::Shape(format!(
        "{} is not one of the players (a name, or a number from 1)",
        sprague_textfile::quoted(&value.to_string())
    )))
}

/// A move of a JSON node: label, probability (chance moves) and child.
type Edge<'a> = (String, Option<BigRational>, &'a serde_json::Value);

/// The mover (None for chance or a leaf) and the moves of a JSON node.
fn edges_of<'a>(
    node: &'a serde_json::Value,
    players: &[String],
) -> Result<(Option<usize>, Vec<Edge<'a>>), TreeError> {
    let (list, chance) = match (node.get("moves"), node.get("chance")) {
        (Some(m), None) => (m, false),
        (None, Some(c)) => (c, true),
        (None, None) => return Ok((None, Vec::new())),
        (Some(_), Some(_)) => {
            return Err(TreeError::Shape(
                "a node has either \"moves\" or \"chance\", not both".into(),
            ))
        }
    };
    let items = list
        .as_array()
        .ok_or_else(|| TreeError::Shape("moves must be a list".into()))?;
    let mut edges = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let label = item
            .get("label")
            .and_then(|l| l.as_str())
            .map_or_else(|| (k + 1).to_string(), str::to_string);
        let child = item.get("node").ok_or_else(|| {
            TreeError::Shape(format!(
                "move \"{}\" has no \"node\"",
                sprague_textfile::quoted(&label)
            ))
        })?;
        let probability = if chance {
            Some(
                item.get("probability")
                    .and_then(rational_from_json)
                    .ok_or_else(|| {
                        TreeError::Shape(format!(
                            "chance move \"{}\" needs an exact \"probability\"",
                            sprague_textfile::quoted(&label)
                        ))
                    })?,
            )
        } else {
            None
        };
        edges.push((label, probability, child));
    }
    let player = if chance {
        None
    } else {
        let named = node
            .get("player")
            .ok_or_else(|| TreeError::Shape("a node with moves needs a \"player\"".into()))?;
        Some(player_index(players, named)?)
    };
    Ok((player, edges))
}

fn placeholder() -> Node {
    Node {
        name: String::new(),
        kind: NodeKind::Terminal,
        payoffs: Vec::new(),
    }
}

/// Builds a node whose children will get ids `next, next+1, …`.
fn build(
    json: &serde_json::Value,
    player: Option<usize>,
    edges: &[(String, Option<BigRational>, &serde_json::Value)],
    next: &mut usize,
    payoffs: Vec<BigRational>,
) -> Result<Node, TreeError> {
    let name = json
        .get("name")
        .and_then(|n| n.as_str())
        .unwrap_or_default()
        .to_string();
    let first = *next;
    let kind = if edges.is_empty() {
        NodeKind::Terminal
    } else if let Some(player) = player {
        NodeKind::Decision {
            player,
            moves: edges
                .iter()
                .enumerate()
                .map(|(k, e)| (e.0.clone(), first + k))
                .collect(),
        }
    } else {
        NodeKind::Chance {
            moves: edges
                .iter()
                .enumerate()
                .map(|(k, e)| {
                    (
                        e.0.clone(),
                        e.1.clone().unwrap_or_else(BigRational::zero),
                        first + k,
                    )
                })
                .collect(),
        }
    };
    Ok(Node {
        name,
        kind,
        payoffs,
    })
}

struct Parser<'a> {
    tokens: Tokens<'a>,
}

impl Parser<'_> {
    fn line(&mut self) -> usize {
        self.tokens.line()
    }
    fn error_at(&self, line: usize, message: &str) -> TreeError {
        TreeError::Efg {
            line,
            message: message.to_string(),
        }
    }
    fn error(&mut self, message: &str) -> TreeError {
        let line = self.line();
        self.error_at(line, message)
    }
    fn next_word(&mut self) -> Option<(String, usize)> {
        match self.tokens.peek() {
            Some((Token::Word(_), _)) => match self.tokens.next() {
                Some((Token::Word(w), line)) => Some((w, line)),
                _ => None,
            },
            _ => None,
        }
    }
    fn word(&mut self) -> Result<(String, usize), TreeError> {
        match self.next_word() {
            Some(w) => Ok(w),
            None => Err(self.error("a word was expected")),
        }
    }
    fn peek_string(&mut self) -> bool {
        matches!(self.tokens.peek(), Some((Token::Text(_), _)))
    }
    fn peek_is(&mut self, symbol: &str) -> bool {
        matches!(self.tokens.peek(), Some((Token::Symbol(c), _)) if symbol.starts_with(*c))
    }
    fn string(&mut self) -> Result<(String, usize), TreeError> {
        if self.peek_string() {
            if let Some((Token::Text(s), line)) = self.tokens.next() {
                return Ok((s, line));
            }
        }
        Err(self.error("a quoted string was expected"))
    }
    fn expect(&mut self, symbol: &str) -> Result<(), TreeError> {
        if self.peek_is(symbol) {
            self.tokens.next();
            Ok(())
        } else {
            Err(self.error(&format!("\"{symbol}\" was expected")))
        }
    }
    fn number<T: std::str::FromStr>(&mut self) -> Result<T, TreeError> {
        let (word, line) = self.word()?;
        word.parse().map_err(|_| {
            self.error_at(
                line,
                &format!(
                    "\"{}\" is not a whole number",
                    sprague_textfile::quoted(&word)
                ),
            )
        })
    }
    fn rational(&mut self) -> Result<BigRational, TreeError> {
        let (word, line) = self.word()?;
        parse_rational(&word).ok_or_else(|| {
            self.error_at(
                line,
                &format!(
                    "\"{}\" is not an exact number",
                    sprague_textfile::quoted(&word)
                ),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: i64) -> BigRational {
        BigRational::from_integer(x.into())
    }

    const CENTIPEDE: &str = r#"EFG 2 R "Centipede, 4 legs" { "Alice" "Bob" }
"A short centipede game (Rosenthal 1981)"

p "" 1 1 "" { "Take" "Pass" } 0
t "" 1 "" { 1, 0 }
p "" 2 1 "" { "Take" "Pass" } 0
t "" 2 "" { 0, 2 }
p "" 1 2 "" { "Take" "Pass" } 0
t "" 3 "" { 3, 1 }
p "" 2 2 "" { "Take" "Pass" } 0
t "" 4 "" { 2, 4 }
t "" 5 "" { 5, 3 }
"#;

    #[test]
    fn centipede_unravels() {
        // Backward induction takes at once: (1, 0), the textbook paradox.
        let tree = GameTree::parse(CENTIPEDE).unwrap();
        let solution = tree.solve();
        assert_eq!(solution.payoffs(), &[r(1), r(0)]);
        assert_eq!(tree.equilibrium_path(&solution), ["Take"]);
        assert!(solution.is_unique());
        assert_eq!(tree.nodes.len(), 9);
    }

    #[test]
    fn chance_and_ties() {
        let tree = GameTree::from_json(
            r#"{"players": ["A"], "root": {"chance": [
                {"label": "H", "probability": "1/3", "node": {"player": "A", "moves": [
                    {"label": "x", "node": {"payoffs": [3]}}, {"label": "y", "node": {"payoffs": [3]}}]}},
                {"label": "T", "probability": "2/3", "node": {"payoffs": [0]}}]}}"#,
        )
        .unwrap();
        let solution = tree.solve();
        assert_eq!(solution.payoffs(), &[r(1)]);
        assert!(!solution.is_unique());
        assert_eq!(tree.node_path(solution.ties[0]), "H");
    }

    #[test]
    fn flat_format_and_not_a_tree() {
        let ok = r#"{"players": ["A", "B"], "root": "a", "nodes": {
            "a": {"player": "A", "moves": [{"label": "l", "node": "b"}, {"label": "r", "node": "c"}]},
            "b": {"payoffs": [1, 0]}, "c": {"payoffs": [2, 1]}}}"#;
        assert_eq!(
            GameTree::from_json(ok).unwrap().solve().payoffs(),
            &[r(2), r(1)]
        );
        let shared = ok.replace(r#""node": "c"}"#, r#""node": "b"}"#);
        assert!(matches!(
            GameTree::from_json(&shared),
            Err(TreeError::NotATree(_))
        ));
        let cycle = ok.replace(
            r#""c": {"payoffs": [2, 1]}"#,
            r#""c": {"player": "B", "moves": [{"node": "a"}]}"#,
        );
        assert!(matches!(
            GameTree::from_json(&cycle),
            Err(TreeError::NotATree(_))
        ));
        let missing = ok.replace(r#""node": "c"}"#, r#""node": "z"}"#);
        assert!(matches!(
            GameTree::from_json(&missing),
            Err(TreeError::NotATree(_))
        ));
    }

    #[test]
    fn bad_efg() {
        let imperfect =
            CENTIPEDE.replace("p \"\" 1 2 \"\" { \"Take\" \"Pass\" } 0", "p \"\" 1 1 0");
        assert!(matches!(
            GameTree::parse(&imperfect),
            Err(TreeError::ImperfectInformation { .. })
        ));
        let short: String = CENTIPEDE.lines().take(8).collect::<Vec<_>>().join("\n");
        assert!(matches!(
            GameTree::parse(&short),
            Err(TreeError::NotATree(_))
        ));
        assert!(matches!(
            GameTree::parse("EFG 3 R \"x\" { }"),
            Err(TreeError::Efg { .. })
        ));
        let wrong_payoffs = CENTIPEDE.replace("{ 5, 3 }", "{ 5 }");
        assert!(matches!(
            GameTree::parse(&wrong_payoffs),
            Err(TreeError::Efg { .. })
        ));
    }

    #[test]
    fn deep_tree_does_not_overflow_the_stack() {
        // A chain of 20 000 decision nodes in flat form.
        let depth = 20_000;
        let mut nodes = Vec::new();
        for i in 0..depth {
            nodes.push(format!(
                r#""n{i}": {{"player": "A", "moves": [{{"label": "stop", "node": "s{i}"}}, {{"label": "go", "node": "n{}"}}]}}, "s{i}": {{"payoffs": [{i}]}}"#,
                i + 1
            ));
        }
        nodes.push(format!(r#""n{depth}": {{"payoffs": [-1]}}"#));
        let text = format!(
            r#"{{"players": ["A"], "root": "n0", "nodes": {{{}}}}}"#,
            nodes.join(",")
        );
        let tree = GameTree::from_json(&text).unwrap();
        assert_eq!(tree.solve().payoffs(), &[r(depth as i64 - 1)]);
    }
}
