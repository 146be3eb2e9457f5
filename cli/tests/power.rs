//! The audit's power over implementations it did not write: every class of
//! the catalogue is drawn and counted per implementation, a seed replays a
//! campaign exactly, an implementation that answers nothing fails, the
//! planted bugs are caught by their own classes, and timings that are no
//! evidence are never "no leak".
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

use twinmul_adapters::optimized::Optimized;
use twinmul_cli::ct::{self, Claim};
use twinmul_harness::campaign::{campaign, pairs, Settings};
use twinmul_harness::classes::{catalogue, classes_for, Family};
use twinmul_harness::implementation::{Implementation, Implementations};
use twinmul_harness::planted::{self, BUGS};
use twinmul_harness::reference::Reference;
use twinmul_harness::{Answer, Curve, Expectation, Input, Op};

mod common;
use common::{arg, one_case_vectors, python_driver, root, scratch, text, twinmul, write, TWINMUL};

fn two() -> Implementations {
    vec![Box::new(Reference), Box::new(Optimized::constant_time())]
}

/// One seed, one campaign: the same inputs in the same order (equal
/// digests); another seed, other inputs. Every class of every pair is
/// drawn, and counted for both implementations.
#[test]
fn a_seed_replays_the_campaign_and_every_class_is_drawn() {
    let s = |seed| Settings {
        per_class: 1,
        uniform: 1,
        seed,
    };
    let run = |seed| campaign(&two(), s(seed), &Expectation::default(), &|_, _| {});
    let (a, b, c) = (run(77), run(77), run(78));
    assert_eq!(a.digest(), b.digest());
    assert_ne!(a.digest(), c.digest());
    assert!(
        a.ok(),
        "{:?}",
        a.disagreements.first().map(|d| d.1.report())
    );
    for (curve, op) in pairs() {
        for class in classes_for(curve, op) {
            for imp in ["reference", "optimized"] {
                let cell = &a.classes[&(imp.to_string(), curve, op, class.name)];
                assert_eq!(cell.judged(), 1, "{imp} {curve} {op} {}", class.name);
            }
        }
    }
    assert_eq!(a.coverage("reference"), a.coverage("optimized"));
    let (covered, all) = a.coverage("reference");
    assert_eq!(covered, all);
    assert!(all > 250, "{all} classes");
}

/// The command line prints a fresh seed when none is given, and the same
/// seed twice draws the same campaign (the JSON's digest).
#[test]
fn the_audit_seed_is_fresh_and_replays() {
    let dir = scratch();
    std::fs::copy(
        root().join("vectors/bn254.json"),
        dir.path().join("bn254.json"),
    )
    .unwrap();
    let run = |seed: Option<&str>| {
        let mut args = vec![
            "audit",
            "--no-ct",
            "--json",
            "--per-class",
            "1",
            "--cases",
            "1",
            "--impl",
            "ark-bn254",
            "--vectors",
            arg(dir.path()),
            "--official",
            "vectors/official",
        ];
        if let Some(s) = seed {
            args.extend(["--seed", s]);
        }
        let o = twinmul(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let v: serde_json::Value = serde_json::from_str(&text(&o)).unwrap();
        let c = &v["stages"]["random_campaign"];
        (
            v["seed"].as_u64().unwrap(),
            c["inputs_digest"].as_str().unwrap().to_string(),
        )
    };
    let (s1, d1) = run(Some("123"));
    let (s2, d2) = run(Some("123"));
    let (s3, d3) = run(None);
    let (s4, _) = run(None);
    assert_eq!((s1, &d1), (s2, &d2));
    assert_eq!(s1, 123);
    assert_ne!(s3, s4, "two runs without --seed draw two seeds");
    assert_ne!(d1, d3);
    assert_ne!(s3, 123);
}

/// A driver that declines everything, and one whose handshake names only
/// pairs twinmul does not know, each fail the run beside the reference
/// (exit 1), named, with the unknown names shown in the header.
#[test]
#[cfg_attr(
    twinmul_no_python3,
    ignore = "needs python3 on PATH (its drivers are Python scripts)"
)]
fn an_implementation_that_answers_nothing_fails() {
    for (mode, says) in [
        ("decline-all", "SILENT bad: it answered nothing comparable"),
        (
            "unknown-only",
            "SILENT bad: its handshake names no (curve, op) pair twinmul knows",
        ),
    ] {
        let driver = python_driver("bad", "misbehave.py", &format!("{mode} {TWINMUL}"));
        let o = twinmul(&[
            "vectors",
            "check",
            "vectors/bn254.json",
            "--impl",
            "reference",
            "--impl",
            "bad",
            "--driver",
            &driver,
        ]);
        let out = text(&o);
        assert_eq!(o.status.code(), Some(1), "{mode}: {out}");
        assert!(out.contains(says), "{mode}: {out}");
        assert!(
            out.trim_end().ends_with("answered nothing comparable"),
            "{out}"
        );
        if mode == "unknown-only" {
            let header = out.lines().next().unwrap();
            assert!(
                header.contains("names twinmul does not know, ignored: "),
                "{out}"
            );
            assert!(
                header.contains("curve p256") && header.contains("op twist on bn254"),
                "{out}"
            );
        }
    }
    // The campaign alone says the same of an implementation that declines.
    struct Declines;
    impl Implementation for Declines {
        fn name(&self) -> &str {
            "declines"
        }
        fn supports(&self, curve: Curve, op: Op) -> bool {
            curve == Curve::Bn254 && op == Op::MulG
        }
        fn mul_g(&self, _: Curve, _: &[u8]) -> Answer {
            Answer::Declined("not today".into())
        }
    }
    let impls: Implementations = vec![Box::new(Reference), Box::new(Declines)];
    let s = Settings {
        per_class: 1,
        uniform: 1,
        seed: 1,
    };
    let c = campaign(&impls, s, &Expectation::default(), &|_, _| {});
    assert!(!c.ok());
    assert_eq!(c.silent().len(), 1);
    assert!(c.silent()[0].1.contains("declined"), "{:?}", c.silent());
    assert_eq!(c.coverage("declines").0, 0);
}

