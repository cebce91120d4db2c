//! Green Hackenbush on any finite multigraph with a ground: a move deletes
//! one edge, and every edge no longer connected to the ground disappears.
//!
//! Theory (*Winning Ways*, ch. 7; Ferguson, *Game Theory*, Part I, §5.3):
//! - a bamboo stalk of n edges is a Nim heap of n;
//! - **colon principle**: branches at a vertex may be replaced by a stalk of
//!   their nim-sum, so on a tree the value of a vertex is the XOR over its
//!   children c of (value(c) + 1);
//! - **fusion principle**: the vertices of a cycle may be fused into one
//!   vertex without changing the value, the cycle's edges becoming loops
//!   (each loop a stalk of length 1).
//!
//! The algorithm: drop edges not connected to the ground; find the bridges
//! (Tarjan's low-link, explicit stack); fuse each 2-edge-connected piece into
//! one vertex carrying its k non-bridge edges as loops (worth k mod 2); then
//! apply the colon principle on the tree of bridges, rooted at the ground.
//! Tree edge deletion (树上删边) and undirected-graph edge deletion with a
//! root (无向图删边) are the same game with their own syntax: the root is the
//! ground.
//!
//! Syntax: `green-hackenbush` takes an edge list, inline (`g-a,a-b,b-g`, the
//! ground is `g`) or from a file (`@picture.txt`, see [`crate::graph_input`]);
//! `tree-edge-deletion` takes nested parentheses, one pair per vertex, the
//! outer pair the root (`(()(()()))`); `graph-edge-deletion` takes
//! `ROOT:edge list` (`1:1-2,2-3,3-1,1-4`). Several words make a sum. A
//! picture with every edge cut is written `0` (edge lists), `()` (trees) or
//! `ROOT:` (rooted graphs).
//!
//! Moves are written as the edge cut, `a-b` (or `b-a`); in a sum, `k:a-b`
//! names picture k, and the prefix is needed only when several pictures have
//! an edge a-b. Parallel edges are one move (cutting either copy leaves the
//! same picture). The position after a cut keeps only the edges still
//! connected to the ground, written canonically: the edge list (with a
//! `ground:NAME` item when the ground is not `g`), the parentheses of the
//! tree, or `ROOT:edges`.

use std::collections::HashMap;

use sprague_engine::{Game, Outcome};

use crate::error::GameError;
use crate::game_graph::{explore, GameGraph};
use crate::graph_input::{number_vertices, parse_edge_list, read_source};
use crate::playable::{
    find_move, move_leaving, require_position, ComponentReport, Evaluation, MoveReport,
    PlayableGame, Report, MAX_LISTED_MOVES,
};
use crate::position::{Board, Move, Picture as DrawnPicture, Position};

/// The most edges written in all the after-positions of one move list (each
/// after-position carries every picture of the sum).
pub const MAX_LISTED_EDGES: usize = 4_000_000;

/// The most edges in one picture (every edge's cut is evaluated: O(E²)).
pub const EDGE_LIMIT: usize = 5_000;

/// The most edges for which the game graph is drawn (by brute force).
pub const GRAPH_EDGE_LIMIT: usize = 24;

/// Pictures with at most this many live edges are also solved by brute-force
/// edge deletion, and the analysis says whether the two agree.
pub const CHECK_EDGE_LIMIT: usize = 16;

/// The value by brute force over edge deletions (the mex rule on sets of edges).
///
/// # Errors
/// [`GameError::PositionTooLarge`] above 64 edges.
///
/// ```
/// let picture = sprague_games::green_hackenbush::parse_picture("g-a,a-b,b-g").unwrap();
/// assert_eq!(sprague_games::green_hackenbush::brute_force_value(&picture).unwrap(), 1);
/// ```
pub fn brute_force_value(picture: &Picture) -> Result<u64, GameError> {
    let m = picture.edges.len();
    if m > 64 {
        return Err(GameError::PositionTooLarge {
            reason: format!("{m} edges; brute force handles up to 64"),
        });
    }
    let start = picture
        .grounded(&vec![true; m])
        .iter()
        .enumerate()
        .fold(0u64, |acc, (i, &l)| acc | (u64::from(l) << i));
    Ok(sprague_engine::GrundySolver::by_search(EdgeDeletion(picture)).grundy(&start)?)
}

/// A Hackenbush picture: named vertices, edges, and the ground vertex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// Vertex names.
    pub names: Vec<String>,
    /// Edges as vertex indices (loops and parallel edges allowed).
    pub edges: Vec<(usize, usize)>,
    /// The ground vertex.
    pub ground: usize,
}

