//! The exact nucleolus, prenucleolus and least core of games too large for
//! one LP over all coalitions (up to [`MAX_GENERATION_PLAYERS`] players),
//! by the sequential LP method with **constraint generation**.
//!
//! The rounds are those of [`crate::nucleolus`] (Kopelowitz 1967; Maschler,
//! Peleg and Shapley 1979): round k minimises the largest excess t over the
//! coalitions outside the span of the fixed ones, fixes the coalitions with a
//! positive weight in an optimal *dual* solution (complementary slackness
//! makes them tight on the whole optimal face, the point of Guajardo and
//! Jörnsten, EJOR 241, 2015), and stops when the fixed coalitions span ℝⁿ.
//! Here each round's LP holds only an **active set** of coalitions (the
//! singletons and their complements at first, which keep the dual feasible):
//!
//! 1. the restricted LP is solved exactly (the exact simplex method of
//!    [`sprague_strategic::linear_program`], in dual form, on n + 1 rows and
//!    one column per active coalition), giving (x, t) and dual weights y;
//! 2. a **separation scan** runs over all 2ⁿ coalitions and collects those
//!    outside the span of the fixed family with excess v(S) − x(S) > t,
//!    keeping the most violated few; they join the active set and 1 repeats;
//! 3. when no coalition is violated, (x, t) is feasible for the full round,
//!    so the restricted optimum is the full optimum and the restricted dual
//!    solution, padded with zeros, is an optimal dual solution of the full
//!    round: fixing its positive-weight coalitions is sound.
//!
//! This is the cutting-plane (row generation) form of the sequential LP
//! used for large games by Benedek, Fliege and Nguyen ("Finding and
//! verifying the nucleolus of cooperative games", Mathematical Programming
//! 190, 2021), with every step exact: the answer needs no separate
//! certificate, since each round's optimality is proved by the exhaustive
//! scan (their verification by Kohlberg's criterion is [`crate::kohlberg`],
//! which the tests apply independently).
//!
//! **The scan** never holds the 2ⁿ coalitions: games with an integer form
//! ([`CharacteristicFunction::denominator`]) are scanned in `i128` —
//! x and t are brought to a common denominator D, the allocation's sums
//! come from two tables of 2^⌈n/2⌉-ish entries (low and high bits), the
//! worths from [`CharacteristicFunction::scaled_worth_block`] 4096 at a
//! time — on [`Options::threads`] threads, polling the stop check every
//! block. The span test of a violator is one table lookup (a combination of
//! the basis of the orthogonal complement of the fixed family), confirmed
//! against the whole basis when it is zero. Games without an integer form,
//! or when the common denominator is too large for `i128`, are scanned in
//! exact rationals (slowly). Games that name their essential coalitions
//! (assignment games) put them all in the active set and are scanned over
//! that family only. Memory: O(2^(n/2)) for the tables per thread, plus the
//! active set; nothing of size 2ⁿ is allocated.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::characteristic::{bits, CharacteristicFunction};
use super::nucleolus::{orthogonal_complement, solve_round, LeastCore, Nucleolus, Round};
use super::{Coalition, CoopError};
use sprague_strategic::exact_text::format_rational;
use sprague_strategic::stop::StopCheck;

/// The most players the constraint-generation method accepts (the time of a
/// scan doubles with every player; 25 players take seconds per scan).
pub const MAX_GENERATION_PLAYERS: usize = 25;

/// The most essential coalitions put in the active set at once.
const MAX_ESSENTIAL: usize = 4096;

/// The low bits of a scan block: 2¹² coalitions per block.
const LOW_BITS: u32 = 12;

/// How a long computation is watched.
#[derive(Clone, Copy)]
pub struct Options<'a> {
    /// Asked every block of a scan and before every LP; the computation ends
    /// with [`CoopError::Interrupted`] once it says stop.
    pub stop: StopCheck<'a>,
    /// Told after every LP and scan.
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
    /// Threads of a scan (at least 1).
    pub threads: usize,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            stop: StopCheck::never(),
            progress: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get().min(8)),
        }
    }
}

/// Where the computation is, for progress lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// The round of the sequential LP method (1-based).
    pub round: usize,
    /// The rank of the fixed family (n when done).
    pub rank: usize,
    /// The number of players n.
    pub players: usize,
    /// LPs solved so far.
    pub lp_solves: usize,
    /// Scans so far.
    pub scans: usize,
    /// Coalitions in the active set.
    pub active: usize,
}

