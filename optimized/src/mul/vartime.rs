//! Multiplications by public scalars (variable time): signature
//! verification, decoding checks, public-key arithmetic.
//!
//! - [`mul_vartime`]: k·P by Straus over width-5 wNAFs of the GLV halves (or
//!   of k itself, without an endomorphism), in Jacobian coordinates over one
//!   effective-affine table of P's odd multiples (`point/jacobian.rs`);
//! - [`mul2_vartime`]: a·G + b·P for verification: the same over P's table,
//!   and a wider wNAF of a over the generated odd multiples of G, which are
//!   affine on E and added to the accumulator on E″ by `add_affine_zinv_vartime`;
//! - [`mul_vartime_projective`], [`mul2_vartime_projective`]: the same sums
//!   on the complete projective formulas: the fallbacks for points of tiny
//!   order (never on the real curves) and the cross-checks.
//!
//! Not constant time: digits, table indices and the exceptional cases of
//! the additions are branched on. Public inputs only.

use super::comb::GeneratorTable;
use super::glv::decompose;
use super::recode::{wnaf_vartime, WNAF_MAX};
use crate::arith::field::Field;
use crate::arith::scalar::ScalarField;
use crate::arith::vartime::Vartime;
use crate::point::affine::AffineXY;
use crate::point::jacobian::{odd_multiples_effective_affine, Jacobian};
use crate::point::params::CurveParams;
use crate::point::projective::ProjectivePoint;

/// Width of the wNAFs over a point's own table.
pub(super) const WNAF_WIDTH: u32 = 5;
/// Entries of that table: the odd multiples P … 15P.
pub(super) const WNAF_ENTRIES: usize = 8;

/// An effective-affine table of odd multiples, in the variable-time view.
pub(super) type OddTable<F, const N: usize> = [(Vartime<F>, Vartime<F>); N];

/// The scalars a Straus sum runs over for k: with the endomorphism its GLV
/// halves (|k₁|, k₁ < 0) and (|k₂|, k₂ < 0), else k alone.
pub(super) fn halves<C: CurveParams>(k: &C::Scalar) -> ([([u64; 4], bool); 2], usize) {
    match C::ENDOMORPHISM {
        Some(e) => {
            let s = decompose(k, &e.glv);
            ([(s.k1, bool::from(s.neg1)), (s.k2, bool::from(s.neg2))], 2)
        }
        None => ([(k.to_le_limbs(), false), ([0; 4], false)], 1),
    }
}

/// Where a term's digits find their odd multiples.
#[derive(Clone, Copy)]
enum Multiples<'a, F> {
    /// An effective-affine table on the accumulator's curve E″.
    OnAccumulatorCurve(&'a [(Vartime<F>, Vartime<F>)]),
    /// Affine multiples on E (a generated table of G), with φ applied when
    /// `beta` is given, added to the accumulator on E″ of scale `g`.
    OnE {
        table: &'a [AffineXY<F>],
        beta: Option<Vartime<F>>,
    },
}

/// One term of a Straus sum: a wNAF, its sign, and its multiples.
#[derive(Clone, Copy)]
struct Term<'a, F> {
    digits: &'a [i16; WNAF_MAX],
    negate: bool,
    multiples: Multiples<'a, F>,
}

