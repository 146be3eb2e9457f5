//! Fixed-base k·G: the signed-digit multi-comb of libsecp256k1's
//! `ecmult_gen` (Pieter Wuille's design, PR #693/#1883), generic over the
//! a = 0 curves, with scalar and projective blinding; and a variable-time
//! twin for public scalars.
//!
//! **Recoding.** With B = blocks·teeth·spacing ≥ bits(n), every k mod n is
//! Σ_{i<B} sᵢ·2ⁱ with sᵢ = ±1: take d = (k + 2^B − 1)/2 mod n and
//! sᵢ = 2·bitᵢ(d) − 1 (then Σ sᵢ2ⁱ = 2d − (2^B − 1) ≡ k).
//!
//! **Table.** For block j and a pattern m of the lower teeth − 1 bits,
//! `table[j·E + m] = Σ_t sₜ·2^((j·T + t)·S)·G` with the top tooth +1 and
//! sₜ = ±1 from m (E = 2^(T−1) entries per block). A pattern whose top bit
//! is 0 is the complement of one whose top bit is 1, with every sign
//! flipped, so it is the negated entry: no table doubling is needed.
//!
//! **Evaluation.** For c = S−1 … 0: acc = 2·acc, then for each block add
//! ±table[j][pattern of bits (j·T + t)·S + c]. Cost: (S − 1) doublings and
//! S·blocks mixed additions, each lookup a full constant-time scan. Every
//! entry is a finite point, so the constant-time path runs in Jacobian
//! coordinates: 3M + 4S doublings and libsecp256k1's complete mixed
//! addition `gej_add_ge` (7M + 5S, `point/jacobian.rs`).
//!
//! **Blinding.** A context holds a random b, the point b·G, and a random
//! z ≠ 0: k·G is computed as comb(k − b) + b·G with the first entry looked
//! up set to Z = z, so neither the comb's digits nor its coordinates are
//! those of k; both are re-drawn by [`GeneratorContext::rerandomize`] and
//! zeroized on drop.
//!
//! **Tables.** Each curve declares the shapes of its tables
//! ([`GeneratorTable`]); the `twinmul-tablegen` program generates them into
//! `curves/tables/`, and a test regenerates them and fails on a difference.
//!
//! Constant time: `GeneratorContext::mul_g` (every lookup a full scan, the
//! digits computed without branches). [`mul_g_vartime`] reads the table by
//! index and branches on the digits: public scalars only.

use super::lookup::scan_xy;
use crate::arith::field::Field;
use crate::arith::scalar::ScalarField;
use crate::arith::vartime::Vartime;
use crate::point::affine::{AffinePoint, AffineXY};
use crate::point::jacobian::Jacobian;
use crate::point::params::CurveParams;
use crate::point::projective::ProjectivePoint;
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable};
use zeroize::Zeroize;

/// Comb dimensions.
#[derive(Clone, Copy, Debug)]
pub struct CombShape {
    /// Number of blocks.
    pub blocks: usize,
    /// Teeth per block.
    pub teeth: usize,
    /// Spacing between teeth.
    pub spacing: usize,
}