/// The catalogue of planted bugs: at least 25, each planted in a class that
/// exists and applies on its curve, every class family on every curve.
#[test]
fn the_planted_bugs_cover_every_family_on_every_curve() {
    assert!(BUGS.len() >= 25, "{}", BUGS.len());
    for b in BUGS {
        let class = catalogue().into_iter().find(|c| c.name == b.class);
        let class = class.unwrap_or_else(|| panic!("{}: no class {}", b.name, b.class));
        assert!(
            pairs()
                .into_iter()
                .any(|(c, o)| c == b.curve && (class.applies)(c, o)),
            "{}: {} does not apply on {}",
            b.name,
            b.class,
            b.curve
        );
    }
    for curve in Curve::ALL {
        for family in [Family::Scalar, Family::Point, Family::Signature] {
            let applies = catalogue().into_iter().any(|c| {
                c.family == family
                    && pairs()
                        .into_iter()
                        .any(|(cv, o)| cv == curve && (c.applies)(cv, o))
            });
            let planted = BUGS.iter().any(|b| {
                b.curve == curve
                    && catalogue()
                        .into_iter()
                        .any(|c| c.name == b.class && c.family == family)
            });
            assert_eq!(applies, planted, "{curve} {family:?}");
        }
    }
}

/// One planted bug per curve, through the campaign at the default
/// settings: each is caught, by its own class among others. (`twinmul
/// selftest`, run by CI, measures every one.)
#[test]
fn planted_bugs_are_caught_by_their_class() {
    let s = Settings {
        per_class: Settings::PER_CLASS,
        uniform: 2,
        seed: 2024,
    };
    for name in [
        "secp256k1-uncompressed-negated",
        "bn254-half-n-negated",
        "bls12-381-sorted-infinity",
        "ecgfp5-neutral-key-accepted",
    ] {
        let bug = BUGS.iter().find(|b| b.name == name).unwrap();
        let c = planted::measure(bug, s);
        assert!(c.caught(), "{name} missed");
        assert!(c.by_its_class(), "{name}: caught by {:?}", c.by);
    }
}

