//! Analysis of sums of heaps of one family: values from a table (closed form,
//! dense sweep or proven period) and every winning move.
//!
//! The table makes each heap's value a lookup, so a sum of Kayles rows of
//! 10^12 pins costs the few hundred values needed to prove Kayles' period. The
//! winning moves of a heap are listed by enumerating its options, which is
//! refused above [`MAX_ENUMERATED_HEAP`] unless the family lists its options of
//! a given value directly (Nim, Bash).

use sprague_engine::{
    analyze, sweep, Analysis, GrundySolver, HeapFamily, HeapGame, Heaps, PeriodicityTheorem, Values,
};

use crate::error::GameError;

/// The largest heap whose options are enumerated to find winning moves.
pub const MAX_ENUMERATED_HEAP: u64 = 1_000_000;

/// The largest heap whose value is computed by an unproven O(n²) sweep.
pub const MAX_SWEPT_HEAP: u64 = 100_000;

/// How far a sweep goes while trying to prove a period.
pub const PROOF_HORIZON: u64 = 4096;

/// A family whose values come from a precomputed table where it has no closed form.
struct TabledFamily<'a> {
    family: &'a dyn HeapFamily,
    values: Option<Values>,
}

impl HeapFamily for TabledFamily<'_> {
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        self.family.for_each_option(heap, visit)
    }

    fn closed_form(&self, heap: u64) -> Option<u64> {
        self.family
            .closed_form(heap)
            .or_else(|| self.values.as_ref().and_then(|values| values.get(heap)))
    }

    fn options_with_value(&self, heap: u64, target: u64) -> Option<Vec<Vec<u64>>> {
        self.family.options_with_value(heap, target)
    }

    fn option_count_bound(&self, heap: u64) -> Option<u128> {
        self.family.option_count_bound(heap)
    }

    fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        self.family.periodicity_theorem()
    }
}

/// Analyses the sum of heaps `heaps` of `family`.
///
/// # Errors
/// [`GameError::PositionTooLarge`] when a heap is too large to evaluate or to
/// list its moves; [`GameError::Memory`] when a table would not fit in memory.
///
/// ```
/// use sprague_games::{heap_analysis::analyze_heaps, kayles::kayles};
/// let analysis = analyze_heaps(&kayles(), &[2, 3]).unwrap();
/// assert_eq!(analysis.grundy, 2 ^ 3);
/// assert_eq!(analysis.winning_moves[0].description, "take 1 from heap 3, leaving 2");
/// ```
pub fn analyze_heaps(family: &dyn HeapFamily, heaps: &[u64]) -> Result<Analysis<Heaps>, GameError> {
    let values = table_for(family, heaps)?;
    analyze_heaps_with_table(family, heaps, values)
}

/// [`analyze_heaps`] with the values of heaps without a closed form taken from
/// `values` (computed by a faster engine, e.g. the take-and-break engine).
///
/// # Errors
/// [`GameError::PositionTooLarge`] when a heap has too many options to list.
pub fn analyze_heaps_with_table(
    family: &dyn HeapFamily,
    heaps: &[u64],
    values: Option<Values>,
) -> Result<Analysis<Heaps>, GameError> {
    for &heap in heaps {
        check_option_count(family, heap)?;
        if heap > MAX_ENUMERATED_HEAP && family.options_with_value(heap, 0).is_none() {
            return Err(GameError::PositionTooLarge {
                reason: format!(
                    "a heap of {heap} has too many options to list the winning moves; \
                     the limit is {MAX_ENUMERATED_HEAP} for this game (use `sprague values` for its value)"
                ),
            });
        }
    }
    let tabled = TabledFamily { family, values };
    let mut solver = GrundySolver::new(HeapGame::new(tabled));
    let components: Vec<Heaps> = heaps.iter().map(|&heap| Heaps::single(heap)).collect();
    Ok(analyze(&mut solver, &components)?)
}

/// The values of the heaps `heaps` of `family`, their XOR and the outcome, without the
/// winning moves: [`analyze_heaps_with_table`] for valuing many options at once.
///
/// # Errors
/// [`GameError::PositionTooLarge`] when a heap has too many options to value by search.
///
/// ```
/// use sprague_games::{heap_analysis::heap_values_with_table, kayles::kayles};
/// let values = heap_values_with_table(&kayles(), &[2, 3], None).unwrap();
/// assert_eq!(values.grundy, 2 ^ 3);
/// assert!(values.winning_moves.is_empty());
/// ```
pub fn heap_values_with_table(
    family: &dyn HeapFamily,
    heaps: &[u64],
    values: Option<Values>,
) -> Result<Analysis<Heaps>, GameError> {
    let tabled = TabledFamily { family, values };
    for &heap in heaps {
        if tabled.closed_form(heap).is_none() {
            check_option_count(family, heap)?;
        }
    }
    let mut solver = GrundySolver::new(HeapGame::new(tabled));
    let components: Vec<Heaps> = heaps.iter().map(|&heap| Heaps::single(heap)).collect();
    Ok(sprague_engine::analysis::component_values(
        &mut solver,
        &components,
    )?)
}

/// The most options of one heap enumerated to list its moves or winning moves (about a
/// second of work): a game whose moves split a heap in three has about n²/12 options.
pub const MAX_OPTION_VISITS: u128 = 20_000_000;

/// Fails with [`GameError::PositionTooLarge`] when the family says a heap of `heap` has
/// more than [`MAX_OPTION_VISITS`] options, before any is enumerated.
///
/// # Errors
/// [`GameError::PositionTooLarge`], naming the heap and the bound.
pub fn check_option_count(family: &dyn HeapFamily, heap: u64) -> Result<(), GameError> {
    match family.option_count_bound(heap) {
        Some(bound) if bound > MAX_OPTION_VISITS => Err(GameError::PositionTooLarge {
            reason: format!(
                "a heap of {heap} has up to {bound} options, too many to enumerate (the limit is \
                 {MAX_OPTION_VISITS}; use `sprague values` for its value)"
            ),
        }),
        _ => Ok(()),
    }
}

/// The sweep needed for heaps without a closed form (up to the largest heap,
/// plus their options, which are smaller), or `None` when closed forms cover all.
pub(crate) fn table_for(
    family: &dyn HeapFamily,
    heaps: &[u64],
) -> Result<Option<Values>, GameError> {
    let uncovered = heaps
        .iter()
        .copied()
        .filter(|&heap| family.closed_form(heap).is_none())
        .max();
    let Some(largest) = uncovered else {
        return Ok(None);
    };
    let too_large = || GameError::PositionTooLarge {
        reason: format!(
            "a heap of {largest} is beyond what the simple sweep evaluates for this game \
             ({MAX_SWEPT_HEAP} without a proven period)"
        ),
    };
    if family.periodicity_theorem().is_none() && largest > MAX_SWEPT_HEAP {
        return Err(too_large());
    }
    let values = sweep(family, largest.min(MAX_SWEPT_HEAP), PROOF_HORIZON)?;
    if values.get(largest).is_none() {
        return Err(too_large());
    }
    Ok(Some(values))
}
