//! twinmul-cli: the `twinmul` command line, as a library: `main` runs it
//! over the built-in implementations (feature `builtin`, the default:
//! `twinmul-adapters`), [`main_with`] over a registry the caller extends
//! with its own adapters.
//!
//! - `twinmul audit` — the main job: every vector file and official suite on
//!   every implementation, a seeded random differential campaign with
//!   timings, and the short constant-time checks;
//! - `twinmul ct` — dudect verdicts per constant-time target (controls must
//!   be flagged), or `--valgrind` secret-taint checks;
//! - `twinmul list` — the implementations and what each supports;
//! - `twinmul vectors check FILE…` — the interop contract's checker;
//! - `twinmul vectors generate` — regenerate `vectors/*.json` from the peers;
//! - `twinmul compare --curve C --op OP …` — one input, every answer side by side.
//!
//! Exit status: 0 everything asked for ran and passed; 1 a check failed, two
//! implementations disagreed or one failed to answer; 2 bad usage or
//! unreadable input, including a run that would check nothing (one error
//! line, never a panic); 3 incomplete: nothing failed, but a stage that was
//! asked for could not run (a missing tool, say); 141 standard output was
//! closed by its reader.

pub mod audit;
pub mod compare;
pub mod ct;
pub mod ct_catalogue;
pub mod ct_plot;
pub mod list;
pub mod output;
pub mod paths;
pub mod selftest;
pub mod vectors;

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use twinmul_harness::registry::{Entry, Origin, Registry};

/// Failure lines a text report shows per implementation (JSON shows all).
pub const FAILURES_SHOWN: usize = 20;

/// The verdict of a command that ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Everything asked for ran and passed.
    Ok,
    /// A check failed or implementations disagreed.
    Failed,
    /// Nothing failed, but something asked for could not run (or the run
    /// reached `--max-time`).
    Incomplete,
    /// SIGINT or SIGTERM ended the run; what it had is reported.
    Interrupted,
}

impl Status {
    /// The process exit code.
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(match self {
            Status::Ok => 0,
            Status::Failed => 1,
            Status::Incomplete => 3,
            Status::Interrupted => 130,
        })
    }

    /// The worse of two statuses (interrupted over failed over incomplete
    /// over ok).
    pub fn and(self, other: Status) -> Status {
        match (self, other) {
            (Status::Interrupted, _) | (_, Status::Interrupted) => Status::Interrupted,
            (Status::Failed, _) | (_, Status::Failed) => Status::Failed,
            (Status::Incomplete, _) | (_, Status::Incomplete) => Status::Incomplete,
            _ => Status::Ok,
        }
    }

    /// The word for a report.
    pub fn word(self) -> &'static str {
        match self {
            Status::Ok => "OK",
            Status::Failed => "FAILED",
            Status::Incomplete => "INCOMPLETE",
            Status::Interrupted => "INTERRUPTED",
        }
    }
}

/// A usage or input error: printed as one line, exit code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl From<String> for UsageError {
    fn from(s: String) -> Self {
        UsageError(s)
    }
}

/// The harness's typed errors, each one line at the command line.
macro_rules! usage_from {
    ($($t:ty),*) => {$(
        impl From<$t> for UsageError {
            fn from(e: $t) -> Self {
                UsageError(e.to_string())
            }
        }
    )*};
}
usage_from!(
    twinmul_harness::registry::RegistryError,
    twinmul_harness::vectors::FileError,
    twinmul_harness::policy::UnknownPolicy,
    twinmul_harness::driver::ConfigError
);

#[derive(Parser)]
#[command(
    name = "twinmul",
    version,
    about = "Differential audit of elliptic-curve scalar multiplication"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

/// The policy a run holds implementations to (see `docs/policies.md`).
#[derive(Args, Clone, Default)]
pub struct PolicyArg {
    /// Hold every implementation that declares no policy of its own to
    /// NAME (strict, go-v0.0.15, goldilocks-crypto-0.1.2). Without it they
    /// are held to the contract (strict), and an answer that is another
    /// known policy's is reported as a policy difference, not a failure;
    /// with it, such an answer fails.
    #[arg(long, value_name = "NAME")]
    pub policy: Option<String>,
}

