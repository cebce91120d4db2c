//! The rulesets by name, for front ends: how each position and move is
//! written, and [`analyze`], which reads a position from text and gives its
//! canonical form and every move of each player with the value it leads to.
//!
//! A move is *winning* for its mover when the mover wins the position it
//! leads to moving second: for Left an option `G^L ≥ 0`, for Right an option
//! `G^R ≤ 0` (Siegel, *Combinatorial Game Theory*, §II.1, the fundamental
//! theorem). Every position a move leads to is written in the same syntax as
//! the input, so it can be analysed or played from again.
//!
//! ```
//! use sprague_partizan::GameStore;
//! use sprague_partizan::rules::catalogue::analyze;
//! let mut store = GameStore::new();
//! let a = analyze(&mut store, "domineering", "..|..").unwrap();
//! assert_eq!(store.display(a.value), "±1");
//! // Each player's every move wins (it leaves a position worth 1 or -1 to the mover).
//! assert!(a.left.iter().all(|m| m.winning) && a.right.iter().all(|m| m.winning));
//! assert_eq!(a.left[0].notation, "1,1");
//! assert_eq!(a.left[0].position, "#.|#.");
//! ```

use super::clobber::Clobber;
use super::colouring::{Colouring, ColouringPosition, Variant};
use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::hackenbush::{Colour, Edge, Hackenbush};
use super::konane::Konane;
use super::northcott;
use super::toads::ToadsAndFrogs;
use super::{PartizanGame, Solver};
use crate::error::GameError;
use crate::store::{GameId, GameStore};

/// One ruleset as a front end lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name typed on the command line.
    pub name: &'static str,
    /// Other spellings accepted.
    pub aliases: &'static [&'static str],
    /// The rule in one or two sentences (who is Left, who is Right).
    pub rule: &'static str,
    /// How a position is written.
    pub position: &'static str,
    /// How a move is written (the notation of [`Move::notation`]).
    pub moves: &'static str,
    /// A command that uses it.
    pub example: &'static str,
}

