//! Jacobian coordinates (x = X/Z², y = Y/Z³; Z = 0 is the point at
//! infinity) for the a = 0 curves: libsecp256k1's doubling and mixed
//! additions, constant-time and variable-time, and the co-Z chain that
//! builds odd-multiples tables in effective-affine form.
//!
//! Why: the complete projective formulas (`projective.rs`) cost 6M + 2S +
//! 1m_3b per doubling and 12M + 2m_3b per addition, whatever the input.
//! Jacobian coordinates double in 3M + 4S (libsecp256k1's `gej_double`) and
//! add an affine point in 8M + 3S (its `gej_add_ge_var`) or, complete and
//! constant time, 7M + 5S (`gej_add_ge`), all with few field additions —
//! the linear operations, each with a masked reduction, had been a sixth of
//! the work in the Explicit-Formulas Database's dbl-2009-l and madd-2007-bl.
//!
//! Mixed additions need an affine table, and an inversion per table would
//! eat the gain; instead [`odd_multiples_effective_affine`] builds it
//! "effective affine" (libsecp256k1): the odd multiples P, 3P, …, (2N − 1)P
//! by co-Z additions, brought to one common Z (Z_last) by the running
//! product of the Z ratios. On the curve E″: y² = x³ + b·Z_last⁶,
//! isomorphic to E by (x, y) ↦ (x·Z_last², y·Z_last³), every entry is then
//! affine. Neither the doubling nor the mixed additions use b, so a whole
//! multiplication runs on E″ unchanged, and the result (X : Y : Z) on E″ is
//! (X : Y : Z·Z_last) on E. The GLV endomorphism (x, y) ↦ (βx, y) commutes
//! with these scalings.
//!
//! The formulas are `#[inline]`: the multiplication loops that call them
//! live in other modules, and without the hint the code generator may keep
//! them out of line.
//!
//! Constant time: `double`, `add_affine`, `from_affine_scaled` and
//! `to_projective`. Variable time (branches on exceptional cases, for
//! public inputs): `add_affine_vartime`, `add_affine_zinv_vartime`, `to_projective_vartime`
//! and the table builder, which branches on P only.

use super::params::CurveParams;
use super::projective::ProjectivePoint;
use crate::arith::field::Field;
use crate::arith::vartime::Vartime;

/// A point in Jacobian coordinates; Z = 0 is the point at infinity.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jacobian<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) z: F,
}

impl<F: Field> subtle::ConditionallySelectable for Jacobian<F> {
    fn conditional_select(a: &Self, b: &Self, c: subtle::Choice) -> Self {
        Jacobian {
            x: F::conditional_select(&a.x, &b.x, c),
            y: F::conditional_select(&a.y, &b.y, c),
            z: F::conditional_select(&a.z, &b.z, c),
        }
    }
}

impl<F: Field> Jacobian<F> {
    pub(crate) const INFINITY: Self = Jacobian {
        x: F::ONE,
        y: F::ONE,
        z: F::ZERO,
    };

    /// Whether Z = 0 (variable time: public points only).
    #[inline]
    pub(crate) fn is_infinity_vartime(&self) -> bool {
        self.z.is_zero_vartime()
    }

    /// The homogeneous (X : Y : Z) as Jacobian (X·Z : Y·Z² : Z).
    #[inline]
    pub(crate) fn from_projective<C: CurveParams<Fe = F>>(p: &ProjectivePoint<C>) -> Self {
        Jacobian {
            x: p.x * p.z,
            y: p.y * p.z.square(),
            z: p.z,
        }
    }

    /// The affine (x, y) with Z = r ≠ 0: (x·r², y·r³, r), the projective
    /// blinding of the constant-time comb.
    #[inline]
    pub(crate) fn from_affine_scaled(x: &F, y: &F, r: &F) -> Self {
        let r2 = r.square();
        Jacobian {
            x: *x * r2,
            y: *y * r2 * *r,
            z: *r,
        }
    }

