//! Games given by an explicit, explored game graph: every position a dense id with
//! a name, each component position with its list of options, each sum position
//! with its list of components.
//!
//! This is how games defined outside the catalogue reach the engine: a front end
//! (the Python module's `sprague.define`) explores the positions reachable from a
//! query by calling the user's functions, fallibly, and records what it found in an
//! [`ExplicitGraph`]; the engine then runs on [`ExplicitGame`] (a pure-Rust
//! [`Game`] over the ids) and never calls back. [`ExplicitPlayable`] is the
//! [`PlayableGame`] face of such a graph: values and winning moves by the
//! Sprague–Grundy theorem (Sprague 1935, Grundy 1939) when the explored graph is
//! acyclic; when it has a cycle, the generalized Sprague–Grundy function γ of the
//! graph of sums reachable from the position (C. A. B. Smith, "Graphs and composite
//! games", 1966; Fraenkel–Yesha 1986, [`sprague_engine::loopy`]) with outcomes
//! P/N/D; misère play by [`crate::misere::misere_report`] and Every-SG play by
//! [`crate::every_sg::every_sg_report`]. Mixed sums build one too
//! ([`crate::mixed_sum`]).

use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, RwLock, RwLockReadGuard};

use sprague_engine::loopy::{generalized_grundy, LoopyValue};
use sprague_engine::{analyze, CycleError, Game, GrundySolver, Outcome};

use crate::error::GameError;
use crate::game_graph::{sprague_grundy_graph, GameGraph};
use crate::playable::{
    require_position, sum_moves, ComponentReport, Evaluation, MoveReport, PlayableGame, Report,
};
use crate::position::{Board, Move, Position};

/// The most sums of components the search for γ of a cyclic game keeps.
pub const MAX_LOOPY_STATES: usize = 1_000_000;

/// What is known of one position of an explicit graph.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    /// Named, not explored yet.
    Unexplored,
    /// A component: its options (positions, each possibly a sum) and, when the
    /// game words its moves, a description of each.
    Component {
        options: Vec<u32>,
        descriptions: Option<Vec<String>>,
    },
    /// A sum: its components (each a component node; none for a finished sum).
    Sum(Vec<u32>),
}

/// The explored positions of a game: names, options and components.
///
/// ```
/// use sprague_games::explicit::ExplicitGraph;
/// let mut graph = ExplicitGraph::new();
/// let a = graph.add("a", "a").unwrap();
/// let b = graph.add("b", "b").unwrap();
/// graph.set_options(a, vec![b], None).unwrap();
/// graph.set_options(b, vec![], None).unwrap();
/// assert_eq!(graph.unexplored_from(&[a]), Vec::<u32>::new());
/// assert_eq!(graph.id("b"), Some(b));
/// ```
#[derive(Debug, Clone, Default)]
pub struct ExplicitGraph {
    keys: Vec<Arc<str>>,
    labels: Vec<Arc<str>>,
    ids: HashMap<Arc<str>, u32>,
    nodes: Vec<Node>,
}

