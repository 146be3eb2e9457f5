//! The ECgFp5 group in fractional (x, u) coordinates (Pornin 2022;
//! docs/ecgfp5.md §3): a point is (X : Z : U : T) with x = X/Z and u = x/y = U/T; the
//! neutral is (0 : 1 : 0 : 1). The addition formulas are complete (no
//! special case for P = Q, P = −Q or the neutral): the lesson of docs/ecgfp5.md §9.2.
//!
//! Costs: `add` 10M, `add_affine` 8M, `double` 4M + 5S. Encoding w = T/U
//! (neutral → 0); strict decoding per docs/ecgfp5.md with typed errors.
//!
//! A second system, Jacobian (x, w) coordinates (`JacobianXw`), carries
//! the doubling runs and the variable-time verification loop.
//!
//! Constant time, except the `_vartime` functions and `JacobianXw`'s
//! `add_affine_vartime` (public inputs only).

use super::gfp5::Gfp5;
use crate::Error;
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq};

/// a = 2.
const A: u64 = 2;
/// b = 263·z (multiplications by b are `mul_small_z(263)`).
const B_Z: u64 = 263;

/// A point (X : Z : U : T).
#[derive(Clone, Copy, Debug)]
pub struct Point {
    x: Gfp5,
    z: Gfp5,
    u: Gfp5,
    t: Gfp5,
}

/// An affine point (x, u); the neutral is (0, 0).
#[derive(Clone, Copy, Debug, Default)]
pub struct AffinePoint {
    x: Gfp5,
    u: Gfp5,
}

#[inline(always)]
fn mul_b(v: &Gfp5) -> Gfp5 {
    v.mul_small_z(B_Z)
}

impl AffinePoint {
    /// From canonical limbs (for generated tables).
    pub const fn from_raw(x: [u64; 5], u: [u64; 5]) -> AffinePoint {
        AffinePoint {
            x: Gfp5::from_u64s(x),
            u: Gfp5::from_u64s(u),
        }
    }
    /// The canonical limbs of x and u.
    pub fn to_raw(&self) -> ([u64; 5], [u64; 5]) {
        (self.x.to_u64s(), self.u.to_u64s())
    }
}

impl Point {
    /// The neutral (0 : 1 : 0 : 1).
    pub const NEUTRAL: Point = Point {
        x: Gfp5::ZERO,
        z: Gfp5::ONE,
        u: Gfp5::ZERO,
        t: Gfp5::ONE,
    };

    /// The generator (w = 4): x from docs/ecgfp5.md §2, u = 1/4.
    pub const GENERATOR: Point = Point {
        x: Gfp5::from_u64s([
            12883135586176881569,
            4356519642755055268,
            5248930565894896907,
            2165973894480315022,
            2448410071095648785,
        ]),
        z: Gfp5::ONE,
        u: Gfp5::from_gf(13835058052060938241),
        t: Gfp5::ONE,
    };

    /// Whether this is the neutral (U = 0).
    pub fn is_neutral(&self) -> Choice {
        self.u.is_zero()
    }

    /// Equality (u-coordinates: U₁T₂ = U₂T₁).
    pub fn equals(&self, o: &Point) -> Choice {
        self.u.mul(&o.t).ct_eq(&o.u.mul(&self.t))
    }

    /// P + Q (complete, 10M).
    pub fn add(&self, o: &Point) -> Point {
        let t1 = self.x.mul(&o.x);
        let t2 = self.z.mul(&o.z);
        let t3 = self.u.mul(&o.u);
        let t4 = self.t.mul(&o.t);
        let t5 = self.x.add(&self.z).mul(&o.x.add(&o.z)).sub(&t1.add(&t2));
        let t6 = self.u.add(&self.t).mul(&o.u.add(&o.t)).sub(&t3.add(&t4));
        self.finish_add(t1, t2, t3, t4, t5, t6)
    }