    /// P + (x₂, y₂) for a finite affine point, constant time, correct for
    /// every P (libsecp256k1's `gej_add_ge`, after Brier–Joye's unified
    /// formula; 7M + 5S). With U₁ = X, U₂ = x₂Z², S₁ = Y, S₂ = y₂Z³,
    /// T = U₁ + U₂, M = S₁ + S₂ and R = T² − U₁U₂, the slope is R/M — which
    /// is also right for P = Q, so doubling needs no branch. It breaks down
    /// only where M = 0:
    /// - P = −Q: then U₁ = U₂ too, and Z₃ = Z·M_alt below is 0 (∞);
    /// - y₁ = −y₂ with x₁ ≠ x₂: on y² = x³ + b that means x₁³ = x₂³, so
    ///   x₂ = β^±1·x₁, and the slope is the chord's (S₁ − S₂)/(U₁ − U₂) =
    ///   2S₁/(U₁ − U₂), selected by mask. Where both are defined they agree.
    /// - P = ∞ (Z = 0): the result is replaced by (x₂, y₂, 1) by mask.
    ///
    /// With the selected pair (R_alt, M_alt) and −Q = T·M_alt²:
    /// X₃ = R_alt² + Q, Z₃ = Z·M_alt and
    /// Y₃ = −(R_alt·(2X₃ + Q) + M³·M_alt)/2 = (R_alt·(−Q − 2X₃) − M³·M_alt)/2
    /// (written with −Q: two negations fewer than libsecp256k1's order),
    /// where M³·M_alt is M_alt⁴ or 0 (M = M_alt, or M = 0). No branch, no table index: every value is
    /// computed and kept or dropped by `conditional_select`. The formula
    /// does not use b, so it also runs on the isomorphic curves of the
    /// effective-affine tables.
    #[inline]
    pub(crate) fn add_affine(&self, x2: &F, y2: &F) -> Self {
        let zz = self.z.square();
        let (u1, s1) = (self.x, self.y);
        let u2 = *x2 * zz;
        let s2 = *y2 * zz * self.z;
        let t = u1 + u2;
        let m = s1 + s2;
        // Magnitudes (`fe52.rs`) for X ≤ 6, Y ≤ 4: X₃ ≤ 3, Y₃ ≤ 4, Z₃ = 1;
        // every product's inputs stay ≤ 8.
        let rr = t.square().sub_mag::<1>(&(u1 * u2));
        let degenerate = m.is_zero();
        let rr_alt = F::conditional_select(&rr, &s1.double(), degenerate);
        let m_alt = F::conditional_select(&m, &u1.sub_mag::<1>(&u2), degenerate);
        let n = m_alt.square();
        let neg_q = t * n;
        let n = F::conditional_select(&n.square(), &m, degenerate);
        let x3 = rr_alt.square().sub_mag::<1>(&neg_q);
        let y3 = (neg_q.sub_mag::<6>(&x3.double()) * rr_alt)
            .sub_mag::<5>(&n)
            .half();
        let z3 = self.z * m_alt;
        let inf = self.z.is_zero();
        Jacobian {
            x: F::conditional_select(&x3, x2, inf),
            y: F::conditional_select(&y3, y2, inf),
            z: F::conditional_select(&z3, &F::ONE, inf),
        }
    }

    /// (X : Y : Z·g) on E as homogeneous (X·Z′ : Y : Z′³), Z′ = Z·g, with ∞
    /// mapped to (0 : 1 : 0) by mask. Constant time.
    #[inline]
    pub(crate) fn to_projective<C: CurveParams<Fe = F>>(self, g: &F) -> ProjectivePoint<C> {
        let z = self.z * *g;
        let p = ProjectivePoint {
            x: self.x * z,
            y: self.y,
            z: z.square() * z,
        };
        subtle::ConditionallySelectable::conditional_select(
            &p,
            &ProjectivePoint::identity(),
            z.is_zero(),
        )
    }

