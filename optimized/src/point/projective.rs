//! The generic short-Weierstrass group `y² = x³ + b` (a = 0) in projective
//! coordinates, with the complete formulas of Renes–Costello–Batina,
//! "Complete addition formulas for prime order elliptic curves" (EUROCRYPT
//! 2016, ePrint 2015/1060): Algorithm 7 (addition), 8 (mixed addition),
//! 9 (doubling), each step numbered as in the paper.
//!
//! Representation: `(X : Y : Z)` with x = X/Z, y = Y/Z; the identity is
//! `(0 : 1 : 0)`. The formulas have no exceptional cases for a prime-order
//! group (and none on the whole curve for Algorithms 7 and 9), so they are
//! constant time and need no special-casing of P = Q, P = −Q or the identity.
//! Affine points carry an explicit `infinity` flag; mixed addition selects
//! around it in constant time.
//!
//! Constant time, except `to_affine_vartime` and `lift_x_vartime`.

use super::affine::AffinePoint;
use super::params::CurveParams;
use crate::arith::field::Field;
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq, CtOption};

/// A point in projective coordinates.
#[derive(Clone, Copy, Debug)]
pub struct ProjectivePoint<C: CurveParams> {
    /// X.
    pub x: C::Fe,
    /// Y.
    pub y: C::Fe,
    /// Z.
    pub z: C::Fe,
}

impl<C: CurveParams> ConditionallySelectable for ProjectivePoint<C> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        ProjectivePoint {
            x: C::Fe::conditional_select(&a.x, &b.x, c),
            y: C::Fe::conditional_select(&a.y, &b.y, c),
            z: C::Fe::conditional_select(&a.z, &b.z, c),
        }
    }
}

impl<C: CurveParams> ConditionallyNegatable for ProjectivePoint<C> {
    fn conditional_negate(&mut self, c: Choice) {
        self.y = C::Fe::conditional_select(&self.y, &-self.y, c);
    }
}

impl<C: CurveParams> ConstantTimeEq for ProjectivePoint<C> {
    /// Projective equality: X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1 (this also
    /// handles the identity, whose X = Z = 0).
    fn ct_eq(&self, o: &Self) -> Choice {
        (self.x * o.z).ct_eq(&(o.x * self.z)) & (self.y * o.z).ct_eq(&(o.y * self.z))
    }
}

impl<C: CurveParams> From<AffinePoint<C>> for ProjectivePoint<C> {
    fn from(p: AffinePoint<C>) -> Self {
        let q = ProjectivePoint {
            x: p.x,
            y: p.y,
            z: C::Fe::ONE,
        };
        ProjectivePoint::conditional_select(&q, &ProjectivePoint::identity(), p.infinity)
    }
}

impl<C: CurveParams> ProjectivePoint<C> {
    /// The identity (0 : 1 : 0).
    pub fn identity() -> Self {
        ProjectivePoint {
            x: C::Fe::ZERO,
            y: C::Fe::ONE,
            z: C::Fe::ZERO,
        }
    }

    /// The standard generator.
    pub fn generator() -> Self {
        AffinePoint::<C>::generator().into()
    }

    /// Whether this is the identity (Z = 0).
    pub fn is_identity(&self) -> Choice {
        self.z.is_zero()
    }

