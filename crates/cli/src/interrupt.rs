//! Ctrl-C (SIGINT, and SIGTERM with the `ctrlc` crate's `termination` feature) for every
//! command but `serve` (whose server shuts down gracefully on its own): one handler per
//! process, installed by [`install`] before the command runs. A command whose libraries
//! watch a stop flag takes it with [`ctrl_c_flag`] (the take-and-break run control, the
//! strategic solvers' [`StopCheck`](sprague_strategic::stop::StopCheck), IPD tournaments
//! and Moran runs): Ctrl-C sets the flag, the work stops within moments, keeps what can be
//! kept, and the command exits with 130. Every other command, and any command at a second
//! Ctrl-C, exits with 130 at once from the handler, so no computation outlives Ctrl-C.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The exit code after Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED: i32 = 130;

/// Whether the running command watches the flag (took it with [`ctrl_c_flag`]).
static WATCHED: AtomicBool = AtomicBool::new(false);

/// The flag, created with the handler.
static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

fn flag() -> &'static Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let set = Arc::clone(&flag);
        // If a handler is installed already (only `serve` installs its own, and it never
        // calls this), Ctrl-C keeps that handler's meaning.
        let _ = ctrlc::set_handler(move || {
            let first = !set.swap(true, Ordering::SeqCst);
            if !(first && WATCHED.load(Ordering::SeqCst)) {
                // Nothing more can be done if stderr is closed.
                let _ = writeln!(
                    std::io::stderr(),
                    "error: interrupted by a signal (Ctrl-C, SIGTERM or SIGHUP)"
                );
                std::process::exit(INTERRUPTED);
            }
        });
        flag
    })
}

/// Installs the handler: from now on Ctrl-C ends the process with 130, unless the command
/// takes the flag with [`ctrl_c_flag`] and stops by itself.
pub fn install() {
    flag();
}

/// The flag Ctrl-C sets, for a command whose work watches it: the first Ctrl-C only sets
/// it (the command stops and exits with 130 itself); a second one ends the process.
pub fn ctrl_c_flag() -> Arc<AtomicBool> {
    WATCHED.store(true, Ordering::SeqCst);
    Arc::clone(flag())
}
