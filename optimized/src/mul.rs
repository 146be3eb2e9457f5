//! Scalar-multiplication drivers over the generic a = 0 group.
//!
//! - [`mul`]: constant time in k — the GLV split read straight as odd
//!   signed 5-bit digits over both halves (`glv::split_odd`, libsecp256k1's
//!   `ecmult_const` design and window: no digit is 0, no sign or even half
//!   to fix afterwards), the odd multiples P … 31P as one effective-affine
//!   table (φ's is βx of it) scanned whole, a fixed schedule of 5 Jacobian
//!   doublings (3M + 4S) and 2 constant-time mixed additions (7M + 5S) per
//!   digit. Cost for a 127- to 129-bit bound: 26 digits, 25 × (5D + 2A) + 1A,
//!   plus the table (1D + 15 co-Z additions of 5M + 2S,
//!   `jacobian::odd_multiples_effective_affine`). Width 4 (33 digits, 8
//!   entries) measured 2.7–4.5 % slower on secp256k1 and 0.6–1.2 % on BN254
//!   and BLS12-381.
//! - [`mul_complete`]: the same GLV split over the complete RCB formulas
//!   and a projective table (26 × (5D + 2A), 12M per addition): the path
//!   for points of tiny order and a cross-check.
//! - [`mul_vartime`]: for public k — GLV + width-5 wNAF (Straus over the two
//!   halves), skipping zero digits, in Jacobian coordinates (`jacobian.rs`);
//!   [`mul_vartime_projective`] is the same schedule on the complete formulas.
//! - [`mul2_vartime`]: a·G + b·P for verification — four interleaved wNAFs
//!   (G, φ(G), P, φ(P)) in Jacobian coordinates; [`mul2_vartime_projective`]
//!   is the same on the complete formulas.

use crate::comb::{AffineXY, GeneratorTable};
use crate::curve::{CurveParams, ProjectivePoint};
use crate::field::Field;
use crate::glv::{decompose, digits_for, odd_digits_for, recode, split_odd, wnaf_vartime, Split};
use crate::jacobian::{odd_multiples_effective_affine, Jacobian};
use crate::lookup::{select_odd_xy, LookupTable};
use crate::scalar::ScalarField;
use subtle::{ConditionallyNegatable, ConditionallySelectable};
use zeroize::Zeroize;

/// Window width of the constant-time path.
const W: u32 = 5;
/// Table size 2^(W−1).
const T: usize = 16;
/// Window width of the variable-time paths.
const W_VAR: u32 = 5;

fn table<C: CurveParams>(p: &ProjectivePoint<C>) -> LookupTable<ProjectivePoint<C>, T> {
    let mut e = [*p; T];
    e[1] = p.double();
    for i in 2..T {
        e[i] = e[i - 1].add(p);
    }
    LookupTable::new(e)
}

/// k·P, constant time in k (see the module doc for the schedule).
///
/// The table of odd multiples is built with the variable-time Jacobian
/// additions (`jacobian.rs`), whose branches depend on P alone and are
/// never taken for a point of large order; P = O runs on G instead, under
/// the same instructions, and is masked to O at the end. Every addition
/// in the main loop is `add_affine_ct`, complete for a finite table entry,
/// because partial sums may meet ±(table entry) or ∞ for crafted k.
pub fn mul<C: CurveParams>(p: &ProjectivePoint<C>, k: &C::Scalar) -> ProjectivePoint<C> {
    let is_id = p.is_identity();
    let base = ProjectivePoint::conditional_select(p, &ProjectivePoint::generator(), is_id);
    let Some((odd, g)) = odd_multiples_effective_affine::<_, T>(&Jacobian::from_projective(&base))
    else {
        // Only points of order ≤ 17 (never in these prime-order groups).
        return mul_complete(p, k);
    };
    let digits = odd_digits_for(C::GLV.bound_bits + 1, W);
    let (mut d1, mut d2) = split_odd(k, &C::GLV, W, digits);
    // P's and φ(P)'s odd multiples; φ(x, y) = (βx, y) commutes with the
    // isomorphism of the effective-affine table.
    let t1: [AffineXY<C::Fe>; T] = core::array::from_fn(|i| AffineXY {
        x: odd[i].0,
        y: odd[i].1,
    });
    let t2 = t1.map(|e| AffineXY {
        x: e.x * C::BETA,
        y: e.y,
    });
    let top = digits - 1;
    let q = select_odd_xy(&t1, d1[top]);
    let mut acc = Jacobian {
        x: q.x,
        y: q.y,
        z: C::Fe::ONE,
    };
    let q = select_odd_xy(&t2, d2[top]);
    acc = acc.add_affine_ct(&q.x, &q.y);
    for i in (0..top).rev() {
        for _ in 0..W {
            acc = acc.double();
        }
        let q = select_odd_xy(&t1, d1[i]);
        acc = acc.add_affine_ct(&q.x, &q.y);
        let q = select_odd_xy(&t2, d2[i]);
        acc = acc.add_affine_ct(&q.x, &q.y);
    }
    d1.zeroize();
    d2.zeroize();
    let r = acc.to_projective_ct(&g);
    ProjectivePoint::conditional_select(&r, &ProjectivePoint::identity(), is_id)
}

