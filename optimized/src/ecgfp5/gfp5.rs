//! GF(p⁵) = GF(p)\[z\]/(z⁵ − 3), constant time.
//!
//! Representation: five GF(p) limbs a₀ + a₁z + … + a₄z⁴, each held in
//! Montgomery form (aᵢ·2⁶⁴ mod p, canonical), because Pornin's Montgomery
//! reduction of a Goldilocks product is a handful of instructions where a
//! plain reduction needs two folds and a final subtraction: that made the
//! product and the square of GF(p⁵) about a third faster. Addition,
//! subtraction and multiplication by small integers are the same in both
//! forms; conversion happens only at the edges (`from_u64s`, `to_u64s`,
//! bytes, GF(p) values in and out).
//!
//! Multiplication and squaring sum each output coefficient's products as
//! two sums of 64-bit halves, fold the high sum with 2⁶⁴ ≡ 2³² − 1 and
//! reduce once; the z⁵ = 3 fold and the doubled cross terms are moved into
//! the operands (3b, 2a) by modular additions, so that every coefficient is
//! a plain sum of products (fewer instructions than weighting the sums).
//! Inversion and the Legendre symbol use the norm
//! N(a) = a^(1+p+p²+p³+p⁴) ∈ GF(p), computed with the Frobenius
//! (a ↦ a^p is z^i ↦ dⁱ·z^i with d = 3^((p−1)/5)); the square root is
//! sqrt(a) = sqrt_GF(p)(N(a)) / e with e = a^((r−1)/2), r = 1+p+…+p⁴.

use super::gf::{canon, montyred, reduce128, to_mont, Gf, P};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// An element of GF(p⁵): limbs in Montgomery form (see the module doc).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Gfp5(pub(crate) [u64; 5]);

impl core::fmt::Debug for Gfp5 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Gfp5").field(&self.to_u64s()).finish()
    }
}

/// d = 3^((p−1)/5), a primitive 5th root of unity (Go `FP5_DTH_ROOT`).
const D: u64 = 1041288259238279555;

/// 2¹²⁸ mod p: `montyred(v·R2) = v·2⁶⁴ mod p` converts into Montgomery form.
const R2: u64 = 0xFFFF_FFFE_0000_0001;

/// v (< 2⁶⁴) into Montgomery form, canonical.
#[inline(always)]
fn mont_in(v: u64) -> u64 {
    montyred(v as u128 * R2 as u128)
}

