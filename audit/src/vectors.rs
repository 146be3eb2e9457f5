//! Vector files in the interop format (`docs/interop.md`) and the checker
//! behind `twinmul vectors check`.
//!
//! A file is read whole before anything runs: a file that cannot be read, is
//! not JSON, or holds a case that cannot be read (unknown op, missing field,
//! a field of the wrong type, bad hex) is bad input, reported in one line and
//! never counted among the cases. `null` is the same as an absent field.
//!
//! Each case is then run on each selected implementation that has its
//! (curve, op) pair: a matching answer is *passed*, a different one (or a
//! failure to answer) *failed*, a decline *skipped*, never passed.
//! Implementations without the pair are not applicable and counted nowhere.
//!
//! A case may state another policy's answer than the contract's (its
//! `policy` field, docs/policies.md). Each implementation is held to its
//! declared policy, or to the run's: a case of another policy whose answer
//! differs from that one's is not checked against it, and an answer that
//! is a known policy's other than the one it is held to is *explained*
//! instead of failed, unless the run's policy was chosen (`--policy`) or
//! the implementation declared its own.

use crate::implementation::{run, Implementation};
use crate::judge::PolicyAnswers;
use crate::model::{Answer, Curve, Expected, Input, Op};
use crate::policy::{Expectation, Policy};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The seed the committed files were generated with.
pub const DEFAULT_SEED: u64 = 20261203;

/// A whole vector file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VectorFile {
    /// Interop curve id.
    pub curve: String,
    /// How the values were obtained.
    pub source: String,
    /// The cases, kept as JSON so unknown fields are tolerated.
    pub cases: Vec<Value>,
}

/// One case as written by the generator (fields in a fixed order).
#[derive(Clone, Debug, Default, Serialize)]
pub struct CaseOut {
    /// Operation name.
    pub op: String,
    /// What the case exercises (ignored by readers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The policy whose answer the case states (absent: the contract).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
    /// Encoded point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<String>,
    /// Scalar.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scalar: Option<String>,
    /// Secret key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret_key: Option<String>,
    /// Public key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public_key: Option<String>,
    /// Message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Nonce / aux_rand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
    /// Signature.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    /// Expected point bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Expected error class.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Expected validity (decode, verify).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
}

impl CaseOut {
    /// The case for `input` with expectation `expected`.
    pub fn new(input: &Input, expected: &Expected, comment: impl Into<String>) -> CaseOut {
        let mut c = CaseOut {
            op: input.op().id().into(),
            comment: Some(comment.into()),
            ..Default::default()
        };
        for (k, v) in input.fields() {
            let slot = match k {
                "point" => &mut c.point,
                "scalar" => &mut c.scalar,
                "secret_key" => &mut c.secret_key,
                "public_key" => &mut c.public_key,
                "message" => &mut c.message,
                "nonce" => &mut c.nonce,
                _ => &mut c.signature,
            };
            *slot = Some(v);
        }
        match (input.op(), expected) {
            (Op::Sign, Expected::Bytes(b)) => c.signature = Some(hex::encode(b)),
            (_, Expected::Bytes(b)) => {
                c.result = Some(hex::encode(b));
                if input.op() == Op::Decode {
                    c.valid = Some(true);
                }
            }
            (Op::Decode, Expected::Rejected) => c.valid = Some(false),
            (_, Expected::Rejected) => c.error = Some("rejected".into()),
            (_, Expected::Accepted) => c.valid = Some(true),
            (_, Expected::Verdict(v)) => c.valid = Some(*v),
            (_, Expected::PointX(_) | Expected::PointXOrRejected(_)) => {
                unreachable!("x-only expectations exist only for the Wycheproof reader")
            }
        }
        c
    }
}

/// The JSON type of a value, for error messages.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A field's value; `None` when it is absent or `null`.
fn get<'a>(case: &'a Value, name: &str) -> Option<&'a Value> {
    case.get(name).filter(|v| !v.is_null())
}

