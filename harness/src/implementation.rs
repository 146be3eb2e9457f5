//! The one trait every implementation is wrapped in, and the one path by
//! which an input is run: on one implementation ([`run`]) or on each of a
//! list ([`run_each`], which every report calls).
//!
//! Adapters work on bytes only. An adapter that cannot do something answers
//! in one of two ways, and the difference matters to every verdict:
//! - a (curve, op) pair it does not have at all is *not applicable*:
//!   [`Implementation::supports`] says false, and no report counts it;
//! - an input its library cannot express (no encoding of infinity, no
//!   message of that length) is a *decline*, [`Answer::Declined`] with a
//!   reason: counted as skipped, never as agreement. A library that is
//!   laxer than the contract answers what it does, and the judge names the
//!   finding by the input's class.
//!
//! An adapter never invents an answer. Nothing here is secret.

use crate::model::{Answer, Curve, Input, Op};
use crate::policy::Policy;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

/// An implementation under comparison, seen through its adapter.
pub trait Implementation: Send + Sync {
    /// The name used by `--impl` and in reports.
    fn name(&self) -> &str;
    /// A version string for report headers (a library's version, a driver's
    /// handshake); empty when there is nothing to say.
    fn version(&self) -> String {
        String::new()
    }
    /// Problems the implementation itself had during the run, beyond its
    /// answers (a driver that failed its handshake or had to be restarted);
    /// any problem fails the run.
    fn problems(&self) -> Vec<String> {
        Vec::new()
    }
    /// Names the implementation offered that twinmul does not know (a
    /// driver's handshake listing an unknown curve or op): shown in every
    /// report, never used.
    fn unknown(&self) -> Vec<String> {
        Vec::new()
    }
    /// The policy the implementation declares it follows where the math
    /// leaves a choice (docs/policies.md), or `None`: it is then held to
    /// the run's policy (the contract unless `--policy` says otherwise).
    fn policy(&self) -> Option<Policy> {
        None
    }
    /// The input classes (catalogue names, docs/classes.md) where the
    /// auditor has recorded that this implementation answers otherwise than
    /// the contract: its *known findings* (a driver's `known_findings` in the
    /// configuration file). A wrong answer on an input of such a class is
    /// still reported, by class, as a known finding, and does not fail the
    /// run; a known finding that no input showed is reported too.
    fn known_findings(&self) -> &[String] {
        &[]
    }
    /// The (curve, op) pairs the implementation times itself (a driver's
    /// `time` requests, docs/drivers.md), each with whether it claims
    /// constant time for it.
    fn timed(&self) -> Vec<(Curve, Op, bool)> {
        Vec::new()
    }
    /// Runs each of `inputs` of one (curve, op) pair, in order, and returns
    /// each call's duration in nanoseconds, timed by the implementation.
    fn time(&self, _curve: Curve, _op: Op, _inputs: &[Input]) -> Result<Vec<u64>, String> {
        Err("this implementation does not time its own calls".into())
    }
    /// Whether the adapter implements `op` on `curve` at all.
    fn supports(&self, curve: Curve, op: Op) -> bool;
    /// k·G.
    fn mul_g(&self, curve: Curve, scalar: &[u8]) -> Answer {
        let _ = (curve, scalar);
        unoffered(self.name(), Op::MulG)
    }
    /// k·P.
    fn mul(&self, curve: Curve, point: &[u8], scalar: &[u8]) -> Answer {
        let _ = (curve, point, scalar);
        unoffered(self.name(), Op::Mul)
    }
    /// Decode then canonically re-encode.
    fn decode(&self, curve: Curve, point: &[u8]) -> Answer {
        let _ = (curve, point);
        unoffered(self.name(), Op::Decode)
    }
    /// Sign with an explicit nonce (BIP340: aux_rand).
    fn sign(&self, curve: Curve, secret_key: &[u8], message: &[u8], nonce: &[u8]) -> Answer {
        let _ = (curve, secret_key, message, nonce);
        unoffered(self.name(), Op::Sign)
    }
    /// Verify.
    fn verify(&self, curve: Curve, public_key: &[u8], message: &[u8], signature: &[u8]) -> Answer {
        let _ = (curve, public_key, message, signature);
        unoffered(self.name(), Op::Verify)
    }
}

/// What an operation's default method answers: it is only reached when
/// `supports` claims an op the adapter does not implement, which is a bug
/// of the adapter, so it fails loudly rather than declining quietly.
fn unoffered(name: &str, op: Op) -> Answer {
    Answer::Failed(format!(
        "{name} says it supports {op} but its adapter does not implement it"
    ))
}

/// A list of implementations, in report order.
pub type Implementations = Vec<Box<dyn Implementation>>;

/// Runs `input` on `imp`. A pair the adapter does not support is declined
/// (callers that report coverage check [`Implementation::supports`] first);
/// a panic inside the adapter or its library becomes [`Answer::Failed`], so
/// one broken implementation never takes the others' results with it.
pub fn run(imp: &dyn Implementation, curve: Curve, input: &Input) -> Answer {
    if !imp.supports(curve, input.op()) {
        return Answer::Declined(format!("{} has no {} on {}", imp.name(), input.op(), curve));
    }
    let call = || match input {
        Input::MulG { scalar } => imp.mul_g(curve, scalar),
        Input::Mul { point, scalar } => imp.mul(curve, point, scalar),
        Input::Decode { point } => imp.decode(curve, point),
        Input::Sign {
            secret_key,
            message,
            nonce,
        } => imp.sign(curve, secret_key, message, nonce),
        Input::Verify {
            public_key,
            message,
            signature,
        } => imp.verify(curve, public_key, message, signature),
    };
    catch_unwind(AssertUnwindSafe(call)).unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("no message");
        Answer::Failed(format!("panicked: {why}"))
    })
}

/// One implementation's answer to one input, with how long the call took.
pub struct Ran<'a> {
    /// Who answered.
    pub implementation: &'a dyn Implementation,
    /// What it answered.
    pub answer: Answer,
    /// The call's wall time, in microseconds.
    pub micros: f64,
}

impl Ran<'_> {
    /// The implementation's name.
    pub fn name(&self) -> &str {
        self.implementation.name()
    }
}

/// One input run on a list of implementations.
pub struct Round<'a> {
    /// Each implementation that has the input's (curve, op) pair, in the
    /// list's order, with its answer.
    pub answers: Vec<Ran<'a>>,
    /// The names of those that do not have the pair (not counted anywhere).
    pub not_applicable: Vec<String>,
}

/// Runs `input` on each implementation of `impls` that supports its
/// (curve, op) pair, in order, timing each call: the one loop behind every
/// report (vector files, official suites, the campaign, `compare`, property
/// tests and fuzz targets).
pub fn run_each<'a>(
    impls: impl IntoIterator<Item = &'a dyn Implementation>,
    curve: Curve,
    input: &Input,
) -> Round<'a> {
    let mut round = Round {
        answers: Vec::new(),
        not_applicable: Vec::new(),
    };
    for imp in impls {
        if !imp.supports(curve, input.op()) {
            round.not_applicable.push(imp.name().to_string());
            continue;
        }
        let t = Instant::now();
        let answer = run(imp, curve, input);
        let micros = t.elapsed().as_secs_f64() * 1e6;
        round.answers.push(Ran {
            implementation: imp,
            answer,
            micros,
        });
    }
    round
}

/// The borrowed view of a list of implementations, for [`run_each`].
pub fn each(impls: &[Box<dyn Implementation>]) -> impl Iterator<Item = &dyn Implementation> {
    impls.iter().map(|i| i.as_ref())
}