    /// P + Q for an affine Q (complete, 8M): Z₂ = T₂ = 1.
    pub fn add_affine(&self, o: &AffinePoint) -> Point {
        let t1 = self.x.mul(&o.x);
        let t2 = self.z;
        let t3 = self.u.mul(&o.u);
        let t4 = self.t;
        let t5 = self.x.add(&o.x.mul(&self.z));
        let t6 = self.u.add(&o.u.mul(&self.t));
        self.finish_add(t1, t2, t3, t4, t5, t6)
    }

    /// The common tail of the additions; the small-constant scalings are
    /// fused with the additions next to them, one reduction per limb.
    #[inline(always)]
    fn finish_add(&self, t1: Gfp5, t2: Gfp5, t3: Gfp5, t4: Gfp5, t5: Gfp5, t6: Gfp5) -> Point {
        use super::gf::P;
        let bt2 = mul_b(&t2);
        let t7 = t1.add(&bt2);
        let t8 = t4.mul(&t7);
        // 2B·t5 + A·t7 (2B = 2B_Z·z shifts t5 up a limb, z⁵ = 3 wraps).
        let t9 = t3.mul(&reduce_limbwise(|i| {
            let (j, k) = if i == 0 {
                (4, 6 * B_Z)
            } else {
                (i - 1, 2 * B_Z)
            };
            k as u128 * t5.0[j] as u128 + A as u128 * t7.0[i] as u128
        }));
        let t10 =
            reduce_limbwise(|i| t4.0[i] as u128 + A as u128 * t3.0[i] as u128).mul(&t5.add(&t7));
        Point {
            // B·(t10 − t8), the difference taken as t10 + (p − t8).
            x: reduce_limbwise(|i| {
                let (j, k) = if i == 0 { (4, 3 * B_Z) } else { (i - 1, B_Z) };
                k as u128 * (t10.0[j] as u128 + (P - t8.0[j]) as u128)
            }),
            z: t8.sub(&t9),
            u: t6.mul(&bt2.sub(&t1)),
            t: t8.add(&t9),
        }
    }

    /// 2P (4M + 5S).
    pub fn double(&self) -> Point {
        let t1 = self.z.mul(&self.t);
        let t2 = t1.mul(&self.t);
        let x1 = t2.square();
        let z1 = t1.mul(&self.u);
        let t3 = self.u.square();
        let w1 = t2.sub(&self.x.add(&self.z).mul_small(A).mul(&t3));
        let t4 = z1.square();
        let z = w1.square();
        Point {
            x: t4.mul_small_z(4 * B_Z),
            z,
            u: w1.add(&z1).square().sub(&t4.add(&z)),
            t: x1.double().sub(&t4.mul_small(4).add(&z)),
        }
    }

    /// 2ⁿP: Pornin's repeated doubling, n·(2M + 5S) + 2M + 1S, carrying
    /// (x, w, z) of the intermediate points instead of full (X : Z : U : T).
    pub fn double_n(&self, n: u32) -> Point {
        match n {
            0 => return *self,
            1 => return self.double(),
            _ => {}
        }
        use super::gf::P;
        let t1 = self.z.mul(&self.t);
        let t2 = t1.mul(&self.t);
        let x1 = t2.square();
        let z1 = t1.mul(&self.u);
        let t3 = self.u.square();
        let w1 = t2.sub(
            &reduce_limbwise(|i| A as u128 * (self.x.0[i] as u128 + self.z.0[i] as u128)).mul(&t3),
        );
        let t4 = w1.square();
        let t5 = z1.square();
        // The same step as Pornin's with (w1 + z1)² − w1² − z1² = 2·w1·z1 and
        // the linear parts fused (one reduction per limb): 2P in (x, w).
        let mut j = JacobianXw {
            x: t5.mul_kz(&t5, 16 * B_Z),
            w: reduce_limbwise(|i| {
                2 * x1.0[i] as u128 + 4 * (P - t5.0[i]) as u128 + (P - t4.0[i]) as u128
            }),
            z: w1.mul(&z1).double(),
        };
        for _ in 2..n {
            j = j.double();
        }
        let JacobianXw { x, w, z } = j;
        let t1 = w.square();
        let t2 = z.square();
        let t3 = w.mul(&z).double();
        let w1 = reduce_limbwise(|i| {
            t1.0[i] as u128 + 2 * ((P - x.0[i]) as u128 + (P - t2.0[i]) as u128)
        });
        let zz = w1.square();
        let m = t1.mul(&reduce_limbwise(|i| {
            t1.0[i] as u128 + 2 * (P - t2.0[i]) as u128
        }));
        Point {
            x: t3.mul_kz(&t3, B_Z),
            z: zz,
            u: t3.mul(&w1),
            t: reduce_limbwise(|i| 2 * m.0[i] as u128 + (P - zz.0[i]) as u128),
        }
    }

