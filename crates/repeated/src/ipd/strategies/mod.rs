//! The classic IPD strategies, re-implemented from the rules (docstrings and
//! behaviour) of the Axelrod Python library, `axelrod/strategies/*.py`
//! (Axelrod-Python/Axelrod, version 4: `titfortat.py`, `memoryone.py`,
//! `grudger.py`, `prober.py`, `adaptive.py`, `handshake.py`, `cycler.py`,
//! `gobymajority.py`, `axelrod_first.py`, `axelrod_second.py`, …), which in
//! turn follow Axelrod (1980, 1984) and the papers cited per strategy below.
//! No code is copied; the *rules* are the same, including the library's
//! documented interpretations of the 1980 descriptions (e.g. First by Feld's
//! linear decay, First by Downing's opening defections).
//!
//! Each strategy has a CamelCase id (the library's class name, e.g.
//! `TitForTat`, `FirstByDavis` — with the short id `Davis` too), the
//! library's display name (`"Tit For Tat"`, `"First by Davis"`) and
//! aliases; [`lookup`] accepts any of them, ignoring case, spaces and
//! punctuation, and suggests close names (edit distance) for unknown ones.
//!
//! This module holds the classic table; the strategies of further library
//! modules are families in submodules with tables of their own
//! (`second_tournament`, `tit_for_tat`, `grudger`, `go_by_majority`,
//! `prober`, `hunter`, `retaliate`, `punisher`, `backstabber`, `tricky`,
//! `resurrection`, `forgiver`, `memoryone`, `zero_determinant`, `memorytwo`,
//! `finite_state_machines`, `lookerup`, `gambler`, `hmm`, `ann`, `qlearner`,
//! `cycler`, and the library's single-strategy modules), all listed in the
//! registry `TABLES`; [`parametric`] holds the strategies users give by
//! parameters (`memoryone:`, `zd:`, `lookup:`, `fsm:`).
//!
//! Checked against the library (version 4.14.0) by
//! `scripts/check_axelrod_strategies.py`: every deterministic strategy plays
//! action for action as the library's in every pairing over 200 turns (11,476
//! pairs of 151), and every stochastic strategy (272 pairings), and a few pairs
//! with noise 0.05,
//! have the same mean payoff per turn against fixed opponents within four
//! standard errors over 200 matches.
//!
//! The random draws are the library's: a strategy that cooperates with
//! probability p draws a uniform number only when 0 < p < 1 and cooperates
//! when it is below p. The *streams* differ (ChaCha8 here, Mersenne Twister
//! there), so stochastic matches agree in distribution, not draw for draw.

use super::{Action, IpdError, Payoffs};
use sprague_strategic::seeded::SeededRng;
use Action::{C, D};

/// What a strategy sees before its move: both histories (as played, after
/// noise), counts, the payoffs and the match length when it is known.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    /// The strategy's own past actions.
    pub own: &'a [Action],
    /// The opponent's past actions.
    pub opponent: &'a [Action],
    /// How often the strategy defected so far.
    pub own_defections: usize,
    /// How often the opponent defected so far.
    pub opponent_defections: usize,
    /// The stage game.
    pub payoffs: &'a Payoffs,
    /// The number of turns, when fixed and known (`None` with a probabilistic end).
    pub length: Option<usize>,
}

impl View<'_> {
    /// Turns played so far.
    pub fn turn(&self) -> usize {
        self.own.len()
    }
    /// How often the strategy cooperated so far.
    pub fn own_cooperations(&self) -> usize {
        self.own.len() - self.own_defections
    }
    /// How often the opponent cooperated so far.
    pub fn opponent_cooperations(&self) -> usize {
        self.opponent.len() - self.opponent_defections
    }
    fn opponent_last(&self) -> Option<Action> {
        self.opponent.last().copied()
    }
    /// Tit for tat's answer: the opponent's last action, C on the first turn.
    fn tit_for_tat(&self) -> Action {
        self.opponent_last().unwrap_or(C)
    }
}

/// A strategy: a fresh value is made for every match.
pub trait Strategy: Send {
    /// The action for the next turn.
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action;
}

/// A registered strategy.
#[derive(Clone, Copy)]
pub struct StrategyInfo {
    /// The CamelCase id (the Axelrod library's class name).
    pub id: &'static str,
    /// The Axelrod library's display name.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// Whether the strategy uses random numbers.
    pub stochastic: bool,
    /// The rule in one or two sentences.
    pub description: &'static str,
    make: fn() -> Box<dyn Strategy>,
}

impl std::fmt::Debug for StrategyInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StrategyInfo")
            .field("id", &self.id)
            .finish()
    }
}

