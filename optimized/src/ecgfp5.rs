//! ECgFp5 (Pornin, ePrint 2022/274) as Lighter uses it: GF(p) with
//! p = 2⁶⁴ − 2³² + 1, GF(p⁵) = GF(p)[z]/(z⁵ − 3), the double-odd curve
//! y² = x(x² + 2x + 263z) in fractional (x, u) coordinates with complete
//! formulas, scalars mod the 319-bit n, Poseidon2 and Lighter's Schnorr.
//! See `shared/specs/ecgfp5-lighter.md`.
//!
//! Constant time unless the name ends in `_vartime`.

pub mod curve;
mod gen_table;
pub mod gf;
pub mod gfp5;
pub mod poseidon2;
pub mod scalar;
pub mod schnorr;
