//! BLS12-381 G1: y² = x³ + 4; ZCash encodings (48-byte compressed out,
//! 96-byte uncompressed accepted) with the subgroup check.
//!
//! Subgroup check: Scott's endomorphism test (ePrint 2021/1130 §6, proof
//! corrected in 2022/352): P ∈ G1 ⟺ φ(P) = −\[x²\]P, with x = −0xd201000000010000
//! the BLS parameter and φ(x, y) = (β·x, y) for the β whose eigenvalue on G1
//! is λ = −x² mod n (ours; a test checks λ ≡ −x²). It costs one 64-bit
//! multiplication by |x| twice (fixed public chain: 126 doublings, 8
//! additions) against ~255 doublings for n·P = O, and it is constant time in P.

use super::declare::field_params;
use crate::arith::field::Field;
use crate::arith::montgomery::Fp;
use crate::mul::comb::{CombShape, GeneratorTable};
use crate::point::affine::AffinePoint;
use crate::point::affine::AffineXY;
use crate::point::params::{CurveParams, Endomorphism, GlvParams};
use crate::point::projective::{lift_x, ProjectivePoint};
use crate::Error;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

field_params!(
    BaseParams,
    6,
    [
        0xb9feffffffffaaab,
        0x1eabfffeb153ffff,
        0x6730d2a0f6b0f624,
        0x64774b84f38512bf,
        0x4b1ba7b6434bacd7,
        0x1a0111ea397fe69a
    ],
    "The base field's prime p."
);
field_params!(
    ScalarParams,
    4,
    [
        0xffffffff00000001,
        0x53bda402fffe5bfe,
        0x3339d80809a1d805,
        0x73eda753299d7d48
    ],
    "The scalar field's modulus, the group order n."
);

/// The base field.
pub type Fe = Fp<BaseParams, 6>;
/// The scalar field.
pub type Scalar = Fp<ScalarParams, 4>;

/// β, the cube root of unity whose φ(x, y) = (βx, y) acts on G1 as λ = −x².
const BETA: Fe = Fe::from_canonical_const([
    0x2e01fffffffefffe,
    0xde17d813620a0002,
    0xddb3a93be6f89688,
    0xba69c6076a0f77ea,
    0x5f19672fdf76ce51,
    0,
]);

/// The curve (G1).
#[derive(Clone, Copy, Debug)]
pub struct Bls12_381;

impl CurveParams for Bls12_381 {
    type Fe = Fe;
    type Scalar = Scalar;
    const B: Fe = Fe::from_canonical_const([4, 0, 0, 0, 0, 0]);
    const B3: Fe = Fe::from_canonical_const([12, 0, 0, 0, 0, 0]);
    const GENERATOR: (Fe, Fe) = (
        Fe::from_canonical_const([
            0xfb3af00adb22c6bb,
            0x6c55e83ff97a1aef,
            0xa14e3a3f171bac58,
            0xc3688c4f9774b905,
            0x2695638c4fa9ac0f,
            0x17f1d3a73197d794,
        ]),
        Fe::from_canonical_const([
            0x0caa232946c5e7e1,
            0xd03cc744a2888ae4,
            0x00db18cb2c04b3ed,
            0xfcf5e095d5d00af6,
            0xa09e30ed741d8ae4,
            0x08b3f481e3aaa0f1,
        ]),
    );
    const ENDOMORPHISM: Option<Endomorphism<Fe, Scalar>> = Some(Endomorphism {
        beta: BETA,
        glv: GlvParams {
            lambda: [
                0xfffffffe00000001,
                0xa7780001fffcb7fc,
                0x3339d80809a1d804,
                0x73eda753299d7d48,
            ],
            neg_b1: [0x00000000ffffffff, 0xac45a4010001a402, 0, 0],
            neg_b2: [
                0xffffffff00000000,
                0x53bda402fffe5bfe,
                0x3339d80809a1d805,
                0x73eda753299d7d48,
            ],
            g1: [0x1c5aee5b83f0476a, 0x1aa84a76ff6f1bbe, 1, 0],
            g2: [
                0xd0d4396b40c5f203,
                0x01a75a5c93d6e013,
                0xb1fb72917b67f717,
                0xbe35f678f00fd56e,
            ],
            shift: 383,
            bound_bits: 128,
            _s: core::marker::PhantomData,
        },
    });
}

/// A projective point.
pub type Point = ProjectivePoint<Bls12_381>;
/// An affine point.
pub type Affine = AffinePoint<Bls12_381>;

/// |x| of the BLS parameter x = −0xd201000000010000.
pub const X_ABS: u64 = 0xd201000000010000;

/// [|x|]·P by double-and-add over the public constant (fixed schedule).
fn mul_by_x_abs(p: &Point) -> Point {
    let mut acc = Point::identity();
    for i in (0..64).rev() {
        acc = acc.double();
        if (X_ABS >> i) & 1 == 1 {
            acc = acc.add(p);
        }
    }
    acc
}

