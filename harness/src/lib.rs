//! twinmul-harness: the byte-level differential harness, on the reference
//! implementation alone.
//!
//! Every implementation — the naive reference, the optimized crate, each
//! peer library, an outside program over the driver protocol — is an
//! [`Implementation`] on bytes only, in the encodings of `docs/interop.md`.
//! The harness runs inputs on them and [`judge`]s every answer against the
//! expected answer of its policy, taken from twinmul's reference and
//! cross-checked with the optimized crate where `twinmul-adapters` installs
//! it. A Rust user's own implementation builds against this crate alone.
//!
//! Modules, each depending only on those listed before it:
//! - [`model`]: curves, operations, inputs, answers and expectations;
//! - [`policy`]: the contract's and other implementations' policies;
//! - [`implementation`]: the trait, and how one input runs on one adapter;
//! - [`reference`](mod@reference): the reference's adapter, the contract and the policies;
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
//! - [`timing`]: dudect over drivers that time their own calls.

pub mod campaign;
pub mod check;
pub mod classes;
pub mod driver;
pub mod edge;
pub mod implementation;
pub mod judge;
pub mod model;
pub mod official;
pub mod planted;
pub mod policy;
pub mod reference;
pub mod registry;
pub mod stop;
pub mod timing;
pub mod vectors;

pub use check::{compare, Comparison};
pub use implementation::Implementation;
pub use model::{Answer, Curve, Expected, Input, Op};
pub use policy::{Expectation, Policy};
pub use registry::Registry;
