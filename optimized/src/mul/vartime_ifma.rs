//! a·G + b·P (and b·P alone) for public scalars on secp256k1, on the vector Jacobian
//! formulas (`point/jacobian4.rs`, AVX-512 IFMA): the same Straus sum as
//! [`mul2_vartime_portable`](super::vartime::mul2_vartime_portable) —
//! GLV halves, width-5 wNAFs over P's effective-affine odd multiples and
//! their φ, G's generated odd multiples at the table's width, the
//! accumulator on P's curve E″ — with each doubling and addition in three or
//! five rounds of four-lane products instead of seven or eleven products.
//!
//! [`mul2_vartime`] and [`mul_vartime`] return `None` where the CPU has no IFMA, and where an
//! addition meets P = ±Q (H = 0), which honest inputs reach with negligible
//! probability: the caller then runs the portable code, which handles every
//! case. Variable time: public inputs only.

use super::comb::GeneratorTable;
use super::recode::wnaf_vartime;
use super::vartime::{halves, own_tables, WNAF_ENTRIES, WNAF_WIDTH};
use crate::arith::fe52::Fe52;
use crate::arith::fe52x4::{Fe52x4, Ifma};
use crate::arith::field::Field;
use crate::point::affine::AffineXY;
use crate::point::jacobian4::{Affine4, Jacobian4};
use crate::point::params::CurveParams;
use crate::point::projective::ProjectivePoint;

/// a·G + b·P on the vector formulas, or `None` (module doc).
pub(crate) fn mul2_vartime<C: GeneratorTable<Fe = Fe52>>(
    a: &C::Scalar,
    b: &C::Scalar,
    p: &ProjectivePoint<C>,
) -> Option<ProjectivePoint<C>> {
    straus_where_ifma(Some((a, C::odd_table())), b, p)
}

/// b·P alone on the vector formulas (the sum above without its G term),
/// or `None` (module doc): `mul_vartime`'s backend.
pub(crate) fn mul_vartime<C: CurveParams<Fe = Fe52>>(
    b: &C::Scalar,
    p: &ProjectivePoint<C>,
) -> Option<ProjectivePoint<C>> {
    straus_where_ifma(None, b, p)
}

/// [`straus`] where the CPU has IFMA, else `None`.
fn straus_where_ifma<C: CurveParams<Fe = Fe52>>(
    g_term: Option<(&C::Scalar, &[AffineXY<Fe52>])>,
    b: &C::Scalar,
    p: &ProjectivePoint<C>,
) -> Option<ProjectivePoint<C>> {
    let ifma = Ifma::detect()?;
    #[allow(unsafe_code)]
    // SAFETY: `straus` needs AVX-512 IFMA and VL, which `ifma` proves.
    unsafe {
        straus(ifma, g_term, b, p)
    }
}

/// a·G + b·P, G's term present where `g_term` gives a and G's odd
/// multiples (2^(w − 2) of them for G's wNAF width w).
#[target_feature(enable = "avx512ifma,avx512vl")]
fn straus<C: CurveParams<Fe = Fe52>>(
    _: Ifma,
    g_term: Option<(&C::Scalar, &[AffineXY<Fe52>])>,
    b: &C::Scalar,
    p: &ProjectivePoint<C>,
) -> Option<ProjectivePoint<C>> {
    if bool::from(p.is_identity()) {
        return None;
    }
    let endo = C::ENDOMORPHISM?;
    let (table, phi, g) = own_tables(p)?;
    let phi = phi?;
    let g = g.0;
    // P's and φ(P)'s odd multiples with their negations, in lanes.
    let own: [[Affine4; WNAF_ENTRIES]; 2] = [
        table.map(|(x, y)| Affine4::with_negation(&x.0, &y.0)),
        phi.map(|(x, y)| Affine4::with_negation(&x.0, &y.0)),
    ];
    let g4 = Fe52x4::from_lanes([&g; 4]);
    let (g2, beta) = (g.square(), endo.beta);
    // Without G's term, a = 0: its wNAFs have no digit, and no entry of
    // the empty table is read.
    let zero = C::Scalar::ZERO;
    let (a, gt) = g_term.unwrap_or((&zero, &[]));
    let w_g = gt.len().max(1).trailing_zeros() + 2;
    let (pa, _) = halves::<C>(a);
    let (pb, _) = halves::<C>(b);
    let na = pa.map(|(e, _)| wnaf_vartime(&e, w_g));
    let nb = pb.map(|(e, _)| wnaf_vartime(&e, WNAF_WIDTH));
    let len = na.iter().chain(&nb).map(|n| n.1).max().unwrap_or(0);
    let mut acc: Option<Jacobian4> = None;
    for i in (0..len).rev() {
        if let Some(q) = &acc {
            acc = Some(q.double_vartime());
        }
        // G's halves: affine on E, added to the accumulator on E″.
        for h in 0..2 {
            let d = na[h].0[i];
            if d == 0 {
                continue;
            }
            let e = &gt[(d.unsigned_abs() / 2) as usize];
            let x = if h == 1 { e.x * beta } else { e.x };
            let y = if (d < 0) != pa[h].1 {
                e.y.neg_lazy()
            } else {
                e.y
            };
            acc = Some(match &acc {
                Some(q) => q.add_affine_zinv_vartime(&Affine4::new(&x, &y), &g4)?,
                None => Affine4::new(&(x * g2), &(y * g2 * g)).to_jacobian(),
            });
        }
        // P's halves: affine on E″.
        for h in 0..2 {
            let d = nb[h].0[i];
            if d == 0 {
                continue;
            }
            let e = &own[h][(d.unsigned_abs() / 2) as usize];
            let e = if (d < 0) != pb[h].1 { e.negated() } else { *e };
            acc = Some(match &acc {
                Some(q) => q.add_affine_vartime(&e)?,
                None => e.to_jacobian(),
            });
        }
    }
    Some(match acc {
        Some(q) => q
            .to_jacobian()
            .to_vartime()
            .to_projective_vartime(crate::arith::vartime::Vartime(g)),
        None => ProjectivePoint::identity(),
    })
}
