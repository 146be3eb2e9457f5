//! secp256k1's base field in libsecp256k1's 5 × 52-bit representation,
//! [`Fe52`], with lazy sums: the field the secp256k1 curve code runs on.
//!
//! An element is n₀ + n₁·2⁵² + n₂·2¹⁰⁴ + n₃·2¹⁵⁶ + n₄·2²⁰⁸, congruent to its
//! value mod p = 2²⁵⁶ − 2³² − 977, not Montgomery and not reduced. Its
//! *magnitude* m bounds the limbs as libsecp256k1's does: nᵢ ≤ 2m(2⁵² − 1)
//! for i < 4 and n₄ ≤ 2m(2⁴⁸ − 1). Products and squares take m ≤ 8 and
//! give m = 1; sums add magnitudes and carry nothing, which is where this
//! field beats the 4 × 64 Montgomery one (`Fp`) on the Jacobian doubling
//! and addition chains (BENCHMARKS.md, decisions). Differences, negations and halves end
//! in one parallel carry step back to m ≤ 1 (or (m >> 1) + 1 for halves),
//! so no sum chain in the curve formulas can outgrow what a product takes.
//!
//! Magnitude is a property of the code path, not of the values, so debug
//! builds track it in a field of their own and assert the bounds on every
//! operation (libsecp256k1's `VERIFY` magnitudes): a test that runs a path
//! once in debug proves its magnitudes for every input.
//!
//! Whatever looks at the value (equality, zero, parity, bytes, inversion)
//! first reduces fully (`normalize`). Inversion converts to the Montgomery
//! field and runs its safegcd. Constant time: no branch or index depends on
//! a value; `_vartime` functions are for public inputs only.

