//! Fuzz target `decode`: every implementation on the same input; the check
//! lives in `twinmul_audit::fuzzing::check_decode`.
#![no_main]
use twinmul_audit::fuzzing::{check_decode, DecodeInput};
libfuzzer_sys::fuzz_target!(|input: DecodeInput| check_decode(&input));