    /// 2P in 3M + 4S (libsecp256k1's `gej_double`): with L = 3X²/2, S = Y²
    /// and T = X·S, X₃ = L² − 2T, Y₃ = L·(T − X₃) − S², Z₃ = Y·Z — the
    /// dbl-2009-l result (X′, Y′, Z′ = 2YZ) scaled by λ = 1/2 (X′/4, Y′/8,
    /// Z′/2). One halving and five additions instead of dbl-2009-l's 2M + 5S
    /// with fourteen: the linear operations, with their masked reductions,
    /// were a sixth of the doubling. Infinity stays infinity (Z₃ = Y·Z); on
    /// these prime-order curves no finite point has y = 0. Constant time.
    #[inline]
    pub(crate) fn double(&self) -> Self {
        let a = self.x.square();
        let l = (a.double() + a).half();
        let s = self.y.square();
        let t = self.x * s;
        // Magnitudes (`fe52.rs`) for X ≤ 6, Y ≤ 4: X₃ ≤ 4, Y₃ ≤ 3, Z₃ = 1.
        let x3 = l.square().sub_mag::<2>(&t.double());
        Jacobian {
            x: x3,
            y: (l * t.sub_mag::<4>(&x3)).sub_mag::<1>(&s.square()),
            z: self.y * self.z,
        }
    }

    /// P + (x₂, y₂) for a finite affine point in 8M + 3S with few additions
    /// (libsecp256k1's `gej_add_ge_var`): H = x₂Z² − X, R = y₂Z³ − Y,
    /// X₃ = R² − H³ − 2XH², Y₃ = R(XH² − X₃) − YH³, Z₃ = Z·H — as many
    /// multiplications as madd-2007-bl's 7M + 4S, half its additions. The
    /// exceptional cases are branched on (public data): P = ∞, P = Q (then
    /// a doubling), P = −Q (then ∞). Also returns the Z ratio ρ = Z₃/Z₁ = H
    /// (`None` in the exceptional cases). No caller needs ρ, but the version
    /// without it compiles to a slower `mul_g_vartime` (BENCHMARKS.md, decisions).
    #[inline]
    pub(crate) fn add_affine_vartime(&self, x2: &F, y2: &F) -> (Self, Option<F>) {
        if self.is_infinity_vartime() {
            let q = Jacobian {
                x: *x2,
                y: *y2,
                z: F::ONE,
            };
            return (q, None);
        }
        // Magnitudes (`fe52.rs`) for X ≤ 6, Y ≤ 4: X₃ ≤ 6, Y₃ ≤ 3, Z₃ = 1.
        let z1z1 = self.z.square();
        let h = (*x2 * z1z1).sub_mag::<6>(&self.x);
        let r = (*y2 * self.z * z1z1).sub_mag::<4>(&self.y);
        self.add_finish_vartime(h, r)
    }

    /// P + Q for P on the effective-affine curve E″ (module doc) and
    /// Q = (x₂, y₂) affine on E (libsecp256k1's `gej_add_zinv_var`): on E″,
    /// Q is (x₂g², y₂g³), so with Z′ = Z·g the mixed addition's
    /// U₂ = x₂Z′² and S₂ = y₂Z′³, while Z₃ = Z·H stays on E″. 9M + 3S:
    /// one product more than [`Self::add_affine_vartime`], where scaling Q onto E″
    /// first would cost two. Variable time, as `add_affine_vartime`.
    #[inline]
    pub(crate) fn add_affine_zinv_vartime(&self, x2: &F, y2: &F, g: &F) -> Self {
        if self.is_infinity_vartime() {
            let g2 = g.square();
            return Jacobian {
                x: *x2 * g2,
                y: *y2 * g2 * *g,
                z: F::ONE,
            };
        }
        let az = self.z * *g;
        let zz = az.square();
        let h = (*x2 * zz).sub_mag::<6>(&self.x);
        let r = (*y2 * zz * az).sub_mag::<4>(&self.y);
        self.add_finish_vartime(h, r).0
    }