fn opt_hex(case: &Value, name: &str) -> Result<Option<Vec<u8>>, String> {
    match get(case, name) {
        None => Ok(None),
        Some(Value::String(s)) => hex::decode(s)
            .map(Some)
            .map_err(|e| format!("field '{name}': bad hex ({e})")),
        Some(v) => Err(format!(
            "field '{name}' must be a hex string, found {}",
            type_name(v)
        )),
    }
}

fn hex_field(case: &Value, name: &str) -> Result<Vec<u8>, String> {
    opt_hex(case, name)?.ok_or_else(|| format!("missing field '{name}'"))
}

fn opt_bool(case: &Value, name: &str) -> Result<Option<bool>, String> {
    match get(case, name) {
        None => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(v) => Err(format!(
            "field '{name}' must be true or false, found {}",
            type_name(v)
        )),
    }
}

fn bool_field(case: &Value, name: &str) -> Result<bool, String> {
    opt_bool(case, name)?.ok_or_else(|| format!("missing field '{name}'"))
}

/// Whether the case expects an error: `error` present (a string naming the
/// error class) and not `null`.
fn expects_error(case: &Value) -> Result<bool, String> {
    match get(case, "error") {
        None => Ok(false),
        Some(Value::String(_)) => Ok(true),
        Some(v) => Err(format!(
            "field 'error' must be a string, found {}",
            type_name(v)
        )),
    }
}

/// The expectation of a case whose answer is a point or signature in
/// `field`, or an error.
fn bytes_or_error(case: &Value, field: &str) -> Result<Expected, String> {
    match (expects_error(case)?, opt_hex(case, field)?) {
        (true, Some(_)) => Err(format!("both 'error' and '{field}' given")),
        (true, None) => Ok(Expected::Rejected),
        (false, Some(b)) => Ok(Expected::Bytes(b)),
        (false, None) => Err(format!("missing field '{field}' (or 'error')")),
    }
}

/// Reads a case's op and input fields (a driver request is read the same
/// way: it carries no expectation).
pub fn parse_input(case: &Value) -> Result<Input, String> {
    if !case.is_object() {
        return Err(format!(
            "a case must be an object, found {}",
            type_name(case)
        ));
    }
    let op_name = match get(case, "op") {
        Some(Value::String(s)) => s.as_str(),
        Some(v) => {
            return Err(format!(
                "field 'op' must be a string, found {}",
                type_name(v)
            ))
        }
        None => return Err("missing field 'op'".into()),
    };
    let op = Op::from_id(op_name)
        .ok_or_else(|| format!("unknown op '{op_name}' (mul_g, mul, decode, sign, verify)"))?;
    Ok(match op {
        Op::MulG => Input::MulG {
            scalar: hex_field(case, "scalar")?,
        },
        Op::Mul => Input::Mul {
            point: hex_field(case, "point")?,
            scalar: hex_field(case, "scalar")?,
        },
        Op::Decode => Input::Decode {
            point: hex_field(case, "point")?,
        },
        Op::Sign => Input::Sign {
            secret_key: hex_field(case, "secret_key")?,
            message: hex_field(case, "message")?,
            nonce: hex_field(case, "nonce")?,
        },
        Op::Verify => Input::Verify {
            public_key: hex_field(case, "public_key")?,
            message: hex_field(case, "message")?,
            signature: hex_field(case, "signature")?,
        },
    })
}

/// Reads a case's expectation for `op`.
fn parse_expected(case: &Value, op: Op) -> Result<Expected, String> {
    match op {
        Op::MulG | Op::Mul => bytes_or_error(case, "result"),
        Op::Decode => match (bool_field(case, "valid")?, opt_hex(case, "result")?) {
            (false, Some(_)) => Err("'valid': false with a 'result'".into()),
            (false, None) => Ok(Expected::Rejected),
            (true, Some(b)) => Ok(Expected::Bytes(b)),
            (true, None) => Ok(Expected::Accepted),
        },
        Op::Sign => bytes_or_error(case, "signature"),
        Op::Verify => Ok(Expected::Verdict(bool_field(case, "valid")?)),
    }
}

/// Reads one case into an input and its expectation.
pub fn parse_case(case: &Value) -> Result<(Input, Expected), String> {
    let input = parse_input(case)?;
    let expected = parse_expected(case, input.op())?;
    Ok((input, expected))
}

