//! The ECgFp5 group in the short-Weierstrass model, and the w-encoding.
//!
//! The double-odd curve E: y² = x(x² + a·x + b), a = 2, b = 263·z, has order
//! 2n; the group 𝔾 = E\[n\] + N (N = (0,0)) with law P ⊕ Q = P + Q + N is
//! isomorphic to E\[n\] by P ↦ P + N. Substituting X = x + a/3 turns E into
//! Y² = X³ + A·X + B with A = (3b − a²)/3 and B = a(2a² − 9b)/27. The
//! reference keeps every group element as its affine E\[n\] point in that model
//! (`None` = infinity = the neutral), so the group law is textbook
//! chord-and-tangent. Decoding and encoding follow docs/ecgfp5.md §2 (the Weierstrass
//! variant): w ↦ (x_sq + a/3, −w·x_sq), and back w = Y/(a/3 − X).

use super::field::{self, Fp5};
use crate::Error;
use num_bigint::BigUint;
use std::sync::OnceLock;

/// An affine point of the short-Weierstrass model; `None` is the neutral.
pub type Point = Option<(Fp5, Fp5)>;

/// a = 2.
pub fn a() -> Fp5 {
    Fp5::from_u64(2)
}
/// b = 263·z.
pub fn b() -> Fp5 {
    Fp5([0, 263, 0, 0, 0])
}
/// a/3 in GF(p).
pub fn a_over_3() -> Fp5 {
    a().scale(field::inv(3))
}
/// A = (3b − a²)/3.
pub fn coeff_a() -> Fp5 {
    b().scale(3).sub(&a().square()).scale(field::inv(3))
}
/// B = a(2a² − 9b)/27.
pub fn coeff_b() -> Fp5 {
    a().mul(&a().square().scale(2).sub(&b().scale(9)))
        .scale(field::inv(27))
}

/// The group order n (prime, 319 bits).
pub fn order() -> BigUint {
    BigUint::parse_bytes(
        b"1067993516717146951041484916571792702745057740581727230159139685185762082554198619328292418486241",
        10,
    )
    .expect("decimal")
}

/// Whether the point satisfies Y² = X³ + A·X + B.
pub fn is_on_curve(pt: &Point) -> bool {
    match pt {
        None => true,
        Some((x, y)) => y.square() == x.square().mul(x).add(&coeff_a().mul(x)).add(&coeff_b()),
    }
}

/// −P.
pub fn neg(pt: &Point) -> Point {
    pt.map(|(x, y)| (x, y.neg()))
}

/// P + Q by the chord-and-tangent rule.
pub fn add(p1: &Point, p2: &Point) -> Point {
    let (x1, y1) = match p1 {
        None => return *p2,
        Some(v) => v,
    };
    let (x2, y2) = match p2 {
        None => return *p1,
        Some(v) => v,
    };
    if x1 == x2 {
        if y1.add(y2).is_zero() {
            return None;
        }
        return double(p1);
    }
    let lambda = y2.sub(y1).mul(&x2.sub(x1).invert());
    let x3 = lambda.square().sub(x1).sub(x2);
    let y3 = lambda.mul(&x1.sub(&x3)).sub(y1);
    Some((x3, y3))
}

/// 2P by the tangent rule.
pub fn double(pt: &Point) -> Point {
    let (x, y) = pt.as_ref()?;
    if y.is_zero() {
        return None;
    }
    let lambda = x
        .square()
        .scale(3)
        .add(&coeff_a())
        .mul(&y.scale(2).invert());
    let x3 = lambda.square().sub(&x.scale(2));
    let y3 = lambda.mul(&x.sub(&x3)).sub(y);
    Some((x3, y3))
}

/// GF(p⁵) and the model's coefficient A, for the Jacobian formulas.
struct Model {
    a: Fp5,
}

