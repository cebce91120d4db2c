//! Genus symbols of heap games and their sums (Conway, *On Numbers and Games*,
//! ch. 12; Berlekamp–Conway–Guy, *Winning Ways*, ch. 13).
//!
//! The genus of a game G is g^{γ₀γ₁γ₂…}: g = g⁺(G) is the normal-play Grundy
//! value; γ₀ = g⁻(G) is the misère Grundy value (g⁻ of a game without moves is
//! 1, otherwise the mex of its options' g⁻), and γₖ = g⁻(G + 2 + … + 2) with k
//! copies of the Nim heap *2. The sequence γ₀, γ₁, … alternates between two
//! values from some point on, and is written up to the first two terms of the
//! alternation: *0 has genus 0^{120} (γ = 1, 2, 0, 2, 0, …), *1 has 1^{031},
//! *a (a ≥ 2) has a^{a,a⊕2}.
//!
//! **Tame games.** A game every position of which has the genus of a Nim heap
//! (0^{120}, 1^{031} or a^{a,a⊕2}, a ≥ 2) is *tame*; sums of tame games are
//! played like misère Nim (ONAG, ch. 12, "tame games"; WW ch. 13): with
//! g the XOR of the components' g⁺, the sum is a P-position exactly when either
//! some component has genus a^{a,a⊕2} with a ≥ 2 and g = 0, or every component
//! has genus 0^{120} or 1^{031} and g = 1 ([`tame_sum_is_p`]). A game that is
//! not tame is called wild here; the finer classes of the literature (restive,
//! restless) are not distinguished.

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;
use sprague_engine::HeapFamily;
use thiserror::Error;

/// How many terms γ₀…γ_{K−1} are computed to find the alternation.
const TERMS: usize = 10;

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
        let misere = match a {
            0 => vec![1, 2, 0],
            1 => vec![0, 3, 1],
            _ => vec![a, a ^ 2],
        };
        Self {
            normal: a,
            misere,
            settled: true,
        }
    }

    /// Whether this is the genus of a Nim heap.
    pub fn is_nim_like(&self) -> bool {
        self.settled && *self == Self::nim_heap(self.normal)
    }

    /// Whether this is 0^{120} or 1^{031} (a heap of at most one token).
    fn is_small(&self) -> bool {
        self.normal <= 1 && self.is_nim_like()
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

/// Why a genus could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenusError {
    /// More positions than the limit.
    #[error("the genus needs more than {limit} positions; give smaller heaps")]
    TooLarge {
        /// The limit.
        limit: usize,
    },
}

/// The misère outcome of a sum of tame games from their genera: `Some(true)`
/// for a P-position, `None` when some genus is not a Nim heap's (the rule does
/// not apply). The components must be tame games (every position with a Nim
/// heap's genus), see [`GenusSolver::is_tame`].
///
/// ```
/// use sprague_misere::genus::{tame_sum_is_p, Genus};
/// // Misère Nim: 1 + 1 + 1 is a P-position, 2 + 2 too, 1 + 2 is not.
/// let heap = Genus::nim_heap;
/// assert_eq!(tame_sum_is_p(&[heap(1), heap(1), heap(1)]), Some(true));
/// assert_eq!(tame_sum_is_p(&[heap(2), heap(2)]), Some(true));
/// assert_eq!(tame_sum_is_p(&[heap(1), heap(2)]), Some(false));
/// ```
pub fn tame_sum_is_p(genera: &[Genus]) -> Option<bool> {
    if !genera.iter().all(Genus::is_nim_like) {
        return None;
    }
    let g = genera.iter().fold(0, |x, genus| x ^ genus.normal);
    if genera.iter().all(Genus::is_small) {
        Some(g == 1)
    } else {
        Some(g == 0)
    }
}

/// Genus symbols of sums of heaps of a heap family, memoised, with a limit on
/// the positions kept.
///
/// ```
/// use sprague_misere::genus::GenusSolver;
/// use sprague_takebreak::TakeBreak;
/// let mut solver = GenusSolver::new(TakeBreak::octal("0.77").unwrap(), 1_000_000);
/// // A Kayles heap of one pin is *1: genus 1^031.
/// assert_eq!(solver.genus(&[1]).unwrap().to_string(), "1^031");
/// ```
pub struct GenusSolver<F> {
    family: F,
    limit: usize,
    normal: HashMap<u64, u64>,
    /// g⁻ of (heaps, number of *2, number of *1).
    misere: HashMap<(Vec<u64>, u32, u32), u64>,
    /// Tameness of each heap (its positions all Nim-like).
    tame: HashMap<u64, bool>,
}

