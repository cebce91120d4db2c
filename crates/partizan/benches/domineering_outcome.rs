//! Benchmark of the Domineering outcome search (plain binary, `harness = false`):
//! every m×n board with m, n ≤ `--max` (default 8) solved by
//! `rules::domineering_outcome` with every technique, each answer checked
//! against independent ones — the canonical form's outcome (boards of at most
//! `--cf-squares` squares, 25 by default; 36 reaches 4×8 in 17 s and 6×6 in about
//! 190 s and 3.6 GB), the transposition theorem (n×m is m×n with L and R swapped),
//! and published values (below) — and timed against plain alpha-beta (no
//! table, no bounds, no ordering) on the boards of at most `--plain-squares`
//! (30) squares, each within `--plain-cap` seconds. A mismatch exits with status 1. Then the boards of
//! `--beyond` (e.g. `9x9,10x10`) with `--cap` seconds each.
//!
//! Published values checked: every statement of
//! `tests/common/domineering_literature.rs` (Uiterwijk's theorems on whole
//! families of boards, the 8×8 and 11×11 results, 2×2, 5×5, the strips), side
//! by side: who wins with Vertical moving first, and with Horizontal moving
//! first (the transposed board's statement).
//!
//! Run with `scripts/bench-domineering.sh` (release build).

use sprague_partizan::rules::Solver;
use sprague_partizan::rules::domineering::{Board, Domineering};
use sprague_partizan::rules::domineering_outcome::{OutcomeAnswer, OutcomeSolver, Techniques};
use sprague_partizan::{GameError, GameStore, Outcome};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

#[path = "../tests/common/domineering_literature.rs"]
mod literature;

/// What the literature says of `rows × cols` against `answer`: `None` if it
/// says nothing, else whether every statement agrees.
fn published(rows: usize, cols: usize, answer: &OutcomeAnswer) -> Option<bool> {
    let left = literature::vertical_first_wins(rows, cols);
    let right = literature::horizontal_first_wins(rows, cols);
    if left.is_none() && right.is_none() {
        return None;
    }
    Some(
        left.is_none_or(|w| w == answer.left_first_wins)
            && right.is_none_or(|w| w == answer.right_first_wins),
    )
}

fn swapped(o: Outcome) -> Outcome {
    match o {
        Outcome::L => Outcome::R,
        Outcome::R => Outcome::L,
        other => other,
    }
}

