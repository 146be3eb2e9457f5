//! Scalar recodings for the multiplication loops: signed fixed windows
//! ([`recode`], constant time) and the width-w NAF ([`wnaf_vartime`],
//! public scalars only).
//!
//! `recode` writes a non-negative e < 2^(w·D − 1) as D signed digits
//! dᵢ ∈ [−2^(w−1), 2^(w−1)) with e = Σ dᵢ·2^(wi) (Booth-style: each w-bit
//! window plus the incoming carry, minus 2^w when it reaches 2^(w−1)); the
//! top digit keeps the last carry, so it lies in [0, 2^(w−1)] (docs/ecgfp5.md §4's
//! "recoding caveat": ECgFp5's n − 1 has a top window of 15 plus a carry).
//! Only shifts by public amounts and arithmetic on the digits: constant time.

/// The most digits any recoding here produces (ECgFp5: w = 5, 319 bits: 64).
pub const MAX_DIGITS: usize = 64;

/// The w bits of `e` starting at bit `pos` (public position; w < 64):
/// the limb there and the next one, as one 128-bit number, shifted down.
pub(crate) fn bits_at(e: &[u64], pos: u32, w: u32) -> u64 {
    let li = (pos / 64) as usize;
    let limb = |i: usize| u128::from(e.get(i).copied().unwrap_or(0));
    let two = limb(li) + (limb(li + 1) << 64);
    (two >> (pos % 64)) as u64 & ((1u64 << w) - 1)
}

/// Signed radix-2^w recoding of `e` into `digits` digits (see the module doc).
pub fn recode(e: &[u64], w: u32, digits: usize) -> [i8; MAX_DIGITS] {
    let mut out = [0i8; MAX_DIGITS];
    let mut carry = 0u64;
    for (i, d) in out.iter_mut().enumerate().take(digits) {
        let v = bits_at(e, w * i as u32, w) + carry;
        // The top digit keeps the final carry (it may reach 2^(w−1)).
        carry = if i + 1 == digits {
            0
        } else {
            (v + (1 << (w - 1))) >> w
        };
        *d = (v as i64 - (carry << w) as i64) as i8;
    }
    out
}

/// How many odd digits of width w cover a value below 2^bits.
pub const fn odd_digits_for(bits: u32, w: u32) -> usize {
    bits.div_ceil(w) as usize
}

/// How many digits of width w cover a value below 2^bits (one spare for the carry).
pub const fn digits_for(bits: u32, w: u32) -> usize {
    (bits / w + 1) as usize
}

/// Length of a [`wnaf_vartime`] output: enough for 5 limbs (ECgFp5's
/// 320-bit scalars) and the carry out of the top.
pub const WNAF_MAX: usize = 5 * 64 + 4;

/// Width-w NAF of a public value (variable time): digits odd or zero, in
/// (−2^(w−1), 2^(w−1)), at most one non-zero in any w consecutive; returns
/// the digits (least significant first) and how many are used. `L ≤ 5`,
/// `2 ≤ w ≤ 14`. Runs of zeros are skipped a word at a time.
pub fn wnaf_vartime<const L: usize>(e: &[u64; L], w: u32) -> ([i16; WNAF_MAX], usize) {
    debug_assert!(L <= 5 && (2..=14).contains(&w));
    let mut out = [0i16; WNAF_MAX];
    // One spare limb takes the carry when a negative digit rounds k up.
    let mut k = [0u64; 6];
    k[..L].copy_from_slice(e);
    let (mut i, mut len) = (0usize, 0usize);
    while let Some(j) = k.iter().position(|&l| l != 0) {
        let tz = 64 * j as u32 + k[j].trailing_zeros();
        shift_right(&mut k, tz);
        i += tz as usize;
        // m is odd: k's lowest set bit is bit 0 now.
        let m = k[0] & ((1 << w) - 1);
        let negative = m >= 1 << (w - 1);
        let d = m as i64 - if negative { 1 << w } else { 0 };
        out[i] = d as i16;
        len = i + 1;
        // k − d ≡ 0 mod 2^w, so the next w − 1 digits are zero. A positive
        // d is k's low w bits, which the shift below drops; a negative one
        // is k + (2^w − m), which may carry.
        if negative {
            let mut carry = (1 << w) - m;
            for l in k.iter_mut() {
                let (s, c) = l.overflowing_add(carry);
                *l = s;
                carry = c as u64;
            }
        }
        shift_right(&mut k, w);
        i += w as usize;
    }
    (out, len)
}

/// k >>= s on six limbs (any s).
fn shift_right(k: &mut [u64; 6], s: u32) {
    let (words, bits) = ((s / 64) as usize, s % 64);
    for j in 0..6 {
        let lo = k.get(j + words).copied().unwrap_or(0);
        let hi = k.get(j + words + 1).copied().unwrap_or(0);
        k[j] = if bits == 0 {
            lo
        } else {
            (lo >> bits) | (hi << (64 - bits))
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Σ dᵢ·2ⁱ mod 2³⁸⁴ by Horner's rule, on six limbs.
    fn eval(d: &[i16]) -> [u64; 6] {
        let mut acc = [0u64; 6];
        for &di in d.iter().rev() {
            let mut c = 0;
            for l in acc.iter_mut() {
                let n = (*l >> 63) & 1;
                *l = (*l << 1) | c;
                c = n;
            }
            let add = if di >= 0 {
                di as u64
            } else {
                (-(di as i64)) as u64
            };
            let mut carry = add;
            for l in acc.iter_mut() {
                let (s, o) = if di >= 0 {
                    l.overflowing_add(carry)
                } else {
                    l.overflowing_sub(carry)
                };
                *l = s;
                carry = o as u64;
            }
        }
        acc
    }

    #[test]
    fn wnaf_reconstructs_and_is_sparse() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut cases: Vec<[u64; 5]> = vec![[0; 5], [1, 0, 0, 0, 0], [u64::MAX; 5]];
        for _ in 0..500 {
            cases.push([next(), next(), next(), next(), next() >> (next() % 64)]);
        }
        for e in cases {
            for w in [2u32, 4, 5, 6, 8, 10, 12, 14] {
                let (d, len) = wnaf_vartime(&e, w);
                let mut want = [0u64; 6];
                want[..5].copy_from_slice(&e);
                assert_eq!(eval(&d[..len]), want, "w = {w}, e = {e:?}");
                assert!(d[len..].iter().all(|&x| x == 0));
                let mut last: Option<usize> = None;
                for (i, &di) in d[..len].iter().enumerate() {
                    if di != 0 {
                        assert!(di % 2 != 0 && (di as i32).abs() < 1 << (w - 1));
                        if let Some(j) = last {
                            assert!(i - j >= w as usize, "two digits closer than w");
                        }
                        last = Some(i);
                    }
                }
            }
        }
    }
}