/// The policy a case states its answer under: `policy` (a known policy's
/// name), the contract when absent.
fn parse_policy(case: &Value) -> Result<Policy, String> {
    match get(case, "policy") {
        None => Ok(Policy::Strict),
        Some(Value::String(s)) => Policy::from_id(s).map_err(|e| format!("field 'policy': {e}")),
        Some(v) => Err(format!(
            "field 'policy' must be a string, found {}",
            type_name(v)
        )),
    }
}

/// One case of a loaded file.
#[derive(Clone, Debug)]
pub struct Case {
    /// Its index in the file's `cases`.
    pub index: usize,
    /// The input.
    pub input: Input,
    /// What the answer must be.
    pub expected: Expected,
    /// The policy that answer is (the contract unless the case says).
    pub policy: Policy,
}

/// A vector file read whole: every case parsed.
#[derive(Clone, Debug)]
pub struct LoadedFile {
    /// The path as given, for reports.
    pub label: String,
    /// The curve.
    pub curve: Curve,
    /// The cases.
    pub cases: Vec<Case>,
}

/// Reads and parses a vector file, every case included. Any problem is
/// one line naming the file (and the case), and the file is not checked.
pub fn load(path: &Path) -> Result<LoadedFile, String> {
    let label = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{label}: {e}"))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| format!("{label}: not JSON ({e})"))?;
    let curve = match get(&v, "curve") {
        Some(Value::String(s)) => Curve::from_id(s).ok_or_else(|| {
            format!("{label}: unknown curve '{s}' (secp256k1, bn254, bls12-381, ecgfp5)")
        })?,
        Some(x) => {
            return Err(format!(
                "{label}: field 'curve' must be a string, found {}",
                type_name(x)
            ))
        }
        None => return Err(format!("{label}: not a vector file (no 'curve')")),
    };
    let cases = match get(&v, "cases") {
        Some(Value::Array(a)) => a,
        Some(x) => {
            return Err(format!(
                "{label}: field 'cases' must be an array, found {}",
                type_name(x)
            ))
        }
        None => return Err(format!("{label}: not a vector file (no 'cases')")),
    };
    if cases.is_empty() {
        return Err(format!("{label}: no cases: nothing to check"));
    }
    let mut out = Vec::with_capacity(cases.len());
    let mut bad = Vec::new();
    for (index, c) in cases.iter().enumerate() {
        match parse_case(c).and_then(|(i, e)| Ok((i, e, parse_policy(c)?))) {
            Ok((input, expected, policy)) => out.push(Case {
                index,
                input,
                expected,
                policy,
            }),
            Err(e) => bad.push(format!("case {index}: {e}")),
        }
    }
    // A file that cannot judge: a case twice (counted twice), a valid
    // decode without its result (any answer would pass), another policy's
    // case on a curve where only the contract applies.
    let mut seen: std::collections::HashMap<(String, Policy), usize> = Default::default();
    for c in &out {
        let key = (format!("{:?}", c.input), c.policy);
        if let Some(first) = seen.insert(key, c.index) {
            bad.push(format!("case {}: duplicates case {first}", c.index));
        }
        if c.expected == Expected::Accepted {
            bad.push(format!(
                "case {}: a valid decode without its 'result' accepts any answer",
                c.index
            ));
        }
        if !c.policy.covers(curve) {
            bad.push(format!(
                "case {}: policy {} says nothing about {curve} (only the contract does)",
                c.index, c.policy
            ));
        }
    }
    if let Some(first) = bad.first() {
        let more = match bad.len() {
            1 => String::new(),
            n => format!(" (and {} more malformed cases)", n - 1),
        };
        return Err(format!("{label}: {first}{more}"));
    }
    Ok(LoadedFile {
        label,
        curve,
        cases: out,
    })
}