/// k·P, constant time in k and in P: GLV split, signed 5-bit windows over
/// both halves (Constantine/k256 style), 16-entry [`LookupTable`]s of
/// projective multiples scanned whole, 5 doublings and 2 complete RCB
/// additions per digit. Slower than [`mul`]; kept for points of tiny order
/// and as a second constant-time path to cross-check it.
pub fn mul_complete<C: CurveParams>(p: &ProjectivePoint<C>, k: &C::Scalar) -> ProjectivePoint<C> {
    let Split { k1, neg1, k2, neg2 } = decompose(k, &C::GLV);
    let digits = digits_for(C::GLV.bound_bits, W);
    let d1 = recode(&k1, W, digits);
    let d2 = recode(&k2, W, digits);
    let mut p1 = *p;
    p1.conditional_negate(neg1);
    let t1 = table(&p1);
    // φ(±P) tables: φ commutes with multiples; fix the sign for k₂.
    let t2 = t1.map(|q| {
        let mut r = q.endomorphism();
        r.conditional_negate(neg1 ^ neg2);
        r
    });
    let id = ProjectivePoint::identity();
    let mut acc = id;
    for i in (0..digits).rev() {
        acc = acc.double_n(W);
        acc = acc.add(&t1.select(d1[i], id));
        acc = acc.add(&t2.select(d2[i], id));
    }
    acc
}

/// Odd multiples P, 3P, …, (2^(w−1) − 1)·P for wNAF.
fn odd_multiples<C: CurveParams>(p: &ProjectivePoint<C>) -> [ProjectivePoint<C>; 8] {
    let mut t = [*p; 8];
    let p2 = p.double();
    for i in 1..8 {
        t[i] = t[i - 1].add(&p2);
    }
    t
}

fn add_digit<C: CurveParams>(acc: &mut ProjectivePoint<C>, d: i16, t: &[ProjectivePoint<C>; 8]) {
    if d > 0 {
        *acc = acc.add(&t[(d as usize) / 2]);
    } else if d < 0 {
        *acc = acc.add(&t[(-d as usize) / 2].neg());
    }
}

/// Σ ±kᵢ·Pᵢ by Straus with width-5 wNAFs (variable time).
fn straus_vartime<C: CurveParams>(terms: &[(Split, ProjectivePoint<C>)]) -> ProjectivePoint<C> {
    let mut nafs = Vec::with_capacity(2 * terms.len());
    let mut max = 0;
    for (s, p) in terms {
        for (k, neg, q) in [(s.k1, s.neg1, *p), (s.k2, s.neg2, p.endomorphism())] {
            let q = if bool::from(neg) { q.neg() } else { q };
            let (naf, len) = wnaf_vartime(&k, W_VAR);
            max = max.max(len);
            nafs.push((naf, odd_multiples(&q)));
        }
    }
    let mut acc = ProjectivePoint::identity();
    for i in (0..max).rev() {
        acc = acc.double();
        for (naf, t) in &nafs {
            add_digit(&mut acc, naf[i], t);
        }
    }
    acc
}

/// k·P for a public k (variable time): Jacobian coordinates and an
/// effective-affine table ([`crate::jacobian::mul_vartime`]).
pub fn mul_vartime<C: CurveParams>(p: &ProjectivePoint<C>, k: &C::Scalar) -> ProjectivePoint<C> {
    crate::jacobian::mul_vartime(p, k)
}

/// k·P for a public k with the complete projective formulas (GLV + wNAF
/// Straus): the fallback of [`mul_vartime`] and its cross-check.
pub fn mul_vartime_projective<C: CurveParams>(
    p: &ProjectivePoint<C>,
    k: &C::Scalar,
) -> ProjectivePoint<C> {
    straus_vartime(&[(decompose(k, &C::GLV), *p)])
}

/// a·G + b·P for public a, b (variable time), e.g. signature verification:
/// Jacobian coordinates, G's generated odd multiples and P's
/// effective-affine table ([`crate::jacobian::mul2_vartime`]).
pub fn mul2_vartime<C: GeneratorTable>(
    a: &C::Scalar,
    b: &C::Scalar,
    p: &ProjectivePoint<C>,
) -> ProjectivePoint<C> {
    crate::jacobian::mul2_vartime(a, b, p)
}

/// a·G + b·P with the complete projective formulas (four width-5 wNAFs, G's
/// table built per call): the fallback of [`mul2_vartime`], its cross-check,
/// and the path for curves without generated tables (the toy curve).
pub fn mul2_vartime_projective<C: CurveParams>(
    a: &C::Scalar,
    b: &C::Scalar,
    p: &ProjectivePoint<C>,
) -> ProjectivePoint<C> {
    straus_vartime(&[
        (decompose(a, &C::GLV), ProjectivePoint::generator()),
        (decompose(b, &C::GLV), *p),
    ])
}

/// k·P by plain MSB-first double-and-add over all bits of the scalar, with
/// complete additions (constant time, slow): the cross-check path that every
/// faster path is compared with.
pub fn mul_double_and_add<C: CurveParams>(
    p: &ProjectivePoint<C>,
    k: &C::Scalar,
) -> ProjectivePoint<C> {
    let kl = k.to_le_limbs();
    let mut acc = ProjectivePoint::identity();
    for i in (0..C::Scalar::NUM_BITS).rev() {
        acc = acc.double();
        let bit = subtle::Choice::from(((kl[(i / 64) as usize] >> (i % 64)) & 1) as u8);
        let sum = acc.add(p);
        acc = subtle::ConditionallySelectable::conditional_select(&acc, &sum, bit);
    }
    acc
}
