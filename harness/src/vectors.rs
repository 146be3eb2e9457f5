//! Vector files in the interop format (`docs/interop.md`) and the checker
//! behind `twinmul vectors check`.
//!
//! A file is read whole before anything runs: a file that cannot be read, is
//! not JSON, or holds a case that cannot be read (unknown op, missing field,
//! a field of the wrong type, bad hex) is bad input, reported in one line and
//! never counted among the cases. `null` is the same as an absent field.
//!
//! Each case is then run on each selected implementation that has its
//! (curve, op) pair: a matching answer is *passed*, a different one (or a
//! failure to answer) *failed*, a decline *skipped*, never passed.
//! Implementations without the pair are not applicable and counted nowhere.
//!
//! A case may state another policy's answer than the contract's (its
//! `policy` field, docs/policies.md). Each implementation is held to its
//! declared policy, or to the run's: a case of another policy whose answer
//! differs from that one's is not checked against it, and an answer that
//! is a known policy's other than the one it is held to is *explained*
//! instead of failed, unless the run's policy was chosen (`--policy`) or
//! the implementation declared its own.

mod check;
mod file;
mod format;
mod read;
mod tally;

pub use check::check;
pub use file::{load, uncovered, Case, FileError, LoadedFile};
pub use format::{to_json, CaseOut, VectorFile, DEFAULT_SEED};
pub use read::{parse_case, parse_input};
pub use tally::*;
