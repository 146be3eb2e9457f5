//! `twinmul audit`: the main job, in four stages, each with its own heading
//! and verdict, each reported whatever happens to the others:
//!
//! 1. the vector files (every `*.json` of `--vectors`);
//! 2. the official suites (`--official`, with their checksums);
//! 3. the seeded random differential campaign, with timings;
//! 4. the short constant-time checks (valgrind secret-taint on every
//!    target, dudect on the controls and the table lookups).
//!
//! The verdict: FAILED (exit 1) if a stage failed; INCOMPLETE (exit 3) if a
//! stage that was asked for could not run; otherwise OK, naming any stage
//! left out on request (`--no-ct`).

use super::ct::{self, CtError};
use super::output::Progress;
use super::{Status, UsageError};
use crate::outln;
use clap::Args;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use twinmul_harness::campaign::{self, Campaign};
use twinmul_harness::implementation::Implementations;
use twinmul_harness::policy::Expectation;
use twinmul_harness::registry::Registry;
use twinmul_harness::vectors::{self, Tally};

/// `twinmul audit`'s arguments.
#[derive(Args)]
pub struct AuditArgs {
    /// Uniform random inputs per curve and operation (the uniform class).
    #[arg(long, default_value_t = campaign::Settings::UNIFORM)]
    pub cases: usize,
    /// Inputs per input class and (curve, op) pair (docs/classes.md); the
    /// default reaches every stratum of every class and catches every
    /// planted bug of `twinmul selftest`.
    #[arg(long, default_value_t = campaign::Settings::PER_CLASS)]
    pub per_class: usize,
    /// Seed of the random campaign (default: a fresh one from the operating
    /// system, printed in the report; pass it back to replay the campaign).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Folder of vector files to check (default: vectors/ of the source tree).
    #[arg(long, value_name = "DIR")]
    pub vectors: Option<PathBuf>,
    /// Folder of the official suites (default: official/ inside the vectors folder).
    #[arg(long, value_name = "DIR")]
    pub official: Option<PathBuf>,
    /// Print the whole report as JSON (for machines) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Only these implementations (repeatable; the reference is always run).
    #[arg(long = "impl", value_name = "NAME")]
    pub impls: Vec<String>,
    /// Leave out the constant-time stage (valgrind taint, dudect controls and lookups).
    #[arg(long)]
    pub no_ct: bool,
    /// Stop the whole run after SECS seconds, reporting what it did (the
    /// stage it was in and those after it are marked as cut short; exit 3).
    #[arg(long, value_name = "SECS")]
    pub max_time: Option<f64>,
    /// The run's policy.
    #[command(flatten)]
    pub policy: super::PolicyArg,
    /// Outside implementations.
    #[command(flatten)]
    pub drivers: super::DriverArgs,
}

/// How a stage ended.
#[derive(Clone, Debug)]
enum StageStatus {
    Ok,
    Failed(String),
    NotRun(String),
    LeftOut(String),
    /// Cut short by a signal or `--max-time`: what ran is reported.
    Stopped(twinmul_harness::stop::Why),
}

impl StageStatus {
    fn to_status(&self) -> Status {
        match self {
            StageStatus::Ok | StageStatus::LeftOut(_) => Status::Ok,
            StageStatus::Failed(_) => Status::Failed,
            StageStatus::NotRun(_) => Status::Incomplete,
            StageStatus::Stopped(twinmul_harness::stop::Why::Interrupted) => Status::Interrupted,
            StageStatus::Stopped(twinmul_harness::stop::Why::TimeUp) => Status::Incomplete,
        }
    }

    fn text(&self) -> String {
        match self {
            StageStatus::Ok => "OK".into(),
            StageStatus::Failed(why) => format!("FAILED ({why})"),
            StageStatus::NotRun(why) => format!("not run: {why}"),
            StageStatus::LeftOut(why) => format!("not run ({why})"),
            StageStatus::Stopped(why) => format!("CUT SHORT ({})", why.text()),
        }
    }

