//! ECgFp5 (Pornin, ePrint 2022/274) as Lighter uses it: the curve
//! `y² = x(x² + 2x + 263z)` over GF(p⁵), p = 2⁶⁴ − 2³² + 1, its prime-order
//! group of order n (319 bits), Poseidon2 over Goldilocks, and Lighter's
//! Schnorr signatures. See docs/ecgfp5.md.
//!
//! The reference computes in the isomorphic short-Weierstrass model
//! (the group element P ↦ P + N ∈ E\[n\], then X = x + a/3), where the group law
//! is the textbook chord-and-tangent rule; the w-encoding maps to and from
//! that model exactly as docs/ecgfp5.md §2 describes.

pub mod curve;
pub mod field;
pub mod go_v0_0_15;
pub mod goldilocks_crypto;
pub mod poseidon2;
pub mod scalar;
pub mod schnorr;
