//! Games on a directed graph: tokens on vertices; a move slides one token
//! along an edge; a player who cannot move loses. Several tokens make a sum
//! (tokens may share a vertex).
//!
//! On an acyclic graph these are ordinary Sprague–Grundy values (mex rule,
//! XOR for sums). On a graph with cycles play may go on for ever; the values
//! are those of the generalized Sprague–Grundy function γ of C. A. B. Smith
//! ("Graphs and composite games", 1966) and A. S. Fraenkel & Y. Yesha (1986),
//! computed by [`sprague_engine::loopy`]: finite values, or ∞(K) with K the
//! finite values of the followers; a sum is P (γ = 0), N, or D (a draw).
//!
//! Syntax: the graph is the parameter of the description, `digraph:a>b,b>c`
//! inline or `digraph:@graph.txt` / `digraph:@graph.json` from a file; the
//! position is the list of vertices holding tokens. Text files hold one edge
//! `u v` (or `u -> v`) per line, `#` comments, and optionally
//! `vertices: a b c` (vertices without edges, and a check that every edge
//! uses declared names). JSON files are
//! `{"vertices": ["a", "b"], "edges": [["a", "b"], ...]}` (`vertices` optional).
//!
//! Moves are written as the vertex a token moves to (`c`), or `u->v` when
//! tokens on several vertices could move to v. The game is loopy, so its
//! analysis scores positions itself ([`Ending::Scored`]): P, N or D, and the
//! perfect reply keeps a draw from a D-position.

use sprague_engine::loopy::{generalized_grundy, GeneralizedGrundy, LoopyValue};
use sprague_engine::Outcome;

use crate::error::{quoted, GameError};
use crate::game_graph::{explore, GameGraph};
use crate::graph_input::{number_vertices, parse_edge_list, read_source};
use crate::playable::{
    find_move, normalise_notation, require_position, ComponentReport, Ending, Evaluation,
    MoveReport, PlayableGame, Report, MAX_LISTED_MOVES,
};
use crate::position::{Board, Move, Position};

/// The most vertex and arc names written in all the after-positions of one
/// move list (each after-position carries the whole graph for drawing).
pub const MAX_LISTED_NAMES: usize = 4_000_000;

/// The most vertices of a digraph.
pub const VERTEX_LIMIT: usize = 20_000;

/// The most edges of a digraph.
pub const EDGE_LIMIT: usize = 200_000;

/// A digraph with named vertices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digraph {
    /// Vertex names.
    pub names: Vec<String>,
    /// The followers of each vertex.
    pub followers: Vec<Vec<usize>>,
}

impl Digraph {
    /// A digraph from vertex names (may be empty) and named edges.
    ///
    /// # Errors
    /// [`GameError::InvalidGraph`] above the size limits.
    pub fn new(
        vertices: &[String],
        edges: &[(String, String)],
        source: Option<&str>,
    ) -> Result<Self, GameError> {
        let error = |reason: String| GameError::InvalidGraph {
            source_name: source.map(str::to_string),
            reason,
        };
        let (names, numbered) = number_vertices(vertices, edges, EDGE_LIMIT, source)?;
        if names.len() > VERTEX_LIMIT {
            return Err(error(format!(
                "{} vertices; the limit is {VERTEX_LIMIT}",
                names.len()
            )));
        }
        if names.is_empty() {
            return Err(error("the graph has no vertices".into()));
        }
        let mut followers = vec![Vec::new(); names.len()];
        for (a, b) in numbered {
            if !followers[a].contains(&b) {
                followers[a].push(b);
            }
        }
        Ok(Self { names, followers })
    }

    /// The vertex called `name`.
    ///
    /// # Errors
    /// [`GameError::InvalidPosition`] naming the vertices that exist.
    pub fn vertex(&self, name: &str) -> Result<usize, GameError> {
        self.names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| GameError::InvalidPosition {
                game: "digraph".into(),
                text: name.to_string(),
                reason: format!(
                    "no vertex of that name; the graph's vertices are {}",
                    preview(&self.names)
                ),
            })
    }

    /// Whether the graph has a cycle.
    pub fn has_cycle(&self) -> bool {
        let n = self.names.len();
        let mut remaining: Vec<usize> = self.followers.iter().map(Vec::len).collect();
        let mut predecessors = vec![Vec::new(); n];
        for (u, list) in self.followers.iter().enumerate() {
            for &v in list {
                predecessors[v].push(u);
            }
        }
        let mut stack: Vec<usize> = (0..n).filter(|&u| remaining[u] == 0).collect();
        let mut removed = 0;
        while let Some(v) = stack.pop() {
            removed += 1;
            for &u in &predecessors[v] {
                remaining[u] -= 1;
                if remaining[u] == 0 {
                    stack.push(u);
                }
            }
        }
        removed < n
    }
}

