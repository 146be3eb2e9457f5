//! `twinmul selftest`: the campaign's power, measured. Each planted bug
//! ([`twinmul_harness::planted`]) runs through the random campaign beside the
//! reference, with a fresh seed unless `--seed` is given; the table says
//! which class caught it, or MISSED (exit 1).

use super::output::Progress;
use super::{Status, UsageError};
use crate::outln;
use clap::Args;
use serde_json::json;
use std::sync::Mutex;
use twinmul_harness::campaign::{self, Settings};
use twinmul_harness::planted::{self, Bug, Caught};

/// `twinmul selftest`'s arguments.
#[derive(Args)]
pub struct SelftestArgs {
    /// Uniform inputs per curve and operation.
    #[arg(long, default_value_t = Settings::UNIFORM)]
    pub cases: usize,
    /// Inputs per class and (curve, op) pair.
    #[arg(long, default_value_t = Settings::PER_CLASS)]
    pub per_class: usize,
    /// Seed (default: a fresh one, printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Only the planted bugs whose name contains this (repeatable).
    #[arg(long = "bug", value_name = "NAME")]
    pub bugs: Vec<String>,
    /// Print the table as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Measures every selected bug, two at a time where the machine has two
/// cores.
fn measure_all(bugs: &[&'static Bug], settings: Settings) -> Vec<Caught> {
    let progress = Progress::new("selftest", bugs.len() as u64);
    let next = Mutex::new(0usize);
    let results = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(bugs.len()));
    std::thread::scope(|s| {
        for _ in 0..workers.max(1) {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap_or_else(|e| e.into_inner());
                    let i = *n;
                    *n += 1;
                    i
                };
                let Some(bug) = bugs.get(i) else { break };
                let c = planted::measure(bug, settings);
                progress.step(bug.name);
                progress.inc();
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((i, c));
            });
        }
    });
    drop(progress);
    let mut r = results.into_inner().unwrap_or_else(|e| e.into_inner());
    r.sort_by_key(|(i, _)| *i);
    r.into_iter().map(|(_, c)| c).collect()
}

fn caught_by(c: &Caught) -> String {
    match c.by.first() {
        None => "MISSED".into(),
        Some((curve, op, class, wrong, of)) => {
            let more = if c.by.len() > 1 {
                format!(" (+{} more classes)", c.by.len() - 1)
            } else {
                String::new()
            };
            format!("campaign: {curve} {op} {class}, {wrong} of {of} inputs{more}")
        }
    }
}

/// Runs `twinmul selftest`.
pub fn run(a: &SelftestArgs) -> Result<Status, UsageError> {
    if a.per_class == 0 && a.cases == 0 {
        return Err(UsageError(
            "--cases 0 --per-class 0: the campaign would draw nothing".into(),
        ));
    }
    let bugs: Vec<&'static Bug> = planted::BUGS
        .iter()
        .filter(|b| a.bugs.is_empty() || a.bugs.iter().any(|n| b.name.contains(n.as_str())))
        .collect();
    if bugs.is_empty() {
        let names: Vec<&str> = planted::BUGS.iter().map(|b| b.name).collect();
        return Err(UsageError(format!(
            "no planted bug matches {:?} (known: {})",
            a.bugs,
            names.join(", ")
        )));
    }
    let settings = Settings {
        per_class: a.per_class,
        uniform: a.cases,
        seed: a.seed.unwrap_or_else(campaign::fresh_seed),
    };
    let results = measure_all(&bugs, settings);
    let caught = results.iter().filter(|c| c.caught()).count();
    let status = if caught == results.len() {
        Status::Ok
    } else {
        Status::Failed
    };
    let summary = format!(
        "selftest: the campaign caught {caught} of {} planted bugs (seed {}, --per-class {}, --cases {})",
        results.len(),
        settings.seed,
        settings.per_class,
        settings.uniform
    );
    if a.json {
        let rows: Vec<_> = results
            .iter()
            .map(|c| {
                json!({"bug": c.bug.name, "curve": c.bug.curve.id(), "what": c.bug.what,
                    "planted_in": c.bug.class, "caught": c.caught(), "by_its_class": c.by_its_class(),
                    "inputs": c.inputs,
                    "caught_by": c.by.iter().map(|(curve, op, class, wrong, of)| json!({
                        "curve": curve.id(), "op": op.id(), "class": class, "wrong": wrong, "inputs": of
                    })).collect::<Vec<_>>()})
            })
            .collect();
        let doc = json!({"seed": settings.seed, "per_class": settings.per_class,
            "uniform_per_op": settings.uniform, "bugs": rows, "caught": caught,
            "planted": results.len(), "status": status.word()});
        outln!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        return Ok(status);
    }
    let w = results.iter().map(|c| c.bug.name.len()).max().unwrap_or(0);
    let wc = results.iter().map(|c| c.bug.class.len()).max().unwrap_or(0);
    outln!("{:<w$}  {:<wc$}  caught by", "planted bug", "planted in");
    for c in &results {
        outln!("{:<w$}  {:<wc$}  {}", c.bug.name, c.bug.class, caught_by(c));
    }
    for c in results.iter().filter(|c| !c.caught()) {
        outln!("MISSED {}: {}", c.bug.name, c.bug.what);
    }
    outln!("{summary}");
    Ok(status)
}
