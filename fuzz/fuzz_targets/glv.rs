//! Fuzz target `glv`: every implementation on the same input; the check
//! lives in `twinmul_audit::fuzzing::check_glv`.
#![no_main]
use twinmul_audit::fuzzing::{check_glv, GlvInput};
libfuzzer_sys::fuzz_target!(|input: GlvInput| check_glv(&input));
