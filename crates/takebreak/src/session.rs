//! The run control of a take-and-break sweep, shared by every face of sprague
//! (the command line's `values`, the Python module, a web server): resume from
//! a checkpoint, run the sweep with a stop flag and a progress callback, write
//! checkpoints periodically and at the end, and hand back a [`RunRecord`].
//!
//! The faces keep only what is theirs: how a stop is asked for (Ctrl-C,
//! `KeyboardInterrupt`, a request), how progress is shown, and how the answer
//! is printed ([`crate::record`] builds the answer's record).
//!
//! **Checkpoint files are never lost by mistake.**
//! - Before any work, the file's directory must exist and be writable (a file
//!   `FILE.tmp` is created and removed there), and the path must not be a
//!   directory: a checkpoint that cannot be written is an error at once, not
//!   after hours of work.
//! - An existing file is overwritten only when it is a checkpoint of the same
//!   game (or when resuming from it); any other file is refused with
//!   [`SessionError::WouldOverwrite`] unless [`Checkpointing::force`] is set.
//! - Checkpoints are written atomically ([`write_checkpoint`]) every
//!   [`Checkpointing::every`] and at the end, also when the run is
//!   interrupted. A failed periodic write is counted
//!   ([`RunRecord::failed_writes`]) and tried again at the next interval;
//!   the run goes on.
//! - A computed result is never thrown away: when the final write fails the
//!   run still returns its values, with the error in
//!   [`RunRecord::checkpoint_error`]; the faces print the values first and
//!   report the error after them.
//! - A resumed run stopping below the checkpoint's length (a smaller `to`)
//!   leaves the longer checkpoint as it is instead of shortening it.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::checkpoint::{read_checkpoint, read_identity, write_checkpoint, CheckpointError};
use crate::rule::TakeBreak;
use crate::sweep::{self, Config, Control, Outcome, Progress, Status, SweepError};
use crate::table::ValueTable;

/// How far a `values` sweep goes past `to` while proving a period.
pub const PROOF_HORIZON: u64 = 4096;

/// The seconds between checkpoints unless told otherwise.
pub const DEFAULT_EVERY: Duration = Duration::from_secs(60);

/// The configuration of `values` up to `to`: the automatic method, one
/// thread, stopping when a period is proven, and trying to prove one up to
/// heap [`PROOF_HORIZON`] when `to` is smaller.
///
/// ```
/// use sprague_takebreak::session::values_config;
/// let config = values_config(100);
/// assert_eq!((config.to, config.horizon, config.stop_when_proven), (100, 4096, true));
/// ```
pub fn values_config(to: u64) -> Config {
    Config {
        horizon: to.max(PROOF_HORIZON),
        ..Config::up_to(to)
    }
}

/// Where and how a run keeps its checkpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpointing {
    /// The checkpoint file.
    pub path: PathBuf,
    /// Continue from the checkpoint in `path` (it must exist and be of the same game).
    pub resume: bool,
    /// Overwrite `path` even when it is not a checkpoint of the same game.
    pub force: bool,
    /// Time between checkpoints while the sweep runs.
    pub every: Duration,
}

impl Checkpointing {
    /// A checkpoint in `path`, written every [`DEFAULT_EVERY`], not resumed,
    /// not forced.
    ///
    /// ```
    /// use sprague_takebreak::session::Checkpointing;
    /// let plan = Checkpointing { resume: true, ..Checkpointing::new("grundy.ckpt") };
    /// assert_eq!(plan.every.as_secs(), 60);
    /// ```
    pub fn new(path: impl Into<PathBuf>) -> Self {
        Checkpointing {
            path: path.into(),
            resume: false,
            force: false,
            every: DEFAULT_EVERY,
        }
    }
}

