//! Misère quotients of heap games, computed heap by heap and proven exactly.
//!
//! **The object** (Plambeck 2005, *INTEGERS* 5 #G05; Plambeck–Siegel 2008,
//! *JCTA* 115, §3). Let A_n be the sums of heaps of sizes 1..n of a heap game.
//! Two sums G, H are *indistinguishable* when o⁻(G + X) = o⁻(H + X) for every
//! X in A_n; the classes form a commutative monoid Q_n (the *partial misère
//! quotient*), P_n ⊂ Q_n is the image of the misère P-positions (the
//! *P-portion*) and Φ_n : A_n → Q_n (the *pretending function*) sends a sum to
//! its class. A sum's misère outcome is then "is Φ_n(G) in P_n".
//!
//! **The construction** (the incremental scheme of Plambeck–Siegel §4, written
//! here from its description, not from MisereSolver's code). Heap n either
//! behaves like an element already in Q_{n-1} or adds a generator a:
//!
//! 1. Its option images O(n) = {Φ(h′)} are computed in Q_{n-1}. A heap whose
//!    option images are those of an earlier heap is that heap's twin (same
//!    options up to indistinguishability, hence indistinguishable).
//! 2. Otherwise the candidate Q_n is built on the words aᵏ·x (x in Q_{n-1}):
//!    the outcome of nᵏ + X is found by the misère mex rule from its options
//!    n^{k-1} + h′ + X and nᵏ + X′, with X a representative sum of x; words are
//!    identified when every test a^j·y agrees, the identification is checked to
//!    be a congruence, and the result is a commutative monoid with a P-portion.
//! 3. The candidate is **proven** by [`crate::verify::check`], which decides on a
//!    finite automaton that Φ_n predicts the outcome of *every* sum in A_n; a
//!    reduced bipartite monoid onto which Φ_n maps surjectively and which
//!    predicts every outcome is the quotient. If the check fails (an element of
//!    Q_{n-1} would have to split), the construction stops with
//!    [`QuotientError::Refinement`] rather than guess.
//!
//! **Periodicity** (the argument of Plambeck–Siegel's periodicity theorem, the
//! misère analogue of Guy–Smith). For an octal or hexadecimal game whose moves
//! remove at most t tokens and leave at most k heaps: if Φ(h + p) = Φ(h) for
//! n₀ ≤ h, h + p ≤ N and N + 1 ≥ k(n₀ + p) + t, then the same holds for every
//! heap and Q_N is the quotient of the whole game. Proof: for m > N, every
//! option of m leaves a largest heap b ≥ (m − t)/k ≥ n₀ + p, and replacing b by
//! b − p is a bijection onto the options of m − p (whose largest heap is at
//! least n₀) preserving images; so O(m) = O(m − p), heap m is the twin of heap
//! m − p, and by induction nothing changes. (The window used here,
//! k(n₀ + p) + t, is the conservative form of the bound.)

use std::collections::HashMap;

use serde::Serialize;
use sprague_engine::HeapFamily;
use sprague_takebreak::TakeBreak;
use thiserror::Error;

use crate::certificate::CertificateError;
use crate::learn;
use crate::monoid::{BipartiteMonoid, Element};
use crate::verify::{Automaton, CheckError, HeapType};

/// How large a computation may grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotientLimits {
    /// The largest quotient order kept.
    pub max_order: usize,
    /// The most states of one exact check ([`crate::verify::check`]).
    pub max_states: usize,
    /// The most sums whose exact outcome one candidate may need (when an
    /// element of the previous quotient splits).
    pub max_outcomes: usize,
}

impl Default for QuotientLimits {
    fn default() -> Self {
        Self {
            max_order: 1024,
            max_states: 2_000_000,
            max_outcomes: 4_000_000,
        }
    }
}

