//! `twinmul ct`: the constant-time evidence, as structured results.
//!
//! Two harnesses from `ct-tests/`, each built in release from the source
//! tree and run as a child process:
//! - dudect (`twinmul-ct`, pinned to one core with taskset): each target's
//!   max |t| over two input classes, read after each of [`STEPS`] steps;
//!   twinmul's own targets and the peers' side by side, judged by what each
//!   implementation claims ([`super::ct_catalogue`]);
//! - valgrind secret-taint (`twinmul-ctgrind` under memcheck): a
//!   constant-time target must run clean, a control must be reported.
//!
//! A missing tool (valgrind, taskset) or source tree is a stage that was
//! *not run*, with the reason; never a pass.

use super::output::{note, Progress};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub use super::ct_catalogue::{Claim, Target, T_CONTROL, T_PASS};

/// What a row times: the catalogue's fields, owned (a driver's rows are
/// made at run time).
#[derive(Clone, Debug)]
pub struct RowTarget {
    /// A name for files and JSON.
    pub name: String,
    /// The implementation.
    pub implementation: String,
    /// The operation, with its secret.
    pub operation: String,
    /// What the implementation claims.
    pub claim: Claim,
}

impl From<&Target> for RowTarget {
    fn from(t: &Target) -> RowTarget {
        RowTarget {
            name: t.name.into(),
            implementation: t.implementation.into(),
            operation: t.operation.into(),
            claim: t.claim,
        }
    }
}

/// Why a constant-time stage did not give results.
#[derive(Clone, Debug)]
pub enum CtError {
    /// It could not run here (a tool or the source tree is missing).
    NotRun(String),
    /// It ran and broke (a build failed, the harness crashed).
    Broken(String),
}

/// One dudect target's result.
#[derive(Clone, Debug)]
pub struct DudectRow {
    /// The target: a compiled-in one, or a driver's (curve, op) pair.
    pub target: RowTarget,
    /// Calls timed (both classes).
    pub samples: usize,
    /// The max t (signed) at the end.
    pub max_t: f64,
    /// (calls timed so far, max t) after each step: the t-series.
    pub series: Vec<(usize, f64)>,
    /// Why the durations are no evidence (a driver's timings that are
    /// zero, constant or too coarse), if so: never "no leak".
    pub unusable: Option<String>,
}

impl DudectRow {
    /// Whether the row is as it must be (see [`super::ct_catalogue::verdict`]):
    /// unusable timings fail where constant time is claimed.
    pub fn pass(&self) -> bool {
        if self.unusable.is_some() {
            return self.target.claim != Claim::ConstantTime;
        }
        !super::ct_catalogue::verdict(self.target.claim, self.max_t).1
    }

    /// Whether the row showed nothing (unusable timings where nothing is
    /// claimed): the run is then incomplete, not passed.
    pub fn incomplete(&self) -> bool {
        self.unusable.is_some() && self.pass()
    }

    /// The verdict in words.
    pub fn verdict(&self) -> String {
        match &self.unusable {
            Some(why) if self.target.claim == Claim::ConstantTime => {
                format!("TIMINGS UNUSABLE ({why}) where constant time is claimed")
            }
            Some(why) => format!("timings unusable ({why}): not judged"),
            None => super::ct_catalogue::verdict(self.target.claim, self.max_t)
                .0
                .into(),
        }
    }
}

/// The fewest samples `twinmul ct` takes: a hundred calls per step, so
/// that the cropping percentiles of the statistic (up to the 99th) each
/// keep calls of both classes.
pub const MIN_SAMPLES: usize = 100 * STEPS;

/// The status of a table of dudect rows: failed if a row failed, else
/// incomplete if a row showed nothing, else ok.
pub fn dudect_status(rows: &[DudectRow]) -> super::Status {
    if !rows.iter().all(DudectRow::pass) {
        super::Status::Failed
    } else if rows.iter().any(DudectRow::incomplete) {
        super::Status::Incomplete
    } else {
        super::Status::Ok
    }
}

/// A line for every control that was not flagged: such a run proves
/// nothing about the targets beside it.
pub fn unflagged_controls(rows: &[DudectRow]) -> Vec<String> {
    rows.iter()
        .filter(|r| r.target.claim == Claim::Control && !r.pass())
        .map(|r| {
            format!(
                "CONTROL NOT FLAGGED: {} (max |t| = {:.2}): this run cannot tell a leak from none",
                r.target.name,
                r.max_t.abs()
            )
        })
        .collect()
}

