//! `sprague play GAME POSITION...`: a game in the terminal against the
//! perfect opponent of [`sprague_games::play::perfect_reply`].
//!
//! Each turn the position is drawn in text; the player types a move in the
//! game's notation (or `moves`, `hint`, `why`, `undo`, `quit`, `help`); an
//! illegal line gets one sentence and the prompt again. The computer's moves
//! come with their reason. When standard input is not a terminal, one move is
//! read per line (scriptable, and each line is echoed after the prompt);
//! `--format json` prints one JSON object per line and turn instead.
//!
//! The game ends when the player to move has no move; the winner is named
//! from the final position's analysis (so misère, win/lose/tie and loopy
//! rules all count as their games define). A loopy game whose position
//! comes back a third time with the same player to move is a draw (as in
//! chess's threefold repetition; positions are compared as multisets of their
//! components, so `a b` and `b a` are one position of tokens on a digraph),
//! and so is a game longer than [`MAX_PLIES`] moves.

use std::io::{BufRead, IsTerminal, Write};

use sprague_games::play::{explain, options, perfect_reply, perfect_reply_choosing};
use sprague_games::record::{game_over, reply_pick, Side, TurnRecord};
use sprague_games::{parse_game, PlayableGame, Position};

use crate::error::CliError;
use crate::output::Style;

/// Who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum First {
    /// You move first.
    #[default]
    Me,
    /// The computer moves first.
    Computer,
}

/// Arguments of `sprague play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. nim, chomp, wythoff, sos, digraph:GRAPH (see `sprague games`).
    pub game: String,
    /// The starting position, e.g. heap sizes: 3 4 5.
    #[arg(allow_negative_numbers = true)]
    pub position: Vec<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    pub first: First,
    /// Misère play: the player who cannot move wins (same as the game misere:GAME).
    #[arg(long)]
    pub misere: bool,
    /// Varies the computer's choice among equally good moves (the same seed plays the same game).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Your side in a partizan game (domineering, blue-red-hackenbush, toads-and-frogs,
    /// clobber, konane, cutcake, col, snort): Left or Right; the computer plays the other.
    #[arg(long, value_enum)]
    pub side: Option<super::partizan::Player>,
    /// Output format: text, or one JSON object per turn.
    #[arg(long, value_enum, default_value_t = Style::Text)]
    pub format: Style,
}

/// A position as compared for repetitions: its components as a multiset (a sum
/// does not depend on the order its components are listed in).
fn repetition_key(position: &Position) -> Vec<String> {
    let mut components = position.components.clone();
    components.sort();
    components
}

/// The longest game played; a longer one is a draw.
pub const MAX_PLIES: usize = 10_000;

/// Where a game's lines go: text for people or JSON objects, one per line (also the
/// partizan rulesets' play, `partizan.rs`).
pub(crate) struct Screen {
    pub(crate) json: bool,
    pub(crate) echo: bool,
}

impl Screen {
    pub(crate) fn say(&self, text: &str) -> Result<(), CliError> {
        if !self.json {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{text}")?;
            out.flush()?;
        }
        Ok(())
    }

    pub(crate) fn object(&self, value: &serde_json::Value) -> Result<(), CliError> {
        if self.json {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{}", serde_json::to_string(value)?)?;
            out.flush()?;
        }
        Ok(())
    }

    fn prompt(&self) -> Result<(), CliError> {
        if !self.json {
            let mut out = std::io::stdout().lock();
            write!(out, "your move (or moves, hint, why, undo, quit, help)> ")?;
            out.flush()?;
        }
        Ok(())
    }
}