    /// −P.
    pub fn neg(&self) -> Point {
        Point {
            u: self.u.neg(),
            ..*self
        }
    }

    /// The w-encoding T/U (neutral → 0), constant time.
    pub fn encode(&self) -> [u8; 40] {
        self.t.mul(&self.u.invert()).to_bytes()
    }

    /// Strict decoding (docs/ecgfp5.md §2): 40 bytes, limbs < p, then Δ = (w² − a)² − 4b
    /// must be a square; x is the root of x² − (w² − a)x + b that is not a square.
    /// Constant time in the encoding (apart from its length and the verdict).
    pub fn decode(bytes: &[u8]) -> Result<Point, Error> {
        Point::decode_with(bytes, Gfp5::sqrt)
    }

    /// [`Point::decode`] in variable time (same verdicts, same points), for
    /// public encodings only: a verifier's public key. The square root reads
    /// its GF(p) part from discrete-log tables (Bernstein's method), faster.
    pub fn decode_vartime(bytes: &[u8]) -> Result<Point, Error> {
        Point::decode_with(bytes, Gfp5::sqrt_vartime)
    }

    #[inline(always)]
    fn decode_with(bytes: &[u8], sqrt: impl Fn(&Gfp5) -> (Gfp5, Choice)) -> Result<Point, Error> {
        if bytes.len() != 40 {
            return Err(Error::Length);
        }
        let w = Gfp5::from_canonical_bytes(bytes).ok_or(Error::NonCanonical)?;
        let e = w.square().sub(&Gfp5::from_gf(A));
        let delta = e.square().sub(&mul_b(&Gfp5::from_gf(4)));
        let (r, ok) = sqrt(&delta);
        let half = Gfp5::from_gf(0x7FFF_FFFF_8000_0001); // 1/2 mod p
        let x1 = e.add(&r).mul(&half);
        let x2 = e.sub(&r).mul(&half);
        let x = Gfp5::conditional_select(&x1, &x2, x1.is_square());
        let p = Point {
            x,
            z: Gfp5::ONE,
            u: Gfp5::ONE,
            t: w,
        };
        let zero = w.is_zero();
        let p = Point::conditional_select(&p, &Point::NEUTRAL, zero);
        if bool::from(ok | zero) {
            Ok(p)
        } else {
            Err(Error::NotOnCurve)
        }
    }

    /// To affine (x, u) with one inversion of Z·T.
    pub fn to_affine(&self) -> AffinePoint {
        let inv = self.z.mul(&self.t).invert();
        AffinePoint {
            x: self.x.mul(&self.t).mul(&inv),
            u: self.u.mul(&self.z).mul(&inv),
        }
    }
}

/// The inverses of M values with one inversion (Montgomery's trick), on
/// the stack (no allocation); a zero among them zeroes every result.
/// Constant time.
fn batch_invert<const M: usize>(v: &[Gfp5; M]) -> [Gfp5; M] {
    let mut prefix = [Gfp5::ONE; M];
    let mut acc = Gfp5::ONE;
    for i in 0..M {
        prefix[i] = acc;
        acc = acc.mul(&v[i]);
    }
    let mut inv = acc.invert();
    let mut out = [Gfp5::ZERO; M];
    for i in (0..M).rev() {
        out[i] = inv.mul(&prefix[i]);
        inv = inv.mul(&v[i]);
    }
    out
}