/// One valgrind target's result.
#[derive(Clone, Debug)]
pub struct ValgrindRow {
    /// Target name.
    pub target: String,
    /// valgrind's exit status (42: memcheck reported an error).
    pub exit: i32,
    /// A deliberately leaky control.
    pub control: bool,
    /// A peer library's target (`peer_*`): reported, never failed, since
    /// libraries branch on a secret's validity on purpose and declassify
    /// it only in their own valgrind tests. False for a peer twinmul
    /// mended ([`MENDED_PEER_TARGETS`]): that one must run clean.
    pub peer: bool,
    /// memcheck's report, kept when a target that is not a control is not
    /// clean.
    pub report: String,
}

/// The peers' valgrind targets held to a clean run, like twinmul's own: the
/// copies twinmul mended (`peers/ecgfp5-pornin-mended`), whose constant time
/// is twinmul's claim, so a report fails the run. The unedited copy beside
/// it is reported (and is: docs/constant-time.md, "Findings in the peers").
pub const MENDED_PEER_TARGETS: &[&str] = &["peer_ecgfp5_pornin_mended_mul"];

impl ValgrindRow {
    /// The row of target `name` with valgrind's exit status, classed by
    /// name: `*control*` must be reported, `peer_*` is reported only
    /// (except [`MENDED_PEER_TARGETS`]), anything else must be clean.
    pub fn new(name: &str, exit: i32) -> ValgrindRow {
        ValgrindRow {
            target: name.to_string(),
            exit,
            control: name.contains("control"),
            peer: name.starts_with("peer_") && !MENDED_PEER_TARGETS.contains(&name),
            report: String::new(),
        }
    }

    /// Whether the row is as it must be.
    pub fn pass(&self) -> bool {
        if self.peer {
            matches!(self.exit, 0 | 42)
        } else if self.control {
            self.exit == 42
        } else {
            self.exit == 0
        }
    }

    /// The verdict in words.
    pub fn verdict(&self) -> &'static str {
        match (self.peer, self.control, self.pass(), self.exit) {
            (true, _, _, 0) => "clean (peer: no secret-dependent branch or index seen)",
            (true, _, true, _) => {
                "reported (peer: memcheck sees the secret in a branch or index; not failed)"
            }
            (true, _, false, _) => "FAIL (the target crashed)",
            (false, false, true, _) => "clean (no secret-dependent branch or index)",
            (false, false, false, _) => "FAIL (memcheck reports a use of a secret)",
            (false, true, true, _) => "reported, as a control must be",
            (false, true, false, _) => "FAIL (control not reported)",
        }
    }
}

