//! Outside implementations behind the driver protocol (`docs/drivers.md`):
//! any program, in any language, that answers JSON Lines on its standard
//! input and output becomes an [`Implementation`] under the name the user
//! gives it, held to the same checks as the built-in ones.
//!
//! A driver that fails — it cannot start, exits, writes a line that is not
//! a reply, a wrong id, bad hex, a line over the limit, or stays silent past
//! the timeout — gives [`Answer::Failed`] for that request, naming the
//! failure and the tail of its standard error; it never takes the harness or
//! the other implementations down. It is then restarted for the next
//! request, at most [`MAX_RESTARTS`] times in a run; after that every
//! further request fails at once.

pub mod config;
pub mod error;
pub mod process;
pub mod protocol;
pub mod serve;
pub mod spec;

pub use error::DriverError;
pub use spec::{ConfigError, DriverSpec};

use crate::implementation::Implementation;
use crate::model::{Answer, Curve, Input, Op};
use process::Process;
use protocol::Hello;
use std::sync::Mutex;
use std::time::Duration;

/// Restarts allowed after failures, per run.
pub const MAX_RESTARTS: usize = 3;

/// The default time a driver has to answer one request (or the handshake).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// A driver's mutable state: its process and its record of failures.
#[derive(Default)]
struct State {
    process: Option<Process>,
    next_id: u64,
    starts: usize,
    failures: usize,
    problems: Vec<String>,
}

/// An outside implementation behind the driver protocol.
pub struct Driver {
    spec: DriverSpec,
    hello: Hello,
    state: Mutex<State>,
}

impl Driver {
    /// Starts the driver and reads its handshake. A driver that cannot
    /// start or breaks the handshake is still returned: it supports nothing
    /// and reports the failure through [`Implementation::problems`].
    pub fn start(spec: DriverSpec) -> Driver {
        let mut state = State {
            next_id: 1,
            ..State::default()
        };
        let hello = match start(&spec, &mut state) {
            Ok(h) => h,
            Err(e) => {
                state.failures += 1;
                state.problems.push(format!("failed at the handshake: {e}"));
                Hello::default()
            }
        };
        Driver {
            spec,
            hello,
            state: Mutex::new(state),
        }
    }

    /// How it was started.
    pub fn spec(&self) -> &DriverSpec {
        &self.spec
    }

    /// What it said of itself (empty when the handshake failed).
    pub fn hello(&self) -> &Hello {
        &self.hello
    }

    fn request(&self, curve: Curve, input: &Input) -> Answer {
        let mut st = match self.state.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        if st.failures > MAX_RESTARTS {
            return Answer::Failed(format!(
                "not asked: the driver was given up after {} failures",
                st.failures
            ));
        }
        if st.process.is_none() {
            if let Err(e) = start(&self.spec, &mut st) {
                return self.fail(&mut st, curve, input, 0, format!("restart failed: {e}"));
            }
        }
        let id = st.next_id;
        st.next_id += 1;
        let line = protocol::request(id, curve, input);
        let Some(p) = st.process.as_mut() else {
            return Answer::Failed("no process".into());
        };
        let reply = p
            .send(&line)
            .and_then(|()| p.recv(self.spec.timeout))
            .and_then(|l| Ok(protocol::parse_reply(&l, id, input.op())?));
        match reply {
            Ok(a) => a,
            Err(e) => self.fail(&mut st, curve, input, id, e.to_string()),
        }
    }

    /// Records a failure on request `id`, stops the process, and the
    /// answer that names it.
    fn fail(&self, st: &mut State, curve: Curve, input: &Input, id: u64, what: String) -> Answer {
        let tail = st
            .process
            .as_ref()
            .map(Process::stderr_tail)
            .unwrap_or_default();
        if let Some(p) = st.process.take() {
            p.kill();
        }
        st.failures += 1;
        let mut why = what;
        if !tail.is_empty() {
            why.push_str(&format!(" [stderr: {tail}]"));
        }
        let restart = if st.failures > MAX_RESTARTS {
            "given up".to_string()
        } else {
            "restarted for the next request".to_string()
        };
        st.problems.push(format!(
            "{why} (request {id}: {curve} {}; {restart})",
            input.op()
        ));
        Answer::Failed(why)
    }
}