impl ExplicitGraph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many positions are named.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no position is named.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// A new position, unexplored, found by `key` and shown as `label`.
    ///
    /// # Errors
    /// [`GameError::InvalidPosition`] when `key` names a position already, or the
    /// graph has 2^32 − 1 positions.
    pub fn add(&mut self, key: &str, label: &str) -> Result<u32, GameError> {
        if self.ids.contains_key(key) {
            return Err(GameError::InvalidPosition {
                game: "explicit".into(),
                text: key.to_string(),
                reason: "two different positions are written the same way".into(),
            });
        }
        let id = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&id| id < u32::MAX)
            .ok_or_else(|| GameError::PositionTooLarge {
                reason: "an explicit game holds fewer than 2^32 positions".into(),
            })?;
        let key: Arc<str> = Arc::from(key);
        self.ids.insert(key.clone(), id);
        self.keys.push(key);
        self.labels.push(Arc::from(label));
        self.nodes.push(Node::Unexplored);
        Ok(id)
    }

    /// The position found by `key`.
    pub fn id(&self, key: &str) -> Option<u32> {
        self.ids.get(key).copied()
    }

    /// The key of position `id` (its word in positions).
    pub fn key(&self, id: u32) -> &str {
        &self.keys[id as usize]
    }

    /// The label of position `id` (how it is shown).
    pub fn label(&self, id: u32) -> &str {
        &self.labels[id as usize]
    }

    fn check(&self, ids: &[u32]) -> Result<(), GameError> {
        match ids.iter().find(|&&id| id as usize >= self.nodes.len()) {
            Some(id) => Err(GameError::InvalidPosition {
                game: "explicit".into(),
                text: id.to_string(),
                reason: "no position has this number".into(),
            }),
            None => Ok(()),
        }
    }

    /// Records that `id` is a component whose options are `options`, with a
    /// description of each move when given.
    ///
    /// # Errors
    /// [`GameError::InvalidPosition`] for an unknown id or descriptions of another length.
    pub fn set_options(
        &mut self,
        id: u32,
        options: Vec<u32>,
        descriptions: Option<Vec<String>>,
    ) -> Result<(), GameError> {
        self.check(&[id])?;
        self.check(&options)?;
        if descriptions
            .as_ref()
            .is_some_and(|d| d.len() != options.len())
        {
            return Err(GameError::InvalidPosition {
                game: "explicit".into(),
                text: self.key(id).to_string(),
                reason: "one description per option is needed".into(),
            });
        }
        self.nodes[id as usize] = Node::Component {
            options,
            descriptions,
        };
        Ok(())
    }

    /// Records that `id` is the sum of the components `parts` (none: a finished sum).
    ///
    /// # Errors
    /// [`GameError::InvalidPosition`] for an unknown id.
    pub fn set_components(&mut self, id: u32, parts: Vec<u32>) -> Result<(), GameError> {
        self.check(&[id])?;
        self.check(&parts)?;
        self.nodes[id as usize] = Node::Sum(parts);
        Ok(())
    }

    /// Whether position `id` is explored.
    pub fn is_explored(&self, id: u32) -> bool {
        !matches!(self.nodes.get(id as usize), Some(Node::Unexplored) | None)
    }

    /// The options of component `id` (empty for sums and unexplored positions).
    pub fn options(&self, id: u32) -> &[u32] {
        match self.nodes.get(id as usize) {
            Some(Node::Component { options, .. }) => options,
            _ => &[],
        }
    }

    /// The components of position `id`: its parts for a sum, itself otherwise.
    pub fn components(&self, id: u32) -> Vec<u32> {
        match self.nodes.get(id as usize) {
            Some(Node::Sum(parts)) => parts.clone(),
            _ => vec![id],
        }
    }

    /// Whether position `id` is a sum of several (or no) components.
    pub fn is_sum(&self, id: u32) -> bool {
        matches!(self.nodes.get(id as usize), Some(Node::Sum(_)))
    }

    fn description(&self, from: u32, to: u32) -> Option<&str> {
        match self.nodes.get(from as usize) {
            Some(Node::Component {
                options,
                descriptions: Some(descriptions),
            }) => {
                let at = options.iter().position(|&o| o == to)?;
                Some(descriptions[at].as_str())
            }
            _ => None,
        }
    }

    fn successors(&self, id: u32) -> &[u32] {
        match &self.nodes[id as usize] {
            Node::Component { options, .. } => options,
            Node::Sum(parts) => parts,
            Node::Unexplored => &[],
        }
    }

    /// The unexplored positions reachable from `roots` (through options and
    /// components of explored positions): what an explorer must still visit.
    pub fn unexplored_from(&self, roots: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack: Vec<u32> = roots
            .iter()
            .copied()
            .filter(|&r| (r as usize) < self.nodes.len())
            .collect();
        let mut found = Vec::new();
        while let Some(id) = stack.pop() {
            if std::mem::replace(&mut seen[id as usize], true) {
                continue;
            }
            if !self.is_explored(id) {
                found.push(id);
                continue;
            }
            stack.extend(
                self.successors(id)
                    .iter()
                    .filter(|&&next| !seen[next as usize]),
            );
        }
        found
    }

    /// A cycle of moves reachable from `roots`, as the keys of its positions (the
    /// first repeated at the end), or `None` when there is none. A move to a sum
    /// that holds the position again counts as a cycle (play need not end).
    pub fn cycle_from(&self, roots: &[u32]) -> Option<Vec<String>> {
        // 0 unseen, 1 on the stack, 2 done.
        let mut state = vec![0u8; self.nodes.len()];
        for &root in roots {
            if (root as usize) >= self.nodes.len() || state[root as usize] != 0 {
                continue;
            }
            let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
            state[root as usize] = 1;
            while let Some(&mut (id, ref mut next)) = stack.last_mut() {
                let successors = self.successors(id);
                if *next < successors.len() {
                    let child = successors[*next];
                    *next += 1;
                    match state[child as usize] {
                        0 => {
                            state[child as usize] = 1;
                            stack.push((child, 0));
                        }
                        1 => {
                            let start = stack.iter().position(|&(v, _)| v == child).unwrap_or(0);
                            let mut names: Vec<String> = stack[start..]
                                .iter()
                                .map(|&(v, _)| self.key(v).to_string())
                                .collect();
                            names.push(self.key(child).to_string());
                            return Some(names);
                        }
                        _ => {}
                    }
                } else {
                    state[id as usize] = 2;
                    stack.pop();
                }
            }
        }
        None
    }
}

