//! Fuzz target `mul`: k·P, the optimized crate against an independent
//! implementation (`twinmul_adapters::fuzzing::check_mul`).
#![no_main]
use twinmul_adapters::fuzzing::{check_mul, MulInput};
libfuzzer_sys::fuzz_target!(|input: MulInput| {
    check_mul(&input);
});
