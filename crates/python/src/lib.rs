//! The native half of sprague's Python package (`sprague._native`), built
//! with PyO3 and maturin. A thin face over the library crates: every
//! function parses its arguments, calls the same library API the command
//! line calls (the structured position face of `sprague-games`, the
//! take-and-break engine, nim arithmetic, the strategic-form reports of
//! `sprague-strategic`) and hands back Python objects.
//! The pure-Python half (`python/sprague/`) wraps them in idiomatic classes
//! (`fractions.Fraction`, NumPy and pandas conversions, notebook display).
//!
//! Errors become Python exceptions of the `sprague.Error` hierarchy (all
//! subclasses of `ValueError`) with the command line's one-sentence
//! messages. Long computations release the GIL and stop on
//! `KeyboardInterrupt` (see `interrupt.rs`).

mod baseline;
mod callbacks;
mod cooperative;
mod define;
mod define_heap;
mod dynamics;
mod extensive;
mod fraction;
mod impartial;
mod interrupt;
mod nimber;
mod partizan;
mod partizan_define;
mod partizan_sum;
mod python_strategy;
mod quotient;
mod repeated;
mod serve;
mod strategic;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sprague_games::GameError;

create_exception!(
    sprague,
    Error,
    PyValueError,
    "Every error of sprague: a bad game description, position, move or request."
);
create_exception!(
    sprague,
    UnknownGame,
    Error,
    "A game description naming no game of the catalogue."
);
create_exception!(
    sprague,
    InvalidInput,
    Error,
    "A description, position or parameter that is not well formed."
);
create_exception!(
    sprague,
    IllegalMove,
    Error,
    "A move that is not legal in the position."
);
create_exception!(
    sprague,
    TooLarge,
    Error,
    "A request whose work or memory would be too large; the message gives the size and the limit."
);
create_exception!(
    sprague,
    Unsupported,
    Error,
    "A request the game does not offer (values of a two-heap game, misère play of a loopy game, …)."
);

create_exception!(
    sprague,
    StrategyError,
    Error,
    "A strategy written in Python that raised an exception (chained as `__cause__`) or answered something other than \"C\" or \"D\"."
);

create_exception!(
    sprague,
    CheckpointError,
    Error,
    "A checkpoint that cannot be read, written or overwritten; the message names the file."
);

/// A library sentence as Python says it: the command line's `--force` is the keyword
/// argument `force=True` here ("… pass --force to run it anyway" becomes "… pass force=True
/// to run it anyway"); sentences that already name both are kept.
pub(crate) fn python_message(message: String) -> String {
    if !message.contains("--force") || message.contains("force=True") {
        return message;
    }
    message.replace("--force", "force=True")
}

/// The Python exception of a library error, with its one-sentence message.
pub(crate) fn to_python(error: GameError) -> PyErr {
    let message = error.to_string();
    match error {
        GameError::UnknownGame { .. } => UnknownGame::new_err(message),
        GameError::IllegalMove { .. } => IllegalMove::new_err(message),
        GameError::PositionTooLarge { .. }
        | GameError::TooMuchWork { .. }
        | GameError::Memory(_) => TooLarge::new_err(crate::python_message(message)),
        GameError::Unsupported { .. } | GameError::NotAHeapFamily { .. } => {
            Unsupported::new_err(message)
        }
        _ => InvalidInput::new_err(message),
    }
}

/// The module `sprague._native`.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("Error", py.get_type::<Error>())?;
    module.add("UnknownGame", py.get_type::<UnknownGame>())?;
    module.add("InvalidInput", py.get_type::<InvalidInput>())?;
    module.add("IllegalMove", py.get_type::<IllegalMove>())?;
    module.add("TooLarge", py.get_type::<TooLarge>())?;
    module.add("Unsupported", py.get_type::<Unsupported>())?;
    module.add("CheckpointError", py.get_type::<CheckpointError>())?;
    module.add("StrategyError", py.get_type::<StrategyError>())?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    impartial::register(module)?;
    nimber::register(module)?;
    partizan::register(module)?;
    strategic::register(module)?;
    extensive::register(module)?;
    repeated::register(module)?;
    cooperative::register(module)?;
    dynamics::register(module)?;
    quotient::register(module)?;
    baseline::register(module)?;
    serve::register(module)?;
    define_heap::register(module)?;
    Ok(())
}