impl<F: HeapFamily> GenusSolver<F> {
    /// A solver keeping at most `limit` positions.
    pub fn new(family: F, limit: usize) -> Self {
        Self {
            family,
            limit,
            normal: HashMap::new(),
            misere: HashMap::new(),
            tame: HashMap::new(),
        }
    }

    /// The genus of the sum of `heaps`.
    ///
    /// # Errors
    /// [`GenusError::TooLarge`] past the limit.
    pub fn genus(&mut self, heaps: &[u64]) -> Result<Genus, GenusError> {
        let normal = heaps.iter().fold(0, |x, &h| x ^ self.normal_value(h));
        let sum = self.canonical(heaps.to_vec());
        let mut terms = Vec::with_capacity(TERMS);
        for k in 0..TERMS as u32 {
            terms.push(self.misere_value(&sum, k, 0)?);
        }
        let start = (0..TERMS - 2).find(|&m| (m..TERMS - 2).all(|k| terms[k + 2] == terms[k]));
        Ok(match start {
            Some(m) => Genus {
                normal,
                misere: terms[..m + 2].to_vec(),
                settled: true,
            },
            None => Genus {
                normal,
                misere: terms,
                settled: false,
            },
        })
    }

    /// Whether the heap is tame: every position reachable from it (a sum of
    /// heaps) has a Nim heap's genus.
    ///
    /// # Errors
    /// [`GenusError::TooLarge`] past the limit.
    pub fn is_tame(&mut self, heap: u64) -> Result<bool, GenusError> {
        if let Some(&known) = self.tame.get(&heap) {
            return Ok(known);
        }
        // The positions of a heap are the heap itself and the positions of its options' sums.
        let mut positions: Vec<Vec<u64>> = vec![vec![heap]];
        let mut seen: std::collections::HashSet<Vec<u64>> = positions.iter().cloned().collect();
        let mut next = 0;
        while next < positions.len() {
            let sum = positions[next].clone();
            next += 1;
            if !self.genus(&sum)?.is_nim_like() {
                self.tame.insert(heap, false);
                return Ok(false);
            }
            for option in self.options(&sum) {
                if seen.len() >= self.limit {
                    return Err(GenusError::TooLarge { limit: self.limit });
                }
                if seen.insert(option.clone()) {
                    positions.push(option);
                }
            }
        }
        self.tame.insert(heap, true);
        Ok(true)
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
            let mut mex = 0;
            while seen.contains(&mex) {
                mex += 1;
            }
            self.normal.insert(h, mex);
        }
        self.normal[&heap]
    }

    /// Heaps with moves, sorted.
    fn canonical(&self, mut heaps: Vec<u64>) -> Vec<u64> {
        heaps.retain(|&h| {
            let mut any = false;
            self.family.for_each_option(h, &mut |_| any = true);
            any
        });
        heaps.sort_unstable();
        heaps
    }

    /// The sums one move away from `sum` (moves in the heaps only).
    fn options(&self, sum: &[u64]) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        let mut distinct = sum.to_vec();
        distinct.dedup();
        for h in distinct {
            let mut moves: Vec<Vec<u64>> = Vec::new();
            self.family
                .for_each_option(h, &mut |parts| moves.push(parts.to_vec()));
            for parts in moves {
                let mut next = sum.to_vec();
                let at = next.iter().position(|&v| v == h).unwrap_or(0);
                next.remove(at);
                next.extend(parts);
                options.push(self.canonical(next));
            }
        }
        options
    }

    /// g⁻ of `sum` + `twos`·*2 + `ones`·*1.
    fn misere_value(&mut self, sum: &[u64], twos: u32, ones: u32) -> Result<u64, GenusError> {
        let key = (sum.to_vec(), twos, ones);
        if let Some(&value) = self.misere.get(&key) {
            return Ok(value);
        }
        if self.misere.len() >= self.limit {
            return Err(GenusError::TooLarge { limit: self.limit });
        }
        let mut seen = Vec::new();
        for option in self.options(sum) {
            seen.push(self.misere_value(&option, twos, ones)?);
        }
        if twos > 0 {
            seen.push(self.misere_value(sum, twos - 1, ones + 1)?);
            seen.push(self.misere_value(sum, twos - 1, ones)?);
        }
        if ones > 0 {
            seen.push(self.misere_value(sum, twos, ones - 1)?);
        }
        let value = if seen.is_empty() {
            1
        } else {
            let mut mex = 0;
            while seen.contains(&mex) {
                mex += 1;
            }
            mex
        };
        self.misere.insert(key, value);
        Ok(value)
    }
}
