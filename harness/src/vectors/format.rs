//! The vector-file format as the generator writes it (`docs/interop.md`):
//! a curve, a seed and cases, serialised as pretty JSON.

use crate::model::{Expected, Input, Op};
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
    /// The input class of the catalogue the case belongs to (docs/classes.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
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
/// The canonical text of a vector file (pretty JSON, trailing newline), as
/// the generator writes it and the reproducibility test compares it.
pub fn to_json(file: &VectorFile) -> String {
    serde_json::to_string_pretty(file).expect("serializable") + "\n"
}
