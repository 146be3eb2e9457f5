//! How a driver is named and started ([`DriverSpec`]), and every way a
//! driver's naming can be wrong ([`ConfigError`]): a flag, an environment
//! variable or a configuration file. Nothing here is secret.

use std::path::PathBuf;
use std::time::Duration;

/// Why a driver's naming (`--driver`, `TWINMUL_DRIVERS`, a configuration
/// file, a timeout) cannot be used. Each names where it came from; the
/// command line prints it as its one usage line (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// Not `NAME=COMMAND`.
    #[error("{from}: '{text}' is not NAME=COMMAND")]
    NotNameCommand {
        /// Where it came from: `--driver`, `TWINMUL_DRIVERS` or the file.
        from: String,
        /// What was written.
        text: String,
    },
    /// A name that is not a plain word.
    #[error("{from}: driver name '{name}' must be letters, digits, '-', '_' or '.'")]
    BadName {
        /// Where it came from: `--driver`, `TWINMUL_DRIVERS` or the file.
        from: String,
        /// The driver's name.
        name: String,
    },
    /// A command with unbalanced quotes.
    #[error("{from}: driver {name}: cannot split `{command}` ({reason})")]
    Unsplittable {
        /// Where it came from: `--driver`, `TWINMUL_DRIVERS` or the file.
        from: String,
        /// The driver's name.
        name: String,
        /// The command as written.
        command: String,
        /// Why.
        reason: String,
    },
    /// A command of no words.
    #[error("{from}: driver {name}: empty command")]
    EmptyCommand {
        /// Where it came from: `--driver`, `TWINMUL_DRIVERS` or the file.
        from: String,
        /// The driver's name.
        name: String,
    },
    /// A timeout that is not a positive number of seconds.
    #[error("{what}: timeout must be a positive number of seconds, got {got}")]
    BadTimeout {
        /// Which timeout.
        what: String,
        /// What was given.
        got: String,
    },
    /// A configuration file that cannot be read.
    #[error("{path}: {source}")]
    Unreadable {
        /// The configuration file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A configuration file that is not the expected TOML.
    #[error("{path}: {reason}")]
    NotToml {
        /// The configuration file.
        path: String,
        /// Why.
        reason: String,
    },
}

/// How to start a driver, and where that instruction came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DriverSpec {
    /// The implementation's name in reports and for `--impl`.
    pub name: String,
    /// The command as written.
    pub command: String,
    /// The command split into words (POSIX shell quoting, no expansion).
    pub argv: Vec<String>,
    /// The folder the driver runs in (`None`: the current one).
    pub cwd: Option<PathBuf>,
    /// The time it has to answer one request.
    pub timeout: Duration,
    /// `--driver`, `TWINMUL_DRIVERS` or the configuration file's path.
    pub from: String,
    /// The classes of its known findings (the configuration file's
    /// `known_findings`; see [`crate::Implementation::known_findings`]).
    pub known_findings: Vec<String>,
}

impl DriverSpec {
    /// Reads `NAME=COMMAND`.
    pub fn parse(text: &str, from: &str, timeout: Duration) -> Result<DriverSpec, ConfigError> {
        let (name, command) = text
            .split_once('=')
            .ok_or_else(|| ConfigError::NotNameCommand {
                from: from.into(),
                text: text.into(),
            })?;
        DriverSpec::new(name.trim(), command.trim(), None, from, timeout)
    }

    /// A spec from its parts; the name must be a plain word and the command
    /// must split into at least one word.
    pub fn new(
        name: &str,
        command: &str,
        cwd: Option<PathBuf>,
        from: &str,
        timeout: Duration,
    ) -> Result<DriverSpec, ConfigError> {
        let plain = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
        if name.is_empty() || !name.chars().all(plain) {
            return Err(ConfigError::BadName {
                from: from.into(),
                name: name.into(),
            });
        }
        let argv = shell_words::split(command).map_err(|e| ConfigError::Unsplittable {
            from: from.into(),
            name: name.into(),
            command: command.into(),
            reason: e.to_string(),
        })?;
        if argv.is_empty() {
            return Err(ConfigError::EmptyCommand {
                from: from.into(),
                name: name.into(),
            });
        }
        Ok(DriverSpec {
            name: name.to_string(),
            command: command.to_string(),
            argv,
            cwd,
            timeout,
            from: from.to_string(),
            known_findings: Vec::new(),
        })
    }
}
