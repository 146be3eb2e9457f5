//! secp256k1 (`y² = x³ + 7`): parameters, the GLV constants, and SEC1 encodings.
//!
//! Canonical output is SEC1 compressed (33 bytes), infinity is the single
//! byte `00`; SEC1 uncompressed (65 bytes) is also accepted as input.

use crate::weierstrass::{be, hex_const, to_be, Curve, Point};
use crate::Error;
use num_bigint::BigUint;
use num_traits::Zero;
use std::sync::OnceLock;

/// The curve, built once.
pub fn curve() -> &'static Curve {
    static C: OnceLock<Curve> = OnceLock::new();
    C.get_or_init(|| Curve {
        p: hex_const("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"),
        n: hex_const("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
        a: BigUint::zero(),
        b: BigUint::from(7u32),
        g: Some((
            hex_const("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
            hex_const("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"),
        )),
    })
}

/// β, a primitive cube root of unity mod p: φ(x, y) = (β·x, y) is the GLV endomorphism.
pub fn beta() -> BigUint {
    hex_const("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee")
}

/// λ, the cube root of unity mod n with φ(P) = λ·P for the β above.
pub fn lambda() -> BigUint {
    hex_const("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72")
}

/// Scalar length in bytes (big-endian).
pub const SCALAR_LEN: usize = 32;

/// SEC1 compressed encoding; infinity is `[0x00]`.
pub fn encode(pt: &Point) -> Vec<u8> {
    match pt {
        None => vec![0x00],
        Some((x, y)) => {
            let mut out = vec![if y.bit(0) { 0x03 } else { 0x02 }];
            out.extend(to_be(x, 32));
            out
        }
    }
}

/// SEC1 uncompressed encoding (65 bytes); infinity is `[0x00]`.
pub fn encode_uncompressed(pt: &Point) -> Vec<u8> {
    match pt {
        None => vec![0x00],
        Some((x, y)) => {
            let mut out = vec![0x04];
            out.extend(to_be(x, 32));
            out.extend(to_be(y, 32));
            out
        }
    }
}

/// Decodes SEC1: `00` (infinity), `02/03 ‖ x` or `04 ‖ x ‖ y`.
pub fn decode(bytes: &[u8]) -> Result<Point, Error> {
    let c = curve();
    match (bytes.len(), bytes.first()) {
        (1, Some(0x00)) => Ok(None),
        (33, Some(&tag)) if tag == 0x02 || tag == 0x03 => {
            let x = be(&bytes[1..]);
            if x >= c.p {
                return Err(Error::NonCanonicalCoordinate);
            }
            let y = c.sqrt(&c.rhs(&x)).ok_or(Error::NotOnCurve)?;
            let want_odd = tag == 0x03;
            let y = if y.bit(0) == want_odd {
                y
            } else {
                c.fsub(&BigUint::zero(), &y)
            };
            Ok(Some((x, y)))
        }
        (65, Some(0x04)) => {
            let (x, y) = (be(&bytes[1..33]), be(&bytes[33..]));
            if x >= c.p || y >= c.p {
                return Err(Error::NonCanonicalCoordinate);
            }
            let pt = Some((x, y));
            if !c.is_on_curve(&pt) {
                return Err(Error::NotOnCurve);
            }
            Ok(pt)
        }
        (1 | 33 | 65, _) => Err(Error::Flags),
        _ => Err(Error::Length),
    }
}
