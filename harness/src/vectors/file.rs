//! A vector file read whole: every case parsed before anything runs, any
//! problem one line naming the file and the case.

use super::read::{get, parse_case, parse_class, parse_policy, type_name};
use crate::implementation::Implementation;
use crate::model::{Curve, Expected, Input};
use crate::policy::Policy;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

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
    /// Its input class (the case's `class` field), where it has one.
    pub class: Option<String>,
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

/// Why a vector file cannot be checked. Each is one line naming the file
/// (and the case); the file is not checked, and nothing is counted.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file cannot be read.
    #[error("{path}: {source}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not JSON.
    #[error("{path}: not JSON ({source})")]
    NotJson {
        /// The file.
        path: String,
        /// Why.
        source: serde_json::Error,
    },
    /// The file is JSON but not a vector file (no curve, an unknown one, no
    /// cases).
    #[error("{path}: {why}")]
    NotVectors {
        /// The file.
        path: String,
        /// What is missing or wrong.
        why: String,
    },
    /// Cases that cannot be read or cannot judge (a duplicate, a valid
    /// decode without its result, a policy the curve does not have).
    #[error("{path}: {first}{more}", more = match more { 0 => String::new(), n => format!(" (and {n} more malformed cases)") })]
    Malformed {
        /// The file.
        path: String,
        /// The first problem, naming its case.
        first: String,
        /// How many more there are.
        more: usize,
    },
}

/// Reads and parses a vector file, every case included.
pub fn load(path: &Path) -> Result<LoadedFile, FileError> {
    let label = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| FileError::Unreadable {
        path: label.clone(),
        source,
    })?;
    let v: Value = serde_json::from_str(&text).map_err(|source| FileError::NotJson {
        path: label.clone(),
        source,
    })?;
    let not_vectors = |why: String| FileError::NotVectors {
        path: label.clone(),
        why,
    };
    let curve = match get(&v, "curve") {
        Some(Value::String(s)) => Curve::from_id(s).ok_or_else(|| {
            not_vectors(format!(
                "unknown curve '{s}' (secp256k1, bn254, bls12-381, ecgfp5)"
            ))
        })?,
        Some(x) => {
            return Err(not_vectors(format!(
                "field 'curve' must be a string, found {}",
                type_name(x)
            )))
        }
        None => return Err(not_vectors("not a vector file (no 'curve')".into())),
    };
    let cases = match get(&v, "cases") {
        Some(Value::Array(a)) => a,
        Some(x) => {
            return Err(not_vectors(format!(
                "field 'cases' must be an array, found {}",
                type_name(x)
            )))
        }
        None => return Err(not_vectors("not a vector file (no 'cases')".into())),
    };
    if cases.is_empty() {
        return Err(not_vectors("no cases: nothing to check".into()));
    }
    let mut out = Vec::with_capacity(cases.len());
    let mut bad = Vec::new();
    for (index, c) in cases.iter().enumerate() {
        let class = match parse_class(c) {
            Ok(class) => class,
            Err(e) => {
                bad.push(format!("case {index}: {e}"));
                continue;
            }
        };
        match parse_case(c).and_then(|(i, e)| Ok((i, e, parse_policy(c)?))) {
            Ok((input, expected, policy)) => out.push(Case {
                index,
                input,
                expected,
                policy,
                class: class.map(str::to_string),
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
        return Err(FileError::Malformed {
            path: label,
            first: first.clone(),
            more: bad.len() - 1,
        });
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