/// What a run did: the sweep's outcome and the facts around it.
#[derive(Debug)]
pub struct RunRecord {
    /// The values, period, status and statistics of the sweep.
    pub outcome: Outcome,
    /// The configuration it ran with.
    pub config: Config,
    /// Wall-clock seconds of the sweep (reading and writing checkpoints excluded).
    pub seconds: f64,
    /// Values read from the checkpoint resumed from (`None`: not resumed).
    pub resumed_from: Option<u64>,
    /// The checkpoint that holds this run's values at the end (written, or
    /// kept because it already held them); `None` when none was asked for or
    /// the final write failed.
    pub checkpoint: Option<PathBuf>,
    /// Why the final checkpoint could not be written; the values are complete all the same.
    pub checkpoint_error: Option<CheckpointError>,
    /// Periodic checkpoint writes that failed during the run (each tried again later).
    pub failed_writes: u64,
}

impl RunRecord {
    /// Values computed: g(0..computed).
    pub fn computed(&self) -> u64 {
        self.outcome.table.len() as u64
    }

    /// How the sweep ended.
    pub fn status(&self) -> Status {
        self.outcome.status
    }

    /// The checksum of g(0..=to) ([`Outcome::checksum_to`]) for the run's
    /// `to` below 2³², when every value is known.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use sprague_takebreak::session::{run, values_config};
    /// use sprague_takebreak::TakeBreak;
    /// let kayles = TakeBreak::octal("0.77").unwrap();
    /// let record = run(&kayles, values_config(1000), None, &AtomicBool::new(false), &mut |_| {}).unwrap();
    /// assert_eq!(record.checksum(), record.outcome.checksum_to(1000));
    /// ```
    pub fn checksum(&self) -> Option<u64> {
        let to = self.config.to;
        if to >= 1 << 32 {
            return None;
        }
        self.outcome.checksum_to(to)
    }
}

