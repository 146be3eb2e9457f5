//! BN254 G1 (alt_bn128): y² = x³ + 3; EIP-196 encoding (x ‖ y, 64 bytes
//! big-endian; infinity = 64 zero bytes). Cofactor 1: no subgroup check.

use super::declare::field_params;
use crate::arith::field::Field;
use crate::arith::montgomery::Fp;
use crate::mul::comb::{CombShape, GeneratorTable};
use crate::point::affine::AffinePoint;
use crate::point::affine::AffineXY;
use crate::point::params::{CurveParams, Endomorphism, GlvParams};
use crate::point::projective::ProjectivePoint;
use crate::Error;
use subtle::Choice;

field_params!(
    BaseParams,
    4,
    [
        0x3c208c16d87cfd47,
        0x97816a916871ca8d,
        0xb85045b68181585d,
        0x30644e72e131a029
    ],
    "The base field's prime p."
);
field_params!(
    ScalarParams,
    4,
    [
        0x43e1f593f0000001,
        0x2833e84879b97091,
        0xb85045b68181585d,
        0x30644e72e131a029
    ],
    "The scalar field's modulus, the group order n."
);

/// The base field.
pub type Fe = Fp<BaseParams, 4>;
/// The scalar field.
pub type Scalar = Fp<ScalarParams, 4>;

/// The curve.
#[derive(Clone, Copy, Debug)]
pub struct Bn254;

impl CurveParams for Bn254 {
    type Fe = Fe;
    type Scalar = Scalar;
    const B: Fe = Fe::from_canonical_const([3, 0, 0, 0]);
    const B3: Fe = Fe::from_canonical_const([9, 0, 0, 0]);
    const GENERATOR: (Fe, Fe) = (
        Fe::from_canonical_const([1, 0, 0, 0]),
        Fe::from_canonical_const([2, 0, 0, 0]),
    );
    const ENDOMORPHISM: Option<Endomorphism<Fe, Scalar>> = Some(Endomorphism {
        beta: Fe::from_canonical_const([
            0xe4bd44e5607cfd48,
            0xc28f069fbb966e3d,
            0x5e6dd9e7e0acccb0,
            0x30644e72e131a029,
        ]),
        glv: GlvParams {
            lambda: [
                0xb8ca0b2d36636f23,
                0xcc37a73fec2bc5e9,
                0x048b6e193fd84104,
                0x30644e72e131a029,
            ],
            neg_b1: [0x89d3256894d213e3, 0, 0, 0],
            neg_b2: [
                0x37fd143fdddedaf6,
                0xb8e665ff8b011694,
                0xb85045b68181585c,
                0x30644e72e131a029,
            ],
            g1: [
                0x058ed210f2d2e698,
                0x45275503f5792573,
                0x94e63f40c03fd959,
                0x9333bc0529dcf4b4,
            ],
            g2: [
                0xa3e9f4cb4bebee99,
                0xdbae71c51dce9bbc,
                0xb64748cbb1f82cf5,
                0,
            ],
            shift: 382,
            bound_bits: 127,
            _s: core::marker::PhantomData,
        },
    });
}

/// A projective point.
pub type Point = ProjectivePoint<Bn254>;
/// An affine point.
pub type Affine = AffinePoint<Bn254>;

/// EIP-196: x ‖ y; infinity = 64 zero bytes.
pub fn encode(p: &Point) -> Vec<u8> {
    encode_affine(&p.to_affine())
}

/// EIP-196 encoding of an affine point.
pub fn encode_affine(a: &Affine) -> Vec<u8> {
    let mut out = vec![0u8; 64];
    if !bool::from(a.infinity) {
        a.x.write_be_bytes(&mut out[..32]);
        a.y.write_be_bytes(&mut out[32..]);
    }
    out
}

/// Decodes EIP-196 strictly: 64 bytes, coordinates < p, on the curve or all zero.
pub fn decode(bytes: &[u8]) -> Result<Affine, Error> {
    if bytes.len() != 64 {
        return Err(Error::Length);
    }
    let x = Option::<Fe>::from(Fe::from_be_bytes(&bytes[..32])).ok_or(Error::NonCanonical)?;
    let y = Option::<Fe>::from(Fe::from_be_bytes(&bytes[32..])).ok_or(Error::NonCanonical)?;
    if bytes.iter().all(|&b| b == 0) {
        return Ok(Affine::identity());
    }
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

// The generated tables (`twinmul-tablegen`), each a module of its own;
// with `--cfg twinmul_tablegen` (generating the tables of a curve that has
// none yet) empty stand-ins take their place.
#[cfg(not(twinmul_tablegen))]
#[path = "tables/bn254_comb.rs"]
mod comb_table;
#[cfg(not(twinmul_tablegen))]
#[path = "tables/bn254_odd.rs"]
mod odd_table;
#[cfg(twinmul_tablegen)]
super::declare::tablegen_stand_ins!();

impl GeneratorTable for Bn254 {
    const COMB_TABLES: &'static [(&'static str, CombShape)] = &[(
        "bn254_comb",
        CombShape {
            blocks: 11,
            teeth: 6,
            spacing: 4,
        },
    )];
    const ODD_TABLE: (&'static str, usize) = ("bn254_odd", 64);
    const SHAPE: CombShape = comb_table::SHAPE;
    fn table() -> &'static [AffineXY<Fe>] {
        &comb_table::TABLE
    }
    fn odd_table() -> &'static [AffineXY<Fe>] {
        &odd_table::ODD
    }
}
