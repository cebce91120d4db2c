//! One module per subcommand: its clap `Args` and its `run` function.

pub mod analyze;
pub mod games;
pub mod nimber;
pub mod plot;
pub mod survey;
pub mod values;
