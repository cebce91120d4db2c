//! Canonical form of a Domineering board: `cargo run --release --example
//! domineering -- 5x5` (or a board such as `....|..#.|....`).

use sprague_partizan::GameStore;
use sprague_partizan::rules::Solver;
use sprague_partizan::rules::domineering::{Board, Domineering};
use std::time::Instant;

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "4x4".to_string());
    let board = match arg.split_once('x') {
        Some((r, c)) => match (r.parse(), c.parse()) {
            (Ok(r), Ok(c)) => Board::rectangle(r, c),
            _ => Domineering::parse(&arg),
        },
        None => Domineering::parse(&arg),
    };
    let board = match board {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut store = GameStore::new();
    let mut solver = Solver::new(Domineering);
    let start = Instant::now();
    match solver.canonical_form(&mut store, &board) {
        Ok(g) => {
            let elapsed = start.elapsed();
            println!(
                "{board}: {} (outcome {})",
                store.display(g),
                store.outcome(g)
            );
            println!(
                "{:.3} s, {} positions, {} games",
                elapsed.as_secs_f64(),
                solver.table_len(),
                store.len()
            );
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
