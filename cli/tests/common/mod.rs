//! Helpers shared by the command-line tests that run the `twinmul`
//! binary from the source root.
#![allow(dead_code)] // each test file uses its own subset

use std::path::{Path, PathBuf};
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

/// A scratch folder, removed when the value drops (a failed test too).
pub fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("twinmul-test-")
        .tempdir()
        .unwrap()
}

/// A vector folder holding one harmless case (1·G on secp256k1), for runs
/// in which another stage must be the one to catch anything.
pub fn one_case_vectors() -> tempfile::TempDir {
    let dir = scratch();
    write(
        &dir,
        "g.json",
        r#"{"curve":"secp256k1","source":"t","cases":[{"op":"mul_g","scalar":"0000000000000000000000000000000000000000000000000000000000000001","result":"0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"}]}"#,
    );
    dir
}

/// Writes `text` to `name` in `dir`, and returns the file's path.
pub fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let f = dir.path().join(name);
    std::fs::write(&f, text).unwrap();
    f
}

/// A path as the `&str` a command line takes.
pub fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `NAME=python3 cli/tests/drivers/SCRIPT ARGS`, the `--driver` value of a
/// test driver.
pub fn python_driver(name: &str, script: &str, args: &str) -> String {
    let script = root().join("cli/tests/drivers").join(script);
    format!("{name}=python3 {} {args}", script.display())
}
