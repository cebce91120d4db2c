//! Times Shapley–Shubik of the 20-player weighted voting game of
//! `crates/cooperative/benches/power_indices.rs` with the `coopgame` crate
//! (tabulate the 2²⁰ coalitions, then its exact-formula Shapley value in
//! `f64`) and with sprague (exact rationals, dynamic program), and prints
//! `name<TAB>seconds` lines.
//!
//! With the argument `nucleolus [N,...]` it instead times the exact
//! (rational) nucleolus of coopgame (`nucleolus::exact::nucleolus`, imputation
//! domain) and of sprague on the random games of
//! `crates/cooperative/benches/nucleolus.rs` (same generator, seed 1), once
//! for coopgame and as the median of 5 runs for sprague, and checks that the
//! two allocations are equal (`nucleolus_randomN_agree<TAB>1`).

use std::time::Instant;

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// SplitMix64, as in `crates/cooperative/benches/nucleolus.rs`.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// v(S) uniform in 0..=100·|S| for proper S, v(N) = 100·n; indexed by bit set.
fn random_values(n: usize, seed: u64) -> Vec<u64> {
    let mut state = seed;
    let grand = (1u32 << n) - 1;
    (0..=grand)
        .map(|s| {
            if s == 0 {
                0
            } else if s == grand {
                100 * n as u64
            } else {
                splitmix(&mut state) % (100 * u64::from(s.count_ones()) + 1)
            }
        })
        .collect()
}

fn nucleolus(sizes: &[usize]) {
    use coopgame::num_rational::BigRational;
    for &n in sizes {
        let values = random_values(n, 1);
        let rationals: Vec<BigRational> = values
            .iter()
            .map(|&v| BigRational::from_integer(v.into()))
            .collect();
        let peer_game =
            coopgame::game::exact::ExactGame::from_binary(rationals[1..].to_vec()).expect("a game");
        let start = Instant::now();
        let peer = coopgame::nucleolus::exact::nucleolus(&peer_game, coopgame::Domain::Imputation)
            .expect("coopgame's nucleolus");
        let peer_seconds = start.elapsed().as_secs_f64();
        let game = sprague_cooperative::TuGame::from_fn(n, |s| {
            sprague_strategic::exact_text::BigRational::from_integer(values[s as usize].into())
        })
        .expect("a game");
        let mut ours = Vec::new();
        let times: Vec<f64> = (0..5)
            .map(|_| {
                let start = Instant::now();
                ours = sprague_cooperative::nucleolus::nucleolus(&game)
                    .expect("a nucleolus")
                    .allocation;
                start.elapsed().as_secs_f64()
            })
            .collect();
        let agree = ours.iter().map(ToString::to_string).collect::<Vec<_>>()
            == peer.allocation.iter().map(ToString::to_string).collect::<Vec<_>>();
        println!("coopgame_nucleolus_random{n}\t{peer_seconds}");
        println!("sprague_nucleolus_random{n}\t{}", median(times));
        println!("nucleolus_random{n}_agree\t{}", u8::from(agree));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("nucleolus") {
        let sizes: Vec<usize> = args
            .get(2)
            .map_or("4,6,8,10", String::as_str)
            .split(',')
            .map(|s| s.parse().expect("a number of players"))
            .collect();
        nucleolus(&sizes);
        return;
    }
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
        sprague_cooperative::WeightedVotingGame::new(quota, weights).expect("a game");
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
