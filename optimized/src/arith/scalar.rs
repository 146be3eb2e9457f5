//! Scalar fields: the integers mod a group order n, as the same Montgomery
//! type `Fp` (`arith::montgomery`) with n as modulus, plus the parsing and
//! comparison the protocols need.
//!
//! Constant time: `from_canonical_bytes` compares against n with a borrow
//! chain (no early exit); `is_high` likewise.

use super::field::{Field, FieldParams};
use super::limbs;
use super::montgomery::Fp;
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
    /// 1/2 mod n, which is (n + 1)/2 = ⌊n/2⌋ + 1 since n is odd.
    fn one_half() -> Self {
        let n = Self::ORDER;
        let shifted: [u64; 4] = core::array::from_fn(|i| {
            let hi = if i < 3 { n[i + 1] << 63 } else { 0 };
            (n[i] >> 1) | hi
        });
        Self::from_le_limbs_reduced(&shifted) + Self::ONE
    }
    /// 2^e mod n for a public e < 511: a product of two values with one bit
    /// set, each below 2²⁵⁶ (no chain of doublings).
    fn power_of_two(e: u32) -> Self {
        debug_assert!(e < 511);
        let one_bit = |e: u32| {
            let mut l = [0u64; 4];
            l[(e / 64) as usize] = 1 << (e % 64);
            Self::from_le_limbs_reduced(&l)
        };
        one_bit(e.min(255)) * one_bit(e - e.min(255))
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
