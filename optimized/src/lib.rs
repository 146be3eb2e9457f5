//! twinmul: fast, constant-time elliptic-curve scalar multiplication on
//! secp256k1, BN254, BLS12-381 G1 and ECgFp5, with BIP340 and Lighter's
//! Schnorr signatures.
//!
//! ```
//! use twinmul::curves::secp256k1::{self, Point, Scalar};
//! use twinmul::mul::{mul, mul_vartime, GeneratorContext};
//! use twinmul::arith::scalar::ScalarField;
//!
//! // k·G through the blinded comb, and k·P: constant time in k.
//! let k = Scalar::from_bytes_reduced(&[7u8; 32]).unwrap();
//! let ctx = GeneratorContext::<secp256k1::Secp256k1>::new().unwrap();
//! let kg = ctx.mul_g(&k);
//! let p = mul(&Point::generator(), &k);
//! assert_eq!(secp256k1::encode(&kg), secp256k1::encode(&p));
//! // The same for a public scalar, faster.
//! assert_eq!(secp256k1::encode(&mul_vartime(&Point::generator(), &k)), secp256k1::encode(&p));
//!
//! // BIP340: sign and verify.
//! let sig = twinmul::bip340::sign(&ctx, &[1u8; 32], b"message", &[0u8; 32]).unwrap();
//! let pk = twinmul::bip340::public_key(&ctx, &[1u8; 32]).unwrap();
//! assert!(twinmul::bip340::verify(&pk, b"message", &sig));
//! ```
//!
//! Layers, each importing only those listed before it:
//! - [`ct`]: the optimisation barrier and the valgrind hooks;
//! - [`arith`]: limbs, prime fields (Montgomery, and secp256k1's 5 × 52,
//!   also four at a time on AVX-512 IFMA), scalars, inversion;
//! - [`point`]: curve parameters and the group law in affine, projective and
//!   Jacobian coordinates;
//! - [`mul`]: GLV splits, recodings, constant-time lookups, and the
//!   multiplications: [`mul::mul`] (constant time), [`mul::mul_vartime`],
//!   [`mul::mul2_vartime`], and the comb for k·G;
//! - [`curves`]: secp256k1, BN254, BLS12-381 (each one file of parameters,
//!   table shapes and encoding) and the toy curves of the exhaustive tests;
//! - the protocols: [`bip340`] (with its SHA-256) and [`ecgfp5`] (its own
//!   field tower, formulas, Poseidon2 and Lighter's Schnorr).
//!
//! Constant time unless the name ends in `_vartime` (public inputs only).
//! `docs/design.md` explains the algorithms, `docs/constant-time.md` how
//! the claim is tested.
// unsafe code is denied (workspace lint); the exceptions are the memcheck
// client request in `ct`, compiled only with the `ctgrind` feature, and the
// calls into code compiled for CPU extensions (SHA-NI, AVX-512 IFMA), each
// behind a proof that the CPU has them.
#![deny(unsafe_code)]

pub mod arith;
pub mod bip340;
pub mod ct;
pub mod curves;
pub mod ecgfp5;
mod error;
pub mod mul;
pub mod point;

pub use arith::field::Field;
pub use arith::scalar::ScalarField;
pub use error::Error;
pub use mul::lookup::LookupTable;