    fn to_json(&self) -> Value {
        match self {
            StageStatus::Ok => json!({"status": "ok"}),
            StageStatus::Failed(why) => json!({"status": "failed", "reason": why}),
            StageStatus::NotRun(why) => json!({"status": "not_run", "reason": why}),
            StageStatus::LeftOut(why) => json!({"status": "left_out", "reason": why}),
            StageStatus::Stopped(why) => json!({"status": "cut_short", "reason": why.text()}),
        }
    }
}

/// One stage's outcome: its status, its report lines and its JSON.
struct Stage {
    name: &'static str,
    status: StageStatus,
    json: Value,
}

/// The report as it is written: text as each stage ends, or JSON at the end.
struct Report {
    json: bool,
    stages: Vec<Stage>,
}

impl Report {
    fn heading(&self, n: usize, text: &str) {
        if !self.json {
            outln!();
            outln!("== [{n}/4] {text}");
        }
    }

    fn line(&self, text: &str) {
        if !self.json {
            outln!("{text}");
        }
    }

    fn end(&mut self, name: &'static str, status: StageStatus, mut json: Value) {
        // A stage that ended early and found nothing wrong is cut short,
        // not passed; a failure found before the stop stands.
        let status = match (status, twinmul_harness::stop::stopped()) {
            (StageStatus::Failed(f), _) => StageStatus::Failed(f),
            (_, Some(why)) => StageStatus::Stopped(why),
            (s, None) => s,
        };
        self.line(&format!("{name}: {}", status.text()));
        if let Value::Object(m) = &mut json {
            if let Value::Object(s) = status.to_json() {
                m.extend(s);
            }
        }
        self.stages.push(Stage { name, status, json });
    }
}

fn vector_files(dir: &Path) -> Result<Vec<PathBuf>, UsageError> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| UsageError(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(UsageError(format!(
            "{}: no vector files (*.json) to check; pass --vectors DIR",
            dir.display()
        )));
    }
    Ok(files)
}

fn tally_status(t: &Tally, what: &str) -> StageStatus {
    if let Some(l) = t.two_policy_lines().first() {
        StageStatus::Failed(l.clone())
    } else if !t.suspects.is_empty() || !t.conflicts.is_empty() {
        StageStatus::Failed(format!(
            "{} suspect vector(s), {} oracle conflict(s), {} of {} answers wrong",
            t.suspects.len(),
            t.conflicts.len(),
            t.failed,
            t.checked()
        ))
    } else if t.failed > 0 {
        StageStatus::Failed(format!("{} of {} answers wrong", t.failed, t.checked()))
    } else if t.checked() == 0 && t.stopped.is_none() {
        StageStatus::Failed(format!("no {what} answer was checked"))
    } else {
        StageStatus::Ok
    }
}

fn vectors_stage(
    r: &mut Report,
    dir: &Path,
    files: &[vectors::LoadedFile],
    impls: &Implementations,
    expectation: &Expectation,
) {
    let cases: usize = files.iter().map(|f| f.cases.len()).sum();
    r.heading(
        1,
        &format!(
            "vector files: {} ({} files, {cases} cases)",
            dir.display(),
            files.len()
        ),
    );
    let t = super::vectors::check_all(files, impls, expectation);
    for l in t.file_lines() {
        r.line(&l);
    }
    for l in t.failure_lines(super::FAILURES_SHOWN) {
        r.line(&l);
    }
    for l in t.known_lines() {
        r.line(&l);
    }
    for l in t.explanation_lines(super::FAILURES_SHOWN) {
        r.line(&l);
    }
    if let Some(l) = t.policy_line() {
        r.line(&l);
    }
    r.line(&t.closing_line());
    let mut j = t.to_json();
    j["files"] = files.iter().map(|f| f.label.clone()).collect();
    r.end("vector files", tally_status(&t, "vector"), j);
}