/// The highest power of a new generator tried before giving up.
const MAX_LEVEL: usize = 32;
/// The powers a^j (j ≤ this) used as tests when identifying words.
const TEST_POWERS: usize = 3;
/// The most refinement rounds at one heap.
const MAX_ROUNDS: usize = 16;
/// How many small sums the exact-outcome table uses as tests.
const POOL_SIZE: usize = 160;
/// The same for the first, smaller table, and the outcomes it may use.
const SMALL_POOL_SIZE: usize = 40;
const SMALL_TABLE_OUTCOMES: usize = 500_000;

/// Why the quotient could not be computed further.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum QuotientError {
    /// The quotient grew past the order limit.
    #[error("the quotient reached order {order} at heap {heap}, past the limit {limit}")]
    TooLarge {
        /// The order reached.
        order: usize,
        /// The heap that made it grow.
        heap: u64,
        /// The limit.
        limit: usize,
    },
    /// The exact check needed too many states.
    #[error("at heap {heap} the exact check of the quotient needs more than {limit} states")]
    CheckTooLarge {
        /// The heap being added.
        heap: u64,
        /// The state limit.
        limit: usize,
    },
    /// The candidate failed the exact check: an element of the previous
    /// quotient would have to split, which this construction does not do.
    #[error("at heap {heap} an element of the previous quotient splits; sprague's construction does not handle splits yet")]
    Refinement {
        /// The heap being added.
        heap: u64,
    },
    /// The exact outcomes a candidate needed were too many.
    #[error(
        "at heap {heap} the candidate quotient needs exact outcomes of more than {limit} sums"
    )]
    OutcomesTooMany {
        /// The heap being added.
        heap: u64,
        /// The limit.
        limit: usize,
    },
    /// A new generator's powers did not repeat within the levels tried.
    #[error(
        "at heap {heap} the powers of the new generator did not repeat within {levels} levels"
    )]
    Powers {
        /// The heap being added.
        heap: u64,
        /// The levels tried.
        levels: usize,
    },
}

impl QuotientError {
    /// The heap at which the computation stopped.
    ///
    /// ```
    /// use sprague_misere::QuotientError;
    /// let error = QuotientError::Refinement { heap: 25 };
    /// assert_eq!(error.heap(), 25);
    /// ```
    pub fn heap(&self) -> u64 {
        match *self {
            Self::TooLarge { heap, .. }
            | Self::CheckTooLarge { heap, .. }
            | Self::Refinement { heap }
            | Self::OutcomesTooMany { heap, .. }
            | Self::Powers { heap, .. } => heap,
        }
    }
}

/// The proof that the heap map is periodic for all heaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PeriodProof {
    /// n₀: Φ(h + p) = Φ(h) for every h ≥ n₀.
    pub preperiod: u64,
    /// p.
    pub period: u64,
    /// The last heap computed (N ≥ k(n₀ + p) + t − 1).
    pub checked_to: u64,
    /// k: the most heaps a move leaves.
    pub parts: u64,
    /// t: the most tokens a move removes.
    pub removed: u64,
}

/// The misère quotient of a heap game, as far as it has been computed.
///
/// ```
/// use sprague_misere::MisereQuotient;
/// use sprague_takebreak::TakeBreak;
/// // Misère Kayles, heaps 1..=3.
/// let mut q = MisereQuotient::take_break(TakeBreak::octal("0.77").unwrap());
/// q.extend_to(3).unwrap();
/// assert_eq!(q.image(1), Some(1)); // heap 1 is the generator a
/// assert!(q.monoid().is_p(q.image(1).unwrap())); // misère: one pin loses
/// ```
#[derive(Debug, Clone)]
pub struct MisereQuotient<F> {
    family: F,
    monoid: BipartiteMonoid,
    heap_map: Vec<Element>,
    heap_options: Vec<Vec<Element>>,
    representatives: Vec<Vec<u64>>,
    growth: Vec<(u64, usize)>,
    shape: Option<(u64, u64)>,
    proof: Option<PeriodProof>,
    limits: QuotientLimits,
    states: usize,
}

