//! Readers for the official suites vendored in `vectors/official/` (BIP340,
//! Wycheproof ECDH secp256k1, EIP-196 ecMul, EIP-2537 G1 mul / one-pair
//! MSM), turned into the harness's inputs and expectations, and the check of
//! their recorded checksums (`vectors/official/SHA256SUMS`).
//!
//! Cases that do not ask a point-level question (DER/SPKI parsing, EIP-2537
//! padding and length rules, additions, MSMs of more than one pair) are
//! returned as outside the contract with the reason, so they are counted,
//! never passed.

use crate::implementation::{each, run_each};
use crate::model::{Curve, Expected, Input};
use num_bigint::BigUint;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Why the vendored suites cannot be run: a file that cannot be read, a
/// copy that no longer matches its recorded checksum, a file nobody
/// listed, or a suite whose format is not the one it was vendored in.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// A file or folder that cannot be read.
    #[error("{path}: {source}")]
    Unreadable {
        /// The file or folder.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A vendored file whose SHA-256 is not the one recorded.
    #[error("{file}: sha256 {got}, but SHA256SUMS records {want} (the vendored copy changed)")]
    Changed {
        /// The file, relative to the suites' folder.
        file: String,
        /// Its SHA-256 now.
        got: String,
        /// The one SHA256SUMS records.
        want: String,
    },
    /// A data file SHA256SUMS does not list.
    #[error("{file}: not listed in SHA256SUMS")]
    Unlisted {
        /// The file, relative to the suites' folder.
        file: String,
    },
    /// A suite (or SHA256SUMS) not in the shape it was vendored in.
    #[error("{suite}: {why}")]
    Malformed {
        /// The suite or file.
        suite: &'static str,
        /// What is wrong.
        why: String,
    },
}

fn malformed(suite: &'static str, why: impl std::fmt::Display) -> SuiteError {
    SuiteError::Malformed {
        suite,
        why: why.to_string(),
    }
}

/// One case of an official suite.
#[derive(Clone, Debug)]
pub struct OfficialCase {
    /// Suite and case name.
    pub label: String,
    /// Curve.
    pub curve: Curve,
    /// The input and its expectation, or why the case is skipped.
    pub case: Result<(Input, Expected), String>,
    /// The input class of the catalogue it belongs to, where the suite says
    /// (Wycheproof's invalid points, EIP-2537's failure names).
    pub class: Option<&'static str>,
}

/// The vendored suites in this source tree (`vectors/official/`), for tests.
pub fn vendored_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors/official")
}

/// Checks every file listed in `dir/SHA256SUMS` against its recorded
/// SHA-256 and that no other data file sits beside them; returns how many
/// files matched.
pub fn verify_checksums(dir: &Path) -> Result<usize, SuiteError> {
    use sha2::{Digest, Sha256};
    let sums = read(&dir.join("SHA256SUMS"))?;
    let mut listed = std::collections::BTreeSet::new();
    for line in sums.lines().filter(|l| !l.trim().is_empty()) {
        let (want, name) = line
            .split_once("  ")
            .ok_or_else(|| malformed("SHA256SUMS", format!("malformed line '{line}'")))?;
        let data = std::fs::read(dir.join(name)).map_err(|source| SuiteError::Unreadable {
            path: name.to_string(),
            source,
        })?;
        let got = hex::encode(Sha256::digest(&data));
        if got != want {
            return Err(SuiteError::Changed {
                file: name.to_string(),
                got,
                want: want.to_string(),
            });
        }
        listed.insert(name.to_string());
    }
    for entry in walk(dir)? {
        let rel = entry
            .strip_prefix(dir)
            .unwrap_or(&entry)
            .to_string_lossy()
            .into_owned();
        let own = rel == "SHA256SUMS" || rel == "PROVENANCE.md";
        if !own && !listed.contains(&rel) {
            return Err(SuiteError::Unlisted { file: rel });
        }
    }
    Ok(listed.len())
}

fn unreadable(path: &Path) -> impl FnOnce(std::io::Error) -> SuiteError + '_ {
    move |source| SuiteError::Unreadable {
        path: path.display().to_string(),
        source,
    }
}

fn walk(dir: &Path) -> Result<Vec<PathBuf>, SuiteError> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).map_err(unreadable(dir))? {
        let p = e.map_err(unreadable(dir))?.path();
        if p.is_dir() {
            out.extend(walk(&p)?);
        } else {
            out.push(p);
        }
    }
    Ok(out)
}