/// The (curve, op) pairs of `files` that no implementation in `impls`
/// supports, each as one line naming where it occurs: such cases could be
/// checked by nobody.
pub fn uncovered(files: &[LoadedFile], impls: &[Box<dyn Implementation>]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for f in files {
        for c in &f.cases {
            let op = c.input.op();
            if impls.iter().any(|i| i.supports(f.curve, op)) || !seen.insert((f.curve, op)) {
                continue;
            }
            let n = f.cases.iter().filter(|d| d.input.op() == op).count();
            out.push(format!(
                "{}: {n} {} {op} case(s) (the first is case {}), and no selected implementation has {op} on {}",
                f.label, f.curve, c.index, f.curve
            ));
        }
    }
    out
}

/// " case N" after a file name; nothing after a suite case's own label.
fn case_suffix(case: &str) -> String {
    if case.is_empty() {
        String::new()
    } else {
        format!(" case {case}")
    }
}

/// A case an implementation answered wrongly (or failed to answer).
#[derive(Clone, Debug)]
pub struct CaseFailure {
    /// File (or suite) and case.
    pub label: String,
    /// The case's index or name within it.
    pub case: String,
    /// The curve.
    pub curve: Curve,
    /// The input.
    pub input: Input,
    /// The implementation.
    pub implementation: String,
    /// What was expected.
    pub expected: Expected,
    /// What it answered.
    pub got: Answer,
    /// What the answer is, when a known policy gives it (the implementation
    /// declared another, or the run's policy was chosen).
    pub note: Option<String>,
}

impl CaseFailure {
    /// One report line.
    pub fn line(&self) -> String {
        let note = self
            .note
            .as_ref()
            .map_or(String::new(), |n| format!(" [{n}]"));
        format!(
            "FAIL {}{} {} {}: expected {}, got {}{note}",
            self.label,
            case_suffix(&self.case),
            self.input.op(),
            self.implementation,
            self.expected,
            self.got
        )
    }

    /// The failure as JSON, inputs included.
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "file": self.label, "case": self.case, "curve": self.curve.id(),
            "op": self.input.op().id(), "inputs": self.input.fields_json(),
            "implementation": self.implementation,
            "expected": self.expected.to_string(), "got": self.got.to_json(),
            "note": self.note,
        })
    }
}

/// A case an implementation declined.
#[derive(Clone, Debug)]
pub struct CaseSkip {
    /// File (or suite) and case.
    pub label: String,
    /// The case's index or name within it.
    pub case: String,
    /// The op.
    pub op: Op,
    /// The implementation.
    pub implementation: String,
    /// Its reason.
    pub reason: String,
}

impl CaseSkip {
    /// One report line.
    pub fn line(&self) -> String {
        format!(
            "SKIP {}{} {} {}: {}",
            self.label,
            case_suffix(&self.case),
            self.op,
            self.implementation,
            self.reason
        )
    }
}

/// An answer that differs from the case's but is another policy's, which
/// the run excuses (docs/policies.md).
#[derive(Clone, Debug)]
pub struct CaseExplained {
    /// File (or suite) and case.
    pub label: String,
    /// The case's index or name within it.
    pub case: String,
    /// The op.
    pub op: Op,
    /// The implementation.
    pub implementation: String,
    /// The policy whose answer it gave.
    pub matches: Policy,
    /// The policy it was held to.
    pub held_to: Policy,
}

impl CaseExplained {
    /// One report line.
    pub fn line(&self) -> String {
        format!(
            "POLICY {}{} {} {}: not the {} answer; policy: matches {}",
            self.label,
            case_suffix(&self.case),
            self.op,
            self.implementation,
            self.held_to,
            self.matches
        )
    }
}

/// Where an answer comes from: a case of a file or suite.
pub struct At<'a> {
    /// The file or suite.
    pub label: &'a str,
    /// The case's index or name.
    pub case: String,
    /// The curve.
    pub curve: Curve,
    /// The input.
    pub input: &'a Input,
}