/// Every partizan ruleset.
pub const ENTRIES: &[Entry] = &[
    Entry {
        name: "domineering",
        aliases: &[],
        rule: "place a domino on two empty squares: Left vertically, Right horizontally (Winning Ways ch. 5)",
        position: "rows of '.' (empty) and '#' (filled) joined by '|', e.g. '....|....|....' (at most 128 squares)",
        moves: "'r,c': the row and column (from 1, top left) of the domino's top or left square",
        example: "sprague analyze domineering '....|....|....'",
    },
    Entry {
        name: "blue-red-hackenbush",
        aliases: &["br-hackenbush", "hackenbush-br", "red-blue-hackenbush"],
        rule: "cut an edge of your colour (Left blue, Right red, either green); edges no longer connected to the ground fall (Winning Ways ch. 2)",
        position: "strings from the ground up, B (or L) blue and R red, separated by spaces, e.g. 'BRB RR'; or a graph of edges u-v:c (c = b, r or g; vertex 0 is the ground), e.g. '0-1:b 1-2:r 0-3:g' (at most 64 edges)",
        moves: "strings: 's:e', edge e (from 1 at the ground) of string s (from 1); graphs: the edge 'u-v'",
        example: "sprague analyze blue-red-hackenbush 'BRB RR'",
    },
    Entry {
        name: "toads-and-frogs",
        aliases: &["toads", "toads-frogs"],
        rule: "Left moves a toad T one square right onto an empty square or jumps it over one frog; Right moves a frog F left likewise (Winning Ways ch. 1)",
        position: "a strip of T, F and '.', e.g. 'TT..FF' (at most 64 squares)",
        moves: "the square (from 1) of the toad or frog that moves",
        example: "sprague analyze toads-and-frogs 'TT..FF'",
    },
    Entry {
        name: "clobber",
        aliases: &[],
        rule: "move one of your stones (Left x, Right o) onto an orthogonally adjacent stone of the opponent, which is removed",
        position: "rows of x, o and '.' joined by '|', e.g. 'xox|oxo' (at most 128 squares)",
        moves: "'r,c-r,c': the square of the stone that moves and the square it clobbers (rows and columns from 1)",
        example: "sprague analyze clobber 'xox|oxo'",
    },
    Entry {
        name: "konane",
        aliases: &["kōnane"],
        rule: "jump one of your stones (Left x, Right o) orthogonally over an adjacent stone of the opponent into the empty square beyond, removing it; the stone may go on jumping in the same direction, and each number of jumps is a separate move (Ernst 1995)",
        position: "rows of x, o and '.' joined by '|', e.g. 'xo.|.ox|..x' (at most 128 squares)",
        moves: "'r,c-r,c': the square of the stone that jumps and the square it lands on (rows and columns from 1)",
        example: "sprague analyze konane 'xo.|.ox|..x'",
    },
    Entry {
        name: "cutcake",
        aliases: &["cut-cake"],
        rule: "cut a cake along a score line: Left vertically (splitting its width), Right horizontally (splitting its height) (Winning Ways ch. 2)",
        position: "cakes ROWSxCOLS joined by '+', e.g. '3x4' or '2x3 + 1x5' (sizes at most 2^20)",
        moves: "'RxC=AxB+CxD': the cake cut and the two pieces",
        example: "sprague analyze cutcake 3x4",
    },
    Entry {
        name: "col",
        aliases: &[],
        rule: "colour an uncoloured vertex with your colour (Left blue, Right red); two adjacent vertices may not have the same colour (Winning Ways ch. 2)",
        position: "'VERTICES:EDGES': one character per vertex ('.' uncoloured, L or B blue, R red), then edges u-v between vertices numbered from 0, e.g. '....:0-1 1-2 2-3' (a path); or the vertex count, '4:0-1 1-2 2-3' (at most 32 vertices)",
        moves: "the vertex coloured (numbered from 0)",
        example: "sprague analyze col '....:0-1 1-2 2-3'",
    },
    Entry {
        name: "snort",
        aliases: &[],
        rule: "colour an uncoloured vertex with your colour (Left blue, Right red); two adjacent vertices may not have different colours (Winning Ways ch. 2)",
        position: "as for col: '....:0-1 1-2 2-3' or '4:0-1 1-2 2-3' (at most 32 vertices)",
        moves: "the vertex coloured (numbered from 0)",
        example: "sprague analyze snort '...:0-1 1-2'",
    },
    Entry {
        name: "northcott-partizan",
        aliases: &["partizan-northcott", "northcott-lr"],
        rule: "slide your own piece (Left black B, Right white W) along its row, towards the other piece or away from it, never onto or over it; loopy, and each row equals the nimber *gap in every sum (Winning Ways ch. 2)",
        position: "one word per row of B, W and '.', separated by spaces or '|', e.g. 'B...W. .W..B' (rows of at most 512 squares); the impartial `northcott` is the same game told as Nim",
        moves: "'ROW:FROM->TO', rows and squares numbered from 1, e.g. '1:1->3'",
        example: "sprague analyze northcott-partizan 'B...W. .W..B'",
    },
];

/// The entry of a name or alias (lower case, `_` read as `-`).
///
/// ```
/// use sprague_partizan::rules::catalogue::find;
/// assert_eq!(find("Toads").unwrap().name, "toads-and-frogs");
/// assert!(find("kayles").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static Entry> {
    let name = name.trim().to_ascii_lowercase().replace('_', "-");
    ENTRIES
        .iter()
        .find(|e| e.name == name || e.aliases.contains(&name.as_str()))
}

/// One move of one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The move in the ruleset's notation (see [`Entry::moves`]).
    pub notation: String,
    /// The move in words.
    pub description: String,
    /// The position it leads to, in the input syntax.
    pub position: String,
    /// The canonical form of that position.
    pub value: GameId,
    /// Whether the mover wins from there moving second (`≥ 0` for Left, `≤ 0` for Right).
    pub winning: bool,
}

/// A position analysed: its value and every move of each player.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The ruleset.
    pub entry: &'static Entry,
    /// The position as read, written back in the input syntax.
    pub position: String,
    /// Its canonical form.
    pub value: GameId,
    /// Left's moves.
    pub left: Vec<Move>,
    /// Right's moves.
    pub right: Vec<Move>,
}