fn tool_present(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// The reason a harness cannot run here, if any: the source tree or a tool
/// is missing.
pub fn missing(valgrind: bool) -> Option<String> {
    if super::paths::source_root().is_none() {
        return Some("the twinmul source tree was not found (run inside a clone)".into());
    }
    if valgrind && !tool_present("valgrind") {
        return Some("valgrind not found (apt-get install valgrind)".into());
    }
    if !valgrind && !tool_present("taskset") {
        return Some("taskset not found (apt-get install util-linux)".into());
    }
    None
}

/// Builds the constant-time harness, both its binaries (dudect's
/// `twinmul-ct` and valgrind's `twinmul-ctgrind`), in the release build the
/// README's install line makes, with cargo's own progress on standard
/// error; returns the folder they are in. Built already, this is instant.
fn build_harness(root: &Path) -> Result<PathBuf, CtError> {
    // The same packages as the README's install build, so that after it
    // this build has nothing to do (the optimized crate's features are
    // unified across them).
    note(format_args!(
        "building the constant-time harness: cargo build --release -p twinmul-cli -p twinmul-ct"
    ));
    let status = Command::new("cargo")
        .current_dir(root)
        .args([
            "build",
            "--release",
            "-p",
            "twinmul-cli",
            "-p",
            "twinmul-ct",
        ])
        .status()
        .map_err(|e| CtError::NotRun(format!("cannot run cargo: {e}")))?;
    if !status.success() {
        return Err(CtError::Broken(
            "building the constant-time harness failed".into(),
        ));
    }
    // Where cargo just built it: CARGO_TARGET_DIR if set (a stale
    // target/release binary would be run otherwise), else target/.
    let dir =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    Ok(dir.join("release"))
}

/// Reads the target name and `max t = ` from a dudect-bencher result line.
fn parse_dudect_line(line: &str) -> Option<(String, f64)> {
    if !line.starts_with("bench ") || !line.contains("max t = ") {
        return None;
    }
    let name = line.split_whitespace().nth(1)?.to_string();
    let rest = &line[line.find("max t = ")? + "max t = ".len()..];
    let t = rest
        .split(|c: char| c == ',' || c.is_whitespace())
        .find(|s| !s.is_empty())?
        .parse()
        .ok()?;
    Some((name, t))
}

/// Steps of a target's t-series: the run is split into this many equal
/// parts, and max t is read after each (dudect-bencher's continuous mode,
/// which keeps its statistics across parts).
pub const STEPS: usize = 10;

/// The targets a run selects: those of `impls` (every implementation when
/// empty) whose name contains `filter`, and the controls always, whatever
/// the filter: a run whose controls are not flagged proves nothing.
pub fn select(impls: &[String], filter: Option<&str>) -> Result<Vec<Target>, String> {
    let known = super::ct_catalogue::implementations();
    if let Some(bad) = impls.iter().find(|i| !known.contains(&i.as_str())) {
        return Err(format!(
            "no constant-time targets for '{bad}' (known: {})",
            known.join(", ")
        ));
    }
    let chosen: Vec<Target> = super::ct_catalogue::TARGETS
        .iter()
        .filter(|t| {
            impls.is_empty()
                || t.claim == Claim::Control
                || impls.iter().any(|i| i == t.implementation)
        })
        .filter(|t| t.claim == Claim::Control || filter.is_none_or(|f| t.name.contains(f)))
        .copied()
        .collect();
    if chosen.iter().all(|t| t.claim == Claim::Control) && filter.is_some() {
        return Err(format!(
            "no target matches the filter '{}'",
            filter.unwrap_or("")
        ));
    }
    Ok(chosen)
}

/// The controls: each must be flagged for a run to prove anything.
pub fn controls() -> Vec<Target> {
    super::ct_catalogue::TARGETS
        .iter()
        .filter(|t| t.claim == Claim::Control)
        .copied()
        .collect()
}

/// twinmul's table lookups and the lookup control.
pub fn lookups() -> Vec<Target> {
    super::ct_catalogue::TARGETS
        .iter()
        .filter(|t| t.name.contains("lookup"))
        .copied()
        .collect()
}

/// Builds the dudect harness and runs each of `targets` on `samples`
/// (divided by its cost), in [`STEPS`] steps.
pub fn run_dudect(samples: usize, targets: &[Target]) -> Result<Vec<DudectRow>, CtError> {
    if let Some(why) = missing(false) {
        return Err(CtError::NotRun(why));
    }
    let root = super::paths::source_root().unwrap_or_default();
    let bin = build_harness(&root)?.join("twinmul-ct");
    let progress = Progress::new("ct dudect", 0);
    let core = dudect_core();
    let per_step = (samples / STEPS).max(1);
    let mut rows = Vec::new();
    for t in targets {
        if twinmul_harness::stop::stopped().is_some() {
            break;
        }
        progress.step(&format!("{}: running", t.name));
        let series = run_one(&bin, &core, t, per_step)?;
        let max_t = series.last().map_or(0.0, |s| s.1);
        progress.step(&format!("{}: max |t| = {:.2}", t.name, max_t.abs()));
        // t is 0/0 when neither class varies: no evidence either way. (An
        // infinite t, classes without variance and different means, is a
        // difference, and is judged as one.)
        let unusable = max_t
            .is_nan()
            .then(|| "t undefined: neither class of durations varies".to_string());
        rows.push(DudectRow {
            target: t.into(),
            samples: series.last().map_or(0, |s| s.0),
            max_t,
            series,
            unusable,
        });
    }
    Ok(rows)
}

/// Times each (curve, op) pair that each of `drivers` can time itself, on
/// `samples` calls in [`STEPS`] steps (see [`twinmul_harness::timing`]).
pub fn run_drivers(
    drivers: &[&dyn twinmul_harness::implementation::Implementation],
    samples: usize,
) -> Result<Vec<DudectRow>, CtError> {
    let progress = Progress::new("ct drivers", 0);
    let mut rows = Vec::new();
    for d in drivers {
        for (curve, op, claims) in d.timed() {
            let name = format!("{}_{}_{}", d.name(), curve.id(), op.id());
            progress.step(&format!("{name}: running"));
            let seed = rows.len() as u64 + 1;
            let twinmul_harness::timing::Series {
                steps: series,
                unusable,
            } = twinmul_harness::timing::series(*d, curve, op, samples, STEPS, seed)
                .map_err(|e| CtError::Broken(format!("{name}: {e}")))?;
            let max_t = series.last().map_or(0.0, |s| s.1);
            rows.push(DudectRow {
                target: RowTarget {
                    name,
                    implementation: d.name().to_string(),
                    operation: format!("{curve} {op} (secret; driver-timed)"),
                    claim: if claims {
                        Claim::ConstantTime
                    } else {
                        Claim::None
                    },
                },
                samples: series.last().map_or(0, |s| s.0),
                max_t,
                series,
                unusable,
            });
        }
    }
    Ok(rows)
}

/// One target in continuous mode, stopped after [`STEPS`] results.
/// The cores this process may run on (`Cpus_allowed_list` of
/// /proc/self/status: "0-3,6"); empty where it cannot be read.
pub fn allowed_cores(status: &str) -> Vec<usize> {
    let Some(list) = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
    else {
        return Vec::new();
    };
    list.trim()
        .split(',')
        .filter_map(|part| match part.split_once('-') {
            Some((a, b)) => {
                Some((a.trim().parse().ok()?..=b.trim().parse().ok()?).collect::<Vec<_>>())
            }
            None => Some(vec![part.trim().parse().ok()?]),
        })
        .flatten()
        .collect()
}

/// The core dudect is pinned to: `TWINMUL_CT_CORE` if set, else the last
/// core of the process's own affinity mask (the first stays for the rest
/// of the machine); `None`, with a warning, where only one core is allowed:
/// the targets then run unpinned.
fn dudect_core() -> Option<String> {
    if let Ok(c) = std::env::var("TWINMUL_CT_CORE") {
        return Some(c);
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let cores = allowed_cores(&status);
    match cores.as_slice() {
        [] => Some("1".into()),
        [only] => {
            note(format_args!(
                "twinmul: ct: only core {only} is available to this process: dudect runs unpinned (timings are noisier)"
            ));
            None
        }
        [.., last] => Some(last.to_string()),
    }
}

fn run_one(
    bin: &Path,
    core: &Option<String>,
    t: &Target,
    per_step: usize,
) -> Result<Vec<(usize, f64)>, CtError> {
    let mut cmd = match core {
        Some(c) => {
            let mut cmd = Command::new("taskset");
            cmd.args(["-c", c]).arg(bin);
            cmd
        }
        None => Command::new(bin),
    };
    let mut child = cmd
        .args(["--continuous", t.name])
        .env("DUDECT_N", per_step.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| CtError::Broken(format!("cannot run {}: {e}", bin.display())))?;
    let calls = (per_step / t.cost).max(100).min(per_step);
    let mut series = Vec::new();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if let Some((name, max_t)) = parse_dudect_line(&line) {
                if name != t.name {
                    let _ = child.kill();
                    return Err(CtError::Broken(format!(
                        "asked for {}, the harness ran {name}",
                        t.name
                    )));
                }
                series.push((calls * (series.len() + 1), max_t));
                if series.len() == STEPS {
                    break;
                }
            }
        }
    }
    let _ = child.kill();
    let status = child
        .wait()
        .map_err(|e| CtError::Broken(format!("{}: {e}", bin.display())))?;
    if series.len() < STEPS {
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            use std::io::Read;
            let _ = e.read_to_string(&mut err);
        }
        let tail: Vec<&str> = err.lines().rev().take(3).collect();
        return Err(CtError::Broken(format!(
            "{} stopped after {} of {STEPS} steps ({status}): {}",
            t.name,
            series.len(),
            tail.into_iter().rev().collect::<Vec<_>>().join(" | ")
        )));
    }
    Ok(series)
}