/// Σ terms by Straus: `len` doublings, and for each non-zero digit one
/// mixed addition of ± its table entry; `g` is the scale of the curve E″
/// the accumulator lives on (1 when there is no effective-affine table).
fn straus<F: Field>(terms: &[Term<'_, F>], len: usize, g: Vartime<F>) -> Jacobian<Vartime<F>> {
    let mut acc = Jacobian::<Vartime<F>>::INFINITY;
    for i in (0..len).rev() {
        acc = acc.double();
        for t in terms {
            let d = t.digits[i];
            if d == 0 {
                continue;
            }
            let idx = (d.unsigned_abs() / 2) as usize;
            let negate = (d < 0) != t.negate;
            acc = match t.multiples {
                Multiples::OnAccumulatorCurve(table) => {
                    let (x, y) = table[idx];
                    let y = if negate { y.neg_lazy() } else { y };
                    acc.add_affine_vartime(&x, &y).0
                }
                Multiples::OnE { table, beta } => {
                    let e = &table[idx];
                    let x = match beta {
                        Some(b) => Vartime(e.x) * b,
                        None => Vartime(e.x),
                    };
                    let y = if negate {
                        Vartime(e.y).neg_lazy()
                    } else {
                        Vartime(e.y)
                    };
                    acc.add_affine_zinv_vartime(&x, &y, &g)
                }
            };
        }
    }
    acc
}

/// φ of an odd-multiples table, (βx, y) per entry: N products once, where
/// β·x at each addition of the second GLV half would cost one per addition
/// (libsecp256k1's `ecmult` does the same).
fn phi_table<F: Field, const N: usize>(t: &OddTable<F, N>, beta: Vartime<F>) -> OddTable<F, N> {
    t.map(|(x, y)| (x * beta, y))
}

/// P's effective-affine odd multiples (`None` for points of tiny order)
/// and, with the endomorphism, φ's.
#[allow(clippy::type_complexity)]
pub(super) fn own_tables<C: CurveParams>(
    p: &ProjectivePoint<C>,
) -> Option<(
    OddTable<C::Fe, WNAF_ENTRIES>,
    Option<OddTable<C::Fe, WNAF_ENTRIES>>,
    Vartime<C::Fe>,
)> {
    let (table, g) = odd_multiples_effective_affine::<_, WNAF_ENTRIES>(
        &Jacobian::from_projective(p).to_vartime(),
    )?;
    let phi = C::ENDOMORPHISM.map(|e| phi_table(&table, Vartime(e.beta)));
    Some((table, phi, g))
}

/// k·P for a public k (variable time): on the curve's vector backend where
/// it has one and the CPU runs it ([`CurveParams::mul_vartime_accelerated`]:
/// verification's Straus sum with no G term), else
/// [`mul_vartime_portable`].
pub fn mul_vartime<C: CurveParams>(p: &ProjectivePoint<C>, k: &C::Scalar) -> ProjectivePoint<C> {
    match C::mul_vartime_accelerated(&[p.x, p.y, p.z], k) {
        Some([x, y, z]) => ProjectivePoint { x, y, z },
        None => mul_vartime_portable(p, k),
    }
}

/// k·P for a public k (variable time) on the scalar formulas; see the
/// module doc. Falls back to [`mul_vartime_projective`] for points of tiny
/// order. The path of every CPU without a vector backend, and the
/// cross-check of those backends.
pub fn mul_vartime_portable<C: CurveParams>(
    p: &ProjectivePoint<C>,
    k: &C::Scalar,
) -> ProjectivePoint<C> {
    if bool::from(p.is_identity()) {
        return ProjectivePoint::identity();
    }
    let Some((table, phi, g)) = own_tables(p) else {
        return mul_vartime_projective(p, k);
    };
    let (parts, count) = halves::<C>(k);
    let nafs = parts.map(|(e, _)| wnaf_vartime(&e, WNAF_WIDTH));
    let tables = [&table[..], phi.as_ref().map_or(&[][..], |t| &t[..])];
    let terms: [Term<'_, C::Fe>; 2] = core::array::from_fn(|i| Term {
        digits: &nafs[i].0,
        negate: parts[i].1,
        multiples: Multiples::OnAccumulatorCurve(tables[i]),
    });
    let len = nafs[..count].iter().map(|n| n.1).max().unwrap_or(0);
    straus(&terms[..count], len, g).to_projective_vartime(g)
}

/// a·G + b·P for public a, b (variable time; signature verification): on
/// the curve's vector backend where it has one and the CPU runs it
/// ([`GeneratorTable::mul2_vartime_accelerated`]), else
/// [`mul2_vartime_portable`].
pub fn mul2_vartime<C: GeneratorTable>(
    a: &C::Scalar,
    b: &C::Scalar,
    p: &ProjectivePoint<C>,
) -> ProjectivePoint<C> {
    C::mul2_vartime_accelerated(a, b, p).unwrap_or_else(|| mul2_vartime_portable(a, b, p))
}