/// The most distinct regions (transposition-table entries) [`analyze`] solves before it
/// stops with [`GameError::TooLarge`], so that a board far beyond reach is refused instead
/// of searched for hours. Measured in a release build: Domineering 5×6 needs 356,382 regions
/// and 98,034 games (6 s, 133 MB), 4×8 715,768 and 182,876 (17 s, 258 MB).
pub const MAX_REGIONS: usize = 1_000_000;

/// The most games in the store when [`analyze`] solves a new region (see [`MAX_REGIONS`]).
pub const MAX_GAMES: usize = 300_000;

/// A move before its value is known.
struct Candidate<P> {
    notation: String,
    description: String,
    text: String,
    position: P,
}

/// Reads `position` for the ruleset `name` and computes its canonical form and
/// the value after each move. Errors: an unknown name, a position that cannot
/// be read (one sentence saying why), or a game beyond the exact limits.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::catalogue::analyze;
/// let mut store = GameStore::new();
/// let a = analyze(&mut store, "toads-and-frogs", "T.F").unwrap();
/// assert_eq!(store.display(a.value), "*");
/// assert!(analyze(&mut store, "domineering", "..|.x").is_err());
/// // Past 30 empty squares a Domineering board is refused at once (its outcome class is
/// // found by `domineering_outcome` instead).
/// assert!(analyze(&mut store, "domineering", "......|......|......|......|......|......").is_err());
/// ```
pub fn analyze(store: &mut GameStore, name: &str, position: &str) -> Result<Analysis, GameError> {
    analyze_until(store, name, position, &|| false)
}

