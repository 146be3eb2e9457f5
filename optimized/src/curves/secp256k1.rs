//! secp256k1: y² = x³ + 7 over p = 2²⁵⁶ − 2³² − 977; SEC1 encodings
//! (33-byte compressed out, `00` for infinity; 65-byte uncompressed accepted).

use super::field_params;
use crate::curve::{lift_x, AffinePoint, CurveParams, ProjectivePoint};
use crate::field::{Field, Fp};
use crate::glv::GlvParams;
use crate::Error;
use subtle::{Choice, ConditionallySelectable};

field_params!(
    BaseParams,
    4,
    [
        0xfffffffefffffc2f,
        0xffffffffffffffff,
        0xffffffffffffffff,
        0xffffffffffffffff
    ],
    ScalarParams,
    [
        0xbfd25e8cd0364141,
        0xbaaedce6af48a03b,
        0xfffffffffffffffe,
        0xffffffffffffffff
    ]
);

/// The base field: libsecp256k1's 5 × 52-bit representation with lazy sums.
pub type Fe = crate::fe52::Fe52;
/// The base field as the generic 4 × 64-bit Montgomery field (inversion runs
/// there; its products are the reference the 5 × 52 ones are tested against).
pub type FeMont = Fp<BaseParams, 4>;
/// The scalar field.
pub type Scalar = Fp<ScalarParams, 4>;

/// The curve.
#[derive(Clone, Copy, Debug)]
pub struct Secp256k1;

impl CurveParams for Secp256k1 {
    type Fe = Fe;
    type Scalar = Scalar;
    const B: Fe = Fe::from_canonical_const([7, 0, 0, 0]);
    const B3: Fe = Fe::from_canonical_const([21, 0, 0, 0]);
    const GENERATOR: (Fe, Fe) = (
        Fe::from_canonical_const([
            0x59f2815b16f81798,
            0x029bfcdb2dce28d9,
            0x55a06295ce870b07,
            0x79be667ef9dcbbac,
        ]),
        Fe::from_canonical_const([
            0x9c47d08ffb10d4b8,
            0xfd17b448a6855419,
            0x5da4fbfc0e1108a8,
            0x483ada7726a3c465,
        ]),
    );
    const BETA: Fe = Fe::from_canonical_const([
        0xc1396c28719501ee,
        0x9cf0497512f58995,
        0x6e64479eac3434e9,
        0x7ae96a2b657c0710,
    ]);
    const GLV: GlvParams<Scalar> = GlvParams {
        lambda: [
            0xdf02967c1b23bd72,
            0x122e22ea20816678,
            0xa5261c028812645a,
            0x5363ad4cc05c30e0,
        ],
        neg_b1: [0x6f547fa90abfe4c3, 0xe4437ed6010e8828, 0, 0],
        neg_b2: [
            0xd765cda83db1562c,
            0x8a280ac50774346d,
            0xfffffffffffffffe,
            0xffffffffffffffff,
        ],
        g1: [
            0xe893209a45dbb031,
            0x3daa8a1471e8ca7f,
            0xe86c90e49284eb15,
            0x3086d221a7d46bcd,
        ],
        g2: [
            0x1571b4ae8ac47f71,
            0x221208ac9df506c6,
            0x6f547fa90abfe4c4,
            0xe4437ed6010e8828,
        ],
        shift: 384,
        bound_bits: 129,
        _s: core::marker::PhantomData,
    };
}

/// A projective point.
pub type Point = ProjectivePoint<Secp256k1>;
/// An affine point.
pub type Affine = AffinePoint<Secp256k1>;

/// SEC1 compressed (33 bytes); infinity is the single byte `00`.
pub fn encode(p: &Point) -> Vec<u8> {
    encode_affine(&p.to_affine())
}

/// SEC1 compressed encoding of an affine point.
pub fn encode_affine(a: &Affine) -> Vec<u8> {
    if bool::from(a.infinity) {
        return vec![0];
    }
    let mut out = vec![0u8; 33];
    out[0] = 0x02 | a.y.is_odd().unwrap_u8();
    a.x.write_be_bytes(&mut out[1..]);
    out
}

/// Decodes SEC1 (`00`, `02/03 ‖ x`, `04 ‖ x ‖ y`). Decompression is
/// constant time in x (the validity outcome itself is public).
pub fn decode(bytes: &[u8]) -> Result<Affine, Error> {
    match (bytes.len(), bytes.first()) {
        (1, Some(0)) => Ok(Affine::identity()),
        (33, Some(&tag)) if tag & 0xfe == 0x02 => {
            let x =
                Option::<Fe>::from(Fe::from_be_bytes(&bytes[1..])).ok_or(Error::NonCanonical)?;
            let p = Option::<Affine>::from(lift_x::<Secp256k1>(x)).ok_or(Error::NotOnCurve)?;
            let flip = p.y.is_odd() ^ Choice::from(tag & 1);
            Ok(Affine {
                y: Fe::conditional_select(&p.y, &-p.y, flip),
                ..p
            })
        }
        (65, Some(4)) => {
            let x =
                Option::<Fe>::from(Fe::from_be_bytes(&bytes[1..33])).ok_or(Error::NonCanonical)?;
            let y =
                Option::<Fe>::from(Fe::from_be_bytes(&bytes[33..])).ok_or(Error::NonCanonical)?;
            let p = Affine {
                x,
                y,
                infinity: Choice::from(0),
            };
            if bool::from(p.is_on_curve()) {
                Ok(p)
            } else {
                Err(Error::NotOnCurve)
            }
        }
        (1 | 33 | 65, _) => Err(Error::Flags),
        _ => Err(Error::Length),
    }
}

#[cfg(not(any(feature = "comb-small", feature = "comb-medium")))]
use super::tables::secp256k1_comb_large as comb_table;
#[cfg(all(feature = "comb-medium", not(feature = "comb-small")))]
use super::tables::secp256k1_comb_medium as comb_table;
#[cfg(feature = "comb-small")]
use super::tables::secp256k1_comb_small as comb_table;

impl crate::comb::GeneratorTable for Secp256k1 {
    const SHAPE: crate::comb::CombShape = comb_table::SHAPE;
    fn table() -> &'static [crate::comb::AffineXY<Fe>] {
        &comb_table::TABLE
    }
    fn odd_table() -> &'static [crate::comb::AffineXY<Fe>] {
        &super::tables::secp256k1_odd::ODD
    }
    #[cfg(not(feature = "comb-small"))]
    const VARTIME_SHAPE: crate::comb::CombShape = super::tables::secp256k1_comb_vartime::SHAPE;
    #[cfg(not(feature = "comb-small"))]
    fn vartime_table() -> &'static [crate::comb::AffineXY<Fe>] {
        &super::tables::secp256k1_comb_vartime::TABLE
    }
}
