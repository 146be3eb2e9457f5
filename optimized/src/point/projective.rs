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
