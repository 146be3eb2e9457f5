//! The built-in reference served over the driver protocol, for the
//! round-trip bench (`benches/driver.rs`): a driver that answers at once.

fn main() -> std::process::ExitCode {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match twinmul_harness::driver::serve::serve(
        &twinmul_harness::reference::Reference,
        stdin,
        stdout,
    ) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("serve_reference: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