/// A run that cannot start (nothing has been computed when one of these is returned).
#[derive(Debug, Error)]
pub enum SessionError {
    /// The checkpoint to resume from cannot be used.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The sweep cannot run (memory, size).
    #[error(transparent)]
    Sweep(#[from] SweepError),
    /// The checkpoint path names a file that is not a checkpoint of this game.
    #[error("refusing to overwrite {}: it is {found}, and overwriting it needs --force (force=True from Python)", crate::checkpoint::shown_path(.path))]
    WouldOverwrite {
        /// The file.
        path: PathBuf,
        /// What the file is, e.g. `not a sprague checkpoint`.
        found: String,
    },
    /// The checkpoint path names a device, pipe or socket (such as `/dev/null`): writing the
    /// checkpoint (to `FILE.tmp`, then renamed) would replace it, so not even `--force` does.
    #[error("checkpoint {} is not a regular file (a device, pipe or socket); give a file name for the checkpoint", crate::checkpoint::shown_path(.path))]
    NotARegularFile {
        /// The path given.
        path: PathBuf,
    },
    /// The checkpoint path is a directory.
    #[error("checkpoint {} is a directory; give a file name for the checkpoint", crate::checkpoint::shown_path(.path))]
    IsADirectory {
        /// The path given.
        path: PathBuf,
    },
    /// The checkpoint's directory does not exist.
    #[error("checkpoint {} cannot be written: the directory {} does not exist", crate::checkpoint::shown_path(.path), crate::checkpoint::shown_path(.directory))]
    MissingDirectory {
        /// The checkpoint file.
        path: PathBuf,
        /// Its directory.
        directory: PathBuf,
    },
    /// A file cannot be created beside the checkpoint.
    #[error("checkpoint {} cannot be written: {source}", crate::checkpoint::shown_path(.path))]
    NotWritable {
        /// The checkpoint file.
        path: PathBuf,
        /// The system's error on creating `FILE.tmp`.
        source: std::io::Error,
    },
}

/// Runs the sweep of `rule` with `config` under the control described in the
/// module documentation: resumes from and writes the checkpoint of
/// `checkpoint`, stops when `stop` is set (status [`Status::Interrupted`],
/// with the checkpoint written), and calls `progress` about ten times a
/// second while the sweep runs and once more at its end.
///
/// An interruption is not an error: the record says how far the run got.
///
/// # Errors
/// A [`SessionError`] when the run cannot start: a checkpoint to resume from
/// that cannot be used, a checkpoint path that cannot be written or names
/// another file, or a sweep that would not fit in memory.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use sprague_takebreak::session::{run, values_config, Checkpointing, SessionError};
/// use sprague_takebreak::{Status, TakeBreak};
///
/// let directory = std::env::temp_dir().join(format!("doc-session-{}", std::process::id()));
/// std::fs::create_dir_all(&directory).unwrap();
/// let plan = Checkpointing::new(directory.join("grundy.ckpt"));
/// let grundy = TakeBreak::grundy();
/// let stop = AtomicBool::new(false);
/// let mut calls = 0;
/// let record = run(&grundy, values_config(5000), Some(&plan), &stop, &mut |_| calls += 1).unwrap();
/// assert_eq!((record.status(), record.computed()), (Status::Complete, 5001));
/// assert_eq!(record.checkpoint.as_deref(), Some(plan.path.as_path()));
/// assert!(calls >= 1);
///
/// // Another file is not overwritten unless forced.
/// let notes = Checkpointing::new(directory.join("notes.txt"));
/// std::fs::write(&notes.path, "my notes").unwrap();
/// let refused = run(&grundy, values_config(10), Some(&notes), &stop, &mut |_| {});
/// assert!(matches!(refused, Err(SessionError::WouldOverwrite { .. })));
/// # std::fs::remove_dir_all(&directory).unwrap();
/// ```
pub fn run(
    rule: &TakeBreak,
    config: Config,
    checkpoint: Option<&Checkpointing>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<RunRecord, SessionError> {
    let start = match checkpoint {
        Some(plan) => prepare(rule, plan)?,
        None => None,
    };
    let resumed_from = start.as_ref().map(|table| table.len() as u64);
    let started = Instant::now();
    let mut last_write = Instant::now();
    let mut failed_writes = 0;
    let outcome = {
        let progress = &mut *progress;
        let failed_writes = &mut failed_writes;
        let control = Control {
            stop: Some(stop),
            deadline: None,
            tick: Some(Box::new(move |now, table| {
                progress(now);
                if let Some(plan) = checkpoint {
                    if last_write.elapsed() >= plan.every {
                        last_write = Instant::now();
                        if write_checkpoint(&plan.path, rule, table).is_err() {
                            *failed_writes += 1;
                        }
                    }
                }
            })),
        };
        sweep::run(rule, config, start, control)?
    };
    let elapsed = started.elapsed();
    let target = if rule.theorem().is_some() && config.stop_when_proven {
        config.to.max(config.horizon)
    } else {
        config.to
    };
    progress(&Progress {
        computed: outcome.table.len() as u64,
        target,
        max_value: outcome.stats.max_value,
        rare_mask: outcome.stats.rare_mask,
        rare_position: outcome.stats.rare_position,
        rare_count: outcome.stats.rare_count,
        elapsed,
    });
    let (written, checkpoint_error) = match checkpoint {
        None => (None, None),
        // The file already holds these values, and perhaps more: keep it.
        Some(plan) if resumed_from.is_some_and(|read| outcome.table.len() as u64 <= read) => {
            (Some(plan.path.clone()), None)
        }
        Some(plan) => match write_checkpoint(&plan.path, rule, outcome.table.as_table_ref()) {
            Ok(()) => (Some(plan.path.clone()), None),
            Err(error) => (None, Some(error)),
        },
    };
    Ok(RunRecord {
        outcome,
        config,
        seconds: elapsed.as_secs_f64(),
        resumed_from,
        checkpoint: written,
        checkpoint_error,
        failed_writes,
    })
}

/// Checks that the checkpoint can be written and may be overwritten, and
/// reads it when resuming; all before any work.
fn prepare(rule: &TakeBreak, plan: &Checkpointing) -> Result<Option<ValueTable>, SessionError> {
    let path = &plan.path;
    if path.is_dir() {
        return Err(SessionError::IsADirectory { path: path.clone() });
    }
    if crate::checkpoint::is_special_file(path) {
        return Err(SessionError::NotARegularFile { path: path.clone() });
    }
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !directory.is_dir() {
        return Err(SessionError::MissingDirectory {
            path: path.clone(),
            directory: directory.to_path_buf(),
        });
    }
    let start = if plan.resume {
        Some(read_checkpoint(path, rule)?)
    } else {
        if !plan.force && fs::symlink_metadata(path).is_ok() {
            let expected = rule.identity();
            let found = match read_identity(path) {
                Ok(found) if found == expected => None,
                Ok(found) => Some(format!(
                    "a checkpoint of '{}', not of '{}'",
                    sprague_textfile::quoted(&found),
                    sprague_textfile::quoted(&expected)
                )),
                Err(CheckpointError::Version { found, .. }) => {
                    Some(format!("a checkpoint of format version {found}"))
                }
                Err(CheckpointError::Io { source, .. }) => {
                    Some(format!("a file that cannot be read ({source})"))
                }
                Err(_) => Some("not a sprague take-and-break checkpoint".to_string()),
            };
            if let Some(found) = found {
                return Err(SessionError::WouldOverwrite {
                    path: path.clone(),
                    found,
                });
            }
        }
        None
    };
    // The checkpoint is written to FILE.tmp and renamed: try the first step now.
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    File::create(&temporary).map_err(|source| SessionError::NotWritable {
        path: path.clone(),
        source,
    })?;
    let _ = fs::remove_file(&temporary);
    Ok(start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::FileTypeExt;
    use std::sync::atomic::Ordering;

    /// A fresh directory of its own for each test.
    fn directory(name: &str) -> PathBuf {
        let directory =
            std::env::temp_dir().join(format!("sprague-session-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&directory);
        fs::create_dir_all(&directory).unwrap();
        directory
    }

    fn grundy_to(to: u64) -> Config {
        values_config(to)
    }

    #[test]
    fn an_interrupted_run_writes_its_checkpoint_and_resumes_to_the_same_checksum() {
        let directory = directory("resume");
        let grundy = TakeBreak::grundy();
        let plan = Checkpointing::new(directory.join("g.ckpt"));
        // Stopped at the first check of the flag (after 256 values).
        let stop = AtomicBool::new(true);
        let first = run(&grundy, grundy_to(20_000), Some(&plan), &stop, &mut |_| {}).unwrap();
        assert_eq!(first.status(), Status::Interrupted);
        assert!(first.computed() < 20_001);
        assert_eq!(first.checkpoint.as_deref(), Some(plan.path.as_path()));
        assert_eq!(
            read_checkpoint(&plan.path, &grundy).unwrap().len() as u64,
            first.computed()
        );
        stop.store(false, Ordering::SeqCst);
        let resume = Checkpointing {
            resume: true,
            ..plan.clone()
        };
        let resumed = run(
            &grundy,
            grundy_to(20_000),
            Some(&resume),
            &stop,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(resumed.resumed_from, Some(first.computed()));
        assert_eq!(resumed.status(), Status::Complete);
        let direct = run(&grundy, grundy_to(20_000), None, &stop, &mut |_| {}).unwrap();
        assert!(direct.checksum().is_some());
        assert_eq!(resumed.checksum(), direct.checksum());
        // Resuming with a smaller `to` keeps the longer checkpoint.
        let short = run(&grundy, grundy_to(100), Some(&resume), &stop, &mut |_| {}).unwrap();
        assert_eq!(short.computed(), 101);
        assert_eq!(read_checkpoint(&plan.path, &grundy).unwrap().len(), 20_001);
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn other_files_are_not_overwritten_unless_forced() {
        let directory = directory("overwrite");
        let grundy = TakeBreak::grundy();
        let kayles = TakeBreak::octal("0.77").unwrap();
        let stop = AtomicBool::new(false);
        let notes = Checkpointing::new(directory.join("notes.txt"));
        fs::write(&notes.path, "three weeks of notes").unwrap();
        let error = run(&grundy, grundy_to(50), Some(&notes), &stop, &mut |_| {}).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "refusing to overwrite {}: it is not a sprague take-and-break checkpoint, and overwriting it needs --force (force=True from Python)",
                notes.path.display()
            )
        );
        assert_eq!(
            fs::read_to_string(&notes.path).unwrap(),
            "three weeks of notes"
        );
        // A checkpoint of another game is not overwritten either.
        let other = Checkpointing::new(directory.join("kayles.ckpt"));
        run(&kayles, grundy_to(50), Some(&other), &stop, &mut |_| {}).unwrap();
        let error = run(&grundy, grundy_to(50), Some(&other), &stop, &mut |_| {}).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("it is a checkpoint of 'octal 0.77', not of 'grundy'"),
            "{error}"
        );
        // One of the same game is (that is how a run is repeated).
        let same = Checkpointing::new(directory.join("grundy.ckpt"));
        run(&grundy, grundy_to(50), Some(&same), &stop, &mut |_| {}).unwrap();
        run(&grundy, grundy_to(60), Some(&same), &stop, &mut |_| {}).unwrap();
        assert_eq!(read_checkpoint(&same.path, &grundy).unwrap().len(), 61);
        // Forced, the notes make way.
        let forced = Checkpointing {
            force: true,
            ..notes.clone()
        };
        run(&grundy, grundy_to(50), Some(&forced), &stop, &mut |_| {}).unwrap();
        assert_eq!(read_checkpoint(&notes.path, &grundy).unwrap().len(), 51);
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn an_unwritable_checkpoint_is_refused_before_any_work() {
        let directory = directory("missing");
        let grundy = TakeBreak::grundy();
        let stop = AtomicBool::new(false);
        let missing = Checkpointing::new(directory.join("no-such-directory").join("g.ckpt"));
        let mut calls = 0;
        let error = run(&grundy, grundy_to(50), Some(&missing), &stop, &mut |_| {
            calls += 1
        })
        .unwrap_err();
        assert_eq!(calls, 0, "no work was done");
        assert_eq!(
            error.to_string(),
            format!(
                "checkpoint {} cannot be written: the directory {} does not exist",
                missing.path.display(),
                directory.join("no-such-directory").display()
            )
        );
        let error = run(
            &grundy,
            grundy_to(50),
            Some(&Checkpointing::new(&directory)),
            &stop,
            &mut |_| calls += 1,
        )
        .unwrap_err();
        assert!(
            matches!(error, SessionError::IsADirectory { .. }),
            "{error}"
        );
        assert_eq!(calls, 0);
        // A socket (like a device such as /dev/null) is never replaced, not even with force:
        // the checkpoint is renamed onto its path.
        let socket = directory.join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        let forced = Checkpointing {
            force: true,
            ..Checkpointing::new(&socket)
        };
        let error = run(&grundy, grundy_to(50), Some(&forced), &stop, &mut |_| {
            calls += 1
        })
        .unwrap_err();
        assert!(
            matches!(error, SessionError::NotARegularFile { .. }),
            "{error}"
        );
        assert_eq!(calls, 0);
        let table = crate::ValueTable::U8(vec![0, 1]);
        assert!(crate::write_checkpoint(&socket, &grundy, table.as_table_ref()).is_err());
        assert!(fs::symlink_metadata(&socket)
            .unwrap()
            .file_type()
            .is_socket());
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn a_failed_final_write_keeps_the_values() {
        let directory = directory("final");
        let grundy = TakeBreak::grundy();
        let stop = AtomicBool::new(false);
        let plan = Checkpointing::new(directory.join("g.ckpt"));
        // The directory disappears while the run ends (the last progress call
        // comes before the final write).
        let record = run(&grundy, grundy_to(3000), Some(&plan), &stop, &mut |_| {
            let _ = fs::remove_dir_all(&directory);
        })
        .unwrap();
        assert_eq!(record.status(), Status::Complete);
        assert_eq!(record.computed(), 3001);
        assert!(record.checksum().is_some());
        assert!(record.checkpoint.is_none());
        let error = record.checkpoint_error.expect("the write failed");
        assert!(matches!(error, CheckpointError::Io { .. }), "{error}");
    }
}
