//! The Moran process of a symmetric game in a finite population (Moran
//! 1958; Nowak, Sasaki, Taylor and Fudenberg, "Emergence of cooperation and
//! evolutionary stability in finite populations", Nature 428, 2004).
//!
//! A population of N individuals; an individual playing strategy k among a
//! population with counts c has payoff πₖ = (Σⱼ Aₖⱼcⱼ − Aₖₖ)/(N − 1) (it
//! meets everyone else once) and fitness fₖ = 1 − w + w·πₖ, w ∈ [0, 1] the
//! intensity of selection. Each step one individual is chosen to reproduce
//! with probability proportional to fitness and one, chosen uniformly, dies
//! and is replaced by the offspring.
//!
//! With two strategies, and i individuals playing the first, the chain is a
//! birth–death process whose probability of fixation from i is
//! xᵢ = (1 + Σₖ₌₁^{i−1} Πⱼ₌₁ᵏ γⱼ) / (1 + Σₖ₌₁^{N−1} Πⱼ₌₁ᵏ γⱼ), γⱼ = gⱼ/fⱼ
//! (the fitness ratio of the second strategy to the first when j play the
//! first; Nowak et al. 2004, eq. 1; Karlin and Taylor, *A First Course in
//! Stochastic Processes*, 1975): [`fixation_probabilities`] evaluates it in
//! **exact** rational arithmetic for rational w. With more strategies,
//! [`simulate`] runs the process (seeded, **approximate** frequencies).

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde::Serialize;
use sprague_strategic::exact_text::{format_rational, rational_to_f64};
use sprague_strategic::seeded::SeededRng;
use sprague_strategic::stop::StopCheck;

use crate::error::{too_large, DynamicsError};
use crate::symmetric::SymmetricGame;

/// The largest population of the exact formula (the rationals grow with N).
pub const MAX_EXACT_POPULATION: usize = 2000;

/// The largest population of a simulation.
pub const MAX_POPULATION: usize = 1_000_000;

/// The most runs of a simulation.
pub const MAX_RUNS: u64 = 10_000_000;

/// The most steps of one simulated run.
pub const MAX_STEPS: u64 = 1_000_000_000;

/// Exact fixation probabilities in a two-strategy game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FixationProbabilities {
    /// The population size N.
    pub population: usize,
    /// The intensity of selection w.
    #[serde(serialize_with = "crate::serde_exact::rational")]
    pub intensity: BigRational,
    /// ρ₁: the probability that one individual playing the first strategy
    /// takes over a population of the second.
    #[serde(serialize_with = "crate::serde_exact::rational")]
    pub first_invades: BigRational,
    /// ρ₂: the probability that one individual playing the second strategy
    /// takes over a population of the first.
    #[serde(serialize_with = "crate::serde_exact::rational")]
    pub second_invades: BigRational,
    /// 1/N, the fixation probability of a neutral mutant.
    #[serde(serialize_with = "crate::serde_exact::rational")]
    pub neutral: BigRational,
}

/// The fitness of each strategy of the 2×2 game `a` when `i` of the `n`
/// individuals play the first (1 ≤ i ≤ n − 1).
fn fitness_pair(
    a: &[Vec<BigRational>],
    n: usize,
    w: &BigRational,
    i: usize,
) -> (BigRational, BigRational) {
    let big = |k: usize| BigRational::from_integer(k.into());
    let others = big(n - 1);
    let first = (&a[0][0] * big(i - 1) + &a[0][1] * big(n - i)) / &others;
    let second = (&a[1][0] * big(i) + &a[1][1] * big(n - i - 1)) / &others;
    let base = BigRational::one() - w;
    (&base + w * first, base + w * second)
}

/// Checks the intensity of selection: 0 ≤ w ≤ 1.
fn check_intensity(w: &BigRational) -> Result<(), DynamicsError> {
    if w.is_negative() || w > &BigRational::one() {
        return Err(DynamicsError::Parameter(format!(
            "the intensity of selection must be between 0 and 1, not {}",
            format_rational(w)
        )));
    }
    Ok(())
}

