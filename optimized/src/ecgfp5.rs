//! ECgFp5 (Pornin, ePrint 2022/274) as Lighter uses it: GF(p) with
//! p = 2⁶⁴ − 2³² + 1, GF(p⁵) = GF(p)\[z\]/(z⁵ − 3), the double-odd curve
//! y² = x(x² + 2x + 263z) in fractional (x, u) coordinates with complete
//! formulas, scalars mod the 319-bit n, Poseidon2 and Lighter's Schnorr.
//! See docs/ecgfp5.md for the conventions and the traps.
//!
//! - [`gf`], [`gfp5`]: the field GF(p) and its degree-5 extension;
//! - [`scalar`]: integers mod n;
//! - [`point`]: the group law in (x, u) and Jacobian (x, w) coordinates;
//! - [`mul`]: k·P, k·G and s·G + e·P;
//! - [`poseidon2`]: the hash Lighter signs with;
//! - [`schnorr`]: Lighter's Schnorr signatures (strict);
//! - `compat` (feature `compat`, off by default): Go v0.0.15's and
//!   goldilocks-crypto's policies, for auditors; never in a production build.
//!
//! Constant time unless the name ends in `_vartime`.

#[cfg(feature = "compat")]
pub mod compat;
mod generator_table;
pub mod gf;
pub mod gfp5;
pub mod mul;
pub mod point;
pub mod poseidon2;
pub mod scalar;
pub mod schnorr;
