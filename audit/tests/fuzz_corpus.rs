//! Replays every committed fuzz input — the seed corpora in `fuzz/corpus/`
//! and the minimised crash inputs in `fuzz/regressions/` — through the same
//! checks the libFuzzer targets call, so a developer without cargo-fuzz still
//! runs them, and every past finding stays a regression test.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use twinmul_audit::fuzzing::{run_target, TARGETS};

#[test]
fn fuzz_corpora_and_regressions_replay_cleanly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut ran = 0;
    let mut failures = Vec::new();
    for t in TARGETS {
        for kind in ["corpus", "regressions"] {
            let dir = root.join(kind).join(t);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries {
                let path = e.unwrap().path();
                let data = std::fs::read(&path).unwrap();
                match catch_unwind(AssertUnwindSafe(|| run_target(t, &data))) {
                    Ok(Some(true)) => ran += 1,
                    Ok(_) => {}
                    Err(_) => failures.push(path.display().to_string()),
                }
            }
        }
        assert!(
            root.join("corpus").join(t).is_dir(),
            "target {t} has a seed corpus"
        );
    }
    assert!(
        failures.is_empty(),
        "inputs that fail:\n{}",
        failures.join("\n")
    );
    assert!(ran >= 50, "replayed only {ran} inputs");
    eprintln!("replayed {ran} fuzz inputs");
}
