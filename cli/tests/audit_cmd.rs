//! `twinmul audit`: the campaign reports a planted disagreement wherever the
//! reference sits; the command reports every stage (text and JSON), keeps
//! its results when a tool is missing, and refuses to run over nothing.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use std::path::{Path, PathBuf};
use std::process::Command;
mod common;
use common::scratch;
use twinmul_adapters::implementations;
use twinmul_harness::campaign::{campaign, Settings};
use twinmul_harness::implementation::Implementation;
use twinmul_harness::{Answer, Curve, Expectation, Op};

/// The reference, except that it gets k·G wrong for scalars ending in 0x07.
struct Planted(Box<dyn Implementation>);

impl Implementation for Planted {
    fn name(&self) -> &'static str {
        "planted"
    }
    fn supports(&self, curve: Curve, op: Op) -> bool {
        self.0.supports(curve, op)
    }
    fn mul_g(&self, curve: Curve, s: &[u8]) -> Answer {
        let last = if curve == Curve::Ecgfp5 {
            s[0]
        } else {
            s[s.len() - 1]
        };
        match self.0.mul_g(curve, s) {
            Answer::Bytes(mut b) if last & 0x0f == 0x07 => {
                let n = b.len();
                b[n - 1] ^= 1;
                Answer::Bytes(b)
            }
            a => a,
        }
    }
    fn mul(&self, curve: Curve, p: &[u8], s: &[u8]) -> Answer {
        self.0.mul(curve, p, s)
    }
    fn decode(&self, curve: Curve, p: &[u8]) -> Answer {
        self.0.decode(curve, p)
    }
    fn sign(&self, curve: Curve, sk: &[u8], m: &[u8], n: &[u8]) -> Answer {
        self.0.sign(curve, sk, m, n)
    }
    fn verify(&self, curve: Curve, pk: &[u8], m: &[u8], s: &[u8]) -> Answer {
        self.0.verify(curve, pk, m, s)
    }
}

