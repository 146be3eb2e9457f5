//! secp256k1 Jacobian points with X, Y and Z in lanes 0, 1 and 2 of the
//! vector field (`arith/fe52x4.rs`): the doubling and the mixed additions
//! of the variable-time Straus loop (`mul/vartime_ifma.rs`) and of the
//! constant-time k·P loop (`mul/constant_time_ifma.rs`), with each
//! formula's independent products computed together.
//!
//! A step of a formula is one four-lane product (a *round*): the doubling
//! takes three where the scalar code (`jacobian.rs`) takes seven products,
//! the mixed additions five where it takes eleven or twelve. A round's
//! latency is about one scalar product's (BENCHMARKS.md); between rounds
//! the operands are moved into their lanes by permutes and blends.
//!
//! Doubling (dbl-2009-l for a = 0, without libsecp256k1's halving, so the
//! point comes out scaled by 2, the same point): L = 3X², S = Y²,
//! T = X·S, X₃ = L² − 8T, Y₃ = L·(4T − X₃) − 8S², Z₃ = 2YZ; rounds
//! [X², Y², YZ], [L², XS, S²], [L·(12T − L²)]. One formula for both kinds
//! of caller, normalised by [`Wide::normalize_as`].
//!
//! Mixed addition, variable time (libsecp256k1's `gej_add_ge_var`):
//! H = x₂Z² − X, I = y₂Z³ − Y, X₃ = I² − H³ − 2XH², Y₃ = I(XH² − X₃) − YH³,
//! Z₃ = ZH; rounds [Z², y₂Z], [x₂Z², y₂Z·Z²], [H², ZH, I²], [H³, XH²],
//! [I·(3XH² + H³ − I²), YH³]. The variant for points of another
//! effective-affine scale g (`jacobian.rs`, `add_affine_zinv_vartime`)
//! first computes Z·g. Mixed addition, complete and constant time:
//! [`Jacobian4::add_affine`], libsecp256k1's `gej_add_ge` (its doc).
//!
//! Constant time: [`Jacobian4::double`], [`Jacobian4::add_affine`] (every
//! special case chosen by mask) and the lane moves. Variable time, public
//! inputs only: the `_vartime` formulas, whose normalisations branch on
//! rare limbs and whose additions return `None` where H = 0 (P = ±Q) for
//! the caller to take the scalar path, which handles it.

use crate::arith::fe52::Fe52;
use crate::arith::fe52x4::{from_second, lanes, Fe52x4, Wide};
use crate::arith::field::Field;
use crate::point::jacobian::Jacobian;

/// A point (X : Y : Z) in lanes 0, 1, 2 (lane 3 unused); Z ≠ 0.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jacobian4(Fe52x4);

/// An affine point (x, y) in lanes 0 and 1, for the additions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Affine4(Fe52x4);

impl Affine4 {
    /// (x, y), lanes 2 and 3 unused.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn new(x: &Fe52, y: &Fe52) -> Self {
        let (x, y) = (x.limbs_below_2_52(), y.limbs_below_2_52());
        Affine4(Fe52x4::from_limbs([x, y, x, y]))
    }

    /// The two points of a pair (x₁, y₁, x₂, y₂) in lanes: (x₁, y₁) and
    /// (x₂, y₂), each in lanes 0 and 1.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn split_pair(v: &Fe52x4) -> (Self, Self) {
        (Affine4(*v), Affine4(v.permute::<{ lanes(2, 3, 2, 3) }>()))
    }

    /// (x, y) and (x, −y) in lanes 0, 1 and 2, 3: a table entry from which
    /// either sign is one permute ([`Affine4::negated`]).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn with_negation(x: &Fe52, y: &Fe52) -> Self {
        let (nx, ny) = (x.limbs_below_2_52(), y.limbs_below_2_52());
        Affine4(Fe52x4::from_limbs([
            nx,
            ny,
            nx,
            y.neg_lazy().limbs_below_2_52(),
        ]))
    }

    /// (x, −y) of an entry made by [`Affine4::with_negation`].
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn negated(&self) -> Self {
        Affine4(self.0.permute::<{ lanes(2, 3, 0, 1) }>())
    }

    /// The point (x : y : 1).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn to_jacobian(self) -> Jacobian4 {
        let one = Fe52::from_u64(1);
        let ones = Fe52x4::from_lanes([&one, &one, &one, &one]);
        Jacobian4(
            self.0
                .blend::<{ from_second(false, false, true, false) }>(&ones),
        )
    }
}