impl Picture {
    /// A picture from named edges and the ground's name.
    ///
    /// # Errors
    /// [`GameError::InvalidGraph`] when no edge touches the ground or there are too many edges.
    pub fn new(
        edges: &[(String, String)],
        ground: &str,
        source: Option<&str>,
    ) -> Result<Self, GameError> {
        let error = |reason: String| GameError::InvalidGraph {
            source_name: source.map(str::to_string),
            reason,
        };
        let (names, edges) = number_vertices(&[ground.to_string()], edges, EDGE_LIMIT, source)?;
        if !edges.iter().any(|&(u, v)| u == 0 || v == 0) {
            return Err(error(format!(
                "no edge touches the ground '{0}': a Hackenbush picture must stand on the ground (e.g. {0}-a,a-b)",
                crate::error::quoted(ground)
            )));
        }
        Ok(Self {
            names,
            edges,
            ground: 0,
        })
    }

    /// The edge list in the inline syntax (only the edges in `present`).
    pub fn text(&self, present: impl Fn(usize) -> bool) -> String {
        let words: Vec<String> = self
            .edges
            .iter()
            .enumerate()
            .filter(|(i, _)| present(*i))
            .map(|(_, &(u, v))| format!("{}-{}", self.names[u], self.names[v]))
            .collect();
        if words.is_empty() {
            "(nothing)".into()
        } else {
            words.join(",")
        }
    }

    /// Which edges (among `present`) are still connected to the ground.
    pub fn grounded(&self, present: &[bool]) -> Vec<bool> {
        let n = self.names.len();
        let mut adjacency: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            if present[e] {
                adjacency[u].push((v, e));
                adjacency[v].push((u, e));
            }
        }
        let mut reached = vec![false; n];
        reached[self.ground] = true;
        let mut stack = vec![self.ground];
        while let Some(u) = stack.pop() {
            for &(v, _) in &adjacency[u] {
                if !reached[v] {
                    reached[v] = true;
                    stack.push(v);
                }
            }
        }
        (0..self.edges.len())
            .map(|e| present[e] && reached[self.edges[e].0])
            .collect()
    }

    /// The value of the edges in `present`, by the fusion and colon principles.
    ///
    /// ```
    /// use sprague_games::green_hackenbush::parse_picture;
    /// // The triangle g-a-b-g fuses into the ground as 3 loops (worth 3 mod 2 = 1);
    /// // the stalk a-c-d then hangs from the fused vertex (worth 2).
    /// let picture = parse_picture("g-a,a-b,b-g,a-c,c-d").unwrap();
    /// assert_eq!(picture.value(&vec![true; 5]), 1 ^ 2);
    /// ```
    pub fn value(&self, present: &[bool]) -> u64 {
        let live = self.grounded(present);
        let n = self.names.len();
        let mut adjacency: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            if live[e] && u != v {
                adjacency[u].push((v, e));
                adjacency[v].push((u, e));
            }
        }
        // Bridges by low-link, iteratively (parent edge by id, so parallel edges count as cycles).
        let mut order = vec![usize::MAX; n];
        let mut low = vec![0usize; n];
        let mut is_bridge = vec![false; self.edges.len()];
        let mut counter = 0;
        let mut stack: Vec<(usize, usize, usize)> = vec![(self.ground, usize::MAX, 0)];
        order[self.ground] = 0;
        low[self.ground] = 0;
        counter += 1;
        while let Some(&mut (u, parent_edge, ref mut next)) = stack.last_mut() {
            if *next < adjacency[u].len() {
                let (v, e) = adjacency[u][*next];
                *next += 1;
                if e == parent_edge {
                    continue;
                }
                if order[v] == usize::MAX {
                    order[v] = counter;
                    low[v] = counter;
                    counter += 1;
                    stack.push((v, e, 0));
                } else {
                    low[u] = low[u].min(order[v]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[u]);
                    if low[u] > order[parent] {
                        is_bridge[parent_edge] = true;
                    }
                }
            }
        }
        // Fuse 2-edge-connected pieces (union–find over non-bridge edges).
        let mut leader: Vec<usize> = (0..n).collect();
        fn find(leader: &mut [usize], mut x: usize) -> usize {
            while leader[x] != x {
                leader[x] = leader[leader[x]];
                x = leader[x];
            }
            x
        }
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            if live[e] && !is_bridge[e] {
                let (a, b) = (find(&mut leader, u), find(&mut leader, v));
                leader[a] = b;
            }
        }
        let mut loops = vec![0u64; n];
        let mut tree: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            if !live[e] {
                continue;
            }
            let (a, b) = (find(&mut leader, u), find(&mut leader, v));
            if is_bridge[e] {
                tree[a].push(b);
                tree[b].push(a);
            } else {
                loops[a] ^= 1;
            }
        }
        // Colon principle on the bridge tree, post-order with an explicit stack.
        let root = find(&mut leader, self.ground);
        let mut value = loops.clone();
        let mut visited = vec![false; n];
        let mut walk: Vec<(usize, usize, bool)> = vec![(root, usize::MAX, false)];
        while let Some((node, parent, done)) = walk.pop() {
            if done {
                if parent != usize::MAX {
                    value[parent] ^= value[node] + 1;
                }
                continue;
            }
            visited[node] = true;
            walk.push((node, parent, true));
            for &child in &tree[node] {
                if child != parent && !visited[child] {
                    walk.push((child, node, false));
                }
            }
        }
        value[root]
    }

    /// Whether the live part has a cycle (so the fusion principle was needed).
    pub fn has_cycle(&self) -> bool {
        let n = self.names.len();
        let live = self.grounded(&vec![true; self.edges.len()]);
        let edges = live.iter().filter(|&&l| l).count();
        let mut touched = vec![false; n];
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            if live[e] {
                touched[u] = true;
                touched[v] = true;
            }
        }
        edges > 0 && edges >= touched.iter().filter(|&&t| t).count()
    }

    /// A picture of the ground `ground` alone (every edge cut).
    fn bare(ground: &str) -> Self {
        Self {
            names: vec![ground.to_string()],
            edges: Vec::new(),
            ground: 0,
        }
    }
}