fn official_stage(r: &mut Report, dir: Result<PathBuf, String>, impls: &Implementations) {
    let dir = match dir {
        Ok(d) => d,
        Err(why) => {
            r.heading(2, "official suites");
            return r.end("official suites", StageStatus::NotRun(why), json!({}));
        }
    };
    r.heading(2, &format!("official suites: {}", dir.display()));
    let checksums = match twinmul_harness::official::verify_checksums(&dir) {
        Ok(n) => n,
        Err(e) => {
            return r.end(
                "official suites",
                StageStatus::Failed(format!("checksums: {e}")),
                json!({"dir": dir.display().to_string()}),
            )
        }
    };
    r.line(&format!("{checksums} files match SHA256SUMS"));
    let progress = Progress::new("official suites", 0);
    progress.step("running");
    let run = match twinmul_harness::official::run_all(&dir, impls) {
        Ok(run) => run,
        Err(e) => {
            return r.end(
                "official suites",
                StageStatus::Failed(e.to_string()),
                json!({}),
            );
        }
    };
    drop(progress);
    for l in run.tally.failure_lines(super::FAILURES_SHOWN) {
        r.line(&l);
    }
    for l in run.tally.known_lines() {
        r.line(&l);
    }
    for (suite, n, outside) in &run.point_cases {
        r.line(&format!(
            "{suite}: {n} point-level cases ({outside} outside the byte contract, not run)"
        ));
    }
    for (imp, label) in &run.deviations {
        r.line(&format!(
            "known peer deviation reproduced: {imp} on {label}"
        ));
    }
    r.line(
        &run.tally
            .closing_line()
            .replacen("vectors:", "official:", 1),
    );
    let mut j = run.tally.to_json();
    j["dir"] = dir.display().to_string().into();
    j["checksummed_files"] = checksums.into();
    j["suites"] = run
        .point_cases
        .iter()
        .map(|(s, n, o)| json!({"suite": s, "point_cases": n, "outside_contract": o}))
        .collect();
    j["known_peer_deviations"] = run
        .deviations
        .iter()
        .map(|(i, l)| json!({"implementation": i, "case": l}))
        .collect();
    r.end("official suites", tally_status(&run.tally, "official"), j);
}

fn campaign_table(c: &Campaign) -> Vec<String> {
    let w = c
        .cells
        .keys()
        .map(|(_, _, imp)| imp.len())
        .max()
        .unwrap_or(0)
        .max("implementation".len());
    let mut out = vec![format!(
        "{:<10} {:<7} {:<w$} {:>7} {:>9} {:>9} {:>8} {:>6} {:>11}",
        "curve",
        "op",
        "implementation",
        "agreed",
        "explained",
        "disagreed",
        "declined",
        "failed",
        "median µs"
    )];
    for ((curve, op, imp), cell) in &c.cells {
        let med = cell
            .median_us()
            .map_or("-".to_string(), |m| format!("{m:.1}"));
        out.push(format!(
            "{:<10} {:<7} {:<w$} {:>7} {:>9} {:>9} {:>8} {:>6} {:>11}",
            curve.id(),
            op.id(),
            imp,
            cell.agreed,
            cell.explained,
            cell.disagreed,
            cell.declined,
            cell.failed,
            med
        ));
    }
    out
}

