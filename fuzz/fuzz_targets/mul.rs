//! Fuzz target `mul`: every implementation on the same input; the check
//! lives in `twinmul_audit::fuzzing::check_mul`.
#![no_main]
use twinmul_audit::fuzzing::{check_mul, MulInput};
libfuzzer_sys::fuzz_target!(|input: MulInput| check_mul(&input));
