//! Fuzz target `decode`: point decoding, the optimized crate against an independent
//! implementation (`twinmul_audit::fuzzing::check_decode`).
#![no_main]
use twinmul_audit::fuzzing::{check_decode, DecodeInput};
libfuzzer_sys::fuzz_target!(|input: DecodeInput| {
    check_decode(&input);
});
