//! The point layer: what a curve is, and its points in three coordinate
//! systems with their formulas. Nothing here multiplies by a scalar.
//!
//! - [`params`]: [`CurveParams`](params::CurveParams), one `impl` per curve,
//!   and its optional GLV endomorphism;
//! - [`affine`]: affine points, and the bare (x, y) table entries;
//! - [`projective`]: homogeneous coordinates with the complete
//!   Renes–Costello–Batina formulas (constant time, no exceptions);
//! - `jacobian`: Jacobian coordinates with libsecp256k1's doubling and
//!   mixed additions, and the co-Z chain that builds effective-affine tables;
//! - `jacobian4`: secp256k1's doubling and mixed additions on four-lane
//!   vectors (AVX-512 IFMA), for the variable-time Straus sum.

pub mod affine;
pub(crate) mod jacobian;
#[cfg(target_arch = "x86_64")]
pub(crate) mod jacobian4;
pub mod params;
pub mod projective;
