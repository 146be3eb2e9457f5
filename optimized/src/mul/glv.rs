//! GLV scalar decomposition k = k₁ + k₂·λ (mod n), and the split read
//! straight as odd signed digits (`split_odd`). Constant time.
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

use super::recode::{bits_at, MAX_DIGITS};
use crate::arith::limbs;
use crate::arith::scalar::ScalarField;
use crate::point::params::GlvParams;
use subtle::{Choice, ConditionallySelectable};
use zeroize::Zeroize;

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
    #[cfg(twinmul_planted_bug)]
    let k1 = planted_bug_k1(kl[0], k1);
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

/// The planted bug (only with `--cfg twinmul_planted_bug`, for proving
/// that the fuzz targets find bugs): k₁ off by one for scalars whose low 12
/// bits are 0xabc.
#[cfg(twinmul_planted_bug)]
fn planted_bug_k1<S: ScalarField>(low: u64, k1: S) -> S {
    if low & 0xfff == 0xabc {
        k1 + S::ONE
    } else {
        k1
    }
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
    let half = S::one_half();
    let offset = S::power_of_two(l) - S::ONE - S::power_of_two(b + 1);
    let one_lambda = S::ONE + S::from_le_limbs_reduced(&p.lambda);
    let s = (*k + offset * one_lambda) * half;
    let mut split = decompose(&s, p);
    let mut v1 = offset_half(&split.k1, split.neg1, b);
    let mut v2 = offset_half(&split.k2, split.neg2, b);
    let mut d1 = [0i8; MAX_DIGITS];
    let mut d2 = [0i8; MAX_DIGITS];
    for i in 0..digits {
        let pos = w * i as u32;
        d1[i] = (2 * bits_at(&v1, pos, w) as i64 + 1 - (1 << w)) as i8;
        d2[i] = (2 * bits_at(&v2, pos, w) as i64 + 1 - (1 << w)) as i8;
    }
    split.k1.zeroize();
    split.k2.zeroize();
    v1.zeroize();
    v2.zeroize();
    (d1, d2)
}

/// 2^e as limbs, e < 256.
fn power_of_two_limbs(e: u32) -> [u64; 4] {
    let mut r = [0u64; 4];
    r[(e / 64) as usize] = 1 << (e % 64);
    r
}

/// 2^b ± a for a < 2^b (b < 255), the sign chosen by mask: constant time
/// (the carry and borrow chains of `limbs`, then a masked select). The sum
/// never carries: a's bits lie below b.
fn offset_half(a: &[u64; 4], neg: Choice, b: u32) -> [u64; 4] {
    let base = power_of_two_limbs(b);
    let (plus, _) = limbs::add(&base, a);
    let (minus, _) = limbs::sub(&base, a);
    core::array::from_fn(|i| u64::conditional_select(&plus[i], &minus[i], neg))
}
