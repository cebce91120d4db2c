//! One module per subcommand: its clap `Args` and its `run` function.

pub mod dominance;
pub mod nash;
pub mod nimber;
pub mod strategic_text;
pub mod zerosum;
