//! The `twinmul` command line, as a library: [`main`] runs it over the
//! built-in implementations, [`main_with`] over a registry the caller
//! extends with its own adapters.
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
pub mod list;
pub mod output;
pub mod paths;
pub mod vectors;

use crate::outln;
use crate::registry::Registry;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// The verdict of a command that ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Everything asked for ran and passed.
    Ok,
    /// A check failed or implementations disagreed.
    Failed,
    /// Nothing failed, but something asked for could not run.
    Incomplete,
}

impl Status {
    /// The process exit code.
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(match self {
            Status::Ok => 0,
            Status::Failed => 1,
            Status::Incomplete => 3,
        })
    }

    /// The worse of two statuses (failed over incomplete over ok).
    pub fn and(self, other: Status) -> Status {
        match (self, other) {
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

#[derive(Subcommand)]
enum Cmd {
    /// List the implementations and the curve/op pairs each supports.
    List,
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
}

/// `twinmul ct`'s arguments.
#[derive(Args)]
pub struct CtArgs {
    /// Samples per target (expensive targets use a fixed fraction of it).
    #[arg(long, default_value_t = 100_000)]
    pub samples: usize,
    /// Only targets whose name contains this.
    #[arg(long)]
    pub filter: Option<String>,
    /// Run the valgrind secret-taint checks instead of dudect.
    #[arg(long)]
    pub valgrind: bool,
}

#[derive(Subcommand)]
enum VectorsCmd {
    /// Check vector files against implementations.
    Check(vectors::CheckArgs),
    /// Regenerate vector files from the peer libraries.
    Generate {
        /// RNG seed.
        #[arg(long, default_value_t = crate::vectors::DEFAULT_SEED)]
        seed: u64,
        /// Output directory (default: vectors/ of the source tree).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Runs the command line over the built-in implementations.
pub fn main() -> ExitCode {
    main_with(Registry::builtin())
}

/// Runs the command line over `registry`: the built-in implementations
/// plus whatever the caller added (see the `custom-implementation` example).
pub fn main_with(registry: Registry) -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let r = match cli.cmd {
        Cmd::List => list::run(registry),
        Cmd::Vectors {
            cmd: VectorsCmd::Check(a),
        } => vectors::check(&a, registry),
        Cmd::Vectors {
            cmd: VectorsCmd::Generate { seed, out },
        } => vectors::generate(seed, out.as_deref()),
        Cmd::Compare(a) => compare::run(&a, registry),
        Cmd::Audit(a) => audit::run(&a, registry),
        Cmd::Ct(a) => ct_cmd(&a),
    };
    match r {
        Ok(status) => status.exit_code(),
        Err(UsageError(msg)) => {
            output::note(format_args!("twinmul: error: {msg}"));
            ExitCode::from(2)
        }
    }
}

/// `twinmul ct`: one harness, its table and verdict.
fn ct_cmd(a: &CtArgs) -> Result<Status, UsageError> {
    use ct::CtError;
    let result = if a.valgrind {
        ct::run_valgrind(a.filter.as_deref()).map(|rows| {
            (
                ct::valgrind_table(&rows),
                rows.iter().all(ct::ValgrindRow::pass),
            )
        })
    } else {
        ct::run_dudect(a.samples, a.filter.as_deref()).map(|rows| {
            (
                ct::dudect_table(&rows),
                rows.iter().all(ct::DudectRow::pass),
            )
        })
    };
    let what = if a.valgrind { "ct valgrind" } else { "ct" };
    match result {
        Ok((table, ok)) => {
            for l in table {
                outln!("{l}");
            }
            let status = if ok { Status::Ok } else { Status::Failed };
            outln!("{what}: {}", status.word());
            Ok(status)
        }
        Err(CtError::NotRun(why)) => {
            outln!("{what}: not run: {why}");
            Ok(Status::Incomplete)
        }
        Err(CtError::Broken(why)) => {
            outln!("{what}: FAILED: {why}");
            Ok(Status::Failed)
        }
    }
}
