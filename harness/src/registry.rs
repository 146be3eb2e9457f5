//! The registry: which implementations a run may use, where each came from,
//! and selection by name (`--impl`).
//!
//! [`Registry::new`] takes what the program compiled in (`twinmul-adapters`
//! gives the optimized crate and the peers; [`Registry::reference`] is what
//! the harness has alone). A user's crate adds its own adapters with
//! [`Registry::with`] and gets the whole command line from
//! `twinmul_cli::main_with`; outside programs come in as drivers
//! ([`Registry::add_driver`]), started only when selected.

use crate::driver::{Driver, DriverSpec};
use crate::implementation::{Implementation, Implementations};

/// Why an implementation cannot be added or selected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// Two implementations under one name would make every report
    /// ambiguous.
    #[error("{from}the name '{name}' is already taken by another implementation")]
    NameTaken {
        /// The name.
        name: String,
        /// Where the second one came from (`PATH: `), or nothing.
        from: String,
    },
    /// `--impl NAME` names nothing registered.
    #[error("unknown implementation '{name}' (known: {known})")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The names there are, comma-separated.
        known: String,
    },
    /// A driver's known finding names no class of the catalogue.
    #[error("{from}: driver {driver}: known finding '{class}' is no class of the catalogue (twinmul classes)")]
    UnknownClass {
        /// The configuration it came from.
        from: String,
        /// The driver.
        driver: String,
        /// The name given.
        class: String,
    },
}

/// Where an implementation came from, for report headers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Compiled into the program that runs the harness.
    BuiltIn,
    /// Added by the program that embeds the harness.
    Added,
    /// An outside driver process, started from `command`; `from` says which
    /// flag or configuration file named it.
    Driver {
        /// The command line the driver was started with.
        command: String,
        /// `--driver`, `TWINMUL_DRIVERS` or the path of the configuration file.
        from: String,
    },
}

/// One implementation of a run.
pub struct Entry {
    /// The adapter.
    pub implementation: Box<dyn Implementation>,
    /// Where it came from.
    pub origin: Origin,
}

/// A registered implementation, or a driver not started yet.
enum Slot {
    Ready(Entry),
    Driver(DriverSpec),
}

impl Slot {
    fn name(&self) -> &str {
        match self {
            Slot::Ready(e) => e.implementation.name(),
            Slot::Driver(d) => &d.name,
        }
    }

    /// The entry, starting a driver.
    fn start(self) -> Entry {
        match self {
            Slot::Ready(e) => e,
            Slot::Driver(spec) => Entry {
                origin: Origin::Driver {
                    command: spec.command.clone(),
                    from: spec.from.clone(),
                },
                implementation: Box::new(Driver::start(spec)),
            },
        }
    }
}

/// The implementations a run may use, in report order.
#[derive(Default)]
pub struct Registry {
    slots: Vec<Slot>,
}

impl Registry {
    /// The given implementations, as compiled into the program that runs
    /// the harness ([`Origin::BuiltIn`]), in order.
    pub fn new(builtin: Implementations) -> Registry {
        Registry {
            slots: builtin
                .into_iter()
                .map(|implementation| {
                    Slot::Ready(Entry {
                        implementation,
                        origin: Origin::BuiltIn,
                    })
                })
                .collect(),
        }
    }

    /// What the harness has on its own: the reference, and the reference's
    /// implementations of the other policies (`reference@go-v0.0.15`, …).
    /// The optimized crate and the peer libraries come from
    /// `twinmul-adapters`.
    pub fn reference() -> Registry {
        Registry::new(reference_implementations())
    }

    /// Adds an implementation of the embedding program's own.
    ///
    /// # Panics
    /// When its name is already taken: two implementations under one name
    /// would make every report ambiguous, and this is the program's own
    /// code, not input.
    pub fn with(mut self, implementation: impl Implementation + 'static) -> Registry {
        if let Err(e) = self.push(Box::new(implementation), Origin::Added) {
            panic!("{e}");
        }
        self
    }

    /// Adds an implementation with its origin; a name already taken is an
    /// error (names must be unique).
    pub fn push(
        &mut self,
        implementation: Box<dyn Implementation>,
        origin: Origin,
    ) -> Result<(), RegistryError> {
        self.check_free(implementation.name(), "")?;
        self.slots.push(Slot::Ready(Entry {
            implementation,
            origin,
        }));
        Ok(())
    }

    /// Adds an outside driver, to be started if a run selects it.
    pub fn add_driver(&mut self, spec: DriverSpec) -> Result<(), RegistryError> {
        self.check_free(&spec.name, &format!("{}: ", spec.from))?;
        if let Some(bad) = spec
            .known_findings
            .iter()
            .find(|c| crate::classes::find(c).is_none())
        {
            return Err(RegistryError::UnknownClass {
                from: spec.from.clone(),
                driver: spec.name.clone(),
                class: bad.clone(),
            });
        }
        self.slots.push(Slot::Driver(spec));
        Ok(())
    }

    fn check_free(&self, name: &str, from: &str) -> Result<(), RegistryError> {
        if self.contains(name) {
            return Err(RegistryError::NameTaken {
                name: name.to_string(),
                from: from.to_string(),
            });
        }
        Ok(())
    }

    /// Whether `name` is taken.
    pub fn contains(&self, name: &str) -> bool {
        self.names().contains(&name)
    }

    /// The names, in order.
    pub fn names(&self) -> Vec<&str> {
        self.slots.iter().map(Slot::name).collect()
    }

    /// Every entry, in order, drivers started.
    pub fn start_all(self) -> Vec<Entry> {
        self.slots.into_iter().map(Slot::start).collect()
    }

    /// Every implementation, in order, drivers started.
    pub fn into_implementations(self) -> Implementations {
        entries_to_impls(self.start_all())
    }

    /// The implementations named in `names` (all of them when `names` is
    /// empty), in registry order, with their origins; the selected drivers
    /// are started. An unknown name is an error that lists the known ones.
    pub fn select(self, names: &[String]) -> Result<Vec<Entry>, RegistryError> {
        let known = self.names().join(", ");
        for n in names {
            if !self.contains(n) {
                return Err(RegistryError::Unknown {
                    name: n.clone(),
                    known,
                });
            }
        }
        Ok(self
            .slots
            .into_iter()
            .filter(|s| names.is_empty() || names.iter().any(|n| n == s.name()))
            .map(Slot::start)
            .collect())
    }
}

/// The implementations of selected entries, in order.
pub fn entries_to_impls(entries: Vec<Entry>) -> Implementations {
    entries.into_iter().map(|e| e.implementation).collect()
}

/// The reference and its implementations of the other policies.
pub fn reference_implementations() -> Implementations {
    let mut v: Implementations = vec![Box::new(crate::reference::Reference)];
    for p in crate::policy::Policy::ALL {
        if p != crate::policy::Policy::Strict {
            v.push(Box::new(crate::reference::policies::ReferencePolicy::new(
                p,
            )));
        }
    }
    v
}

/// `registry` plus the drivers named in the `TWINMUL_DRIVERS` environment
/// variable (for fuzz targets and property tests).
///
/// # Panics
/// When the variable cannot be read as drivers: a fuzz run must not
/// silently leave out the implementation it was asked to fuzz.
pub fn with_env_drivers(mut registry: Registry) -> Implementations {
    let specs = crate::driver::config::from_env().unwrap_or_else(|e| panic!("{e}"));
    for s in specs {
        if let Err(e) = registry.add_driver(s) {
            panic!("{e}");
        }
    }
    registry.into_implementations()
}
