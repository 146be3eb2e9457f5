//! k·P, constant time in k.
//!
//! - [`mul`]: with the curve's GLV endomorphism, the split read straight as
//!   odd signed 5-bit digits over both halves ([`split_odd`],
//!   libsecp256k1's `ecmult_const` design and window: no digit is 0, no sign
//!   or even half to fix afterwards), the odd multiples P … 31P as one
//!   effective-affine table (φ's is βx of it) scanned whole, and a fixed
//!   schedule of 5 Jacobian doublings (3M + 4S) and 2 constant-time mixed
//!   additions (7M + 5S) per digit. For a 127- to 129-bit bound: 26 digits,
//!   25 × (5D + 2A) + 1A, plus the table (1D + 15 co-Z additions of
//!   5M + 2S). Without an endomorphism the same odd digits run over the
//!   whole scalar: about twice the digits, one addition each.
//! - [`mul_complete`]: the GLV split over the complete RCB formulas and a
//!   projective [`LookupTable`] (26 × (5D + 2A), 12M per addition): the
//!   path for points of tiny order and a second constant-time path to
//!   cross-check [`mul`].
//! - [`mul_double_and_add`]: MSB-first double-and-add with complete
//!   additions over every bit: slow, the cross-check every faster path is
//!   compared with.
//!
//! Constant time in k: the digits are computed without branches, every
//! table read is a full scan ([`select_odd_xy`], [`LookupTable::select`]),
//! and the schedule depends on the curve's constants alone. The table is
//! built with branches on P only (public in every use here: a verifier's
//! key, an ECDH peer's point).

use super::glv::{decompose, split_odd, Split};
use super::lookup::{select_odd_xy, LookupTable};
use super::recode::{bits_at, digits_for, odd_digits_for, recode, MAX_DIGITS};
use crate::arith::field::Field;
use crate::arith::scalar::ScalarField;
use crate::point::affine::AffineXY;
use crate::point::jacobian::{odd_multiples_effective_affine, Jacobian};
use crate::point::params::{CurveParams, Endomorphism};
use crate::point::projective::ProjectivePoint;
use subtle::{ConditionallyNegatable, ConditionallySelectable};
use zeroize::Zeroize;

/// Window width of the constant-time paths: width 4 was slower on every
/// curve (BENCHMARKS.md, decisions).
const CT_WINDOW: u32 = 5;
/// Entries of their tables, 2^(CT_WINDOW − 1).
const CT_ENTRIES: usize = 16;

/// k·P, constant time in k (see the module doc for the schedule).
///
/// P = O runs on G instead, under the same instructions, and is masked to
/// O at the end. Every addition in the main loop is the complete
/// `add_affine`, because partial sums may meet ±(table entry) or ∞ for
/// crafted k.
pub fn mul<C: CurveParams>(p: &ProjectivePoint<C>, k: &C::Scalar) -> ProjectivePoint<C> {
    mul_with(p, k, true)
}

/// [`mul`] without the curve's vector backend: the scalar loop wherever it
/// runs, to be compared with [`mul`] on CPUs that take the vector one.
pub fn mul_portable<C: CurveParams>(p: &ProjectivePoint<C>, k: &C::Scalar) -> ProjectivePoint<C> {
    mul_with(p, k, false)
}

/// [`mul`], with the vector backend where `accelerate` (a public choice).
fn mul_with<C: CurveParams>(
    p: &ProjectivePoint<C>,
    k: &C::Scalar,
    accelerate: bool,
) -> ProjectivePoint<C> {
    let is_id = p.is_identity();
    let base = ProjectivePoint::conditional_select(p, &ProjectivePoint::generator(), is_id);
    let Some((odd, g)) =
        odd_multiples_effective_affine::<_, CT_ENTRIES>(&Jacobian::from_projective(&base))
    else {
        // Only points of order ≤ 2·CT_ENTRIES + 1 (never in these prime-order groups).
        return match C::ENDOMORPHISM {
            Some(_) => mul_complete(p, k),
            None => mul_double_and_add(p, k),
        };
    };
    let t1: [AffineXY<C::Fe>; CT_ENTRIES] = core::array::from_fn(|i| AffineXY {
        x: odd[i].0,
        y: odd[i].1,
    });
    let acc = match C::ENDOMORPHISM {
        Some(endo) => glv_odd_digits::<C>(&t1, k, &endo, accelerate),
        None => odd_digits::<C>(&t1, k),
    };
    let r = acc.to_projective(&g);
    ProjectivePoint::conditional_select(&r, &ProjectivePoint::identity(), is_id)
}