pub(crate) fn preview(names: &[String]) -> String {
    let shown: Vec<String> = names.iter().take(12).map(|name| quoted(name)).collect();
    if names.len() <= 12 {
        shown.join(" ")
    } else {
        format!("{} … ({} in all)", shown.join(" "), names.len())
    }
}

/// Reads a digraph: inline `a>b,b>c`, or `@file` with a text edge list or JSON.
///
/// # Errors
/// [`GameError::File`], [`GameError::InvalidGraph`].
///
/// ```
/// use sprague_games::digraph::parse_digraph;
/// let graph = parse_digraph("a>b,b>a,b>c").unwrap();
/// assert_eq!(graph.names, vec!["a", "b", "c"]);
/// assert!(graph.has_cycle());
/// ```
pub fn parse_digraph(word: &str) -> Result<Digraph, GameError> {
    let (text, source) = read_source(word)?;
    digraph_from_text(&text, source.as_deref())
}

/// Reads a digraph from its text: JSON (`{"vertices": [...], "edges": [[u, v], ...]}`)
/// or an edge list; `source` is the file it came from, for error messages.
///
/// # Errors
/// [`GameError::InvalidGraph`].
///
/// ```
/// use sprague_games::digraph::digraph_from_text;
/// let graph = digraph_from_text(r#"{"edges": [["a", "b"]]}"#, None).unwrap();
/// assert_eq!(graph.names, vec!["a", "b"]);
/// assert!(digraph_from_text("a>b\nground: a", Some("g.txt")).is_err());
/// ```
pub fn digraph_from_text(text: &str, source: Option<&str>) -> Result<Digraph, GameError> {
    let source = source.map(str::to_string);
    if text.trim_start().starts_with('{') {
        return parse_json(text, source.as_deref());
    }
    let list = parse_edge_list(text, source.as_deref())?;
    if list.ground.is_some() {
        return Err(GameError::InvalidGraph {
            source_name: source,
            reason: "a digraph has no ground; 'ground:' belongs to Hackenbush pictures".into(),
        });
    }
    let edges: Vec<(String, String)> = list
        .edges
        .iter()
        .map(|(u, v, _)| (u.clone(), v.clone()))
        .collect();
    Digraph::new(
        &list.vertices.unwrap_or_default(),
        &edges,
        source.as_deref(),
    )
}

fn parse_json(text: &str, source: Option<&str>) -> Result<Digraph, GameError> {
    let error = |reason: String| GameError::InvalidGraph {
        source_name: source.map(str::to_string),
        reason,
    };
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| error(format!("not valid JSON: {e}")))?;
    let object = value.as_object().ok_or_else(|| {
        error("expected an object {\"vertices\": [...], \"edges\": [[u, v], ...]}".into())
    })?;
    let name = |v: &serde_json::Value| -> Option<String> {
        match v {
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    };
    let vertices: Option<Vec<String>> = match object.get("vertices") {
        None => None,
        Some(list) => Some(
            list.as_array()
                .and_then(|items| items.iter().map(name).collect())
                .ok_or_else(|| error("\"vertices\" must be a list of names".into()))?,
        ),
    };
    if let Some(vertices) = &vertices {
        let mut sorted = vertices.clone();
        sorted.sort();
        if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(error(format!(
                "the vertex '{}' is listed twice",
                quoted(&pair[0])
            )));
        }
    }
    // A set, so that checking each edge's ends costs no scan of the vertices.
    let declared: Option<std::collections::HashSet<&str>> = vertices
        .as_ref()
        .map(|names| names.iter().map(String::as_str).collect());
    let edges = object
        .get("edges")
        .and_then(|e| e.as_array())
        .ok_or_else(|| error("expected \"edges\": [[u, v], ...]".into()))?;
    let mut pairs = Vec::new();
    for (i, edge) in edges.iter().enumerate() {
        let pair = edge
            .as_array()
            .filter(|pair| pair.len() == 2)
            .and_then(|pair| Some((name(&pair[0])?, name(&pair[1])?)))
            .ok_or_else(|| {
                error(format!(
                    "edge {} is not a pair [u, v] of vertex names",
                    i + 1
                ))
            })?;
        if let Some(declared) = &declared {
            for end in [&pair.0, &pair.1] {
                if !declared.contains(end.as_str()) {
                    return Err(error(format!(
                        "edge {} names the unknown vertex '{}'",
                        i + 1,
                        quoted(end)
                    )));
                }
            }
        }
        pairs.push(pair);
    }
    Digraph::new(&vertices.unwrap_or_default(), &pairs, source)
}

