//! `LookupTable`: the multiples 1·P … W·P of a point, read only through a
//! full constant-time scan (there is deliberately no `Index` impl).
//!
//! `select(d)` for a signed digit d ∈ [−W, W] touches every entry, keeps the
//! one whose index equals |d| with `conditional_assign`, returns the identity
//! for d = 0, and negates conditionally on the sign of d: no branch and no
//! memory address depends on d. [`select_odd`] is the same scan for the odd
//! digits of `glv::recode_odd` over the odd multiples P, 3P, 5P, ….

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

/// `entries[i] = (2i + 1)·P`: d·P for an odd d ∈ [−(2·len − 1), 2·len − 1],
/// every entry read whatever d is, the sign applied by mask. Constant time
/// in d; d must be odd (the odd-digit recoding never yields 0).
pub fn select_odd<T>(entries: &[T], d: i8) -> T
where
    T: Copy + ConditionallySelectable + ConditionallyNegatable,
{
    let sign = (d as u8) >> 7;
    let mask = (d >> 7) as u8;
    let idx = (((d as u8) ^ mask).wrapping_add(sign)) >> 1;
    let mut r = entries[0];
    for (i, e) in entries.iter().enumerate().skip(1) {
        r.conditional_assign(e, idx.ct_eq(&(i as u8)));
    }
    r.conditional_negate(Choice::from(sign));
    r
}
