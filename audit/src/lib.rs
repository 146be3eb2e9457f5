//! twinmul-audit: the byte-level differential harness.
//!
//! Every implementation — the naive reference, the optimized crate (constant
//! time and variable time) and each peer library — is wrapped in an adapter
//! that implements [`Implementation`] on bytes only, in the encodings of
//! `shared/specs/interop.md`. The shared check functions in [`check`] run one
//! input on every implementation and report any disagreement with all answers
//! side by side; the vector-file checker, the CLI, the property tests and the
//! fuzz targets all go through them.
//!
//! Modules:
//! - [`campaign`]: the random differential campaign of `twinmul audit`;
//! - [`model`]: curves, operations, inputs, answers and expectations;
//! - [`implementation`]: the trait and the registry of adapters;
//! - [`adapters`]: one file per implementation;
//! - [`check`]: run everything and compare;
//! - [`vectors`]: the vector-file format and `twinmul vectors check`;
//! - [`generate`]: `twinmul vectors generate` (expected values from the peers);
//! - [`official`]: readers for the official suites in `shared/vectors/`;
//! - [`edge`]: edge-case scalars shared by the generator and the tests;
//! - [`fuzzing`]: the fuzz-target inputs (`Arbitrary`) and their checks;
//! - [`lowlevel`]: field, GLV, lookup and multiplication-path checks of the optimized crate.

pub mod adapters;
pub mod campaign;
pub mod check;
pub mod edge;
pub mod fuzzing;
#[cfg(feature = "peers")]
pub mod generate;
pub mod implementation;
pub mod lowlevel;
pub mod model;
pub mod official;
pub mod vectors;

pub use check::{compare, Comparison};
pub use implementation::{implementations, Implementation};
pub use model::{Answer, Curve, Expected, Input, Op};
