//! `twinmul ct`: the constant-time evidence, as structured results.
//!
//! Two harnesses from `ct-tests/`, each built in release from the source
//! tree and run as a child process:
//! - dudect (`twinmul-ct`, pinned to one core with taskset): each target's
//!   max |t| over two input classes; a constant-time target passes below 5,
//!   a `*_control` (a deliberately leaky twin) must exceed 10, or the run
//!   proves nothing;
//! - valgrind secret-taint (`twinmul-ctgrind` under memcheck): a
//!   constant-time target must run clean, a control must be reported.
//!
//! A missing tool (valgrind, taskset) or source tree is a stage that was
//! *not run*, with the reason; never a pass.

use super::output::{note, Progress};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// |t| below which a constant-time target passes.
pub const T_PASS: f64 = 5.0;
/// |t| above which a control counts as flagged.
pub const T_CONTROL: f64 = 10.0;

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
    /// Target name.
    pub target: String,
    /// Samples asked for.
    pub samples: usize,
    /// Samples in the percentile-cropped test that gave the max t.
    pub samples_in_max: Option<f64>,
    /// The max t (signed).
    pub max_t: f64,
    /// A deliberately leaky control.
    pub control: bool,
}

impl DudectRow {
    /// Whether the row is as it must be.
    pub fn pass(&self) -> bool {
        if self.control {
            self.max_t.abs() > T_CONTROL
        } else {
            self.max_t.abs() < T_PASS
        }
    }

    /// The verdict in words.
    pub fn verdict(&self) -> &'static str {
        match (self.control, self.pass()) {
            (false, true) => "pass (no leak found at this sample count)",
            (false, false) => "FAIL (timing depends on the secret)",
            (true, true) => "flagged, as a control must be",
            (true, false) => "FAIL (control not flagged: harness not sensitive enough)",
        }
    }
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
    /// memcheck's report, kept when a constant-time target is not clean.
    pub report: String,
}

impl ValgrindRow {
    /// Whether the row is as it must be.
    pub fn pass(&self) -> bool {
        if self.control {
            self.exit == 42
        } else {
            self.exit == 0
        }
    }