/// The coverage lines: per implementation, the classes covered, then a
/// line per class where something did not agree, and the classes it
/// declined outright with the reason.
pub fn coverage_lines(c: &Campaign) -> Vec<String> {
    let mut out = Vec::new();
    for imp in &c.implementations {
        let (covered, all) = c.coverage(imp);
        if all == 0 {
            continue;
        }
        let declined = c.declined_classes(imp);
        let mut line = format!("{imp}: covered {covered} of {all} classes");
        if !declined.is_empty() {
            line.push_str(&format!("; declined {}", declined.len()));
        }
        out.push(line);
        for ((_, curve, op, class), cell) in c.classes.iter().filter(|(k, _)| &k.0 == imp) {
            if !cell.clean() {
                out.push(format!(
                    "  {curve} {op} {class}: {} disagreed, {} failed, {} agreed of {}",
                    cell.disagreed,
                    cell.failed,
                    cell.agreed,
                    cell.judged() + cell.failed + cell.declined
                ));
            }
        }
        for (curve, op, class, why) in declined {
            out.push(format!("  declined: {curve} {op} {class} ({why})"));
        }
    }
    out
}

/// The campaign's classes per implementation as JSON.
pub fn coverage_json(c: &Campaign) -> Value {
    c.implementations
        .iter()
        .map(|imp| {
            let (covered, all) = c.coverage(imp);
            let classes: Vec<Value> = c
                .classes
                .iter()
                .filter(|(k, _)| &k.0 == imp)
                .map(|((_, curve, op, class), cell)| {
                    json!({"curve": curve.id(), "op": op.id(), "class": class,
                        "agreed": cell.agreed, "explained": cell.explained,
                        "disagreed": cell.disagreed, "declined": cell.declined,
                        "failed": cell.failed, "decline_reason": cell.decline_reason})
                })
                .collect();
            json!({"implementation": imp, "classes_covered": covered,
                   "classes_applicable": all, "classes": classes})
        })
        .collect()
}

/// The power line of a report header: what `twinmul selftest` measures at
/// these settings.
pub fn power_line(per_class: usize) -> String {
    let n = twinmul_harness::planted::BUGS.len();
    if per_class >= campaign::Settings::PER_CLASS {
        format!(
            "power: at --per-class {per_class} the campaign catches {n} of {n} planted bugs \
             (`twinmul selftest` measures it with a fresh seed; CI runs it)"
        )
    } else {
        format!(
            "power: not measured at --per-class {per_class}: the {n} planted bugs are all caught \
             from --per-class {} (`twinmul selftest --per-class {per_class}` measures it here)",
            campaign::Settings::PER_CLASS
        )
    }
}

