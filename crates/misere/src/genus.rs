//! Genus symbols of heap games and their sums, and the tame / restive /
//! restless classes (Conway, *On Numbers and Games*, ch. 12;
//! Berlekamp–Conway–Guy, *Winning Ways*, ch. 13).
//!
//! The genus of a game G is g^{γ₀γ₁γ₂…}: g = g⁺(G) is the normal-play Grundy
//! value; γ₀ = g⁻(G) is the misère Grundy value (g⁻ of a game without moves is
//! 1, otherwise the mex of its options' g⁻), and γₖ = g⁻(G + 2 + … + 2) with k
//! copies of the Nim heap *2. The sequence alternates between two values from
//! some point on and is written up to the first two terms of the alternation:
//! *0 has genus 0^{120} (γ = 1, 2, 0, 2, 0, …), *1 has 1^{031}, and a Nim
//! position with a heap of two or more tokens and Nim-sum a has a^{a,a⊕2}.
//!
//! **Computation.** g⁻(H + *1) = g⁻(H) ⊕ 1 for every game H (by induction: if
//! g⁻(H) = m, the options of H + *1 have the values g⁻(H′) ⊕ 1, which with m
//! itself cover exactly 0…m⊕1 − 1 and miss m ⊕ 1). A *2 moves to *1 or to 0, so
//! γₖ(G) = mex({γₖ(G′) : G′ an option of G} ∪ {γₖ₋₁(G), γₖ₋₁(G) ⊕ 1}) for k ≥ 1:
//! the whole vector γ₀…γ_{K−1} of a sum is computed from its options' vectors,
//! one entry per position ([`GenusSolver`]).
//!
//! **Tame games.** The genera 0^{120} and 1^{031} (*fickle*) and g^{g,g⊕2} for
//! every g ≥ 0 (*firm*; 0^{02} is the genus of *2 + *2, 1^{13} of *2 + *3) are
//! those of Nim positions. A game every position of which has such a genus is
//! *tame*, and sums of tame games are played like misère Nim ([`tame_sum_is_p`]):
//! with g the Nim-sum of the components' g⁺, the sum is a P-position exactly
//! when some component is firm and g = 0, or every component is fickle and
//! g = 1. A sum is tame exactly when its components are (a sum of tame games is
//! tame; a wild position of a component, beside the other components played
//! out, is a wild position of the sum), so a heap is tame exactly when its
//! genus is a Nim position's and the heaps its moves leave are tame
//! ([`GenusSolver::is_tame`]).
//!
//! **Restive and restless.** Conway describes restive games as "ambivalent
//! Nim-heaps, which choose their size (g₀ or g) according to their company"
//! (ONAG p. 146, quoted by Plambeck, *INTEGERS* 5 (2005) #G05, §1). sprague
//! reads this operationally from the genus: a game that is not tame is
//! **restive** when γₖ(G) = γₖ(*g) for every k ≥ 1 computed — beside any
//! number (at least one) of *2's, and then of *1's, it plays like the Nim heap
//! *g, while alone it has its own misère value γ₀ — and **restless** otherwise
//! ([`GenusClass`]). This is the criterion sprague computes, not a quotation of
//! ONAG's definition.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde::Serialize;
use sprague_engine::HeapFamily;
use thiserror::Error;

/// How many terms γ₀…γ_{K−1} are computed to find the alternation.
const TERMS: usize = 10;

/// How many new positions are computed between two looks at the stop flag.
const POLL_EVERY: usize = 4096;

/// A genus symbol.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// g⁺: the normal-play Grundy value.
    pub normal: u64,
    /// γ₀, γ₁, … up to the first two terms of the final alternation.
    pub misere: Vec<u64>,
    /// Whether the alternation was reached within the terms computed (if not,
    /// `misere` holds every term computed).
    pub settled: bool,
}

impl Genus {
    /// The genus of a Nim heap of size `a`: 0^{120}, 1^{031}, a^{a,a⊕2}.
    ///
    /// ```
    /// use sprague_misere::genus::Genus;
    /// assert_eq!(Genus::nim_heap(0).to_string(), "0^120");
    /// assert_eq!(Genus::nim_heap(1).to_string(), "1^031");
    /// assert_eq!(Genus::nim_heap(4).to_string(), "4^46");
    /// ```
    pub fn nim_heap(a: u64) -> Self {
        if a <= 1 {
            Self::from_terms(a, &Self::terms_of_nim_heap(a))
        } else {
            Self::firm(a)
        }
    }

