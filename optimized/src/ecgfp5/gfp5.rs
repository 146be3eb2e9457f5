//! GF(p⁵) = GF(p)[z]/(z⁵ − 3), constant time.
//!
//! Representation invariant: five canonical GF(p) limbs, a₀ + a₁z + … + a₄z⁴.
//! Multiplication and squaring accumulate each output coefficient as a
//! 192-bit sum of 128-bit products (the z⁵ = 3 fold and the doubled cross
//! terms applied as small factors on those sums) and reduce once. Inversion and the Legendre symbol use the
//! norm N(a) = a^(1+p+p²+p³+p⁴) ∈ GF(p), computed with the Frobenius
//! (a ↦ a^p is z^i ↦ dⁱ·z^i with d = 3^((p−1)/5)); the square root is
//! sqrt(a) = sqrt_GF(p)(N(a)) / e with e = a^((r−1)/2), r = 1+p+…+p⁴.

use super::gf::{canon, Gf, P};
use core::ops::Mul;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// An element of GF(p⁵).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gfp5(pub [Gf; 5]);

/// d = 3^((p−1)/5), a primitive 5th root of unity (Go `FP5_DTH_ROOT`).
const D: u64 = 1041288259238279555;

/// Reduces lo + hi·2¹²⁸ (hi small) mod p.
#[inline(always)]
fn reduce192(lo: u128, hi: u64) -> Gf {
    Gf(super::gf::reduce192(lo, hi))
}

/// `FROBENIUS[k][i] = d^(k·i)` (d⁵ = 1), computed at compile time.
const FROBENIUS: [[u64; 5]; 5] = {
    const fn mulmod(a: u64, b: u64) -> u64 {
        ((a as u128 * b as u128) % P as u128) as u64
    }
    let mut t = [[1u64; 5]; 5];
    let mut k = 0;
    while k < 5 {
        let mut i = 1;
        while i < 5 {
            let mut j = 0;
            while j < k {
                t[k][i] = mulmod(t[k][i], D);
                j += 1;
            }
            t[k][i] = mulmod(t[k][i], t[k][i - 1]);
            i += 1;
        }
        k += 1;
    }
    t
};

/// `[f(a₀), …, f(a₄)]`, spelled out: `<[T; 5]>::map` was left out of line
/// by LLVM (through `try_map`) and cost a third of a scalar multiplication.
#[inline(always)]
fn map5<T: Copy, U>(a: [T; 5], f: impl Fn(T) -> U) -> [U; 5] {
    [f(a[0]), f(a[1]), f(a[2]), f(a[3]), f(a[4])]
}

/// A 192-bit sum (low 128 bits, high word) of 128-bit products.
#[derive(Clone, Copy)]
struct W192(u128, u64);

impl W192 {
    #[inline(always)]
    fn add(self, o: W192) -> W192 {
        let (lo, c) = self.0.overflowing_add(o.0);
        W192(lo, self.1 + o.1 + c as u64)
    }
    #[inline(always)]
    fn double(self) -> W192 {
        self.add(self)
    }
    #[inline(always)]
    fn times3(self) -> W192 {
        self.double().add(self)
    }
    #[inline(always)]
    fn times6(self) -> W192 {
        self.times3().double()
    }
}

impl Gfp5 {
    /// Zero.
    pub const ZERO: Gfp5 = Gfp5([Gf::ZERO; 5]);
    /// One.
    pub const ONE: Gfp5 = Gfp5([Gf::ONE, Gf::ZERO, Gf::ZERO, Gf::ZERO, Gf::ZERO]);

