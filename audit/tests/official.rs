//! The official suites in `shared/vectors/` on every implementation.
//!
//! The reference must answer and pass every point-level case; every peer that
//! answers must pass too. Cases outside the contract (DER parsing, EIP padding
//! rules, multi-pair MSMs) are counted as skipped and printed, never passed.
//! When the folder is absent the test says so and returns, unless
//! `TWINMUL_REQUIRE_SHARED=1` (CI sets it), where absence is a failure.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::collections::BTreeMap;
use twinmul_audit::implementation::run;
use twinmul_audit::official::{all, shared_vectors_dir, KNOWN_PEER_DEVIATIONS};
use twinmul_audit::{implementations, Expected};

#[test]
fn official_suites_pass_on_every_implementation() {
    let Some(dir) = shared_vectors_dir() else {
        assert!(
            std::env::var("TWINMUL_REQUIRE_SHARED").is_err(),
            "shared/vectors is required (TWINMUL_REQUIRE_SHARED is set) but was not found"
        );
        eprintln!("SKIPPED: ../shared/vectors not found; official suites not run (set TWINMUL_SHARED_VECTORS)");
        return;
    };
    let impls = implementations();
    let suites = all(&dir).expect("official suites readable");
    let mut failures = Vec::new();
    let mut deviations_seen = Vec::new();
    for (suite, cases) in &suites {
        let mut passed: BTreeMap<&str, usize> = BTreeMap::new();
        let (mut point_cases, mut skipped) = (0, 0);
        for c in cases {
            let Ok((input, expected)) = &c.case else {
                skipped += 1;
                continue;
            };
            point_cases += 1;
            for imp in &impls {
                let got = run(imp.as_ref(), c.curve, input);
                match expected.matches(&got) {
                    Some(true) => *passed.entry(imp.name()).or_default() += 1,
                    Some(false)
                        if KNOWN_PEER_DEVIATIONS
                            .iter()
                            .any(|(i, l, _)| *i == imp.name() && *l == c.label) =>
                    {
                        deviations_seen.push((imp.name(), c.label.clone()));
                    }
                    Some(false) => failures.push(format!(
                        "{} [{}]: expected {expected}, got {got}",
                        c.label,
                        imp.name()
                    )),
                    None if imp.name() == "reference" => {
                        failures.push(format!("{}: the reference declined", c.label))
                    }
                    None => {}
                }
            }
        }
        eprintln!("{suite}: {point_cases} point-level cases, {skipped} skipped (outside the contract); passed per implementation: {passed:?}");
        assert_eq!(
            passed.get("reference"),
            Some(&point_cases),
            "{suite}: the reference passes every case"
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    for (imp, label, finding) in KNOWN_PEER_DEVIATIONS {
        assert!(
            deviations_seen.iter().any(|(i, l)| i == imp && l == label),
            "known deviation no longer reproduces (peer fixed? remove it): {imp} {label}: {finding}"
        );
        eprintln!("known peer deviation reproduced: {imp}: {finding}");
    }

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