    /// The genus g^{g,g⊕2} of a firm Nim position of Nim-sum g (one with a heap
    /// of at least two tokens).
    ///
    /// ```
    /// use sprague_misere::genus::Genus;
    /// // *2 + *2 and *2 + *3.
    /// assert_eq!(Genus::firm(0).to_string(), "0^02");
    /// assert_eq!(Genus::firm(1).to_string(), "1^13");
    /// ```
    pub fn firm(g: u64) -> Self {
        Self {
            normal: g,
            misere: vec![g, g ^ 2],
            settled: true,
        }
    }

    /// γ₀…γ_{K−1} of the Nim heap *a.
    fn terms_of_nim_heap(a: u64) -> [u64; TERMS] {
        let mut terms = [0; TERMS];
        for (k, term) in terms.iter_mut().enumerate() {
            *term = match (a, k) {
                (0, 0) => 1,
                (1, 0) => 0,
                (_, 0) => a,
                _ if k % 2 == 1 => a ^ 2,
                _ => a,
            };
        }
        terms
    }

    /// The genus written from the terms γ₀…γ_{K−1}.
    fn from_terms(normal: u64, terms: &[u64]) -> Self {
        let n = terms.len();
        let start =
            (0..n.saturating_sub(2)).find(|&m| (m..n - 2).all(|k| terms[k + 2] == terms[k]));
        match start {
            Some(m) => Self {
                normal,
                misere: terms[..m + 2].to_vec(),
                settled: true,
            },
            None => Self {
                normal,
                misere: terms.to_vec(),
                settled: false,
            },
        }
    }

    /// The term γₖ (the written alternation continued).
    fn term(&self, k: usize) -> u64 {
        let n = self.misere.len();
        if k < n || !self.settled || n < 2 {
            return self.misere.get(k).copied().unwrap_or(0);
        }
        self.misere[n - 2 + (k - (n - 2)) % 2]
    }

    /// Whether this is 0^{120} or 1^{031}: a fickle Nim position's genus.
    ///
    /// ```
    /// use sprague_misere::genus::Genus;
    /// assert!(Genus::nim_heap(1).is_fickle());
    /// assert!(!Genus::firm(0).is_fickle());
    /// ```
    pub fn is_fickle(&self) -> bool {
        self.settled && self.normal <= 1 && *self == Self::nim_heap(self.normal)
    }

    /// Whether this is g^{g,g⊕2}: a firm Nim position's genus.
    ///
    /// ```
    /// use sprague_misere::genus::Genus;
    /// assert!(Genus::nim_heap(5).is_firm());
    /// assert!(Genus::firm(1).is_firm());
    /// assert!(!Genus::nim_heap(1).is_firm());
    /// ```
    pub fn is_firm(&self) -> bool {
        self.settled && *self == Self::firm(self.normal)
    }

    /// Whether this is the genus of a Nim position (fickle or firm), the genus
    /// every position of a tame game has.
    ///
    /// ```
    /// use sprague_misere::genus::Genus;
    /// assert!(Genus::firm(0).is_tame_genus());
    /// assert!(Genus::nim_heap(0).is_tame_genus());
    /// ```
    pub fn is_tame_genus(&self) -> bool {
        self.is_fickle() || self.is_firm()
    }

    /// Whether this is the genus of a Nim heap (0^{120}, 1^{031}, a^{a,a⊕2} with a ≥ 2).
    ///
    /// ```
    /// use sprague_misere::genus::Genus;
    /// assert!(Genus::nim_heap(3).is_nim_like());
    /// assert!(!Genus::firm(0).is_nim_like());
    /// ```
    pub fn is_nim_like(&self) -> bool {
        self.settled && *self == Self::nim_heap(self.normal)
    }

