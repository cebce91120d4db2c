//! `sprague moves GAME POSITION...`: every legal move, the position after
//! it with its value and outcome, the winning ones marked; for one component
//! the mex of the options' values (the "why" of every value); from a
//! P-position, a winning reply to each move.

use sprague_games::play::{Explanation, OptionReport};
use sprague_games::record::{MoveListing, ReplyRecord};
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

/// Lists the moves and prints them.
pub fn run(args: &Args) -> Result<(), CliError> {
    let game = parse_game(&args.game)?;
    let position = game.position(&args.position)?;
    let disk = crate::quotient_disk::DiskQuotient::attach(game.as_ref());
    let listing = MoveListing::of(game.as_ref(), &position);
    if let Some(disk) = disk {
        disk.save();
    }
    let listing = listing?;
    match args.format {
        Style::Json => print_json(&listing.record(game.as_ref(), &position)),
        Style::Text => print_text(&render_text(
            game.as_ref(),
            &position,
            &listing.why,
            &listing.listed,
            &listing.replies,
        )),
    }
}

fn render_text(
    game: &dyn PlayableGame,
    position: &Position,
    why: &Explanation,
    listed: &[OptionReport],
    replies: &[Option<ReplyRecord>],
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
