//! twinmul-audit: the byte-level differential harness.
//!
//! Every implementation — the naive reference, the optimized crate (constant
//! time and variable time) and each peer library — is wrapped in an adapter
//! that implements [`Implementation`] on bytes only, in the encodings of
//! `docs/interop.md`. The shared check functions in [`check`] run one input
//! on every implementation and report any disagreement with all answers side
//! by side; the vector-file checker, the CLI, the property tests and the
//! fuzz targets all go through them.
//!
//! Modules, each depending only on those listed before it:
//! - [`model`]: curves, operations, inputs, answers and expectations;
//! - [`policy`]: the contract's and other implementations' policies;
//! - [`implementation`]: the trait, and how one input runs on one adapter;
//! - [`adapters`]: one file per built-in implementation;
//! - [`driver`]: outside implementations over the JSON-Lines driver protocol;
//! - [`registry`]: which implementations a run may use, and `--impl`;
//! - [`stop`]: ending a run early (Ctrl-C, SIGTERM, `--max-time`);
//! - [`judge`]: each answer against its policy's, differences explained;
//! - [`check`]: run everything and compare;
//! - [`edge`]: edge-case scalars shared by the generator and the tests;
//! - [`classes`]: the catalogue of input classes every campaign draws;
//! - [`vectors`]: the vector-file format and its checker;
//! - [`official`]: readers for the official suites in `vectors/official/`;
//! - [`campaign`]: the random differential campaign of `twinmul audit`,
//!   every class of the catalogue on every implementation;
//! - [`planted`]: implementations with one planted bug each, which the
//!   campaign must catch (`twinmul selftest`);
//! - [`generate`]: `twinmul vectors generate` (expected values from the peers);
//! - [`lowlevel`]: field, GLV, lookup and multiplication-path checks of the optimized crate;
//! - [`fuzzing`]: the fuzz-target inputs (`Arbitrary`) and their checks;
//! - [`cli`]: the `twinmul` command line, reusable with extra implementations.

pub mod adapters;
pub mod campaign;
pub mod check;
pub mod classes;
pub mod cli;
pub mod driver;
pub mod edge;
pub mod fuzzing;
#[cfg(feature = "peers")]
pub mod generate;
pub mod implementation;
pub mod judge;
pub mod lowlevel;
pub mod model;
pub mod official;
pub mod planted;
pub mod policy;
pub mod registry;
pub mod stop;
pub mod timing;
pub mod vectors;

pub use check::{compare, Comparison};
pub use implementation::Implementation;
pub use model::{Answer, Curve, Expected, Input, Op};
pub use policy::{Expectation, Policy};
pub use registry::{implementations, Registry};
