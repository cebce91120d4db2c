//! Sums of positions from different partizan games, from Python
//! (`sprague.partizan.analyze_sum` / `reply_sum`): a ruleset's position beside a
//! user-defined game's and a plain `{…|…}` game. Python gathers each part's value and
//! every move with the value it leads to; the moves of the whole sum, which of them win,
//! and the computer's choice come from the library's `sprague_partizan::rules::sum`
//! (value after = option + the other parts, Siegel §II.1), the same rule the defined
//! games' own sums and `sprague play` use.

use pyo3::prelude::*;
use sprague_partizan::rules::sum::{moves_of_sum, reply_in_sum, Component, SumMove};
use sprague_partizan::GameId;

use crate::partizan::{analysed, error, of, parse_side, with_store, PartizanGame};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(partizan_moves, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_sum_moves, module)?)?;
    module.add_function(wrap_pyfunction!(partizan_sum_reply, module)?)?;
    Ok(())
}

/// One move of a ruleset's position: notation, description, position after, its value.
type RulesetMove = (String, String, String, PartizanGame);

/// A part of a sum as Python gives it: the value, Left's and Right's option values.
type PartIn = (PartizanGame, Vec<PartizanGame>, Vec<PartizanGame>);

/// A move of the sum as Python receives it: side, part, option index, value after, winning.
type SumMoveOut = (String, usize, usize, PartizanGame, bool);

/// A ruleset's position with every move of each side: `(value, left moves, right moves)`,
/// each move `(notation, description, position after, value after)`; the position as
/// read, written back in the input syntax, comes first.
#[pyfunction]
fn partizan_moves(
    py: Python<'_>,
    name: &str,
    position: &str,
) -> PyResult<(String, PartizanGame, Vec<RulesetMove>, Vec<RulesetMove>)> {
    let analysis = with_store(py, |store| analysed(store, name, position))??;
    let listed = |moves: &[sprague_partizan::rules::catalogue::Move]| {
        moves
            .iter()
            .map(|m| {
                (
                    m.notation.clone(),
                    m.description.clone(),
                    m.position.clone(),
                    of(m.value),
                )
            })
            .collect()
    };
    Ok((
        analysis.position.clone(),
        of(analysis.value),
        listed(&analysis.left),
        listed(&analysis.right),
    ))
}

fn components(parts: &[PartIn]) -> Vec<Component> {
    let ids = |games: &[PartizanGame]| games.iter().map(|g| g.id).collect::<Vec<GameId>>();
    parts
        .iter()
        .map(|(value, left, right)| Component {
            value: value.id,
            left: ids(left),
            right: ids(right),
        })
        .collect()
}

fn out(m: &SumMove) -> SumMoveOut {
    (
        m.side.name().to_lowercase(),
        m.component,
        m.option,
        of(m.value),
        m.winning,
    )
}

/// The value of the sum of the parts and every move of each side in it (Left's first):
/// `(value, [(side, part, option index, value after, winning)])`.
#[pyfunction]
fn partizan_sum_moves(
    py: Python<'_>,
    parts: Vec<PartIn>,
) -> PyResult<(PartizanGame, Vec<SumMoveOut>)> {
    let parts = components(&parts);
    let (total, moves) = with_store(py, |store| moves_of_sum(store, &parts))?.map_err(error)?;
    Ok((of(total), moves.iter().map(out).collect()))
}

/// The computer's move for `side` in the sum (`rules::sum::reply_in_sum`), or `None`.
#[pyfunction]
fn partizan_sum_reply(
    py: Python<'_>,
    parts: Vec<PartIn>,
    side: &str,
) -> PyResult<Option<SumMoveOut>> {
    let side = parse_side(side)?;
    let parts = components(&parts);
    let chosen = with_store(py, |store| reply_in_sum(store, &parts, side))?.map_err(error)?;
    Ok(chosen.as_ref().map(out))
}