impl PartialEq for StrategyInfo {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for StrategyInfo {}

impl StrategyInfo {
    /// A fresh player of this strategy.
    pub fn make(&self) -> Box<dyn Strategy> {
        (self.make)()
    }
}

/// A deterministic rule of the view alone.
struct Rule(fn(&View<'_>) -> Action);

impl Strategy for Rule {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        (self.0)(view)
    }
}

/// A memory-one strategy: probabilities of cooperating after (own, opponent)
/// = CC, CD, DC, DD, and the first action.
struct MemoryOne {
    initial: Action,
    four_vector: [f64; 4],
}

impl Strategy for MemoryOne {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match (view.own.last(), view.opponent.last()) {
            (Some(&own), Some(&opponent)) => {
                let index = 2 * (own == D) as usize + (opponent == D) as usize;
                cooperate_with(self.four_vector[index], rng)
            }
            _ => self.initial,
        }
    }
}

/// C with probability p, drawing only when 0 < p < 1 (as the library's
/// `random_choice`).
fn cooperate_with(p: f64, rng: &mut SeededRng) -> Action {
    if rng.bernoulli(p) {
        C
    } else {
        D
    }
}

fn boxed<S: Strategy + 'static>(s: S) -> Box<dyn Strategy> {
    Box::new(s)
}

/// Generous tit for tat: the four-vector (1, p, 1, p) with
/// p = min(1 − (T−R)/(R−S), (R−P)/(T−P)) (Nowak–Sigmund 1992).
struct Gtft;

impl Strategy for Gtft {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let Payoffs { r, s, t, p } = *view.payoffs;
        let generosity = (1.0 - (t - r) / (r - s)).min((r - p) / (t - p));
        match view.opponent_last() {
            None => C,
            Some(C) => C,
            Some(D) => cooperate_with(generosity, rng),
        }
    }
}

struct SpitefulTitForTat {
    retaliating: bool,
}

impl Strategy for SpitefulTitForTat {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if view.own.is_empty() {
            return C;
        }
        if view.opponent.ends_with(&[D, D]) {
            self.retaliating = true;
        }
        if self.retaliating {
            D
        } else {
            view.tit_for_tat()
        }
    }
}

struct AdaptiveTitForTat {
    rate: f64,
    world: f64,
}

impl Strategy for AdaptiveTitForTat {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        match view.opponent_last() {
            None => return C,
            Some(C) => self.world += self.rate * (1.0 - self.world),
            Some(D) => self.world -= self.rate * self.world,
        }
        if self.world >= 0.5 {
            C
        } else {
            D
        }
    }
}

struct OmegaTft {
    deadlock_threshold: i32,
    randomness_threshold: i32,
    deadlock_counter: i32,
    randomness_counter: i32,
}

impl Strategy for OmegaTft {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n == 0 {
            return C;
        }
        if n == 1 {
            return view.opponent[0];
        }
        let (o1, o2) = (view.opponent[n - 1], view.opponent[n - 2]);
        if self.deadlock_counter >= self.deadlock_threshold {
            if self.deadlock_counter == self.deadlock_threshold {
                self.deadlock_counter = self.deadlock_threshold + 1;
            } else {
                self.deadlock_counter = 0;
            }
            C
        } else {
            if o2 == C && o1 == C {
                self.randomness_counter -= 1;
            }
            if o2 != o1 {
                self.randomness_counter += 1;
            }
            if view.own[n - 1] != o1 {
                self.randomness_counter += 1;
            }
            if self.randomness_counter >= self.randomness_threshold {
                D
            } else {
                if o2 != o1 {
                    self.deadlock_counter += 1;
                } else {
                    self.deadlock_counter = 0;
                }
                o1
            }
        }
    }
}

struct Gradual {
    punish_count: usize,
    calm_count: usize,
}

impl Strategy for Gradual {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        if view.own.is_empty() {
            return C;
        }
        if self.punish_count > 0 {
            self.punish_count -= 1;
            return D;
        }
        if self.calm_count > 0 {
            self.calm_count -= 1;
            return C;
        }
        if view.opponent_last() == Some(D) {
            self.punish_count = view.opponent_defections - 1;
            self.calm_count = 2;
            return D;
        }
        C
    }
}

struct Tester {
    is_tit_for_tat: bool,
}

impl Strategy for Tester {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let Some(last) = view.opponent_last() else {
            return D;
        };
        if self.is_tit_for_tat {
            return last;
        }
        if last == D {
            self.is_tit_for_tat = true;
            return C;
        }
        // Against a "patsy": defect whenever more than half its moves were C.
        if 2 * view.own_cooperations() > view.turn() {
            D
        } else {
            C
        }
    }
}

struct Adaptive {
    scores: [f64; 2],
}

impl Strategy for Adaptive {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        const OPENING: [Action; 11] = [C, C, C, C, C, C, D, D, D, D, D];
        if let (Some(&own), Some(&opponent)) = (view.own.last(), view.opponent.last()) {
            self.scores[(own == D) as usize] += view.payoffs.score(own, opponent).0;
        }
        if let Some(&action) = OPENING.get(view.turn()) {
            return action;
        }
        if self.scores[0] > self.scores[1] {
            C
        } else {
            D
        }
    }
}

