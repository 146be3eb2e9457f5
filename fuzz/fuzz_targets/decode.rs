//! Fuzz target `decode`: point decoding, the optimized crate against an independent
//! implementation (`twinmul_adapters::fuzzing::check_decode`).
#![no_main]
use twinmul_adapters::fuzzing::{check_decode, DecodeInput};
libfuzzer_sys::fuzz_target!(|input: DecodeInput| {
    check_decode(&input);
});