use super::field::{Field, FieldParams};
use super::limbs;
use super::montgomery::Fp;
use super::secp256k1_sqrt;
use super::vartime::Vartime;
use core::fmt;
use core::ops::{Add, Mul, Neg, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// The low 52 bits.
pub(super) const M52: u64 = (1 << 52) - 1;
/// The low 48 bits (the top limb of a normalized element).
pub(super) const M48: u64 = (1 << 48) - 1;
/// 2²⁵⁶ mod p: the fold of anything above bit 256.
pub(super) const C: u64 = 0x1_0000_03d1;
/// 2²⁶⁰ mod p, the fold constant of the products (libsecp256k1's R).
pub(super) const R: u64 = C << 4;
/// p in 5 × 52-bit limbs.
pub(super) const P: [u64; 5] = [0xF_FFFE_FFFF_FC2F, M52, M52, M52, M48];
/// The magnitude of the right-hand side a difference or negation accepts.
const SUB_MAX_MAG: u32 = 16;
/// The largest magnitude a product accepts (libsecp256k1's bound, under
/// which its limb-width proof for the 128-bit accumulators holds).
#[cfg(debug_assertions)]
const MUL_MAX_MAG: u32 = 8;
/// The largest magnitude `normalize` accepts (the top limb's carry stays
/// below 2¹⁶, so the fold of limb 0 cannot overflow 64 bits).
#[cfg(debug_assertions)]
const NORMALIZE_MAX_MAG: u32 = 32;

/// secp256k1's base-field prime p = 2²⁵⁶ − 2³² − 977, for the Montgomery
/// field over it ([`Mont`]), which the curve declaration shares.
#[derive(Clone, Copy, Debug)]
pub struct BaseParams;

impl FieldParams<4> for BaseParams {
    const MODULUS: [u64; 4] = [
        0xfffffffefffffc2f,
        0xffffffffffffffff,
        0xffffffffffffffff,
        0xffffffffffffffff,
    ];
}

/// The 4 × 64-bit Montgomery field the inversion and the byte checks use.
pub type Mont = Fp<BaseParams, 4>;

/// An element of secp256k1's base field; see the module doc.
#[derive(Clone, Copy)]
pub struct Fe52 {
    n: [u64; 5],
    /// The magnitude, in debug builds only.
    #[cfg(debug_assertions)]
    mag: u32,
}

impl Fe52 {
    /// From limbs of magnitude `mag` (checked in debug builds).
    #[inline(always)]
    const fn raw(n: [u64; 5], mag: u32) -> Self {
        let _ = mag;
        Fe52 {
            n,
            #[cfg(debug_assertions)]
            mag,
        }
    }

    /// The tracked magnitude (debug builds), for the bounds checks.
    #[cfg(debug_assertions)]
    #[inline(always)]
    fn mag(&self) -> u32 {
        self.mag
    }

    #[cfg(debug_assertions)]
    fn check(&self) {
        check_limbs(&self.n, self.mag);
    }

    /// From canonical little-endian 64-bit limbs (< p, not checked):
    /// `const` so that the generated tables are data, not start-up work.
    pub const fn from_canonical_const(v: [u64; 4]) -> Self {
        Self::raw(
            [
                v[0] & M52,
                (v[0] >> 52 | v[1] << 12) & M52,
                (v[1] >> 40 | v[2] << 24) & M52,
                (v[2] >> 28 | v[3] << 36) & M52,
                v[3] >> 16,
            ],
            1,
        )
    }

    /// The canonical value (< p) as little-endian 64-bit limbs.
    pub fn to_canonical_limbs(&self) -> [u64; 4] {
        let n = self.normalize().n;
        [
            n[0] | n[1] << 52,
            n[1] >> 12 | n[2] << 40,
            n[2] >> 24 | n[3] << 28,
            n[3] >> 36 | n[4] << 16,
        ]
    }

    /// From canonical little-endian 64-bit limbs; none when ≥ p.
    pub fn from_canonical_limbs(v: &[u64; 4]) -> CtOption<Self> {
        let below = limbs::borrow_of_sub(v, &BaseParams::MODULUS);
        CtOption::new(Self::from_canonical_const(*v), Choice::from(below as u8))
    }

    /// Limbs below 2⁵² (bits above 2²⁵⁶ folded once, one carry chain; the
    /// value below 2²⁵⁶ + 2⁴⁹, not reduced): the first half of `normalize`,
    /// and the operands of the vector field (`fe52x4.rs`), whose products
    /// read 52 bits of each limb.
    pub(crate) fn limbs_below_2_52(&self) -> [u64; 5] {
        #[cfg(debug_assertions)]
        debug_assert!(self.mag() <= NORMALIZE_MAX_MAG);
        let n = self.n;
        add_c_and_carry([n[0], n[1], n[2], n[3], n[4] & M48], n[4] >> 48)
    }

    /// From limbs below 2⁵² with limb 4 at most 2⁴⁹ (the vector field's
    /// results): magnitude 1.
    pub(crate) fn from_limbs_below_2_52(n: [u64; 5]) -> Self {
        let f = Self::raw(n, 1);
        #[cfg(debug_assertions)]
        f.check();
        f
    }

    /// The fully reduced representative (< p), magnitude 1; libsecp256k1's
    /// `fe_normalize`. Takes magnitude ≤ 32. The final subtraction of p is
    /// folded as + c with carries, always run.
    #[inline(always)]
    fn normalize(&self) -> Self {
        // Fold the bits above 2²⁵⁶, then carry: the value is now < 2²⁵⁶ + p
        // with limbs of 52 bits (t4 of 49 at most).
        let [t0, t1, t2, t3, t4] = self.limbs_below_2_52();
        // One more subtraction of p is due when the value reached 2²⁵⁶
        // (bit 48 of t4) or lies in [p, 2²⁵⁶): t4 and t1…t3 all ones and
        // t0 ≥ p₀. Comparisons by carries, no branch.
        let top_ones = eq_mask(t4, M48);
        let mid_ones = eq_mask(t1 & t2 & t3, M52);
        let low_ge = 1 ^ (t0.wrapping_sub(P[0]) >> 63);
        let x = (t4 >> 48) | (top_ones & mid_ones & low_ge);
        let [t0, t1, t2, t3, t4] = add_c_and_carry([t0, t1, t2, t3, t4], x);
        Self::raw([t0, t1, t2, t3, t4 & M48], 1)
    }

    /// One parallel carry step to magnitude 1: each limb keeps its low 52
    /// bits (48 for the top) and gains the carry of the one below, the top's
    /// carry folding into limb 0 as ·c. For limbs below 2⁶⁴: limb 0 then
    /// stays below 2⁵² + 2⁴⁹, the others below 2⁵² + 2¹², the top below
    /// 2⁴⁸ + 2¹², all within magnitude 1.
    #[inline(always)]
    fn carry(t: [u64; 5]) -> Self {
        Self::raw(
            [
                (t[0] & M52) + (t[4] >> 48) * C,
                (t[1] & M52) + (t[0] >> 52),
                (t[2] & M52) + (t[1] >> 52),
                (t[3] & M52) + (t[2] >> 52),
                (t[4] & M48) + (t[3] >> 52),
            ],
            1,
        )
    }

    /// `k − self` for the multiple k = 2(SUB_MAX_MAG + 1)·p, limb by limb:
    /// each limb of k exceeds the largest limb of magnitude SUB_MAX_MAG, so
    /// no limb borrows. Not carried.
    #[inline(always)]
    fn neg_uncarried(&self) -> [u64; 5] {
        #[cfg(debug_assertions)]
        debug_assert!(self.mag() <= SUB_MAX_MAG, "magnitude {}", self.mag());
        const K: u64 = 2 * (SUB_MAX_MAG as u64 + 1);
        let n = self.n;
        [
            K * P[0] - n[0],
            K * P[1] - n[1],
            K * P[2] - n[2],
            K * P[3] - n[3],
            K * P[4] - n[4],
        ]
    }

    /// `a·b` mod p for limbs of magnitude ≤ 8: libsecp256k1's
    /// `secp256k1_fe_mul_inner` (field_5x52_int128_impl.h). In its notation
    /// [… a b c] is a·2¹⁰⁴ + b·2⁵² + c, pₓ the sum of the products aᵢ·bⱼ
    /// with i + j = x, and [x 0 0 0 0 0] = [x·R] since 2²⁶⁰ ≡ R.
    #[inline(always)]
    fn mul_inner(a: &[u64; 5], b: &[u64; 5]) -> [u64; 5] {
        let [a0, a1, a2, a3, a4] = *a;
        let [b0, b1, b2, b3, b4] = *b;
        // [d 0 0 0] = [p3 0 0 0]
        let mut d = wide_mul(a0, b3) + wide_mul(a1, b2) + wide_mul(a2, b1) + wide_mul(a3, b0);
        // [c 0 0 0 0 d 0 0 0] = [p8 0 0 0 0 p3 0 0 0]
        let mut c = wide_mul(a4, b4);
        // [(c<<12) 0 0 0 0 0 d 0 0 0]: the low 64 bits of p8 folded by R.
        d += wide_mul(R, c as u64);
        c >>= 64;
        let t3 = d as u64 & M52;
        d >>= 52;
        // [(c<<12) 0 0 0 0 d t3 0 0 0] = [p8 0 0 0 p4 p3 0 0 0]
        d += wide_mul(a0, b4)
            + wide_mul(a1, b3)
            + wide_mul(a2, b2)
            + wide_mul(a3, b1)
            + wide_mul(a4, b0);
        d += wide_mul(R << 12, c as u64);
        // [d t3 0 0 0] = [p8 0 0 0 p4 p3 0 0 0]
        let mut t4 = d as u64 & M52;
        d >>= 52;
        let tx = t4 >> 48;
        t4 &= M52 >> 4;
        // [d t4+(tx<<48) t3 0 0 c] = [p8 0 0 0 p4 p3 0 0 p0]
        let mut c = wide_mul(a0, b0);
        d += wide_mul(a1, b4) + wide_mul(a2, b3) + wide_mul(a3, b2) + wide_mul(a4, b1);
        // [d u0 t4+(tx<<48) t3 0 0 c] = [p8 0 0 p5 p4 p3 0 0 p0]
        let mut u0 = d as u64 & M52;
        d >>= 52;
        // [d 0 t4+(u0<<48) t3 0 0 c]
        u0 = (u0 << 4) | tx;
        c += wide_mul(u0, R >> 4);
        // [d 0 t4 t3 0 0 c] = [p8 0 0 p5 p4 p3 0 0 p0]
        let r0 = c as u64 & M52;
        c >>= 52;
        c += wide_mul(a0, b1) + wide_mul(a1, b0);
        d += wide_mul(a2, b4) + wide_mul(a3, b3) + wide_mul(a4, b2);
        // [d 0 0 t4 t3 0 c r0] = [p8 0 p6 p5 p4 p3 0 p1 p0]
        c += wide_mul(d as u64 & M52, R);
        d >>= 52;
        let r1 = c as u64 & M52;
        c >>= 52;
        // [d 0 0 t4 t3 c r1 r0] = [p8 0 p6 p5 p4 p3 p2 p1 p0]
        c += wide_mul(a0, b2) + wide_mul(a1, b1) + wide_mul(a2, b0);
        d += wide_mul(a3, b4) + wide_mul(a4, b3);
        // [(d<<12) 0 0 0 t4 t3 c r1 r0] = [p8 p7 p6 p5 p4 p3 p2 p1 p0]
        c += wide_mul(R, d as u64);
        d >>= 64;
        let r2 = c as u64 & M52;
        c >>= 52;
        // [t4 c r2 r1 r0] = [p8 p7 p6 p5 p4 p3 p2 p1 p0]
        c += wide_mul(R << 12, d as u64);
        c += u128::from(t3);
        let r3 = c as u64 & M52;
        c >>= 52;
        // [r4 r3 r2 r1 r0]
        let r4 = c as u64 + t4;
        [r0, r1, r2, r3, r4]
    }

    /// `a²` mod p for limbs of magnitude ≤ 8: libsecp256k1's
    /// `secp256k1_fe_sqr_inner`, [`Self::mul_inner`] with the symmetric
    /// products paired (15 products instead of 25).
    #[inline(always)]
    fn sqr_inner(a: &[u64; 5]) -> [u64; 5] {
        let [mut a0, a1, a2, a3, mut a4] = *a;
        // [d 0 0 0] = [p3 0 0 0]
        let mut d = wide_mul(a0 * 2, a3) + wide_mul(a1 * 2, a2);
        // [c 0 0 0 0 d 0 0 0] = [p8 0 0 0 0 p3 0 0 0]
        let mut c = wide_mul(a4, a4);
        d += wide_mul(R, c as u64);
        c >>= 64;
        // [(c<<12) 0 0 0 0 d t3 0 0 0] = [p8 0 0 0 0 p3 0 0 0]
        let t3 = d as u64 & M52;
        d >>= 52;
        a4 *= 2;
        // [(c<<12) 0 0 0 0 d t3 0 0 0] = [p8 0 0 0 p4 p3 0 0 0]
        d += wide_mul(a0, a4) + wide_mul(a1 * 2, a3) + wide_mul(a2, a2);
        d += wide_mul(R << 12, c as u64);
        // [d t4+(tx<<48) t3 0 0 0] = [p8 0 0 0 p4 p3 0 0 0]
        let mut t4 = d as u64 & M52;
        d >>= 52;
        let tx = t4 >> 48;
        t4 &= M52 >> 4;
        // [d t4+(tx<<48) t3 0 0 c] = [p8 0 0 p5 p4 p3 0 0 p0]
        let mut c = wide_mul(a0, a0);
        d += wide_mul(a1, a4) + wide_mul(a2 * 2, a3);
        let mut u0 = d as u64 & M52;
        d >>= 52;
        u0 = (u0 << 4) | tx;
        c += wide_mul(u0, R >> 4);
        // [d 0 t4 t3 0 0 c] = [p8 0 0 p5 p4 p3 0 0 p0]
        let r0 = c as u64 & M52;
        c >>= 52;
        a0 *= 2;
        // [d 0 t4 t3 0 c r0] = [p8 0 p6 p5 p4 p3 0 p1 p0]
        c += wide_mul(a0, a1);
        d += wide_mul(a2, a4) + wide_mul(a3, a3);
        c += wide_mul(d as u64 & M52, R);
        d >>= 52;
        let r1 = c as u64 & M52;
        c >>= 52;
        // [d 0 0 t4 t3 c r1 r0] = [p8 p7 p6 p5 p4 p3 p2 p1 p0]
        c += wide_mul(a0, a2) + wide_mul(a1, a1);
        d += wide_mul(a3, a4);
        c += wide_mul(R, d as u64);
        d >>= 64;
        let r2 = c as u64 & M52;
        c >>= 52;
        // [t4 c r2 r1 r0]
        c += wide_mul(R << 12, d as u64);
        c += u128::from(t3);
        let r3 = c as u64 & M52;
        c >>= 52;
        let r4 = c as u64 + t4;
        [r0, r1, r2, r3, r4]
    }

    /// Through the Montgomery field (for inversion and the byte checks).
    fn to_mont(self) -> Mont {
        Mont::from_limbs_reduced(&self.to_canonical_limbs())
    }

    fn from_mont(x: Mont) -> Self {
        Self::from_canonical_const(x.to_canonical_limbs())
    }
}

/// Asserts that every limb is within magnitude m (the debug builds'
/// check of each operation, and the tests' in every profile).
#[cfg(any(debug_assertions, test))]
fn check_limbs(n: &[u64; 5], m: u32) {
    let m = u64::from(m);
    for (i, &l) in n.iter().enumerate() {
        let bound = if i == 4 { 2 * m * M48 } else { 2 * m * M52 };
        assert!(l <= bound, "limb {i} {l:#x} above magnitude {m}");
    }
}

/// The full 128-bit product.
#[inline(always)]
fn wide_mul(a: u64, b: u64) -> u128 {
    u128::from(a) * u128::from(b)
}

/// 1 when a = b (both below 2⁶³), else 0, by a borrow: no comparison.
#[inline(always)]
fn eq_mask(a: u64, b: u64) -> u64 {
    (a ^ b).wrapping_sub(1) >> 63
}

/// x·c added to limb 0 (2²⁵⁶ ≡ c), then one carry chain: limbs of 52 bits,
/// the top's carry left in limb 4. Constant time.
#[inline(always)]
fn add_c_and_carry(t: [u64; 5], x: u64) -> [u64; 5] {
    let [mut t0, mut t1, mut t2, mut t3, mut t4] = t;
    t0 += x * C;
    t1 += t0 >> 52;
    t0 &= M52;
    t2 += t1 >> 52;
    t1 &= M52;
    t3 += t2 >> 52;
    t2 &= M52;
    t4 += t3 >> 52;
    t3 &= M52;
    [t0, t1, t2, t3, t4]
}

impl Default for Fe52 {
    fn default() -> Self {
        Self::ZERO
    }
}

impl fmt::Debug for Fe52 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.to_canonical_limbs();
        write!(
            f,
            "Fe52(0x{:016x}{:016x}{:016x}{:016x})",
            l[3], l[2], l[1], l[0]
        )
    }
}