/// Green Hackenbush as a [`Game`] on sets of edges (bitmasks; the brute-force
/// reference, up to 64 edges).
#[derive(Debug, Clone)]
pub struct EdgeDeletion<'a>(pub &'a Picture);

impl Game for EdgeDeletion<'_> {
    type Position = u64;

    fn options(&self, mask: &u64) -> Vec<u64> {
        let m = self.0.edges.len();
        (0..m)
            .filter(|&e| mask >> e & 1 == 1)
            .map(|e| {
                let present: Vec<bool> = (0..m).map(|i| i != e && mask >> i & 1 == 1).collect();
                self.0
                    .grounded(&present)
                    .iter()
                    .enumerate()
                    .fold(0u64, |acc, (i, &l)| acc | (u64::from(l) << i))
            })
            .collect()
    }
}

/// Reads an edge list picture (`g-a,a-b` or `@file`); `0` is the ground
/// alone, the picture left when every edge has been cut.
///
/// # Errors
/// As [`parse_edge_list`] and [`Picture::new`].
///
/// ```
/// use sprague_games::green_hackenbush::parse_picture;
/// assert_eq!(parse_picture("0").unwrap().edges.len(), 0);
/// assert_eq!(parse_picture("ground:x,x-a").unwrap().names, vec!["x", "a"]);
/// ```
pub fn parse_picture(word: &str) -> Result<Picture, GameError> {
    if word.trim() == "0" {
        return Ok(Picture::bare("g"));
    }
    let (text, source) = read_source(word)?;
    let list = parse_edge_list(&text, source.as_deref())?;
    let ground = list.ground.clone().unwrap_or_else(|| "g".to_string());
    let edges: Vec<(String, String)> = list
        .edges
        .iter()
        .map(|(u, v, _)| (u.clone(), v.clone()))
        .collect();
    Picture::new(&edges, &ground, source.as_deref())
}

