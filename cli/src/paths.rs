//! Where the command line finds its files: the twinmul source tree (for the
//! committed vectors, the vendored official suites and the constant-time
//! harness) is found from the working directory upwards, so that every
//! command works from any folder of a clone. Outside a clone, the error
//! names the flag to pass.

use std::path::{Path, PathBuf};

/// The root of the twinmul source tree containing the working directory:
/// the nearest ancestor that holds `vectors/` and `ct-tests/Cargo.toml`.
pub fn source_root() -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok()?;
    cwd.ancestors()
        .find(|d| d.join("vectors").is_dir() && d.join("ct-tests/Cargo.toml").is_file())
        .map(Path::to_path_buf)
}

/// A folder given by `flag`, or else `default` below the source root.
pub fn folder(given: Option<&Path>, flag: &str, default: &str) -> Result<PathBuf, String> {
    match given {
        Some(d) if d.is_dir() => Ok(d.to_path_buf()),
        Some(d) => Err(format!("{flag} {}: no such folder", d.display())),
        None => source_root().map(|r| r.join(default)).ok_or_else(|| {
            format!(
                "no twinmul source tree here or above (looked for {default}/); \
                 run inside a clone or pass {flag} DIR"
            )
        }),
    }
}
