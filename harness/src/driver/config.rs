//! Where drivers are named: `--driver NAME=COMMAND` flags, a configuration
//! file (`twinmul.toml` in the working folder, or `--config FILE`), and for
//! the fuzz targets and property tests the `TWINMUL_DRIVERS` environment
//! variable (`name=command;name=command`).
//!
//! The configuration file:
//!
//! ```toml
//! [drivers]
//! py_ecc = "python3 drivers/py_ecc_driver.py"          # the short form
//! coincurve = { command = "python3 drivers/coincurve_driver.py", timeout_seconds = 60 }
//! elliptic = { command = "node elliptic.js", known_findings = ["point.off-curve"] }
//! ```
//!
//! `known_findings` lists the input classes (docs/classes.md) where the
//! auditor has recorded that the library answers otherwise than the
//! contract: wrong answers there are reported as known findings, by class,
//! and do not fail the run. The class names are checked when the drivers
//! are registered.
//!
//! Commands from a file run in the file's folder, so relative paths in them
//! work from anywhere; commands from a flag or the environment run in the
//! current folder.

use super::spec::{ConfigError, DriverSpec};
use super::DEFAULT_TIMEOUT;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The configuration file's name, looked for in the working folder.
pub const FILE_NAME: &str = "twinmul.toml";

/// The environment variable the fuzz targets and property tests read.
pub const ENV_VAR: &str = "TWINMUL_DRIVERS";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    drivers: BTreeMap<String, Entry>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Entry {
    Command(String),
    Full {
        command: String,
        timeout_seconds: Option<f64>,
        #[serde(default)]
        known_findings: Vec<String>,
    },
}

fn timeout_from(secs: f64, what: &str) -> Result<Duration, ConfigError> {
    Duration::try_from_secs_f64(secs)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| ConfigError::BadTimeout {
            what: what.into(),
            got: secs.to_string(),
        })
}

/// The drivers of a configuration file.
pub fn from_file(path: &Path, timeout: Duration) -> Result<Vec<DriverSpec>, ConfigError> {
    let label = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Unreadable {
        path: label.clone(),
        source,
    })?;
    let file: File = toml::from_str(&text).map_err(|e| ConfigError::NotToml {
        path: label.clone(),
        reason: e
            .to_string()
            .lines()
            .last()
            .unwrap_or("not valid TOML")
            .to_string(),
    })?;
    let dir = path
        .parent()
        .map(|d| {
            if d.as_os_str().is_empty() {
                Path::new(".")
            } else {
                d
            }
        })
        .map(Path::to_path_buf);
    file.drivers
        .into_iter()
        .map(|(name, e)| {
            let (command, t, known) = match e {
                Entry::Command(c) => (c, timeout, Vec::new()),
                Entry::Full {
                    command,
                    timeout_seconds,
                    known_findings,
                } => (
                    command,
                    match timeout_seconds {
                        Some(s) => timeout_from(s, &format!("{label}: driver {name}"))?,
                        None => timeout,
                    },
                    known_findings,
                ),
            };
            let mut spec = DriverSpec::new(&name, &command, dir.clone(), &label, t)?;
            spec.known_findings = known;
            Ok(spec)
        })
        .collect()
}

/// The drivers named in `TWINMUL_DRIVERS` (none when it is unset or empty).
pub fn from_env() -> Result<Vec<DriverSpec>, ConfigError> {
    let Ok(v) = std::env::var(ENV_VAR) else {
        return Ok(Vec::new());
    };
    let timeout = match std::env::var("TWINMUL_DRIVER_TIMEOUT") {
        Ok(s) => timeout_from(
            s.parse().map_err(|_| ConfigError::BadTimeout {
                what: "TWINMUL_DRIVER_TIMEOUT".into(),
                got: format!("'{s}'"),
            })?,
            "TWINMUL_DRIVER_TIMEOUT",
        )?,
        Err(_) => DEFAULT_TIMEOUT,
    };
    v.split(';')
        .filter(|s| !s.trim().is_empty())
        .map(|s| DriverSpec::parse(s, ENV_VAR, timeout))
        .collect()
}

/// Every driver a command line names: the configuration file (`--config`,
/// else `twinmul.toml` in the working folder if present), then each
/// `--driver` flag. `timeout_secs` is `--driver-timeout`.
pub fn from_command_line(
    config: Option<&Path>,
    flags: &[String],
    timeout_secs: Option<f64>,
) -> Result<Vec<DriverSpec>, ConfigError> {
    let timeout = match timeout_secs {
        Some(s) => timeout_from(s, "--driver-timeout")?,
        None => DEFAULT_TIMEOUT,
    };
    let mut out = Vec::new();
    let file: Option<PathBuf> = match config {
        Some(p) => Some(p.to_path_buf()),
        None => Some(PathBuf::from(FILE_NAME)).filter(|p| p.is_file()),
    };
    if let Some(f) = file {
        out.extend(from_file(&f, timeout)?);
    }
    for f in flags {
        out.push(DriverSpec::parse(f, "--driver", timeout)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        let s =
            DriverSpec::parse("py=python3 'my driver.py' -x", "--driver", DEFAULT_TIMEOUT).unwrap();
        assert_eq!(s.name, "py");
        assert_eq!(s.argv, vec!["python3", "my driver.py", "-x"]);
        let err = |t: &str| DriverSpec::parse(t, "--driver", DEFAULT_TIMEOUT).unwrap_err();
        assert!(matches!(
            err("python3 x.py"),
            ConfigError::NotNameCommand { .. }
        ));
        assert!(matches!(err("a b=x"), ConfigError::BadName { .. }));
        assert!(matches!(err("a="), ConfigError::EmptyCommand { .. }));
        assert!(matches!(err("a=x 'y"), ConfigError::Unsplittable { .. }));
        assert_eq!(
            err("python3 x.py").to_string(),
            "--driver: 'python3 x.py' is not NAME=COMMAND"
        );
    }

    #[test]
    fn files_parse() {
        let dir = std::env::temp_dir().join(format!("twinmul-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("twinmul.toml");
        std::fs::write(
            &f,
            "[drivers]\na = \"./a --fast\"\nb = { command = \"b\", timeout_seconds = 2.5 }\n",
        )
        .unwrap();
        let v = from_file(&f, DEFAULT_TIMEOUT).unwrap();
        assert_eq!(v[0].argv, vec!["./a", "--fast"]);
        assert_eq!(v[0].cwd.as_deref(), Some(dir.as_path()));
        assert_eq!(v[1].timeout, Duration::from_millis(2500));
        std::fs::write(&f, "[driver]\na = \"x\"\n").unwrap();
        let e = from_file(&f, DEFAULT_TIMEOUT).unwrap_err();
        assert!(
            matches!(e, ConfigError::NotToml { .. }),
            "unknown table: {e}"
        );
        std::fs::write(
            &f,
            "[drivers]\na = { command = \"a\", timeout_seconds = 0 }\n",
        )
        .unwrap();
        let e = from_file(&f, DEFAULT_TIMEOUT).unwrap_err();
        assert!(
            matches!(e, ConfigError::BadTimeout { .. }),
            "zero timeout: {e}"
        );
        let e = from_file(&dir.join("absent.toml"), DEFAULT_TIMEOUT).unwrap_err();
        assert!(
            matches!(e, ConfigError::Unreadable { .. }),
            "absent file: {e}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