/// Builds the secret-taint harness and runs each of its targets (whose name
/// contains `filter`) under memcheck.
pub fn run_valgrind(filter: Option<&str>) -> Result<Vec<ValgrindRow>, CtError> {
    if let Some(why) = missing(true) {
        return Err(CtError::NotRun(why));
    }
    let root = super::paths::source_root().unwrap_or_default();
    let bin = build_harness(&root)?.join("twinmul-ctgrind");
    let progress = Progress::new("ct valgrind", 0);

    let list = Command::new(&bin)
        .arg("--list")
        .output()
        .map_err(|e| CtError::Broken(format!("{}: {e}", bin.display())))?;
    let mut rows = Vec::new();
    for name in String::from_utf8_lossy(&list.stdout).lines() {
        if twinmul_harness::stop::stopped().is_some() {
            break;
        }
        // The controls run whatever the filter selects.
        if filter.is_some_and(|f| !name.contains(f)) && !name.contains("control") {
            continue;
        }
        progress.step(name);
        let out = Command::new("valgrind")
            .args(["-q", "--error-exitcode=42"])
            .arg(&bin)
            .arg(name)
            .output()
            .map_err(|e| CtError::NotRun(format!("cannot run valgrind: {e}")))?;
        let mut row = ValgrindRow::new(name, out.status.code().unwrap_or(-1));
        if row.exit != 0 && !row.control {
            row.report = String::from_utf8_lossy(&out.stderr).into_owned();
        }
        rows.push(row);
    }
    if rows.iter().all(|r| r.control) {
        note(format_args!("twinmul: ct valgrind: no target matched"));
        return Err(CtError::Broken(format!(
            "no target matched the filter '{}'",
            filter.unwrap_or("")
        )));
    }
    Ok(rows)
}

