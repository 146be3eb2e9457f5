//! The driver protocol end to end: the built-in reference served over the
//! protocol agrees with every committed vector (the round trip), and each
//! deliberately broken driver (`tests/drivers/misbehave.py`) gives its named
//! failure, exit 1, and leaves the rest of the run intact.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

mod common;
use common::{arg, python_driver, root, scratch, text, twinmul, write, TWINMUL};

/// The reference behind the protocol passes every committed vector, as the
/// built-in reference does: the round trip loses nothing.
#[test]
fn the_reference_over_the_protocol_passes_every_vector() {
    let files: Vec<String> = ["secp256k1", "bn254", "bls12-381", "ecgfp5"]
        .iter()
        .map(|c| format!("vectors/{c}.json"))
        .collect();
    let driver = format!("served={TWINMUL} serve reference");
    let mut args = vec!["vectors", "check", "--driver", &driver, "--impl", "served"];
    args.extend(files.iter().map(String::as_str));
    let o = twinmul(&args);
    let out = text(&o);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains("driver served: `"),
        "the header names the driver: {out}"
    );
    assert!(
        out.contains("(from --driver); handshake: reference"),
        "{out}"
    );
    assert!(
        out.trim_end()
            .ends_with("vectors: 911 passed, 0 failed, 0 skipped"),
        "{out}"
    );
}

/// Each broken driver: its own named failure, exit 1, and the reference's
/// results beside it intact.
#[test]
#[cfg_attr(
    twinmul_no_python3,
    ignore = "needs python3 on PATH (its drivers are Python scripts)"
)]
fn broken_drivers_are_named_and_the_run_goes_on() {
    let cases = [
        (
            "crash3",
            vec![
                "exited with status 3",
                "boom: segmentation fault",
                "given up",
            ],
        ),
        ("hang", vec!["no reply within 1.0 s"]),
        ("notjson", vec!["a line that is not JSON: 'hello, world'"]),
        ("wrongid", vec!["a reply with id 10"]),
        ("badhex", vec!["bad hex in 'bytes'"]),
        (
            "handshake-exit",
            vec![
                "failed at the handshake",
                "exited with status 1",
                "cannot load the library",
            ],
        ),
        ("flood", vec!["a line longer than 1048576 bytes"]),
    ];
    let runs: Vec<_> = cases
        .iter()
        .map(|(mode, _)| {
            let driver = python_driver("bad", "misbehave.py", &format!("{mode} {TWINMUL}"));
            std::thread::spawn(move || {
                twinmul(&[
                    "vectors",
                    "check",
                    "vectors/bn254.json",
                    "--impl",
                    "reference",
                    "--impl",
                    "bad",
                    "--driver",
                    &driver,
                    "--driver-timeout",
                    "1",
                ])
            })
        })
        .collect();
    for ((mode, says), run) in cases.iter().zip(runs) {
        let o = run.join().unwrap();
        let out = text(&o);
        assert_eq!(
            o.status.code(),
            Some(1),
            "{mode}: {out}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(out.contains("DRIVER PROBLEM bad: "), "{mode}: {out}");
        for s in says {
            assert!(out.contains(s), "{mode}: no '{s}' in\n{out}");
        }
        assert!(
            !out.lines()
                .any(|l| l.starts_with("FAIL") && l.contains(" reference:")),
            "{mode}: the reference is unaffected: {out}"
        );
        assert!(
            out.trim_end().ends_with("listed above"),
            "{mode}: the last line says why: {out}"
        );
        let last = out
            .lines()
            .find(|l| l.starts_with("vectors: "))
            .unwrap_or_default();
        let passed: usize = last.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(
            passed >= 121,
            "{mode}: all 121 reference answers still count: {last}"
        );
    }
}

/// The audit's report names each driver, its command and where it came
/// from, in text and in JSON.
#[test]
fn the_audit_header_names_the_drivers() {
    let driver = format!("served={TWINMUL} serve reference");
    let dir = scratch();
    let two = format!("{}02", "00".repeat(31));
    write(
        &dir,
        "two.json",
        &format!(
            r#"{{"curve":"bn254","source":"t","cases":[{{"op":"mul_g","scalar":"{two}",
            "result":"030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd315ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4"}}]}}"#
        ),
    );
    let base = [
        "audit",
        "--no-ct",
        "--cases",
        "1",
        "--per-class",
        "1",
        "--impl",
        "served",
        "--driver",
        &driver,
        "--vectors",
        arg(dir.path()),
        "--official",
        "vectors/official",
    ];
    let o = twinmul(&base);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("driver served: `") && out.contains("(from --driver); handshake: reference"),
        "{out}"
    );
    let mut json_args = base.to_vec();
    json_args.push("--json");
    let o = twinmul(&json_args);
    let v: serde_json::Value = serde_json::from_str(&text(&o)).unwrap();
    assert_eq!(v["drivers"][0]["name"], "served");
    assert_eq!(v["drivers"][0]["from"], "--driver");
    assert_eq!(v["ok"], true);
}

