//! GLV scalar decomposition k = k₁ + k₂·λ (mod n) and signed fixed-window
//! recoding, both constant time.
//!
//! # Decomposition (Babai rounding)
//! Let v₁ = (a₁, b₁), v₂ = (a₂, b₂) be a reduced basis of the lattice
//! {(x, y) : x + y·λ ≡ 0 (mod n)} with det = a₁b₂ − a₂b₁ = n, oriented so that
//! b₁ ≤ 0 ≤ b₂. Then (k, 0) = β₁v₁ + β₂v₂ with β₁ = b₂k/n, β₂ = −b₁k/n, and
//! with cᵢ ≈ βᵢ,
//!   k₂ = −c₁b₁ − c₂b₂,   k₁ = k − k₂λ  (so k₁ + k₂λ ≡ k by construction).
//! cᵢ = ⌊k·gᵢ / 2^m⌉ with precomputed gᵢ = ⌊2^m·bᵢ′/n⌉ (b₁′ = b₂, b₂′ = −b₁).
//!
//! **Bound.** |gᵢ − 2^m·bᵢ′/n| ≤ 1/2, so |k·gᵢ/2^m − βᵢ| ≤ k/2^(m+1) < 1/2
//! (k < n < 2^m), and rounding adds at most 1/2: |cᵢ − βᵢ| < 1. Since
//! (k₁, k₂) = (k, 0) − c₁v₁ − c₂v₂ = (β₁ − c₁)v₁ + (β₂ − c₂)v₂,
//!   |k₁| < |a₁| + |a₂|,   |k₂| < |b₁| + |b₂|.
//! `bound_bits` is the bit length of max(|a₁|+|a₂|, |b₁|+|b₂|): 129 for
//! secp256k1, 127 for BN254, 128 for BLS12-381 (checked by the tests, with
//! the observed maxima 128/126/127).
//!
//! The halves come out as residues mod n; a half above (n−1)/2 stands for a
//! negative value, so it is negated and its sign returned as a `Choice`.
//!
//! # Recoding
//! `recode` writes a non-negative e < 2^(w·D − 1) as D signed digits
//! dᵢ ∈ [−2^(w−1), 2^(w−1)) with e = Σ dᵢ·2^(wi) (Booth-style: each w-bit
//! window plus the incoming carry, minus 2^w when it reaches 2^(w−1)); the
//! top digit keeps the last carry, so it lies in [0, 2^(w−1)] (the spec's
//! "recoding caveat": ECgFp5's n − 1 has a top window of 15 plus a carry).
//! Only shifts by public amounts and arithmetic on the digits: constant time.

use crate::scalar::ScalarField;
use subtle::{Choice, ConditionallySelectable};
use zeroize::Zeroize;

/// The GLV constants of one curve (canonical little-endian limbs).
#[derive(Clone, Copy, Debug)]
pub struct GlvParams<S> {
    /// λ with φ(P) = λ·P.
    pub lambda: [u64; 4],
    /// −b₁ mod n.
    pub neg_b1: [u64; 4],
    /// −b₂ mod n.
    pub neg_b2: [u64; 4],
    /// g₁ = ⌊2^m·b₂/n⌉.
    pub g1: [u64; 4],
    /// g₂ = ⌊2^m·(−b₁)/n⌉.
    pub g2: [u64; 4],
    /// m.
    pub shift: u32,
    /// Bit length of the proven bound on |k₁|, |k₂|.
    pub bound_bits: u32,
    /// Ties the constants to their scalar field.
    pub _s: core::marker::PhantomData<S>,
}

/// ⌊a·b / 2^m⌉ for a public m in [64, 448]; the quotient must fit in 256 bits.
pub fn mul_shift_round(a: &[u64; 4], b: &[u64; 4], m: u32) -> [u64; 4] {
    let mut w = [0u64; 12];
    for i in 0..4 {
        let mut c = 0u64;
        for j in 0..4 {
            let t = w[i + j] as u128 + (a[i] as u128) * (b[j] as u128) + c as u128;
            w[i + j] = t as u64;
            c = (t >> 64) as u64;
        }
        w[i + 4] = c;
    }
    // + 2^(m−1) for rounding
    let (li, bi) = (((m - 1) / 64) as usize, (m - 1) % 64);
    let mut carry = 1u64 << bi;
    for limb in w.iter_mut().skip(li) {
        let (s, c) = limb.overflowing_add(carry);
        *limb = s;
        carry = c as u64;
    }
    let (ls, bs) = ((m / 64) as usize, m % 64);
    let mut r = [0u64; 4];
    for (i, x) in r.iter_mut().enumerate() {
        let lo = w[ls + i] >> bs;
        let hi = if bs == 0 {
            0
        } else {
            w[ls + i + 1] << (64 - bs)
        };
        *x = lo | hi;
    }
    r
}

