//! Moore's Nimₖ: heaps of tokens; a move takes any positive numbers of
//! tokens from at least one and at most k heaps. The player who cannot move
//! loses. With k = 1 it is Nim. It is not a sum of one-heap games, so the
//! whole list of heaps is one position.
//!
//! Theorem (E. H. Moore, "A generalization of the game called Nim", *Annals
//! of Mathematics* 11 (1910); Ferguson, *Game Theory*, Part I, on Nim): write
//! the heaps in binary; the position is a P-position exactly when, for every
//! binary digit, the number of heaps with that digit set is divisible by k + 1.

use std::collections::HashSet;

use sprague_engine::{Game, Heaps, Outcome};

use crate::error::GameError;
use crate::playable::{
    parse_heap, require_position, ComponentReport, MoveReport, PlayableGame, Report,
};

/// The most options whose values are checked to list every winning move.
pub const MAX_LISTED_OPTIONS: u128 = 2_000_000;

/// Moore's Nimₖ.
///
/// ```
/// use sprague_engine::Heaps;
/// use sprague_games::moore::MooreNim;
/// let game = MooreNim::new(2).unwrap();
/// assert!(game.is_p_position(&Heaps::new(vec![1, 1, 1])));
/// assert!(game.is_p_position(&Heaps::new(vec![7, 7, 7])));
/// assert!(!game.is_p_position(&Heaps::new(vec![1, 2, 3])));
/// assert!(!game.is_p_position(&Heaps::new(vec![1, 1])));
/// assert!(MooreNim::new(0).is_err());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct MooreNim {
    k: u64,
}

impl MooreNim {
    /// Moore's Nimₖ with at most `k` heaps changed per move.
    ///
    /// # Errors
    /// [`GameError::InvalidParameter`] when k = 0.
    pub fn new(k: u64) -> Result<Self, GameError> {
        if k == 0 {
            return Err(GameError::InvalidParameter {
                description: "moore:0".to_string(),
                reason:
                    "k, the most heaps changed in one move, must be at least 1 (moore:1 is Nim)"
                        .to_string(),
            });
        }
        Ok(Self { k })
    }

    /// k.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// Moore's theorem: every binary digit is set in a multiple of k + 1 heaps.
    pub fn is_p_position(&self, heaps: &Heaps) -> bool {
        let modulus = u128::from(self.k) + 1;
        (0..64).all(|bit| {
            let count = heaps
                .sizes()
                .iter()
                .filter(|&&h| (h >> bit) & 1 == 1)
                .count();
            (count as u128).is_multiple_of(modulus)
        })
    }

    fn parse_heaps(&self, words: &[String]) -> Result<Heaps, GameError> {
        require_position(words, &self.description(), "2 5 6 7")?;
        let sizes = words
            .iter()
            .map(|word| parse_heap(word))
            .collect::<Result<Vec<u64>, GameError>>()?;
        Ok(Heaps::new(sizes))
    }

    /// One winning move by Moore's construction (from the highest binary digit
    /// down: fix each digit's count modulo k + 1 either by setting the digit in
    /// heaps already being lowered or by clearing it in fresh heaps, which then
    /// are lowered; at most k heaps are ever lowered). `None` at a P-position.
    ///
    /// ```
    /// use sprague_engine::Heaps;
    /// use sprague_games::moore::MooreNim;
    /// let game = MooreNim::new(2).unwrap();
    /// let after = game.constructed_winning_move(&Heaps::new(vec![2, 5, 6, 7])).unwrap();
    /// assert!(game.is_p_position(&after));
    /// ```
    pub fn constructed_winning_move(&self, heaps: &Heaps) -> Option<Heaps> {
        if self.is_p_position(heaps) {
            return None;
        }
        let sizes = heaps.sizes();
        let modulus = u128::from(self.k) + 1;
        // Heaps being lowered: index → the new value built so far.
        let mut lowered: Vec<(usize, u64)> = Vec::new();
        for bit in (0..64).rev() {
            let mask = 1u64 << bit;
            let is_lowered =
                |index: usize, lowered: &[(usize, u64)]| lowered.iter().any(|(i, _)| *i == index);
            let unchanged: Vec<usize> = (0..sizes.len())
                .filter(|&index| !is_lowered(index, &lowered))
                .collect();
            let set = unchanged
                .iter()
                .filter(|&&index| sizes[index] & mask != 0)
                .count() as u128;
            let remainder = set % modulus;
            if remainder == 0 {
                continue;
            }
            let wanted = (modulus - remainder) as usize;
            if lowered.len() >= wanted {
                for (_, value) in lowered.iter_mut().take(wanted) {
                    *value |= mask;
                }
            } else {
                // Clear this digit in `remainder` fresh heaps that have it.
                let fresh: Vec<usize> = unchanged
                    .iter()
                    .copied()
                    .filter(|&index| sizes[index] & mask != 0)
                    .take(remainder as usize)
                    .collect();
                for index in fresh {
                    let above = if bit == 63 {
                        0
                    } else {
                        sizes[index] >> (bit + 1) << (bit + 1)
                    };
                    lowered.push((index, above));
                }
            }
        }
        let mut after = sizes.to_vec();
        for (index, value) in lowered {
            after[index] = value;
        }
        Some(Heaps::new(after))
    }