    /// From five u64 limbs, each reduced mod p.
    pub const fn from_u64s(l: [u64; 5]) -> Gfp5 {
        Gfp5([
            Gf(canon(l[0])),
            Gf(canon(l[1])),
            Gf(canon(l[2])),
            Gf(canon(l[3])),
            Gf(canon(l[4])),
        ])
    }
    /// The element of GF(p).
    pub const fn from_gf(v: u64) -> Gfp5 {
        Gfp5::from_u64s([v, 0, 0, 0, 0])
    }
    /// The canonical limbs.
    pub fn to_u64s(&self) -> [u64; 5] {
        self.0.map(|g| g.0)
    }
    /// Whether this is zero.
    pub fn is_zero(&self) -> Choice {
        self.ct_eq(&Gfp5::ZERO)
    }
    /// Sum.
    #[inline(always)]
    pub fn add(&self, o: &Gfp5) -> Gfp5 {
        let (a, b) = (&self.0, &o.0);
        Gfp5([
            a[0] + b[0],
            a[1] + b[1],
            a[2] + b[2],
            a[3] + b[3],
            a[4] + b[4],
        ])
    }
    /// Difference.
    #[inline(always)]
    pub fn sub(&self, o: &Gfp5) -> Gfp5 {
        let (a, b) = (&self.0, &o.0);
        Gfp5([
            a[0] - b[0],
            a[1] - b[1],
            a[2] - b[2],
            a[3] - b[3],
            a[4] - b[4],
        ])
    }
    /// Negation.
    #[inline(always)]
    pub fn neg(&self) -> Gfp5 {
        Gfp5::ZERO.sub(self)
    }
    /// 2·self.
    #[inline(always)]
    pub fn double(&self) -> Gfp5 {
        self.add(self)
    }
    /// Multiplication by a small GF(p) constant.
    #[inline(always)]
    pub fn mul_small(&self, k: u64) -> Gfp5 {
        Gfp5(map5(self.0, |a| Gf(super::gf::mul_small(a.0, k))))
    }
    /// Multiplication by k·z (k small): the limbs shift up, z⁵ = 3 folds back.
    #[inline(always)]
    pub fn mul_small_z(&self, k: u64) -> Gfp5 {
        let a = &self.0;
        let r = |x: Gf, f: u64| Gf(super::gf::mul_small(x.0, f));
        Gfp5([
            r(a[4], 3 * k),
            r(a[0], k),
            r(a[1], k),
            r(a[2], k),
            r(a[3], k),
        ])
    }
    /// Product: 25 multiplications and five reductions. The wrapped terms
    /// (z⁵ = 3) are summed apart and tripled on the 192-bit sum, so every
    /// output coefficient is one (u128, u64) accumulation (< 16·2¹²⁸) and
    /// one reduction, with no GF(p) addition.
    #[inline(always)]
    pub fn mul(&self, o: &Gfp5) -> Gfp5 {
        let a = map5(self.0, |x| x.0 as u128);
        let b = map5(o.0, |x| x.0 as u128);
        let m = |i: usize, j: usize| W192(a[i] * b[j], 0);
        let c0 = m(0, 0).add(m(1, 4).add(m(2, 3)).add(m(3, 2)).add(m(4, 1)).times3());
        let c1 = m(0, 1)
            .add(m(1, 0))
            .add(m(2, 4).add(m(3, 3)).add(m(4, 2)).times3());
        let c2 = m(0, 2)
            .add(m(1, 1))
            .add(m(2, 0))
            .add(m(3, 4).add(m(4, 3)).times3());
        let c3 = m(0, 3)
            .add(m(1, 2))
            .add(m(2, 1))
            .add(m(3, 0))
            .add(m(4, 4).times3());
        let c4 = m(0, 4).add(m(1, 3)).add(m(2, 2)).add(m(3, 1)).add(m(4, 0));
        Gfp5(map5([c0, c1, c2, c3, c4], |c| reduce192(c.0, c.1)))
    }
    /// Square: 15 multiplications. The doubled and tripled cross terms are
    /// scaled after the multiplication, on the 192-bit sums (additions of
    /// (u128, u64) pairs), so no GF(p) addition or mask is spent on them:
    ///
    /// c₀ = a₀² + 6(a₁a₄ + a₂a₃), c₁ = 2a₀a₁ + 3(2a₂a₄ + a₃²),
    /// c₂ = a₁² + 2(a₀a₂ + 3a₃a₄), c₃ = 2(a₀a₃ + a₁a₂) + 3a₄²,
    /// c₄ = a₂² + 2(a₀a₄ + a₁a₃)  (z⁵ = 3; each sum < 11·2¹²⁸).
    #[inline(always)]
    pub fn square(&self) -> Gfp5 {
        let a = map5(self.0, |v| v.0 as u128);
        let m = |i: usize, j: usize| W192(a[i] * a[j], 0);
        let c0 = m(0, 0).add(m(1, 4).add(m(2, 3)).times6());
        let c1 = m(0, 1).double().add(m(2, 4).double().add(m(3, 3)).times3());
        let c2 = m(1, 1).add(m(0, 2).add(m(3, 4).times3()).double());
        let c3 = m(0, 3).add(m(1, 2)).double().add(m(4, 4).times3());
        let c4 = m(2, 2).add(m(0, 4).add(m(1, 3)).double());
        Gfp5(map5([c0, c1, c2, c3, c4], |c| reduce192(c.0, c.1)))
    }
    /// `self^(2^n)`.
    pub fn square_n(&self, n: u32) -> Gfp5 {
        let mut r = *self;
        for _ in 0..n {
            r = r.square();
        }
        r
    }
    /// The Frobenius a ↦ a^p applied `k` times: limb i times d^(k·i).
    pub fn frobenius(&self, k: u32) -> Gfp5 {
        let f = &FROBENIUS[k as usize % 5];
        Gfp5(core::array::from_fn(|i| self.0[i].mul(Gf(f[i]))))
    }
    /// a^(p+p²+p³+p⁴) (so that a·this = N(a) ∈ GF(p)).
    fn norm_cofactor(&self) -> Gfp5 {
        let t1 = self.frobenius(1).mul(&self.frobenius(2)); // a^(p+p²)
        t1.mul(&t1.frobenius(2)) // · a^(p³+p⁴)
    }
    /// The norm N(a) ∈ GF(p) and the cofactor.
    fn norm(&self) -> (Gf, Gfp5) {
        let c = self.norm_cofactor();
        (self.mul(&c).0[0], c)
    }
    /// `self⁻¹` (zero maps to zero). Constant time.
    pub fn invert(&self) -> Gfp5 {
        let (n, c) = self.norm();
        let ni = n.invert();
        Gfp5(c.0.map(|x| x.mul(ni)))
    }
    /// Whether this is a square (zero counts as a square). Constant time.
    pub fn is_square(&self) -> Choice {
        self.norm().0.is_square()
    }
    /// Square root and whether it exists. Constant time.
    pub fn sqrt(&self) -> (Gfp5, Choice) {
        // d = a^((p+1)/2), (p+1)/2 = 2⁶³ − 2³¹ + 1 = (2³² − 1)·2³¹ + 1.
        let a = *self;
        let mut e32 = a; // a^(2^k − 1) for k = 1, then doubled up to 32
        for k in [1u32, 2, 4, 8, 16] {
            e32 = e32.square_n(k).mul(&e32);
        }
        let d = e32.square_n(31).mul(&a);
        // e = a^((r−1)/2) = frob(d·frob²(d)); g = a·e² = N(a) ∈ GF(p).
        let e = d.mul(&d.frobenius(2)).frobenius(1);
        let g = a.mul(&e.square()).0[0];
        let (sg, ok) = g.sqrt();
        let ei = e.invert();
        let r = Gfp5(ei.0.map(|x| x.mul(sg)));
        (r, ok & r.square().ct_eq(self))
    }
    /// 40 bytes: five limbs little-endian, limb 0 first.
    pub fn to_bytes(&self) -> [u8; 40] {
        let mut out = [0u8; 40];
        for (i, l) in self.0.iter().enumerate() {
            out[8 * i..8 * i + 8].copy_from_slice(&l.0.to_le_bytes());
        }
        out
    }
    /// Strict parse of 40 bytes: every limb must be < p.
    pub fn from_canonical_bytes(bytes: &[u8]) -> Option<Gfp5> {
        if bytes.len() != 40 {
            return None;
        }
        let mut limbs = [Gf::ZERO; 5];
        for (i, l) in limbs.iter_mut().enumerate() {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[8 * i..8 * i + 8]);
            let v = u64::from_le_bytes(w);
            if v >= P {
                return None;
            }
            *l = Gf(v);
        }
        Some(Gfp5(limbs))
    }
}

impl ConditionallySelectable for Gfp5 {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Gfp5(core::array::from_fn(|i| {
            Gf::conditional_select(&a.0[i], &b.0[i], c)
        }))
    }
}

impl ConstantTimeEq for Gfp5 {
    fn ct_eq(&self, o: &Self) -> Choice {
        let mut r = Choice::from(1);
        for i in 0..5 {
            r &= self.0[i].ct_eq(&o.0[i]);
        }
        r
    }
}