fn read(path: &Path) -> Result<String, SuiteError> {
    std::fs::read_to_string(path).map_err(unreadable(path))
}

fn unhex(suite: &'static str, s: &str) -> Result<Vec<u8>, SuiteError> {
    hex::decode(s).map_err(|e| malformed(suite, format!("bad hex: {e}")))
}

/// A case, classed by the reason the reference refuses its point, if it does
/// ([`crate::classes::rule`]).
fn case(label: String, curve: Curve, c: Result<(Input, Expected), String>) -> OfficialCase {
    let class = c
        .as_ref()
        .ok()
        .and_then(|(input, _)| crate::classes::rule::of_refused_point(curve, input));
    OfficialCase {
        label,
        curve,
        case: c,
        class,
    }
}

/// BIP340 `test-vectors.csv`: a sign case for each row with a secret key,
/// and a verify case for every row.
pub fn bip340(dir: &Path) -> Result<Vec<OfficialCase>, SuiteError> {
    let text = read(&dir.join("bip340/test-vectors.csv"))?;
    let mut out = Vec::new();
    for line in text.lines().skip(1) {
        let line = line.trim_end_matches('\r');
        let cols: Vec<&str> = line.splitn(8, ',').collect();
        if cols.len() < 7 {
            return Err(malformed("bip340", format!("short row '{line}'")));
        }
        let (idx, sk, pk, aux, msg, sig, ok) = (
            cols[0], cols[1], cols[2], cols[3], cols[4], cols[5], cols[6],
        );
        let sigb = unhex("bip340", sig)?;
        if !sk.is_empty() {
            let input = Input::Sign {
                secret_key: unhex("bip340", sk)?,
                message: unhex("bip340", msg)?,
                nonce: unhex("bip340", aux)?,
            };
            out.push(case(
                format!("bip340 #{idx} sign"),
                Curve::Secp256k1,
                Ok((input, Expected::Bytes(sigb.clone()))),
            ));
        }
        let input = Input::Verify {
            public_key: unhex("bip340", pk)?,
            message: unhex("bip340", msg)?,
            signature: sigb,
        };
        let exp = Expected::Verdict(ok == "TRUE");
        out.push(case(
            format!("bip340 #{idx} verify"),
            Curve::Secp256k1,
            Ok((input, exp)),
        ));
    }
    Ok(out)
}

const SPKI_UNCOMPRESSED: &str = "3056301006072a8648ce3d020106052b8104000a034200";
const SPKI_COMPRESSED: &str = "3036301006072a8648ce3d020106052b8104000a032200";

/// Wycheproof `ecdh_secp256k1_test.json` in raw-point mode: cases whose
/// public key is the canonical SPKI with the secp256k1 OID become
/// `mul(point, d)` with the expectation "a point whose x is `shared`";
/// invalid ones must be rejected. Other DER forms are skipped.
pub fn wycheproof_ecdh(dir: &Path) -> Result<Vec<OfficialCase>, SuiteError> {
    let v: Value = serde_json::from_str(&read(&dir.join("wycheproof/ecdh_secp256k1_test.json"))?)
        .map_err(|e| malformed("wycheproof", e))?;
    let mut out = Vec::new();
    for g in v["testGroups"]
        .as_array()
        .ok_or_else(|| malformed("wycheproof", "no testGroups"))?
    {
        for t in g["tests"]
            .as_array()
            .ok_or_else(|| malformed("wycheproof", "no tests"))?
        {
            let id = t["tcId"].as_u64().unwrap_or(0);
            let public = t["public"].as_str().unwrap_or("");
            let label = format!("wycheproof ecdh tcId {id}");
            let point = [(SPKI_UNCOMPRESSED, 65), (SPKI_COMPRESSED, 33)]
                .iter()
                .find_map(|(pre, len)| {
                    public
                        .strip_prefix(pre)
                        .filter(|rest| rest.len() == 2 * len)
                        .map(str::to_string)
                });
            let Some(point) = point else {
                out.push(case(
                    label,
                    Curve::Secp256k1,
                    Err("not a canonical secp256k1 SPKI (a DER-level case)".into()),
                ));
                continue;
            };
            let d = unhex("wycheproof", t["private"].as_str().unwrap_or(""))?;
            let d = BigUint::from_bytes_be(&d);
            let mut scalar = d.to_bytes_be();
            if scalar.len() > 32 {
                return Err(malformed(
                    "wycheproof",
                    format!("{label}: private key longer than 32 bytes"),
                ));
            }
            while scalar.len() < 32 {
                scalar.insert(0, 0);
            }
            let shared = unhex("wycheproof", t["shared"].as_str().unwrap_or(""))?;
            let exp = match t["result"].as_str() {
                Some("valid") => Expected::PointX(shared),
                Some("invalid") => Expected::Rejected,
                _ => Expected::PointXOrRejected(shared),
            };
            out.push(case(
                label,
                Curve::Secp256k1,
                Ok((
                    Input::Mul {
                        point: unhex("wycheproof", &point)?,
                        scalar,
                    },
                    exp,
                )),
            ));
        }
    }
    Ok(out)
}

