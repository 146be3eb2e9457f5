//! Helpers shared by the command-line tests that run the `twinmul`
//! binary from the source root.
#![allow(dead_code)] // each test file uses its own subset

use std::path::Path;
use std::process::{Command, Output};

/// The binary under test.
pub const TWINMUL: &str = env!("CARGO_BIN_EXE_twinmul");

/// The source root.
pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Runs `twinmul ARGS` from the source root.
pub fn twinmul(args: &[&str]) -> Output {
    Command::new(TWINMUL)
        .current_dir(root())
        .args(args)
        .output()
        .unwrap()
}

/// Standard output as text.
pub fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
