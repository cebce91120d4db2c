//! Sequences and perfect recall. A player's *sequence* is the list of its own
//! actions on the way to a node; under perfect recall it is determined by the
//! last of them, a pair (information set, action), and the empty sequence ∅
//! (von Stengel, "Efficient computation of behavior strategies", GEB 14,
//! 1996; Koller, Megiddo and von Stengel, GEB 14, 1996). A player has
//! *perfect recall* (Kuhn 1953) exactly when all nodes of each of its
//! information sets are reached by the same own sequence: it never forgets
//! what it knew or did. This module numbers the sequences (∅ is 0, the
//! action `a` of set `h` is `first[h] + a`) and checks perfect recall, naming
//! the player, the set and the two histories it confuses.

use super::error::ExtensiveError;
use super::game::ExtensiveGame;

/// The sequences of every player, for a game with perfect recall.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sequences {
    /// `count[p]`: the number of sequences of player p (∅ included).
    pub count: Vec<usize>,
    /// `first[h]`: the sequence of action 0 at player set h (0 for chance sets).
    pub first: Vec<usize>,
    /// `parent[h]`: the mover's sequence leading to set h (0 for chance sets).
    pub parent: Vec<usize>,
    /// `at_node[v][p]`: player p's sequence on the way to node v.
    pub at_node: NodeSequences,
    /// `owner[p][s]`: the set and action of sequence s > 0 of player p.
    pub owner: Vec<Vec<(usize, usize)>>,
}

/// Every player's sequence at every node, in one flat table: `table[v]` is
/// the slice of node v, one sequence per player.
///
/// ```
/// use sprague_strategic::extensive::{builtin::kuhn_poker, sequences::Sequences};
/// let seq = Sequences::new(&kuhn_poker()).unwrap();
/// assert_eq!(seq.at_node[0], [0, 0]); // the root: both players' empty sequence
/// assert_eq!(seq.at_node.len(), 55);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeSequences {
    players: usize,
    data: Vec<usize>,
}

impl NodeSequences {
    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.data.len().checked_div(self.players).unwrap_or(0)
    }

    /// Whether the table has no node.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl std::ops::Index<usize> for NodeSequences {
    type Output = [usize];
    fn index(&self, v: usize) -> &[usize] {
        &self.data[v * self.players..(v + 1) * self.players]
    }
}

impl Sequences {
    /// Numbers the sequences of every player and checks perfect recall.
    ///
    /// ```
    /// use sprague_strategic::extensive::{builtin::kuhn_poker, sequences::Sequences};
    /// let s = Sequences::new(&kuhn_poker()).unwrap();
    /// assert_eq!(s.count, vec![13, 13]); // ∅ and 6 sets × 2 actions each
    /// ```
    pub fn new(game: &ExtensiveGame) -> Result<Self, ExtensiveError> {
        let s = Self::numbered(game);
        s.check_recall(game)?;
        Ok(s)
    }

    /// Numbers the sequences without checking perfect recall (`parent` is
    /// then the sequence at the first node of each set).
    pub fn numbered(game: &ExtensiveGame) -> Self {
        let n = game.num_players();
        let mut count = vec![1usize; n];
        let mut first = vec![0usize; game.infosets.len()];
        let mut owner: Vec<Vec<(usize, usize)>> = vec![vec![(usize::MAX, 0)]; n];
        for (h, set) in game.infosets.iter().enumerate() {
            if let Some(p) = set.player {
                first[h] = count[p];
                count[p] += set.actions.len();
                owner[p].extend((0..set.actions.len()).map(|a| (h, a)));
            }
        }
        // Nodes come in preorder, so a node's row is written before its children's.
        let mut at_node = vec![0usize; game.nodes.len() * n];
        let mut parent = vec![usize::MAX; game.infosets.len()];
        for v in 0..game.nodes.len() {
            let node = &game.nodes[v];
            if let Some(h) = node.infoset {
                let mover = game.infosets[h].player;
                if parent[h] == usize::MAX {
                    parent[h] = mover.map_or(0, |p| at_node[v * n + p]);
                }
                for (a, &c) in node.children.iter().enumerate() {
                    at_node.copy_within(v * n..(v + 1) * n, c * n);
                    if let Some(p) = mover {
                        at_node[c * n + p] = first[h] + a;
                    }
                }
            }
        }
        let at_node = NodeSequences {
            players: n,
            data: at_node,
        };
        for p in parent.iter_mut().filter(|p| **p == usize::MAX) {
            *p = 0;
        }
        Sequences {
            count,
            first,
            parent,
            at_node,
            owner,
        }
    }

    /// Checks that every node of each player set is reached by the same own
    /// sequence; the error names the player, the set and the two histories.
    pub fn check_recall(&self, game: &ExtensiveGame) -> Result<(), ExtensiveError> {
        let mut seen: Vec<Option<usize>> = vec![None; game.infosets.len()];
        for (v, node) in game.nodes.iter().enumerate() {
            let Some(h) = node.infoset else { continue };
            let Some(p) = game.infosets[h].player else {
                continue;
            };
            match seen[h] {
                None => seen[h] = Some(v),
                Some(u) if self.at_node[u][p] != self.at_node[v][p] => {
                    return Err(ExtensiveError::ImperfectRecall(format!(
                        "player \"{}\" does not have perfect recall: information set \"{}\" holds the node after {} ({}) and the node after {} ({}), so the player forgets what it knew or did",
                        sprague_textfile::quoted(&game.players[p]),
                        sprague_textfile::quoted(&game.infoset_name(h)),
                        sprague_textfile::quoted(&game.path_text(u)),
                        self.describe(game, p, self.at_node[u][p]),
                        sprague_textfile::quoted(&game.path_text(v)),
                        self.describe(game, p, self.at_node[v][p]),
                    )))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// A sequence in words: "its last move was A at set h" or "no move of its own yet".
    pub fn describe(&self, game: &ExtensiveGame, p: usize, s: usize) -> String {
        if s == 0 {
            return "no move of its own before".into();
        }
        let (h, a) = self.owner[p][s];
        format!(
            "its last move was \"{}\" at \"{}\"",
            sprague_textfile::quoted(&game.infosets[h].actions[a]),
            sprague_textfile::quoted(&game.infoset_name(h))
        )
    }

    /// The sequence's label: `∅` or `set:action`.
    pub fn label(&self, game: &ExtensiveGame, p: usize, s: usize) -> String {
        if s == 0 {
            return "∅".into();
        }
        let (h, a) = self.owner[p][s];
        format!("{}:{}", game.infoset_name(h), game.infosets[h].actions[a])
    }
}
