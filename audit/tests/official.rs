//! The official suites in `shared/vectors/` on every implementation.
//!
//! The reference must answer and pass every point-level case; every peer that
//! answers must pass too. Cases outside the contract (DER parsing, EIP padding
//! rules, multi-pair MSMs) are counted as skipped and printed, never passed.
//! When the folder is absent the test says so and returns, unless
//! `TWINMUL_REQUIRE_SHARED=1` (CI sets it), where absence is a failure.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

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
    let run = twinmul_audit::official::run_all(&dir, &impls).expect("official suites readable");
    for (suite, points, outside) in &run.point_cases {
        eprintln!("{suite}: {points} point-level cases, {outside} outside the contract (not run)");
    }
    eprintln!(
        "passed / failed / declined per implementation: {:?}",
        run.tally.per_impl
    );
    assert!(
        run.failures.is_empty(),
        "{} failures:\n{}",
        run.failures.len(),
        run.failures.join("\n")
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
