//! `twinmul vectors check` and `twinmul vectors generate`.
//!
//! `check` reads every file whole first (any unreadable file or case is bad
//! input, exit 2), refuses cases that no selected implementation could
//! check (exit 2), runs the rest, prints one line per failure (and, with
//! `--no-skip`, per skip) and the contract's closing line. A run in which no
//! answer was compared with an expectation checked nothing: exit 2.

use super::output::Progress;
use super::{Status, UsageError};
use crate::outln;
use clap::Args;
use std::path::{Path, PathBuf};
use twinmul_harness::registry::Registry;
use twinmul_harness::vectors::{self, Tally};

/// `twinmul vectors check`'s arguments.
#[derive(Args)]
pub struct CheckArgs {
    /// Vector files in the interop format.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Only these implementations (repeatable; default: all).
    #[arg(long = "impl", value_name = "NAME")]
    pub impls: Vec<String>,
    /// Treat skipped (declined) cases as a failure, and list each with its reason.
    #[arg(long)]
    pub no_skip: bool,
    /// Print the result as JSON (every failure and skip in full).
    #[arg(long)]
    pub json: bool,
    /// The run's policy.
    #[command(flatten)]
    pub policy: super::PolicyArg,
    /// Outside implementations.
    #[command(flatten)]
    pub drivers: super::DriverArgs,
}

/// Loads every file; the first problem is a usage error.
pub fn load_all(files: &[PathBuf]) -> Result<Vec<vectors::LoadedFile>, UsageError> {
    files
        .iter()
        .map(|f| vectors::load(f).map_err(UsageError::from))
        .collect()
}

/// Runs every case of `files` on `impls` with a progress display.
pub fn check_all(
    files: &[vectors::LoadedFile],
    impls: &twinmul_harness::implementation::Implementations,
    expectation: &twinmul_harness::policy::Expectation,
) -> Tally {
    let total: usize = files.iter().map(|f| f.cases.len()).sum();
    let progress = Progress::new("vectors", total as u64);
    let mut tally = Tally::default();
    for f in files {
        if let Some(why) = twinmul_harness::stop::stopped() {
            tally.stopped = Some(why);
            break;
        }
        progress.step(&format!("{} ({} cases)", f.label, f.cases.len()));
        tally.add(&vectors::check(f, impls, expectation, &|| progress.inc()));
    }
    tally
}

/// Runs `twinmul vectors check`.
pub fn check(a: &CheckArgs, registry: Registry) -> Result<Status, UsageError> {
    let files = load_all(&a.files)?;
    let expectation = a.policy.expectation()?;
    let sel = super::select(registry, &a.impls)?;
    if let Some(gap) = vectors::uncovered(&files, &sel.impls).first() {
        return Err(UsageError(format!("nothing can check {gap}")));
    }
    let tally = check_all(&files, &sel.impls, &expectation);
    if tally.checked() == 0 && tally.suspects.is_empty() && tally.conflicts.is_empty() {
        return Err(UsageError(format!(
            "nothing was checked: every applicable implementation declined every case ({} skipped)",
            tally.skipped
        )));
    }
    let silent = sel.silent(|n| {
        let in_suspects = tally
            .suspects
            .iter()
            .filter(|s| s.answered_by.iter().any(|a| a == n))
            .count();
        tally
            .per_impl
            .get(n)
            .map_or(0, |[passed, failed, _, explained]| {
                passed + failed + explained
            })
            + in_suspects
    });
    let impls = sel.impls;
    let problems = super::problems(&impls);
    let failed = tally.findings() > 0
        || (a.no_skip && tally.skipped > 0)
        || !problems.is_empty()
        || !silent.is_empty();
    let status = match tally.stopped {
        Some(twinmul_harness::stop::Why::Interrupted) => Status::Interrupted,
        Some(twinmul_harness::stop::Why::TimeUp) => Status::Incomplete,
        None => Status::Ok,
    }
    .and(if failed { Status::Failed } else { Status::Ok });
    if a.json {
        let mut doc = tally.to_json();
        doc["files"] = files.iter().map(|f| f.label.clone()).collect();
        doc["drivers"] = sel.drivers;
        doc["policy"] = expectation.policy.id().into();
        doc["policy_chosen"] = expectation.explicit.into();
        doc["problems"] = problems.into();
        doc["silent"] = silent.into();
        doc["ok"] = (status == Status::Ok).into();
        outln!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        return Ok(status);
    }
    for l in &sel.header {
        outln!("{l}");
    }
    outln!("{}", expectation.describe());
    outln!("{}", twinmul_harness::judge::oracle_line());
    for p in problems.iter().chain(&silent) {
        outln!("{p}");
    }
    for l in tally.file_lines() {
        outln!("{l}");
    }
    for l in tally.known_lines() {
        outln!("{l}");
    }
    for l in tally.failure_lines(super::FAILURES_SHOWN) {
        outln!("{l}");
    }
    if a.no_skip {
        for s in &tally.skips {
            outln!("{}", s.line());
        }
    }
    for l in tally.explanation_lines(super::FAILURES_SHOWN) {
        outln!("{l}");
    }
    if let Some(l) = tally.policy_line() {
        outln!("{l}");
    }
    outln!("{}", tally.closing_line());
    if a.no_skip && tally.skipped > 0 {
        outln!(
            "FAILED: {} answers were declines, and --no-skip makes a decline a failure",
            tally.skipped
        );
    }
    if !tally.suspects.is_empty() || !tally.conflicts.is_empty() {
        outln!(
            "FAILED: {} suspect vector(s) and {} oracle conflict(s): the file or twinmul is wrong there, no implementation is blamed",
            tally.suspects.len(),
            tally.conflicts.len()
        );
    }
    let two = tally.two_policy_lines();
    if !two.is_empty() {
        outln!(
            "FAILED: {} implementation(s) declare no policy and follow two at once",
            two.len()
        );
    }
    if !problems.is_empty() {
        outln!("FAILED: {} driver problem(s), listed above", problems.len());
    }
    if let Some(why) = tally.stopped {
        outln!(
            "CUT SHORT: {}; the counts above are of the cases checked before",
            why.text()
        );
    }
    if !silent.is_empty() {
        outln!(
            "FAILED: {} named implementation(s) answered nothing comparable",
            silent.len()
        );
    }
    Ok(status)
}

/// Runs `twinmul vectors generate`.
#[cfg(feature = "builtin")]
pub fn generate(seed: u64, out: Option<&Path>) -> Result<Status, UsageError> {
    let out = match out {
        Some(d) => {
            std::fs::create_dir_all(d)
                .map_err(|e| UsageError(format!("--out {}: {e}", d.display())))?;
            d.to_path_buf()
        }
        None => super::paths::folder(None, "--out", "vectors")?,
    };
    let files = twinmul_adapters::generate::generate(seed)
        .map_err(|e| UsageError(format!("generation failed: {e}")))?;
    for (curve, file) in files {
        let path = out.join(format!("{}.json", curve.id()));
        let text = vectors::to_json(&file);
        std::fs::write(&path, text).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
        outln!("wrote {} ({} cases)", path.display(), file.cases.len());
    }
    Ok(Status::Ok)
}

/// Runs `twinmul vectors generate` (needs the peers).
#[cfg(not(feature = "builtin"))]
pub fn generate(_seed: u64, _out: Option<&Path>) -> Result<Status, UsageError> {
    Err(UsageError(
        "vectors generate needs the peer libraries (build with the `builtin` feature)".into(),
    ))
}
