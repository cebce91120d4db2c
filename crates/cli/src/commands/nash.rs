//! `sprague nash GAME`: Nash equilibria of a strategic-form game, exactly.

use num_rational::BigRational;
use serde_json::{json, Value};
use sprague_strategic::equilibrium::Equilibrium;
use sprague_strategic::input::load_game;
use sprague_strategic::lemke_howson::{lemke_howson, lemke_howson_all_labels, lemke_howson_exact};
use sprague_strategic::nplayer::{nplayer_equilibria, NPlayerEquilibria, NPlayerOptions};
use sprague_strategic::pure::pure_equilibria;
use sprague_strategic::quadratic::QuadraticNumber;
use sprague_strategic::support_enumeration::{
    degeneracy, support_enumeration, DEFAULT_SUPPORT_LIMIT,
};
use sprague_strategic::vertex_enumeration::{all_equilibria, AllEquilibria, EnumerationOptions};
use sprague_strategic::{NormalFormGame, StrategicError};

use super::strategic_text::{header, mixed, rat, rats, table};
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};

/// How to compute equilibria.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Vertex enumeration for two players, support enumeration otherwise.
    Auto,
    /// All extreme equilibria of a two-player game by vertex enumeration, with components.
    Enum,
    /// Support enumeration: all extreme equilibria of a two-player game (supports of any
    /// sizes); with three or more players, the equilibria in which at most two players mix.
    Support,
    /// Pure-strategy equilibria of any n-player game.
    Pure,
    /// One equilibrium of a two-player game by Lemke-Howson (see --label, --all-labels).
    Lh,
}

/// Arguments of `sprague nash`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A Gambit .nfg file, a CSV or JSON matrix file, or a built-in example
    /// (prisoners-dilemma, boxed-pigs, boxed-pigs-modified, battle-of-the-sexes,
    /// matching-pennies, rock-paper-scissors, stag-hunt, von-stengel-degenerate).
    pub game: String,
    /// The method.
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    pub method: Method,
    /// Lemke-Howson: the label to drop, 1..m for the row player's strategies, m+1..m+n for the column player's.
    #[arg(long, default_value_t = 1)]
    pub label: usize,
    /// Lemke-Howson: run from every label and report the distinct equilibria.
    #[arg(long)]
    pub all_labels: bool,
    /// Lemke-Howson: pivot exactly all the way instead of following the path in
    /// floating point and certifying its end point exactly.
    #[arg(long)]
    pub exact_pivoting: bool,
    /// Run exhaustive methods even above their size limit.
    #[arg(long)]
    pub force: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

struct Found {
    method: &'static str,
    equilibria: Vec<Equilibrium>,
    degenerate: Option<bool>,
    /// Whether every extreme equilibrium is listed.
    complete: bool,
    all: Option<AllEquilibria>,
    /// The n-player support enumeration's account of what it searched.
    nplayer: Option<NPlayerEquilibria>,
    note: Option<String>,
}

/// The degeneracy of a two-player game where it can be decided quickly.
fn two_player_degeneracy(game: &NormalFormGame) -> Option<bool> {
    let (a, b) = game.bimatrix().ok()?;
    degeneracy(&a, &b)
}