/// Σ over the GLV split's odd digits of P's and φ(P)'s table entries, on
/// the curve's vector backend where `accelerate` and it has one.
fn glv_odd_digits<C: CurveParams>(
    t1: &[AffineXY<C::Fe>; CT_ENTRIES],
    k: &C::Scalar,
    endo: &Endomorphism<C::Fe, C::Scalar>,
    accelerate: bool,
) -> Jacobian<C::Fe> {
    let digits = odd_digits_for(endo.glv.bound_bits + 1, CT_WINDOW);
    let (mut d1, mut d2) = split_odd(k, &endo.glv, CT_WINDOW, digits);
    let vector = if accelerate {
        let pairs = t1.map(|e| (e.x, e.y));
        C::glv_odd_digits_accelerated(&pairs, &d1[..digits], &d2[..digits], CT_WINDOW)
    } else {
        None
    };
    let acc = match vector {
        Some([x, y, z]) => Jacobian { x, y, z },
        None => glv_odd_digits_portable::<C>(t1, &d1[..digits], &d2[..digits], endo),
    };
    d1.zeroize();
    d2.zeroize();
    acc
}

/// The scalar loop of [`glv_odd_digits`].
fn glv_odd_digits_portable<C: CurveParams>(
    t1: &[AffineXY<C::Fe>; CT_ENTRIES],
    d1: &[i8],
    d2: &[i8],
    endo: &Endomorphism<C::Fe, C::Scalar>,
) -> Jacobian<C::Fe> {
    let digits = d1.len();
    // φ(x, y) = (βx, y) commutes with the isomorphism of the
    // effective-affine table.
    let t2 = t1.map(|e| AffineXY {
        x: e.x * endo.beta,
        y: e.y,
    });
    let top = digits - 1;
    let q = select_odd_xy(t1, d1[top]);
    let mut acc = Jacobian {
        x: q.x,
        y: q.y,
        z: C::Fe::ONE,
    };
    let q = select_odd_xy(&t2, d2[top]);
    acc = acc.add_affine(&q.x, &q.y);
    for i in (0..top).rev() {
        for _ in 0..CT_WINDOW {
            acc = acc.double();
        }
        let q = select_odd_xy(t1, d1[i]);
        acc = acc.add_affine(&q.x, &q.y);
        let q = select_odd_xy(&t2, d2[i]);
        acc = acc.add_affine(&q.x, &q.y);
    }
    acc
}

/// Σ over odd digits of the whole scalar (curves without an endomorphism):
/// s = (k + 2^L − 1)/2 mod n spells k as Σ (2·bitᵢ(s) − 1)·2^i with
/// L = w·digits ≥ bits(n), so that s < n fits in L bits, read window by
/// window as odd digits (the argument of [`split_odd`] with one half).
fn odd_digits<C: CurveParams>(t: &[AffineXY<C::Fe>; CT_ENTRIES], k: &C::Scalar) -> Jacobian<C::Fe> {
    let digits = odd_digits_for(C::Scalar::NUM_BITS, CT_WINDOW);
    debug_assert!(digits <= MAX_DIGITS);
    let two_l = C::Scalar::power_of_two(CT_WINDOW * digits as u32);
    let mut s = ((*k + two_l - C::Scalar::ONE) * C::Scalar::one_half()).to_le_limbs();
    let digit = |i: usize| {
        (2 * bits_at(&s, CT_WINDOW * i as u32, CT_WINDOW) as i64 + 1 - (1 << CT_WINDOW)) as i8
    };
    let q = select_odd_xy(t, digit(digits - 1));
    let mut acc = Jacobian {
        x: q.x,
        y: q.y,
        z: C::Fe::ONE,
    };
    for i in (0..digits - 1).rev() {
        for _ in 0..CT_WINDOW {
            acc = acc.double();
        }
        let q = select_odd_xy(t, digit(i));
        acc = acc.add_affine(&q.x, &q.y);
    }
    s.zeroize();
    acc
}