    /// Whether γₖ = γₖ(*g) for every k ≥ 1 computed: beside one *2 or more the
    /// game plays like the Nim heap *g, g its normal value (the restive
    /// criterion, see the module's documentation).
    ///
    /// ```
    /// use sprague_misere::genus::{Genus, GenusSolver};
    /// use sprague_takebreak::TakeBreak;
    /// let mut solver = GenusSolver::new(TakeBreak::octal("0.77").unwrap(), 100_000);
    /// // Kayles: heap 5 has genus 4^{146} (beside *2's it plays like *6, not *4).
    /// assert!(!solver.genus(&[5]).unwrap().plays_like_its_nim_heap_when_firm());
    /// assert!(Genus::nim_heap(7).plays_like_its_nim_heap_when_firm());
    /// ```
    pub fn plays_like_its_nim_heap_when_firm(&self) -> bool {
        let heap = Self::terms_of_nim_heap(self.normal);
        self.settled && (1..TERMS).all(|k| self.term(k) == heap[k])
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let terms: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        let separator = if self.misere.iter().all(|&t| t < 10) {
            ""
        } else {
            ","
        };
        let tail = if self.settled { "" } else { "…" };
        write!(f, "{}^{}{tail}", self.normal, terms.join(separator))
    }
}

/// The class of a game in genus theory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GenusClass {
    /// Every position has the genus of a Nim position.
    Tame,
    /// Not tame, but plays like its Nim heap *g beside *2's (γₖ = γₖ(*g), k ≥ 1).
    Restive,
    /// Neither tame nor restive.
    Restless,
}

impl GenusClass {
    /// The class's name: `tame`, `restive` or `restless`.
    ///
    /// ```
    /// use sprague_misere::genus::GenusClass;
    /// assert_eq!(GenusClass::Restive.name(), "restive");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            GenusClass::Tame => "tame",
            GenusClass::Restive => "restive",
            GenusClass::Restless => "restless",
        }
    }
}

/// Why a genus could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenusError {
    /// More positions than the limit.
    #[error("the genus needs more than {limit} positions; give smaller heaps")]
    TooLarge {
        /// The limit.
        limit: usize,
    },
    /// The stop flag was set.
    #[error("the genus computation was interrupted")]
    Interrupted,
    /// A heap too large for the genus computation.
    #[error(
        "heap {heap} is too large for the genus computation (at most {} tokens)",
        Heap::MAX
    )]
    HeapTooLarge {
        /// The heap.
        heap: u64,
    },
}

/// The misère outcome of a sum of tame games from their genera: `Some(true)`
/// for a P-position, `None` when some genus is not a Nim position's (the rule
/// does not apply). The components must be tame games (every position with a
/// Nim position's genus), see [`GenusSolver::is_tame`].
///
/// ```
/// use sprague_misere::genus::{tame_sum_is_p, Genus};
/// // Misère Nim: 1 + 1 + 1 is a P-position, 2 + 2 too, 1 + 2 is not.
/// let heap = Genus::nim_heap;
/// assert_eq!(tame_sum_is_p(&[heap(1), heap(1), heap(1)]), Some(true));
/// assert_eq!(tame_sum_is_p(&[heap(2), heap(2)]), Some(true));
/// assert_eq!(tame_sum_is_p(&[heap(1), heap(2)]), Some(false));
/// // A firm component of Nim-sum 0 (as *2 + *2) beside *3 + *3.
/// assert_eq!(tame_sum_is_p(&[Genus::firm(0), Genus::firm(0)]), Some(true));
/// ```
pub fn tame_sum_is_p(genera: &[Genus]) -> Option<bool> {
    if !genera.iter().all(Genus::is_tame_genus) {
        return None;
    }
    let g = genera.iter().fold(0, |x, genus| x ^ genus.normal);
    if genera.iter().all(Genus::is_fickle) {
        Some(g == 1)
    } else {
        Some(g == 0)
    }
}

/// Genus symbols of sums of heaps of a heap family, memoised, with a limit on
/// the positions kept and an optional stop flag.
///
/// ```
/// use sprague_misere::genus::{GenusClass, GenusSolver};
/// use sprague_takebreak::TakeBreak;
/// let mut solver = GenusSolver::new(TakeBreak::octal("0.77").unwrap(), 1_000_000);
/// // A Kayles heap of one pin is *1: genus 1^031.
/// assert_eq!(solver.genus(&[1]).unwrap().to_string(), "1^031");
/// assert_eq!(solver.class(4).unwrap(), GenusClass::Tame);
/// assert_eq!(solver.class(5).unwrap(), GenusClass::Restless);
/// ```
pub struct GenusSolver<F> {
    family: F,
    limit: usize,
    stop: Option<Arc<AtomicBool>>,
    normal: HashMap<u64, u64>,
    /// The moves of each heap: the heaps with moves each leaves, sorted, without repeats.
    moves: HashMap<Heap, Rc<[Box<[Heap]>]>>,
    /// γ₀…γ_{K−1} of each sum (heaps with moves, sorted).
    terms: HashMap<Box<[Heap]>, [u32; TERMS]>,
    /// Tameness of each heap.
    tame: HashMap<u64, bool>,
}

