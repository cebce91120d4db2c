//! Checking that a computation fits in memory before allocating for it: the
//! [`sprague_memory`] crate (shared with the strategic solvers), re-exported
//! here where the engine's callers have always found it.

pub use sprague_memory::{available_bytes, check_allocation, format_bytes, MemoryError};