/// Plays the game.
pub fn run(args: &Args) -> Result<(), CliError> {
    if let Some(entry) = super::partizan::requested(&args.game, &args.position) {
        if args.misere || args.seed.is_some() {
            return Err(CliError::Usage(format!(
                "{} is played in normal play against the one perfect opponent: --misere and --seed are for impartial games",
                entry.name
            )));
        }
        return super::partizan::run_play(
            entry,
            &args.position,
            args.side.unwrap_or_default(),
            args.first == First::Me,
            args.format,
        );
    }
    if args.side.is_some() {
        return Err(CliError::Usage(format!(
            "--side is for partizan games (domineering, blue-red-hackenbush, …), not {}",
            sprague_textfile::quote::quoted(&args.game)
        )));
    }
    let description = if args.misere {
        format!("misere:{}", args.game)
    } else {
        args.game.clone()
    };
    let game = parse_game(&description)?;
    // The misère quotient kept on disk, when the game has one; saved when play ends.
    let disk = crate::quotient_disk::DiskQuotient::attach(game.as_ref());
    let played = play_game(args, game.as_ref());
    if let Some(disk) = disk {
        disk.save();
    }
    played
}

/// The game itself, turn by turn.
fn play_game(args: &Args, game: &dyn PlayableGame) -> Result<(), CliError> {
    let mut position = game.position(&args.position)?;
    let stdin = std::io::stdin();
    let screen = Screen {
        json: args.format == Style::Json,
        echo: !stdin.is_terminal(),
    };
    let mut lines = stdin.lock().lines();
    let first = match args.first {
        First::Me => Side::You,
        First::Computer => Side::Computer,
    };
    let mut mover = first;
    // Positions before each of your moves, with the computer's reply after it: for undo.
    let mut undo_stack: Vec<(Position, usize)> = Vec::new();
    // The positions reached on the way to this one, with the player to move: repetitions.
    let mut path: Vec<(Vec<String>, Side)> = Vec::new();
    let report = game.analyze(&position)?;
    screen.say(&format!("{} — you against the computer.", game.title()))?;
    screen.say(&format!("Moves are written {}.", game.move_syntax()))?;
    screen.object(&serde_json::json!({
        "turn": 0, "game": game.description(), "position": position,
        "grundy": report.grundy, "outcome": report.outcome.letter(),
        "first": mover.name(),
    }))?;
    let mut ply = 0usize;
    let mut arrived = true;
    loop {
        // Player 1 moves first (White in Northcott's game, the only game whose moves depend on it).
        position.player = Some(if mover == first { 1 } else { 2 });
        let moves = game.moves(&position)?;
        if moves.is_empty() {
            return announce(game, &position, mover, &screen);
        }
        if arrived {
            arrived = false;
            let key = (repetition_key(&position), mover);
            let count = 1 + path.iter().filter(|seen| **seen == key).count();
            path.push(key);
            if count >= 3 || ply >= MAX_PLIES {
                let why = if count >= 3 {
                    "the same position came back a third time with the same player to move"
                } else {
                    "the game went on too long"
                };
                screen.say(&format!("\nDraw: {why}."))?;
                screen.object(
                    &serde_json::json!({ "result": "draw", "winner": null, "reason": why }),
                )?;
                return Ok(());
            }
            screen.say(&format!(
                "\n{}\n  position: {}   ({} to move)",
                position.board.text(),
                position.text(),
                mover.name()
            ))?;
        }
        match mover {
            Side::Computer => {
                let pick = reply_pick(args.seed, ply as u64);
                let Some(reply) = perfect_reply_choosing(game, &position, pick)? else {
                    return announce(game, &position, mover, &screen);
                };
                ply += 1;
                screen.say(&format!(
                    "computer: {}  ({}) — because {}",
                    reply.play.notation, reply.play.description, reply.reason
                ))?;
                emit_turn(
                    &screen,
                    ply,
                    Side::Computer,
                    &reply.play,
                    Some(&reply.reason),
                    reply.evaluation,
                )?;
                position = reply.play.after;
                mover = Side::You;
                arrived = true;
            }
            Side::You => {
                screen.prompt()?;
                let Some(line) = lines.next() else {
                    screen.say("")?;
                    return Err(CliError::Usage(
                        "the input ended before the game did (type quit to stop a game)"
                            .to_string(),
                    ));
                };
                let line = line?;
                let typed = line.trim();
                if screen.echo {
                    screen.say(&sprague_games::error::quoted(typed))?;
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
                            "Type a move ({}), or: moves (list them), hint (a best move), why (the value explained), undo (take back your last move), quit.",
                            game.move_syntax()
                        ))?;
                        continue;
                    }
                    "moves" => {
                        show_moves(game, &position, &screen)?;
                        continue;
                    }
                    "hint" => {
                        if let Some(reply) = perfect_reply(game, &position)? {
                            screen.say(&format!(
                                "hint: {}  ({}) — {}",
                                reply.play.notation, reply.play.description, reply.reason
                            ))?;
                            screen.object(&serde_json::json!({ "hint": reply.play.notation, "reason": reply.reason }))?;
                        }
                        continue;
                    }
                    "why" => {
                        let why = explain(game, &position)?;
                        for line in &why.lines {
                            screen.say(&format!("  {line}"))?;
                        }
                        screen.object(&serde_json::json!({ "why": why.lines, "grundy": why.grundy, "outcome": why.outcome.letter() }))?;
                        continue;
                    }
                    "undo" => {
                        match undo_stack.pop() {
                            Some((before, length)) => {
                                position = before;
                                path.truncate(length);
                                arrived = true;
                                screen.say("Took back your last move and the computer's reply.")?;
                                screen.object(
                                    &serde_json::json!({ "undo": true, "position": position }),
                                )?;
                            }
                            None => {
                                screen.say("Nothing to undo.")?;
                                screen.object(&serde_json::json!({
                                    "undo": false,
                                    "reason": "nothing to undo",
                                    "position": position,
                                }))?;
                            }
                        }
                        continue;
                    }
                    _ => {}
                }
                match game.parse_move(&position, typed) {
                    Ok(played) => {
                        ply += 1;
                        let evaluation = game
                            .evaluate_moves(std::slice::from_ref(&played))?
                            .into_iter()
                            .next();
                        screen.say(&format!(
                            "you: {}  ({})",
                            played.notation, played.description
                        ))?;
                        if let Some(evaluation) = evaluation {
                            emit_turn(&screen, ply, Side::You, &played, None, evaluation)?;
                        }
                        // The current position is the last one on the line: undo arrives at it again.
                        undo_stack.push((position.clone(), path.len().saturating_sub(1)));
                        position = played.after;
                        mover = Side::Computer;
                        arrived = true;
                    }
                    Err(error) => {
                        screen.say(&format!("{error}"))?;
                        screen.object(&serde_json::json!({ "error": error.to_string() }))?;
                    }
                }
            }
        }
    }
}