/// Converts M points to affine with one inversion of all the Z·T: x =
/// X·T/(Z·T), u = U·Z/(Z·T). Constant time.
pub fn batch_to_affine<const M: usize>(points: &[Point; M]) -> [AffinePoint; M] {
    let inv: [Gfp5; M] = batch_invert(&core::array::from_fn(|i| points[i].z.mul(&points[i].t)));
    core::array::from_fn(|i| {
        let p = &points[i];
        AffinePoint {
            x: p.x.mul(&p.t).mul(&inv[i]),
            u: p.u.mul(&p.z).mul(&inv[i]),
        }
    })
}

impl ConditionallySelectable for Point {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        Point {
            x: Gfp5::conditional_select(&a.x, &b.x, c),
            z: Gfp5::conditional_select(&a.z, &b.z, c),
            u: Gfp5::conditional_select(&a.u, &b.u, c),
            t: Gfp5::conditional_select(&a.t, &b.t, c),
        }
    }
}

impl ConditionallySelectable for AffinePoint {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        AffinePoint {
            x: Gfp5::conditional_select(&a.x, &b.x, c),
            u: Gfp5::conditional_select(&a.u, &b.u, c),
        }
    }
}

impl ConditionallyNegatable for AffinePoint {
    fn conditional_negate(&mut self, c: Choice) {
        self.u = Gfp5::conditional_select(&self.u, &self.u.neg(), c);
    }
}

/// The element whose limb i is `f(i) mod p`, for linear combinations of
/// limbs with small factors (each `f(i) < 2⁹⁶`): one reduction per limb.
#[inline(always)]
fn reduce_limbwise(f: impl Fn(usize) -> u128) -> Gfp5 {
    use super::gf::reduce96;
    Gfp5([
        reduce96(f(0)),
        reduce96(f(1)),
        reduce96(f(2)),
        reduce96(f(3)),
        reduce96(f(4)),
    ])
}

/// 4x + 4t1 − 2t3, limb by limb as 4xᵢ + 4t1ᵢ + 2(p − t3ᵢ) < 10·2⁶⁴ with
/// one reduction each (the z update of [`Point::double_n`]).
#[inline(always)]
fn four_x_plus_four_t1_minus_two_t3(x: &Gfp5, t1: &Gfp5, t3: &Gfp5) -> Gfp5 {
    use super::gf::{reduce96, P};
    let limb =
        |i: usize| reduce96(4 * (x.0[i] as u128 + t1.0[i] as u128) + 2 * (P - t3.0[i]) as u128);
    Gfp5([limb(0), limb(1), limb(2), limb(3), limb(4)])
}

/// −(t4 + 4B·t2 − 4·t2) with B = B_Z·z, the w update of [`Point::double_n`],
/// computed limb by limb as 4·t2ᵢ + (p − t4ᵢ) + kᵢ·(p − t2ᵢ₋₁) (kᵢ = 4·B_Z, or
/// 12·B_Z where z⁵ = 3 wraps) — all terms non-negative, the sum < 2⁷⁶ — with
/// one reduction per limb instead of two scalings, a subtraction, an
/// addition and a negation.
#[inline(always)]
fn neg_w_step(t4: &Gfp5, t2: &Gfp5) -> Gfp5 {
    use super::gf::{reduce96, P};
    let (a, b) = (&t4.0, &t2.0);
    let k = 4 * B_Z as u128;
    let limb = |i: usize, prev: u64, k: u128| {
        reduce96(4 * b[i] as u128 + (P - a[i]) as u128 + (P - prev) as u128 * k)
    };
    Gfp5([
        limb(0, b[4], 3 * k),
        limb(1, b[0], k),
        limb(2, b[1], k),
        limb(3, b[2], k),
        limb(4, b[3], k),
    ])
}

