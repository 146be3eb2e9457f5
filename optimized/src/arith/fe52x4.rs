//! Four secp256k1 field elements side by side in the lanes of 256-bit
//! vectors, multiplied with AVX-512 IFMA (52-bit multiply-accumulate): the
//! field of the vector backend (`point/jacobian4.rs`) of the verification
//! and of the constant-time k·P.
//!
//! [`Fe52x4`] holds limb k of the four elements in vector k, radix 2⁵² as
//! [`Fe52`]: n₀ + n₁·2⁵² + … + n₄·2²⁰⁸. IFMA reads only the low 52 bits of
//! each operand, so every limb of a product's operand must be below 2⁵²;
//! with limb 4 below 2⁴⁸ + 2¹³ (the value below 2²⁵⁶ + 2²²¹, not reduced)
//! that is the invariant of the type.
//! Sums and differences are [`Wide`] (limbs below 2⁶³), and come back to
//! [`Fe52x4`] only through a normalisation. One product: 25 low and 25 high
//! halves of the 52 × 52-bit limb products into ten columns, then the
//! columns above 2²⁶⁰ folded by 2²⁶⁰ ≡ R (mod p) with IFMA again; the four
//! lanes cost about one scalar product's latency (BENCHMARKS.md).
//!
//! Why lanes of elements rather than one element spread over lanes: the
//! Jacobian formulas have two or three independent products per step, which
//! four lanes compute at once; one product spread over lanes would need
//! carries across lanes.
//!
//! Only [`Ifma::detect`] makes an [`Ifma`], the proof that the CPU has
//! AVX-512 IFMA and VL; every function here takes one or is called from
//! one that did.
//!
//! Constant time: the product, the sums, [`Wide::normalize`], the lane
//! moves, the zero test and selects by [`Mask4`], and the table scan
//! [`Fe52x4::scan`]. Variable time (public inputs only): [`Wide::normalize_vartime`]
//! (a branch on a limb left at 2⁵² or more, about one input in 2¹⁹) and
//! [`Fe52x4::lane_is_zero_vartime`].

use super::fe52::{Fe52, C, M48, M52, P, R};
use core::arch::x86_64::*;

/// The multiple of p added before a difference: 2¹¹·p, whose limbs (limb 4
/// about 2⁵⁹, the others below 2⁶³) exceed those of any product's [`Wide`]
/// result (below 2⁵⁶) and of a few such results added.
const SUB_SHIFT: u32 = 11;

/// R's low 32 bits, the operand of a 32-bit product: R = 2³⁶ + `R_LOW`.
const R_LOW: u64 = R as u32 as u64;
const _: () = assert!(R == (1 << 36) + R_LOW);

/// Proof that the CPU has AVX-512 IFMA and VL: only [`Ifma::detect`] makes
/// one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ifma(());

impl Ifma {
    /// The proof, where the CPU has the extensions (cached by std).
    pub(crate) fn detect() -> Option<Ifma> {
        let has = std::is_x86_feature_detected!("avx512ifma")
            && std::is_x86_feature_detected!("avx512vl");
        has.then_some(Ifma(()))
    }
}

/// Four field elements, limb k of lane j in 64-bit lane j of vector k;
/// every limb below 2⁵² (see the module doc).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fe52x4([__m256i; 5]);

/// A mask per lane, every bit of lane j set or clear: which lanes a
/// constant-time select takes from its second operand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mask4(__m256i);

/// Four values with limbs below 2⁶³: sums, differences and unreduced
/// products, to be normalised before they enter a product.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wide([__m256i; 5]);

/// The lane selector of `_mm256_permute4x64_epi64`: lane j of the result
/// is lane `lj` of the source.
pub(crate) const fn lanes(l0: i32, l1: i32, l2: i32, l3: i32) -> i32 {
    l0 | (l1 << 2) | (l2 << 4) | (l3 << 6)
}

/// The mask of `_mm256_blend_epi32` that takes 64-bit lane j from the
/// second operand where `from_b[j]`.
pub(crate) const fn from_second(b0: bool, b1: bool, b2: bool, b3: bool) -> i32 {
    (b0 as i32 * 3) | (b1 as i32 * 12) | (b2 as i32 * 48) | (b3 as i32 * 192)
}