/// The nucleolus (Schmeidler 1969) of `game`, exactly, by constraint
/// generation.
///
/// ```
/// use sprague_cooperative::constraint_generation::{nucleolus, Options};
/// use sprague_cooperative::WeightedVotingGame;
/// use sprague_strategic::exact_text::format_rational;
/// let game: WeightedVotingGame = "[3; 2, 1, 1]".parse().unwrap();
/// let nu = nucleolus(&game, &Options::default()).unwrap();
/// let shares: Vec<String> = nu.allocation.iter().map(format_rational).collect();
/// assert_eq!(shares, ["1", "0", "0"]); // player 1 has a veto: the core is {(1, 0, 0)}
/// ```
pub fn nucleolus<G: CharacteristicFunction + ?Sized>(
    game: &G,
    options: &Options,
) -> Result<Nucleolus, CoopError> {
    let mut generation = Generation::new(game, true, options)?;
    let lower: BigRational = generation.singletons.iter().sum();
    if lower > generation.grand {
        let d = generation.unscale();
        return Err(CoopError::EmptyImputationSet {
            singletons: format_rational(&(lower / &d)),
            grand: format_rational(&(&generation.grand / &d)),
        });
    }
    generation.run()
}

/// The prenucleolus of `game` (over all efficient vectors), exactly, by
/// constraint generation.
pub fn prenucleolus<G: CharacteristicFunction + ?Sized>(
    game: &G,
    options: &Options,
) -> Result<Nucleolus, CoopError> {
    Generation::new(game, false, options)?.run()
}

/// The least core of `game` (its ε and a point), exactly, by constraint
/// generation: the first round of [`prenucleolus`].
///
/// ```
/// use sprague_cooperative::constraint_generation::{least_core, Options};
/// use sprague_cooperative::WeightedVotingGame;
/// let game: WeightedVotingGame = "[2; 1, 1, 1]".parse().unwrap();
/// let lc = least_core(&game, &Options::default()).unwrap();
/// assert_eq!(lc.epsilon.unwrap().to_string(), "1/3");
/// ```
pub fn least_core<G: CharacteristicFunction + ?Sized>(
    game: &G,
    options: &Options,
) -> Result<LeastCore, CoopError> {
    let mut generation = Generation::new(game, false, options)?;
    let d = generation.unscale();
    if generation.n == 1 {
        return Ok(LeastCore {
            epsilon: None,
            point: vec![&generation.grand / &d],
        });
    }
    let round = generation.generated_round()?;
    Ok(LeastCore {
        epsilon: Some(round.level / &d),
        point: round.x.iter().map(|v| v / &d).collect(),
    })
}

/// The state of the method, in the scaled game d·v when the game has an
/// integer form (d = 1 otherwise).
struct Generation<'g, G: ?Sized> {
    game: &'g G,
    options: &'g Options<'g>,
    n: usize,
    /// d of the integer form.
    scale: Option<u64>,
    /// The essential family, when the game names a small one.
    essential: Option<Vec<Coalition>>,
    imputation: bool,
    /// (Scaled) v({i}) for every player.
    singletons: Vec<BigRational>,
    /// (Scaled) v(N).
    grand: BigRational,
    fixed: Vec<(Coalition, BigRational)>,
    complement: Vec<Vec<i64>>,
    active: Vec<Coalition>,
    active_worths: Vec<BigRational>,
    in_active: HashSet<Coalition>,
    round: usize,
    lp_solves: usize,
    scans: usize,
}

