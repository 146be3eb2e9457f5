//! Scalar fields: the integers mod a group order n, as the same Montgomery
//! type [`Fp`](crate::field::Fp) with n as modulus, plus the parsing and
//! comparison the protocols need.
//!
//! Constant time: `from_canonical_bytes` compares against n with a borrow
//! chain (no early exit); `is_high` likewise.

use crate::field::{Field, FieldParams, Fp};
use crate::limbs;
use subtle::{Choice, CtOption};

/// What the multiplication drivers need from a scalar field (four limbs).
pub trait ScalarField: Field {
    /// The order n, little-endian limbs.
    const ORDER: [u64; 4];
    /// Bits of n.
    const NUM_BITS: u32;
    /// The canonical value, little-endian limbs.
    fn to_le_limbs(&self) -> [u64; 4];
    /// Any value below 2²⁵⁶, reduced mod n.
    fn from_le_limbs_reduced(v: &[u64; 4]) -> Self;
    /// 32 big-endian bytes read as an integer and reduced mod n (the
    /// multiplier rule of the interop contract); `None` on a wrong length.
    fn from_bytes_reduced(bytes: &[u8]) -> Option<Self> {
        (bytes.len() == 32).then(|| Self::from_le_limbs_reduced(&limbs::from_be_bytes(bytes)))
    }
    /// 32 big-endian bytes that must encode a value < n (borrow-chain
    /// comparison, constant time).
    fn from_canonical_bytes(bytes: &[u8]) -> CtOption<Self> {
        Self::from_be_bytes(bytes)
    }
    /// Whether the canonical value exceeds (n − 1)/2, i.e. is "negative".
    fn is_high(&self) -> Choice {
        self.is_lexicographically_largest()
    }
}

impl<P: FieldParams<4>> ScalarField for Fp<P, 4> {
    const ORDER: [u64; 4] = P::MODULUS;
    const NUM_BITS: u32 = {
        let mut i = 3;
        while P::MODULUS[i] == 0 {
            i -= 1;
        }
        64 * i as u32 + 64 - P::MODULUS[i].leading_zeros()
    };
    fn to_le_limbs(&self) -> [u64; 4] {
        self.to_canonical_limbs()
    }
    fn from_le_limbs_reduced(v: &[u64; 4]) -> Self {
        Self::from_limbs_reduced(v)
    }
}
