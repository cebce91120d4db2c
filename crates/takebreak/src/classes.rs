//! Rare and common positions ("sparse space"), with or without the parity of
//! the position, and how the classes of the parts of a move combine.
//!
//! **Classes.** Fix a mask M and write p(v) for the parity of the bits of
//! v ∧ M; p(v ⊕ w) = p(v) ⊕ p(w), because (v ⊕ w) ∧ M = (v ∧ M) ⊕ (w ∧ M) and
//! the parity of the bits is additive under ⊕. The *class* of position x with
//! value g(x) is
//!
//! χ(x) = p(g(x)) ⊕ e·((x + t) mod 2),  e, t ∈ {0, 1},
//!
//! and x is *rare* when χ(x) = 0, *common* otherwise. With e = 0 this is the
//! sparse space of *Winning Ways* (2nd ed., ch. 4 extras, "Sparse space spells
//! speed"); with e = 1 it is A. Flammenkamp's sparse space in the domain
//! ("Sparse- and common-positions of Sprague–Grundy values of octal games":
//! x is sparse when p(g(x)) = (x − t) mod 2, t the index of the splitting
//! digit). His example is 0.051 with every bit in the mask: only positions 0,
//! 3, 7, 13, 17, 27 and 37 are rare; without the parity of the position the
//! best mask leaves 4,377 of g(1..=10,000) rare (see
//! `docs/takebreak-measurements.md`).
//!
//! **How the classes of the parts combine.** A move from heap n removes k
//! tokens and leaves j heaps x₁ … x_j with x₁ + … + x_j = m = n − k. Its value
//! is w = g(x₁) ⊕ … ⊕ g(x_j), so, since p(g(xᵢ)) = χ(xᵢ) ⊕ e(xᵢ + t),
//!
//! p(w) = χ(x₁) ⊕ … ⊕ χ(x_j) ⊕ e·((m + j·t) mod 2).            (1)
//!
//! The parities of the parts are not free: they add up to the parity of m,
//! which is all that (1) needs of them. Heap n is common exactly when
//! p(g(n)) = 1 ⊕ e(n + t). With (1) and n + m ≡ k (mod 2), a move's tuple of
//! parts gives a value of heap n's common class exactly when
//!
//! χ(x₁) ⊕ … ⊕ χ(x_j) = 1 ⊕ e·((k + (j + 1)·t) mod 2).           (2)
//!
//! Parts that are all common have χ-sum j mod 2; by (1) their values all have
//! the *abundant parity* (j + e(m + j·t)) mod 2 of the move
//! ([`RareClass::abundant_parity`]), and every value of the other parity comes
//! from a tuple with at least one rare part. So, for any class:
//!
//! *after pairing every rare position with the rest of each move, every option
//! value whose parity is not the abundant parity of its move is known*; a
//! candidate mex c is final as soon as every move whose remaining tuples are
//! not all scanned has an abundant parity other than p(c).
//!
//! The class is *compatible* with the rule ([`RareClass::compatible`]) when, by
//! (2), all-common tuples never give heap n's common class, that is
//! j + e(k + (j + 1)t) is even for every splitting move (k, j):
//!
//! - two heaps (j = 2): e = 0, or t ≡ k (mod 2) — Flammenkamp's t;
//! - three heaps (j = 3): e = 1 and k odd (t drops out, as 4t is even). With
//!   e = 0, three common parts have a common value (1 ⊕ 1 ⊕ 1 = 1): the
//!   three-heap moves of a game with sparse space in the range produce common
//!   values in abundance and need a whole scan for every common heap.
//!
//! Then a common heap's value is final after the rare pairs (and triples),
//! and only heaps whose candidate is rare need a scan of the common tuples.
//! Splits at removals of both parities admit no compatible class with e = 1
//! (as Flammenkamp notes), nor three-heap splits at an even removal.
//!
//! **Choosing the class.** With c⁰ᵥ and c¹ᵥ the numbers of even and odd
//! positions x ≥ 1 of value v, N = Σ (c⁰ᵥ + c¹ᵥ), and Ŵ the Walsh–Hadamard
//! transform (Ŵf(M) = Σᵥ (−1)^p(v) f(v)), the rare positions number
//! (N + Ŵ(c⁰ + c¹)(M))/2 with e = 0 and (N ± Ŵ(c⁰ − c¹)(M))/2 with e = 1 and
//! t = 0 (+) or 1 (−). Two transforms rank every class at once;
//! [`best_class`] takes the mask with the fewest rare positions, and the
//! position's parity with it when a compatible class with it has at most half
//! as many (the classes by value alone run the narrow kernels of Grundy's
//! game; Dawson's Kayles, 0.07, has 9,702 rare positions of 30,000 with it
//! against 12,357 without, and is quicker without) or when the rule has
//! three-heap splits (then no class by value alone is compatible).