/// A decomposed scalar: |k₁|, |k₂| (canonical limbs) and their signs.
#[derive(Clone, Copy, Debug)]
pub struct Split {
    /// |k₁|.
    pub k1: [u64; 4],
    /// k₁ < 0.
    pub neg1: Choice,
    /// |k₂|.
    pub k2: [u64; 4],
    /// k₂ < 0.
    pub neg2: Choice,
}

/// k = k₁ + k₂·λ (mod n) with |kᵢ| < 2^bound_bits. Constant time.
pub fn decompose<S: ScalarField>(k: &S, p: &GlvParams<S>) -> Split {
    let kl = k.to_le_limbs();
    let c1 = S::from_le_limbs_reduced(&mul_shift_round(&kl, &p.g1, p.shift));
    let c2 = S::from_le_limbs_reduced(&mul_shift_round(&kl, &p.g2, p.shift));
    let k2 = c1 * S::from_le_limbs_reduced(&p.neg_b1) + c2 * S::from_le_limbs_reduced(&p.neg_b2);
    let k1 = *k - k2 * S::from_le_limbs_reduced(&p.lambda);
    // Planted bug (only with `--cfg twinmul_planted_bug`): an off-by-one in
    // k₁ for scalars whose low 12 bits are 0xabc.
    #[cfg(twinmul_planted_bug)]
    let k1 = if kl[0] & 0xfff == 0xabc {
        k1 + S::ONE
    } else {
        k1
    };
    let (neg1, neg2) = (k1.is_high(), k2.is_high());
    let a1 = S::conditional_select(&k1, &-k1, neg1);
    let a2 = S::conditional_select(&k2, &-k2, neg2);
    Split {
        k1: a1.to_le_limbs(),
        neg1,
        k2: a2.to_le_limbs(),
        neg2,
    }
}

/// The most digits any recoding here produces (ECgFp5: w = 5, 319 bits: 64).
pub const MAX_DIGITS: usize = 64;

/// w bits of `e` starting at bit `pos` (public position).
fn window(e: &[u64], pos: u32, w: u32) -> u64 {
    let (li, bi) = ((pos / 64) as usize, pos % 64);
    if li >= e.len() {
        return 0;
    }
    let mut v = e[li] >> bi;
    if bi + w > 64 && li + 1 < e.len() {
        v |= e[li + 1] << (64 - bi);
    }
    v & ((1u64 << w) - 1)
}

/// Signed radix-2^w recoding of `e` into `digits` digits (see the module doc).
pub fn recode(e: &[u64], w: u32, digits: usize) -> [i8; MAX_DIGITS] {
    let mut out = [0i8; MAX_DIGITS];
    let mut carry = 0u64;
    for (i, d) in out.iter_mut().enumerate().take(digits) {
        let v = window(e, w * i as u32, w) + carry;
        // The top digit keeps the final carry (it may reach 2^(w−1)).
        carry = if i + 1 == digits {
            0
        } else {
            (v + (1 << (w - 1))) >> w
        };
        *d = (v as i64 - (carry << w) as i64) as i8;
    }
    out
}