/// A curve with a generated comb table for its generator.
pub trait GeneratorTable: CurveParams {
    /// The comb tables generated for this curve, as (file stem in
    /// `curves/tables/`, shape): every size the crate can be built with.
    const COMB_TABLES: &'static [(&'static str, CombShape)];
    /// The generated odd multiples of G: (file stem, number of entries, a
    /// power of two).
    const ODD_TABLE: (&'static str, usize);
    /// A separate, wider comb table for [`mul_g_vartime`], if any: (file
    /// stem, shape).
    const VARTIME_COMB_TABLE: Option<(&'static str, CombShape)> = None;
    /// The dimensions of the comb table compiled in (one of `COMB_TABLES`).
    const SHAPE: CombShape;
    /// blocks·2^(teeth−1) entries (see the module doc).
    fn table() -> &'static [AffineXY<Self::Fe>];
    /// The odd multiples G, 3G, …, (2n − 1)·G, n = `ODD_TABLE.1`, for a
    /// wNAF of width log₂ n + 2.
    fn odd_table() -> &'static [AffineXY<Self::Fe>];
    /// The comb dimensions of [`mul_g_vartime`]'s table: by default the
    /// constant-time one, or a wider one (more teeth, fewer additions) where
    /// its lookups, by index, cost nothing more.
    const VARTIME_SHAPE: CombShape = Self::SHAPE;
    /// The table of [`Self::VARTIME_SHAPE`].
    fn vartime_table() -> &'static [AffineXY<Self::Fe>] {
        Self::table()
    }
    /// a·G + b·P on a vector backend, where the curve has one and the CPU
    /// runs it; `None` sends [`mul2_vartime`](super::mul2_vartime) to the
    /// portable code. By default there is none.
    fn mul2_vartime_accelerated(
        _a: &Self::Scalar,
        _b: &Self::Scalar,
        _p: &ProjectivePoint<Self>,
    ) -> Option<ProjectivePoint<Self>> {
        None
    }
    /// The comb's sum Σ sᵢ2ⁱ·G for the digit bits `d` of the compiled
    /// table, the first entry at Z = z, as Jacobian (X, Y, Z), on a vector
    /// backend, where the curve has one and the CPU runs it; `None` sends
    /// the comb to the portable loop. By default there is none.
    fn comb_accelerated(_d: &[u64; 4], _z: &Self::Fe) -> Option<[Self::Fe; 3]> {
        None
    }
}

/// 2^(teeth−1): entries per block (the lookup width); at most 32 for the
/// constant-time scans.
const MAX_BLOCK_ENTRIES: usize = 32;

fn bit(d: &[u64; 4], i: usize) -> u64 {
    if i >= 256 {
        0
    } else {
        (d[i / 64] >> (i % 64)) & 1
    }
}

/// The comb's digit bits d = (k + 2^B − 1)/2 mod n for a comb of shape
/// `sh`, as canonical limbs (bit i of d is the sign of 2ⁱ: see the module
/// doc). 1/2 and 2^B come from [`ScalarField::one_half`] and
/// [`ScalarField::power_of_two`]: no inversion, no chain of doublings.
pub(crate) fn comb_digits<C: GeneratorTable>(k: &C::Scalar, sh: CombShape) -> [u64; 4] {
    let two_b = C::Scalar::power_of_two((sh.blocks * sh.teeth * sh.spacing) as u32);
    ((*k + two_b - C::Scalar::ONE) * C::Scalar::one_half()).to_le_limbs()
}

/// The table entry block j contributes at comb offset c, from the digit
/// bits d: (index within the block, 1 when the entry is to be negated).
/// No branch.
pub(crate) fn block_entry(d: &[u64; 4], j: usize, c: usize, sh: CombShape) -> (u64, u64) {
    let mut v = 0u64;
    for t in 0..sh.teeth {
        v |= bit(d, (j * sh.teeth + t) * sh.spacing + c) << t;
    }
    let top = (v >> (sh.teeth - 1)) & 1;
    let flip = top ^ 1; // top tooth −1: use the complement, negated
    let mask = (1u64 << (sh.teeth - 1)) - 1;
    ((v ^ flip.wrapping_neg()) & mask, flip)
}

/// Entry `pos` of a block's row by a full scan, negated where `neg`: the
/// lookup of both combs, scalar and vector. Constant time.
pub(crate) fn select<F: Field>(row: &[AffineXY<F>], pos: u64, neg: Choice) -> AffineXY<F> {
    debug_assert!(row.len() <= MAX_BLOCK_ENTRIES);
    let mut p = scan_xy(row, pos as u8);
    p.conditional_negate(neg);
    p
}