use std::fmt;

use crate::rule::TakeBreak;

/// Which positions are rare: the parity of the bits of g(x) ∧ `mask`, xored
/// with the parity of x + t when `position` is `Some(t)` (see the module
/// documentation); rare when that is 0.
///
/// ```
/// use sprague_takebreak::classes::RareClass;
/// let plain = RareClass { mask: 0b11, position: None };
/// assert!(plain.is_rare(5, 0b11) && !plain.is_rare(5, 0b01));
/// // Flammenkamp's 0.051: rare when the parity of g(x) is that of x.
/// let domain = RareClass { mask: u32::MAX, position: Some(0) };
/// assert!(domain.is_rare(3, 1) && !domain.is_rare(4, 1));
/// assert_eq!(domain.to_string(), "mask 0xffffffff with the parity of n");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RareClass {
    /// M: the bits of the value whose parity counts.
    pub mask: u32,
    /// `Some(t)`: the parity of the position x + t counts too (t = 0 or 1).
    pub position: Option<u32>,
}

impl RareClass {
    /// No class: no position is rare (the sweep is plain).
    pub const NONE: Self = Self {
        mask: 0,
        position: None,
    };

    /// Whether the class splits the positions at all.
    ///
    /// ```
    /// use sprague_takebreak::classes::RareClass;
    /// assert!(!RareClass::NONE.is_some());
    /// assert!(RareClass { mask: 0, position: Some(1) }.is_some());
    /// ```
    pub fn is_some(self) -> bool {
        self.mask != 0 || self.position.is_some()
    }

    /// p(v): the parity of the bits of `value` ∧ M.
    ///
    /// ```
    /// use sprague_takebreak::classes::RareClass;
    /// let class = RareClass { mask: 0b110, position: None };
    /// assert_eq!((class.value_parity(0b011), class.value_parity(0b110)), (1, 0));
    /// ```
    #[inline]
    pub fn value_parity(self, value: u32) -> u32 {
        (value & self.mask).count_ones() & 1
    }

    /// e·((x + t) mod 2) for position `position`.
    #[inline]
    fn position_parity(self, position: usize) -> u32 {
        self.position
            .map_or(0, |offset| (position as u32 ^ offset) & 1)
    }

    /// Whether position `position` of value `value` is rare (χ = 0).
    #[inline]
    pub fn is_rare(self, position: usize, value: u32) -> bool {
        self.value_parity(value) == self.position_parity(position)
    }

    /// The parity p(w) of every value of a move leaving `parts` common heaps
    /// of `total` tokens in all: (j + e(m + j·t)) mod 2, by (1) of the module
    /// documentation.
    ///
    /// ```
    /// use sprague_takebreak::classes::RareClass;
    /// let range = RareClass { mask: 1, position: None };
    /// assert_eq!(range.abundant_parity(2, 10), 0); // common ⊕ common is rare
    /// assert_eq!(range.abundant_parity(3, 10), 1); // three commons: common
    /// ```
    #[inline]
    pub fn abundant_parity(self, parts: usize, total: usize) -> u32 {
        let position = self.position.map_or(0, |offset| {
            (total as u32 ^ ((parts as u32 & 1) * offset)) & 1
        });
        (parts as u32 & 1) ^ position
    }