impl PartialEq for Fe52 {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl Eq for Fe52 {}

impl ConditionallySelectable for Fe52 {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        let mask = u64::from(choice.unwrap_u8()).wrapping_neg();
        let mut n = [0u64; 5];
        for (i, l) in n.iter_mut().enumerate() {
            *l = a.n[i] ^ (mask & (a.n[i] ^ b.n[i]));
        }
        #[cfg(debug_assertions)]
        return Self::raw(n, a.mag.max(b.mag));
        #[cfg(not(debug_assertions))]
        Self::raw(n, 0)
    }
}

impl ConstantTimeEq for Fe52 {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.normalize().n.ct_eq(&other.normalize().n)
    }
}

impl zeroize::Zeroize for Fe52 {
    fn zeroize(&mut self) {
        self.n.zeroize();
    }
}

impl Add for Fe52 {
    type Output = Self;
    /// Limb sums, no carry: magnitudes add.
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        let (a, b) = (self.n, o.n);
        let n = [
            a[0] + b[0],
            a[1] + b[1],
            a[2] + b[2],
            a[3] + b[3],
            a[4] + b[4],
        ];
        #[cfg(debug_assertions)]
        return Self::raw(n, self.mag + o.mag);
        #[cfg(not(debug_assertions))]
        Self::raw(n, 0)
    }
}