/// A point in JacobianXw (x, w) coordinates (X : W : Z): x = X/Z², w = y/x =
/// W/Z (Pornin's double-odd formulas in (x, w)). It is the state of the
/// doubling runs, and of the variable-time verification loop, whose
/// mixed additions stay in it instead of converting to (x, u) and back
/// around each one (about 7M + 2S saved per addition). The neutral is
/// (0 : W : 0) with W ≠ 0.
#[derive(Clone, Copy, Debug)]
pub(crate) struct JacobianXw {
    x: Gfp5,
    w: Gfp5,
    z: Gfp5,
}

/// An affine point (x, w), w = 1/u, never the neutral (which has no w): the
/// entries of the verification tables, odd multiples of a point of odd
/// order, which are never the neutral.
#[derive(Clone, Copy, Debug, Default)]
pub struct AffineXw {
    x: Gfp5,
    w: Gfp5,
}

impl AffineXw {
    /// From canonical limbs (for generated tables).
    pub const fn from_raw(x: [u64; 5], w: [u64; 5]) -> AffineXw {
        AffineXw {
            x: Gfp5::from_u64s(x),
            w: Gfp5::from_u64s(w),
        }
    }

    /// The canonical limbs (x, w), for table generators.
    pub fn to_raw(&self) -> ([u64; 5], [u64; 5]) {
        (self.x.to_u64s(), self.w.to_u64s())
    }

    /// −P (w ↦ −w).
    pub(crate) fn neg(&self) -> AffineXw {
        AffineXw {
            w: self.w.neg(),
            ..*self
        }
    }
}

/// Converts M points, none the neutral, to affine (x, w) with one
/// inversion of all the Z·U: x = X·U/(Z·U), w = T·Z/(Z·U).
pub fn batch_to_affine_xw<const M: usize>(points: &[Point; M]) -> [AffineXw; M] {
    let inv: [Gfp5; M] = batch_invert(&core::array::from_fn(|i| points[i].z.mul(&points[i].u)));
    core::array::from_fn(|i| {
        let p = &points[i];
        AffineXw {
            x: p.x.mul(&p.u).mul(&inv[i]),
            w: p.t.mul(&p.z).mul(&inv[i]),
        }
    })
}

impl JacobianXw {
    /// The neutral (0 : 1 : 0).
    pub(crate) const NEUTRAL: JacobianXw = JacobianXw {
        x: Gfp5::ZERO,
        w: Gfp5::ONE,
        z: Gfp5::ZERO,
    };

    /// 2P (2M + 5S), complete: X' = 16b·W⁴Z⁴, W' = −(W⁴ + (4b − a²)Z⁴),
    /// Z' = 2WZ(2X + aZ² − W²), rearranged as WZ·(4X + 4Z² − 2W²) (one
    /// product instead of a square and three additions, the linear parts
    /// in one reduction per limb) and X' as one fused product.
    #[inline(always)]
    pub(crate) fn double(&self) -> JacobianXw {
        let t1 = self.z.square();
        let t2 = t1.square();
        let t3 = self.w.square();
        let t4 = t3.square();
        JacobianXw {
            x: t2.mul_kz(&t4, 16 * B_Z),
            w: neg_w_step(&t4, &t2),
            z: self
                .w
                .mul(&self.z)
                .mul(&four_x_plus_four_t1_minus_two_t3(&self.x, &t1, &t3)),
        }
    }

