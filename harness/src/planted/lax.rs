//! A short-Weierstrass decoder with its checks switchable, for the planted
//! bugs: what a decoder does when it reduces coordinates instead of
//! refusing them, reads hybrid tags, skips the curve equation or the
//! subgroup check. Only reached where the reference refused the input, so
//! a planted implementation differs from the reference nowhere else.

use crate::model::Curve;
use num_bigint::BigUint;
use twinmul_reference::weierstrass::{be, Curve as Sw, Point};
use twinmul_reference::{bls12_381, bn254, secp256k1};

/// Which checks the decoder leaves out.
#[derive(Clone, Copy, Default)]
pub struct Lax {
    /// Coordinates ≥ p are reduced instead of refused.
    pub reduce: bool,
    /// secp256k1: hybrid tags `06`/`07` are read as `04`.
    pub hybrid: bool,
    /// The curve equation is not checked.
    pub skip_curve: bool,
    /// BLS12-381: the subgroup check is skipped.
    pub skip_subgroup: bool,
}

fn sw(curve: Curve) -> &'static Sw {
    match curve {
        Curve::Secp256k1 => secp256k1::curve(),
        Curve::Bn254 => bn254::curve(),
        _ => bls12_381::curve(),
    }
}

/// The canonical encoding of `pt` on `curve`.
pub fn encode(curve: Curve, pt: &Point) -> Vec<u8> {
    match curve {
        Curve::Secp256k1 => secp256k1::encode(pt),
        Curve::Bn254 => bn254::encode(pt),
        _ => bls12_381::encode(pt),
    }
}

impl Lax {
    fn coord(&self, c: &Sw, v: BigUint) -> Option<BigUint> {
        if v < c.p {
            Some(v)
        } else if self.reduce {
            Some(v % &c.p)
        } else {
            None
        }
    }

    fn point_of_x(&self, c: &Sw, x: BigUint, odd_or_largest: bool, bls: bool) -> Option<Point> {
        let x = self.coord(c, x)?;
        let y = c.sqrt(&c.rhs(&x))?;
        let neg = (&c.p - &y) % &c.p;
        let pick = if bls {
            (y > neg) == odd_or_largest
        } else {
            y.bit(0) == odd_or_largest
        };
        Some(Some((x, if pick { y } else { neg })))
    }

    fn point_of_xy(&self, c: &Sw, x: BigUint, y: BigUint) -> Option<Point> {
        let pt = Some((self.coord(c, x)?, self.coord(c, y)?));
        (self.skip_curve || c.is_on_curve(&pt)).then_some(pt)
    }

    /// Decodes `bytes` on `curve` with the checks this leaves out; `None`
    /// when it still refuses.
    pub fn decode(&self, curve: Curve, b: &[u8]) -> Option<Point> {
        let c = sw(curve);
        let pt = match (curve, b.len()) {
            (Curve::Secp256k1, 1) if b[0] == 0 => None,
            (Curve::Secp256k1, 33) if matches!(b[0], 2 | 3) => {
                self.point_of_x(c, be(&b[1..]), b[0] == 3, false)?
            }
            (Curve::Secp256k1, 65) if b[0] == 4 || (self.hybrid && matches!(b[0], 6 | 7)) => {
                self.point_of_xy(c, be(&b[1..33]), be(&b[33..]))?
            }
            (Curve::Bn254, 64) if b.iter().all(|&v| v == 0) => None,
            (Curve::Bn254, 64) => self.point_of_xy(c, be(&b[..32]), be(&b[32..]))?,
            (Curve::Bls12_381, 48 | 96) => {
                let flags = b[0] & 0xe0;
                let compressed = b.len() == 48;
                if (flags & 0x80 != 0) != compressed {
                    return None;
                }
                let mut body = b.to_vec();
                body[0] &= 0x1f;
                if flags & 0x40 != 0 {
                    return (flags & 0x20 == 0 && body.iter().all(|&v| v == 0)).then_some(None);
                }
                let pt = if compressed {
                    self.point_of_x(c, be(&body), flags & 0x20 != 0, true)?
                } else if flags & 0x20 != 0 {
                    return None;
                } else {
                    self.point_of_xy(c, be(&body[..48]), be(&body[48..]))?
                };
                if !self.skip_subgroup && !c.is_in_subgroup(&pt) {
                    return None;
                }
                pt
            }
            _ => return None,
        };
        Some(pt)
    }

    /// k·P for the point `b` decodes to, `k` read as the contract reads a
    /// multiplier (32 bytes, reduced mod n).
    pub fn mul(&self, curve: Curve, b: &[u8], k: &[u8]) -> Option<Vec<u8>> {
        let c = sw(curve);
        if k.len() != 32 {
            return None;
        }
        let pt = self.decode(curve, b)?;
        Some(encode(curve, &c.mul(&(be(k) % &c.n), &pt)))
    }
}