#[target_feature(enable = "avx512ifma,avx512vl")]
fn splat(v: u64) -> __m256i {
    _mm256_set1_epi64x(v as i64)
}

/// One limb vector per lane's value, lane j = `v[j]`.
#[target_feature(enable = "avx512ifma,avx512vl")]
fn set(v: [u64; 4]) -> __m256i {
    _mm256_set_epi64x(v[3] as i64, v[2] as i64, v[1] as i64, v[0] as i64)
}

/// The lane permutation `S` of every limb vector (both types' `permute`).
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn permute_limbs<const S: i32>(v: &[__m256i; 5]) -> [__m256i; 5] {
    v.map(|x| _mm256_permute4x64_epi64::<S>(x))
}

/// `a` with the lanes `B` of every limb vector taken from `b` (both types'
/// `blend`).
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn blend_limbs<const B: i32>(a: &[__m256i; 5], b: &[__m256i; 5]) -> [__m256i; 5] {
    core::array::from_fn(|k| _mm256_blend_epi32::<B>(a[k], b[k]))
}

impl Fe52x4 {
    /// The four elements in lanes 0 … 3 (each weakly normalised first).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn from_lanes(v: [&Fe52; 4]) -> Self {
        Self::from_limbs(v.map(Fe52::limbs_below_2_52))
    }

    /// Lanes 0 … 3 from limbs below 2⁵² ([`Fe52::limbs_below_2_52`]), for
    /// callers that put one element in two lanes and normalise it once.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn from_limbs(n: [[u64; 5]; 4]) -> Self {
        Fe52x4(core::array::from_fn(|k| {
            set([n[0][k], n[1][k], n[2][k], n[3][k]])
        }))
    }

    /// The element in lane `j`.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn lane(&self, j: usize) -> Fe52 {
        let n = self.0.map(|v| {
            let mut out = [0u64; 4];
            // SAFETY: `out` is 32 bytes, the vector's size; unaligned store.
            #[allow(unsafe_code)]
            unsafe {
                _mm256_storeu_si256(out.as_mut_ptr().cast(), v)
            };
            out[j]
        });
        Fe52::from_limbs_below_2_52(n)
    }

    /// Lane j of the result is lane `S`'s j-th selector of `self`
    /// (`S = lanes(l0, l1, l2, l3)`).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn permute<const S: i32>(&self) -> Self {
        Fe52x4(permute_limbs::<S>(&self.0))
    }

    /// `self` with the lanes `B = from_second(…)` taken from `other`.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn blend<const B: i32>(&self, other: &Self) -> Self {
        Fe52x4(blend_limbs::<B>(&self.0, &other.0))
    }

    /// The same values as [`Wide`], for sums.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn wide(&self) -> Wide {
        Wide(self.0)
    }

    /// The four products, each lane by its own (columns folded, limbs below
    /// 2⁵⁶; not yet normalised).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn mul_wide(&self, b: &Self) -> Wide {
        let a = &self.0;
        let b = &b.0;
        let z = _mm256_setzero_si256();
        // Column k: the low halves of aᵢbⱼ with i + j = k and the high
        // halves with i + j = k − 1. Two sets of accumulators (even and odd
        // i) halve the chains of dependent IFMA (three sets were slower:
        // BENCHMARKS.md, decisions).
        let mut lo = [[z; 10]; 2];
        let mut hi = [[z; 10]; 2];
        for i in 0..5 {
            let s = i & 1;
            for j in 0..5 {
                lo[s][i + j] = _mm256_madd52lo_epu64(lo[s][i + j], a[i], b[j]);
                hi[s][i + j + 1] = _mm256_madd52hi_epu64(hi[s][i + j + 1], a[i], b[j]);
            }
        }
        // Each column is at most ten halves: below 10·2⁵² < 2⁵⁶.
        let c: [__m256i; 10] = core::array::from_fn(|k| {
            _mm256_add_epi64(
                _mm256_add_epi64(lo[0][k], lo[1][k]),
                _mm256_add_epi64(hi[0][k], hi[1][k]),
            )
        });
        // Columns 5 … 9 weigh 2²⁶⁰⁺⁵²⁽ᵏ⁻⁵⁾ ≡ R·2⁵²⁽ᵏ⁻⁵⁾: fold their low 52
        // bits (an IFMA operand) by R into columns k − 5 and k − 4, and the
        // bits above (below 2⁴) times R (below 2⁴¹) into column k − 4. The
        // folds into column k − 4 go to accumulators of their own, added
        // at the end: no IFMA waits for another (the round's latency). The
        // bits above times R are 2³⁶·top + 0x3D10·top, a shift and a 32-bit
        // product, off the IFMA port (BENCHMARKS.md, decisions).
        let (m, r) = (splat(M52), splat(R));
        let mut e = [c[0], c[1], c[2], c[3], c[4], z];
        let (mut f, mut g) = ([z; 6], [z; 6]);
        for k in 5..10 {
            let low = _mm256_and_si256(c[k], m);
            let top = _mm256_srli_epi64::<52>(c[k]);
            e[k - 5] = _mm256_madd52lo_epu64(e[k - 5], low, r);
            f[k - 4] = _mm256_madd52hi_epu64(z, low, r);
            g[k - 4] = _mm256_add_epi64(
                _mm256_slli_epi64::<36>(top),
                _mm256_mul_epu32(top, splat(R_LOW)),
            );
        }
        for k in 1..6 {
            e[k] = _mm256_add_epi64(e[k], _mm256_add_epi64(f[k], g[k]));
        }
        // Column 9 carried into a sixth, below 2⁴⁵: fold it once more.
        e[0] = _mm256_madd52lo_epu64(e[0], e[5], r);
        e[1] = _mm256_madd52hi_epu64(e[1], e[5], r);
        Wide([e[0], e[1], e[2], e[3], e[4]])
    }

    /// The lanes ≡ 0 (mod p): those whose limbs are all 0 or all p's, the
    /// only representatives of 0 below 2²⁵⁶ + 2²²¹. Constant time: every
    /// limb compared, the comparisons combined by AND and OR.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn is_zero(&self) -> Mask4 {
        let z = _mm256_setzero_si256();
        let mut is_0 = _mm256_cmpeq_epi64(z, z);
        let mut is_p = is_0;
        for (&limb, &p) in self.0.iter().zip(&P) {
            is_0 = _mm256_and_si256(is_0, _mm256_cmpeq_epi64(limb, z));
            is_p = _mm256_and_si256(is_p, _mm256_cmpeq_epi64(limb, splat(p)));
        }
        Mask4(_mm256_or_si256(is_0, is_p))
    }

    /// Lane `J` ≡ 0 (mod p), read from [`Fe52x4::is_zero`]. Variable time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn lane_is_zero_vartime<const J: i32>(&self) -> bool {
        _mm256_extract_epi64::<J>(self.is_zero().0) != 0
    }

    /// `self` in the lanes `m` leaves clear, `other` where it is set.
    /// Constant time: AND, AND-NOT and OR of every limb.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn select(&self, other: &Self, m: Mask4) -> Self {
        Fe52x4(select_limbs(&self.0, &other.0, m))
    }

    /// −self in every lane: 2¹¹·p − self, normalised. Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn neg(&self) -> Self {
        Wide::zero().sub(&self.wide()).normalize()
    }

    /// Lane j of `entries[pos[j]]` for every j, by a full scan: each entry
    /// is read and kept under the mask of the lanes whose position it is
    /// (a vector comparison, no branch and no index on `pos`), and the
    /// kept limbs are ORed. Constant time in `pos`; each `pos[j]` must be
    /// below the length.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn scan(entries: &[Fe52x4], pos: [u64; 4]) -> Self {
        let pos = set(pos);
        let mut r = [_mm256_setzero_si256(); 5];
        for (i, e) in entries.iter().enumerate() {
            let m = _mm256_cmpeq_epi64(pos, splat(i as u64));
            for (r, &limb) in r.iter_mut().zip(&e.0) {
                *r = _mm256_or_si256(*r, _mm256_and_si256(limb, m));
            }
        }
        Fe52x4(r)
    }
}

