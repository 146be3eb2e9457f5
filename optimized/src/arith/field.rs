//! The [`Field`] trait the point and multiplication code is written
//! against, implemented by the Montgomery fields (`montgomery.rs`), the
//! 5 × 52 secp256k1 field (`fe52.rs`), ECgFp5's GF(p⁵) and their
//! variable-time views (`vartime.rs`); and [`FieldParams`], a prime field's
//! modulus.
//!
//! Constant time: the trait's operations are constant time in every
//! implementation, except those named `_vartime`.

use core::fmt;
use core::ops::{Add, Mul, Neg, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// The parameters of one prime field: only its modulus.
pub trait FieldParams<const N: usize>: 'static + Copy + Send + Sync + fmt::Debug {
    /// The odd prime modulus, little-endian limbs.
    const MODULUS: [u64; N];
}

/// The operations the curve code needs from a field (base or scalar).
pub trait Field:
    Copy
    + Default
    + fmt::Debug
    + ConditionallySelectable
    + ConstantTimeEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + zeroize::Zeroize
    + Send
    + Sync
    + 'static
{
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// Bytes of the big-endian encoding (8 per limb).
    const NUM_BYTES: usize;
    /// `self²`.
    fn square(&self) -> Self;
    /// `2·self`.
    fn double(&self) -> Self;
    /// `self/2`. Constant time.
    fn half(&self) -> Self;
    /// `self⁻¹`, none for zero. Constant time.
    fn invert(&self) -> CtOption<Self>;
    /// `self⁻¹`, `None` for zero. Variable time: public inputs only.
    fn invert_vartime(&self) -> Option<Self>;
    /// A square root, none for a non-square. Constant time.
    fn sqrt(&self) -> CtOption<Self>;
    /// A square root, `None` for a non-square. Variable time: public inputs
    /// only.
    fn sqrt_vartime(&self) -> Option<Self>;
    /// Whether this is zero.
    fn is_zero(&self) -> Choice;
    /// Whether the canonical value is odd.
    fn is_odd(&self) -> Choice;
    /// Whether the canonical value exceeds (p − 1)/2 (the ZCash "largest" flag).
    fn is_lexicographically_largest(&self) -> Choice;
    /// Parses `NUM_BYTES` big-endian bytes; none when the value is ≥ p or the length is wrong.
    fn from_be_bytes(bytes: &[u8]) -> CtOption<Self>;
    /// Writes the canonical value as `NUM_BYTES` big-endian bytes.
    fn write_be_bytes(&self, out: &mut [u8]);
    /// The element `v mod p`.
    fn from_u64(v: u64) -> Self;
    /// `self |= other & mask`, limb by limb, on the internal representation
    /// (mask all ones or zero; `ZERO`'s limbs are all zero): the accumulate
    /// step of a constant-time table scan.
    fn or_masked(&mut self, other: &Self, mask: u64);
    /// Whether this is zero, with early exits: public inputs only.
    #[inline(always)]
    fn is_zero_vartime(&self) -> bool {
        self.is_zero().into()
    }
    /// `self²` through [`Field::mul_vartime`], unless the field has a
    /// cheaper square (public inputs only, as `mul_vartime`).
    #[inline(always)]
    fn square_vartime(&self) -> Self {
        self.mul_vartime(self)
    }
    /// `self − rhs` for an `rhs` of magnitude ≤ M (see `fe52.rs`): fields
    /// with lazy sums may then skip the carry of a difference, its result
    /// having magnitude mag(self) + M + 1. Every other field subtracts as
    /// usual. The curve formulas name M where the skipped carry pays; debug
    /// builds check it.
    #[inline(always)]
    fn sub_mag<const M: u32>(&self, rhs: &Self) -> Self {
        *self - *rhs
    }
    /// −self for an input of magnitude ≤ 1, as 0 − self without the carry
    /// of a negation ([`Field::sub_mag`]): magnitude 2, which every product
    /// and mixed addition takes.
    #[inline(always)]
    fn neg_lazy(&self) -> Self {
        Self::ZERO.sub_mag::<1>(self)
    }
    /// `self·rhs` with a final reduction that may branch on the value:
    /// public inputs only (the `_vartime` Jacobian paths, through [`Vartime`](super::vartime::Vartime)).
    #[inline(always)]
    fn mul_vartime(&self, rhs: &Self) -> Self {
        *self * *rhs
    }
}