/// Spawns the process and reads the handshake into `st`.
fn start(spec: &DriverSpec, st: &mut State) -> Result<Hello, String> {
    start_process(spec, st).map_err(|(e, tail)| {
        if tail.is_empty() {
            e.to_string()
        } else {
            format!("{e} [stderr: {tail}]")
        }
    })
}

/// [`start`], with the failure and the tail of the driver's standard error.
fn start_process(spec: &DriverSpec, st: &mut State) -> Result<Hello, (DriverError, String)> {
    st.starts += 1;
    let mut p = Process::spawn(&spec.argv, spec.cwd.as_deref()).map_err(|e| (e, String::new()))?;
    let hello = p
        .send(&protocol::hello())
        .and_then(|()| p.recv(spec.timeout))
        .and_then(|l| Ok(protocol::parse_hello(&l)?));
    match hello {
        Ok(h) => {
            st.process = Some(p);
            Ok(h)
        }
        Err(e) => {
            let tail = p.stderr_tail();
            p.kill();
            Err((e, tail))
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Ok(mut st) = self.state.lock() {
            if let Some(p) = st.process.take() {
                p.stop();
            }
        }
    }
}

impl Implementation for Driver {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn version(&self) -> String {
        if self.hello.name.is_empty() {
            return String::new();
        }
        format!("{} {}", self.hello.name, self.hello.version)
    }

    fn known_findings(&self) -> &[String] {
        &self.spec.known_findings
    }

    fn policy(&self) -> Option<crate::policy::Policy> {
        self.hello.policy
    }

    fn unknown(&self) -> Vec<String> {
        self.hello.unknown.clone()
    }

    fn timed(&self) -> Vec<(Curve, Op, bool)> {
        self.hello
            .time
            .iter()
            .map(|(&(c, o), &claim)| (c, o, claim))
            .collect()
    }

    fn time(&self, curve: Curve, op: Op, inputs: &[Input]) -> Result<Vec<u64>, String> {
        let mut st = match self.state.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        if st.process.is_none() {
            start(&self.spec, &mut st)?;
        }
        let id = st.next_id;
        st.next_id += 1;
        let line = protocol::time_request(id, curve, op, inputs);
        let p = st.process.as_mut().ok_or("no process")?;
        // Timing a batch takes longer than one answer: the timeout scales.
        let timeout = self.spec.timeout * (inputs.len() as u32).max(1);
        p.send(&line)
            .and_then(|()| p.recv(timeout))
            .and_then(|l| Ok(protocol::parse_time_reply(&l, id, inputs.len())?))
            .map_err(|e| e.to_string())
    }

    fn supports(&self, curve: Curve, op: Op) -> bool {
        self.hello.supports.contains(&(curve, op))
    }

    fn problems(&self) -> Vec<String> {
        self.state
            .lock()
            .map(|s| s.problems.clone())
            .unwrap_or_default()
    }

    fn mul_g(&self, curve: Curve, scalar: &[u8]) -> Answer {
        self.request(
            curve,
            &Input::MulG {
                scalar: scalar.to_vec(),
            },
        )
    }

    fn mul(&self, curve: Curve, point: &[u8], scalar: &[u8]) -> Answer {
        self.request(
            curve,
            &Input::Mul {
                point: point.to_vec(),
                scalar: scalar.to_vec(),
            },
        )
    }

    fn decode(&self, curve: Curve, point: &[u8]) -> Answer {
        self.request(
            curve,
            &Input::Decode {
                point: point.to_vec(),
            },
        )
    }

    fn sign(&self, curve: Curve, secret_key: &[u8], message: &[u8], nonce: &[u8]) -> Answer {
        self.request(
            curve,
            &Input::Sign {
                secret_key: secret_key.to_vec(),
                message: message.to_vec(),
                nonce: nonce.to_vec(),
            },
        )
    }

    fn verify(&self, curve: Curve, public_key: &[u8], message: &[u8], signature: &[u8]) -> Answer {
        self.request(
            curve,
            &Input::Verify {
                public_key: public_key.to_vec(),
                message: message.to_vec(),
                signature: signature.to_vec(),
            },
        )
    }
}