/// A driver that follows Go v0.0.15 without declaring it: by default its
/// answers on the classes where Go differs are explained, named and not
/// failed; with `--policy strict` each of them fails; with `--policy
/// go-v0.0.15` it passes as it is. Declared, it is held to Go whatever the
/// run's policy.
#[test]
#[cfg_attr(
    twinmul_no_python3,
    ignore = "needs python3 on PATH (its drivers are Python scripts)"
)]
fn policy_differences_are_explained_and_fail_when_the_policy_is_chosen() {
    let undeclared = python_driver(
        "go",
        "undeclared.py",
        &format!("{TWINMUL} optimized@go-v0.0.15"),
    );
    let declared = format!("go={TWINMUL} serve optimized@go-v0.0.15");
    let run = |driver: &str, policy: Option<&str>| {
        let mut args = vec![
            "vectors",
            "check",
            "vectors/ecgfp5.json",
            "--driver",
            driver,
            "--impl",
            "go",
        ];
        if let Some(p) = policy {
            args.extend(["--policy", p]);
        }
        let o = twinmul(&args);
        (o.status.code(), text(&o))
    };

    let (code, out) = run(&undeclared, None);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("declares no policy"), "{out}");
    let explained: Vec<&str> = out.lines().filter(|l| l.starts_with("POLICY ")).collect();
    assert!(
        explained.len() >= 10
            && explained
                .iter()
                .all(|l| l.ends_with("policy: matches go-v0.0.15")),
        "{out}"
    );
    assert!(
        out.contains("policies: 28 answers explained by another policy"),
        "{out}"
    );

    let (code, out) = run(&undeclared, Some("strict"));
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("policy: strict (chosen)"), "{out}");
    assert!(
        out.contains("[policy: matches go-v0.0.15, held to strict]"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("28 failed, 0 skipped"), "{out}");

    let (code, out) = run(&undeclared, Some("go-v0.0.15"));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("0 answers explained"), "{out}");

    let (code, out) = run(&declared, Some("strict"));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("declares the go-v0.0.15 policy"), "{out}");

    let (code, _) = run(&declared, Some("lax"));
    assert_eq!(code, Some(2), "an unknown policy is bad usage");
}

/// A driver's own timings through the `time` request: the reference served
/// over the protocol offers every pair with a secret input, claims nothing,
/// and its double-and-add is flagged on each multiplication; every row has
/// its t-series and a picture.
#[test]
fn a_driver_times_its_own_calls_and_the_leaky_reference_is_flagged() {
    use twinmul_cli::{ct, ct_plot};
    use twinmul_harness::driver::{Driver, DriverSpec};
    use twinmul_harness::implementation::Implementation;
    let spec = DriverSpec::parse(
        &format!("served={TWINMUL} serve reference"),
        "test",
        std::time::Duration::from_secs(30),
    )
    .unwrap();
    let d = Driver::start(spec);
    let timed = d.timed();
    assert!(
        timed
            .iter()
            .any(|(c, o, claim)| c.id() == "bn254" && o.id() == "mul" && !claim),
        "{timed:?}"
    );
    assert!(timed
        .iter()
        .all(|(_, o, _)| ["mul_g", "mul", "sign"].contains(&o.id())));
    // Just the BN254 pairs: the rows below are its mul_g and mul.
    struct Bn<'a>(&'a Driver);
    impl Implementation for Bn<'_> {
        fn name(&self) -> &str {
            self.0.name()
        }
        fn supports(&self, c: twinmul_harness::Curve, o: twinmul_harness::Op) -> bool {
            self.0.supports(c, o)
        }
        fn timed(&self) -> Vec<(twinmul_harness::Curve, twinmul_harness::Op, bool)> {
            self.0
                .timed()
                .into_iter()
                .filter(|(c, _, _)| c.id() == "bn254")
                .collect()
        }
        fn time(
            &self,
            c: twinmul_harness::Curve,
            o: twinmul_harness::Op,
            inputs: &[twinmul_harness::Input],
        ) -> Result<Vec<u64>, String> {
            self.0.time(c, o, inputs)
        }
    }
    let rows = ct::run_drivers(&[&Bn(&d)], 400).unwrap();
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert_eq!(r.series.len(), ct::STEPS);
        assert_eq!(r.samples, 400);
        assert!(r.max_t.abs() > 10.0, "{}: {}", r.target.name, r.max_t);
        assert!(r.pass(), "no claim: a leak is reported, not failed");
        assert!(r.verdict().starts_with("leaks"));
    }
    let dir = scratch();
    let files = ct_plot::write_all(dir.path(), &rows).unwrap();
    assert!(files
        .iter()
        .all(|f| std::fs::metadata(f).unwrap().len() > 500));
    let json = ct::dudect_json(&rows);
    assert_eq!(json[0]["series"].as_array().unwrap().len(), ct::STEPS);
}

/// docs/drivers.md's worked examples, one exchange per curve, are what the
/// reference answers: each request line, read as the harness's own request,
/// run on the reference, gives the reply line (a refusal's text is not
/// compared, as nowhere).
#[test]
fn the_worked_examples_in_the_docs_are_the_references_answers() {
    use twinmul_harness::driver::protocol::{parse_request, reply};
    use twinmul_harness::implementation::run;
    use twinmul_harness::reference::Reference;
    let doc = std::fs::read_to_string(root().join("docs/drivers.md")).unwrap();
    let block = doc
        .split("### Worked examples")
        .nth(1)
        .and_then(|s| s.split("```\n").nth(1))
        .expect("a worked-examples block");
    let lines: Vec<&str> = block.lines().collect();
    let mut curves = std::collections::BTreeSet::new();
    for pair in lines.chunks(2) {
        let (req, want) = (
            pair[0].strip_prefix("> ").unwrap(),
            pair[1].strip_prefix("< ").unwrap(),
        );
        let (id, curve, input) = parse_request(req).unwrap();
        curves.insert(curve);
        let got: serde_json::Value =
            serde_json::from_str(&reply(id, &run(&Reference, curve, &input)).unwrap()).unwrap();
        let want: serde_json::Value = serde_json::from_str(want).unwrap();
        if want.get("rejected").is_some() {
            assert!(got.get("rejected").is_some(), "{req}: {got}");
        } else {
            assert_eq!(got, want, "{req}");
        }
    }
    assert_eq!(curves.len(), 4, "one example per curve at least");
}
