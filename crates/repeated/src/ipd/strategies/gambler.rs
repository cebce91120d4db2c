//! The library's stochastic lookup tables (`gambler.py`, M. Harper and G.
//! Koutsovoulos): a [`LookupTable`] whose entries are probabilities of
//! cooperating, trained by particle swarm optimisation (Harper et al.,
//! "Reinforcement learning produces dominant strategies for the Iterated
//! Prisoner's Dilemma", PLoS ONE 12(12), 2017). The tables are the library's
//! published parameters (`axelrod/data/pso_gambler.csv`, version 4.14.0);
//! ZDMem2 is the memory-two zero-determinant strategy of S. Li (LiS2014) as
//! the library gives it.

use std::sync::Arc;

use super::lookerup::{LookerUp, LookupTable};
use super::{boxed, Strategy, StrategyInfo};
use crate::ipd::Action::C;

/// `PSO Gambler Mem1` in the library's `data/pso_gambler.csv` (depths 1, 1, 0).
#[rustfmt::skip]
const MEM1: [f64; 4] = [1.0, 0.52173487, 0.0, 0.12050939];
/// `PSO Gambler 1_1_1` in the library's `data/pso_gambler.csv` (depths 1, 1, 1).
#[rustfmt::skip]
const G111: [f64; 8] = [1.0, 1.0, 0.12304797, 0.57740178, 0.0, 0.0, 0.13581423, 0.11886807];
/// `PSO Gambler 2_2_2` in the library's `data/pso_gambler.csv` (depths 2, 2, 2).
#[rustfmt::skip]
const G222: [f64; 64] = [1.0, 1.0, 1.0, 0.0, 1.0, 0.95280465, 0.0, 0.0, 0.0, 0.80897541, 0.0, 0.0, 0.02126434, 0.0, 0.43278586, 0.0, 0.0, 0.0, 1.0, 0.15140743, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.23563137, 0.0, 0.0, 0.65147565, 1.0, 0.0, 0.0, 0.15412392, 1.0, 0.0, 0.0, 0.24922166, 1.0, 0.0, 0.0, 0.0, 0.00227615, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.77344942, 1.0, 0.24523149, 1.0, 0.0];
/// `PSO Gambler 2_2_2 Noise 05` in the library's `data/pso_gambler.csv` (depths 2, 2, 2).
#[rustfmt::skip]
const G222_NOISE: [f64; 64] = [1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.98603825, 1.0, 1.0, 0.0, 0.0, 0.16240799, 0.63548102, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.13863175, 0.06434619, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.7724137, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.50999729, 1.0, 0.0, 0.0, 0.00524508, 0.87463905, 0.0, 0.07127653, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.28124022, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0];
/// The memory-two zero-determinant table of ZDMem2 (own last two, opponent's last two).
#[rustfmt::skip]
const ZD_MEM2: [f64; 16] = [
    11.0 / 12.0, 4.0 / 11.0, 7.0 / 9.0, 1.0 / 10.0, 5.0 / 6.0, 3.0 / 11.0, 7.0 / 9.0, 1.0 / 10.0,
    2.0 / 3.0, 1.0 / 11.0, 7.0 / 9.0, 1.0 / 10.0, 3.0 / 4.0, 2.0 / 11.0, 7.0 / 9.0, 1.0 / 10.0,
];

fn gambler(depths: [usize; 3], entries: &[f64]) -> Box<dyn Strategy> {
    let [own, opponent, openings] = depths;
    match LookupTable::new(own, opponent, openings, entries.to_vec(), &[C]) {
        Ok(table) => boxed(LookerUp(Arc::new(table))),
        Err(error) => unreachable!("a registered table is valid: {error}"),
    }
}

/// The library's five Gamblers (`gambler.py`).
#[rustfmt::skip]
pub(super) static GAMBLER: &[StrategyInfo] = &[
    entry!("PSOGamblerMem1", "PSO Gambler Mem1", [], true,
        "Stochastic lookup table on the last round (a memory-one strategy), trained by particle swarm optimisation (Harper et al. 2017; library gambler.py).",
        || gambler([1, 1, 0], &MEM1)),
    entry!("PSOGambler1_1_1", "PSO Gambler 1_1_1", [], true,
        "Stochastic lookup table on its last move, the opponent's last and first moves, trained by particle swarm optimisation (Harper et al. 2017; library gambler.py).",
        || gambler([1, 1, 1], &G111)),
    entry!("PSOGambler2_2_2", "PSO Gambler 2_2_2", [], true,
        "Stochastic lookup table on its last two moves, the opponent's last two and first two, trained by particle swarm optimisation (Koutsovoulos; Harper et al. 2017; library gambler.py).",
        || gambler([2, 2, 2], &G222)),
    entry!("PSOGambler2_2_2_Noise05", "PSO Gambler 2_2_2 Noise 05", [], true,
        "PSO Gambler 2_2_2 trained with noise 0.05 (Harper et al. 2017; library gambler.py).",
        || gambler([2, 2, 2], &G222_NOISE)),
    entry!("ZDMem2", "ZD-Mem2", [], true,
        "A memory-two generalisation of a zero-determinant strategy: a stochastic table on both players' last two moves (Li 2014; library gambler.py).",
        || gambler([2, 2, 0], &ZD_MEM2)),
];
