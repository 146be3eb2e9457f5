//! The `twinmul` command line: closing line and exit codes of
//! `vectors check`, `compare`, `list`, and one-line errors for bad input.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

mod common;
use common::{scratch, write};
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

/// The closing `vectors:` line (a failing run says why after it).
fn last_line(o: &Output) -> String {
    stdout(o)
        .lines()
        .rfind(|l| l.starts_with("vectors: "))
        .unwrap_or_default()
        .to_string()
}

fn counts(line: &str) -> [usize; 3] {
    let n = |i: usize| -> usize {
        line.split_whitespace()
            .nth(i)
            .unwrap()
            .trim_end_matches(',')
            .parse()
            .unwrap()
    };
    [n(1), n(3), n(5)]
}

/// An implementation without the curve is not applicable and counted
/// nowhere; only a real decline is a skip. Named with `--impl`, it
/// answered nothing comparable: SILENT, and the run fails.
#[test]
fn missing_curves_are_not_applicable_and_only_declines_skip() {
    let f = vector("secp256k1.json");
    let alone = twinmul(&["vectors", "check", &f, "--impl", "reference"]);
    let both = twinmul(&[
        "vectors",
        "check",
        &f,
        "--impl",
        "reference",
        "--impl",
        "ark-bn254",
    ]);
    assert_eq!(both.status.code(), Some(1), "{}", stdout(&both));
    assert!(stdout(&both).contains("SILENT ark-bn254: it answered nothing comparable"));
    assert_eq!(counts(&last_line(&both)), counts(&last_line(&alone)));
    assert_eq!(
        counts(&last_line(&both))[2],
        0,
        "ark-bn254 lacks secp256k1: no skips"
    );
    // Only implementations without the curve: nothing can be checked.
    let none = twinmul(&["vectors", "check", &f, "--impl", "ark-bn254"]);
    assert_eq!(none.status.code(), Some(2), "{}", stdout(&none));
    assert!(stderr(&none).contains("no selected implementation has mul_g on secp256k1"));
}

