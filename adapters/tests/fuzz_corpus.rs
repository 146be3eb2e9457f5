//! Replays every committed fuzz input — the seed corpora in `fuzz/corpus/`
//! and the minimised crash inputs in `fuzz/regressions/` — through the same
//! checks the libFuzzer targets call, with every implementation (the naive
//! reference included) on every input, so a developer without cargo-fuzz
//! still runs them and every past finding stays a regression test. Each
//! input is replayed twice, the second time in reverse order: an input's
//! checks must depend on its bytes alone.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use twinmul_adapters::fuzzing::{compare_everything, run_target, TARGETS};

/// What one replay of an input gave: its digest, or the panic (a failure).
fn replay(target: &str, data: &[u8]) -> Result<Option<String>, ()> {
    catch_unwind(AssertUnwindSafe(|| {
        run_target(target, data).expect("known target")
    }))
    .map_err(|_| ())
}

#[test]
fn fuzz_inputs_replay_alone_and_identically() {
    compare_everything(true);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut inputs: Vec<(&str, PathBuf, Vec<u8>)> = Vec::new();
    for t in TARGETS {
        assert!(
            root.join("corpus").join(t).is_dir(),
            "target {t} has a seed corpus"
        );
        for kind in ["corpus", "regressions"] {
            let Ok(entries) = std::fs::read_dir(root.join(kind).join(t)) else {
                continue;
            };
            let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
            paths.sort();
            for p in paths {
                let data = std::fs::read(&p).unwrap();
                inputs.push((t, p, data));
            }
        }
    }
    let first: Vec<_> = inputs.iter().map(|(t, _, d)| replay(t, d)).collect();
    let mut second: Vec<_> = inputs.iter().rev().map(|(t, _, d)| replay(t, d)).collect();
    second.reverse();
    let failures: Vec<String> = inputs
        .iter()
        .zip(&first)
        .filter(|(_, r)| r.is_err())
        .map(|((_, p, _), _)| p.display().to_string())
        .collect();
    assert!(
        failures.is_empty(),
        "inputs that fail:\n{}",
        failures.join("\n")
    );
    for (((_, p, _), a), b) in inputs.iter().zip(&first).zip(&second) {
        assert_eq!(
            a,
            b,
            "{} gave different checks on its second replay",
            p.display()
        );
    }
    let ran = first.iter().filter(|r| matches!(r, Ok(Some(_)))).count();
    assert!(ran >= 50 * TARGETS.len(), "replayed only {ran} inputs");
    eprintln!("replayed {ran} fuzz inputs twice, every implementation on each");
}
