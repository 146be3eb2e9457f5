//! BLS12-381 G1 (`y² = x³ + 4`): parameters, the GLV constants, and the ZCash
//! encodings (48-byte compressed, 96-byte uncompressed).
//!
//! The three top bits of the first byte are flags: bit 7 = compressed,
//! bit 6 = infinity, bit 5 = "y is the larger of ±y" (compressed only).
//! G1 has a cofactor, so every decoded point is checked with `n·P = O`.

use crate::weierstrass::{be, hex_const, to_be, Curve, Point};
use crate::Error;
use num_bigint::BigUint;
use num_traits::Zero;
use std::sync::OnceLock;

/// The curve, built once.
pub fn curve() -> &'static Curve {
    static C: OnceLock<Curve> = OnceLock::new();
    C.get_or_init(|| Curve {
        p: hex_const(
            "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        ),
        n: hex_const("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"),
        a: BigUint::zero(),
        b: BigUint::from(4u32),
        g: Some((
            hex_const(
                "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
            ),
            hex_const(
                "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1",
            ),
        )),
    })
}

fn dec(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 10).expect("constant is valid decimal")
}

/// β, a primitive cube root of unity mod p (the value arkworks uses).
pub fn beta() -> BigUint {
    dec("793479390729215512621379701633421447060886740281060493010456487427281649075476305620758731620350")
}

/// λ, the cube root of unity mod n with φ(P) = λ·P for the β above.
pub fn lambda() -> BigUint {
    dec("52435875175126190479447740508185965837461563690374988244538805122978187051009")
}

/// Scalar length in bytes (big-endian).
pub const SCALAR_LEN: usize = 32;

const FLAG_COMPRESSED: u8 = 0x80;
const FLAG_INFINITY: u8 = 0x40;
const FLAG_LARGEST: u8 = 0x20;

/// Whether `y` is the lexicographically larger of `y` and `p − y`.
fn is_largest(c: &Curve, y: &BigUint) -> bool {
    y > &c.fsub(&BigUint::zero(), y)
}

/// ZCash compressed encoding (48 bytes); infinity is `c0` and 47 zero bytes.
pub fn encode(pt: &Point) -> Vec<u8> {
    let c = curve();
    match pt {
        None => {
            let mut out = vec![0u8; 48];
            out[0] = FLAG_COMPRESSED | FLAG_INFINITY;
            out
        }
        Some((x, y)) => {
            let mut out = to_be(x, 48);
            out[0] |= FLAG_COMPRESSED;
            if is_largest(c, y) {
                out[0] |= FLAG_LARGEST;
            }
            out
        }
    }
}

/// ZCash uncompressed encoding (96 bytes); infinity is `40` and 95 zero bytes.
pub fn encode_uncompressed(pt: &Point) -> Vec<u8> {
    match pt {
        None => {
            let mut out = vec![0u8; 96];
            out[0] = FLAG_INFINITY;
            out
        }
        Some((x, y)) => [to_be(x, 48), to_be(y, 48)].concat(),
    }
}

/// Decodes a ZCash compressed (48) or uncompressed (96) G1 point, with the
/// flag, range, curve and subgroup checks.
pub fn decode(bytes: &[u8]) -> Result<Point, Error> {
    let c = curve();
    let compressed = match bytes.len() {
        48 => true,
        96 => false,
        _ => return Err(Error::Length),
    };
    let flags = bytes[0] & 0xe0;
    if (flags & FLAG_COMPRESSED != 0) != compressed {
        return Err(Error::Flags);
    }
    let mut body = bytes.to_vec();
    body[0] &= 0x1f;
    if flags & FLAG_INFINITY != 0 {
        // Infinity: no sort flag, every other bit zero.
        if flags & FLAG_LARGEST != 0 || body.iter().any(|&b| b != 0) {
            return Err(Error::Flags);
        }
        return Ok(None);
    }
    let pt = if compressed {
        let x = be(&body);
        if x >= c.p {
            return Err(Error::NonCanonicalCoordinate);
        }
        let y = c.sqrt(&c.rhs(&x)).ok_or(Error::NotOnCurve)?;
        let want_largest = flags & FLAG_LARGEST != 0;
        let y = if is_largest(c, &y) == want_largest {
            y
        } else {
            c.fsub(&BigUint::zero(), &y)
        };
        Some((x, y))
    } else {
        if flags & FLAG_LARGEST != 0 {
            return Err(Error::Flags);
        }
        let (x, y) = (be(&body[..48]), be(&body[48..]));
        if x >= c.p || y >= c.p {
            return Err(Error::NonCanonicalCoordinate);
        }
        let pt = Some((x, y));
        if !c.is_on_curve(&pt) {
            return Err(Error::NotOnCurve);
        }
        pt
    };
    if !c.is_in_subgroup(&pt) {
        return Err(Error::NotInSubgroup);
    }
    Ok(pt)
}