impl<'g, G: CharacteristicFunction + ?Sized> Generation<'g, G> {
    fn new(game: &'g G, imputation: bool, options: &'g Options<'g>) -> Result<Self, CoopError> {
        let n = game.players();
        if n == 0 {
            return Err(CoopError::NoPlayers);
        }
        if n > MAX_GENERATION_PLAYERS {
            return Err(CoopError::TooLarge(format!(
                "the exact nucleolus and least core take at most {MAX_GENERATION_PLAYERS} players, not {n}"
            )));
        }
        let grand_coalition = grand(n);
        let essential = game
            .essential_coalitions()
            .filter(|family| family.len() <= MAX_ESSENTIAL);
        let mut generation = Generation {
            game,
            options,
            n,
            scale: game.denominator(),
            essential,
            imputation,
            singletons: Vec::new(),
            grand: BigRational::zero(),
            fixed: Vec::new(),
            complement: Vec::new(),
            active: Vec::new(),
            active_worths: Vec::new(),
            in_active: HashSet::new(),
            round: 0,
            lp_solves: 0,
            scans: 0,
        };
        generation.singletons = (0..n)
            .map(|i| generation.worth(1 << i))
            .collect::<Result<_, _>>()?;
        generation.grand = generation.worth(grand_coalition)?;
        generation.fixed = vec![(grand_coalition, generation.grand.clone())];
        generation.complement = orthogonal_complement(n, &[grand_coalition])?;
        if n > 1 {
            generation.seed()?;
            if let Some(family) = generation.essential.clone() {
                for s in family {
                    generation.activate(s)?;
                }
            }
        }
        Ok(generation)
    }

    /// 1/d as the divisor of scaled results.
    fn unscale(&self) -> BigRational {
        BigRational::from_integer(BigInt::from(self.scale.unwrap_or(1)))
    }

    /// The (scaled) worth of a coalition, exactly.
    fn worth(&self, s: Coalition) -> Result<BigRational, CoopError> {
        match self.scale {
            Some(_) => self
                .game
                .scaled_worth(s)
                .map(|v| BigRational::from_integer(v.into()))
                .ok_or_else(integer_form_failed),
            None => Ok(self.game.worth(s)),
        }
    }

    fn in_span(&self, s: Coalition) -> bool {
        in_span(&self.complement, s)
    }

    /// Adds `s` to the active set unless it is there, spanned, ∅ or N.
    fn activate(&mut self, s: Coalition) -> Result<(), CoopError> {
        if s == 0 || s == grand(self.n) || self.in_span(s) || self.in_active.contains(&s) {
            return Ok(());
        }
        let worth = self.worth(s)?;
        self.in_active.insert(s);
        self.active.push(s);
        self.active_worths.push(worth);
        Ok(())
    }

    /// The singletons and their complements outside the span: with a
    /// singleton {i} outside it, y = ½ on {i} and N∖{i} is dual feasible.
    fn seed(&mut self) -> Result<(), CoopError> {
        for i in 0..self.n {
            self.activate(1 << i)?;
            self.activate(grand(self.n) & !(1 << i))?;
        }
        Ok(())
    }

    fn report(&self) {
        if let Some(progress) = self.options.progress {
            progress(&Progress {
                round: self.round,
                rank: self.n - self.complement.len(),
                players: self.n,
                lp_solves: self.lp_solves,
                scans: self.scans,
                active: self.active.len(),
            });
        }
    }

    fn check_stop(&self) -> Result<(), CoopError> {
        if self.options.stop.stopped() {
            Err(CoopError::Interrupted)
        } else {
            Ok(())
        }
    }

    /// One round of the sequential LP, its constraints generated until the
    /// scan finds no violated coalition.
    fn generated_round(&mut self) -> Result<Round, CoopError> {
        self.round += 1;
        let singletons = if self.imputation {
            self.singletons.clone()
        } else {
            Vec::new()
        };
        loop {
            self.check_stop()?;
            self.lp_solves += 1;
            let round = solve_round(
                self.n,
                &self.active,
                &self.active_worths,
                &self.fixed,
                &singletons,
                self.lp_solves,
            )?;
            self.report();
            let violated = self.scan(&round.x, &round.level)?;
            self.scans += 1;
            self.report();
            if violated.is_empty() {
                return Ok(round);
            }
            for s in violated {
                self.activate(s)?;
            }
        }
    }

    fn run(&mut self) -> Result<Nucleolus, CoopError> {
        let d = self.unscale();
        let mut levels = Vec::new();
        let mut allocation = vec![self.grand.clone()];
        while !self.complement.is_empty() {
            let round = self.generated_round()?;
            let mut family: Vec<Coalition> = self.fixed.iter().map(|(s, _)| *s).collect();
            let mut grew = false;
            for (k, y) in round.y.iter().enumerate() {
                let s = self.active[k];
                if y.is_positive() && !self.in_span(s) {
                    family.push(s);
                    self.complement = orthogonal_complement(self.n, &family)?;
                    self.fixed.push((s, &self.active_worths[k] - &round.level));
                    grew = true;
                }
            }
            for (i, l) in round.lambda.iter().enumerate() {
                if l.is_positive() && !self.in_span(1 << i) {
                    family.push(1 << i);
                    self.complement = orthogonal_complement(self.n, &family)?;
                    self.fixed.push((1 << i, self.singletons[i].clone()));
                    grew = true;
                }
            }
            if !grew {
                return Err(CoopError::LinearProgram(format!(
                    "round {} fixed no new coalition",
                    self.round
                )));
            }
            self.retain_open()?;
            levels.push(round.level);
            allocation = round.x;
        }
        Ok(Nucleolus {
            allocation: allocation.iter().map(|v| v / &d).collect(),
            levels: levels.iter().map(|v| v / &d).collect(),
            lp_solves: self.lp_solves,
            scans: self.scans,
        })
    }