    /// −P.
    pub fn neg(&self) -> Self {
        ProjectivePoint {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }

    /// φ(P) = (β·X : Y : Z) for the curve's GLV endomorphism (φ(P) = λ·P);
    /// `None` for a curve without one.
    pub fn endomorphism(&self) -> Option<Self> {
        C::ENDOMORPHISM.map(|e| ProjectivePoint {
            x: self.x * e.beta,
            y: self.y,
            z: self.z,
        })
    }

    /// P + Q, RCB Algorithm 7 (complete; 12M + 2m_3b + 19a).
    pub fn add(&self, q: &Self) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (q.x, q.y, q.z);
        let t0 = x1 * x2; // 1
        let t1 = y1 * y2; // 2
        let t2 = z1 * z2; // 3
        let t3 = x1 + y1; // 4
        let t4 = x2 + y2; // 5
        let t3 = t3 * t4; // 6
        let t4 = t0 + t1; // 7
        let t3 = t3 - t4; // 8
        let t4 = y1 + z1; // 9
        let x3 = y2 + z2; // 10
        let t4 = t4 * x3; // 11
        let x3 = t1 + t2; // 12
        let t4 = t4 - x3; // 13
        let x3 = x1 + z1; // 14
        let y3 = x2 + z2; // 15
        let x3 = x3 * y3; // 16
        let y3 = t0 + t2; // 17
        let y3 = x3 - y3; // 18
        let x3 = t0 + t0; // 19
        let t0 = x3 + t0; // 20
        let t2 = C::B3 * t2; // 21
        let z3 = t1 + t2; // 22
        let t1 = t1 - t2; // 23
        let y3 = C::B3 * y3; // 24
        let x3 = t4 * y3; // 25
        let t2 = t3 * t1; // 26
        let x3 = t2 - x3; // 27
        let y3 = y3 * t0; // 28
        let t1 = t1 * z3; // 29
        let y3 = t1 + y3; // 30
        let t0 = t0 * t3; // 31
        let z3 = z3 * t4; // 32
        let z3 = z3 + t0; // 33
        ProjectivePoint {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// P + Q for an affine Q, RCB Algorithm 8 (11M + 2m_3b + 13a). The
    /// algorithm has no encoding of Q = ∞, so that case is selected around
    /// in constant time.
    pub fn add_mixed(&self, q: &AffinePoint<C>) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2) = (q.x, q.y);
        let t0 = x1 * x2; // 1
        let t1 = y1 * y2; // 2
        let t3 = x2 + y2; // 3
        let t4 = x1 + y1; // 4
        let t3 = t3 * t4; // 5
        let t4 = t0 + t1; // 6
        let t3 = t3 - t4; // 7
        let t4 = y2 * z1; // 8
        let t4 = t4 + y1; // 9
        let y3 = x2 * z1; // 10
        let y3 = y3 + x1; // 11
        let x3 = t0 + t0; // 12
        let t0 = x3 + t0; // 13
        let t2 = C::B3 * z1; // 14
        let z3 = t1 + t2; // 15
        let t1 = t1 - t2; // 16
        let y3 = C::B3 * y3; // 17
        let x3 = t4 * y3; // 18
        let t2 = t3 * t1; // 19
        let x3 = t2 - x3; // 20
        let y3 = y3 * t0; // 21
        let t1 = t1 * z3; // 22
        let y3 = t1 + y3; // 23
        let t0 = t0 * t3; // 24
        let z3 = z3 * t4; // 25
        let z3 = z3 + t0; // 26
        let r = ProjectivePoint {
            x: x3,
            y: y3,
            z: z3,
        };
        ProjectivePoint::conditional_select(&r, self, q.infinity)
    }