/// The GLV split of k straight into odd signed digits (libsecp256k1's
/// `ecmult_const` since 0.5): two digit strings d, e of `digits` digits each,
/// every digit odd in [−(2^w − 1), 2^w − 1], with
/// Σ dᵢ·2^(wi) + λ·Σ eᵢ·2^(wi) ≡ k (mod n). Constant time.
///
/// Why: any v ∈ [0, 2^L) spells the odd integer o(v) = 2v − (2^L − 1) =
/// Σ (2·bitᵢ(v) − 1)·2^i, and a w-bit window of v read as 2·window − (2^w − 1)
/// is an odd digit; so no digit is ever 0 (an affine table cannot hold O),
/// and neither a sign nor an even half needs fixing afterwards. Write
/// s = (k + (2^L − 1 − 2^(B+1))·(1 + λ))/2 mod n (B = `bound_bits`,
/// L = w·digits ≥ B + 1), split s = s₁ + s₂λ with |sᵢ| < 2^B ([`decompose`])
/// and take vᵢ = sᵢ + 2^B ∈ (0, 2^(B+1)) ⊆ [0, 2^L). Then
/// o(v₁) + o(v₂)·λ = 2(s₁ + s₂λ) + (2^(B+1) − 2^L + 1)(1 + λ) ≡ k.
pub fn split_odd<S: ScalarField>(
    k: &S,
    p: &GlvParams<S>,
    w: u32,
    digits: usize,
) -> ([i8; MAX_DIGITS], [i8; MAX_DIGITS]) {
    let (b, l) = (p.bound_bits, w * digits as u32);
    debug_assert!(b < l && l < 256 && digits <= MAX_DIGITS);
    // 1/2 mod n = (n + 1)/2 = (n >> 1) + 1, n being odd.
    let n_shr: [u64; 4] = core::array::from_fn(|i| {
        let hi = if i < 3 { S::ORDER[i + 1] << 63 } else { 0 };
        (S::ORDER[i] >> 1) | hi
    });
    let half = S::from_le_limbs_reduced(&n_shr) + S::ONE;
    let offset =
        S::from_le_limbs_reduced(&pow2(l)) - S::ONE - S::from_le_limbs_reduced(&pow2(b + 1));
    let one_lambda = S::ONE + S::from_le_limbs_reduced(&p.lambda);
    let s = (*k + offset * one_lambda) * half;
    let mut split = decompose(&s, p);
    let mut v1 = offset_half(&split.k1, split.neg1, b);
    let mut v2 = offset_half(&split.k2, split.neg2, b);
    let mut d1 = [0i8; MAX_DIGITS];
    let mut d2 = [0i8; MAX_DIGITS];
    for i in 0..digits {
        let pos = w * i as u32;
        d1[i] = (2 * window(&v1, pos, w) as i64 + 1 - (1 << w)) as i8;
        d2[i] = (2 * window(&v2, pos, w) as i64 + 1 - (1 << w)) as i8;
    }
    split.k1.zeroize();
    split.k2.zeroize();
    v1.zeroize();
    v2.zeroize();
    (d1, d2)
}

/// 2^e as limbs, e < 256.
fn pow2(e: u32) -> [u64; 4] {
    let mut r = [0u64; 4];
    r[(e / 64) as usize] = 1 << (e % 64);
    r
}

/// 2^b ± a for a < 2^b (b < 255), the sign chosen by mask: constant time.
fn offset_half(a: &[u64; 4], neg: Choice, b: u32) -> [u64; 4] {
    let base = pow2(b);
    let (mut plus, mut minus) = ([0u64; 4], [0u64; 4]);
    let (mut carry, mut borrow) = (false, false);
    for i in 0..4 {
        let (t, c1) = base[i].overflowing_add(a[i]);
        let (t, c2) = t.overflowing_add(carry as u64);
        plus[i] = t;
        carry = c1 | c2;
        let (t, b1) = base[i].overflowing_sub(a[i]);
        let (t, b2) = t.overflowing_sub(borrow as u64);
        minus[i] = t;
        borrow = b1 | b2;
    }
    core::array::from_fn(|i| u64::conditional_select(&plus[i], &minus[i], neg))
}

/// How many odd digits of width w cover a value below 2^bits.
pub const fn odd_digits_for(bits: u32, w: u32) -> usize {
    bits.div_ceil(w) as usize
}

/// How many digits of width w cover a value below 2^bits (one spare for the carry).
pub const fn digits_for(bits: u32, w: u32) -> usize {
    (bits / w + 1) as usize
}

/// Length of a [`wnaf_vartime`] output: enough for 5 limbs (ECgFp5's
/// 320-bit scalars) and the carry out of the top.
pub const WNAF_MAX: usize = 5 * 64 + 4;