/// A heap size inside the solver (positions explode long before 65 535 tokens).
type Heap = u16;

impl<F: HeapFamily> GenusSolver<F> {
    /// A solver keeping at most `limit` positions.
    pub fn new(family: F, limit: usize) -> Self {
        Self {
            family,
            limit,
            stop: None,
            normal: HashMap::new(),
            moves: HashMap::new(),
            terms: HashMap::new(),
            tame: HashMap::new(),
        }
    }

    /// The same solver, stopping with [`GenusError::Interrupted`] soon after
    /// `stop` is set.
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use sprague_misere::genus::{GenusError, GenusSolver};
    /// use sprague_takebreak::TakeBreak;
    /// let stop = Arc::new(AtomicBool::new(true));
    /// let mut solver = GenusSolver::new(TakeBreak::octal("0.77").unwrap(), 1_000_000)
    ///     .with_stop(stop);
    /// assert_eq!(solver.genus(&[40]), Err(GenusError::Interrupted));
    /// ```
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// How many positions the solver keeps now (sums whose genus terms are known).
    ///
    /// ```
    /// use sprague_misere::genus::GenusSolver;
    /// use sprague_takebreak::TakeBreak;
    /// let mut solver = GenusSolver::new(TakeBreak::octal("0.77").unwrap(), 1_000_000);
    /// solver.genus(&[3]).unwrap();
    /// // {3}, {2}, {1,1}, {1}, {}.
    /// assert_eq!(solver.positions_kept(), 5);
    /// ```
    pub fn positions_kept(&self) -> usize {
        self.terms.len()
    }

    /// How many distinct positions (sums of heaps) the single heaps in `heaps`
    /// reach together: the entries [`GenusSolver::genus`] keeps for them, counted
    /// before the genus computation (a plain walk, no values).
    ///
    /// # Errors
    /// [`GenusError::TooLarge`] past `limit`, [`GenusError::Interrupted`] once
    /// `stop` is set.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use sprague_misere::genus::{GenusError, GenusSolver};
    /// use sprague_takebreak::TakeBreak;
    /// let mut solver = GenusSolver::new(TakeBreak::octal("0.77").unwrap(), 1_000_000);
    /// let go = AtomicBool::new(false);
    /// // Kayles heaps 1..=3: {3}, {2}, {1,1}, {1}, {} (heaps without moves dropped).
    /// assert_eq!(solver.positions_of_heaps(&[1, 2, 3], 100, &go), Ok(5));
    /// assert_eq!(
    ///     solver.positions_of_heaps(&[1, 2, 3], 4, &go),
    ///     Err(GenusError::TooLarge { limit: 4 })
    /// );
    /// ```
    pub fn positions_of_heaps(
        &mut self,
        heaps: &[u64],
        limit: usize,
        stop: &AtomicBool,
    ) -> Result<usize, GenusError> {
        let mut seen: HashSet<Box<[Heap]>> = HashSet::new();
        let mut stack: Vec<Box<[Heap]>> = Vec::new();
        let mut visit = |sum: Box<[Heap]>, stack: &mut Vec<Box<[Heap]>>| {
            if seen.contains(&sum) {
                return Ok(());
            }
            if seen.len() >= limit {
                return Err(GenusError::TooLarge { limit });
            }
            if seen.len().is_multiple_of(POLL_EVERY) && stop.load(Ordering::Relaxed) {
                return Err(GenusError::Interrupted);
            }
            seen.insert(sum.clone());
            stack.push(sum);
            Ok(())
        };
        for &heap in heaps {
            let start = self.canonical(&[heap])?;
            visit(start, &mut stack)?;
            while let Some(sum) = stack.pop() {
                for option in self.options(&sum) {
                    visit(option, &mut stack)?;
                }
            }
        }
        Ok(seen.len())
    }

