//! Fuzz target `classes`: one draw from the catalogue of input classes,
//! the optimized crate against an independent implementation
//! (`twinmul_adapters::fuzzing::check_class`).
#![no_main]
use twinmul_adapters::fuzzing::{check_class, ClassInput};
libfuzzer_sys::fuzz_target!(|input: ClassInput| {
    check_class(&input);
});