/// A position of an [`ExplicitGame`]: its id, shown by its label.
#[derive(Debug, Clone)]
pub struct Vertex {
    /// The position's id in the graph.
    pub id: u32,
    /// How it is shown.
    pub label: Arc<str>,
}

impl PartialEq for Vertex {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for Vertex {}

impl Hash for Vertex {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

/// An explored graph as an engine [`Game`]: the engine's solvers run on it
/// without calling back into whoever explored it.
///
/// ```
/// use sprague_engine::GrundySolver;
/// use sprague_games::explicit::{ExplicitGame, ExplicitGraph};
/// let mut graph = ExplicitGraph::new();
/// let ids: Vec<u32> = (0..4).map(|n| graph.add(&n.to_string(), &n.to_string()).unwrap()).collect();
/// for n in 0..4 {
///     graph.set_options(ids[n], ids[..n].to_vec(), None).unwrap(); // Nim heaps 0..3
/// }
/// let game = ExplicitGame::new(&graph);
/// let mut solver = GrundySolver::new(&game);
/// assert_eq!(solver.grundy(&game.vertex(ids[3])), Ok(3));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ExplicitGame<'g> {
    graph: &'g ExplicitGraph,
    known: Option<&'g HashMap<u32, u64>>,
}

impl<'g> ExplicitGame<'g> {
    /// The game of `graph`.
    pub fn new(graph: &'g ExplicitGraph) -> Self {
        Self { graph, known: None }
    }

    /// The game of `graph` whose components of id `c` have the value `known[c]`
    /// already (values kept from earlier solvers, handed to the engine as closed forms).
    pub fn with_known(graph: &'g ExplicitGraph, known: &'g HashMap<u32, u64>) -> Self {
        Self {
            graph,
            known: Some(known),
        }
    }

    /// The position `id`.
    pub fn vertex(&self, id: u32) -> Vertex {
        Vertex {
            id,
            label: self.graph.labels[id as usize].clone(),
        }
    }
}

impl Game for ExplicitGame<'_> {
    type Position = Vertex;

    fn options(&self, position: &Vertex) -> Vec<Vertex> {
        self.graph
            .options(position.id)
            .iter()
            .map(|&id| self.vertex(id))
            .collect()
    }

    fn components(&self, position: &Vertex) -> Vec<Vertex> {
        self.graph
            .components(position.id)
            .into_iter()
            .map(|id| self.vertex(id))
            .collect()
    }

    fn describe_move(&self, from: &Vertex, to: &Vertex) -> String {
        match self.graph.description(from.id, to.id) {
            Some(text) => text.to_string(),
            None => format!("{from} → {to}"),
        }
    }

    fn grundy_closed_form(&self, component: &Vertex) -> Option<u64> {
        self.known?.get(&component.id).copied()
    }
}

/// The γ of the sums of components reachable from some roots (each a sorted list
/// of component ids, finished components left out).
struct LoopyTable {
    index: HashMap<Vec<u32>, usize>,
    values: Vec<LoopyValue>,
}

