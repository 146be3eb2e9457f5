//! Fuzz target `verify`: verification, the optimized crate against an independent
//! implementation (`twinmul_adapters::fuzzing::check_verify`).
#![no_main]
use twinmul_adapters::fuzzing::{check_verify, VerifyInput};
libfuzzer_sys::fuzz_target!(|input: VerifyInput| {
    check_verify(&input);
});