    /// Drops the active coalitions now in the span and seeds again.
    fn retain_open(&mut self) -> Result<(), CoopError> {
        let active = std::mem::take(&mut self.active);
        let worths = std::mem::take(&mut self.active_worths);
        self.in_active.clear();
        for (s, w) in active.into_iter().zip(worths) {
            if !self.in_span(s) {
                self.in_active.insert(s);
                self.active.push(s);
                self.active_worths.push(w);
            }
        }
        if !self.complement.is_empty() {
            self.seed()?;
        }
        Ok(())
    }

    /// How many violated coalitions one scan hands back.
    fn batch(&self) -> usize {
        (4 * self.n).max(32)
    }

    /// The most violated coalitions outside the span: excess above `level`
    /// at `x`, most violated first (at most [`Self::batch`]).
    fn scan(&self, x: &[BigRational], level: &BigRational) -> Result<Vec<Coalition>, CoopError> {
        if let Some(family) = &self.essential {
            return self.scan_list(family, x, level);
        }
        if self.scale.is_some() {
            if let Some(integers) = IntegerScan::new(x, level, &self.complement) {
                return integers.run(self);
            }
        }
        self.scan_exact(x, level)
    }

    /// The scan over a given family, in exact rationals.
    fn scan_list(
        &self,
        family: &[Coalition],
        x: &[BigRational],
        level: &BigRational,
    ) -> Result<Vec<Coalition>, CoopError> {
        let mut found = Vec::new();
        for &s in family {
            if s == 0 || s == grand(self.n) {
                continue;
            }
            let excess = self.worth(s)? - bits(s).map(|i| &x[i]).sum::<BigRational>();
            if &excess > level && !self.in_span(s) {
                found.push((excess, s));
            }
        }
        found.sort_by(|a, b| b.cmp(a));
        found.truncate(self.batch());
        Ok(found.into_iter().map(|(_, s)| s).collect())
    }

    /// The scan over all coalitions in exact rationals (games without an
    /// integer form).
    fn scan_exact(
        &self,
        x: &[BigRational],
        level: &BigRational,
    ) -> Result<Vec<Coalition>, CoopError> {
        let mut heap: BinaryHeap<Reverse<(BigRational, Coalition)>> = BinaryHeap::new();
        let batch = self.batch();
        for s in 1..grand(self.n) {
            if s % 4096 == 0 {
                self.check_stop()?;
            }
            let excess = self.worth(s)? - bits(s).map(|i| &x[i]).sum::<BigRational>();
            if &excess > level && !self.in_span(s) {
                heap.push(Reverse((excess, s)));
                if heap.len() > batch {
                    heap.pop();
                }
            }
        }
        Ok(most_violated(heap))
    }
}

fn most_violated<T: Ord>(heap: BinaryHeap<Reverse<(T, Coalition)>>) -> Vec<Coalition> {
    let mut found: Vec<(T, Coalition)> = heap.into_iter().map(|Reverse(p)| p).collect();
    found.sort_by(|a, b| b.cmp(a));
    found.into_iter().map(|(_, s)| s).collect()
}

fn grand(n: usize) -> Coalition {
    ((1u64 << n) - 1) as Coalition
}

fn integer_form_failed() -> CoopError {
    CoopError::LinearProgram(
        "the game announced an integer form but did not give an integer worth".into(),
    )
}

fn in_span(complement: &[Vec<i64>], s: Coalition) -> bool {
    complement
        .iter()
        .all(|w| bits(s).map(|i| i128::from(w[i])).sum::<i128>() == 0)
}

