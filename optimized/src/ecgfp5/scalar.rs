//! Scalars of ECgFp5: integers mod the 319-bit prime n, the generic
//! Montgomery type with five limbs, 40 bytes little-endian on the wire.
//!
//! `from_canonical_bytes` compares against n with a borrow chain (no early
//! exit: Lighter's IsCanonical); `random` samples by masked rejection.

use crate::arith::field::{Field, FieldParams};
use crate::arith::limbs;
use crate::arith::montgomery::Fp;
use subtle::{Choice, ConstantTimeEq, CtOption};

/// The modulus n.
#[derive(Clone, Copy, Debug)]
pub struct OrderParams;
impl FieldParams<5> for OrderParams {
    const MODULUS: [u64; 5] = [
        0xE80FD996948BFFE1,
        0xE8885C39D724A09C,
        0x7FFFFFE6CFB80639,
        0x7FFFFFF100000016,
        0x7FFFFFFD80000007,
    ];
}

/// An ECgFp5 scalar.
pub type Scalar = Fp<OrderParams, 5>;

/// Bit length of n (a test pins it).
pub const NUM_BITS: u32 = 319;

fn le_limbs(bytes: &[u8]) -> [u64; 5] {
    core::array::from_fn(|i| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[8 * i..8 * i + 8]);
        u64::from_le_bytes(w)
    })
}

/// 40 little-endian bytes, any value (< 2³²⁰), reduced mod n; `None` on a wrong length.
pub fn from_bytes_reduced(bytes: &[u8]) -> Option<Scalar> {
    (bytes.len() == 40).then(|| Scalar::from_limbs_reduced(&le_limbs(bytes)))
}

/// 40 little-endian bytes that must encode a value < n (constant-time
/// borrow-chain comparison over all five limbs).
pub fn from_canonical_bytes(bytes: &[u8]) -> CtOption<Scalar> {
    if bytes.len() != 40 {
        return CtOption::new(Scalar::ZERO, Choice::from(0));
    }
    Scalar::from_canonical_limbs(&le_limbs(bytes))
}

/// Whether 40 LE bytes encode a value < n (constant time).
pub fn is_canonical(bytes: &[u8; 40]) -> Choice {
    let borrow = limbs::borrow_of_sub(&le_limbs(bytes), &OrderParams::MODULUS);
    Choice::from(borrow as u8)
}

/// The canonical limbs.
pub fn to_limbs(s: &Scalar) -> [u64; 5] {
    s.to_canonical_limbs()
}

/// 40 bytes, little-endian.
pub fn to_bytes(s: &Scalar) -> [u8; 40] {
    let l = s.to_canonical_limbs();
    let mut out = [0u8; 40];
    for (i, x) in l.iter().enumerate() {
        out[8 * i..8 * i + 8].copy_from_slice(&x.to_le_bytes());
    }
    out
}

/// FromGfp5 (docs/ecgfp5.md §4): the canonical limbs as a 320-bit integer, mod n.
pub fn from_gfp5(e: &super::gfp5::Gfp5) -> Scalar {
    Scalar::from_limbs_reduced(&e.to_u64s())
}

/// The mask applied to each 40-byte draw: n < 2³¹⁹, so keep 319 bits.
pub const RANDOM_MASK_TOP: u8 = 0x7f;

/// A uniform scalar in [1, n) by masked rejection sampling over `getrandom`:
/// draw 40 bytes, clear bit 319, accept iff 0 < v < n (constant-time
/// comparison; a rejection only reveals that a discarded draw was ≥ n).
pub fn random_nonzero() -> Result<Scalar, getrandom::Error> {
    sample_nonzero(getrandom::fill)
}

/// [`random_nonzero`] over any source of 40-byte draws (the tests script
/// one, so that each rejection rule is seen to reject).
fn sample_nonzero<E>(mut fill: impl FnMut(&mut [u8]) -> Result<(), E>) -> Result<Scalar, E> {
    loop {
        let mut b = [0u8; 40];
        fill(&mut b)?;
        b[39] &= RANDOM_MASK_TOP;
        let ok = is_canonical(&b) & !b[..].ct_eq(&[0u8; 40][..]);
        let s = Scalar::from_limbs_reduced(&le_limbs(&b));
        zeroize::Zeroize::zeroize(&mut b);
        if bool::from(ok) {
            return Ok(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sampler's rules, each on a scripted draw: bit 319 is cleared, a
    /// draw ≥ n and the zero draw are rejected, anything else is taken as
    /// it is.
    #[test]
    fn the_sampler_masks_and_rejects_exactly_what_it_must() {
        let n = OrderParams::MODULUS;
        let bytes = |l: [u64; 5]| {
            let mut b = [0u8; 40];
            for (i, x) in l.iter().enumerate() {
                b[8 * i..8 * i + 8].copy_from_slice(&x.to_le_bytes());
            }
            b
        };
        let mut n_minus_1 = n;
        n_minus_1[0] -= 1;
        let mut with_bit_319 = bytes([5, 0, 0, 0, 0]);
        with_bit_319[39] |= 0x80;
        let script = [
            bytes(n),         // n itself: rejected
            [0u8; 40],        // zero: rejected
            [0xff; 40],       // above n even after the mask: rejected
            with_bit_319,     // 5 + 2^319: the mask makes it 5
            bytes(n_minus_1), // never reached
        ];
        let mut draws = script.iter();
        let got = sample_nonzero(|b: &mut [u8]| {
            b.copy_from_slice(draws.next().expect("a draw"));
            Ok::<(), ()>(())
        })
        .expect("a scalar");
        assert_eq!(to_limbs(&got), [5, 0, 0, 0, 0]);
        assert_eq!(draws.len(), 1, "four draws: three rejected, one taken");

        let mut draws = [bytes(n_minus_1)].into_iter();
        let top = sample_nonzero(|b: &mut [u8]| {
            b.copy_from_slice(&draws.next().expect("a draw"));
            Ok::<(), ()>(())
        })
        .expect("a scalar");
        assert_eq!(to_limbs(&top), n_minus_1, "n − 1 is taken as it is");
        assert_eq!(to_bytes(&top), bytes(n_minus_1));
    }

    /// The operating system's draws: non-zero, canonical, and not all alike.
    #[test]
    fn fresh_scalars_are_nonzero_and_differ() {
        let a = random_nonzero().expect("getrandom");
        let b = random_nonzero().expect("getrandom");
        for s in [&a, &b] {
            assert_ne!(to_limbs(s), [0; 5]);
            assert!(bool::from(is_canonical(&to_bytes(s))));
        }
        assert_ne!(to_limbs(&a), to_limbs(&b), "two draws of 319 bits alike");
    }
}
