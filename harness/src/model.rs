//! The closed set of curves, operations, inputs and answers that every
//! implementation is compared on. Everything is bytes in the interop encodings.

use std::fmt;

/// The four curves, by their interop ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Curve {
    /// `secp256k1`: SEC1 points, BIP340 signatures.
    Secp256k1,
    /// `bn254`: BN254 G1, EIP-196 points.
    Bn254,
    /// `bls12-381`: BLS12-381 G1, ZCash points.
    Bls12_381,
    /// `ecgfp5`: ECgFp5, w-encoded points, Lighter Schnorr signatures.
    Ecgfp5,
}

impl Curve {
    /// All curves, in a fixed order.
    pub const ALL: [Curve; 4] = [
        Curve::Secp256k1,
        Curve::Bn254,
        Curve::Bls12_381,
        Curve::Ecgfp5,
    ];

    /// The interop id (`secp256k1`, `bn254`, `bls12-381`, `ecgfp5`).
    pub fn id(self) -> &'static str {
        match self {
            Curve::Secp256k1 => "secp256k1",
            Curve::Bn254 => "bn254",
            Curve::Bls12_381 => "bls12-381",
            Curve::Ecgfp5 => "ecgfp5",
        }
    }

    /// Parses an interop id.
    pub fn from_id(s: &str) -> Option<Curve> {
        Curve::ALL.into_iter().find(|c| c.id() == s)
    }

    /// Length of a scalar in bytes.
    pub fn scalar_len(self) -> usize {
        match self {
            Curve::Ecgfp5 => 40,
            _ => 32,
        }
    }

    /// The lengths of the point encodings the contract reads.
    pub fn point_lengths(self) -> &'static [usize] {
        match self {
            Curve::Secp256k1 => &[1, 33, 65],
            Curve::Bn254 => &[64],
            Curve::Bls12_381 => &[48, 96],
            Curve::Ecgfp5 => &[40],
        }
    }

    /// The length of each byte field of the contract's inputs on this curve
    /// (`None`: any length, a BIP340 message).
    pub fn field_len(self, field: &str) -> Option<usize> {
        let ecgfp5 = self == Curve::Ecgfp5;
        match field {
            "scalar" | "secret_key" => Some(self.scalar_len()),
            "nonce" | "public_key" => Some(if ecgfp5 { 40 } else { 32 }),
            "signature" => Some(if ecgfp5 { 80 } else { 64 }),
            "message" if ecgfp5 => Some(40),
            _ => None,
        }
    }

    /// Whether the curve has a signature scheme in the contract.
    pub fn has_signatures(self) -> bool {
        matches!(self, Curve::Secp256k1 | Curve::Ecgfp5)
    }
}

impl fmt::Display for Curve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The operations of the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// k·G.
    MulG,
    /// k·P.
    Mul,
    /// Decode a point and re-encode it canonically.
    Decode,
    /// Sign with an explicit nonce / aux_rand.
    Sign,
    /// Verify a signature.
    Verify,
}

impl Op {
    /// All operations.
    pub const ALL: [Op; 5] = [Op::MulG, Op::Mul, Op::Decode, Op::Sign, Op::Verify];

    /// The name used in vector files.
    pub fn id(self) -> &'static str {
        match self {
            Op::MulG => "mul_g",
            Op::Mul => "mul",
            Op::Decode => "decode",
            Op::Sign => "sign",
            Op::Verify => "verify",
        }
    }

    /// Parses a vector-file op name.
    pub fn from_id(s: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.id() == s)
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One input to one operation, as bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// k·G.
    MulG {
        /// The scalar (reduced mod n by the multiplier).
        scalar: Vec<u8>,
    },
    /// k·P.
    Mul {
        /// The encoded point.
        point: Vec<u8>,
        /// The scalar (reduced mod n by the multiplier).
        scalar: Vec<u8>,
    },
    /// Decode (and canonically re-encode) a point.
    Decode {
        /// The encoded point.
        point: Vec<u8>,
    },
    /// Sign.
    Sign {
        /// Secret key (must be canonical, 0 < k < n).
        secret_key: Vec<u8>,
        /// Message bytes (BIP340) or the 40-byte hashed message (Lighter).
        message: Vec<u8>,
        /// aux_rand (BIP340) or the nonce k (Lighter).
        nonce: Vec<u8>,
    },
    /// Verify.
    Verify {
        /// Public key (x-only for BIP340, w-encoding for Lighter).
        public_key: Vec<u8>,
        /// Message, as for signing.
        message: Vec<u8>,
        /// Signature.
        signature: Vec<u8>,
    },
}

impl Input {
    /// The operation this input is for.
    pub fn op(&self) -> Op {
        match self {
            Input::MulG { .. } => Op::MulG,
            Input::Mul { .. } => Op::Mul,
            Input::Decode { .. } => Op::Decode,
            Input::Sign { .. } => Op::Sign,
            Input::Verify { .. } => Op::Verify,
        }
    }

    /// The fields as a JSON object of hex strings, named as in vector files.
    pub fn fields_json(&self) -> serde_json::Value {
        serde_json::Value::Object(
            self.fields()
                .into_iter()
                .map(|(k, v)| (k.to_string(), serde_json::Value::String(v)))
                .collect(),
        )
    }

