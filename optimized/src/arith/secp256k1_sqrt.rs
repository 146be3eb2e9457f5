//! The square root in secp256k1's base field by libsecp256k1's addition
//! chain, shared by the 5 × 52 field and the Montgomery field over the same
//! prime.
//!
//! Constant time on constant-time fields (a fixed chain of squarings and
//! products); variable time on [`Vartime`](super::vartime::Vartime).

use super::field::Field;

/// c in secp256k1's p = 2²⁵⁶ − c: the Montgomery field over that prime
/// (recognised by it) takes this square root too.
pub(crate) const C: u64 = (1 << 32) + 977;

/// a^((p + 1)/4) for secp256k1's p, by libsecp256k1's addition chain over
/// the blocks x_k = a^(2^k − 1): 253 squarings and 13 multiplications where
/// fixed 4-bit windows take 256 and 64. Generic so that the variable-time
/// square root runs it on [`Vartime`](super::vartime::Vartime); constant time on constant-time fields.
pub(crate) fn sqrt<F: Field>(a: F) -> F {
    let sq = |x: F, n: u32| (0..n).fold(x, |y, _| y.square());
    let x2 = a.square() * a;
    let x3 = x2.square() * a;
    let x6 = sq(x3, 3) * x3;
    let x9 = sq(x6, 3) * x3;
    let x11 = sq(x9, 2) * x2;
    let x22 = sq(x11, 11) * x11;
    let x44 = sq(x22, 22) * x22;
    let x88 = sq(x44, 44) * x44;
    let x176 = sq(x88, 88) * x88;
    let x220 = sq(x176, 44) * x44;
    let x223 = sq(x220, 3) * x3;
    let t = sq(x223, 23) * x22;
    // The exponent: (2²²³ − 1)·2²³ + 2²² − 1 = t, then
    // (p + 1)/4 = (t·2⁶ + 3)·2².
    sq(sq(t, 6) * x2, 2)
}