/// Reads a rooted tree in nested parentheses: `(()(()))` is a root with two
/// children, the second of which has a child. Vertices are named r, 1, 2, … in order.
///
/// # Errors
/// [`GameError::InvalidPosition`] for unbalanced parentheses or other characters.
///
/// ```
/// use sprague_games::green_hackenbush::parse_tree;
/// let tree = parse_tree("(()(()))").unwrap();
/// assert_eq!(tree.edges.len(), 3);
/// assert_eq!(tree.value(&[true; 3]), 1 ^ 2); // a stalk of 1 and a stalk of 2
/// assert!(parse_tree("(()").is_err());
/// ```
pub fn parse_tree(word: &str) -> Result<Picture, GameError> {
    let error = |reason: &str| GameError::InvalidPosition {
        game: "tree-edge-deletion".into(),
        text: word.to_string(),
        reason: reason.to_string(),
    };
    let text = word.trim();
    if !text.starts_with('(') {
        return Err(error("a tree is written in nested parentheses, one pair per vertex, the outer pair the root, e.g. (()(()))"));
    }
    let mut edges: Vec<(String, String)> = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut next = 0;
    let mut closed_root = false;
    for c in text.chars() {
        if closed_root {
            return Err(error(
                "text after the root's closing parenthesis: a tree has one root, e.g. (()(()))",
            ));
        }
        match c {
            '(' => {
                let name = if stack.is_empty() {
                    "r".to_string()
                } else {
                    next += 1;
                    next.to_string()
                };
                if let Some(parent) = stack.last() {
                    edges.push((parent.clone(), name.clone()));
                }
                stack.push(name);
            }
            ')' => {
                stack.pop().ok_or_else(|| error("a ')' closes nothing"))?;
                closed_root = stack.is_empty();
            }
            _ => return Err(error("only '(' and ')' may be used, e.g. (()(()))")),
        }
    }
    if !stack.is_empty() {
        return Err(error("unbalanced parentheses: a '(' is never closed"));
    }
    if edges.is_empty() {
        return Ok(Picture {
            names: vec!["r".into()],
            edges: Vec::new(),
            ground: 0,
        });
    }
    Picture::new(&edges, "r", None)
}

/// Reads `ROOT:edge list` (undirected-graph edge deletion), e.g.
/// `1:1-2,2-3,3-1`; `ROOT:` with no edges is the root alone.
///
/// # Errors
/// [`GameError::InvalidPosition`] without a root; the edge-list errors otherwise.
pub fn parse_rooted_graph(word: &str) -> Result<Picture, GameError> {
    let (root, rest) = word
        .split_once(':')
        .ok_or_else(|| GameError::InvalidPosition {
            game: "graph-edge-deletion".into(),
            text: word.to_string(),
            reason: "write the root, a colon, then the edges, e.g. 1:1-2,2-3,3-1,1-4".into(),
        })?;
    if rest.trim().is_empty() && !root.trim().is_empty() {
        return Ok(Picture::bare(root.trim()));
    }
    let (text, source) = read_source(rest)?;
    let list = parse_edge_list(&text, source.as_deref())?;
    let edges: Vec<(String, String)> = list
        .edges
        .iter()
        .map(|(u, v, _)| (u.clone(), v.clone()))
        .collect();
    Picture::new(&edges, root.trim(), source.as_deref())
}

/// Which syntax a Hackenbush-type entry reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// Edge lists with a ground `g` (or declared).
    Hackenbush,
    /// Nested parentheses.
    Tree,
    /// `ROOT:edges`.
    RootedGraph,
}

/// Green Hackenbush and its two edge-deletion forms for the command line.
#[derive(Debug, Clone, Copy)]
pub struct HackenbushPlayable(pub Syntax);

impl HackenbushPlayable {
    fn parse(&self, word: &str) -> Result<Picture, GameError> {
        match self.0 {
            Syntax::Hackenbush => parse_picture(word),
            Syntax::Tree => parse_tree(word),
            Syntax::RootedGraph => parse_rooted_graph(word),
        }
    }

    /// The edges in `live` written in this entry's syntax (canonical: it
    /// parses back to the same picture and is written the same again).
    ///
    /// ```
    /// use sprague_games::green_hackenbush::{parse_tree, HackenbushPlayable, Syntax};
    /// let tree = parse_tree("(()(()))").unwrap();
    /// let writer = HackenbushPlayable(Syntax::Tree);
    /// assert_eq!(writer.write(&tree, &[true, false, false]), "(())");
    /// ```
    pub fn write(&self, picture: &Picture, live: &[bool]) -> String {
        let edges: Vec<String> = picture
            .edges
            .iter()
            .zip(live)
            .filter(|(_, &l)| l)
            .map(|(&(u, v), _)| format!("{}-{}", picture.names[u], picture.names[v]))
            .collect();
        let ground = &picture.names[picture.ground];
        match self.0 {
            Syntax::Hackenbush if edges.is_empty() => "0".to_string(),
            Syntax::Hackenbush if ground == "g" => edges.join(","),
            Syntax::Hackenbush => format!("ground:{ground},{}", edges.join(",")),
            Syntax::RootedGraph => format!("{ground}:{}", edges.join(",")),
            Syntax::Tree => {
                // Parsed trees hold their edges as (parent, child).
                let mut children: Vec<Vec<usize>> = vec![Vec::new(); picture.names.len()];
                for (&(u, v), _) in picture.edges.iter().zip(live).filter(|(_, &l)| l) {
                    children[u].push(v);
                }
                let mut text = String::from("(");
                let mut stack: Vec<(usize, usize)> = vec![(picture.ground, 0)];
                while let Some((node, next)) = stack.last_mut() {
                    if let Some(&child) = children[*node].get(*next) {
                        *next += 1;
                        text.push('(');
                        stack.push((child, 0));
                    } else {
                        text.push(')');
                        stack.pop();
                    }
                }
                text
            }
        }
    }