/// The integer form of a scan: excesses in units of 1/(D·d).
struct IntegerScan<'c> {
    /// D (the common denominator of x and t).
    factor: i128,
    /// D·xᵢ.
    x: Vec<i128>,
    /// D·t.
    level: i128,
    /// A combination of the complement basis: u·1_S ≠ 0 proves S is outside
    /// the span.
    probe: Vec<i128>,
    complement: &'c [Vec<i64>],
}

impl<'c> IntegerScan<'c> {
    /// `None` when the numbers do not fit the `i128` bounds of the scan.
    fn new(x: &[BigRational], level: &BigRational, complement: &'c [Vec<i64>]) -> Option<Self> {
        let mut factor = level.denom().clone();
        for v in x {
            factor = factor.lcm(v.denom());
        }
        if factor.bits() > 62 {
            return None;
        }
        let bound = BigInt::one() << 122u32;
        let scale = |v: &BigRational| -> Option<i128> {
            let scaled = v.numer() * (&factor / v.denom());
            if scaled.abs() > bound {
                None
            } else {
                scaled.to_i128()
            }
        };
        let xs: Vec<i128> = x.iter().map(scale).collect::<Option<_>>()?;
        let level = scale(level)?;
        let n = x.len();
        let mut probe = vec![0i128; n];
        // Multipliers 1, 1 + 2^20, 1 + 2·2^20, …: a fixed combination; a
        // coalition it misses is checked against the whole basis.
        for (j, w) in complement.iter().enumerate() {
            let c = 1 + ((j as i128) << 20);
            for (p, &wi) in probe.iter_mut().zip(w) {
                *p = p.checked_add(c.checked_mul(i128::from(wi))?)?;
            }
        }
        let absolute: i128 = probe
            .iter()
            .map(|p| p.abs())
            .try_fold(0i128, i128::checked_add)?;
        if absolute > 1 << 120 {
            return None;
        }
        Some(IntegerScan {
            factor: factor.to_i128()?,
            x: xs,
            level,
            probe,
            complement,
        })
    }

    fn run<G: CharacteristicFunction + ?Sized>(
        &self,
        generation: &Generation<'_, G>,
    ) -> Result<Vec<Coalition>, CoopError> {
        let n = generation.n;
        let low_bits = (n as u32).min(LOW_BITS);
        let high_count = 1usize << (n as u32 - low_bits);
        let x_low = subset_sums(&self.x[..low_bits as usize]);
        let x_high = subset_sums(&self.x[low_bits as usize..]);
        let u_low = subset_sums(&self.probe[..low_bits as usize]);
        let u_high = subset_sums(&self.probe[low_bits as usize..]);
        let threads = generation.options.threads.clamp(1, high_count);
        let chunk = high_count.div_ceil(threads);
        let batch = generation.batch();
        let tables = Tables {
            x_low: &x_low,
            x_high: &x_high,
            u_low: &u_low,
            u_high: &u_high,
        };
        let results: Vec<Result<Violators, CoopError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let range = t * chunk..((t + 1) * chunk).min(high_count);
                    let tables = &tables;
                    scope.spawn(move || self.scan_range(generation, tables, low_bits, range, batch))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|_| {
                        Err(CoopError::LinearProgram("a scan thread panicked".into()))
                    })
                })
                .collect()
        });
        let mut merged: Violators = BinaryHeap::new();
        for heap in results {
            for item in heap? {
                merged.push(item);
                if merged.len() > batch {
                    merged.pop();
                }
            }
        }
        Ok(most_violated(merged))
    }

    fn scan_range<G: CharacteristicFunction + ?Sized>(
        &self,
        generation: &Generation<'_, G>,
        tables: &Tables<'_>,
        low_bits: u32,
        range: std::ops::Range<usize>,
        batch: usize,
    ) -> Result<Violators, CoopError> {
        let full = grand(generation.n);
        let mut worths = vec![0i64; 1 << low_bits];
        let mut heap: Violators = BinaryHeap::new();
        // The smallest excess that can still enter the heap.
        let mut threshold = self.level;
        for high in range {
            if generation.options.stop.stopped() {
                return Err(CoopError::Interrupted);
            }
            let base = (high as Coalition) << low_bits;
            generation
                .game
                .scaled_worth_block(base, low_bits, &mut worths)
                .ok_or_else(integer_form_failed)?;
            let x_high = tables.x_high[high];
            let u_high = tables.u_high[high];
            for (lo, &w) in worths.iter().enumerate() {
                let excess = self.factor * i128::from(w) - (x_high + tables.x_low[lo]);
                if excess <= threshold {
                    continue;
                }
                let s = base | lo as Coalition;
                if s == 0 || s == full {
                    continue;
                }
                if u_high + tables.u_low[lo] == 0 && in_span(self.complement, s) {
                    continue;
                }
                heap.push(Reverse((excess, s)));
                if heap.len() > batch {
                    heap.pop();
                }
                if heap.len() == batch {
                    if let Some(Reverse((smallest, _))) = heap.peek() {
                        threshold = threshold.max(*smallest);
                    }
                }
            }
        }
        Ok(heap)
    }
}