    /// P + Q for an affine Q (8M + 3S):
    /// X₃ = b·X₁x₂·S⁴, W₃ = −((W₁w₂ + aZ₁)(X₁x₂ + bZ₁²) + 2bZ₁(X₁ + x₂Z₁²)),
    /// Z₃ = (X₁x₂ − bZ₁²)·S with S = W₁ + w₂Z₁. The formulas are unified
    /// (P = Q is fine, P = −Q gives a neutral (0 : W : 0)) but wrong for
    /// P = N, which is a branch on Z₁ = 0: variable time, public data only.
    pub(crate) fn add_affine_vartime(&self, q: &AffineXw) -> JacobianXw {
        use super::gf::P;
        if bool::from(self.z.is_zero()) {
            return JacobianXw {
                x: q.x,
                w: q.w,
                z: Gfp5::ONE,
            };
        }
        let z2 = self.z.square();
        let xx = self.x.mul(&q.x);
        let s = self.w.add(&q.w.mul(&self.z));
        let s4 = s.square().square();
        let bz2 = mul_b(&z2);
        let ww = self.w.mul(&q.w);
        let m = reduce_limbwise(|i| ww.0[i] as u128 + A as u128 * self.z.0[i] as u128)
            .mul(&xx.add(&bz2));
        let g = self.z.mul(&self.x.add(&q.x.mul(&z2)));
        JacobianXw {
            x: xx.mul_kz(&s4, B_Z),
            // −(m + 2b·g), limb by limb as (p − mᵢ) + kᵢ·(p − gᵢ₋₁) with
            // kᵢ = 2·B_Z (6·B_Z where z⁵ = 3 wraps): one reduction per limb.
            w: reduce_limbwise(|i| {
                let (j, k) = if i == 0 {
                    (4, 6 * B_Z)
                } else {
                    (i - 1, 2 * B_Z)
                };
                (P - m.0[i]) as u128 + k as u128 * (P - g.0[j]) as u128
            }),
            z: xx.sub(&bz2).mul(&s),
        }
    }

    /// To (X : Z : U : T) = (X : Z² : Z : W): x = X/Z², u = 1/w = Z/W.
    pub(crate) fn into_point(self) -> Point {
        if bool::from(self.z.is_zero()) {
            return Point::NEUTRAL;
        }
        Point {
            x: self.x,
            z: self.z.square(),
            u: self.z,
            t: self.w,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `from_raw(to_raw(P))` is P: the generated tables are written from
    /// `to_raw` and read back by `from_raw`.
    #[test]
    fn raw_limbs_round_trip() {
        let mut p = Point::GENERATOR;
        for _ in 0..8 {
            let a = p.to_affine();
            let (x, u) = a.to_raw();
            let back = Point::NEUTRAL.add_affine(&AffinePoint::from_raw(x, u));
            assert!(bool::from(back.equals(&p)));
            p = p.double().add(&Point::GENERATOR);
        }
    }

    /// The same for the (x, w) form of the verification tables.
    #[test]
    fn raw_xw_limbs_round_trip() {
        let mut pts = [Point::GENERATOR; 8];
        for i in 1..8 {
            pts[i] = pts[i - 1].double().add(&Point::GENERATOR);
        }
        for (p, a) in pts.iter().zip(batch_to_affine_xw(&pts)) {
            let (x, w) = a.to_raw();
            let back = JacobianXw::NEUTRAL.add_affine_vartime(&AffineXw::from_raw(x, w));
            assert!(bool::from(back.into_point().equals(p)));
        }
    }

    /// w = 0 decodes to the neutral on both paths, and the neutral encodes
    /// to w = 0.
    #[test]
    fn the_neutral_is_w_zero() {
        for decode in [Point::decode, Point::decode_vartime] {
            let n = decode(&[0; 40]).unwrap();
            assert!(bool::from(n.is_neutral()));
        }
        assert_eq!(Point::NEUTRAL.encode(), [0; 40]);
    }

    /// 2ⁿP for n = 0 … 6 equals n doublings, P = 3G.
    #[test]
    fn double_n_equals_repeated_doubling() {
        let p = Point::GENERATOR.double().add(&Point::GENERATOR);
        let mut want = p;
        for n in 0..=6 {
            assert!(bool::from(p.double_n(n).equals(&want)), "n = {n}");
            want = want.double();
        }
    }
}
