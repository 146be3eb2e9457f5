//! Fuzz target `glv`: the GLV split, recodings, lookups and multiplication paths
//! (`twinmul_adapters::fuzzing::check_glv`).
#![no_main]
use twinmul_adapters::fuzzing::{check_glv, GlvInput};
libfuzzer_sys::fuzz_target!(|input: GlvInput| {
    check_glv(&input);
});
