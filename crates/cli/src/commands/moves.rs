//! `sprague moves GAME POSITION...`: every legal move, the position after
//! it with its value and outcome, the winning ones marked; for one component
//! the mex of the options' values (the "why" of every value); from a
//! P-position, a winning reply to each move.

use serde::Serialize;
use sprague_games::play::{explain, options, perfect_reply, Explanation, OptionReport};
use sprague_games::{parse_game, PlayableGame, Position};

use crate::error::CliError;
use crate::output::{print_json, print_text, Style};

/// Arguments of `sprague moves`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. nim, kayles, chomp, wythoff (see `sprague games`).
    pub game: String,
    /// The components of the position, e.g. heap sizes: 3 4 5.
    #[arg(allow_negative_numbers = true)]
    pub position: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Style::Text)]
    pub format: Style,
}

/// The most moves answered with a reply each (from a P-position).
const MAX_REPLIED: usize = 200;

#[derive(Serialize)]
struct ReplyJson {
    notation: String,
    description: String,
    after: Position,
    reason: String,
}

#[derive(Serialize)]
struct MoveJson {
    notation: String,
    description: String,
    component: Option<usize>,
    after: Position,
    grundy: Option<u64>,
    outcome: &'static str,
    remoteness: Option<u64>,
    winning: bool,
    /// From a P-position: the winning answer to this move.
    reply: Option<ReplyJson>,
}

#[derive(Serialize)]
struct MovesJson {
    game: String,
    position: Position,
    grundy: Option<u64>,
    outcome: &'static str,
    /// For one component: the options' values, whose mex is `grundy`.
    option_values: Option<Vec<u64>>,
    explanation: Vec<String>,
    moves: Vec<MoveJson>,
}

/// Lists the moves and prints them.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = parse_game(&args.game)?;
    let position = game.position(&args.position)?;
    let listed = options(game.as_ref(), &position)?;
    let why = explain(game.as_ref(), &position)?;
    let replies = replies(game.as_ref(), &why, &listed)?;
    match args.format {
        Style::Json => print_json(&MovesJson {
            game: game.description(),
            position,
            grundy: why.grundy,
            outcome: why.outcome.letter(),
            option_values: why.option_values.clone(),
            explanation: why.lines.clone(),
            moves: listed
                .iter()
                .zip(replies)
                .map(|(option, reply)| MoveJson {
                    notation: option.play.notation.clone(),
                    description: option.play.description.clone(),
                    component: option.play.component,
                    after: option.play.after.clone(),
                    grundy: option.evaluation.grundy,
                    outcome: option.evaluation.outcome.letter(),
                    remoteness: option.evaluation.remoteness,
                    winning: option.winning(),
                    reply,
                })
                .collect(),
        }),
        Style::Text => print_text(&render_text(
            game.as_ref(),
            &position,
            &why,
            &listed,
            &replies,
        )),
    }
}

/// From a P-position (and not too many moves), the perfect reply to each move.
fn replies(
    game: &dyn PlayableGame,
    why: &Explanation,
    listed: &[OptionReport],
) -> Result<Vec<Option<ReplyJson>>, CliError> {
    let lost = matches!(
        why.outcome,
        sprague_engine::Outcome::P | sprague_engine::Outcome::L
    );
    if !lost || listed.len() > MAX_REPLIED {
        return Ok(listed.iter().map(|_| None).collect());
    }
    listed
        .iter()
        .map(|option| {
            Ok(
                perfect_reply(game, &option.play.after)?.map(|reply| ReplyJson {
                    notation: reply.play.notation,
                    description: reply.play.description,
                    after: reply.play.after,
                    reason: reply.reason,
                }),
            )
        })
        .collect()
}

fn render_text(
    game: &dyn PlayableGame,
    position: &Position,
    why: &Explanation,
    listed: &[OptionReport],
    replies: &[Option<ReplyJson>],
) -> String {
    let value = why.grundy.map_or(String::new(), |g| format!(", value {g}"));
    let mut text = format!(
        "{}, position {} ({}-position{value})\n\n",
        game.title(),
        position.text(),
        why.outcome.letter()
    );
    if listed.is_empty() {
        text.push_str("No legal move.\n");
    } else {
        let header = ["#", "move", "position after", "value", "outcome", ""];
        let rows: Vec<[String; 6]> = listed
            .iter()
            .enumerate()
            .map(|(index, option)| {
                [
                    (index + 1).to_string(),
                    option.play.notation.clone(),
                    option.play.after.text(),
                    option
                        .evaluation
                        .grundy
                        .map_or("–".to_string(), |g| g.to_string()),
                    option.evaluation.outcome.letter().to_string(),
                    if option.winning() {
                        "✓ wins".to_string()
                    } else {
                        String::new()
                    },
                ]
            })
            .collect();
        let widths: Vec<usize> = (0..6)
            .map(|column| {
                rows.iter()
                    .map(|row| row[column].chars().count())
                    .chain(std::iter::once(header[column].chars().count()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: &[String]| {
            let mut line = String::new();
            for (cell, width) in cells.iter().zip(&widths) {
                let pad = width - cell.chars().count();
                line.push_str(&format!("  {cell}{}", " ".repeat(pad)));
            }
            format!("{}\n", line.trim_end())
        };
        let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
        text.push_str(&line(&header));
        for (row, reply) in rows.iter().zip(replies) {
            text.push_str(&line(row));
            if let Some(reply) = reply {
                text.push_str(&format!(
                    "{}↳ reply {}  →  {}\n",
                    " ".repeat(widths[0] + 4),
                    reply.notation,
                    reply.after.text()
                ));
            }
        }
        let winning = listed.iter().filter(|o| o.winning()).count();
        text.push_str(&format!(
            "\n{} moves, {winning} winning (✓: to a position lost for the player who must move there).\n",
            listed.len()
        ));
    }
    text.push_str("\nWhy:\n");
    for line in &why.lines {
        text.push_str(&format!("  {line}\n"));
    }
    text
}