/// [`analyze`], asking `stop` before each new region the search solves: a `true` ends it
/// with [`GameError::Stopped`] (the web server's time budget, Python's Ctrl-C).
///
/// ```
/// use sprague_partizan::{GameError, GameStore};
/// use sprague_partizan::rules::catalogue::analyze_until;
/// let mut store = GameStore::new();
/// let stopped = analyze_until(&mut store, "domineering", "....|....|....", &|| true);
/// assert!(matches!(stopped, Err(GameError::Stopped)));
/// ```
pub fn analyze_until(
    store: &mut GameStore,
    name: &str,
    position: &str,
    stop: &dyn Fn() -> bool,
) -> Result<Analysis, GameError> {
    let entry = find(name).ok_or_else(|| {
        GameError::InvalidPosition(format!("there is no partizan ruleset named {name:?}"))
    })?;
    let (text, value, left, right) = match entry.name {
        "domineering" => {
            let board = Domineering::parse(position)?;
            if super::domineering_outcome::beyond_canonical(&board) {
                // Refused at once: the search would run for many seconds before its limits
                // stop it (6×6: 17 s). The front ends answer such a board's outcome by search.
                return Err(GameError::TooLarge {
                    what: "the board (empty squares, for an exact value; `analyze` gives the \
                           outcome of larger boards by search)",
                    limit: super::domineering_outcome::CANONICAL_SQUARES as u64,
                });
            }
            let moves = |left: bool| {
                let options = if left {
                    Domineering.left_options(&board)
                } else {
                    Domineering.right_options(&board)
                };
                options
                    .into_iter()
                    .map(|to| {
                        let (r, c) = (0..board.rows() * board.cols())
                            .map(|i| (i / board.cols(), i % board.cols()))
                            .find(|&(r, c)| board.is_empty(r, c) && !to.is_empty(r, c))
                            .unwrap_or((0, 0));
                        let (r2, c2) = if left { (r + 2, c + 1) } else { (r + 1, c + 2) };
                        Candidate {
                            notation: format!("{},{}", r + 1, c + 1),
                            description: format!(
                                "{} domino on {},{} and {r2},{c2}",
                                if left { "vertical" } else { "horizontal" },
                                r + 1,
                                c + 1
                            ),
                            text: to.to_string(),
                            position: to,
                        }
                    })
                    .collect()
            };
            let (l, r) = (moves(true), moves(false));
            evaluate(store, Domineering, board.to_string(), &board, l, r, stop)?
        }
        "toads-and-frogs" => {
            let strip = ToadsAndFrogs::parse(position)?;
            let write = |s: &Vec<u8>| String::from_utf8_lossy(s).into_owned();
            let moves = |left: bool| {
                let (options, piece) = if left {
                    (ToadsAndFrogs.left_options(&strip), b'T')
                } else {
                    (ToadsAndFrogs.right_options(&strip), b'F')
                };
                options
                    .into_iter()
                    .map(|to| {
                        let from = (0..strip.len())
                            .find(|&i| strip[i] == piece && to[i] == b'.')
                            .unwrap_or(0);
                        let dest = (0..strip.len())
                            .find(|&i| strip[i] == b'.' && to[i] == piece)
                            .unwrap_or(0);
                        let how = if from.abs_diff(dest) == 2 {
                            "jumps"
                        } else {
                            "moves"
                        };
                        let animal = if left { "toad" } else { "frog" };
                        Candidate {
                            notation: (from + 1).to_string(),
                            description: format!(
                                "the {animal} on square {} {how} to square {}",
                                from + 1,
                                dest + 1
                            ),
                            text: write(&to),
                            position: to,
                        }
                    })
                    .collect()
            };
            let (l, r) = (moves(true), moves(false));
            evaluate(store, ToadsAndFrogs, write(&strip), &strip, l, r, stop)?
        }
        "clobber" => {
            let board = Clobber::parse(position)?;
            let from_text = board.to_string();
            let moves = |left: bool| {
                let options = if left {
                    Clobber.left_options(&board)
                } else {
                    Clobber.right_options(&board)
                };
                let (mine, theirs) = if left { ('x', 'o') } else { ('o', 'x') };
                options
                    .into_iter()
                    .map(|to| {
                        let to_text = to.to_string();
                        let square = |want_from: char, want_to: char| {
                            let (mut r, mut c) = (1, 1);
                            for (a, b) in from_text.chars().zip(to_text.chars()) {
                                if a == '|' {
                                    r += 1;
                                    c = 1;
                                    continue;
                                }
                                if a == want_from && b == want_to {
                                    return (r, c);
                                }
                                c += 1;
                            }
                            (0, 0)
                        };
                        let (fr, fc) = square(mine, '.');
                        let (tr, tc) = square(theirs, mine);
                        Candidate {
                            notation: format!("{fr},{fc}-{tr},{tc}"),
                            description: format!(
                                "{mine} on {fr},{fc} clobbers {theirs} on {tr},{tc}"
                            ),
                            text: to_text,
                            position: to,
                        }
                    })
                    .collect()
            };
            let (l, r) = (moves(true), moves(false));
            evaluate(store, Clobber, from_text.clone(), &board, l, r, stop)?
        }
        "konane" => {
            let board = Konane::parse(position)?;
            let moves = |left: bool| {
                let (mine, theirs) = if left { ('x', 'o') } else { ('o', 'x') };
                board
                    .jumps(left)
                    .into_iter()
                    .map(|j| {
                        let ((fr, fc), (tr, tc)) = (j.from, j.to);
                        Candidate {
                            notation: format!("{},{}-{},{}", fr + 1, fc + 1, tr + 1, tc + 1),
                            description: format!(
                                "{mine} on {},{} jumps to {},{}, removing {} {theirs}",
                                fr + 1,
                                fc + 1,
                                tr + 1,
                                tc + 1,
                                j.captured
                            ),
                            text: j.board.to_string(),
                            position: j.board,
                        }
                    })
                    .collect()
            };
            let (l, r) = (moves(true), moves(false));
            evaluate(store, Konane, board.to_string(), &board, l, r, stop)?
        }
        "cutcake" => {
            let cakes = if position.trim().is_empty() {
                Vec::new()
            } else {
                Cutcake::parse(position)?
            };
            let write = |cakes: &[(u32, u32)]| {
                let parts: Vec<String> = cakes
                    .iter()
                    .filter(|&&(r, c)| r > 0 && c > 0)
                    .map(|(r, c)| format!("{r}x{c}"))
                    .collect();
                if parts.is_empty() {
                    "0x0".to_string()
                } else {
                    parts.join(" + ")
                }
            };
            if cakes.iter().any(|&(r, c)| r.max(c) > 4096) {
                // Every cut of a cake is listed: keep the list printable.
                return Err(GameError::TooLarge {
                    what: "a cake whose moves are listed (rows and columns)",
                    limit: 4096,
                });
            }
            let moves = |left: bool| {
                let mut out = Vec::new();
                let mut seen = Vec::new();
                for (i, &(r, c)) in cakes.iter().enumerate() {
                    if seen.contains(&(r, c)) {
                        continue;
                    }
                    seen.push((r, c));
                    let length = if left { c } else { r };
                    for a in 1..=length / 2 {
                        let pieces = if left {
                            [(r, a), (r, c - a)]
                        } else {
                            [(a, c), (r - a, c)]
                        };
                        let mut next = cakes.clone();
                        next[i] = pieces[0];
                        next.insert(i + 1, pieces[1]);
                        let notation = format!(
                            "{r}x{c}={}x{}+{}x{}",
                            pieces[0].0, pieces[0].1, pieces[1].0, pieces[1].1
                        );
                        out.push(Candidate {
                            description: format!(
                                "cut the {r}x{c} cake into {}x{} and {}x{}",
                                pieces[0].0, pieces[0].1, pieces[1].0, pieces[1].1
                            ),
                            notation,
                            text: write(&next),
                            position: next,
                        });
                    }
                }
                out
            };
            let (l, r) = (moves(true), moves(false));
            // Each cake's value by the closed form of Winning Ways (checked against search in
            // the tests of `cutcake`): a search of a large cake would visit every smaller one.
            let mut closed_form = |store: &mut GameStore, cakes: &Vec<(u32, u32)>| {
                let mut total = 0i64;
                for &(r, c) in cakes {
                    total = total
                        .checked_add(Cutcake::value(r, c))
                        .ok_or(GameError::Overflow)?;
                }
                store.integer(total)
            };
            evaluate_by(store, &mut closed_form, write(&cakes), &cakes, l, r)?
        }
        "blue-red-hackenbush" if position.contains('-') => {
            let edges = Hackenbush::parse(position)?;
            let write = |edges: &[Edge]| {
                let parts: Vec<String> = edges
                    .iter()
                    .map(|&(u, v, c)| format!("{u}-{v}:{}", colour_letter(c)))
                    .collect();
                parts.join(" ")
            };
            let moves = |left: bool| {
                let (options, allowed): (Vec<Vec<Edge>>, Vec<Edge>) = if left {
                    (
                        Hackenbush.left_options(&edges),
                        edges
                            .iter()
                            .copied()
                            .filter(|e| e.2 != Colour::Red)
                            .collect(),
                    )
                } else {
                    (
                        Hackenbush.right_options(&edges),
                        edges
                            .iter()
                            .copied()
                            .filter(|e| e.2 != Colour::Blue)
                            .collect(),
                    )
                };
                options
                    .into_iter()
                    .zip(allowed)
                    .map(|(to, (u, v, c))| {
                        let fallen = edges.len() - 1 - to.len();
                        Candidate {
                            notation: format!("{u}-{v}"),
                            description: format!(
                                "cut the {} edge {u}-{v}{}",
                                colour_name(c),
                                match fallen {
                                    0 => String::new(),
                                    1 => "; 1 more edge falls".to_string(),
                                    n => format!("; {n} more edges fall"),
                                }
                            ),
                            text: write(&to),
                            position: to,
                        }
                    })
                    .collect()
            };
            let (l, r) = (moves(true), moves(false));
            evaluate(store, Hackenbush, write(&edges), &edges, l, r, stop)?
        }
        "blue-red-hackenbush" => {
            let strings = parse_strings(position)?;
            let moves = |left: bool| {
                let mut out = Vec::new();
                for (i, s) in strings.iter().enumerate() {
                    for (j, &blue) in s.iter().enumerate() {
                        if blue != left {
                            continue;
                        }
                        let mut next = strings.clone();
                        next[i].truncate(j);
                        let fallen = s.len() - j - 1;
                        out.push(Candidate {
                            notation: format!("{}:{}", i + 1, j + 1),
                            description: format!(
                                "cut edge {} ({}) of string {}{}",
                                j + 1,
                                if blue { "blue" } else { "red" },
                                i + 1,
                                match fallen {
                                    0 => String::new(),
                                    1 => "; 1 edge above falls".to_string(),
                                    n => format!("; {n} edges above fall"),
                                }
                            ),
                            text: write_strings(&next),
                            position: next,
                        });
                    }
                }
                out
            };
            let (l, r) = (moves(true), moves(false));
            evaluate(
                store,
                Strings,
                write_strings(&strings),
                &strings,
                l,
                r,
                stop,
            )?
        }
        "col" | "snort" => {
            let variant = if entry.name == "col" {
                Variant::Col
            } else {
                Variant::Snort
            };
            let graph = ColouredGraph::parse(variant, position)?;
            let start = graph.position();
            let moves = |left: bool| {
                let options = if left {
                    graph.game.left_options(&start)
                } else {
                    graph.game.right_options(&start)
                };
                let may = if left {
                    start.left_may
                } else {
                    start.right_may
                };
                let vertices = (0..graph.colours.len()).filter(|&v| may >> v & 1 == 1);
                options
                    .into_iter()
                    .zip(vertices)
                    .map(|(to, v)| {
                        let mut next = graph.clone();
                        next.colours[v] = if left { b'L' } else { b'R' };
                        Candidate {
                            notation: v.to_string(),
                            description: format!(
                                "colour vertex {v} {}",
                                if left { "blue" } else { "red" }
                            ),
                            text: next.to_string(),
                            position: to,
                        }
                    })
                    .collect()
            };
            let (l, r) = (moves(true), moves(false));
            evaluate(
                store,
                graph.game.clone(),
                graph.to_string(),
                &start,
                l,
                r,
                stop,
            )?
        }
        "northcott-partizan" => {
            let board = northcott::parse(position)?;
            let moves = |left: bool| {
                northcott::slides(&board, left)
                    .into_iter()
                    .map(|slide| Candidate {
                        notation: slide.notation,
                        description: slide.description,
                        text: northcott::write(&slide.board),
                        position: slide.board,
                    })
                    .collect()
            };
            let (l, r) = (moves(true), moves(false));
            // Loopy, so not searched: each row is the nimber of its gap (the module doc).
            let mut nimber = |store: &mut GameStore, board: &northcott::Board| {
                store.nimber(northcott::nim_sum(board))
            };
            evaluate_by(store, &mut nimber, northcott::write(&board), &board, l, r)?
        }
        _ => unreachable!("every entry has a branch"),
    };
    Ok(Analysis {
        entry,
        position: text,
        value,
        left,
        right,
    })
}