/// Width-w NAF of a public value (variable time): digits odd or zero, in
/// (−2^(w−1), 2^(w−1)), at most one non-zero in any w consecutive; returns
/// the digits (least significant first) and how many are used. `L ≤ 5`,
/// `2 ≤ w ≤ 14`. Runs of zeros are skipped a word at a time.
pub fn wnaf_vartime<const L: usize>(e: &[u64; L], w: u32) -> ([i16; WNAF_MAX], usize) {
    debug_assert!(L <= 5 && (2..=14).contains(&w));
    let mut out = [0i16; WNAF_MAX];
    // One spare limb takes the carry when a negative digit rounds k up.
    let mut k = [0u64; 6];
    k[..L].copy_from_slice(e);
    let (mut i, mut len) = (0usize, 0usize);
    while let Some(j) = k.iter().position(|&l| l != 0) {
        let tz = 64 * j as u32 + k[j].trailing_zeros();
        shr(&mut k, tz);
        i += tz as usize;
        let m = (k[0] & ((1 << w) - 1)) as i64;
        let d = if m >= 1 << (w - 1) { m - (1 << w) } else { m };
        out[i] = d as i16;
        len = i + 1;
        // k −= d leaves k ≡ 0 mod 2^w: the next w − 1 digits are zero.
        let (mut borrow, mut carry) = (
            if d > 0 { d as u64 } else { 0 },
            if d < 0 { d.unsigned_abs() } else { 0 },
        );
        for l in k.iter_mut() {
            let (s, b) = l.overflowing_sub(borrow);
            let (s, c) = s.overflowing_add(carry);
            *l = s;
            borrow = b as u64;
            carry = c as u64;
        }
        shr(&mut k, w);
        i += w as usize;
    }
    (out, len)
}

/// k >>= s on six limbs (any s).
fn shr(k: &mut [u64; 6], s: u32) {
    let (words, bits) = ((s / 64) as usize, s % 64);
    for j in 0..6 {
        let lo = k.get(j + words).copied().unwrap_or(0);
        let hi = k.get(j + words + 1).copied().unwrap_or(0);
        k[j] = if bits == 0 {
            lo
        } else {
            (lo >> bits) | (hi << (64 - bits))
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Σ dᵢ·2ⁱ mod 2³⁸⁴ by Horner's rule, on six limbs.
    fn eval(d: &[i16]) -> [u64; 6] {
        let mut acc = [0u64; 6];
        for &di in d.iter().rev() {
            let mut c = 0;
            for l in acc.iter_mut() {
                let n = (*l >> 63) & 1;
                *l = (*l << 1) | c;
                c = n;
            }
            let add = if di >= 0 {
                di as u64
            } else {
                (-(di as i64)) as u64
            };
            let mut carry = add;
            for l in acc.iter_mut() {
                let (s, o) = if di >= 0 {
                    l.overflowing_add(carry)
                } else {
                    l.overflowing_sub(carry)
                };
                *l = s;
                carry = o as u64;
            }
        }
        acc
    }

    #[test]
    fn wnaf_reconstructs_and_is_sparse() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut cases: Vec<[u64; 5]> = vec![[0; 5], [1, 0, 0, 0, 0], [u64::MAX; 5]];
        for _ in 0..500 {
            cases.push([next(), next(), next(), next(), next() >> (next() % 64)]);
        }
        for e in cases {
            for w in [2u32, 4, 5, 6, 8, 10, 12, 14] {
                let (d, len) = wnaf_vartime(&e, w);
                let mut want = [0u64; 6];
                want[..5].copy_from_slice(&e);
                assert_eq!(eval(&d[..len]), want, "w = {w}, e = {e:?}");
                assert!(d[len..].iter().all(|&x| x == 0));
                let mut last: Option<usize> = None;
                for (i, &di) in d[..len].iter().enumerate() {
                    if di != 0 {
                        assert!(di % 2 != 0 && (di as i32).abs() < 1 << (w - 1));
                        if let Some(j) = last {
                            assert!(i - j >= w as usize, "two digits closer than w");
                        }
                        last = Some(i);
                    }
                }
            }
        }
    }
}