/// The most violated coalitions a scan keeps (a min-heap on the excess).
type Violators = BinaryHeap<Reverse<(i128, Coalition)>>;

/// The lookup tables of a scan.
struct Tables<'t> {
    x_low: &'t [i128],
    x_high: &'t [i128],
    u_low: &'t [i128],
    u_high: &'t [i128],
}

/// `sums[S]` = Σ_{i∈S} values[i] for every subset S of the indices.
fn subset_sums(values: &[i128]) -> Vec<i128> {
    let size = 1usize << values.len();
    let mut sums = vec![0i128; size];
    for s in 1..size {
        sums[s] = sums[s & (s - 1)] + values[s.trailing_zeros() as usize];
    }
    sums
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{builtin, nucleolus as reference, TuGame};
    use sprague_strategic::exact_text::parse_rational;

    fn q(s: &str) -> BigRational {
        parse_rational(s).unwrap()
    }

    fn strings(v: &[BigRational]) -> Vec<String> {
        v.iter().map(format_rational).collect()
    }

    #[test]
    fn talmud_bankruptcy_games() {
        // Aumann and Maschler (1985): the Talmud's divisions of estates
        // 100, 200, 300 among claims 100, 200, 300 are the nucleoli.
        let claims = [q("100"), q("200"), q("300")];
        for (estate, expected) in [
            ("100", ["100/3", "100/3", "100/3"]),
            ("200", ["50", "75", "75"]),
            ("300", ["50", "100", "150"]),
        ] {
            let game = crate::structured::BankruptcyGame::new(&q(estate), &claims).unwrap();
            let nu = nucleolus(&game, &Options::default()).unwrap();
            assert_eq!(strings(&nu.allocation), expected);
        }
    }

    #[test]
    fn agrees_with_the_table_method_on_textbook_games() {
        let tables = [
            vec![0, -1, 0, 3, 1, 4, 2, 5],
            vec![0, 0, 0, 10, 0, 0, 0, 2],
            vec![0, 0, 0, 3, 0, 0, 0, 4],
            vec![0, 0, 0, 1, 0, 1, 1, 1],
        ];
        for values in tables {
            let game = TuGame::from_fn(3, |s| BigRational::from_integer(values[s as usize].into()))
                .unwrap();
            let options = Options::default();
            assert_eq!(
                nucleolus(&game, &options).unwrap().allocation,
                reference::nucleolus(&game).unwrap().allocation
            );
            assert_eq!(
                prenucleolus(&game, &options).unwrap().allocation,
                reference::prenucleolus(&game).unwrap().allocation
            );
            assert_eq!(
                least_core(&game, &options).unwrap().epsilon,
                reference::least_core(&game).unwrap().epsilon
            );
        }
        let glove = builtin::glove(2, 3).unwrap();
        assert_eq!(
            strings(&nucleolus(&glove, &Options::default()).unwrap().allocation),
            ["1", "1", "0", "0", "0"]
        );
    }

    #[test]
    fn a_stop_check_ends_the_computation() {
        let game: crate::WeightedVotingGame = "[80; 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]"
            .parse()
            .unwrap();
        let stop = || true;
        let options = Options {
            stop: StopCheck::new(&stop),
            ..Options::default()
        };
        assert_eq!(nucleolus(&game, &options), Err(CoopError::Interrupted));
    }

    #[test]
    fn large_games_are_refused() {
        let game: crate::WeightedVotingGame =
            format!("[1; {}]", vec!["1"; 26].join(",")).parse().unwrap();
        assert!(matches!(
            nucleolus(&game, &Options::default()),
            Err(CoopError::TooLarge(_))
        ));
    }
}