/// A digraph game for the command line.
#[derive(Debug, Clone)]
pub struct DigraphGame {
    source: String,
    graph: Digraph,
    gamma: GeneralizedGrundy,
    cyclic: bool,
}

impl DigraphGame {
    /// The game on the graph read from `parameter` (inline or `@file`).
    ///
    /// # Errors
    /// As [`parse_digraph`].
    pub fn new(parameter: &str) -> Result<Self, GameError> {
        let graph = parse_digraph(parameter)?;
        let gamma = generalized_grundy(&graph.followers);
        let cyclic = graph.has_cycle();
        Ok(Self {
            source: parameter.to_string(),
            graph,
            gamma,
            cyclic,
        })
    }

    /// γ of a vertex.
    pub fn value(&self, vertex: usize) -> &LoopyValue {
        &self.gamma.values[vertex]
    }

    /// Every vertex with its name, γ and outcome (for `sprague table`).
    pub fn vertex_table(&self) -> Vec<(String, LoopyValue, Outcome)> {
        self.graph
            .names
            .iter()
            .zip(&self.gamma.values)
            .map(|(name, value)| (name.clone(), value.clone(), value.outcome()))
            .collect()
    }

    /// The digraph.
    pub fn graph(&self) -> &Digraph {
        &self.graph
    }

    fn tokens(&self, words: &[String]) -> Result<Vec<usize>, GameError> {
        require_position(words, &self.description(), "a b")?;
        words
            .iter()
            .flat_map(|w| w.split(','))
            .filter(|w| !w.trim().is_empty())
            .map(|w| self.graph.vertex(w.trim()))
            .collect()
    }

    fn sum(&self, tokens: &[usize]) -> LoopyValue {
        let values: Vec<LoopyValue> = tokens.iter().map(|&v| self.value(v).clone()).collect();
        LoopyValue::sum(&values)
    }

    /// The position with tokens on `tokens`, with the whole graph to draw.
    fn position_of(&self, tokens: &[usize]) -> Position {
        let names: Vec<String> = tokens
            .iter()
            .map(|&v| self.graph.names[v].clone())
            .collect();
        let arcs = self
            .graph
            .followers
            .iter()
            .enumerate()
            .flat_map(|(u, list)| {
                list.iter()
                    .map(move |&v| [self.graph.names[u].clone(), self.graph.names[v].clone()])
            })
            .collect();
        Position::new(
            self.description(),
            names.clone(),
            Board::Digraph {
                vertices: self.graph.names.clone(),
                arcs,
                tokens: names,
            },
        )
    }

    /// Every move as (token index, from, to), one per distinct occupied vertex.
    fn token_moves(&self, tokens: &[usize]) -> Vec<(usize, usize, usize)> {
        let mut moves = Vec::new();
        for (index, &vertex) in tokens.iter().enumerate() {
            if tokens[..index].contains(&vertex) {
                continue;
            }
            for &to in &self.graph.followers[vertex] {
                moves.push((index, vertex, to));
            }
        }
        moves
    }

    /// The notation of the move `from → to`: `to` alone when no token on
    /// another vertex can move to it, `from->to` otherwise.
    fn notation(&self, tokens: &[usize], from: usize, to: usize) -> String {
        let ambiguous = tokens
            .iter()
            .any(|&other| other != from && self.graph.followers[other].contains(&to));
        if ambiguous {
            format!("{}->{}", self.graph.names[from], self.graph.names[to])
        } else {
            self.graph.names[to].clone()
        }
    }

    fn names(&self, tokens: &[usize]) -> String {
        let words: Vec<&str> = tokens
            .iter()
            .map(|&v| self.graph.names[v].as_str())
            .collect();
        words.join(" ")
    }
}

impl PlayableGame for DigraphGame {
    fn components_commute(&self) -> bool {
        true
    }

    fn description(&self) -> String {
        format!("digraph:{}", self.source)
    }

    fn title(&self) -> String {
        format!(
            "Tokens on a {} digraph ({} vertices)",
            if self.cyclic { "cyclic" } else { "acyclic" },
            self.graph.names.len()
        )
    }

    fn position_syntax(&self) -> String {
        "the vertices holding tokens, e.g. a b b".into()
    }

    fn move_syntax(&self) -> String {
        "the vertex a token moves to, e.g. c, or FROM->TO (e.g. b->c) when tokens on several vertices could move there".into()
    }