struct Cycler(&'static [Action]);

impl Strategy for Cycler {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        self.0[view.turn() % self.0.len()]
    }
}

struct Feld;

impl Strategy for Feld {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match view.opponent_last() {
            None => C,
            Some(D) => D,
            Some(C) => {
                let p = (1.0 - 0.5 / 200.0 * view.turn() as f64).max(0.5);
                cooperate_with(p, rng)
            }
        }
    }
}

struct Grofman;

impl Strategy for Grofman {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        match (view.own.last(), view.opponent.last()) {
            (Some(a), Some(b)) if a != b => cooperate_with(2.0 / 7.0, rng),
            _ => C,
        }
    }
}

fn nydegger(view: &View<'_>) -> Action {
    const DEFECT_ON: [u32; 19] = [
        1, 6, 7, 17, 22, 23, 26, 29, 30, 31, 33, 38, 39, 45, 49, 54, 55, 58, 61,
    ];
    let n = view.turn();
    match n {
        0 => C,
        1 => view.tit_for_tat(),
        2 if view.opponent[..2] == [D, C] => D,
        2 => view.tit_for_tat(),
        _ => {
            let outcome = |i: usize| -> u32 {
                u32::from(view.own[i] == D) + 2 * u32::from(view.opponent[i] == D)
            };
            let a = 16 * outcome(n - 1) + 4 * outcome(n - 2) + outcome(n - 3);
            if DEFECT_ON.contains(&a) {
                D
            } else {
                C
            }
        }
    }
}

/// Shubik (and the retaliation part of Tideman and Chieruzzi): retaliation
/// runs that grow by one with each departure from mutual cooperation.
#[derive(Default)]
struct Retaliation {
    is_retaliating: bool,
    length: usize,
    remaining: usize,
}

impl Retaliation {
    fn decrease(&mut self) {
        if self.is_retaliating {
            self.remaining -= 1;
            if self.remaining == 0 {
                self.is_retaliating = false;
            }
        }
    }
    fn start(&mut self) {
        self.is_retaliating = true;
        self.length += 1;
        self.remaining = self.length;
        self.decrease();
    }
}

struct Shubik(Retaliation);

impl Strategy for Shubik {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let Some(last) = view.opponent_last() else {
            return C;
        };
        if self.0.is_retaliating {
            self.0.decrease();
            return D;
        }
        if last == D && view.own.last() == Some(&C) {
            self.0.start();
            return D;
        }
        C
    }
}

struct Tullock;

impl Strategy for Tullock {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        if view.turn() < 11 {
            return C;
        }
        let recent = &view.opponent[view.turn() - 10..];
        let cooperations = recent.iter().filter(|&&a| a == C).count();
        let p = (cooperations as f64 / 10.0 - 0.1).max(0.0);
        cooperate_with(p, rng)
    }
}

#[derive(Default)]
struct Downing {
    cooperations_after_c: usize,
    cooperations_after_d: usize,
}

impl Strategy for Downing {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let n = view.turn();
        if n == 0 {
            return D;
        }
        if n == 1 {
            if view.opponent[0] == C {
                self.cooperations_after_c += 1;
            }
            return D;
        }
        if view.opponent[n - 1] == C {
            if view.own[n - 2] == C {
                self.cooperations_after_c += 1;
            } else {
                self.cooperations_after_d += 1;
            }
        }
        let alpha = self.cooperations_after_c as f64 / (view.own_cooperations() + 1) as f64;
        let beta = self.cooperations_after_d as f64 / view.own_defections.max(2) as f64;
        let Payoffs { r, s, t, p } = *view.payoffs;
        let cooperate = alpha * r + (1.0 - alpha) * s;
        let defect = beta * t + (1.0 - beta) * p;
        if cooperate > defect {
            C
        } else if cooperate < defect {
            D
        } else {
            view.own[n - 1].flip()
        }
    }
}

/// The p-value of Pearson's χ² test that `a` and `b` are draws of a fair
/// coin (one degree of freedom: p = erfc(√(χ²/2))), as `scipy.stats.chisquare`.
fn fair_coin_p_value(a: usize, b: usize) -> f64 {
    let n = (a + b) as f64;
    if n == 0.0 {
        return f64::NAN;
    }
    let difference = a as f64 - b as f64;
    let statistic = difference * difference / n;
    erfc((statistic / 2.0).sqrt())
}

/// The complementary error function (Numerical Recipes' Chebyshev fit,
/// fractional error below 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let value = t * poly.exp();
    if x >= 0.0 {
        value
    } else {
        2.0 - value
    }
}

/// Defects on the last `turns` moves when the match length is known (the
/// library's `FinalTransformer`), after letting the inner rule update.
struct Final<S> {
    inner: S,
    turns: usize,
}

impl<S: Strategy> Strategy for Final<S> {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let action = self.inner.play(view, rng);
        match view.length {
            Some(length) if view.turn() + self.turns >= length => D,
            _ => action,
        }
    }
}

