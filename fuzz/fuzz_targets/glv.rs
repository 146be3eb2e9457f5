//! Fuzz target `glv`: the GLV split, recodings, lookups and multiplication paths
//! (`twinmul_audit::fuzzing::check_glv`).
#![no_main]
use twinmul_audit::fuzzing::{check_glv, GlvInput};
libfuzzer_sys::fuzz_target!(|input: GlvInput| {
    check_glv(&input);
});