impl LoopyTable {
    /// Every sum reachable from `roots`, then γ of each (at most [`MAX_LOOPY_STATES`]).
    fn build(graph: &ExplicitGraph, roots: &[Vec<u32>]) -> Result<Self, GameError> {
        let mut index: HashMap<Vec<u32>, usize> = HashMap::new();
        let mut states: Vec<Vec<u32>> = Vec::new();
        let mut followers: Vec<Vec<usize>> = Vec::new();
        let intern = |state: Vec<u32>,
                      index: &mut HashMap<Vec<u32>, usize>,
                      states: &mut Vec<Vec<u32>>|
         -> Result<usize, GameError> {
            if let Some(&at) = index.get(&state) {
                return Ok(at);
            }
            if states.len() >= MAX_LOOPY_STATES {
                return Err(GameError::PositionTooLarge {
                    reason: format!(
                        "the game has a cycle, and γ of this position needs more than {MAX_LOOPY_STATES} sums of its components"
                    ),
                });
            }
            index.insert(state.clone(), states.len());
            states.push(state);
            Ok(states.len() - 1)
        };
        for root in roots {
            let state = canonical_state(graph, root);
            intern(state, &mut index, &mut states)?;
        }
        let mut next = 0;
        while next < states.len() {
            let state = states[next].clone();
            let mut list = Vec::new();
            for (at, &component) in state.iter().enumerate() {
                if state[..at].contains(&component) {
                    continue;
                }
                for &option in graph.options(component) {
                    let mut after = state.clone();
                    after.remove(at);
                    after.extend(graph.components(option));
                    let after = canonical_state(graph, &after);
                    list.push(intern(after, &mut index, &mut states)?);
                }
            }
            followers.push(list);
            next += 1;
        }
        let values = generalized_grundy(&followers).values;
        Ok(Self { index, values })
    }

    fn value(&self, graph: &ExplicitGraph, components: &[u32]) -> Option<&LoopyValue> {
        let at = *self.index.get(&canonical_state(graph, components))?;
        self.values.get(at)
    }
}

/// A sum as a state of [`LoopyTable`]: components flattened, finished ones left out, sorted.
fn canonical_state(graph: &ExplicitGraph, parts: &[u32]) -> Vec<u32> {
    let mut state: Vec<u32> = parts
        .iter()
        .flat_map(|&part| graph.components(part))
        .filter(|&c| !graph.options(c).is_empty())
        .collect();
    state.sort_unstable();
    state
}

/// An [`ExplicitGraph`] (shared, filled by an explorer) as a [`PlayableGame`]:
/// positions are lists of position keys, each a position of the game (a
/// component or a sum).
///
/// ```
/// use std::sync::{Arc, RwLock};
/// use sprague_games::explicit::{ExplicitGraph, ExplicitPlayable};
/// use sprague_games::PlayableGame;
/// let mut graph = ExplicitGraph::new();
/// let ids: Vec<u32> = (0..4).map(|n| graph.add(&n.to_string(), &n.to_string()).unwrap()).collect();
/// for n in 0..4 {
///     graph.set_options(ids[n], ids[..n].to_vec(), None).unwrap();
/// }
/// let game = ExplicitPlayable::new(Arc::new(RwLock::new(graph)), "nim", "Nim", false);
/// let report = game.analyze_words(&["1".into(), "2".into(), "3".into()]).unwrap();
/// assert_eq!(report.outcome.letter(), "P");
/// ```
#[derive(Debug)]
pub struct ExplicitPlayable {
    graph: Arc<RwLock<ExplicitGraph>>,
    description: String,
    title: String,
    acyclic: bool,
    /// Sprague–Grundy values of components found by earlier answers (explored
    /// positions never change, so they stay true).
    known: Mutex<HashMap<u32, u64>>,
}

impl ExplicitPlayable {
    /// The game of `graph`, described and titled; `acyclic` when the game was
    /// declared to have no cycle (a cycle found is then an error).
    pub fn new(
        graph: Arc<RwLock<ExplicitGraph>>,
        description: impl Into<String>,
        title: impl Into<String>,
        acyclic: bool,
    ) -> Self {
        Self {
            graph,
            description: description.into(),
            title: title.into(),
            acyclic,
            known: Mutex::new(HashMap::new()),
        }
    }

    /// Runs `run` with a solver that starts from the values known from earlier
    /// answers, and keeps the values it finds.
    fn with_solver<T>(
        &self,
        graph: &ExplicitGraph,
        run: impl FnOnce(&ExplicitGame<'_>, &mut GrundySolver<&ExplicitGame<'_>>) -> T,
    ) -> Result<T, GameError> {
        let mut known = self.known.lock().map_err(|_| self.poisoned())?;
        let (answer, found) = {
            let game = ExplicitGame::with_known(graph, &known);
            let mut solver = GrundySolver::new(&game);
            let answer = run(&game, &mut solver);
            let found: Vec<(u32, u64)> = solver.memoised().map(|(v, g)| (v.id, g)).collect();
            (answer, found)
        };
        known.extend(found);
        Ok(answer)
    }

    fn poisoned(&self) -> GameError {
        GameError::Unsupported {
            game: self.description.clone(),
            what: "this answer".into(),
            reason: "an earlier exploration of the game failed midway".into(),
        }
    }