impl Mask4 {
    /// Lane j set where `bits[j]` is 1 (each 0 or 1), the masks built by
    /// arithmetic and hidden from the optimiser (`ct::barrier`).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn from_bits(bits: [u8; 4]) -> Self {
        Mask4(set(
            bits.map(|b| crate::ct::barrier(u64::from(b).wrapping_neg()))
        ))
    }

    /// The lanes permuted as [`Fe52x4::permute`]: `lanes(1, 1, 1, 1)`
    /// spreads lane 1's mask over all four.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn permute<const S: i32>(&self) -> Self {
        Mask4(_mm256_permute4x64_epi64::<S>(self.0))
    }
}

/// One parallel carry step of the normalisations: limb k's bits above 52
/// added to limb k + 1, limb 4's above 48 times C to limb 0, all at once.
/// From limbs below 2⁶⁴: limbs 1 … 3 below 2⁵² + 2¹², limb 4 below
/// 2⁴⁸ + 2¹², limb 0 below 2⁵² + 2⁴⁹.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn carry_step(e: [__m256i; 5]) -> [__m256i; 5] {
    let (m, m48, c) = (splat(M52), splat(M48), splat(C));
    let carry: [__m256i; 4] = core::array::from_fn(|k| _mm256_srli_epi64::<52>(e[k]));
    let top = _mm256_srli_epi64::<48>(e[4]);
    [
        _mm256_madd52lo_epu64(_mm256_and_si256(e[0], m), top, c),
        _mm256_add_epi64(_mm256_and_si256(e[1], m), carry[0]),
        _mm256_add_epi64(_mm256_and_si256(e[2], m), carry[1]),
        _mm256_add_epi64(_mm256_and_si256(e[3], m), carry[2]),
        _mm256_add_epi64(_mm256_and_si256(e[4], m48), carry[3]),
    ]
}