impl MisereQuotient<TakeBreak> {
    /// The quotient of an octal or hexadecimal game, with the periodicity proof
    /// available (not for Grundy's game, whose unequal split the argument does
    /// not cover).
    pub fn take_break(rule: TakeBreak) -> Self {
        let shape = (!rule.unequal_split())
            .then(|| (rule.max_parts().max(1) as u64, rule.max_removed() as u64));
        let mut quotient = Self::new(rule);
        quotient.shape = shape;
        quotient
    }
}

impl<F: HeapFamily> MisereQuotient<F> {
    /// The quotient of heap 0 alone (the trivial monoid), for any heap family;
    /// no periodicity proof.
    pub fn new(family: F) -> Self {
        Self {
            family,
            monoid: BipartiteMonoid::trivial(),
            heap_map: vec![0],
            heap_options: vec![vec![]],
            representatives: vec![vec![]],
            growth: vec![(0, 1)],
            shape: None,
            proof: None,
            limits: QuotientLimits::default(),
            states: 1,
        }
    }

    /// The same with other limits.
    pub fn with_limits(mut self, limits: QuotientLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The heap family.
    pub fn family(&self) -> &F {
        &self.family
    }

    /// The bipartite monoid Q_n with its P-portion.
    pub fn monoid(&self) -> &BipartiteMonoid {
        &self.monoid
    }

    /// The largest heap computed (n of Q_n).
    pub fn heaps(&self) -> u64 {
        self.heap_map.len() as u64 - 1
    }

    /// The periodicity proof, once found: then the quotient is the game's.
    pub fn proof(&self) -> Option<PeriodProof> {
        self.proof
    }

    /// Heaps whose images generate the quotient: each heap, in increasing
    /// size, whose image is not a product of the images of those before it.
    pub fn generators(&self) -> Vec<u64> {
        let order = self.monoid.order();
        let mut generated = vec![false; order];
        generated[0] = true;
        let mut members: Vec<Element> = vec![0];
        let mut heaps = Vec::new();
        for (heap, &image) in self.heap_map.iter().enumerate() {
            if generated[image as usize] {
                continue;
            }
            heaps.push(heap as u64);
            // Close the generated set under multiplication by the new image.
            let mut frontier = members.clone();
            while let Some(x) = frontier.pop() {
                let y = self.monoid.mul(x, image);
                if !generated[y as usize] {
                    generated[y as usize] = true;
                    members.push(y);
                    frontier.push(y);
                }
            }
            if members.len() == order {
                break;
            }
        }
        heaps
    }

    /// Each heap at which the order changed, with the order after it.
    pub fn growth(&self) -> &[(u64, usize)] {
        &self.growth
    }

    /// A sum of heaps with image `x` (one of the smallest found).
    pub fn representative(&self, x: Element) -> &[u64] {
        &self.representatives[x as usize]
    }

    /// The states walked by the last exact check.
    pub fn check_states(&self) -> usize {
        self.states
    }

    /// Φ(heap): computed, or from the proven period; `None` past the heaps
    /// computed when no period is proven.
    pub fn image(&self, heap: u64) -> Option<Element> {
        if let Some(&x) = self.heap_map.get(heap as usize) {
            return Some(x);
        }
        let proof = self.proof?;
        let index = proof.preperiod + (heap - proof.preperiod) % proof.period;
        Some(self.heap_map[index as usize])
    }

    /// The image of a sum of heaps.
    pub fn image_of_sum(&self, heaps: &[u64]) -> Option<Element> {
        heaps
            .iter()
            .try_fold(0, |x, &h| Some(self.monoid.mul(x, self.image(h)?)))
    }

    /// Computes heaps up to `to` (or until periodicity is proven).
    ///
    /// # Errors
    /// [`QuotientError`] when a limit is reached or the construction cannot go on;
    /// the heaps before the failing one stay computed.
    pub fn extend_to(&mut self, to: u64) -> Result<(), QuotientError> {
        while self.heaps() < to && self.proof.is_none() {
            let heap = self.heaps() + 1;
            self.add_heap(heap)?;
            self.try_prove();
        }
        Ok(())
    }

    /// Computes heaps until the periodicity proof holds or `to` is reached.
    ///
    /// # Errors
    /// As [`MisereQuotient::extend_to`].
    pub fn extend_until_proven(&mut self, to: u64) -> Result<bool, QuotientError> {
        self.extend_to(to)?;
        Ok(self.proof.is_some())
    }

    /// The images of the options of `heap` in the current quotient.
    fn option_images(&self, heap: u64) -> Vec<Element> {
        let mut images = Vec::new();
        self.family.for_each_option(heap, &mut |parts| {
            let image = parts
                .iter()
                .fold(0, |x, &h| self.monoid.mul(x, self.heap_map[h as usize]));
            images.push(image);
        });
        images.sort_unstable();
        images.dedup();
        images
    }

    fn add_heap(&mut self, heap: u64) -> Result<(), QuotientError> {
        let options = self.option_images(heap);
        if options.is_empty() {
            self.heap_map.push(0);
            self.heap_options.push(options);
            return Ok(());
        }
        if let Some(twin) = self.heap_options.iter().position(|o| *o == options) {
            self.heap_map.push(self.heap_map[twin]);
            self.heap_options.push(options);
            return Ok(());
        }
        // A heap that behaves like an element already there: try each element
        // whose membership in P agrees with the heap's own outcome.
        let alone_p = !options.iter().any(|&y| self.monoid.is_p(y));
        for x in 0..self.monoid.order() as Element {
            if self.monoid.is_p(x) != alone_p {
                continue;
            }
            let mut heap_map = self.heap_map.clone();
            heap_map.push(x);
            let mut heap_options = self.heap_options.clone();
            heap_options.push(options.clone());
            let (types, _) = heap_types(&heap_map, &heap_options);
            match Automaton::build_checked(&self.monoid, &types, self.limits.max_states) {
                Ok(automaton) => {
                    let monoid = self.monoid.clone();
                    self.states = automaton.len();
                    self.settle(heap, &monoid, &heap_map)?;
                    return Ok(());
                }
                Err(CheckError::Mismatch { .. }) => {}
                Err(CheckError::TooManyStates { limit }) => {
                    return Err(QuotientError::CheckTooLarge { heap, limit })
                }
            }
        }
        // First candidate: words aᵏ·x when they form a congruence (no element of
        // Q_{n-1} splits); second: the table of exact outcomes of small sums.
        let old_order = self.monoid.order();
        let ext = Extension::build(self, heap, &options);
        if let Ok(ext) = ext {
            let mut map: Vec<Element> = self
                .heap_map
                .iter()
                .map(|&x| ext.embed[x as usize])
                .collect();
            map.push(ext.new_heap);
            if self.prove(heap, ext.monoid, map, 2)? {
                self.note_growth(heap, old_order);
                return Ok(());
            }
        }
        // A small table first (few tests, few outcomes), refined by the mex rule;
        // then the full table.
        let small = QuotientLimits {
            max_outcomes: self.limits.max_outcomes.min(SMALL_TABLE_OUTCOMES),
            ..self.limits
        };
        let pool = self.pool(SMALL_POOL_SIZE)?;
        if let Ok((monoid, map)) = learn::candidate(self, heap, &pool, small) {
            if self.prove(heap, monoid, map, MAX_ROUNDS)? {
                self.note_growth(heap, old_order);
                return Ok(());
            }
        }
        let pool = self.pool(POOL_SIZE)?;
        let (monoid, map) = learn::candidate(self, heap, &pool, self.limits)?;
        if self.prove(heap, monoid, map, MAX_ROUNDS)? {
            self.note_growth(heap, old_order);
            return Ok(());
        }
        Err(QuotientError::Refinement { heap })
    }

    fn note_growth(&mut self, heap: u64, old_order: usize) {
        if self.monoid.order() != old_order {
            self.growth.push((heap, self.monoid.order()));
        }
    }

    /// The option images of a computed heap.
    pub(crate) fn option_images_of(&self, heap: u64) -> &[Element] {
        &self.heap_options[heap as usize]
    }

    /// Whether heap `heap` has a move.
    pub(crate) fn has_moves(&self, heap: u64) -> bool {
        self.heap_options
            .get(heap as usize)
            .is_some_and(|o| !o.is_empty())
    }

    /// Small sums of heaps below n, one per state of the exact check of Q_{n-1}
    /// (shortest first): they tell apart whatever the check tells apart.
    fn pool(&self, size: usize) -> Result<Vec<Vec<u64>>, QuotientError> {
        let (types, type_of) = heap_types(&self.heap_map, &self.heap_options);
        let heap = self.heaps() + 1;
        let automaton =
            Automaton::build(&self.monoid, &types, self.limits.max_states).map_err(|_| {
                QuotientError::CheckTooLarge {
                    heap,
                    limit: self.limits.max_states,
                }
            })?;
        let mut heap_of_type = vec![0; types.len()];
        for (h, t) in type_of.iter().enumerate().rev() {
            if let Some(t) = t {
                heap_of_type[*t] = h as u64;
            }
        }
        Ok((0..automaton.len().min(size))
            .map(|s| {
                let mut sum: Vec<u64> =
                    automaton.word(s).iter().map(|&t| heap_of_type[t]).collect();
                sum.sort_unstable();
                sum
            })
            .collect())
    }

    /// Proves a candidate, refining it by the mex rule at most `rounds` times;
    /// on success it becomes the current quotient.
    fn prove(
        &mut self,
        heap: u64,
        mut monoid: BipartiteMonoid,
        mut heap_map: Vec<Element>,
        rounds: usize,
    ) -> Result<bool, QuotientError> {
        for _ in 0..rounds {
            let heap_options = self.all_option_images(&monoid, &heap_map);
            let (types, type_of) = heap_types(&heap_map, &heap_options);
            let automaton =
                Automaton::build(&monoid, &types, self.limits.max_states).map_err(|_| {
                    QuotientError::CheckTooLarge {
                        heap,
                        limit: self.limits.max_states,
                    }
                })?;
            if automaton.first_mismatch(&monoid).is_none() {
                self.states = automaton.len();
                self.settle(heap, &monoid, &heap_map)?;
                return Ok(true);
            }
            let Some((refined, type_images, _)) = automaton.minimize() else {
                return Ok(false);
            };
            if refined.order() > self.limits.max_order {
                return Err(QuotientError::TooLarge {
                    order: refined.order(),
                    heap,
                    limit: self.limits.max_order,
                });
            }
            heap_map = type_of
                .iter()
                .map(|t| t.map_or(0, |t| type_images[t]))
                .collect();
            monoid = refined;
        }
        Ok(false)
    }

    /// The option images of every heap 0..=n under `heap_map` in `monoid`.
    fn all_option_images(
        &self,
        monoid: &BipartiteMonoid,
        heap_map: &[Element],
    ) -> Vec<Vec<Element>> {
        (0..heap_map.len() as u64)
            .map(|h| {
                let mut images = Vec::new();
                self.family.for_each_option(h, &mut |parts| {
                    images.push(
                        parts
                            .iter()
                            .fold(0, |x, &p| monoid.mul(x, heap_map[p as usize])),
                    );
                });
                images.sort_unstable();
                images.dedup();
                images
            })
            .collect()
    }

    /// Makes a proven candidate the current quotient (reduced, with
    /// representatives of the fewest tokens).
    fn settle(
        &mut self,
        heap: u64,
        monoid: &BipartiteMonoid,
        heap_map: &[Element],
    ) -> Result<(), QuotientError> {
        let (reduce, reduced) = monoid.reduce();
        if reduced.order() > self.limits.max_order {
            return Err(QuotientError::TooLarge {
                order: reduced.order(),
                heap,
                limit: self.limits.max_order,
            });
        }
        let heap_map: Vec<Element> = heap_map.iter().map(|&x| reduce[x as usize]).collect();
        let Some(representatives) = fewest_tokens(&reduced, &heap_map) else {
            // Elements no sum reaches are not part of the quotient.
            return Err(QuotientError::Refinement { heap });
        };
        self.heap_map = heap_map;
        self.monoid = reduced;
        self.heap_options = self.all_option_images(&self.monoid, &self.heap_map);
        self.representatives = representatives;
        Ok(())
    }

    /// The periodicity shape (k, t) of an octal or hexadecimal game.
    pub(crate) fn shape(&self) -> Option<(u64, u64)> {
        self.shape
    }

    /// Sets the periodicity shape and looks for the proof on the heaps computed.
    pub(crate) fn set_shape_and_prove(&mut self, shape: Option<(u64, u64)>) {
        self.shape = shape;
        self.proof = None;
        self.try_prove();
    }

    /// A quotient from a monoid and heap map proven here: the heap map must be
    /// onto `monoid` (reduced, checked by the caller) and predict every misère
    /// outcome ([`crate::verify::check`] on the family's own options).
    pub(crate) fn from_proven_parts(
        family: F,
        monoid: BipartiteMonoid,
        heap_map: Vec<Element>,
        growth: Vec<(u64, usize)>,
        limits: QuotientLimits,
    ) -> Result<Self, CertificateError> {
        let mut quotient = Self::new(family).with_limits(limits);
        let heap_options = quotient.all_option_images(&monoid, &heap_map);
        let (types, _) = heap_types(&heap_map, &heap_options);
        let states = crate::verify::check(&monoid, &types, limits.max_states)
            .map_err(|error| CertificateError::Check(error.to_string()))?;
        let representatives = fewest_tokens(&monoid, &heap_map).ok_or(CertificateError::NotOnto)?;
        quotient.monoid = monoid;
        quotient.heap_map = heap_map;
        quotient.heap_options = heap_options;
        quotient.representatives = representatives;
        quotient.growth = growth;
        quotient.states = states;
        Ok(quotient)
    }

    /// Looks for the periodicity proof on the heaps computed.
    fn try_prove(&mut self) {
        let Some((parts, removed)) = self.shape else {
            return;
        };
        let last = self.heaps();
        for period in 1..=last / 2 {
            // The smallest n₀ with Φ(h) = Φ(h − p) for all h in [n₀ + p, last].
            let mut start = last;
            while start > period
                && self.heap_map[start as usize] == self.heap_map[(start - period) as usize]
            {
                start -= 1;
            }
            let preperiod = (start + 1 - period).max(1);
            if last + 1 >= parts * (preperiod + period) + removed {
                self.proof = Some(PeriodProof {
                    preperiod,
                    period,
                    checked_to: last,
                    parts,
                    removed,
                });
                return;
            }
        }
    }
}

/// For each element, a sum of heaps with that image and the fewest tokens
/// (Dijkstra's algorithm on the elements, a heap h costing h tokens); `None` if
/// some element is the image of no sum.
fn fewest_tokens(monoid: &BipartiteMonoid, heap_map: &[Element]) -> Option<Vec<Vec<u64>>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = monoid.order();
    let mut best: Vec<Option<(u64, Element, u64)>> = vec![None; n];
    best[0] = Some((0, 0, 0));
    let mut queue = BinaryHeap::from([Reverse((0u64, 0 as Element))]);
    let mut done = vec![false; n];
    // One heap per image: the smallest.
    let mut letters: Vec<(u64, Element)> = Vec::new();
    for (h, &x) in heap_map.iter().enumerate().skip(1) {
        if x != 0 && !letters.iter().any(|&(_, y)| y == x) {
            letters.push((h as u64, x));
        }
    }
    while let Some(Reverse((cost, x))) = queue.pop() {
        if std::mem::replace(&mut done[x as usize], true) {
            continue;
        }
        for &(h, image) in &letters {
            let y = monoid.mul(x, image);
            let c = cost + h;
            if best[y as usize].is_none_or(|(old, _, _)| c < old) {
                best[y as usize] = Some((c, x, h));
                queue.push(Reverse((c, y)));
            }
        }
    }
    (0..n as Element)
        .map(|x| {
            let mut sum = Vec::new();
            let mut at = x;
            while at != 0 {
                let (_, from, h) = best[at as usize]?;
                sum.push(h);
                at = from;
            }
            sum.sort_unstable();
            Some(sum)
        })
        .collect()
}