/// The unblinded comb evaluation Σ sᵢ2ⁱ·G in Jacobian coordinates, the
/// first entry looked up set to Z = z (projective blinding, as
/// libsecp256k1 rescales its first addition); every later one added with
/// the complete `add_affine` (partial sums may meet ±entry or ∞).
/// Whether an addition is the first is the loop's position, not data.
/// The vector backend where `accelerate` (a public choice) and the curve
/// and the CPU have one. Constant time.
fn comb<C: GeneratorTable>(k: &C::Scalar, z: &C::Fe, accelerate: bool) -> Jacobian<C::Fe> {
    let sh = C::SHAPE;
    let e = 1usize << (sh.teeth - 1);
    let table = C::table();
    let mut d = comb_digits::<C>(k, sh);
    if accelerate {
        if let Some([x, y, z]) = C::comb_accelerated(&d, z) {
            d.zeroize();
            return Jacobian { x, y, z };
        }
    }
    let mut acc: Option<Jacobian<C::Fe>> = None;
    for c in (0..sh.spacing).rev() {
        for j in 0..sh.blocks {
            let (pos, flip) = block_entry(&d, j, c, sh);
            let q = select(&table[j * e..(j + 1) * e], pos, Choice::from(flip as u8));
            acc = Some(match acc {
                None => Jacobian::from_affine_scaled(&q.x, &q.y, z),
                Some(a) => a.add_affine(&q.x, &q.y),
            });
        }
        if c != 0 {
            acc = acc.map(|a| a.double());
        }
    }
    d.zeroize();
    acc.unwrap_or(Jacobian::from_affine_scaled(&C::Fe::ZERO, &C::Fe::ONE, z))
}

/// The blinding state of constant-time k·G (see the module doc).
pub struct GeneratorContext<C: GeneratorTable> {
    blind: C::Scalar,
    blind_point: AffinePoint<C>,
    z: C::Fe,
}

impl<C: GeneratorTable> GeneratorContext<C> {
    /// A context blinded with fresh randomness from `getrandom`.
    pub fn new() -> Result<Self, getrandom::Error> {
        let mut ctx = GeneratorContext {
            blind: C::Scalar::ZERO,
            blind_point: AffinePoint::identity(),
            z: C::Fe::ONE,
        };
        ctx.rerandomize()?;
        Ok(ctx)
    }

    /// Draws a new blinding scalar b (and b·G) and a new projective factor z.
    pub fn rerandomize(&mut self) -> Result<(), getrandom::Error> {
        let mut seed = [0u8; 64];
        getrandom::fill(&mut seed)?;
        self.rerandomize_with(&seed);
        seed.zeroize();
        Ok(())
    }

    /// Deterministic re-blinding from a 64-byte seed (for tests and for
    /// callers that mix in their own entropy, as libsecp256k1's
    /// `context_randomize` does).
    pub fn rerandomize_with(&mut self, seed: &[u8; 64]) {
        let mut lo = [0u64; 4];
        let mut hi = [0u64; 4];
        for i in 0..4 {
            lo[i] = u64::from_le_bytes(seed[8 * i..8 * i + 8].try_into().unwrap_or([0; 8]));
            hi[i] = u64::from_le_bytes(seed[32 + 8 * i..40 + 8 * i].try_into().unwrap_or([0; 8]));
        }
        self.blind.zeroize();
        self.blind = C::Scalar::from_le_limbs_reduced(&lo);
        // b = 0 would make the blinding a no-op (probability ~2⁻²⁵⁵); any
        // fixed replacement keeps the result correct.
        self.blind =
            C::Scalar::conditional_select(&self.blind, &C::Scalar::ONE, self.blind.is_zero());
        self.blind_point = comb::<C>(&self.blind, &C::Fe::ONE, true)
            .to_projective::<C>(&C::Fe::ONE)
            .to_affine();
        // z: a product of four odd 64-bit factors, each non-zero below p,
        // so z ≠ 0 and every byte of the seed's second half counts.
        self.z = hi
            .iter()
            .fold(C::Fe::ONE, |z, &h| z * C::Fe::from_u64(h | 1));
        lo.zeroize();
        hi.zeroize();
    }