/// The outcome within `cap` (None if out of time) and the seconds taken.
fn solve(
    solver: &mut OutcomeSolver,
    board: &Board,
    cap: Option<Duration>,
) -> (Option<OutcomeAnswer>, f64) {
    let started = Instant::now();
    let result = solver.outcome(board, &mut |nodes| {
        if cap.is_some_and(|c| started.elapsed() > c) {
            return ControlFlow::Break(());
        }
        if nodes % (1 << 24) == 0 {
            eprintln!(
                "  … {nodes} nodes (solver total), {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
        ControlFlow::Continue(())
    });
    let seconds = started.elapsed().as_secs_f64();
    match result {
        Ok(answer) => (Some(answer), seconds),
        Err(GameError::Stopped) => (None, seconds),
        Err(other) => panic!("{other}"),
    }
}

fn canonical_outcome(board: &Board) -> Outcome {
    let mut store = GameStore::new();
    let g = Solver::new(Domineering)
        .canonical_form(&mut store, board)
        .expect("a small board has a canonical form");
    store.outcome(g)
}

struct Options {
    max: usize,
    plain_cap: f64,
    beyond: Vec<(usize, usize)>,
    cap: f64,
    table_bits: u32,
    plain_squares: usize,
    cf_squares: usize,
}

fn options() -> Options {
    let mut o = Options {
        max: 8,
        plain_cap: 60.0,
        beyond: Vec::new(),
        cap: 900.0,
        table_bits: 23,
        plain_squares: 30,
        cf_squares: 25,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--max" => o.max = value.parse().expect("--max N"),
            "--plain-cap" => o.plain_cap = value.parse().expect("--plain-cap SECONDS"),
            "--cap" => o.cap = value.parse().expect("--cap SECONDS"),
            "--table-bits" => o.table_bits = value.parse().expect("--table-bits N"),
            "--plain-squares" => o.plain_squares = value.parse().expect("--plain-squares N"),
            "--cf-squares" => o.cf_squares = value.parse().expect("--cf-squares N"),
            "--beyond" => {
                o.beyond = value
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(|s| {
                        let (m, n) = s.split_once('x').expect("--beyond 9x9,10x10");
                        (m.parse().expect("rows"), n.parse().expect("cols"))
                    })
                    .collect()
            }
            "--bench" => {
                i += 1;
                continue;
            }
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    o
}

fn main() {
    let o = options();
    let full = Techniques {
        table_bits: o.table_bits,
        ..Techniques::default()
    };
    let mut solver = OutcomeSolver::with_techniques(full);
    let mut plain = OutcomeSolver::with_techniques(Techniques::plain());
    let mut failures = Vec::new();
    let mut table: HashMap<(usize, usize), Outcome> = HashMap::new();
    println!("board  outcome  seconds        nodes  check              plain s   plain/full");
    let mut total = 0.0;
    for m in 1..=o.max {
        for n in 1..=o.max {
            let board = Board::rectangle(m, n).expect("a rectangle");
            let (answer, seconds) = solve(&mut solver, &board, None);
            let answer = answer.expect("no cap");
            total += seconds;
            table.insert((m, n), answer.outcome);
            let mut check = String::new();
            if m * n <= o.cf_squares {
                let c = canonical_outcome(&board);
                check.push_str(if c == answer.outcome { "cf " } else { "CF≠ " });
                if c != answer.outcome {
                    failures.push(format!("{m}×{n}: canonical form says {c}"));
                }
            }
            if let Some(agrees) = published(m, n, &answer) {
                check.push_str(if agrees { "pub " } else { "PUB≠ " });
                if !agrees {
                    failures.push(format!("{m}×{n}: differs from the literature"));
                }
            }
            if n < m {
                let t = table[&(n, m)];
                check.push_str(if t == swapped(answer.outcome) {
                    "T "
                } else {
                    "T≠ "
                });
                if t != swapped(answer.outcome) {
                    failures.push(format!("{m}×{n}: transpose {n}×{m} is {t}"));
                }
            }
            let mut plain_text = String::from("        -            -");
            if m * n <= o.plain_squares {
                let (p, ps) = solve(
                    &mut plain,
                    &board,
                    Some(Duration::from_secs_f64(o.plain_cap)),
                );
                match p {
                    Some(p) => {
                        if p.outcome != answer.outcome {
                            failures.push(format!("{m}×{n}: plain alpha-beta says {}", p.outcome));
                        }
                        plain_text = format!("{ps:>9.3}  {:>11.1}", ps / seconds.max(1e-6));
                    }
                    None => plain_text = format!("> {:>7.0}  (gave up)", o.plain_cap),
                }
            }
            println!(
                "{m:>2}×{n:<2}  {:<7}  {seconds:>7.3}  {:>11}  {check:<17}  {plain_text}",
                answer.outcome.to_string(),
                answer.nodes
            );
        }
    }
    println!("\ntotal {total:.1} s for every m×n with m, n ≤ {}", o.max);
    println!(
        "\n m\\n |{}",
        (1..=o.max).map(|n| format!(" {n:>2}")).collect::<String>()
    );
    for m in 1..=o.max {
        let row: String = (1..=o.max)
            .map(|n| {
                format!(
                    " {:>2}",
                    table.get(&(m, n)).map_or("?".into(), |x| x.to_string())
                )
            })
            .collect();
        println!(" {m:>3} |{row}");
    }
    for &(m, n) in &o.beyond {
        let board = match Board::rectangle(m, n) {
            Ok(b) => b,
            Err(e) => {
                println!("{m}×{n}: {e}");
                continue;
            }
        };
        let (answer, seconds) = solve(&mut solver, &board, Some(Duration::from_secs_f64(o.cap)));
        match answer {
            Some(a) => {
                let check = match published(m, n, &a) {
                    Some(true) => " (published: agrees)",
                    Some(false) => {
                        failures.push(format!("{m}×{n}: differs from the literature"));
                        " (published: DIFFERS)"
                    }
                    None => "",
                };
                println!(
                    "{m}×{n}: {} in {seconds:.1} s, {} nodes{check}",
                    a.outcome, a.nodes
                );
            }
            None => println!("{m}×{n}: not solved within {:.0} s", o.cap),
        }
    }
    if failures.is_empty() {
        println!("\nall checks agree");
    } else {
        println!("\nMISMATCHES:\n{}", failures.join("\n"));
        std::process::exit(1);
    }
}