    /// The pictures of `words` with their live edges and canonical writing.
    fn pictures(&self, words: &[String]) -> Result<Vec<(Picture, Vec<bool>, String)>, GameError> {
        require_position(words, &self.description(), "g-a,a-b,b-g")?;
        words
            .iter()
            .map(|word| {
                let picture = self.parse(word)?;
                let live = picture.grounded(&vec![true; picture.edges.len()]);
                self.canonical(&picture, &live)
            })
            .collect()
    }

    /// The live part of `picture` written canonically and read back, so its
    /// vertices are named and ordered as a reader of the text will have them
    /// (tree vertices are renumbered after a cut).
    fn canonical(
        &self,
        picture: &Picture,
        live: &[bool],
    ) -> Result<(Picture, Vec<bool>, String), GameError> {
        let text = self.write(picture, live);
        let picture = self.parse(&text)?;
        let live = vec![true; picture.edges.len()];
        Ok((picture, live, text))
    }

    fn board(pictures: &[(Picture, Vec<bool>, String)]) -> Board {
        Board::Pictures {
            pictures: pictures
                .iter()
                .map(|(picture, live, _)| {
                    let mut touched = vec![false; picture.names.len()];
                    touched[picture.ground] = true;
                    let mut edges = Vec::new();
                    for (&(u, v), _) in picture.edges.iter().zip(live).filter(|(_, &l)| l) {
                        touched[u] = true;
                        touched[v] = true;
                        edges.push([picture.names[u].clone(), picture.names[v].clone()]);
                    }
                    DrawnPicture {
                        vertices: picture
                            .names
                            .iter()
                            .zip(&touched)
                            .filter(|(_, &t)| t)
                            .map(|(name, _)| name.clone())
                            .collect(),
                        edges,
                        ground: Some(picture.names[picture.ground].clone()),
                    }
                })
                .collect(),
        }
    }

    fn position_of(&self, pictures: &[(Picture, Vec<bool>, String)]) -> Position {
        Position::new(
            self.description(),
            pictures.iter().map(|(_, _, text)| text.clone()).collect(),
            Self::board(pictures),
        )
    }

    /// The cuts listed: in each picture not equal to an earlier one, each live
    /// edge that is the first live copy of its pair of ends.
    fn cuts(pictures: &[(Picture, Vec<bool>, String)]) -> Vec<(usize, usize)> {
        let mut cuts = Vec::new();
        for (index, (picture, live, text)) in pictures.iter().enumerate() {
            if pictures[..index].iter().any(|(_, _, t)| t == text) {
                continue;
            }
            for e in (0..picture.edges.len()).filter(|&e| live[e]) {
                if !(0..e).any(|d| live[d] && same_ends(picture.edges[d], picture.edges[e])) {
                    cuts.push((index, e));
                }
            }
        }
        cuts
    }

    /// The pictures with a live edge between the vertices named `a` and `b`
    /// (the first of several equal pictures).
    fn pictures_with_edge(
        pictures: &[(Picture, Vec<bool>, String)],
        a: &str,
        b: &str,
    ) -> Vec<usize> {
        let mut found: Vec<usize> = Vec::new();
        for (index, (picture, live, text)) in pictures.iter().enumerate() {
            if found.iter().any(|&i| &pictures[i].2 == text) {
                continue;
            }
            if edge_named(picture, live, a, b).is_some() {
                found.push(index);
            }
        }
        found
    }

    /// The move cutting edge `e` of picture `index`.
    fn cut(
        &self,
        pictures: &[(Picture, Vec<bool>, String)],
        index: usize,
        e: usize,
    ) -> Result<Move, GameError> {
        let (picture, live, _) = &pictures[index];
        let (u, v) = picture.edges[e];
        let (a, b) = (&picture.names[u], &picture.names[v]);
        let mut present = live.clone();
        present[e] = false;
        let left = picture.grounded(&present);
        let mut after = pictures.to_vec();
        after[index] = self.canonical(picture, &left)?;
        let notation = if Self::pictures_with_edge(pictures, a, b).len() > 1 {
            format!("{}:{a}-{b}", index + 1)
        } else {
            format!("{a}-{b}")
        };
        Ok(Move {
            notation,
            description: describe_cut(picture, e, index),
            component: Some(index),
            after: self.position_of(&after),
        })
    }
}