    fn ending(&self) -> Ending {
        Ending::Scored
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        let tokens = self.tokens(words)?;
        Ok(self.position_of(&tokens))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let tokens = self.tokens(&position.components)?;
        let listed = self.token_moves(&tokens);
        let arcs: usize = self.graph.followers.iter().map(Vec::len).sum();
        let names = listed
            .len()
            .saturating_mul(self.graph.names.len() + 2 * arcs + tokens.len());
        if listed.len() > MAX_LISTED_MOVES || names > MAX_LISTED_NAMES {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "the position has {} moves on a graph of {} vertices and {arcs} arcs, too many to list (the limit is {MAX_LISTED_MOVES} moves and {MAX_LISTED_NAMES} names drawn in all)",
                    listed.len(),
                    self.graph.names.len()
                ),
            });
        }
        Ok(listed
            .into_iter()
            .map(|(index, from, to)| {
                let mut after = tokens.clone();
                after[index] = to;
                Move {
                    notation: self.notation(&tokens, from, to),
                    description: format!(
                        "move the token on {} to {}",
                        self.graph.names[from], self.graph.names[to]
                    ),
                    component: Some(index),
                    after: self.position_of(&after),
                }
            })
            .collect())
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let tokens = self.tokens(&position.components)?;
        let illegal = |reason: String| GameError::IllegalMove {
            text: crate::error::quoted(text),
            position: position.text(),
            reason,
        };
        let written: String = text
            .replace('→', "->")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        // Vertex names are case-sensitive, so they are matched exactly first.
        let vertex = |name: &str| self.graph.names.iter().position(|n| n == name);
        let chosen = match written.split_once("->") {
            Some((from, to)) => match (vertex(from), vertex(to)) {
                (Some(from), Some(to)) if tokens.contains(&from) => {
                    if self.graph.followers[from].contains(&to) {
                        Some((from, to))
                    } else {
                        return Err(illegal(format!(
                            "there is no arc from {} to {}; write a move as {}",
                            quoted(&self.graph.names[from]),
                            quoted(&self.graph.names[to]),
                            self.move_syntax()
                        )));
                    }
                }
                _ => None,
            },
            None => match vertex(&written) {
                Some(to) => {
                    let mut sources: Vec<usize> = tokens
                        .iter()
                        .copied()
                        .filter(|&from| self.graph.followers[from].contains(&to))
                        .collect();
                    sources.sort_unstable();
                    sources.dedup();
                    match sources.as_slice() {
                        [from] => Some((*from, to)),
                        [] => {
                            return Err(illegal(format!(
                                "no token can move to {}; write a move as {}",
                                quoted(&self.graph.names[to]),
                                self.move_syntax()
                            )))
                        }
                        many => {
                            let names: Vec<String> =
                                many.iter().map(|&v| quoted(&self.graph.names[v])).collect();
                            return Err(illegal(format!(
                                "tokens on {} can all move to {}: write FROM->TO, e.g. {}->{}",
                                names.join(", "),
                                quoted(&self.graph.names[to]),
                                names[0],
                                quoted(&self.graph.names[to])
                            )));
                        }
                    }
                }
                None => None,
            },
        };
        if let Some((from, to)) = chosen {
            let index = tokens.iter().position(|&v| v == from).unwrap_or(0);
            let mut after = tokens.clone();
            after[index] = to;
            return Ok(Move {
                notation: self.notation(&tokens, from, to),
                description: format!(
                    "move the token on {} to {}",
                    self.graph.names[from], self.graph.names[to]
                ),
                component: Some(index),
                after: self.position_of(&after),
            });
        }
        // `#k`, the position left, or a notation in other letter case.
        let moves = self.moves(position)?;
        let wanted = normalise_notation(text);
        let mut matching = moves
            .iter()
            .filter(|m| normalise_notation(&m.notation) == wanted);
        if let (Some(only), None) = (matching.next(), matching.next()) {
            return Ok(only.clone());
        }
        find_move(self, position, moves, text)
    }

    /// The outcome after each move, from the γ values directly (the sum of
    /// the tokens' γ), without listing the winning moves of each position.
    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        moves
            .iter()
            .map(|played| {
                let total = self.sum(&self.tokens(&played.after.components)?);
                Ok(Evaluation {
                    outcome: total.outcome(),
                    grundy: total.finite(),
                    remoteness: None,
                })
            })
            .collect()
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let tokens = self.tokens(words)?;
        let total = self.sum(&tokens);
        let outcome = total.outcome();
        let mut moves = Vec::new();
        if outcome == Outcome::N {
            for (index, &vertex) in tokens.iter().enumerate() {
                for &to in &self.graph.followers[vertex] {
                    let mut after = tokens.clone();
                    after[index] = to;
                    if self.sum(&after).outcome() == Outcome::P {
                        moves.push(MoveReport {
                            component: Some(index),
                            description: format!(
                                "move the token on {} to {}",
                                self.graph.names[vertex], self.graph.names[to]
                            ),
                            to: self.names(&after),
                        });
                    }
                }
            }
        }
        let method = if self.cyclic {
            format!(
                "generalized Sprague–Grundy function (Smith 1966; Fraenkel–Yesha 1986): the sum has γ = {total}; γ = 0 is P, a finite γ ≠ 0 or ∞(K) with 0 ∈ K is N, any other ∞ is a draw"
            )
        } else {
            "Sprague–Grundy theorem on an acyclic digraph (mex rule, XOR for the tokens)".into()
        };
        Ok(Report {
            outcome,
            grundy: total.finite(),
            components: tokens
                .iter()
                .map(|&v| ComponentReport {
                    position: match self.value(v) {
                        LoopyValue::Finite(_) => self.graph.names[v].clone(),
                        infinite => format!("{} (γ = {infinite})", self.graph.names[v]),
                    },
                    grundy: self.value(v).finite(),
                })
                .collect(),
            winning_moves: moves,
            method,
            remoteness: None,
        })
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        let mut start = self.tokens(words)?;
        start.sort_unstable();
        explore(
            start,
            node_limit,
            |tokens| self.names(tokens),
            |tokens| {
                let value = self.sum(tokens);
                let outcome = value.outcome();
                Ok((format!("{outcome} (γ = {value})"), outcome == Outcome::P))
            },
            |tokens| {
                let mut options = Vec::new();
                for (index, &vertex) in tokens.iter().enumerate() {
                    for &to in &self.graph.followers[vertex] {
                        let mut after = tokens.clone();
                        after[index] = to;
                        after.sort_unstable();
                        options.push(after);
                    }
                }
                Ok(options)
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::loopy::retrograde_outcomes;

    const EXAMPLE: &str = "a>b,b>c,c>a,c>d,d>e,f>f,f>e,x>y,y>x,y>e";

    #[test]
    fn loopy_example_has_p_n_and_d_vertices() {
        let game = DigraphGame::new(EXAMPLE).unwrap();
        let outcome = |name: &str| game.analyze_words(&[name.to_string()]).unwrap().outcome;
        assert_eq!(outcome("e"), Outcome::P);
        assert_eq!(outcome("d"), Outcome::N);
        assert_eq!(outcome("f"), Outcome::N); // f can move to the terminal e
        let direct = retrograde_outcomes(&game.graph.followers);
        for (v, name) in game.graph.names.iter().enumerate() {
            assert_eq!(outcome(name), direct[v], "{name}");
        }
        assert!(direct.contains(&Outcome::D));
    }

    #[test]
    fn sums_match_retrograde_analysis_of_the_sum_graph() {
        let game = DigraphGame::new(EXAMPLE).unwrap();
        let n = game.graph.names.len();
        // The sum graph of two tokens, by pairs (u, v) → index u * n + v.
        let followers: Vec<Vec<usize>> = (0..n * n)
            .map(|code| {
                let (u, v) = (code / n, code % n);
                let mut options: Vec<usize> =
                    game.graph.followers[u].iter().map(|&w| w * n + v).collect();
                options.extend(game.graph.followers[v].iter().map(|&w| u * n + w));
                options
            })
            .collect();
        let direct = retrograde_outcomes(&followers);
        for (code, &expected) in direct.iter().enumerate() {
            let (u, v) = (code / n, code % n);
            assert_eq!(
                game.sum(&[u, v]).outcome(),
                expected,
                "{} + {}",
                game.graph.names[u],
                game.graph.names[v]
            );
        }
    }

    #[test]
    fn json_and_text_files_agree_and_bad_graphs_are_refused() {
        let json = parse_json(
            r#"{"vertices": ["a","b","c"], "edges": [["a","b"],["b","a"],["b","c"]]}"#,
            None,
        )
        .unwrap();
        let text = parse_digraph("a>b,b>a,b>c").unwrap();
        assert_eq!(json, text);
        assert!(
            parse_json(r#"{"vertices": ["a"], "edges": [["a","z"]]}"#, None)
                .unwrap_err()
                .to_string()
                .contains("unknown vertex 'z'")
        );
        assert!(parse_json(r#"{"vertices": ["a","a"], "edges": []}"#, None)
            .unwrap_err()
            .to_string()
            .contains("listed twice"));
        assert!(parse_digraph("a>b>c").is_err());
    }
}
