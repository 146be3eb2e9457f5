//! twinmul-reference: the deliberately naive oracle.
//!
//! Everything here is written to be *obviously* correct, not fast: field
//! elements are `num-bigint` integers (or `u128` schoolbook for ECgFp5),
//! points are affine with an explicit point at infinity, addition is the
//! textbook chord-and-tangent rule, and scalar multiplication is MSB-first
//! double-and-add (in textbook Jacobian coordinates, so that a
//! multiplication pays one inversion instead of one per step). Nothing here
//! is constant time; nothing here is shared with the optimized crate.
//!
//! Modules:
//! - [`weierstrass`]: the generic short-Weierstrass curve `y² = x³ + a·x + b`
//!   over a prime field, used by the three `y² = x³ + b` curves;
//! - [`jacobian`]: double-and-add in Jacobian coordinates, for any curve of
//!   that form over any field;
//! - [`secp256k1`], [`bn254`], [`bls12_381`]: parameters and byte encodings;
//! - [`bip340`]: BIP340 Schnorr signatures, transcribed from the BIP;
//! - [`ecgfp5`]: ECgFp5 over GF(p⁵), Poseidon2, and Lighter's Schnorr scheme.

pub mod bip340;
pub mod bls12_381;
pub mod bn254;
pub mod ecgfp5;
mod error;
pub mod jacobian;
pub mod secp256k1;
pub mod weierstrass;

pub use error::Error;
