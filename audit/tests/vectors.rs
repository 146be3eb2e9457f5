//! The committed vector files: every implementation passes them, and they
//! are exactly what `twinmul vectors generate` produces from the peers.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::path::{Path, PathBuf};
use twinmul_audit::vectors::{check, load, parse_case, to_json, Tally};
use twinmul_audit::{implementations, Curve, Expectation};

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors")
}

fn check_file(path: &Path) -> Tally {
    let file = load(path).expect("vector file readable");
    check(&file, &implementations(), &Expectation::default(), &|| {})
}

#[test]
fn committed_vectors_pass_on_every_implementation() {
    for curve in Curve::ALL {
        let path = vectors_dir().join(format!("{}.json", curve.id()));
        let t = check_file(&path);
        let log: Vec<String> = t.failures.iter().map(|f| f.line()).collect();
        assert_eq!(t.failed, 0, "{curve}: failures\n{}", log.join("\n"));
        let r = t.per_impl["reference"];
        assert_eq!(r[2], 0, "{curve}: the reference must answer every case");
        assert!(r[0] > 100, "{curve}: the file has real content");
        // Every peer of this curve answered most cases.
        let peers: Vec<_> = t
            .per_impl
            .iter()
            .filter(|(n, v)| !n.starts_with("optimized") && *n != "reference" && v[0] > 0)
            .collect();
        assert!(!peers.is_empty(), "{curve}: at least one peer answers");
        eprintln!("{curve}: {:?}", t.per_impl);
    }
}

#[cfg(feature = "peers")]
#[test]
fn committed_vectors_are_regenerated_identically() {
    let files = twinmul_audit::generate::generate(twinmul_audit::generate::DEFAULT_SEED)
        .expect("generation");
    for (curve, file) in files {
        let path = vectors_dir().join(format!("{}.json", curve.id()));
        let committed = std::fs::read_to_string(&path).expect("committed file");
        assert!(
            committed == to_json(&file),
            "{} differs from `twinmul vectors generate`; regenerate with \
             `cargo run -p twinmul-audit -- vectors generate` and review the diff",
            path.display()
        );
    }
}

/// Negative control: the checker notices a wrong expected value.
#[test]
fn a_corrupted_vector_fails() {
    let path = vectors_dir().join("bn254.json");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let case = v["cases"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["op"] == "mul_g" && c["comment"] == "edge scalar 2")
        .unwrap();
    let r = case["result"].as_str().unwrap().to_string();
    let last = if r.ends_with('0') { '1' } else { '0' };
    case["result"] = serde_json::Value::String(format!("{}{last}", &r[..r.len() - 1]));
    let tmp = std::env::temp_dir().join(format!("twinmul-corrupt-{}.json", std::process::id()));
    std::fs::write(&tmp, serde_json::to_string(&v).unwrap()).unwrap();
    let t = check_file(&tmp);
    std::fs::remove_file(&tmp).ok();
    assert!(
        t.failed >= 2,
        "reference and ark-bn254 both disagree with the corrupted value: {t:?}"
    );
    assert!(t.failures.iter().all(|f| f.line().starts_with("FAIL")));
    assert!(t.failures.iter().any(|f| f.implementation == "reference"));
}

fn case(json: &str) -> Result<String, String> {
    parse_case(&serde_json::from_str(json).unwrap()).map(|(i, e)| format!("{} {e}", i.op()))
}

/// `null` is the same as an absent field: `"error": null` expects no error.
#[test]
fn null_is_the_same_as_absent() {
    let g2 = "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5";
    let two = format!("{}02", "00".repeat(31));
    assert_eq!(
        case(&format!(
            r#"{{"op":"mul_g","scalar":"{two}","result":"{g2}","error":null}}"#
        )),
        Ok(format!("mul_g {g2}"))
    );
    assert_eq!(
        case(&format!(
            r#"{{"op":"mul_g","scalar":"{two}","result":null,"error":"decode"}}"#
        )),
        Ok("mul_g error".into())
    );
    assert_eq!(
        case(&format!(
            r#"{{"op":"mul_g","scalar":"{two}","result":null}}"#
        )),
        Err("missing field 'result' (or 'error')".into())
    );
}

/// A field of the wrong type is named as such, not as a missing field.
#[test]
fn wrong_types_are_named() {
    assert_eq!(
        case(r#"{"op":"mul_g","scalar":12,"result":"00"}"#),
        Err("field 'scalar' must be a hex string, found a number".into())
    );
    assert_eq!(
        case(r#"{"op":"decode","point":"00","valid":"yes"}"#),
        Err("field 'valid' must be true or false, found a string".into())
    );
    assert_eq!(
        case(r#"{"op":"mul_g","scalar":"01","error":true}"#),
        Err("field 'error' must be a string, found a boolean".into())
    );
    assert_eq!(
        case(r#"{"op":"mul_g","scalar":"01","result":"02","error":"x"}"#),
        Err("both 'error' and 'result' given".into())
    );
    assert_eq!(
        case(r#"{"op":7}"#),
        Err("field 'op' must be a string, found a number".into())
    );
    assert_eq!(
        case(r#"[1]"#),
        Err("a case must be an object, found an array".into())
    );
}