/// A driver's timings that are all equal are no evidence: where constant
/// time is claimed the row fails, where it is not the run is incomplete;
/// never "no leak".
#[test]
fn constant_timings_are_unusable_never_clean() {
    struct Steady(bool);
    impl Implementation for Steady {
        fn name(&self) -> &str {
            "steady"
        }
        fn supports(&self, curve: Curve, op: Op) -> bool {
            curve == Curve::Bn254 && op == Op::MulG
        }
        fn timed(&self) -> Vec<(Curve, Op, bool)> {
            vec![(Curve::Bn254, Op::MulG, self.0)]
        }
        fn time(&self, _: Curve, _: Op, inputs: &[Input]) -> Result<Vec<u64>, String> {
            Ok(vec![1000; inputs.len()])
        }
    }
    let claims = Steady(true);
    let rows = ct::run_drivers(&[&claims], 1000).unwrap();
    assert_eq!(rows[0].target.claim, Claim::ConstantTime);
    assert!(!rows[0].pass());
    assert!(
        rows[0].verdict().starts_with("TIMINGS UNUSABLE"),
        "{}",
        rows[0].verdict()
    );
    assert_eq!(ct::dudect_status(&rows), twinmul_cli::Status::Failed);
    let silent = Steady(false);
    let rows = ct::run_drivers(&[&silent], 1000).unwrap();
    assert!(rows[0].pass() && rows[0].incomplete());
    assert_eq!(ct::dudect_status(&rows), twinmul_cli::Status::Incomplete);
}

/// `--samples` below what the statistic can use is bad usage; a filter
/// never drops the controls.
#[test]
fn too_few_samples_and_filtered_controls() {
    let o = twinmul(&["ct", "--samples", "10"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("at least 1000"));
    let chosen = ct::select(&[], Some("ct_lookup_glv")).unwrap();
    assert!(chosen.iter().any(|t| t.claim == Claim::Control));
    assert!(chosen
        .iter()
        .all(|t| t.claim == Claim::Control || t.name.contains("ct_lookup_glv")));
    assert!(chosen.iter().filter(|t| t.claim == Claim::Control).count() == ct::controls().len());
}

/// docs/classes.md carries the catalogue's and the planted bugs' tables as
/// the code generates them.
#[test]
fn the_class_table_in_the_docs_is_the_catalogue() {
    let doc = std::fs::read_to_string(root().join("docs/classes.md")).unwrap();
    let marker =
        "<!-- Generated by `twinmul classes --markdown`; do not edit below this line. -->\n\n";
    let generated = doc.split(marker).nth(1).expect("the marker");
    let want = format!(
        "{}\n{}",
        twinmul_harness::classes::markdown(),
        planted::markdown()
    );
    assert_eq!(
        generated, want,
        "docs/classes.md is stale: run `twinmul classes --markdown` and paste its output"
    );
}

/// Deliberately wrong implementations behind the driver protocol, written
/// from docs/drivers.md alone (`tests/drivers/wrong.py`): the random
/// campaign alone catches each, and names the class it is wrong on.
#[test]
#[cfg_attr(
    twinmul_no_python3,
    ignore = "needs python3 on PATH (its drivers are Python scripts)"
)]
fn wrong_drivers_are_caught_by_the_campaign_with_the_class_named() {
    // One harmless vector file, so that the campaign is the only stage
    // that can catch anything.
    let dir = one_case_vectors();
    let modes = [
        ("neg-uncompressed", "[point.uncompressed]"),
        ("reduce-x", "[point.x-above-p]"),
        ("small-plus-one", "[scalar.small]"),
        ("near-n", "[scalar.n-minus-small]"),
    ];
    let runs: Vec<_> = modes
        .iter()
        .map(|(mode, _)| {
            let driver = python_driver("wrong", "wrong.py", &format!("{mode} {TWINMUL}"));
            let vectors = arg(dir.path()).to_string();
            std::thread::spawn(move || {
                twinmul(&[
                    "audit",
                    "--no-ct",
                    "--impl",
                    "reference",
                    "--impl",
                    "wrong",
                    "--driver",
                    &driver,
                    "--vectors",
                    &vectors,
                    "--official",
                    "vectors/official",
                ])
            })
        })
        .collect();
    for ((mode, class), run) in modes.iter().zip(runs) {
        let o = run.join().unwrap();
        let out = text(&o);
        assert_eq!(o.status.code(), Some(1), "{mode}: {out}");
        assert!(out.contains("vector files     OK"), "{mode}: {out}");
        assert!(
            out.contains("official suites  OK") || out.contains("official suites  FAILED"),
            "{out}"
        );
        assert!(out.contains("random campaign  FAILED"), "{mode}: {out}");
        assert!(
            out.contains(&format!("DISAGREEMENT {class}")),
            "{mode}: no {class} in {out}"
        );
    }
}

