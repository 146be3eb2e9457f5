//! A driver's process: started from an argument vector, fed one line at a
//! time on its standard input, read one line at a time (at most
//! [`MAX_LINE`] bytes) from its standard output with a timeout, and its
//! standard error kept as a short tail for failure reports.
//!
//! Two threads per process read stdout and stderr, so that a silent or
//! flooding driver can never block the harness.

use super::error::DriverError;
use super::protocol::MAX_LINE;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many bytes of standard error are kept.
const TAIL_BYTES: usize = 4096;
/// How long a driver may take to exit after its input is closed.
const GOODBYE: Duration = Duration::from_secs(2);

/// What the stdout reader saw.
enum Line {
    Text(String),
    TooLong,
    End,
}

/// A running driver process.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    tail: Arc<Mutex<VecDeque<u8>>>,
}

impl Process {
    /// Starts `argv` in `cwd` (the current folder when `None`).
    pub fn spawn(argv: &[String], cwd: Option<&Path>) -> Result<Process, DriverError> {
        let (program, args) = argv.split_first().ok_or(DriverError::EmptyCommand)?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(d) = cwd {
            cmd.current_dir(d);
        }
        let mut child = cmd.spawn().map_err(|source| DriverError::Spawn {
            program: program.to_string(),
            source,
        })?;
        let stdout = child.stdout.take().ok_or(DriverError::NoPipe("stdout"))?;
        let stderr = child.stderr.take().ok_or(DriverError::NoPipe("stderr"))?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::with_capacity(1 << 16, stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                // A read error ends the stream like an end of file.
                let n = r
                    .by_ref()
                    .take(MAX_LINE as u64 + 2)
                    .read_until(b'\n', &mut buf)
                    .unwrap_or_default();
                let line = if n == 0 {
                    Line::End
                } else if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE {
                    Line::TooLong
                } else {
                    while matches!(buf.last(), Some(b'\n' | b'\r')) {
                        buf.pop();
                    }
                    if buf.len() > MAX_LINE {
                        Line::TooLong
                    } else {
                        Line::Text(String::from_utf8_lossy(&buf).into_owned())
                    }
                };
                let last = !matches!(line, Line::Text(_));
                if tx.send(line).is_err() || last {
                    return;
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::with_capacity(TAIL_BYTES)));
        let t = Arc::clone(&tail);
        std::thread::spawn(move || {
            let mut r = stderr;
            let mut chunk = [0u8; 4096];
            while let Ok(n) = r.read(&mut chunk) {
                if n == 0 {
                    return;
                }
                if let Ok(mut q) = t.lock() {
                    q.extend(&chunk[..n]);
                    while q.len() > TAIL_BYTES {
                        q.pop_front();
                    }
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(Process {
            child,
            stdin,
            lines,
            tail,
        })
    }

    /// Writes one line to the driver.
    pub fn send(&mut self, line: &str) -> Result<(), DriverError> {
        let stdin = self.stdin.as_mut().ok_or(DriverError::InputClosed)?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
            .map_err(|source| DriverError::Write {
                exited: self.exit_status(Duration::from_millis(200)),
                source,
            })
    }

    /// Reads one line, waiting at most `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Result<String, DriverError> {
        match self.lines.recv_timeout(timeout) {
            Ok(Line::Text(s)) => Ok(s),
            Ok(Line::TooLong) => Err(DriverError::TooLong),
            Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => Err(DriverError::Gone {
                how: self
                    .exit_status(Duration::from_secs(1))
                    .unwrap_or_else(|| "closed its output".into()),
            }),
            Err(RecvTimeoutError::Timeout) => Err(DriverError::Timeout {
                seconds: timeout.as_secs_f64(),
            }),
        }
    }

    /// "exited with status N" / "was killed by signal N", once it has
    /// exited, waiting at most `wait`.
    fn exit_status(&mut self, wait: Duration) -> Option<String> {
        let end = Instant::now() + wait;
        loop {
            match self.child.try_wait() {
                Ok(Some(s)) => {
                    return Some(match s.code() {
                        Some(c) => format!("exited with status {c}"),
                        None => format!("was killed ({s})"),
                    })
                }
                Ok(None) if Instant::now() < end => std::thread::sleep(Duration::from_millis(10)),
                _ => return None,
            }
        }
    }

    /// The last lines the driver wrote to its standard error, joined by
    /// " | " (at most five, each clipped), or "" when it wrote none.
    pub fn stderr_tail(&self) -> String {
        // Give the stderr thread a moment to catch up with a dying driver.
        std::thread::sleep(Duration::from_millis(20));
        let bytes: Vec<u8> = self
            .tail
            .lock()
            .map(|q| q.iter().copied().collect())
            .unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        lines[lines.len().saturating_sub(5)..]
            .iter()
            .map(|l| l.chars().take(200).collect::<String>())
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// Closes the driver's input, gives it two seconds to exit, then kills it.
    pub fn stop(mut self) {
        drop(self.stdin.take());
        if self.exit_status(GOODBYE).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    /// Kills the driver at once (after a protocol failure).
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