type Evaluated = (String, GameId, Vec<Move>, Vec<Move>);

/// The value of the position and of each candidate move, by search.
fn evaluate<G: PartizanGame>(
    store: &mut GameStore,
    game: G,
    text: String,
    start: &G::Position,
    left: Vec<Candidate<G::Position>>,
    right: Vec<Candidate<G::Position>>,
    stop: &dyn Fn() -> bool,
) -> Result<Evaluated, GameError> {
    let mut solver = Solver::with_limits(game, MAX_REGIONS, MAX_GAMES);
    evaluate_by(
        store,
        &mut |store, p| solver.canonical_form_until(store, p, stop),
        text,
        start,
        left,
        right,
    )
}

/// The value of the position and of each candidate move, by `value`.
fn evaluate_by<P>(
    store: &mut GameStore,
    value: &mut dyn FnMut(&mut GameStore, &P) -> Result<GameId, GameError>,
    text: String,
    start: &P,
    left: Vec<Candidate<P>>,
    right: Vec<Candidate<P>>,
) -> Result<Evaluated, GameError> {
    let g = value(store, start)?;
    let zero = store.zero();
    let mut sides = [Vec::new(), Vec::new()];
    for (side, candidates) in [left, right].into_iter().enumerate() {
        for c in candidates {
            let v = value(store, &c.position)?;
            let winning = if side == 0 {
                store.geq(v, zero)
            } else {
                store.leq(v, zero)
            };
            sides[side].push(Move {
                notation: c.notation,
                description: c.description,
                position: c.text,
                value: v,
                winning,
            });
        }
    }
    let [l, r] = sides;
    Ok((text, g, l, r))
}