impl PolicyArg {
    /// The run's expectation.
    pub fn expectation(&self) -> Result<twinmul_harness::policy::Expectation, UsageError> {
        match &self.policy {
            None => Ok(twinmul_harness::policy::Expectation::default()),
            Some(name) => twinmul_harness::policy::Policy::from_id(name)
                .map(twinmul_harness::policy::Expectation::chosen)
                .map_err(|e| UsageError(format!("--policy: {e}"))),
        }
    }
}

/// Outside implementations for a run (see `docs/drivers.md`).
#[derive(Args, Clone, Default)]
pub struct DriverArgs {
    /// An outside implementation behind the driver protocol, as NAME=COMMAND
    /// (repeatable). The command is split into words by shell quoting rules
    /// and run directly (no shell); NAME is used in reports and by --impl.
    #[arg(long = "driver", value_name = "NAME=COMMAND")]
    pub drivers: Vec<String>,
    /// A configuration file listing drivers (default: twinmul.toml in the
    /// working folder, when there is one).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Seconds a driver has to answer one request (default 30).
    #[arg(long, value_name = "SECS")]
    pub driver_timeout: Option<f64>,
}

impl DriverArgs {
    /// Adds the drivers named by these arguments to `registry`.
    pub fn register(&self, registry: &mut Registry) -> Result<(), UsageError> {
        let specs = twinmul_harness::driver::config::from_command_line(
            self.config.as_deref(),
            &self.drivers,
            self.driver_timeout,
        )?;
        for s in specs {
            registry.add_driver(s)?;
        }
        Ok(())
    }
}

/// The header lines that name each driver of a run, where it came from and
/// what its handshake said.
pub fn driver_header(entries: &[Entry]) -> Vec<String> {
    entries
        .iter()
        .filter_map(|e| match &e.origin {
            Origin::Driver { command, from } => {
                let hs = match e.implementation.version() {
                    v if v.is_empty() => "handshake FAILED".to_string(),
                    v => match e.implementation.policy() {
                        Some(p) => format!("handshake: {v}; declares the {p} policy"),
                        None => format!("handshake: {v}; declares no policy"),
                    },
                };
                let unknown = e.implementation.unknown();
                let mut line = format!(
                    "driver {}: `{command}` (from {from}); {hs}",
                    e.implementation.name()
                );
                if !unknown.is_empty() {
                    line.push_str(&format!(
                        "; names twinmul does not know, ignored: {}",
                        unknown.join(", ")
                    ));
                }
                if !e.implementation.version().is_empty()
                    && !twinmul_harness::campaign::pairs()
                        .into_iter()
                        .any(|(c, o)| e.implementation.supports(c, o))
                {
                    line.push_str("; its handshake names no (curve, op) pair twinmul knows");
                }
                Some(line)
            }
            _ => None,
        })
        .collect()
}

/// The drivers of a run as JSON.
pub fn drivers_json(entries: &[Entry]) -> serde_json::Value {
    entries
        .iter()
        .filter_map(|e| match &e.origin {
            Origin::Driver { command, from } => Some(serde_json::json!({
                "name": e.implementation.name(), "command": command, "from": from,
                "handshake": e.implementation.version(),
                "unknown_names": e.implementation.unknown(),
            })),
            _ => None,
        })
        .collect()
}

/// The selected implementations of a run, with what its report header
/// says of the drivers among them.
pub struct Selection {
    /// The implementations, in order.
    pub impls: twinmul_harness::implementation::Implementations,
    /// One header line per driver.
    pub header: Vec<String>,
    /// The drivers as JSON.
    pub drivers: serde_json::Value,
    /// The implementations the run names (its drivers, and those given by
    /// `--impl`): each must answer something comparable, or the run fails.
    pub named: Vec<String>,
}