/// Distinct (image, option images) of the heaps with moves, and the type of
/// each heap (`None` for heaps without moves).
fn heap_types(
    heap_map: &[Element],
    heap_options: &[Vec<Element>],
) -> (Vec<HeapType>, Vec<Option<usize>>) {
    let mut index: HashMap<HeapType, usize> = HashMap::new();
    let mut types = Vec::new();
    let type_of = heap_map
        .iter()
        .zip(heap_options)
        .map(|(&image, options)| {
            if options.is_empty() {
                return None;
            }
            let ty = HeapType {
                image,
                options: options.clone(),
            };
            let fresh = types.len();
            let t = *index.entry(ty.clone()).or_insert(fresh);
            if t == fresh {
                types.push(ty);
            }
            Some(t)
        })
        .collect();
    (types, type_of)
}

/// A candidate Q_n built on the words aᵏ·x.
struct Extension {
    monoid: BipartiteMonoid,
    /// Q_{n-1} → Q_n (x ↦ class of a⁰·x).
    embed: Vec<Element>,
    /// The class of a¹.
    new_heap: Element,
}

impl Extension {
    fn build<F: HeapFamily>(
        q: &MisereQuotient<F>,
        heap: u64,
        options: &[Element],
    ) -> Result<Self, QuotientError> {
        let order = q.monoid.order();
        let mut outcomes = Outcomes {
            q,
            options,
            memo: HashMap::new(),
            levels: Vec::new(),
        };
        // Levels of words aᵏ·x, each word's signature: is a^{k+j}·x·y in P?
        let mut class_of: HashMap<Vec<bool>, Element> = HashMap::new();
        let mut members: Vec<(usize, Element)> = Vec::new();
        let mut word_class: Vec<Vec<Element>> = Vec::new();
        let mut level = 0;
        loop {
            if level > MAX_LEVEL {
                return Err(QuotientError::Powers {
                    heap,
                    levels: MAX_LEVEL,
                });
            }
            let mut classes = Vec::with_capacity(order);
            let mut new_class = false;
            for x in 0..order as Element {
                let signature = outcomes.signature(level, x)?;
                let next = class_of.len() as Element;
                let class = *class_of.entry(signature).or_insert_with(|| {
                    new_class = true;
                    next
                });
                if class == next {
                    members.push((level, x));
                }
                classes.push(class);
            }
            word_class.push(classes);
            if !new_class {
                break;
            }
            level += 1;
        }
        let count = class_of.len();
        // The classes must form a congruence: multiplying by a or by a generator
        // of Q_{n-1} sends a class to one class.
        let old_generators: Vec<Element> = q
            .generators()
            .iter()
            .map(|&g| q.heap_map[g as usize])
            .collect();
        let mut times_a = vec![Element::MAX; count];
        let mut times_old: Vec<Vec<Element>> =
            vec![vec![Element::MAX; count]; old_generators.len()];
        for (k, classes) in word_class.iter().enumerate().take(level) {
            for x in 0..order {
                let c = classes[x] as usize;
                let by_a = word_class[k + 1][x];
                if !set_once(&mut times_a[c], by_a) {
                    return Err(QuotientError::Refinement { heap });
                }
                for (g, &generator) in old_generators.iter().enumerate() {
                    let by_g = classes[q.monoid.mul(x as Element, generator) as usize];
                    if !set_once(&mut times_old[g][c], by_g) {
                        return Err(QuotientError::Refinement { heap });
                    }
                }
            }
        }
        let mut table = vec![0; count * count];
        for (c1, &(k1, x1)) in members.iter().enumerate() {
            for (c2, &(k2, x2)) in members.iter().enumerate() {
                let mut class = word_class[k1][q.monoid.mul(x1, x2) as usize];
                for _ in 0..k2 {
                    class = times_a[class as usize];
                }
                table[c1 * count + c2] = class;
            }
        }
        let p = members
            .iter()
            .map(|&(k, x)| outcomes.value(k, x))
            .collect::<Result<_, _>>()?;
        let monoid = BipartiteMonoid::new(table, p).ok_or(QuotientError::Refinement { heap })?;
        Ok(Self {
            monoid,
            embed: word_class[0].clone(),
            new_heap: word_class[1.min(level)][0],
        })
    }
}

