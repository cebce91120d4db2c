//! Progress of a long command on stderr, one helper for every command (the convention of
//! `sprague values` on take-and-break games): an `indicatif` bar (or a spinner when the total
//! is unknown) when stderr is a terminal; with `--progress` and stderr not a terminal (a log
//! file, a test), a plain line at most once a second; nothing otherwise. The answer on stdout
//! is the same either way. Updates may come from several threads (a survey's workers).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The total of a count whose total is not known.
const UNKNOWN: u64 = u64::MAX;

/// The time between two plain lines.
const LINE_EVERY: Duration = Duration::from_secs(1);

/// Where progress goes: a bar, plain lines, or nowhere.
pub struct Progress {
    /// The bar or spinner drawn on a terminal.
    bar: Option<indicatif::ProgressBar>,
    /// Plain lines (stderr not a terminal, `--progress` given): when the last one was written.
    plain: Option<Mutex<Instant>>,
    /// What is counted ("values", "codes", "positions", …).
    unit: &'static str,
    /// The total, as last known ([`UNKNOWN`] if not).
    total: AtomicU64,
    /// When the work started, for the rate of plain lines.
    started: Instant,
}

impl Progress {
    /// Progress of `total` (`None` if unknown) `unit`s, shown when stderr is a terminal or
    /// `forced` (the command's `--progress`).
    pub fn new(forced: bool, total: Option<u64>, unit: &'static str) -> Self {
        let terminal = std::io::stderr().is_terminal();
        let bar = terminal.then(|| {
            let (bar, template) = match total {
                Some(total) => (
                    indicatif::ProgressBar::with_draw_target(
                        Some(total),
                        indicatif::ProgressDrawTarget::stderr(),
                    ),
                    format!("{{bar:30}} {{pos}}/{{len}} {unit}, {{per_sec}}, ETA {{eta}} {{msg}}"),
                ),
                None => (
                    indicatif::ProgressBar::with_draw_target(
                        None,
                        indicatif::ProgressDrawTarget::stderr(),
                    ),
                    format!("{{spinner}} {{pos}} {unit}, {{per_sec}}, {{elapsed}} {{msg}}"),
                ),
            };
            bar.set_style(
                indicatif::ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar
        });
        Self {
            bar,
            plain: (forced && !terminal).then(|| Mutex::new(Instant::now())),
            unit,
            total: AtomicU64::new(total.unwrap_or(UNKNOWN)),
            started: Instant::now(),
        }
    }

    /// `done` units so far, of `total` when it is known now (`None`: the total given at the
    /// start, if any), with a short note (the current item).
    pub fn update(&self, done: u64, total: Option<u64>, note: &dyn Fn() -> String) {
        if let Some(total) = total {
            self.total.store(total, Ordering::Relaxed);
        }
        let total = Some(self.total.load(Ordering::Relaxed)).filter(|&total| total != UNKNOWN);
        if let Some(bar) = &self.bar {
            if let Some(total) = total {
                bar.set_length(total);
            }
            bar.set_position(done);
            bar.set_message(note());
        }
        let Some(plain) = &self.plain else {
            return;
        };
        let Ok(mut last) = plain.lock() else {
            return;
        };
        if last.elapsed() < LINE_EVERY {
            return;
        }
        *last = Instant::now();
        let rate = done as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
        let of = total.map_or(String::new(), |total| format!("/{total}"));
        let note = note();
        let note = if note.is_empty() {
            String::new()
        } else {
            format!(", {note}")
        };
        eprintln!("progress: {done}{of} {}, {rate:.0}/s{note}", self.unit);
    }

    /// Clears the bar, and in plain-line mode writes a last line with the final count (a
    /// short computation otherwise leaves no line at all, its first being due after a
    /// second).
    pub fn finish_counted(&self, done: u64) {
        if self.plain.is_some() {
            eprintln!(
                "progress: {done} {}, done in {:.2} s",
                self.unit,
                self.started.elapsed().as_secs_f64()
            );
        }
        self.finish();
    }

    /// Clears the bar (the answer follows on stdout).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    /// An error or Ctrl-C leaves no half-drawn bar behind.
    fn drop(&mut self) {
        self.finish();
    }
}
