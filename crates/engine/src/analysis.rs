//! Analysis of a sum: the value of each component, the total, the outcome and
//! every winning move.
//!
//! By the Sprague–Grundy theorem a sum with components of values g₁, …, gₖ has
//! value s = g₁ ⊕ … ⊕ gₖ, and the player to move wins exactly when s ≠ 0. The
//! winning moves are the moves to a position of value 0: in component i, to
//! any option of value gᵢ ⊕ s. When gᵢ has the highest bit of s set, gᵢ ⊕ s < gᵢ
//! and such an option exists by the definition of the mex; options of a *higher*
//! value gᵢ ⊕ s > gᵢ may exist in any component too (a Kayles heap of 4, value 1,
//! has the option 2 + 1 of value 3), and they win as well, so every component's
//! options are searched. Bouton's strategy for Nim (1901) is the special case of
//! heaps, where only the lowering moves exist.

use crate::game::Game;
use crate::grundy::{CycleError, GrundySolver};
use crate::outcome::Outcome;

/// A component of the analysed position and its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentValue<P> {
    /// The component as given.
    pub position: P,
    /// Its Sprague–Grundy value.
    pub grundy: u64,
}

/// A move to a P-position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinningMove<P> {
    /// Index of the component moved in.
    pub component: usize,
    /// That component before the move.
    pub from: P,
    /// What it becomes (possibly a sum of several parts).
    pub to: P,
    /// The move in words.
    pub description: String,
    /// The whole position after the move, component by component.
    pub result: Vec<P>,
}

/// Everything about a position that a player needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis<P> {
    /// Each component with its value.
    pub components: Vec<ComponentValue<P>>,
    /// The value of the whole position (XOR of the components).
    pub grundy: u64,
    /// P or N.
    pub outcome: Outcome,
    /// Every move to a position of value 0 (empty for a P-position), each resulting
    /// position once: of equal components only the first is moved in.
    pub winning_moves: Vec<WinningMove<P>>,
}

/// Analyses the sum of `components` with `solver`.
///
/// # Errors
/// [`CycleError`] when the game has a cycle reachable from the position.
///
/// ```
/// use sprague_engine::{analyze, GrundySolver, HeapFamily, HeapGame, Heaps, Outcome};
/// struct Nim;
/// impl HeapFamily for Nim {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for left in 0..heap { visit(&[left]); }
///     }
/// }
/// let mut solver = GrundySolver::new(HeapGame::new(Nim));
/// let position = [Heaps::single(3), Heaps::single(4), Heaps::single(5)];
/// let analysis = analyze(&mut solver, &position).unwrap();
/// assert_eq!(analysis.outcome, Outcome::N);
/// assert_eq!(analysis.winning_moves.len(), 1);
/// assert_eq!(analysis.winning_moves[0].description, "take 2 from heap 3, leaving 1");
/// ```
pub fn analyze<G: Game>(
    solver: &mut GrundySolver<G>,
    components: &[G::Position],
) -> Result<Analysis<G::Position>, CycleError> {
    analyze_listing(solver, components, true)
}

/// The values of the components of a sum, their XOR and the outcome, without the
/// winning moves (which enumerate every component's options): what is needed to
/// value the options of a position, each component once.
///
/// # Errors
/// [`CycleError`] when the game has a cycle reachable from the position.
///
/// ```
/// use sprague_engine::{analysis::component_values, GrundySolver, HeapFamily, HeapGame, Heaps};
/// struct Nim;
/// impl HeapFamily for Nim {
///     fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
///         for left in 0..heap { visit(&[left]); }
///     }
/// }
/// let mut solver = GrundySolver::new(HeapGame::new(Nim));
/// let values = component_values(&mut solver, &[Heaps::single(3), Heaps::single(5)]).unwrap();
/// assert_eq!(values.grundy, 6);
/// assert!(values.winning_moves.is_empty());
/// ```
pub fn component_values<G: Game>(
    solver: &mut GrundySolver<G>,
    components: &[G::Position],
) -> Result<Analysis<G::Position>, CycleError> {
    analyze_listing(solver, components, false)
}

fn analyze_listing<G: Game>(
    solver: &mut GrundySolver<G>,
    components: &[G::Position],
    list_winning_moves: bool,
) -> Result<Analysis<G::Position>, CycleError> {
    let mut values = Vec::with_capacity(components.len());
    for component in components {
        values.push(ComponentValue {
            position: component.clone(),
            grundy: solver.grundy(component)?,
        });
    }
    let total = values
        .iter()
        .fold(0, |total, component| total ^ component.grundy);
    let mut winning_moves = Vec::new();
    if total != 0 && list_winning_moves {
        for (index, component) in values.iter().enumerate() {
            if components[..index].contains(&component.position) {
                // An equal component earlier in the sum has the same moves to the same positions.
                continue;
            }
            let target = component.grundy ^ total;
            for option in options_of_value(solver, &component.position, target)? {
                let mut result = components.to_vec();
                result[index] = option.clone();
                winning_moves.push(WinningMove {
                    component: index,
                    from: component.position.clone(),
                    description: solver.game().describe_move(&component.position, &option),
                    to: option,
                    result,
                });
            }
        }
    }
    Ok(Analysis {
        components: values,
        grundy: total,
        outcome: Outcome::from_grundy(total),
        winning_moves,
    })
}

/// The options of `component` whose value is `target`.
fn options_of_value<G: Game>(
    solver: &mut GrundySolver<G>,
    component: &G::Position,
    target: u64,
) -> Result<Vec<G::Position>, CycleError> {
    if let Some(options) = solver.game().options_with_value(component, target) {
        return Ok(options);
    }
    let mut found = Vec::new();
    for option in solver.game().options(component) {
        if solver.grundy(&option)? == target && !found.contains(&option) {
            found.push(option);
        }
    }
    Ok(found)
}

impl<P> Analysis<P> {
    /// The same analysis with every position converted by `convert` (e.g. to text).
    ///
    /// ```
    /// use sprague_engine::{Analysis, ComponentValue, Outcome};
    /// let analysis = Analysis {
    ///     components: vec![ComponentValue { position: 4u64, grundy: 4 }],
    ///     grundy: 4,
    ///     outcome: Outcome::N,
    ///     winning_moves: vec![],
    /// };
    /// assert_eq!(analysis.map_positions(|p| p.to_string()).components[0].position, "4");
    /// ```
    pub fn map_positions<Q>(self, mut convert: impl FnMut(P) -> Q) -> Analysis<Q> {
        Analysis {
            components: self
                .components
                .into_iter()
                .map(|component| ComponentValue {
                    position: convert(component.position),
                    grundy: component.grundy,
                })
                .collect(),
            grundy: self.grundy,
            outcome: self.outcome,
            winning_moves: self
                .winning_moves
                .into_iter()
                .map(|winning| WinningMove {
                    component: winning.component,
                    from: convert(winning.from),
                    to: convert(winning.to),
                    description: winning.description,
                    result: winning.result.into_iter().map(&mut convert).collect(),
                })
                .collect(),
        }
    }
}
