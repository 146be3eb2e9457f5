//! `twinmul`: the command line of the audit harness (see [`twinmul_cli`]).

fn main() -> std::process::ExitCode {
    twinmul_cli::main()
}
