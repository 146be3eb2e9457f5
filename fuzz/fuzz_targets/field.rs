//! Fuzz target `field`: every implementation on the same input; the check
//! lives in `twinmul_audit::fuzzing::check_field`.
#![no_main]
use twinmul_audit::fuzzing::{check_field, FieldInput};
libfuzzer_sys::fuzz_target!(|input: FieldInput| check_field(&input));
