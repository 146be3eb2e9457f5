//! The `twinmul` command line: closing line and exit codes of
//! `vectors check`, `compare`, `list`, and one-line errors for bad input.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::path::Path;
use std::process::{Command, Output};

fn twinmul(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twinmul"))
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn vector(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../vectors")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn vectors_check_passes_and_prints_the_closing_line() {
    let o = twinmul(&[
        "vectors",
        "check",
        &vector("bn254.json"),
        "--impl",
        "reference",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let last = stdout(&o).lines().last().unwrap_or_default().to_string();
    assert!(
        last.starts_with("vectors: ") && last.ends_with(", 0 failed, 0 skipped"),
        "{last}"
    );
}

#[test]
fn declines_are_skipped_and_no_skip_makes_them_an_error() {
    // ark-bn254 has no secp256k1: every case is a decline, never a pass.
    let f = vector("secp256k1.json");
    let o = twinmul(&[
        "vectors",
        "check",
        &f,
        "--impl",
        "reference",
        "--impl",
        "ark-bn254",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let last = stdout(&o).lines().last().unwrap_or_default().to_string();
    let num = |i: usize| -> usize {
        last.split_whitespace()
            .nth(i)
            .unwrap()
            .trim_end_matches(',')
            .parse()
            .unwrap()
    };
    assert_eq!(num(3), 0, "{last}");
    assert_eq!(
        num(1),
        num(5),
        "reference passes exactly the cases ark-bn254 declines: {last}"
    );
    let o = twinmul(&["vectors", "check", &f, "--impl", "ark-bn254", "--no-skip"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
}

#[test]
fn a_wrong_expectation_fails_with_exit_1() {
    let dir = std::env::temp_dir().join(format!("twinmul-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.json");
    // 2·G on secp256k1 with its last byte changed.
    std::fs::write(
        &f,
        r#"{"curve":"secp256k1","source":"test","cases":[
            {"op":"mul_g","scalar":"0000000000000000000000000000000000000000000000000000000000000002",
             "result":"02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee6"},
            {"op":"frobnicate"}]}"#,
    )
    .unwrap();
    let o = twinmul(&[
        "vectors",
        "check",
        f.to_str().unwrap(),
        "--impl",
        "reference",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("FAIL") && out.contains("unknown op 'frobnicate'"),
        "{out}"
    );
    assert!(out.lines().last().unwrap().contains("2 failed"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_one_error_line_and_exit_2() {
    for args in [
        vec![
            "compare", "--curve", "ed448", "--op", "mul_g", "--scalar", "01",
        ],
        vec![
            "compare", "--curve", "bn254", "--op", "mul_g", "--scalar", "zz",
        ],
        vec!["compare", "--curve", "bn254", "--op", "mul"],
        vec![
            "compare", "--curve", "bn254", "--op", "twist", "--scalar", "01",
        ],
        vec!["vectors", "check", "/nonexistent/file.json"],
        vec!["vectors", "check", "x.json", "--impl", "nobody"],
        vec!["frobnicate"],
    ] {
        let o = twinmul(&args);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        let err = stderr(&o);
        assert!(err.contains("error"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn compare_prints_answers_side_by_side() {
    let two = format!("{}02", "00".repeat(31));
    let o = twinmul(&[
        "compare",
        "--curve",
        "secp256k1",
        "--op",
        "mul_g",
        "--scalar",
        &two,
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    // 2·G, published in SEC 2 test data and every secp256k1 library.
    let two_g = "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5";
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("reference") && l.contains(two_g)),
        "{out}"
    );
    assert!(out.contains("agreed"), "{out}");
    assert!(
        out.contains("optimized") && out.contains("declined"),
        "{out}"
    );
}

#[test]
fn list_names_every_implementation() {
    let o = twinmul(&["list"]);
    let out = stdout(&o);
    for name in ["reference", "optimized", "optimized-vartime"] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name}: {out}");
    }
}

#[test]
fn compare_random_runs_cases_side_by_side() {
    let o = twinmul(&[
        "compare", "--curve", "bn254", "--op", "mul", "--random", "3", "--seed", "5",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert_eq!(out.matches("case ").count(), 3, "{out}");
    assert!(out.contains("ark-bn254") && out.contains(" µs"), "{out}");
    assert!(out.trim_end().ends_with("3 of 3 cases agreed"), "{out}");
}
