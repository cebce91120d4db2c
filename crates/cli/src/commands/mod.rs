//! One module per subcommand: its clap `Args` and its `run` function.

pub mod analyze;
pub mod coop;
pub mod games;
pub mod graph;
pub mod ipd;
pub mod nimber;
pub mod plot;
pub mod survey;
pub mod table;
pub mod tree;
pub mod values;
