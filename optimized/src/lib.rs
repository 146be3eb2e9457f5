//! twinmul: fast, constant-time elliptic-curve scalar multiplication.
//!
//! Layers, each depending only on the ones above it:
//! - [`limbs`]: carry/borrow chains on `[u64; N]`;
//! - [`field`]: one generic Montgomery prime field `Fp<P, N>` and the [`Field`] trait;
//! - [`scalar`]: scalar fields (the same type, modulus n) and [`ScalarField`];
//! - [`curve`]: the generic `y² = x³ + b` group, complete RCB formulas;
//! - [`lookup`]: the constant-time [`LookupTable`];
//! - [`glv`]: GLV decomposition and signed recoding;
//! - [`jacobian`]: variable-time Jacobian formulas, the effective-affine `mul_vartime`;
//! - [`mul`]: `mul` (constant time), `mul_vartime`, `mul2_vartime`;
//! - [`comb`]: fixed-base k·G (blinded signed-digit comb) and its `_vartime` twin;
//! - [`bip340`]: BIP340 Schnorr on secp256k1 (with [`sha256`] for its tagged hashes);
//! - [`ecgfp5`]: ECgFp5, Poseidon2 and Lighter's Schnorr;
//! - [`curves`]: secp256k1, BN254, BLS12-381 (parameter impls + encodings),
//!   and a toy curve of order 199 for exhaustive tests.
//!
//! Constant time unless the name ends in `_vartime` (public inputs only).
// unsafe code is denied (workspace lint); the one exception is the memcheck
// client request in `ct`, compiled only with `--cfg twinmul_ctgrind`.
#![deny(unsafe_code)]

pub mod bip340;
pub mod comb;
pub mod ct;
pub mod curve;
pub mod curves;
pub mod ecgfp5;
mod error;
pub mod fe52;
pub mod field;
pub mod glv;
pub mod jacobian;
pub mod limbs;
pub mod lookup;
pub mod mul;
mod safegcd;
pub mod scalar;
pub mod sha256;

pub use error::Error;
pub use field::Field;
pub use lookup::LookupTable;
pub use scalar::ScalarField;
