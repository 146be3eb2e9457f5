//! The main loop of the constant-time k·P ([`mul`](super::constant_time::mul))
//! on secp256k1's vector formulas (`point/jacobian4.rs`, AVX-512 IFMA):
//! the same schedule as the portable loop — per digit pair, five doublings
//! and the complete mixed additions of d₁·P and d₂·φ(P) from the
//! effective-affine odd multiples — with a doubling in three rounds of
//! four-lane products instead of seven products, an addition in five
//! instead of twelve.
//!
//! Both tables are one: entry i holds (xᵢ, yᵢ, βxᵢ, yᵢ), the i-th odd
//! multiple of P in lanes 0, 1 and of φ(P) in lanes 2, 3, and one full scan
//! ([`Fe52x4::scan`]) reads d₁'s entry into the first pair of lanes and
//! d₂'s into the second. The signs are applied by mask on lanes 1 and 3.
//!
//! [`glv_odd_digits`] returns `None` only where the CPU has no IFMA (a
//! public fact); every case of the inputs — an accumulator at ∞, P = ±Q in
//! an addition — is handled by the formulas under masks. Constant time in
//! the digits: no branch, no index and no early exit depends on them. The
//! table is built from P, public.

use crate::arith::fe52::Fe52;
use crate::arith::fe52x4::{Fe52x4, Ifma, Mask4};
use crate::point::jacobian4::Affine4;

/// The odd multiples of the constant-time window (width 5).
const ENTRIES: usize = 16;

/// Σ 2^(window·i)·(d1ᵢ·P + d2ᵢ·φ(P)) as Jacobian (X, Y, Z) on the table's
/// curve, or `None` where the CPU has no IFMA or the table is not of the
/// width compiled here (`CurveParams`'s hook).
pub(crate) fn glv_odd_digits(
    table: &[(Fe52, Fe52)],
    d1: &[i8],
    d2: &[i8],
    window: u32,
    beta: &Fe52,
) -> Option<[Fe52; 3]> {
    let ifma = Ifma::detect()?;
    let table: &[(Fe52, Fe52); ENTRIES] = table.try_into().ok()?;
    #[allow(unsafe_code)]
    // SAFETY: `sum` needs AVX-512 IFMA and VL, which `ifma` proves.
    unsafe {
        Some(sum(ifma, table, d1, d2, window, beta))
    }
}

#[target_feature(enable = "avx512ifma,avx512vl")]
fn sum(
    _: Ifma,
    table: &[(Fe52, Fe52); ENTRIES],
    d1: &[i8],
    d2: &[i8],
    window: u32,
    beta: &Fe52,
) -> [Fe52; 3] {
    let both = table.map(|(x, y)| Fe52x4::from_lanes([&x, &y, &(x * *beta), &y]));
    let top = d1.len() - 1;
    let (p, q) = Affine4::split_pair(&select(&both, d1[top], d2[top]));
    let mut acc = p.to_jacobian().add_affine(&q);
    for i in (0..top).rev() {
        for _ in 0..window {
            acc = acc.double();
        }
        let (p, q) = Affine4::split_pair(&select(&both, d1[i], d2[i]));
        acc = acc.add_affine(&p).add_affine(&q);
    }
    let j = acc.to_jacobian();
    [j.x, j.y, j.z]
}

/// d₁·P in lanes 0, 1 and d₂·φ(P) in lanes 2, 3, for odd digits, from the
/// entries (2i + 1)·(P, φ(P)) by one full scan; the signs by mask, as
/// `lookup.rs`'s `select_odd_xy`. Constant time in the digits.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn select(both: &[Fe52x4], d1: i8, d2: i8) -> Fe52x4 {
    let sign = |d: i8| (d as u8) >> 7;
    let pos = |d: i8| {
        let mask = (d >> 7) as u8;
        u64::from(((d as u8) ^ mask).wrapping_add(sign(d)) >> 1)
    };
    let (p1, p2) = (pos(d1), pos(d2));
    let e = Fe52x4::scan(both, [p1, p1, p2, p2]);
    e.select(&e.neg(), Mask4::from_bits([0, sign(d1), 0, sign(d2)]))
}
