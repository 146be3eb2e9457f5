//! Scalar multiplication in textbook Jacobian coordinates, for any short
//! Weierstrass curve y² = x³ + a·x + b: the same MSB-first double-and-add as
//! the affine chord-and-tangent rule, without its field inversion at every
//! step (one inversion at the end).
//!
//! A point (X : Y : Z) stands for (X/Z², Y/Z³); Z = 0 is the point at
//! infinity. The formulas are those of Cohen, Miyaji and Ono (1998), as in
//! Hankerson, Menezes and Vanstone, *Guide to Elliptic Curve Cryptography*,
//! §3.2.2, with every special case written out:
//!
//! - doubling: S = 4XY², M = 3X² + aZ⁴, X′ = M² − 2S,
//!   Y′ = M(S − X′) − 8Y⁴, Z′ = 2YZ (a point with Y = 0 doubles to ∞);
//! - addition: U₁ = X₁Z₂², U₂ = X₂Z₁², S₁ = Y₁Z₂³, S₂ = Y₂Z₁³; if U₁ = U₂ the
//!   sum is 2P (S₁ = S₂) or ∞; otherwise with H = U₂ − U₁, R = S₂ − S₁:
//!   X₃ = R² − H³ − 2U₁H², Y₃ = R(U₁H² − X₃) − S₁H³, Z₃ = HZ₁Z₂.
//!
//! Generic over [`Arithmetic`], so the curves over GF(p) (`weierstrass.rs`)
//! and ECgFp5 over GF(p⁵) run the same code. Variable time; obviously
//! correct is the goal.

use num_bigint::BigUint;

/// The field operations the formulas need, on elements of type `Elem`.
pub trait Arithmetic {
    /// A field element.
    type Elem: Clone + PartialEq;
    /// 0.
    fn zero(&self) -> Self::Elem;
    /// 1.
    fn one(&self) -> Self::Elem;
    /// a + b.
    fn add(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// a − b.
    fn sub(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// a · b.
    fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// k · a for a small integer k.
    fn times(&self, k: u64, a: &Self::Elem) -> Self::Elem;
    /// a⁻¹ (a ≠ 0).
    fn inv(&self, a: &Self::Elem) -> Self::Elem;
    /// The curve coefficient a.
    fn coeff_a(&self) -> Self::Elem;
}

/// A point in Jacobian coordinates.
struct Jacobian<E> {
    x: E,
    y: E,
    z: E,
}

fn infinity<F: Arithmetic>(f: &F) -> Jacobian<F::Elem> {
    Jacobian {
        x: f.one(),
        y: f.one(),
        z: f.zero(),
    }
}

fn is_infinity<F: Arithmetic>(f: &F, p: &Jacobian<F::Elem>) -> bool {
    p.z == f.zero()
}

/// 2P.
fn double<F: Arithmetic>(f: &F, p: &Jacobian<F::Elem>) -> Jacobian<F::Elem> {
    if is_infinity(f, p) || p.y == f.zero() {
        return infinity(f);
    }
    let yy = f.mul(&p.y, &p.y);
    let s = f.times(4, &f.mul(&p.x, &yy));
    let zz = f.mul(&p.z, &p.z);
    let m = f.add(
        &f.times(3, &f.mul(&p.x, &p.x)),
        &f.mul(&f.coeff_a(), &f.mul(&zz, &zz)),
    );
    let x3 = f.sub(&f.mul(&m, &m), &f.times(2, &s));
    let y3 = f.sub(&f.mul(&m, &f.sub(&s, &x3)), &f.times(8, &f.mul(&yy, &yy)));
    let z3 = f.times(2, &f.mul(&p.y, &p.z));
    Jacobian {
        x: x3,
        y: y3,
        z: z3,
    }
}

/// P + Q.
fn add<F: Arithmetic>(f: &F, p: &Jacobian<F::Elem>, q: &Jacobian<F::Elem>) -> Jacobian<F::Elem> {
    if is_infinity(f, p) {
        return Jacobian {
            x: q.x.clone(),
            y: q.y.clone(),
            z: q.z.clone(),
        };
    }
    if is_infinity(f, q) {
        return Jacobian {
            x: p.x.clone(),
            y: p.y.clone(),
            z: p.z.clone(),
        };
    }
    let (z1z1, z2z2) = (f.mul(&p.z, &p.z), f.mul(&q.z, &q.z));
    let u1 = f.mul(&p.x, &z2z2);
    let u2 = f.mul(&q.x, &z1z1);
    let s1 = f.mul(&p.y, &f.mul(&q.z, &z2z2));
    let s2 = f.mul(&q.y, &f.mul(&p.z, &z1z1));
    if u1 == u2 {
        return if s1 == s2 { double(f, p) } else { infinity(f) };
    }
    let h = f.sub(&u2, &u1);
    let r = f.sub(&s2, &s1);
    let hh = f.mul(&h, &h);
    let hhh = f.mul(&hh, &h);
    let u1hh = f.mul(&u1, &hh);
    let x3 = f.sub(&f.sub(&f.mul(&r, &r), &hhh), &f.times(2, &u1hh));
    let y3 = f.sub(&f.mul(&r, &f.sub(&u1hh, &x3)), &f.mul(&s1, &hhh));
    let z3 = f.mul(&h, &f.mul(&p.z, &q.z));
    Jacobian {
        x: x3,
        y: y3,
        z: z3,
    }
}

/// k·P by MSB-first double-and-add in Jacobian coordinates, P and the
/// result affine (`None` for infinity). k is used as given, not reduced.
pub fn mul<F: Arithmetic>(
    f: &F,
    k: &BigUint,
    p: &Option<(F::Elem, F::Elem)>,
) -> Option<(F::Elem, F::Elem)> {
    let base = match p {
        None => return None,
        Some((x, y)) => Jacobian {
            x: x.clone(),
            y: y.clone(),
            z: f.one(),
        },
    };
    let mut acc = infinity(f);
    for i in (0..k.bits()).rev() {
        acc = double(f, &acc);
        if k.bit(i) {
            acc = add(f, &acc, &base);
        }
    }
    if is_infinity(f, &acc) {
        return None;
    }
    let zinv = f.inv(&acc.z);
    let zinv2 = f.mul(&zinv, &zinv);
    Some((f.mul(&acc.x, &zinv2), f.mul(&acc.y, &f.mul(&zinv2, &zinv))))
}
