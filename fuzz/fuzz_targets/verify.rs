//! Fuzz target `verify`: every implementation on the same input; the check
//! lives in `twinmul_audit::fuzzing::check_verify`.
#![no_main]
use twinmul_audit::fuzzing::{check_verify, VerifyInput};
libfuzzer_sys::fuzz_target!(|input: VerifyInput| check_verify(&input));
