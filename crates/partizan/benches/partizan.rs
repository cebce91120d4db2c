//! Benchmark of sprague-partizan (plain binary, `harness = false`):
//!
//! 1. canonical forms of Domineering rectangles (time per board, fresh store);
//! 2. outcome classes of Domineering m×n for small m, n;
//! 3. sums of many Hackenbush strings and switches in canonical form, against
//!    a naive tree implementation written here (no memo, no hash-consing, no
//!    closed forms), printing the ratio.
//!
//! Run with `cargo bench -p sprague-partizan` (or `-- --quick` for fewer boards).

use sprague_partizan::rules::Solver;
use sprague_partizan::rules::domineering::{Board, Domineering};
use sprague_partizan::rules::hackenbush::HackenbushString;
use sprague_partizan::{GameId, GameStore};
use std::time::{Duration, Instant};

/// A game as a tree, for the naive reference.
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

fn leq(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|gl| leq(h, gl)) && !h.right.iter().any(|hr| leq(hr, g))
}

fn eq(g: &Tree, h: &Tree) -> bool {
    leq(g, h) && leq(h, g)
}

/// Naive canonical form: simplify options, remove dominated, bypass reversible.
fn canonical(g: &Tree) -> Tree {
    let mut l: Vec<Tree> = g.left.iter().map(canonical).collect();
    let mut r: Vec<Tree> = g.right.iter().map(canonical).collect();
    loop {
        l = undominated(l, true);
        r = undominated(r, false);
        let current = Tree {
            left: l.clone(),
            right: r.clone(),
        };
        let mut changed = false;
        let mut nl = Vec::new();
        for a in &l {
            match a.right.iter().find(|ar| leq(ar, &current)) {
                Some(ar) => {
                    nl.extend(ar.left.iter().cloned());
                    changed = true;
                }
                None => nl.push(a.clone()),
            }
        }
        let mut nr = Vec::new();
        for b in &r {
            match b.left.iter().find(|bl| leq(&current, bl)) {
                Some(bl) => {
                    nr.extend(bl.right.iter().cloned());
                    changed = true;
                }
                None => nr.push(b.clone()),
            }
        }
        l = nl;
        r = nr;
        if !changed {
            return Tree { left: l, right: r };
        }
    }
}

fn undominated(options: Vec<Tree>, left: bool) -> Vec<Tree> {
    let mut keep: Vec<Tree> = Vec::new();
    for (i, a) in options.iter().enumerate() {
        let dominated = options.iter().enumerate().any(|(j, b)| {
            j != i
                && if left {
                    leq(a, b) && (!leq(b, a) || j < i)
                } else {
                    leq(b, a) && (!leq(a, b) || j < i)
                }
        });
        if !dominated {
            keep.push(a.clone());
        }
    }
    keep
}

fn sum(g: &Tree, h: &Tree) -> Tree {
    let mut left: Vec<Tree> = g.left.iter().map(|x| sum(x, h)).collect();
    left.extend(h.left.iter().map(|x| sum(g, x)));
    let mut right: Vec<Tree> = g.right.iter().map(|x| sum(x, h)).collect();
    right.extend(h.right.iter().map(|x| sum(g, x)));
    Tree { left, right }
}

fn export(store: &mut GameStore, g: GameId) -> Tree {
    let (l, r) = (store.left_options(g), store.right_options(g));
    Tree {
        left: l.into_iter().map(|x| export(store, x)).collect(),
        right: r.into_iter().map(|x| export(store, x)).collect(),
    }
}

/// A deterministic list of `n` summands: Hackenbush strings and switches.
fn summands(n: usize) -> Vec<String> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let switches = [
        "±1",
        "±2",
        "{2|1}",
        "{1|-2}",
        "±1/2",
        "{3|{2|1}}",
        "^",
        "*",
        "{1|0}",
    ];
    (0..n)
        .map(|i| {
            if i % 2 == 0 {
                let len = 1 + (next() % 4) as usize;
                let s: String = (0..len)
                    .map(|_| if next() % 2 == 0 { 'B' } else { 'R' })
                    .collect();
                format!("hackenbush:{s}")
            } else {
                switches[(next() % switches.len() as u64) as usize].to_string()
            }
        })
        .collect()
}

