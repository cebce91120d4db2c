//! Moves in a disjunctive sum of positions that may come from different games — regions
//! of one board, positions of two rulesets, a user's game beside a built-in one, or plain
//! `{…|…}` games: each component is given by its value and the values of each side's
//! options, and every move of the sum is one component's option with the others left as
//! they are.
//!
//! The value after a move in component `k` is that option's value plus the values of the
//! other components (the value of a disjunctive sum is the sum of the values; Siegel,
//! *Combinatorial Game Theory*, §II.1). A move wins for Left when the value after is `≥ 0`
//! and for Right when it is `≤ 0` (the mover then wins moving second — the fundamental
//! theorem, Siegel §II.1.4). The other components' sum is built from prefix and suffix
//! sums, so `k` components cost `3k` sums, not `k²`.

use crate::error::GameError;
use crate::rules::catalogue::Move;
use crate::rules::play::{Side, best_move};
use crate::store::{GameId, GameStore};

/// One component of a sum: its value and the values of Left's and Right's options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The component's value (canonical form).
    pub value: GameId,
    /// The value of each of Left's options, in the component's order.
    pub left: Vec<GameId>,
    /// The value of each of Right's options, in the component's order.
    pub right: Vec<GameId>,
}

/// One move of the sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// The mover.
    pub side: Side,
    /// The component moved in (its index in the sum).
    pub component: usize,
    /// The option taken: its index in the component's list for that side.
    pub option: usize,
    /// The value of the whole sum after the move.
    pub value: GameId,
    /// Whether the mover wins from there moving second.
    pub winning: bool,
}

/// The value of the sum and every move of each side in it, Left's moves first (component
/// by component, each in its own order), then Right's.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::play::Side;
/// use sprague_partizan::rules::sum::{Component, moves_of_sum};
/// let mut store = GameStore::new();
/// // ↑ + * : ↑ = {0|*}, * = {0|0}.
/// let (zero, star) = (store.zero(), store.parse("*").unwrap());
/// let up = store.parse("^").unwrap();
/// let parts = [
///     Component { value: up, left: vec![zero], right: vec![star] },
///     Component { value: star, left: vec![zero], right: vec![zero] },
/// ];
/// let (total, moves) = moves_of_sum(&mut store, &parts).unwrap();
/// assert_eq!(store.display(total), "^*");
/// // Left wins only by moving * to 0 (leaving ↑ > 0); ↑ to 0 leaves * ‖ 0.
/// let left_wins: Vec<_> = moves.iter().filter(|m| m.side == Side::Left && m.winning).collect();
/// assert_eq!(left_wins.len(), 1);
/// assert_eq!((left_wins[0].component, store.display(left_wins[0].value)), (1, "^".to_string()));
/// ```
pub fn moves_of_sum(
    store: &mut GameStore,
    components: &[Component],
) -> Result<(GameId, Vec<SumMove>), GameError> {
    let rests = others(store, components)?;
    let total = match components.first() {
        Some(first) => store.sum(first.value, rests[0])?,
        None => store.zero(),
    };
    let zero = store.zero();
    let mut moves = Vec::new();
    for side in [Side::Left, Side::Right] {
        for (k, component) in components.iter().enumerate() {
            let options = match side {
                Side::Left => &component.left,
                Side::Right => &component.right,
            };
            for (option, &value) in options.iter().enumerate() {
                let after = store.sum(rests[k], value)?;
                let winning = match side {
                    Side::Left => store.leq(zero, after),
                    Side::Right => store.leq(after, zero),
                };
                moves.push(SumMove {
                    side,
                    component: k,
                    option,
                    value: after,
                    winning,
                });
            }
        }
    }
    Ok((total, moves))
}

/// The move the computer takes for `side` in the sum, chosen as in play
/// ([`best_move`]: a winning move when there is one, else one to a value no other move's
/// value exceeds for the mover); `None` when `side` has no move anywhere.
///
/// ```
/// use sprague_partizan::GameStore;
/// use sprague_partizan::rules::play::Side;
/// use sprague_partizan::rules::sum::{Component, reply_in_sum};
/// let mut store = GameStore::new();
/// let (zero, one) = (store.zero(), store.integer(1).unwrap());
/// let minus_one = store.integer(-1).unwrap();
/// let switch = store.parse("{1|-1}").unwrap();
/// // ±1 + ±1 = 0 as a sum of switches; Left moving first takes a switch to 1 + ±1.
/// let part = Component { value: switch, left: vec![one], right: vec![minus_one] };
/// let chosen = reply_in_sum(&mut store, &[part.clone(), part], Side::Left).unwrap().unwrap();
/// assert!(!chosen.winning); // ±1 ± 1 = 0: the first player loses
/// assert_eq!(store.display(chosen.value), "1±1"); // {2|0}
/// ```
pub fn reply_in_sum(
    store: &mut GameStore,
    components: &[Component],
    side: Side,
) -> Result<Option<SumMove>, GameError> {
    let (_, moves) = moves_of_sum(store, components)?;
    let moves: Vec<SumMove> = moves.into_iter().filter(|m| m.side == side).collect();
    let listed: Vec<Move> = moves
        .iter()
        .map(|m| Move {
            notation: String::new(),
            description: String::new(),
            position: String::new(),
            value: m.value,
            winning: m.winning,
        })
        .collect();
    Ok(best_move(store, &listed, side).map(|index| moves[index]))
}

/// For each component, the sum of all the others (prefix sums times suffix sums).
fn others(store: &mut GameStore, components: &[Component]) -> Result<Vec<GameId>, GameError> {
    let n = components.len();
    let zero = store.zero();
    let mut prefix = vec![zero; n + 1];
    for (k, c) in components.iter().enumerate() {
        prefix[k + 1] = store.sum(prefix[k], c.value)?;
    }
    let mut suffix = vec![zero; n + 1];
    for k in (0..n).rev() {
        suffix[k] = store.sum(suffix[k + 1], components[k].value)?;
    }
    (0..n)
        .map(|k| store.sum(prefix[k], suffix[k + 1]))
        .collect()
}
