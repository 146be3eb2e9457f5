//! Fuzz target `field`: every field of the optimized crate against big integers
//! (`twinmul_adapters::fuzzing::check_field`).
#![no_main]
use twinmul_adapters::fuzzing::{check_field, FieldInput};
libfuzzer_sys::fuzz_target!(|input: FieldInput| {
    check_field(&input);
});
