//! `LookupTable`: the multiples 1·P … W·P of a point, read only through a
//! full constant-time scan (there is deliberately no `Index` impl).
//!
//! `select(d)` for a signed digit d ∈ [−W, W] touches every entry, keeps the
//! one whose index equals |d| with `conditional_assign`, returns the identity
//! for d = 0, and negates conditionally on the sign of d: no branch and no
//! memory address depends on d. [`scan_xy`] is the scan the constant-time
//! `mul` and comb use, over affine entries: arithmetic masks and an OR of
//! masked limbs; [`select_odd_xy`] reads the odd multiples P, 3P, 5P, … by
//! an odd digit of `glv::split_odd`.

use crate::arith::field::Field;
use crate::point::affine::AffineXY;
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq};

/// W precomputed multiples of a point, selected in constant time.
#[derive(Clone, Copy, Debug)]
pub struct LookupTable<T, const W: usize> {
    entries: [T; W],
}

impl<T, const W: usize> LookupTable<T, W>
where
    T: Copy + ConditionallySelectable + ConditionallyNegatable,
{
    /// Wraps `entries[i] = (i + 1)·P`.
    pub fn new(entries: [T; W]) -> Self {
        LookupTable { entries }
    }

    /// d·P for d ∈ [−W, W], with `identity` for d = 0. Constant time in d.
    pub fn select(&self, d: i8, identity: T) -> T {
        select_from(&self.entries, d, identity)
    }

    /// Variable-time indexed read, only for tests that compare it with `select`.
    pub fn get_vartime(&self, i: usize) -> T {
        self.entries[i]
    }

    /// Applies `f` to every entry (e.g. the GLV endomorphism).
    pub fn map(&self, f: impl Fn(&T) -> T) -> Self {
        let mut entries = self.entries;
        for e in entries.iter_mut() {
            *e = f(e);
        }
        LookupTable { entries }
    }
}

/// The same full scan over borrowed multiples (e.g. a row of a
/// precomputed `static` table), without copying them; every entry of the
/// slice is read whatever d is.
pub fn select_from<T>(entries: &[T], d: i8, identity: T) -> T
where
    T: Copy + ConditionallySelectable + ConditionallyNegatable,
{
    let sign = (d as u8) >> 7;
    let mask = (d >> 7) as u8; // 0x00 or 0xff
    let abs = ((d as u8) ^ mask).wrapping_add(sign);
    let mut r = identity;
    for (i, e) in entries.iter().enumerate() {
        r.conditional_assign(e, abs.ct_eq(&(i as u8 + 1)));
    }
    r.conditional_negate(Choice::from(sign));
    r
}

/// `entries[pos]` read by a full scan, for affine entries (most of the
/// constant-time lookups: 44 per secp256k1 k·G over 32 entries each).
/// Each entry's mask is computed arithmetically — all ones where
/// (pos ⊕ i) − 1 borrows, i.e. i = pos — and passed through `ct::barrier`,
/// and the result is the OR of the masked entries: one AND-OR per limb,
/// vectorised within the entry. The opaque masks keep the optimiser from
/// reasoning about their being one-hot and from vectorising across entries
/// with transposes, which was slower (BENCHMARKS.md, decisions).
/// Every entry is read whatever `pos` is; `pos` must be below the length.
/// Checked by the dudect and valgrind targets `ct_lookup_xy` and `ct_mul_g`.
pub fn scan_xy<F: Field>(entries: &[AffineXY<F>], pos: u8) -> AffineXY<F> {
    let mut r = AffineXY {
        x: F::ZERO,
        y: F::ZERO,
    };
    for (i, e) in entries.iter().enumerate() {
        let diff = u64::from(pos ^ i as u8);
        let mask = crate::ct::barrier((diff.wrapping_sub(1) >> 63).wrapping_neg());
        r.x.or_masked(&e.x, mask);
        r.y.or_masked(&e.y, mask);
    }
    r
}

/// d·P for an odd d ∈ [−(2·len − 1), 2·len − 1] from `entries[i] = (2i + 1)·P`
/// by [`scan_xy`], the sign applied by mask. Constant time in d.
pub fn select_odd_xy<F: Field>(entries: &[AffineXY<F>], d: i8) -> AffineXY<F> {
    let sign = (d as u8) >> 7;
    let mask = (d >> 7) as u8;
    let idx = (((d as u8) ^ mask).wrapping_add(sign)) >> 1;
    let mut r = scan_xy(entries, idx);
    r.conditional_negate(Choice::from(sign));
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::secp256k1::Secp256k1;
    use crate::mul::comb::GeneratorTable;

    /// Every position of a comb row, and every odd digit over eight entries,
    /// read by the scans equals the indexed read (negated for d < 0).
    #[test]
    fn scans_equal_indexed_reads() {
        let e = 1 << (Secp256k1::SHAPE.teeth - 1);
        let row = &Secp256k1::table()[e..2 * e];
        for (i, e) in row.iter().enumerate() {
            let got = scan_xy(row, i as u8);
            assert!(got.x == e.x && got.y == e.y, "position {i}");
        }
        for d in (-15i8..=15).step_by(2) {
            let got = select_odd_xy(&row[..8], d);
            let e = &row[(d.unsigned_abs() / 2) as usize];
            let y = if d < 0 { -e.y } else { e.y };
            assert!(got.x == e.x && got.y == y, "digit {d}");
        }
    }
}