fn emit_turn(
    screen: &Screen,
    turn: usize,
    side: Side,
    played: &sprague_games::Move,
    reason: Option<&str>,
    evaluation: sprague_games::playable::Evaluation,
) -> Result<(), CliError> {
    screen.object(&serde_json::to_value(TurnRecord::new(
        turn, side, played, reason, evaluation,
    ))?)
}

fn show_moves(
    game: &dyn PlayableGame,
    position: &Position,
    screen: &Screen,
) -> Result<(), CliError> {
    let listed = options(game, position)?;
    for (index, option) in listed.iter().enumerate() {
        let value = option
            .evaluation
            .grundy
            .map_or(String::new(), |g| format!(", value {g}"));
        screen.say(&format!(
            "  #{:<3} {:<12} → {}  ({}{value}){}",
            index + 1,
            option.play.notation,
            option.play.after.text(),
            option.evaluation.outcome.letter(),
            if option.winning() { "  ✓ wins" } else { "" }
        ))?;
    }
    let notations: Vec<&str> = listed.iter().map(|o| o.play.notation.as_str()).collect();
    screen.object(&serde_json::json!({ "moves": notations }))
}

/// Names the winner once the player to move has no move.
fn announce(
    game: &dyn PlayableGame,
    position: &Position,
    mover: Side,
    screen: &Screen,
) -> Result<(), CliError> {
    let (record, sentence) = game_over(game, position, mover)?;
    screen.say(&format!(
        "\n{}\n  position: {}",
        position.board.text(),
        position.text()
    ))?;
    screen.say(&sentence)?;
    screen.object(&serde_json::to_value(record)?)?;
    Ok(())
}