/// Whether two edges join the same two vertices.
fn same_ends((a, b): (usize, usize), (c, d): (usize, usize)) -> bool {
    (a, b) == (c, d) || (a, b) == (d, c)
}

/// The first live edge between the vertices named `a` and `b`.
fn edge_named(picture: &Picture, live: &[bool], a: &str, b: &str) -> Option<usize> {
    let index = |name: &str| picture.names.iter().position(|n| n == name);
    let (a, b) = (index(a)?, index(b)?);
    (0..picture.edges.len()).find(|&e| live[e] && same_ends(picture.edges[e], (a, b)))
}

fn describe_cut(picture: &Picture, e: usize, index: usize) -> String {
    let (u, v) = picture.edges[e];
    format!(
        "cut the edge {}-{} (edge {} of picture {})",
        picture.names[u],
        picture.names[v],
        e + 1,
        index + 1
    )
}

impl PlayableGame for HackenbushPlayable {
    fn components_commute(&self) -> bool {
        true
    }

    fn description(&self) -> String {
        match self.0 {
            Syntax::Hackenbush => "green-hackenbush",
            Syntax::Tree => "tree-edge-deletion",
            Syntax::RootedGraph => "graph-edge-deletion",
        }
        .into()
    }

    fn title(&self) -> String {
        match self.0 {
            Syntax::Hackenbush => "Green Hackenbush",
            Syntax::Tree => "Tree edge deletion (Green Hackenbush on a rooted tree)",
            Syntax::RootedGraph => "Graph edge deletion (Green Hackenbush on a rooted graph)",
        }
        .into()
    }

    fn position_syntax(&self) -> String {
        match self.0 {
            Syntax::Hackenbush => {
                "an edge list standing on the ground g, inline (g-a,a-b,b-g) or @file"
            }
            Syntax::Tree => {
                "nested parentheses, one pair per vertex, the outer pair the root: (()(()))"
            }
            Syntax::RootedGraph => "ROOT:edge list, e.g. 1:1-2,2-3,3-1,1-4 (or ROOT:@file)",
        }
        .into()
    }

