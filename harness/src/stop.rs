//! Stopping a run early: Ctrl-C (SIGINT), SIGTERM, or the `--max-time`
//! deadline. The long loops (vector cases, official cases, campaign
//! inputs, constant-time targets) ask [`stopped`] between inputs and end
//! there; the command then prints what it has, marked as cut short, and
//! the drivers are stopped as their handles drop. Nothing here is secret.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

static SIGNALLED: AtomicBool = AtomicBool::new(false);
static DEADLINE: Mutex<Option<Instant>> = Mutex::new(None);

/// Why a run stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// SIGINT or SIGTERM.
    Interrupted,
    /// The `--max-time` deadline passed.
    TimeUp,
}

impl Why {
    /// In words, for reports.
    pub fn text(self) -> &'static str {
        match self {
            Why::Interrupted => "interrupted (SIGINT or SIGTERM)",
            Why::TimeUp => "stopped at --max-time",
        }
    }
}

/// Makes SIGINT and SIGTERM request a stop instead of killing the process
/// (a second signal still kills it: the handler is installed once, and the
/// first request is all a run waits for).
pub fn catch_signals() {
    // Installing twice (a library user calling the command line twice) is
    // the only error, and the first handler already does the job.
    let _ = ctrlc::set_handler(|| {
        if SIGNALLED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// Sets the deadline `secs` from now.
pub fn deadline_in(secs: f64) {
    let at = Instant::now() + Duration::from_secs_f64(secs.max(0.0));
    *DEADLINE.lock().unwrap_or_else(|e| e.into_inner()) = Some(at);
}

/// Whether, and why, the run must stop now.
pub fn stopped() -> Option<Why> {
    if SIGNALLED.load(Ordering::SeqCst) {
        return Some(Why::Interrupted);
    }
    let deadline = *DEADLINE.lock().unwrap_or_else(|e| e.into_inner());
    deadline
        .filter(|d| Instant::now() >= *d)
        .map(|_| Why::TimeUp)
}
