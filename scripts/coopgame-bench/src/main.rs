//! Times Shapley–Shubik of the 20-player weighted voting game of
//! `crates/strategic/benches/repeated.rs` with the `coopgame` crate
//! (tabulate the 2²⁰ coalitions, then its exact-formula Shapley value in
//! `f64`) and with sprague (exact rationals, dynamic program), and prints
//! `name<TAB>seconds` lines.

use std::time::Instant;

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let weights: Vec<u64> = (1..=20u64).map(|i| 1 + (i * 37) % 50).collect();
    let quota = weights.iter().sum::<u64>() / 2 + 1;
    let float_weights: Vec<f64> = weights.iter().map(|&w| w as f64).collect();
    let peer: Vec<f64> = (0..7)
        .map(|_| {
            let start = Instant::now();
            let game = coopgame::generators::weighted_voting(&float_weights, quota as f64)
                .expect("a game");
            let values = coopgame::values::shapley(&game);
            std::hint::black_box(values);
            start.elapsed().as_secs_f64()
        })
        .collect();
    let game =
        sprague_strategic::cooperative::WeightedVotingGame::new(quota, weights).expect("a game");
    let ours: Vec<f64> = (0..51)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(game.shapley_shubik().expect("exact"));
            start.elapsed().as_secs_f64()
        })
        .collect();
    println!("coopgame_shapley_wvg20\t{}", median(peer));
    println!("sprague_shapley_wvg20\t{}", median(ours));
}