impl Sub for Fe52 {
    type Output = Self;
    /// a + (k − b) for a multiple k of p, carried: magnitude 1. Takes a of
    /// magnitude ≤ 16 (a + k stays below 2⁵⁸) and b of magnitude ≤ 16.
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        #[cfg(debug_assertions)]
        debug_assert!(self.mag() <= SUB_MAX_MAG, "magnitude {}", self.mag());
        let (a, b) = (self.n, o.neg_uncarried());
        Self::carry([
            a[0] + b[0],
            a[1] + b[1],
            a[2] + b[2],
            a[3] + b[3],
            a[4] + b[4],
        ])
    }
}

impl Neg for Fe52 {
    type Output = Self;
    /// k − a, carried: magnitude 1.
    #[inline(always)]
    fn neg(self) -> Self {
        Self::carry(self.neg_uncarried())
    }
}

impl Mul for Fe52 {
    type Output = Self;
    /// Magnitudes ≤ 8 in, 1 out.
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        #[cfg(debug_assertions)]
        {
            debug_assert!(self.mag() <= MUL_MAX_MAG && o.mag() <= MUL_MAX_MAG);
            self.check();
            o.check();
        }
        Self::raw(Self::mul_inner(&self.n, &o.n), 1)
    }
}

impl Field for Fe52 {
    const ZERO: Self = Self::raw([0; 5], 0);
    const ONE: Self = Self::raw([1, 0, 0, 0, 0], 1);
    const NUM_BYTES: usize = 32;