/// `a` where `m` is clear, `b` where it is set, limb by limb.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn select_limbs(a: &[__m256i; 5], b: &[__m256i; 5], m: Mask4) -> [__m256i; 5] {
    core::array::from_fn(|k| {
        _mm256_or_si256(_mm256_andnot_si256(m.0, a[k]), _mm256_and_si256(m.0, b[k]))
    })
}

impl Wide {
    /// Lane-wise sum.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn add(&self, b: &Wide) -> Wide {
        Wide(core::array::from_fn(|k| {
            _mm256_add_epi64(self.0[k], b.0[k])
        }))
    }

    /// Each lane times 2^`S`, with `S` ≤ 4 on products' results (limbs
    /// stay below 2⁶⁰).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn shl<const S: i32>(&self) -> Wide {
        Wide(self.0.map(|v| _mm256_slli_epi64::<S>(v)))
    }

    /// Lane j shifted left by `s[j]` bits (64 gives 0): lane-wise small
    /// factors, as x + (x << 1) = 3x.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn shl_lanes(&self, s: [u64; 4]) -> Wide {
        let s = set(s);
        Wide(self.0.map(|v| _mm256_sllv_epi64(v, s)))
    }

    /// `self − b` in every lane, plus 2¹¹·p so that no limb borrows: b's
    /// limbs must be below 2¹¹·p's (2⁵⁹ − 2¹¹ for limb 4, above 2⁶² for the
    /// others), as those of a few products' [`Wide`] results added are.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn sub(&self, b: &Wide) -> Wide {
        Wide(core::array::from_fn(|k| {
            let c = splat(P[k] << SUB_SHIFT);
            _mm256_sub_epi64(_mm256_add_epi64(self.0[k], c), b.0[k])
        }))
    }

    /// Zero in every lane.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn zero() -> Wide {
        Wide([_mm256_setzero_si256(); 5])
    }

    /// Lanes permuted as [`Fe52x4::permute`].
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn permute<const S: i32>(&self) -> Wide {
        Wide(permute_limbs::<S>(&self.0))
    }

    /// `self` with the lanes `B` taken from `other`.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn blend<const B: i32>(&self, other: &Wide) -> Wide {
        Wide(blend_limbs::<B>(&self.0, &other.0))
    }

    /// `self` in the lanes `m` leaves clear, `other` where it is set
    /// (constant time, as [`Fe52x4::select`]).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn select(&self, other: &Wide, m: Mask4) -> Wide {
        Wide(select_limbs(&self.0, &other.0, m))
    }

    /// Limbs below 2⁵² by one parallel carry step (each limb's bits above
    /// 52 into the next at once, limb 4's above 48 folded by C into limb
    /// 0), then one carry chain, whose carries are 0 or 1: limb 4 ends below
    /// 2⁴⁸ + 2¹³, the value below 2²⁵⁶ + 2²²¹. Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn normalize(&self) -> Fe52x4 {
        let m = splat(M52);
        let mut e = carry_step(self.0);
        for k in 0..4 {
            e[k + 1] = _mm256_add_epi64(e[k + 1], _mm256_srli_epi64::<52>(e[k]));
            e[k] = _mm256_and_si256(e[k], m);
        }
        Fe52x4(e)
    }

    /// [`Wide::normalize_vartime`] where `VARTIME`, else
    /// [`Wide::normalize`]: one formula for both kinds of caller.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn normalize_as<const VARTIME: bool>(&self) -> Fe52x4 {
        if VARTIME {
            self.normalize_vartime()
        } else {
            self.normalize()
        }
    }

    /// As [`Wide::normalize`], by two parallel carry steps (each limb's
    /// carry into the next at once, limb 4's above 2⁴⁸ folded by C into
    /// limb 0) instead of chains: a limb is then below 2⁵² except with
    /// probability about 2⁻¹⁹ (limb 0 within 2³³ of 2⁵²), when the chains
    /// run. Variable time: public inputs only.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn normalize_vartime(&self) -> Fe52x4 {
        let e = carry_step(carry_step(self.0));
        let any = _mm256_or_si256(
            _mm256_or_si256(_mm256_or_si256(e[0], e[1]), _mm256_or_si256(e[2], e[3])),
            e[4],
        );
        if _mm256_testz_si256(any, splat(!M52)) == 0 {
            return Wide(e).normalize();
        }
        Fe52x4(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::field::Field;
    use num_bigint::BigUint;
    use subtle::ConstantTimeEq;

    fn p() -> BigUint {
        (BigUint::from(1u8) << 256) - BigUint::from(C)
    }

    fn value(n: &[u64; 5]) -> BigUint {
        n.iter()
            .rev()
            .fold(BigUint::from(0u8), |acc, &x| (acc << 52) + BigUint::from(x))
    }

    fn raw(v: &Fe52x4) -> [[u64; 5]; 4] {
        let mut out = [[0u64; 5]; 4];
        for (k, x) in v.0.iter().enumerate() {
            // SAFETY: a vector is four u64.
            #[allow(unsafe_code)]
            let l: [u64; 4] = unsafe { core::mem::transmute(*x) };
            for j in 0..4 {
                out[j][k] = l[j];
            }
        }
        out
    }

    fn from_raw(v: [[u64; 5]; 4]) -> [__m256i; 5] {
        // SAFETY: a vector is four u64.
        #[allow(unsafe_code)]
        core::array::from_fn(|k| unsafe {
            core::mem::transmute::<[u64; 4], __m256i>([v[0][k], v[1][k], v[2][k], v[3][k]])
        })
    }

    fn xorshift(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// Runs `f` where the CPU has IFMA; says so where it does not.
    fn with_ifma(f: impl FnOnce()) {
        match Ifma::detect() {
            Some(_) => f(),
            None => eprintln!(
                "SKIPPED: this CPU has no AVX-512 IFMA; the vector field is not used here"
            ),
        }
    }

    /// Limbs every product must accept: all ones, random, mixed, and short.
    fn operand(kind: u64, s: &mut u64) -> [[u64; 5]; 4] {
        core::array::from_fn(|_| {
            core::array::from_fn(|_| match kind % 4 {
                0 => M52,
                1 => xorshift(s) & M52,
                2 => {
                    if xorshift(s) & 1 == 0 {
                        M52
                    } else {
                        xorshift(s) & M52
                    }
                }
                _ => xorshift(s) >> (12 + xorshift(s) % 52),
            })
        })
    }

    #[test]
    fn products_match_big_integers() {
        with_ifma(|| {
            let p = p();
            let mut s = 0x9E37_79B9_7F4A_7C15u64;
            for round in 0..4000u64 {
                let (a, b) = (operand(round, &mut s), operand(round / 4, &mut s));
                let (x, y) = (Fe52x4(from_raw(a)), Fe52x4(from_raw(b)));
                // SAFETY: `with_ifma` found the extensions.
                #[allow(unsafe_code)]
                let (ct, vt) = unsafe {
                    let w = x.mul_wide(&y);
                    (w.normalize(), w.normalize_vartime())
                };
                for out in [raw(&ct), raw(&vt)] {
                    for j in 0..4 {
                        assert!(out[j].iter().all(|&l| l <= M52), "a limb of 53 bits");
                        assert!(out[j][4] < (1 << 48) + (1 << 13), "limb 4 too wide");
                        let want = value(&a[j]) * value(&b[j]) % &p;
                        assert_eq!(value(&out[j]) % &p, want, "round {round}, lane {j}");
                    }
                }
            }
        });
    }

    /// Both normalisations on limbs that carry into every next limb, wrap
    /// the fold, and (for the parallel steps) leave limb 0 at 2⁵² after
    /// two steps, where the chains must take over.
    #[test]
    fn normalisation_at_the_carries() {
        with_ifma(|| {
            let p = p();
            let cases: [[u64; 5]; 7] = [
                // every limb all ones (2²⁵⁶ − 1)
                [M52, M52, M52, M52, M48],
                [1 << 62, 1 << 62, 1 << 62, 1 << 62, 1 << 62],
                // limb 0 + C reaches 2⁵², then limb 1 does
                [M52 - (C - 1), M52, M52, M52, (1 << 48) | M48],
                // a carry through every limb
                [M52 + 1, M52, M52, M52, 0],
                P,
                // 2²⁵⁶ exactly
                [0, 0, 0, 0, 1 << 48],
                // after the two steps [0, 2⁵², 0, 0, 0]: a wide limb whose
                // low 52 bits, like every other limb's, are zero
                [(1 << 52) - C, M52, 0, 0, 1 << 48],
            ];
            for case in cases {
                let w = Wide(from_raw([case; 4]));
                // SAFETY: `with_ifma` found the extensions.
                #[allow(unsafe_code)]
                let (ct, vt) = unsafe { (w.normalize(), w.normalize_vartime()) };
                for out in [raw(&ct)[0], raw(&vt)[0]] {
                    assert!(out.iter().all(|&l| l <= M52), "{case:x?} → {out:x?}");
                    assert!(out[4] < (1 << 48) + (1 << 13), "{case:x?} → {out:x?}");
                    assert_eq!(value(&out) % &p, value(&case) % &p, "{case:x?}");
                }
            }
        });
    }

    /// Lanes into and out of `Fe52` round trip, each in its own lane.
    #[test]
    fn lanes_round_trip() {
        with_ifma(|| {
            let v = [1u64, 2, 0xFFFF_FFFF, 977].map(|x| Fe52::from_u64(x).invert().unwrap());
            // SAFETY: `with_ifma` found the extensions.
            #[allow(unsafe_code)]
            unsafe {
                let x = Fe52x4::from_lanes([&v[0], &v[1], &v[2], &v[3]]);
                for (j, want) in v.iter().enumerate() {
                    assert!(bool::from(x.lane(j).ct_eq(want)), "lane {j}");
                }
                let swapped = x.permute::<{ lanes(3, 2, 1, 0) }>();
                assert!(bool::from(swapped.lane(0).ct_eq(&v[3])));
                let mixed = x.blend::<{ from_second(false, true, false, false) }>(&swapped);
                assert!(bool::from(mixed.lane(1).ct_eq(&v[2])));
                assert!(bool::from(mixed.lane(2).ct_eq(&v[2])));
                assert!(bool::from(mixed.lane(0).ct_eq(&v[0])));
                // Every lane of both selectors, the last included.
                let spread = x.permute::<{ lanes(1, 3, 0, 2) }>();
                for (j, from) in [1, 3, 0, 2].into_iter().enumerate() {
                    assert!(
                        bool::from(spread.lane(j).ct_eq(&v[from])),
                        "permuted lane {j}"
                    );
                }
                let ends = x.blend::<{ from_second(true, false, false, true) }>(&swapped);
                for (j, from) in [3, 1, 2, 0].into_iter().enumerate() {
                    assert!(bool::from(ends.lane(j).ct_eq(&v[from])), "blended lane {j}");
                }
            }
        });
    }

    /// The scan reads every position into every lane, the select takes
    /// exactly the masked lanes, and the negation sums to zero.
    #[test]
    fn scan_select_and_negation() {
        with_ifma(|| {
            let v: Vec<Fe52> = (1..=16u64)
                .map(|i| Fe52::from_u64(i * 0x1_0000_0001).invert().unwrap())
                .collect();
            // SAFETY: `with_ifma` found the extensions.
            #[allow(unsafe_code)]
            unsafe {
                let entries: Vec<Fe52x4> = (0..16)
                    .map(|i| {
                        Fe52x4::from_lanes([
                            &v[i],
                            &v[(i + 1) % 16],
                            &v[(i + 2) % 16],
                            &v[(i + 3) % 16],
                        ])
                    })
                    .collect();
                for i in 0..16u64 {
                    let pos = [i, 15 - i, (i + 5) % 16, (i * 7) % 16];
                    let got = Fe52x4::scan(&entries, pos);
                    for (j, &p) in pos.iter().enumerate() {
                        let want = &v[(p as usize + j) % 16];
                        assert!(
                            bool::from(got.lane(j).ct_eq(want)),
                            "position {p}, lane {j}"
                        );
                    }
                }
                let a = entries[0];
                let b = a.neg();
                for bits in 0..16u8 {
                    let m =
                        Mask4::from_bits([bits & 1, bits >> 1 & 1, bits >> 2 & 1, bits >> 3 & 1]);
                    let got = a.select(&b, m);
                    let wide = a.wide().select(&b.wide(), m).normalize();
                    for (j, &vj) in v.iter().take(4).enumerate() {
                        let want = if bits >> j & 1 == 1 { -vj } else { vj };
                        assert!(
                            bool::from(got.lane(j).ct_eq(&want)),
                            "mask {bits:04b}, lane {j}"
                        );
                        assert!(
                            bool::from(wide.lane(j).ct_eq(&want)),
                            "wide, mask {bits:04b}, lane {j}"
                        );
                    }
                }
                // A lane's mask spread over all four.
                let m = Mask4::from_bits([0, 0, 1, 0]).permute::<{ lanes(2, 2, 2, 2) }>();
                let all = a.select(&b, m);
                for (j, &vj) in v.iter().take(4).enumerate() {
                    assert!(bool::from(all.lane(j).ct_eq(&-vj)), "spread, lane {j}");
                }
                let zero = a.wide().add(&b.wide()).normalize();
                assert!((0..4).all(|j| bool::from(zero.lane(j).is_zero())));
            }
        });
    }

    /// Zero is seen in its two representatives and nowhere else.
    #[test]
    fn zero_in_a_lane() {
        with_ifma(|| {
            let zero = Fe52::from_u64(0);
            let one = Fe52::from_u64(1);
            // SAFETY: `with_ifma` found the extensions.
            #[allow(unsafe_code)]
            unsafe {
                let x = Fe52x4::from_lanes([&zero, &one, &one, &zero]);
                assert!(x.lane_is_zero_vartime::<0>());
                assert!(!x.lane_is_zero_vartime::<1>());
                assert!(x.lane_is_zero_vartime::<3>());
                let p = Fe52x4(from_raw([P, [1, 0, 0, 0, 0], P, [0, 0, 0, 0, 1]]));
                assert!(p.lane_is_zero_vartime::<0>());
                assert!(!p.lane_is_zero_vartime::<1>());
                assert!(!p.lane_is_zero_vartime::<3>());
            }
        });
    }
}