fn game_of(store: &mut GameStore, text: &str) -> GameId {
    match text.strip_prefix("hackenbush:") {
        Some(s) => {
            let v = HackenbushString::value(&HackenbushString::parse(s).expect("string"))
                .expect("value");
            store.number(v)
        }
        None => store.parse(text).expect("game"),
    }
}

fn time<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let start = Instant::now();
    let r = f();
    (r, start.elapsed())
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");

    println!("# Domineering rectangles: canonical form (fresh store per board)");
    let mut boards: Vec<(usize, usize)> = (2..=10).map(|n| (2, n)).collect();
    boards.extend((3..=7).map(|n| (3, n)));
    boards.extend([(4, 4), (4, 5), (4, 6), (5, 5), (5, 6)]);
    if quick {
        boards.retain(|&(r, c)| r * c <= 16);
    }
    for (rows, cols) in boards {
        let mut store = GameStore::new();
        let mut solver = Solver::new(Domineering);
        let b = Board::rectangle(rows, cols).expect("board");
        let (g, t) = time(|| solver.canonical_form(&mut store, &b).expect("value"));
        let outcome = store.outcome(g);
        let mut text = store.display(g);
        if text.chars().count() > 60 {
            text = format!(
                "{}… ({} chars)",
                text.chars().take(60).collect::<String>(),
                text.chars().count()
            );
        }
        println!(
            "{rows}x{cols}: {:>10.3} ms  outcome {outcome}  positions {:>8}  games {:>8}  {text}",
            t.as_secs_f64() * 1e3,
            solver.table_len(),
            store.len()
        );
    }

    println!("\n# Domineering outcome classes m×n (rows × columns; Left vertical)");
    let max = if quick { 4 } else { 5 };
    for rows in 1..=max {
        let mut line = String::new();
        for cols in 1..=max {
            let mut store = GameStore::new();
            let mut solver = Solver::new(Domineering);
            let b = Board::rectangle(rows, cols).expect("board");
            let (g, t) = time(|| solver.canonical_form(&mut store, &b).expect("value"));
            line.push_str(&format!(
                "  {}x{}={} ({:.2} ms)",
                rows,
                cols,
                store.outcome(g),
                t.as_secs_f64() * 1e3
            ));
        }
        println!("{line}");
    }

    println!("\n# Sums of Hackenbush strings and switches: arena vs naive trees");
    let sizes: &[usize] = if quick {
        &[4, 8, 20]
    } else {
        &[4, 8, 12, 16, 50, 100, 200, 500]
    };
    let mut naive_budget_left = true;
    for &n in sizes {
        let items = summands(n);
        let mut store = GameStore::new();
        let games: Vec<GameId> = items.iter().map(|s| game_of(&mut store, s)).collect();
        // The naive side starts from the same canonical summands, as trees.
        let trees: Vec<Tree> = games.iter().map(|&g| export(&mut store, g)).collect();
        let (fast, t_fast) = time(|| store.sum_all(&games).expect("sum"));
        let mut result = store.display(fast);
        if result.chars().count() > 50 {
            result = format!(
                "{} chars, birthday {}",
                result.chars().count(),
                store.birthday(fast)
            );
        }
        if !naive_budget_left {
            println!(
                "n = {n:>4}: arena {:>10.3} ms; naive skipped (the previous size took over 5 s)  [{result}]",
                t_fast.as_secs_f64() * 1e3
            );
            continue;
        }
        let (naive, t_naive) = time(|| {
            let mut acc = Tree {
                left: vec![],
                right: vec![],
            };
            for t in &trees {
                acc = canonical(&sum(&acc, t));
            }
            acc
        });
        let check = export(&mut store, fast);
        assert!(eq(&naive, &check), "naive and arena sums differ");
        naive_budget_left = t_naive < Duration::from_secs(5);
        println!(
            "n = {n:>4}: arena {:>10.3} ms, naive {:>10.3} ms, ratio {:>8.1}  [{result}]",
            t_fast.as_secs_f64() * 1e3,
            t_naive.as_secs_f64() * 1e3,
            t_naive.as_secs_f64() / t_fast.as_secs_f64().max(1e-9)
        );
    }
}
