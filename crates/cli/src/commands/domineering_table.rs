//! `sprague table domineering --to N`: the outcome class (L, R, P, N) of every m×n
//! Domineering board with m, n ≤ N, by the library's outcome search
//! (`sprague_partizan::rules::domineering_outcome::rectangle_table`), with the time and
//! nodes of each board; progress on stderr, Ctrl-C stops (exit 130), `--budget` seconds
//! per board (a board out of time is shown as `?`).

use sprague_partizan::rules::domineering_outcome::{self, RectangleOutcome, RectangleTable};
use sprague_partizan::GameError;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

use crate::commands::cgt::computing;
use crate::commands::table::Args;
use crate::error::CliError;
use crate::output::{print_json, print_text, Format};
use crate::progress::Progress;

/// The largest side accepted.
const MAX_SIDE: u64 = domineering_outcome::MAX_TABLE_SIDE as u64;

/// Computes and prints the table.
pub fn run(args: &Args) -> Result<(), CliError> {
    let to = args.to.unwrap_or(8);
    if !(1..=MAX_SIDE).contains(&to) {
        return Err(CliError::Usage(format!(
            "--to for domineering is a side from 1 to {MAX_SIDE} (the boards are m×n with m, n ≤ --to), not {to}"
        )));
    }
    let budget = match args.budget {
        Some(seconds) if !(seconds.is_finite() && seconds > 0.0) => {
            return Err(CliError::Usage(format!(
                "--budget is a positive number of seconds, not {seconds}"
            )));
        }
        Some(seconds) => Some(std::time::Duration::from_secs_f64(seconds.min(1e9))),
        None => None,
    };
    let stop = crate::interrupt::ctrl_c_flag();
    let bar = Progress::new(args.progress, None, "nodes");
    // Nodes of the boards finished, so that progress counts the whole table.
    let finished = std::cell::Cell::new(0u64);
    let boards = domineering_outcome::rectangle_table(
        to as usize,
        budget,
        &mut |rows, cols, nodes| {
            bar.update(finished.get() + nodes, None, &|| format!("{rows}×{cols}"));
            if stop.load(Ordering::SeqCst) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
        &mut |board| {
            finished.set(finished.get() + board.nodes);
            bar.update(finished.get(), None, &|| {
                format!(
                    "{}×{} {} in {:.2} s",
                    board.rows,
                    board.cols,
                    board.outcome.as_deref().unwrap_or("?"),
                    board.seconds
                )
            })
        },
    )
    .map_err(|error| match error {
        GameError::Stopped => CliError::Stopped,
        other => computing(other),
    })?;
    bar.finish();
    match args.format {
        Format::Json => print_json(&RectangleTable {
            game: "domineering",
            to: to as usize,
            boards,
        }),
        Format::Csv => {
            let mut text =
                String::from("rows,cols,outcome,left_first_wins,right_first_wins,nodes,seconds\n");
            let flag = |b: Option<bool>| b.map_or(String::new(), |b| b.to_string());
            for b in &boards {
                text.push_str(&format!(
                    "{},{},{},{},{},{},{:.3}\n",
                    b.rows,
                    b.cols,
                    b.outcome.as_deref().unwrap_or(""),
                    flag(b.left_first_wins),
                    flag(b.right_first_wins),
                    b.nodes,
                    b.seconds
                ));
            }
            print_text(&text)
        }
        Format::Text => print_text(&text(to as usize, &boards)),
    }
}

/// The table as text: the grid of outcomes, then the time and nodes of each board.
fn text(to: usize, boards: &[RectangleOutcome]) -> String {
    let mut out = String::from(
        "Domineering: outcome of the m×n board (m rows, n columns; Left places vertical \
         dominoes, Right horizontal)\nL Left wins, R Right wins, N the first player wins, \
         P the second player wins, ? out of time\n\n m\\n |",
    );
    for n in 1..=to {
        out.push_str(&format!(" {n:>2}"));
    }
    out.push_str(&format!("\n-----+{}\n", "-".repeat(3 * to)));
    for row in boards.chunks(to) {
        out.push_str(&format!(" {:>3} |", row[0].rows));
        for b in row {
            out.push_str(&format!(" {:>2}", b.outcome.as_deref().unwrap_or("?")));
        }
        out.push('\n');
    }
    out.push_str("\nboard   outcome  seconds        nodes\n");
    for b in boards {
        out.push_str(&format!(
            "{:>2}×{:<2}   {:<7}  {:>7.2}  {:>11}\n",
            b.rows,
            b.cols,
            b.outcome.as_deref().unwrap_or("?"),
            b.seconds,
            b.nodes
        ));
    }
    let total: f64 = boards.iter().map(|b| b.seconds).sum();
    out.push_str(&format!("\ntotal {total:.2} s\n"));
    out
}