    #[inline(always)]
    fn square(&self) -> Self {
        #[cfg(debug_assertions)]
        {
            debug_assert!(self.mag() <= MUL_MAX_MAG);
            self.check();
        }
        Self::raw(Self::sqr_inner(&self.n), 1)
    }

    #[inline(always)]
    fn double(&self) -> Self {
        *self + *self
    }

    /// libsecp256k1's `fe_half`: p added by mask when the representative is
    /// odd (the sum is then even), then a shift in which each limb's low bit
    /// moves to bit 51 of the limb below. Magnitude m in, (m >> 1) + 1 out.
    #[inline(always)]
    fn half(&self) -> Self {
        #[cfg(debug_assertions)]
        debug_assert!(self.mag() <= NORMALIZE_MAX_MAG);
        let t = self.n;
        let mask = (t[0] & 1).wrapping_neg() >> 12;
        let t = [
            t[0] + (P[0] & mask),
            t[1] + mask,
            t[2] + mask,
            t[3] + mask,
            t[4] + (mask >> 4),
        ];
        let n = [
            (t[0] >> 1) + ((t[1] & 1) << 51),
            (t[1] >> 1) + ((t[2] & 1) << 51),
            (t[2] >> 1) + ((t[3] & 1) << 51),
            (t[3] >> 1) + ((t[4] & 1) << 51),
            t[4] >> 1,
        ];
        #[cfg(debug_assertions)]
        return Self::raw(n, (self.mag >> 1) + 1);
        #[cfg(not(debug_assertions))]
        Self::raw(n, 0)
    }

