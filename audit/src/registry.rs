//! The registry: which implementations a run may use, where each came from,
//! and selection by name (`--impl`).
//!
//! [`Registry::builtin`] holds what is compiled in: the reference, the
//! optimized crate's two flavours and, with the `peers` feature, each peer
//! library. A user's crate adds its own adapters with [`Registry::with`] and
//! gets the whole command line from `cli::main_with`.

use crate::implementation::{Implementation, Implementations};

/// Where an implementation came from, for report headers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Compiled into `twinmul-audit`.
    BuiltIn,
    /// Added by the program that embeds the harness.
    Added,
    /// An outside driver process, started from `command`; `from` says which
    /// flag or configuration file named it.
    Driver {
        /// The command line the driver was started with.
        command: String,
        /// `--driver` or the path of the configuration file.
        from: String,
    },
}

/// One registered implementation.
pub struct Entry {
    /// The adapter.
    pub implementation: Box<dyn Implementation>,
    /// Where it came from.
    pub origin: Origin,
}

/// The implementations a run may use, in report order.
#[derive(Default)]
pub struct Registry {
    entries: Vec<Entry>,
}

impl Registry {
    /// No implementation at all.
    pub fn empty() -> Registry {
        Registry::default()
    }

    /// Everything compiled in: the reference, the optimized crate's
    /// constant-time and variable-time flavours, then (with the `peers`
    /// feature) each peer library in a fixed order.
    pub fn builtin() -> Registry {
        let mut builtin: Implementations = vec![
            Box::new(crate::adapters::reference::Reference),
            Box::new(crate::adapters::optimized::Optimized::new(false)),
            Box::new(crate::adapters::optimized::Optimized::new(true)),
        ];
        #[cfg(feature = "peers")]
        builtin.extend(crate::adapters::peers());
        Registry {
            entries: builtin
                .into_iter()
                .map(|implementation| Entry {
                    implementation,
                    origin: Origin::BuiltIn,
                })
                .collect(),
        }
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
    ) -> Result<(), String> {
        if self.contains(implementation.name()) {
            return Err(format!(
                "the name '{}' is already taken by another implementation",
                implementation.name()
            ));
        }
        self.entries.push(Entry {
            implementation,
            origin,
        });
        Ok(())
    }

    /// Whether `name` is taken.
    pub fn contains(&self, name: &str) -> bool {
        self.names().contains(&name)
    }

    /// The names, in order.
    pub fn names(&self) -> Vec<&str> {
        self.entries
            .iter()
            .map(|e| e.implementation.name())
            .collect()
    }

    /// The entries, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Every implementation, in order.
    pub fn into_implementations(self) -> Implementations {
        self.entries.into_iter().map(|e| e.implementation).collect()
    }

    /// The implementations named in `names` (all of them when `names` is
    /// empty), in registry order, with their origins. An unknown name is an
    /// error that lists the known ones.
    pub fn select(self, names: &[String]) -> Result<Vec<Entry>, String> {
        let known = self.names().join(", ");
        for n in names {
            if !self.contains(n) {
                return Err(format!("unknown implementation '{n}' (known: {known})"));
            }
        }
        Ok(self
            .entries
            .into_iter()
            .filter(|e| names.is_empty() || names.iter().any(|n| n == e.implementation.name()))
            .collect())
    }
}

/// Every implementation compiled in (see [`Registry::builtin`]).
pub fn implementations() -> Implementations {
    Registry::builtin().into_implementations()
}

/// The peer libraries only (the oracles vector files are generated from).
pub fn peer_implementations() -> Implementations {
    #[cfg(feature = "peers")]
    return crate::adapters::peers();
    #[cfg(not(feature = "peers"))]
    Vec::new()
}

/// The built-in implementations named in `names` (all when empty).
pub fn select(names: &[String]) -> Result<Implementations, String> {
    Ok(Registry::builtin()
        .select(names)?
        .into_iter()
        .map(|e| e.implementation)
        .collect())
}

/// The implementations of selected entries, in order.
pub fn entries_to_impls(entries: Vec<Entry>) -> Implementations {
    entries.into_iter().map(|e| e.implementation).collect()
}