/// A finding the auditor has recorded (`known_findings` in the
/// configuration file) is still reported, by class, and does not fail the
/// run; a recorded finding that no input shows is reported as not shown,
/// and the wrong answer it did not cover fails as before; a class that is
/// not in the catalogue is a usage error.
#[test]
#[cfg_attr(
    twinmul_no_python3,
    ignore = "needs python3 on PATH (its drivers are Python scripts)"
)]
fn known_findings_are_reported_and_only_they_pass() {
    let dir = one_case_vectors();
    let config_dir = scratch();
    let script = root().join("cli/tests/drivers/wrong.py");
    let run = |known: &str| {
        let config = write(
            &config_dir,
            &format!("known-{}.toml", known.len()),
            &format!(
                "[drivers]\nwrong = {{ command = \"python3 {} reduce-x {TWINMUL}\", known_findings = [{known}] }}\n",
                script.display()
            ),
        );
        twinmul(&[
            "audit",
            "--no-ct",
            "--impl",
            "reference",
            "--impl",
            "wrong",
            "--config",
            arg(&config),
            "--vectors",
            arg(dir.path()),
            "--per-class",
            "4",
            "--official",
            "vectors/official",
        ])
    };
    let recorded = run(r#""point.x-above-p""#);
    let out = text(&recorded);
    assert_eq!(recorded.status.code(), Some(0), "{out}");
    assert!(
        out.contains("KNOWN FINDING wrong point.x-above-p (secp256k1 mul)")
            || out.contains("KNOWN FINDING wrong point.x-above-p (secp256k1 decode)"),
        "{out}"
    );
    assert!(!out.contains("DISAGREEMENT"), "{out}");

    let other = run(r#""point.off-curve""#);
    let out = text(&other);
    assert_eq!(other.status.code(), Some(1), "{out}");
    assert!(out.contains("DISAGREEMENT [point.x-above-p]"), "{out}");
    assert!(
        out.contains("known finding not shown: wrong point.off-curve"),
        "{out}"
    );

    let unknown = run(r#""point.made-up""#);
    assert_eq!(unknown.status.code(), Some(2), "{}", text(&unknown));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("'point.made-up' is no class"));
}

/// When the optimized crate is wrong, the judge does not blame the
/// reference or the peers for disagreeing with it: twinmul's two
/// implementations of the policy disagree, and that oracle conflict is the
/// finding (the comparison fails, every answer is left unjudged).
#[test]
fn a_wrong_optimized_crate_is_an_oracle_conflict_not_a_blame() {
    twinmul_adapters::install();
    use twinmul_harness::judge::Verdict;
    use twinmul_harness::{Comparison, Policy};
    let input = Input::MulG {
        scalar: [vec![0u8; 31], vec![2]].concat(),
    };
    let right = twinmul_harness::implementation::run(&Reference, Curve::Bn254, &input);
    let Answer::Bytes(mut wrong) = right.clone() else {
        panic!("2·G")
    };
    wrong[63] ^= 1;
    let answers = vec![
        ("reference".to_string(), Some(Policy::Strict), right.clone()),
        (
            "optimized".to_string(),
            Some(Policy::Strict),
            Answer::Bytes(wrong),
        ),
        ("ark-bn254".to_string(), None, right),
    ];
    let c = Comparison::judged(
        Curve::Bn254,
        &input,
        answers,
        vec![],
        &Expectation::default(),
    );
    assert_eq!(c.conflicts.len(), 1, "{}", c.report());
    assert!(
        c.report()
            .contains("ORACLE CONFLICT (strict): reference answers"),
        "{}",
        c.report()
    );
    assert!(!c.consistent());
    assert!(c
        .verdicts
        .iter()
        .all(|v| matches!(v, Verdict::OracleConflict { .. }) && !v.fails()));
    // With both of twinmul's implementations right, the same wrong answer
    // from a peer is that peer's alone.
    let wrong_peer = vec![
        (
            "reference".to_string(),
            Some(Policy::Strict),
            c.answers[0].1.clone(),
        ),
        ("ark-bn254".to_string(), None, c.answers[1].1.clone()),
    ];
    let d = Comparison::judged(
        Curve::Bn254,
        &input,
        wrong_peer,
        vec![],
        &Expectation::default(),
    );
    assert!(d.conflicts.is_empty());
    assert!(
        d.verdicts[1].fails() && !d.verdicts[0].fails(),
        "{}",
        d.report()
    );
}

/// An implementation that declares no policy but decodes as the contract
/// and verifies as Go v0.0.15 follows no single policy: each answer alone
/// is explained, together they fail, in vector files and in the campaign.
#[test]
#[cfg_attr(
    twinmul_no_python3,
    ignore = "needs python3 on PATH (its drivers are Python scripts)"
)]
fn two_policies_at_once_fail() {
    use twinmul_adapters::flavours::Flavour;
    use twinmul_harness::Policy;
    let driver = python_driver("two", "two_policies.py", TWINMUL);
    let o = twinmul(&[
        "vectors",
        "check",
        "vectors/ecgfp5.json",
        "--driver",
        &driver,
        "--impl",
        "two",
    ]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("TWO POLICIES two: "))
        .unwrap_or_default();
    assert!(
        line.contains("not strict (") && line.contains("(verify)"),
        "{line}"
    );
    assert!(
        line.contains("not go-v0.0.15 (") && line.contains("(decode)"),
        "{line}"
    );

    struct Two(Flavour);
    impl Implementation for Two {
        fn name(&self) -> &str {
            "two"
        }
        fn supports(&self, curve: Curve, op: Op) -> bool {
            curve == Curve::Ecgfp5 && matches!(op, Op::Decode | Op::Verify)
        }
        fn decode(&self, c: Curve, p: &[u8]) -> Answer {
            Reference.decode(c, p)
        }
        fn verify(&self, c: Curve, pk: &[u8], m: &[u8], s: &[u8]) -> Answer {
            self.0.verify(c, pk, m, s)
        }
    }
    let impls: Implementations = vec![
        Box::new(Reference),
        Box::new(Two(Flavour::new(Policy::GoV0_0_15))),
    ];
    let s = Settings {
        per_class: 3,
        uniform: 1,
        seed: 5,
    };
    let c = campaign(&impls, s, &Expectation::default(), &|_, _| {});
    assert!(c.disagreements.is_empty(), "each answer alone is explained");
    assert_eq!(c.two_policies().len(), 1, "{:?}", c.placements);
    assert!(!c.ok());
}

