//! How a driver fails: it cannot be started, it exits, it stays silent, it
//! writes a line over the limit, or it breaks the protocol. Each failure is
//! one line in the answer that names it. Nothing here is secret.

use super::protocol::{ProtocolError, MAX_LINE};

/// Why a driver gave no usable answer.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// The program cannot be started.
    #[error("cannot start `{program}`: {source}")]
    Spawn {
        /// The program, as named.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// A command of no words.
    #[error("an empty command")]
    EmptyCommand,
    /// The operating system gave no pipe for one of its streams.
    #[error("no {0} pipe")]
    NoPipe(&'static str),
    /// A write to the driver failed.
    #[error("{}a write to the driver failed: {source}", exited.as_ref().map(|s| format!("the driver {s}; ")).unwrap_or_default())]
    Write {
        /// How it ended, when it had ("exited with status 1").
        exited: Option<String>,
        /// Why the write failed.
        source: std::io::Error,
    },
    /// Its standard input was closed already.
    #[error("its input is closed")]
    InputClosed,
    /// It exited, or closed its output, before replying.
    #[error("the driver {how}")]
    Gone {
        /// "exited with status N", "was killed (…)", "closed its output".
        how: String,
    },
    /// A line over [`MAX_LINE`] bytes.
    #[error("a line longer than {MAX_LINE} bytes")]
    TooLong,
    /// No reply within the timeout.
    #[error("no reply within {seconds:.1} s (--driver-timeout)")]
    Timeout {
        /// The timeout, in seconds.
        seconds: f64,
    },
    /// A reply that breaks the protocol.
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
}