/// a·G + b·P for public a, b (variable time) on the scalar formulas; see
/// the module doc. G's wNAF width follows its generated table (2^(w − 2)
/// entries). Falls back to [`mul2_vartime_projective`] where P's table
/// cannot be built. The path of every CPU without a vector backend, and
/// the cross-check of those backends.
pub fn mul2_vartime_portable<C: GeneratorTable>(
    a: &C::Scalar,
    b: &C::Scalar,
    p: &ProjectivePoint<C>,
) -> ProjectivePoint<C> {
    // P's tables and the E″ scale g; for P = O only the G half runs, on E.
    let (own, g) = if bool::from(p.is_identity()) {
        (None, Vartime(C::Fe::ONE))
    } else {
        match own_tables(p) {
            Some((t, phi, g)) => (Some((t, phi)), g),
            None => return mul2_vartime_projective(a, b, p),
        }
    };
    let gt = C::odd_table();
    let w_g = gt.len().trailing_zeros() + 2;
    let beta = C::ENDOMORPHISM.map(|e| Vartime(e.beta));
    let (pa, ca) = halves::<C>(a);
    let (pb, cb) = halves::<C>(b);
    let na = pa.map(|(e, _)| wnaf_vartime(&e, w_g));
    let nb = pb.map(|(e, _)| wnaf_vartime(&e, WNAF_WIDTH));
    let mut terms: [Option<Term<'_, C::Fe>>; 4] = [None; 4];
    for i in 0..ca {
        terms[i] = Some(Term {
            digits: &na[i].0,
            negate: pa[i].1,
            multiples: Multiples::OnE {
                table: gt,
                beta: if i == 1 { beta } else { None },
            },
        });
    }
    let mut len = na[..ca].iter().map(|n| n.1).max().unwrap_or(0);
    if let Some((table, phi)) = &own {
        let tables = [&table[..], phi.as_ref().map_or(&[][..], |t| &t[..])];
        for i in 0..cb {
            terms[2 + i] = Some(Term {
                digits: &nb[i].0,
                negate: pb[i].1,
                multiples: Multiples::OnAccumulatorCurve(tables[i]),
            });
            len = len.max(nb[i].1);
        }
    }
    let terms: Vec<Term<'_, C::Fe>> = terms.into_iter().flatten().collect();
    straus(&terms, len, g).to_projective_vartime(g)
}

/// Odd multiples P, 3P, …, 15P for the projective Straus sums.
fn odd_multiples<C: CurveParams>(p: &ProjectivePoint<C>) -> [ProjectivePoint<C>; WNAF_ENTRIES] {
    let mut t = [*p; WNAF_ENTRIES];
    let p2 = p.double();
    for i in 1..WNAF_ENTRIES {
        t[i] = t[i - 1].add(&p2);
    }
    t
}

/// Σ kᵢ·Pᵢ by Straus over width-5 wNAFs of each scalar's halves, on the
/// complete projective formulas (variable time).
fn straus_projective<C: CurveParams>(
    terms: &[(&C::Scalar, ProjectivePoint<C>)],
) -> ProjectivePoint<C> {
    let mut nafs = Vec::with_capacity(2 * terms.len());
    let mut max = 0;
    for (k, p) in terms {
        let (parts, count) = halves::<C>(k);
        let points = [*p, p.endomorphism().unwrap_or(*p)];
        for ((e, neg), q) in parts.into_iter().zip(points).take(count) {
            let q = if neg { q.neg() } else { q };
            let (naf, len) = wnaf_vartime(&e, WNAF_WIDTH);
            max = max.max(len);
            nafs.push((naf, odd_multiples(&q)));
        }
    }
    let mut acc = ProjectivePoint::identity();
    for i in (0..max).rev() {
        acc = acc.double();
        for (naf, t) in &nafs {
            let d = naf[i];
            if d > 0 {
                acc = acc.add(&t[(d as usize) / 2]);
            } else if d < 0 {
                acc = acc.add(&t[(-d as usize) / 2].neg());
            }
        }
    }
    acc
}

/// k·P for a public k with the complete projective formulas: the fallback
/// of [`mul_vartime`] and its cross-check.
pub fn mul_vartime_projective<C: CurveParams>(
    p: &ProjectivePoint<C>,
    k: &C::Scalar,
) -> ProjectivePoint<C> {
    straus_projective(&[(k, *p)])
}

/// a·G + b·P with the complete projective formulas (G's table built per
/// call): the fallback of [`mul2_vartime`], its cross-check, and the path
/// for curves without generated tables.
pub fn mul2_vartime_projective<C: CurveParams>(
    a: &C::Scalar,
    b: &C::Scalar,
    p: &ProjectivePoint<C>,
) -> ProjectivePoint<C> {
    straus_projective(&[(a, ProjectivePoint::generator()), (b, *p)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::toy::{Point, Scalar};
    use subtle::ConstantTimeEq;

    /// Every scalar of the order-199 toy curve, on a few base points, agrees
    /// with the constant-time double-and-add (this also walks every
    /// exceptional branch of the mixed addition the walk can reach).
    #[test]
    fn toy_curve_every_scalar() {
        let g = Point::generator();
        for base in [g, g.double(), g.double().add(&g).neg()] {
            for k in 0..199u64 {
                let s = Scalar::from_u64(k);
                let want = crate::mul::mul_double_and_add(&base, &s);
                assert!(bool::from(mul_vartime(&base, &s).ct_eq(&want)), "k = {k}");
                let projective = mul_vartime_projective(&base, &s);
                assert!(bool::from(projective.ct_eq(&want)), "k = {k}");
            }
        }
    }
}