impl Jacobian4 {
    /// The scalar point's coordinates in lanes (the comb's first entry).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn from_jacobian(p: &Jacobian<Fe52>) -> Self {
        Jacobian4(Fe52x4::from_lanes([&p.x, &p.y, &p.z, &p.z]))
    }

    /// Back to the scalar code's point.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn to_jacobian(self) -> Jacobian<Fe52> {
        Jacobian {
            x: self.0.lane(0),
            y: self.0.lane(1),
            z: self.0.lane(2),
        }
    }

    /// 2P (module doc), constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn double(&self) -> Self {
        self.double_with::<false>()
    }

    /// 2P with the variable-time normalisation (public points only).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn double_vartime(&self) -> Self {
        self.double_with::<true>()
    }

    /// 2P (module doc), normalised by [`Wide::normalize_as`]; the same rounds either way.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    fn double_with<const VARTIME: bool>(&self) -> Self {
        let p = &self.0;
        // [X², Y², YZ]
        let r1 = p.permute::<{ lanes(0, 1, 1, 3) }>().mul_wide(p);
        // [L, S, 2YZ] = [3X², Y², 2YZ]
        let w = r1
            .add(&r1.shl_lanes([1, 64, 0, 64]))
            .normalize_as::<VARTIME>();
        // [L², XS, S²] = [L², T, S²]
        let a = w
            .permute::<{ lanes(0, 0, 1, 1) }>()
            .blend::<{ from_second(false, true, false, false) }>(
                &p.permute::<{ lanes(0, 0, 0, 0) }>(),
            );
        let u = a.mul_wide(&w.permute::<{ lanes(0, 1, 1, 1) }>());
        let l2 = u.permute::<{ lanes(0, 0, 0, 0) }>();
        let t = u.permute::<{ lanes(1, 1, 1, 1) }>();
        let s2 = u.permute::<{ lanes(2, 2, 2, 2) }>();
        let t8 = t.shl::<3>();
        // [X₃, E, 8S²] = [L² − 8T, 12T − L², 8S²]
        let plus =
            l2.blend::<{ from_second(false, true, true, true) }>(&t8.add(&t.shl::<2>()).blend::<{
                from_second(false, false, true, true)
            }>(
                &s2.shl::<3>(),
            ));
        let minus = t8
            .blend::<{ from_second(false, true, false, false) }>(&l2)
            .blend::<{ from_second(false, false, true, true) }>(&Wide::zero());
        let xe = plus.sub(&minus).normalize_as::<VARTIME>();
        // [·, L·E]
        let y = w.permute::<{ lanes(0, 0, 0, 0) }>().mul_wide(&xe);
        // Y₃ = L·E − 8S² in lane 1
        let y3 = y
            .sub(&xe.permute::<{ lanes(2, 2, 2, 2) }>().wide())
            .normalize_as::<VARTIME>();
        Jacobian4(
            xe.blend::<{ from_second(false, true, false, false) }>(&y3)
                .blend::<{ from_second(false, false, true, false) }>(&w),
        )
    }

    /// P + Q for an affine Q, correct for every P, constant time: the
    /// vector form of `jacobian.rs`'s `add_affine` (libsecp256k1's
    /// `gej_add_ge`; see its doc for the degenerate case M = 0 and P = ∞,
    /// both chosen by mask here), with U₁ = X, S₁ = Y, T = U₁ + U₂,
    /// M = S₁ + S₂, R = T² − U₁U₂, the pair (R_alt, M_alt) = (2S₁, U₁ − U₂)
    /// where M = 0, −Q = T·M_alt², X₃ = R_alt² + Q, 2Y₃ = R_alt·(−Q − 2X₃)
    /// − M³·M_alt and Z₃ = Z·M_alt. Instead of halving, the result is the
    /// same point scaled by 2: (4X₃, 8Y₃, 2Z₃). Rounds [Z², y₂Z],
    /// [x₂Z², y₂Z·Z²], [T², U₁U₂, M_alt², Z·M_alt], [R_alt², T·M_alt²,
    /// M_alt⁴], [E·R_alt] with E = −Q − 2X₃ = 3·(−Q) − 2R_alt²; M³·M_alt is
    /// M_alt⁴, or 0 where M = 0.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn add_affine(&self, q: &Affine4) -> Self {
        let (p, q) = (&self.0, &q.0);
        let z = p.permute::<{ lanes(2, 2, 2, 2) }>();
        // [Z², y₂Z]
        let r1 = z
            .mul_wide(&z.blend::<{ from_second(false, true, false, false) }>(q))
            .normalize();
        // [U₂, S₂] = [x₂Z², y₂Z·Z²], normalised with the sums below
        let r2 = q
            .blend::<{ from_second(false, true, false, false) }>(&r1)
            .mul_wide(&r1.permute::<{ lanes(0, 0, 0, 0) }>());
        // [T, M, U₁ − U₂, U₂]
        let u = p
            .permute::<{ lanes(0, 1, 0, 0) }>()
            .wide()
            .blend::<{ from_second(false, false, false, true) }>(&Wide::zero());
        let v = r2.permute::<{ lanes(0, 1, 0, 0) }>();
        let tm = u
            .add(&v)
            .blend::<{ from_second(false, false, true, false) }>(&u.sub(&v))
            .normalize();
        let degenerate = tm.is_zero().permute::<{ lanes(1, 1, 1, 1) }>();
        let m_alt = tm
            .permute::<{ lanes(1, 1, 1, 1) }>()
            .select(&tm.permute::<{ lanes(2, 2, 2, 2) }>(), degenerate);
        // [T², U₁U₂, M_alt², Z·M_alt]
        let a = tm
            .blend::<{ from_second(false, true, false, true) }>(
                &p.permute::<{ lanes(0, 0, 2, 2) }>(),
            )
            .blend::<{ from_second(false, false, true, false) }>(&m_alt);
        let b = tm
            .permute::<{ lanes(0, 3, 3, 3) }>()
            .blend::<{ from_second(false, false, true, true) }>(&m_alt);
        let r3 = a.mul_wide(&b);
        // [R_alt, N, ·, 2Z₃] with N = M_alt²
        let r = r3.sub(&r3.permute::<{ lanes(1, 1, 1, 1) }>());
        let s1_2 = p.wide().permute::<{ lanes(1, 1, 1, 1) }>().shl::<1>();
        let w = r
            .select(&s1_2, degenerate)
            .blend::<{ from_second(false, true, false, true) }>(
                &r3.permute::<{ lanes(0, 2, 2, 3) }>()
                    .shl_lanes([0, 0, 0, 1]),
            )
            .normalize();
        // [R_alt², −Q, N²] = [R_alt², T·N, N·N]
        let a = w
            .permute::<{ lanes(0, 0, 1, 1) }>()
            .blend::<{ from_second(false, true, false, false) }>(
                &tm.permute::<{ lanes(0, 0, 0, 0) }>(),
            );
        let r4 = a.mul_wide(&w.permute::<{ lanes(0, 1, 1, 1) }>());
        let rr2 = r4.permute::<{ lanes(0, 0, 0, 0) }>();
        let neg_q = r4.permute::<{ lanes(1, 1, 1, 1) }>();
        let n2 = r4
            .permute::<{ lanes(2, 2, 2, 2) }>()
            .select(&Wide::zero(), degenerate);
        // [X₃, E] = [R_alt² − (−Q), 3·(−Q) − 2R_alt²]
        let plus =
            rr2.blend::<{ from_second(false, true, false, false) }>(&neg_q.add(&neg_q.shl::<1>()));
        let minus = neg_q.blend::<{ from_second(false, true, false, false) }>(&rr2.shl::<1>());
        let xe = plus.sub(&minus).normalize();
        // [·, E·R_alt]
        let r5 = xe.mul_wide(&w.permute::<{ lanes(0, 0, 0, 0) }>());
        // [4X₃, 4·(E·R_alt − M³·M_alt), 2Z₃]
        let y = r5.shl::<2>().sub(&n2.shl::<2>());
        let sum = xe
            .wide()
            .shl::<2>()
            .blend::<{ from_second(false, true, false, false) }>(&y)
            .blend::<{ from_second(false, false, true, false) }>(
                &w.wide().permute::<{ lanes(3, 3, 3, 3) }>(),
            )
            .normalize();
        // P = ∞: Q itself.
        let inf = p.is_zero().permute::<{ lanes(2, 2, 2, 2) }>();
        Jacobian4(sum.select(&Affine4(*q).to_jacobian().0, inf))
    }

    /// P + Q for an affine Q, `None` when H = 0 (P = ±Q). Variable time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn add_affine_vartime(&self, q: &Affine4) -> Option<Self> {
        let z = self.0.permute::<{ lanes(2, 2, 2, 2) }>();
        self.add_scaled_vartime(q, &z, &z)
    }

    /// P + Q for P on the curve of scale g (`g` in every lane) and Q affine
    /// on E, as `jacobian.rs`'s `add_affine_zinv_vartime`: U₂ and S₂ use
    /// Z·g, Z₃ = Z·H. `None` when H = 0. Variable time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub(crate) fn add_affine_zinv_vartime(&self, q: &Affine4, g: &Fe52x4) -> Option<Self> {
        let z = self.0.permute::<{ lanes(2, 2, 2, 2) }>();
        let zg = z.mul_wide(g).normalize_vartime();
        self.add_scaled_vartime(q, &zg, &z)
    }

    /// The mixed addition with `zs` (every lane) in U₂ = x₂·zs², S₂ = y₂·zs³
    /// and Z₃ = `zh`·H (module doc).
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    fn add_scaled_vartime(&self, q: &Affine4, zs: &Fe52x4, zh: &Fe52x4) -> Option<Self> {
        let p = &self.0;
        let q = &q.0;
        // [zs², y₂·zs]
        let r1 = zs
            .mul_wide(&zs.blend::<{ from_second(false, true, false, false) }>(q))
            .normalize_vartime();
        // [U₂, S₂] = [x₂·zs², y₂zs·zs²]
        let r2 = q
            .blend::<{ from_second(false, true, false, false) }>(&r1)
            .mul_wide(&r1.permute::<{ lanes(0, 0, 0, 0) }>());
        // [H, I] = [U₂ − X, S₂ − Y]
        let hi = r2.sub(&p.wide()).normalize_vartime();
        if hi.lane_is_zero_vartime::<0>() {
            return None;
        }
        // [H², Z·H, I²]
        let r3 = hi
            .permute::<{ lanes(0, 0, 1, 1) }>()
            .blend::<{ from_second(false, true, false, false) }>(zh)
            .mul_wide(&hi.permute::<{ lanes(0, 0, 1, 1) }>())
            .normalize_vartime();
        // [H³, T] = [H·H², X·H²]
        let r4 = hi
            .permute::<{ lanes(0, 0, 0, 0) }>()
            .blend::<{ from_second(false, true, false, false) }>(
                &p.permute::<{ lanes(0, 0, 0, 0) }>(),
            )
            .mul_wide(&r3.permute::<{ lanes(0, 0, 0, 0) }>());
        let h3 = r4.permute::<{ lanes(0, 0, 0, 0) }>();
        let t = r4.permute::<{ lanes(1, 1, 1, 1) }>();
        let i2 = r3.permute::<{ lanes(2, 2, 2, 2) }>().wide();
        let t2 = t.add(&t);
        // [X₃, E] = [I² − (H³ + 2T), (3T + H³) − I²]
        let plus = i2.blend::<{ from_second(false, true, true, true) }>(&t2.add(&t).add(&h3));
        let minus = h3
            .add(&t2)
            .blend::<{ from_second(false, true, true, true) }>(&i2);
        let xe = plus.sub(&minus).normalize_vartime();
        // [I·E, Y·H³]
        let r4n = r4.normalize_vartime();
        let a = hi
            .permute::<{ lanes(1, 1, 1, 1) }>()
            .blend::<{ from_second(false, true, false, false) }>(
                &r4n.permute::<{ lanes(0, 0, 0, 0) }>(),
            );
        let b = xe
            .permute::<{ lanes(1, 1, 1, 1) }>()
            .blend::<{ from_second(false, true, false, false) }>(
                &p.permute::<{ lanes(1, 1, 1, 1) }>(),
            );
        let r5 = a.mul_wide(&b);
        // Y₃ = I·E − Y·H³ in lane 0
        let y3 = r5
            .sub(&r5.permute::<{ lanes(1, 1, 1, 1) }>())
            .normalize_vartime();
        Some(Jacobian4(
            xe.blend::<{ from_second(false, true, false, false) }>(
                &y3.permute::<{ lanes(0, 0, 0, 0) }>(),
            )
            .blend::<{ from_second(false, false, true, false) }>(
                &r3.permute::<{ lanes(0, 1, 1, 1) }>(),
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::fe52x4::Ifma;
    use crate::curves::secp256k1::{Point, Scalar};
    use crate::mul::mul_vartime;
    use subtle::ConstantTimeEq;

    /// Runs `f` where the CPU has IFMA; says so where it does not.
    fn with_ifma(f: impl FnOnce()) {
        match Ifma::detect() {
            Some(_) => f(),
            None => eprintln!(
                "SKIPPED: this CPU has no AVX-512 IFMA; the vector formulas are not used here"
            ),
        }
    }

    /// P and Q are the same point (X₁Z₂² = X₂Z₁², Y₁Z₂³ = Y₂Z₁³).
    fn same(p: &Jacobian<Fe52>, q: &Jacobian<Fe52>) -> bool {
        let (pz2, qz2) = (p.z.square(), q.z.square());
        bool::from((p.x * qz2).ct_eq(&(q.x * pz2)) & (p.y * qz2 * q.z).ct_eq(&(q.y * pz2 * p.z)))
    }

    /// k·G with a Jacobian Z other than 1 (scaled by z).
    fn point(k: u64, z: u64) -> Jacobian<Fe52> {
        let a = mul_vartime(&Point::generator(), &Scalar::from_u64(k)).to_affine_vartime();
        Jacobian::from_affine_scaled(&a.x, &a.y, &Fe52::from_u64(z))
    }

    fn affine(k: u64) -> (Fe52, Fe52) {
        let a = mul_vartime(&Point::generator(), &Scalar::from_u64(k)).to_affine_vartime();
        (a.x, a.y)
    }

    #[test]
    fn doubling_matches_the_scalar_doubling() {
        with_ifma(|| {
            for k in [1u64, 2, 3, 0xDEAD_BEEF, u64::MAX] {
                let mut want = point(k, 0x1234_5678_9ABC_DEF1 ^ k);
                #[allow(unsafe_code)]
                // SAFETY: `with_ifma` found the extensions.
                unsafe {
                    let mut got = Jacobian4::from_jacobian(&want);
                    for step in 0..64 {
                        got = got.double_vartime();
                        want = want.double();
                        assert!(same(&got.to_jacobian(), &want), "k = {k}, step {step}");
                    }
                }
            }
        });
    }

    #[test]
    fn additions_match_the_scalar_additions() {
        with_ifma(|| {
            let g = Fe52::from_u64(0xC0FF_EE00_1234_5679).invert().unwrap();
            #[allow(unsafe_code)]
            // SAFETY: `with_ifma` found the extensions.
            unsafe {
                let g4 = Fe52x4::from_lanes([&g; 4]);
                for k in 1..40u64 {
                    let acc = point(k * 0x9E37_79B9 + 7, k + 2);
                    let (x, y) = affine(k);
                    let q = Affine4::new(&x, &y);
                    let got = Jacobian4::from_jacobian(&acc)
                        .add_affine_vartime(&q)
                        .unwrap();
                    let want = acc.add_affine_vartime(&x, &y).0;
                    assert!(same(&got.to_jacobian(), &want), "plain, k = {k}");
                    let got = Jacobian4::from_jacobian(&acc)
                        .add_affine_zinv_vartime(&q, &g4)
                        .unwrap();
                    let want = acc.add_affine_zinv_vartime(&x, &y, &g);
                    assert!(same(&got.to_jacobian(), &want), "zinv, k = {k}");
                    // The negated entry is −Q.
                    let neg = Affine4::with_negation(&x, &y).negated();
                    let got = Jacobian4::from_jacobian(&acc)
                        .add_affine_vartime(&neg)
                        .unwrap();
                    let want = acc.add_affine_vartime(&x, &-y).0;
                    assert!(same(&got.to_jacobian(), &want), "negated, k = {k}");
                    let lone = Affine4::with_negation(&x, &y).to_jacobian().to_jacobian();
                    assert!(same(
                        &lone,
                        &Jacobian::from_affine_scaled(&x, &y, &Fe52::from_u64(1))
                    ));
                }
            }
        });
    }

    /// The constant-time doubling equals the scalar one step after step,
    /// and the complete addition equals the scalar `add_affine` on random
    /// pairs and on every special case: P = Q, P = −Q, Q = −φ(P) and
    /// −φ²(P) (M = 0 with x₁ ≠ x₂), Q = φ(P), and P = ∞.
    #[test]
    fn constant_time_formulas_match_the_scalar_ones() {
        use crate::curves::secp256k1::Secp256k1;
        use crate::point::projective::ProjectivePoint;
        type P = ProjectivePoint<Secp256k1>;
        let eq = |a: Jacobian<Fe52>, b: Jacobian<Fe52>| {
            let (a, b): (P, P) = (a.to_projective(&Fe52::ONE), b.to_projective(&Fe52::ONE));
            bool::from(a.ct_eq(&b))
        };
        let phi = |p: &P| p.endomorphism().unwrap();
        with_ifma(|| {
            #[allow(unsafe_code)]
            // SAFETY: `with_ifma` found the extensions.
            unsafe {
                let mut want = point(0xFEED, 0x1234_5678);
                let mut got = Jacobian4::from_jacobian(&want);
                for step in 0..64 {
                    got = got.double();
                    want = want.double();
                    assert!(eq(got.to_jacobian(), want), "doubling, step {step}");
                }
                for k in 1..40u64 {
                    let acc = point(k * 0x9E37_79B9 + 7, k + 2);
                    let (x, y) = affine(k);
                    let got = Jacobian4::from_jacobian(&acc).add_affine(&Affine4::new(&x, &y));
                    assert!(eq(got.to_jacobian(), acc.add_affine(&x, &y)), "k = {k}");
                }
                let g = P::generator();
                let p = g.double().add(&g);
                let pj = Jacobian::from_projective(&p);
                let special = [g, p, p.neg(), phi(&p).neg(), phi(&phi(&p)).neg(), phi(&p)];
                for (i, q) in special.iter().enumerate() {
                    let qa = q.to_affine();
                    let q4 = Affine4::new(&qa.x, &qa.y);
                    for a in [pj, Jacobian::INFINITY] {
                        let got = Jacobian4::from_jacobian(&a).add_affine(&q4).to_jacobian();
                        assert!(eq(got, a.add_affine(&qa.x, &qa.y)), "special case {i}");
                    }
                }
                // P = −Q is ∞, and ∞ + Q is Q: the two cases by mask.
                let pa = p.to_affine();
                let inf = Jacobian4::from_jacobian(&pj)
                    .add_affine(&Affine4::new(&pa.x, &-pa.y))
                    .to_jacobian();
                assert!(bool::from(inf.z.is_zero()));
            }
        });
    }

    /// P = Q and P = −Q (H = 0) are left to the caller, in both additions.
    #[test]
    fn equal_or_opposite_points_are_refused() {
        with_ifma(|| {
            let (x, y) = affine(5);
            let p = Jacobian::from_affine_scaled(&x, &y, &Fe52::from_u64(77));
            let one = Fe52::from_u64(1);
            #[allow(unsafe_code)]
            // SAFETY: `with_ifma` found the extensions.
            unsafe {
                let ones = Fe52x4::from_lanes([&one; 4]);
                let p4 = Jacobian4::from_jacobian(&p);
                for q in [
                    Affine4::new(&x, &y),
                    Affine4::with_negation(&x, &y).negated(),
                ] {
                    assert!(p4.add_affine_vartime(&q).is_none());
                    assert!(p4.add_affine_zinv_vartime(&q, &ones).is_none());
                }
                let (x2, y2) = affine(6);
                assert!(p4.add_affine_vartime(&Affine4::new(&x2, &y2)).is_some());
            }
        });
    }
}
