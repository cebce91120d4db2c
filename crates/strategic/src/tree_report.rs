//! The answer of `sprague tree solve` as a serde record: the subgame-perfect equilibrium of a
//! perfect-information tree found by backward induction (Kuhn 1953; Selten 1965) — the
//! equilibrium payoffs, the path played, whether it is unique, and the move at every decision
//! node. Built once here for every face (the CLI's `--format json`, the web API).

use serde::Serialize;

use crate::exact_text::format_rational;
use crate::game_tree::{GameTree, NodeKind, Solution, TreeError};

/// The move chosen at one decision node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NodeChoiceRecord {
    /// The move chosen.
    #[serde(rename = "move")]
    pub chosen: String,
    /// The node, as its path of moves from the root.
    pub node: String,
    /// The subgame's payoffs under the equilibrium, exact.
    pub payoffs: Vec<String>,
    /// The player who moves there.
    pub player: String,
    /// Whether the player is indifferent between several best moves there.
    pub tie: bool,
}

/// `sprague tree solve FILE --format json` (keys in alphabetical order, as the CLI prints them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TreeSolutionRecord {
    /// The moves of the equilibrium path, from the root.
    pub path: Vec<String>,
    /// The equilibrium payoffs, one per player, exact.
    pub payoffs: Vec<String>,
    /// The players' names.
    pub players: Vec<String>,
    /// The move at every decision node.
    pub strategy: Vec<NodeChoiceRecord>,
    /// Whether the equilibrium is unique (no ties).
    pub unique: bool,
}

impl TreeSolutionRecord {
    /// The record of `solution`, an equilibrium of `tree`.
    ///
    /// ```
    /// use sprague_strategic::game_tree::GameTree;
    /// use sprague_strategic::tree_report::TreeSolutionRecord;
    /// // Entry deterrence: the threat to fight is not credible.
    /// let tree = GameTree::parse(r#"{"players": ["Entrant", "Incumbent"],
    ///  "root": {"player": "Entrant", "moves": [
    ///     {"label": "Out", "node": {"payoffs": [0, 2]}},
    ///     {"label": "In",  "node": {"player": "Incumbent", "moves": [
    ///         {"label": "Fight",       "node": {"payoffs": [-1, -1]}},
    ///         {"label": "Accommodate", "node": {"payoffs": [1, 1]}}]}}]}}"#).unwrap();
    /// let record = TreeSolutionRecord::new(&tree, &tree.solve());
    /// assert_eq!(record.path, vec!["In", "Accommodate"]);
    /// assert_eq!(record.payoffs, vec!["1", "1"]);
    /// ```
    pub fn new(tree: &GameTree, solution: &Solution) -> Self {
        let mut strategy = Vec::new();
        for (v, node) in tree.nodes.iter().enumerate() {
            if let (NodeKind::Decision { player, moves }, Some(k)) =
                (&node.kind, solution.choice[v])
            {
                strategy.push(NodeChoiceRecord {
                    chosen: moves[k].0.clone(),
                    node: tree.node_path(v),
                    payoffs: solution.values[v].iter().map(format_rational).collect(),
                    player: tree.players[*player].clone(),
                    tie: solution.ties.contains(&v),
                });
            }
        }
        TreeSolutionRecord {
            path: tree.equilibrium_path(solution),
            payoffs: solution.payoffs().iter().map(format_rational).collect(),
            players: tree.players.clone(),
            strategy,
            unique: solution.is_unique(),
        }
    }
}

/// Parses a tree's text (JSON, Gambit `.efg` or text) and solves it: the record of
/// `sprague tree solve`.
///
/// ```
/// let text = r#"{"players": ["A"], "root": {"player": "A", "moves": [
///     {"label": "x", "node": {"payoffs": [1]}}, {"label": "y", "node": {"payoffs": [2]}}]}}"#;
/// let record = sprague_strategic::tree_report::solve_tree_text(text).unwrap();
/// assert_eq!(record.path, vec!["y"]);
/// ```
pub fn solve_tree_text(text: &str) -> Result<TreeSolutionRecord, TreeError> {
    let tree = GameTree::parse(text)?;
    Ok(TreeSolutionRecord::new(&tree, &tree.solve()))
}