struct SteinAndRapoport {
    opponent_is_random: bool,
}

impl Strategy for SteinAndRapoport {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let round = view.turn() + 1;
        if round < 5 {
            return C;
        }
        if round < 15 {
            return view.tit_for_tat();
        }
        if round.is_multiple_of(15) {
            let p = fair_coin_p_value(view.opponent_cooperations(), view.opponent_defections);
            self.opponent_is_random = p >= 0.05;
        }
        if self.opponent_is_random {
            D
        } else {
            view.tit_for_tat()
        }
    }
}

#[derive(Default)]
struct TidemanAndChieruzzi {
    retaliation: Retaliation,
    own_score: f64,
    opponent_score: f64,
    last_fresh_start: usize,
    fresh_start: bool,
    remembered_defections: usize,
}

impl Strategy for TidemanAndChieruzzi {
    fn play(&mut self, view: &View<'_>, _rng: &mut SeededRng) -> Action {
        let Some(last) = view.opponent_last() else {
            return C;
        };
        if last == D {
            self.remembered_defections += 1;
        }
        let (mine, theirs) = view.payoffs.score(view.own[view.turn() - 1], last);
        self.own_score += mine;
        self.opponent_score += theirs;
        if self.fresh_start {
            self.fresh_start = false;
            return C;
        }
        let round = view.turn() + 1;
        let valid_fresh_start = self.last_fresh_start == 0 || round - self.last_fresh_start >= 20;
        if valid_fresh_start {
            let valid_points = self.own_score - self.opponent_score >= 10.0;
            let valid_rounds = view
                .length
                .is_none_or(|length| length as i64 - round as i64 >= 10);
            if valid_points && valid_rounds && last == C {
                let n = view.turn() as f64;
                let deviation = n.sqrt() / 2.0;
                let (lower, upper) = (n / 2.0 - 3.0 * deviation, n / 2.0 + 3.0 * deviation);
                let remembered = self.remembered_defections as f64;
                if remembered <= lower || remembered >= upper {
                    self.last_fresh_start = round;
                    self.retaliation = Retaliation::default();
                    self.remembered_defections = 0;
                    self.fresh_start = true;
                    return C;
                }
            }
        }
        if self.retaliation.is_retaliating {
            self.retaliation.decrease();
            return D;
        }
        if last == D {
            self.retaliation.start();
            return D;
        }
        C
    }
}

struct Graaskamp {
    opponent_is_random: bool,
    next_random_defection: Option<usize>,
}

impl Strategy for Graaskamp {
    fn play(&mut self, view: &View<'_>, rng: &mut SeededRng) -> Action {
        let n = view.turn();
        let Some(last) = view.opponent_last() else {
            return C;
        };
        if n < 56 {
            return if last == D || n == 50 { D } else { C };
        }
        let p = fair_coin_p_value(view.opponent_cooperations(), view.opponent_defections);
        self.opponent_is_random = p >= 0.05 || self.opponent_is_random;
        if self.opponent_is_random {
            return D;
        }
        let plays_tit_for_tat = (1..n).all(|i| view.opponent[i] == view.own[i - 1]);
        if plays_tit_for_tat || view.opponent == view.own {
            return last;
        }
        let next = *self
            .next_random_defection
            .get_or_insert_with(|| 5 + rng.below(10) as usize + n);
        if n == next {
            self.next_random_defection = Some(5 + rng.below(10) as usize + n);
            return D;
        }
        C
    }
}

struct Anonymous;

impl Strategy for Anonymous {
    fn play(&mut self, _view: &View<'_>, rng: &mut SeededRng) -> Action {
        let p = (3.0 + 4.0 * rng.next_f64()) / 10.0;
        cooperate_with(p, rng)
    }
}

struct RandomPlayer;

impl Strategy for RandomPlayer {
    fn play(&mut self, _view: &View<'_>, rng: &mut SeededRng) -> Action {
        cooperate_with(0.5, rng)
    }
}

macro_rules! rule {
    ($body:expr) => {
        || $crate::ipd::strategies::boxed($crate::ipd::strategies::Rule($body))
    };
}

macro_rules! entry {
    ($id:literal, $name:literal, [$($alias:literal),*], $stochastic:literal, $description:literal, $make:expr) => {
        StrategyInfo { id: $id, name: $name, aliases: &[$($alias),*], stochastic: $stochastic, description: $description, make: $make }
    };
}

mod backstabber;
mod forgiver;
mod go_by_majority;
mod grudger;
mod hunter;
mod prober;
mod punisher;
mod resurrection;
mod retaliate;
mod second_tournament;
mod tit_for_tat;
mod tricky;

#[cfg(test)]
mod family_tests;

