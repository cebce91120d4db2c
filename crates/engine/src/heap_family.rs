//! One-heap families: games played on heaps of tokens where a move changes one
//! heap into zero or more smaller heaps (take-and-break games).
//!
//! Nim, Bash, subtraction games, octal and hexadecimal games, Lasker's Nim and
//! Grundy's game all have this shape (*Winning Ways*, ch. 4). A position is a
//! multiset of heaps and is the sum of its heaps, so a family only has to say
//! what one heap can become; [`HeapGame`] turns it into a [`Game`], and
//! [`crate::sweep()`] computes g(0..N) densely.

use std::fmt;

use crate::game::Game;
use crate::periodicity::PeriodicityTheorem;

/// A family of one-heap games: the moves from a heap of `n` tokens.
///
/// ```
/// use sprague_engine::HeapFamily;
///
/// /// Take one or two tokens (Bash with M = 2).
/// struct TakeOneOrTwo;
/// impl HeapFamily for TakeOneOrTwo {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for take in 1..=2.min(heap) {
///             visit(&[heap - take]);
///         }
///     }
/// }
///
/// let mut options = Vec::new();
/// TakeOneOrTwo.for_each_option(5, &mut |parts| options.push(parts.to_vec()));
/// assert_eq!(options, vec![vec![4], vec![3]]);
/// ```
pub trait HeapFamily {
    /// Calls `visit` once for each option of a heap of `heap` tokens, with the
    /// heaps it leaves (each smaller than `heap`; zeros may be included or left out).
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64]));

    /// g(heap) by a closed form, if the family has one.
    fn closed_form(&self, _heap: u64) -> Option<u64> {
        None
    }

    /// Every option of `heap` whose value is `target`, if the family can list
    /// them directly (used for huge heaps, e.g. Nim).
    fn options_with_value(&self, _heap: u64, _target: u64) -> Option<Vec<Vec<u64>>> {
        None
    }

    /// The theorem that proves periodicity for this family, if one applies.
    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        None
    }

    /// The closed form that gives g(heap) = `value`, in words with the
    /// numbers (e.g. "g(7) = 7 mod 4 = 3, the Bash game's closed form"), when
    /// the family has one.
    fn closed_form_rule(&self, _heap: u64, _value: u64) -> Option<String> {
        None
    }

    /// The closed form of the whole family, as a formula with its source
    /// (e.g. "g(n) = n mod 4 (the Bash game)"), when it has one.
    fn closed_form_formula(&self) -> Option<String> {
        None
    }

    /// At most how many times [`HeapFamily::for_each_option`] calls `visit` for a heap of
    /// `heap` tokens, for callers that size their work before enumerating (a family whose
    /// moves split a heap in three has about n²/12 options). `None` (the default) when the
    /// family does not say; callers then assume a count linear in the heap.
    fn option_count_bound(&self, _heap: u64) -> Option<u128> {
        None
    }
}

impl<F: HeapFamily + ?Sized> HeapFamily for &F {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        (**self).for_each_option(heap, visit)
    }
    fn closed_form(&self, heap: u64) -> Option<u64> {
        (**self).closed_form(heap)
    }
    fn options_with_value(&self, heap: u64, target: u64) -> Option<Vec<Vec<u64>>> {
        (**self).options_with_value(heap, target)
    }
    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        (**self).periodicity_theorem()
    }
    fn closed_form_rule(&self, heap: u64, value: u64) -> Option<String> {
        (**self).closed_form_rule(heap, value)
    }
    fn closed_form_formula(&self) -> Option<String> {
        (**self).closed_form_formula()
    }
    fn option_count_bound(&self, heap: u64) -> Option<u128> {
        (**self).option_count_bound(heap)
    }
}

/// A multiset of heaps, kept sorted and without empty heaps.
///
/// Displayed as the heap sizes separated by spaces, or `0` when no heap is left.
///
/// ```
/// use sprague_engine::Heaps;
/// let heaps = Heaps::new(vec![3, 0, 1]);
/// assert_eq!(heaps.sizes(), &[1, 3]);
/// assert_eq!(heaps.to_string(), "1 3");
/// assert_eq!(Heaps::new(vec![]).to_string(), "0");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Heaps(Vec<u64>);

impl Heaps {
    /// The multiset of the given heap sizes (zeros dropped).
    pub fn new(mut sizes: Vec<u64>) -> Self {
        sizes.retain(|&size| size > 0);
        sizes.sort_unstable();
        Heaps(sizes)
    }

