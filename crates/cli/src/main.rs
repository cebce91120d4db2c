//! The `sprague` command line: a thin front end over the sprague library crates.
//!
//! Every subcommand lives in its own module under `commands/`, parses its
//! arguments with clap, calls the libraries and formats the answer as text,
//! JSON or CSV. Errors become one sentence on stderr and an exit code:
//! 0 success, 1 failure, 2 usage (bad input); the input an error quotes is shortened and
//! escaped (`sprague_textfile::quoted` where it is quoted, and
//! `sprague_textfile::quote::bounded_message` over every message as the last guard).

mod commands;
mod error;
mod graph_svg;
mod interrupt;
mod output;
mod progress;
mod quotient_disk;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::CliError;

/// Command-line arguments of `sprague`.
#[derive(Debug, Parser)]
#[command(
    name = "sprague",
    version,
    about = "Fast, exact game theory: Sprague-Grundy values, outcomes, winning moves, nim arithmetic."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands; each variant's arguments live in its module.
#[derive(Debug, Subcommand)]
enum Command {
    /// List every game in one line each, or describe one game in full (`sprague games kayles`).
    Games(commands::games::Args),
    /// Value, outcome and every winning move of a position.
    Analyze(commands::analyze::Args),
    /// Every legal move of a position, the value and outcome after it, and why (the mex).
    Moves(commands::moves::Args),
    /// Play a game in the terminal against a perfect opponent.
    ///
    /// The game ends when the player to move has no move. In games with cycles (a cyclic
    /// digraph:GRAPH, where the generalized Sprague–Grundy function marks D-positions: neither
    /// player can force a win) a position that comes back a third time with the same player to
    /// move is a draw (threefold repetition; the tokens or components may be listed in any
    /// order), and so is a game longer than 10,000 moves. When standard input ends before the
    /// game does, play stops with exit code 2.
    Play(commands::play::Args),
    /// Sprague–Grundy values g(0..=N) of a one-heap game, with the period found.
    Values(commands::values::Args),
    /// The table g(a, b) of a two-heap game (Wythoff's game).
    Table(commands::table::Args),
    /// The game graph from a position (Graphviz DOT with --dot, SVG with --svg), values and winning moves marked.
    Graph(commands::graph::Args),
    /// Misère quotient of an octal or hexadecimal game (Plambeck–Siegel): presentation, P-portion, heap map, proof.
    Quotient(commands::quotient::Args),
    /// Every octal code of a shape (0.??, 4.???), classified: period, preperiod, largest value.
    Survey(commands::survey::Args),
    /// SVG plot of g(n) of a one-heap game (rare values or P-positions highlighted), or the rare-value count.
    Plot(commands::plot::Args),
    /// Partizan game calculator: canonical form, outcome, stops, mean, temperature, thermograph, atomic weight.
    Cgt(commands::cgt::Args),
    /// Nim arithmetic calculator: nim-sum (+), nim-product (*), powers, inverses, square roots.
    Nimber(commands::nimber::Args),
    /// Nash equilibria of a strategic-form game (all, exactly, or one by Lemke-Howson).
    Nash(commands::nash::Args),
    /// Value and optimal strategies of a two-player zero-sum game, exactly.
    Zerosum(commands::zerosum::Args),
    /// Dominated strategies and their iterated elimination.
    Dominance(commands::dominance::Args),
    /// Evolutionary and learning dynamics: replicator, rest points, ESS, fictitious play, best response, regret matching, Moran.
    Dynamics(commands::dynamics::Args),
    /// Perfect-information game trees: backward induction; the repeated prisoner's dilemma.
    Tree(commands::tree::Args),
    /// Iterated prisoner's dilemma: matches, tournaments, Moran process, strategies.
    Ipd(commands::ipd::Args),
    /// Cooperative (TU) games: Shapley value, Banzhaf index, core, least core, nucleolus.
    Coop(commands::coop::Args),
    /// The web playground and its JSON API on http://127.0.0.1:8080/ (Ctrl-C stops it).
    Serve(commands::serve::Args),
    /// Shell completion script on stdout: `source <(sprague completions bash)`.
    Completions(commands::completions::Args),
    /// The man page in roff on stdout (`sprague manpage > sprague.1; man ./sprague.1`).
    Manpage(commands::manpage::Args),
}

fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Games(args) => commands::games::run(&args),
        Command::Analyze(args) => commands::analyze::run(&args),
        Command::Moves(args) => commands::moves::run(&args),
        Command::Play(args) => commands::play::run(&args),
        Command::Values(args) => commands::values::run(&args),
        Command::Table(args) => commands::table::run(&args),
        Command::Graph(args) => commands::graph::run(&args),
        Command::Quotient(args) => commands::quotient::run(&args),
        Command::Survey(args) => commands::survey::run(&args),
        Command::Plot(args) => commands::plot::run(&args),
        Command::Cgt(args) => commands::cgt::run(&args),
        Command::Nimber(args) => commands::nimber::run(&args),
        Command::Nash(args) => commands::nash::run(&args),
        Command::Zerosum(args) => commands::zerosum::run(&args),
        Command::Dominance(args) => commands::dominance::run(&args),
        Command::Dynamics(args) => commands::dynamics::run(&args),
        Command::Tree(args) => commands::tree::run(&args),
        Command::Ipd(args) => commands::ipd::run(&args),
        Command::Coop(args) => commands::coop::run(&args),
        Command::Serve(args) => commands::serve::run(&args),
        Command::Completions(args) => commands::completions::run(&args),
        Command::Manpage(args) => commands::manpage::run(&args),
    }
}

/// The one sentence for a position word that clap read as an unknown option because it
/// starts with '-' (`-1,2`, `-3x4`): plain negative numbers are accepted as positions (and
/// refused by the game), other words starting with '-' and a digit get this sentence instead
/// of clap's usage text.
fn negative_position(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(word)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    let rest = word.strip_prefix('-')?;
    if !rest.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    // clap names the part it read as a short option (`-1` of `-1,2`): quote the whole word.
    let typed = std::env::args()
        .skip(1)
        .find(|arg| arg.starts_with(word.as_str()))
        .unwrap_or_else(|| word.clone());
    Some(format!(
        "'{}' is not a position: positions hold no negative numbers (a word starting with '-' \
         is read as an option; write it after -- to have the game say why)",
        sprague_textfile::quote::quoted(&typed)
    ))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if error.use_stderr() => {
            if let Some(text) = negative_position(&error) {
                let _ = writeln!(std::io::stderr(), "error: {text}");
                return ExitCode::from(2);
            }
            // A usage error may echo a value as given (30 KB, control characters): bounded.
            // Nothing more can be done if stderr is closed.
            let text = sprague_textfile::quote::bounded_message(&error.render().to_string());
            let _ = write!(std::io::stderr(), "{text}");
            return ExitCode::from(2);
        }
        Err(help) => {
            // Help or the version, on stdout; nothing more can be done if it is closed.
            let _ = help.print();
            return ExitCode::SUCCESS;
        }
    };
    if !matches!(cli.command, Command::Serve(_)) {
        interrupt::install();
    }
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            // Every error passes the last guard on echoed input (escaped, lines bounded).
            eprintln!(
                "{}",
                sprague_textfile::quote::bounded_message(&format!("error: {error}"))
            );
            ExitCode::from(error.exit_code())
        }
    }
}