fn campaign_stage(
    r: &mut Report,
    settings: campaign::Settings,
    impls: &Implementations,
    expectation: &Expectation,
) {
    r.heading(
        3,
        &format!(
            "random campaign: seed {}, {} inputs per class and {} uniform per curve and op",
            settings.seed, settings.per_class, settings.uniform
        ),
    );
    let total = campaign::planned(&campaign::pairs(), &settings);
    let progress = Progress::new("campaign", total as u64);
    let last = std::cell::Cell::new(None);
    let c = campaign::campaign(impls, settings, expectation, &|curve, op| {
        if last.get() != Some((curve, op)) {
            last.set(Some((curve, op)));
            progress.step(&format!("{curve} {op}"));
        }
        progress.inc();
    });
    drop(progress);
    for (class, d) in c.disagreements.iter().take(super::FAILURES_SHOWN) {
        r.line(&format!(
            "DISAGREEMENT [{class}]\n{}",
            d.report().trim_end()
        ));
    }
    if c.disagreements.len() > super::FAILURES_SHOWN {
        r.line(&format!(
            "… and {} more disagreements (--json lists every one)",
            c.disagreements.len() - super::FAILURES_SHOWN
        ));
    }
    for l in c.known_lines() {
        r.line(&l);
    }
    for (imp, class) in c.unseen_known(impls) {
        r.line(&format!(
            "known finding not shown: {imp} {class}: no input of this run answered wrongly (fixed, or the configuration is stale?)"
        ));
    }
    for (class, d) in c.explained.iter().take(3) {
        r.line(&format!(
            "POLICY DIFFERENCE (explained) [{class}]\n{}",
            d.report().trim_end()
        ));
    }
    if c.explained.len() > 3 {
        r.line(&format!(
            "… and {} more comparisons that differ only by policy (--json lists every one)",
            c.explained.len() - 3
        ));
    }
    for l in campaign_table(&c) {
        r.line(&l);
    }
    for l in coverage_lines(&c) {
        r.line(&l);
    }
    if c.uncompared > 0 {
        r.line(&format!(
            "{} random inputs had fewer than two answers (the rest declined): not compared",
            c.uncompared
        ));
    }
    for (curve, op, have) in &c.not_compared {
        r.line(&format!(
            "not compared: {curve} {op} ({})",
            match have.as_slice() {
                [] => "no selected implementation has it".to_string(),
                [one] => format!("only {one} has it"),
                _ => String::new(),
            }
        ));
    }
    let silent = c.silent();
    for (imp, why) in &silent {
        r.line(&format!("SILENT {imp}: {why}"));
    }
    let two = c.two_policies();
    for (imp, why) in &two {
        r.line(&format!("TWO POLICIES {imp}: {why}"));
    }
    for (imp, p) in c.placed() {
        r.line(&format!(
            "placed: {imp} declares no policy; its answers all follow {p}"
        ));
    }
    r.line(&format!(
        "campaign: {} inputs, {} comparisons, digest {}",
        total,
        c.compared,
        c.digest()
    ));
    let status = if !c.disagreements.is_empty() {
        StageStatus::Failed(format!(
            "{} of {} comparisons did not agree",
            c.disagreements.len(),
            c.compared
        ))
    } else if !two.is_empty() {
        let names: Vec<&str> = two.iter().map(|(n, _)| n.as_str()).collect();
        StageStatus::Failed(format!("no single policy explains: {}", names.join(", ")))
    } else if !silent.is_empty() && c.stopped.is_none() {
        let names: Vec<&str> = silent.iter().map(|(n, _)| n.as_str()).collect();
        StageStatus::Failed(format!("answered nothing comparable: {}", names.join(", ")))
    } else if c.compared == 0 && c.stopped.is_none() {
        StageStatus::Failed("nothing was compared".into())
    } else {
        StageStatus::Ok
    };
    let cells: Vec<Value> = c
        .cells
        .iter()
        .map(|((curve, op, imp), cell)| {
            json!({"curve": curve.id(), "op": op.id(), "implementation": imp,
                "agreed": cell.agreed, "explained": cell.explained, "disagreed": cell.disagreed, "declined": cell.declined,
                "failed": cell.failed, "median_us": cell.median_us()})
        })
        .collect();
    let j = json!({
        "seed": settings.seed, "per_class": settings.per_class, "uniform_per_op": settings.uniform,
        "inputs": total, "inputs_digest": c.digest(), "comparisons": c.compared,
        "inputs_not_compared": c.uncompared,
        "cells": cells,
        "coverage": coverage_json(&c),
        "silent": silent.iter().map(|(n, why)| json!({"implementation": n, "reason": why})).collect::<Vec<_>>(),
        "two_policies": two.iter().map(|(n, why)| json!({"implementation": n, "reason": why.to_string()})).collect::<Vec<_>>(),
        "placed": c.placed().iter().map(|(n, p)| json!({"implementation": n, "policy": p.id()})).collect::<Vec<_>>(),
        "disagreements": c.disagreements.iter().map(|(class, d)| {
            let mut v = d.to_json();
            v["class"] = json!(class);
            v
        }).collect::<Vec<_>>(),
        "known_findings": c.known.iter().map(|(class, d)| {
            let mut v = d.to_json();
            v["class"] = json!(class);
            v
        }).collect::<Vec<_>>(),
        "explained": c.explained.iter().map(|(class, d)| {
            let mut v = d.to_json();
            v["class"] = json!(class);
            v
        }).collect::<Vec<_>>(),
        "not_compared": c.not_compared.iter().map(|(curve, op, have)| {
            json!({"curve": curve.id(), "op": op.id(), "implementations": have})
        }).collect::<Vec<_>>(),
    });
    r.end("random campaign", status, j);
}