/// EIP-196 `bn256ScalarMul.json`: x ‖ y ‖ s (96 bytes) → x ‖ y.
pub fn eip196_mul(dir: &Path) -> Result<Vec<OfficialCase>, SuiteError> {
    let v: Value = serde_json::from_str(&read(&dir.join("eip196/bn256ScalarMul.json"))?)
        .map_err(|e| malformed("eip196", e))?;
    let mut out = Vec::new();
    for t in v
        .as_array()
        .ok_or_else(|| malformed("eip196", "not an array"))?
    {
        let label = format!("eip196 {}", t["Name"].as_str().unwrap_or("?"));
        let input = unhex("eip196", t["Input"].as_str().unwrap_or(""))?;
        let expected = unhex("eip196", t["Expected"].as_str().unwrap_or(""))?;
        let c = if input.len() == 96 {
            let i = Input::Mul {
                point: input[..64].to_vec(),
                scalar: input[64..].to_vec(),
            };
            Ok((i, Expected::Bytes(expected)))
        } else {
            Err(format!(
                "input of {} bytes relies on EIP-196 zero padding",
                input.len()
            ))
        };
        out.push(case(label, Curve::Bn254, c));
    }
    Ok(out)
}

fn bls_p() -> BigUint {
    twinmul_reference::bls12_381::curve().p.clone()
}

/// An EIP-2537 128-byte G1 point as a ZCash 96-byte uncompressed encoding,
/// or why it is an EIP-level (padding) error rather than a point question.
fn eip2537_point(b: &[u8]) -> Result<Vec<u8>, String> {
    if b.iter().all(|&x| x == 0) {
        let mut inf = vec![0u8; 96];
        inf[0] = 0x40;
        return Ok(inf);
    }
    if b[..16].iter().any(|&x| x != 0) || b[64..80].iter().any(|&x| x != 0) {
        return Err("EIP-2537 top-16-byte padding rule".into());
    }
    Ok([&b[16..64], &b[80..128]].concat())
}

/// The EIP-2537 128-byte output as a ZCash compressed encoding.
fn eip2537_output(b: &[u8]) -> Vec<u8> {
    if b.iter().all(|&x| x == 0) {
        let mut inf = vec![0u8; 48];
        inf[0] = 0xc0;
        return inf;
    }
    let mut x = b[16..64].to_vec();
    let y = BigUint::from_bytes_be(&b[80..128]);
    let p = bls_p();
    x[0] |= 0x80;
    if y > &p - &y {
        x[0] |= 0x20;
    }
    x
}

