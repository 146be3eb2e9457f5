//! Fuzz target `sign`: every implementation on the same input; the check
//! lives in `twinmul_audit::fuzzing::check_sign`.
#![no_main]
use twinmul_audit::fuzzing::{check_sign, SignInput};
libfuzzer_sys::fuzz_target!(|input: SignInput| check_sign(&input));
