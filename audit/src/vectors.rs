//! Vector files in the interop format (`shared/specs/interop.md`) and the
//! checker behind `twinmul vectors check`.
//!
//! A case is compared against each selected implementation: a matching
//! answer is *passed*, a different one *failed*, a decline *skipped* (never
//! passed). A case that cannot be read (unknown op, missing field, bad hex)
//! is a failure of the file, reported once.

use crate::implementation::{run, Implementation};
use crate::model::{Curve, Expected, Input, Op};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

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

fn field(case: &Value, name: &str) -> Result<Vec<u8>, String> {
    let s = case
        .get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("missing string field '{name}'"))?;
    hex::decode(s).map_err(|e| format!("field '{name}': bad hex ({e})"))
}

fn flag(case: &Value, name: &str) -> Result<bool, String> {
    case.get(name)
        .and_then(Value::as_bool)
        .ok_or_else(|| format!("missing boolean field '{name}'"))
}

/// Reads one case into an input and its expectation.
pub fn parse_case(case: &Value) -> Result<(Input, Expected), String> {
    let op_name = case
        .get("op")
        .and_then(Value::as_str)
        .ok_or("missing field 'op'")?;
    let op = Op::from_id(op_name).ok_or_else(|| format!("unknown op '{op_name}'"))?;
    let point_result = |case: &Value| -> Result<Expected, String> {
        if case.get("error").is_some() {
            Ok(Expected::Rejected)
        } else {
            Ok(Expected::Bytes(field(case, "result")?))
        }
    };
    Ok(match op {
        Op::MulG => (
            Input::MulG {
                scalar: field(case, "scalar")?,
            },
            point_result(case)?,
        ),
        Op::Mul => (
            Input::Mul {
                point: field(case, "point")?,
                scalar: field(case, "scalar")?,
            },
            point_result(case)?,
        ),
        Op::Decode => {
            let exp = match (flag(case, "valid")?, case.get("result")) {
                (false, _) => Expected::Rejected,
                (true, Some(_)) => Expected::Bytes(field(case, "result")?),
                (true, None) => Expected::Accepted,
            };
            (
                Input::Decode {
                    point: field(case, "point")?,
                },
                exp,
            )
        }
        Op::Sign => {
            let exp = if case.get("error").is_some() {
                Expected::Rejected
            } else {
                Expected::Bytes(field(case, "signature")?)
            };
            let input = Input::Sign {
                secret_key: field(case, "secret_key")?,
                message: field(case, "message")?,
                nonce: field(case, "nonce")?,
            };
            (input, exp)
        }
        Op::Verify => (
            Input::Verify {
                public_key: field(case, "public_key")?,
                message: field(case, "message")?,
                signature: field(case, "signature")?,
            },
            Expected::Verdict(flag(case, "valid")?),
        ),
    })
}

/// Counts of a check run, in total and per implementation.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Cases × implementations that matched.
    pub passed: usize,
    /// Mismatches, plus unreadable cases and files.
    pub failed: usize,
    /// Declines.
    pub skipped: usize,
    /// `[passed, failed, skipped]` per implementation.
    pub per_impl: BTreeMap<String, [usize; 3]>,
}

impl Tally {
    /// Adds another tally into this one.
    pub fn add(&mut self, o: &Tally) {
        self.passed += o.passed;
        self.failed += o.failed;
        self.skipped += o.skipped;
        for (k, v) in &o.per_impl {
            let e = self.per_impl.entry(k.clone()).or_default();
            for i in 0..3 {
                e[i] += v[i];
            }
        }
    }

    /// The closing line of the interop contract.
    pub fn closing_line(&self) -> String {
        format!(
            "vectors: {} passed, {} failed, {} skipped",
            self.passed, self.failed, self.skipped
        )
    }

    fn count(&mut self, imp: &str, slot: usize) {
        match slot {
            0 => self.passed += 1,
            1 => self.failed += 1,
            _ => self.skipped += 1,
        }
        self.per_impl.entry(imp.to_string()).or_default()[slot] += 1;
    }
}

/// Reads and parses a vector file.
pub fn read_file(path: &Path) -> Result<(Curve, VectorFile), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file: VectorFile = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a vector file ({e})", path.display()))?;
    let curve = Curve::from_id(&file.curve)
        .ok_or_else(|| format!("{}: unknown curve '{}'", path.display(), file.curve))?;
    Ok((curve, file))
}

/// A parsed case (or why it could not be read) and its index in the file.
pub type ParsedCase = (Result<(Input, Expected), String>, usize);

/// Checks one case list against `impls`, writing one line per failure to `out`.
pub fn check_cases(
    label: &str,
    curve: Curve,
    cases: &[ParsedCase],
    impls: &[Box<dyn Implementation>],
    out: &mut dyn Write,
    progress: &indicatif::ProgressBar,
) -> Tally {
    let mut t = Tally::default();
    for (case, idx) in cases {
        progress.inc(1);
        let (input, expected) = match case {
            Ok(c) => c,
            Err(e) => {
                let _ = writeln!(out, "FAIL {label} case {idx}: {e}");
                t.failed += 1;
                continue;
            }
        };
        for imp in impls {
            let got = run(imp.as_ref(), curve, input);
            match expected.matches(&got) {
                None => t.count(imp.name(), 2),
                Some(true) => t.count(imp.name(), 0),
                Some(false) => {
                    let _ = writeln!(
                        out,
                        "FAIL {label} case {idx} {} {}: expected {expected}, got {got}",
                        input.op(),
                        imp.name()
                    );
                    t.count(imp.name(), 1);
                }
            }
        }
    }
    t
}

/// Checks a vector file; `Err` when the file cannot be read as one.
pub fn check_file(
    path: &Path,
    impls: &[Box<dyn Implementation>],
    out: &mut dyn Write,
    progress: &indicatif::ProgressBar,
) -> Result<Tally, String> {
    let label = path.display().to_string();
    let (curve, file) = read_file(path)?;
    let cases: Vec<_> = file
        .cases
        .iter()
        .enumerate()
        .map(|(i, c)| (parse_case(c), i))
        .collect();
    progress.set_length(progress.length().unwrap_or(0) + cases.len() as u64);
    progress.set_message(label.clone());
    Ok(check_cases(&label, curve, &cases, impls, out, progress))
}

/// The canonical text of a vector file (pretty JSON, trailing newline), as
/// the generator writes it and the reproducibility test compares it.
pub fn to_json(file: &VectorFile) -> String {
    serde_json::to_string_pretty(file).expect("serializable") + "\n"
}
