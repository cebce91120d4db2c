//! Positions and moves as data: what the front ends (the terminal `play`
//! mode, the web page, the Python module) draw, send and read back.
//!
//! A [`Position`] is a game's canonical description, its components as the
//! user would type them (each parses back to the same component), and a
//! [`Board`]: the structure needed to draw it (heap sizes, board cells, coin
//! rows, graph vertices and edges). A [`Move`] is one legal move: its
//! notation (what a player types to make it), a sentence, and the whole
//! position after it. Both serialise to JSON with serde and back; a position
//! read back is checked by parsing its components again
//! ([`crate::playable::PlayableGame::position`]).

use serde::{Deserialize, Serialize};

/// A position of a catalogue game.
///
/// ```
/// use sprague_games::parse_game;
/// let nim = parse_game("nim").unwrap();
/// let position = nim.position(&["3".into(), "4".into(), "5".into()]).unwrap();
/// let json = serde_json::to_string(&position).unwrap();
/// let back: sprague_games::Position = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, position);
/// assert_eq!(position.text(), "3 4 5");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The game's canonical description, e.g. `kayles` or `misere:nim`.
    pub game: String,
    /// The components, each as the user would type it (`3`, `4x7`, `THHT`).
    pub components: Vec<String>,
    /// What to draw.
    pub board: Board,
    /// Whose turn it is (1 or 2) when the position belongs to a game being
    /// played; impartial positions do not depend on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<u8>,
}

impl Position {
    /// A position of `game` with `components` and the drawing `board`.
    pub fn new(game: impl Into<String>, components: Vec<String>, board: Board) -> Self {
        Position {
            game: game.into(),
            components,
            board,
            player: None,
        }
    }

    /// The components joined by spaces, as typed on a command line.
    pub fn text(&self) -> String {
        self.components.join(" ")
    }
}

/// The structure of a position, enough to draw it.
///
/// ```
/// use sprague_games::position::Board;
/// let board = Board::Heaps { heaps: vec![3, 1] };
/// assert_eq!(serde_json::to_string(&board).unwrap(), r#"{"kind":"heaps","heaps":[3,1]}"#);
/// assert!(board.text().contains("●●●"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Board {
    /// Heaps of tokens (Nim, octal games, subtraction games, …).
    Heaps {
        /// The heap sizes, in the order of the components.
        heaps: Vec<u64>,
    },
    /// Components that are each several heaps (`1+4` after a split), as in Every-SG sums.
    HeapGroups {
        /// Each component's heaps.
        groups: Vec<Vec<u64>>,
    },
    /// Staircase Nim: coins on the steps 1, 2, … (the ground is step 0).
    Staircase {
        /// Coins on step 1, step 2, ….
        steps: Vec<u64>,
    },
    /// Wythoff's game: a queen at (a, b) on a board whose corner (0, 0) is the goal.
    Pairs {
        /// Each queen's coordinates.
        pairs: Vec<[u64; 2]>,
    },
    /// Chomp: Young diagrams, row lengths from the poison row up.
    Diagrams {
        /// Each bar's row lengths.
        diagrams: Vec<Vec<u16>>,
    },
    /// Rows of coins (`H` heads, `T` tails), numbered from 1 at the left.
    Coins {
        /// Each row as a string of `H` and `T`.
        rows: Vec<String>,
        /// The number of the leftmost coin (0 or 1, as the game counts).
        #[serde(default = "first_cell_default")]
        first: u64,
    },
    /// Two-dimensional coin boards, rows top to bottom.
    CoinBoards {
        /// Each board as its rows of `H` and `T`.
        boards: Vec<Vec<String>>,
        /// The numbers of the top row and of the leftmost column (0 or 1, as the game counts).
        #[serde(default)]
        first: [u64; 2],
    },
    /// Strips of cells, one character each (Nimble, Northcott's game, SOS).
    Strips {
        /// Each strip as it is written.
        strips: Vec<String>,
        /// What the characters mean, e.g. "`.` empty, a digit counts coins".
        legend: String,
        /// The number of the first cell (1 unless the game counts from 0, as Nimble does).
        #[serde(default = "first_cell_default")]
        first: u64,
    },
    /// Pictures of edges attached to the ground (Green Hackenbush and its relatives).
    Pictures {
        /// Each picture.
        pictures: Vec<Picture>,
    },
    /// Tokens on the vertices of a directed graph.
    Digraph {
        /// The vertices' names.
        vertices: Vec<String>,
        /// The arcs, from → to, as vertex names.
        arcs: Vec<[String; 2]>,
        /// The vertex of each token.
        tokens: Vec<String>,
    },
    /// Components with no picture of their own, as they are written.
    Words {
        /// The components.
        words: Vec<String>,
    },
    /// Named numbers (a running total and its target, the last take, …).
    Counters {
        /// Name and value of each counter.
        counters: Vec<Counter>,
    },
}

/// A named number of a [`Board::Counters`] position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// What it counts, e.g. "total".
    pub name: String,
    /// Its value.
    pub value: u64,
}

