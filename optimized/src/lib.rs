//! twinmul: fast, constant-time elliptic-curve scalar multiplication.
//!
//! This crate is filled in by the `[glv]`, `[fixed-base]` and `[ecgfp5]`
//! issues. Until an operation lands here, the audit harness registers the
//! `optimized` and `optimized-vartime` implementations as declining it, so
//! nothing is ever counted as agreement without having been computed.
#![forbid(unsafe_code)]