    fn move_syntax(&self) -> String {
        "the edge cut, e.g. a-b; in a sum, k:a-b for picture k when several pictures have an edge a-b".into()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        Ok(self.position_of(&self.pictures(words)?))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let pictures = self.pictures(&position.components)?;
        let edges: usize = pictures
            .iter()
            .map(|(_, live, _)| live.iter().filter(|&&l| l).count())
            .sum();
        if edges > MAX_LISTED_MOVES || edges.saturating_mul(edges) > MAX_LISTED_EDGES {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "the position has {edges} edges, too many to list every cut with the picture it leaves (the limit is {} edges)",
                    MAX_LISTED_EDGES.isqrt()
                ),
            });
        }
        Self::cuts(&pictures)
            .into_iter()
            .map(|(index, e)| self.cut(&pictures, index, e))
            .collect()
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let pictures = self.pictures(&position.components)?;
        let illegal = |reason: String| GameError::IllegalMove {
            text: crate::error::quoted(text),
            position: position.text(),
            reason,
        };
        let written: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let (number, edge) = match written.split_once(':') {
            Some((number, edge)) => (Some(number), edge),
            None => (None, written.as_str()),
        };
        let name = |n: &str| {
            !n.is_empty()
                && n.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '\'')
        };
        if let Some((a, b)) = edge.split_once('-').filter(|(a, b)| name(a) && name(b)) {
            let candidates = match number {
                Some(number) => match number.parse::<usize>() {
                    Ok(k) if (1..=pictures.len()).contains(&k) => Ok(vec![k - 1]),
                    _ => Err(illegal(format!(
                        "k in k:a-b numbers the pictures from 1 to {}",
                        pictures.len()
                    ))),
                },
                None => Ok(Self::pictures_with_edge(&pictures, a, b)),
            };
            let cut = match candidates.as_deref() {
                Err(error) => Err(error.clone()),
                Ok([index]) => {
                    let (picture, live, _) = &pictures[*index];
                    edge_named(picture, live, a, b)
                        .ok_or_else(|| {
                            illegal(format!(
                                "picture {} has no edge {a}-{b} standing on the ground; write a move as {}",
                                index + 1,
                                self.move_syntax()
                            ))
                        })
                        .and_then(|e| self.cut(&pictures, *index, e))
                }
                Ok([]) => Err(illegal(format!(
                    "no picture has an edge {a}-{b} standing on the ground; write a move as {}",
                    self.move_syntax()
                ))),
                Ok(several) => Err(illegal(format!(
                    "pictures {} all have an edge {a}-{b}: write k:{a}-{b}",
                    several
                        .iter()
                        .map(|i| (i + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            };
            // No edge of that name: perhaps the position the move leaves (`0 g-a`).
            return match cut {
                Err(error) => self
                    .moves(position)
                    .ok()
                    .and_then(|moves| move_leaving(&moves, text))
                    .ok_or(error),
                found => found,
            };
        }
        let moves = self.moves(position)?;
        find_move(self, position, moves, text)
    }

    /// The value after each cut from the fusion and colon principles, each
    /// distinct picture valued once.
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        let mut values: HashMap<String, u64> = HashMap::new();
        moves
            .iter()
            .map(|played| {
                let mut total = 0;
                for word in &played.after.components {
                    let value = match values.get(word) {
                        Some(&value) => value,
                        None => {
                            let picture = self.parse(word)?;
                            let value = picture.value(&vec![true; picture.edges.len()]);
                            values.insert(word.clone(), value);
                            value
                        }
                    };
                    total ^= value;
                }
                Ok(Evaluation {
                    outcome: Outcome::from_grundy(total),
                    grundy: Some(total),
                    remoteness: None,
                })
            })
            .collect()
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        require_position(words, &self.description(), "g-a,a-b,b-g")?;
        let pictures = words
            .iter()
            .map(|word| self.parse(word))
            .collect::<Result<Vec<Picture>, GameError>>()?;
        let values: Vec<u64> = pictures
            .iter()
            .map(|p| p.value(&vec![true; p.edges.len()]))
            .collect();
        let total = values.iter().fold(0, |t, v| t ^ v);
        let mut moves = Vec::new();
        if total != 0 {
            for (index, picture) in pictures.iter().enumerate() {
                let all = vec![true; picture.edges.len()];
                let live = picture.grounded(&all);
                for e in 0..picture.edges.len() {
                    if !live[e] {
                        continue;
                    }
                    let mut present = live.clone();
                    present[e] = false;
                    if picture.value(&present) == values[index] ^ total {
                        let left = picture.grounded(&present);
                        let words: Vec<String> = pictures
                            .iter()
                            .enumerate()
                            .map(|(i, p)| {
                                if i == index {
                                    self.write(p, &left)
                                } else {
                                    self.write(p, &p.grounded(&vec![true; p.edges.len()]))
                                }
                            })
                            .collect();
                        moves.push(MoveReport {
                            component: Some(index),
                            description: describe_cut(picture, e, index),
                            to: words.join(" "),
                        });
                    }
                }
            }
        }
        let cycles = pictures.iter().any(Picture::has_cycle);
        let small = pictures.iter().all(|p| {
            p.grounded(&vec![true; p.edges.len()])
                .iter()
                .filter(|&&l| l)
                .count()
                <= CHECK_EDGE_LIMIT
        });
        let check = if small {
            let mut brute = Vec::new();
            for picture in &pictures {
                brute.push(brute_force_value(picture)?);
            }
            if brute == values {
                "; brute force over edge deletions gives the same values".to_string()
            } else {
                format!("; WARNING: brute force over edge deletions gives {brute:?}")
            }
        } else {
            String::new()
        };
        Ok(Report {
            outcome: Outcome::from_grundy(total),
            grundy: Some(total),
            components: pictures
                .iter()
                .zip(&values)
                .map(|(p, &v)| ComponentReport {
                    position: self.write(p, &p.grounded(&vec![true; p.edges.len()])),
                    grundy: Some(v),
                })
                .collect(),
            winning_moves: moves,
            method: if cycles {
                format!("fusion principle (each cycle's vertices fused, its edges become loops worth 1 each) then the colon principle on the tree of bridges{check}")
            } else {
                format!("colon principle: a vertex is worth the XOR over its branches of (branch value + 1){check}")
            },
            remoteness: None,
        })
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        require_position(words, &self.description(), "g-a,a-b,b-g")?;
        let [word] = words else {
            return Err(GameError::Unsupported {
                game: self.description(),
                what: "drawing the game graph of a sum".into(),
                reason: "give one picture".into(),
            });
        };
        let picture = self.parse(word)?;
        if picture.edges.len() > GRAPH_EDGE_LIMIT {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "the picture has {} edges; game graphs are drawn up to {GRAPH_EDGE_LIMIT} edges",
                    picture.edges.len()
                ),
            });
        }
        let m = picture.edges.len();
        let start = picture
            .grounded(&vec![true; m])
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &l)| acc | (u64::from(l) << i));
        let game = EdgeDeletion(&picture);
        let present = |mask: &u64| (0..m).map(|i| mask >> i & 1 == 1).collect::<Vec<bool>>();
        explore(
            start,
            node_limit,
            |mask| picture.text(|i| mask >> i & 1 == 1),
            |mask| {
                let value = picture.value(&present(mask));
                Ok((format!("g = {value}"), value == 0))
            },
            |mask| Ok(game.options(mask)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sprague_engine::GrundySolver;

    fn brute_force(picture: &Picture) -> u64 {
        let m = picture.edges.len();
        let start = picture
            .grounded(&vec![true; m])
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &l)| acc | (u64::from(l) << i));
        GrundySolver::by_search(EdgeDeletion(picture))
            .grundy(&start)
            .unwrap()
    }

    #[test]
    fn textbook_values() {
        // A stalk of 3.
        assert_eq!(brute_force(&parse_picture("g-a,a-b,b-c").unwrap()), 3);
        // A triangle standing on the ground: fuses to one loop → 1? (3 edges, all on a cycle with the ground).
        let triangle = parse_picture("g-a,a-b,b-g").unwrap();
        assert_eq!(triangle.value(&[true; 3]), brute_force(&triangle));
        // A square on the ground: 4 edges, even → 0.
        let square = parse_picture("g-a,a-b,b-c,c-g").unwrap();
        assert_eq!(square.value(&[true; 4]), 0);
        assert_eq!(brute_force(&square), 0);
        // Winning Ways' "girl" style picture: a triangle lifted on a stalk.
        let lifted = parse_picture("g-a,a-b,b-c,c-a").unwrap();
        assert_eq!(lifted.value(&[true; 4]), brute_force(&lifted));
        assert_eq!(lifted.value(&[true; 4]), 2); // stalk + (3 loops ≡ 1): 1 + 1 = 2
    }

    fn arbitrary_picture() -> impl Strategy<Value = Picture> {
        (
            2usize..6,
            proptest::collection::vec((0usize..6, 0usize..6), 1..10),
        )
            .prop_map(|(n, raw)| {
                let mut edges: Vec<(String, String)> = raw
                    .into_iter()
                    .map(|(u, v)| {
                        let name = |x: usize| {
                            if x.is_multiple_of(n) {
                                "g".to_string()
                            } else {
                                format!("v{}", x % n)
                            }
                        };
                        (name(u), name(v))
                    })
                    .collect();
                edges.push(("g".into(), "v1".into()));
                Picture::new(&edges, "g", None).expect("touches the ground")
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn fusion_and_colon_principles_equal_brute_force(picture in arbitrary_picture()) {
            let all = vec![true; picture.edges.len()];
            prop_assert_eq!(picture.value(&all), brute_force(&picture), "{}", picture.text(|_| true));
        }
    }

    #[test]
    fn trees_by_parentheses_equal_brute_force() {
        for text in ["(()(()))", "((()())(()))", "(((()))(()())())", "()"] {
            let tree = parse_tree(text).unwrap();
            let all = vec![true; tree.edges.len()];
            assert_eq!(tree.value(&all), brute_force(&tree), "{text}");
        }
    }

    #[test]
    fn winning_moves_name_edges_and_leave_zero() {
        let report = HackenbushPlayable(Syntax::Hackenbush)
            .analyze_words(&["g-a,a-b,b-g,a-c,c-d".to_string()])
            .unwrap();
        assert_eq!(report.grundy, Some(3));
        assert!(!report.winning_moves.is_empty());
        for winning in &report.winning_moves {
            assert!(winning.description.starts_with("cut the edge"));
            let after = parse_picture(&winning.to).unwrap();
            assert_eq!(after.value(&vec![true; after.edges.len()]), 0);
        }
    }

    #[test]
    fn missing_ground_is_an_error() {
        let error = parse_picture("a-b,b-c").unwrap_err().to_string();
        assert!(error.contains("no edge touches the ground 'g'"), "{error}");
    }
}
