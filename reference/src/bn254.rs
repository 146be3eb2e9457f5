//! BN254 G1 (alt_bn128, `y² = x³ + 3`): parameters, the GLV constants, and
//! the EIP-196 encoding (x ‖ y, 64 bytes big-endian; infinity = 64 zero bytes).
//! The cofactor is 1, so every curve point is in the group.

use crate::weierstrass::{be, hex_const, to_be, Curve, Point};
use crate::Error;
use num_bigint::BigUint;
use num_traits::Zero;
use std::sync::OnceLock;

/// The curve, built once.
pub fn curve() -> &'static Curve {
    static C: OnceLock<Curve> = OnceLock::new();
    C.get_or_init(|| Curve {
        p: hex_const("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47"),
        n: hex_const("30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001"),
        a: BigUint::zero(),
        b: BigUint::from(3u32),
        g: Some((BigUint::from(1u32), BigUint::from(2u32))),
    })
}

fn dec(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 10).expect("constant is valid decimal")
}

/// β, a primitive cube root of unity mod p (the value arkworks uses).
pub fn beta() -> BigUint {
    dec("21888242871839275220042445260109153167277707414472061641714758635765020556616")
}

/// λ, the cube root of unity mod n with φ(P) = λ·P for the β above.
pub fn lambda() -> BigUint {
    dec("21888242871839275217838484774961031246154997185409878258781734729429964517155")
}

/// Scalar length in bytes (big-endian).
pub const SCALAR_LEN: usize = 32;

/// EIP-196 encoding: x ‖ y, infinity = 64 zero bytes.
pub fn encode(pt: &Point) -> Vec<u8> {
    match pt {
        None => vec![0u8; 64],
        Some((x, y)) => [to_be(x, 32), to_be(y, 32)].concat(),
    }
}

/// Decodes EIP-196: exactly 64 bytes, both coordinates < p, on the curve, or all zero.
pub fn decode(bytes: &[u8]) -> Result<Point, Error> {
    let c = curve();
    if bytes.len() != 64 {
        return Err(Error::Length);
    }
    let (x, y) = (be(&bytes[..32]), be(&bytes[32..]));
    if x >= c.p || y >= c.p {
        return Err(Error::NonCanonicalCoordinate);
    }
    if x.is_zero() && y.is_zero() {
        return Ok(None);
    }
    let pt = Some((x, y));
    if !c.is_on_curve(&pt) {
        return Err(Error::NotOnCurve);
    }
    Ok(pt)
}