impl Selection {
    /// One `SILENT` line per named implementation that answered nothing
    /// comparable, given how many of its answers were judged.
    pub fn silent(&self, judged: impl Fn(&str) -> usize) -> Vec<String> {
        // A driver that already reported a problem (a failed handshake, a
        // crash) fails the run under that name; SILENT is for the quiet ones.
        let quiet = |n: &str| {
            self.impls
                .iter()
                .find(|i| i.name() == n)
                .is_none_or(|i| i.problems().is_empty())
        };
        self.named
            .iter()
            .filter(|n| judged(n) == 0 && quiet(n))
            .map(|n| {
                let imp = self.impls.iter().find(|i| i.name() == n.as_str());
                let why = match imp {
                    Some(i) if !twinmul_harness::campaign::pairs().into_iter().any(|(c, o)| i.supports(c, o)) => {
                        "its handshake names no (curve, op) pair twinmul knows"
                    }
                    _ => "it answered nothing comparable (every answer a decline, or no case of its pairs)",
                };
                format!("SILENT {n}: {why}")
            })
            .collect()
    }
}

/// Selects `names` (all when empty) from `registry`, starting the drivers
/// among them.
pub fn select(registry: Registry, names: &[String]) -> Result<Selection, UsageError> {
    let entries = registry.select(names)?;
    let header = driver_header(&entries);
    let drivers = drivers_json(&entries);
    let named = entries
        .iter()
        .filter(|e| {
            matches!(e.origin, Origin::Driver { .. })
                || names.iter().any(|n| n == e.implementation.name())
        })
        .map(|e| e.implementation.name().to_string())
        .collect();
    Ok(Selection {
        impls: twinmul_harness::registry::entries_to_impls(entries),
        header,
        drivers,
        named,
    })
}

/// Every problem the implementations reported about themselves (a driver
/// that failed its handshake or had to be restarted), one line each.
pub fn problems(impls: &[Box<dyn twinmul_harness::Implementation>]) -> Vec<String> {
    impls
        .iter()
        .flat_map(|i| {
            i.problems()
                .into_iter()
                .map(move |p| format!("DRIVER PROBLEM {}: {p}", i.name()))
        })
        .collect()
}

#[derive(Subcommand)]
enum Cmd {
    /// List the implementations and the curve/op pairs each supports.
    List(DriverArgs),
    /// Check or generate vector files.
    Vectors {
        #[command(subcommand)]
        cmd: VectorsCmd,
    },
    /// Run one input on every implementation and print the answers side by side.
    Compare(compare::CompareArgs),
    /// The main job: vectors, official suites, a random differential
    /// campaign and the short constant-time checks, with a verdict per stage.
    Audit(audit::AuditArgs),
    /// Constant-time evidence: dudect verdicts per target of `ct-tests/`
    /// (controls must be flagged), or valgrind secret-taint checks.
    Ct(CtArgs),
    /// The campaign's power, measured: every planted bug through the random
    /// campaign with a fresh seed, and the class that caught it.
    Selftest(selftest::SelftestArgs),
    /// The catalogue of input classes every campaign draws (docs/classes.md).
    Classes {
        /// Print it as the Markdown table of docs/classes.md.
        #[arg(long)]
        markdown: bool,
    },
    /// Serve one built-in implementation over the driver protocol on
    /// standard input and output (a round-trip check, a template for drivers).
    Serve {
        /// The implementation to serve (see `twinmul list`).
        name: String,
    },
}

/// `twinmul ct`'s arguments.
#[derive(Args)]
pub struct CtArgs {
    /// Samples per target (expensive targets time a fixed fraction of it:
    /// the table gives the calls timed).
    #[arg(long, default_value_t = 100_000)]
    pub samples: usize,
    /// Only this implementation's targets, and the controls (repeatable;
    /// default: every implementation with targets, see docs/constant-time.md).
    #[arg(long = "impl", value_name = "NAME")]
    pub impls: Vec<String>,
    /// Only targets whose name contains this.
    #[arg(long)]
    pub filter: Option<String>,
    /// Print the results as JSON (with each target's t-series).
    #[arg(long)]
    pub json: bool,
    /// Write one SVG per target into DIR: |t| as the samples grow, with the
    /// thresholds.
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,
    /// Drivers whose handshake offers `time` are timed too (their own
    /// calls, on inputs twinmul sends; docs/drivers.md).
    #[command(flatten)]
    pub drivers: DriverArgs,
    /// Run the valgrind secret-taint checks instead of dudect.
    #[arg(long)]
    pub valgrind: bool,
    /// With --valgrind: memcheck's whole trace under each target it
    /// reported (otherwise one line: what, and where).
    #[arg(long)]
    pub verbose: bool,
}