    /// Through the Montgomery field's safegcd (two conversions, small next
    /// to the inversion).
    fn invert(&self) -> CtOption<Self> {
        self.to_mont().invert().map(Self::from_mont)
    }

    fn invert_vartime(&self) -> Option<Self> {
        self.to_mont().invert_vartime().map(Self::from_mont)
    }

    fn sqrt(&self) -> CtOption<Self> {
        let r = secp256k1_sqrt::sqrt(*self);
        CtOption::new(r, r.square().ct_eq(self))
    }

    /// The same chain: this field's products have no reduction to skip.
    fn sqrt_vartime(&self) -> Option<Self> {
        let r = secp256k1_sqrt::sqrt(Vartime(*self)).0;
        (r.square() == *self).then_some(r)
    }

    /// libsecp256k1's `fe_normalizes_to_zero`: after one fold-and-carry
    /// pass the value is below 2²⁵⁶ + 2⁴⁹·c, so zero's only representatives
    /// left are 0 and p, both recognised by masks — half a `normalize`.
    fn is_zero(&self) -> Choice {
        #[cfg(debug_assertions)]
        debug_assert!(self.mag() <= NORMALIZE_MAX_MAG);
        let [mut t0, mut t1, mut t2, mut t3, mut t4] = self.n;
        let x = t4 >> 48;
        t4 &= M48;
        t0 += x * C;
        t1 += t0 >> 52;
        t0 &= M52;
        // z0 collects the bits of a raw 0, z1 the agreement with p.
        let (mut z0, mut z1) = (t0, t0 ^ (C - 1));
        t2 += t1 >> 52;
        t1 &= M52;
        z0 |= t1;
        z1 &= t1;
        t3 += t2 >> 52;
        t2 &= M52;
        z0 |= t2;
        z1 &= t2;
        t4 += t3 >> 52;
        t3 &= M52;
        z0 |= t3;
        z1 &= t3;
        z0 |= t4;
        z1 &= t4 ^ (0xF << 48);
        Choice::from((eq_mask(z0, 0) | eq_mask(z1, M52)) as u8)
    }

    fn is_odd(&self) -> Choice {
        Choice::from((self.normalize().n[0] & 1) as u8)
    }