fn colour_letter(c: Colour) -> char {
    match c {
        Colour::Blue => 'b',
        Colour::Red => 'r',
        Colour::Green => 'g',
    }
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "blue",
        Colour::Red => "red",
        Colour::Green => "green",
    }
}

/// The most edges of all Hackenbush strings together.
const MAX_STRING_EDGES: usize = 4096;

/// Blue-Red Hackenbush strings separated by spaces or `+` (an empty text: no strings).
fn parse_strings(text: &str) -> Result<Vec<Vec<bool>>, GameError> {
    let mut out = Vec::new();
    for word in text.split([' ', '+', ',', '\t']).filter(|w| !w.is_empty()) {
        out.push(super::hackenbush::HackenbushString::parse(word)?);
    }
    if out.iter().map(Vec::len).sum::<usize>() > MAX_STRING_EDGES {
        return Err(GameError::InvalidPosition(format!(
            "Hackenbush strings have at most {MAX_STRING_EDGES} edges in all"
        )));
    }
    Ok(out)
}

fn write_strings(strings: &[Vec<bool>]) -> String {
    let words: Vec<String> = strings
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| s.iter().map(|&b| if b { 'B' } else { 'R' }).collect())
        .collect();
    words.join(" ")
}

/// A sum of Blue-Red Hackenbush strings (each a component valued by search).
#[derive(Clone, Copy, Debug)]
struct Strings;

