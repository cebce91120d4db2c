//! `sprague nash GAME`: Nash equilibria of a strategic-form game, exactly.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use num_rational::BigRational;
use sprague_strategic::extensive::input::load_extensive;
use sprague_strategic::extensive::reduced::reduced_normal_form;
use sprague_strategic::extensive::report::{solve_extensive_nash, ExtensiveMethod};
use sprague_strategic::extensive::sequences::Sequences;
use sprague_strategic::extensive::ExtensiveGame;
use sprague_strategic::input::load_game;
use sprague_strategic::quadratic::QuadraticNumber;
use sprague_strategic::report::{nash_report, solve_nash, NashFound, NashMethod, NashOptions};
use sprague_strategic::stop::{StopCheck, POLL_EVERY};
use sprague_strategic::NormalFormGame;

use super::extensive_text;
use super::strategic_text::{header, mixed, rat, rats, table};
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};
use crate::progress::Progress;

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
    /// Extensive games (.efg): one equilibrium by Lemke's algorithm on the sequence form
    /// (the default for two players); the other methods run on the reduced strategic form.
    Seqform,
}

/// Arguments of `sprague nash`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A Gambit .nfg or .efg file, a CSV or JSON matrix file, or a built-in example
    /// (kuhn-poker, beer-quiche, prisoners-dilemma, boxed-pigs, boxed-pigs-modified, battle-of-the-sexes,
    /// matching-pennies, rock-paper-scissors, stag-hunt, hawk-dove, von-stengel-degenerate).
    pub game: String,
    /// The method.
    #[arg(long, value_enum)]
    pub method: Option<Method>,
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
    /// Show progress on stderr (the solver's steps so far) even when it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

impl Method {
    /// The library's method.
    fn library(self) -> NashMethod {
        match self {
            Method::Auto | Method::Seqform => NashMethod::Auto,
            Method::Enum => NashMethod::Enum,
            Method::Support => NashMethod::Support,
            Method::Pure => NashMethod::Pure,
            Method::Lh => NashMethod::LemkeHowson,
        }
    }
}

/// The stop check of the solvers, which they ask every [`POLL_EVERY`] steps (a pivot, a
/// support pair, a basis): the Ctrl-C flag, and the steps so far on the progress line.
fn counted_check<'a>(
    interrupted: &'a AtomicBool,
    bar: &'a Progress,
) -> impl Fn() -> bool + Sync + 'a {
    let asked = AtomicU64::new(0);
    move || {
        let steps = (asked.fetch_add(1, Ordering::Relaxed) + 1) * u64::from(POLL_EVERY);
        bar.update(steps, None, &String::new);
        interrupted.load(Ordering::Relaxed)
    }
}

/// Finds the equilibria and prints them.
pub fn run(args: &Args) -> Result<(), CliError> {
    let method = args.method.unwrap_or(Method::Auto);
    let game =
        match load_extensive(&args.game)? {
            // Without perfect recall behaviour strategies are not enough (Kuhn
            // 1953): the strategic-form methods answer on the reduced form.
            Some(tree) if method != Method::Seqform && Sequences::new(&tree).is_err() => {
                reduced_normal_form(&tree)?
            }
            Some(tree) => return run_extensive(args, &tree),
            None if method == Method::Seqform => return Err(CliError::Usage(
                "--method seqform needs an extensive game (a .efg file or kuhn-poker, beer-quiche)"
                    .into(),
            )),
            None => load_game(&args.game)?,
        };
    let interrupted = crate::interrupt::ctrl_c_flag();
    let bar = Progress::new(args.progress, None, "steps");
    let check = counted_check(&interrupted, &bar);
    let options = NashOptions {
        method: method.library(),
        label: args.label,
        all_labels: args.all_labels,
        exact_pivoting: args.exact_pivoting,
        force: args.force,
        stop: StopCheck::new(&check),
    };
    let found = solve_nash(&game, &options)?;
    bar.finish();
    match args.format {
        Format::Json => print_json(&serde_json::to_value(nash_report(&game, &found))?),
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

/// An extensive game: Lemke on the sequence form (two players, by default)
/// or a normal-form method on the reduced strategic form.
fn run_extensive(args: &Args, tree: &ExtensiveGame) -> Result<(), CliError> {
    let default = if tree.num_players() == 2 {
        Method::Seqform
    } else {
        Method::Auto
    };
    let interrupted = crate::interrupt::ctrl_c_flag();
    let bar = Progress::new(args.progress, None, "steps");
    let check = counted_check(&interrupted, &bar);
    let method = match args.method.unwrap_or(default) {
        Method::Seqform => ExtensiveMethod::SequenceForm,
        other => ExtensiveMethod::Reduced(NashOptions {
            method: other.library(),
            label: args.label,
            all_labels: args.all_labels,
            exact_pivoting: args.exact_pivoting,
            force: args.force,
            stop: StopCheck::new(&check),
        }),
    };
    let report = solve_extensive_nash(tree, &method)?;
    bar.finish();
    match args.format {
        Format::Json => print_json(&serde_json::to_value(&report)?),
        Format::Csv => Err(extensive_text::no_csv()),
        Format::Text => {
            let mut out = extensive_text::header(tree);
            out.push_str(&format!("Method: {}\n\n", report.method));
            for (k, e) in report.equilibria.iter().enumerate() {
                out.push_str(&format!("Equilibrium {}\n", k + 1));
                out.push_str(&extensive_text::behaviour(e));
            }
            if report.equilibria.is_empty() && report.irrational_equilibria.is_empty() {
                out.push_str("No equilibrium found.\n");
            }
            if !report.irrational_equilibria.is_empty() {
                out.push_str(
                    "Equilibria with irrational probabilities (exact, a+b*sqrt(r)), as mixed strategies of the reduced strategic form:\n",
                );
                for (k, e) in report.irrational_equilibria.iter().enumerate() {
                    out.push_str(&format!("Irrational equilibrium {}\n", k + 1));
                    for ((player, strategies), payoff) in
                        report.players.iter().zip(&e.strategies).zip(&e.payoffs)
                    {
                        let mixed: Vec<String> = strategies
                            .iter()
                            .map(|s| format!("{} {}", s.strategy, s.probability))
                            .collect();
                        out.push_str(&format!(
                            "  {player}: {} (payoff {payoff})\n",
                            mixed.join(", ")
                        ));
                    }
                }
            }
            if let Some(note) = &report.note {
                out.push_str(&format!("\nNote: {note}.\n"));
            }
            print_text(&out)
        }
    }
}

fn text(game: &NormalFormGame, found: &NashFound) -> String {
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