/// The registry: every table of strategies, in the order `sprague ipd
/// strategies` lists them. A new family of strategies lives in its own
/// module of this directory with its own table, added here.
static TABLES: &[&[StrategyInfo]] = &[
    CLASSIC,
    second_tournament::SECOND_TOURNAMENT,
    tit_for_tat::TIT_FOR_TAT_VARIANTS,
    grudger::GRUDGERS,
    go_by_majority::GO_BY_MAJORITY,
    prober::PROBERS,
    hunter::HUNTERS,
    retaliate::RETALIATORS,
    punisher::PUNISHERS,
    backstabber::BACKSTABBERS,
    tricky::TRICKY,
    resurrection::RESURRECTION,
    forgiver::FORGIVERS,
    memoryone::MEMORY_ONE,
    zero_determinant::ZERO_DETERMINANT,
    memorytwo::MEMORY_TWO,
    finite_state_machines::FINITE_STATE_MACHINES,
    lookerup::LOOKERUP,
    gambler::GAMBLER,
    cycler::CYCLER,
    mathematicalconstants::MATHEMATICAL_CONSTANTS,
    sequence_player::SEQUENCE_PLAYER,
    worse_and_worse::WORSE_AND_WORSE,
    mutual::MUTUAL,
    oncebitten::ONCE_BITTEN,
    apavlov::APAVLOV,
    adaptor::ADAPTOR,
    averagecopier::AVERAGE_COPIER,
    appeaser::APPEASER,
    better_and_better::BETTER_AND_BETTER,
    bush_mosteller::BUSH_MOSTELLER,
    calculator::CALCULATOR,
    doubler::DOUBLER,
    frequency_analyzer::FREQUENCY_ANALYZER,
    gradualkiller::GRADUAL_KILLER,
    grumpy::GRUMPY,
    inverse::INVERSE,
    momentum::MOMENTUM,
    negation::NEGATION,
    revised_downing::REVISED_DOWNING,
    selfsteem::SELF_STEEM,
    shortmem::SHORT_MEM,
    stalker::STALKER,
    verybad::VERY_BAD,
    qlearner::QLEARNER,
    hmm::HMM,
    ann::ANN,
    dbs::DBS,
    memory_decay::MEMORY_DECAY,
];

// The families of the library after the classic table, each in its module
// (declared after the macros, which they use).
mod adaptor;
mod ann;
mod apavlov;
mod appeaser;
mod averagecopier;
mod better_and_better;
mod bush_mosteller;
mod calculator;
mod cycler;
mod dbs;
mod doubler;
pub mod finite_state_machines;
mod frequency_analyzer;
mod gambler;
mod gradualkiller;
mod grumpy;
mod hmm;
mod inverse;
pub mod lookerup;
mod mathematicalconstants;
mod memory_decay;
mod memoryone;
mod memorytwo;
mod momentum;
mod mutual;
mod negation;
mod oncebitten;
pub mod parametric;
mod qlearner;
mod revised_downing;
mod selfsteem;
mod sequence_player;
mod shortmem;
mod stalker;
mod verybad;
mod worse_and_worse;
pub mod zero_determinant;

/// Every registered strategy, in the order `sprague ipd strategies` lists them.
///
/// ```
/// use sprague_repeated::ipd::all_strategies;
/// assert!(all_strategies().any(|s| s.id == "TitForTat"));
/// ```
pub fn all_strategies() -> impl Iterator<Item = &'static StrategyInfo> + Clone {
    TABLES.iter().flat_map(|table| table.iter())
}

