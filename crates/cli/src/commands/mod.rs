//! One module per subcommand: its clap `Args` and its `run` function.

pub mod nimber;
