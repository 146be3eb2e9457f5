//! The optimized crate's own tests, one binary: the lower layers against
//! big integers and the reference (`internals`, with the checks the fuzz
//! targets share in `checks`), fixed-base multiplication and BIP340
//! (`fixed_base`), the Weierstrass curves' point encodings against the
//! reference on every point class (`encodings`), ECgFp5 and Lighter's
//! Schnorr (`ecgfp5`), and the tables' stated sizes (`table_sizes`). One
//! binary, so that a mutant of the crate (docs/testing.md) is linked once,
//! not once per file. The operation counts and the prepared-nonce checks
//! stay apart: one counts through process-wide counters, the other forks.
#![allow(clippy::unwrap_used)] // tests: a panic is the failure report

mod checks;
mod ecgfp5;
mod encodings;
mod fixed_base;
mod internals;
mod table_sizes;
