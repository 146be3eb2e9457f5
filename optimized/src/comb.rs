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
//! addition `gej_add_ge` (7M + 5S, `jacobian.rs`).
//!
//! **Blinding.** A context holds a random b, the point b·G, and a random
//! z ≠ 0: k·G is computed as comb(k − b) + b·G with the first entry looked
//! up set to Z = z, so neither the comb's digits nor its coordinates are
//! those of k; both are re-drawn by [`GeneratorContext::rerandomize`] and
//! zeroized on drop.

use crate::curve::{AffinePoint, CurveParams, ProjectivePoint};
use crate::field::Field;
use crate::jacobian::Jacobian;
use crate::scalar::ScalarField;
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable};
use zeroize::Zeroize;

/// An affine point that is never the identity (table entries).
#[derive(Clone, Copy, Debug)]
pub struct AffineXY<F> {
    /// x.
    pub x: F,
    /// y.
    pub y: F,
}

impl<F: Field> ConditionallySelectable for AffineXY<F> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        AffineXY {
            x: F::conditional_select(&a.x, &b.x, c),
            y: F::conditional_select(&a.y, &b.y, c),
        }
    }
}

impl<F: Field> ConditionallyNegatable for AffineXY<F> {
    /// −y as 0 − y without a carry (`Field::sub_mag`), magnitude 2: the
    /// entries are products or table constants (magnitude 1), and the
    /// mixed additions they go to take it.
    fn conditional_negate(&mut self, c: Choice) {
        self.y = F::conditional_select(&self.y, &F::ZERO.sub_mag::<1>(&self.y), c);
    }
}

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
    /// The comb dimensions.
    const SHAPE: CombShape;
    /// blocks·2^(teeth−1) entries (see the module doc).
    fn table() -> &'static [AffineXY<Self::Fe>];
    /// The odd multiples G, 3G, …, (2n − 1)·G (generated; n a power of
    /// two: [`ODD_ENTRIES`], or [`SECP256K1_ODD_ENTRIES`]), for a wNAF of
    /// width log₂ n + 2.
    fn odd_table() -> &'static [AffineXY<Self::Fe>];
    /// The comb dimensions of [`mul_g_vartime`]'s table: by default the
    /// constant-time one, or a wider one (more teeth, fewer additions) where
    /// its lookups, by index, cost nothing more.
    const VARTIME_SHAPE: CombShape = Self::SHAPE;
    /// The table of [`Self::VARTIME_SHAPE`].
    fn vartime_table() -> &'static [AffineXY<Self::Fe>] {
        Self::table()
    }
}

/// 2^(teeth−1): entries per block (the lookup width); at most 32 here.
const MAX_E: usize = 32;

fn bit(d: &[u64; 4], i: usize) -> u64 {
    if i >= 256 {
        0
    } else {
        (d[i / 64] >> (i % 64)) & 1
    }
}

/// 2^e mod n for e < 512 (public constants): a product of two values with
/// one bit set, each below 2²⁵⁶.
fn pow2<S: ScalarField>(e: usize) -> S {
    let one_bit = |e: usize| {
        let mut l = [0u64; 4];
        l[e / 64] = 1 << (e % 64);
        S::from_le_limbs_reduced(&l)
    };
    debug_assert!(e < 511);
    one_bit(e.min(255)) * one_bit(e - e.min(255))
}

/// (k + 2^B − 1)/2 mod n as canonical limbs. 1/2 mod n is (n + 1)/2 (n is
/// odd) and 2^B comes from [`pow2`]: no inversion and no chain of
/// doublings, which had cost about 7 µs per k·G on secp256k1.
pub(crate) fn recode<C: GeneratorTable>(k: &C::Scalar) -> [u64; 4] {
    recode_for::<C>(k, C::SHAPE)
}

/// [`recode`] for a comb of shape `sh`.
pub(crate) fn recode_for<C: GeneratorTable>(k: &C::Scalar, sh: CombShape) -> [u64; 4] {
    let n = C::Scalar::ORDER;
    let mut half = [0u64; 4];
    for i in 0..4 {
        half[i] = (n[i] >> 1) | n.get(i + 1).map_or(0, |h| h << 63);
    }
    // (n − 1)/2 + 1, the sum taken mod n (it is below n)
    let half = C::Scalar::from_le_limbs_reduced(&half) + C::Scalar::ONE;
    let two_b = pow2::<C::Scalar>(sh.blocks * sh.teeth * sh.spacing);
    ((*k + two_b - C::Scalar::ONE) * half).to_le_limbs()
}

/// The block pattern at comb offset `c` of a comb of shape `sh`: (index
/// within the block, 1 when the entry is to be negated). No branch.
pub(crate) fn pattern(d: &[u64; 4], j: usize, c: usize, sh: CombShape) -> (u64, u64) {
    let mut v = 0u64;
    for t in 0..sh.teeth {
        v |= bit(d, (j * sh.teeth + t) * sh.spacing + c) << t;
    }
    let top = (v >> (sh.teeth - 1)) & 1;
    let flip = top ^ 1; // top tooth −1: use the complement, negated
    let mask = (1u64 << (sh.teeth - 1)) - 1;
    ((v ^ flip.wrapping_neg()) & mask, flip)
}