    /// The fields as `(name, hex)` pairs, for reports.
    pub fn fields(&self) -> Vec<(&'static str, String)> {
        let h = hex::encode;
        match self {
            Input::MulG { scalar } => vec![("scalar", h(scalar))],
            Input::Mul { point, scalar } => vec![("point", h(point)), ("scalar", h(scalar))],
            Input::Decode { point } => vec![("point", h(point))],
            Input::Sign {
                secret_key,
                message,
                nonce,
            } => {
                vec![
                    ("secret_key", h(secret_key)),
                    ("message", h(message)),
                    ("nonce", h(nonce)),
                ]
            }
            Input::Verify {
                public_key,
                message,
                signature,
            } => vec![
                ("public_key", h(public_key)),
                ("message", h(message)),
                ("signature", h(signature)),
            ],
        }
    }
}

/// What one implementation said about one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A point or signature, in canonical interop bytes.
    Bytes(Vec<u8>),
    /// A verification verdict.
    Verdict(bool),
    /// The input was refused; the text says why (texts are not compared).
    Rejected(String),
    /// The implementation does not support this input class (its library
    /// follows another policy there, say). Never counted as agreement.
    Declined(String),
    /// The implementation failed to answer: a driver crashed, broke the
    /// protocol or timed out, or an adapter panicked. Never agreement, never
    /// a decline: a failure of that implementation.
    Failed(String),
}

impl Answer {
    /// Whether two answers agree; `None` when either declined. A failure
    /// agrees with nothing.
    pub fn agrees_with(&self, other: &Answer) -> Option<bool> {
        match (self, other) {
            (Answer::Failed(_), _) | (_, Answer::Failed(_)) => Some(false),
            (Answer::Declined(_), _) | (_, Answer::Declined(_)) => None,
            (Answer::Rejected(_), Answer::Rejected(_)) => Some(true),
            (a, b) => Some(a == b),
        }
    }

    /// Whether this answer is a decline.
    pub fn is_declined(&self) -> bool {
        matches!(self, Answer::Declined(_))
    }

    /// Whether the implementation failed to answer.
    pub fn is_failed(&self) -> bool {
        matches!(self, Answer::Failed(_))
    }

    /// A JSON value for machine-readable reports: `{"bytes": HEX}`,
    /// `{"valid": bool}`, `{"rejected": why}`, `{"declined": why}` or
    /// `{"failed": why}` (the driver protocol's reply shapes).
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        match self {
            Answer::Bytes(b) => json!({ "bytes": hex::encode(b) }),
            Answer::Verdict(v) => json!({ "valid": v }),
            Answer::Rejected(why) => json!({ "rejected": why }),
            Answer::Declined(why) => json!({ "declined": why }),
            Answer::Failed(why) => json!({ "failed": why }),
        }
    }

    /// Shorthand for a rejection from any `Display` error.
    pub fn rejected(e: impl fmt::Display) -> Answer {
        Answer::Rejected(e.to_string())
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Bytes(b) => f.write_str(&hex::encode(b)),
            Answer::Verdict(v) => write!(f, "valid={v}"),
            Answer::Rejected(why) => write!(f, "error ({why})"),
            Answer::Declined(why) => write!(f, "declined ({why})"),
            Answer::Failed(why) => write!(f, "FAILED ({why})"),
        }
    }
}

/// What a vector file says the answer must be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Exactly these bytes.
    Bytes(Vec<u8>),
    /// A decode that must succeed (no result given).
    Accepted,
    /// Must be refused.
    Rejected,
    /// A verification verdict.
    Verdict(bool),
    /// A SEC1 compressed point whose x-coordinate is this (Wycheproof ECDH
    /// gives only x of the shared point).
    PointX(Vec<u8>),
    /// Either a rejection or a point with this x (Wycheproof "acceptable").
    PointXOrRejected(Vec<u8>),
}

fn has_x(point: &[u8], x: &[u8]) -> bool {
    point.len() == x.len() + 1 && &point[1..] == x
}

impl Expected {
    /// Whether `answer` satisfies this expectation; `None` for a decline.
    pub fn matches(&self, answer: &Answer) -> Option<bool> {
        Some(match (self, answer) {
            (_, Answer::Declined(_)) => return None,
            (_, Answer::Failed(_)) => false,
            (Expected::Bytes(e), Answer::Bytes(g)) => e == g,
            (Expected::Accepted, Answer::Bytes(_)) => true,
            (Expected::Rejected, Answer::Rejected(_)) => true,
            (Expected::Verdict(e), Answer::Verdict(g)) => e == g,
            (Expected::PointX(x) | Expected::PointXOrRejected(x), Answer::Bytes(g)) => has_x(g, x),
            (Expected::PointXOrRejected(_), Answer::Rejected(_)) => true,
            _ => false,
        })
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Bytes(b) => f.write_str(&hex::encode(b)),
            Expected::Accepted => f.write_str("accepted"),
            Expected::Rejected => f.write_str("error"),
            Expected::Verdict(v) => write!(f, "valid={v}"),
            Expected::PointX(x) => write!(f, "a point with x = {}", hex::encode(x)),
            Expected::PointXOrRejected(x) => {
                write!(f, "error, or a point with x = {}", hex::encode(x))
            }
        }
    }
}

/// Whether (curve, op) is a pair of the contract: signatures only where the
/// curve has a scheme.
pub fn has_pair(curve: Curve, op: Op) -> bool {
    curve.has_signatures() || !matches!(op, Op::Sign | Op::Verify)
}

/// The (curve, op) pairs of the contract.
pub fn pairs() -> Vec<(Curve, Op)> {
    Curve::ALL
        .into_iter()
        .flat_map(|c| {
            Op::ALL
                .into_iter()
                .filter(move |&o| has_pair(c, o))
                .map(move |o| (c, o))
        })
        .collect()
}