    /// The common tail of the mixed additions, from H = U₂ − X and
    /// R = S₂ − Y: the exceptional cases (H = 0) and X₃, Y₃, Z₃ = Z·H.
    #[inline(always)]
    fn add_finish_vartime(&self, h: F, r: F) -> (Self, Option<F>) {
        if h.is_zero_vartime() {
            let out = if r.is_zero_vartime() {
                self.double()
            } else {
                Self::INFINITY
            };
            return (out, None);
        }
        let h2 = h.square();
        let h3 = h2 * h;
        let t = self.x * h2;
        let x3 = r.square().sub_mag::<1>(&h3).sub_mag::<2>(&t.double());
        (
            Jacobian {
                x: x3,
                y: (r * t.sub_mag::<6>(&x3)).sub_mag::<1>(&(self.y * h3)),
                z: self.z * h,
            },
            Some(h),
        )
    }
}

/// The odd multiples P, 3P, …, (2N − 1)P of a finite P (N = 8 for the
/// width-5 wNAF, 16 for the constant-time width-5 digits) as affine points
/// of one isomorphic curve E″, and the factor g with (X : Y : Z) on E″
/// equal to (X : Y : Z·g) on E. `None` if an exceptional addition came up
/// (only possible for points of order ≤ 2N + 1), for the caller to fall
/// back. Branches on P only.
///
/// Co-Z arithmetic (Meloni 2007; the odd-multiples chain of Longa–Miri
/// 2008): the doubling gives 2P and, for free, P on the same Z (DBLU:
/// P scaled by λ = Z₂ₚ/Z = Y is (X·Y², Y⁴, Y·Z), two values the doubling
/// computes anyway). Then each ZADDU adds 2P to the last multiple in
/// 5M + 2S and returns 2P again on the sum's Z:
/// with T = (X₂, Y₂, Z), D = (X₁, Y₁, Z), H = X₂ − X₁, A = H², B = X₁·A,
/// C = X₂·A, R = Y₂ − Y₁: T + D = (R² − B − C, R·(B − X₃) − Y₁·(C − B), Z·H)
/// and D = (B, Y₁·(C − B), Z·H). Against libsecp256k1's mixed additions on
/// the curve where 2P is affine (8M + 3S each, plus 4M to move P there),
/// that is 4 products fewer per entry. The entries' Z differ by the known
/// ratios H, and are brought to the last one's, Z_last = g, by the running
/// product of the ratios, as libsecp256k1's `ge_table_set_globalz`.
#[allow(clippy::type_complexity)]
pub(crate) fn odd_multiples_effective_affine<F: Field, const N: usize>(
    p: &Jacobian<F>,
) -> Option<([(F, F); N], F)> {
    // DBLU: 2P = (X₃, Y₃, Y·Z) as in `double`, and P = (T, S², Y·Z).
    let a = p.x.square();
    let l = (a.double() + a).half();
    let s = p.y.square();
    let t = p.x * s;
    let s2 = s.square();
    let x3 = l.square() - t.double();
    let (mut dx, mut dy) = (x3, l * (t - x3) - s2);
    let z0 = p.y * p.z;
    if z0.is_zero_vartime() {
        return None;
    }
    let mut tx = [t; N];
    let mut ty = [s2; N];
    let mut ratio = [F::ONE; N]; // Z(entry i) = Z(entry i − 1)·ratio[i]
    let mut z = z0;
    for i in 1..N {
        let h = tx[i - 1] - dx;
        if h.is_zero_vartime() {
            return None; // entry i − 1 = ±2P
        }
        let a = h.square();
        let (b, c) = (dx * a, tx[i - 1] * a);
        let r = ty[i - 1] - dy;
        let e = dy * (c - b);
        tx[i] = r.square() - b - c;
        ty[i] = r * (b - tx[i]) - e;
        (dx, dy) = (b, e);
        ratio[i] = h;
        z = z * h;
    }
    // Bring every entry to Z_last: entry i is scaled by f = Z_last/Z(entry i)
    // (the last entry is already there; f needs no ratio past entry 1).
    let mut out = [(tx[N - 1], ty[N - 1]); N];
    let mut f = ratio[N - 1];
    for i in (0..N - 1).rev() {
        let f2 = f.square();
        out[i] = (tx[i] * f2, ty[i] * f2 * f);
        if i > 0 {
            f = f * ratio[i];
        }
    }
    Some((out, z))
}

