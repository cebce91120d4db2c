//! Reading graphs typed inline or stored in files.
//!
//! Convention: a word starting with `@` names a file (`@pictures/tree.txt`);
//! any other word is the graph itself, inline. Text files hold one edge per
//! line (`u v`, `u-v` or `u -> v`), `#` starts a comment, and two optional
//! declarations: `ground: NAME` (Hackenbush; the default ground is `g`) and
//! `vertices: a b c` (when given, every edge must use declared vertices).

use std::collections::HashMap;

use crate::error::GameError;

/// Vertex names, and edges as pairs of indices into them.
pub type NumberedGraph = (Vec<String>, Vec<(usize, usize)>);

/// Vertices numbered in order of first appearance (the names in `first`
/// first), and the edges as pairs of those numbers.
///
/// # Errors
/// [`GameError::InvalidGraph`] when there are more than `edge_limit` edges.
///
/// ```
/// use sprague_games::graph_input::number_vertices;
/// let edges = vec![("a".to_string(), "b".to_string()), ("b".to_string(), "g".to_string())];
/// let (names, numbered) = number_vertices(&["g".to_string()], &edges, 10, None).unwrap();
/// assert_eq!(names, vec!["g", "a", "b"]);
/// assert_eq!(numbered, vec![(1, 2), (2, 0)]);
/// ```
pub fn number_vertices(
    first: &[String],
    edges: &[(String, String)],
    edge_limit: usize,
    source: Option<&str>,
) -> Result<NumberedGraph, GameError> {
    if edges.len() > edge_limit {
        return Err(GameError::InvalidGraph {
            source_name: source.map(str::to_string),
            reason: format!("{} edges; the limit is {edge_limit}", edges.len()),
        });
    }
    let mut names: Vec<String> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut number = |name: &String, names: &mut Vec<String>| {
        *index.entry(name.clone()).or_insert_with(|| {
            names.push(name.clone());
            names.len() - 1
        })
    };
    for name in first {
        number(name, &mut names);
    }
    let numbered = edges
        .iter()
        .map(|(u, v)| (number(u, &mut names), number(v, &mut names)))
        .collect();
    Ok((names, numbered))
}

/// The largest file read.
pub const FILE_LIMIT: u64 = sprague_textfile::FILE_LIMIT;

/// The text of a graph: the file's contents for `@path`, the word itself
/// otherwise; with the file name for error messages.
///
/// # Errors
/// [`GameError::File`] when the file cannot be read or is too large.
pub fn read_source(word: &str) -> Result<(String, Option<String>), GameError> {
    match word.strip_prefix('@') {
        Some(path) => {
            let error = |reason: String| GameError::File {
                path: path.to_string(),
                reason,
            };
            let text = sprague_textfile::read_bounded(path, FILE_LIMIT)
                .map_err(|e| error(e.to_string()))?;
            Ok((text, Some(path.to_string())))
        }
        None => Ok((word.to_string(), None)),
    }
}

/// An edge list with its declarations.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EdgeList {
    /// The edges, as pairs of vertex names, with the line (or item) they came from.
    pub edges: Vec<(String, String, usize)>,
    /// The `ground:` declaration, if any.
    pub ground: Option<String>,
    /// The `vertices:` declaration, if any.
    pub vertices: Option<Vec<String>>,
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '\'')
}

/// Reads an edge list: lines (files) or comma-separated items (inline), each
/// `u v`, `u-v`, `u>v` or `u -> v`, plus the declarations.
///
/// # Errors
/// [`GameError::InvalidGraph`] for malformed lines, contradictory
/// declarations, or edges naming undeclared vertices.
///
/// ```
/// use sprague_games::graph_input::parse_edge_list;
/// let list = parse_edge_list("g-a, a-b, b-g", None).unwrap();
/// assert_eq!(list.edges.len(), 3);
/// assert!(parse_edge_list("vertices: a b\na c", None).is_err());
/// ```
pub fn parse_edge_list(text: &str, source: Option<&str>) -> Result<EdgeList, GameError> {
    let error = |reason: String| GameError::InvalidGraph {
        source_name: source.map(str::to_string),
        reason,
    };
    let where_ = |number: usize| {
        if source.is_some() {
            format!("line {number}")
        } else {
            format!("item {number}")
        }
    };
    let mut list = EdgeList::default();
    let items: Vec<&str> = if source.is_some() {
        text.lines().collect()
    } else {
        text.split([',', ';', '\n']).collect()
    };
    for (index, raw) in items.iter().enumerate() {
        let number = index + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("ground:") {
            let name = rest.trim().to_string();
            if !valid_name(&name) {
                return Err(error(format!(
                    "{}: 'ground:' needs one vertex name",
                    where_(number)
                )));
            }
            if let Some(previous) = &list.ground {
                if previous != &name {
                    return Err(error(format!(
                        "{}: the ground is declared as '{}' but was declared as '{}' before",
                        where_(number),
                        crate::error::quoted(&name),
                        crate::error::quoted(previous)
                    )));
                }
            }
            list.ground = Some(name);
            continue;
        }
        if let Some(rest) = line.strip_prefix("vertices:") {
            let names: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
            if let Some(bad) = names.iter().find(|n| !valid_name(n)) {
                return Err(error(format!(
                    "{}: '{}' is not a vertex name (letters, digits, _)",
                    where_(number),
                    crate::error::quoted(bad)
                )));
            }
            if list.vertices.is_some() {
                return Err(error(format!(
                    "{}: the vertices are declared twice",
                    where_(number)
                )));
            }
            list.vertices = Some(names);
            continue;
        }
        let spaced = line.replace("->", " ").replace(['-', '>'], " ");
        let ends: Vec<&str> = spaced.split_whitespace().collect();
        match ends.as_slice() {
            [u, v] if valid_name(u) && valid_name(v) => {
                list.edges.push((u.to_string(), v.to_string(), number))
            }
            _ => {
                return Err(error(format!(
                    "{}: '{}' is not an edge; write two vertex names, e.g. a-b",
                    where_(number),
                    crate::error::quoted(line)
                )))
            }
        }
    }
    if let Some(vertices) = &list.vertices {
        for (u, v, number) in &list.edges {
            for end in [u, v] {
                if !vertices.contains(end) && Some(end) != list.ground.as_ref() {
                    return Err(error(format!(
                        "{}: the edge {}-{} names the unknown vertex '{}' (declared: {})",
                        where_(*number),
                        crate::error::quoted(u),
                        crate::error::quoted(v),
                        crate::error::quoted(end),
                        crate::digraph::preview(vertices)
                    )));
                }
            }
        }
    }
    Ok(list)
}