/// Counts of a check run, in total and per implementation, with every
/// failure and every skip kept for reports.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Cases × implementations that matched.
    pub passed: usize,
    /// Mismatches and failures to answer.
    pub failed: usize,
    /// Declines.
    pub skipped: usize,
    /// Answers that are another policy's than the case's, excused.
    pub explained: usize,
    /// Answers to a case that states another policy's answer than the one
    /// the implementation is held to, where the implementation gave its
    /// own policy's answer: nothing to check against the case.
    pub other_policy: usize,
    /// `[passed, failed, skipped, explained]` per implementation.
    pub per_impl: BTreeMap<String, [usize; 4]>,
    /// Every failure.
    pub failures: Vec<CaseFailure>,
    /// Every skip.
    pub skips: Vec<CaseSkip>,
    /// Every excused policy difference.
    pub explanations: Vec<CaseExplained>,
    /// Cases whose stated answer everybody contradicts alike.
    pub suspects: Vec<Suspect>,
    /// Cases where twinmul's two implementations of a policy disagree.
    pub conflicts: Vec<CaseConflict>,
    /// Answers judged against the answer of the implementation's own
    /// policy, computed by twinmul, where the file states only another
    /// policy's.
    pub computed_cases: usize,
    /// Where each implementation that declares no policy stands.
    pub placements: BTreeMap<String, crate::judge::Placement>,
    /// Why the check ended before its last case, if it did.
    pub stopped: Option<crate::stop::Why>,
}

/// A suspect vector: twinmul's two implementations of the case's policy,
/// and every implementation held to it that answered, agree with each
/// other and not with the file.
#[derive(Clone, Debug)]
pub struct Suspect {
    /// The file.
    pub label: String,
    /// The case.
    pub case: String,
    /// Its op.
    pub op: Op,
    /// Its input.
    pub input: Input,
    /// What the file says.
    pub file_says: Expected,
    /// What everybody answered.
    pub everybody: Answer,
    /// Who answered it.
    pub answered_by: Vec<String>,
}

impl Suspect {
    /// One report line.
    pub fn line(&self) -> String {
        format!(
            "SUSPECT VECTOR {} case {} ({}): every implementation answers {}; the file says {}",
            self.label, self.case, self.op, self.everybody, self.file_says
        )
    }
}

/// An oracle conflict on one case of a file.
#[derive(Clone, Debug)]
pub struct CaseConflict {
    /// The file.
    pub label: String,
    /// The case.
    pub case: String,
    /// Its op.
    pub op: Op,
    /// The conflict.
    pub conflict: crate::judge::Conflict,
}

impl CaseConflict {
    /// One report line.
    pub fn line(&self) -> String {
        format!(
            "{} case {} ({}): {}",
            self.label,
            self.case,
            self.op,
            self.conflict.line()
        )
    }
}

impl Tally {
    /// Adds another tally into this one.
    pub fn add(&mut self, o: &Tally) {
        self.passed += o.passed;
        self.failed += o.failed;
        self.skipped += o.skipped;
        self.explained += o.explained;
        self.other_policy += o.other_policy;
        for (k, v) in &o.per_impl {
            let e = self.per_impl.entry(k.clone()).or_default();
            for i in 0..4 {
                e[i] += v[i];
            }
        }
        self.failures.extend(o.failures.iter().cloned());
        self.skips.extend(o.skips.iter().cloned());
        self.explanations.extend(o.explanations.iter().cloned());
        self.suspects.extend(o.suspects.iter().cloned());
        self.conflicts.extend(o.conflicts.iter().cloned());
        self.computed_cases += o.computed_cases;
        self.stopped = self.stopped.or(o.stopped);
        for (name, p) in &o.placements {
            let mine = self.placements.entry(name.clone()).or_default();
            if let Some(c) = &p.candidates {
                let keep = mine.candidates.get_or_insert_with(|| Policy::ALL.to_vec());
                keep.retain(|x| c.contains(x));
            }
            for (k, v) in &p.ruled_out {
                mine.ruled_out.entry(*k).or_insert_with(|| v.clone());
            }
        }
    }

    /// The implementations that declare no policy and whose answers no
    /// single policy explains: one line each.
    pub fn two_policy_lines(&self) -> Vec<String> {
        self.placements
            .iter()
            .filter_map(|(n, p)| p.verdict().err().map(|e| format!("TWO POLICIES {n}: {e}")))
            .collect()
    }

    /// What fails a check: wrong answers, suspect vectors, oracle
    /// conflicts, implementations that follow two policies.
    pub fn findings(&self) -> usize {
        self.failed + self.suspects.len() + self.conflicts.len() + self.two_policy_lines().len()
    }