impl crate::jacobian::Arithmetic for Model {
    type Elem = Fp5;
    fn zero(&self) -> Fp5 {
        Fp5::ZERO
    }
    fn one(&self) -> Fp5 {
        Fp5::ONE
    }
    fn add(&self, a: &Fp5, b: &Fp5) -> Fp5 {
        a.add(b)
    }
    fn sub(&self, a: &Fp5, b: &Fp5) -> Fp5 {
        a.sub(b)
    }
    fn mul(&self, a: &Fp5, b: &Fp5) -> Fp5 {
        a.mul(b)
    }
    fn times(&self, k: u64, a: &Fp5) -> Fp5 {
        a.scale(k)
    }
    fn inv(&self, a: &Fp5) -> Fp5 {
        a.invert()
    }
    fn coeff_a(&self) -> Fp5 {
        self.a
    }
}

/// k·P by MSB-first double-and-add in Jacobian coordinates (`jacobian.rs`;
/// k used as given, not reduced).
pub fn mul(k: &BigUint, pt: &Point) -> Point {
    crate::jacobian::mul(&Model { a: coeff_a() }, k, pt)
}

/// k·P by MSB-first double-and-add with the affine chord-and-tangent rule:
/// the cross-check of [`mul`].
pub fn mul_affine(k: &BigUint, pt: &Point) -> Point {
    let mut acc: Point = None;
    for i in (0..k.bits()).rev() {
        acc = double(&acc);
        if k.bit(i) {
            acc = add(&acc, pt);
        }
    }
    acc
}

/// The generator: the element encoded as w = 4.
pub fn generator() -> Point {
    static G: OnceLock<Point> = OnceLock::new();
    *G.get_or_init(|| decode_w(&Fp5::from_u64(4)).expect("w = 4 decodes"))
}

/// k·G.
pub fn mul_g(k: &BigUint) -> Point {
    mul(k, &generator())
}

/// The w-encoding of a group element: 0 for the neutral, Y/(a/3 − X) otherwise.
pub fn encode_w(pt: &Point) -> Fp5 {
    match pt {
        None => Fp5::ZERO,
        Some((x, y)) => y.mul(&a_over_3().sub(x).invert()),
    }
}

/// 40-byte encoding (5 × u64 LE).
pub fn encode(pt: &Point) -> [u8; 40] {
    encode_w(pt).to_bytes()
}

/// Decodes a field element w (docs/ecgfp5.md §2).
pub fn decode_w(w: &Fp5) -> Result<Point, Error> {
    if w.is_zero() {
        return Ok(None);
    }
    let e = w.square().sub(&a());
    let delta = e.square().sub(&b().scale(4));
    let r = delta.sqrt().ok_or(Error::NotOnCurve)?;
    let half = field::inv(2);
    let x1 = e.add(&r).scale(half);
    let x2 = e.sub(&r).scale(half);
    // x1·x2 = b is not a square, so exactly one of them is; that one gives the E[n] point.
    let x_sq = if x1.is_square() { x1 } else { x2 };
    let pt = Some((x_sq.add(&a_over_3()), w.mul(&x_sq).neg()));
    debug_assert!(is_on_curve(&pt));
    Ok(pt)
}

/// Strict 40-byte decoding: length 40, every limb < p, then §2.
pub fn decode(bytes: &[u8]) -> Result<Point, Error> {
    if bytes.len() != 40 {
        return Err(Error::Length);
    }
    let w = Fp5::from_canonical_bytes(bytes).ok_or(Error::NonCanonicalCoordinate)?;
    decode_w(&w)
}

/// Lax 40-byte decoding, as Lighter's Go v0.0.15 and goldilocks-crypto 0.1.2
/// read points and public keys: each limb is taken mod p, then §2. One
/// point thus has several byte strings (docs/policies.md).
pub fn decode_lax(bytes: &[u8]) -> Result<Point, Error> {
    if bytes.len() != 40 {
        return Err(Error::Length);
    }
    decode_w(&Fp5::from_limbs_mod_p(bytes))
}