/// The classic strategies (Axelrod's first tournament and the library's
/// best-known rules).
static CLASSIC: &[StrategyInfo] = &[
    entry!("Cooperator", "Cooperator", ["AllC", "AlwaysCooperate"], false,
        "Always cooperates.", rule!(|_| C)),
    entry!("Defector", "Defector", ["AllD", "AlwaysDefect"], false,
        "Always defects.", rule!(|_| D)),
    entry!("TitForTat", "Tit For Tat", ["TFT"], false,
        "Cooperates first, then copies the opponent's last move (Rapoport; winner of Axelrod 1980).",
        rule!(|v| v.tit_for_tat())),
    entry!("TitFor2Tats", "Tit For 2 Tats", ["TF2T", "TitForTwoTats"], false,
        "Defects only after two consecutive defections by the opponent (Axelrod 1984).",
        rule!(|v| if v.opponent.ends_with(&[D, D]) { D } else { C })),
    entry!("TwoTitsForTat", "Two Tits For Tat", ["TTFT"], false,
        "Defects if the opponent defected in either of the last two turns (Axelrod 1984).",
        rule!(|v| if v.opponent[v.turn().saturating_sub(2)..].contains(&D) { D } else { C })),
    entry!("SuspiciousTitForTat", "Suspicious Tit For Tat", ["STFT", "Mistrust"], false,
        "Tit for tat that defects on the first move (Beaufils et al. 1997).",
        rule!(|v| if v.opponent_last() == Some(C) { C } else { D })),
    entry!("Bully", "Bully", ["ReverseTitForTat"], false,
        "The opposite of tit for tat, first move included: defects first, then plays the opposite of the opponent's last move (Nachbar 1992).",
        rule!(|v| if v.opponent_last() == Some(D) { C } else { D })),
    entry!("AntiTitForTat", "Anti Tit For Tat", [], false,
        "Cooperates first, then plays the opposite of the opponent's last move (Hilbe et al. 2013).",
        rule!(|v| if v.opponent_last() == Some(C) { D } else { C })),
    entry!("HardTitForTat", "Hard Tit For Tat", [], false,
        "Cooperates first, then defects if the opponent defected in any of the last three turns.",
        rule!(|v| if v.opponent[v.turn().saturating_sub(3)..].contains(&D) { D } else { C })),
    entry!("HardTitFor2Tats", "Hard Tit For 2 Tats", ["HardTF2T"], false,
        "Defects if the opponent's last three moves contain two consecutive defections (Stewart–Plotkin 2012).",
        rule!(|v| if v.opponent[v.turn().saturating_sub(3)..].windows(2).any(|w| w == [D, D]) { D } else { C })),
    entry!("SneakyTitForTat", "Sneaky Tit For Tat", [], false,
        "Cooperates twice, defects while the opponent has never defected, repents (cooperates) when punished, otherwise tit for tat.",
        rule!(|v| {
            let n = v.turn();
            if n < 2 { C } else if v.opponent_defections == 0 { D }
            else if v.opponent[n - 1] == D && v.own[n - 2] == D { C } else { v.opponent[n - 1] }
        })),
    entry!("SpitefulTitForTat", "Spiteful Tit For Tat", [], false,
        "Tit for tat until the opponent defects twice in a row, then always defects.",
        || boxed(SpitefulTitForTat { retaliating: false })),
    entry!("AdaptiveTitForTat", "Adaptive Tit For Tat", ["ATFT"], false,
        "Keeps a 'world' estimate moved halfway towards 1 after each opponent cooperation and towards 0 after each defection; cooperates while it is at least 1/2 (Tzafestas 2000).",
        || boxed(AdaptiveTitForTat { rate: 0.5, world: 0.5 })),
    entry!("OmegaTFT", "Omega TFT", ["OmegaTitForTat"], false,
        "Tit for tat that breaks C/D deadlocks and defects for good when a randomness counter reaches 8 (Slany–Kienreich 2007).",
        || boxed(OmegaTft { deadlock_threshold: 3, randomness_threshold: 8, deadlock_counter: 0, randomness_counter: 0 })),
    entry!("Gradual", "Gradual", [], false,
        "After a defection, defects as many times as the opponent has defected in all, then cooperates twice (the library's version of Beaufils et al. 1997).",
        || boxed(Gradual { punish_count: 0, calm_count: 0 })),
    entry!("Grudger", "Grudger", ["GrimTrigger", "Grim", "Friedman", "Spiteful"], false,
        "Cooperates until the opponent defects once, then always defects (Friedman 1971).",
        rule!(|v| if v.opponent_defections > 0 { D } else { C })),
    entry!("WinStayLoseShift", "Win-Stay Lose-Shift", ["Pavlov", "WSLS"], false,
        "Cooperates first; repeats its move after R or T, switches after S or P (Nowak–Sigmund 1993).",
        || boxed(MemoryOne { initial: C, four_vector: [1.0, 0.0, 0.0, 1.0] })),
    entry!("WinShiftLoseStay", "Win-Shift Lose-Stay", ["ReversePavlov"], false,
        "Defects first; switches after R or T, repeats after S or P (Li et al. 2011).",
        || boxed(MemoryOne { initial: D, four_vector: [0.0, 1.0, 1.0, 0.0] })),
    entry!("GTFT", "GTFT", ["GenerousTitForTat"], true,
        "Tit for tat that forgives a defection with probability min(1 − (T−R)/(R−S), (R−P)/(T−P)) (1/3 with the default payoffs; Nowak–Sigmund 1992).",
        || boxed(Gtft)),
    entry!("StochasticWSLS", "Stochastic WSLS", [], true,
        "Win-stay lose-shift that errs with probability 0.05: four-vector (0.95, 0.05, 0.05, 0.95).",
        || boxed(MemoryOne { initial: C, four_vector: [0.95, 0.05, 0.05, 0.95] })),
    entry!("Random", "Random", [], true,
        "Cooperates with probability 1/2.", || boxed(RandomPlayer)),
    entry!("Alternator", "Alternator", [], false,
        "Cooperates first, then alternates D, C, D, ….",
        rule!(|v| v.own.last().map_or(C, |a| a.flip()))),
    entry!("CyclerCCD", "Cycler CCD", [], false,
        "Plays C, C, D repeatedly (Mittal–Deb 2009).", || boxed(Cycler(&[C, C, D]))),
    entry!("CyclerDDC", "Cycler DDC", [], false,
        "Plays D, D, C repeatedly (Mittal–Deb 2009).", || boxed(Cycler(&[D, D, C]))),
    entry!("CyclerCCCCCD", "Cycler CCCCCD", [], false,
        "Plays C, C, C, C, C, D repeatedly.", || boxed(Cycler(&[C, C, C, C, C, D]))),
    entry!("SoftGoByMajority", "Soft Go By Majority", ["GoByMajority"], false,
        "Cooperates while the opponent has cooperated at least as often as it has defected (Axelrod 1984).",
        rule!(|v| if v.opponent_cooperations() >= v.opponent_defections { C } else { D })),
    entry!("HardGoByMajority", "Hard Go By Majority", [], false,
        "Cooperates only while the opponent has cooperated more often than it has defected (so defects first).",
        rule!(|v| if v.opponent_cooperations() > v.opponent_defections { C } else { D })),
    entry!("Prober", "Prober", [], false,
        "Plays D, C, C; defects for ever if the opponent cooperated on moves 2 and 3, else tit for tat (Li et al. 2011).",
        rule!(|v| match v.turn() {
            0 => D, 1 | 2 => C,
            _ => if v.opponent[1..3] == [C, C] { D } else { v.tit_for_tat() },
        })),
    entry!("Prober2", "Prober 2", [], false,
        "Plays D, C, C; cooperates for ever if the opponent played D then C on moves 2 and 3, else tit for tat.",
        rule!(|v| match v.turn() {
            0 => D, 1 | 2 => C,
            _ => if v.opponent[1..3] == [D, C] { C } else { v.tit_for_tat() },
        })),
    entry!("Prober3", "Prober 3", [], false,
        "Plays D, C; defects for ever if the opponent cooperated on move 2, else tit for tat.",
        rule!(|v| match v.turn() {
            0 => D, 1 => C,
            _ => if v.opponent[1] == C { D } else { v.tit_for_tat() },
        })),
    entry!("Tester", "Second by Gladstein", ["Gladstein", "SecondByGladstein"], false,
        "Defects first; if the opponent ever defects, apologises with C and plays tit for tat; until then defects whenever more than half of its own moves were C (Gladstein's Tester, Axelrod's second tournament).",
        || boxed(Tester { is_tit_for_tat: false })),
    entry!("Adaptive", "Adaptive", [], false,
        "Plays C six times and D five times, then whichever action has earned it more in total (Li et al. 2011).",
        || boxed(Adaptive { scores: [0.0, 0.0] })),
    entry!("Handshake", "Handshake", [], false,
        "Plays C, D; cooperates for ever if the opponent opened with C, D too, otherwise defects for ever (Robson 1990).",
        rule!(|v| match v.turn() {
            0 => C, 1 => D,
            _ => if v.opponent[..2] == [C, D] { C } else { D },
        })),
    entry!("CollectiveStrategy", "CollectiveStrategy", [], false,
        "Plays C, D; if the opponent opened C, D, cooperates until it defects a second time, otherwise always defects (Li–Kendall 2009).",
        rule!(|v| match v.turn() {
            0 => C, 1 => D,
            _ => if v.opponent_defections > 1 { D } else if v.opponent[..2] == [C, D] { C } else { D },
        })),
    entry!("Joss", "First by Joss", ["FirstByJoss"], true,
        "Tit for tat that cooperates only with probability 0.9 after the opponent cooperates (Axelrod 1980, 12th).",
        || boxed(MemoryOne { initial: C, four_vector: [0.9, 0.0, 0.9, 0.0] })),
    entry!("Davis", "First by Davis", ["FirstByDavis"], false,
        "Cooperates for 10 rounds, then plays grudger (Axelrod 1980, 8th).",
        rule!(|v| if v.turn() < 10 || v.opponent_defections == 0 { C } else { D })),
    entry!("Feld", "First by Feld", ["FirstByFeld"], true,
        "Defects after a defection; after a cooperation cooperates with a probability falling linearly from 1 to 0.5 at move 200 (Axelrod 1980, 11th).",
        || boxed(Feld)),
    entry!("Grofman", "First by Grofman", ["FirstByGrofman"], true,
        "Cooperates if both players did the same last turn, otherwise with probability 2/7 (Axelrod 1980, 4th).",
        || boxed(Grofman)),
    entry!("Nydegger", "First by Nydegger", ["FirstByNydegger"], false,
        "Tit for tat for three moves (with one exception), then defects exactly when A = 16a₁ + 4a₂ + a₃ of the last three outcomes is in a fixed list (Axelrod 1980, 3rd).",
        rule!(nydegger)),
    entry!("Shubik", "First by Shubik", ["FirstByShubik"], false,
        "Cooperates until the opponent defects, then retaliates with runs of defections one longer each time (Axelrod 1980, 5th).",
        || boxed(Shubik(Retaliation::default()))),
    entry!("Tullock", "First by Tullock", ["FirstByTullock"], true,
        "Cooperates 11 times, then with probability 10% below the opponent's cooperation rate over the last 10 moves (Axelrod 1980, 13th).",
        || boxed(Tullock)),
    entry!("Downing", "First by Downing", ["FirstByDowning"], false,
        "Estimates the opponent's chances of cooperating after its C and after its D and plays what maximises its expected payoff; defects on the first two moves (Axelrod 1980, 10th).",
        || boxed(Downing::default())),
    entry!("SteinAndRapoport", "First by Stein and Rapoport", ["FirstBySteinAndRapoport"], false,
        "Cooperates four times, then tit for tat, defecting for good when a χ² test every 15 moves finds the opponent random, and on the last two moves (Axelrod 1980, 6th).",
        || boxed(Final { inner: SteinAndRapoport { opponent_is_random: false }, turns: 2 })),
    entry!("TidemanAndChieruzzi", "First by Tideman and Chieruzzi", ["FirstByTidemanAndChieruzzi"], false,
        "Tit for tat with growing retaliation runs, a 'fresh start' for an opponent 10 points behind, and defection on the last two moves (Axelrod 1980, 2nd).",
        || boxed(Final { inner: TidemanAndChieruzzi::default(), turns: 2 })),
    entry!("Graaskamp", "First by Graaskamp", ["FirstByGraaskamp"], true,
        "Tit for tat for 50 moves, defects on move 51, 5 more of tit for tat; then defects for good against a random opponent (χ² test), plays tit for tat against tit for tat or a twin, and otherwise defects every 5 to 14 moves (the library draws numpy's randint(5, 15), which excludes 15; Axelrod 1980, 9th).",
        || boxed(Graaskamp { opponent_is_random: false, next_random_defection: None })),
    entry!("Anonymous", "First by Anonymous", ["FirstByAnonymous"], true,
        "Cooperates with a probability drawn uniformly from [0.3, 0.7] each turn (Axelrod 1980).",
        || boxed(Anonymous)),
];

fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let current = row[j + 1];
            row[j + 1] = (previous + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(current + 1);
            previous = current;
        }
    }
    row[b.len()]
}

/// Finds a strategy by id, display name or alias (ignoring case, spaces and
/// punctuation); an unknown name gets up to three close suggestions.
///
/// ```
/// use sprague_repeated::ipd::lookup;
/// assert_eq!(lookup("tit for tat").unwrap().id, "TitForTat");
/// assert_eq!(lookup("Pavlov").unwrap().id, "WinStayLoseShift");
/// let error = lookup("TitForTatt").unwrap_err().to_string();
/// assert!(error.contains("did you mean") && error.contains("TitForTat"));
/// ```
pub fn lookup(name: &str) -> Result<&'static StrategyInfo, IpdError> {
    let wanted = normalize(name);
    let names_of = |info: &'static StrategyInfo| {
        [info.id, info.name]
            .into_iter()
            .chain(info.aliases.iter().copied())
    };
    if let Some(info) = all_strategies().find(|info| names_of(info).any(|n| normalize(n) == wanted))
    {
        return Ok(info);
    }
    // No name is anywhere near this long: no suggestions (and no edit
    // distances over a string of thousands of characters).
    if wanted.len() > 64 {
        return Err(IpdError::UnknownStrategy {
            name: name.to_string(),
            close: Vec::new(),
        });
    }
    let mut scored: Vec<(usize, &'static str)> = all_strategies()
        .map(|info| {
            let distance = names_of(info)
                .map(|n| edit_distance(&normalize(n), &wanted))
                .min()
                .unwrap_or(usize::MAX);
            (distance, info.id)
        })
        .collect();
    scored.sort();
    let limit = (wanted.chars().count() / 3).max(2);
    let close = scored
        .iter()
        .filter(|(d, _)| *d <= limit)
        .take(3)
        .map(|(_, id)| id.to_string())
        .collect();
    Err(IpdError::UnknownStrategy {
        name: name.to_string(),
        close,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for info in all_strategies() {
            let own: std::collections::HashSet<String> = [info.id, info.name]
                .iter()
                .chain(info.aliases)
                .map(|n| normalize(n))
                .collect();
            for name in own {
                assert!(seen.insert(name.clone()), "{name} is ambiguous");
            }
        }
        assert!(all_strategies().count() >= 30);
    }

    #[test]
    fn suggestions() {
        match lookup("Grudgr") {
            Err(IpdError::UnknownStrategy { close, .. }) => assert_eq!(close[0], "Grudger"),
            other => panic!("{other:?}"),
        }
        match lookup("zzzzzzzzzzzzzzzzzzz") {
            Err(IpdError::UnknownStrategy { close, .. }) => assert!(close.is_empty()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn erfc_is_accurate() {
        assert!((erfc(0.0) - 1.0).abs() < 1e-6);
        assert!((erfc(1.0) - 0.157_299_207).abs() < 1e-6);
        assert!((erfc(-1.0) - 1.842_700_793).abs() < 1e-6);
        // χ²(1) = 3.841 has p = 0.05.
        assert!((erfc((3.841_458_8f64 / 2.0).sqrt()) - 0.05).abs() < 1e-6);
    }
}