/// φ(P) = (β·X : Y : Z), with this curve's β.
fn phi(p: &Point) -> Point {
    ProjectivePoint {
        x: p.x * BETA,
        y: p.y,
        z: p.z,
    }
}

/// Whether P lies in G1 (Scott's test, see the module doc). Constant time in P.
pub fn is_torsion_free(p: &Point) -> Choice {
    let x2p = mul_by_x_abs(&mul_by_x_abs(p));
    phi(p).ct_eq(&x2p.neg())
}

const FLAG_COMPRESSED: u8 = 0x80;
const FLAG_INFINITY: u8 = 0x40;
const FLAG_LARGEST: u8 = 0x20;

/// ZCash compressed (48 bytes).
pub fn encode(p: &Point) -> Vec<u8> {
    encode_affine(&p.to_affine())
}

/// ZCash compressed encoding of an affine point.
pub fn encode_affine(a: &Affine) -> Vec<u8> {
    let mut out = vec![0u8; 48];
    if bool::from(a.infinity) {
        out[0] = FLAG_COMPRESSED | FLAG_INFINITY;
        return out;
    }
    a.x.write_be_bytes(&mut out);
    out[0] |= FLAG_COMPRESSED;
    if bool::from(a.y.is_lexicographically_largest()) {
        out[0] |= FLAG_LARGEST;
    }
    out
}

/// ZCash uncompressed encoding (96 bytes).
pub fn encode_uncompressed(a: &Affine) -> Vec<u8> {
    let mut out = vec![0u8; 96];
    if bool::from(a.infinity) {
        out[0] = FLAG_INFINITY;
        return out;
    }
    a.x.write_be_bytes(&mut out[..48]);
    a.y.write_be_bytes(&mut out[48..]);
    out
}

/// Decodes a ZCash compressed (48) or uncompressed (96) G1 point: flags,
/// range, curve equation, then the subgroup check.
pub fn decode(bytes: &[u8]) -> Result<Affine, Error> {
    let compressed = match bytes.len() {
        48 => true,
        96 => false,
        _ => return Err(Error::Length),
    };
    let flags = bytes[0] & 0xe0;
    if (flags & FLAG_COMPRESSED != 0) != compressed {
        return Err(Error::Flags);
    }
    let mut body = [0u8; 96];
    body[..bytes.len()].copy_from_slice(bytes);
    body[0] &= 0x1f;
    if flags & FLAG_INFINITY != 0 {
        if flags & FLAG_LARGEST != 0 || body.iter().any(|&b| b != 0) {
            return Err(Error::Flags);
        }
        return Ok(Affine::identity());
    }
    let x = Option::<Fe>::from(Fe::from_be_bytes(&body[..48])).ok_or(Error::NonCanonical)?;
    let p = if compressed {
        let p = Option::<Affine>::from(lift_x::<Bls12_381>(x)).ok_or(Error::NotOnCurve)?;
        let flip =
            p.y.is_lexicographically_largest() ^ Choice::from((flags & FLAG_LARGEST != 0) as u8);
        Affine {
            y: Fe::conditional_select(&p.y, &-p.y, flip),
            ..p
        }
    } else {
        if flags & FLAG_LARGEST != 0 {
            return Err(Error::Flags);
        }
        let y = Option::<Fe>::from(Fe::from_be_bytes(&body[48..96])).ok_or(Error::NonCanonical)?;
        let p = Affine {
            x,
            y,
            infinity: Choice::from(0),
        };
        if !bool::from(p.is_on_curve()) {
            return Err(Error::NotOnCurve);
        }
        p
    };
    if !bool::from(is_torsion_free(&p.into())) {
        return Err(Error::NotInSubgroup);
    }
    Ok(p)
}

// The generated tables (`twinmul-tablegen`), each a module of its own;
// with `--cfg twinmul_tablegen` (generating the tables of a curve that has
// none yet) empty stand-ins take their place.
#[cfg(not(twinmul_tablegen))]
#[path = "tables/bls12_381_comb.rs"]
mod comb_table;
#[cfg(not(twinmul_tablegen))]
#[path = "tables/bls12_381_odd.rs"]
mod odd_table;
#[cfg(twinmul_tablegen)]
super::declare::tablegen_stand_ins!();

impl GeneratorTable for Bls12_381 {
    const COMB_TABLES: &'static [(&'static str, CombShape)] = &[(
        "bls12_381_comb",
        CombShape {
            blocks: 11,
            teeth: 6,
            spacing: 4,
        },
    )];
    const ODD_TABLE: (&'static str, usize) = ("bls12_381_odd", 64);
    const SHAPE: CombShape = comb_table::SHAPE;
    fn table() -> &'static [AffineXY<Fe>] {
        &comb_table::TABLE
    }
    fn odd_table() -> &'static [AffineXY<Fe>] {
        &odd_table::ODD
    }
}