    /// How many options a position has (an upper bound counting heaps of equal size apart).
    pub fn option_count(&self, heaps: &Heaps) -> u128 {
        // Σ over subsets of at most k heaps of the product of their sizes:
        // the coefficients of Π (1 + h·x) up to x^k.
        let k = usize::try_from(self.k).unwrap_or(usize::MAX);
        let mut coefficients: Vec<u128> = vec![1];
        for &heap in heaps.sizes() {
            let mut next = coefficients.clone();
            next.push(0);
            for (degree, &value) in coefficients.iter().enumerate() {
                next[degree + 1] =
                    next[degree + 1].saturating_add(value.saturating_mul(u128::from(heap)));
            }
            next.truncate(k.saturating_add(1));
            coefficients = next;
        }
        coefficients
            .iter()
            .skip(1)
            .fold(0u128, |total, &c| total.saturating_add(c))
    }
}

impl Game for MooreNim {
    type Position = Heaps;

    fn options(&self, position: &Heaps) -> Vec<Heaps> {
        let sizes = position.sizes();
        let most = usize::try_from(self.k)
            .unwrap_or(usize::MAX)
            .min(sizes.len());
        let mut seen = HashSet::new();
        // Every set of 1..=k heap indices, in lexicographic order (explicit state, no recursion).
        for count in 1..=most {
            let mut chosen: Vec<usize> = (0..count).collect();
            loop {
                // Every way to lower each chosen heap: an odometer over new sizes 0..size.
                if chosen.iter().all(|&index| sizes[index] > 0) {
                    let mut lowered: Vec<u64> = vec![0; count];
                    loop {
                        let mut next = sizes.to_vec();
                        for (slot, &index) in chosen.iter().enumerate() {
                            next[index] = lowered[slot];
                        }
                        seen.insert(Heaps::new(next));
                        let mut slot = 0;
                        while slot < count {
                            lowered[slot] += 1;
                            if lowered[slot] < sizes[chosen[slot]] {
                                break;
                            }
                            lowered[slot] = 0;
                            slot += 1;
                        }
                        if slot == count {
                            break;
                        }
                    }
                }
                // The next combination of `count` indices out of sizes.len().
                let mut slot = count;
                while slot > 0 && chosen[slot - 1] == sizes.len() - count + slot - 1 {
                    slot -= 1;
                }
                if slot == 0 {
                    break;
                }
                chosen[slot - 1] += 1;
                for later in slot..count {
                    chosen[later] = chosen[later - 1] + 1;
                }
            }
        }
        seen.into_iter().collect()
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> String {
        describe_multi_move(from, to)
    }
}

/// Words for a move that lowers several heaps: "5 → 2, 6 → 1".
fn describe_multi_move(from: &Heaps, to: &Heaps) -> String {
    // Match the heaps of `to` to those of `from`: both sorted, `to` has each
    // changed heap lowered; pair greedily from the largest.
    let mut before: Vec<u64> = from.sizes().to_vec();
    let mut after: Vec<u64> = to.sizes().to_vec();
    // Remove heaps that are unchanged (present in both).
    let mut unchanged_before = Vec::new();
    for &size in from.sizes() {
        if let Some(position) = after.iter().position(|&a| a == size) {
            after.remove(position);
            unchanged_before.push(size);
        }
    }
    for size in unchanged_before {
        if let Some(position) = before.iter().position(|&b| b == size) {
            before.remove(position);
        }
    }
    after.resize(before.len(), 0);
    after.sort_unstable();
    let parts: Vec<String> = before
        .iter()
        .zip(&after)
        .map(|(b, a)| format!("heap {b} → {a}"))
        .collect();
    parts.join(", ")
}

impl PlayableGame for MooreNim {
    fn description(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn title(&self) -> String {
        format!("Moore's Nim (k = {})", self.k)
    }

    fn position_syntax(&self) -> String {
        "heap sizes, e.g. 3 5 6 7".to_string()
    }

    fn analyze_misere(&self, words: &[String]) -> Result<Report, GameError> {
        let position = self.parse_heaps(words)?;
        let bound = position.sizes().iter().fold(1u128, |product, &h| {
            product.saturating_mul(u128::from(h) + 1)
        });
        crate::misere::misere_report(self, &[position], None, Some(bound))
    }

    fn analyze_words(&self, words: &[String]) -> Result<Report, GameError> {
        let heaps = self.parse_heaps(words)?;
        let p_position = self.is_p_position(&heaps);
        let mut method = format!(
            "Moore's theorem: P iff every binary digit is set in a multiple of {} heaps",
            u128::from(self.k) + 1
        );
        let mut winning_moves = Vec::new();
        if !p_position {
            let count = self.option_count(&heaps);
            if count <= MAX_LISTED_OPTIONS {
                let mut options = self.options(&heaps);
                options.sort();
                for option in options.into_iter().filter(|o| self.is_p_position(o)) {
                    winning_moves.push(MoveReport {
                        component: None,
                        description: describe_multi_move(&heaps, &option),
                        to: option.to_string(),
                    });
                }
            } else if let Some(option) = self.constructed_winning_move(&heaps) {
                method.push_str(&format!(
                    "; the {count} moves are too many to list every winning one (limit {MAX_LISTED_OPTIONS}), so one is shown, by Moore's construction"
                ));
                winning_moves.push(MoveReport {
                    component: None,
                    description: describe_multi_move(&heaps, &option),
                    to: option.to_string(),
                });
            }
        }
        Ok(Report {
            outcome: if p_position { Outcome::P } else { Outcome::N },
            grundy: None,
            components: vec![ComponentReport {
                position: heaps.to_string(),
                grundy: None,
            }],
            winning_moves,
            method,
            remoteness: None,
        })
    }
}
