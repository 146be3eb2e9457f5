//! The committed vector files: every implementation passes them, and they
//! are exactly what `twinmul vectors generate` produces from the peers.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::path::{Path, PathBuf};
use twinmul_audit::vectors::{check_file, to_json};
use twinmul_audit::{implementations, Curve};

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors")
}

#[test]
fn committed_vectors_pass_on_every_implementation() {
    let impls = implementations();
    let bar = indicatif::ProgressBar::hidden();
    for curve in Curve::ALL {
        let path = vectors_dir().join(format!("{}.json", curve.id()));
        let mut log = Vec::new();
        let t = check_file(&path, &impls, &mut log, &bar).expect("vector file readable");
        let log = String::from_utf8_lossy(&log);
        assert_eq!(t.failed, 0, "{curve}: failures\n{log}");
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
    let mut log = Vec::new();
    let t = check_file(
        &tmp,
        &implementations(),
        &mut log,
        &indicatif::ProgressBar::hidden(),
    )
    .unwrap();
    std::fs::remove_file(&tmp).ok();
    assert!(
        t.failed >= 2,
        "reference and ark-bn254 both disagree with the corrupted value: {t:?}"
    );
    assert!(String::from_utf8_lossy(&log).contains("FAIL"));
}
