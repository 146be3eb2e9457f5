//! Textbook short-Weierstrass arithmetic, `y² = x³ + a·x + b` over GF(p).
//!
//! Representation: a field element is a `BigUint` in `[0, p)`; a point is an
//! [`Point`], `None` for the point at infinity and `Some((x, y))` otherwise.
//! Addition is the chord-and-tangent rule with every special case written
//! out; multiplication is MSB-first double-and-add. Variable time, slow,
//! and easy to check by eye — that is the point.

use num_bigint::BigUint;
use num_traits::Zero;

/// An affine point; `None` is the point at infinity.
pub type Point = Option<(BigUint, BigUint)>;

/// A curve `y² = x³ + a·x + b` over GF(p) with a generator `g` of prime order `n`.
#[derive(Clone, Debug)]
pub struct Curve {
    /// The field modulus.
    pub p: BigUint,
    /// The order of the generator (the scalar modulus).
    pub n: BigUint,
    /// The coefficient `a` (zero for the three pairing/bitcoin curves).
    pub a: BigUint,
    /// The coefficient `b`.
    pub b: BigUint,
    /// The standard generator.
    pub g: Point,
}

/// Parses a big-endian hexadecimal constant (for curve parameters written in code).
pub fn hex_const(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).expect("constant is valid hex")
}

impl Curve {
    /// `(a + b) mod p` for a, b in [0, p).
    pub fn fadd(&self, a: &BigUint, b: &BigUint) -> BigUint {
        let s = a + b;
        if s >= self.p {
            s - &self.p
        } else {
            s
        }
    }
    /// `(a − b) mod p` for a, b in [0, p).
    pub fn fsub(&self, a: &BigUint, b: &BigUint) -> BigUint {
        if a >= b {
            a - b
        } else {
            a + &self.p - b
        }
    }
    /// `(a · b) mod p`.
    pub fn fmul(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a * b) % &self.p
    }
    /// `a⁻¹ mod p`, by Fermat's little theorem: a^(p−2). `a` must be non-zero.
    pub fn finv(&self, a: &BigUint) -> BigUint {
        a.modpow(&(&self.p - 2u32), &self.p)
    }
    /// The right-hand side `x³ + a·x + b`.
    pub fn rhs(&self, x: &BigUint) -> BigUint {
        let x3 = self.fmul(&self.fmul(x, x), x);
        self.fadd(&self.fadd(&x3, &self.fmul(&self.a, x)), &self.b)
    }
    /// A square root of `v` mod p when p ≡ 3 (mod 4): `v^((p+1)/4)`, checked.
    /// Returns `None` when `v` is not a square.
    pub fn sqrt(&self, v: &BigUint) -> Option<BigUint> {
        assert_eq!(
            &self.p % 4u32,
            BigUint::from(3u32),
            "sqrt needs p ≡ 3 mod 4"
        );
        let r = v.modpow(&((&self.p + 1u32) >> 2), &self.p);
        (self.fmul(&r, &r) == v % &self.p).then_some(r)
    }
    /// Whether `pt` satisfies the curve equation (infinity does).
    pub fn is_on_curve(&self, pt: &Point) -> bool {
        match pt {
            None => true,
            Some((x, y)) => x < &self.p && y < &self.p && self.fmul(y, y) == self.rhs(x),
        }
    }
    /// `−P`.
    pub fn neg(&self, pt: &Point) -> Point {
        pt.as_ref()
            .map(|(x, y)| (x.clone(), self.fsub(&BigUint::zero(), y)))
    }
    /// `P + Q` by the chord-and-tangent rule.
    pub fn add(&self, p1: &Point, p2: &Point) -> Point {
        let (x1, y1) = match p1 {
            None => return p2.clone(),
            Some(v) => v,
        };
        let (x2, y2) = match p2 {
            None => return p1.clone(),
            Some(v) => v,
        };
        if x1 == x2 {
            if self.fadd(y1, y2).is_zero() {
                return None; // P + (−P), including doubling a point with y = 0
            }
            return self.double(p1);
        }
        // λ = (y2 − y1) / (x2 − x1)
        let lambda = self.fmul(&self.fsub(y2, y1), &self.finv(&self.fsub(x2, x1)));
        let x3 = self.fsub(&self.fsub(&self.fmul(&lambda, &lambda), x1), x2);
        let y3 = self.fsub(&self.fmul(&lambda, &self.fsub(x1, &x3)), y1);
        Some((x3, y3))
    }
    /// `2P` by the tangent rule.
    pub fn double(&self, pt: &Point) -> Point {
        let (x, y) = pt.as_ref()?;
        if y.is_zero() {
            return None;
        }
        // λ = (3x² + a) / 2y
        let num = self.fadd(&self.fmul(&BigUint::from(3u32), &self.fmul(x, x)), &self.a);
        let lambda = self.fmul(&num, &self.finv(&self.fmul(&BigUint::from(2u32), y)));
        let x3 = self.fsub(
            &self.fmul(&lambda, &lambda),
            &self.fmul(&BigUint::from(2u32), x),
        );
        let y3 = self.fsub(&self.fmul(&lambda, &self.fsub(x, &x3)), y);
        Some((x3, y3))
    }
    /// `k·P` by MSB-first double-and-add in Jacobian coordinates
    /// (`jacobian.rs`: the same textbook method, one inversion in all). `k`
    /// is used as given (not reduced), so `n·P = O` is a real check of the
    /// order.
    pub fn mul(&self, k: &BigUint, pt: &Point) -> Point {
        crate::jacobian::mul(self, k, pt)
    }
    /// `k·P` by MSB-first double-and-add with the affine chord-and-tangent
    /// rule (an inversion per step): the cross-check of [`Curve::mul`].
    pub fn mul_affine(&self, k: &BigUint, pt: &Point) -> Point {
        let mut acc: Point = None;
        for i in (0..k.bits()).rev() {
            acc = self.double(&acc);
            if k.bit(i) {
                acc = self.add(&acc, pt);
            }
        }
        acc
    }
    /// `k·G` for the standard generator.
    pub fn mul_g(&self, k: &BigUint) -> Point {
        self.mul(k, &self.g)
    }
    /// Whether `n·P = O`, i.e. `P` lies in the prime-order subgroup.
    pub fn is_in_subgroup(&self, pt: &Point) -> bool {
        self.mul(&self.n, pt).is_none()
    }
}