/// One part of the constant-time stage.
fn ct_part<T>(
    r: &Report,
    label: &str,
    result: Result<Vec<T>, CtError>,
    table: fn(&[T]) -> Vec<String>,
    pass: fn(&T) -> bool,
    to_json: fn(&[T]) -> Value,
) -> (StageStatus, Value) {
    match result {
        Ok(rows) => {
            r.line(&format!("-- {label}"));
            for l in table(&rows) {
                r.line(&l);
            }
            let failed = rows.iter().filter(|x| !pass(x)).count();
            let s = if failed == 0 {
                StageStatus::Ok
            } else {
                StageStatus::Failed(format!("{label}: {failed} target(s) failed"))
            };
            let mut j = s.to_json();
            j["targets"] = to_json(&rows);
            (s, j)
        }
        Err(CtError::NotRun(why)) => {
            let s = StageStatus::NotRun(format!("{label}: {why}"));
            r.line(&format!("-- {label}: {}", s.text()));
            (s.clone(), s.to_json())
        }
        Err(CtError::Broken(why)) => {
            let s = StageStatus::Failed(format!("{label}: {why}"));
            r.line(&format!("-- {label}: {}", s.text()));
            (s.clone(), s.to_json())
        }
    }
}

fn ct_stage(r: &mut Report, no_ct: bool) {
    r.heading(
        4,
        "constant time: valgrind secret-taint, dudect controls and lookups",
    );
    if no_ct {
        return r.end(
            "constant time",
            StageStatus::LeftOut("--no-ct".into()),
            json!({}),
        );
    }
    let samples = 30_000;
    let parts = [
        ct_part(
            r,
            "valgrind secret-taint, every target",
            ct::run_valgrind(None),
            ct::valgrind_table,
            ct::ValgrindRow::pass,
            ct::valgrind_json,
        ),
        ct_part(
            r,
            "dudect controls",
            ct::run_dudect(samples, &ct::controls()),
            ct::dudect_table,
            ct::DudectRow::pass,
            ct::dudect_json,
        ),
        ct_part(
            r,
            "dudect lookups",
            ct::run_dudect(samples, &ct::lookups()),
            ct::dudect_table,
            ct::DudectRow::pass,
            ct::dudect_json,
        ),
    ];
    let status = parts
        .iter()
        .find(|(s, _)| matches!(s, StageStatus::Failed(_)))
        .or_else(|| {
            parts
                .iter()
                .find(|(s, _)| matches!(s, StageStatus::NotRun(_)))
        })
        .map_or(StageStatus::Ok, |(s, _)| s.clone());
    let [vg, controls, lookups] = parts.map(|(_, j)| j);
    r.end(
        "constant time",
        status,
        json!({"valgrind": vg, "dudect_controls": controls, "dudect_lookups": lookups,
               "dudect_samples": samples}),
    );
}

/// Where the run was stopped before stage `n`: the stage is reported as
/// cut short, not run, and true is returned.
fn skipped(r: &mut Report, n: usize, name: &'static str) -> bool {
    if twinmul_harness::stop::stopped().is_none() {
        return false;
    }
    r.heading(n, name);
    r.end(name, StageStatus::Ok, json!({}));
    true
}