    /// A single heap.
    pub fn single(size: u64) -> Self {
        Heaps::new(vec![size])
    }

    /// The heap sizes, ascending.
    pub fn sizes(&self) -> &[u64] {
        &self.0
    }

    /// The total number of tokens.
    pub fn tokens(&self) -> u128 {
        self.0.iter().map(|&size| u128::from(size)).sum()
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return formatter.write_str("0");
        }
        let words: Vec<String> = self.0.iter().map(u64::to_string).collect();
        formatter.write_str(&words.join(" "))
    }
}

/// A heap family played as a [`Game`] whose positions are [`Heaps`].
///
/// ```
/// use sprague_engine::{GrundySolver, HeapFamily, HeapGame, Heaps};
///
/// /// Nim: take any positive number of tokens.
/// struct Nim;
/// impl HeapFamily for Nim {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for left in 0..heap {
///             visit(&[left]);
///         }
///     }
/// }
///
/// let mut solver = GrundySolver::new(HeapGame::new(Nim));
/// assert_eq!(solver.grundy(&Heaps::new(vec![3, 4, 5])), Ok(2));
/// ```
#[derive(Debug, Clone)]
pub struct HeapGame<F> {
    family: F,
}

impl<F: HeapFamily> HeapGame<F> {
    /// The game of sums of heaps of `family`.
    pub fn new(family: F) -> Self {
        Self { family }
    }

    /// The underlying family.
    pub fn family(&self) -> &F {
        &self.family
    }
}

impl<F: HeapFamily> Game for HeapGame<F> {
    type Position = Heaps;

    fn options(&self, position: &Heaps) -> Vec<Heaps> {
        let sizes = position.sizes();
        let mut options = Vec::new();
        for (index, &heap) in sizes.iter().enumerate() {
            if index > 0 && sizes[index - 1] == heap {
                continue; // the same heap again gives the same options
            }
            self.family.for_each_option(heap, &mut |parts| {
                let mut next: Vec<u64> = sizes[..index].to_vec();
                next.extend_from_slice(&sizes[index + 1..]);
                next.extend_from_slice(parts);
                options.push(Heaps::new(next));
            });
        }
        options
    }

    fn components(&self, position: &Heaps) -> Vec<Heaps> {
        position
            .sizes()
            .iter()
            .map(|&size| Heaps::single(size))
            .collect()
    }

    fn describe_move(&self, from: &Heaps, to: &Heaps) -> String {
        describe_heap_move(from, to)
    }

    fn grundy_closed_form(&self, component: &Heaps) -> Option<u64> {
        match component.sizes() {
            [] => Some(0),
            [heap] => self.family.closed_form(*heap),
            _ => None,
        }
    }

    fn options_with_value(&self, component: &Heaps, target: u64) -> Option<Vec<Heaps>> {
        match component.sizes() {
            [heap] => self
                .family
                .options_with_value(*heap, target)
                .map(|options| options.into_iter().map(Heaps::new).collect()),
            _ => None,
        }
    }
}

/// Words for a move on one heap: "take 2 from heap 5, leaving 1 + 2",
/// "split heap 7 into 3 + 4", "take all 3 of heap 3".
///
/// ```
/// use sprague_engine::{heap_family::describe_heap_move, Heaps};
/// assert_eq!(describe_heap_move(&Heaps::single(3), &Heaps::single(1)), "take 2 from heap 3, leaving 1");
/// assert_eq!(describe_heap_move(&Heaps::single(7), &Heaps::new(vec![3, 4])), "split heap 7 into 3 + 4");
/// assert_eq!(describe_heap_move(&Heaps::single(3), &Heaps::new(vec![])), "take all 3 from heap 3");
/// ```
pub fn describe_heap_move(from: &Heaps, to: &Heaps) -> String {
    let before = from.tokens();
    let after = to.tokens();
    let parts: Vec<String> = to.sizes().iter().map(u64::to_string).collect();
    let heap = from.to_string();
    match (before.saturating_sub(after), parts.len()) {
        (taken, 0) => format!("take all {taken} from heap {heap}"),
        (0, _) => format!("split heap {heap} into {}", parts.join(" + ")),
        (taken, 1) => format!("take {taken} from heap {heap}, leaving {}", parts[0]),
        (taken, _) => format!(
            "take {taken} from heap {heap}, leaving {}",
            parts.join(" + ")
        ),
    }
}