    /// The suspect-vector, oracle-conflict and two-policy lines.
    pub fn file_lines(&self) -> Vec<String> {
        self.suspects
            .iter()
            .map(Suspect::line)
            .chain(self.conflicts.iter().map(CaseConflict::line))
            .chain(self.two_policy_lines())
            .collect()
    }

    /// The failure lines for a text report: at most `per_impl` for each
    /// implementation, then one line saying how many more there are.
    pub fn failure_lines(&self, per_impl: usize) -> Vec<String> {
        let mut shown: BTreeMap<&str, usize> = BTreeMap::new();
        let mut out = Vec::new();
        for f in &self.failures {
            let n = shown.entry(&f.implementation).or_default();
            *n += 1;
            if *n <= per_impl {
                out.push(f.line());
            }
        }
        for (imp, n) in shown {
            if n > per_impl {
                out.push(format!(
                    "… and {} more failures of {imp} (--json lists every one)",
                    n - per_impl
                ));
            }
        }
        out
    }

    /// The lines of excused policy differences: at most `limit`, then one
    /// line saying how many more there are.
    pub fn explanation_lines(&self, limit: usize) -> Vec<String> {
        let mut out: Vec<String> = self
            .explanations
            .iter()
            .take(limit)
            .map(CaseExplained::line)
            .collect();
        if self.explanations.len() > limit {
            out.push(format!(
                "… and {} more policy differences (--json lists every one)",
                self.explanations.len() - limit
            ));
        }
        out
    }

    /// Answers compared with an expectation (passed or failed).
    pub fn checked(&self) -> usize {
        self.passed + self.failed
    }

    /// The closing line of the interop contract.
    pub fn closing_line(&self) -> String {
        format!(
            "vectors: {} passed, {} failed, {} skipped",
            self.passed, self.failed, self.skipped
        )
    }

    /// Judges one answer to the case `at` against its expectation (under
    /// the contract) and counts it.
    pub fn record(&mut self, at: &At<'_>, imp: &str, expected: &Expected, got: Answer) {
        match (expected.matches(&got), &got) {
            (None, Answer::Declined(why)) => self.skip(at, imp, why),
            (Some(true), _) => self.pass(imp),
            _ => self.fail(at, imp, expected, got, None),
        }
    }

    /// Judges one answer to a case that states `case_policy`'s answer,
    /// given by an implementation that declares `declared`, under the
    /// run's `expectation` (see [`crate::judge`]; `policies` gives the
    /// policies' answers to this case's input):
    /// - held to the case's policy, or where its own policy's answer is the
    ///   case's: it must match the case;
    /// - held to another policy whose answer differs from the case's: not
    ///   checked against the case (counted in `other_policy`; the case of its
    ///   own policy, or the contract's, judges its answer);
    /// - an answer that is not the one it is held to, but another known
    ///   policy's, is explained (or fails, when the run says so).
    #[allow(clippy::too_many_arguments)]
    pub fn record_under(
        &mut self,
        at: &At<'_>,
        imp: &str,
        declared: Option<Policy>,
        case: (&Expected, Policy),
        got: Answer,
        expectation: &Expectation,
        policies: &mut PolicyAnswers<'_>,
    ) {
        let (expected, case_policy) = case;
        let held_to = expectation.for_implementation(declared, at.curve);
        match &got {
            Answer::Declined(why) => return self.skip(at, imp, why),
            Answer::Failed(_) => return self.fail(at, imp, expected, got, None),
            _ => {}
        }
        if case_policy != held_to {
            let theirs = policies.get(held_to).1;
            if !theirs.is_declined() && expected.matches(theirs) != Some(true) {
                // The case states another policy's answer than the one this
                // implementation is held to; the file's case of that policy
                // (or of the contract) is where its answer is judged.
                self.other_policy += 1;
                return;
            }
        }
        if expected.matches(&got) == Some(true) {
            return self.pass(imp);
        }
        let curve = at.curve;
        let matches = Policy::ALL.into_iter().find(|&p| {
            p != held_to && p.covers(curve) && got.agrees_with(policies.get(p).1) == Some(true)
        });
        match matches {
            Some(p) if !expectation.deviation_fails(declared) => {
                self.explanations.push(CaseExplained {
                    label: at.label.into(),
                    case: at.case.clone(),
                    op: at.input.op(),
                    implementation: imp.into(),
                    matches: p,
                    held_to,
                });
                self.explained += 1;
                self.per_impl.entry(imp.to_string()).or_default()[3] += 1;
            }
            Some(p) => {
                let note = format!("policy: matches {p}, held to {held_to}");
                self.fail(at, imp, expected, got, Some(note));
            }
            None => self.fail(at, imp, expected, got, None),
        }
    }

