//! Ctrl-C (SIGINT, and SIGTERM with the `ctrlc` crate's `termination`
//! feature) as a flag: long commands install the handler once and their
//! libraries watch the flag (the take-and-break run control's stop flag, the
//! strategic solvers' [`StopCheck`](sprague_strategic::stop::StopCheck)),
//! stop within moments, keep what can be kept, and exit with 130.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag that Ctrl-C sets. One handler per process: if one is installed
/// already, the flag is simply never set (the default signal action then
/// does not apply either, so this is only called once per command).
pub fn ctrl_c_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let set = Arc::clone(&flag);
    let _ = ctrlc::set_handler(move || set.store(true, Ordering::SeqCst));
    flag
}