/// The side-by-side table: implementation × operation → calls timed, max
/// |t|, the claim and the verdict.
pub fn dudect_table(rows: &[DudectRow]) -> Vec<String> {
    let mut out = vec![format!(
        "{:<18} {:<42} {:>9} {:>9}  {:<15}  verdict",
        "implementation", "operation (secret)", "calls", "max |t|", "claim"
    )];
    for r in rows {
        out.push(format!(
            "{:<18} {:<42} {:>9} {:>9.2}  {:<15}  {}",
            r.target.implementation,
            r.target.operation,
            r.samples,
            r.max_t.abs(),
            r.target.claim.word(),
            r.verdict()
        ));
    }
    out
}

/// The valgrind table (with memcheck's report under each failing target).
pub fn valgrind_table(rows: &[ValgrindRow]) -> Vec<String> {
    valgrind_lines(rows, false)
}

/// The valgrind table: one line per target, and for a target memcheck
/// reported, one line saying what and where (the first finding, and how
/// many more); with `verbose`, the whole trace under it (`--json` always
/// carries it).
pub fn valgrind_lines(rows: &[ValgrindRow], verbose: bool) -> Vec<String> {
    let mut out = vec![format!("{:<32} {:>6}  verdict", "target", "exit")];
    for r in rows {
        out.push(format!("{:<32} {:>6}  {}", r.target, r.exit, r.verdict()));
        if r.report.is_empty() {
            continue;
        }
        if verbose {
            out.extend(r.report.lines().map(|l| format!("    {l}")));
        } else if let Some(s) = memcheck_summary(&r.report) {
            out.push(format!("    {s}"));
        }
    }
    out
}

/// The first finding of a memcheck report in one line: what memcheck saw
/// (a branch or an index on the secret), the function and source line it
/// saw it in, and how many findings follow.
pub fn memcheck_summary(report: &str) -> Option<String> {
    let strip = |l: &str| -> String {
        let l = l.trim();
        let l = l
            .strip_prefix("==")
            .map_or(l, |r| r.split_once("==").map_or(r, |x| x.1));
        l.trim().to_string()
    };
    let lines: Vec<String> = report.lines().map(strip).collect();
    let is_finding = |l: &str| {
        l.starts_with("Conditional jump or move depends on uninitialised")
            || l.starts_with("Use of uninitialised value")
            || l.starts_with("Syscall param")
    };
    let first = lines.iter().position(|l| is_finding(l))?;
    let what = if lines[first].starts_with("Conditional jump") {
        "secret-dependent branch"
    } else if lines[first].starts_with("Use of uninitialised") {
        "secret-dependent memory index"
    } else {
        "secret passed to a system call"
    };
    let frame = lines[first + 1..]
        .iter()
        .find(|l| l.starts_with("at ") || l.starts_with("by "))
        .map(|l| l.splitn(3, ' ').nth(2).unwrap_or(l).to_string())
        .unwrap_or_default();
    let more = lines.iter().filter(|l| is_finding(l)).count() - 1;
    let tail = if more > 0 {
        format!(" (+{more} more findings; --verbose or --json for the traces)")
    } else {
        String::new()
    };
    Some(format!("{what} in {frame}{tail}"))
}