    /// The shared graph.
    pub fn graph(&self) -> &Arc<RwLock<ExplicitGraph>> {
        &self.graph
    }

    fn read(&self) -> Result<RwLockReadGuard<'_, ExplicitGraph>, GameError> {
        self.graph.read().map_err(|_| self.poisoned())
    }

    /// The ids of the words, each an explored position.
    fn ids(&self, graph: &ExplicitGraph, words: &[String]) -> Result<Vec<u32>, GameError> {
        require_position(words, &self.description, "POSITION")?;
        let ids = words
            .iter()
            .map(|word| {
                graph.id(word).ok_or_else(|| GameError::InvalidPosition {
                    game: self.description.clone(),
                    text: word.clone(),
                    reason: "no explored position is written so".into(),
                })
            })
            .collect::<Result<Vec<u32>, GameError>>()?;
        if let Some(&missing) = graph.unexplored_from(&ids).first() {
            return Err(GameError::InvalidPosition {
                game: self.description.clone(),
                text: words.join(" "),
                reason: format!(
                    "the positions reachable from it are not all explored ({} is not)",
                    graph.key(missing)
                ),
            });
        }
        Ok(ids)
    }

    fn cycle_error(&self, error: CycleError) -> GameError {
        GameError::InvalidGraph {
            source_name: None,
            reason: format!(
                "{} was declared acyclic, but it has a cycle: {}",
                self.description,
                error.positions.join(" → ")
            ),
        }
    }

    /// γ of each position written in `words` (a finite value is the
    /// Sprague–Grundy value; ∞(K) only when the game has a cycle).
    ///
    /// # Errors
    /// Unknown or unexplored words; a declared-acyclic game with a cycle; too large a search.
    ///
    /// ```
    /// use std::sync::{Arc, RwLock};
    /// use sprague_engine::LoopyValue;
    /// use sprague_games::explicit::{ExplicitGraph, ExplicitPlayable};
    /// let mut graph = ExplicitGraph::new();
    /// let a = graph.add("a", "a").unwrap();
    /// let b = graph.add("b", "b").unwrap();
    /// graph.set_options(a, vec![b], None).unwrap();
    /// graph.set_options(b, vec![a], None).unwrap(); // a two-cycle: both draws
    /// let game = ExplicitPlayable::new(Arc::new(RwLock::new(graph)), "loop", "Loop", false);
    /// let values = game.loopy_values(&["a".into()]).unwrap();
    /// assert!(matches!(values[0], LoopyValue::Infinite(_)));
    /// ```
    pub fn loopy_values(&self, words: &[String]) -> Result<Vec<LoopyValue>, GameError> {
        let graph = self.read()?;
        let ids = self.ids(&graph, words)?;
        let finite: Result<Vec<LoopyValue>, CycleError> =
            self.with_solver(&graph, |game, solver| {
                ids.iter()
                    .map(|&id| solver.grundy(&game.vertex(id)).map(LoopyValue::Finite))
                    .collect()
            })?;
        match finite {
            Ok(values) => Ok(values),
            Err(error) if self.acyclic => Err(self.cycle_error(error)),
            Err(_) => {
                let roots: Vec<Vec<u32>> = ids.iter().map(|&id| vec![id]).collect();
                let table = LoopyTable::build(&graph, &roots)?;
                Ok(ids
                    .iter()
                    .map(|&id| {
                        table
                            .value(&graph, &[id])
                            .cloned()
                            .unwrap_or(LoopyValue::Finite(0))
                    })
                    .collect())
            }
        }
    }

    /// The analysis of a cyclic game: γ of the sum and of each component.
    fn loopy_report(&self, graph: &ExplicitGraph, ids: &[u32]) -> Result<Report, GameError> {
        let components: Vec<u32> = ids.iter().flat_map(|&id| graph.components(id)).collect();
        let mut roots: Vec<Vec<u32>> = vec![components.clone()];
        roots.extend(components.iter().map(|&c| vec![c]));
        let table = LoopyTable::build(graph, &roots)?;
        let zero = LoopyValue::Finite(0);
        let total = table.value(graph, &components).unwrap_or(&zero).clone();
        let outcome = total.outcome();
        let mut winning_moves = Vec::new();
        if outcome == Outcome::N {
            let game = ExplicitGame::new(graph);
            for (index, &component) in components.iter().enumerate() {
                if components[..index].contains(&component) {
                    continue;
                }
                for &option in graph.options(component) {
                    let mut after = components.clone();
                    after.splice(index..=index, graph.components(option));
                    let value = table.value(graph, &after).unwrap_or(&zero);
                    if value.outcome() == Outcome::P {
                        winning_moves.push(MoveReport {
                            component: Some(index),
                            description: game
                                .describe_move(&game.vertex(component), &game.vertex(option)),
                            to: self.text(graph, &after),
                        });
                    }
                }
            }
        }
        Ok(Report {
            outcome,
            grundy: total.finite(),
            components: components
                .iter()
                .map(|&c| {
                    let value = table.value(graph, &[c]).unwrap_or(&zero);
                    ComponentReport {
                        position: match value {
                            LoopyValue::Finite(_) => graph.key(c).to_string(),
                            infinite => format!("{} (γ = {infinite})", graph.key(c)),
                        },
                        grundy: value.finite(),
                    }
                })
                .collect(),
            winning_moves,
            method: format!(
                "generalized Sprague–Grundy function (Smith 1966; Fraenkel–Yesha 1986) of the sums reachable from the position, the game having a cycle: the sum has γ = {total}; γ = 0 is P, a finite γ ≠ 0 or ∞(K) with 0 ∈ K is N, any other ∞ is a draw"
            ),
            remoteness: None,
        })
    }

    fn text(&self, graph: &ExplicitGraph, ids: &[u32]) -> String {
        if ids.is_empty() {
            return "(nothing left)".to_string();
        }
        let words: Vec<&str> = ids.iter().map(|&id| graph.key(id)).collect();
        words.join(" ")
    }

    /// The components of the words' positions, as vertices.
    fn vertices(game: &ExplicitGame<'_>, graph: &ExplicitGraph, ids: &[u32]) -> Vec<Vertex> {
        ids.iter()
            .flat_map(|&id| graph.components(id))
            .map(|id| game.vertex(id))
            .collect()
    }
}

