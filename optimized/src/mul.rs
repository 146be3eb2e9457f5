//! The scalar-multiplication layer: scalar splits and recodings, table
//! lookups, and the algorithms over the point formulas.
//!
//! - [`glv`]: the GLV split (and its odd-digit form) for curves with an
//!   endomorphism;
//! - [`recode`]: signed fixed windows and wNAF;
//! - [`lookup`]: constant-time table reads, by full scans only;
//! - [`constant_time`]: [`mul`], k·P constant time in k (and its
//!   cross-checks);
//! - `constant_time_ifma`: its main loop on secp256k1's vector formulas
//!   (AVX-512 IFMA);
//! - [`vartime`]: [`mul_vartime`] and [`mul2_vartime`] (a·G + b·P), for
//!   public scalars;
//! - `vartime_ifma`: a·G + b·P on secp256k1's vector formulas (AVX-512 IFMA);
//! - [`comb`]: fixed-base k·G, the blinded comb ([`GeneratorContext`]) and
//!   [`mul_g_vartime`];
//! - `comb_ifma`: the constant-time comb on secp256k1's vector formulas
//!   (AVX-512 IFMA).
//!
//! Every algorithm takes any [`CurveParams`](crate::point::params::CurveParams):
//! with an endomorphism it splits the scalar; without, it runs the same
//! windows over the whole scalar. Constant time unless the name ends in
//! `_vartime`.

pub mod comb;
#[cfg(target_arch = "x86_64")]
pub(crate) mod comb_ifma;
pub mod constant_time;
#[cfg(target_arch = "x86_64")]
pub(crate) mod constant_time_ifma;
pub mod glv;
pub mod lookup;
pub mod recode;
pub mod vartime;
#[cfg(target_arch = "x86_64")]
pub(crate) mod vartime_ifma;

pub use comb::{mul_g_vartime, GeneratorContext, GeneratorTable};
pub use constant_time::{mul, mul_complete, mul_double_and_add, mul_portable};
pub use vartime::{
    mul2_vartime, mul2_vartime_portable, mul2_vartime_projective, mul_vartime,
    mul_vartime_portable, mul_vartime_projective,
};