    fn pass(&mut self, imp: &str) {
        self.passed += 1;
        self.per_impl.entry(imp.to_string()).or_default()[0] += 1;
    }

    fn skip(&mut self, at: &At<'_>, imp: &str, why: &str) {
        self.skips.push(CaseSkip {
            label: at.label.into(),
            case: at.case.clone(),
            op: at.input.op(),
            implementation: imp.into(),
            reason: why.to_string(),
        });
        self.skipped += 1;
        self.per_impl.entry(imp.to_string()).or_default()[2] += 1;
    }

    fn fail(
        &mut self,
        at: &At<'_>,
        imp: &str,
        expected: &Expected,
        got: Answer,
        note: Option<String>,
    ) {
        self.failures.push(CaseFailure {
            label: at.label.into(),
            case: at.case.clone(),
            curve: at.curve,
            input: at.input.clone(),
            implementation: imp.into(),
            expected: expected.clone(),
            got,
            note,
        });
        self.failed += 1;
        self.per_impl.entry(imp.to_string()).or_default()[1] += 1;
    }

    /// The line on policy differences, when there were any.
    pub fn policy_line(&self) -> Option<String> {
        (self.explained + self.other_policy > 0).then(|| {
            format!(
                "policies: {} answers explained by another policy; {} answers to cases of another policy than the implementation's, not checked against them (docs/policies.md)",
                self.explained, self.other_policy
            )
        })
    }

    /// The tally as JSON: counts, per implementation, every failure and skip.
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "passed": self.passed, "failed": self.failed, "skipped": self.skipped,
            "explained": self.explained, "other_policy": self.other_policy,
            "judged_against_computed_answers": self.computed_cases,
            "two_policies": self.two_policy_lines(),
            "per_implementation": self.per_impl.iter().map(|(k, v)| {
                (k.clone(), serde_json::json!({"passed": v[0], "failed": v[1], "skipped": v[2], "explained": v[3]}))
            }).collect::<serde_json::Map<_, _>>(),
            "explanations": self.explanations.iter().map(|x| serde_json::json!({
                "file": x.label, "case": x.case, "op": x.op.id(), "implementation": x.implementation,
                "matches": x.matches.id(), "held_to": x.held_to.id(),
            })).collect::<Vec<_>>(),
            "failures": self.failures.iter().map(CaseFailure::to_json).collect::<Vec<_>>(),
            "suspect_vectors": self.suspects.iter().map(|x| serde_json::json!({
                "file": x.label, "case": x.case, "op": x.op.id(), "inputs": x.input.fields_json(),
                "file_says": x.file_says.to_string(), "everybody_answers": x.everybody.to_json(),
                "answered_by": x.answered_by,
            })).collect::<Vec<_>>(),
            "oracle_conflicts": self.conflicts.iter().map(|x| {
                let mut v = x.conflict.to_json();
                v["file"] = x.label.clone().into();
                v["case"] = x.case.clone().into();
                v["op"] = x.op.id().into();
                v
            }).collect::<Vec<_>>(),
            "skips": self.skips.iter().map(|s| serde_json::json!({
                "file": s.label, "case": s.case, "op": s.op.id(),
                "implementation": s.implementation, "reason": s.reason,
            })).collect::<Vec<_>>(),
        })
    }
}