#[derive(Subcommand)]
enum VectorsCmd {
    /// Check vector files against implementations.
    Check(vectors::CheckArgs),
    /// Regenerate vector files from the peer libraries.
    Generate {
        /// RNG seed.
        #[arg(long, default_value_t = twinmul_harness::vectors::DEFAULT_SEED)]
        seed: u64,
        /// Output directory (default: vectors/ of the source tree).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Runs the command line over the built-in implementations: the reference,
/// the optimized crate and the peer libraries (`twinmul-adapters`).
#[cfg(feature = "builtin")]
pub fn main() -> ExitCode {
    main_with(twinmul_adapters::registry())
}

/// Runs the command line over `registry`: the built-in implementations
/// plus whatever the caller added, or the reference
/// ([`Registry::reference`]) and the caller's own (see the
/// `custom-implementation` example).
pub fn main_with(mut registry: Registry) -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    // A report survives Ctrl-C (it is printed, marked as cut short); a
    // served implementation simply ends when its input closes.
    if !matches!(cli.cmd, Cmd::Serve { .. }) {
        twinmul_harness::stop::catch_signals();
    }
    let drivers = match &cli.cmd {
        Cmd::List(d) => Some(d),
        Cmd::Vectors {
            cmd: VectorsCmd::Check(a),
        } => Some(&a.drivers),
        Cmd::Compare(a) => Some(&a.drivers),
        Cmd::Audit(a) => Some(&a.drivers),
        Cmd::Ct(a) => Some(&a.drivers),
        _ => None,
    };
    if let Some(Err(UsageError(msg))) = drivers.map(|d| d.register(&mut registry)) {
        output::note(format_args!("twinmul: error: {msg}"));
        return ExitCode::from(2);
    }
    let r = match cli.cmd {
        Cmd::List(_) => list::run(registry),
        Cmd::Vectors {
            cmd: VectorsCmd::Check(a),
        } => vectors::check(&a, registry),
        Cmd::Vectors {
            cmd: VectorsCmd::Generate { seed, out },
        } => vectors::generate(seed, out.as_deref()),
        Cmd::Compare(a) => compare::run(&a, registry),
        Cmd::Audit(a) => audit::run(&a, registry),
        Cmd::Ct(a) => ct_cmd(&a, registry),
        Cmd::Serve { name } => serve_cmd(&name, registry),
        Cmd::Selftest(a) => selftest::run(&a),
        Cmd::Classes { markdown } => classes_cmd(markdown),
    };
    match r {
        Ok(status) => status.exit_code(),
        Err(UsageError(msg)) => {
            output::note(format_args!("twinmul: error: {msg}"));
            ExitCode::from(2)
        }
    }
}

/// `twinmul classes`: the catalogue, one line per class and the pairs it
/// applies to, or the Markdown table of docs/classes.md.
fn classes_cmd(markdown: bool) -> Result<Status, UsageError> {
    if markdown {
        outln!("{}", twinmul_harness::classes::markdown());
        outln!("{}", twinmul_harness::planted::markdown().trim_end());
        return Ok(Status::Ok);
    }
    for c in twinmul_harness::classes::catalogue() {
        let pairs: Vec<String> = twinmul_harness::campaign::pairs()
            .into_iter()
            .filter(|&(curve, op)| (c.applies)(curve, op))
            .map(|(curve, op)| format!("{curve} {op}"))
            .collect();
        outln!("{:<36} {}", c.name, pairs.join(", "));
    }
    Ok(Status::Ok)
}

/// `twinmul serve NAME`.
fn serve_cmd(name: &str, registry: Registry) -> Result<Status, UsageError> {
    let entry = registry
        .select(&[name.to_string()])?
        .into_iter()
        .next()
        .ok_or_else(|| UsageError(format!("no implementation '{name}'")))?;
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    twinmul_harness::driver::serve::serve(entry.implementation.as_ref(), stdin, stdout)
        .map(|()| Status::Ok)
        .map_err(|e| UsageError(e.to_string()))
}

/// `twinmul ct`: one harness, its table and verdict.
fn ct_cmd(a: &CtArgs, registry: Registry) -> Result<Status, UsageError> {
    use ct::CtError;
    if !a.valgrind && a.samples < ct::MIN_SAMPLES {
        return Err(UsageError(format!(
            "--samples {}: dudect needs at least {} ({} steps of 100 calls)",
            a.samples,
            ct::MIN_SAMPLES,
            ct::STEPS
        )));
    }
    // --impl names either a compiled-in implementation with targets or a
    // driver of this run.
    let catalogue = ct_catalogue::implementations();
    let (compiled, outside): (Vec<String>, Vec<String>) = a
        .impls
        .iter()
        .cloned()
        .partition(|n| catalogue.contains(&n.as_str()));
    let drivers: Vec<Box<dyn twinmul_harness::implementation::Implementation>> = registry
        .start_all()
        .into_iter()
        .filter(|e| matches!(e.origin, Origin::Driver { .. }))
        .filter(|e| a.impls.is_empty() || outside.iter().any(|n| n == e.implementation.name()))
        .map(|e| e.implementation)
        .collect();
    if let Some(bad) = outside
        .iter()
        .find(|n| !drivers.iter().any(|d| d.name() == n.as_str()))
    {
        return Err(UsageError(format!(
            "no constant-time targets for '{bad}' (known: {}; or a driver of this run)",
            catalogue.join(", ")
        )));
    }
    if let Some(d) = drivers
        .iter()
        .find(|d| d.timed().is_empty() && !outside.is_empty())
    {
        return Err(UsageError(format!(
            "driver {} offers no `time` requests in its handshake",
            d.name()
        )));
    }
    let only_drivers = compiled.is_empty() && !outside.is_empty();
    let what = if a.valgrind { "ct valgrind" } else { "ct" };
    let result = if a.valgrind {
        ct::run_valgrind(a.filter.as_deref()).map(|rows| {
            let status = if rows.iter().all(ct::ValgrindRow::pass) {
                Status::Ok
            } else {
                Status::Failed
            };
            (
                ct::valgrind_lines(&rows, a.verbose),
                ct::valgrind_json(&rows),
                status,
            )
        })
    } else {
        let targets = if only_drivers {
            ct::controls()
        } else {
            ct::select(&compiled, a.filter.as_deref()).map_err(UsageError)?
        };
        let refs: Vec<&dyn twinmul_harness::implementation::Implementation> =
            drivers.iter().map(|d| d.as_ref()).collect();
        ct::run_dudect(a.samples, &targets)
            .and_then(|mut rows| {
                rows.extend(ct::run_drivers(&refs, a.samples)?);
                Ok(rows)
            })
            .and_then(|rows| {
                if let Some(dir) = &a.plot {
                    ct_plot::write_all(dir, &rows)
                        .map_err(|e| CtError::Broken(format!("--plot {}: {e}", dir.display())))?;
                }
                let mut table = ct::dudect_table(&rows);
                table.extend(ct::unflagged_controls(&rows));
                Ok((table, ct::dudect_json(&rows), ct::dudect_status(&rows)))
            })
    };
    let (status, lines, json) = match result {
        Ok((table, json, status)) => (status, table, json),
        Err(CtError::NotRun(why)) => (
            Status::Incomplete,
            vec![format!("not run: {why}")],
            serde_json::json!({"not_run": why}),
        ),
        Err(CtError::Broken(why)) => (
            Status::Failed,
            vec![format!("broken: {why}")],
            serde_json::json!({"broken": why}),
        ),
    };
    if a.json {
        let out = serde_json::json!({"tool": what, "status": status.word(),
            "t_pass": ct::T_PASS, "t_control": ct::T_CONTROL, "targets": json});
        outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        for l in lines {
            outln!("{l}");
        }
        outln!("{what}: {}", status.word());
    }
    Ok(status)
}