/// The exact fixation probabilities of a single mutant of either strategy
/// of a two-strategy symmetric game (Nowak et al. 2004).
///
/// ```
/// use sprague_dynamics::moran::fixation_probabilities;
/// use sprague_dynamics::symmetric::SymmetricGame;
/// use num_rational::BigRational;
/// let r = |n: i64| BigRational::from_integer(n.into());
/// // Neutral selection (w = 0): every mutant fixes with probability 1/N.
/// let game = SymmetricGame::new(vec![vec![r(3), r(0)], vec![r(5), r(1)]]).unwrap();
/// let p = fixation_probabilities(&game, 10, &r(0)).unwrap();
/// assert_eq!(p.first_invades, BigRational::new(1.into(), 10.into()));
/// ```
pub fn fixation_probabilities(
    game: &SymmetricGame,
    population: usize,
    w: &BigRational,
) -> Result<FixationProbabilities, DynamicsError> {
    if game.size() != 2 {
        return Err(DynamicsError::Parameter(format!(
            "the exact fixation probabilities are for two strategies; the game has {} (use the simulation)",
            game.size()
        )));
    }
    if population < 2 {
        return Err(DynamicsError::Parameter(
            "the population needs at least 2 individuals".into(),
        ));
    }
    if population > MAX_EXACT_POPULATION {
        return Err(too_large(
            "the population of the exact formula",
            population,
            MAX_EXACT_POPULATION,
        ));
    }
    check_intensity(w)?;
    let a = game.matrix();
    // 1 + Σₖ Πⱼ≤ₖ γⱼ = H / F with F = Πfⱼ, H = Σₖ (Πⱼ≤ₖ gⱼ)(Πⱼ>ₖ fⱼ), built by
    // Horner's rule H ← H·fᵢ + Πⱼ≤ᵢ gⱼ in integers: fᵢ and gᵢ are scaled by the
    // same positive factor (their common denominator), which every term of
    // H and F takes once, so the ratios are unchanged and no fraction is
    // reduced until the end.
    let mut numerator_g = BigInt::one();
    let mut denominator_f = BigInt::one();
    let mut horner = BigInt::one();
    for i in 1..population {
        let (f, g) = fitness_pair(a, population, w, i);
        for (value, strategy, count) in [(&f, 0, i), (&g, 1, population - i)] {
            if !value.is_positive() {
                return Err(DynamicsError::NonPositiveFitness {
                    strategy: game.strategy_names()[strategy].clone(),
                    fitness: format_rational(value),
                    count,
                });
            }
        }
        let scale = f.denom().lcm(g.denom());
        let f = f.numer() * (&scale / f.denom());
        let g = g.numer() * (&scale / g.denom());
        numerator_g *= &g;
        horner = horner * &f + &numerator_g;
        denominator_f *= &f;
    }
    let sum = BigRational::new(horner.clone(), denominator_f.clone());
    let product = BigRational::new(numerator_g, denominator_f);
    Ok(FixationProbabilities {
        population,
        intensity: w.clone(),
        first_invades: BigRational::one() / &sum,
        second_invades: product / sum,
        neutral: BigRational::new(1.into(), population.into()),
    })
}

/// How to simulate.
#[derive(Debug, Clone, PartialEq)]
pub struct SimulationOptions {
    /// The initial count of each strategy (they add up to the population).
    pub initial: Vec<usize>,
    /// The intensity of selection w, 0 ≤ w ≤ 1.
    pub intensity: f64,
    /// Independent runs.
    pub runs: u64,
    /// The most birth–death steps of one run.
    pub max_steps: u64,
    /// The seed (run r uses stream r).
    pub seed: u64,
}

/// The outcome of a simulation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Simulation {
    /// The initial counts.
    pub initial: Vec<usize>,
    /// The intensity of selection.
    pub intensity: f64,
    /// The runs made.
    pub runs: u64,
    /// The seed.
    pub seed: u64,
    /// How many runs ended with the whole population playing each strategy.
    pub fixations: Vec<u64>,
    /// Runs that reached the step limit first.
    pub unfixed: u64,
    /// The fixation frequency of each strategy (fixations / runs; approximate).
    pub frequencies: Vec<f64>,
    /// The mean number of steps to fixation of the runs that fixed.
    pub mean_steps: f64,
}