    fn is_lexicographically_largest(&self) -> Choice {
        self.to_mont().is_lexicographically_largest()
    }

    fn from_be_bytes(bytes: &[u8]) -> CtOption<Self> {
        if bytes.len() != Self::NUM_BYTES {
            return CtOption::new(Self::ZERO, Choice::from(0));
        }
        Self::from_canonical_limbs(&limbs::from_be_bytes(bytes))
    }

    fn write_be_bytes(&self, out: &mut [u8]) {
        limbs::to_be_bytes(&self.to_canonical_limbs(), out)
    }

    fn from_u64(v: u64) -> Self {
        // v < 2⁶⁴ < p: canonical already.
        Self::from_canonical_const([v, 0, 0, 0])
    }

    /// libsecp256k1's `fe_normalizes_to_zero_var`: limb 0 after the fold
    /// of the top is already final in its low 52 bits, and unless it is
    /// p₀'s or zero the value cannot be 0 or p — the usual case, decided
    /// without the carry chain.
    #[inline(always)]
    fn is_zero_vartime(&self) -> bool {
        let t0 = self.n[0] + (self.n[4] >> 48) * C;
        let z0 = t0 & M52;
        if z0 != 0 && z0 ^ (C - 1) != M52 {
            return false;
        }
        self.is_zero().into()
    }

    /// The paired-product square: no reduction to skip here.
    #[inline(always)]
    fn square_vartime(&self) -> Self {
        self.square()
    }

    /// a + (2(M + 1)·p − b), limb by limb, no carry (libsecp256k1's
    /// `fe_negate(b, M)` then `fe_add`): each limb of 2(M + 1)·p exceeds the
    /// largest limb of magnitude M, so no limb borrows; magnitude
    /// mag(a) + M + 1.
    #[inline(always)]
    fn sub_mag<const M: u32>(&self, rhs: &Self) -> Self {
        #[cfg(debug_assertions)]
        debug_assert!(rhs.mag() <= M, "magnitude {} > {M}", rhs.mag());
        let k = 2 * (u64::from(M) + 1);
        let (a, b) = (self.n, rhs.n);
        let n = [
            a[0] + (k * P[0] - b[0]),
            a[1] + (k * P[1] - b[1]),
            a[2] + (k * P[2] - b[2]),
            a[3] + (k * P[3] - b[3]),
            a[4] + (k * P[4] - b[4]),
        ];
        #[cfg(debug_assertions)]
        return Self::raw(n, self.mag + M + 1);
        #[cfg(not(debug_assertions))]
        Self::raw(n, 0)
    }

    #[inline(always)]
    fn or_masked(&mut self, other: &Self, mask: u64) {
        for (l, o) in self.n.iter_mut().zip(other.n.iter()) {
            *l |= o & mask;
        }
        #[cfg(debug_assertions)]
        {
            self.mag = self.mag.max(other.mag);
        }
    }
}