/// One picture of a [`Board::Pictures`] position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Picture {
    /// The vertices' names.
    pub vertices: Vec<String>,
    /// The edges, as pairs of vertex names (parallel edges repeat).
    pub edges: Vec<[String; 2]>,
    /// The ground vertex, if the picture has one.
    pub ground: Option<String>,
}

impl Board {
    /// The position drawn in plain text, one line per row (heaps as rows of
    /// stones, Chomp bars as grids, coins as H/T with their numbers, …).
    pub fn text(&self) -> String {
        match self {
            Board::Heaps { heaps } => heaps_text(heaps),
            Board::HeapGroups { groups } => groups
                .iter()
                .enumerate()
                .map(|(index, group)| {
                    let heaps: Vec<String> = group.iter().map(|&h| stones(h)).collect();
                    format!("  component {}: {}", index + 1, heaps.join("  |  "))
                })
                .collect::<Vec<_>>()
                .join("\n"),
            Board::Staircase { steps } => staircase_text(steps),
            Board::Pairs { pairs } => pairs
                .iter()
                .map(|&pair| queen_text(pair))
                .collect::<Vec<_>>()
                .join("\n\n"),
            Board::Diagrams { diagrams } => diagrams
                .iter()
                .map(|rows| chomp_text(rows))
                .collect::<Vec<_>>()
                .join("\n\n"),
            Board::Coins { rows, first } => rows
                .iter()
                .map(|row| coins_text(row, *first))
                .collect::<Vec<_>>()
                .join("\n\n"),
            Board::CoinBoards { boards, first } => boards
                .iter()
                .map(|rows| coin_board_text(rows, *first))
                .collect::<Vec<_>>()
                .join("\n\n"),
            Board::Strips {
                strips,
                legend,
                first,
            } => {
                let mut lines: Vec<String> = strips
                    .iter()
                    .map(|strip| strip_text(strip, *first))
                    .collect();
                lines.push(format!("  ({legend})"));
                lines.join("\n")
            }
            Board::Pictures { pictures } => pictures
                .iter()
                .enumerate()
                .map(|(index, picture)| picture_text(index, picture))
                .collect::<Vec<_>>()
                .join("\n"),
            Board::Digraph {
                vertices,
                arcs,
                tokens,
            } => {
                let mut text = format!("  tokens on: {}\n", tokens.join(", "));
                text.push_str(&format!("  {} vertices; arcs:", vertices.len()));
                for vertex in vertices {
                    let followers: Vec<&str> = arcs
                        .iter()
                        .filter(|arc| &arc[0] == vertex)
                        .map(|arc| arc[1].as_str())
                        .collect();
                    let mark = if tokens.contains(vertex) { "●" } else { " " };
                    text.push_str(&format!(
                        "\n  {mark} {vertex} → {}",
                        if followers.is_empty() {
                            "(none)".to_string()
                        } else {
                            followers.join(", ")
                        }
                    ));
                }
                text
            }
            Board::Words { words } => format!("  {}", words.join("  ")),
            Board::Counters { counters } => counters
                .iter()
                .map(|counter| format!("  {}: {}", counter.name, counter.value))
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}

/// The most stones drawn in a row; larger heaps are drawn with their size.
const STONES_DRAWN: u64 = 40;

fn stones(heap: u64) -> String {
    if heap <= STONES_DRAWN {
        "●".repeat(heap as usize)
    } else {
        format!("{}… ({heap})", "●".repeat(STONES_DRAWN as usize))
    }
}

fn heaps_text(heaps: &[u64]) -> String {
    let width = heaps.len().to_string().len();
    let size_width = heaps.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
    heaps
        .iter()
        .enumerate()
        .map(|(index, &heap)| {
            format!(
                "  heap {:>width$}  {heap:>size_width$}  {}",
                index + 1,
                stones(heap)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn staircase_text(steps: &[u64]) -> String {
    let mut lines: Vec<String> = steps
        .iter()
        .enumerate()
        .rev()
        .map(|(index, &coins)| {
            format!(
                "  step {:>2} {}|{}",
                index + 1,
                "  ".repeat(index),
                stones(coins)
            )
        })
        .collect();
    lines.push("  ground ‾‾".to_string());
    lines.join("\n")
}

/// The largest Wythoff board drawn as a grid.
const GRID_DRAWN: u64 = 24;

fn queen_text([a, b]: [u64; 2]) -> String {
    if a > GRID_DRAWN || b > GRID_DRAWN {
        return format!("  queen at ({a}, {b}); the goal is (0, 0)");
    }
    let mut lines = Vec::new();
    for y in (0..=b).rev() {
        let mut line = format!("  {y:>2} ");
        for x in 0..=a {
            line.push_str(if (x, y) == (a, b) {
                " Q"
            } else if (x, y) == (0, 0) {
                " ◎"
            } else {
                " ·"
            });
        }
        lines.push(line);
    }
    let axis: String = (0..=a).map(|x| format!("{:>2}", x % 100)).collect();
    lines.push(format!("     {axis}"));
    lines.push(format!(
        "  queen at ({a}, {b}); it moves left, down or diagonally towards ◎ (0, 0)"
    ));
    lines.join("\n")
}

fn chomp_text(rows: &[u16]) -> String {
    let mut lines = Vec::new();
    for (index, &length) in rows.iter().enumerate().rev() {
        let mut line = format!("  {:>2} ", index + 1);
        for column in 0..length {
            line.push_str(if index == 0 && column == 0 {
                " ☠"
            } else {
                " ■"
            });
        }
        lines.push(line);
    }
    let width = rows.first().copied().unwrap_or(0);
    let axis: String = (1..=width).map(|c| format!("{:>2}", c % 100)).collect();
    lines.push(format!("     {axis}"));
    lines.push("  rows counted from the poison ☠ up; a bite at r,c eats every square above and right of it".to_string());
    lines.join("\n")
}

fn coins_text(row: &str, first: u64) -> String {
    let coins: String = row.chars().map(|c| format!("{c:>3}")).collect();
    let count = row.chars().count() as u64;
    let numbers: String = (first..first.saturating_add(count))
        .map(|i| format!("{:>3}", i % 1000))
        .collect();
    format!("  {coins}\n  {numbers}")
}

fn coin_board_text(rows: &[String], [first_row, first_column]: [u64; 2]) -> String {
    let mut lines = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let coins: String = row.chars().map(|c| format!("{c:>3}")).collect();
        lines.push(format!(
            "  {:>3} {coins}",
            (index as u64).saturating_add(first_row)
        ));
    }
    let width = rows.first().map_or(0, |row| row.chars().count()) as u64;
    let axis: String = (first_column..first_column.saturating_add(width))
        .map(|i| format!("{:>3}", i % 1000))
        .collect();
    lines.push(format!("      {axis}"));
    lines.join("\n")
}

fn first_cell_default() -> u64 {
    1
}

fn strip_text(strip: &str, first: u64) -> String {
    let cells: String = strip.chars().map(|c| format!("{c:>3}")).collect();
    let count = strip.chars().count() as u64;
    let numbers: String = (first..first.saturating_add(count))
        .map(|i| format!("{:>3}", i % 1000))
        .collect();
    format!("  {cells}\n  {numbers}")
}

fn picture_text(index: usize, picture: &Picture) -> String {
    let edges: Vec<String> = picture
        .edges
        .iter()
        .map(|[a, b]| format!("{a}-{b}"))
        .collect();
    let ground = picture
        .ground
        .as_ref()
        .map_or(String::new(), |g| format!(" (ground: {g})"));
    format!("  picture {}{ground}: {}", index + 1, edges.join(", "))
}

/// One legal move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// What a player types to make it, e.g. `3->1`, `2,3` or `S@4`.
    pub notation: String,
    /// The move in words.
    pub description: String,
    /// The component moved in (0-based), when the position is a sum.
    pub component: Option<usize>,
    /// The whole position after the move.
    pub after: Position,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_kind_round_trips_through_json_and_draws_something() {
        let boards = vec![
            Board::Heaps {
                heaps: vec![3, 0, 50],
            },
            Board::HeapGroups {
                groups: vec![vec![1, 4], vec![2]],
            },
            Board::Staircase {
                steps: vec![0, 2, 1],
            },
            Board::Pairs {
                pairs: vec![[4, 7], [100, 3]],
            },
            Board::Diagrams {
                diagrams: vec![vec![4, 4, 2]],
            },
            Board::Coins {
                rows: vec!["THHT".into()],
                first: 0,
            },
            Board::CoinBoards {
                boards: vec![vec!["TH".into(), "HT".into()]],
                first: [1, 1],
            },
            Board::Strips {
                strips: vec!["S..O".into()],
                legend: "cells".into(),
                first: 1,
            },
            Board::Pictures {
                pictures: vec![Picture {
                    vertices: vec!["g".into(), "a".into()],
                    edges: vec![["g".into(), "a".into()]],
                    ground: Some("g".into()),
                }],
            },
            Board::Digraph {
                vertices: vec!["a".into(), "b".into()],
                arcs: vec![["a".into(), "b".into()]],
                tokens: vec!["a".into()],
            },
            Board::Words {
                words: vec!["2,3".into()],
            },
            Board::Counters {
                counters: vec![Counter {
                    name: "total".into(),
                    value: 7,
                }],
            },
        ];
        for board in boards {
            let json = serde_json::to_string(&board).unwrap();
            let back: Board = serde_json::from_str(&json).unwrap();
            assert_eq!(back, board);
            assert!(!board.text().trim().is_empty(), "{json}");
        }
    }

    #[test]
    fn large_heaps_and_boards_are_drawn_with_their_numbers() {
        assert!(Board::Heaps {
            heaps: vec![1_000_000]
        }
        .text()
        .contains("1000000"));
        assert!(Board::Pairs {
            pairs: vec![[1000, 3]]
        }
        .text()
        .contains("(1000, 3)"));
    }
}
