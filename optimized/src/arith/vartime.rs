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

#[cfg(test)]
mod tests {
    //! `Vartime<F>` is the same field as `F`: every operation, the ones the
    //! Jacobian paths use and the ones only the trait asks for, agrees with
    //! F's own on elements that tell the operations apart (odd and even,
    //! either half, zero, a square and a non-square).
    use super::*;
    use crate::curves::{bls12_381, secp256k1};
    use zeroize::Zeroize;

    fn same<F: Field>(a: &F, b: &F) -> bool {
        bool::from(a.ct_eq(b))
    }

    fn is_square_root<F: Field>(r: Option<F>, of: &F) -> bool {
        r.is_some_and(|r| same(&r.square(), of))
    }

    fn agrees<F: Field>() {
        let seven_inv = F::from_u64(7).invert_vartime().unwrap();
        let elements = [F::ZERO, F::ONE, F::from_u64(2), -F::ONE, seven_inv];
        for &a in &elements {
            let va = Vartime(a);
            for &b in &elements {
                let vb = Vartime(b);
                assert!(same(&(va + vb).0, &(a + b)));
                assert!(same(&(va - vb).0, &(a - b)));
                assert!(same(&(va * vb).0, &(a * b)));
                assert!(same(&va.mul_vartime(&vb).0, &(a * b)));
                assert!(same(&va.sub_mag::<1>(&vb).0, &(a - b)));
                assert_eq!(bool::from(va.ct_eq(&vb)), same(&a, &b));
                for c in [0u8, 1] {
                    let s = Vartime::conditional_select(&va, &vb, Choice::from(c));
                    assert!(same(&s.0, &F::conditional_select(&a, &b, Choice::from(c))));
                }
                let mut acc = va;
                acc.or_masked(&vb, 0);
                assert!(same(&acc.0, &a), "a zero mask leaves it");
            }
            assert!(same(&(-va).0, &-a));
            assert!(same(&va.square().0, &a.square()));
            assert!(same(&va.square_vartime().0, &a.square()));
            assert!(same(&va.double().0, &a.double()));
            assert!(same(&va.half().0, &a.half()));
            assert_eq!(bool::from(va.is_zero()), bool::from(a.is_zero()));
            assert_eq!(va.is_zero_vartime(), bool::from(a.is_zero()));
            assert_eq!(bool::from(va.is_odd()), bool::from(a.is_odd()));
            assert_eq!(
                bool::from(va.is_lexicographically_largest()),
                bool::from(a.is_lexicographically_largest())
            );
            let inv: Option<F> = a.invert().into();
            let vinv: Option<Vartime<F>> = va.invert().into();
            assert_eq!(vinv.map(|x| x.0).is_some(), inv.is_some());
            if let (Some(x), Some(y)) = (vinv, inv) {
                assert!(same(&x.0, &y));
            }
            let vinv = va.invert_vartime();
            assert_eq!(vinv.is_some(), inv.is_some());
            if let (Some(x), Some(y)) = (vinv, inv) {
                assert!(same(&x.0, &y));
            }
            let mut bytes = vec![0u8; F::NUM_BYTES];
            let mut vbytes = vec![0u8; F::NUM_BYTES];
            a.write_be_bytes(&mut bytes);
            va.write_be_bytes(&mut vbytes);
            assert_eq!(vbytes, bytes);
            let parsed: Option<Vartime<F>> = Vartime::<F>::from_be_bytes(&bytes).into();
            assert!(parsed.is_some_and(|p| same(&p.0, &a)));
            let mut wiped = va;
            wiped.zeroize();
            assert!(same(&wiped.0, &F::ZERO));
            let mut acc = Vartime(F::ZERO);
            acc.or_masked(&va, u64::MAX);
            assert!(same(&acc.0, &a), "an all-ones mask copies it");
        }
        assert!(same(&Vartime::<F>::from_u64(9).0, &F::from_u64(9)));
        // 4 is a square; −1 is not (p ≡ 3 mod 4 for both fields below).
        let four = Vartime(F::from_u64(4));
        let sqrt: Option<Vartime<F>> = four.sqrt().into();
        assert!(is_square_root(sqrt.map(|r| r.0), &four.0));
        assert!(is_square_root(four.sqrt_vartime().map(|r| r.0), &four.0));
        let minus_one = Vartime(-F::ONE);
        assert!(bool::from(minus_one.sqrt().is_none()));
        assert!(minus_one.sqrt_vartime().is_none());
    }

    #[test]
    fn vartime_is_the_same_field() {
        agrees::<secp256k1::Fe>();
        agrees::<bls12_381::Fe>();
    }
}