    /// The genus of the sum of `heaps`.
    ///
    /// # Errors
    /// [`GenusError::TooLarge`] past the limit, [`GenusError::Interrupted`] once
    /// the stop flag is set.
    pub fn genus(&mut self, heaps: &[u64]) -> Result<Genus, GenusError> {
        let normal = heaps.iter().fold(0, |x, &h| x ^ self.normal_value(h));
        let sum = self.canonical(heaps)?;
        let terms = self.terms_of(&sum)?.map(u64::from);
        Ok(Genus::from_terms(normal, &terms))
    }

    /// Whether the heap is tame: every position reachable from it (a sum of
    /// heaps) has a Nim position's genus. Computed as: the heap's genus is a
    /// Nim position's and every heap its moves leave is tame.
    ///
    /// # Errors
    /// As [`GenusSolver::genus`].
    pub fn is_tame(&mut self, heap: u64) -> Result<bool, GenusError> {
        if let Some(&known) = self.tame.get(&heap) {
            return Ok(known);
        }
        let mut parts: Vec<u64> = Vec::new();
        self.family.for_each_option(heap, &mut |option| {
            parts.extend(option.iter().copied().filter(|&p| p < heap));
        });
        parts.sort_unstable();
        parts.dedup();
        let mut tame = self.genus(&[heap])?.is_tame_genus();
        for part in parts {
            if !tame {
                break;
            }
            tame = self.is_tame(part)?;
        }
        self.tame.insert(heap, tame);
        Ok(tame)
    }

    /// The heap's class: tame, restive or restless.
    ///
    /// # Errors
    /// As [`GenusSolver::genus`].
    pub fn class(&mut self, heap: u64) -> Result<GenusClass, GenusError> {
        if self.is_tame(heap)? {
            return Ok(GenusClass::Tame);
        }
        Ok(
            if self.genus(&[heap])?.plays_like_its_nim_heap_when_firm() {
                GenusClass::Restive
            } else {
                GenusClass::Restless
            },
        )
    }

    fn normal_value(&mut self, heap: u64) -> u64 {
        if let Some(&value) = self.normal.get(&heap) {
            return value;
        }
        // Values of smaller heaps first (no recursion deeper than one level).
        for h in 0..=heap {
            if self.normal.contains_key(&h) {
                continue;
            }
            let mut seen = Vec::new();
            let normal = &self.normal;
            self.family.for_each_option(h, &mut |parts| {
                seen.push(parts.iter().fold(0, |x, p| x ^ normal[p]));
            });
            let mut value = 0;
            while seen.contains(&value) {
                value += 1;
            }
            self.normal.insert(h, value);
        }
        self.normal[&heap]
    }

    /// The moves of `heap`: for each, the heaps with moves it leaves, sorted.
    fn moves_of(&mut self, heap: Heap) -> Rc<[Box<[Heap]>]> {
        if let Some(moves) = self.moves.get(&heap) {
            return Rc::clone(moves);
        }
        let mut moves: Vec<Box<[Heap]>> = Vec::new();
        let mut raw: Vec<Vec<u64>> = Vec::new();
        self.family
            .for_each_option(u64::from(heap), &mut |parts| raw.push(parts.to_vec()));
        for parts in raw {
            // Parts are smaller than the heap, so they fit and their moves are known first.
            let mut left: Vec<Heap> = Vec::with_capacity(parts.len());
            for part in parts {
                let part = Heap::try_from(part).unwrap_or(heap);
                if part < heap && !self.moves_of(part).is_empty() {
                    left.push(part);
                }
            }
            left.sort_unstable();
            moves.push(left.into_boxed_slice());
        }
        moves.sort_unstable();
        moves.dedup();
        let moves: Rc<[Box<[Heap]>]> = moves.into();
        self.moves.insert(heap, Rc::clone(&moves));
        moves
    }