/// The multiples P, 2P, …, 16P as a projective lookup table.
fn projective_multiples<C: CurveParams>(
    p: &ProjectivePoint<C>,
) -> LookupTable<ProjectivePoint<C>, CT_ENTRIES> {
    let mut e = [*p; CT_ENTRIES];
    e[1] = p.double();
    for i in 2..CT_ENTRIES {
        e[i] = e[i - 1].add(p);
    }
    LookupTable::new(e)
}

/// k·P, constant time in k and in P: GLV split, signed 5-bit windows over
/// both halves (Constantine/k256 style), 16-entry [`LookupTable`]s of
/// projective multiples scanned whole, 5 doublings and 2 complete RCB
/// additions per digit. Slower than [`mul`]; kept for points of tiny order
/// and as a second constant-time path to cross-check it. Without an
/// endomorphism it is [`mul_double_and_add`].
pub fn mul_complete<C: CurveParams>(p: &ProjectivePoint<C>, k: &C::Scalar) -> ProjectivePoint<C> {
    let Some(endo) = C::ENDOMORPHISM else {
        return mul_double_and_add(p, k);
    };
    let Split { k1, neg1, k2, neg2 } = decompose(k, &endo.glv);
    let digits = digits_for(endo.glv.bound_bits, CT_WINDOW);
    let d1 = recode(&k1, CT_WINDOW, digits);
    let d2 = recode(&k2, CT_WINDOW, digits);
    let mut p1 = *p;
    p1.conditional_negate(neg1);
    let t1 = projective_multiples(&p1);
    // φ(±P) tables: φ commutes with multiples; fix the sign for k₂.
    let t2 = t1.map(|q| {
        let mut r = ProjectivePoint {
            x: q.x * endo.beta,
            y: q.y,
            z: q.z,
        };
        r.conditional_negate(neg1 ^ neg2);
        r
    });
    let id = ProjectivePoint::identity();
    let mut acc = id;
    for i in (0..digits).rev() {
        acc = acc.double_n(CT_WINDOW);
        acc = acc.add(&t1.select(d1[i], id));
        acc = acc.add(&t2.select(d2[i], id));
    }
    acc
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::toy::{PlainPoint, Point, Scalar, ToyPlain};
    use crate::mul::vartime::{mul2_vartime_projective, mul_vartime};
    use subtle::ConstantTimeEq;

    /// The windowed paths of a curve without an endomorphism, on every
    /// scalar of the toy curve declared without its GLV endomorphism: equal
    /// to the double-and-add, and to the GLV paths of the same curve.
    #[test]
    fn curve_without_endomorphism_every_scalar() {
        let same = |a: &PlainPoint, b: &Point| {
            let (a, b) = (a.to_affine(), b.to_affine());
            bool::from(a.infinity) == bool::from(b.infinity) && a.x == b.x && a.y == b.y
        };
        let g = PlainPoint::generator();
        let bases = [g, g.double(), g.double().add(&g).neg()];
        let glv_bases = [Point::generator(), Point::generator().double(), {
            let g = Point::generator();
            g.double().add(&g).neg()
        }];
        assert!(ToyPlain::ENDOMORPHISM.is_none());
        for (base, glv_base) in bases.iter().zip(&glv_bases) {
            for k in 0..199u64 {
                let s = Scalar::from_u64(k);
                let want = mul_double_and_add(base, &s);
                assert!(bool::from(mul(base, &s).ct_eq(&want)), "mul, k = {k}");
                assert!(
                    bool::from(mul_complete(base, &s).ct_eq(&want)),
                    "complete, k = {k}"
                );
                assert!(
                    bool::from(mul_vartime(base, &s).ct_eq(&want)),
                    "vartime, k = {k}"
                );
                assert!(same(&want, &mul(glv_base, &s)), "against GLV, k = {k}");
                let a = Scalar::from_u64((k * 7 + 3) % 199);
                let two = mul2_vartime_projective(&a, &s, base);
                let want2 = mul_double_and_add(&g, &a).add(&want);
                assert!(bool::from(two.ct_eq(&want2)), "mul2, k = {k}");
            }
        }
    }
}