/// Sets `slot` if unset; false if it held another value.
fn set_once(slot: &mut Element, value: Element) -> bool {
    if *slot == Element::MAX {
        *slot = value;
    }
    *slot == value
}

/// Outcomes of nᵏ + X, for X a sum of heaps below n, by the misère mex rule.
struct Outcomes<'a, F> {
    q: &'a MisereQuotient<F>,
    options: &'a [Element],
    memo: HashMap<(usize, Vec<u64>), bool>,
    /// levels[k][x]: whether aᵏ·x is a P-position.
    levels: Vec<Vec<bool>>,
}

impl<F: HeapFamily> Outcomes<'_, F> {
    /// Whether aᵏ·x is a P-position.
    fn value(&mut self, k: usize, x: Element) -> Result<bool, QuotientError> {
        while self.levels.len() <= k {
            let level = self.levels.len();
            let row = (0..self.q.monoid.order() as Element)
                .map(|y| {
                    let rep = self.q.representatives[y as usize].clone();
                    self.is_p(level, rep)
                })
                .collect::<Result<_, _>>()?;
            self.levels.push(row);
        }
        Ok(self.levels[k][x as usize])
    }

    /// [a^{k+j}·x·y ∈ P for j ≤ TEST_POWERS, y in Q_{n-1}].
    fn signature(&mut self, k: usize, x: Element) -> Result<Vec<bool>, QuotientError> {
        let order = self.q.monoid.order() as Element;
        let mut signature = Vec::with_capacity((TEST_POWERS + 1) * order as usize);
        for j in 0..=TEST_POWERS {
            for y in 0..order {
                let xy = self.q.monoid.mul(x, y);
                signature.push(self.value(k + j, xy)?);
            }
        }
        Ok(signature)
    }

    /// Whether nᵏ + X is a misère P-position (X sorted, heaps below n).
    fn is_p(&mut self, k: usize, sum: Vec<u64>) -> Result<bool, QuotientError> {
        let q = self.q;
        if k == 0 {
            return Ok(q.monoid.is_p(q.image_of_sum(&sum).unwrap_or(0)));
        }
        if let Some(&known) = self.memo.get(&(k, sum.clone())) {
            return Ok(known);
        }
        if self.memo.len() >= q.limits.max_outcomes {
            return Err(QuotientError::OutcomesTooMany {
                heap: q.heaps() + 1,
                limit: q.limits.max_outcomes,
            });
        }
        let x = q.image_of_sum(&sum).unwrap_or(0);
        // Options n^{k-1} + h′ + X: through the quotient (a representative of y·x).
        let mut result = true;
        for &y in self.options {
            let yx = q.monoid.mul(y, x);
            let option_is_p = if k == 1 {
                q.monoid.is_p(yx)
            } else {
                self.value(k - 1, yx)?
            };
            if option_is_p {
                result = false;
                break;
            }
        }
        // Options nᵏ + X′.
        if result {
            let mut distinct = sum.clone();
            distinct.dedup();
            'heaps: for h in distinct {
                let mut moves: Vec<Vec<u64>> = Vec::new();
                q.family
                    .for_each_option(h, &mut |parts| moves.push(parts.to_vec()));
                for parts in moves {
                    let mut next = sum.clone();
                    let at = next.iter().position(|&v| v == h).unwrap_or(0);
                    next.remove(at);
                    next.extend(
                        parts
                            .iter()
                            .copied()
                            .filter(|&p| !q.heap_options[p as usize].is_empty()),
                    );
                    next.sort_unstable();
                    if self.is_p(k, next)? {
                        result = false;
                        break 'heaps;
                    }
                }
            }
        }
        self.memo.insert((k, sum), result);
        Ok(result)
    }
}
