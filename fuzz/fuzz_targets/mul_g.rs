//! Fuzz target `mul_g`: every implementation on the same input; the check
//! lives in `twinmul_audit::fuzzing::check_mul_g`.
#![no_main]
use twinmul_audit::fuzzing::{check_mul_g, MulGInput};
libfuzzer_sys::fuzz_target!(|input: MulGInput| check_mul_g(&input));