fn twinmul(dir: &Path, args: &[&str], path: Option<&Path>) -> (Option<i32>, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_twinmul"));
    cmd.current_dir(dir).args(args);
    if let Some(p) = path {
        cmd.env("PATH", p);
    }
    let o = cmd.output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The campaign finds a planted bug wherever the reference sits in the list.
#[test]
fn a_planted_disagreement_is_reported() {
    let reference = implementations().into_iter().next().unwrap();
    let impls: Vec<Box<dyn Implementation>> = vec![
        Box::new(Planted(reference)),
        implementations().into_iter().next().unwrap(),
    ];
    let settings = Settings {
        per_class: 2,
        uniform: 24,
        seed: 3,
    };
    let c = campaign(&impls, settings, &Expectation::default(), &|_, _| {});
    assert!(c.disagreed() > 0, "the planted bug must be seen");
    assert!(c.disagreements[0].1.report().contains("planted"));
    assert!(!c.ok());
    let cell = &c.cells[&(Curve::Secp256k1, Op::Mul, "planted".to_string())];
    assert_eq!(cell.disagreed, 0, "mul is not planted");
    assert!(
        !c.cells
            .contains_key(&(Curve::Bn254, Op::Sign, "planted".to_string())),
        "no cell for a pair nobody has"
    );
}

/// The main job, JSON: every stage's status, only applicable cells, and an
/// `ok` that means what the text's `audit: OK` means.
#[test]
fn audit_json_reports_every_stage() {
    let (code, out, err) = twinmul(
        &root(),
        &[
            "audit",
            "--cases",
            "3",
            "--per-class",
            "2",
            "--json",
            "--no-ct",
        ],
        None,
    );
    assert_eq!(code, Some(0), "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["verdict"], "OK");
    let st = &v["stages"];
    assert_eq!(st["vector_files"]["status"], "ok");
    assert!(st["vector_files"]["passed"].as_u64().unwrap() > 1000);
    assert_eq!(
        st["official_suites"]["status"], "ok",
        "{}",
        st["official_suites"]
    );
    assert!(st["official_suites"]["passed"].as_u64().unwrap() > 500);
    assert_eq!(st["random_campaign"]["status"], "ok");
    assert_eq!(
        st["random_campaign"]["disagreements"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    assert_eq!(st["constant_time"]["status"], "left_out");
    assert_eq!(v["caveats"][0], "constant time not run: --no-ct");
    let cells = st["random_campaign"]["cells"].as_array().unwrap();
    assert!(
        cells
            .iter()
            .all(|c| c["agreed"].as_u64().unwrap() + c["declined"].as_u64().unwrap() > 0),
        "every cell is an implementation that has the pair"
    );
    assert!(!cells
        .iter()
        .any(|c| c["implementation"] == "k256" && c["curve"] == "bn254"));
}

/// A wrong vector case appears in the JSON in full, as a suspect vector
/// (every implementation agrees against the file): case, inputs, what the
/// file says and what everybody answered; no implementation is blamed;
/// `ok` is false.
#[test]
fn audit_json_carries_suspect_vectors_in_full() {
    let d = scratch();
    let two = format!("{}02", "00".repeat(31));
    std::fs::write(
        d.path().join("bad.json"),
        format!(
            r#"{{"curve":"secp256k1","source":"test","cases":[
              {{"op":"mul_g","scalar":"{two}","result":"02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee6"}}]}}"#
        ),
    )
    .unwrap();
    let official = root().join("vectors/official");
    let (code, out, err) = twinmul(
        &root(),
        &[
            "audit",
            "--cases",
            "1",
            "--per-class",
            "1",
            "--json",
            "--no-ct",
            "--impl",
            "k256",
            "--vectors",
            d.path().to_str().unwrap(),
            "--official",
            official.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, Some(1), "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], false);
    let vf = &v["stages"]["vector_files"];
    assert_eq!(vf["failures"].as_array().unwrap().len(), 0, "{vf}");
    let f = &vf["suspect_vectors"];
    assert_eq!(f.as_array().unwrap().len(), 1, "{vf}");
    assert_eq!(f[0]["case"], "0");
    assert_eq!(f[0]["op"], "mul_g");
    assert_eq!(f[0]["inputs"]["scalar"], two);
    assert_eq!(
        f[0]["everybody_answers"]["bytes"],
        "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
    );
    assert!(f[0]["file_says"].as_str().unwrap().ends_with("ee6"));
}

/// Without valgrind and taskset, the constant-time stage is "not run" with
/// the reason, every other stage still reports, and the verdict is
/// INCOMPLETE (exit 3). Run from a subfolder: paths resolve from the root.
#[test]
fn a_missing_tool_leaves_the_other_stages_reported() {
    let empty = scratch();
    let (code, out, err) = twinmul(
        &root().join("cli"),
        &[
            "audit",
            "--cases",
            "1",
            "--per-class",
            "1",
            "--impl",
            "k256",
        ],
        Some(empty.path()),
    );
    assert_eq!(code, Some(3), "{out}{err}");
    for want in [
        "== [1/4] vector files",
        "vector files: OK",
        "official suites: OK",
        "random campaign: OK",
        "== [4/4] constant time",
        "not run: valgrind secret-taint, every target: valgrind not found (apt-get install valgrind)",
        "audit: INCOMPLETE (constant time not run: ",
    ] {
        assert!(out.contains(want), "missing '{want}' in:\n{out}");
    }
}

/// Nothing to check is an error, never OK.
#[test]
fn an_audit_over_nothing_is_an_error() {
    let d = scratch();
    for args in [
        vec!["audit", "--no-ct", "--vectors", d.path().to_str().unwrap()],
        vec!["audit", "--no-ct", "--cases", "0", "--per-class", "0"],
    ] {
        let (code, out, err) = twinmul(&root(), &args, None);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(!out.contains("OK"), "{out}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
    }
    // Outside any source tree, the error names the flag to pass.
    let (code, _, err) = twinmul(&std::env::temp_dir(), &["audit", "--no-ct"], None);
    assert_eq!(code, Some(2));
    assert!(err.contains("--vectors DIR"), "{err}");
}

/// Ctrl-C (SIGINT) mid-run prints the report so far, every stage after the
/// one it was in cut short, the verdict INTERRUPTED, and exits 130;
/// `--max-time` bounds the run the same way with exit 3.
#[test]
fn an_interrupted_audit_keeps_its_report() {
    let child = Command::new(env!("CARGO_BIN_EXE_twinmul"))
        .current_dir(root())
        .args(["audit", "--no-ct", "--impl", "k256"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2500));
    // SAFETY: kill(2) on the child's own pid, with a valid signal number.
    #[allow(unsafe_code)]
    let rc = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(rc, 0);
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(130), "{out}");
    assert!(out.contains("== verdict"), "{out}");
    assert!(
        out.contains("CUT SHORT (interrupted (SIGINT or SIGTERM))"),
        "{out}"
    );
    assert!(
        out.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("audit: INTERRUPTED"),
        "{out}"
    );

    let (code, out, _) = twinmul(&root(), &["audit", "--no-ct", "--max-time", "0"], None);
    assert_eq!(code, Some(3), "{out}");
    assert!(
        out.contains("vector files: CUT SHORT (stopped at --max-time)"),
        "{out}"
    );
}
