//! Standard output and progress for the command line.
//!
//! Every report line goes through [`outln!`](crate::outln): when the reader
//! of standard output has gone away (`twinmul … | head`), the process ends
//! quietly with the conventional status 141 (128 + SIGPIPE) instead of
//! panicking in `println!`; any other write error (standard output closed
//! before the run, a full disk) ends it with status 1. Progress goes to standard error: a bar on a
//! terminal, one line per step in a log.

use std::fmt;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// Exit status when standard output was closed by its reader.
pub const EXIT_CLOSED_PIPE: i32 = 141;

/// Writes one line to standard output (see the module doc).
#[macro_export]
macro_rules! outln {
    () => { $crate::output::write_line(format_args!("")) };
    ($($arg:tt)*) => { $crate::output::write_line(format_args!($($arg)*)) };
}

/// The function behind [`outln!`](crate::outln).
pub fn write_line(args: fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.write_all(b"\n")) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(EXIT_CLOSED_PIPE);
        }
        // A report that cannot be written is a run that failed to deliver
        // (exit 1), never a pass.
        let _ = writeln!(
            std::io::stderr(),
            "twinmul: error: cannot write the report: {e}"
        );
        std::process::exit(1);
    }
}

/// Writes one line to standard error, ignoring a closed stderr.
pub fn note(args: fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr(), "{args}");
}

/// Progress of one long step: a bar on a terminal, otherwise a line per
/// step (with the elapsed time) so that a CI log shows where a run is.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    label: String,
    start: Instant,
}

impl Progress {
    /// Starts a progress display for `len` units of work labelled `label`.
    pub fn new(label: &str, len: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let style =
                indicatif::ProgressStyle::with_template("{prefix} {bar:30} {pos}/{len} {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
            let b = indicatif::ProgressBar::new(len).with_style(style);
            b.set_prefix(label.to_string());
            b
        });
        Progress {
            bar,
            label: label.to_string(),
            start: Instant::now(),
        }
    }

    /// A new step: the bar's message, or a log line.
    pub fn step(&self, msg: &str) {
        match &self.bar {
            Some(b) => b.set_message(msg.to_string()),
            None => note(format_args!(
                "twinmul: {}: {msg} ({:.0} s)",
                self.label,
                self.start.elapsed().as_secs_f64()
            )),
        }
    }

    /// One unit of work done.
    pub fn inc(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