    /// 2P, RCB Algorithm 9 (6M + 2S + 1m_3b + 9a).
    pub fn double(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let t0 = y.square(); // 1
        let z3 = t0 + t0; // 2
        let z3 = z3 + z3; // 3
        let z3 = z3 + z3; // 4
        let t1 = y * z; // 5
        let t2 = z.square(); // 6
        let t2 = C::B3 * t2; // 7
        let x3 = t2 * z3; // 8
        let y3 = t0 + t2; // 9
        let z3 = t1 * z3; // 10
        let t1 = t2 + t2; // 11
        let t2 = t1 + t2; // 12
        let t0 = t0 - t2; // 13
        let y3 = t0 * y3; // 14
        let y3 = x3 + y3; // 15
        let t1 = x * y; // 16
        let x3 = t0 * t1; // 17
        let x3 = x3 + x3; // 18
        ProjectivePoint {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `n` doublings in a row.
    pub fn double_n(&self, n: u32) -> Self {
        let mut r = *self;
        for _ in 0..n {
            r = r.double();
        }
        r
    }

    /// To affine with one constant-time inversion.
    pub fn to_affine(&self) -> AffinePoint<C> {
        let zinv = self.z.invert().unwrap_or(C::Fe::ZERO);
        AffinePoint {
            x: self.x * zinv,
            y: self.y * zinv,
            infinity: self.is_identity(),
        }
    }

    /// To affine with a variable-time inversion (public points only).
    pub fn to_affine_vartime(&self) -> AffinePoint<C> {
        match self.z.invert_vartime() {
            None => AffinePoint::identity(),
            Some(zinv) => AffinePoint {
                x: self.x * zinv,
                y: self.y * zinv,
                infinity: Choice::from(0),
            },
        }
    }
}

/// Converts many points to affine with one inversion (Montgomery's trick).
/// Constant time; identities map to the affine identity.
pub fn batch_to_affine<C: CurveParams>(points: &[ProjectivePoint<C>], out: &mut [AffinePoint<C>]) {
    assert_eq!(points.len(), out.len(), "batch_to_affine: output length");
    // prefix products of the Z's, with zero Z's replaced by one
    let mut acc = C::Fe::ONE;
    for (p, o) in points.iter().zip(out.iter_mut()) {
        o.x = acc; // stash the prefix product
        let z = C::Fe::conditional_select(&p.z, &C::Fe::ONE, p.is_identity());
        acc = acc * z;
    }
    let mut inv = acc.invert().unwrap_or(C::Fe::ZERO);
    for (p, o) in points.iter().zip(out.iter_mut()).rev() {
        let z = C::Fe::conditional_select(&p.z, &C::Fe::ONE, p.is_identity());
        let zinv = inv * o.x;
        inv = inv * z;
        let a = AffinePoint {
            x: p.x * zinv,
            y: p.y * zinv,
            infinity: Choice::from(0),
        };
        *o = AffinePoint::conditional_select(&a, &AffinePoint::identity(), p.is_identity());
    }
}

/// The point with x-coordinate `x` and *some* y (the caller picks the sign),
/// none when x³ + b is not a square. Constant time.
pub fn lift_x<C: CurveParams>(x: C::Fe) -> CtOption<AffinePoint<C>> {
    let rhs = x.square() * x + C::B;
    rhs.sqrt().map(|y| AffinePoint {
        x,
        y,
        infinity: Choice::from(0),
    })
}

/// [`lift_x`] with a variable-time square root: public x only (a verifier's
/// public key).
pub fn lift_x_vartime<C: CurveParams>(x: C::Fe) -> Option<AffinePoint<C>> {
    let rhs = x.square() * x + C::B;
    rhs.sqrt_vartime().map(|y| AffinePoint {
        x,
        y,
        infinity: Choice::from(0),
    })
}

#[cfg(test)]
mod tests {
    //! The complete formulas against the chord-and-tangent law, written out
    //! here in affine coordinates with variable-time inversions: every pair
    //! of the toy curve's points (∞, P = Q and P = −Q among them) and a few
    //! points of each real curve, each lifted to projective coordinates
    //! with a Z other than one. The results are compared by
    //! cross-multiplication, not through the code under test.
    use super::*;
    use crate::curves::{bls12_381, bn254, secp256k1, toy};

    /// An affine point as (x, y), or `None` for ∞.
    type Xy<F> = Option<(F, F)>;

    fn eq<F: Field>(a: F, b: F) -> bool {
        bool::from(a.ct_eq(&b))
    }

    fn law<F: Field>(p: Xy<F>, q: Xy<F>) -> Xy<F> {
        let ((x1, y1), (x2, y2)) = match (p, q) {
            (None, r) | (r, None) => return r,
            (Some(a), Some(b)) => (a, b),
        };
        let slope = if eq(x1, x2) {
            if !eq(y1, y2) || y1.is_zero_vartime() {
                return None;
            }
            x1.square() * F::from_u64(3) * y1.double().invert_vartime()?
        } else {
            (y2 - y1) * (x2 - x1).invert_vartime()?
        };
        let x3 = slope.square() - x1 - x2;
        Some((x3, slope * (x1 - x3) - y1))
    }

    fn lift<C: CurveParams>(a: Xy<C::Fe>, z: C::Fe) -> ProjectivePoint<C> {
        match a {
            None => ProjectivePoint {
                x: C::Fe::ZERO,
                y: z,
                z: C::Fe::ZERO,
            },
            Some((x, y)) => ProjectivePoint {
                x: x * z,
                y: y * z,
                z,
            },
        }
    }

    fn affine<C: CurveParams>(a: Xy<C::Fe>) -> AffinePoint<C> {
        match a {
            None => AffinePoint {
                x: C::Fe::ZERO,
                y: C::Fe::ZERO,
                infinity: Choice::from(1),
            },
            Some((x, y)) => AffinePoint {
                x,
                y,
                infinity: Choice::from(0),
            },
        }
    }

    /// Whether `p` is the point `a`: (X : Y : Z) = (x·Z : y·Z : Z) with
    /// Z ≠ 0, or (0 : Y : 0) with Y ≠ 0 for ∞.
    fn is<C: CurveParams>(p: &ProjectivePoint<C>, a: Xy<C::Fe>) -> bool {
        match a {
            None => p.x.is_zero_vartime() && p.z.is_zero_vartime() && !p.y.is_zero_vartime(),
            Some((x, y)) => !p.z.is_zero_vartime() && eq(p.x, x * p.z) && eq(p.y, y * p.z),
        }
    }

    /// ∞, G, 2G, …, (n − 1)·G by the affine law.
    fn multiples<C: CurveParams>(n: usize) -> Vec<Xy<C::Fe>> {
        let g = Some(C::GENERATOR);
        let mut pts = vec![None];
        for _ in 1..n {
            pts.push(law(*pts.last().expect("not empty"), g));
        }
        pts
    }

    fn is_affine<C: CurveParams>(got: &AffinePoint<C>, a: Xy<C::Fe>) -> bool {
        match a {
            None => bool::from(got.infinity),
            Some((x, y)) => !bool::from(got.infinity) && eq(got.x, x) && eq(got.y, y),
        }
    }

    fn check<C: CurveParams>(pts: &[Xy<C::Fe>]) {
        let (z1, z2) = (C::Fe::from_u64(5), C::Fe::from_u64(7));
        // Back to affine: one at a time, and in one batch with ∞ among them.
        let lifted: Vec<_> = pts.iter().map(|&a| lift::<C>(a, z1)).collect();
        let mut batch = vec![AffinePoint::<C>::identity(); pts.len()];
        batch_to_affine(&lifted, &mut batch);
        for ((&a, p), b) in pts.iter().zip(&lifted).zip(&batch) {
            for got in [p.to_affine(), p.to_affine_vartime(), *b] {
                assert!(is_affine(&got, a), "to affine");
            }
            // x alone gives back ±y.
            if let Some((x, y)) = a {
                let ct: Option<AffinePoint<C>> = lift_x::<C>(x).into();
                for got in [ct, lift_x_vartime::<C>(x)] {
                    let got = got.expect("x of a point");
                    assert!(eq(got.x, x) && (eq(got.y, y) || eq(got.y, -y)), "lift_x");
                }
            }
        }
        for &a in pts {
            let p = lift::<C>(a, z1);
            let twice = law(a, a);
            assert!(is(&p.double(), twice), "2P");
            assert!(is(&p.double_n(2), law(twice, twice)), "4P");
            assert!(is(&p.neg(), a.map(|(x, y)| (x, -y))), "−P");
            for &b in pts {
                let q = lift::<C>(b, z2);
                let want = law(a, b);
                assert!(is(&p.add(&q), want), "P + Q");
                assert!(is(&p.add_mixed(&affine::<C>(b)), want), "P + Q mixed");
                let same = match (a, b) {
                    (None, None) => true,
                    (Some(a), Some(b)) => eq(a.0, b.0) && eq(a.1, b.1),
                    _ => false,
                };
                assert_eq!(bool::from(p.ct_eq(&q)), same, "P = Q");
            }
        }
    }

    #[test]
    fn formulas_follow_the_affine_law() {
        check::<toy::Toy>(&multiples::<toy::Toy>(199));
        fn some<C: CurveParams>() {
            let mut pts = multiples::<C>(5);
            pts.push(pts[3].map(|(x, y)| (x, -y)));
            check::<C>(&pts);
        }
        some::<secp256k1::Secp256k1>();
        some::<bn254::Bn254>();
        some::<bls12_381::Bls12_381>();
    }
}