impl PlayableGame for ExplicitPlayable {
    fn components_commute(&self) -> bool {
        true
    }

    fn description(&self) -> String {
        self.description.clone()
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn position_syntax(&self) -> String {
        "positions of the game, each as its format writes it (a sum when several)".into()
    }

    fn move_syntax(&self) -> String {
        "FROM->TO (a component and the position it becomes), the position left, or #k".into()
    }

    fn position(&self, words: &[String]) -> Result<Position, GameError> {
        let graph = self.read()?;
        self.ids(&graph, words)?;
        Ok(Position::new(
            self.description.clone(),
            words.to_vec(),
            Board::Words {
                words: words.to_vec(),
            },
        ))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, GameError> {
        let graph = self.read()?;
        let ids = self.ids(&graph, &position.components)?;
        let game = ExplicitGame::new(&graph);
        let components = Self::vertices(&game, &graph, &ids);
        sum_moves(
            &game,
            &self.description,
            &components,
            &|from, to| format!("{}->{}", graph.key(from.id), graph.key(to.id)),
            &|parts| Board::Words {
                words: parts.iter().map(|v| graph.key(v.id).to_string()).collect(),
            },
        )
        .map(|moves| {
            moves
                .into_iter()
                .map(|mut played| {
                    // Positions are written by their keys (labels are for display).
                    if let Board::Words { words } = &played.after.board {
                        played.after.components = words.clone();
                    }
                    played
                })
                .collect()
        })
    }

    /// A move by its notation, the position it leaves, `#k`, or the option a
    /// component becomes (`(2, 2)` for the move `5->(2, 2)`).
    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, GameError> {
        let moves = self.moves(position)?;
        let wanted = text.trim();
        let mut to_option = moves.iter().filter(|m| {
            m.notation
                .split_once("->")
                .is_some_and(|(_, to)| to == wanted)
        });
        if let (Some(only), None) = (to_option.next(), to_option.next()) {
            return Ok(only.clone());
        }
        crate::playable::find_move(self, position, moves, text)
    }

    fn evaluate_moves(&self, moves: &[Move]) -> Result<Vec<Evaluation>, GameError> {
        let mut words: Vec<String> = Vec::new();
        let mut spans = Vec::with_capacity(moves.len());
        for played in moves {
            let start = words.len();
            words.extend(played.after.components.iter().cloned());
            spans.push(start..words.len());
        }
        if words.is_empty() {
            return Ok(moves
                .iter()
                .map(|_| Evaluation {
                    outcome: Outcome::P,
                    grundy: Some(0),
                    remoteness: None,
                })
                .collect());
        }
        let graph = self.read()?;
        let ids = self.ids(&graph, &words)?;
        let finite: Result<Vec<u64>, CycleError> = self.with_solver(&graph, |game, solver| {
            spans
                .iter()
                .map(|span| {
                    ids[span.clone()]
                        .iter()
                        .try_fold(0, |total, &id| Ok(total ^ solver.grundy(&game.vertex(id))?))
                })
                .collect()
        })?;
        let values: Vec<LoopyValue> = match finite {
            Ok(values) => values.into_iter().map(LoopyValue::Finite).collect(),
            Err(error) if self.acyclic => return Err(self.cycle_error(error)),
            Err(_) => {
                let roots: Vec<Vec<u32>> = spans.iter().map(|s| ids[s.clone()].to_vec()).collect();
                let table = LoopyTable::build(&graph, &roots)?;
                roots
                    .iter()
                    .map(|root| {
                        table
                            .value(&graph, root)
                            .cloned()
                            .unwrap_or(LoopyValue::Finite(0))
                    })
                    .collect()
            }
        };
        Ok(values
            .into_iter()
            .map(|value| Evaluation {
                outcome: value.outcome(),
                grundy: value.finite(),
                remoteness: None,
            })
            .collect())
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let graph = self.read()?;
        let ids = self.ids(&graph, words)?;
        let components = Self::vertices(&ExplicitGame::new(&graph), &graph, &ids);
        match self.with_solver(&graph, |_, solver| analyze(solver, &components))? {
            Ok(analysis) => {
                let mut report = Report::from_analysis(analysis.map_positions(|v| v.to_string()));
                // Written by keys, so that a winning move's position can be typed back.
                for (component, vertex) in report.components.iter_mut().zip(&components) {
                    component.position = graph.key(vertex.id).to_string();
                }
                Ok(report)
            }
            Err(error) if self.acyclic => Err(self.cycle_error(error)),
            Err(_) => self.loopy_report(&graph, &ids),
        }
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let graph = self.read()?;
        let ids = self.ids(&graph, words)?;
        let known = self.known.lock().map_err(|_| self.poisoned())?;
        let game = ExplicitGame::with_known(&graph, &known);
        let components = Self::vertices(&game, &graph, &ids);
        crate::misere::misere_report(&game, &components, None, None)
    }

    fn analyze_every_sg(&self, words: &[String]) -> Result<Report, GameError> {
        let graph = self.read()?;
        let ids = self.ids(&graph, words)?;
        let game = ExplicitGame::new(&graph);
        let components = Self::vertices(&game, &graph, &ids);
        crate::every_sg::every_sg_report(&game, &components, &|v: &Vertex| {
            graph.key(v.id).to_string()
        })
    }

    fn game_graph(&self, words: &[String], node_limit: usize) -> Result<GameGraph, GameError> {
        let graph = self.read()?;
        let ids = self.ids(&graph, words)?;
        let game = ExplicitGame::new(&graph);
        let components = Self::vertices(&game, &graph, &ids);
        sprague_grundy_graph(&game, components, node_limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_engine::loopy::retrograde_outcomes;

    /// Kayles rows 0..=n as an explicit graph, rows as components (options split).
    fn kayles(n: usize) -> (ExplicitGraph, Vec<u32>) {
        let mut graph = ExplicitGraph::new();
        let rows: Vec<u32> = (0..=n)
            .map(|r| graph.add(&r.to_string(), &r.to_string()).unwrap())
            .collect();
        let mut sums: HashMap<(usize, usize), u32> = HashMap::new();
        for r in 0..=n {
            let mut options = Vec::new();
            for take in 1..=2.min(r) {
                for left in 0..=(r - take) {
                    let right = r - take - left;
                    let (a, b) = (left.min(right), left.max(right));
                    let id = *sums.entry((a, b)).or_insert_with(|| {
                        let key = format!("{a}+{b}");
                        let id = graph.add(&key, &key).unwrap();
                        graph.set_components(id, vec![rows[a], rows[b]]).unwrap();
                        id
                    });
                    if !options.contains(&id) {
                        options.push(id);
                    }
                }
            }
            graph.set_options(rows[r], options, None).unwrap();
        }
        (graph, rows)
    }

    #[test]
    fn kayles_values_match_the_known_sequence() {
        let (graph, _) = kayles(12);
        let game = ExplicitPlayable::new(Arc::new(RwLock::new(graph)), "k", "K", true);
        let words: Vec<String> = (0..=12).map(|r| r.to_string()).collect();
        let values: Vec<u64> = game
            .loopy_values(&words)
            .unwrap()
            .iter()
            .map(|v| v.finite().unwrap())
            .collect();
        // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 4 (Guy & Smith 1956).
        assert_eq!(values, vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
        // The rows' values are kept for later answers, which agree.
        assert!(game.known.lock().unwrap().len() >= 13);
        let again = game.loopy_values(&["12".into()]).unwrap();
        assert_eq!(again, vec![LoopyValue::Finite(4)]);
        let report = game.analyze_words(&["4".into(), "1".into()]).unwrap();
        assert_eq!(report.grundy, Some(0));
        let misere = game.analyze_misere(&["1".into()]).unwrap();
        assert_eq!(misere.outcome, Outcome::P);
    }

    /// A random digraph with cycles: γ of single tokens and of pairs of tokens
    /// against the retrograde analysis of the sum graph (written here).
    #[test]
    fn loopy_outcomes_match_retrograde_analysis() {
        let n = 9usize;
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let followers: Vec<Vec<usize>> = (0..n)
            .map(|_| {
                let mut list: Vec<usize> = (0..next() % 3).map(|_| next() % n).collect();
                list.sort_unstable();
                list.dedup();
                list
            })
            .collect();
        let mut graph = ExplicitGraph::new();
        let ids: Vec<u32> = (0..n)
            .map(|v| graph.add(&format!("v{v}"), &format!("v{v}")).unwrap())
            .collect();
        for v in 0..n {
            graph
                .set_options(ids[v], followers[v].iter().map(|&w| ids[w]).collect(), None)
                .unwrap();
        }
        let game = ExplicitPlayable::new(Arc::new(RwLock::new(graph)), "g", "G", false);
        let pairs: Vec<Vec<usize>> = (0..n * n)
            .map(|code| {
                let (u, v) = (code / n, code % n);
                let mut list: Vec<usize> = followers[u].iter().map(|&w| w * n + v).collect();
                list.extend(followers[v].iter().map(|&w| u * n + w));
                list
            })
            .collect();
        let direct = retrograde_outcomes(&pairs);
        for (code, &expected) in direct.iter().enumerate() {
            let (u, v) = (code / n, code % n);
            let words = vec![format!("v{u}"), format!("v{v}")];
            let report = game.analyze_words(&words).unwrap();
            assert_eq!(report.outcome, expected, "{words:?}");
            for winning in &report.winning_moves {
                let after: Vec<String> = winning.to.split(' ').map(str::to_string).collect();
                let answer = game.analyze_words(&after).unwrap();
                assert_eq!(answer.outcome, Outcome::P);
            }
        }
    }

    #[test]
    fn a_declared_acyclic_game_with_a_cycle_names_it() {
        let mut graph = ExplicitGraph::new();
        let a = graph.add("a", "a").unwrap();
        let b = graph.add("b", "b").unwrap();
        graph.set_options(a, vec![b], None).unwrap();
        graph.set_options(b, vec![a], None).unwrap();
        assert_eq!(
            graph.cycle_from(&[a]),
            Some(vec!["a".into(), "b".into(), "a".into()])
        );
        let game = ExplicitPlayable::new(Arc::new(RwLock::new(graph)), "g", "G", true);
        let error = game.analyze_words(&["a".into()]).unwrap_err().to_string();
        assert!(
            error.contains("declared acyclic") && error.contains("a → b → a"),
            "{error}"
        );
        assert!(game.add_check().is_ok());
    }

    impl ExplicitPlayable {
        fn add_check(&self) -> Result<(), GameError> {
            let mut graph = self.graph.write().unwrap();
            assert!(graph.add("a", "a").is_err());
            assert!(graph.set_options(99, vec![], None).is_err());
            Ok(())
        }
    }

    #[test]
    fn unexplored_positions_are_refused() {
        let mut graph = ExplicitGraph::new();
        let a = graph.add("a", "a").unwrap();
        let b = graph.add("b", "b").unwrap();
        graph.set_options(a, vec![b], None).unwrap();
        assert_eq!(graph.unexplored_from(&[a]), vec![b]);
        let game = ExplicitPlayable::new(Arc::new(RwLock::new(graph)), "g", "G", false);
        assert!(game.analyze_words(&["a".into()]).is_err());
        assert!(game.analyze_words(&["zz".into()]).is_err());
    }
}
