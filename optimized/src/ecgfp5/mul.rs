//! Scalar multiplication on ECgFp5: k·P and k·G constant time in k, and
//! s·G + e·P for verification (variable time, public inputs).
//!
//! - [`mul`]: signed 5-bit windows over a 16-entry table of P, scanned whole;
//! - [`mul_g`]: the generated position-weighted table of G: no doublings;
//! - [`mul2_vartime`], [`mul2_vartime_table`]: one Straus loop over wNAFs
//!   in Jacobian (x, w) coordinates.

use super::point::{batch_to_affine, batch_to_affine_xw, AffinePoint, AffineXw, JacobianXw, Point};
use super::scalar::Scalar;
use crate::mul::lookup::{select_from, LookupTable};
use crate::mul::recode::{recode, wnaf_vartime, WNAF_MAX};

/// Window width of the constant-time multiplications.
pub const WINDOW: u32 = 5;
/// Signed digits of a 319-bit scalar at width 5.
pub const DIGITS: usize = 64;

/// The 16 multiples [P, 2P, …, 16P] in affine form (one inversion), as a
/// constant-time lookup table. Each even multiple 2jP is a doubling of jP
/// (4M + 5S against 10M for an addition), each odd one an addition of P.
pub fn multiples_table(p: &Point) -> LookupTable<AffinePoint, 16> {
    let mut pts = [*p; 16];
    for i in 1..16 {
        // pts[i] = (i + 1)·P
        pts[i] = if i % 2 == 1 {
            pts[i / 2].double()
        } else {
            pts[i - 1].add(p)
        };
    }
    LookupTable::new(batch_to_affine(&pts))
}

/// k·P, constant time in k: signed 5-bit windows (64 digits in [−16, 15]),
/// 5 doublings and one mixed addition of a full-scan lookup per digit.
pub fn mul(p: &Point, k: &Scalar) -> Point {
    let t = multiples_table(p);
    let d = recode(&k.to_canonical_limbs(), WINDOW, DIGITS);
    let id = AffinePoint::default();
    let mut acc = Point::NEUTRAL.add_affine(&t.select(d[DIGITS - 1], id));
    for i in (0..DIGITS - 1).rev() {
        acc = acc.double_n(WINDOW);
        acc = acc.add_affine(&t.select(d[i], id));
    }
    acc
}

/// k·G with the position-weighted table (`generator_table.rs`): writing
/// k = Σ dᵢ·2⁵ⁱ with 64 signed digits, k·G = Σ dᵢ·(2⁵ⁱ·G), each term a
/// constant-time scan of the 16 precomputed multiples of 2⁵ⁱ·G. No
/// doublings: 64 mixed additions (8M each). Constant time in k.
pub fn mul_g(k: &Scalar) -> Point {
    let d = recode(&k.to_canonical_limbs(), WINDOW, DIGITS);
    let id = AffinePoint::default();
    let mut acc = Point::NEUTRAL;
    for (i, row) in super::generator_table::GEN_TABLE.iter().enumerate() {
        acc = acc.add_affine(&select_from(row, d[i], id));
    }
    acc
}

/// The rows of the generator table (for tests that scan every index).
pub fn generator_rows() -> &'static [[AffinePoint; 16]; 64] {
    &super::generator_table::GEN_TABLE
}

/// k·G by the plain window method (the cross-check for [`mul_g`]).
pub fn mul_g_window(k: &Scalar) -> Point {
    mul(&Point::GENERATOR, k)
}

/// wNAF width for s·G: the 2^(G_WNAF_WIDTH − 2) odd multiples of G in
/// `GEN_ODD` (160 KiB; width 14 was no faster: BENCHMARKS.md, decisions).
pub const G_WNAF_WIDTH: u32 = 13;
/// Entries of `GEN_ODD`.
pub const GEN_ODD_LEN: usize = 1 << (G_WNAF_WIDTH - 2);

/// s·G + e·P for public s, e (variable time): one Straus loop over the wNAF
/// digits of both scalars — s at width 13 over the committed odd multiples
/// of G, e at width 5 over 8 odd multiples of P — so the ~319 doublings are
/// shared and each scalar costs about one mixed addition per w + 1 bits.
/// The loop runs in Jacobian (x, w) coordinates: doublings 2M + 5S, mixed
/// additions 8M + 3S, no conversion around the additions. Table entries
/// are read by index and the neutral is a branch: both scalars and P are
/// public. Width 5 for P: the table's 8 fewer additions and smaller
/// inversion batch outweigh the ~8 more additions in the loop of width 6.
pub fn mul2_vartime(s: &Scalar, e: &Scalar, p: &Point) -> Point {
    mul2_vartime_table(s, e, &OddMultiples::<8>::new(p))
}

