//! Partizan rulesets in `sprague analyze` and `sprague games`: Domineering,
//! Blue-Red Hackenbush, Toads and Frogs, Clobber, Konane, Cutcake, Col and Snort, read
//! and solved by `sprague_partizan::rules::catalogue`. `analyze` tries them by
//! name before the impartial catalogue, so every impartial game behaves as
//! before; `hackenbush` stays Green Hackenbush unless its position is written
//! in colours (`BRB`, `0-1:b`), which Green Hackenbush never accepts.

use sprague_partizan::report::{self, PartizanRecord};
use sprague_partizan::rules::catalogue::{self, Analysis, Entry, Move};
use sprague_partizan::rules::domineering::{Board, Domineering};
use sprague_partizan::rules::domineering_outcome::{self, OutcomeRecord};
use sprague_partizan::rules::play::{self, Side};
use sprague_partizan::GameStore;

use crate::commands::cgt::{computing, sentence};
use crate::commands::play::Screen;
use crate::error::CliError;
use crate::output::{print_json, print_text, Style};
use crate::progress::Progress;

/// The partizan ruleset a game name and position ask for, if any (the library's rule).
pub fn requested(game: &str, position: &[String]) -> Option<&'static Entry> {
    report::requested(game, position)
}

/// Reads and analyses a position of a partizan ruleset, counting the regions solved on
/// stderr (a spinner when stderr is a terminal; plain lines with `progress`): 5×6
/// Domineering takes seconds and 356,382 regions. `stop` is asked before each region (Ctrl-C's
/// flag, a time budget): `true` ends the search with [`CliError::Stopped`].
pub fn analysis(
    store: &mut GameStore,
    entry: &'static Entry,
    position: &[String],
    progress: bool,
    stop: &dyn Fn() -> bool,
) -> Result<Analysis, CliError> {
    let text = report::position_text(entry, position).map_err(|error| {
        CliError::Usage(
            sentence(&error)
                .trim_start_matches("invalid position: ")
                .to_string(),
        )
    })?;
    let bar = Progress::new(progress, None, "regions");
    let regions = std::sync::atomic::AtomicU64::new(0);
    let count = || {
        let done = regions.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if done.is_multiple_of(256) {
            bar.update(done, None, &String::new);
        }
        stop()
    };
    let analysed = catalogue::analyze_until(store, entry.name, &text, &count);
    if analysed.is_ok() {
        bar.finish_counted(regions.load(std::sync::atomic::Ordering::Relaxed));
    } else {
        bar.finish();
    }
    analysed.map_err(|error| match error {
        sprague_partizan::GameError::InvalidPosition(_) | sprague_partizan::GameError::Parse(_) => {
            CliError::Usage(format!(
                "'{}' is not a {} position: {}",
                sprague_textfile::quote::quoted(&text),
                entry.name,
                sentence(&error).trim_start_matches("invalid position: ")
            ))
        }
        too_large @ sprague_partizan::GameError::TooLarge { .. } => CliError::Usage(format!(
            "'{}' is too large to solve exactly: {}",
            sprague_textfile::quote::quoted(&text),
            sentence(&too_large)
        )),
        sprague_partizan::GameError::Stopped => CliError::Stopped,
        other => computing(other),
    })
}

/// `sprague analyze`'s text for a ruleset: the library's record as sentences.
trait PartizanText {
    fn text(&self, entry: &Entry) -> String;
}