/// Reads a big-endian integer.
pub fn be(bytes: &[u8]) -> BigUint {
    BigUint::from_bytes_be(bytes)
}

/// Writes `v` as exactly `len` big-endian bytes (`v` must fit).
pub fn to_be(v: &BigUint, len: usize) -> Vec<u8> {
    let raw = v.to_bytes_be();
    assert!(raw.len() <= len || v.is_zero(), "value does not fit");
    let mut out = vec![0u8; len];
    if !v.is_zero() {
        out[len - raw.len()..].copy_from_slice(&raw);
    }
    out
}

/// Reads a 32-byte scalar for a multiplication and reduces it mod `n`
/// (the interop rule: any byte string of the right length is a multiplier).
pub fn scalar_reduced(curve: &Curve, bytes: &[u8], len: usize) -> Result<BigUint, crate::Error> {
    if bytes.len() != len {
        return Err(crate::Error::Length);
    }
    Ok(be(bytes) % &curve.n)
}

impl crate::jacobian::Arithmetic for Curve {
    type Elem = BigUint;
    fn zero(&self) -> BigUint {
        BigUint::zero()
    }
    fn one(&self) -> BigUint {
        BigUint::from(1u32)
    }
    fn add(&self, a: &BigUint, b: &BigUint) -> BigUint {
        self.fadd(a, b)
    }
    fn sub(&self, a: &BigUint, b: &BigUint) -> BigUint {
        self.fsub(a, b)
    }
    fn mul(&self, a: &BigUint, b: &BigUint) -> BigUint {
        self.fmul(a, b)
    }
    fn times(&self, k: u64, a: &BigUint) -> BigUint {
        (a * k) % &self.p
    }
    fn inv(&self, a: &BigUint) -> BigUint {
        self.finv(a)
    }
    fn coeff_a(&self) -> BigUint {
        self.a.clone()
    }
}