fn select<C: GeneratorTable>(row: &[AffineXY<C::Fe>], pos: u64, neg: Choice) -> AffineXY<C::Fe> {
    debug_assert!(row.len() <= MAX_E);
    let mut p = crate::lookup::scan_xy(row, pos as u8);
    p.conditional_negate(neg);
    p
}

/// The unblinded comb evaluation Σ sᵢ2ⁱ·G in Jacobian coordinates, the
/// first entry looked up set to Z = z (projective blinding, as
/// libsecp256k1 rescales its first addition); every later one added with
/// the complete `add_affine_ct` (partial sums may meet ±entry or ∞).
/// Whether an addition is the first is the loop's position, not data.
/// Constant time.
fn comb<C: GeneratorTable>(k: &C::Scalar, z: &C::Fe) -> Jacobian<C::Fe> {
    let sh = C::SHAPE;
    let e = 1usize << (sh.teeth - 1);
    let table = C::table();
    let mut d = recode::<C>(k);
    let mut acc: Option<Jacobian<C::Fe>> = None;
    for c in (0..sh.spacing).rev() {
        for j in 0..sh.blocks {
            let (pos, flip) = pattern(&d, j, c, sh);
            let q = select::<C>(&table[j * e..(j + 1) * e], pos, Choice::from(flip as u8));
            acc = Some(match acc {
                None => Jacobian::from_affine_scaled(&q.x, &q.y, z),
                Some(a) => a.add_affine_ct(&q.x, &q.y),
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
        self.blind_point = comb::<C>(&self.blind, &C::Fe::ONE)
            .to_projective_ct::<C>(&C::Fe::ONE)
            .to_affine();
        let z = C::Fe::from_u64(hi[0] | 1) * C::Fe::from_u64(hi[1] | 1);
        self.z = z;
        lo.zeroize();
        hi.zeroize();
    }

    /// k·G, constant time in k: comb(k − b) with its first entry at Z = z,
    /// plus b·G (b ≠ 0, so b·G is finite and `add_affine_ct` applies).
    pub fn mul_g(&self, k: &C::Scalar) -> ProjectivePoint<C> {
        let mut kb = *k - self.blind;
        let acc = comb::<C>(&kb, &self.z);
        kb.zeroize();
        let (bx, by) = (self.blind_point.x, self.blind_point.y);
        acc.add_affine_ct(&bx, &by).to_projective_ct(&C::Fe::ONE)
    }
}

impl<C: GeneratorTable> Drop for GeneratorContext<C> {
    fn drop(&mut self) {
        self.blind.zeroize();
        self.z = C::Fe::ZERO;
    }
}

/// k·G for a public k (variable time): the same comb and digits without
/// blinding, reading the table by index, in Jacobian coordinates
/// ([`crate::jacobian::mul_g_vartime`]).
pub fn mul_g_vartime<C: GeneratorTable>(k: &C::Scalar) -> ProjectivePoint<C> {
    crate::jacobian::mul_g_vartime(k)
}

/// The Rust source of a generated comb table for curve `C` with `shape`,
/// computed from G by doublings and additions only.
pub fn table_source<C: CurveParams>(curve: &str, fe_type: &str, shape: CombShape) -> String
where
    C::Fe: Field,
{
    let (b, t, s) = (shape.blocks, shape.teeth, shape.spacing);
    let e = 1usize << (t - 1);
    // pow2[i] = 2^i·G for i < B
    let total = b * t * s;
    let mut pow2 = Vec::with_capacity(total);
    let mut p = ProjectivePoint::<C>::generator();
    for _ in 0..total {
        pow2.push(p);
        p = p.double();
    }
    let mut entries = Vec::with_capacity(b * e);
    for j in 0..b {
        for m in 0..e {
            let mut acc = ProjectivePoint::<C>::identity();
            for tt in 0..t {
                let q = pow2[(j * t + tt) * s];
                let plus = tt == t - 1 || (m >> tt) & 1 == 1;
                acc = acc.add(&if plus { q } else { q.neg() });
            }
            entries.push(acc);
        }
    }
    let mut aff = vec![AffinePoint::<C>::identity(); entries.len()];
    crate::curve::batch_to_affine(&entries, &mut aff);
    let mut out = format!(
        "//! Comb table for {curve}·G: {b} blocks × {t} teeth × spacing {s} ({n} entries).\n\
         //! Generated by `cargo run -p twinmul --example gen_tables` — do not edit;\n\
         //! `audit/tests/tables.rs` regenerates it and fails on any difference.\n\n\
         use super::super::{curve_mod}::{fe_type};\n\
         use crate::comb::{{AffineXY, CombShape}};\n\n\
         /// The comb dimensions of this table.\n\
         pub(crate) const SHAPE: CombShape = CombShape {{\n    blocks: {b},\n    teeth: {t},\n    spacing: {s},\n}};\n\n\
         #[rustfmt::skip]\n\
         pub(crate) static TABLE: [AffineXY<{fe_type}>; {n}] = [\n",
        n = b * e,
        curve_mod = curve,
    );
    write_entries::<C>(&mut out, fe_type, &aff, "    ");
    out.push_str("];\n");
    out
}

/// Appends one `AffineXY { x, y }` line per point (canonical big-endian
/// limbs, as `from_canonical_const` takes them).
fn write_entries<C: CurveParams>(
    out: &mut String,
    fe_type: &str,
    aff: &[AffinePoint<C>],
    indent: &str,
) where
    C::Fe: Field,
{
    use core::fmt::Write;
    let nb = C::Fe::NUM_BYTES;
    let limbs = |f: &C::Fe| {
        let mut bytes = vec![0u8; nb];
        f.write_be_bytes(&mut bytes);
        let l: Vec<String> = bytes
            .chunks(8)
            .rev()
            .map(|c| {
                format!(
                    "0x{:016x}",
                    u64::from_be_bytes(c.try_into().unwrap_or([0; 8]))
                )
            })
            .collect();
        l.join(", ")
    };
    for a in aff {
        let _ = writeln!(
            out,
            "{indent}AffineXY {{ x: {fe_type}::from_canonical_const([{}]), y: {fe_type}::from_canonical_const([{}]) }},",
            limbs(&a.x),
            limbs(&a.y)
        );
    }
}

/// Entries of the generated odd-multiples tables of G for BN254 and
/// BLS12-381 (width-8 wNAF).
pub const ODD_ENTRIES: usize = 64;

/// Entries of secp256k1's odd-multiples table (width-14 wNAF, 256 KiB):
/// BIP340 verification adds G about 17 times (28 at width 8, 20 at width
/// 12; libsecp256k1 uses width 15 with two 8192-entry tables, 1 MiB).
/// Width 14 against 12 measured 2.8 % faster verification (A/B, the
/// fastest tenth of samples, four alternating runs each), enough to take
/// verification from par with libsecp256k1 to below it; it costs 192 KiB
/// more static data and 0.7 MB more generated source.
pub const SECP256K1_ODD_ENTRIES: usize = 4096;

/// The Rust source of the `entries` odd multiples G, 3G, …, (2·entries − 1)·G
/// of curve `C` in affine form, for the G half of `mul2_vartime` (signature
/// verification), computed from G by a doubling and additions only.
pub fn odd_table_source<C: CurveParams>(curve: &str, fe_type: &str, entries: usize) -> String
where
    C::Fe: Field,
{
    let g = ProjectivePoint::<C>::generator();
    let g2 = g.double();
    let mut pts = vec![g; entries];
    for i in 1..entries {
        pts[i] = pts[i - 1].add(&g2);
    }
    let mut aff = vec![AffinePoint::<C>::identity(); entries];
    crate::curve::batch_to_affine(&pts, &mut aff);
    let w = entries.trailing_zeros() + 2;
    let mut out = format!(
        "//! Odd multiples (2j + 1)·G, j < {entries}, of the {curve} generator, affine: the\n\
         //! G half of `mul2_vartime` (width-{w} wNAF, see `jacobian.rs`).\n\
         //! Generated by `cargo run -p twinmul --example gen_tables` — do not edit;\n\
         //! `audit/tests/tables.rs` regenerates it and fails on any difference.\n\n\
         use super::super::{curve}::{fe_type};\n\
         use crate::comb::AffineXY;\n\n\
         #[rustfmt::skip]\n\
         pub(crate) static ODD: [AffineXY<{fe_type}>; {entries}] = [\n"
    );
    write_entries::<C>(&mut out, fe_type, &aff, "    ");
    out.push_str("];\n");
    out
}

/// secp256k1's table for [`mul_g_vartime`] (unless `comb-small`): 15 blocks
/// × 9 teeth × spacing 2 (3840 entries, 240 KiB) — 30 additions and 1
/// doubling where the constant-time 43 × 6 × 1 comb needs 43 additions; a
/// constant-time scan of 256 entries would cost more than it saves. Against
/// the earlier 11 × 8 × 3 (88 KiB: 33 additions, 2 doublings) it measured
/// 10 % faster (14.4–14.8 against 16.2–16.5 µs, the fastest tenth of
/// samples in four alternating A/B runs), which takes `mul_g_vartime` from
/// about 0.58 to 0.53 of the constant-time `mul_g`.
pub const SECP256K1_VARTIME: (&str, CombShape) = (
    "secp256k1_comb_vartime",
    CombShape {
        blocks: 15,
        teeth: 9,
        spacing: 2,
    },
);

/// The secp256k1 table menu: (file name, shape), as libsecp256k1's
/// ECMULT_GEN_KB = 2, 22, 86.
pub const SECP256K1_SHAPES: [(&str, CombShape); 3] = [
    (
        "secp256k1_comb_small",
        CombShape {
            blocks: 2,
            teeth: 5,
            spacing: 26,
        },
    ),
    (
        "secp256k1_comb_medium",
        CombShape {
            blocks: 11,
            teeth: 6,
            spacing: 4,
        },
    ),
    (
        "secp256k1_comb_large",
        CombShape {
            blocks: 43,
            teeth: 6,
            spacing: 1,
        },
    ),
];
