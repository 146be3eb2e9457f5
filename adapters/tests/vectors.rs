//! The committed vector files: every implementation passes them, and they
//! are exactly what `twinmul vectors generate` produces from the peers.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::path::{Path, PathBuf};
use twinmul_adapters::implementations;
use twinmul_harness::vectors::{check, load, parse_case, to_json, Tally};
use twinmul_harness::{Curve, Expectation};

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

#[test]
fn committed_vectors_are_regenerated_identically() {
    let files = twinmul_adapters::generate::generate(twinmul_adapters::generate::DEFAULT_SEED)
        .expect("generation");
    for (curve, file) in files {
        let path = vectors_dir().join(format!("{}.json", curve.id()));
        let committed = std::fs::read_to_string(&path).expect("committed file");
        assert!(
            committed == to_json(&file),
            "{} differs from `twinmul vectors generate`; regenerate with \
             `cargo run -p twinmul-cli -- vectors generate` and review the diff",
            path.display()
        );
    }
}

/// Negative control: the checker notices a wrong expected value, and
/// blames the file, not the implementations: the reference, the optimized
/// crate and every peer agree with each other and not with it.
#[test]
fn a_corrupted_vector_is_a_suspect_vector() {
    let path = vectors_dir().join("bn254.json");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let case = v["cases"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["op"] == "mul_g" && c["comment"] == "edge scalar 2; class scalar.two")
        .unwrap();
    let r = case["result"].as_str().unwrap().to_string();
    let last = if r.ends_with('0') { '1' } else { '0' };
    case["result"] = serde_json::Value::String(format!("{}{last}", &r[..r.len() - 1]));
    let tmp = std::env::temp_dir().join(format!("twinmul-corrupt-{}.json", std::process::id()));
    std::fs::write(&tmp, serde_json::to_string(&v).unwrap()).unwrap();
    let t = check_file(&tmp);
    std::fs::remove_file(&tmp).ok();
    assert_eq!(t.failed, 0, "no implementation is blamed: {:?}", t.failures);
    assert_eq!(t.suspects.len(), 1, "{t:?}");
    assert!(t.findings() > 0, "a suspect vector fails the check");
    let line = t.suspects[0].line();
    assert!(line.starts_with("SUSPECT VECTOR "), "{line}");
    assert!(
        line.contains(&format!("every implementation answers {r}")),
        "{line}"
    );
}

/// A file that cannot judge is refused whole: a duplicated case, a valid
/// decode without its result, a policy case on a curve without policies.
#[test]
fn files_that_cannot_judge_are_refused() {
    let g = "0000000000000000000000000000000000000000000000000000000000000001";
    let p = "00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000002";
    for (cases, says) in [
        (
            format!(
                r#"{{"op":"mul_g","scalar":"{g}","result":"{p}"}},{{"op":"mul_g","scalar":"{g}","result":"{p}"}}"#
            ),
            "case 1: duplicates case 0",
        ),
        (
            format!(r#"{{"op":"decode","point":"{p}","valid":true}}"#),
            "a valid decode without its 'result' accepts any answer",
        ),
        (
            format!(r#"{{"op":"mul_g","scalar":"{g}","result":"{p}","policy":"go-v0.0.15"}}"#),
            "policy go-v0.0.15 says nothing about bn254",
        ),
    ] {
        let tmp =
            std::env::temp_dir().join(format!("twinmul-unjudgeable-{}.json", std::process::id()));
        std::fs::write(
            &tmp,
            format!(r#"{{"curve":"bn254","source":"t","cases":[{cases}]}}"#),
        )
        .unwrap();
        let e = load(&tmp).unwrap_err();
        std::fs::remove_file(&tmp).ok();
        assert!(
            matches!(e, twinmul_harness::vectors::FileError::Malformed { .. }),
            "{e}"
        );
        assert!(e.to_string().contains(says), "{e}");
    }
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
