//! A new game in about thirty lines: "remove one or two tokens from a heap, or split a heap
//! into three non-empty heaps". It implements the engine's `Game` trait — the face every
//! catalogue game stands on — and gets values, a period, sums, every winning move, the
//! mex explanation and play against the perfect reply from the library.
//!
//! Run it with `cargo run -p sprague-games --example own_game`.

use sprague_engine::{analyze, find_period, Game, GrundySolver, Heaps};
use sprague_games::play::{explain, perfect_reply};
use sprague_games::playable::GamePlayable;
use sprague_games::{GameError, PlayableGame};

/// The rule. A position is a multiset of heaps; each heap is a component of the sum.
struct TakeOrSplitInThree;

impl Game for TakeOrSplitInThree {
    type Position = Heaps;

    fn options(&self, heaps: &Heaps) -> Vec<Heaps> {
        let n = heaps.sizes().iter().sum::<u64>(); // a component is one heap
        let takes = (1..=2.min(n)).map(|take| Heaps::new(vec![n - take]));
        let splits = (1..=n / 3)
            .flat_map(move |a| (a..=(n - a) / 2).map(move |b| Heaps::new(vec![a, b, n - a - b])));
        takes.chain(splits).collect()
    }

    fn components(&self, heaps: &Heaps) -> Vec<Heaps> {
        heaps.sizes().iter().map(|&h| Heaps::new(vec![h])).collect()
    }
}

fn main() -> Result<(), GameError> {
    // Values of single heaps, and their period.
    let mut solver = GrundySolver::new(TakeOrSplitInThree);
    let values: Vec<u64> = (0..200u64)
        .map(|n| solver.grundy(&Heaps::new(vec![n])))
        .collect::<Result<_, _>>()?;
    println!("g(0..30) = {:?}", &values[..30]);
    if let Some(period) = find_period(&values, None) {
        println!(
            "observed period {} from heap {}",
            period.period, period.preperiod
        );
    }

    // A sum and every winning move.
    let sum: Vec<Heaps> = [5, 7, 9].iter().map(|&h| Heaps::new(vec![h])).collect();
    let analysis = analyze(&mut solver, &sum)?;
    println!(
        "5 + 7 + 9: value {}, {:?}",
        analysis.grundy, analysis.outcome
    );
    for winning in &analysis.winning_moves {
        println!("  winning: {}", winning.description);
    }

    // The same game on the face the command line, the web page and Python use.
    let game = GamePlayable::new(
        "take-or-split",
        "Take 1–2 or split in three",
        "heaps",
        TakeOrSplitInThree,
        |word| sprague_games::playable::parse_heap(word).map(|h| Heaps::new(vec![h])),
    );
    let mut position = game.position(&["5".into(), "7".into(), "9".into()])?;
    for line in explain(&game, &position)?.lines {
        println!("  why: {line}");
    }
    for turn in 1..=3 {
        let Some(reply) = perfect_reply(&game, &position)? else {
            break;
        };
        println!("move {turn}: {} ({})", reply.play.notation, reply.reason);
        position = reply.play.after;
    }
    Ok(())
}
