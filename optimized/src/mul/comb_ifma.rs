//! The constant-time comb of k·G (`comb.rs`) on secp256k1's vector
//! formulas (`point/jacobian4.rs`, AVX-512 IFMA): the same digits, the same
//! table and the same full-scan lookups, the same first entry at Z = z;
//! each complete mixed addition in five rounds of four-lane products
//! instead of twelve products, each doubling (where the comb's spacing
//! is above 1) in three instead of seven.
//!
//! [`comb`] returns `None` only where the CPU has no IFMA (a public fact).
//! Constant time in the digits and in z: every lookup scans its whole
//! block, the sign is a masked negation, and every special case of the
//! addition (the accumulator at ∞, an entry equal to ± the accumulator) is
//! chosen by mask in `Jacobian4::add_affine`.

use super::comb::{block_entry, select, CombShape};
use crate::arith::fe52::Fe52;
use crate::arith::fe52x4::Ifma;
use crate::point::affine::AffineXY;
use crate::point::jacobian::Jacobian;
use crate::point::jacobian4::{Affine4, Jacobian4};
use subtle::Choice;

/// Σ sᵢ2ⁱ·G for the comb digits `d` (`comb::comb_digits`) over `table` of
/// shape `sh`, the first entry at Z = z, as Jacobian (X, Y, Z), or `None`
/// where the CPU has no IFMA.
pub(crate) fn comb(
    table: &[AffineXY<Fe52>],
    d: &[u64; 4],
    sh: CombShape,
    z: &Fe52,
) -> Option<[Fe52; 3]> {
    let ifma = Ifma::detect()?;
    #[allow(unsafe_code)]
    // SAFETY: `sum` needs AVX-512 IFMA and VL, which `ifma` proves.
    unsafe {
        Some(sum(ifma, table, d, sh, z))
    }
}

#[target_feature(enable = "avx512ifma,avx512vl")]
fn sum(_: Ifma, table: &[AffineXY<Fe52>], d: &[u64; 4], sh: CombShape, z: &Fe52) -> [Fe52; 3] {
    let e = 1usize << (sh.teeth - 1);
    let entry = |j: usize, c: usize| {
        let (pos, flip) = block_entry(d, j, c, sh);
        select(&table[j * e..(j + 1) * e], pos, Choice::from(flip as u8))
    };
    let top = sh.spacing - 1;
    let first = entry(0, top);
    let mut acc = Jacobian4::from_jacobian(&Jacobian::from_affine_scaled(&first.x, &first.y, z));
    for c in (0..sh.spacing).rev() {
        let from = if c == top { 1 } else { 0 };
        for j in from..sh.blocks {
            let q = entry(j, c);
            acc = acc.add_affine(&Affine4::new(&q.x, &q.y));
        }
        if c != 0 {
            acc = acc.double();
        }
    }
    let j = acc.to_jacobian();
    [j.x, j.y, j.z]
}