    /// Whether no splitting move of `rule` gives a common heap's class from
    /// parts that are all common (so that common heaps need no scan).
    ///
    /// ```
    /// use sprague_takebreak::classes::RareClass;
    /// use sprague_takebreak::TakeBreak;
    /// let parity = RareClass { mask: 7, position: Some(0) };
    /// assert!(parity.compatible(&TakeBreak::octal("0.051").unwrap()));
    /// assert!(!parity.compatible(&TakeBreak::octal("0.77").unwrap()));
    /// let odd = RareClass { mask: 7, position: Some(1) };
    /// assert!(odd.compatible(&TakeBreak::hexadecimal("0.8").unwrap()));
    /// assert!(!RareClass { mask: 7, position: None }.compatible(&TakeBreak::hexadecimal("0.8").unwrap()));
    /// ```
    pub fn compatible(self, rule: &TakeBreak) -> bool {
        let moves = rule
            .split_two()
            .iter()
            .map(|&removed| (removed, 2))
            .chain(rule.split_three().iter().map(|&removed| (removed, 3)));
        moves.into_iter().all(|(removed, parts)| {
            // Parts all common (χ-sum j) must not satisfy (2).
            let common = 1 ^ self.position.map_or(0, |offset| {
                (removed as u32 ^ (((parts as u32 + 1) & 1) * offset)) & 1
            });
            parts as u32 & 1 != common
        })
    }
}

impl fmt::Display for RareClass {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "mask {:#x}", self.mask)?;
        match self.position {
            None => Ok(()),
            Some(0) => formatter.write_str(" with the parity of n"),
            Some(offset) => write!(formatter, " with the parity of n − {offset}"),
        }
    }
}

/// The Walsh–Hadamard transform of `values` (length a power of two), in place:
/// afterwards `values[M]` = Σᵥ (−1)^(parity of v ∧ M) · (the old `values[v]`).
pub(crate) fn walsh_hadamard(values: &mut [i64]) {
    let size = values.len();
    let mut width = 1;
    while width < size {
        for block in (0..size).step_by(2 * width) {
            for index in block..block + width {
                let (even, odd) = (values[index], values[index + width]);
                values[index] = even + odd;
                values[index + width] = even - odd;
            }
        }
        width *= 2;
    }
}

/// The class of rare positions for the counts of values at even (`counts`
/// minus `odd_counts`) and odd (`odd_counts`) positions ≥ 1, by two
/// Walsh–Hadamard transforms (see the module documentation for the choice);
/// [`RareClass::NONE`] when every value is 0.
///
/// ```
/// use sprague_takebreak::classes::{best_class, RareClass};
/// use sprague_takebreak::TakeBreak;
/// let rule = TakeBreak::octal("0.051").unwrap();
/// // Value 1 at 20 even positions (and one odd), 0 and 2 at 20 odd ones each:
/// // with the parity of the position only the odd 1 is rare; every mask
/// // alone leaves at least 20 rare positions.
/// let counts = [20, 21, 20];
/// let odd = [20, 1, 20];
/// assert_eq!(best_class(&counts, &odd, &rule), RareClass { mask: 1, position: Some(0) });
/// ```
pub fn best_class(counts: &[u64], odd_counts: &[u64], rule: &TakeBreak) -> RareClass {
    if counts.len() <= 1 {
        return RareClass::NONE;
    }
    let size = counts.len().next_power_of_two();
    let total: i64 = counts.iter().map(|&count| count as i64).sum();
    let transform = |values: Vec<i64>| {
        let mut values = values;
        values.resize(size, 0);
        walsh_hadamard(&mut values);
        values
    };
    let all = transform(counts.iter().map(|&count| count as i64).collect());
    let difference = transform(
        counts
            .iter()
            .enumerate()
            .map(|(value, &count)| {
                let odd = odd_counts.get(value).map_or(0, |&odd| odd as i64);
                count as i64 - 2 * odd
            })
            .collect(),
    );
    // Twice the rare positions of each class.
    let range = (1..size)
        .map(|mask| (total + all[mask], mask as u32, None))
        .min();
    let domain = (0..size)
        .flat_map(|mask| {
            [
                (total + difference[mask], mask as u32, Some(0)),
                (total - difference[mask], mask as u32, Some(1)),
            ]
        })
        .filter(|&(_, mask, position)| RareClass { mask, position }.compatible(rule))
        .min();
    let class = |(_, mask, position)| RareClass { mask, position };
    match (range, domain) {
        (None, _) => RareClass::NONE,
        (Some(range), None) => class(range),
        // Three-heap splits: the range alone is not compatible.
        (Some(_), Some(domain)) if !rule.split_three().is_empty() => class(domain),
        // The position's parity when it halves the rare positions at least
        // (the classes by value alone have the narrow kernels).
        (Some(range), Some(domain)) if 2 * domain.0 <= range.0 => class(domain),
        (Some(range), Some(_)) => class(range),
    }
}