impl PartizanText for PartizanRecord {
    fn text(&self, entry: &Entry) -> String {
        let mut text = format!(
            "{}, position {}\n\n",
            title(entry.name),
            if self.position.is_empty() {
                "(empty)"
            } else {
                &self.position
            }
        );
        text.push_str(&format!("Value: {}\n", self.canonical_form));
        text.push_str(&format!(
            "Outcome: {} — {}.\n",
            self.outcome, self.outcome_explanation
        ));
        text.push_str(&format!(
            "Mean {}, temperature {}.\n",
            self.mean, self.temperature
        ));
        for (player, total, moves) in [
            ("Left", self.left_moves, &self.left_winning_moves),
            ("Right", self.right_moves, &self.right_winning_moves),
        ] {
            let plural = if total == 1 { "move" } else { "moves" };
            if moves.is_empty() {
                text.push_str(&format!(
                    "\n{player} ({total} {plural}): no winning move{}.\n",
                    if total == 0 {
                        ""
                    } else {
                        ", every move leaves a position the opponent wins moving first"
                    }
                ));
                continue;
            }
            text.push_str(&format!(
                "\n{player} ({total} {plural}), winning moves ({}):\n",
                moves.len()
            ));
            let width = moves
                .iter()
                .map(|m| m.notation.chars().count())
                .max()
                .unwrap_or(0);
            for m in moves {
                let pad = width - m.notation.chars().count();
                text.push_str(&format!(
                    "  {}{}  {}  →  {}  (value {})\n",
                    m.notation,
                    " ".repeat(pad),
                    m.description,
                    if m.to.is_empty() { "(empty)" } else { &m.to },
                    m.value
                ));
            }
        }
        text
    }
}

/// The ruleset's name as a title: `toads-and-frogs` → `Toads and Frogs`.
pub fn title(name: &str) -> String {
    report::title(name)
}

/// `sprague analyze` of a partizan ruleset.
pub fn run_analyze(
    entry: &'static Entry,
    position: &[String],
    format: Style,
    progress: bool,
) -> Result<(), CliError> {
    if let Some(board) = large_domineering(entry, position) {
        return run_outcome(&board, format, progress, false);
    }
    let mut store = GameStore::new();
    let ctrl_c = crate::interrupt::ctrl_c_flag();
    let interrupted = || ctrl_c.load(std::sync::atomic::Ordering::SeqCst);
    // A Domineering board whose canonical form takes more than the budget gets its outcome by
    // search instead (the library's rule, `domineering_outcome::CANONICAL_BUDGET`).
    let board = (entry.name == "domineering")
        .then(|| report::position_text(entry, position).ok())
        .flatten()
        .and_then(|text| Domineering::parse(&text).ok());
    let started = std::time::Instant::now();
    let out_of_time =
        || board.is_some() && started.elapsed() > domineering_outcome::CANONICAL_BUDGET;
    let a = match analysis(&mut store, entry, position, progress, &|| {
        interrupted() || out_of_time()
    }) {
        Err(CliError::Stopped) if !interrupted() => match &board {
            Some(board) => return run_outcome(board, format, progress, true),
            None => return Err(CliError::Stopped),
        },
        other => other?,
    };
    let record = PartizanRecord::new(&mut store, &a).map_err(computing)?;
    match format {
        Style::Json => print_json(&record),
        Style::Text => print_text(&record.text(entry)),
    }
}

/// A Domineering board too large for its canonical form (the library's rule,
/// `domineering_outcome::beyond_canonical`), if that is what is asked.
fn large_domineering(entry: &Entry, position: &[String]) -> Option<Board> {
    let text = report::position_text(entry, position).ok()?;
    domineering_outcome::large_board(entry.name, &text)
}

