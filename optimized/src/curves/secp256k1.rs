//! secp256k1: y² = x³ + 7 over p = 2²⁵⁶ − 2³² − 977; SEC1 encodings
//! (33-byte compressed out, `00` for infinity; 65-byte uncompressed accepted).

use super::declare::field_params;
use crate::arith::field::Field;
use crate::arith::montgomery::Fp;
use crate::mul::comb::{CombShape, GeneratorTable};
use crate::point::affine::AffinePoint;
use crate::point::affine::AffineXY;
use crate::point::params::{CurveParams, Endomorphism, GlvParams};
use crate::point::projective::{lift_x, ProjectivePoint};
use crate::Error;
use subtle::{Choice, ConditionallySelectable};

field_params!(
    ScalarParams,
    4,
    [
        0xbfd25e8cd0364141,
        0xbaaedce6af48a03b,
        0xfffffffffffffffe,
        0xffffffffffffffff
    ],
    "The scalar field's modulus, the group order n."
);

/// The base field's prime, declared with the 5 × 52 field that runs it.
pub use crate::arith::fe52::BaseParams;

/// The base field: libsecp256k1's 5 × 52-bit representation with lazy sums.
pub type Fe = crate::arith::fe52::Fe52;
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
    const ENDOMORPHISM: Option<Endomorphism<Fe, Scalar>> = Some(Endomorphism {
        beta: Fe::from_canonical_const([
            0xc1396c28719501ee,
            0x9cf0497512f58995,
            0x6e64479eac3434e9,
            0x7ae96a2b657c0710,
        ]),
        glv: GlvParams {
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
        },
    });
    /// The four-lane IFMA formulas where the CPU has them
    /// (`mul/constant_time_ifma.rs`).
    #[cfg(target_arch = "x86_64")]
    fn glv_odd_digits_accelerated(
        table: &[(Fe, Fe)],
        d1: &[i8],
        d2: &[i8],
        window: u32,
    ) -> Option<[Fe; 3]> {
        let beta = Self::ENDOMORPHISM?.beta;
        crate::mul::constant_time_ifma::glv_odd_digits(table, d1, d2, window, &beta)
    }

    /// The vector Straus sum of verification without its G term.
    #[cfg(target_arch = "x86_64")]
    fn mul_vartime_accelerated(p: &[Fe; 3], k: &Scalar) -> Option<[Fe; 3]> {
        let p = Point {
            x: p[0],
            y: p[1],
            z: p[2],
        };
        let r = crate::mul::vartime_ifma::mul_vartime(k, &p)?;
        Some([r.x, r.y, r.z])
    }
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

// The generated tables (`twinmul-tablegen`), each a module of its own;
// with `--cfg twinmul_tablegen` (generating the tables of a curve that has
// none yet) empty stand-ins take their place.
#[cfg(all(feature = "comb-small", not(twinmul_tablegen)))]
#[path = "tables/secp256k1_comb_small.rs"]
mod comb_table;
#[cfg(all(
    all(feature = "comb-medium", not(feature = "comb-small")),
    not(twinmul_tablegen)
))]
#[path = "tables/secp256k1_comb_medium.rs"]
mod comb_table;
#[cfg(all(
    not(any(feature = "comb-small", feature = "comb-medium")),
    not(twinmul_tablegen)
))]
#[path = "tables/secp256k1_comb_large.rs"]
mod comb_table;
#[cfg(not(twinmul_tablegen))]
#[path = "tables/secp256k1_odd.rs"]
mod odd_table;
#[cfg(all(not(feature = "comb-small"), not(twinmul_tablegen)))]
#[path = "tables/secp256k1_comb_vartime.rs"]
mod vartime_table;
#[cfg(twinmul_tablegen)]
super::declare::tablegen_stand_ins!(vartime_table);

impl GeneratorTable for Secp256k1 {
    /// libsecp256k1's menu of sizes (2.5 KiB, 27.5 KiB and 107.5 KiB; 80-byte entries), chosen by cargo
    /// feature; the largest, the default, is the fastest.
    const COMB_TABLES: &'static [(&'static str, CombShape)] = &[
        (
            "secp256k1_comb_small",
            CombShape {
                blocks: 2,
                teeth: 5,
                spacing: 26,
            },
        ),
        (
            "secp256k1_comb_medium",
            CombShape {
                blocks: 11,
                teeth: 6,
                spacing: 4,
            },
        ),
        (
            "secp256k1_comb_large",
            CombShape {
                blocks: 43,
                teeth: 6,
                spacing: 1,
            },
        ),
    ];
    /// Width 14 (320 KiB): BIP340 verification adds G about 17 times, and
    /// the wider table beat width 12 (BENCHMARKS.md, decisions).
    const ODD_TABLE: (&'static str, usize) = ("secp256k1_odd", 4096);
    /// 15 × 9 × 2 (300 KiB): 30 additions and a doubling where the
    /// constant-time comb needs 43 additions; read by index, a large table
    /// costs nothing per lookup (BENCHMARKS.md, decisions).
    const VARTIME_COMB_TABLE: Option<(&'static str, CombShape)> = Some((
        "secp256k1_comb_vartime",
        CombShape {
            blocks: 15,
            teeth: 9,
            spacing: 2,
        },
    ));
    const SHAPE: CombShape = comb_table::SHAPE;
    fn table() -> &'static [AffineXY<Fe>] {
        &comb_table::TABLE
    }
    fn odd_table() -> &'static [AffineXY<Fe>] {
        &odd_table::ODD
    }
    #[cfg(not(feature = "comb-small"))]
    const VARTIME_SHAPE: CombShape = vartime_table::SHAPE;
    #[cfg(not(feature = "comb-small"))]
    fn vartime_table() -> &'static [AffineXY<Fe>] {
        &vartime_table::TABLE
    }
    /// The four-lane IFMA formulas where the CPU has them (`mul/vartime_ifma.rs`).
    #[cfg(target_arch = "x86_64")]
    fn mul2_vartime_accelerated(a: &Scalar, b: &Scalar, p: &Point) -> Option<Point> {
        crate::mul::vartime_ifma::mul2_vartime(a, b, p)
    }
    /// The comb's additions on the four-lane IFMA formulas where the CPU has
    /// them (`mul/comb_ifma.rs`).
    #[cfg(target_arch = "x86_64")]
    fn comb_accelerated(d: &[u64; 4], z: &Fe) -> Option<[Fe; 3]> {
        crate::mul::comb_ifma::comb(Self::table(), d, Self::SHAPE, z)
    }
}