    /// The sum of `heaps` as the solver keeps it: heaps with moves, sorted.
    fn canonical(&mut self, heaps: &[u64]) -> Result<Box<[Heap]>, GenusError> {
        let mut sum = Vec::with_capacity(heaps.len());
        for &heap in heaps {
            let small = Heap::try_from(heap).map_err(|_| GenusError::HeapTooLarge { heap })?;
            // Moves of smaller heaps first, so that the recursion stays shallow.
            for h in 0..=small {
                self.moves_of(h);
            }
            if !self.moves_of(small).is_empty() {
                sum.push(small);
            }
        }
        sum.sort_unstable();
        Ok(sum.into_boxed_slice())
    }

    /// The sums one move away from `sum` (moves in the heaps only).
    fn options(&mut self, sum: &[Heap]) -> Vec<Box<[Heap]>> {
        let mut options = Vec::new();
        for (index, &h) in sum.iter().enumerate() {
            if index > 0 && sum[index - 1] == h {
                continue;
            }
            let moves = self.moves_of(h);
            for parts in moves.iter() {
                let mut next: Vec<Heap> = Vec::with_capacity(sum.len() + parts.len());
                next.extend_from_slice(&sum[..index]);
                next.extend_from_slice(&sum[index + 1..]);
                next.extend_from_slice(parts);
                next.sort_unstable();
                options.push(next.into_boxed_slice());
            }
        }
        options
    }

    /// γ₀…γ_{K−1} of `sum` (canonical), from its options' terms.
    fn terms_of(&mut self, sum: &[Heap]) -> Result<[u32; TERMS], GenusError> {
        if let Some(&known) = self.terms.get(sum) {
            return Ok(known);
        }
        if self.terms.len() >= self.limit {
            return Err(GenusError::TooLarge { limit: self.limit });
        }
        if self.terms.len().is_multiple_of(POLL_EVERY)
            && self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            return Err(GenusError::Interrupted);
        }
        let options = self.options(sum);
        let mut option_terms = Vec::with_capacity(options.len());
        for option in &options {
            option_terms.push(self.terms_of(option)?);
        }
        let mut terms = [0; TERMS];
        let mut seen: Vec<u32> = Vec::with_capacity(option_terms.len() + 2);
        for k in 0..TERMS {
            seen.clear();
            seen.extend(option_terms.iter().map(|t| t[k]));
            if k == 0 {
                terms[0] = if seen.is_empty() { 1 } else { mex(&mut seen) };
            } else {
                seen.push(terms[k - 1]);
                seen.push(terms[k - 1] ^ 1);
                terms[k] = mex(&mut seen);
            }
        }
        self.terms.insert(sum.into(), terms);
        Ok(terms)
    }
}

/// The least natural number not in `values` (which it sorts).
fn mex(values: &mut [u32]) -> u32 {
    values.sort_unstable();
    let mut mex = 0;
    for &v in values.iter() {
        if v == mex {
            mex += 1;
        } else if v > mex {
            break;
        }
    }
    mex
}

/// An upper bound on the positions the heaps 1..=`largest` reach: a position is a
/// multiset of heaps with at most `largest` tokens in all (moves never add tokens), and
/// there are Σ_{n ≤ largest} p(n) of those (p the partition function). `None` once the
/// bound passes `limit`.
///
/// ```
/// use sprague_misere::genus::positions_bound;
/// // p(0) + p(1) + p(2) + p(3) = 1 + 1 + 2 + 3.
/// assert_eq!(positions_bound(3, 100), Some(7));
/// assert_eq!(positions_bound(200, 1_000_000), None);
/// ```
pub fn positions_bound(largest: u64, limit: usize) -> Option<usize> {
    let largest = usize::try_from(largest).ok()?;
    // p(0..=n) grown one n at a time: p(n) by Euler's pentagonal recurrence.
    let mut p: Vec<usize> = vec![1];
    let mut total: usize = 1;
    for n in 1..=largest {
        let mut value: i128 = 0;
        for k in 1.. {
            let k = k as i128;
            let sign = if k % 2 == 1 { 1 } else { -1 };
            let mut any = false;
            for pentagonal in [k * (3 * k - 1) / 2, k * (3 * k + 1) / 2] {
                if pentagonal <= n as i128 {
                    value += sign * p[n - pentagonal as usize] as i128;
                    any = true;
                }
            }
            if !any {
                break;
            }
        }
        let value = usize::try_from(value).ok()?;
        total = total.checked_add(value)?;
        if total > limit {
            return None;
        }
        p.push(value);
    }
    Some(total)
}
