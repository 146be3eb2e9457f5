//! The official suites vendored in `vectors/official/` on every
//! implementation, and the vendored files against their recorded checksums.
//!
//! The reference must answer and pass every point-level case; every peer that
//! answers must pass too. Cases outside the contract (DER parsing, EIP padding
//! rules, multi-pair MSMs) are counted apart, never passed.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use twinmul_adapters::implementations;
use twinmul_harness::official::{
    all, vendored_dir, verify_checksums, SuiteError, KNOWN_PEER_DEVIATIONS,
};
use twinmul_harness::Expected;

#[test]
fn official_suites_pass_on_every_implementation() {
    let dir = vendored_dir();
    let impls = implementations();
    let run = twinmul_harness::official::run_all(&dir, &impls).expect("official suites readable");
    for (suite, points, outside) in &run.point_cases {
        eprintln!("{suite}: {points} point-level cases, {outside} outside the contract (not run)");
    }
    eprintln!(
        "passed / failed / declined per implementation: {:?}",
        run.tally.per_impl
    );
    let failures: Vec<String> = run.tally.failures.iter().map(|f| f.line()).collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let total_points: usize = run.point_cases.iter().map(|(_, p, _)| p).sum();
    assert_eq!(
        run.tally.per_impl["reference"][0], total_points,
        "the reference passes every case"
    );
    for (imp, label, finding) in KNOWN_PEER_DEVIATIONS {
        assert!(
            run.deviations.iter().any(|(i, l)| i == imp && l == label),
            "known deviation no longer reproduces (peer fixed? remove it): {imp} {label}: {finding}"
        );
        eprintln!("known peer deviation reproduced: {imp}: {finding}");
    }
    let suites = all(&dir).expect("official suites readable");

    // The readers found what the suites' READMEs say is there.
    let count = |suite: &str, pred: &dyn Fn(&Expected) -> bool| {
        suites
            .iter()
            .find(|(s, _)| *s == suite)
            .map_or(0, |(_, cs)| {
                cs.iter()
                    .filter(|c| c.case.as_ref().is_ok_and(|(_, e)| pred(e)))
                    .count()
            })
    };
    assert_eq!(count("bip340", &|e| matches!(e, Expected::Verdict(_))), 19);
    assert_eq!(count("bip340", &|e| matches!(e, Expected::Bytes(_))), 8);
    assert_eq!(
        count("wycheproof-ecdh", &|e| matches!(e, Expected::PointX(_))),
        473
    );
    assert!(count("wycheproof-ecdh", &|e| matches!(e, Expected::Rejected)) >= 21);
    assert_eq!(count("eip196-mul", &|_| true), 19);
    assert_eq!(
        count("eip2537-g1-mul", &|e| matches!(e, Expected::Rejected)),
        4
    );
    assert!(count("eip2537-g1-mul", &|e| matches!(e, Expected::Bytes(_))) >= 11);
}

/// Every vendored file matches `SHA256SUMS`, and a changed byte is noticed.
#[test]
fn vendored_suites_match_their_checksums() {
    let dir = vendored_dir();
    assert_eq!(verify_checksums(&dir).unwrap(), 16);
    // Negative control: a copy with one byte changed fails.
    let tmp = std::env::temp_dir().join(format!("twinmul-sums-{}", std::process::id()));
    std::fs::create_dir_all(tmp.join("bip340")).unwrap();
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS")).unwrap();
    let line = sums
        .lines()
        .find(|l| l.ends_with("bip340/test-vectors.csv"))
        .unwrap();
    std::fs::write(tmp.join("SHA256SUMS"), format!("{line}\n")).unwrap();
    let mut csv = std::fs::read(dir.join("bip340/test-vectors.csv")).unwrap();
    std::fs::write(tmp.join("bip340/test-vectors.csv"), &csv).unwrap();
    assert_eq!(
        verify_checksums(&tmp).unwrap(),
        1,
        "the unchanged copy passes"
    );
    // A data file nobody listed is named.
    std::fs::write(tmp.join("bip340/extra.csv"), "x").unwrap();
    let err = verify_checksums(&tmp).unwrap_err();
    assert!(
        matches!(&err, SuiteError::Unlisted { file } if file == "bip340/extra.csv"),
        "{err}"
    );
    std::fs::remove_file(tmp.join("bip340/extra.csv")).unwrap();
    csv[100] ^= 1;
    std::fs::write(tmp.join("bip340/test-vectors.csv"), &csv).unwrap();
    let err = verify_checksums(&tmp).unwrap_err();
    std::fs::remove_dir_all(&tmp).ok();
    assert!(
        matches!(&err, SuiteError::Changed { file, .. } if file == "bip340/test-vectors.csv"),
        "{err}"
    );
    assert!(
        err.to_string().contains("the vendored copy changed"),
        "{err}"
    );
}