impl PartizanGame for Strings {
    type Position = Vec<Vec<bool>>;

    fn left_options(&self, p: &Self::Position) -> Vec<Self::Position> {
        cut_strings(p, true)
    }

    fn right_options(&self, p: &Self::Position) -> Vec<Self::Position> {
        cut_strings(p, false)
    }

    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        p.iter()
            .filter(|s| !s.is_empty())
            .map(|s| vec![s.clone()])
            .collect()
    }

    fn describe_move(&self, _from: &Self::Position, _to: &Self::Position) -> String {
        "cut".to_string()
    }
}

fn cut_strings(p: &[Vec<bool>], blue: bool) -> Vec<Vec<Vec<bool>>> {
    let mut out = Vec::new();
    for (i, s) in p.iter().enumerate() {
        for (j, &e) in s.iter().enumerate() {
            if e == blue {
                let mut next = p.to_vec();
                next[i].truncate(j);
                out.push(next);
            }
        }
    }
    out
}

/// A Col or Snort graph with its colours, as written.
#[derive(Clone, Debug)]
struct ColouredGraph {
    game: Colouring,
    variant: Variant,
    /// `.`, `L` or `R` per vertex.
    colours: Vec<u8>,
    edges: Vec<(usize, usize)>,
}

impl ColouredGraph {
    fn parse(variant: Variant, text: &str) -> Result<ColouredGraph, GameError> {
        let text = text.trim();
        let (vertices, edge_text) = text.split_once(':').unwrap_or((text, ""));
        let vertices = vertices.trim();
        let colours: Vec<u8> = if !vertices.is_empty()
            && vertices.bytes().all(|b| b.is_ascii_digit())
        {
            let n: usize = vertices
                .parse()
                .ok()
                .filter(|&n| n <= super::colouring::MAX_VERTICES)
                .ok_or_else(|| {
                    GameError::InvalidPosition(format!(
                        "a graph has at most {} vertices",
                        super::colouring::MAX_VERTICES
                    ))
                })?;
            vec![b'.'; n]
        } else {
            vertices
                .chars()
                .map(|c| match c.to_ascii_uppercase() {
                    '.' => Ok(b'.'),
                    'L' | 'B' => Ok(b'L'),
                    'R' => Ok(b'R'),
                    other => Err(GameError::InvalidPosition(format!(
                        "a vertex is '.' (uncoloured), L or B (blue) or R (red), not {other:?}; write VERTICES:EDGES such as '...:0-1 1-2'"
                    ))),
                })
                .collect::<Result<_, _>>()?
        };
        let game = Colouring::parse(variant, colours.len(), edge_text)?;
        let mut edges = Vec::new();
        for item in edge_text.split([' ', ',']).filter(|s| !s.is_empty()) {
            // Colouring::parse has checked every edge.
            if let Some((Ok(u), Ok(v))) = item
                .split_once('-')
                .map(|(u, v)| (u.trim().parse(), v.trim().parse()))
            {
                edges.push((u, v));
            }
        }
        Ok(ColouredGraph {
            game,
            variant,
            colours,
            edges,
        })
    }