/// `--no-skip` fails on real declines and names each with its reason;
/// without decliners it passes on the committed files.
#[test]
fn no_skip_lists_each_skipped_case() {
    let f = vector("ecgfp5.json");
    let o = twinmul(&["vectors", "check", &f, "--no-skip"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    let skips: Vec<&str> = out.lines().filter(|l| l.starts_with("SKIP ")).collect();
    assert_eq!(skips.len(), counts(&last_line(&o))[2], "{out}");
    assert!(
        skips
            .iter()
            .all(|l| l.contains("goldilocks-crypto: ") || l.contains("goldilocks-crypto-0.1.2: ")),
        "{out}"
    );
    let all: Vec<String> = ["secp256k1", "bn254", "bls12-381", "ecgfp5"]
        .iter()
        .map(|c| vector(&format!("{c}.json")))
        .collect();
    let mut args = vec![
        "vectors",
        "check",
        "--no-skip",
        "--impl",
        "reference",
        "--impl",
        "optimized",
    ];
    args.extend(all.iter().map(String::as_str));
    let o = twinmul(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn a_wrong_expectation_fails_with_exit_1() {
    // 2·G on secp256k1 with its last byte changed: the reference agrees
    // with the optimized crate against the file, a suspect vector.
    let dir = scratch();
    let f = write(
        &dir,
        "bad.json",
        r#"{"curve":"secp256k1","source":"test","cases":[
            {"op":"mul_g","scalar":"0000000000000000000000000000000000000000000000000000000000000002",
             "result":"02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee6"}]}"#,
    );
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
        out.contains("SUSPECT VECTOR") && out.contains("case 0 (mul_g)"),
        "{out}"
    );
    assert!(last_line(&o).contains("0 failed"), "{out}");
    assert!(
        out.trim_end().ends_with("no implementation is blamed"),
        "{out}"
    );
}

/// Files that cannot be read, or hold a case that cannot be read, are bad
/// input: exit 2, one line, nothing counted.
#[test]
fn malformed_files_are_bad_input() {
    let dir = scratch();
    for (name, text, says) in [
        (
            "op.json",
            r#"{"curve":"bn254","source":"t","cases":[{"op":"frobnicate"}]}"#,
            "case 0: unknown op 'frobnicate'",
        ),
        (
            "type.json",
            r#"{"curve":"bn254","source":"t","cases":[{"op":"mul_g","scalar":5,"result":"00"}]}"#,
            "must be a hex string, found a number",
        ),
        ("json.json", "{not json", "not JSON"),
        (
            "curve.json",
            r#"{"curve":"p256","cases":[]}"#,
            "unknown curve 'p256'",
        ),
    ] {
        let f = write(&dir, name, text);
        let o = twinmul(&["vectors", "check", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stdout(&o));
        assert!(
            stdout(&o).is_empty(),
            "{name}: nothing counted: {}",
            stdout(&o)
        );
        assert_eq!(stderr(&o).lines().count(), 1, "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{name}: {}", stderr(&o));
    }
}

/// Zero cases, or a pair no implementation has, is an error, never OK.
#[test]
fn vectors_over_nothing_are_an_error() {
    let dir = scratch();
    let empty = write(
        &dir,
        "empty.json",
        r#"{"curve":"bn254","source":"t","cases":[]}"#,
    );
    let sign = write(
        &dir,
        "sign.json",
        r#"{"curve":"bn254","source":"t","cases":[{"op":"sign","secret_key":"01","message":"00","nonce":"00","signature":"00"}]}"#,
    );
    for (f, says) in [
        (&empty, "no cases"),
        (&sign, "no selected implementation has sign on bn254"),
    ] {
        let o = twinmul(&["vectors", "check", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
        assert!(stderr(&o).contains(says), "{}", stderr(&o));
        assert!(!stdout(&o).contains("passed"), "{}", stdout(&o));
    }
}

/// `compare` says "agreed" only with two answers or more.
#[test]
fn compare_over_nothing_is_an_error() {
    let s80 = "00".repeat(40);
    let two = format!("{}02", "00".repeat(31));
    for (args, says) in [
        (
            vec![
                "compare",
                "--curve",
                "bn254",
                "--op",
                "sign",
                "--secret-key",
                "01",
                "--message",
                "00",
                "--nonce",
                "00",
            ],
            "no selected implementation has sign on bn254",
        ),
        (
            vec![
                "compare", "--curve", "ecgfp5", "--op", "mul_g", "--scalar", &s80, "--impl", "k256",
            ],
            "no selected implementation has mul_g on ecgfp5",
        ),
        (
            vec![
                "compare",
                "--curve",
                "secp256k1",
                "--op",
                "mul_g",
                "--scalar",
                &two,
                "--impl",
                "k256",
            ],
            "only k256 has mul_g on secp256k1",
        ),
    ] {
        let o = twinmul(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(!stdout(&o).contains("agreed"), "{}", stdout(&o));
    }
}

/// A reader that closes the pipe ends the run quietly: status 141 (or 0 if
/// everything was written before it closed), never a panic.
#[test]
fn a_closed_stdout_ends_quietly() {
    let f = vector("bn254.json");
    for args in [
        vec![
            "compare", "--curve", "bn254", "--op", "mul", "--random", "3",
        ],
        vec!["vectors", "check", &f],
        vec!["list"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_twinmul"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // `| head -0`
        let o = child.wait_with_output().unwrap();
        let code = o.status.code();
        assert!(
            matches!(code, Some(141 | 0)),
            "{args:?}: {code:?} {}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
    }
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
        vec![
            "compare", "--curve", "bn254", "--op", "mul", "--random", "0",
        ],
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
    assert!(out.contains("agreed: "), "{out}");
    assert!(
        out.lines()
            .any(|l| l.contains("not applicable") && l.contains("ark-bn254")),
        "{out}"
    );
    assert!(!out.contains("declined ("), "nobody declines 2·G: {out}");
}

#[test]
fn list_names_every_implementation() {
    let o = twinmul(&["list"]);
    let out = stdout(&o);
    for name in [
        "reference",
        "optimized",
        "optimized-vartime",
        "optimized-portable",
    ] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name}: {out}");
    }
    // Each implementation's version, on the line after its pairs.
    for version in ["twinmul-reference 0.1.0", "k256 0.13.4", "blst 0.3.16"] {
        assert!(
            out.lines().any(|l| l.trim_start().starts_with(version)),
            "{version}: {out}"
        );
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
    assert!(
        !out.lines().any(|l| l.trim_start().starts_with("k256")),
        "k256 has no bn254: neither an answer nor a time: {out}"
    );
}

/// A field of a length the contract never uses is a typo, not an input:
/// bad usage (exit 2), one line; `--any-length` sends it as given.
#[test]
fn compare_refuses_wrong_lengths_unless_asked() {
    let o = twinmul(&[
        "compare",
        "--curve",
        "secp256k1",
        "--op",
        "mul_g",
        "--scalar",
        "02",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("--scalar: 1 bytes, but a scalar on secp256k1 is 32 bytes"));
    assert!(!stdout(&o).contains("agreed"));
    let o = twinmul(&[
        "compare",
        "--curve",
        "secp256k1",
        "--op",
        "mul_g",
        "--scalar",
        "02",
        "--any-length",
        "--impl",
        "reference",
        "--impl",
        "k256",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("error ("),
        "both refuse it: {}",
        stdout(&o)
    );
    let o = twinmul(&[
        "compare", "--curve", "bn254", "--op", "decode", "--point", "00",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a point on bn254 is 64 bytes"),
        "{}",
        stderr(&o)
    );
}