/// `FROBENIUS[k][i] = d^(k·i)` (d⁵ = 1) in Montgomery form, computed at
/// compile time.
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
    let mut k = 0;
    while k < 5 {
        let mut i = 0;
        while i < 5 {
            t[k][i] = to_mont(t[k][i]);
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

/// The products' high and low halves of Σ aₖ·bₖ, summed apart (u128 each).
#[inline(always)]
fn halves<const K: usize>(t: [(u64, u64); K]) -> (u128, u128) {
    let (mut hi, mut lo) = (0u128, 0u128);
    for (a, b) in t {
        let p = a as u128 * b as u128;
        hi += p >> 64;
        lo += p as u64 as u128;
    }
    (hi, lo)
}

/// w·(Σ products) reduced, for the sums of a group of products (as
/// [`halves`]) and a small weight w: the high sum is folded as
/// hi·2⁶⁴ ≡ hi·(2³² − 1) and the total — below 2¹¹⁴ < p·2⁶⁴ for the uses
/// here (at most 5 products, w below 3·2¹⁵) — goes through one Montgomery
/// reduction. With Montgomery inputs the result is the Montgomery form.
#[inline(always)]
fn reduce_weighted(w: u64, (hi, lo): (u128, u128)) -> u64 {
    let (hi, lo) = (w as u128 * hi, w as u128 * lo);
    montyred(lo + (hi << 32) - hi)
}

/// The element k·z·Σcᵢzⁱ, given `f(cᵢ, m)` = the limb of m·cᵢ: coefficient
/// i − 1 moves up to i, and coefficient 4 wraps to 0 with z⁵ = 3.
#[inline(always)]
fn times_kz<T: Copy>(c: [T; 5], k: u64, f: impl Fn(T, u64) -> u64) -> Gfp5 {
    Gfp5([
        f(c[4], 3 * k),
        f(c[0], k),
        f(c[1], k),
        f(c[2], k),
        f(c[3], k),
    ])
}

/// Limb addition mod p, as a − (p − b) with one mask (any representation).
#[inline(always)]
fn add1(a: u64, b: u64) -> u64 {
    (Gf(a) + Gf(b)).0
}

/// Limb subtraction mod p (any representation).
#[inline(always)]
fn sub1(a: u64, b: u64) -> u64 {
    (Gf(a) - Gf(b)).0
}

impl Gfp5 {
    /// Zero.
    pub const ZERO: Gfp5 = Gfp5([0; 5]);
    /// One.
    pub const ONE: Gfp5 = Gfp5::from_gf(1);

    /// From five u64 limbs, each reduced mod p.
    pub const fn from_u64s(l: [u64; 5]) -> Gfp5 {
        Gfp5([
            to_mont(canon(l[0])),
            to_mont(canon(l[1])),
            to_mont(canon(l[2])),
            to_mont(canon(l[3])),
            to_mont(canon(l[4])),
        ])
    }
    /// The element of GF(p).
    pub const fn from_gf(v: u64) -> Gfp5 {
        Gfp5([to_mont(canon(v)), 0, 0, 0, 0])
    }
    /// From five GF(p) elements (at run time).
    pub fn from_gf_limbs(l: [Gf; 5]) -> Gfp5 {
        Gfp5(map5(l, |g| mont_in(g.0)))
    }
    /// The canonical limbs.
    pub fn to_u64s(&self) -> [u64; 5] {
        map5(self.0, |x| montyred(x as u128))
    }
    /// The limbs as GF(p) elements.
    pub fn to_gf(&self) -> [Gf; 5] {
        map5(self.0, |x| Gf(montyred(x as u128)))
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
            add1(a[0], b[0]),
            add1(a[1], b[1]),
            add1(a[2], b[2]),
            add1(a[3], b[3]),
            add1(a[4], b[4]),
        ])
    }
    /// Difference.
    #[inline(always)]
    pub fn sub(&self, o: &Gfp5) -> Gfp5 {
        let (a, b) = (&self.0, &o.0);
        Gfp5([
            sub1(a[0], b[0]),
            sub1(a[1], b[1]),
            sub1(a[2], b[2]),
            sub1(a[3], b[3]),
            sub1(a[4], b[4]),
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
    /// Multiplication by a small integer k < 2³² (the same in either form).
    #[inline(always)]
    pub fn mul_small(&self, k: u64) -> Gfp5 {
        Gfp5(map5(self.0, |a| super::gf::mul_small(a, k)))
    }
    /// Multiplication by k·z (k small): the limbs shift up, z⁵ = 3 folds back.
    #[inline(always)]
    pub fn mul_small_z(&self, k: u64) -> Gfp5 {
        times_kz(self.0, k, super::gf::mul_small)
    }
    /// The 25 products of self·o by output coefficient i, as the sums of
    /// the products' high and low halves (see [`halves`]): the unwrapped
    /// products aⱼbᵢ₋ⱼ and the wrapped ones aⱼbᵢ₊₅₋ⱼ, which take the factor
    /// z⁵ = 3, taken with 3b (four values, two modular additions each)
    /// instead of weighting their sums.
    #[inline(always)]
    fn product_sums(&self, o: &Gfp5) -> [(u128, u128); 5] {
        let ([a0, a1, a2, a3, a4], [b0, b1, b2, b3, b4]) = (self.0, o.0);
        let t = |x: u64| add1(add1(x, x), x);
        let (t1, t2, t3, t4) = (t(b1), t(b2), t(b3), t(b4));
        [
            halves([(a0, b0), (a1, t4), (a2, t3), (a3, t2), (a4, t1)]),
            halves([(a0, b1), (a1, b0), (a2, t4), (a3, t3), (a4, t2)]),
            halves([(a0, b2), (a1, b1), (a2, b0), (a3, t4), (a4, t3)]),
            halves([(a0, b3), (a1, b2), (a2, b1), (a3, b0), (a4, t4)]),
            halves([(a0, b4), (a1, b3), (a2, b2), (a3, b1), (a4, b0)]),
        ]
    }
    /// Product: 25 multiplications and five reductions.
    #[inline(always)]
    pub fn mul(&self, o: &Gfp5) -> Gfp5 {
        Gfp5(map5(self.product_sums(o), |u| reduce_weighted(1, u)))
    }
    /// self·o·(k·z) for a small k (k < 2¹⁵) in one pass: the product's
    /// coefficient cᵢ₋₁ becomes coefficient i, times k (times 3k where
    /// z⁵ = 3 wraps), the factor applied as a weight before the reduction
    /// (the sums stay below 3k·5·2⁶⁴·2³² < 2¹¹³ < p·2⁶⁴).
    #[inline(always)]
    pub fn mul_kz(&self, o: &Gfp5, k: u64) -> Gfp5 {
        debug_assert!(k < 1 << 15);
        times_kz(self.product_sums(o), k, |u, k| reduce_weighted(k, u))
    }
    /// Square: 15 multiplications (z⁵ = 3),
    ///
    /// c₀ = a₀² + 6(a₁a₄ + a₂a₃), c₁ = 2a₀a₁ + 6a₂a₄ + 3a₃²,
    /// c₂ = a₁² + 2a₀a₂ + 6a₃a₄, c₃ = 2(a₀a₃ + a₁a₂) + 3a₄²,
    /// c₄ = a₂² + 2(a₀a₄ + a₁a₃),
    ///
    /// with the factors 2, 3, 6 moved into the operands (2a₁…2a₄, 3a₃, 3a₄:
    /// six modular additions) so that each coefficient is a plain sum of
    /// three products: fewer instructions than weighting the sums, and
    /// faster in verification and `mul` (BENCHMARKS.md, decisions).
    #[inline(always)]
    pub fn square(&self) -> Gfp5 {
        let [a0, a1, a2, a3, a4] = self.0;
        let (d1, d2, d3, d4) = (add1(a1, a1), add1(a2, a2), add1(a3, a3), add1(a4, a4));
        let (t3, t4) = (add1(d3, a3), add1(d4, a4));
        let c = |t: [(u64, u64); 3]| reduce_weighted(1, halves(t));
        Gfp5([
            c([(a0, a0), (d1, t4), (d2, t3)]),
            c([(a0, d1), (d2, t4), (a3, t3)]),
            c([(a1, a1), (a0, d2), (d3, t4)]),
            c([(a0, d3), (a1, d2), (a4, t4)]),
            c([(a2, a2), (a0, d4), (a1, d3)]),
        ])
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
        Gfp5(core::array::from_fn(|i| {
            montyred(self.0[i] as u128 * f[i] as u128)
        }))
    }
    /// a^(p+p²+p³+p⁴) (so that a·this = N(a) ∈ GF(p)).
    fn norm_cofactor(&self) -> Gfp5 {
        let t1 = self.frobenius(1).mul(&self.frobenius(2)); // a^(p+p²)
        t1.mul(&t1.frobenius(2)) // · a^(p³+p⁴)
    }
    /// The norm N(a) ∈ GF(p) and the cofactor.
    fn norm(&self) -> (Gf, Gfp5) {
        let c = self.norm_cofactor();
        (Gf(montyred(self.mul(&c).0[0] as u128)), c)
    }
    /// `self⁻¹` (zero maps to zero). Constant time.
    pub fn invert(&self) -> Gfp5 {
        let (n, c) = self.norm();
        Gfp5(c.mul_gf(n.invert()).0)
    }
    /// Whether this is a square (zero counts as a square). Constant time.
    pub fn is_square(&self) -> Choice {
        self.norm().0.is_square()
    }
    /// Square root and whether it exists. Constant time.
    pub fn sqrt(&self) -> (Gfp5, Choice) {
        self.sqrt_with(Gf::sqrt_and_inverse)
    }
    /// [`Gfp5::sqrt`] in variable time (the GF(p) root by discrete-log
    /// tables), for public inputs only: a verifier decoding a public key.
    pub fn sqrt_vartime(&self) -> (Gfp5, Choice) {
        self.sqrt_with(Gf::sqrt_and_inverse_vartime)
    }
    /// The square root, given the GF(p) `(√g, 1/√g, is_square)`.
    #[inline(always)]
    fn sqrt_with(&self, sqrt_gf: impl Fn(Gf) -> (Gf, Gf, Choice)) -> (Gfp5, Choice) {
        // d = a^((p+1)/2), (p+1)/2 = 2⁶³ − 2³¹ + 1 = (2³² − 1)·2³¹ + 1.
        let a = *self;
        let mut e32 = a; // a^(2^k − 1) for k = 1, then doubled up to 32
        for k in [1u32, 2, 4, 8, 16] {
            e32 = e32.square_n(k).mul(&e32);
        }
        let d = e32.square_n(31).mul(&a);
        // e = a^((r−1)/2) = frob(d·frob²(d)); g = a·e² = N(a) ∈ GF(p).
        let e = d.mul(&d.frobenius(2)).frobenius(1);
        let ae = a.mul(&e);
        let g = Gf(montyred(ae.mul(&e).0[0] as u128));
        let (_, inv_sg, ok) = sqrt_gf(g);
        // sqrt(g)/e = sqrt(g)·a·e/g = a·e/sqrt(g) (a·e² = g): the inverse
        // root comes with the GF(p) root, so no inversion at all; a = 0
        // gives 0.
        let r = ae.mul_gf(inv_sg);
        (r, ok & r.square().ct_eq(self))
    }
    /// Times a GF(p) element (canonical): a plain reduction of the products
    /// keeps the Montgomery form.
    fn mul_gf(&self, g: Gf) -> Gfp5 {
        Gfp5(map5(self.0, |x| reduce128(x as u128 * g.0 as u128)))
    }
    /// 40 bytes: five canonical limbs little-endian, limb 0 first.
    pub fn to_bytes(&self) -> [u8; 40] {
        let mut out = [0u8; 40];
        for (i, l) in self.to_u64s().iter().enumerate() {
            out[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
        }
        out
    }
    /// Strict parse of 40 bytes: every limb must be < p.
    pub fn from_canonical_bytes(bytes: &[u8]) -> Option<Gfp5> {
        if bytes.len() != 40 {
            return None;
        }
        let mut limbs = [0u64; 5];
        for (i, l) in limbs.iter_mut().enumerate() {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[8 * i..8 * i + 8]);
            let v = u64::from_le_bytes(w);
            if v >= P {
                return None;
            }
            *l = mont_in(v);
        }
        Some(Gfp5(limbs))
    }
}

impl ConditionallySelectable for Gfp5 {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Gfp5(core::array::from_fn(|i| {
            u64::conditional_select(&a.0[i], &b.0[i], c)
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
