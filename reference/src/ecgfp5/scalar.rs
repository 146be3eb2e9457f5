//! Scalars of ECgFp5: integers mod the 319-bit prime n, 40 bytes little-endian.

use super::curve::order;
use super::field::{Fp5, P};
use crate::Error;
use num_bigint::BigUint;

/// Scalar length in bytes (little-endian).
pub const SCALAR_LEN: usize = 40;

/// Reads 40 LE bytes as an integer and reduces it mod n (multiplier rule).
pub fn from_bytes_reduced(bytes: &[u8]) -> Result<BigUint, Error> {
    if bytes.len() != SCALAR_LEN {
        return Err(Error::Length);
    }
    Ok(BigUint::from_bytes_le(bytes) % order())
}

/// Reads 40 LE bytes as an integer that must be < n.
pub fn from_canonical_bytes(bytes: &[u8]) -> Result<BigUint, Error> {
    if bytes.len() != SCALAR_LEN {
        return Err(Error::Length);
    }
    let v = BigUint::from_bytes_le(bytes);
    if v >= order() {
        return Err(Error::InvalidScalar);
    }
    Ok(v)
}

/// Writes a scalar (< 2³²⁰) as 40 LE bytes.
pub fn to_bytes(v: &BigUint) -> [u8; 40] {
    let raw = v.to_bytes_le();
    let mut out = [0u8; 40];
    out[..raw.len()].copy_from_slice(&raw);
    out
}

/// FromGfp5 (docs/ecgfp5.md §4): the canonical limbs as a 320-bit LE integer, mod n.
pub fn from_gfp5(e: &Fp5) -> BigUint {
    let mut bytes = Vec::with_capacity(40);
    for l in e.0 {
        bytes.extend_from_slice(&(l % P).to_le_bytes());
    }
    BigUint::from_bytes_le(&bytes) % order()
}
