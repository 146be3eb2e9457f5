//! Pornin's ECgFp5 (vendored unedited in `peers/ecgfp5-pornin`) with its
//! window lookup mended: the same modules, compiled from the same files,
//! except `field`, which `build.rs` copies with one line added so that the
//! lookup's mask stays opaque to the optimiser.
//!
//! It exists as the other half of a control pair: the constant-time stage
//! flags the unedited copy (a branch on the secret digit) and must pass
//! this one, and the benches compare twinmul's constant-time k·P with the
//! designer's code made constant time, like with like. Its answers must
//! equal the unedited copy's (`adapters/tests/peers.rs`).

#![no_std]

pub mod field {
    include!(concat!(env!("OUT_DIR"), "/field.rs"));
}

#[path = "../../ecgfp5-pornin/src/curve.rs"]
pub mod curve;
#[path = "../../ecgfp5-pornin/src/multab.rs"]
pub mod multab;
#[path = "../../ecgfp5-pornin/src/scalar.rs"]
pub mod scalar;