// The representation's constants, checked when the crate compiles.
const _: () = {
    // P is BaseParams::MODULUS repacked.
    let p = Fe52::from_canonical_const(<BaseParams as FieldParams<4>>::MODULUS);
    let mut i = 0;
    while i < 5 {
        assert!(p.n[i] == P[i]);
        i += 1;
    }
    // 2²⁵⁶ ≡ C: p = 2²⁵⁶ − C.
    assert!(<BaseParams as FieldParams<4>>::MODULUS[0] == C.wrapping_neg());
    // A difference's a + k stays below 2⁶⁴ (a of magnitude ≤ 16).
    assert!(2 * (SUB_MAX_MAG as u64 + 1) * P[0] + 2 * SUB_MAX_MAG as u64 * M52 < 1 << 59);
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest limbs of magnitude m.
    fn max_limbs(m: u64) -> [u64; 5] {
        [
            2 * m * M52,
            2 * m * M52,
            2 * m * M52,
            2 * m * M52,
            2 * m * M48,
        ]
    }

    /// Value of 5 × 52 limbs mod p, by the Montgomery field.
    fn value(n: [u64; 5]) -> Mont {
        let two52 = Mont::from_u64(1 << 52);
        n.iter()
            .rev()
            .fold(Mont::ZERO, |acc, &l| acc * two52 + Mont::from_u64(l))
    }

    /// Products and squares at the magnitude-8 extremes (all limbs at their
    /// bound, which random values never reach) agree with the Montgomery
    /// field, and their results are of magnitude 1.
    #[test]
    fn extremes_agree_with_montgomery() {
        for ma in [1, 2, 7, 8] {
            for mb in [1, 3, 8] {
                let a = Fe52::raw(max_limbs(ma), ma as u32);
                let b = Fe52::raw(max_limbs(mb), mb as u32);
                let ab = a * b;
                assert_eq!(value(ab.n), value(a.n) * value(b.n));
                assert_eq!(value(a.square().n), value(a.n).square());
                check_limbs(&ab.n, 1);
                check_limbs(&a.square().n, 1);
                // Differences, negation, halving at their bounds.
                let s = Fe52::raw(max_limbs(16), 16) - b;
                assert_eq!(value(s.n), value(max_limbs(16)) - value(b.n));
                check_limbs(&s.n, 1);
                assert_eq!(
                    value((-Fe52::raw(max_limbs(16), 16)).n),
                    -value(max_limbs(16))
                );
                let h = Fe52::raw(max_limbs(ma), ma as u32).half();
                assert_eq!(value(h.n).double(), value(a.n));
                check_limbs(&h.n, (ma as u32 >> 1) + 1);
            }
        }
    }

    /// The uncarried difference of the curve formulas at its bound: b with
    /// every limb at the largest its magnitude M allows, for each M the
    /// formulas use. 2(M + 1)·p is the smallest multiple of p whose limbs
    /// all exceed b's (2M·p does not: its limb 0 is below 2M·(2⁵² − 1)).
    #[test]
    fn sub_mag_at_the_largest_limbs() {
        fn case<const M: u32>() {
            let a = Fe52::raw(max_limbs(1), 1);
            let b = Fe52::raw(max_limbs(u64::from(M)), M);
            let d = a.sub_mag::<M>(&b);
            assert_eq!(value(d.n), value(a.n) - value(b.n), "M = {M}");
            check_limbs(&d.n, 1 + M + 1);
        }
        case::<1>();
        case::<2>();
        case::<4>();
        case::<5>();
        case::<6>();
        case::<16>();
    }

    /// The debug magnitude checks are what prove the lazy sums safe (the
    /// module doc), so they must fire: a product of magnitude 9 and a limb
    /// above its declared magnitude are both refused.
    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "MUL_MAX_MAG")]
    fn a_product_above_magnitude_8_is_refused() {
        let _ = Fe52::raw(max_limbs(9), 9) * Fe52::ONE;
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "above magnitude 1")]
    fn a_limb_above_its_magnitude_is_refused() {
        let _ = Fe52::raw([2 * M52 + 1, 0, 0, 0, 0], 1).square();
    }

    /// `normalize` reduces every representative of the values next to p and
    /// 2²⁵⁶ (the final-subtraction cases) to the canonical one.
    #[test]
    fn normalize_edges() {
        let p = BaseParams::MODULUS;
        for v in [
            [0u64, 0, 0, 0],
            [1, 0, 0, 0],
            limbs::sub_small(&p, 1),
            limbs::sub_small(&p, 2),
            [u64::MAX; 4],
        ] {
            let x = Fe52::raw(
                [
                    v[0] & M52,
                    (v[0] >> 52 | v[1] << 12) & M52,
                    (v[1] >> 40 | v[2] << 24) & M52,
                    (v[2] >> 28 | v[3] << 36) & M52,
                    v[3] >> 16,
                ],
                1,
            );
            let want = value(x.n).to_canonical_limbs();
            assert_eq!(x.to_canonical_limbs(), want);
            // The same value plus p and plus 2p (magnitude 2 and 3).
            let p52 = Fe52::raw(P, 1);
            assert_eq!((x + p52).to_canonical_limbs(), want);
            assert_eq!((x + p52 + p52).to_canonical_limbs(), want);
            for y in [x, x + p52, x + p52 + p52] {
                assert_eq!(bool::from(y.is_zero()), want == [0; 4], "is_zero {y:?}");
            }
        }
        // p itself and 2²⁵⁶ − 1 ≥ p reduce.
        assert_eq!(Fe52::raw(P, 1).to_canonical_limbs(), [0; 4]);
        assert!(bool::from(Fe52::raw(P, 1).is_zero()));
    }
}