impl<F: Field> Jacobian<F> {
    /// The variable-time view of a point: the same coordinates, products
    /// by [`Field::mul_vartime`].
    #[inline]
    pub(crate) fn to_vartime(self) -> Jacobian<Vartime<F>> {
        Jacobian {
            x: Vartime(self.x),
            y: Vartime(self.y),
            z: Vartime(self.z),
        }
    }
}

impl<F: Field> Jacobian<Vartime<F>> {
    /// (X : Y : Z·g) on E as homogeneous (X·Z′ : Y : Z′³), Z′ = Z·g:
    /// the end of a variable-time multiplication on an effective-affine
    /// table (g its scale; 1 on E itself).
    #[inline]
    pub(crate) fn to_projective_vartime<C: CurveParams<Fe = F>>(
        self,
        g: Vartime<F>,
    ) -> ProjectivePoint<C> {
        if self.is_infinity_vartime() {
            return ProjectivePoint::identity();
        }
        let z = self.z * g;
        ProjectivePoint {
            x: (self.x * z).0,
            y: self.y.0,
            z: (z.square() * z).0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::field::Field;
    use crate::curves::toy::Point;
    use subtle::ConstantTimeEq;

    /// `add_affine` on every pair of the toy curve's points (P with a
    /// non-trivial Z, or ∞; Q finite) equals the complete RCB addition —
    /// this walks every special case: P = ∞, P = Q, P = −Q, and the
    /// degenerate y₁ = −y₂ with x₂ = β^±1·x₁ (Q = −φ(P) or −φ²(P)). The
    /// degenerate pairs are counted, so the case cannot silently vanish.
    #[test]
    fn toy_curve_ct_addition_every_pair() {
        let g = Point::generator();
        let mut pts = vec![Point::identity()];
        for _ in 1..199 {
            pts.push(pts.last().unwrap().add(&g));
        }
        let r = crate::curves::toy::Fe::from_u64(5);
        let mut degenerate = 0;
        for p in &pts {
            let pj = Jacobian::from_projective(p);
            // rescale to a Z other than the projective one: (X r², Y r³, Z r)
            let pj = Jacobian {
                x: pj.x * r.square(),
                y: pj.y * r.square() * r,
                z: pj.z * r,
            };
            for q in pts.iter().skip(1) {
                let qa = q.to_affine();
                let got = pj.add_affine(&qa.x, &qa.y).to_projective(&Field::ONE);
                assert!(bool::from(got.ct_eq(&p.add(q))), "{p:?} + {q:?}");
                let pa = p.to_affine();
                if !bool::from(p.is_identity()) && pa.x != qa.x && pa.y == -qa.y {
                    degenerate += 1;
                }
            }
        }
        // Each of the 198 finite P has Q = −φ(P) and Q = −φ²(P).
        assert_eq!(degenerate, 2 * 198);
    }

    fn phi<C: CurveParams>(p: &ProjectivePoint<C>) -> ProjectivePoint<C> {
        p.endomorphism().expect("a GLV curve")
    }

    /// The same special cases on the three real curves.
    #[test]
    fn ct_addition_special_cases() {
        fn run<C: CurveParams>() {
            let g = ProjectivePoint::<C>::generator();
            let p = g.double().add(&g); // 3G, Z ≠ 1
            let pj = Jacobian::from_projective(&p);
            for q in [g, p, p.neg(), phi(&p).neg(), phi(&phi(&p)).neg(), phi(&p)] {
                let qa = q.to_affine();
                for (a, pa) in [(pj, p), (Jacobian::INFINITY, ProjectivePoint::identity())] {
                    let got = a.add_affine(&qa.x, &qa.y).to_projective::<C>(&C::Fe::ONE);
                    assert!(bool::from(got.ct_eq(&pa.add(&q))));
                }
            }
        }
        run::<crate::curves::secp256k1::Secp256k1>();
        run::<crate::curves::bn254::Bn254>();
        run::<crate::curves::bls12_381::Bls12_381>();
    }
}