/// Under `--policy P`, a case that states another policy's answer, where
/// the file states none of P's for that input, is judged against P's
/// answer as twinmul computes it, not left unchecked.
#[test]
#[cfg_attr(
    twinmul_no_python3,
    ignore = "needs python3 on PATH (its drivers are Python scripts)"
)]
fn a_chosen_policy_is_judged_where_the_file_states_another() {
    let dir = scratch();
    // [4 + p, 0, 0, 0, 0]: strict refuses it, Go reads G.
    let f = write(
        &dir,
        "one.json",
        r#"{"curve":"ecgfp5","source":"t","cases":[{"op":"decode","point":"05000000ffffffff0000000000000000000000000000000000000000000000000000000000000000","valid":false}]}"#,
    );
    let driver = python_driver(
        "go",
        "undeclared.py",
        &format!("{TWINMUL} optimized@go-v0.0.15"),
    );
    let f = arg(&f);
    let o = twinmul(&[
        "vectors",
        "check",
        f,
        "--driver",
        &driver,
        "--impl",
        "go",
        "--policy",
        "go-v0.0.15",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text(&o)).unwrap();
    assert_eq!(o.status.code(), Some(0), "{v}");
    assert_eq!(v["passed"], 1, "{v}");
    assert_eq!(v["judged_against_computed_answers"], 1, "{v}");
    assert_eq!(v["other_policy"], 0, "{v}");
    // The contract's own implementation is judged against the file.
    let o = twinmul(&[
        "vectors",
        "check",
        f,
        "--impl",
        "reference",
        "--policy",
        "go-v0.0.15",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text(&o)).unwrap();
    assert_eq!(v["passed"], 1, "{v}");
    assert_eq!(v["judged_against_computed_answers"], 0, "{v}");
}
