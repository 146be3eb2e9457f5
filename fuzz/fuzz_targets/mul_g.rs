//! Fuzz target `mul_g`: k·G, the optimized crate against an independent
//! implementation (`twinmul_adapters::fuzzing::check_mul_g`).
#![no_main]
use twinmul_adapters::fuzzing::{check_mul_g, MulGInput};
libfuzzer_sys::fuzz_target!(|input: MulGInput| {
    check_mul_g(&input);
});
