//! [`Vartime`]: the variable-time view of a field element, for public
//! inputs. The variable-time Jacobian paths run the same generic formulas as
//! the constant-time ones on `Vartime<F>` instead of `F`; only its products
//! differ, taking [`Field::mul_vartime`], whose final reduction may branch.
//!
//! Not constant time: public values only.

use super::field::Field;
use core::ops::{Add, Mul, Neg, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// A field element whose products use [`Field::mul_vartime`]: the
/// variable-time Jacobian paths run the same generic formulas as the
/// constant-time ones on `Vartime<F>` instead of `F`. Public inputs only.
#[derive(Clone, Copy, Debug, Default)]
pub struct Vartime<F>(pub F);

impl<F: Field> Add for Vartime<F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Vartime(self.0 + o.0)
    }
}
impl<F: Field> Sub for Vartime<F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Vartime(self.0 - o.0)
    }
}
impl<F: Field> Mul for Vartime<F> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Vartime(self.0.mul_vartime(&o.0))
    }
}
impl<F: Field> Neg for Vartime<F> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Vartime(-self.0)
    }
}
impl<F: Field> ConditionallySelectable for Vartime<F> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Vartime(F::conditional_select(&a.0, &b.0, c))
    }
}
impl<F: Field> ConstantTimeEq for Vartime<F> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.0.ct_eq(&o.0)
    }
}
impl<F: Field> zeroize::Zeroize for Vartime<F> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl<F: Field> Field for Vartime<F> {
    const ZERO: Self = Vartime(F::ZERO);
    const ONE: Self = Vartime(F::ONE);
    const NUM_BYTES: usize = F::NUM_BYTES;
    #[inline(always)]
    fn square(&self) -> Self {
        Vartime(self.0.square_vartime())
    }
    #[inline(always)]
    fn double(&self) -> Self {
        Vartime(self.0.double())
    }
    #[inline(always)]
    fn half(&self) -> Self {
        Vartime(self.0.half())
    }
    fn invert(&self) -> CtOption<Self> {
        self.0.invert().map(Vartime)
    }
    fn invert_vartime(&self) -> Option<Self> {
        self.0.invert_vartime().map(Vartime)
    }
    fn sqrt(&self) -> CtOption<Self> {
        self.0.sqrt().map(Vartime)
    }
    fn sqrt_vartime(&self) -> Option<Self> {
        self.0.sqrt_vartime().map(Vartime)
    }
    fn is_zero(&self) -> Choice {
        self.0.is_zero()
    }
    fn is_odd(&self) -> Choice {
        self.0.is_odd()
    }
    fn is_lexicographically_largest(&self) -> Choice {
        self.0.is_lexicographically_largest()
    }
    fn from_be_bytes(bytes: &[u8]) -> CtOption<Self> {
        F::from_be_bytes(bytes).map(Vartime)
    }
    fn write_be_bytes(&self, out: &mut [u8]) {
        self.0.write_be_bytes(out)
    }
    fn from_u64(v: u64) -> Self {
        Vartime(F::from_u64(v))
    }
    fn mul_vartime(&self, rhs: &Self) -> Self {
        Vartime(self.0.mul_vartime(&rhs.0))
    }
    #[inline(always)]
    fn square_vartime(&self) -> Self {
        Vartime(self.0.square_vartime())
    }
    #[inline(always)]
    fn is_zero_vartime(&self) -> bool {
        self.0.is_zero_vartime()
    }
    #[inline(always)]
    fn sub_mag<const M: u32>(&self, rhs: &Self) -> Self {
        Vartime(self.0.sub_mag::<M>(&rhs.0))
    }
    fn or_masked(&mut self, other: &Self, mask: u64) {
        self.0.or_masked(&other.0, mask)
    }
}