/// What the n-player support enumeration left out, in words.
fn nplayer_note(found: &NPlayerEquilibria) -> Option<String> {
    let mut parts = Vec::new();
    if found.unsearched_profiles != Default::default() {
        parts.push(format!(
            "equilibria in which four or more players mix, or three with one of them over three or more strategies, are not searched ({} of {} support profiles), so the list may be incomplete",
            found.unsearched_profiles,
            &found.unsearched_profiles + &found.searched_profiles
        ));
    }
    if found.unsolved_profiles > 0 {
        parts.push(format!(
            "in {} support profile(s) with three players mixing the indifference equations have infinitely many solutions; their equilibria are not listed",
            found.unsolved_profiles
        ));
    }
    if !found.irrational.is_empty() {
        parts.push(format!(
            "{} equilibri{} with irrational probabilities cannot be written p/q and {} listed apart, exactly, as a+b*sqrt(r)",
            found.irrational.len(),
            if found.irrational.len() == 1 { "um" } else { "a" },
            if found.irrational.len() == 1 { "is" } else { "are" },
        ));
    }
    if found.curved_sets > 0 {
        parts.push(format!(
            "in {} convex set(s) of equilibria of a two-player game induced by fixing the pure players, the pure players' best-reply conditions cut along a curved surface; only its equilibria on sections through extreme strategies are listed",
            found.curved_sets
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

fn solve(game: &NormalFormGame, args: &Args) -> Result<Found, CliError> {
    let method = match args.method {
        Method::Auto if game.num_players() == 2 => Method::Enum,
        Method::Auto => Method::Support,
        m => m,
    };
    Ok(match method {
        Method::Enum | Method::Auto => {
            let options = EnumerationOptions {
                force: args.force,
                ..Default::default()
            };
            let all = all_equilibria(game, options)?;
            Found {
                method: "vertex enumeration (all extreme equilibria, exact)",
                equilibria: all.equilibria.clone(),
                degenerate: Some(all.degenerate),
                complete: true,
                all: Some(all),
                nplayer: None,
                note: None,
            }
        }
        Method::Support if game.num_players() == 2 => {
            let (a, b) = game.bimatrix()?;
            let limit = if args.force {
                None
            } else {
                Some(DEFAULT_SUPPORT_LIMIT)
            };
            let found = support_enumeration(&a, &b, limit)?;
            Found {
                method: "support enumeration (supports of any sizes, all extreme equilibria, exact)",
                equilibria: found.equilibria,
                degenerate: Some(found.degenerate),
                complete: true,
                all: None,
                nplayer: None,
                note: found.degenerate.then(|| {
                    "in a degenerate game equilibria can form convex sets; the extreme ones are listed (--method enum groups them)".to_string()
                }),
            }
        }
        Method::Support => {
            let options = NPlayerOptions {
                force: args.force,
                ..Default::default()
            };
            let found = nplayer_equilibria(game, options)?;
            Found {
                method: "support enumeration (equilibria in which at most two players mix, as extreme points of convex sets of equilibria, and those in which three mix over two strategies each; exact)",
                equilibria: found.equilibria.clone(),
                degenerate: None,
                complete: found.complete(),
                note: nplayer_note(&found),
                all: None,
                nplayer: Some(found),
            }
        }
        Method::Pure => {
            let equilibria = pure_equilibria(game)
                .into_iter()
                .map(|p| {
                    let strategies = game.pure_as_mixed(&p);
                    let payoffs = (0..game.num_players())
                        .map(|i| game.payoff(&p, i).clone())
                        .collect();
                    Equilibrium {
                        strategies,
                        payoffs,
                    }
                })
                .collect();
            Found {
                method: "pure-strategy equilibria",
                equilibria,
                degenerate: two_player_degeneracy(game),
                complete: false,
                all: None,
                nplayer: None,
                note: Some("pure equilibria only; --method support (or enum for two players) finds mixed ones too".into()),
            }
        }
        Method::Lh => {
            let counts = game.strategy_counts();
            if game.num_players() != 2 {
                return Err(StrategicError::NotTwoPlayer(game.num_players()).into());
            }
            let total = counts[0] + counts[1];
            if args.all_labels {
                let mut equilibria: Vec<Equilibrium> = Vec::new();
                for r in lemke_howson_all_labels(game)? {
                    if !equilibria.contains(&r.equilibrium) {
                        equilibria.push(r.equilibrium);
                    }
                }
                Found {
                    method: "Lemke-Howson from every label (exact results)",
                    equilibria,
                    degenerate: two_player_degeneracy(game),
                    complete: false,
                    all: None,
                    nplayer: None,
                    note: None,
                }
            } else {
                if args.label == 0 || args.label > total {
                    return Err(StrategicError::OutOfRange(format!(
                        "label {} does not exist; labels run from 1 to {total} (1..{} for the row player's strategies, then the column player's)",
                        args.label, counts[0]
                    ))
                    .into());
                }
                let r = if args.exact_pivoting {
                    let (a, b) = game.bimatrix()?;
                    lemke_howson_exact(&a, &b, args.label - 1)?
                } else {
                    lemke_howson(game, args.label - 1)?
                };
                let how = if r.exact_pivoting {
                    "exact lexicographic pivoting"
                } else {
                    "path followed in floating point, end point solved and certified exactly"
                };
                Found {
                    method: "Lemke-Howson (exact result)",
                    equilibria: vec![r.equilibrium],
                    degenerate: two_player_degeneracy(game),
                    complete: false,
                    all: None,
                    nplayer: None,
                    note: Some(format!(
                        "label {} dropped, {} pivots, {how}",
                        args.label, r.pivots
                    )),
                }
            }
        }
    })
}

fn cliques_json(game: &NormalFormGame, all: &AllEquilibria) -> Value {
    let _ = game;
    let cliques: Vec<Value> = all
        .cliques
        .iter()
        .map(|c| {
            json!({
                "row_strategies": c.rows.iter().map(|&r| rats(&all.row_vertices[r])).collect::<Vec<_>>(),
                "column_strategies": c.columns.iter().map(|&k| rats(&all.column_vertices[k])).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!(cliques)
}

/// Finds the equilibria and prints them.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = load_game(&args.game)?;
    let found = solve(&game, args)?;
    match args.format {
        Format::Json => {
            let mut doc = json!({
                "game": game.title(),
                "players": game.players(),
                "strategy_names": game.strategies(),
                "method": found.method,
                "equilibria": found.equilibria.iter().map(|e| json!({
                    "strategies": e.strategies.iter().map(|s| rats(s)).collect::<Vec<_>>(),
                    "payoffs": rats(&e.payoffs),
                })).collect::<Vec<_>>(),
                "degenerate": found.degenerate,
                "complete": found.complete,
            });
            if let Some(n) = &found.nplayer {
                doc["searched_support_profiles"] = json!(n.searched_profiles.to_string());
                doc["unsearched_support_profiles"] = json!(n.unsearched_profiles.to_string());
                doc["curved_sets"] = json!(n.curved_sets);
                doc["unsolved_support_profiles"] = json!(n.unsolved_profiles);
                doc["irrational_equilibria"] = json!(n
                    .irrational
                    .iter()
                    .map(|e| json!({
                        "strategies": e.strategies.iter().map(|s| words(s)).collect::<Vec<_>>(),
                        "payoffs": words(&e.payoffs),
                    }))
                    .collect::<Vec<_>>());
            }
            if let Some(note) = &found.note {
                doc["note"] = json!(note);
            }
            if let Some(all) = &found.all {
                doc["cliques"] = cliques_json(&game, all);
                doc["components"] = json!(all.components);
            }
            print_json(&doc)
        }
        Format::Csv => {
            let mut rows = Vec::new();
            let mut head: Vec<String> = Vec::new();
            for (p, names) in game.players().iter().zip(game.strategies()) {
                for s in names {
                    head.push(format!("{p}:{s}"));
                }
            }
            for p in game.players() {
                head.push(format!("payoff:{p}"));
            }
            rows.push(head.join(","));
            for e in &found.equilibria {
                let mut cells: Vec<String> = e.strategies.iter().flat_map(|s| rats(s)).collect();
                cells.extend(rats(&e.payoffs));
                rows.push(cells.join(","));
            }
            for e in found.nplayer.iter().flat_map(|n| &n.irrational) {
                let mut cells: Vec<String> = e.strategies.iter().flat_map(|s| words(s)).collect();
                cells.extend(words(&e.payoffs));
                rows.push(cells.join(","));
            }
            print_text(&(rows.join("\n") + "\n"))
        }
        Format::Text => print_text(&text(&game, &found)),
    }
}

fn text(game: &NormalFormGame, found: &Found) -> String {
    let mut out = header(game);
    out.push_str(&format!("Method: {}\n\n", found.method));
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut head = vec!["#".to_string()];
    head.extend(game.players().iter().cloned());
    head.push("Payoffs".into());
    rows.push(head);
    for (k, e) in found.equilibria.iter().enumerate() {
        let mut row = vec![(k + 1).to_string()];
        for (s, names) in e.strategies.iter().zip(game.strategies()) {
            row.push(mixed(names, s));
        }
        row.push(e.payoffs.iter().map(rat).collect::<Vec<_>>().join(", "));
        rows.push(row);
    }
    if found.equilibria.is_empty() {
        out.push_str("No equilibrium found.\n");
    } else {
        out.push_str(&table(&rows));
    }
    let count = found.equilibria.len();
    let noun = if count == 1 {
        "equilibrium"
    } else {
        "equilibria"
    };
    let kind = if found.complete && found.nplayer.is_none() {
        "extreme "
    } else {
        ""
    };
    let rational = if found.nplayer.iter().any(|n| !n.irrational.is_empty()) {
        " with rational probabilities"
    } else {
        ""
    };
    out.push_str(&format!("\n{count} {kind}{noun}{rational}"));
    match found.degenerate {
        Some(true) => out.push_str("; the game is degenerate.\n"),
        Some(false) => out.push_str("; the game is nondegenerate.\n"),
        None => out.push_str(".\n"),
    }
    if let Some(all) = &found.all {
        if all.degenerate || all.cliques.len() != count {
            out.push_str("\nMaximal convex sets of equilibria (cliques): every mixture of the listed\nrow strategies with every mixture of the listed column strategies is an equilibrium.\n");
            for (k, c) in all.cliques.iter().enumerate() {
                let xs: Vec<String> = c
                    .rows
                    .iter()
                    .map(|&r| format!("[{}]", mixed(&game.strategies()[0], &all.row_vertices[r])))
                    .collect();
                let ys: Vec<String> = c
                    .columns
                    .iter()
                    .map(|&r| {
                        format!(
                            "[{}]",
                            mixed(&game.strategies()[1], &all.column_vertices[r])
                        )
                    })
                    .collect();
                out.push_str(&format!(
                    "  Clique {}: {} in conv{{{}}}, {} in conv{{{}}}\n",
                    k + 1,
                    game.players()[0],
                    xs.join(", "),
                    game.players()[1],
                    ys.join(", ")
                ));
            }
            let comps: Vec<String> = all
                .components
                .iter()
                .map(|c| {
                    format!(
                        "{{{}}}",
                        c.iter()
                            .map(|k| (k + 1).to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
                .collect();
            out.push_str(&format!(
                "Connected components (by clique): {}\n",
                comps.join(" ")
            ));
        }
    }
    if let Some(n) = &found.nplayer {
        if !n.irrational.is_empty() {
            out.push_str("\nEquilibria with irrational probabilities (exact, a+b*sqrt(r)):\n");
            let mut rows = vec![rows[0].clone()];
            for (k, e) in n.irrational.iter().enumerate() {
                let mut row = vec![(count + k + 1).to_string()];
                for (s, names) in e.strategies.iter().zip(game.strategies()) {
                    let one = QuadraticNumber::from(BigRational::from_integer(1.into()));
                    let parts: Vec<String> = s
                        .iter()
                        .zip(names)
                        .filter(|(p, _)| !p.is_zero())
                        .map(|(p, name)| {
                            if *p == one {
                                name.clone()
                            } else {
                                format!("{name} ({p})")
                            }
                        })
                        .collect();
                    row.push(parts.join(", "));
                }
                row.push(words(&e.payoffs).join(", "));
                rows.push(row);
            }
            out.push_str(&table(&rows));
        }
        if n.complete() {
            out.push_str("Every support profile was searched: the list is complete.\n");
        }
    }
    if let Some(note) = &found.note {
        out.push_str(&format!("Note: {note}.\n"));
    }
    out
}

/// Exact numbers as strings (`p/q`, or `a+b*sqrt(r)` when irrational).
fn words(v: &[QuadraticNumber]) -> Vec<String> {
    v.iter().map(ToString::to_string).collect()
}