/// Runs `twinmul audit`.
pub fn run(a: &AuditArgs, registry: Registry) -> Result<Status, UsageError> {
    if a.cases == 0 && a.per_class == 0 {
        return Err(UsageError(
            "--cases 0 --per-class 0: the random campaign would compare nothing".into(),
        ));
    }
    let settings = campaign::Settings {
        per_class: a.per_class,
        uniform: a.cases,
        seed: a.seed.unwrap_or_else(campaign::fresh_seed),
    };
    let mut names = a.impls.clone();
    if !names.is_empty() && !names.iter().any(|n| n == "reference") {
        names.insert(0, "reference".into());
    }
    let expectation = a.policy.expectation()?;
    let sel = super::select(registry, &names)?;
    let impls = sel.impls;
    let dir = super::paths::folder(a.vectors.as_deref(), "--vectors", "vectors")?;
    let files = super::vectors::load_all(&vector_files(&dir)?)?;
    if let Some(gap) = vectors::uncovered(&files, &impls).first() {
        return Err(UsageError(format!("nothing can check {gap}")));
    }
    let official = match &a.official {
        Some(d) if d.is_dir() => Ok(d.clone()),
        Some(d) => {
            return Err(UsageError(format!(
                "--official {}: no such folder",
                d.display()
            )))
        }
        None => {
            let d = dir.join("official");
            if d.is_dir() {
                Ok(d)
            } else {
                Err(format!(
                    "no official suites at {}; pass --official DIR",
                    d.display()
                ))
            }
        }
    };
    let mut r = Report {
        json: a.json,
        stages: Vec::new(),
    };
    let names: Vec<&str> = impls.iter().map(|i| i.name()).collect();
    r.line(&format!(
        "twinmul audit: {} implementations: {}",
        names.len(),
        names.join(", ")
    ));
    for l in &sel.header {
        r.line(l);
    }
    r.line(&expectation.describe());
    r.line(&twinmul_harness::judge::oracle_line());
    r.line(&format!(
        "seed {} (replay this campaign with --seed {})",
        settings.seed, settings.seed
    ));
    r.line(&power_line(settings.per_class));
    if let Some(secs) = a.max_time {
        twinmul_harness::stop::deadline_in(secs);
    }
    vectors_stage(&mut r, &dir, &files, &impls, &expectation);
    if !skipped(&mut r, 2, "official suites") {
        official_stage(&mut r, official, &impls);
    }
    if !skipped(&mut r, 3, "random campaign") {
        campaign_stage(&mut r, settings, &impls, &expectation);
    }
    if !skipped(&mut r, 4, "constant time") {
        ct_stage(&mut r, a.no_ct);
    }
    let problems = super::problems(&impls);
    let status = r
        .stages
        .iter()
        .fold(Status::Ok, |s, st| s.and(st.status.to_status()))
        .and(if problems.is_empty() {
            Status::Ok
        } else {
            Status::Failed
        });
    let caveats: Vec<String> = r
        .stages
        .iter()
        .filter_map(|s| match &s.status {
            StageStatus::NotRun(why) | StageStatus::LeftOut(why) => {
                Some(format!("{} not run: {why}", s.name))
            }
            StageStatus::Stopped(why) => Some(format!("{} cut short: {}", s.name, why.text())),
            _ => None,
        })
        .collect();
    let verdict = if caveats.is_empty() {
        status.word().to_string()
    } else {
        format!("{} ({})", status.word(), caveats.join("; "))
    };
    if a.json {
        let stages: serde_json::Map<String, Value> = r
            .stages
            .iter()
            .map(|s| (s.name.replace(' ', "_"), s.json.clone()))
            .collect();
        let doc = json!({
            "implementations": names,
            "drivers": sel.drivers,
            "policy": expectation.policy.id(),
            "policy_chosen": expectation.explicit,
            "oracle_cross_checked": twinmul_harness::judge::cross_checked(),
            "seed": settings.seed,
            "power": power_line(settings.per_class),
            "driver_problems": problems,
            "stages": stages,
            "verdict": status.word(),
            "cut_short": twinmul_harness::stop::stopped().map(|w| w.text()),
            "caveats": caveats,
            "ok": status == Status::Ok,
        });
        outln!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
    } else {
        outln!();
        outln!("== verdict");
        for s in &r.stages {
            outln!("{:<16} {}", s.name, s.status.text());
        }
        for p in &problems {
            outln!("{p}");
        }
        outln!("audit: {verdict}");
    }
    Ok(status)
}