    /// The verdict in words.
    pub fn verdict(&self) -> &'static str {
        match (self.control, self.pass()) {
            (false, true) => "clean (no secret-dependent branch or index)",
            (false, false) => "FAIL (memcheck reports a use of a secret)",
            (true, true) => "reported, as a control must be",
            (true, false) => "FAIL (control not reported)",
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

fn cargo_build(root: &Path, extra: &[&str], rustflags: Option<&str>) -> Result<(), CtError> {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(root)
        .args(["build", "--release", "-q", "-p", "twinmul-ct"])
        .args(extra);
    if let Some(f) = rustflags {
        cmd.env("RUSTFLAGS", f);
    }
    let status = cmd
        .status()
        .map_err(|e| CtError::NotRun(format!("cannot run cargo: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(CtError::Broken(
            "building the constant-time harness failed".into(),
        ))
    }
}

/// Reads `max t = ` and `n == ` from a dudect-bencher result line.
fn parse_dudect_line(line: &str) -> Option<(String, f64, Option<f64>)> {
    if !line.starts_with("bench ") || !line.contains("max t = ") {
        return None;
    }
    let name = line.split_whitespace().nth(1)?.to_string();
    let num = |key: &str| -> Option<f64> {
        let rest = &line[line.find(key)? + key.len()..];
        rest.split(|c: char| c == ',' || c.is_whitespace())
            .find(|s| !s.is_empty())?
            .trim_end_matches('M')
            .parse()
            .ok()
    };
    Some((name, num("max t = ")?, num("n == ").map(|m| m * 1e6)))
}

/// Builds and runs the dudect targets whose name contains `filter`.
pub fn run_dudect(samples: usize, filter: Option<&str>) -> Result<Vec<DudectRow>, CtError> {
    if let Some(why) = missing(false) {
        return Err(CtError::NotRun(why));
    }
    let root = super::paths::source_root().unwrap_or_default();
    let progress = Progress::new("ct dudect", 0);
    progress.step("building twinmul-ct (release)");
    cargo_build(&root, &[], None)?;
    // Where cargo just built it: CARGO_TARGET_DIR if set (a stale
    // target/release binary would be timed otherwise), else target/.
    let dir =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let bin = dir.join("release").join("twinmul-ct");
    let core = std::env::var("TWINMUL_CT_CORE").unwrap_or_else(|_| "1".into());
    let mut cmd = Command::new("taskset");
    cmd.args(["-c", &core]).arg(&bin);
    if let Some(f) = filter {
        cmd.args(["--filter", f]);
    }
    let mut child = cmd
        .env("DUDECT_N", samples.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| CtError::Broken(format!("cannot run {}: {e}", bin.display())))?;
    let mut rows = Vec::new();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if let Some((target, max_t, n)) = parse_dudect_line(&line) {
                progress.step(&format!("{target}: max |t| = {:.2}", max_t.abs()));
                rows.push(DudectRow {
                    control: target.contains("control"),
                    target,
                    samples,
                    samples_in_max: n,
                    max_t,
                });
            } else if let Some(t) = line
                .strip_prefix("bench ")
                .and_then(|l| l.split_whitespace().next())
            {
                progress.step(&format!("{t}: running"));
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| CtError::Broken(format!("{}: {e}", bin.display())))?;
    if !status.success() {
        return Err(CtError::Broken(format!(
            "{} exited with {status}",
            bin.display()
        )));
    }
    if rows.is_empty() {
        return Err(CtError::Broken(format!(
            "no target matched the filter '{}'",
            filter.unwrap_or("")
        )));
    }
    Ok(rows)
}

/// Builds the secret-taint harness and runs each of its targets (whose name
/// contains `filter`) under memcheck.
pub fn run_valgrind(filter: Option<&str>) -> Result<Vec<ValgrindRow>, CtError> {
    if let Some(why) = missing(true) {
        return Err(CtError::NotRun(why));
    }
    let root = super::paths::source_root().unwrap_or_default();
    let progress = Progress::new("ct valgrind", 0);
    progress.step("building twinmul-ctgrind (release, --cfg twinmul_ctgrind)");
    cargo_build(
        &root,
        &["--bin", "twinmul-ctgrind", "--target-dir", "target/ctgrind"],
        Some("--cfg twinmul_ctgrind"),
    )?;
    let bin = root.join("target/ctgrind/release/twinmul-ctgrind");
    let list = Command::new(&bin)
        .arg("--list")
        .output()
        .map_err(|e| CtError::Broken(format!("{}: {e}", bin.display())))?;
    let mut rows = Vec::new();
    for name in String::from_utf8_lossy(&list.stdout).lines() {
        if filter.is_some_and(|f| !name.contains(f)) {
            continue;
        }
        progress.step(name);
        let out = Command::new("valgrind")
            .args(["-q", "--error-exitcode=42"])
            .arg(&bin)
            .arg(name)
            .output()
            .map_err(|e| CtError::NotRun(format!("cannot run valgrind: {e}")))?;
        let mut row = ValgrindRow {
            target: name.to_string(),
            exit: out.status.code().unwrap_or(-1),
            control: name.contains("control"),
            report: String::new(),
        };
        if !row.pass() && !row.control {
            row.report = String::from_utf8_lossy(&out.stderr).into_owned();
        }
        rows.push(row);
    }
    if rows.is_empty() {
        note(format_args!("twinmul: ct valgrind: no target matched"));
        return Err(CtError::Broken(format!(
            "no target matched the filter '{}'",
            filter.unwrap_or("")
        )));
    }
    Ok(rows)
}

/// The dudect table.
pub fn dudect_table(rows: &[DudectRow]) -> Vec<String> {
    let mut out = vec![format!(
        "{:<32} {:>10} {:>10}  verdict",
        "target", "samples", "max |t|"
    )];
    for r in rows {
        out.push(format!(
            "{:<32} {:>10} {:>10.2}  {}",
            r.target,
            r.samples,
            r.max_t.abs(),
            r.verdict()
        ));
    }
    out
}

/// The valgrind table (with memcheck's report under each failing target).
pub fn valgrind_table(rows: &[ValgrindRow]) -> Vec<String> {
    let mut out = vec![format!("{:<32} {:>6}  verdict", "target", "exit")];
    for r in rows {
        out.push(format!("{:<32} {:>6}  {}", r.target, r.exit, r.verdict()));
        if !r.report.is_empty() {
            out.extend(r.report.lines().map(|l| format!("    {l}")));
        }
    }
    out
}

/// JSON rows.
pub fn dudect_json(rows: &[DudectRow]) -> serde_json::Value {
    rows.iter()
        .map(|r| {
            serde_json::json!({"target": r.target, "samples": r.samples,
                "samples_in_max": r.samples_in_max, "max_t": r.max_t,
                "control": r.control, "pass": r.pass(), "verdict": r.verdict()})
        })
        .collect()
}

/// JSON rows.
pub fn valgrind_json(rows: &[ValgrindRow]) -> serde_json::Value {
    rows.iter()
        .map(|r| {
            serde_json::json!({"target": r.target, "exit": r.exit, "control": r.control,
                "pass": r.pass(), "verdict": r.verdict(), "report": r.report})
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dudect_lines_parse() {
        let l = "bench leaky_lookup_control         ... : n == +0.002M, max t = -97.54328, max tau = -2.17624, (5/tau)^2 = 5";
        let (name, t, n) = parse_dudect_line(l).unwrap();
        assert_eq!(name, "leaky_lookup_control");
        assert!((t + 97.54328).abs() < 1e-9);
        assert!((n.unwrap() - 2000.0).abs() < 1e-6);
        assert!(parse_dudect_line("bench ct_mul  seeded with 0x1").is_none());
    }

    #[test]
    fn verdicts_need_both_directions() {
        let row = |t: f64, control: bool| DudectRow {
            target: "x".into(),
            samples: 1,
            samples_in_max: None,
            max_t: t,
            control,
        };
        assert!(row(4.9, false).pass());
        assert!(!row(-5.1, false).pass());
        assert!(row(-10.5, true).pass());
        assert!(!row(9.0, true).pass());
    }
}
