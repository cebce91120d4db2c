//! One module per subcommand: its clap `Args` and its `run` function.

pub mod coop;
pub mod ipd;
pub mod nimber;
pub mod tree;