    /// The position: who may still colour each uncoloured vertex.
    fn position(&self) -> ColouringPosition {
        let n = self.colours.len();
        let (mut uncoloured, mut left_may, mut right_may) = (0u32, 0u32, 0u32);
        for v in 0..n {
            if self.colours[v] != b'.' {
                continue;
            }
            uncoloured |= 1 << v;
            let neighbour = |colour: u8| {
                self.edges.iter().any(|&(a, b)| {
                    (a == v && self.colours[b] == colour) || (b == v && self.colours[a] == colour)
                })
            };
            // Col: not next to your own colour; Snort: not next to the opponent's.
            let (left_banned, right_banned) = match self.variant {
                Variant::Col => (neighbour(b'L'), neighbour(b'R')),
                Variant::Snort => (neighbour(b'R'), neighbour(b'L')),
            };
            if !left_banned {
                left_may |= 1 << v;
            }
            if !right_banned {
                right_may |= 1 << v;
            }
        }
        ColouringPosition {
            uncoloured,
            left_may,
            right_may,
        }
    }
}

impl std::fmt::Display for ColouredGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let edges: Vec<String> = self.edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
        write!(
            f,
            "{}:{}",
            String::from_utf8_lossy(&self.colours),
            edges.join(" ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(name: &str, position: &str) -> String {
        let mut store = GameStore::new();
        let a = analyze(&mut store, name, position).unwrap();
        store.display(a.value)
    }

    #[test]
    fn values_agree_with_the_theory() {
        // Winning Ways ch. 2: a blue-red-blue string is 1 − 1/2 + 1/4 = 3/4.
        assert_eq!(value("blue-red-hackenbush", "BRB"), "3/4");
        assert_eq!(value("blue-red-hackenbush", "BRB R"), "-1/4");
        assert_eq!(value("blue-red-hackenbush", "0-1:b 1-2:r"), "1/2");
        // Col on one edge is 0, Snort on one edge is ±1 (Winning Ways ch. 2).
        assert_eq!(value("col", "..:0-1"), "0");
        assert_eq!(value("snort", "2:0-1"), "±1");
        assert_eq!(value("col", "L.:0-1"), "-1");
        assert_eq!(value("cutcake", "1x2"), "1");
        assert_eq!(value("clobber", "xo"), "*");
        // Konane .xo.: each player's one jump empties the board: {0|0} = *; xo. = {0|} = 1.
        assert_eq!(value("konane", ".xo."), "*");
        assert_eq!(value("konane", "xo."), "1");
        // T.F: Left to .TF = {|FT.} = {|1} = 0, Right to TF. = {.FT|} = {-1|} = 0: {0|0} = *.
        assert_eq!(value("toads-and-frogs", "T.F"), "*");
    }

    #[test]
    fn every_move_is_written_in_the_input_syntax() {
        let mut store = GameStore::new();
        for entry in ENTRIES {
            let example = entry
                .example
                .split('\'')
                .nth(1)
                .unwrap_or_else(|| entry.example.split_whitespace().last().unwrap());
            let a = analyze(&mut store, entry.name, example).unwrap();
            for m in a.left.iter().chain(a.right.iter()) {
                let again = analyze(&mut store, entry.name, &m.position).unwrap();
                assert_eq!(again.value, m.value, "{} {}", entry.name, m.position);
            }
        }
    }
}