/// EIP-2537 `mul_G1_bls.json` / `msm_G1_bls.json` (one pair) and their fail
/// files. A fail case that breaks only the EIP's length or padding rule is
/// skipped (it is not a question about the point).
pub fn eip2537(dir: &Path) -> Result<Vec<OfficialCase>, SuiteError> {
    let mut out = Vec::new();
    for (file, fail) in [
        ("mul_G1_bls.json", false),
        ("msm_G1_bls.json", false),
        ("fail-mul_G1_bls.json", true),
        ("fail-msm_G1_bls.json", true),
    ] {
        let v: Value = serde_json::from_str(&read(&dir.join("eip2537").join(file))?)
            .map_err(|e| malformed("eip2537", e))?;
        for t in v
            .as_array()
            .ok_or_else(|| malformed("eip2537", "not an array"))?
        {
            let label = format!("eip2537 {file} {}", t["Name"].as_str().unwrap_or("?"));
            let input = unhex("eip2537", t["Input"].as_str().unwrap_or(""))?;
            let c = if input.len() != 160 {
                Err(if input.len() % 160 == 0 && !input.is_empty() {
                    "MSM of more than one pair (no add op in the contract)".to_string()
                } else {
                    "EIP-2537 input-length rule".to_string()
                })
            } else {
                eip2537_point(&input[..128]).map(|point| {
                    let i = Input::Mul {
                        point,
                        scalar: input[128..].to_vec(),
                    };
                    let e = if fail {
                        Expected::Rejected
                    } else {
                        Expected::Bytes(eip2537_output(
                            &unhex("eip2537", t["Expected"].as_str().unwrap_or(""))
                                .unwrap_or_default(),
                        ))
                    };
                    (i, e)
                })
            };
            out.push(case(label, Curve::Bls12_381, c));
        }
    }
    Ok(out)
}

/// All suites, in a fixed order.
pub fn all(dir: &Path) -> Result<Vec<(&'static str, Vec<OfficialCase>)>, SuiteError> {
    Ok(vec![
        ("bip340", bip340(dir)?),
        ("wycheproof-ecdh", wycheproof_ecdh(dir)?),
        ("eip196-mul", eip196_mul(dir)?),
        ("eip2537-g1-mul", eip2537(dir)?),
    ])
}

/// Official cases where a peer library is known to answer wrongly, as
/// `(implementation, case label, finding)`. The official-suite test requires
/// each of these to still fail (so a fixed peer is noticed) and every other
/// answer to pass.
pub const KNOWN_PEER_DEVIATIONS: &[(&str, &str, &str)] = &[(
    "ark-bls12-381",
    "eip2537 fail-mul_G1_bls.json bls_g1mul_g1_in_correct_subgroup_invalid_curve",
    "ark-bls12-381 0.5.0 (and 0.6.0) `deserialize_uncompressed` with `Validate::Yes` checks only \
     the subgroup, not the curve equation: an order-r point of y² = x³ + 24 is accepted",
)];

/// The result of running the official suites.
#[derive(Debug, Default)]
pub struct OfficialRun {
    /// Passed / failed / skipped (declined) per implementation; every
    /// failure in full.
    pub tally: crate::vectors::Tally,
    /// Per suite: (name, point-level cases, cases outside the contract).
    pub point_cases: Vec<(&'static str, usize, usize)>,
    /// Known peer deviations that reproduced: (implementation, label).
    pub deviations: Vec<(String, String)>,
}

/// Runs every suite on every implementation that has the case's (curve, op)
/// pair. Cases outside the contract are counted per suite, not per
/// implementation; a reference decline is a failure (it has every pair).
pub fn run_all(
    dir: &Path,
    impls: &[Box<dyn crate::Implementation>],
) -> Result<OfficialRun, SuiteError> {
    use crate::model::Answer;
    let mut out = OfficialRun {
        tally: crate::vectors::Tally::knowing(impls),
        ..OfficialRun::default()
    };
    for (suite, cases) in all(dir)? {
        let (mut points, mut outside) = (0, 0);
        for c in &cases {
            if let Some(why) = crate::stop::stopped() {
                out.tally.stopped = Some(why);
                break;
            }
            let Ok((input, expected)) = &c.case else {
                outside += 1;
                continue;
            };
            points += 1;
            let at = crate::vectors::At {
                label: &c.label,
                case: String::new(),
                curve: c.curve,
                input,
                class: c.class,
            };
            let round = run_each(each(impls), c.curve, input);
            for crate::implementation::Ran {
                implementation: imp,
                answer: got,
                ..
            } in round.answers
            {
                let known = KNOWN_PEER_DEVIATIONS
                    .iter()
                    .any(|(i, l, _)| *i == imp.name() && *l == c.label);
                if known && expected.matches(&got) == Some(false) {
                    out.deviations
                        .push((imp.name().to_string(), c.label.clone()));
                    continue;
                }
                let got = match got {
                    Answer::Declined(why) if imp.name() == "reference" => {
                        Answer::Failed(format!("the reference declined: {why}"))
                    }
                    a => a,
                };
                out.tally.record(&at, imp.name(), expected, got);
            }
        }
        out.point_cases.push((suite, points, outside));
    }
    Ok(out)
}
