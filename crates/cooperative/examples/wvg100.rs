//! Times the 100-player weighted voting game (profiling aid).
fn main() {
    let weights: Vec<u64> = (1..=100u64).map(|i| 1 + (i * 7919) % 1000).collect();
    let quota = weights.iter().sum::<u64>() / 2 + 1;
    let game = sprague_cooperative::WeightedVotingGame::new(quota, weights).unwrap();
    let start = std::time::Instant::now();
    let swings = game.swings().unwrap();
    println!("swings {:?} quota {quota}", start.elapsed());
    let start = std::time::Instant::now();
    let phi = game.shapley_shubik().unwrap();
    println!("shapley {:?} {}", start.elapsed(), phi.len() + swings.len());
}