/// The N odd multiples [P, 3P, …, (2N − 1)P] of a point in affine (x, w)
/// form (N a power of two ≥ 2), for a width-(log₂N + 2) wNAF: the table
/// [`mul2_vartime`] builds for e·P (N = 8), and the larger one that
/// callers multiplying the same point many times keep (a verifier's
/// prepared public key), where the build cost is paid once. `None` when P
/// is the neutral, which has no (x, w) form and contributes nothing.
#[derive(Clone, Copy, Debug)]
pub struct OddMultiples<const N: usize>(Option<[AffineXw; N]>);

impl<const N: usize> OddMultiples<N> {
    /// The wNAF width this table serves.
    const WIDTH: u32 = {
        assert!(N.is_power_of_two() && N >= 2 && N <= 1 << 12);
        N.trailing_zeros() + 2
    };

    /// Builds the table (N − 1 additions, one doubling, one inversion).
    /// Branches on whether P is the neutral: P is public.
    pub fn new(p: &Point) -> OddMultiples<N> {
        if bool::from(p.is_neutral()) {
            return OddMultiples(None);
        }
        let p2 = p.double();
        let mut pts = [*p; N];
        for i in 1..N {
            pts[i] = pts[i - 1].add(&p2);
        }
        OddMultiples(Some(batch_to_affine_xw(&pts)))
    }
}

/// [`mul2_vartime`] over a prebuilt table of P.
pub fn mul2_vartime_table<const N: usize>(s: &Scalar, e: &Scalar, tp: &OddMultiples<N>) -> Point {
    let (ds, ls) = wnaf_vartime(&s.to_canonical_limbs(), G_WNAF_WIDTH);
    let (de, le) = match &tp.0 {
        Some(_) => wnaf_vartime(&e.to_canonical_limbs(), OddMultiples::<N>::WIDTH),
        None => ([0; WNAF_MAX], 0),
    };
    let tp: &[AffineXw] = tp.0.as_ref().map_or(&[], |t| &t[..]);
    let gen = &super::generator_table::GEN_ODD;
    let pick = |t: &[AffineXw], d: i16| {
        let q = t[(d.unsigned_abs() / 2) as usize];
        if d < 0 {
            q.neg()
        } else {
            q
        }
    };
    let mut acc = JacobianXw::NEUTRAL;
    let mut started = false; // doubling the neutral would be wasted work
    for i in (0..ls.max(le)).rev() {
        if started {
            acc = acc.double();
        }
        if ds[i] != 0 {
            acc = acc.add_affine_vartime(&pick(gen, ds[i]));
            started = true;
        }
        if de[i] != 0 {
            acc = acc.add_affine_vartime(&pick(tp, de[i]));
            started = true;
        }
    }
    acc.into_point()
}

#[cfg(test)]
mod tests {
    use super::super::generator_table::GEN_ODD;
    use super::super::scalar;
    use super::*;

    /// Row i of the position-weighted table holds (j + 1)·2⁵ⁱ·G, checked
    /// against multiples built here from G by doublings and additions.
    #[test]
    fn generator_rows_hold_the_weighted_multiples() {
        let rows = generator_rows();
        assert_eq!(rows.len(), DIGITS);
        let mut base = Point::GENERATOR;
        for (i, row) in rows.iter().enumerate() {
            let mut want = Point::NEUTRAL;
            for (j, entry) in row.iter().enumerate() {
                want = want.add(&base);
                let got = Point::NEUTRAL.add_affine(entry);
                assert!(bool::from(got.equals(&want)), "row {i}, entry {j}");
            }
            base = base.double_n(WINDOW);
        }
    }

    /// The exported length is the table's (tablegen writes the table from
    /// it), and the largest digit of a width-13 wNAF, 2¹² − 1, reads the
    /// table's last entry: 4095·G by the Straus loop equals it by the
    /// constant-time path.
    #[test]
    fn the_odd_table_covers_the_largest_wnaf_digit() {
        assert_eq!(GEN_ODD.len(), GEN_ODD_LEN);
        let mut b = [0u8; 40];
        b[..2].copy_from_slice(&4095u16.to_le_bytes());
        let s = scalar::from_bytes_reduced(&b).unwrap();
        let zero = scalar::from_bytes_reduced(&[0u8; 40]).unwrap();
        let got = mul2_vartime(&s, &zero, &Point::GENERATOR);
        assert!(bool::from(got.equals(&mul_g(&s))));
    }
}