/// JSON rows, each with its t-series.
pub fn dudect_json(rows: &[DudectRow]) -> serde_json::Value {
    rows.iter()
        .map(|r| {
            serde_json::json!({"target": r.target.name, "implementation": r.target.implementation,
                "operation": r.target.operation, "claim": r.target.claim.word(),
                "calls": r.samples, "max_t": r.max_t, "pass": r.pass(), "verdict": r.verdict(),
                "timings_unusable": r.unusable,
                "series": r.series.iter().map(|(n, t)| serde_json::json!([n, t])).collect::<Vec<_>>()})
        })
        .collect()
}

/// JSON rows.
pub fn valgrind_json(rows: &[ValgrindRow]) -> serde_json::Value {
    rows.iter()
        .map(|r| {
            serde_json::json!({"target": r.target, "exit": r.exit, "control": r.control, "peer": r.peer,
                "pass": r.pass(), "verdict": r.verdict(), "report": r.report})
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_affinity_mask_is_read() {
        let status = "Name:\tx\nCpus_allowed_list:\t0-2,5\n";
        assert_eq!(allowed_cores(status), vec![0, 1, 2, 5]);
        assert_eq!(allowed_cores("Cpus_allowed_list:\t3\n"), vec![3]);
        assert_eq!(allowed_cores(""), Vec::<usize>::new());
    }

    #[test]
    fn a_memcheck_report_is_one_line() {
        let report = "==77== Conditional jump or move depends on uninitialised value(s)\n\
            ==77==    at 0x4A1B2C: k256::scalar::Scalar::negate (scalar.rs:120)\n\
            ==77==    by 0x4A0000: main (main.rs:1)\n\
            ==77== \n\
            ==77== Use of uninitialised value of size 8\n\
            ==77==    at 0x4B0000: table_lookup (lookup.rs:9)\n";
        assert_eq!(
            memcheck_summary(report).unwrap(),
            "secret-dependent branch in k256::scalar::Scalar::negate (scalar.rs:120) \
             (+1 more findings; --verbose or --json for the traces)"
        );
        assert_eq!(memcheck_summary("nothing here"), None);
    }

    #[test]
    fn dudect_lines_parse() {
        let l = "bench leaky_lookup_control         ... : n == +0.002M, max t = -97.54328, max tau = -2.17624, (5/tau)^2 = 5";
        let (name, t) = parse_dudect_line(l).unwrap();
        assert_eq!(name, "leaky_lookup_control");
        assert!((t + 97.54328).abs() < 1e-9);
        assert!(parse_dudect_line("bench ct_mul  seeded with 0x1").is_none());
    }

    #[test]
    fn selection_keeps_the_controls_and_refuses_unknown_names() {
        let k = select(&["k256".into()], None).unwrap();
        let k: Vec<RowTarget> = k.iter().map(RowTarget::from).collect();
        assert!(k.iter().any(|t| t.implementation == "k256"));
        assert!(k.iter().any(|t| t.claim == Claim::Control));
        assert!(!k.iter().any(|t| t.implementation == "blst"));
        assert!(select(&["p256".into()], None).unwrap_err().contains("p256"));
        assert!(select(&[], Some("no-such-target")).is_err());
    }

    /// A report on the mended peer fails the run where the same report on
    /// the unedited one does not; each held target is a target of the
    /// valgrind harness.
    #[test]
    fn the_mended_peer_is_held_to_a_clean_run() {
        let (mended, unedited) = ("peer_ecgfp5_pornin_mended_mul", "peer_ecgfp5_pornin_mul");
        assert!(MENDED_PEER_TARGETS.contains(&mended));
        assert!(ValgrindRow::new(mended, 0).pass());
        assert!(!ValgrindRow::new(mended, 42).pass());
        assert!(ValgrindRow::new(unedited, 42).pass());
        assert!(!ValgrindRow::new("ct_mul", 42).pass());
        assert!(!ValgrindRow::new("leaky_lookup_control", 0).pass());
        let src = include_str!("../../ct-tests/src/ctgrind.rs");
        for t in MENDED_PEER_TARGETS {
            let listed = src.contains(&format!("\"{t}\",")) && src.contains(&format!("fn {t}()"));
            assert!(listed, "{t} is not a valgrind target");
        }
    }
}
