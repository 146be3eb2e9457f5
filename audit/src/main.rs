//! `twinmul`: the command line of the audit harness (see [`twinmul_audit::cli`]).

fn main() -> std::process::ExitCode {
    twinmul_audit::cli::main()
}
