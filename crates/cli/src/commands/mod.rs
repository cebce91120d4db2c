//! One module per subcommand: its clap `Args` and its `run` function.

pub mod analyze;
pub mod cgt;
pub mod completions;
pub mod coop;
pub mod dominance;
pub mod domineering_table;
pub mod dynamics;
pub mod extensive_text;
pub mod games;
pub mod graph;
pub mod ipd;
pub mod manpage;
pub mod moves;
pub mod nash;
pub mod nimber;
pub mod partizan;
pub mod play;
pub mod plot;
pub mod quotient;
pub mod serve;
pub mod strategic_text;
pub mod survey;
pub mod table;
pub mod tree;
pub mod values;
pub mod zerosum;