/// Simulates the Moran process (seeded; approximate frequencies); the stop
/// check is asked every 65536 steps and between runs.
///
/// ```
/// use sprague_dynamics::moran::{simulate, SimulationOptions};
/// use sprague_dynamics::symmetric::SymmetricGame;
/// use sprague_strategic::examples::example;
/// use sprague_strategic::stop::StopCheck;
/// let rps = SymmetricGame::from_game(&example("rock-paper-scissors").unwrap()).unwrap();
/// let options = SimulationOptions {
///     initial: vec![4, 3, 3], intensity: 0.1, runs: 50, max_steps: 100_000, seed: 1,
/// };
/// let sim = simulate(&rps, &options, StopCheck::never()).unwrap();
/// assert_eq!(sim.fixations.iter().sum::<u64>() + sim.unfixed, 50);
/// ```
pub fn simulate(
    game: &SymmetricGame,
    options: &SimulationOptions,
    stop: StopCheck,
) -> Result<Simulation, DynamicsError> {
    let n = game.size();
    let population = check_simulation(game, options)?;
    let a = game.float_matrix();
    let w = options.intensity;
    let mut fixations = vec![0u64; n];
    let (mut unfixed, mut steps_total) = (0u64, 0u64);
    for run in 0..options.runs {
        if stop.stopped() {
            return Err(DynamicsError::Interrupted);
        }
        let mut rng = SeededRng::new(options.seed, run);
        let mut counts = options.initial.clone();
        let mut steps = 0u64;
        let mut fitness = vec![0.0; n];
        while counts.iter().filter(|&&c| c > 0).count() > 1 && steps < options.max_steps {
            steps += 1;
            if steps.is_multiple_of(65536) && stop.stopped() {
                return Err(DynamicsError::Interrupted);
            }
            for (k, f) in fitness.iter_mut().enumerate() {
                let met: f64 = a[k].iter().zip(&counts).map(|(x, &c)| x * c as f64).sum();
                *f = 1.0 - w + w * (met - a[k][k]) / (population - 1) as f64;
            }
            let weights: Vec<f64> = fitness
                .iter()
                .zip(&counts)
                .map(|(f, &c)| f * c as f64)
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = rng.next_f64() * total;
            let mut born = n - 1;
            for (k, wk) in weights.iter().enumerate() {
                if x < *wk && counts[k] > 0 {
                    born = k;
                    break;
                }
                x -= wk;
            }
            let mut victim = rng.below(population as u64) as usize;
            let mut dies = 0;
            for (k, &c) in counts.iter().enumerate() {
                if victim < c {
                    dies = k;
                    break;
                }
                victim -= c;
            }
            counts[born] += 1;
            counts[dies] -= 1;
        }
        match counts.iter().position(|&c| c == population) {
            Some(k) => {
                fixations[k] += 1;
                steps_total += steps;
            }
            None => unfixed += 1,
        }
    }
    let fixed: u64 = fixations.iter().sum();
    Ok(Simulation {
        initial: options.initial.clone(),
        intensity: w,
        runs: options.runs,
        seed: options.seed,
        frequencies: fixations
            .iter()
            .map(|&f| f as f64 / options.runs as f64)
            .collect(),
        fixations,
        unfixed,
        mean_steps: if fixed > 0 {
            steps_total as f64 / fixed as f64
        } else {
            0.0
        },
    })
}

/// Checks a simulation's options; the population size.
fn check_simulation(
    game: &SymmetricGame,
    options: &SimulationOptions,
) -> Result<usize, DynamicsError> {
    let n = game.size();
    if options.initial.len() != n {
        return Err(DynamicsError::Parameter(format!(
            "the initial population gives {} counts but the game has {n} strategies",
            options.initial.len()
        )));
    }
    let population = options
        .initial
        .iter()
        .try_fold(0usize, |s, &c| s.checked_add(c))
        .filter(|&p| p <= MAX_POPULATION)
        .ok_or_else(|| too_large("the population", "beyond the limit", MAX_POPULATION))?;
    if population < 2 {
        return Err(DynamicsError::Parameter(
            "the population needs at least 2 individuals".into(),
        ));
    }
    let w = options.intensity;
    if !(0.0..=1.0).contains(&w) {
        return Err(DynamicsError::Parameter(format!(
            "the intensity of selection must be between 0 and 1, not {w}"
        )));
    }
    let lowest = game
        .matrix()
        .iter()
        .flatten()
        .map(rational_to_f64)
        .fold(f64::INFINITY, f64::min);
    if 1.0 - w + w * lowest <= 0.0 {
        return Err(DynamicsError::Parameter(format!(
            "with intensity {w} a fitness 1 - w + w·payoff can be zero or negative (the least payoff is {lowest}); choose a smaller intensity"
        )));
    }
    if options.runs == 0 || options.runs > MAX_RUNS {
        return Err(too_large(
            "the number of runs (at least 1)",
            options.runs,
            MAX_RUNS,
        ));
    }
    if options.max_steps > MAX_STEPS {
        return Err(too_large(
            "the number of steps",
            options.max_steps,
            MAX_STEPS,
        ));
    }
    Ok(population)
}

/// The fixation probability from `i` individuals of the first strategy, by
/// the formula of the module documentation: exact, for `0 ≤ i ≤ N`.
///
/// ```
/// use sprague_dynamics::moran::fixation_from;
/// use sprague_dynamics::symmetric::SymmetricGame;
/// use num_rational::BigRational;
/// let r = |n: i64| BigRational::from_integer(n.into());
/// let game = SymmetricGame::new(vec![vec![r(1), r(1)], vec![r(1), r(1)]]).unwrap();
/// // All payoffs equal: neutral drift, x_i = i/N.
/// assert_eq!(fixation_from(&game, 5, &r(1), 2).unwrap(), BigRational::new(2.into(), 5.into()));
/// ```
pub fn fixation_from(
    game: &SymmetricGame,
    population: usize,
    w: &BigRational,
    i: usize,
) -> Result<BigRational, DynamicsError> {
    let p = fixation_probabilities(game, population, w)?;
    if i > population {
        return Err(DynamicsError::Parameter(format!(
            "{i} individuals do not fit in a population of {population}"
        )));
    }
    if i == 0 {
        return Ok(BigRational::zero());
    }
    let a = game.matrix();
    let mut product = BigRational::one();
    let mut partial = BigRational::one();
    for j in 1..i {
        let (f, g) = fitness_pair(a, population, w, j);
        product *= g / f;
        partial += &product;
    }
    Ok(partial * p.first_invades)
}