/// `sprague analyze domineering BOARD` beyond the canonical form: the outcome class by
/// search (progress on stderr when it is a terminal or with `--progress`; Ctrl-C stops
/// with 130), and the winning moves if they are found within two seconds.
fn run_outcome(
    board: &Board,
    format: Style,
    progress: bool,
    out_of_time: bool,
) -> Result<(), CliError> {
    let stop = crate::interrupt::ctrl_c_flag();
    let bar = Progress::new(progress, None, "nodes");
    let record = if out_of_time {
        domineering_outcome::canonical_out_of_time
    } else {
        domineering_outcome::outcome_record
    };
    let record = record(
        board,
        &mut |nodes| {
            bar.update(nodes, None, &String::new);
            if stop.load(std::sync::atomic::Ordering::SeqCst) {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        },
        std::time::Duration::from_secs(2),
    )
    .map_err(|error| match error {
        sprague_partizan::GameError::Stopped => CliError::Stopped,
        other => computing(other),
    })?;
    bar.finish();
    match format {
        Style::Json => print_json(&record),
        Style::Text => print_text(&outcome_text(&record)),
    }
}

/// The text of an outcome found by search.
fn outcome_text(record: &OutcomeRecord) -> String {
    let empty = record.position.chars().filter(|&c| c == '.').count();
    let why = if empty > domineering_outcome::CANONICAL_SQUARES {
        format!(
            "{empty} empty squares; canonical forms are computed up to {}",
            domineering_outcome::CANONICAL_SQUARES
        )
    } else {
        format!(
            "not found within {} s",
            domineering_outcome::CANONICAL_BUDGET.as_secs()
        )
    };
    let mut text = format!(
        "Domineering, position {}\n\nValue: not computed ({why} — the outcome is found by \
         alpha-beta search instead).\n",
        record.position
    );
    text.push_str(&format!(
        "Outcome: {} — {}.\n",
        record.outcome, record.outcome_explanation
    ));
    let says = |wins: bool| if wins { "wins" } else { "loses" };
    text.push_str(&format!(
        "Left moving first {}, Right moving first {} ({} nodes, {:.2} s).\n",
        says(record.left_first_wins),
        says(record.right_first_wins),
        record.nodes,
        record.seconds
    ));
    for (player, moves) in [
        ("Left", &record.left_winning_moves),
        ("Right", &record.right_winning_moves),
    ] {
        match moves {
            None => text.push_str(&format!(
                "\n{player}: winning moves not listed (skipped).\n"
            )),
            Some(moves) if moves.is_empty() => {
                text.push_str(&format!("\n{player}: no winning move.\n"))
            }
            Some(moves) => {
                text.push_str(&format!("\n{player}, winning moves ({}):\n", moves.len()));
                for m in moves {
                    text.push_str(&format!("  {:<6} →  {}\n", m.notation, m.to));
                }
            }
        }
    }
    if let Some(skipped) = &record.skipped {
        text.push_str(&format!("\nSkipped: {skipped}.\n"));
    }
    text
}

/// Which player you are in a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Player {
    /// Left (vertical dominoes, blue, toads, x).
    #[default]
    Left,
    /// Right (horizontal dominoes, red, frogs, o).
    Right,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Left => "Left",
            Player::Right => "Right",
        }
    }

    fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// The position drawn: a board's rows one per line, anything else as written.