/// Checks every case of a loaded file on every implementation that has its
/// (curve, op) pair, under the run's `expectation`. The file is judged
/// too: where twinmul's two implementations of the case's policy disagree
/// (an oracle conflict), or agree with each other and with every
/// implementation held to that policy but not with the file (a suspect
/// vector), the case is reported as such and no implementation is blamed.
pub fn check(
    file: &LoadedFile,
    impls: &[Box<dyn Implementation>],
    expectation: &Expectation,
    progress: &dyn Fn(),
) -> Tally {
    let mut t = Tally::default();
    // Which (input, policy) the file states: a case of another policy than
    // an implementation's is judged against its own policy's answer,
    // computed by twinmul, unless the file states that one too.
    let stated: std::collections::HashSet<(String, Policy)> = file
        .cases
        .iter()
        .map(|c| (format!("{:?}", c.input), c.policy))
        .collect();
    let several = Policy::ALL.iter().filter(|p| p.covers(file.curve)).count() > 1;
    for c in &file.cases {
        if let Some(why) = crate::stop::stopped() {
            t.stopped = Some(why);
            break;
        }
        progress();
        let at = At {
            label: &file.label,
            case: c.index.to_string(),
            curve: file.curve,
            input: &c.input,
        };
        let mut policies = PolicyAnswers::new(file.curve, &c.input, expectation);
        let answers: Vec<(&str, Option<Policy>, Answer)> = impls
            .iter()
            .filter(|i| i.supports(file.curve, c.input.op()))
            .map(|i| (i.name(), i.policy(), run(i.as_ref(), file.curve, &c.input)))
            .collect();
        for (name, _, a) in &answers {
            policies.offer(name, a);
        }
        if policies.conflicted(c.policy) {
            for conflict in policies.conflicts() {
                t.conflicts.push(CaseConflict {
                    label: file.label.clone(),
                    case: at.case.clone(),
                    op: c.input.op(),
                    conflict,
                });
            }
            continue;
        }
        let oracle = policies.get(c.policy).1.clone();
        if c.expected.matches(&oracle) == Some(false) {
            let held =
                |p: Option<Policy>| expectation.for_implementation(p, file.curve) == c.policy;
            let all_agree = answers
                .iter()
                .filter(|(_, p, a)| held(*p) && !a.is_declined())
                .all(|(_, _, a)| a.agrees_with(&oracle) == Some(true));
            if all_agree {
                t.suspects.push(Suspect {
                    label: file.label.clone(),
                    case: at.case.clone(),
                    op: c.input.op(),
                    input: c.input.clone(),
                    file_says: c.expected.clone(),
                    everybody: oracle,
                    answered_by: answers
                        .iter()
                        .filter(|(_, _, a)| !a.is_declined())
                        .map(|(n, _, _)| n.to_string())
                        .collect(),
                });
                continue;
            }
        }
        let input_key = format!("{:?}", c.input);
        for (name, declared, got) in answers {
            if declared.is_none() && several {
                if let Some(cs) = crate::judge::consistent_policies(&got, &mut policies) {
                    t.placements.entry(name.to_string()).or_default().narrow(
                        &cs,
                        file.curve,
                        || format!("{} case {} ({})", file.label, c.index, c.input.op()),
                    );
                }
            }
            let held_to = expectation.for_implementation(declared, file.curve);
            if held_to != c.policy && !stated.contains(&(input_key.clone(), held_to)) {
                let own = match policies.get(held_to).1 {
                    Answer::Bytes(b) => Some(Expected::Bytes(b.clone())),
                    Answer::Verdict(v) => Some(Expected::Verdict(*v)),
                    Answer::Rejected(_) => Some(Expected::Rejected),
                    _ => None,
                };
                if let Some(own) = own {
                    t.computed_cases += 1;
                    let case = (&own, held_to);
                    t.record_under(&at, name, declared, case, got, expectation, &mut policies);
                    continue;
                }
            }
            let case = (&c.expected, c.policy);
            t.record_under(&at, name, declared, case, got, expectation, &mut policies);
        }
    }
    t
}

/// The canonical text of a vector file (pretty JSON, trailing newline), as
/// the generator writes it and the reproducibility test compares it.
pub fn to_json(file: &VectorFile) -> String {
    serde_json::to_string_pretty(file).expect("serializable") + "\n"
}
