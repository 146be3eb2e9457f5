//! Fuzz target `sign`: signing, the optimized crate against an independent
//! implementation (`twinmul_adapters::fuzzing::check_sign`).
#![no_main]
use twinmul_adapters::fuzzing::{check_sign, SignInput};
libfuzzer_sys::fuzz_target!(|input: SignInput| {
    check_sign(&input);
});