fn drawn(position: &str) -> String {
    if position.is_empty() {
        return "  (empty)".to_string();
    }
    position
        .split('|')
        .map(|row| format!("  {row}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The computer's choice (the library's rule, `rules::play::best_move`).
fn best_move(store: &mut GameStore, moves: &[Move], player: Player) -> usize {
    let side = match player {
        Player::Left => Side::Left,
        Player::Right => Side::Right,
    };
    play::best_move(store, moves, side).unwrap_or(0)
}

/// `sprague play RULESET POSITION` against the perfect opponent: you play `you`; the
/// player with no move on their turn loses (normal play).
pub fn run_play(
    entry: &'static Entry,
    position: &[String],
    you: Player,
    you_first: bool,
    format: Style,
) -> Result<(), CliError> {
    use std::io::{BufRead, IsTerminal, Write};
    let mut store = GameStore::new();
    // Play reads the terminal: Ctrl-C keeps its immediate exit, so no stop flag here.
    let mut a = analysis(&mut store, entry, position, false, &|| false)?;
    let stdin = std::io::stdin();
    let screen = Screen {
        json: format == Style::Json,
        echo: !stdin.is_terminal(),
    };
    let mut lines = stdin.lock().lines();
    let mut mover = if you_first { you } else { you.other() };
    screen.say(&format!(
        "{} — you ({}) against the computer ({}); {}.",
        title(entry.name),
        you.name(),
        you.other().name(),
        entry.rule
    ))?;
    screen.say(&format!("Moves are written {}.", entry.moves))?;
    let value = store.display(a.value);
    screen.object(&serde_json::json!({
        "turn": 0, "game": entry.name, "position": a.position, "canonical_form": value,
        "outcome": store.outcome(a.value).to_string(), "you": you.name(),
        "first": if you_first { "you" } else { "computer" },
    }))?;
    let mut turn = 0usize;
    let mut arrived = true;
    loop {
        let moves = if mover == Player::Left {
            a.left.clone()
        } else {
            a.right.clone()
        };
        if arrived {
            arrived = false;
            let value = store.display(a.value);
            screen.say(&format!(
                "\n{}\n  position: {}   (value {value}; {} to move)",
                drawn(&a.position),
                a.position,
                if mover == you { "you" } else { "computer" }
            ))?;
        }
        if moves.is_empty() {
            let (winner, sentence) = if mover == you {
                ("computer", "You have no move: the computer wins.")
            } else {
                ("you", "The computer has no move: you win.")
            };
            screen.say(sentence)?;
            screen.object(&serde_json::json!({ "result": "won", "winner": winner }))?;
            return Ok(());
        }
        let chosen = if mover == you {
            if !screen.json {
                let mut out = std::io::stdout().lock();
                write!(out, "your move (or moves, hint, quit, help)> ")?;
                out.flush()?;
            }
            let Some(line) = lines.next() else {
                screen.say("")?;
                return Err(CliError::Usage(
                    "the input ended before the game did (type quit to stop a game)".to_string(),
                ));
            };
            let line = line?;
            let typed = line.trim();
            if screen.echo {
                screen.say(&sprague_textfile::quote::quoted(typed))?;
            }
            match typed.to_lowercase().as_str() {
                "" => continue,
                "quit" | "q" | "resign" => {
                    screen.say("You resigned: the computer wins.")?;
                    screen.object(
                        &serde_json::json!({ "result": "resigned", "winner": "computer" }),
                    )?;
                    return Ok(());
                }
                "help" | "?" => {
                    screen.say(&format!(
                        "Type a move ({}), #N for the N-th of `moves`, or: moves, hint, quit.",
                        entry.moves
                    ))?;
                    continue;
                }
                "moves" => {
                    for (index, m) in moves.iter().enumerate() {
                        let value = store.display(m.value);
                        screen.say(&format!(
                            "  #{:<3} {:<8} {}  →  {}  (value {value}){}",
                            index + 1,
                            m.notation,
                            m.description,
                            m.position,
                            if m.winning { "  ✓ wins" } else { "" }
                        ))?;
                    }
                    let notations: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
                    screen.object(&serde_json::json!({ "moves": notations }))?;
                    continue;
                }
                "hint" => {
                    let best = &moves[best_move(&mut store, &moves, mover)];
                    screen.say(&format!(
                        "hint: {}  ({}){}",
                        best.notation,
                        best.description,
                        if best.winning {
                            ""
                        } else {
                            " — no move wins against perfect play"
                        }
                    ))?;
                    screen.object(&serde_json::json!({ "hint": best.notation }))?;
                    continue;
                }
                _ => {}
            }
            let found = play::find_move(&moves, typed);
            match found {
                Some(index) => index,
                None => {
                    let message = format!(
                        "'{}' is not a move of {} here: type moves to list them ({})",
                        sprague_textfile::quote::quoted(typed),
                        you.name(),
                        entry.moves
                    );
                    screen.say(&message)?;
                    screen.object(&serde_json::json!({ "error": message }))?;
                    continue;
                }
            }
        } else {
            best_move(&mut store, &moves, mover)
        };
        let played = moves[chosen].clone();
        turn += 1;
        let value = store.display(played.value);
        let who = if mover == you { "you" } else { "computer" };
        let reason = if mover == you {
            String::new()
        } else if played.winning {
            format!(
                " — it leaves {value}, which {} wins moving second",
                mover.name()
            )
        } else {
            format!(" — no move wins; it leaves {value}")
        };
        screen.say(&format!(
            "{who}: {}  ({}){reason}",
            played.notation, played.description
        ))?;
        screen.object(&serde_json::json!({
            "turn": turn, "player": who, "side": mover.name(), "move": played.notation,
            "description": played.description, "to": played.position, "value": value,
            "winning": played.winning,
        }))?;
        a = catalogue::analyze(&mut store, entry.name, &played.position).map_err(computing)?;
        mover = mover.other();
        arrived = true;
    }
}