    /// k·G, constant time in k: comb(k − b) with its first entry at Z = z,
    /// plus b·G (b ≠ 0, so b·G is finite and `add_affine` applies).
    pub fn mul_g(&self, k: &C::Scalar) -> ProjectivePoint<C> {
        self.mul_g_with(k, true)
    }

    /// [`Self::mul_g`] without the curve's vector backend: the scalar comb
    /// wherever it runs, to be compared with [`Self::mul_g`] on CPUs that
    /// take the vector one.
    pub fn mul_g_portable(&self, k: &C::Scalar) -> ProjectivePoint<C> {
        self.mul_g_with(k, false)
    }

    /// [`Self::mul_g`], with the vector backend where `accelerate`.
    fn mul_g_with(&self, k: &C::Scalar, accelerate: bool) -> ProjectivePoint<C> {
        let mut kb = *k - self.blind;
        let acc = comb::<C>(&kb, &self.z, accelerate);
        kb.zeroize();
        let (bx, by) = (self.blind_point.x, self.blind_point.y);
        acc.add_affine(&bx, &by).to_projective(&C::Fe::ONE)
    }
}

impl<C: GeneratorTable> Drop for GeneratorContext<C> {
    fn drop(&mut self) {
        self.blind.zeroize();
        self.z = C::Fe::ZERO;
    }
}

/// k·G for a public k (variable time): this comb over the
/// curve's `VARTIME_SHAPE` table (secp256k1: 8 teeth), read by index, with Jacobian
/// doublings (3M + 4S) and mixed additions (8M + 3S) that branch on their
/// exceptional cases, where the constant-time comb pays for the complete
/// projective formulas.
pub fn mul_g_vartime<C: GeneratorTable>(k: &C::Scalar) -> ProjectivePoint<C> {
    let sh = C::VARTIME_SHAPE;
    let e = 1usize << (sh.teeth - 1);
    let table = C::vartime_table();
    let d = comb_digits::<C>(k, sh);
    let mut acc = Jacobian::<Vartime<C::Fe>>::INFINITY;
    for c in (0..sh.spacing).rev() {
        if c + 1 != sh.spacing {
            acc = acc.double();
        }
        for j in 0..sh.blocks {
            let (m, neg) = block_entry(&d, j, c, sh);
            let p = &table[j * e + m as usize];
            let y = if neg == 1 {
                Vartime(p.y).neg_lazy()
            } else {
                Vartime(p.y)
            };
            acc = acc.add_affine_vartime(&Vartime(p.x), &y).0;
        }
    }
    acc.to_projective_vartime(Vartime(C::Fe::ONE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::secp256k1::Secp256k1;
    use subtle::ConstantTimeEq;

    /// Every byte of the seed reaches the blinding: bytes 0–31 the scalar
    /// b, bytes 32–63 the factor z (a change above each limb's lowest bit,
    /// which `| 1` overrides); and z is not confined to a small range.
    #[test]
    fn every_seed_byte_reaches_the_blinding() {
        let seed: [u8; 64] = core::array::from_fn(|i| (i as u8).wrapping_mul(37) ^ 0x5a);
        let context = |seed: &[u8; 64]| {
            let mut c = GeneratorContext::<Secp256k1>::new().unwrap();
            c.rerandomize_with(seed);
            c
        };
        let base = context(&seed);
        // z spreads over the field: its top 128 bits are not all zero.
        let mut z = [0u8; 32];
        base.z.write_be_bytes(&mut z);
        assert!(z[..16].iter().any(|&b| b != 0), "z = {z:02x?}");
        for i in 0..64 {
            let mut s = seed;
            s[i] ^= 2;
            let c = context(&s);
            let same_b = bool::from(c.blind.ct_eq(&base.blind));
            let same_z = bool::from(c.z.ct_eq(&base.z));
            assert_eq!((same_b, same_z), (i >= 32, i < 32), "seed byte {i}");
        }
    }
}
